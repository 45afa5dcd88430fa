#include "core/blockade.h"

namespace annabella::core {
namespace {

constexpr Bitboard forward(Color c, Bitboard b) {
  return c == WHITE ? shift<8>(b) : shift<-8>(b);
}
constexpr Bitboard pawn_attacks_bb(Color c, Bitboard b) {
  return c == WHITE ? shift<7>(b) | shift<9>(b) : shift<-7>(b) | shift<-9>(b);
}
constexpr Bitboard last_rank(Color c) {
  return c == WHITE ? RANK_8_BB : RANK_1_BB;
}
// Every square a knight on one of `b` attacks.
constexpr Bitboard knight_attacks_of(Bitboard b) {
  const Bitboard one = shift<1>(b) | shift<-1>(b);
  const Bitboard two = shift<1>(shift<1>(b)) | shift<-1>(shift<-1>(b));
  return shift<16>(one) | shift<-16>(one) | shift<8>(two) | shift<-8>(two);
}
// Every square a king on one of `b` attacks.
constexpr Bitboard king_attacks_of(Bitboard b) {
  const Bitboard sideways = shift<1>(b) | shift<-1>(b), row = b | sideways;
  return sideways | shift<8>(row) | shift<-8>(row);
}

// The locked pawns of both colours and what they do for good: stand, block and attack.
struct Locked {
  Bitboard all = 0;
  Bitboard of[COLOR_NB] = {};
  Bitboard attacks[COLOR_NB] = {};
};

Locked make_locked(const Position& pos, Bitboard pawns) {
  Locked l;
  l.all = pawns;
  for (Color c : {WHITE, BLACK}) {
    l.of[c] = pawns & pos.pieces(c);
    l.attacks[c] = pawn_attacks_bb(c, l.of[c]);
  }
  return l;
}

// Where a man may go: squares it may step into, and squares it does not step on from (a capture
// of a locked pawn: the proof fails there anyway).
struct Bounds {
  Bitboard allowed = 0;
  Bitboard stop = 0;
};

// Every square reachable from `start` by repeated steps within `bounds`.
template <class StepFn>
Bitboard flood(Bitboard start, Bounds bounds, StepFn step) {
  const Bitboard allowed = bounds.allowed, stop = bounds.stop;
  Bitboard reach = start, frontier = start & ~stop;
  while (frontier) {
    Bitboard next = 0;
    for (Bitboard f = frontier; f;) next |= step(pop_lsb(f));
    next &= allowed & ~reach;
    reach |= next;
    frontier = next & ~stop;
  }
  return reach;
}

// Attacks of one piece type from every square of a set.
template <class StepFn>
Bitboard attacks_from(Bitboard squares, StepFn step) {
  Bitboard a = 0;
  for (Bitboard s = squares; s;) a |= step(pop_lsb(s));
  return a;
}

// The flood above for a step that takes a whole frontier at a time (kings and knights).
template <class StepsFn>
Bitboard flood_all(Bitboard start, Bounds bounds, StepsFn steps) {
  Bitboard reach = start, frontier = start & ~bounds.stop;
  while (frontier) {
    const Bitboard next = steps(frontier) & bounds.allowed & ~reach;
    reach |= next;
    frontier = next & ~bounds.stop;
  }
  return reach;
}

// The squares a side's king could ever stand on: it never steps on its own locked pawns nor
// into a square a locked enemy pawn attacks (Art. 3.9: into check), and stops on a locked enemy
// pawn it takes.
Bitboard king_region(const Position& pos, Color c, const Locked& locked) {
  return flood_all(pos.pieces(c, KING), {~locked.of[c] & ~locked.attacks[~c], locked.of[~c]},
                   king_attacks_of);
}

// The squares a side's knights could ever stand on (without the pawns' promotions).
Bitboard knight_region(Bitboard knights, Color c, const Locked& locked) {
  return flood_all(knights, {~locked.of[c], locked.of[~c]}, knight_attacks_of);
}

// The squares a side's pawns not locked could ever stand on: forward, or diagonally wherever a
// capture might be, up to the last rank.
Bitboard pawn_region(const Position& pos, Color c, const Locked& locked) {
  const Bitboard own = locked.of[c], blockers = locked.all;
  Bitboard pawns = pos.pieces(c, PAWN) & ~own, frontier = pawns;
  const Bitboard pawn_stop = locked.of[~c] | last_rank(c);
  while (frontier) {
    Bitboard next = (forward(c, frontier) & ~blockers) | (pawn_attacks_bb(c, frontier) & ~own);
    next &= ~pawns;
    pawns |= next;
    frontier = next & ~pawn_stop;
  }
  return pawns;
}

// What one side's men could ever do, given the locked pawns.
struct Side {
  Bitboard presence = 0;  // squares a man other than a locked pawn could ever stand on
  Bitboard king = 0;      // the king's squares
  Bitboard checks = 0;    // squares its men other than the king could ever attack
  Bitboard cover = 0;     // checks plus the king's attacks
  Bitboard men = 0;       // squares its men other than the king could ever stand on
};

Side analyse_side(const Position& pos, Color c, const Locked& locked) {
  const Bitboard own = locked.of[c], enemy = locked.of[~c], blockers = locked.all;
  const auto bishop = [&](Square s) { return bishop_attacks(s, blockers); };
  const auto rook = [&](Square s) { return rook_attacks(s, blockers); };
  const auto queen = [&](Square s) { return queen_attacks(s, blockers); };
  Side side;

  // Pawns not locked; from every last rank square they reach they may go on as a queen or a
  // knight (rook and bishop are inside the queen's squares).
  const Bitboard pawns = pawn_region(pos, c, locked);
  side.checks = pawn_attacks_bb(c, pawns & ~last_rank(c)) | locked.attacks[c];
  Bitboard promoted = pawns & last_rank(c) & ~enemy;

  const Bitboard knights = knight_region(pos.pieces(c, KNIGHT) | promoted, c, locked);
  Bitboard men = pawns | knights;
  side.checks |= knight_attacks_of(knights);
  const auto piece = [&](Bitboard start, auto step) {
    const Bitboard reach = flood(start, {~own, enemy}, step);
    men |= reach;
    side.checks |= attacks_from(reach, step);
  };
  piece(pos.pieces(c, BISHOP), bishop);
  piece(pos.pieces(c, ROOK), rook);
  piece(pos.pieces(c, QUEEN) | promoted, queen);
  side.men = men;
  side.king = king_region(pos, c, locked);
  side.cover = side.checks | king_attacks_of(side.king);
  side.presence = men | side.king;
  return side;
}

// The pawns of `locked` that could move or be taken, given what both sides could do.
Bitboard unlocked(const Locked& locked, const Side (&sides)[COLOR_NB]) {
  Bitboard out = 0;
  for (Color c : {WHITE, BLACK}) {
    const Side& them = sides[~c];
    for (Bitboard b = locked.of[c]; b;) {
      const Square s = pop_lsb(b);
      const Bitboard sq = square_bb(s);
      const bool blocked = (forward(c, sq) & locked.all) != 0;
      const bool taken = (them.presence & sq) != 0;
      const bool can_capture = (pawn_attacks(c, s) & (them.presence | locked.of[~c])) != 0;
      if (!blocked || taken || can_capture) out |= sq;
    }
  }
  return out;
}

// With no pawn locked nothing is confined: both kings may stand anywhere and the winner's king
// alone covers every square, so the defending king can be mated wherever one of the winner's
// men could attack it. A bishop attacks the squares of its own colour; a knight, a rook, a
// queen, or a pawn that promotes, every square.
Blockade unconfined(const Position& pos, Color winner) {
  constexpr Bitboard DARK = 0xAA55AA55AA55AA55ULL;
  Blockade result;
  result.king_region[WHITE] = result.king_region[BLACK] = ~Bitboard(0);
  const Bitboard men = pos.pieces(winner) & ~pos.pieces(winner, KING);
  if (men & ~pos.pieces(winner, BISHOP)) {
    result.mating_squares = ~Bitboard(0);
    return result;
  }
  for (Bitboard b = men; b;) result.mating_squares |= (square_bb(pop_lsb(b)) & DARK) ? DARK : ~DARK;
  return result;
}

}  // namespace

Blockade analyse_blockade(const Position& pos, Color winner) {
  const Color loser = ~winner;
  // Candidates: pawns with a pawn straight ahead, except any that can take en passant now.
  const Bitboard pawns = pos.pieces(PAWN);
  Bitboard candidates =
      (pos.pieces(WHITE, PAWN) & shift<-8>(pawns)) | (pos.pieces(BLACK, PAWN) & shift<8>(pawns));
  if (pos.en_passant_square() != SQ_NONE)
    candidates &= ~pawn_attacks(~pos.side_to_move(), pos.en_passant_square());

  Locked locked = make_locked(pos, candidates);
  // First the kings, the pawns and the knights alone, which cost little (whole sets at a time).
  // The sets only grow as F shrinks, so a pawn that these alone free is free in the full
  // analysis too: the fixed point is the same, and in most positions this pass already leaves no
  // pawn locked.
  for (;;) {
    Side cheap[COLOR_NB];
    for (Color c : {WHITE, BLACK})
      cheap[c].presence = king_region(pos, c, locked) | pawn_region(pos, c, locked) |
                          knight_region(pos.pieces(c, KNIGHT), c, locked);
    const Bitboard loose = unlocked(locked, cheap);
    if (!loose) break;
    locked = make_locked(pos, locked.all & ~loose);
  }
  if (!locked.all) return unconfined(pos, winner);

  Side sides[COLOR_NB];
  for (;;) {
    sides[WHITE] = analyse_side(pos, WHITE, locked);
    sides[BLACK] = analyse_side(pos, BLACK, locked);
    const Bitboard loose = unlocked(locked, sides);
    if (!loose) break;
    locked = make_locked(pos, locked.all & ~loose);
  }

  Blockade result;
  result.locked_pawns = locked.all;
  result.king_region[WHITE] = sides[WHITE].king;
  result.king_region[BLACK] = sides[BLACK].king;
  // A mate needs the king on a square the winner can attack, every flight square attacked by
  // the winner or filled by one of the defender's own men.
  const Bitboard filled = sides[loser].men | locked.of[loser];
  for (Bitboard k = sides[loser].king & sides[winner].checks; k;) {
    const Square s = pop_lsb(k);
    if (!(king_attacks(s) & ~(sides[winner].cover | filled))) result.mating_squares |= square_bb(s);
  }
  return result;
}

}  // namespace annabella::core
