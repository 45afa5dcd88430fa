// `annabella board-sim` and `annabella board watch` run against each other over a real kernel
// pty, in both protocols: a game from a PGN file, commands on stdin, and the errors.
#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace annabella::app {
namespace {

using annabella::testing::read_file;
using annabella::testing::run_command;
using annabella::testing::TempDir;

const std::string kBinary = ANNABELLA_BINARY;

// Every needle in order in the haystack.
::testing::AssertionResult in_order(const std::string& text,
                                    const std::vector<std::string>& needles) {
  std::size_t at = 0;
  for (const auto& needle : needles) {
    const auto found = text.find(needle, at);
    if (found == std::string::npos)
      return ::testing::AssertionFailure() << "'" << needle << "' missing (in order) in:\n" << text;
    at = found + needle.size();
  }
  return ::testing::AssertionSuccess();
}

class BoardCli : public ::testing::TestWithParam<std::string> {};

INSTANTIATE_TEST_SUITE_P(Protocols, BoardCli, ::testing::Values("dgt", "peg"),
                         [](const auto& param_info) { return param_info.param; });

TEST_P(BoardCli, WatchFollowsTheSimulatorsGame) {
  TempDir dir;
  // An en passant-free game with a capture each way, a check and a promotion (a DGT board shows
  // the queen; the peg board's player presses PROMOTE-Q).
  {
    std::ofstream(dir / "game.pgn") << "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=Q *\n";
  }
  const std::string link = (dir / "board").string();
  std::string out;
  const int status = run_command(
      kBinary + " board-sim --protocol " + GetParam() + " --link " + link + " --pgn " +
          (dir / "game.pgn").string() + " --speed 8 --seed 5 > " + (dir / "sim.out").string() +
          " 2>&1 & " + kBinary + " board watch --protocol " + GetParam() + " --port " + link +
          " --settle 30 --announce 300 --moves 9 --timeout 60; status=$?; wait; exit $status",
      out);
  EXPECT_EQ(status, 0) << out << read_file(dir / "sim.out");
  EXPECT_TRUE(in_order(
      out, {"connected: the board agrees with the game", "touched e2 white pawn", "made e4 (e2e4)",
            "made d5 (d7d5)", "removed d5 black pawn", "made exd5 (e4d5)", "made c6 (c7c6)",
            "made dxc6 (d5c6)", "made Nf6 (g8f6)", "made cxb7 (c6b7)", "made Nbd7 (b8d7)",
            "removed a8 black rook", "made bxa8=Q (b7a8q)"}));
  EXPECT_TRUE(in_order(read_file(dir / "sim.out"),
                       {"waiting for a host", "the host read the board", "played e4 (e2e4)",
                        "played bxa8=Q (b7a8q)", "game over"}));
}

TEST_P(BoardCli, SimulatorCommandsFromStdin) {
  TempDir dir;
  const std::string link = (dir / "board").string();
  {
    std::ofstream(dir / "commands") << "lift g1\nplace f3\nsleep 300\nlift e4\nlift b8\n"
                                       "place c6\nsleep 300\nbutton time\nbogus\nquit\n";
  }
  std::string out;
  const int status = run_command(
      kBinary + " board-sim --protocol " + GetParam() + " --link " + link + " < " +
          (dir / "commands").string() + " > " + (dir / "sim.out").string() + " 2>&1 & " + kBinary +
          " board watch --protocol " + GetParam() + " --port " + link +
          " --settle 30 --announce 200 --moves 2 --timeout 30; status=$?; wait; exit $status",
      out);
  EXPECT_EQ(status, 0) << out << read_file(dir / "sim.out");
  EXPECT_TRUE(
      in_order(out, {"touched g1 white knight", "placed f3 white knight", "completed Nf3 (g1f3)",
                     "made Nf3 (g1f3)", "touched b8 black knight", "made Nc6 (b8c6)"}));
  const std::string sim = read_file(dir / "sim.out");
  EXPECT_TRUE(in_order(sim, {"lifted white knight from g1", "placed white knight on f3",
                             "there is no piece on e4 to lift", "lifted black knight from b8"}));
  if (GetParam() == "peg")
    EXPECT_NE(sim.find("pressed time"), std::string::npos) << sim;
  else
    EXPECT_NE(sim.find("a DGT board has no time button"), std::string::npos) << sim;
  EXPECT_NE(sim.find("cannot read 'bogus'"), std::string::npos) << sim;
}

TEST_P(BoardCli, FromAFenWithMovesTypedOnStdin) {
  TempDir dir;
  const std::string link = (dir / "board").string();
  const std::string fen = "\"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"";
  { std::ofstream(dir / "commands") << "move O-O\nmove e8c8\nsleep 300\nquit\n"; }
  std::string out;
  const int status = run_command(
      kBinary + " board-sim --protocol " + GetParam() + " --fen " + fen +
          " --steady --speed 4 --link " + link + " < " + (dir / "commands").string() + " > " +
          (dir / "sim.out").string() + " 2>&1 & " + kBinary + " board watch --protocol " +
          GetParam() + " --fen " + fen + " --port " + link +
          " --settle 30 --announce 200 --moves 2 --timeout 30; status=$?; wait; exit $status",
      out);
  EXPECT_EQ(status, 0) << out << read_file(dir / "sim.out");
  // Castling king first (Art. 4.4): the king's touch, then the rook's, one move.
  EXPECT_TRUE(in_order(out, {"connected: the board agrees with the game", "touched e1 white king",
                             "touched h1 white rook", "made O-O (e1g1)", "touched e8 black king",
                             "made O-O-O (e8c8)"}));
  EXPECT_EQ(out.find("illegal"), std::string::npos) << out;
  EXPECT_TRUE(in_order(read_file(dir / "sim.out"), {"played O-O (e1g1)", "played O-O-O (e8c8)"}));
}

TEST_P(BoardCli, UnpluggedMidMoveAndPluggedInAgain) {
  TempDir dir;
  const std::string link = (dir / "board").string();
  {
    std::ofstream(dir / "commands")
        << "lift e2\nsleep 200\nunplug\nplace e4\nsleep 300\nreplug\nsleep 1500\nquit\n";
  }
  std::string out;
  const int status = run_command(
      kBinary + " board-sim --protocol " + GetParam() + " --link " + link + " < " +
          (dir / "commands").string() + " > " + (dir / "sim.out").string() + " 2>&1 & " + kBinary +
          " board watch --protocol " + GetParam() + " --port " + link +
          " --settle 30 --announce 200 --moves 1 --timeout 30; status=$?; wait; exit $status",
      out);
  EXPECT_EQ(status, 0) << out << read_file(dir / "sim.out");
  EXPECT_TRUE(in_order(
      out, {"connected: the board agrees with the game", "touched e2 white pawn",
            "disconnected: " + link, "reconnected: the board shows a move completed meanwhile",
            "completed e4 (e2e4)", "made e4 (e2e4)"}));
  EXPECT_TRUE(
      in_order(read_file(dir / "sim.out"), {"unplugged", "placed white pawn on e4", "plugged in"}));
}

TEST(BoardCliErrors, AMissingPortIsDisconnectedUntilTheTimeout) {
  std::string out;
  const int status = run_command(
      kBinary + " board watch --protocol peg --port /dev/annabella-no-board --timeout 0.3", out,
      true);
  EXPECT_EQ(status, 1);
  EXPECT_TRUE(in_order(out, {"disconnected: /dev/annabella-no-board", "--timeout"})) << out;
}

TEST(BoardCliErrors, ABadMoveFileIsNamed) {
  TempDir dir;
  { std::ofstream(dir / "game.pgn") << "1. e4 e5 2. Ke3 *\n"; }
  std::string out;
  const int status =
      run_command(kBinary + " board-sim --protocol dgt --link " + (dir / "board").string() +
                      " --pgn " + (dir / "game.pgn").string(),
                  out, true);
  EXPECT_EQ(status, 2);
  EXPECT_TRUE(in_order(out, {"game.pgn", "Ke3"})) << out;
  EXPECT_FALSE(std::filesystem::exists(dir / "board"));
}

}  // namespace
}  // namespace annabella::app
