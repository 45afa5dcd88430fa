#include "core/movegen.h"

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

struct AnySink {
  bool found = false;
  void add(Square, Bitboard targets) { found |= targets != 0; }
  void add(Move) { found = true; }
  void add_promotions(Square, Square) { found = true; }
  bool done() const { return found; }
};

template <Color Us, class Sink>
void generate_pawn_moves(const Position& pos, Sink& sink, Bitboard target, Bitboard pinned,
                         Square ksq) {
  constexpr Color Them = ~Us;
  constexpr int Up = Us == WHITE ? 8 : -8;
  constexpr Bitboard Rank3 = Us == WHITE ? rank_bb(2) : rank_bb(5);
  constexpr Bitboard Rank7 = Us == WHITE ? rank_bb(6) : rank_bb(1);
  const Bitboard empty = ~pos.pieces();
  const Bitboard enemies = pos.pieces(Them);
  const Bitboard pawns = pos.pieces(Us, PAWN);

  // Pinned pawns are handled one by one; the rest in bulk.
  const Bitboard free_pawns = pawns & ~pinned;
  for (Bitboard pinned_pawns = pawns & pinned; pinned_pawns;) {
    const Square from = pop_lsb(pinned_pawns);
    const Bitboard ray = line_bb(ksq, from);
    Bitboard to_bb = 0;
    const Square one = Square(int(from) + Up);
    if (empty & square_bb(one)) {
      to_bb |= square_bb(one);
      if ((square_bb(from) & (Us == WHITE ? rank_bb(1) : rank_bb(6))) &&
          (empty & square_bb(Square(int(one) + Up))))
        to_bb |= square_bb(Square(int(one) + Up));
    }
    to_bb |= pawn_attacks(Us, from) & enemies;
    to_bb &= ray & target;
    if (square_bb(from) & Rank7) {
      while (to_bb) sink.add_promotions(from, pop_lsb(to_bb));
    } else {
      sink.add(from, to_bb);
    }
  }

  const Bitboard low = free_pawns & ~Rank7, high = free_pawns & Rank7;
  Bitboard single = shift<Up>(low) & empty;
  Bitboard dbl = shift<Up>(single & Rank3) & empty & target;
  single &= target;
  constexpr int UpLeft = Us == WHITE ? 7 : -9, UpRight = Us == WHITE ? 9 : -7;
  Bitboard left = shift<UpLeft>(low) & enemies & target;
  Bitboard right = shift<UpRight>(low) & enemies & target;
  if constexpr (std::is_same_v<Sink, CountSink> || std::is_same_v<Sink, AnySink>) {
    sink.add(SQ_A1, single);
    sink.add(SQ_A1, dbl);
    sink.add(SQ_A1, left);
    sink.add(SQ_A1, right);
  } else {
    while (single) {
      const Square to = pop_lsb(single);
      sink.add(Move(Square(int(to) - Up), to));
    }
    while (dbl) {
      const Square to = pop_lsb(dbl);
      sink.add(Move(Square(int(to) - 2 * Up), to));
    }
    while (left) {
      const Square to = pop_lsb(left);
      sink.add(Move(Square(int(to) - UpLeft), to));
    }
    while (right) {
      const Square to = pop_lsb(right);
      sink.add(Move(Square(int(to) - UpRight), to));
    }
  }
  if (high) {
    Bitboard push = shift<Up>(high) & empty & target;
    Bitboard cap_left = shift<UpLeft>(high) & enemies & target;
    Bitboard cap_right = shift<UpRight>(high) & enemies & target;
    while (push) {
      const Square to = pop_lsb(push);
      sink.add_promotions(Square(int(to) - Up), to);
    }
    while (cap_left) {
      const Square to = pop_lsb(cap_left);
      sink.add_promotions(Square(int(to) - UpLeft), to);
    }
    while (cap_right) {
      const Square to = pop_lsb(cap_right);
      sink.add_promotions(Square(int(to) - UpRight), to);
    }
  }

  // En passant: Position keeps the square only when a capture is legal, but with two pawns
  // able to capture, only one may be legal (a pin), so each is checked by playing it.
  const Square ep = pos.en_passant_square();
  if (ep != SQ_NONE) {
    for (Bitboard capturers = pawn_attacks(Them, ep) & pawns; capturers;) {
      const Square from = pop_lsb(capturers);
      const Square captured = Square(int(ep) - Up);
      const Bitboard occupied =
          (pos.pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
      const Bitboard them = pos.pieces(Them) & ~square_bb(captured);
      if ((rook_attacks(ksq, occupied) & pos.pieces(ROOK, QUEEN) & them) ||
          (bishop_attacks(ksq, occupied) & pos.pieces(BISHOP, QUEEN) & them) ||
          (knight_attacks(ksq) & pos.pieces(KNIGHT) & them) ||
          (pawn_attacks(Us, ksq) & pos.pieces(PAWN) & them))
        continue;
      sink.add(Move(from, ep, MoveKind::EnPassant));
    }
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
    const Bitboard them = pos.pieces(Them);
    Bitboard safe = 0;
    while (targets) {
      const Square to = pop_lsb(targets);
      if (!(pos.attackers_to(to, occ_without_king) & them)) safe |= square_bb(to);
    }
    sink.add(ksq, safe);
    if (sink.done()) return;
  }
  if (more_than_one(checkers)) return;  // double check: only the king may move

  // Squares a non-king move must land on: anywhere not ours, or, in check, the checker
  // or a square between it and the king.
  const Bitboard target = checkers ? between_bb(ksq, lsb(checkers)) : ~ours;
  const Bitboard pinned = pos.blockers_for_king(Us) & ours;

  generate_pawn_moves<Us>(pos, sink, target, pinned, ksq);
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

  // Castling (Art. 3.8.2): king and rook unmoved (the rights), squares between them empty,
  // the king not in check and not passing over or landing on an attacked square.
  constexpr CastlingRights OO = Us == WHITE ? WHITE_OO : BLACK_OO;
  constexpr CastlingRights OOO = Us == WHITE ? WHITE_OOO : BLACK_OOO;
  constexpr int Back = Us == WHITE ? 0 : 7;
  const Bitboard them = pos.pieces(Them);
  auto attacked = [&](int file) { return (pos.attackers_to(make_square(file, Back)) & them) != 0; };
  if (pos.can_castle(OO) &&
      !(occupied & (square_bb(make_square(5, Back)) | square_bb(make_square(6, Back)))) &&
      !attacked(5) && !attacked(6))
    sink.add(Move(ksq, make_square(6, Back), MoveKind::Castling));
  if (pos.can_castle(OOO) &&
      !(occupied & (square_bb(make_square(1, Back)) | square_bb(make_square(2, Back)) |
                    square_bb(make_square(3, Back)))) &&
      !attacked(3) && !attacked(2))
    sink.add(Move(ksq, make_square(2, Back), MoveKind::Castling));
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
