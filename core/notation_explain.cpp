// Explanations of illegal moves: see notation_explain.h.
#include "core/notation_explain.h"

#include <bit>

#include "core/bitboard.h"

namespace annabella::core::notation_detail {
namespace {

std::string side_name(Color c) {
  return c == WHITE ? "White" : "Black";
}
std::string colour_word(Color c) {
  return std::string(color_name(c));
}

std::string square_list(Bitboard b) {
  std::string s;
  while (b) {
    if (!s.empty()) s += ", ";
    s += square_name(pop_lsb(b));
  }
  return s;
}

// Why castling (d.castling) is not legal: Art. 3.8.2.1 (right lost) / 3.8.2.2 (prevented).
std::string explain_castling(const Position& pos, int side) {
  const Color us = pos.side_to_move();
  const Color them = ~us;
  const int rank = us == WHITE ? 0 : 7;
  const bool short_side = side == 1;
  const std::string name = short_side ? "O-O" : "O-O-O";
  const CastlingRights right =
      us == WHITE ? (short_side ? WHITE_OO : WHITE_OOO) : (short_side ? BLACK_OO : BLACK_OOO);
  const Square king_from = make_square(4, rank);
  const Square rook_from = make_square(short_side ? 7 : 0, rank);
  const Square king_to = make_square(short_side ? 6 : 2, rank);
  if (!pos.can_castle(right))
    return "castling " + name + " is not allowed: " + side_name(us) +
           " has lost the right (the king or the " + square_name(rook_from) +
           " rook has moved, Art. 3.8.2.1)";
  const Bitboard between = between_bb(king_from, rook_from) & ~square_bb(rook_from);
  if (Bitboard blockers = between & pos.pieces())
    return "castling " + name + " is prevented: the square " + square_name(lsb(blockers)) +
           " between the king and the rook is occupied (Art. 3.8.2.2)";
  if (pos.in_check())
    return "castling " + name + " is prevented: the king is in check (Art. 3.8.2.2)";
  const int step = short_side ? 1 : -1;
  for (int f = 4 + step;; f += step) {
    const Square s = make_square(f, rank);
    if (pos.attackers_to(s) & pos.pieces(them))
      return "castling " + name +
             (s == king_to ? " would put the king on the attacked square "
                           : " through an attacked square ") +
             square_name(s) + " (Art. 3.8.2.2)";
    if (s == king_to) break;
  }
  return "castling " + name + " is not legal here (Art. 3.8.2)";
}

// Whether a pawn on `from` could go to `to` by the way it moves, ignoring checks. Returns "" if it
// can, otherwise the reason.
std::string pawn_geometry_problem(const Position& pos, Square from, Square to,
                                  const std::string& who) {
  const Color us = color_of(pos.piece_on(from));
  const int dir = us == WHITE ? 1 : -1;
  const int df = file_of(to) - file_of(from);
  const int dr = (rank_of(to) - rank_of(from)) * dir;
  if (df == 0 && (dr == 1 || (dr == 2 && relative_rank(us, rank_of(from)) == 1))) {
    for (int k = 1; k <= dr; ++k) {
      const Square s = make_square(file_of(from), rank_of(from) + k * dir);
      if (!pos.empty(s))
        return who + " is blocked by the " + piece_name(pos.piece_on(s)) + " on " + square_name(s);
    }
    return "";
  }
  if ((df != 1 && df != -1) || dr != 1) return who + " cannot reach " + square_name(to);
  if (pos.piece_on(to) != NO_PIECE) return "";  // a capture (of an own piece: said elsewhere)
  const Square behind = make_square(file_of(to), rank_of(from));
  if (relative_rank(us, rank_of(from)) == 4 && pos.piece_on(behind) == make_piece(~us, PAWN))
    return who + " cannot capture en passant on " + square_name(to) + ": the pawn on " +
           square_name(behind) + " did not just advance two squares (Art. 3.7.3.2)";
  return who + " cannot capture on " + square_name(to) + ": there is nothing to capture";
}

// Whether a piece of type pt on `from` could go to `to` by the way it moves, ignoring checks.
// Returns "" if it can, otherwise the reason.
std::string geometry_problem(const Position& pos, PieceType pt, Square from, Square to) {
  const std::string who = "the " + std::string(piece_type_name(pt)) + " on " + square_name(from);
  if (pt == PAWN) return pawn_geometry_problem(pos, from, to, who);
  if (!(attacks_of(pt, from, 0) & square_bb(to))) return who + " cannot reach " + square_name(to);
  if (!(attacks_of(pt, from, pos.pieces()) & square_bb(to))) {
    const Bitboard block = between_bb(from, to) & ~square_bb(to) & pos.pieces();
    const Square s = from < to ? lsb(block) : Square(63 - std::countl_zero(block));
    return who + " cannot reach " + square_name(to) + ": the " + piece_name(pos.piece_on(s)) +
           " on " + square_name(s) + " is in the way";
  }
  return "";
}

// The kind of piece the move is about: its letter, else the piece on a named departure square,
// else a pawn. Returns "" with *pt set, or why there is no such piece to move.
std::string moving_piece(const Position& pos, const Description& d, PieceType* pt) {
  const Color us = pos.side_to_move();
  *pt = d.piece;
  if (*pt != NO_PIECE_TYPE) return "";
  if (d.from_file < 0 || d.from_rank < 0) {
    *pt = PAWN;
    return "";
  }
  const Square from = make_square(d.from_file, d.from_rank);
  const Piece pc = pos.piece_on(from);
  if (pc == NO_PIECE) return "there is no piece on " + square_name(from);
  if (color_of(pc) != us)
    return "the piece on " + square_name(from) + " is a " + piece_name(pc) + " and it is " +
           side_name(us) + "'s move";
  *pt = type_of(pc);
  return "";
}

std::string ordinal_suffix(int rank) {
  return rank == 0 ? "st" : rank == 1 ? "nd" : rank == 2 ? "rd" : "th";
}

// Why no piece of kind pt stands where the move says it starts.
std::string no_such_piece(const Position& pos, const Description& d, PieceType pt) {
  const Color us = pos.side_to_move();
  const std::string piece(piece_type_name(pt));
  if (d.from_file >= 0 && d.from_rank >= 0) {
    const Square from = make_square(d.from_file, d.from_rank);
    const Piece pc = pos.piece_on(from);
    if (pc == NO_PIECE) return "there is no " + piece + " on " + square_name(from);
    return "there is no " + colour_word(us) + " " + piece + " on " + square_name(from) + " (a " +
           piece_name(pc) + " stands there)";
  }
  if (!pos.pieces(us, pt)) return side_name(us) + " has no " + piece;
  std::string where;
  if (d.from_file >= 0) where += std::string(" on the ") + char('a' + d.from_file) + " file";
  if (d.from_rank >= 0)
    where += std::string(where.empty() ? " on the " : " and the ") + char('1' + d.from_rank) +
             ordinal_suffix(d.from_rank) + " rank";
  return side_name(us) + " has no " + piece + where;
}

// Which of the pieces `own` could reach `to` by the way they move, and why the others cannot.
struct Reach {
  std::string reasons;
  Bitboard reachable = 0;
  Bitboard out_of_reach = 0;  // pieces that do not move that way at all (no blocker, no capture)
};
Reach reach(const Position& pos, PieceType pt, Bitboard own, Square to) {
  const Color us = pos.side_to_move();
  const std::string piece(piece_type_name(pt));
  const Piece target = pos.piece_on(to);
  Reach r;
  for (Bitboard b = own; b;) {
    const Square from = pop_lsb(b);
    std::string why = geometry_problem(pos, pt, from, to);
    if (why == "the " + piece + " on " + square_name(from) + " cannot reach " + square_name(to))
      r.out_of_reach |= square_bb(from);
    if (why.empty() && target != NO_PIECE && color_of(target) == us)
      why = "the " + piece + " on " + square_name(from) + " cannot capture the " +
            piece_name(target) + " on " + square_name(to) + " (Art. 3.1)";
    if (why.empty()) {
      r.reachable |= square_bb(from);
      continue;
    }
    if (!r.reasons.empty()) r.reasons += "; ";
    r.reasons += why;
  }
  return r;
}

// The pieces on `reachable` reach `to`: the problem is the promotion or the king (Art. 3.9).
std::string king_problem(const Position& pos, const Description& d, PieceType pt,
                         Bitboard reachable, Square to) {
  const Color us = pos.side_to_move();
  if (pt == PAWN && d.promotion != NO_PIECE_TYPE && relative_rank(us, d.to_rank) != 7)
    return "only a pawn reaching the last rank is promoted (Art. 3.7.5)";
  const std::string who =
      "the " + std::string(piece_type_name(pt)) + " on " + square_list(reachable);
  const bool king_move = pt == KING;
  if (pos.in_check())
    return side_name(us) + " is in check and " +
           (king_move ? "the king would still be in check on " + square_name(to)
                      : "moving " + who + " to " + square_name(to) + " does not end the check") +
           " (Art. 3.9)";
  if (king_move)
    return "the king cannot go to " + square_name(to) + ": it is attacked there (Art. 3.9)";
  return "moving " + who + " to " + square_name(to) + " would leave the " + colour_word(us) +
         " king in check (Art. 3.9)";
}
}  // namespace

// Why no legal move fits d (called only when none does).
std::string explain_illegal(const Position& pos, const Description& d) {
  const Color us = pos.side_to_move();
  if (d.castling) return explain_castling(pos, d.castling);
  PieceType pt = NO_PIECE_TYPE;
  if (std::string why = moving_piece(pos, d, &pt); !why.empty()) return why;
  if (d.promotion != NO_PIECE_TYPE && pt != PAWN) return "only a pawn is promoted (Art. 3.7.5)";
  if (d.promotion == KING || d.promotion == PAWN)
    return "a pawn is promoted to a queen, rook, bishop or knight (Art. 3.7.5.1)";
  Bitboard own = pos.pieces(us, pt);
  if (d.from_file >= 0) own &= file_bb(d.from_file);
  if (d.from_rank >= 0) own &= rank_bb(d.from_rank);
  if (!own) return no_such_piece(pos, d, pt);
  if (d.to_rank < 0) {  // "ed": no pawn capture from that file to that file
    return "no " + colour_word(us) + " pawn on the " + std::string(1, char('a' + d.from_file)) +
           " file can capture on the " + std::string(1, char('a' + d.to_file)) + " file";
  }
  const Square to = make_square(d.to_file, d.to_rank);
  const Reach r = reach(pos, pt, own, to);
  const std::string piece(piece_type_name(pt));
  if (!r.reachable && r.out_of_reach == own && more_than_one(own))
    return "no " + colour_word(us) + " " + piece + " can reach " + square_name(to) + " (" + piece +
           "s on " + square_list(own) + ")";
  if (!r.reachable) return r.reasons;
  return king_problem(pos, d, pt, r.reachable, to);
}

}  // namespace annabella::core::notation_detail
