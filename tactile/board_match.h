// Which legal moves explain what a board shows (D.2.3): the recogniser's matching, free of time
// and of the hands that move the pieces.
//
// A board is explained by
//   - the game's position itself;
//   - one legal move from it, or two when there is none (a reply begun before the board settled
//     on the move before it, as PicoChess reads a board: the player to move often takes off the
//     piece he captures right after the opponent's move);
//   - a move under way in the hand: pieces lifted and not yet placed (D.2.2, Art. 4.3) and a
//     captured piece taken off first (D.2.3 (1)).
// Castling is found as the legal move generator makes it (core::legal_moves), whichever piece
// was moved first; in Chess960 too (II.3.2), where the move names the rook's square and the hands
// fill the king's and the rook's targets, one of which may stay as it was (II.3.2.3, II.3.2.4),
// and where king and rook may exchange squares (II.3.2.2).
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "core/correction.h"
#include "core/position.h"

namespace annabella::tactile {

// What stands on the board as the recogniser knows it.
struct BoardView {
  std::array<core::Piece, 64> pieces{};  // by square; NO_PIECE where empty or not known
  core::Bitboard occupied = 0;
  bool identifies_pieces = false;  // pieces are what the board reported (DGT), not guesses
  // Occupancy only: holes that received a peg since the board last matched the game. A move's
  // target must be among them: lifting the capturing piece alone leaves the occupancy of the
  // finished capture, but completes nothing.
  core::Bitboard placed = 0;
  core::Bitboard lifted = 0;  // holes whose peg was lifted since the board last matched the game
  // Occupancy only: pegs whose piece is known though the board cannot say it: those of the
  // matched position left standing, and a peg that was the only one in the hand when it went in,
  // lifted from a hole whose piece was known (D.2.3 (2): the hand carried it there).
  core::Bitboard known = 0;
  // The hands were not watched: the board was read whole after it was away (or before it was
  // first seen), so any hole may have received a peg and `placed` and `lifted` say nothing.
  bool unwatched = false;
};

// Whether the board shows the placement of `pos` (every piece on a piece-identifying board,
// the occupancy otherwise).
[[nodiscard]] bool shows(const BoardView& board, const core::Position& pos);

using MoveSequence = std::vector<core::Move>;

// Every single legal move from `from` after which the board shows the position; when there is
// none, every sequence of two. Empty when neither explains the board.
[[nodiscard]] std::vector<MoveSequence> sequences_shown(const core::Position& from,
                                                        const BoardView& board);

// Of `sequences` (each from `from`), those that account best for what the hands did. First, on
// an occupancy-only board, a peg placed since the last match whose piece is known (`known`) must
// be the piece the sequence leaves there (or the pawn it promotes there): Re8-e6 and Kd7-d8
// look like Re8-d8 and Kd7-e6, but the peg carried alone from e8 went into e6. Then a hole
// lifted or filled since the last match that a sequence leaves as it was counts against it, and
// so does a square it changes that no hand touched. On an occupancy-only board, queen c2-e4 and
// king takes e4 look like queen takes c1 and king e4, but only the second moves the piece lifted
// from c1; on any board, a2-a3 and b4 takes a3 look like a2-a4 and b4 takes a3 en passant, but
// only the first leaves a4 untouched.
[[nodiscard]] std::vector<MoveSequence> likeliest(const core::Position& from,
                                                  std::vector<MoveSequence> sequences,
                                                  const BoardView& board);

// Whether the board differs from `reference` only by a move of `mover` under way in the hand:
// pieces of `mover` lifted and not placed yet and, with `capture`, one piece of the other side
// taken off that a legal move of `reference` (whose side to move is then `mover`) captures.
// Anything placed where `reference` has no such piece, or any other piece missing, is not.
[[nodiscard]] bool held_in_hand(const core::Position& reference, core::Color mover,
                                const BoardView& board, bool capture);

// The squares whose pieces a move takes away in `before`: its origin, the captured piece's
// square, a castling rook's square.
[[nodiscard]] core::Bitboard squares_left(const core::Position& before, core::Move move);
// The squares the hands touch to make a move: those it empties and fills; for castling the
// king's start and end (the king lifted off and put back when it stays, II.3.2.5.1) and the
// rook's when it moves.
[[nodiscard]] core::Bitboard squares_touched(const core::Position& before, core::Move move);
// A castling that exchanges the king and the rook (II.3.2.2) leaves an occupancy-only board as it
// was: when both their squares were lifted and filled again since the last match, it is that
// castling (Art. 4.4.1: a player who touches his king and a rook castles on that side if it is
// legal). Nothing on a piece-identifying board, which shows the exchange.
[[nodiscard]] std::optional<core::Move> exchanging_castling(const core::Position& from,
                                                            const BoardView& board);
// Whether `move` takes a piece from `from` to `to`: its origin and target, or for castling the
// king's or the rook's way (Chess960 names the rook's square as the target, II.3.2).
[[nodiscard]] bool carries(const core::Position& before, core::Move move, core::Square from,
                           core::Square to);
// Where the piece a move captures stands (the passed pawn's square for en passant); SQ_NONE for
// no capture.
[[nodiscard]] core::Square captured_square(const core::Position& before, core::Move move);

// How to correct the board to show `goal`: the fewest steps when every peg's piece is known,
// else square by square (removals first).
[[nodiscard]] std::vector<core::CorrectionStep> hints_towards(const BoardView& board,
                                                              const core::Position& goal);

}  // namespace annabella::tactile
