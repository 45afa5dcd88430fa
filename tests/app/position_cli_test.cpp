// `annabella position --fen FEN [--json]` as an arbiter runs it: a position of each kind, the
// verdicts read back from the JSON and cross-checked (a mating line replayed to mate, a "cannot"
// against the core's own analysis and a brute-force search).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>

#include "core/movegen.h"
#include "core/unwinnability.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace position_cli_test {
namespace {

using annabella::testing::run_command;

std::string quoted(const std::string& text) {
  return "\"" + text + "\"";
}

// Runs the command with --json and returns "key=value" lines for the keys asked for, read by
// Python's JSON parser (so the output is valid JSON too).
std::string json_fields(const std::string& fen, const std::string& extra, int& status) {
  annabella::testing::TempDir dir;
  const auto file = dir.path() / "out.json";
  std::string out;
  status = run_command(std::string(ANNABELLA_BINARY) + " position --json " + extra + " --fen " +
                           quoted(fen) + " > " + file.string(),
                       out, true);
  std::string fields;
  const std::string script =
      "import json; d = json.load(open('" + file.string() +
      "')); print('legal=%s dead=%s white=%s black=%s' % (d['legal'], d['dead_position'], "
      "d['white_can_checkmate'], d['black_can_checkmate'])); "
      "[print('%s_line=%s' % (s, ' '.join(d[s]['line_uci']))) for s in ('white', 'black') if s "
      "in d]";
  EXPECT_EQ(run_command("python3 -c \"" + script + "\"", fields, true), 0) << fields;
  return fields;
}

std::string line_of(const std::string& fields, const std::string& side) {
  const auto at = fields.find(side + "_line=");
  if (at == std::string::npos) return "";
  const auto start = at + side.size() + 6;
  return fields.substr(start, fields.find('\n', start) - start);
}

// The UCI line replays legally and ends with `side` checkmating.
void expect_mating_line(const std::string& fen, const std::string& line, core::Color side) {
  auto pos = core::Position::from_fen(fen);
  ASSERT_TRUE(pos);
  std::istringstream moves(line);
  std::string uci;
  while (moves >> uci) {
    core::Move found = core::Move::none();
    for (core::Move m : core::legal_moves(*pos))
      if (core::to_uci(m) == uci) found = m;
    ASSERT_FALSE(found.is_none()) << uci << " is not legal in " << pos->fen();
    pos->play(found);
  }
  EXPECT_TRUE(core::is_checkmate(*pos)) << fen << " then " << line;
  EXPECT_NE(pos->side_to_move(), side);
}

struct Kind {
  const char* name;
  const char* fen;
  const char* verdicts;  // what --json says: legal, dead, white, black
};

const Kind kKinds[] = {
    {"Checkmate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
     "legal=True dead=False white=False black=True"},
    {"Stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "legal=True dead=True white=False black=False"},
    {"DeadByMaterial", "8/8/4k3/8/8/3KB3/8/8 w - - 0 1",
     "legal=True dead=True white=False black=False"},
    {"DeadByPawnWall", "8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/8 w - - 0 1",
     "legal=True dead=True white=False black=False"},
    {"SameColouredBishopsWithBlockedPawns",
     "3b4/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/2B5/8 w - - 0 1",
     "legal=True dead=True white=False black=False"},
    {"WinnableForWhiteOnly", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1",
     "legal=True dead=False white=True black=False"},
    {"ForcedLine", "k7/1R6/8/8/8/8/8/7K b - - 0 1", "legal=True dead=True white=False black=False"},
    // Black mates only after White's king takes a3 (issue 16: it was `null` before).
    {"WallTheLosersKingOpens", "8/2k5/1p1p1p1p/1PpPpPpP/2P1P1P1/p7/P2K4/8 w - - 0 1",
     "legal=True dead=False white=True black=True"},
};

class PositionKinds : public ::testing::TestWithParam<Kind> {};

TEST_P(PositionKinds, JsonVerdictsCrossChecked) {
  const Kind& k = GetParam();
  int status = 0;
  const std::string fields = json_fields(k.fen, "", status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(fields.substr(0, fields.find('\n')), k.verdicts) << k.fen;
  // The same verdicts as the core's analysis; a line for each side that can mate.
  auto pos = core::Position::from_fen(k.fen);
  ASSERT_TRUE(pos);
  const core::DeadPositionAnalysis d = core::analyse_dead_position(*pos);
  for (const core::MateAnalysis* a : {&d.white, &d.black}) {
    const std::string side = a->side == core::WHITE ? "white" : "black";
    const bool can = a->verdict == core::Winnability::Winnable;
    EXPECT_NE(fields.find(side + "=" + (can ? "True" : "False")), std::string::npos) << fields;
    if (a->reason == core::WinnabilityReason::MatingLine)
      expect_mating_line(k.fen, line_of(fields, side), a->side);
  }
}

INSTANTIATE_TEST_SUITE_P(Kinds, PositionKinds, ::testing::ValuesIn(kKinds),
                         [](const auto& test_info) { return std::string(test_info.param.name); });

TEST(PositionCommand, TextSaysWhyWithTheArticles) {
  std::string out;
  ASSERT_EQ(run_command(std::string(ANNABELLA_BINARY) + " position --fen " +
                            quoted("3b4/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/2B5/8 w - - 0 1"),
                        out),
            0);
  EXPECT_NE(out.find("legal: yes"), std::string::npos) << out;
  EXPECT_NE(out.find("dead position (Art. 5.2.2): yes"), std::string::npos) << out;
  EXPECT_NE(out.find("White can checkmate (Art. 6.9): no: the pawns on"), std::string::npos) << out;
  EXPECT_NE(out.find("are locked for good"), std::string::npos) << out;
  ASSERT_EQ(run_command(std::string(ANNABELLA_BINARY) + " position --fen " +
                            quoted("8/8/8/4k3/8/8/8/R3K3 b - - 0 1"),
                        out),
            0);
  EXPECT_NE(out.find("White can checkmate (Art. 6.9): yes: for example 1... K"), std::string::npos)
      << out;
  EXPECT_NE(out.find("Black can checkmate (Art. 6.9): no: Black has too little material"),
            std::string::npos)
      << out;
}

TEST(PositionCommand, UnknownWhenTheSearchGivesUp) {
  // The start position with a search budget of 20 positions: neither a line nor a proof.
  int status = 0;
  const std::string fields = json_fields(std::string(core::kStartFen), "--nodes 20", status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(fields.substr(0, fields.find('\n')), "legal=True dead=None white=None black=None");
  std::string out;
  ASSERT_EQ(run_command(std::string(ANNABELLA_BINARY) + " position --nodes 20 --fen " +
                            quoted(std::string(core::kStartFen)),
                        out),
            0);
  EXPECT_NE(out.find("White can checkmate (Art. 6.9): unknown: not decided"), std::string::npos)
      << out;
}

TEST(PositionCommand, AnIllegalPositionIsAnsweredWithTheReason) {
  int status = 0;
  const std::string fields = json_fields("4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "", status);
  EXPECT_EQ(status, 1);  // a problem found
  EXPECT_EQ(fields.substr(0, fields.find('\n')), "legal=False dead=None white=None black=None");
  std::string out;
  ASSERT_EQ(run_command(std::string(ANNABELLA_BINARY) + " position --fen " +
                            quoted("4k3/8/8/8/8/8/8/r3K3 b - - 0 1"),
                        out),
            1);
  EXPECT_NE(out.find("legal: no: White is in check, but it is Black's move"), std::string::npos)
      << out;
}

// Art. 3.10.3: a position no game can reach is not legal, and says why (exit 1): a double check
// by two pieces neither of which can have been uncovered, a halfmove clock above the plies played.
TEST(PositionCommand, APositionNoGameCanReachIsNotLegal) {
  const std::string binary = std::string(ANNABELLA_BINARY) + " position --fen ";
  std::string out;
  EXPECT_EQ(run_command(binary + quoted("4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1"), out, true), 1) << out;
  EXPECT_NE(out.find("legal: no: the king is checked by the pieces on d6, f6, which no single "
                     "move can do"),
            std::string::npos)
      << out;
  EXPECT_EQ(run_command(binary + quoted("4k3/3P1P2/8/8/8/8/8/4K3 b - - 0 1"), out, true), 1) << out;
  EXPECT_NE(out.find("d7, f7"), std::string::npos) << out;
  EXPECT_EQ(run_command(binary + quoted("4k3/8/8/8/8/8/8/4K2R w - - 200 80"), out, true), 1) << out;
  EXPECT_NE(out.find("the halfmove clock is 200, but the game has played only 158 plies"),
            std::string::npos)
      << out;
  // A discovered double check (rook uncovered by the knight) can arise.
  EXPECT_EQ(run_command(binary + quoted("4k3/8/3N4/8/8/8/8/3KR3 b - - 0 1"), out, true), 0) << out;
  EXPECT_NE(out.find("legal: yes"), std::string::npos) << out;
}

// Art. 9.6.2: after 75 moves by each player without a pawn move or capture the game is drawn.
TEST(PositionCommand, SeventyFiveMovesWithoutPawnMoveOrCaptureAreNoted) {
  std::string out;
  EXPECT_EQ(run_command(std::string(ANNABELLA_BINARY) + " position --fen " +
                            quoted("4k3/8/8/8/8/8/8/4K2R w - - 150 90"),
                        out, true),
            0)
      << out;
  EXPECT_NE(out.find("75-move rule: the last 75 moves by each player were made "
                     "without a pawn move or a capture: the game is drawn"),
            std::string::npos)
      << out;
}

TEST(PositionCommand, AnUnreadableFenIsBadInput) {
  std::string out;
  EXPECT_EQ(run_command(std::string(ANNABELLA_BINARY) + " position --fen " +
                            quoted("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
                        out, true),
            2);
  EXPECT_NE(out.find("--fen cannot be read: FEN column 19: '9' is not a piece letter"),
            std::string::npos)
      << out;
  EXPECT_EQ(run_command(std::string(ANNABELLA_BINARY) + " position", out, true), 2);
}

TEST(PositionCommand, Chess960Positions) {
  std::string out;
  ASSERT_EQ(
      run_command(std::string(ANNABELLA_BINARY) + " position --chess960 --fen " +
                      quoted("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
                  out),
      0);
  EXPECT_NE(out.find("position: bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("dead position (Art. 5.2.2): no"), std::string::npos) << out;
}

}  // namespace
}  // namespace position_cli_test
}  // namespace annabella::app
