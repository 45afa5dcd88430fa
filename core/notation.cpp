// Appendix C notation: canonical SAN and long algebraic writing, and the move reader.
//
// The reader works on Unicode code points (UTF-8 input) in three steps:
//  1. clean-up: surrounding blanks, annotation glyphs (! ? + # and their Unicode forms), and in
//     lenient mode blanks inside the move and "e.p." suffixes;
//  2. a small grammar: [piece letter] coordinates and capture/hyphen signs [promotion], where the
//     coordinates form one of  e4 | de4 | 1e4 | d1e4 | ed (pawn capture, lenient only);
//  3. matching the description against the legal moves: exactly one fits = the move; none fits =
//     Illegal, with the reason worked out from the board; several fit = Ambiguous (candidates).
// Strict mode accepts canonical SAN only: the move found must write back to the same text.
#include "core/notation.h"

#include <algorithm>
#include <array>
#include <cstdint>

#include "core/bitboard.h"

namespace annabella::core {
namespace {

// 'text' (built by appending: g++ 12 warns falsely about "'" + std::string).
std::string quoted(std::string_view text) {
  std::string s;
  s.reserve(text.size() + 2);
  s += '\'';
  s += text;
  s += '\'';
  return s;
}
std::string side_name(Color c) {
  return c == WHITE ? "White" : "Black";
}
std::string colour_word(Color c) {
  return std::string(color_name(c));
}

// ---------------------------------------------------------------------------------------------
// Code points

constexpr int kMaxCodePoints = 40;

struct CodePoints {
  std::array<char32_t, kMaxCodePoints> cp{};
  int n = 0;
};

// Decodes UTF-8; false on invalid input or more than kMaxCodePoints code points.
bool decode_utf8(std::string_view s, CodePoints& out, std::size_t* bad_byte) {
  out.n = 0;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto b0 = static_cast<unsigned char>(s[i]);
    char32_t c = 0;
    int extra = 0;
    if (b0 < 0x80) {
      c = b0;
    } else if ((b0 & 0xE0) == 0xC0) {
      c = b0 & 0x1F;
      extra = 1;
    } else if ((b0 & 0xF0) == 0xE0) {
      c = b0 & 0x0F;
      extra = 2;
    } else if ((b0 & 0xF8) == 0xF0) {
      c = b0 & 0x07;
      extra = 3;
    } else {
      if (bad_byte) *bad_byte = i;
      return false;
    }
    for (int k = 1; k <= extra; ++k) {
      if (i + std::size_t(k) >= s.size()) {
        if (bad_byte) *bad_byte = i;
        return false;
      }
      const auto b = static_cast<unsigned char>(s[i + std::size_t(k)]);
      if ((b & 0xC0) != 0x80) {
        if (bad_byte) *bad_byte = i;
        return false;
      }
      c = (c << 6) | (b & 0x3F);
    }
    if (out.n == kMaxCodePoints) {
      if (bad_byte) *bad_byte = s.size();
      return false;
    }
    out.cp[std::size_t(out.n++)] = c;
    i += std::size_t(extra) + 1;
  }
  return true;
}

void append_utf8(std::string& s, char32_t c) {
  if (c < 0x80) {
    s += char(c);
  } else if (c < 0x800) {
    s += char(0xC0 | (c >> 6));
    s += char(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    s += char(0xE0 | (c >> 12));
    s += char(0x80 | ((c >> 6) & 0x3F));
    s += char(0x80 | (c & 0x3F));
  } else {
    s += char(0xF0 | (c >> 18));
    s += char(0x80 | ((c >> 12) & 0x3F));
    s += char(0x80 | ((c >> 6) & 0x3F));
    s += char(0x80 | (c & 0x3F));
  }
}

// Upper case for Latin and Cyrillic letters (what handwriting mixes up); others unchanged.
char32_t fold(char32_t c) {
  if (c >= U'a' && c <= U'z') return c - 32;
  if (c >= 0x430 && c <= 0x44F) return c - 0x20;  // а..я -> А..Я
  if (c >= 0x450 && c <= 0x45F) return c - 0x50;  // ѐ..џ -> Ѐ..Џ
  return c;
}

bool is_blank(char32_t c) {
  return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == 0xA0;
}

// Trailing annotation glyphs (PGN suffix annotations, check and mate signs and their Unicode
// forms: ‼ ⁇ ⁈ ⁉ † ‡).
bool is_annotation_glyph(char32_t c) {
  return c == U'!' || c == U'?' || c == U'+' || c == U'#' || c == 0x203C || c == 0x2047 ||
         c == 0x2048 || c == 0x2049 || c == 0x2020 || c == 0x2021;
}

// Figurines ♔♕♖♗♘♙ and ♚♛♜♝♞♟ (either colour; scoresheets use the white ones for both sides).
PieceType figurine(char32_t c) {
  static constexpr PieceType kOrder[6] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
  if (c >= 0x2654 && c <= 0x2659) return kOrder[c - 0x2654];
  if (c >= 0x265A && c <= 0x265F) return kOrder[c - 0x265A];
  return NO_PIECE_TYPE;
}

// A file letter; lenient mode also takes the Cyrillic letters that look like a, c, e.
int file_char(char32_t c, bool lenient) {
  if (c >= U'a' && c <= U'h') return int(c - U'a');
  if (lenient) {
    if (c == 0x430) return 0;  // а
    if (c == 0x441) return 2;  // с
    if (c == 0x435) return 4;  // е
  }
  return -1;
}
int rank_char(char32_t c) {
  return c >= U'1' && c <= U'8' ? int(c - U'1') : -1;
}
bool is_capture_sign(char32_t c, bool lenient) {
  if (c == U'x' || c == U':' || c == 0xD7) return true;       // x : ×
  return lenient && (c == U'X' || c == 0x445 || c == 0x425);  // X, Cyrillic х Х
}
bool is_hyphen(char32_t c) {
  return c == U'-' || c == 0x2013 || c == 0x2014 || c == 0x2212;  // - – — −
}

std::string describe_char(char32_t c) {
  std::string s = "'";
  append_utf8(s, c);
  s += "'";
  if (c >= 0x80) {
    static const char* const kHex = "0123456789ABCDEF";
    s += " (U+";
    for (int shift = c > 0xFFFF ? 20 : 12; shift >= 0; shift -= 4) s += kHex[(c >> shift) & 15];
    s += ")";
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Letter tables

struct LetterEntry {
  std::array<char32_t, 4> cp{};
  int len = 0;
  PieceType piece = NO_PIECE_TYPE;
};

// A table decoded to code points, longest letters first (Russian "Кр" before "К").
struct CompiledLetters {
  std::array<LetterEntry, 6> entries{};
  int n = 0;
};

CompiledLetters compile(const PieceLetters& letters) {
  CompiledLetters out;
  CodePoints cps;
  for (int pt = PAWN; pt <= KING; ++pt) {
    const std::string& l = letters.letters[pt];
    if (l.size() == 1 && static_cast<unsigned char>(l[0]) < 0x80) {  // the common case: "N"
      LetterEntry e;
      e.cp[0] = char32_t(l[0]);
      e.len = 1;
      e.piece = PieceType(pt);
      out.entries[std::size_t(out.n++)] = e;
      continue;
    }
    if (l.empty() || !decode_utf8(l, cps, nullptr) || cps.n > 4) continue;
    LetterEntry e;
    for (int i = 0; i < cps.n; ++i) e.cp[std::size_t(i)] = cps.cp[std::size_t(i)];
    e.len = cps.n;
    e.piece = PieceType(pt);
    out.entries[std::size_t(out.n++)] = e;
  }
  // Longest first, stable (an insertion sort: no allocation, this runs for every move read).
  for (int i = 1; i < out.n; ++i)
    for (int j = i; j > 0 && out.entries[std::size_t(j - 1)].len < out.entries[std::size_t(j)].len;
         --j)
      std::swap(out.entries[std::size_t(j - 1)], out.entries[std::size_t(j)]);
  return out;
}

// The piece whose letter starts at position i (exact case, or folded when `folded`); length in
// code points through *len.
PieceType match_letter(const CompiledLetters& table, const CodePoints& t, int i, bool folded,
                       int* len) {
  for (int k = 0; k < table.n; ++k) {
    const LetterEntry& e = table.entries[std::size_t(k)];
    if (i + e.len > t.n) continue;
    bool ok = true;
    for (int j = 0; j < e.len && ok; ++j) {
      const char32_t a = t.cp[std::size_t(i + j)];
      const char32_t b = e.cp[std::size_t(j)];
      ok = folded ? fold(a) == fold(b) : a == b;
    }
    if (ok) {
      *len = e.len;
      return e.piece;
    }
  }
  return NO_PIECE_TYPE;
}

// ---------------------------------------------------------------------------------------------
// What a written move says

struct Description {
  PieceType piece = NO_PIECE_TYPE;  // the letter written; NO_PIECE_TYPE when none
  int castling = 0;                 // 1 = O-O, 2 = O-O-O
  int from_file = -1, from_rank = -1;
  int to_file = -1, to_rank = -1;
  PieceType promotion = NO_PIECE_TYPE;
  bool capture = false;
  bool hyphen = false;
  bool figurine = false;
};

struct ParseError {
  std::string message;
};

// Reads the piece letter a promotion names at position i: a letter of the table (any case in
// lenient mode), a figurine, or (lenient) the lower-case UCI letters q r b n.
PieceType promotion_letter(const CompiledLetters& table, const CodePoints& t, int i, bool lenient,
                           int* len) {
  PieceType pt = match_letter(table, t, i, false, len);
  if (pt == NO_PIECE_TYPE && lenient) pt = match_letter(table, t, i, true, len);
  if (pt == NO_PIECE_TYPE && lenient) {
    const char32_t c = t.cp[std::size_t(i)];
    *len = 1;
    pt = figurine(c);
    if (pt == NO_PIECE_TYPE) {
      if (c == U'q') pt = QUEEN;
      if (c == U'r') pt = ROOK;
      if (c == U'b') pt = BISHOP;
      if (c == U'n') pt = KNIGHT;
    }
  }
  return pt;
}

// Parses t[0..n) (already cleaned). `file_first`: read a first character that could be a piece
// letter or a file (Cyrillic с) as the file.
bool parse(const CodePoints& t, const CompiledLetters& table, bool lenient, bool file_first,
           Description& d, ParseError& err) {
  int i = 0;
  const char32_t c0 = t.cp[0];
  if (!file_first) {
    int len = 0;
    PieceType pt = match_letter(table, t, 0, false, &len);
    if (pt == NO_PIECE_TYPE && lenient) {
      if (figurine(c0) != NO_PIECE_TYPE) {
        pt = figurine(c0);
        len = 1;
        d.figurine = true;
      } else if (!(c0 >= U'a' && c0 <= U'h')) {
        pt = match_letter(table, t, 0, true, &len);
      }
    }
    if (pt != NO_PIECE_TYPE) {
      d.piece = pt;
      i = len;
    }
  }
  // Coordinates: 'F' for a file, 'R' for a rank, in the order written.
  char kinds[4];
  int values[4];
  int ncoords = 0;
  while (i < t.n) {
    const char32_t c = t.cp[std::size_t(i)];
    const int f = file_char(c, lenient);
    const int r = rank_char(c);
    const bool after_rank = ncoords > 0 && kinds[ncoords - 1] == 'R';
    const bool next_is_rank = i + 1 < t.n && rank_char(t.cp[std::size_t(i + 1)]) >= 0;
    // A promotion: "=Q", "(Q)", "/Q" (lenient) or a letter right after the destination ("e8Q").
    const bool marker = c == U'=' || (lenient && (c == U'/' || c == U'('));
    if (marker || (after_rank && !(f >= 0 && next_is_rank) && r < 0 &&
                   !is_capture_sign(c, lenient) && !is_hyphen(c))) {
      if (!after_rank) {
        err.message = describe_char(c) + " (character " + std::to_string(i + 1) +
                      ") must follow the destination square";
        return false;
      }
      int j = i + (marker ? 1 : 0);
      if (j >= t.n) {
        err.message = "the promotion piece is missing after " + describe_char(c);
        return false;
      }
      int len = 0;
      const PieceType promo = promotion_letter(table, t, j, lenient, &len);
      if (promo == NO_PIECE_TYPE) {
        err.message = describe_char(t.cp[std::size_t(j)]) + " (character " + std::to_string(j + 1) +
                      ") is not a piece letter of this language";
        return false;
      }
      j += len;
      if (c == U'(') {
        if (j >= t.n || t.cp[std::size_t(j)] != U')') {
          err.message = "')' is missing after the promotion piece";
          return false;
        }
        ++j;
      }
      if (j < t.n) {
        err.message = describe_char(t.cp[std::size_t(j)]) + " (character " + std::to_string(j + 1) +
                      ") follows the promotion piece";
        return false;
      }
      d.promotion = promo;
      i = j;
      break;
    }
    if (f >= 0 || r >= 0) {
      if (ncoords == 4) {
        err.message = "too many coordinates at " + describe_char(c) + " (character " +
                      std::to_string(i + 1) + ")";
        return false;
      }
      kinds[ncoords] = f >= 0 ? 'F' : 'R';
      values[ncoords] = f >= 0 ? f : r;
      ++ncoords;
    } else if (is_capture_sign(c, lenient)) {
      d.capture = true;
    } else if (is_hyphen(c) && lenient) {
      d.hyphen = true;
    } else {
      err.message = describe_char(c) + " (character " + std::to_string(i + 1) +
                    ") is not a file, rank, piece letter or capture sign";
      return false;
    }
    ++i;
  }
  const std::string_view pattern(kinds, std::size_t(ncoords));
  if (pattern == "FR") {
    d.to_file = values[0];
    d.to_rank = values[1];
  } else if (pattern == "FFR") {
    d.from_file = values[0];
    d.to_file = values[1];
    d.to_rank = values[2];
  } else if (pattern == "RFR") {
    d.from_rank = values[0];
    d.to_file = values[1];
    d.to_rank = values[2];
  } else if (pattern == "FRFR") {
    d.from_file = values[0];
    d.from_rank = values[1];
    d.to_file = values[2];
    d.to_rank = values[3];
  } else if (pattern == "FF" && lenient && (d.piece == NO_PIECE_TYPE || d.piece == PAWN)) {
    d.from_file = values[0];  // "ed": a pawn capture from the e file to the d file
    d.to_file = values[1];
  } else if (ncoords == 0) {
    err.message = "no destination square";
    return false;
  } else {
    err.message = "no destination square at the end (a file a-h and a rank 1-8)";
    return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Matching and explaining

bool is_castling_king_move(Move m) {
  return m.kind() == MoveKind::Castling;
}

bool fits(const Position& pos, Move m, const Description& d, bool lenient) {
  if (d.castling) {
    return m.kind() == MoveKind::Castling &&
           (d.castling == 1 ? file_of(m.to()) > file_of(m.from())
                            : file_of(m.to()) < file_of(m.from()));
  }
  // The destination first: it rules out most moves at once.
  if (d.to_file >= 0 && file_of(m.to()) != d.to_file) return false;
  if (d.to_rank >= 0 && rank_of(m.to()) != d.to_rank) return false;
  const PieceType pt = type_of(pos.piece_on(m.from()));
  if (d.piece != NO_PIECE_TYPE) {
    if (pt != d.piece) return false;
    // Lenient: the king's two-square move ("Kg1", "Ke1-g1") is how castling begins (Art. 4.4.2).
    if (is_castling_king_move(m) && !lenient) return false;
  } else if (d.from_file >= 0 && d.from_rank >= 0) {
    // Long algebraic / UCI without a letter: the piece on the departure square.
    if (!lenient && pt != PAWN) return false;
  } else if (pt != PAWN) {
    return false;
  }
  if (d.to_file >= 0 && file_of(m.to()) != d.to_file) return false;
  if (d.to_rank >= 0 && rank_of(m.to()) != d.to_rank) return false;
  if (d.from_file >= 0 && file_of(m.from()) != d.from_file) return false;
  if (d.from_rank >= 0 && rank_of(m.from()) != d.from_rank) return false;
  if (d.to_rank < 0 && !pos.is_capture(m)) return false;  // "ed": captures only
  if (d.promotion != NO_PIECE_TYPE)
    return m.kind() == MoveKind::Promotion && m.promotion() == d.promotion;
  return true;
}

MoveReadError make_error(MoveReadError::Kind kind, std::string_view text, std::string message) {
  MoveReadError e;
  e.kind = kind;
  e.token = std::string(text);
  e.message = std::move(message);
  return e;
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

// Whether a piece of type pt on `from` could go to `to` by the way it moves, ignoring checks.
// Returns "" if it can, otherwise the reason.
std::string geometry_problem(const Position& pos, PieceType pt, Square from, Square to) {
  const Color us = color_of(pos.piece_on(from));
  const std::string who = "the " + std::string(piece_type_name(pt)) + " on " + square_name(from);
  if (pt == PAWN) {
    const int dir = us == WHITE ? 1 : -1;
    const int df = file_of(to) - file_of(from);
    const int dr = (rank_of(to) - rank_of(from)) * dir;
    if (df == 0 && (dr == 1 || (dr == 2 && relative_rank(us, rank_of(from)) == 1))) {
      for (int k = 1; k <= dr; ++k) {
        const Square s = make_square(file_of(from), rank_of(from) + k * dir);
        if (!pos.empty(s))
          return who + " is blocked by the " + piece_name(pos.piece_on(s)) + " on " +
                 square_name(s);
      }
      return "";
    }
    if ((df == 1 || df == -1) && dr == 1) {
      if (pos.piece_on(to) != NO_PIECE && color_of(pos.piece_on(to)) != us) return "";
      if (pos.piece_on(to) == NO_PIECE) {
        const Square behind = make_square(file_of(to), rank_of(from));
        const Piece victim = pos.piece_on(behind);
        if (relative_rank(us, rank_of(from)) == 4 && victim == make_piece(~us, PAWN))
          return who + " cannot capture en passant on " + square_name(to) + ": the pawn on " +
                 square_name(behind) + " did not just advance two squares (Art. 3.7.3.2)";
        return who + " cannot capture on " + square_name(to) + ": there is nothing to capture";
      }
      return "";
    }
    return who + " cannot reach " + square_name(to);
  }
  if (!(attacks_of(pt, from, 0) & square_bb(to))) return who + " cannot reach " + square_name(to);
  if (!(attacks_of(pt, from, pos.pieces()) & square_bb(to))) {
    const Bitboard block = between_bb(from, to) & ~square_bb(to) & pos.pieces();
    const Square s = from < to ? lsb(block) : Square(63 - std::countl_zero(block));
    return who + " cannot reach " + square_name(to) + ": the " + piece_name(pos.piece_on(s)) +
           " on " + square_name(s) + " is in the way";
  }
  return "";
}

// Why no legal move fits d (called only when none does).
std::string explain_illegal(const Position& pos, const Description& d) {
  const Color us = pos.side_to_move();
  if (d.castling) return explain_castling(pos, d.castling);
  const bool has_from = d.from_file >= 0 && d.from_rank >= 0;
  const Square from_sq = has_from ? make_square(d.from_file, d.from_rank) : SQ_NONE;
  PieceType pt = d.piece;
  if (pt == NO_PIECE_TYPE) {
    if (has_from) {
      const Piece pc = pos.piece_on(from_sq);
      if (pc == NO_PIECE) return "there is no piece on " + square_name(from_sq);
      if (color_of(pc) != us)
        return "the piece on " + square_name(from_sq) + " is a " + piece_name(pc) + " and it is " +
               side_name(us) + "'s move";
      pt = type_of(pc);
    } else {
      pt = PAWN;
    }
  }
  if (d.promotion != NO_PIECE_TYPE && pt != PAWN) return "only a pawn is promoted (Art. 3.7.5)";
  if (d.promotion == KING || d.promotion == PAWN)
    return "a pawn is promoted to a queen, rook, bishop or knight (Art. 3.7.5.1)";
  Bitboard own = pos.pieces(us, pt);
  if (d.from_file >= 0) own &= file_bb(d.from_file);
  if (d.from_rank >= 0) own &= rank_bb(d.from_rank);
  const std::string piece(piece_type_name(pt));
  if (!own) {
    if (has_from) {
      const Piece pc = pos.piece_on(from_sq);
      if (pc == NO_PIECE) return "there is no " + piece + " on " + square_name(from_sq);
      return "there is no " + colour_word(us) + " " + piece + " on " + square_name(from_sq) +
             " (a " + piece_name(pc) + " stands there)";
    }
    if (!pos.pieces(us, pt)) return side_name(us) + " has no " + piece;
    std::string where;
    if (d.from_file >= 0) where += std::string(" on the ") + char('a' + d.from_file) + " file";
    if (d.from_rank >= 0)
      where += std::string(where.empty() ? " on the " : " and the ") + char('1' + d.from_rank) +
               (d.from_rank == 0   ? "st"
                : d.from_rank == 1 ? "nd"
                : d.from_rank == 2 ? "rd"
                                   : "th") +
               " rank";
    return side_name(us) + " has no " + piece + where;
  }
  if (d.to_rank < 0) {  // "ed": no pawn capture from that file to that file
    return "no " + colour_word(us) + " pawn on the " + std::string(1, char('a' + d.from_file)) +
           " file can capture on the " + std::string(1, char('a' + d.to_file)) + " file";
  }
  const Square to = make_square(d.to_file, d.to_rank);
  const Piece target = pos.piece_on(to);
  std::string reasons;
  Bitboard reachable = 0;
  Bitboard out_of_reach = 0;  // pieces that do not move that way at all (no blocker, no capture)
  for (Bitboard b = own; b;) {
    const Square from = pop_lsb(b);
    std::string why = geometry_problem(pos, pt, from, to);
    if (why == "the " + piece + " on " + square_name(from) + " cannot reach " + square_name(to))
      out_of_reach |= square_bb(from);
    if (why.empty() && target != NO_PIECE && color_of(target) == us)
      why = "the " + piece + " on " + square_name(from) + " cannot capture the " +
            piece_name(target) + " on " + square_name(to) + " (Art. 3.1)";
    if (why.empty()) {
      reachable |= square_bb(from);
      continue;
    }
    if (!reasons.empty()) reasons += "; ";
    reasons += why;
  }
  if (!reachable && out_of_reach == own && more_than_one(own))
    return "no " + colour_word(us) + " " + piece + " can reach " + square_name(to) + " (" + piece +
           "s on " + square_list(own) + ")";
  if (!reachable) return reasons;
  // Reaches the square, so the problem is the promotion or the king.
  const bool last_rank = relative_rank(us, d.to_rank) == 7;
  if (pt == PAWN && d.promotion != NO_PIECE_TYPE && !last_rank)
    return "only a pawn reaching the last rank is promoted (Art. 3.7.5)";
  const std::string who = "the " + piece + " on " + square_list(reachable);
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

std::string join_san(const Position& pos, const std::vector<Move>& moves,
                     const PieceLetters& letters) {
  std::string s;
  for (Move m : moves) {
    if (!s.empty()) s += ", ";
    s += to_san(pos, m, letters);
  }
  return s;
}

// Removes trailing annotation glyphs; returns whether a check or mate sign was among them and
// which ('+' or '#', or 0).
char strip_glyphs(CodePoints& t) {
  char check = 0;
  while (t.n > 0 && is_annotation_glyph(t.cp[std::size_t(t.n - 1)])) {
    const char32_t c = t.cp[std::size_t(t.n - 1)];
    if (c == U'#' || c == 0x2021) check = '#';
    if ((c == U'+' || c == 0x2020) && check == 0) check = '+';
    --t.n;
  }
  return check;
}

// Removes a trailing "e.p." / "ep" / "e. p." (lenient mode, blanks already gone).
void strip_en_passant(CodePoints& t) {
  auto ends_with = [&](std::u32string_view suffix) {
    if (t.n < int(suffix.size()) + 2) return false;
    for (std::size_t k = 0; k < suffix.size(); ++k)
      if (fold(t.cp[std::size_t(t.n) - suffix.size() + k]) != fold(suffix[k])) return false;
    return true;
  };
  for (std::u32string_view suffix : {std::u32string_view(U"e.p."), std::u32string_view(U"e.p"),
                                     std::u32string_view(U"ep."), std::u32string_view(U"ep")}) {
    if (ends_with(suffix)) {
      // Only after a rank digit: "exd6ep", not the "e" of a square.
      const char32_t before = t.cp[std::size_t(t.n) - suffix.size() - 1];
      if (rank_char(before) >= 0 || before == U'.') {
        t.n -= int(suffix.size());
        return;
      }
    }
  }
}

bool is_castling_text(const CodePoints& t, bool lenient, int* side) {
  if (!lenient) {
    const std::u32string_view s(t.cp.data(), std::size_t(t.n));
    if (s == U"O-O")
      *side = 1;
    else if (s == U"O-O-O")
      *side = 2;
    else
      return false;
    return true;
  }
  int os = 0;
  for (int i = 0; i < t.n; ++i) {
    const char32_t c = t.cp[std::size_t(i)];
    if (c == U'O' || c == U'0' || c == U'o' || c == U'О' || c == U'о') {  // also Cyrillic О
      ++os;
    } else if (!is_hyphen(c)) {
      return false;
    }
  }
  if (os != 2 && os != 3) return false;
  *side = os == 2 ? 1 : 2;
  return true;
}

}  // namespace

// -----------------------------------------------------------------------------------------------
// Tables (C.3: each player may use the piece letters of his country)

namespace {
PieceLetters make_table(std::string code, std::string name, std::string k, std::string q,
                        std::string r, std::string b, std::string n, std::string p) {
  PieceLetters t;
  t.code = std::move(code);
  t.name = std::move(name);
  t.letters[KING] = std::move(k);
  t.letters[QUEEN] = std::move(q);
  t.letters[ROOK] = std::move(r);
  t.letters[BISHOP] = std::move(b);
  t.letters[KNIGHT] = std::move(n);
  t.letters[PAWN] = std::move(p);
  return t;
}

std::vector<PieceLetters> make_builtin() {
  return {
      make_table("en", "English", "K", "Q", "R", "B", "N", "P"),
      make_table("de", "Deutsch", "K", "D", "T", "L", "S", "B"),
      make_table("fr", "Français", "R", "D", "T", "F", "C", "P"),
      make_table("es", "Español", "R", "D", "T", "A", "C", "P"),
      make_table("it", "Italiano", "R", "D", "T", "A", "C", "P"),
      make_table("nl", "Nederlands", "K", "D", "T", "L", "P", ""),
      make_table("ru", "Русский", "Кр", "Ф", "Л", "С", "К", ""),
      make_table("mk", "Македонски", "К", "Д", "Т", "Л", "С", ""),
      make_table("sr", "Srpski (latinica)", "K", "D", "T", "L", "S", ""),
      make_table("sr-Cyrl", "Српски (ћирилица)", "К", "Д", "Т", "Л", "С", ""),
      make_table("bg", "Български", "Ц", "Д", "Т", "О", "К", ""),
  };
}

std::string lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
  return out;
}
}  // namespace

const std::vector<PieceLetters>& builtin_piece_letters() {
  static const std::vector<PieceLetters> tables = make_builtin();  // a constant, built once
  return tables;
}

const PieceLetters& english_letters() {
  return builtin_piece_letters().front();
}

Result<PieceLetters> custom_piece_letters(std::string_view spec) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < spec.size()) {
    while (i < spec.size() && (spec[i] == ' ' || spec[i] == ',')) ++i;
    std::size_t j = i;
    while (j < spec.size() && spec[j] != ' ' && spec[j] != ',') ++j;
    if (j > i) words.emplace_back(spec.substr(i, j - i));
    i = j;
  }
  if (words.size() != 5 && words.size() != 6)
    return fail(
        "a custom letter table lists the letters for king, queen, rook, bishop, knight "
        "and optionally pawn, separated by spaces (\"K D T L S B\"); got " +
        std::to_string(words.size()) + " in \"" + std::string(spec) + "\"");
  static constexpr PieceType kOrder[6] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
  PieceLetters t;
  t.code = "custom";
  t.name = "custom";
  for (std::size_t k = 0; k < words.size(); ++k) {
    CodePoints cps;
    if (!decode_utf8(words[k], cps, nullptr) || cps.n > 4)
      return fail("custom letter \"" + words[k] + "\" for the " +
                  std::string(piece_type_name(kOrder[k])) + " is not 1 to 4 UTF-8 characters");
    for (int c = 0; c < cps.n; ++c) {
      const char32_t ch = cps.cp[std::size_t(c)];
      if ((ch >= U'a' && ch <= U'h') || rank_char(ch) >= 0 || is_capture_sign(ch, false) ||
          is_hyphen(ch) || ch == U'=' || ch == U'O' || ch == U'0' || is_annotation_glyph(ch))
        return fail("custom letter \"" + words[k] + "\" for the " +
                    std::string(piece_type_name(kOrder[k])) + " contains " + describe_char(ch) +
                    ", which already means a file, rank, capture, castling or annotation");
    }
    for (std::size_t o = 0; o < k; ++o)
      if (words[o] == words[k])
        return fail("custom letter \"" + words[k] + "\" is used for both the " +
                    std::string(piece_type_name(kOrder[o])) + " and the " +
                    std::string(piece_type_name(kOrder[k])));
    t.letters[kOrder[k]] = words[k];
  }
  return t;
}

Result<PieceLetters> piece_letters_for(std::string_view code) {
  std::string c = lower_ascii(code);
  if (c.rfind("custom:", 0) == 0) return custom_piece_letters(code.substr(7));
  if (c == "sr-latn") c = "sr";
  std::string known;
  for (const PieceLetters& t : builtin_piece_letters()) {
    if (lower_ascii(t.code) == c) return t;
    known += (known.empty() ? "" : ", ") + t.code;
  }
  return fail(
      "unknown language \"" + std::string(code) + "\"; known: " + known +
      ", or custom:LETTERS (king queen rook bishop knight [pawn], e.g. \"custom:K D T L S\")");
}

// -----------------------------------------------------------------------------------------------
// Writing

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

std::string to_san(const Position& pos, Move m, const PieceLetters& letters) {
  std::string s;
  if (m.kind() == MoveKind::Castling) {
    s = castling_text(m);
  } else {
    const Square from = m.from(), to = m.to();
    const PieceType pt = type_of(pos.piece_on(from));
    const bool capture = pos.is_capture(m);
    if (pt == PAWN) {
      if (capture) s += char('a' + file_of(from));
    } else {
      s += letters.letters[pt];
      // Minimal disambiguation: the file if it tells the pieces apart, else the rank, else both.
      const Color us = pos.side_to_move();
      Bitboard others = pos.pieces(us, pt) & attacks_of(pt, to, pos.pieces()) & ~square_bb(from);
      if (others && pt != KING) {
        Bitboard rivals = 0;
        for (Move x : legal_moves(pos))
          if (x.to() == to && (others & square_bb(x.from())) && x.kind() != MoveKind::Castling)
            rivals |= square_bb(x.from());
        if (rivals) {
          if (!(rivals & file_bb(file_of(from)))) {
            s += char('a' + file_of(from));
          } else if (!(rivals & rank_bb(rank_of(from)))) {
            s += char('1' + rank_of(from));
          } else {
            s += square_name(from);
          }
        }
      }
    }
    if (capture) s += 'x';
    s += square_name(to);
    if (m.kind() == MoveKind::Promotion) {
      s += '=';
      s += letters.letters[m.promotion()];
    }
  }
  append_check_sign(pos, m, s);
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

// -----------------------------------------------------------------------------------------------
// Reading

Result<Move, MoveReadError> read_move(const Position& pos, std::string_view text,
                                      const PieceLetters& letters, Strictness strictness) {
  using Kind = MoveReadError::Kind;
  const bool lenient = strictness == Strictness::Lenient;
  std::size_t b = 0, e = text.size();
  while (b < e && (text[b] == ' ' || text[b] == '\t' || text[b] == '\n' || text[b] == '\r')) ++b;
  while (e > b &&
         (text[e - 1] == ' ' || text[e - 1] == '\t' || text[e - 1] == '\n' || text[e - 1] == '\r'))
    --e;
  const std::string_view token = text.substr(b, e - b);
  auto not_a_move = [&](const std::string& why) {
    return fail_with(make_error(Kind::NotAMove, token, quoted(token) + " is not a move: " + why));
  };
  if (token.empty()) return not_a_move("it is empty");

  CodePoints t;
  std::size_t bad = 0;
  if (!decode_utf8(token, t, &bad)) {
    if (bad >= token.size()) return not_a_move("it is too long");
    return not_a_move("invalid UTF-8 at byte " + std::to_string(bad + 1));
  }
  if (lenient) {
    int w = 0;
    for (int i = 0; i < t.n; ++i)
      if (!is_blank(t.cp[std::size_t(i)])) t.cp[std::size_t(w++)] = t.cp[std::size_t(i)];
    t.n = w;
  }
  char check_sign = strip_glyphs(t);
  if (lenient) {
    strip_en_passant(t);
    if (const char c = strip_glyphs(t)) check_sign = c;
  }
  if (t.n == 0) return not_a_move("it holds only annotation signs");

  Description d;
  int side = 0;
  bool parsed = false;
  ParseError perr;
  if (is_castling_text(t, lenient, &side)) {
    d.castling = side;
    parsed = true;
  }
  const CompiledLetters table = compile(letters);
  MoveList moves = legal_moves(pos);
  Move found = Move::none();
  MoveList fitting;  // no allocation unless the move turns out ambiguous
  auto collect = [&](const Description& desc) {
    for (Move m : moves)
      if (fits(pos, m, desc, lenient) && !fitting.contains(m)) fitting.push_back(m);
  };
  if (!parsed) parsed = parse(t, table, lenient, false, d, perr);
  if (parsed) {
    collect(d);
  }
  // A first letter that is both a piece letter and (lenient) a Cyrillic look-alike of a file.
  if (lenient && file_char(t.cp[0], true) >= 0 && !(t.cp[0] >= U'a' && t.cp[0] <= U'h') &&
      !d.castling) {
    Description alt;
    ParseError alt_err;
    if (parse(t, table, lenient, true, alt, alt_err)) {
      if (!parsed) {
        d = alt;
        parsed = true;
      }
      collect(alt);
    }
  }
  if (!parsed) return not_a_move(perr.message);

  if (fitting.empty())
    return fail_with(make_error(Kind::Illegal, token,
                                quoted(token) + " is illegal: " + explain_illegal(pos, d)));
  if (fitting.size() > 1) {
    std::vector<Move> candidates(fitting.begin(), fitting.end());
    MoveReadError err =
        make_error(Kind::Ambiguous, token,
                   quoted(token) + " is ambiguous: it fits " + join_san(pos, candidates, letters));
    if (d.to_rank >= 0 && d.promotion == NO_PIECE_TYPE &&
        candidates.front().kind() == MoveKind::Promotion)
      err.message += " (name the promotion piece, Art. 3.7.5)";
    err.candidates = std::move(candidates);
    return fail_with(std::move(err));
  }
  found = fitting[0];

  if (!lenient) {
    // Canonical SAN only: the text must be what to_san writes (the check sign may be left out).
    const std::string san = to_san(pos, found, letters);
    std::string core;
    for (int i = 0; i < t.n; ++i) append_utf8(core, t.cp[std::size_t(i)]);
    std::string san_core = san;
    char san_sign = 0;
    if (!san_core.empty() && (san_core.back() == '+' || san_core.back() == '#')) {
      san_sign = san_core.back();
      san_core.pop_back();
    }
    if (core != san_core || (check_sign != 0 && check_sign != san_sign))
      return fail_with(make_error(Kind::NotAMove, token,
                                  quoted(token) + " is not canonical SAN (" + san + " is)"));
  }
  return found;
}

// -----------------------------------------------------------------------------------------------
// Language detection

std::optional<PieceLetters> detect_language(const std::vector<std::string>& tokens,
                                            std::string* why) {
  // Without a position only the letters can decide: a language explains a token when the token
  // parses in it, and a token with a piece letter explains nothing in a language without it.
  std::vector<const PieceLetters*> fitting;
  std::string first_failure;
  for (const PieceLetters& lang : builtin_piece_letters()) {
    const CompiledLetters table = compile(lang);
    bool all = true;
    for (const std::string& tok : tokens) {
      CodePoints t;
      if (!decode_utf8(tok, t, nullptr)) {
        all = false;
        break;
      }
      int w = 0;
      for (int i = 0; i < t.n; ++i)
        if (!is_blank(t.cp[std::size_t(i)])) t.cp[std::size_t(w++)] = t.cp[std::size_t(i)];
      t.n = w;
      strip_glyphs(t);
      strip_en_passant(t);
      strip_glyphs(t);
      if (t.n == 0) continue;
      int side = 0;
      if (is_castling_text(t, true, &side)) continue;
      // Exact-case letters only: detection must not guess from handwriting slips.
      int len = 0;
      const PieceType pt = match_letter(table, t, 0, false, &len);
      const bool starts_with_file = file_char(t.cp[0], false) >= 0;
      Description d;
      ParseError err;
      if ((pt == NO_PIECE_TYPE && !starts_with_file) || !parse(t, table, false, false, d, err)) {
        all = false;
        if (first_failure.empty() || fitting.empty())
          first_failure = quoted(tok) + " is not a move in " + lang.name;
        break;
      }
    }
    if (all) fitting.push_back(&lang);
  }
  if (fitting.size() == 1) {
    if (why)
      *why = "only " + fitting.front()->name + " (" + fitting.front()->code +
             ") explains every written move";
    return *fitting.front();
  }
  if (why) {
    if (fitting.empty()) {
      *why = "no built-in language explains every written move";
    } else {
      std::string names;
      for (const PieceLetters* l : fitting) names += (names.empty() ? "" : ", ") + l->code;
      *why = "several languages explain every written move (" + names +
             "); the language must be given";
    }
  }
  return std::nullopt;
}

}  // namespace annabella::core
