#include "core/reachability.h"

#include <array>

namespace annabella::core {
namespace {

// A board before the last move, as far as attacks on one king go: the attacking side's men by
// type and every square occupied.
struct Board {
  std::array<Bitboard, PIECE_TYPE_NB> men{};
  Bitboard occupied = 0;
};

bool attacked(const Board& b, Square king, Color by) {
  const auto& m = b.men;
  return ((pawn_attacks(~by, king) & m[PAWN]) | (knight_attacks(king) & m[KNIGHT]) |
          (king_attacks(king) & m[KING]) |
          (bishop_attacks(king, b.occupied) & (m[BISHOP] | m[QUEEN])) |
          (rook_attacks(king, b.occupied) & (m[ROOK] | m[QUEEN]))) != 0;
}

// One way the last move could have been made: the man of type `before` on `from` went to `to`,
// where it now stands as `after`; `also` are squares that were occupied then and are empty now
// (a pawn taken en passant, the squares of a castling).
struct Retraction {
  PieceType before;
  PieceType after;
  Square from;
  Square to;
  Bitboard also = 0;
  Bitboard men_also = 0;  // squares of `rook_before`'s men before (castling: the rook's square)
  Square rook_now = SQ_NONE;
};

class LastMove {
 public:
  LastMove(const Position& pos) : pos_(pos), mover_(~pos.side_to_move()) {
    for (int pt = PAWN; pt <= KING; ++pt) now_.men[pt] = pos.pieces(mover_, PieceType(pt));
    now_.occupied = pos.pieces();
    king_ = pos.king_square(pos.side_to_move());
  }

  // Whether some move of the side that just moved leads to this position from one where the
  // side to move was not in check. Checks every man of that side as the one that moved last:
  // each square it could have come from, with or without a capture, a promotion, en passant,
  // castling.
  bool exists() {
    for (Bitboard men = pos_.pieces(mover_); men;) {
      const Square to = pop_lsb(men);
      if (from_anywhere(type_of(pos_.piece_on(to)), to)) return true;
    }
    return false;
  }

 private:
  bool from_anywhere(PieceType pt, Square to) {
    const Bitboard empty = ~now_.occupied;
    if (pt == PAWN) return pawn_from(PAWN, to);
    if (pt != KING && relative_rank(mover_, rank_of(to)) == 7 && pawn_from(pt, to)) return true;
    const Bitboard froms =
        pt == KING ? king_attacks(to) & empty : attacks_of(pt, to, now_.occupied) & empty;
    for (Bitboard b = froms; b;) {
      const Square from = pop_lsb(b);
      // With a capture on `to` or without one: `to` occupied before or not.
      if (possible({pt, pt, from, to}, true) || possible({pt, pt, from, to}, false)) return true;
    }
    return pt == KING && castled(to);
  }

  // A pawn's last move to `to`, where it now stands as `after` (a promotion when not a pawn).
  bool pawn_from(PieceType after, Square to) {
    const Bitboard empty = ~now_.occupied;
    const int push = mover_ == WHITE ? 8 : -8;
    const int rank = relative_rank(mover_, rank_of(to));
    if (rank < 2) return false;
    const auto back = Square(int(to) - push);
    if ((empty & square_bb(back)) && relative_rank(mover_, rank_of(back)) >= 1) {
      if (possible({PAWN, after, back, to}, false)) return true;
      const auto start = Square(int(back) - push);
      if (rank == 3 && after == PAWN && (empty & square_bb(start)) &&
          possible({PAWN, after, start, to}, false))
        return true;
    }
    for (Bitboard b = pawn_attacks(~mover_, to) & empty; b;) {
      const Square from = pop_lsb(b);
      if (possible({PAWN, after, from, to}, true)) return true;
      // En passant: the pawn taken stood behind `to`, having just passed it.
      const auto passed = Square(int(to) + push);
      if (rank == 5 && after == PAWN && (empty & square_bb(back)) && (empty & square_bb(passed)) &&
          possible({PAWN, after, from, to, square_bb(back)}, false))
        return true;
    }
    return false;
  }

  // Standard castling undone: the king back on e1 (e8), the rook back in its corner.
  bool castled(Square to) {
    if (pos_.is_chess960()) return true;  // not analysed: never called impossible
    const int rank = mover_ == WHITE ? 0 : 7;
    if (to != make_square(6, rank) && to != make_square(2, rank)) return false;
    const bool king_side = to == make_square(6, rank);
    const Square rook_now = make_square(king_side ? 5 : 3, rank);
    const Square rook_from = make_square(king_side ? 7 : 0, rank);
    const Square king_from = make_square(4, rank);
    if (!(now_.men[ROOK] & square_bb(rook_now))) return false;
    if (now_.occupied & (square_bb(rook_from) | square_bb(king_from))) return false;
    if (!king_side && (now_.occupied & square_bb(make_square(1, rank)))) return false;
    Retraction r{KING, KING, king_from, to};
    r.men_also = square_bb(rook_from);
    r.rook_now = rook_now;
    return possible(r, false);
  }

  // Whether the side to move was out of check before the move `r` (a capture on `r.to` when
  // `captured`).
  bool possible(const Retraction& r, bool captured) const {
    Board before = now_;
    before.men[r.after] &= ~square_bb(r.to);
    before.men[r.before] |= square_bb(r.from);
    before.occupied &= ~square_bb(r.to);
    before.occupied |= square_bb(r.from) | r.also | (captured ? square_bb(r.to) : 0);
    if (r.rook_now != SQ_NONE) {
      before.men[ROOK] = (before.men[ROOK] & ~square_bb(r.rook_now)) | r.men_also;
      before.occupied = (before.occupied & ~square_bb(r.rook_now)) | r.men_also;
    }
    return !attacked(before, king_, mover_);
  }

  const Position& pos_;
  Color mover_;
  Board now_;
  Square king_ = SQ_NONE;
};

}  // namespace

std::optional<Unreachable> unreachable(const Position& pos) {
  const Bitboard checkers = pos.checkers();
  const int count = popcount(checkers);
  // One move gives check with the piece moved (or the rook castled, or a promoted piece) and
  // uncovers at most one line; an en passant capture can uncover two lines, but each of them is
  // a bishop's, rook's or queen's. So of two checkers at least one is a line piece.
  const Bitboard line_pieces = pos.pieces(BISHOP, ROOK) | pos.pieces(QUEEN);
  if (count > 2 || (count == 2 && (checkers & line_pieces) == 0))
    return Unreachable{.kind = Unreachable::Kind::ImpossibleCheck, .checkers = checkers};
  // Two checks, one of them along a line: some last move must have given both (every man of
  // the side that moved, from every square it could have come from, is tried).
  if (count == 2 && !LastMove(pos).exists())
    return Unreachable{.kind = Unreachable::Kind::NoLastMove, .checkers = checkers};
  if (pos.halfmove_clock() > pos.game_ply())
    return Unreachable{.kind = Unreachable::Kind::HalfmoveClockTooLarge,
                       .halfmove_clock = pos.halfmove_clock(),
                       .plies_played = pos.game_ply()};
  return std::nullopt;
}

}  // namespace annabella::core
