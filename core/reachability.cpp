#include "core/reachability.h"

namespace annabella::core {

std::optional<Unreachable> unreachable(const Position& pos) {
  const Bitboard checkers = pos.checkers();
  const int count = popcount(checkers);
  // One move gives check with the piece moved (or the rook castled, or a promoted piece) and
  // uncovers at most one line; an en passant capture can uncover two lines, but each of them is
  // a bishop's, rook's or queen's. So of two checkers at least one is a line piece.
  const Bitboard line_pieces = pos.pieces(BISHOP, ROOK) | pos.pieces(QUEEN);
  if (count > 2 || (count == 2 && (checkers & line_pieces) == 0))
    return Unreachable{.kind = Unreachable::Kind::ImpossibleCheck, .checkers = checkers};
  if (pos.halfmove_clock() > pos.game_ply())
    return Unreachable{.kind = Unreachable::Kind::HalfmoveClockTooLarge,
                       .halfmove_clock = pos.halfmove_clock(),
                       .plies_played = pos.game_ply()};
  return std::nullopt;
}

}  // namespace annabella::core
