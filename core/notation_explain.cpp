// Explanations of illegal moves: see notation_explain.h.
#include "core/notation_explain.h"

#include <bit>
#include <optional>

#include "core/bitboard.h"

namespace annabella::core::notation_detail {
namespace {

using Kind = IllegalMove::Kind;
using Obstacle = MoveObstacle::Kind;

std::vector<Square> squares_of(Bitboard b) {
  std::vector<Square> out;
  while (b) out.push_back(pop_lsb(b));
  return out;
}

IllegalMove reason(Kind kind, Color side) {
  IllegalMove out;
  out.kind = kind;
  out.side = side;
  return out;
}

// Why castling (d.castling) is not legal: Art. 3.8.2.1 (right lost) / 3.8.2.2 (prevented).
IllegalMove explain_castling(const Position& pos, int side) {
  const Color us = pos.side_to_move();
  const Color them = ~us;
  const int rank = us == WHITE ? 0 : 7;
  const bool short_side = side == 1;
  const CastlingRights right =
      us == WHITE ? (short_side ? WHITE_OO : WHITE_OOO) : (short_side ? BLACK_OO : BLACK_OOO);
  const Square king_from = make_square(4, rank);
  const Square rook_from = make_square(short_side ? 7 : 0, rank);
  const Square king_to = make_square(short_side ? 6 : 2, rank);
  IllegalMove out = reason(Kind::CastlingNotLegal, us);
  out.king_side = short_side;
  out.piece = KING;
  if (!pos.can_castle(right)) {
    out.kind = Kind::CastlingRightLost;
    out.at = rook_from;
    return out;
  }
  const Bitboard between = between_bb(king_from, rook_from) & ~square_bb(rook_from);
  if (Bitboard blockers = between & pos.pieces()) {
    out.kind = Kind::CastlingSquareOccupied;
    out.at = lsb(blockers);
    return out;
  }
  if (pos.in_check()) {
    out.kind = Kind::CastlingInCheck;
    return out;
  }
  const int step = short_side ? 1 : -1;
  for (int f = 4 + step;; f += step) {
    const Square s = make_square(f, rank);
    if (pos.attackers_to(s) & pos.pieces(them)) {
      out.kind = s == king_to ? Kind::CastlingIntoAttack : Kind::CastlingThroughAttack;
      out.at = s;
      return out;
    }
    if (s == king_to) break;
  }
  return out;
}

// The piece's way (`route`: its type and squares) with what stops it.
MoveObstacle obstacle(Obstacle kind, const MoveObstacle& route) {
  MoveObstacle out = route;
  out.kind = kind;
  return out;
}

// Whether a pawn on `from` could go to `to` by the way it moves, ignoring checks: nothing if it
// can, otherwise why not.
std::optional<MoveObstacle> pawn_geometry_problem(const Position& pos, Square from, Square to) {
  const Color us = color_of(pos.piece_on(from));
  const int dir = us == WHITE ? 1 : -1;
  const int df = file_of(to) - file_of(from);
  const int dr = (rank_of(to) - rank_of(from)) * dir;
  const MoveObstacle route{Obstacle::CannotReach, PAWN, from, to};
  if (df == 0 && (dr == 1 || (dr == 2 && relative_rank(us, rank_of(from)) == 1))) {
    for (int k = 1; k <= dr; ++k) {
      const Square s = make_square(file_of(from), rank_of(from) + k * dir);
      if (!pos.empty(s)) {
        MoveObstacle out = obstacle(Obstacle::BlockedBy, route);
        out.other = pos.piece_on(s);
        out.at = s;
        return out;
      }
    }
    return std::nullopt;
  }
  if ((df != 1 && df != -1) || dr != 1) return obstacle(Obstacle::CannotReach, route);
  if (pos.piece_on(to) != NO_PIECE) return std::nullopt;  // a capture (of an own piece: elsewhere)
  const Square behind = make_square(file_of(to), rank_of(from));
  if (relative_rank(us, rank_of(from)) == 4 && pos.piece_on(behind) == make_piece(~us, PAWN)) {
    MoveObstacle out = obstacle(Obstacle::NotEnPassant, route);
    out.at = behind;
    return out;
  }
  return obstacle(Obstacle::NothingToCapture, route);
}

// Whether a piece of type pt on `from` could go to `to` by the way it moves, ignoring checks:
// nothing if it can, otherwise why not.
std::optional<MoveObstacle> geometry_problem(const Position& pos, PieceType pt, Square from,
                                             Square to) {
  if (pt == PAWN) return pawn_geometry_problem(pos, from, to);
  const MoveObstacle route{Obstacle::CannotReach, pt, from, to};
  if (!(attacks_of(pt, from, 0) & square_bb(to))) return obstacle(Obstacle::CannotReach, route);
  if (!(attacks_of(pt, from, pos.pieces()) & square_bb(to))) {
    const Bitboard block = between_bb(from, to) & ~square_bb(to) & pos.pieces();
    const Square s = from < to ? lsb(block) : Square(63 - std::countl_zero(block));
    MoveObstacle out = obstacle(Obstacle::InTheWay, route);
    out.other = pos.piece_on(s);
    out.at = s;
    return out;
  }
  return std::nullopt;
}

// The kind of piece the move is about: its letter, else the piece on a named departure square,
// else a pawn. Returns nothing with *pt set, or why there is no such piece to move.
std::optional<IllegalMove> moving_piece(const Position& pos, const Description& d, PieceType* pt) {
  const Color us = pos.side_to_move();
  *pt = d.piece;
  if (*pt != NO_PIECE_TYPE) return std::nullopt;
  if (d.from_file < 0 || d.from_rank < 0) {
    *pt = PAWN;
    return std::nullopt;
  }
  const Square from = make_square(d.from_file, d.from_rank);
  const Piece pc = pos.piece_on(from);
  if (pc == NO_PIECE || color_of(pc) != us) {
    IllegalMove out = reason(pc == NO_PIECE ? Kind::NoPieceOn : Kind::OpponentsPiece, us);
    out.from = from;
    out.other = pc;
    return out;
  }
  *pt = type_of(pc);
  return std::nullopt;
}

// Why no piece of kind pt stands where the move says it starts.
IllegalMove no_such_piece(const Position& pos, const Description& d, PieceType pt) {
  const Color us = pos.side_to_move();
  IllegalMove out = reason(Kind::NoSuchPiece, us);
  out.piece = pt;
  if (d.from_file >= 0 && d.from_rank >= 0) {
    out.from = make_square(d.from_file, d.from_rank);
    out.other = pos.piece_on(out.from);
    out.kind = out.other == NO_PIECE ? Kind::NoSuchPieceOn : Kind::OtherPieceOn;
    return out;
  }
  if (!pos.pieces(us, pt)) return out;
  out.file = d.from_file;
  out.rank = d.from_rank;
  return out;
}

// Which of the pieces `own` could reach `to` by the way they move, and why the others cannot.
struct Reach {
  std::vector<MoveObstacle> obstacles;
  Bitboard reachable = 0;
  Bitboard out_of_reach = 0;  // pieces that do not move that way at all (no blocker, no capture)
};
Reach reach(const Position& pos, PieceType pt, Bitboard own, Square to) {
  const Color us = pos.side_to_move();
  const Piece target = pos.piece_on(to);
  Reach r;
  for (Bitboard b = own; b;) {
    const Square from = pop_lsb(b);
    std::optional<MoveObstacle> why = geometry_problem(pos, pt, from, to);
    if (why && why->kind == Obstacle::CannotReach) r.out_of_reach |= square_bb(from);
    if (!why && target != NO_PIECE && color_of(target) == us) {
      why = MoveObstacle{Obstacle::OwnPiece, pt, from, to};
      why->other = target;
      why->at = to;
    }
    if (!why) {
      r.reachable |= square_bb(from);
      continue;
    }
    r.obstacles.push_back(*why);
  }
  return r;
}

// The pieces on `reachable` reach `to`: the problem is the promotion or the king (Art. 3.9).
IllegalMove king_problem(const Position& pos, const Description& d, PieceType pt,
                         Bitboard reachable, Square to) {
  const Color us = pos.side_to_move();
  IllegalMove out = reason(Kind::LeavesKingInCheck, us);
  out.piece = pt;
  out.to = to;
  out.pieces = squares_of(reachable);
  const bool king_move = pt == KING;
  if (pt == PAWN && d.promotion != NO_PIECE_TYPE && relative_rank(us, d.to_rank) != 7)
    out.kind = Kind::PromotionNotLastRank;
  else if (pos.in_check())
    out.kind = king_move ? Kind::KingStaysInCheck : Kind::CheckNotEnded;
  else if (king_move)
    out.kind = Kind::KingToAttacked;
  return out;
}
}  // namespace

// Why no legal move fits d (called only when none does).
IllegalMove explain_illegal(const Position& pos, const Description& d) {
  const Color us = pos.side_to_move();
  if (d.castling) return explain_castling(pos, d.castling);
  PieceType pt = NO_PIECE_TYPE;
  if (auto why = moving_piece(pos, d, &pt)) return *why;
  if (d.promotion != NO_PIECE_TYPE && pt != PAWN) return reason(Kind::PromotionNotPawn, us);
  if (d.promotion == KING || d.promotion == PAWN) return reason(Kind::PromotionPiece, us);
  Bitboard own = pos.pieces(us, pt);
  if (d.from_file >= 0) own &= file_bb(d.from_file);
  if (d.from_rank >= 0) own &= rank_bb(d.from_rank);
  if (!own) return no_such_piece(pos, d, pt);
  IllegalMove out = reason(Kind::NoPawnCapture, us);
  out.piece = pt;
  if (d.to_rank < 0) {  // "ed": no pawn capture from that file to that file
    out.file = d.from_file;
    out.to_file = d.to_file;
    return out;
  }
  out.to = make_square(d.to_file, d.to_rank);
  Reach r = reach(pos, pt, own, out.to);
  if (!r.reachable && r.out_of_reach == own && more_than_one(own)) {
    out.kind = Kind::NoneCanReach;
    out.pieces = squares_of(own);
    return out;
  }
  if (!r.reachable) {
    out.kind = Kind::Obstacles;
    out.obstacles = std::move(r.obstacles);
    return out;
  }
  return king_problem(pos, d, pt, r.reachable, out.to);
}

}  // namespace annabella::core::notation_detail
