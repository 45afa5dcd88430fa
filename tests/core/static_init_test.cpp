// No start-up order hazard (issue 13): move generation works from another translation unit's
// static initialiser, before main() runs. The attack tables are constant-initialised
// (core/bitboard.cpp), so they are ready before any dynamic initialiser of any file runs.
#include <gtest/gtest.h>

#include <cstdint>

#include "core/movegen.h"
#include "core/position.h"

namespace annabella::core {
namespace static_init_test {
namespace {

// Dynamic initialisers of this file: with the core library linked after this object, they run
// before core/bitboard.cpp's own initialisers would (GNU ld orders .init_array by link order),
// so tables built by a dynamic initialiser would not be ready here.
const std::size_t kStartMoves = legal_moves(Position()).size();
const std::uint64_t kKiwipeteDepth2 = [] {
  auto pos =
      Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  return pos ? perft(*pos, 2) : 0;
}();
const Bitboard kRookFromA1 = rook_attacks(SQ_A1, square_bb(SQ_A4) | square_bb(SQ_D1));

TEST(StaticInitialisation, MoveGenerationWorksBeforeMain) {
  EXPECT_EQ(kStartMoves, 20u);
  EXPECT_EQ(kKiwipeteDepth2, 2039u);
  EXPECT_EQ(kRookFromA1, square_bb(SQ_A2) | square_bb(SQ_A3) | square_bb(SQ_A4) | square_bb(SQ_B1) |
                             square_bb(SQ_C1) | square_bb(SQ_D1));
}

}  // namespace
}  // namespace static_init_test
}  // namespace annabella::core
