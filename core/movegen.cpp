#include "core/movegen.h"

#include <algorithm>
#include <initializer_list>
#include <type_traits>

namespace annabella::core {
namespace {

// Where generated moves go: a list, or just a count (perft's bulk counting).
struct ListSink {
  MoveList& list;
  void add(Square from, Bitboard targets) {
    while (targets) list.push_back(Move(from, pop_lsb(targets)));
  }
  void add(Move m) { list.push_back(m); }
  void add_promotions(Square from, Square to) {
    list.push_back(Move(from, to, MoveKind::Promotion, QUEEN));
    list.push_back(Move(from, to, MoveKind::Promotion, ROOK));
    list.push_back(Move(from, to, MoveKind::Promotion, BISHOP));
    list.push_back(Move(from, to, MoveKind::Promotion, KNIGHT));
  }
  bool done() const { return false; }
};

struct CountSink {
  std::size_t count = 0;
  void add(Square, Bitboard targets) { count += std::size_t(popcount(targets)); }
  void add(Move) { ++count; }
  void add_promotions(Square, Square) { count += 4; }
  bool done() const { return false; }
};

// A count that stops once it passes a limit.
struct CappedSink {
  std::size_t limit;
  std::size_t count = 0;
  void add(Square, Bitboard targets) { count += std::size_t(popcount(targets)); }
  void add(Move) { ++count; }
  void add_promotions(Square, Square) { count += 4; }
  bool done() const { return count > limit; }
};

struct AnySink {
  bool found = false;
  void add(Square, Bitboard targets) { found |= targets != 0; }
  void add(Move) { found = true; }
  void add_promotions(Square, Square) { found = true; }
  bool done() const { return found; }
};

// Where a move may go when not in check or when in check (`target`), the men pinned to their
// king, and the king's square.
struct Constraints {
  Bitboard target;
  Bitboard pinned;
  Square ksq;
};

// Pawns pinned to their king move only along the pin line; they are few, so one by one.
template <Color Us, class Sink>
void generate_pinned_pawn_moves(const Position& pos, Sink& sink, const Constraints& c) {
  const Bitboard target = c.target;
  const Square ksq = c.ksq;
  Bitboard pinned_pawns = pos.pieces(Us, PAWN) & c.pinned;
  constexpr int Up = Us == WHITE ? 8 : -8;
  constexpr Bitboard Rank2 = Us == WHITE ? rank_bb(1) : rank_bb(6);
  constexpr Bitboard Rank7 = Us == WHITE ? rank_bb(6) : rank_bb(1);
  const Bitboard empty = ~pos.pieces();
  while (pinned_pawns) {
    const Square from = pop_lsb(pinned_pawns);
    Bitboard to_bb = 0;
    const Square one = Square(int(from) + Up);
    if (empty & square_bb(one)) {
      to_bb |= square_bb(one);
      if ((square_bb(from) & Rank2) && (empty & square_bb(Square(int(one) + Up))))
        to_bb |= square_bb(Square(int(one) + Up));
    }
    to_bb |= pawn_attacks(Us, from) & pos.pieces(~Us);
    to_bb &= line_bb(ksq, from) & target;
    if (square_bb(from) & Rank7) {
      while (to_bb) sink.add_promotions(from, pop_lsb(to_bb));
    } else {
      sink.add(from, to_bb);
    }
  }
}

// Moves `Delta` squares back to their origins (a bulk of pushes or captures in one direction).
template <int Delta, class Sink>
void add_shifted(Sink& sink, Bitboard targets) {
  if constexpr (!std::is_same_v<Sink, ListSink>) {
    sink.add(SQ_A1, targets);
  } else {
    while (targets) {
      const Square to = pop_lsb(targets);
      sink.add(Move(Square(int(to) - Delta), to));
    }
  }
}
template <int Delta, class Sink>
void add_shifted_promotions(Sink& sink, Bitboard targets) {
  while (targets) {
    const Square to = pop_lsb(targets);
    sink.add_promotions(Square(int(to) - Delta), to);
  }
}

// En passant: Position keeps the square only when a capture is legal, but with two pawns able
// to capture, only one may be legal (a pin), so each is checked by playing it.
template <Color Us, class Sink>
void generate_en_passant(const Position& pos, Sink& sink, Square ksq) {
  constexpr int Up = Us == WHITE ? 8 : -8;
  const Square ep = pos.en_passant_square();
  if (ep == SQ_NONE) return;
  for (Bitboard capturers = pawn_attacks(~Us, ep) & pos.pieces(Us, PAWN); capturers;) {
    const Square from = pop_lsb(capturers);
    const Square captured = Square(int(ep) - Up);
    const Bitboard occupied =
        (pos.pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
    const Bitboard them = pos.pieces(~Us) & ~square_bb(captured);
    if ((rook_attacks(ksq, occupied) & pos.pieces(ROOK, QUEEN) & them) ||
        (bishop_attacks(ksq, occupied) & pos.pieces(BISHOP, QUEEN) & them) ||
        (knight_attacks(ksq) & pos.pieces(KNIGHT) & them) ||
        (pawn_attacks(Us, ksq) & pos.pieces(PAWN) & them))
      continue;
    sink.add(Move(from, ep, MoveKind::EnPassant));
  }
}

template <Color Us, class Sink>
void generate_pawn_moves(const Position& pos, Sink& sink, const Constraints& c) {
  const Bitboard target = c.target;
  constexpr int Up = Us == WHITE ? 8 : -8;
  constexpr int UpLeft = Us == WHITE ? 7 : -9, UpRight = Us == WHITE ? 9 : -7;
  constexpr Bitboard Rank3 = Us == WHITE ? rank_bb(2) : rank_bb(5);
  constexpr Bitboard Rank7 = Us == WHITE ? rank_bb(6) : rank_bb(1);
  const Bitboard empty = ~pos.pieces();
  const Bitboard enemies = pos.pieces(~Us);
  const Bitboard pawns = pos.pieces(Us, PAWN);

  generate_pinned_pawn_moves<Us>(pos, sink, c);

  // The pawns not pinned, in bulk.
  const Bitboard free_pawns = pawns & ~c.pinned;
  const Bitboard low = free_pawns & ~Rank7, high = free_pawns & Rank7;
  const Bitboard single = shift<Up>(low) & empty;
  add_shifted<Up>(sink, single & target);
  add_shifted<2 * Up>(sink, shift<Up>(single & Rank3) & empty & target);
  add_shifted<UpLeft>(sink, shift<UpLeft>(low) & enemies & target);
  add_shifted<UpRight>(sink, shift<UpRight>(low) & enemies & target);
  if (high) {
    add_shifted_promotions<Up>(sink, shift<Up>(high) & empty & target);
    add_shifted_promotions<UpLeft>(sink, shift<UpLeft>(high) & enemies & target);
    add_shifted_promotions<UpRight>(sink, shift<UpRight>(high) & enemies & target);
  }
  generate_en_passant<Us>(pos, sink, c.ksq);
}

// Castling (Art. 3.8.2; Chess960: II.3): the right (king and rook unmoved), every square the
// king and the rook cross or land on empty but for the two of them (II.3.2.7.4), the king not
// in check (the caller's condition), and no square the king passes over or lands on attacked.
// The attacks are judged with the rook lifted: a rook between its king and an enemy rook or
// queen on the first rank shields the king only until it moves (Chess960).
template <Color Us, class Sink>
void generate_castling(const Position& pos, Sink& sink, Square ksq) {
  constexpr int Back = Us == WHITE ? 0 : 7;
  const Bitboard occupied = pos.pieces();
  const Bitboard them = pos.pieces(~Us);
  for (const bool king_side : {true, false}) {
    const CastlingRights right = castling_right(Us, king_side);
    if (!pos.can_castle(right)) continue;
    const Square rook_from = pos.castling_rook(right);
    const Square king_to = make_square(king_side ? 6 : 2, Back);
    const Square rook_to = make_square(king_side ? 5 : 3, Back);
    const Bitboard movers = square_bb(ksq) | square_bb(rook_from);
    const Bitboard king_path = between_bb(ksq, king_to);  // ksq when the king stays
    if (occupied & (king_path | between_bb(rook_from, rook_to)) & ~movers) continue;
    const Bitboard lifted = occupied ^ square_bb(rook_from);
    bool safe = true;
    for (Bitboard path = king_path & ~square_bb(ksq); path && safe;)
      safe = !(pos.attackers_to(pop_lsb(path), lifted) & them);
    // The king's own square matters only if the rook stood between it and a rook or queen.
    if (safe && (rook_attacks(ksq, lifted) & rank_bb(Back) & pos.pieces(ROOK, QUEEN) & them))
      safe = false;
    if (safe) sink.add(Move(ksq, pos.is_chess960() ? rook_from : king_to, MoveKind::Castling));
  }
}

template <Color Us, class Sink>
void generate(const Position& pos, Sink& sink) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard occupied = pos.pieces();
  const Bitboard ours = pos.pieces(Us);
  const Bitboard checkers = pos.checkers();

  // King moves: to squares not attacked once the king has left its square.
  {
    Bitboard targets = king_attacks(ksq) & ~ours;
    const Bitboard occ_without_king = occupied ^ square_bb(ksq);
    Bitboard safe = 0;
    while (targets) {
      const Square to = pop_lsb(targets);
      if (!pos.attackers_to(to, occ_without_king, Them)) safe |= square_bb(to);
    }
    sink.add(ksq, safe);
    if (sink.done()) return;
  }
  if (more_than_one(checkers)) return;  // double check: only the king may move

  // Squares a non-king move must land on: anywhere not ours, or, in check, the checker
  // or a square between it and the king.
  const Bitboard target = checkers ? between_bb(ksq, lsb(checkers)) : ~ours;
  const Bitboard pinned = pos.blockers_for_king(Us) & ours;

  generate_pawn_moves<Us>(pos, sink, Constraints{target, pinned, ksq});
  if (sink.done()) return;

  for (Bitboard knights = pos.pieces(Us, KNIGHT) & ~pinned; knights;) {
    const Square from = pop_lsb(knights);
    sink.add(from, knight_attacks(from) & target);
  }
  for (Bitboard diag = pos.pieces(Us, BISHOP) | pos.pieces(Us, QUEEN); diag;) {
    const Square from = pop_lsb(diag);
    Bitboard to = bishop_attacks(from, occupied) & target;
    if (pinned & square_bb(from)) to &= line_bb(ksq, from);
    sink.add(from, to);
  }
  for (Bitboard straight = pos.pieces(Us, ROOK) | pos.pieces(Us, QUEEN); straight;) {
    const Square from = pop_lsb(straight);
    Bitboard to = rook_attacks(from, occupied) & target;
    if (pinned & square_bb(from)) to &= line_bb(ksq, from);
    sink.add(from, to);
  }
  if (sink.done() || checkers) return;

  generate_castling<Us>(pos, sink, ksq);
}

template <class Sink>
void generate_for_side(const Position& pos, Sink& sink) {
  if (pos.side_to_move() == WHITE)
    generate<WHITE>(pos, sink);
  else
    generate<BLACK>(pos, sink);
}

}  // namespace

MoveList legal_moves(const Position& pos) {
  MoveList list;
  ListSink sink{list};
  generate_for_side(pos, sink);
  return list;
}

std::size_t count_legal_moves(const Position& pos) {
  CountSink sink;
  generate_for_side(pos, sink);
  return sink.count;
}

std::size_t count_legal_moves_up_to(const Position& pos, std::size_t limit) {
  CappedSink sink{limit};
  generate_for_side(pos, sink);
  return std::min(sink.count, limit + 1);
}

bool can_move_piece(const Position& pos, Square square) {
  // A castling move is the king's (its from square); a rook touched first may not castle
  // (Art. 4.4.2), so castling does not move it here.
  for (const Move m : legal_moves(pos))
    if (m.from() == square) return true;
  return false;
}

bool can_capture_piece(const Position& pos, Square square) {
  if (pos.piece_on(square) == NO_PIECE) return false;
  for (const Move m : legal_moves(pos)) {
    if (m.kind() == MoveKind::Castling) continue;  // Chess960: the king "to" its own rook
    const Square taken =
        m.kind() == MoveKind::EnPassant ? make_square(file_of(m.to()), rank_of(m.from())) : m.to();
    if (taken == square) return true;
  }
  return false;
}

bool has_legal_move(const Position& pos) {
  AnySink sink;
  generate_for_side(pos, sink);
  return sink.found;
}

bool is_checkmate(const Position& pos) {
  return pos.in_check() && !has_legal_move(pos);
}
bool is_stalemate(const Position& pos) {
  return !pos.in_check() && !has_legal_move(pos);
}

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal_moves(pos);
  std::uint64_t nodes = 0;
  for (Move m : legal_moves(pos)) nodes += perft(pos.after(m), depth - 1);
  return nodes;
}

}  // namespace annabella::core
