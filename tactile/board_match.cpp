// Matching a board against the game: legal move sequences, moves under way, correction hints.
#include "tactile/board_match.h"

#include <algorithm>

#include "core/bitboard.h"
#include "core/movegen.h"
#include "core/reconcile.h"

namespace annabella::tactile {

using core::Bitboard;
using core::Move;
using core::Piece;
using core::Position;
using core::Square;

namespace {

// The squares where the board and the placement of `pos` differ.
Bitboard differences(const BoardView& board, const Position& pos) {
  Bitboard diff = board.occupied ^ pos.pieces();
  if (!board.identifies_pieces) return diff;
  for (Bitboard both = board.occupied & pos.pieces(); both;) {
    const Square s = core::pop_lsb(both);
    if (board.pieces[s] != pos.piece_on(s)) diff |= core::square_bb(s);
  }
  return diff;
}

// The squares a move puts a piece on: its target, or for castling the king's and the rook's
// (Chess960 writes castling as the king taking its rook, whose square may be left empty; II.3.2).
Bitboard squares_filled(const Position& before, Move m) {
  if (m.kind() != core::MoveKind::Castling) return core::square_bb(m.to());
  const auto c = before.castling_squares(m);
  return core::square_bb(c.king_to) | core::square_bb(c.rook_to);
}

// A move can be what the board shows only if a square it fills received a peg since the last
// match (occupancy only; a piece-identifying board names the piece there; unwatched hands may
// have put one anywhere). A castling that moves only the king or only the rook fills one square
// (II.3.2.3, II.3.2.4).
bool target_new(const BoardView& board, const Position& before, Move m) {
  return board.identifies_pieces || board.unwatched ||
         (board.placed & squares_filled(before, m)) != 0;
}

// One move changes at most four squares (castling); a board further from a position than that
// is not one move from it.
constexpr int kMostSquaresOneMoveChanges = 4;

// Square by square, removals first: for a board no legal position describes (two kings gone, a
// pawn on the last rank) or with pegs of unknown identity.
std::vector<core::CorrectionStep> square_by_square(const BoardView& board, const Position& goal) {
  std::vector<core::CorrectionStep> steps;
  const auto wrong_piece = [&](Square s) {
    return board.pieces[s] != core::NO_PIECE && board.pieces[s] != goal.piece_on(s);
  };
  for (Bitboard there = board.occupied; there;) {
    const Square s = core::pop_lsb(there);
    if (goal.piece_on(s) == core::NO_PIECE || wrong_piece(s))
      steps.push_back({core::CorrectionStep::Kind::Remove, board.pieces[s], s, core::SQ_NONE});
  }
  for (Bitboard wanted = goal.pieces(); wanted;) {
    const Square s = core::pop_lsb(wanted);
    if (!(board.occupied & core::square_bb(s)) || wrong_piece(s))
      steps.push_back({core::CorrectionStep::Kind::Place, goal.piece_on(s), core::SQ_NONE, s});
  }
  return steps;
}

// Whether a peg known to be `peg` can be what stands on `s` after a sequence: `piece` itself,
// or a pawn promoted on its last rank.
bool carried_there(Piece peg, Piece piece, Square s) {
  if (peg == piece) return true;
  if (peg == core::NO_PIECE || piece == core::NO_PIECE || core::type_of(peg) != core::PAWN)
    return false;
  const int last = core::color_of(peg) == core::WHITE ? 7 : 0;
  return core::color_of(piece) == core::color_of(peg) && core::rank_of(s) == last;
}

}  // namespace

bool shows(const BoardView& board, const Position& pos) {
  return differences(board, pos) == 0;
}

std::vector<MoveSequence> sequences_shown(const Position& from, const BoardView& board) {
  std::vector<MoveSequence> found;
  const core::MoveList moves = core::legal_moves(from);
  for (const Move m : moves)
    if (target_new(board, from, m) && shows(board, from.after(m))) found.push_back({m});
  if (!found.empty()) return found;
  for (const Move first : moves) {
    if (!target_new(board, from, first)) continue;
    const Position between = from.after(first);
    if (core::popcount(differences(board, between)) > kMostSquaresOneMoveChanges) continue;
    for (const Move second : core::legal_moves(between))
      if (target_new(board, between, second) && shows(board, between.after(second)))
        found.push_back({first, second});
  }
  return found;
}

std::vector<MoveSequence> likeliest(const Position& from, std::vector<MoveSequence> sequences,
                                    const BoardView& board) {
  if (board.unwatched) return sequences;  // no hands seen: nothing to tell them apart by
  const Bitboard handled = board.lifted | board.placed;
  const Bitboard carried = board.identifies_pieces ? 0 : board.known & board.placed;
  // What the hands contradict (the pegs carried to another square), then what they leave
  // unexplained.
  const auto unexplained = [&](const MoveSequence& sequence) {
    Bitboard changed = 0;
    Position pos = from;
    for (const Move m : sequence) {
      changed |= squares_touched(pos, m);
      pos.play(m);
    }
    int contradicted = 0;
    for (Bitboard pegs = carried; pegs;) {
      const Square s = core::pop_lsb(pegs);
      if (!carried_there(board.pieces[s], pos.piece_on(s), s)) ++contradicted;
    }
    // Both ways: a hole handled that the sequence leaves as it was, and a square the sequence
    // changes (and may change back: a double step taken en passant) that no hand touched.
    return contradicted * 64 + core::popcount(handled ^ changed);
  };
  std::vector<int> counts;
  for (const auto& sequence : sequences) counts.push_back(unexplained(sequence));
  const int least = counts.empty() ? 0 : *std::min_element(counts.begin(), counts.end());
  std::vector<MoveSequence> best;
  for (std::size_t i = 0; i < sequences.size(); ++i)
    if (counts[i] == least) best.push_back(std::move(sequences[i]));
  return best;
}

bool held_in_hand(const Position& reference, core::Color mover, const BoardView& board,
                  bool capture) {
  bool captured = false;
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    const Piece wanted = reference.piece_on(s);
    if (board.occupied & core::square_bb(s)) {
      if (wanted == core::NO_PIECE || (board.identifies_pieces && board.pieces[s] != wanted))
        return false;
      continue;
    }
    if (wanted == core::NO_PIECE || core::color_of(wanted) == mover) continue;  // in the hand
    if (!capture || captured || reference.side_to_move() != mover) return false;
    const core::MoveList moves = core::legal_moves(reference);
    captured = std::any_of(moves.begin(), moves.end(),
                           [&](Move m) { return captured_square(reference, m) == s; });
    if (!captured) return false;  // an opponent's piece gone that no legal move captures
  }
  return true;
}

Bitboard squares_touched(const Position& before, Move move) {
  if (move.kind() != core::MoveKind::Castling)
    return squares_left(before, move) | core::square_bb(move.to());
  // II.3.2.5.1: the king lifted off and put down last touches its square even when it castles
  // onto it; a rook that stays is not touched (II.3.2.3).
  const auto c = before.castling_squares(move);
  Bitboard touched = core::square_bb(c.king_from) | core::square_bb(c.king_to);
  if (c.rook_from != c.rook_to)
    touched |= core::square_bb(c.rook_from) | core::square_bb(c.rook_to);
  return touched;
}

bool carries(const Position& before, Move move, Square from, Square to) {
  if (move.kind() != core::MoveKind::Castling) return move.from() == from && move.to() == to;
  const auto c = before.castling_squares(move);
  return (from == c.king_from && to == c.king_to) || (from == c.rook_from && to == c.rook_to);
}

std::optional<Move> exchanging_castling(const Position& from, const BoardView& board) {
  if (board.identifies_pieces || board.unwatched) return std::nullopt;
  for (const Move m : core::legal_moves(from)) {
    if (m.kind() != core::MoveKind::Castling) continue;
    const auto c = from.castling_squares(m);
    if (c.king_to != c.rook_from || c.rook_to != c.king_from) continue;
    const Bitboard both = core::square_bb(c.king_from) | core::square_bb(c.rook_from);
    if ((board.lifted & both) == both && (board.placed & both) == both) return m;
  }
  return std::nullopt;
}

Square captured_square(const Position& before, Move move) {
  if (before.captured_piece(move) == core::NO_PIECE) return core::SQ_NONE;
  if (move.kind() == core::MoveKind::EnPassant)
    return core::make_square(core::file_of(move.to()), core::rank_of(move.from()));
  return move.to();
}

Bitboard squares_left(const Position& before, Move move) {
  const Position after = before.after(move);
  Bitboard left = 0;
  for (Bitboard had = before.pieces(); had;) {
    const Square s = core::pop_lsb(had);
    if (after.piece_on(s) != before.piece_on(s)) left |= core::square_bb(s);
  }
  return left;
}

std::vector<core::CorrectionStep> hints_towards(const BoardView& board, const Position& goal) {
  // D.2.3: a correction names only the pieces the board knows. On an occupancy-only board a peg's
  // piece is a guess unless it is `known` (a peg put in from the hand is guessed from what the
  // hand held; after the board was away, every peg is): a guessed peg is named as a piece to
  // remove, never as the piece the guess says.
  BoardView seen = board;
  if (!board.identifies_pieces)
    for (Bitboard guessed = board.occupied & ~board.known; guessed;)
      seen.pieces[core::pop_lsb(guessed)] = core::NO_PIECE;
  bool known = true;
  for (Bitboard there = seen.occupied; there;)
    if (seen.pieces[core::pop_lsb(there)] == core::NO_PIECE) known = false;
  if (known)
    if (const auto physical = core::read_placement(seen.pieces))
      return core::correction_steps(*physical, goal);
  return square_by_square(seen, goal);
}

}  // namespace annabella::tactile
