#include "core/mating_material.h"

namespace annabella::core {
namespace {

constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;

}  // namespace

bool mating_material(const Position& pos, Color side) {
  const Color them = ~side;
  if (pos.pieces(side, PAWN) | pos.pieces(side, ROOK) | pos.pieces(side, QUEEN)) return true;
  const Bitboard knights = pos.pieces(side, KNIGHT), bishops = pos.pieces(side, BISHOP);
  const int minors = popcount(knights | bishops);
  if (minors == 0) return false;  // a bare king never mates
  const Bitboard their_men = pos.pieces(them) & ~pos.pieces(them, KING);
  if (knights) {
    // Two minor pieces (N+N, N+B) can mate with help; a lone knight only if the defending king
    // has a man of its own to block a flight square.
    return minors >= 2 || their_men != 0;
  }
  // Only bishops. On both square colours they can mate (with help).
  if ((bishops & kDarkSquares) && (bishops & ~kDarkSquares)) return true;
  // Bishops all on one colour control only that colour; the defending king's flight squares of
  // the other colour must be blocked by his own men: a knight, a pawn (it can reach either
  // colour), a rook, a queen, or a bishop on the other colour.
  const Bitboard other_colour = (bishops & kDarkSquares) ? ~kDarkSquares : kDarkSquares;
  const Bitboard blockers = pos.pieces(them, PAWN) | pos.pieces(them, KNIGHT) |
                            pos.pieces(them, ROOK) | pos.pieces(them, QUEEN) |
                            (pos.pieces(them, BISHOP) & other_colour);
  return blockers != 0;
}

}  // namespace annabella::core
