// Writing moves: see notation_writer.h.
#include "core/notation_writer.h"

#include "core/bitboard.h"
#include "core/movegen.h"
#include "core/notation_tokens.h"

namespace annabella::core {

namespace {
void append_check_sign(const Position& pos, Move m, std::string& s) {
  if (!pos.gives_check(m)) return;
  s += has_legal_move(pos.after(m)) ? '+' : '#';
}

std::string castling_text(Move m) {
  return file_of(m.to()) > file_of(m.from()) ? "O-O" : "O-O-O";
}
}  // namespace

std::string to_san(const Position& pos, Move m) {
  return to_san(pos, m, english_letters());
}

namespace {
// The letter and disambiguation of a piece move ("N", "Nb", "R1", "Qh4"); "" for a pawn.
std::string san_piece_prefix(const Position& pos, Move m, PieceType pt,
                             const PieceLetters& letters) {
  if (pt == PAWN) return "";
  std::string s = letters.letters[pt];
  const Square from = m.from(), to = m.to();
  const Color us = pos.side_to_move();
  const Bitboard others = pos.pieces(us, pt) & attacks_of(pt, to, pos.pieces()) & ~square_bb(from);
  if (!others || pt == KING) return s;
  Bitboard rivals = 0;
  for (Move x : legal_moves(pos))
    if (x.to() == to && (others & square_bb(x.from())) && x.kind() != MoveKind::Castling)
      rivals |= square_bb(x.from());
  const notation_detail::SanDisambiguation d = notation_detail::san_disambiguation(from, rivals);
  if (d.file >= 0) s += char('a' + d.file);
  if (d.rank >= 0) s += char('1' + d.rank);
  return s;
}
}  // namespace

std::string to_san(const Position& pos, Move m, const PieceLetters& letters) {
  std::string s;
  if (m.kind() == MoveKind::Castling) {
    s = castling_text(m);
  } else {
    const Square from = m.from();
    const PieceType pt = type_of(pos.piece_on(from));
    const bool capture = pos.is_capture(m);
    s = san_piece_prefix(pos, m, pt, letters);
    if (pt == PAWN && capture) s += char('a' + file_of(from));
    if (capture) s += 'x';
    s += square_name(m.to());
    if (m.kind() == MoveKind::Promotion) {
      s += '=';
      s += letters.letters[m.promotion()];
    }
  }
  append_check_sign(pos, m, s);
  return s;
}

std::string san_in_letters(std::string_view english_san, const PieceLetters& letters) {
  const PieceLetters& english = english_letters();
  std::string s;
  for (const char c : english_san) {
    PieceType pt = NO_PIECE_TYPE;
    for (const PieceType t : {KING, QUEEN, ROOK, BISHOP, KNIGHT})
      if (english.letters[t].size() == 1 && english.letters[t][0] == c) pt = t;
    if (pt != NO_PIECE_TYPE && !letters.letters[pt].empty())
      s += letters.letters[pt];
    else
      s += c;
  }
  return s;
}

std::string to_lan(const Position& pos, Move m) {
  return to_lan(pos, m, english_letters());
}

std::string to_lan(const Position& pos, Move m, const PieceLetters& letters) {
  std::string s;
  if (m.kind() == MoveKind::Castling) {
    s = castling_text(m);
  } else {
    const PieceType pt = type_of(pos.piece_on(m.from()));
    if (pt != PAWN) s += letters.letters[pt];
    s += square_name(m.from());
    s += pos.is_capture(m) ? 'x' : '-';
    s += square_name(m.to());
    if (m.kind() == MoveKind::Promotion) {
      s += '=';
      s += letters.letters[m.promotion()];
    }
  }
  append_check_sign(pos, m, s);
  return s;
}
}  // namespace annabella::core
