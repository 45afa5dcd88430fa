// Perft counts against the published values (chessprogramming.org "Perft Results" and the
// edge-case suites that move generators are checked with).
#include <gtest/gtest.h>

#include "core/movegen.h"

namespace annabella::core {
namespace perft_test {
namespace {

struct PerftCase {
  const char* name;
  const char* fen;
  int depth;
  std::uint64_t nodes;
};

class PerftTest : public ::testing::TestWithParam<PerftCase> {};

TEST_P(PerftTest, MatchesPublishedCount) {
  const PerftCase& c = GetParam();
  auto pos = Position::from_fen(c.fen);
  ASSERT_TRUE(pos) << int(pos.error().fault);
  EXPECT_EQ(perft(*pos, c.depth), c.nodes) << c.fen;
}

// Depths keep each case to well under a second in a sanitizer build.
const PerftCase kCases[] = {
    {"StartDepth1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 1, 20},
    {"StartDepth4", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281},
    {"StartDepth5", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
    {"KiwipeteDepth3", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3,
     97862},
    {"KiwipeteDepth4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4,
     4085603},
    {"Position3Depth6", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
    {"Position4Depth4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4,
     422333},
    {"Position4MirroredDepth4", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
     4, 422333},
    {"Position5Depth3", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379},
    {"Position6Depth3", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     3, 89890},
    // Edge positions (the "talkchess perft suite" of tricky cases).
    {"IllegalEnPassantPinnedOnRank", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888},
    {"IllegalEnPassantPinnedOnDiagonal", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133},
    {"EnPassantCapturesCheckingPawn", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467},
    {"ShortCastlingGivesCheck", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072},
    {"LongCastlingGivesCheck", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711},
    {"CastlingRightsLostByCapture", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206},
    {"CastlingPreventedByAttack", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476},
    {"PromoteOutOfCheck", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001},
    {"DiscoveredCheck", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658},
    {"PromoteToGiveCheck", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342},
    {"UnderpromoteToCheck", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683},
    {"SelfStalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},
    {"StalemateAndCheckmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584},
    {"DoubleCheck", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527},
};

INSTANTIATE_TEST_SUITE_P(Published, PerftTest, ::testing::ValuesIn(kCases),
                         [](const auto& test_info) { return std::string(test_info.param.name); });

TEST(Perft, DivideSumsToTotal) {
  const Position pos;
  std::uint64_t sum = 0;
  for (Move m : legal_moves(pos)) sum += perft(pos.after(m), 3);
  EXPECT_EQ(sum, perft(pos, 4));
}

TEST(Perft, CountAgreesWithGeneratedList) {
  auto pos =
      Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  ASSERT_TRUE(pos);
  for (Move m : legal_moves(*pos)) {
    const Position next = pos->after(m);
    EXPECT_EQ(count_legal_moves(next), legal_moves(next).size()) << to_uci(m);
    EXPECT_EQ(has_legal_move(next), !legal_moves(next).empty()) << to_uci(m);
    EXPECT_EQ(next.in_check(), pos->gives_check(m)) << to_uci(m);
  }
}

}  // namespace
}  // namespace perft_test
}  // namespace annabella::core
