// The basic chess vocabulary: colours, pieces, squares and moves.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace annabella::core {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { WHITE, BLACK, COLOR_NB = 2 };
constexpr Color operator~(Color c) {
  return Color(c ^ 1);
}

enum PieceType : std::uint8_t {
  NO_PIECE_TYPE,
  PAWN,
  KNIGHT,
  BISHOP,
  ROOK,
  QUEEN,
  KING,
  PIECE_TYPE_NB = 7
};

// A coloured piece: white pieces 1..6, black pieces 9..14 (colour in bit 3).
enum Piece : std::uint8_t {
  NO_PIECE,
  W_PAWN = 1,
  W_KNIGHT,
  W_BISHOP,
  W_ROOK,
  W_QUEEN,
  W_KING,
  B_PAWN = 9,
  B_KNIGHT,
  B_BISHOP,
  B_ROOK,
  B_QUEEN,
  B_KING,
  PIECE_NB = 16
};

[[nodiscard]] constexpr Piece make_piece(Color c, PieceType pt) {
  return Piece((c << 3) + pt);
}
[[nodiscard]] constexpr PieceType type_of(Piece p) {
  return PieceType(p & 7);
}
[[nodiscard]] constexpr Color color_of(Piece p) {
  return Color(p >> 3);
}

// Squares a1 = 0 ... h8 = 63, rank by rank from White's side.
enum Square : std::uint8_t {
  SQ_A1,
  SQ_B1,
  SQ_C1,
  SQ_D1,
  SQ_E1,
  SQ_F1,
  SQ_G1,
  SQ_H1,
  SQ_A2,
  SQ_B2,
  SQ_C2,
  SQ_D2,
  SQ_E2,
  SQ_F2,
  SQ_G2,
  SQ_H2,
  SQ_A3,
  SQ_B3,
  SQ_C3,
  SQ_D3,
  SQ_E3,
  SQ_F3,
  SQ_G3,
  SQ_H3,
  SQ_A4,
  SQ_B4,
  SQ_C4,
  SQ_D4,
  SQ_E4,
  SQ_F4,
  SQ_G4,
  SQ_H4,
  SQ_A5,
  SQ_B5,
  SQ_C5,
  SQ_D5,
  SQ_E5,
  SQ_F5,
  SQ_G5,
  SQ_H5,
  SQ_A6,
  SQ_B6,
  SQ_C6,
  SQ_D6,
  SQ_E6,
  SQ_F6,
  SQ_G6,
  SQ_H6,
  SQ_A7,
  SQ_B7,
  SQ_C7,
  SQ_D7,
  SQ_E7,
  SQ_F7,
  SQ_G7,
  SQ_H7,
  SQ_A8,
  SQ_B8,
  SQ_C8,
  SQ_D8,
  SQ_E8,
  SQ_F8,
  SQ_G8,
  SQ_H8,
  SQ_NONE,
  SQUARE_NB = 64
};

// Files 0 = a ... 7 = h; ranks 0 = first rank ... 7 = eighth rank.
[[nodiscard]] constexpr int file_of(Square s) {
  return s & 7;
}
[[nodiscard]] constexpr int rank_of(Square s) {
  return s >> 3;
}
[[nodiscard]] constexpr Square make_square(int file, int rank) {
  return Square(rank * 8 + file);
}
[[nodiscard]] constexpr bool is_ok(Square s) {
  return s < SQ_NONE;
}
[[nodiscard]] constexpr Bitboard square_bb(Square s) {
  return Bitboard(1) << s;
}
// The rank as seen from colour c (0 = own first rank).
[[nodiscard]] constexpr int relative_rank(Color c, int rank) {
  return c == WHITE ? rank : 7 - rank;
}

// "e4" for SQ_E4; "-" for SQ_NONE.
[[nodiscard]] std::string square_name(Square s);
// English words for messages and logs: "knight", "white", "white knight" ("" for none).
[[nodiscard]] std::string_view piece_type_name(PieceType pt);
[[nodiscard]] std::string_view color_name(Color c);
[[nodiscard]] std::string piece_name(Piece pc);
// Reads "e4" (lower case only); nullopt for anything else.
[[nodiscard]] std::optional<Square> parse_square(std::string_view text);

// Castling rights as four bits.
enum CastlingRights : std::uint8_t {
  NO_CASTLING = 0,
  WHITE_OO = 1,
  WHITE_OOO = 2,
  BLACK_OO = 4,
  BLACK_OOO = 8,
  ANY_CASTLING = 15
};
constexpr CastlingRights operator|(CastlingRights a, CastlingRights b) {
  return CastlingRights(int(a) | int(b));
}
constexpr CastlingRights operator&(CastlingRights a, CastlingRights b) {
  return CastlingRights(int(a) & int(b));
}
constexpr CastlingRights operator~(CastlingRights a) {
  return CastlingRights(~int(a) & 15);
}
// One right: White's or Black's castling on the king's side (O-O, towards the h-file) or on the
// queen's side (O-O-O, towards the a-file).
[[nodiscard]] constexpr CastlingRights castling_right(Color c, bool king_side) {
  return CastlingRights((king_side ? WHITE_OO : WHITE_OOO) << (2 * c));
}
[[nodiscard]] constexpr Color castling_color(CastlingRights one) {
  return (one & (WHITE_OO | WHITE_OOO)) ? WHITE : BLACK;
}
[[nodiscard]] constexpr bool is_king_side(CastlingRights one) {
  return (one & (WHITE_OO | BLACK_OO)) != 0;
}

// Standard chess, or Chess960 (Guidelines II): the same pieces and moves, but the pieces of the
// first rank start in one of 960 arrangements (II.2), and castling takes the king and the rook
// from wherever they start to the standard squares (II.3).
enum class Variant : std::uint8_t { Standard, Chess960 };

enum class MoveKind : std::uint8_t { Normal, Promotion, EnPassant, Castling };

// A move in 16 bits: from (6), to (6), kind (2), promotion piece (2).
// Castling is encoded as UCI writes it: in standard chess as the king's move (e1g1); in Chess960
// as the king moving onto its own rook (b1a1 for O-O-O with the king on b1 and the rook on a1),
// which is unambiguous when the king does not move or lands on the rook's square (II.3.2.7.2).
// Either way the rook is on the side the king's `to` square points to.
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal,
                 PieceType promotion = KNIGHT)
      : data_(std::uint16_t(from | (to << 6) | (int(kind) << 12) | ((promotion - KNIGHT) << 14))) {}

  [[nodiscard]] static constexpr Move none() { return Move(); }

  [[nodiscard]] constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  [[nodiscard]] constexpr MoveKind kind() const { return MoveKind((data_ >> 12) & 3); }
  // The piece a pawn becomes; meaningful only for MoveKind::Promotion.
  [[nodiscard]] constexpr PieceType promotion() const {
    return PieceType(((data_ >> 14) & 3) + KNIGHT);
  }
  [[nodiscard]] constexpr bool is_none() const { return data_ == 0; }
  constexpr std::uint16_t raw() const { return data_; }

  friend constexpr bool operator==(Move a, Move b) { return a.data_ == b.data_; }
  friend constexpr bool operator!=(Move a, Move b) { return a.data_ != b.data_; }

 private:
  std::uint16_t data_ = 0;
};

// "e2e4", "e7e8q", "e1g1"; "0000" for the null move.
[[nodiscard]] std::string to_uci(Move m);

}  // namespace annabella::core
