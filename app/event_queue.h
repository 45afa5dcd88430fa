// The game thread's inbox: device threads (board reader, console reader, tactile clock) push
// timestamped events; the one thread that owns the game pops them in order. Pushing never
// blocks on the game; popping waits until an event arrives or a deadline passes (no polling).
#pragma once

#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

namespace annabella::app {

template <typename Event>
class EventQueue {
 public:
  using Clock = std::chrono::steady_clock;

  void push(Event event) {
    {
      std::lock_guard lock(mutex_);
      events_.push_back(std::move(event));
    }
    ready_.notify_one();
  }

  // The next event, waiting until `deadline` at most (nullopt when it passed first, or after
  // close() once the queue is empty).
  std::optional<Event> pop_until(std::optional<Clock::time_point> deadline) {
    std::unique_lock lock(mutex_);
    const auto has_event = [&] { return !events_.empty() || closed_; };
    if (deadline) {
      if (!ready_.wait_until(lock, *deadline, has_event)) return std::nullopt;
    } else {
      ready_.wait(lock, has_event);
    }
    if (events_.empty()) return std::nullopt;
    Event event = std::move(events_.front());
    events_.pop_front();
    return event;
  }

  // Wakes the reader for good (shutdown); events already queued are still delivered.
  void close() {
    {
      std::lock_guard lock(mutex_);
      closed_ = true;
    }
    ready_.notify_all();
  }
  bool closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
  }

 private:
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Event> events_;
  bool closed_ = false;
};

}  // namespace annabella::app
