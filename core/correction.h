// Board correction: the fewest physical steps that turn what stands on a board into the position
// it should show (used by the pegboard's hints, D.2.9 reconciliation and the spoken steps).
#pragma once

#include <string>
#include <vector>

#include "core/position.h"

namespace annabella::core {

struct CorrectionStep {
  enum class Kind {
    Remove,  // take `piece` off `from`
    Move,    // move `piece` from `from` to `to`
    Place,   // put `piece` (from outside the board) on `to`
  };
  Kind kind = Kind::Move;
  Piece piece = NO_PIECE;
  Square from = SQ_NONE;
  Square to = SQ_NONE;

  friend bool operator==(const CorrectionStep&, const CorrectionStep&) = default;
};

// The fewest steps (moves count as one step) that turn the placement of `board` into the
// placement of `target`. Only the pieces on the squares matter (side to move, castling rights
// and counters are not physical). Moves are paired nearest first; removals come before moves,
// placements last, so no step puts a piece on an occupied square.
[[nodiscard]] std::vector<CorrectionStep> correction_steps(const Position& board,
                                                           const Position& target);

// "remove white pawn e4", "move black knight g5 f3", "place white queen d1" (English, for logs
// and tests; the speech profiles say them in the players' words).
[[nodiscard]] std::string describe(const CorrectionStep& step);

}  // namespace annabella::core
