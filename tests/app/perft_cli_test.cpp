// `annabella perft` as README documents it.
#include <gtest/gtest.h>

#include "support/temp_dir.h"

namespace annabella::app {
namespace perft_cli_test {
namespace {

using annabella::testing::run_command;

TEST(PerftCommand, PrintsTheNodeCount) {
  std::string out;
  ASSERT_EQ(run_command(std::string(ANNABELLA_BINARY) + " perft --depth 3", out), 0);
  EXPECT_EQ(out, "8902\n");
}

TEST(PerftCommand, DivideListsEachRootMoveThenTheTotal) {
  std::string out;
  const std::string fen =
      "\"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\"";
  ASSERT_EQ(
      run_command(std::string(ANNABELLA_BINARY) + " perft --divide --depth 2 --fen " + fen, out),
      0);
  EXPECT_NE(out.find("e1g1: 43\n"), std::string::npos) << out;
  EXPECT_NE(out.find("e1c1: 43\n"), std::string::npos) << out;
  EXPECT_NE(out.find("\n\n2039\n"), std::string::npos) << out;
  // 48 root moves, each on its own line.
  int lines = 0;
  for (char c : out) lines += c == '\n';
  EXPECT_EQ(lines, 48 + 2);
}

TEST(PerftCommand, BadFenIsReportedWithItsFault) {
  std::string out;
  EXPECT_EQ(run_command(std::string(ANNABELLA_BINARY) +
                            " perft --depth 1 --fen \"8/8/8/8/8/8/8/8 w - - 0 1\"",
                        out, true),
            2);
  EXPECT_NE(out.find("White has 0 kings"), std::string::npos) << out;
}

TEST(PerftCommand, Chess960ByFenOrByNumber) {
  std::string out;
  // chessprogramming.org Chess960 perft suite: FBfb position, 8,652,810 leaves at depth 5; at
  // depth 3, 14,569. Castling is written king-to-rook (e1f1, e1b1).
  const std::string fen = "\"1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9\"";
  ASSERT_EQ(
      run_command(std::string(ANNABELLA_BINARY) + " perft --chess960 --depth 3 --fen " + fen, out),
      0);
  EXPECT_EQ(out, "14569\n");
  ASSERT_EQ(run_command(std::string(ANNABELLA_BINARY) + " perft --number 518 --depth 3", out), 0);
  EXPECT_EQ(out, "8902\n");
  EXPECT_EQ(run_command(std::string(ANNABELLA_BINARY) + " perft --number 960 --depth 1", out, true),
            2);
  EXPECT_NE(out.find("numbered 0 to 959"), std::string::npos) << out;
  // Shredder-FEN castling letters need --chess960.
  EXPECT_EQ(run_command(std::string(ANNABELLA_BINARY) + " perft --depth 1 --fen " + fen, out, true),
            2);
  EXPECT_NE(out.find("is a Chess960 castling right"), std::string::npos) << out;
}

}  // namespace
}  // namespace perft_cli_test
}  // namespace annabella::app
