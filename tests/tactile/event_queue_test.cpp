// The one event queue template (tactile/event_queue.h): the station's inbox and the board
// reader's inputs both use it.
#include "tactile/event_queue.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

namespace annabella::tactile {
namespace event_queue_test {
namespace {

using namespace std::chrono_literals;
using Queue = EventQueue<std::string>;

TEST(EventQueue, PopsInOrderAndTimesOutWhenEmpty) {
  Queue queue;
  queue.push("first");
  queue.push("second");
  EXPECT_EQ(queue.pop_until(Queue::Clock::now()), "first");
  EXPECT_EQ(queue.pop_until(std::nullopt), "second");
  // Nothing queued: a deadline already passed gives nothing at once; a near one after waiting.
  EXPECT_EQ(queue.pop_until(Queue::Clock::now() - 1s), std::nullopt);
  const auto before = Queue::Clock::now();
  EXPECT_EQ(queue.pop_until(before + 30ms), std::nullopt);
  EXPECT_GE(Queue::Clock::now() - before, 30ms);
  EXPECT_FALSE(queue.closed());
}

TEST(EventQueue, AnEventFromAnotherThreadWakesTheWaiter) {
  Queue queue;
  std::thread device([&] {
    std::this_thread::sleep_for(20ms);
    queue.sink()("pressed");
  });
  EXPECT_EQ(queue.pop_until(std::nullopt), "pressed");
  device.join();
}

TEST(EventQueue, CloseWakesAWaiterForGoodAndQueuedEventsStillCome) {
  Queue queue;
  std::thread closer([&] {
    std::this_thread::sleep_for(20ms);
    queue.close();
  });
  EXPECT_EQ(queue.pop_until(std::nullopt), std::nullopt);  // woken without an event
  closer.join();
  EXPECT_TRUE(queue.closed());
  queue.push("late");
  EXPECT_EQ(queue.pop_until(std::nullopt), "late");  // still delivered after close
  EXPECT_EQ(queue.pop_until(std::nullopt), std::nullopt);
  std::vector<std::string> out;
  EXPECT_FALSE(queue.wait_take(out, std::nullopt));  // closed and empty
  EXPECT_TRUE(out.empty());
}

TEST(EventQueue, WaitTakeMovesEverythingQueuedInOrder) {
  Queue queue;
  queue.push("a");
  queue.push("b");
  std::vector<std::string> out;
  EXPECT_TRUE(queue.wait_take(out, Queue::Clock::now()));
  EXPECT_EQ(out, (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(queue.wait_take(out, Queue::Clock::now()));  // open: nothing more, still true
  EXPECT_EQ(out.size(), 2u);
}

}  // namespace
}  // namespace event_queue_test
}  // namespace annabella::tactile
