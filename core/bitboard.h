// Bitboards and attack tables (magic bitboards for the sliding pieces).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "core/types.h"

namespace annabella::core {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;
[[nodiscard]] constexpr Bitboard file_bb(int file) {
  return FILE_A_BB << file;
}
[[nodiscard]] constexpr Bitboard rank_bb(int rank) {
  return RANK_1_BB << (8 * rank);
}

[[nodiscard]] inline int popcount(Bitboard b) {
  return std::popcount(b);
}
[[nodiscard]] inline Square lsb(Bitboard b) {
  return Square(std::countr_zero(b));
}
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
[[nodiscard]] constexpr bool more_than_one(Bitboard b) {
  return (b & (b - 1)) != 0;
}

// Shifts a whole bitboard one step; pieces do not wrap round the board edge.
template <int Step>
[[nodiscard]] constexpr Bitboard shift(Bitboard b) {
  if constexpr (Step == 8) return b << 8;
  if constexpr (Step == -8) return b >> 8;
  if constexpr (Step == 16) return b << 16;
  if constexpr (Step == -16) return b >> 16;
  if constexpr (Step == 1) return (b & ~FILE_H_BB) << 1;
  if constexpr (Step == -1) return (b & ~FILE_A_BB) >> 1;
  if constexpr (Step == 9) return (b & ~FILE_H_BB) << 9;
  if constexpr (Step == 7) return (b & ~FILE_A_BB) << 7;
  if constexpr (Step == -7) return (b & ~FILE_H_BB) >> 7;
  if constexpr (Step == -9) return (b & ~FILE_A_BB) >> 9;
  return 0;
}

// One sliding-piece magic: the relevant occupancy mask, the multiplier, and its attack sets.
struct Magic {
  Bitboard mask = 0;
  Bitboard magic = 0;
  const Bitboard* attacks = nullptr;
  unsigned shift = 0;
  [[nodiscard]] unsigned index(Bitboard occupied) const {
    return unsigned(((occupied & mask) * magic) >> shift);
  }
};

// Every precomputed table: constants computed by the compiler (bitboard.cpp), in place before
// any code runs, other files' static initialisers included (no start-up order, issue 13).
struct AttackTables {
  Bitboard pawn[COLOR_NB][SQUARE_NB] = {};
  Bitboard knight[SQUARE_NB] = {};
  Bitboard king[SQUARE_NB] = {};
  std::array<Magic, SQUARE_NB> rook_magic = {};
  std::array<Magic, SQUARE_NB> bishop_magic = {};
  Bitboard between[SQUARE_NB][SQUARE_NB] = {};  // squares strictly between, plus the second square
  Bitboard line[SQUARE_NB][SQUARE_NB] = {};     // the whole line through both squares, or 0
};

// Constant-initialised (constinit) in bitboard.cpp.
extern const AttackTables attack_tables;

[[nodiscard]] inline Bitboard pawn_attacks(Color c, Square s) {
  return attack_tables.pawn[c][s];
}
[[nodiscard]] inline Bitboard knight_attacks(Square s) {
  return attack_tables.knight[s];
}
[[nodiscard]] inline Bitboard king_attacks(Square s) {
  return attack_tables.king[s];
}
[[nodiscard]] inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const Magic& m = attack_tables.rook_magic[s];
  return m.attacks[m.index(occupied)];
}
[[nodiscard]] inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const Magic& m = attack_tables.bishop_magic[s];
  return m.attacks[m.index(occupied)];
}
[[nodiscard]] inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
[[nodiscard]] inline Bitboard attacks_of(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case KNIGHT:
      return knight_attacks(s);
    case BISHOP:
      return bishop_attacks(s, occupied);
    case ROOK:
      return rook_attacks(s, occupied);
    case QUEEN:
      return queen_attacks(s, occupied);
    case KING:
      return king_attacks(s);
    default:
      return 0;
  }
}
// Squares strictly between a and b on a line, plus b itself (0 plus b if not on a line).
[[nodiscard]] inline Bitboard between_bb(Square a, Square b) {
  return attack_tables.between[a][b];
}
// The full line (rank, file or diagonal) through a and b, or 0.
[[nodiscard]] inline Bitboard line_bb(Square a, Square b) {
  return attack_tables.line[a][b];
}
[[nodiscard]] inline bool aligned(Square a, Square b, Square c) {
  return line_bb(a, b) & square_bb(c);
}

}  // namespace annabella::core
