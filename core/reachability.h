// Art. 3.10.3: a position is legal when it can be reached by a series of legal moves. The FEN
// reader (core/fen.cpp) refuses what no board can show (a side without a king, the side not to
// move in check, pawns on the first rank); this adds what a board can show but no game can
// reach: facts, never words (the application words them).
#pragma once

#include <optional>

#include "core/position.h"

namespace annabella::core {

struct Unreachable {
  enum class Kind : std::uint8_t {
    // The side to move is checked by `checkers` (2 or more) pieces, of which no one move could
    // have given all: three checkers, or two of which neither checks along a line a moving
    // piece could have uncovered (two knights, two pawns, a knight and a pawn).
    ImpossibleCheck,
    // The side to move is checked by two pieces (`checkers`) that no last move of the other
    // side could have left both checking: every man of that side, from every square it could
    // have come from (with a capture or not, a promotion, en passant, castling), leaves the
    // side to move already in check before it (standard chess; Chess960 castling not analysed).
    NoLastMove,
    // The halfmove clock counts more plies than the game has played (Art. 9.3, 9.6.2: it counts
    // plies since the last capture or pawn move, so never more than the plies since move 1).
    HalfmoveClockTooLarge,
  };
  Kind kind = Kind::ImpossibleCheck;
  Bitboard checkers = 0;  // ImpossibleCheck: the checking pieces' squares
  int halfmove_clock = 0;
  int plies_played = 0;  // HalfmoveClockTooLarge: plies from move 1 to this position
};

// Why `pos` (which the FEN reader accepted) cannot arise in a game from the start position, or
// nullopt when this check finds nothing (it is not a full retrograde analysis).
[[nodiscard]] std::optional<Unreachable> unreachable(const Position& pos);

}  // namespace annabella::core
