// Legal move generation.
#pragma once

#include <cstddef>
#include <cstdint>

#include "core/position.h"

namespace annabella::core {

// A fixed-size list of moves (no allocation on the hot path). 218 is the most legal moves any
// chess position has; 256 leaves room.
class MoveList {
 public:
  void push_back(Move m) { moves_[size_++] = m; }
  [[nodiscard]] std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  [[nodiscard]] bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  Move moves_[256];
  std::size_t size_ = 0;
};

// Every legal move of the side to move.
[[nodiscard]] MoveList legal_moves(const Position& pos);
// How many legal moves there are (faster than generating them).
[[nodiscard]] std::size_t count_legal_moves(const Position& pos);
// How many legal moves there are, counted up to `limit + 1` (any more are not counted).
[[nodiscard]] std::size_t count_legal_moves_up_to(const Position& pos, std::size_t limit);
// Whether the side to move has at least one legal move.
[[nodiscard]] bool has_legal_move(const Position& pos);
// Art. 4.3.1: whether the side to move can move the piece on `square` by a legal move (a king's
// castling counts; a rook's does not: touched first, it may not castle, Art. 4.4.2). Art. 4.3.2:
// whether the side to move can capture the piece on `square` (en passant included). False for an
// empty square.
[[nodiscard]] bool can_move_piece(const Position& pos, Square square);
[[nodiscard]] bool can_capture_piece(const Position& pos, Square square);
bool is_checkmate(const Position& pos);
[[nodiscard]] bool is_stalemate(const Position& pos);

// Leaf nodes of the legal move tree to the given depth.
[[nodiscard]] std::uint64_t perft(const Position& pos, int depth);

}  // namespace annabella::core
