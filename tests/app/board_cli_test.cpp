// `annabella board-sim` and `annabella board watch` run against each other over a real kernel
// pty, in both protocols: a game from a PGN file, commands on stdin, and the errors.
#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace annabella::app {
namespace board_cli_test {
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

// How often `needle` occurs in `text`.
std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// board-sim with `commands` on stdin against board watch; returns watch's exit status and puts
// its output in `out` (board-sim's in `sim`).
int watch_commands(const TempDir& dir, const std::string& protocol, const std::string& commands,
                   const std::string& watch_options, std::string& out, std::string& sim) {
  { std::ofstream(dir / "commands") << commands; }
  const std::string link = (dir / "board").string();
  const int status = run_command(
      kBinary + " board-sim --protocol " + protocol + " --steady --speed 4 --link " + link + " < " +
          (dir / "commands").string() + " > " + (dir / "sim.out").string() + " 2>&1 & " + kBinary +
          " board watch --protocol " + protocol + " --port " + link + " " + watch_options +
          "; status=$?; wait; exit $status",
      out);
  sim = read_file(dir / "sim.out");
  return status;
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

// board-sim from `fen` (quoted for the shell) with `commands` on stdin against board watch from
// the same FEN, until two moves are made; watch's exit status, its output in `out`.
int watch_from_fen(const TempDir& dir, const std::string& protocol, const std::string& fen,
                   const std::string& commands, std::string& out) {
  const std::string link = (dir / "board").string();
  { std::ofstream(dir / "commands") << commands; }
  return run_command(
      kBinary + " board-sim --protocol " + protocol + " --fen " + fen +
          " --steady --speed 4 --link " + link + " < " + (dir / "commands").string() + " > " +
          (dir / "sim.out").string() + " 2>&1 & " + kBinary + " board watch --protocol " +
          protocol + " --fen " + fen + " --port " + link +
          " --settle 30 --announce 200 --moves 2 --timeout 30; status=$?; wait; exit $status",
      out);
}

TEST_P(BoardCli, FromAFenWithMovesTypedOnStdin) {
  TempDir dir;
  std::string out;
  const int status = watch_from_fen(dir, GetParam(), "\"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"",
                                    "move O-O\nmove e8c8\nsleep 300\nquit\n", out);
  EXPECT_EQ(status, 0) << out << read_file(dir / "sim.out");
  // Castling king first (Art. 4.4): the king's touch, then the rook's, one move.
  EXPECT_TRUE(in_order(out, {"connected: the board agrees with the game", "touched e1 white king",
                             "touched h1 white rook", "made O-O (e1g1)", "touched e8 black king",
                             "made O-O-O (e8c8)"}));
  EXPECT_EQ(out.find("illegal"), std::string::npos) << out;
  EXPECT_TRUE(in_order(read_file(dir / "sim.out"), {"played O-O (e1g1)", "played O-O-O (e8c8)"}));
}

// Tester 14h: every FEN the station accepts as game.start_fen, Chess960 ones too (Guidelines
// II): Shredder-FEN castling rights, and X-FEN rights with the king off e1, which board-sim
// refused ("'G' is a Chess960 castling right", "the king is not on e1").
TEST_P(BoardCli, AChess960FenInShredderOrXFenIsAccepted) {
  for (const std::string fen : {"\"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1\"",
                                "\"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1\""}) {
    TempDir dir;
    std::string out;
    const int status =
        watch_from_fen(dir, GetParam(), fen, "move O-O\nmove O-O\nsleep 300\nquit\n", out);
    const std::string sim = read_file(dir / "sim.out");
    EXPECT_EQ(status, 0) << fen << out << sim;
    EXPECT_EQ(sim.find("castling right"), std::string::npos) << fen << sim;
    EXPECT_EQ(count(sim, "played O-O ("), 2u) << fen << sim;
    EXPECT_EQ(count(out, "made O-O ("), 2u) << fen << out;
  }
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

TEST_P(BoardCli, TwoMovesMadeWhileUnpluggedAreMadeInOrder) {
  // Any board one or two legal moves on is brought back in step by making them, in order.
  TempDir dir;
  std::string out, sim;
  const int status = watch_commands(
      dir, GetParam(), "sleep 200\nunplug\nmove e4\nmove e5\nreplug\nsleep 1500\nquit\n",
      "--settle 30 --announce 200 --moves 2 --timeout 30", out, sim);
  EXPECT_EQ(status, 0) << out << sim;
  EXPECT_TRUE(in_order(out, {"connected: the board agrees with the game", "disconnected: ",
                             "reconnected: ", "made e4 (e2e4)", "made e5 (e7e5)"}));
  EXPECT_EQ(count(out, "made e4 (e2e4)"), 1u) << out;
  EXPECT_EQ(count(out, "made e5 (e7e5)"), 1u) << out;
  EXPECT_EQ(out.find("out of sync"), std::string::npos) << out;
  EXPECT_EQ(out.find("differs"), std::string::npos) << out;
}

TEST_P(BoardCli, ACaptureAndItsReplyMadeWhileUnpluggedAreMadeInOrder) {
  TempDir dir;
  std::string out, sim;
  const int status = watch_commands(dir, GetParam(),
                                    "move e4\nmove d5\nsleep 600\nunplug\nmove exd5\n"
                                    "move Qxd5\nreplug\nsleep 1500\nquit\n",
                                    "--settle 30 --announce 200 --moves 4 --timeout 30", out, sim);
  EXPECT_EQ(status, 0) << out << sim;
  EXPECT_TRUE(in_order(out, {"made e4 (e2e4)", "made d5 (d7d5)", "disconnected: ", "reconnected: ",
                             "made exd5 (e4d5)", "made Qxd5 (d8d5)"}));
  EXPECT_EQ(count(out, "made exd5"), 1u) << out;
  EXPECT_EQ(out.find("out of sync"), std::string::npos) << out;
}

TEST_P(BoardCli, ThreeMovesWhileUnpluggedAreOutOfSyncNotGuessed) {
  // "Out of sync" is for boards no sequence of one or two legal moves explains.
  TempDir dir;
  std::string out, sim;
  const int status = watch_commands(
      dir, GetParam(), "sleep 200\nunplug\nmove e4\nmove e5\nmove Nf3\nreplug\nsleep 1500\nquit\n",
      "--settle 30 --announce 200 --moves 1 --timeout 3", out, sim);
  EXPECT_NE(status, 0) << out << sim;
  EXPECT_TRUE(in_order(out, {"disconnected: ", "reconnected: the board differs from the game"}));
  EXPECT_EQ(out.find("made "), std::string::npos) << out;
}

TEST_P(BoardCli, AMoveFinishedJustBeforeOrWhileUnpluggedIsSaidOnce) {
  // The placement lands before the unplug (within the settle time, or settled), or while the
  // board is away: one completion, one "made", in every case.
  for (const char* before_unplug : {"", "sleep 150\n"}) {
    TempDir dir;
    std::string out, sim;
    const int status =
        watch_commands(dir, GetParam(),
                       std::string("sleep 300\nlift e2\nsleep 50\nplace e4\n") + before_unplug +
                           "unplug\nsleep 300\nreplug\nsleep 1000\nlift e7\nsleep 50\nplace "
                           "e5\nsleep 800\nquit\n",
                       "--settle 100 --announce 200 --moves 2 --timeout 30", out, sim);
    EXPECT_EQ(status, 0) << out << sim;
    EXPECT_TRUE(in_order(out, {"touched e2 white pawn", "made e4 (e2e4)", "made e5 (e7e5)"}));
    EXPECT_EQ(count(out, "completed e4 (e2e4)"), 1u) << before_unplug << out;
    EXPECT_EQ(count(out, "made e4 (e2e4)"), 1u) << before_unplug << out;
  }
  TempDir dir;
  std::string out, sim;
  const int status = watch_commands(dir, GetParam(),
                                    "sleep 300\nlift e2\nunplug\nplace e4\nsleep 300\nreplug\n"
                                    "sleep 1000\nlift e7\nsleep 50\nplace e5\nsleep 800\nquit\n",
                                    "--settle 100 --announce 200 --moves 2 --timeout 30", out, sim);
  EXPECT_EQ(status, 0) << out << sim;
  EXPECT_EQ(count(out, "completed e4 (e2e4)"), 1u) << out;
  EXPECT_EQ(count(out, "made e4 (e2e4)"), 1u) << out;
}

TEST_P(BoardCli, TheCapturedPieceLiftedRightAfterTheOpponentsMove) {
  // D.2.3 (3) on a piece-identifying board: the player to move takes off the piece he captures
  // before the opponent's move has settled; the game goes on in step.
  TempDir dir;
  std::string out, sim;
  const int status = watch_commands(
      dir, GetParam(),
      "move e4\nlift d7\nsleep 60\nplace d5\nsleep 60\nlift d5\nsleep 60\nlift e4\nsleep "
      "60\nplace d5\nsleep 400\nlift d5\nsleep 50\nlift d8\nsleep 50\nplace d5\nsleep "
      "800\nquit\n",
      "--settle 300 --announce 600 --moves 4 --timeout 30", out, sim);
  EXPECT_EQ(status, 0) << out << sim;
  EXPECT_TRUE(in_order(out, {"made e4 (e2e4)", "made d5 (d7d5)", "removed d5 black pawn",
                             "made exd5 (e4d5)", "made Qxd5 (d8d5)"}));
  EXPECT_EQ(out.find("out of sync"), std::string::npos) << out;
  EXPECT_EQ(out.find("illegal"), std::string::npos) << out;
}

TEST_P(BoardCli, CastlingRookFirstQuickOrSettledIsOneMoveNoted) {
  // White's rook is followed by the king within the settle time; Black's rook move settles
  // first and castling replaces it. Either way one move, begun with the rook (Art. 4.4.2).
  TempDir dir;
  const std::string fen = "\"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"";
  std::string out, sim;
  const int status = watch_commands(
      dir, GetParam() + " --fen " + fen,  // both commands take the protocol and the position
      "lift h1\nsleep 50\nplace f1\nsleep 50\nlift e1\nsleep 50\nplace g1\nsleep 200\nlift "
      "a8\nsleep 50\nplace d8\nsleep 400\nlift e8\nsleep 50\nplace c8\nsleep 800\nquit\n",
      "--settle 300 --announce 600 --moves 2 --timeout 30", out, sim);
  EXPECT_EQ(status, 0) << out << sim;
  EXPECT_TRUE(in_order(out, {"touched h1 white rook", "begun with the rook h1, Art. 4.4.2",
                             "made O-O (e1g1)", "touched a8 black rook", "completed Rd8 (a8d8)",
                             "completed O-O-O (e8c8), replaces a8d8",
                             "begun with the rook a8, Art. 4.4.2", "made O-O-O (e8c8)"}));
  EXPECT_EQ(out.find("made Rd8"), std::string::npos) << out;
  EXPECT_EQ(out.find("illegal"), std::string::npos) << out;
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
}  // namespace board_cli_test
}  // namespace annabella::app
