// `annabella pgn check FILE` as README documents it: each problem with game number, move number
// and offending text; the exit code says whether the file is clean.
#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace annabella::app {
namespace pgn_cli_test {
namespace {

using annabella::testing::run_command;
using annabella::testing::TempDir;

int check(const TempDir& dir, const std::string& pgn, std::string& out,
          const std::string& extra = "") {
  const auto file = dir / "games.pgn";
  std::ofstream(file, std::ios::binary) << pgn;
  return run_command(std::string(ANNABELLA_BINARY) + " pgn check " + extra + " " + file.string(),
                     out, true);
}

TEST(PgnCheckCommand, CleanFileExitsZero) {
  TempDir dir;
  std::string out;
  EXPECT_EQ(check(dir,
                  "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 {[%clk 0:03:00]} e5 (1... c5) "
                  "2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
                  "[Event \"b\"]\n[Result \"*\"]\n\n1. d4 *\n",
                  out),
            0);
  EXPECT_EQ(out, (dir / "games.pgn").string() + ": 2 games, 8 main-line moves read, no problems\n");
}

TEST(PgnCheckCommand, EachProblemWithGameMoveLineAndText) {
  TempDir dir;
  std::string out;
  EXPECT_EQ(check(dir,
                  "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
                  "[Event \"b\"]\n\n1. e4 e5\n2. Ke3 Nc6 3. Nf3 *\n\n"
                  "[Event \"c\"]\n[Result \"1-0\"]\n\n1. d4 d5 0-1\n\n"
                  "1. c4 e5 2. Nc3 {no end\n",
                  out),
            1);
  const std::string expected_lines[] = {
      "game 2, move 2 (White), line 8: 'Ke3' is illegal: the king on e1 cannot reach e3\n",
      "game 3, move 2 (White), line 13: the game ends with 0-1 but its Result tag says \"1-0\"\n",
      "game 4, move 2 (Black), line 16: the comment opened on line 15 is not closed (at \"{no "
      "end\")\n",
      "game 4, move 2 (Black), line 16: the game has no termination marker",
      ": 4 games, 11 main-line moves read, 4 problems, 2 moves not checked (after a move that "
      "could not be read or the game's end)\n",
  };
  std::size_t at = 0;
  for (const std::string& line : expected_lines) {
    const std::size_t found = out.find(line, at);
    EXPECT_NE(found, std::string::npos) << "missing in order: " << line << "\n" << out;
    if (found != std::string::npos) at = found + line.size();
  }
}

// A suffix annotation written apart from its move ("e5 !") is that move's NAG (PGN 8.2.3.8), not
// an empty move that stops the check; a bad NAG is reported at the move before it.
TEST(PgnCheckCommand, ADetachedAnnotationBelongsToTheMoveBeforeIt) {
  TempDir dir;
  std::string out;
  EXPECT_EQ(check(dir, "1. e4 e5 ! 2. Nf3 Nc6 3. Bb5 a6 !? 4. Ba4 ?! Nf6 *\n", out), 0) << out;
  EXPECT_NE(out.find("8 main-line moves read, no problems"), std::string::npos) << out;
  EXPECT_EQ(check(dir, "1. e4 e5 2. Nf3 Nc6 $ 3. Bb5 *\n", out), 1) << out;
  EXPECT_NE(out.find("game 1, move 2 (Black), line 1: '$' is not a NAG"), std::string::npos) << out;
  EXPECT_NE(out.find("5 main-line moves read"), std::string::npos) << out;
}

// Chess960 (Guidelines II) is checked, as the station writes it: Variant tag and FEN.
TEST(PgnCheckCommand, AChess960GameIsChecked) {
  TempDir dir;
  std::string out;
  EXPECT_EQ(check(dir,
                  "[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                  "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n"
                  "1. e4 e5 2. Nd3 Nd6 3. Ne3 Ne6 4. Nf5 {f1 holds a rook: O-O is illegal} *\n",
                  out),
            0)
      << out;
  EXPECT_NE(out.find("7 main-line moves read, no problems"), std::string::npos) << out;
  EXPECT_EQ(check(dir,
                  "[Variant \"Chess960\"]\n[SetUp \"1\"]\n"
                  "[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]\n\n"
                  "1. e4 e5 2. Ke2 *\n",
                  out),
            1)
      << out;
  EXPECT_NE(out.find("'Ke2' is illegal"), std::string::npos) << out;
}

TEST(PgnCheckCommand, LenientReadsScoresheetFormsInALanguage) {
  TempDir dir;
  std::string out;
  const std::string pgn = "1. e2-e4 e5 2. Sg1-f3 Sc6 3. 0-0 *\n";
  EXPECT_EQ(check(dir, pgn, out), 1) << out;  // strict: long algebraic is not SAN
  EXPECT_NE(out.find("'e2-e4' is not a move"), std::string::npos) << out;
  EXPECT_EQ(check(dir, pgn, out, "--lenient --lang de"), 1) << out;  // castling is illegal here
  EXPECT_NE(out.find("game 1, move 3 (White), line 1: '0-0' is illegal: castling O-O is prevented"),
            std::string::npos)
      << out;
  EXPECT_EQ(check(dir, "1. e2-e4 e5 2. Sg1-f3 Sc6 *\n", out, "--lenient --lang de"), 0) << out;
}

// A game ends by itself (Art. 5.1.1, 5.2.1, 5.2.2, 9.6): moves after that are reported.
TEST(PgnCheckCommand, MovesAfterTheGameEndedByItselfAreReported) {
  TempDir dir;
  std::string out;
  EXPECT_EQ(check(dir,
                  "[Event \"repetition\"]\n[Result \"1/2-1/2\"]\n\n"
                  "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6\n"
                  "8. Ng1 Ng8 9. e4 e5 1/2-1/2\n",
                  out),
            1);
  EXPECT_NE(out.find("game 1, move 9 (White), line 5: 'e4' is played after the game ended by "
                     "itself: the same position has appeared five times (Art. 9.6.1)"),
            std::string::npos)
      << out;
  EXPECT_NE(
      out.find(
          "1 problem, 1 move not checked (after a move that could not be read or the game's end)"),
      std::string::npos)
      << out;
}

TEST(PgnCheckCommand, MissingFileExitsTwo) {
  std::string out;
  EXPECT_EQ(run_command(std::string(ANNABELLA_BINARY) + " pgn check /nonexistent/x.pgn", out, true),
            2);
  EXPECT_NE(out.find("cannot read \"/nonexistent/x.pgn\": No such file or directory"),
            std::string::npos)
      << out;
}

}  // namespace
}  // namespace pgn_cli_test
}  // namespace annabella::app
