// Time warnings (D.2.6): due once per side and period, at the thresholds the player chose.
#include "core/clock_warnings.h"

#include <gtest/gtest.h>

namespace annabella::core {
namespace clock_warnings_test {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;

ClockInstant at_s(long long s) {
  return ClockInstant{} + seconds(s);
}

ChessClock clock_for(const char* control) {
  auto tc = read_time_control(control);
  EXPECT_TRUE(tc);
  return ChessClock(tc ? *tc : TimeControl{});
}

WarningThresholds thresholds_10_5_1(std::vector<int> moves = {}) {
  WarningThresholds t;
  t.time_left = {minutes(1), minutes(10), minutes(5)};  // any order
  t.moves_to_time_control = std::move(moves);
  return t;
}

std::vector<long long> minutes_of(const std::vector<ClockWarning>& warnings) {
  std::vector<long long> out;
  for (const auto& w : warnings)
    if (w.kind == ClockWarning::Kind::TimeLeft)
      out.push_back(std::chrono::duration_cast<minutes>(w.threshold).count());
  return out;
}

TEST(ClockWarnings, EachTimeThresholdOnceAsTheClockRunsDown) {
  ChessClock clock = clock_for("15 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  ClockWarnings warnings(thresholds_10_5_1());
  EXPECT_TRUE(warnings.due(clock.reading(at_s(0))).empty());
  // The next warning is due when White's clock reaches 10:00.
  EXPECT_EQ(warnings.next_due(clock.reading(at_s(0))), at_s(5 * 60));
  EXPECT_TRUE(warnings.due(clock.reading(at_s(5 * 60 - 1))).empty());
  const auto ten = warnings.due(clock.reading(at_s(5 * 60)));
  ASSERT_EQ(ten.size(), 1u);
  EXPECT_EQ(ten[0].side, WHITE);
  EXPECT_EQ(ten[0].threshold, minutes(10));
  EXPECT_EQ(ten[0].remaining, minutes(10));
  EXPECT_TRUE(warnings.due(clock.reading(at_s(5 * 60 + 1))).empty());  // once only
  EXPECT_EQ(warnings.next_due(clock.reading(at_s(5 * 60 + 1))), at_s(10 * 60));
  EXPECT_EQ(minutes_of(warnings.due(clock.reading(at_s(10 * 60 + 30)))),
            (std::vector<long long>{5}));
  EXPECT_EQ(minutes_of(warnings.due(clock.reading(at_s(14 * 60)))), (std::vector<long long>{1}));
  EXPECT_FALSE(warnings.next_due(clock.reading(at_s(14 * 60))));
}

TEST(ClockWarnings, AJumpPastSeveralThresholdsSaysOnlyTheLowest) {
  ChessClock clock = clock_for("15 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  ClockWarnings warnings(thresholds_10_5_1());
  EXPECT_TRUE(warnings.due(clock.reading(at_s(0))).empty());
  EXPECT_EQ(minutes_of(warnings.due(clock.reading(at_s(12 * 60)))), (std::vector<long long>{5}));
  EXPECT_TRUE(warnings.due(clock.reading(at_s(12 * 60 + 1))).empty());
}

TEST(ClockWarnings, AThresholdAboveTheStartingTimeNeverFires) {
  ChessClock clock = clock_for("3+2");
  ASSERT_TRUE(clock.start(at_s(0)));
  ClockWarnings warnings(thresholds_10_5_1());
  EXPECT_TRUE(warnings.due(clock.reading(at_s(0))).empty());
  EXPECT_EQ(minutes_of(warnings.due(clock.reading(at_s(150)))), (std::vector<long long>{1}));
}

TEST(ClockWarnings, OnlyTheChosenSide) {
  ChessClock clock = clock_for("15 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.press(WHITE, at_s(1)));
  WarningThresholds t = thresholds_10_5_1();
  t.sides = {true, false};  // the VI player has White
  ClockWarnings warnings(t);
  EXPECT_TRUE(warnings.due(clock.reading(at_s(1))).empty());
  EXPECT_TRUE(warnings.due(clock.reading(at_s(14 * 60))).empty());  // Black's time runs down
  EXPECT_FALSE(warnings.next_due(clock.reading(at_s(14 * 60))));
}

TEST(ClockWarnings, MovesToTheTimeControlAndANewPeriodArmsAgain) {
  ChessClock clock = clock_for("20 min/8 moves + 20 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  WarningThresholds t = thresholds_10_5_1({5, 1});
  t.time_left = {minutes(15)};
  t.sides = {true, false};
  ClockWarnings warnings(t);
  std::vector<int> moves_said;
  std::vector<int> time_said;
  long long s = 0;
  for (int move = 1; move <= 10; ++move) {
    s += 60;
    ASSERT_TRUE(clock.press(WHITE, at_s(s)));
    for (const auto& w : warnings.due(clock.reading(at_s(s)))) {
      if (w.kind == ClockWarning::Kind::MovesToTimeControl) moves_said.push_back(move);
      if (w.kind == ClockWarning::Kind::TimeLeft) time_said.push_back(move);
    }
    s += 1;
    ASSERT_TRUE(clock.press(BLACK, at_s(s)));
  }
  // After move 3, five moves remain to move 8; after move 7, one.
  EXPECT_EQ(moves_said, (std::vector<int>{3, 7}));
  // 15 minutes left after move 5 (20 - 5); time added at move 8 (25 min) arms it again; move 18
  // is not reached, so it fires once.
  EXPECT_EQ(time_said, (std::vector<int>{5}));
}

TEST(ClockWarnings, ASimpleDelayPostponesTheNextWarning) {
  ChessClock clock = clock_for("G/11 d5");
  ASSERT_TRUE(clock.start(at_s(0)));
  WarningThresholds t;
  t.time_left = {minutes(10)};
  ClockWarnings warnings(t);
  EXPECT_TRUE(warnings.due(clock.reading(at_s(0))).empty());
  EXPECT_EQ(warnings.next_due(clock.reading(at_s(0))), at_s(65));
  EXPECT_EQ(warnings.next_due(clock.reading(at_s(30))), at_s(65));
}

TEST(ClockWarnings, NoThresholdsNoWarnings) {
  ChessClock clock = clock_for("1 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  ClockWarnings warnings(WarningThresholds{});
  EXPECT_TRUE(warnings.thresholds().empty());
  EXPECT_TRUE(warnings.due(clock.reading(at_s(59))).empty());
  EXPECT_FALSE(warnings.next_due(clock.reading(at_s(0))));
}

}  // namespace
}  // namespace clock_warnings_test
}  // namespace annabella::core
