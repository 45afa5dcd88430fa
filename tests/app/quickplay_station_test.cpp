// Games without increment in the station (issue 16, Guidelines III): the arbiter's `increment`
// (III.4: five seconds for both from then on, two minutes to the opponent), kept in the journal
// and restored on resumption; the arbiter's decision on a draw claim under two minutes
// (`quickplay-claim`, III.5), journaled and, when upheld, in the PGN; and their refusals.
#include <gtest/gtest.h>

#include "support/station_driver.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace {

using namespace std::chrono_literals;
using annabella::testing::read_file;
using annabella::testing::StationDriver;
using annabella::testing::TempDir;

config::StationConfig with_control(const std::string& control) {
  config::StationConfig config;
  config.game.time_control = control;
  return config;
}

TEST(QuickplayInTheStation, IncrementForBothAndTwoMinutesToTheOpponentGuidelinesIII4) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, with_control("5 min"));
  ASSERT_TRUE(d.station);
  d.console("adjust 0:01:30 0:04:00");
  d.console("increment", 0ms);
  EXPECT_TRUE(d.output.printed_containing("Guidelines III.4")) << d.output.printed.back();
  EXPECT_EQ(d.station->clock().control().periods.front().increment, 5s);
  EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), 6min);
  // White's next move gets the five seconds.
  const auto white_before = d.station->clock().remaining(core::WHITE, d.now);
  d.hand("e2", "e4");
  const auto white_after = d.station->clock().remaining(core::WHITE, d.now);
  EXPECT_GT(white_after, white_before - 5s + 4s);  // the move took about a second
  const std::string journal = read_file(dir.path() / "record" / "game.journal");
  EXPECT_NE(journal.find("reason=increment"), std::string::npos) << journal;
  EXPECT_NE(journal.find("increment_ms=5000"), std::string::npos) << journal;
  // Once only: the control has an increment now.
  d.console("increment");
  EXPECT_TRUE(d.output.printed_containing("already has an increment"));
}

TEST(QuickplayInTheStation, TheIncrementIsRestoredOnResumption) {
  TempDir dir;
  {
    StationDriver d(dir.path() / "record", false, with_control("5 min"));
    ASSERT_TRUE(d.station);
    d.console("adjust 0:01:30 0:04:00");
    d.console("increment", 0ms);
    d.console("quit");
  }
  StationDriver resumed(dir.path() / "record", true, with_control("5 min"));
  ASSERT_TRUE(resumed.station);
  EXPECT_EQ(resumed.station->clock().control().periods.front().increment, 5s);
  EXPECT_GT(resumed.station->clock().remaining(core::BLACK, resumed.now), 5min + 59s);
  resumed.console("increment");
  EXPECT_TRUE(resumed.output.printed_containing("already has an increment"));
}

TEST(QuickplayInTheStation, IncrementRefusedWithTwoMinutesOrMoreOrAnIncrement) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, with_control("5 min"));
  ASSERT_TRUE(d.station);
  d.console("increment");
  EXPECT_TRUE(d.output.printed_containing("not less than two minutes"));
  EXPECT_TRUE(d.output.printed_containing("Guidelines III.4"));
  EXPECT_EQ(d.station->clock().control().periods.front().increment, 0s);
  d.console("quickplay-claim accepted");
  EXPECT_TRUE(d.output.printed_containing("Guidelines III.5"));
  EXPECT_FALSE(d.station->game().is_over());

  TempDir other;
  StationDriver f(other.path() / "record", false, with_control("3 min + 2 s/move"));
  ASSERT_TRUE(f.station);
  f.console("adjust 0:01:00 0:01:00");
  f.console("increment", 0ms);
  EXPECT_TRUE(f.output.printed_containing("already has an increment"));
  f.console("quickplay-claim refused", 0ms);
  EXPECT_EQ(f.station->clock().remaining(core::BLACK, f.now), 1min);
}

TEST(QuickplayInTheStation, ClaimUpheldIsADrawInThePgnGuidelinesIII51) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, with_control("5 min"));
  ASSERT_TRUE(d.station);
  d.console("adjust 0:01:00 0:03:00");
  d.console("quickplay-claim accepted", 0ms);
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().result, core::GameResult::Draw);
  EXPECT_EQ(d.station->game().end().rule, "Guidelines III.5.1");
  const std::string pgn = read_file(dir.path() / "record" / "game.pgn");
  EXPECT_NE(pgn.find("[Result \"1/2-1/2\"]"), std::string::npos) << pgn;
  const std::string journal = read_file(dir.path() / "record" / "game.journal");
  EXPECT_NE(journal.find("Guidelines III.5.1"), std::string::npos) << journal;
}

TEST(QuickplayInTheStation, ClaimPostponedOrRefusedGivesTheOpponentTwoMinutesGuidelinesIII5) {
  for (const auto& [decision, reason, rule] :
       {std::tuple{"postponed", "reason=claim postponed", "Guidelines III.5.2"},
        {"refused", "reason=claim refused", "Guidelines III.5.3"}}) {
    TempDir dir;
    StationDriver d(dir.path() / "record", false, with_control("5 min"));
    ASSERT_TRUE(d.station);
    d.console("adjust 0:01:00 0:03:00");
    d.console(std::string("quickplay-claim ") + decision, 0ms);
    EXPECT_FALSE(d.station->game().is_over()) << decision;
    EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), 5min) << decision;
    EXPECT_TRUE(d.output.printed_containing(rule)) << decision;
    const std::string journal = read_file(dir.path() / "record" / "game.journal");
    EXPECT_NE(journal.find(reason), std::string::npos) << journal;
  }
}

TEST(QuickplayInTheStation, TheDecisionIsOneOfThree) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, with_control("5 min"));
  ASSERT_TRUE(d.station);
  d.console("quickplay-claim maybe");
  EXPECT_TRUE(d.output.printed_containing("accepted, postponed or refused"));
}

}  // namespace
}  // namespace annabella::app
