// A static proof that a side can never checkmate (Art. 6.9, 5.2.2): pawns locked for good, and
// what every other man could ever reach or attack given them.
//
// The proof: a set F of pawns is chosen such that, as long as the F pawns stand where they are,
// no F pawn can move (the square ahead holds an F pawn; no enemy man can ever stand on a square
// it could capture on, or pass one by a double step) and no enemy man can ever capture one (the
// square cannot be reached; a king cannot enter a square an enemy F pawn attacks). Then, by
// induction over any series of legal moves, the F pawns never move and every other man stays
// within the squares computed for it (its men's type moving through everything but the F pawns,
// pawns promoting to anything from every last-rank square they could reach). The side cannot
// checkmate if no square its opponent's king can reach is both attackable by one of its men and
// surrounded only by squares it can attack or the defender can fill with its own men.
//
// F starts as every pawn blocked by a pawn and shrinks until it is consistent; the sets are
// over-approximations, so the proof is sound but not complete: it finds pawn walls neither king
// can cross, bishops confined to one colour behind blocked pawns, and pieces shut in. Run it for
// the side whose ability to mate is in question.
#pragma once

#include "core/position.h"

namespace annabella::core {

struct Blockade {
  Bitboard locked_pawns = 0;            // F: the pawns that can never move or be taken
  Bitboard king_region[COLOR_NB] = {};  // the squares each king can ever stand on
  // Squares where the defending king could be mated as far as the sets tell (empty: proved).
  Bitboard mating_squares = 0;
  [[nodiscard]] bool proved() const { return mating_squares == 0; }
};

// Analyses whether `winner` could ever mate. `proved()` on the result means it never can.
[[nodiscard]] Blockade analyse_blockade(const Position& pos, Color winner);

}  // namespace annabella::core
