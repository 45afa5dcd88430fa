// `annabella demo` (README's main command) end to end, fast: a real game through the real
// station with the simulated pegboard and a simulated opponent, and the record it leaves.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <sstream>

#include "core/pgn.h"
#include "support/child_process.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace demo_cli_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::read_file;
using annabella::testing::TempDir;

TEST(DemoCommand, PlaysTheWholeShowAndWritesTheRecord) {
  TempDir dir;
  const auto folder = dir.path() / "demo";
  ChildProcess demo(
      {ANNABELLA_BINARY, "demo", "--speed", "8", "--silent", "--folder", folder.string()});
  ASSERT_EQ(demo.wait(120s), 0) << demo.output();
  const std::string& out = demo.output();
  for (const char* expected : {
           "(D.2.11): the demo's simulated assistant",     // the sighted moves' source
           "touched e2 white pawn (D.2.2)",                // a touched piece
           "say public: Eva vier",                         // D.2.1 words
           "made 2. exd5 (e4d5) by pegboard",              // a capture
           "say private: Weiss:",                          // a time request (D.2.10.4)
           "illegal: the announced move is g8f6 (D.2.1)",  // a wrong placement caught
           "went wrong at Black's move 3",                 // ... and reconciled (D.2.9)
           "say private: Springer von Hector sechs nach Felix sechs",
           "executed g8f6 on the pegboard",       // ... and corrected
           "say public: Kurze Rochade",           // castling
           "made 8. bxa8=Q (b7a8q) by pegboard",  // a promotion
           "game over: 1-0",                      //
           "Demo finished. The record is in",     //
       }) {
    EXPECT_NE(out.find(expected), std::string::npos) << expected << "\n" << out;
  }
  // The exports: a PGN that reads back, a braille scoresheet, the touch log, the recording.
  std::istringstream pgn(read_file(folder / "game.pgn"));
  core::PgnGameStream games(pgn);
  auto game = games.next();
  ASSERT_TRUE(game);
  EXPECT_EQ(game->tag("Result"), "1-0");
  EXPECT_EQ(game->moves.moves.size(), 16u);
  EXPECT_TRUE(game->problems.empty());
  // The PGN standard's Termination value; the reason in words in the last move's comment.
  EXPECT_EQ(game->tag("Termination"), "normal");
  ASSERT_FALSE(game->moves.moves.back().comments.empty());
  EXPECT_NE(game->moves.moves.back().comments.back().find("(Art. "), std::string::npos);
  // One [%clk]/[%emt] format throughout: H:MM:SS.s.
  std::string text = read_file(folder / "game.pgn");
  std::replace(text.begin(), text.end(), '\n', ' ');  // a comment may be wrapped
  const std::regex command(R"(\[%(clk|emt) ([^\]]*)\])");
  int commands = 0;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), command);
       it != std::sregex_iterator(); ++it, ++commands)
    EXPECT_TRUE(std::regex_match((*it)[2].str(), std::regex(R"(\d+:\d\d:\d\d\.\d)")))
        << (*it)[0].str();
  EXPECT_EQ(commands, 32);  // both, after each of the 16 moves
  // The braille scoresheet: 25 lines on its one page, the braille page number "#A" on the last.
  const std::string brf = read_file(folder / "scoresheet.brf");
  EXPECT_EQ(std::count(brf.begin(), brf.end(), '\n'), 25) << brf;
  EXPECT_NE(brf.find(std::string(38, ' ') + "#A\r\n"), std::string::npos) << brf;
  // In the VI player's language's braille by default (record.braille_table = "auto", issue 17):
  // German, de-g0.utb, "1. e4 d5" with German braille's full stop after the number (dot 3).
  EXPECT_NE(brf.find("#A' E#D D#E\r\n"), std::string::npos) << brf;
  EXPECT_NE(read_file(folder / "touches.txt").find("e2\twhite pawn"), std::string::npos);
  EXPECT_GT(std::filesystem::file_size(folder / "announcements.wav"), 44u);
}

// `annabella demo --chess960 N` (Guidelines II): arrangement 333, NRQBKRBN, where castling
// short moves only the king (e1 to g1 beside the f1 rook, II.3.2.3); both sides castle, the
// VI player on his pegboard, the sighted player's typed and executed on it.
TEST(DemoCommand, AChess960GameInWhichBothCastle) {
  TempDir dir;
  const auto folder = dir.path() / "demo";
  ChildProcess demo({ANNABELLA_BINARY, "demo", "--chess960", "333", "--speed", "8", "--silent",
                     "--folder", folder.string()});
  ASSERT_EQ(demo.wait(120s), 0) << demo.output();
  const std::string& out = demo.output();
  for (const char* expected : {
           "made 3. O-O (e1f1) by pegboard",   // the king castles onto g1, the rook stays
           "made 3... O-O (e8f8) by console",  // typed by the assistant
           "executed e8f8 on the pegboard",    // and executed by the VI player
           "say public: Kurze Rochade",        //
           "game over: 1-0",                   //
       }) {
    EXPECT_NE(out.find(expected), std::string::npos) << expected << "\n" << out;
  }
  const std::string pgn = read_file(folder / "game.pgn");
  EXPECT_NE(pgn.find("[Variant \"Chess960\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[FEN \"nrqbkrbn/pppppppp/8/8/8/8/PPPPPPPP/NRQBKRBN w KQkq - 0 1\"]"),
            std::string::npos)
      << pgn;
  // Out of range: refused before anything starts.
  ChildProcess wrong({ANNABELLA_BINARY, "demo", "--chess960", "960", "--silent", "--folder",
                      (dir.path() / "none").string()});
  EXPECT_NE(wrong.wait(30s), 0) << wrong.output();
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "none"));
}

}  // namespace
}  // namespace demo_cli_test
}  // namespace annabella::app
