// The chess clock (Art. 6, D.2.4, D.2.9): every kind of time control, period boundaries,
// increments and delays, both flags, Art. 6.9, pauses, adjustments and the clock log.
#include "core/clock.h"

#include <gtest/gtest.h>

namespace annabella::core {
namespace clock_test {
namespace {

using std::chrono::milliseconds;
using std::chrono::minutes;
using std::chrono::seconds;

ClockInstant at(milliseconds since_start) {
  return ClockInstant{} + since_start;
}
ClockInstant at_s(double s) {
  return at(milliseconds(static_cast<long long>(s * 1000)));
}

ChessClock clock_for(const char* control) {
  auto tc = read_time_control(control);
  EXPECT_TRUE(tc) << control << ": " << (tc ? -1 : static_cast<int>(tc.error().kind));
  return ChessClock(tc ? *tc : TimeControl{});
}

// One press: at `seconds` since the start, by `side`; then both times expected (ms).
struct Press {
  double seconds;
  Color side;
  long long white_ms;
  long long black_ms;
  bool period_change = false;
};

struct ClockCase {
  const char* name;
  const char* control;
  std::vector<Press> presses;
};

class ClockTable : public ::testing::TestWithParam<ClockCase> {};

TEST_P(ClockTable, TimesAfterEachPress) {
  const ClockCase& c = GetParam();
  ChessClock clock = clock_for(c.control);
  ASSERT_TRUE(clock.start(at_s(0)));
  int ply = 0;
  for (const Press& p : c.presses) {
    auto entry = clock.press(p.side, at_s(p.seconds));
    ASSERT_TRUE(entry) << c.name << " at " << p.seconds << ": refused, kind "
                       << static_cast<int>(entry.error().kind);
    ++ply;
    EXPECT_EQ(entry->remaining[WHITE], milliseconds(p.white_ms)) << c.name << " ply " << ply;
    EXPECT_EQ(entry->remaining[BLACK], milliseconds(p.black_ms)) << c.name << " ply " << ply;
    EXPECT_EQ(entry->period_change, p.period_change) << c.name << " ply " << ply;
    EXPECT_EQ(entry->ply, ply);
    const auto times = clock.times_at_ply(ply);
    ASSERT_TRUE(times);
    EXPECT_EQ(times->remaining, entry->remaining);
  }
}

constexpr long long kMin = 60'000;
constexpr long long kS = 1'000;

INSTANTIATE_TEST_SUITE_P(
    EveryKind, ClockTable,
    ::testing::Values(
        ClockCase{"SuddenDeath",
                  "60 min",
                  {{10, WHITE, 60 * kMin - 10 * kS, 60 * kMin},
                   {25, BLACK, 60 * kMin - 10 * kS, 60 * kMin - 15 * kS},
                   {25.5, WHITE, 60 * kMin - 10'500, 60 * kMin - 15 * kS}}},
        ClockCase{"FischerFromMove1",
                  "3+2",
                  {{10, WHITE, 3 * kMin - 10 * kS + 2 * kS, 3 * kMin},
                   {11, BLACK, 3 * kMin - 8 * kS, 3 * kMin + 1 * kS}}},
        ClockCase{"SimpleDelayInsideAndBeyond",
                  "G/60 d5",
                  {{3, WHITE, 60 * kMin, 60 * kMin},              // 3 s < 5 s delay
                   {11, BLACK, 60 * kMin, 60 * kMin - 3 * kS},    // 8 s: 3 s counted
                   {16, WHITE, 60 * kMin, 60 * kMin - 3 * kS}}},  // exactly the delay
        ClockCase{"BronsteinGivesBackAtMostTheDelay",
                  "25 min + 10 s Bronstein delay",
                  {{3, WHITE, 25 * kMin, 25 * kMin}, {18, BLACK, 25 * kMin, 25 * kMin - 5 * kS}}},
        ClockCase{
            "Hourglass", "*60", {{10, WHITE, 50 * kS, 70 * kS}, {40, BLACK, 80 * kS, 40 * kS}}},
        ClockCase{"IncrementInTheLastPeriodOnly",
                  "2 min/1 moves + 1 min (10 s/move)",
                  {{10, WHITE, 2 * kMin - 10 * kS + kMin, 2 * kMin, true},
                   {30, BLACK, 3 * kMin - 10 * kS, 3 * kMin - 20 * kS, true},
                   {40, WHITE, 3 * kMin - 10 * kS, 3 * kMin - 20 * kS}}}),
    [](const ::testing::TestParamInfo<ClockCase>& param_info) {
      return std::string(param_info.param.name);
    });

// 40 moves a side, one minute each: the 40th completes the first period (time control).
TEST(ChessClock, ThirtyMinutesAddedWhenThe40thMoveIsCompleted) {
  ChessClock clock = clock_for("90 min/40 moves + 30 min + 30 s/move");
  ASSERT_TRUE(clock.start(at_s(0)));
  int t = 0;
  for (int move = 1; move <= 40; ++move) {
    t += 60;
    auto white = clock.press(WHITE, at_s(t));
    ASSERT_TRUE(white);
    EXPECT_EQ(white->period_change, move == 40) << move;
    EXPECT_EQ(clock.moves_completed(WHITE), move);
    if (move == 39) {
      EXPECT_EQ(clock.reading(at_s(t)).moves_to_time_control[WHITE], 1);
    }
    if (move == 40) {
      EXPECT_EQ(white->added, minutes(30));
      EXPECT_EQ(white->period, 1);
      EXPECT_EQ(white->moves_completed[WHITE], 40);  // the facts of the period change (Art. 6)
      // 90 min - 40 min used + 40 x 30 s + 30 min
      EXPECT_EQ(white->remaining[WHITE], minutes(90 - 40 + 20 + 30));
    }
    t += 30;
    ASSERT_TRUE(clock.press(BLACK, at_s(t)));
  }
  EXPECT_EQ(clock.remaining(BLACK, at_s(t)), minutes(90 - 20 + 20 + 30));
  EXPECT_EQ(clock.reading(at_s(t)).moves_to_time_control[WHITE], 0);  // sudden death now
  // Move 41 is in the second period: 30 s increment still, no more time added.
  ASSERT_TRUE(clock.press(WHITE, at_s(t + 60)));
  EXPECT_EQ(clock.remaining(WHITE, at_s(t + 60)), minutes(100) - seconds(30));
}

TEST(ChessClock, ARepeatingPeriodAddsItsTimeAtEveryControl) {
  ChessClock clock = clock_for("10 min/2 moves");
  ASSERT_TRUE(clock.start(at_s(0)));
  double t = 0;
  std::vector<bool> changes;
  for (int move = 1; move <= 6; ++move) {
    t += 1;
    auto w = clock.press(WHITE, at_s(t));
    ASSERT_TRUE(w);
    changes.push_back(w->period_change);
    t += 1;
    ASSERT_TRUE(clock.press(BLACK, at_s(t)));
  }
  EXPECT_EQ(changes, (std::vector<bool>{false, true, false, true, false, true}));
  EXPECT_EQ(clock.remaining(WHITE, at_s(t)), minutes(40) - seconds(6));
}

TEST(ChessClock, TheDisplayHoldsDuringASimpleDelayAndCountsDownInBronstein) {
  ChessClock simple = clock_for("G/60 d5");
  ChessClock bronstein = clock_for("60 min + 5 s Bronstein delay");
  ASSERT_TRUE(simple.start(at_s(0)));
  ASSERT_TRUE(bronstein.start(at_s(0)));
  EXPECT_EQ(simple.remaining(WHITE, at_s(3)), minutes(60));
  EXPECT_EQ(simple.reading(at_s(3)).delay_left, seconds(2));
  EXPECT_EQ(simple.remaining(WHITE, at_s(7)), minutes(60) - seconds(2));
  EXPECT_EQ(bronstein.remaining(WHITE, at_s(3)), minutes(60) - seconds(3));
  // Flags: the simple delay postpones the flag by the delay; Bronstein does not.
  EXPECT_EQ(simple.expiry(), at_s(3605));
  EXPECT_EQ(bronstein.expiry(), at_s(3600));
}

TEST(ChessClock, AFlagFallsWhenTheDisplayReachesZero) {
  ChessClock clock = clock_for("1 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  EXPECT_EQ(clock.expiry(), at_s(60));
  EXPECT_TRUE(clock.flags(at(milliseconds(59'999))).empty());
  const auto down = clock.flags(at_s(60));
  ASSERT_EQ(down.size(), 1u);
  EXPECT_EQ(down[0].side, WHITE);
  EXPECT_EQ(down[0].time, at_s(60));
  EXPECT_EQ(down[0].moves_completed, 0);
  // Noticed only at the late press: the log has the flag at the instant it fell, then the press.
  auto press = clock.press(WHITE, at_s(70));
  ASSERT_TRUE(press);
  EXPECT_EQ(press->remaining[WHITE], -seconds(10));
  const auto& log = clock.log();
  ASSERT_EQ(log.size(), 3u);
  EXPECT_EQ(log[1].event, ClockEvent::Flag);
  EXPECT_EQ(log[1].time, at_s(60));
  EXPECT_EQ(log[1].remaining[WHITE], seconds(0));
  EXPECT_EQ(log[1].side, WHITE);  // Art. 6.9: whose flag (the app words it)
  EXPECT_TRUE(log[1].note.empty());
  EXPECT_EQ(log[2].event, ClockEvent::Press);
}

TEST(ChessClock, BothFlagsInTheOrderTheyFell) {
  ChessClock clock = clock_for("1 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.press(WHITE, at_s(50)));   // White 10 s left
  ASSERT_TRUE(clock.press(BLACK, at_s(120)));  // Black's flag fell at 110, nobody saw it
  const auto down = clock.flags(at_s(140));    // White's fell at 130
  ASSERT_EQ(down.size(), 2u);
  EXPECT_EQ(down[0].side, BLACK);
  EXPECT_EQ(down[0].time, at_s(110));
  EXPECT_EQ(down[1].side, WHITE);
  EXPECT_EQ(down[1].time, at_s(130));
  // A flag is not reported twice.
  ASSERT_TRUE(clock.press(WHITE, at_s(150)));
  ASSERT_TRUE(clock.press(BLACK, at_s(151)));
  EXPECT_EQ(clock.flags(at_s(200)).size(), 2u);
}

TEST(ChessClock, FlagInTheFirstPeriodIsNotUndoneByTheTimeControl) {
  ChessClock clock = clock_for("1 min/1 moves + 30 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  auto press = clock.press(WHITE, at_s(61));
  ASSERT_TRUE(press);
  EXPECT_EQ(press->remaining[WHITE], minutes(30) - seconds(1));
  const auto down = clock.flags(at_s(62));
  ASSERT_EQ(down.size(), 1u);
  EXPECT_EQ(down[0].period, 0);
  EXPECT_EQ(down[0].time, at_s(60));
}

TEST(FlagFallResult, Article69LossOrDraw) {
  // White: king and rook; Black: a bare king.
  const auto pos = Position::from_fen("8/8/8/4k3/8/8/8/4K2R w - - 0 1");
  ASSERT_TRUE(pos);
  EXPECT_EQ(flag_fall_result(*pos, BLACK), GameResult::WhiteWins);
  EXPECT_EQ(flag_fall_result(*pos, WHITE), GameResult::Draw);  // a bare king cannot mate
  // The same decision as Game::flag_fall.
  for (const Color flagged : {WHITE, BLACK}) {
    Game game(*pos);
    ASSERT_TRUE(game.flag_fall(flagged));
    EXPECT_EQ(game.end().result, flag_fall_result(*pos, flagged));
  }
  // A lone knight against a bare king cannot mate either.
  const auto knight = Position::from_fen("8/8/8/4k3/8/8/8/4K1N1 b - - 0 1");
  ASSERT_TRUE(knight);
  EXPECT_EQ(flag_fall_result(*knight, BLACK), GameResult::Draw);
}

TEST(ChessClock, ThePauseStopsTheRunningClockAndResumeRestartsIt) {
  ChessClock clock = clock_for("60 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.pause(at_s(10), "Art. 6.11.1: illness"));
  EXPECT_TRUE(clock.paused());
  EXPECT_FALSE(clock.running());
  EXPECT_FALSE(clock.expiry());
  EXPECT_EQ(clock.remaining(WHITE, at_s(500)), minutes(60) - seconds(10));
  EXPECT_FALSE(clock.press(BLACK, at_s(50)));  // not Black's turn, paused or not
  EXPECT_FALSE(clock.pause(at_s(60)));         // already paused
  ASSERT_TRUE(clock.resume(at_s(100)));
  EXPECT_EQ(clock.expiry(), at_s(100 + 3600 - 10));
  auto press = clock.press(WHITE, at_s(105));
  ASSERT_TRUE(press);
  EXPECT_EQ(press->elapsed, seconds(15));  // [%emt] without the pause
  EXPECT_EQ(press->remaining[WHITE], minutes(60) - seconds(15));
  EXPECT_EQ(pgn_emt(*clock.times_at_ply(1)), "[%emt 0:00:15.0]");
}

// D.2.3 (3), D.2.4 (tester s15 #13): a move made (announced) before the arbiter paused the
// clocks that reaches the clock after the pause (a spoken move decoded after it) is pressed when
// it was made: the mover is charged up to it, the opponent from it to the pause, and the pause
// then stops the opponent's clock. Before the run the pause ended, or with no pause, an earlier
// press is refused as ever.
TEST(ChessClock, AMoveMadeBeforeThePauseIsChargedUpToItWhenItArrivesAfter) {
  ChessClock clock = clock_for("60 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.press(WHITE, at_s(10)));
  ASSERT_TRUE(clock.pause(at_s(20), "Art. 6.11.1"));
  EXPECT_FALSE(clock.made_before_pause(at_s(9)));  // before Black's turn began
  EXPECT_FALSE(clock.press(BLACK, at_s(9)));
  ASSERT_TRUE(clock.made_before_pause(at_s(15)));
  auto press = clock.press(BLACK, at_s(15));
  ASSERT_TRUE(press);
  EXPECT_EQ(press->elapsed, seconds(5));
  EXPECT_EQ(press->remaining[BLACK], minutes(60) - seconds(5));
  EXPECT_EQ(press->remaining[WHITE], minutes(60) - seconds(10));  // right after the move
  EXPECT_TRUE(clock.paused());
  EXPECT_EQ(clock.remaining(WHITE, at_s(30)), minutes(60) - seconds(15));  // ran 15 s .. 20 s
  EXPECT_EQ(clock.remaining(BLACK, at_s(30)), minutes(60) - seconds(5));
  // The log in time order: press at 15 s, then the pause at 20 s with the times then.
  ASSERT_GE(clock.log().size(), 2u);
  const auto& pause = clock.log().back();
  EXPECT_EQ(pause.event, ClockEvent::Pause);
  EXPECT_EQ(pause.time, at_s(20));
  EXPECT_EQ(pause.note, "Art. 6.11.1");
  EXPECT_EQ(pause.remaining[WHITE], minutes(60) - seconds(15));
  EXPECT_EQ(clock.log()[clock.log().size() - 2].time, at_s(15));
  ASSERT_TRUE(clock.resume(at_s(100)));
  EXPECT_EQ(clock.running(), WHITE);
  EXPECT_EQ(clock.remaining(WHITE, at_s(101)), minutes(60) - seconds(16));
  // Without a pause as the last event, an earlier press is refused.
  EXPECT_FALSE(clock.made_before_pause(at_s(99)));
  EXPECT_FALSE(clock.press(WHITE, at_s(99)));
}

// D.2.10.4 (tester 14n): the time used is the sum of each side's thinking times, the current
// turn's included; increments, the next period's time and pauses play no part, so it is not
// the time left subtracted from the start.
TEST(ChessClock, TimeUsedIsEachSidesThinkingTimeNotTheTimeLeft) {
  ChessClock clock = clock_for("90 min/1 moves + 30 min + 30 s/move");
  EXPECT_EQ(clock.used(WHITE, at_s(5)), seconds(0));  // not started
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.press(WHITE, at_s(20)));
  ASSERT_TRUE(clock.press(BLACK, at_s(27)));
  ASSERT_TRUE(clock.pause(at_s(30)));
  ASSERT_TRUE(clock.resume(at_s(100)));
  EXPECT_EQ(clock.used(WHITE, at_s(101)), seconds(24));  // 20 + 3 + 1, not the pause
  EXPECT_EQ(clock.used(BLACK, at_s(101)), seconds(7));
  // White reached the control after one move: 30 min and 30 s added to what he has left.
  EXPECT_EQ(clock.remaining(WHITE, at_s(101)), minutes(120) + seconds(30) - seconds(24));
  ASSERT_TRUE(clock.press(WHITE, at_s(110)));
  EXPECT_EQ(clock.used(WHITE, at_s(200)), seconds(33));
  EXPECT_EQ(clock.used(BLACK, at_s(200)), seconds(97));
  // D.2.9: the plies retraced are forgotten.
  ASSERT_TRUE(clock.readjust_to_ply(2, at_s(200), "D.2.9"));
  EXPECT_EQ(clock.used(BLACK, at_s(200)), seconds(7));
}

// Guidelines I: on resumption the sealed move is made while the clocks stand, then the
// opponent's clock is started. A press while paused counts the move and charges nothing more.
TEST(ChessClock, AMoveMadeWhileThePauseLastsSwitchesTheClockThatRestarts) {
  ChessClock clock = clock_for("90 min/40 moves + 30 min + 30 s/move");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.press(WHITE, at_s(20)));
  ASSERT_TRUE(clock.pause(at_s(50), "adjourned"));  // Black thought 30 s, then sealed
  auto sealed = clock.press(BLACK, at_s(5000));     // made on resumption, clocks still paused
  ASSERT_TRUE(sealed) << static_cast<int>(sealed.error().kind);
  EXPECT_EQ(sealed->elapsed, seconds(30));
  EXPECT_EQ(sealed->remaining[BLACK], minutes(90) - seconds(30) + seconds(30));  // + increment
  EXPECT_EQ(clock.moves_completed(BLACK), 1);
  EXPECT_TRUE(clock.paused());
  EXPECT_FALSE(clock.running());
  EXPECT_EQ(clock.remaining(WHITE, at_s(6000)), minutes(90) - seconds(20) + seconds(30));
  ASSERT_TRUE(clock.resume(at_s(6000)));
  EXPECT_EQ(clock.running(), WHITE);  // the opponent of the sealer
  auto next = clock.press(WHITE, at_s(6010));
  ASSERT_TRUE(next);
  EXPECT_EQ(next->elapsed, seconds(10));
}

TEST(ChessClock, APauseDuringASimpleDelayKeepsTheDelayUsed) {
  ChessClock clock = clock_for("G/10 d5");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.pause(at_s(3)));
  ASSERT_TRUE(clock.resume(at_s(50)));
  EXPECT_EQ(clock.reading(at_s(51)).delay_left, seconds(1));
  auto press = clock.press(WHITE, at_s(54));  // 7 s run: 2 s counted
  ASSERT_TRUE(press);
  EXPECT_EQ(press->remaining[WHITE], minutes(10) - seconds(2));
}

TEST(ChessClock, ArbiterAddsTwoMinutesToTheOpponentArticle755) {
  ChessClock clock = clock_for("90+30");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.press(WHITE, at_s(20)));
  ASSERT_TRUE(clock.pause(at_s(30)));  // Black made an illegal move; the arbiter pauses
  ASSERT_TRUE(clock.add_time(WHITE, minutes(2), at_s(40), "Art. 7.5.5: illegal move by Black"));
  ASSERT_TRUE(clock.resume(at_s(50)));
  EXPECT_EQ(clock.remaining(WHITE, at_s(50)), minutes(90) - seconds(20) + seconds(30) + minutes(2));
  EXPECT_EQ(clock.remaining(BLACK, at_s(50)), minutes(90) - seconds(10));
  const ClockLogEntry& added = clock.log()[3];
  EXPECT_EQ(added.event, ClockEvent::AddTime);
  EXPECT_EQ(added.side, WHITE);
  EXPECT_EQ(added.added, minutes(2));
  EXPECT_EQ(added.note, "Art. 7.5.5: illegal move by Black");
}

TEST(ChessClock, IncrementAddedMidGameCountsFromTheNextPressGuidelinesIII4) {
  ChessClock clock = clock_for("5 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.press(WHITE, at_s(100)));
  // Black, to move, asks at 250 s (under two minutes left is the arbiter's check, not the
  // clock's); the increment holds from now on, for both players.
  ASSERT_TRUE(clock.add_increment(seconds(5), at_s(250), "Guidelines III.4"));
  ASSERT_TRUE(clock.add_time(WHITE, minutes(2), at_s(250), "Guidelines III.4"));
  EXPECT_EQ(clock.control().periods.front().increment, seconds(5));
  EXPECT_EQ(clock.remaining(BLACK, at_s(250)), seconds(150));  // nothing added yet
  auto black = clock.press(BLACK, at_s(260));
  ASSERT_TRUE(black);
  EXPECT_EQ(black->remaining[BLACK], seconds(140) + seconds(5));
  auto white = clock.press(WHITE, at_s(270));
  ASSERT_TRUE(white);
  EXPECT_EQ(white->remaining[WHITE], seconds(200) + minutes(2) - seconds(10) + seconds(5));
  const ClockLogEntry& entry = clock.log()[2];
  EXPECT_EQ(entry.event, ClockEvent::Increment);
  EXPECT_EQ(entry.added, seconds(5));
  EXPECT_EQ(entry.note, "Guidelines III.4");
  EXPECT_EQ(clock_event_name(ClockEvent::Increment), "increment");
}

TEST(ChessClock, IncrementRefusedWhenTheControlHasOneOrADelayOrKeepsNoTime) {
  for (const char* control :
       {"3+2", "G/60 d5", "60 min + 5 s Bronstein delay", "-", "?", "3 min hourglass"}) {
    ChessClock clock = clock_for(control);
    ASSERT_TRUE(clock.start(at_s(0)));
    EXPECT_FALSE(clock.add_increment(seconds(5), at_s(1), "")) << control;
    EXPECT_EQ(clock.log().size(), 1U) << control;
  }
  ChessClock clock = clock_for("5 min");
  EXPECT_FALSE(clock.add_increment(seconds(0), at_s(0), ""));
  ASSERT_TRUE(clock.add_increment(seconds(5), at_s(0), ""));   // before the start: a resumption
  EXPECT_FALSE(clock.add_increment(seconds(5), at_s(0), ""));  // once only
  ASSERT_TRUE(clock.start(at_s(0)));
  auto white = clock.press(WHITE, at_s(10));
  ASSERT_TRUE(white);
  EXPECT_EQ(white->remaining[WHITE], seconds(295));
}

TEST(ChessClock, SettingTheRunningClockShowsExactlyThatTime) {
  for (const char* control : {"60 min", "G/60 d5", "60 min + 5 s Bronstein delay"}) {
    ChessClock clock = clock_for(control);
    ASSERT_TRUE(clock.start(at_s(0)));
    ASSERT_TRUE(clock.set_remaining(WHITE, minutes(5), at_s(8), "Art. 6.10.2"));
    EXPECT_EQ(clock.remaining(WHITE, at_s(8)), minutes(5)) << control;
    EXPECT_EQ(clock.remaining(WHITE, at_s(20)), minutes(5) - seconds(12)) << control;
    ASSERT_TRUE(clock.set_remaining(BLACK, minutes(7), at_s(20), ""));
    EXPECT_EQ(clock.remaining(BLACK, at_s(20)), minutes(7));
  }
}

TEST(ChessClock, SettingTimeAfterAFlagRaisesItAgain) {
  ChessClock clock = clock_for("1 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.pause(at_s(70)));
  EXPECT_EQ(clock.flags(at_s(70)).size(), 1u);
  ASSERT_TRUE(clock.set_remaining(WHITE, seconds(30), at_s(80), "clock defect"));
  EXPECT_TRUE(clock.flags(at_s(80)).empty());
  // The log keeps the flag.
  EXPECT_EQ(clock.log()[1].event, ClockEvent::Flag);
  ASSERT_TRUE(clock.resume(at_s(90)));
  EXPECT_EQ(clock.expiry(), at_s(120));
}

TEST(ChessClock, MoveCounterCorrectionMovesTheTimeControl) {
  ChessClock clock = clock_for("90 min/40 moves + 30 min");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.press(WHITE, at_s(10)));
  ASSERT_TRUE(clock.press(BLACK, at_s(20)));
  ASSERT_TRUE(clock.set_moves_completed(WHITE, 38, at_s(21), "Art. 6.10.2"));
  ASSERT_TRUE(clock.press(WHITE, at_s(22)));
  ASSERT_TRUE(clock.press(BLACK, at_s(23)));
  auto w40 = clock.press(WHITE, at_s(24));
  ASSERT_TRUE(w40);
  EXPECT_TRUE(w40->period_change);
  EXPECT_EQ(clock.moves_completed(WHITE), 40);
}

TEST(ChessClock, ClockLogGivesPgnCommentsAndD29Readjustment) {
  ChessClock clock = clock_for("90+30");
  ASSERT_TRUE(clock.start(at_s(0)));
  ASSERT_TRUE(clock.press(WHITE, at_s(5)));    // ply 1
  ASSERT_TRUE(clock.press(BLACK, at_s(65)));   // ply 2
  ASSERT_TRUE(clock.press(WHITE, at_s(80)));   // ply 3
  ASSERT_TRUE(clock.press(BLACK, at_s(200)));  // ply 4
  EXPECT_EQ(clock.ply(), 4);
  const auto p2 = clock.times_at_ply(2);
  ASSERT_TRUE(p2);
  EXPECT_EQ(p2->to_move, WHITE);
  EXPECT_EQ(p2->elapsed, seconds(60));
  EXPECT_EQ(pgn_clk(*p2), "[%clk 1:29:30.0]");  // Black: 90 min - 60 s + 30 s
  EXPECT_EQ(pgn_emt(*p2), "[%emt 0:01:00.0]");
  EXPECT_EQ(pgn_clk(*clock.times_at_ply(1)), "[%clk 1:30:25.0]");
  EXPECT_FALSE(clock.times_at_ply(5));
  const auto start = clock.times_at_ply(0);
  ASSERT_TRUE(start);
  EXPECT_EQ(start->remaining[WHITE], minutes(90));

  // D.2.9: the scoresheets agree up to ply 2; the arbiter sets the clocks back.
  ASSERT_TRUE(clock.pause(at_s(210)));
  ASSERT_TRUE(clock.readjust_to_ply(2, at_s(300), ""));
  EXPECT_EQ(clock.ply(), 2);
  EXPECT_EQ(clock.moves_completed(WHITE), 1);
  EXPECT_EQ(clock.moves_completed(BLACK), 1);
  EXPECT_EQ(clock.remaining(WHITE, at_s(300)), p2->remaining[WHITE]);
  EXPECT_EQ(clock.remaining(BLACK, at_s(300)), p2->remaining[BLACK]);
  EXPECT_EQ(clock.log().back().event, ClockEvent::Readjust);  // D.2.9
  EXPECT_EQ(clock.log().back().ply, 2);
  ASSERT_TRUE(clock.resume(at_s(310)));
  EXPECT_EQ(clock.running(), WHITE);
  auto again = clock.press(WHITE, at_s(320));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->ply, 3);
  EXPECT_EQ(clock.times_at_ply(3)->elapsed, seconds(10));
  // The log keeps everything that happened, in order.
  std::vector<ClockEvent> events;
  for (const auto& e : clock.log()) events.push_back(e.event);
  EXPECT_EQ(events,
            (std::vector<ClockEvent>{ClockEvent::Start, ClockEvent::Press, ClockEvent::Press,
                                     ClockEvent::Press, ClockEvent::Press, ClockEvent::Pause,
                                     ClockEvent::Readjust, ClockEvent::Resume, ClockEvent::Press}));
}

TEST(ChessClock, RefusesWhatARealClockCannotDo) {
  ChessClock clock = clock_for("60 min");
  EXPECT_FALSE(clock.press(WHITE, at_s(1)));  // not started
  ASSERT_TRUE(clock.start(at_s(0)));
  EXPECT_FALSE(clock.start(at_s(1)));
  const auto wrong = clock.press(BLACK, at_s(1));
  ASSERT_FALSE(wrong);
  // Typed: White's clock runs (D.2.4); the application words it (app/clock_text.h).
  EXPECT_EQ(wrong.error().kind, ClockError::Kind::NotToMove);
  EXPECT_EQ(wrong.error().side, WHITE);
  ASSERT_TRUE(clock.press(WHITE, at_s(10)));
  EXPECT_FALSE(clock.press(BLACK, at_s(9)));  // before the last event
  EXPECT_FALSE(clock.resume(at_s(11)));       // not paused
  const auto readjusted = clock.readjust_to_ply(3, at_s(12), "");
  ASSERT_FALSE(readjusted);
  EXPECT_EQ(readjusted.error().kind, ClockError::Kind::NoSuchPly);
  EXPECT_EQ(readjusted.error().ply, 3);
  EXPECT_EQ(readjusted.error().plies, 1);
  ASSERT_TRUE(clock.stop(at_s(20), "checkmate"));
  EXPECT_FALSE(clock.running());
  EXPECT_FALSE(clock.press(BLACK, at_s(21)));
  EXPECT_EQ(clock.remaining(BLACK, at_s(1000)), minutes(60) - seconds(10));
}

TEST(ChessClock, BlackMayStartWhenThePositionHasBlackToMove) {
  ChessClock clock = clock_for("5 min");
  ASSERT_TRUE(clock.start(at_s(0), BLACK));
  EXPECT_EQ(clock.running(), BLACK);
  ASSERT_TRUE(clock.press(BLACK, at_s(4)));
  EXPECT_EQ(clock.times_at_ply(1)->to_move, WHITE);
  EXPECT_EQ(clock.moves_completed(BLACK), 1);
}

TEST(ChessClock, AnUntimedGameCountsMovesAndNoFlagFalls) {
  ChessClock clock = clock_for("-");
  ASSERT_TRUE(clock.start(at_s(0)));
  auto press = clock.press(WHITE, at_s(100000));
  ASSERT_TRUE(press);
  EXPECT_EQ(press->elapsed, seconds(100000));
  EXPECT_TRUE(clock.flags(at_s(200000)).empty());
  EXPECT_FALSE(clock.expiry());
  EXPECT_FALSE(clock.reading(at_s(1)).expiry());
}

TEST(ClockReading, ProjectsForwardExactlyAsTheClockWould) {
  for (const char* control : {"60 min", "G/60 d5", "60 min + 5 s Bronstein delay", "*60", "3+2"}) {
    ChessClock clock = clock_for(control);
    ASSERT_TRUE(clock.start(at_s(0)));
    ASSERT_TRUE(clock.press(WHITE, at_s(2)));
    const ClockReading now = clock.reading(at_s(3));
    for (double later : {3.0, 4.5, 8.0, 8.001, 30.0}) {
      const ClockReading projected = now.at(at_s(later));
      const ClockReading actual = clock.reading(at_s(later));
      EXPECT_EQ(projected.remaining, actual.remaining) << control << " at " << later;
      EXPECT_EQ(projected.delay_left, actual.delay_left) << control << " at " << later;
    }
    EXPECT_EQ(now.expiry(), clock.expiry()) << control;
  }
}

}  // namespace
}  // namespace clock_test
}  // namespace annabella::core
