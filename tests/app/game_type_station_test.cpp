// The game type in the station (issue 16, Appendices A and B): said at the start with where it
// comes from, kept in the journal and the PGN, and applied: the penalties of Articles 7 and 9 are
// one minute in blitz (B.2) and two otherwise (Art. 7.5.5, 9.5.3); the event's choice of A.3 or
// A.4 (A.5) is said; a type set in the configuration wins over the time control's; resumption
// keeps the recorded type.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/game_record.h"
#include "app/journal.h"
#include "app/record.h"
#include "core/position.h"
#include "core/unwinnability.h"
#include "support/game_config.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace game_type_station_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::read_file;
using annabella::testing::StationDriver;
using annabella::testing::TempDir;

config::StationConfig with_control(const std::string& control, const std::string& type = "auto",
                                   const std::string& supervision = "appendix") {
  return annabella::testing::game_config(control, {.type = type, .supervision = supervision});
}

struct TypeCase {
  const char* control;
  const char* type;  // game.type
  const char* supervision;
  const char* said;              // in the start line
  const char* pgn_tag;           // [GameType "..."]
  std::chrono::minutes penalty;  // of Articles 7 and 9
};

class GameTypeInTheStation : public ::testing::TestWithParam<TypeCase> {};

TEST_P(GameTypeInTheStation, IsSaidRecordedAndApplied) {
  const TypeCase& c = GetParam();
  TempDir dir;
  StationDriver d(dir.path() / "record", false, with_control(c.control, c.type, c.supervision));
  ASSERT_TRUE(d.station);
  EXPECT_TRUE(d.output.printed_containing(c.said)) << c.control;
  // An incorrect draw claim (Art. 9.5.3; B.2 in blitz).
  const auto black_before = d.station->clock().remaining(core::BLACK, d.now);
  d.console("draw-claim");  // White to move claims; nothing repeats
  EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), black_before + c.penalty)
      << c.control;
  // The arbiter's penalty without minutes: the game type's (Art. 7.5.5; B.2). Black's clock
  // stands (White is to move).
  d.console("penalty black");
  EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), black_before + 2 * c.penalty)
      << c.control;
  // With minutes, the arbiter's own (Art. 12.9).
  d.console("penalty black 3");
  EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), black_before + 2 * c.penalty + 3min);
  const std::string pgn = read_file(dir.path() / "record" / "game.pgn");
  EXPECT_NE(pgn.find(std::string("[GameType \"") + c.pgn_tag + "\"]"), std::string::npos) << pgn;
}

INSTANTIATE_TEST_SUITE_P(
    AppendicesAAndB, GameTypeInTheStation,
    ::testing::Values(
        TypeCase{"3 min + 2 s/move", "auto", "appendix",
                 "Game type: blitz (B.1, 0:05:00 for 60 moves); B.4 applies (B.5); penalties are "
                 "one minute instead of two (B.2)",
                 "blitz", 1min},
        TypeCase{"15 min + 10 s/move", "auto", "competition",
                 "Game type: rapid (A.1, 0:25:00 for 60 moves); A.3 applies (A.5); the players "
                 "need not record the moves (A.2)",
                 "rapid", 2min},
        TypeCase{"90 min/40 moves + 30 min + 30 s/move", "auto", "appendix",
                 "Game type: standard play (2:30:00 for 60 moves)", "standard", 2min},
        // The event's regulations may say otherwise than the control: the configuration wins.
        TypeCase{"15 min + 10 s/move", "blitz", "appendix",
                 "Game type: blitz (B.1, set by game.type); B.4 applies (B.5)", "blitz", 1min}));

TEST(GameTypeInTheStation, TheRecordedTypeWinsOnResumption) {
  TempDir dir;
  {
    StationDriver d(dir.path() / "record", false, with_control("15 min + 10 s/move", "blitz"));
    ASSERT_TRUE(d.station);
  }
  const std::string journal = read_file(dir.path() / "record" / "game.journal");
  EXPECT_NE(journal.find("type=blitz"), std::string::npos) << journal;
  // Resumed with a configuration that says nothing of the type: the journal's is used, and said.
  StationDriver resumed(dir.path() / "record", true, with_control("15 min + 10 s/move"));
  ASSERT_TRUE(resumed.station);
  EXPECT_TRUE(resumed.output.printed_containing(
      "config says game.type \"auto\", the journal says \"blitz\": the journal's is used"));
  const auto black_before = resumed.station->clock().remaining(core::BLACK, resumed.now);
  resumed.console("draw-claim");
  EXPECT_EQ(resumed.station->clock().remaining(core::BLACK, resumed.now), black_before + 1min);
}

TEST(GameTypeInTheStation, AJournalWrittenBeforeGameTypesTakesTheControlsType) {
  // The header's type and supervision are absent from older journals: the control decides.
  RecordHeader header;
  header.control = "3 min + 2 s/move";
  EXPECT_EQ(game_rules(header).type, core::GameType::Blitz);
  EXPECT_EQ(game_rules(header).supervision, core::Supervision::Appendix);
  header.control = "*180";  // an hourglass has no time for 60 moves: standard
  EXPECT_EQ(game_rules(header).type, core::GameType::Standard);
}

// Art. 7.5.5: the arbiter establishes a completed illegal move. The first gives the opponent the
// game type's penalty (one minute in blitz, B.2), journaled and noted in the PGN at its move; it
// survives a resumption, so the second, later, loses the game. A.4.2 is cited in rapid and blitz
// under A.4 (B.4). The station never takes an illegal move, so its player is still to move
// (Art. 7.5.1): the command names the player to move only, and the same one named twice at one
// point (no move made since) counts once unless the arbiter says "again" (tester, session 13).
TEST(GameTypeInTheStation, ACompletedIllegalMoveFirstPenaltyThenLossArt755) {
  TempDir dir;
  {
    StationDriver d(dir.path() / "record", false, with_control("3 min + 2 s/move"));
    ASSERT_TRUE(d.station);
    // Before his first move Black can have completed no illegal move: refused.
    d.console("illegal-move black", 0ms);
    EXPECT_TRUE(d.output.printed_containing("Black is not to move")) << d.output.printed.back();
    EXPECT_TRUE(d.station->record().illegal_moves().empty());
    // White's first, before his first legal move.
    d.console("illegal-move white", 0ms);
    d.hand("e2", "e4");
    // Black (the sighted player) completed an illegal move on his board; the station never took
    // it, so Black is still to move.
    const auto white_before = d.station->clock().remaining(core::WHITE, d.now);
    d.console("illegal-move black", 0ms);
    EXPECT_EQ(d.station->clock().remaining(core::WHITE, d.now), white_before + 1min);
    EXPECT_TRUE(d.output.printed_containing("Art. 7.5.5, A.4.2")) << d.output.printed.back();
    EXPECT_FALSE(d.station->game().is_over());
    // Typed twice: counted once.
    d.console("illegal-move black", 0ms);
    EXPECT_FALSE(d.station->game().is_over());
    EXPECT_TRUE(d.output.printed_containing("penalised already")) << d.output.printed.back();
    EXPECT_EQ(d.station->clock().remaining(core::WHITE, d.now), white_before + 1min);
    // White is not to move: his cannot be named now.
    d.console("illegal-move white", 0ms);
    EXPECT_TRUE(d.output.printed_containing("White is not to move")) << d.output.printed.back();
    const std::string journal = read_file(dir.path() / "record" / "game.journal");
    EXPECT_NE(journal.find("reason=illegal move"), std::string::npos) << journal;
    EXPECT_NE(journal.find("by=black"), std::string::npos) << journal;
    std::string pgn = read_file(dir.path() / "record" / "game.pgn");
    std::replace(pgn.begin(), pgn.end(), '\n', ' ');
    // At the move after which it was established.
    const auto noted = pgn.find(
        "{Black's first completed illegal move, established by the "
        "arbiter: 1 minute added to White (Art. 7.5.5)");
    EXPECT_NE(noted, std::string::npos) << pgn;
    EXPECT_LT(pgn.find("1. e4"), noted) << pgn;
    d.console("quit");
  }
  StationDriver resumed(dir.path() / "record", true, with_control("3 min + 2 s/move"));
  ASSERT_TRUE(resumed.station);
  ASSERT_EQ(resumed.station->record().illegal_moves().size(), 2u);
  EXPECT_EQ(resumed.station->record().illegal_moves()[1].by, core::BLACK);
  EXPECT_EQ(resumed.station->record().illegal_moves()[1].ply, 1);
  // The resumption does not make the same one count twice; the arbiter's "again" does, and
  // Black's second loses (White's first does not count against Black).
  resumed.console("illegal-move black", 0ms);
  EXPECT_FALSE(resumed.station->game().is_over());
  resumed.console("illegal-move black again", 0ms);
  ASSERT_TRUE(resumed.station->game().is_over()) << resumed.output.printed.back();
  EXPECT_EQ(resumed.station->game().end().result, core::GameResult::WhiteWins);
  EXPECT_EQ(resumed.station->game().end().rule, "Art. 7.5.5, A.4.2");
  // The PGN standard's value for a game lost by breaking the Laws (tester 14c: "adjudication").
  EXPECT_EQ(resumed.station->game().end().termination, core::Termination::IllegalMoves);
  std::string pgn = read_file(dir.path() / "record" / "game.pgn");
  std::replace(pgn.begin(), pgn.end(), '\n', ' ');
  EXPECT_NE(pgn.find("[Result \"1-0\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Termination \"rules infraction\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("Black's second completed illegal move: Black loses"), std::string::npos)
      << pgn;
  resumed.console("quit");
}

// Art. 7.5.5: "the game is drawn if the position is such that the opponent cannot checkmate the
// player's king by any possible series of legal moves"; standard play cites Art. 7.5.5 alone.
TEST(GameTypeInTheStation, ASecondIllegalMoveIsADrawWhenTheOpponentCannotMate) {
  TempDir dir;
  config::StationConfig config = with_control("90 min/40 moves + 30 min + 30 s/move");
  config.game.start_fen = "4k3/8/8/8/8/8/4P3/4K2N w - - 0 1";  // Black has a lone king
  StationDriver d(dir.path() / "record", false, config);
  ASSERT_TRUE(d.station);
  const auto black_before = d.station->clock().remaining(core::BLACK, d.now);
  d.console("illegal-move white", 0ms);
  EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), black_before + 2min);
  EXPECT_TRUE(d.output.printed_containing("(Art. 7.5.5)"));
  d.console("illegal-move white again", 0ms);  // a second at the same point, as the arbiter says
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().result, core::GameResult::Draw);
  EXPECT_EQ(d.station->game().end().rule, "Art. 7.5.5");
  EXPECT_EQ(d.station->game().end().termination, core::Termination::IllegalMoves);
  const std::string pgn = read_file(dir.path() / "record" / "game.pgn");
  EXPECT_NE(pgn.find("[Termination \"rules infraction\"]"), std::string::npos) << pgn;
  EXPECT_TRUE(d.output.printed_containing("cannot checkmate"));
  d.console("illegal-move white", 0ms);
  EXPECT_TRUE(d.output.printed_containing("the game is over"));
}

// Art. 6.9, 7.5.5: the game is drawn only if the opponent cannot checkmate by any series of legal
// moves. Where the station's analysis gives up (a rook against a lone bishop, tester session 13:
// it used to count as "can mate" and recorded 0-1), the station ends nothing and asks the
// arbiter, who rules with "win" or "draw".
TEST(GameTypeInTheStation, WhereTheMateAnalysisGivesUpTheArbiterRulesOnFlagAndIllegalMove) {
  const std::string fen = "8/5k2/8/2b5/8/8/8/R6K w - - 0 40";  // White K+R, Black K+B
  ASSERT_EQ(core::analyse_mate(*core::Position::from_fen(fen), core::BLACK).verdict,
            core::Winnability::Unknown);
  TempDir dir;
  config::StationConfig config = with_control("3 min");
  config.game.start_fen = fen;
  StationDriver d(dir.path() / "record", false, config);
  ASSERT_TRUE(d.station);
  d.console("illegal-move white", 0ms);
  d.console("illegal-move white again", 0ms);
  EXPECT_FALSE(d.station->game().is_over());
  EXPECT_TRUE(
      d.output.printed_containing("illegal-move white again win or illegal-move white "
                                  "again draw"))
      << d.output.printed.back();
  d.console("adjust 0:00:01 0:02:00", 0ms);
  d.wait(2s);
  ASSERT_EQ(d.station->clock().flags(d.now).size(), 1u);
  d.console("flag", 0ms);
  EXPECT_FALSE(d.station->game().is_over());
  EXPECT_TRUE(
      d.output.printed_containing("the arbiter rules: flag win if Black can, flag draw "
                                  "if not (Art. 6.9)"))
      << d.output.printed.back();
  d.console("flag draw", 0ms);
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().result, core::GameResult::Draw);
  EXPECT_EQ(d.station->game().end().termination, core::Termination::TimeForfeitDraw);
}

}  // namespace
}  // namespace game_type_station_test
}  // namespace annabella::app
