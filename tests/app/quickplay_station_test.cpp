// Games without increment in the station (issue 16, Guidelines III): the arbiter's `increment`
// (III.4: five seconds for both from then on, two minutes to the opponent), kept in the journal
// and restored on resumption; the arbiter's decision on a draw claim under two minutes
// (`quickplay-claim`, III.5), journaled and, when upheld, in the PGN; a postponed claim decided
// later (III.5.2), also after a resumption and after the flag fell; their refusals outside the
// last period (III.1), in blitz (III.2.2) and with two minutes or more; both flags down
// (`both-flags`, III.3.1). The controls are rapid ("15 min", A.1): III.2.2 excludes blitz.
#include <gtest/gtest.h>

#include <algorithm>

#include "support/game_config.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace quickplay_station_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::game_config;
using annabella::testing::read_file;
using annabella::testing::StationDriver;
using annabella::testing::TempDir;

std::string journal_of(const TempDir& dir) {
  return read_file(dir.path() / "record" / "game.journal");
}

// A station (a rapid game unless said: III.2.2 excludes blitz) with the clocks set by the arbiter,
// the player to move short of time.
struct ShortOfTime {
  ShortOfTime(const std::string& control, const std::string& clocks)
      : d(dir.path() / "record", false, game_config(control)) {
    if (d.station) d.console("adjust " + clocks);
  }
  TempDir dir;
  StationDriver d;
};

// game.pgn on one line (the writer wraps its lines at 80 characters).
std::string pgn_of(const TempDir& dir) {
  std::string pgn = read_file(dir.path() / "record" / "game.pgn");
  std::replace(pgn.begin(), pgn.end(), '\n', ' ');
  return pgn;
}

// 1. e4 e5 2. Nf3 Nc6: White (the VI player) on the pegboard, Black typed and executed.
void four_plies(StationDriver& d) {
  d.hand("e2", "e4");
  d.console("e5");
  d.hand("e7", "e5");
  d.hand("g1", "f3");
  d.console("Nc6");
  d.hand("b8", "c6");
}

TEST(QuickplayInTheStation, IncrementForBothAndTwoMinutesToTheOpponentGuidelinesIII4) {
  ShortOfTime game("15 min", "0:01:30 0:04:00");
  auto& [dir, d] = game;
  ASSERT_TRUE(d.station);
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
  // III.4: the request was also White's draw offer, declined by Black; (=) by White's next move.
  const auto offer = journal.find("\toffer\tby=white");
  const auto decline = journal.find("\tdecline\tby=black");
  ASSERT_NE(offer, std::string::npos) << journal;
  ASSERT_NE(decline, std::string::npos) << journal;
  EXPECT_LT(offer, decline);
  EXPECT_LT(decline, journal.find("reason=increment"));
  EXPECT_TRUE(d.output.printed_containing("also a draw offer, declined by Black"));
  const std::string pgn = pgn_of(dir);
  EXPECT_NE(pgn.find("1. e4 {(=) White offers a draw"), std::string::npos) << pgn;
  // Once only: the control has an increment now.
  d.console("increment");
  EXPECT_TRUE(d.output.printed_containing("already has an increment"));
}

TEST(QuickplayInTheStation, TheIncrementIsRestoredOnResumption) {
  TempDir dir;
  {
    StationDriver d(dir.path() / "record", false, game_config("15 min"));
    ASSERT_TRUE(d.station);
    d.console("adjust 0:01:30 0:04:00");
    d.console("increment", 0ms);
    d.console("quit");
  }
  StationDriver resumed(dir.path() / "record", true, game_config("15 min"));
  ASSERT_TRUE(resumed.station);
  EXPECT_EQ(resumed.station->clock().control().periods.front().increment, 5s);
  EXPECT_GT(resumed.station->clock().remaining(core::BLACK, resumed.now), 5min + 59s);
  resumed.console("increment");
  EXPECT_TRUE(resumed.output.printed_containing("already has an increment"));
}

TEST(QuickplayInTheStation, IncrementRefusedWithTwoMinutesOrMoreOrAnIncrement) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, game_config("15 min"));
  ASSERT_TRUE(d.station);
  d.console("increment");
  EXPECT_TRUE(d.output.printed_containing("not less than two minutes"));
  EXPECT_TRUE(d.output.printed_containing("Guidelines III.4"));
  EXPECT_EQ(d.station->clock().control().periods.front().increment, 0s);
  d.console("quickplay-claim accepted");
  EXPECT_TRUE(d.output.printed_containing("Guidelines III.5"));
  EXPECT_FALSE(d.station->game().is_over());

  TempDir other;
  StationDriver f(other.path() / "record", false, game_config("15 min + 2 s/move"));
  ASSERT_TRUE(f.station);
  f.console("adjust 0:01:00 0:01:00");
  f.console("increment", 0ms);
  EXPECT_TRUE(f.output.printed_containing("already has an increment"));
  f.console("quickplay-claim refused", 0ms);
  EXPECT_EQ(f.station->clock().remaining(core::BLACK, f.now), 1min);
}

TEST(QuickplayInTheStation, ClaimUpheldIsADrawInThePgnGuidelinesIII51) {
  ShortOfTime game("15 min", "0:01:00 0:03:00");
  auto& [dir, d] = game;
  ASSERT_TRUE(d.station);
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
    ShortOfTime game("15 min", "0:01:00 0:03:00");
    auto& [dir, d] = game;
    ASSERT_TRUE(d.station);
    d.console(std::string("quickplay-claim ") + decision, 0ms);
    EXPECT_FALSE(d.station->game().is_over()) << decision;
    EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), 5min) << decision;
    EXPECT_NE(journal_of(dir).find("by=white"), std::string::npos) << decision;
    EXPECT_TRUE(d.output.printed_containing(rule)) << decision;
    const std::string journal = read_file(dir.path() / "record" / "game.journal");
    EXPECT_NE(journal.find(reason), std::string::npos) << journal;
  }
}

TEST(QuickplayInTheStation, TheDecisionIsOneOfThree) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, game_config("15 min"));
  ASSERT_TRUE(d.station);
  d.console("quickplay-claim maybe");
  EXPECT_TRUE(d.output.printed_containing("accepted, postponed or refused"));
}

TEST(QuickplayInTheStation, RefusedOutsideTheLastPeriodGuidelinesIII1) {
  ShortOfTime game("10 min/2 moves + 15 min", "0:01:30 0:04:00");
  auto& [dir, d] = game;
  ASSERT_TRUE(d.station);
  d.console("increment", 0ms);
  EXPECT_TRUE(d.output.printed_containing("Guidelines III.1")) << d.output.printed.back();
  EXPECT_TRUE(d.output.printed_containing("still has 2 moves")) << d.output.printed.back();
  EXPECT_EQ(d.station->clock().control().periods.front().increment, 0s);
  d.console("quickplay-claim accepted", 0ms);
  EXPECT_FALSE(d.station->game().is_over());
  // After two moves each White is in the last period (15 minutes added at the control).
  four_plies(d);
  d.console("adjust 0:01:30 0:04:00");
  d.console("increment", 0ms);
  EXPECT_TRUE(d.output.printed_containing("(Guidelines III.4)")) << d.output.printed.back();
  EXPECT_EQ(d.station->clock().control().periods.back().increment, 5s);
}

TEST(QuickplayInTheStation, RefusedInBlitzGuidelinesIII22) {
  ShortOfTime game("5 min", "0:01:30 0:04:00");
  auto& [dir, d] = game;
  ASSERT_TRUE(d.station);
  d.console("increment", 0ms);
  EXPECT_TRUE(d.output.printed_containing("Guidelines III.2.2")) << d.output.printed.back();
  d.console("quickplay-claim refused", 0ms);
  EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), 4min);
}

TEST(QuickplayInTheStation, APostponedClaimIsDecidedAfterResumptionGuidelinesIII52) {
  TempDir dir;
  {
    StationDriver d(dir.path() / "record", false, game_config("15 min"));
    ASSERT_TRUE(d.station);
    d.console("adjust 0:01:00 0:03:00");
    d.console("quickplay-claim postponed", 0ms);
    ASSERT_TRUE(d.station->record().postponed_claim());
    d.console("quit");
  }
  StationDriver resumed(dir.path() / "record", true, game_config("15 min"));
  ASSERT_TRUE(resumed.station);
  const auto& claim = resumed.station->record().postponed_claim();
  ASSERT_TRUE(claim);
  EXPECT_EQ(claim->by, core::WHITE);
  // Later in the game, with Black to move: the decision is on White's claim.
  resumed.hand("e2", "e4");
  resumed.console("quickplay-claim postponed");
  EXPECT_TRUE(resumed.output.printed_containing("postponed already"));
  resumed.console("quickplay-claim accepted");
  ASSERT_TRUE(resumed.station->game().is_over());
  EXPECT_EQ(resumed.station->game().end().result, core::GameResult::Draw);
  EXPECT_EQ(resumed.station->game().end().rule, "Guidelines III.5.2");
  EXPECT_FALSE(resumed.station->record().postponed_claim());
  const std::string pgn = pgn_of(dir);
  EXPECT_NE(pgn.find("White claims a draw with less than two minutes left: decision postponed"),
            std::string::npos)
      << pgn;
  EXPECT_NE(pgn.find("White's draw claim with less than two minutes left upheld"),
            std::string::npos)
      << pgn;
}

TEST(QuickplayInTheStation, APostponedClaimIsDecidedAfterTheFlagFalls) {
  for (const bool upheld : {true, false}) {
    ShortOfTime game("15 min", "0:00:30 0:03:00");
    auto& [dir, d] = game;
    ASSERT_TRUE(d.station);
    d.console("quickplay-claim postponed", 0ms);
    d.wait(31s);  // White's flag falls
    d.console("flag");
    EXPECT_TRUE(d.output.printed_containing("waits for your decision")) << d.output.printed.back();
    EXPECT_FALSE(d.station->game().is_over());
    d.console(upheld ? "quickplay-claim accepted" : "quickplay-claim refused");
    ASSERT_TRUE(d.station->game().is_over()) << upheld;
    EXPECT_EQ(d.station->game().end().result,
              upheld ? core::GameResult::Draw : core::GameResult::BlackWins);
    const std::string touches = read_file(dir.path() / "record" / "touches.txt");
    EXPECT_NE(touches.find(upheld ? "upheld" : "postponed draw claim refused"), std::string::npos)
        << touches;
  }
}

TEST(QuickplayInTheStation, APostponedClaimRefusedLaterChangesNoTime) {
  ShortOfTime game("15 min", "0:01:00 0:03:00");
  auto& [dir, d] = game;
  ASSERT_TRUE(d.station);
  d.console("quickplay-claim postponed", 0ms);
  d.console("quickplay-claim refused", 0ms);
  EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), 5min);
  EXPECT_FALSE(d.station->record().postponed_claim());
  EXPECT_FALSE(d.station->game().is_over());
  EXPECT_TRUE(d.output.printed_containing("refused; the clocks stay as they are"));
}

TEST(QuickplayInTheStation, IncrementAndClaimsAreCommentsAtTheirPlyInThePgnAndTheNotes) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, game_config("15 min"));
  ASSERT_TRUE(d.station);
  d.hand("e2", "e4");
  d.console("adjust 0:10:00 0:01:00");
  d.console("quickplay-claim refused", 0ms);  // Black's, after 1. e4
  d.console("e5");
  d.hand("e7", "e5");
  d.console("adjust 0:01:30 0:04:00");
  d.console("increment", 0ms);  // White's, after 1... e5
  d.hand("g1", "f3");
  const std::string pgn = pgn_of(dir);
  const auto e4 = pgn.find("1. e4");
  const auto refused = pgn.find(
      "Black claims a draw with less than two minutes left: refused, 2 "
      "minutes added to White (Guidelines III.5.3)");
  const auto e5 = pgn.find("e5", e4 + 4);
  const auto increment = pgn.find("White asked for an increment");
  const auto nf3 = pgn.find("2. Nf3");
  ASSERT_NE(refused, std::string::npos) << pgn;
  ASSERT_NE(increment, std::string::npos) << pgn;
  EXPECT_LT(e4, refused) << pgn;
  EXPECT_LT(refused, e5) << pgn;
  EXPECT_LT(e5, increment) << pgn;
  EXPECT_LT(increment, nf3) << pgn;
  const std::string touches = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(touches.find("1\t"), std::string::npos) << touches;
  EXPECT_NE(touches.find("(Guidelines III.5.3)"), std::string::npos) << touches;
  EXPECT_NE(touches.find("2\t"), std::string::npos) << touches;
  EXPECT_NE(touches.find("(Guidelines III.4)"), std::string::npos) << touches;
}

TEST(QuickplayInTheStation, BothFlagsOnTheStationsClockTheOrderIsEstablished) {
  ShortOfTime game("15 min", "0:00:10 0:00:20");
  auto& [dir, d] = game;
  ASSERT_TRUE(d.station);
  d.wait(11s);  // White's flag falls unclaimed; White moves on
  d.hand("e2", "e4");
  d.wait(21s);  // and Black's
  ASSERT_EQ(d.station->clock().flags(d.now).size(), 2u);
  // Each flag is said as it falls, the second too (Art. 6.8; tester, session 13: only the first).
  EXPECT_TRUE(d.output.printed_containing("White's flag has fallen (Art. 6.8)"));
  EXPECT_TRUE(d.output.printed_containing("Black's flag has fallen (Art. 6.8)"));
  d.console("both-flags");
  EXPECT_TRUE(d.output.printed_containing("White's fell first")) << d.output.printed.back();
  EXPECT_TRUE(d.output.printed_containing("Guidelines III.3.1 does not apply"));
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().result, core::GameResult::BlackWins);
}

TEST(QuickplayInTheStation, BothFlagsNotEstablishedDrawInTheLastPeriodGuidelinesIII312) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, game_config("15 min"));
  ASSERT_TRUE(d.station);
  d.hand("e2", "e4");
  d.console("both-flags last");  // the clock in use shows both; the station's shows none
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().result, core::GameResult::Draw);
  EXPECT_EQ(d.station->game().end().rule, "Guidelines III.3.1.2");
  EXPECT_TRUE(d.output.printed_containing("no flag down on the station's clock"));
  const std::string pgn = pgn_of(dir);
  EXPECT_NE(pgn.find("[Result \"1/2-1/2\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("Guidelines III.3.1.2"), std::string::npos) << pgn;
}

TEST(QuickplayInTheStation, BothFlagsNotEstablishedPlayGoesOnInAnEarlierPeriodGuidelinesIII311) {
  TempDir dir;
  {
    StationDriver d(dir.path() / "record", false, game_config("10 min/40 moves + 15 min"));
    ASSERT_TRUE(d.station);
    d.hand("e2", "e4");
    d.console("both-flags earlier");
    EXPECT_FALSE(d.station->game().is_over());
    EXPECT_TRUE(d.output.printed_containing("Guidelines III.3.1.1")) << d.output.printed.back();
    EXPECT_NE(journal_of(dir).find("kind=both flags"), std::string::npos) << journal_of(dir);
    const std::string pgn = pgn_of(dir);
    EXPECT_NE(pgn.find("the game goes on (Guidelines III.3.1.1)"), std::string::npos) << pgn;
    d.console("quit");
  }
  StationDriver resumed(dir.path() / "record", true, game_config("10 min/40 moves + 15 min"));
  ASSERT_TRUE(resumed.station);
  const auto& events = resumed.station->record().quickplay_events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, QuickplayEvent::Kind::BothFlagsPlayOn);
  EXPECT_EQ(events[0].ply, 1);
}

// Guidelines III.3.1 applies only "if both flags have fallen and it is impossible to establish
// which flag fell first". The station's own clock showing one flag down, or none, is no such
// case: both-flags alone neither ends the game nor journals a note; it shows the station's times
// and asks (tester, session 13: a won game was drawn and a false note journaled).
TEST(QuickplayInTheStation, BothFlagsWithFewerThanTwoDownOnTheStationsClockChangesNothing) {
  ShortOfTime game("15 min", "0:00:10 0:05:00");
  auto& [dir, d] = game;
  ASSERT_TRUE(d.station);
  d.console("both-flags");  // no flag down
  EXPECT_FALSE(d.station->game().is_over());
  EXPECT_TRUE(d.output.printed_containing("the station's clock shows no flag down"))
      << d.output.printed.back();
  d.wait(11s);  // White's flag falls; Black still has time
  ASSERT_EQ(d.station->clock().flags(d.now).size(), 1u);
  d.console("both-flags");
  EXPECT_FALSE(d.station->game().is_over());
  EXPECT_TRUE(d.output.printed_containing("the station's clock shows only White's flag down"))
      << d.output.printed.back();
  EXPECT_EQ(journal_of(dir).find("kind=both flags"), std::string::npos) << journal_of(dir);
  // The flag command rules on the station's clock: Black wins on time (Art. 6.9).
  d.console("flag");
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().result, core::GameResult::BlackWins);
}

TEST(QuickplayInTheStation, BothFlagsWithoutTheStationsTimeTheArbiterGivesThePeriod) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, game_config("-"));
  ASSERT_TRUE(d.station);
  d.console("both-flags");
  EXPECT_TRUE(d.output.printed_containing("both-flags last or both-flags earlier"));
  EXPECT_FALSE(d.station->game().is_over());
  d.console("both-flags sometime");
  EXPECT_TRUE(d.output.printed_containing("last or earlier"));
  d.console("both-flags last");
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().rule, "Guidelines III.3.1.2");
  // The game ends on the flags: the PGN standard's "time forfeit", not an adjudication.
  EXPECT_EQ(d.station->game().end().termination, core::Termination::BothFlagsFallen);
  const std::string pgn = read_file(dir.path() / "record" / "game.pgn");
  EXPECT_NE(pgn.find("[Termination \"time forfeit\"]"), std::string::npos) << pgn;
}

// Guidelines III.2.2: with an increment and in blitz the order of two flags that the station's
// clock cannot tell is not the guidelines' to decide: both-flags is refused and the game goes on.
TEST(QuickplayInTheStation, BothFlagsRefusedWithAnIncrementAndInBlitzGuidelinesIII22) {
  for (const std::string control : {"15 min + 5 s/move", "5 min"}) {
    TempDir dir;
    StationDriver d(dir.path() / "record", false, game_config(control));
    ASSERT_TRUE(d.station) << control;
    d.hand("e2", "e4");
    d.console("both-flags last");
    EXPECT_TRUE(d.output.printed_containing("Guidelines III.2.2")) << control;
    EXPECT_FALSE(d.station->game().is_over()) << control;
    EXPECT_EQ(journal_of(dir).find("kind=both flags"), std::string::npos) << control;
  }
}

config::StationConfig not_announced(const std::string& control) {
  config::StationConfig config = game_config(control);
  config.game.quickplay_guidelines = false;
  return config;
}

// Guidelines III.2.1: the guidelines apply only where the event announced them in advance. Not
// announced, the arbiter's increment, quickplay-claim and both-flags change nothing; the choice is
// in the journal and outlives a resumption with a configuration that says otherwise.
TEST(QuickplayInTheStation, NotAnnouncedForTheEventNoneOfThemAppliesGuidelinesIII21) {
  TempDir dir;
  {
    StationDriver d(dir.path() / "record", false, not_announced("15 min"));
    ASSERT_TRUE(d.station);
    d.console("adjust 0:01:30 0:04:00");
    d.console("increment", 0ms);
    EXPECT_TRUE(d.output.printed_containing("Guidelines III.2.1")) << d.output.printed.back();
    EXPECT_EQ(d.station->clock().control().periods.front().increment, 0s);
    EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), 4min);
    d.console("quickplay-claim accepted", 0ms);
    EXPECT_FALSE(d.station->game().is_over());
    d.console("both-flags last", 0ms);
    EXPECT_FALSE(d.station->game().is_over());
    EXPECT_NE(journal_of(dir).find("guidelines_iii=not-announced"), std::string::npos)
        << journal_of(dir);
    d.console("quit");
  }
  StationDriver resumed(dir.path() / "record", true, game_config("15 min"));
  ASSERT_TRUE(resumed.station);
  resumed.console("quickplay-claim accepted", 0ms);
  EXPECT_TRUE(resumed.output.printed_containing("Guidelines III.2.1"));
  EXPECT_FALSE(resumed.station->game().is_over());
}

}  // namespace
}  // namespace quickplay_station_test
}  // namespace annabella::app
