// The attack tables the compiler computes (core/bitboard.cpp) against a plain square-by-square
// walk, for every square and many occupancies.
#include "core/bitboard.h"

#include <gtest/gtest.h>

#include <random>

namespace annabella::core {
namespace bitboard_test {
namespace {

Bitboard walk(Square s, Bitboard occupied, std::initializer_list<std::pair<int, int>> steps) {
  Bitboard attacks = 0;
  for (const auto& [df, dr] : steps) {
    for (int f = file_of(s) + df, r = rank_of(s) + dr; f >= 0 && f < 8 && r >= 0 && r < 8;
         f += df, r += dr) {
      attacks |= square_bb(make_square(f, r));
      if (occupied & square_bb(make_square(f, r))) break;
    }
  }
  return attacks;
}
Bitboard rook_walk(Square s, Bitboard occupied) {
  return walk(s, occupied, {{1, 0}, {-1, 0}, {0, 1}, {0, -1}});
}
Bitboard bishop_walk(Square s, Bitboard occupied) {
  return walk(s, occupied, {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
}

TEST(AttackTables, SlidersMatchAWalkForRandomOccupancies) {
  std::mt19937_64 random(20261123);
  for (int si = 0; si < 64; ++si) {
    const Square s = Square(si);
    for (int trial = 0; trial < 2000; ++trial) {
      Bitboard occupied = random() & random();  // about a quarter of the squares
      if (trial % 3 == 0) occupied &= random();
      ASSERT_EQ(rook_attacks(s, occupied), rook_walk(s, occupied)) << square_name(s);
      ASSERT_EQ(bishop_attacks(s, occupied), bishop_walk(s, occupied)) << square_name(s);
      ASSERT_EQ(queen_attacks(s, occupied), rook_walk(s, occupied) | bishop_walk(s, occupied));
    }
  }
}

TEST(AttackTables, LeapersAndPawns) {
  EXPECT_EQ(knight_attacks(SQ_A1), square_bb(SQ_B3) | square_bb(SQ_C2));
  EXPECT_EQ(popcount(knight_attacks(SQ_E4)), 8);
  EXPECT_EQ(king_attacks(SQ_H8), square_bb(SQ_G8) | square_bb(SQ_G7) | square_bb(SQ_H7));
  EXPECT_EQ(pawn_attacks(WHITE, SQ_A2), square_bb(SQ_B3));
  EXPECT_EQ(pawn_attacks(BLACK, SQ_E5), square_bb(SQ_D4) | square_bb(SQ_F4));
}

TEST(AttackTables, LinesAndSquaresBetweenForEveryPair) {
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      const Square sa = Square(a), sb = Square(b);
      Bitboard line = 0, between = square_bb(sb);
      if (a != b) {
        for (const auto& slider : {rook_walk, bishop_walk}) {
          if (slider(sa, 0) & square_bb(sb)) {
            line = (slider(sa, 0) & slider(sb, 0)) | square_bb(sa) | square_bb(sb);
            between |= slider(sa, square_bb(sb)) & slider(sb, square_bb(sa));
          }
        }
      }
      ASSERT_EQ(line_bb(sa, sb), line) << square_name(sa) << square_name(sb);
      ASSERT_EQ(between_bb(sa, sb), between) << square_name(sa) << square_name(sb);
    }
  }
}

}  // namespace
}  // namespace bitboard_test
}  // namespace annabella::core
