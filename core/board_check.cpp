#include "core/board_check.h"

#include <algorithm>

#include "core/movegen.h"
#include "core/notation.h"

namespace annabella::core {
namespace {

constexpr Piece kAllPieces[] = {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
                                B_PAWN, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING};

// Plays moves[from..] on the placement of `start` (pieces only, no rules) and says whether it ends
// as `board` shows. Each move must move the same piece as in the recorded game and must not land
// on a piece of its own side; otherwise it is not the same move and the answer is no.
bool replays_to(const Position& start, const std::vector<Position>& positions,
                const std::vector<Move>& moves, std::size_t from, const Position& board) {
  Piece sq[SQUARE_NB];
  for (int s = 0; s < 64; ++s) sq[s] = start.piece_on(Square(s));
  for (std::size_t j = from; j < moves.size(); ++j) {
    const Move m = moves[j];
    const Piece pc = sq[m.from()];
    if (pc != positions[j].piece_on(m.from())) return false;
    if (sq[m.to()] != NO_PIECE && color_of(sq[m.to()]) == color_of(pc)) return false;
    sq[m.from()] = NO_PIECE;
    switch (m.kind()) {
      case MoveKind::Castling: {
        const bool king_side = file_of(m.to()) > file_of(m.from());
        const Square rook_from = make_square(king_side ? 7 : 0, rank_of(m.from()));
        const Square rook_to = make_square(king_side ? 5 : 3, rank_of(m.from()));
        sq[rook_to] = sq[rook_from];
        sq[rook_from] = NO_PIECE;
        sq[m.to()] = pc;
        break;
      }
      case MoveKind::EnPassant:
        sq[make_square(file_of(m.to()), rank_of(m.from()))] = NO_PIECE;
        sq[m.to()] = pc;
        break;
      case MoveKind::Promotion:
        sq[m.to()] = make_piece(color_of(pc), m.promotion());
        break;
      case MoveKind::Normal:
        sq[m.to()] = pc;
        break;
    }
  }
  for (int s = 0; s < 64; ++s)
    if (sq[s] != board.piece_on(Square(s))) return false;
  return true;
}

}  // namespace

Bitboard squares_that_differ(const Position& a, const Position& b) {
  Bitboard diff = 0;
  for (const Piece pc : kAllPieces)
    diff |= a.pieces(color_of(pc), type_of(pc)) ^ b.pieces(color_of(pc), type_of(pc));
  return diff;
}

Bitboard squares_changed_by(Move m) {
  Bitboard b = square_bb(m.from()) | square_bb(m.to());
  if (m.kind() == MoveKind::Castling) {
    const bool king_side = file_of(m.to()) > file_of(m.from());
    b |= square_bb(make_square(king_side ? 7 : 0, rank_of(m.from())));
    b |= square_bb(make_square(king_side ? 5 : 3, rank_of(m.from())));
  } else if (m.kind() == MoveKind::EnPassant) {
    b |= square_bb(make_square(file_of(m.to()), rank_of(m.from())));
  }
  return b;
}

bool is_legal_move(const Position& pos, Move m) {
  return legal_moves(pos).contains(m);
}

namespace {

// Whether moves[from..] are all legal when played from `start`, ending as `board` shows.
bool replays_legally_to(const Position& start, const std::vector<Move>& moves, std::size_t from,
                        const Position& board) {
  Position p = start;
  for (std::size_t j = from; j < moves.size(); ++j) {
    if (!is_legal_move(p, moves[j])) return false;
    p.play(moves[j]);
  }
  return p.same_placement(board);
}

}  // namespace

std::optional<WrongMove> infer_wrong_move(const std::vector<Position>& positions,
                                          const std::vector<Move>& moves, const Position& board,
                                          std::size_t search_plies) {
  const std::size_t n = moves.size();
  const Bitboard diff = squares_that_differ(board, positions[n]);
  if (diff == 0) return std::nullopt;
  Bitboard touched_later = 0;  // squares the moves after ply k change
  for (std::size_t back = 0; back < std::min(search_plies, n); ++back) {
    const std::size_t k = n - 1 - back;
    const Position& before = positions[k];
    const Move expected = moves[k];
    for (const Move m : legal_moves(before)) {
      if (m == expected) continue;
      // Squares only this ply changes (nothing later touches them) must already show the wrong
      // move; every differing square must be one a move could have changed.
      const Bitboard here = squares_changed_by(m) | squares_changed_by(expected);
      if (diff & ~(here | touched_later)) continue;
      const Position wrong = before.after(m);
      if (squares_that_differ(board, wrong) & here & ~touched_later) continue;
      // The later moves on the pieces alone first (cheap), the full legality check only for a
      // placement that ends as the board shows.
      if (!replays_to(wrong, positions, moves, k + 1, board)) continue;
      if (!replays_legally_to(wrong, moves, k + 1, board)) continue;
      return WrongMove{k, expected, m, to_san(before, expected), to_san(before, m), false};
    }
    touched_later |= squares_changed_by(expected);
  }
  return std::nullopt;
}

std::vector<Move> moves_ahead(const Position& end, const Position& board) {
  const Bitboard diff = squares_that_differ(end, board);
  // Two plies change at most eight squares (two castlings), and each touches one of them.
  if (diff == 0 || popcount(diff) > 8) return {};
  const MoveList first = legal_moves(end);
  for (const Move m : first)
    if (end.after(m).same_placement(board)) return {m};
  for (const Move m : first) {
    if (!(squares_changed_by(m) & diff)) continue;
    const Position one = end.after(m);
    for (const Move m2 : legal_moves(one))
      if ((squares_changed_by(m2) & diff) && one.after(m2).same_placement(board)) return {m, m2};
  }
  return {};
}

BoardCheck check_board(const Position& start, const std::vector<Move>& moves, const Position& board,
                       std::size_t search_plies) {
  BoardCheck check;
  std::vector<Position> positions;
  positions.reserve(moves.size() + 1);
  positions.push_back(start);
  for (const Move m : moves) positions.push_back(positions.back().after(m));
  for (std::size_t k = positions.size(); k-- > 0;)
    if (positions[k].same_placement(board)) {
      check.matches_after = k;
      break;
    }
  check.matches = check.matches_after == moves.size();
  if (check.matches) return check;
  check.steps = correction_steps(board, positions.back());
  if (!check.matches_after)
    check.went_wrong = infer_wrong_move(positions, moves, board, search_plies);
  return check;
}

}  // namespace annabella::core
