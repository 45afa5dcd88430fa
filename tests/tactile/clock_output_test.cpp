// The clock output worker and the braille clock line (no device: a recording display).
#include "tactile/clock_output.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>

namespace annabella::tactile {
namespace clock_output_test {
namespace {

using std::chrono::milliseconds;
using std::chrono::seconds;

core::ClockInstant at_s(double s) {
  return core::ClockInstant{} + milliseconds(static_cast<long long>(s * 1000));
}

core::ChessClock started(const char* control, core::ClockInstant start) {
  core::ChessClock clock(*core::read_time_control(control));
  EXPECT_TRUE(clock.start(start));
  return clock;
}

TEST(ClockLine, OwnSideFirstRunningMarkedMoveNumber) {
  core::ChessClock clock = started("90+30", at_s(0));
  ASSERT_TRUE(clock.press(core::WHITE, at_s(10)));
  const auto r = clock.reading(at_s(15));
  EXPECT_EQ(clock_line(r, core::WHITE, 40), "W 1:30:20 B 1:29:55* move 1");
  EXPECT_EQ(clock_line(r, core::BLACK, 40), "B 1:29:55* W 1:30:20 move 1");
  EXPECT_EQ(clock_line(r, core::BLACK, 20), "B1:29:55* W1:30:20 1");
  EXPECT_EQ(clock_line(r, core::BLACK, 12), "B1:29:55* W1");
  ASSERT_TRUE(clock.press(core::BLACK, at_s(20)));
  EXPECT_EQ(clock_line(clock.reading(at_s(20)), core::WHITE, 40), "W 1:30:20* B 1:30:20 move 2");
  ASSERT_TRUE(clock.pause(at_s(21)));
  EXPECT_EQ(clock_line(clock.reading(at_s(30)), core::WHITE, 40),
            "W 1:30:19 B 1:30:20 move 2 paused");
}

TEST(ClockLine, FlagReplacesATimeThatRanOut) {
  core::ChessClock clock = started("1 min", at_s(0));
  EXPECT_EQ(clock_line(clock.reading(at_s(61)), core::BLACK, 40), "B 0:01:00 W flag* move 1");
}

// Tester D2: the clock line in the player's words (here Macedonian's), its width counted in
// characters, not bytes (a Cyrillic letter is two).
TEST(ClockLine, InThePlayersWordsWidthInCharacters) {
  const ClockLineWords mk{.white = "Б",
                          .black = "Ц",
                          .move = "потег",
                          .flag = "знаменце",
                          .paused = "запрен",
                          .paused_letter = "З"};
  core::ChessClock clock = started("90+30", at_s(0));
  ASSERT_TRUE(clock.press(core::WHITE, at_s(10)));
  const auto r = clock.reading(at_s(15));
  EXPECT_EQ(clock_line(r, core::WHITE, 40, mk), "Б 1:30:20 Ц 1:29:55* потег 1");
  EXPECT_EQ(clock_line(r, core::WHITE, 28, mk), "Б 1:30:20 Ц 1:29:55* потег 1");  // 28 letters
  EXPECT_EQ(clock_line(r, core::WHITE, 27, mk), "Б1:30:20 Ц1:29:55* 1");
  EXPECT_EQ(clock_line(r, core::WHITE, 12, mk), "Б1:30:20 Ц1:");
  ASSERT_TRUE(clock.pause(at_s(21)));
  EXPECT_EQ(clock_line(clock.reading(at_s(30)), core::BLACK, 40, mk),
            "Ц 1:29:49 Б 1:30:20 потег 1 запрен");
  core::ChessClock blitz = started("1 min", at_s(0));
  EXPECT_EQ(clock_line(blitz.reading(at_s(61)), core::BLACK, 40, mk),
            "Ц 0:01:00 Б знаменце* потег 1");
}

TEST(NextSecond, WhenTheDisplayedSecondChanges) {
  core::ChessClock clock = started("1 min", at_s(0));
  // At 0.25 s White shows 0:00:59 (59.75 s left); 0:00:58 just after 1 s (59 s left).
  const auto r = clock.reading(at_s(0.25));
  EXPECT_EQ(next_second(r), at_s(1) + core::ClockDuration(1));
  const auto delayed = started("G/1 d5", at_s(0)).reading(at_s(2));
  EXPECT_EQ(next_second(delayed), at_s(5) + core::ClockDuration(1));  // the delay runs first
  EXPECT_FALSE(next_second(clock.reading(at_s(60))));                 // flag: no more seconds
}

// A display that records what it was shown.
class RecordingDisplay : public ClockDisplay {
 public:
  struct Shown {
    core::ClockReading reading;
    ClockShowReason why;
  };
  void show(const core::ClockReading& reading, ClockShowReason why) override {
    std::lock_guard lock(mutex_);
    shown_.push_back({reading, why});
    changed_.notify_all();
  }
  std::optional<core::ClockInstant> next_update(const core::ClockReading& reading) override {
    return ticks_ ? next_second(reading) : std::nullopt;
  }
  // Waits until `count` readings were shown (a generous limit; never a timing assertion).
  std::vector<Shown> wait_for(std::size_t count) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, seconds(10), [&] { return shown_.size() >= count; });
    return shown_;
  }
  bool ticks_ = false;

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Shown> shown_;
};

// The displays of a worker: one recording display, also returned through `recorder`.
std::vector<std::unique_ptr<ClockDisplay>> recording(RecordingDisplay*& recorder,
                                                     bool ticks = false) {
  auto display = std::make_unique<RecordingDisplay>();
  display->ticks_ = ticks;
  recorder = display.get();
  std::vector<std::unique_ptr<ClockDisplay>> displays;
  displays.push_back(std::move(display));
  return displays;
}

TEST(ClockOutputWorker, ShowsEachPostedReadingOffTheGameThread) {
  RecordingDisplay* recorder = nullptr;
  ClockOutputWorker worker(recording(recorder));
  core::ChessClock clock = started("5 min", at_s(0));
  worker.post(clock.reading(at_s(0)));
  auto shown = recorder->wait_for(1);
  ASSERT_GE(shown.size(), 1u);
  EXPECT_EQ(shown[0].why, ClockShowReason::Event);
  EXPECT_EQ(shown[0].reading.time, at_s(0));
  ASSERT_TRUE(clock.press(core::WHITE, at_s(3)));
  worker.post(clock.reading(at_s(3)), ClockShowReason::Query);
  shown = recorder->wait_for(2);
  ASSERT_GE(shown.size(), 2u);
  EXPECT_EQ(shown.back().why, ClockShowReason::Query);
  EXPECT_EQ(shown.back().reading.moves_completed[core::WHITE], 1);
  worker.stop();
  worker.post(clock.reading(at_s(4)));  // ignored after stop
  EXPECT_EQ(recorder->wait_for(2).size(), 2u);
}

TEST(ClockOutputWorker, ReadingsPostedTogetherAreShownInOrder) {
  RecordingDisplay* recorder = nullptr;
  ClockOutputWorker worker(recording(recorder));
  core::ChessClock clock = started("5 min", at_s(0));
  std::vector<core::ClockReading> posted;
  for (int ply = 1; ply <= 10; ++ply) {
    ASSERT_TRUE(clock.press(ply % 2 ? core::WHITE : core::BLACK, at_s(ply)));
    posted.push_back(clock.reading(at_s(ply)));
    worker.post(posted.back());
  }
  const auto shown = recorder->wait_for(10);
  worker.stop();
  ASSERT_EQ(shown.size(), 10u);
  for (std::size_t i = 0; i < shown.size(); ++i) {
    EXPECT_EQ(shown[i].reading.time, posted[i].time);
    EXPECT_EQ(shown[i].reading.remaining, posted[i].remaining);
  }
}

// A display stuck on its first reading until released (a serial write timing out).
class StuckDisplay : public RecordingDisplay {
 public:
  void show(const core::ClockReading& reading, ClockShowReason why) override {
    RecordingDisplay::show(reading, why);
    std::unique_lock lock(mutex_);
    released_.wait(lock, [&] { return released; });
  }
  void release() {
    std::lock_guard lock(mutex_);
    released = true;
    released_.notify_all();
  }

 private:
  std::mutex mutex_;
  std::condition_variable released_;
  bool released = false;
};

TEST(ClockOutputWorker, RepeatedTimeRequestsDoNotPileUpBehindASlowDevice) {
  auto display = std::make_unique<StuckDisplay>();
  StuckDisplay* stuck = display.get();
  std::vector<std::unique_ptr<ClockDisplay>> displays;
  displays.push_back(std::move(display));
  ClockOutputWorker worker(std::move(displays));
  core::ChessClock clock = started("5 min", at_s(0));
  worker.post(clock.reading(at_s(0)));
  ASSERT_EQ(stuck->wait_for(1).size(), 1u);  // the worker is now stuck in show()
  for (int i = 1; i <= 500; ++i) worker.post(clock.reading(at_s(i)), ClockShowReason::Query);
  stuck->release();
  const auto shown = stuck->wait_for(2);
  worker.stop();
  ASSERT_EQ(shown.size(), 2u);
  EXPECT_EQ(shown[1].why, ClockShowReason::Query);
  EXPECT_EQ(shown[1].reading.time, at_s(500));  // answered with the newest reading
}

TEST(ClockOutputWorker, TicksAreTheEventReadingProjectedForward) {
  RecordingDisplay* recorder = nullptr;
  ClockOutputWorker worker(recording(recorder, true));
  const auto start = std::chrono::steady_clock::now();
  core::ChessClock clock = started("5 min", start);
  const auto event = clock.reading(start);
  worker.post(event);
  const auto shown = recorder->wait_for(3);
  worker.stop();
  ASSERT_GE(shown.size(), 3u);
  for (std::size_t i = 1; i < shown.size(); ++i) {
    EXPECT_EQ(shown[i].why, ClockShowReason::Tick);
    // Charged from the event's own time stamp: exactly the clock's time at the tick's instant.
    EXPECT_EQ(shown[i].reading.remaining, clock.reading(shown[i].reading.time).remaining);
    EXPECT_GT(shown[i].reading.time, shown[i - 1].reading.time);
  }
}

}  // namespace
}  // namespace clock_output_test
}  // namespace annabella::tactile

namespace annabella::tactile {
namespace clock_output_test {
namespace {

TEST(FlagAlarm, ReportsTheFlagWithTheInstantItFell) {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::pair<core::Color, core::ClockInstant>> flags;
  std::vector<std::unique_ptr<ClockDisplay>> displays;
  displays.push_back(std::make_unique<FlagAlarm>([&](core::Color side, core::ClockInstant fell) {
    std::lock_guard lock(mutex);
    flags.emplace_back(side, fell);
    changed.notify_all();
  }));
  ClockOutputWorker worker(std::move(displays));
  // White has 30 ms left and his clock runs.
  core::ChessClock clock(*core::read_time_control("1 min"));
  const auto now = std::chrono::steady_clock::now();
  ASSERT_TRUE(clock.start(now));
  ASSERT_TRUE(clock.set_remaining(core::WHITE, milliseconds(30), now, "test"));
  worker.post(clock.reading(now));
  std::unique_lock lock(mutex);
  changed.wait_for(lock, seconds(10), [&] { return !flags.empty(); });
  ASSERT_EQ(flags.size(), 1u);
  EXPECT_EQ(flags[0].first, core::WHITE);
  EXPECT_EQ(flags[0].second, now + milliseconds(30));  // charged from the event's time stamp
  lock.unlock();
  worker.stop();
}

TEST(FlagAlarm, AFlagAlreadyDownIsReportedOnce) {
  std::vector<core::Color> flags;
  FlagAlarm alarm([&](core::Color side, core::ClockInstant) { flags.push_back(side); });
  core::ChessClock clock(*core::read_time_control("1 min"));
  ASSERT_TRUE(clock.start(at_s(0)));
  alarm.show(clock.reading(at_s(61)), ClockShowReason::Event);
  alarm.show(clock.reading(at_s(62)), ClockShowReason::Event);
  EXPECT_EQ(flags, (std::vector<core::Color>{core::WHITE}));
  EXPECT_FALSE(alarm.next_update(clock.reading(at_s(62))));
}

}  // namespace
}  // namespace clock_output_test
}  // namespace annabella::tactile
