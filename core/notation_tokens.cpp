// The tokenizer of written moves: see notation_tokens.h.
//
// The reader works on Unicode code points (UTF-8 input) in three steps:
//  1. clean-up: surrounding blanks, annotation glyphs (! ? + # and their Unicode forms), and in
//     lenient mode blanks inside the move and "e.p." suffixes;
//  2. a small grammar: [piece letter] coordinates and capture/hyphen signs [promotion], where the
//     coordinates form one of  e4 | de4 | 1e4 | d1e4 | ed (pawn capture, lenient only);
//  3. matching the description against the legal moves (notation_reader.cpp).
#include "core/notation_tokens.h"

#include <string_view>

#include "core/bitboard.h"

namespace annabella::core::notation_detail {

// 'text' (built by appending: g++ 12 warns falsely about "'" + std::string).
std::string quoted(std::string_view text) {
  std::string s;
  s.reserve(text.size() + 2);
  s += '\'';
  s += text;
  s += '\'';
  return s;
}

namespace {
// The bits a UTF-8 lead byte carries and how many continuation bytes follow it; -1 if it is no
// lead byte.
int utf8_lead(unsigned char b0, char32_t* bits) {
  if (b0 < 0x80) {
    *bits = b0;
    return 0;
  }
  if ((b0 & 0xE0) == 0xC0) {
    *bits = b0 & 0x1F;
    return 1;
  }
  if ((b0 & 0xF0) == 0xE0) {
    *bits = b0 & 0x0F;
    return 2;
  }
  if ((b0 & 0xF8) == 0xF0) {
    *bits = b0 & 0x07;
    return 3;
  }
  return -1;
}
}  // namespace

// Decodes UTF-8; false on invalid input or more than kMaxCodePoints code points.
bool decode_utf8(std::string_view s, CodePoints& out, std::size_t* bad_byte) {
  out.n = 0;
  std::size_t i = 0;
  auto bad = [&](std::size_t at) {
    if (bad_byte) *bad_byte = at;
    return false;
  };
  while (i < s.size()) {
    char32_t c = 0;
    const int extra = utf8_lead(static_cast<unsigned char>(s[i]), &c);
    if (extra < 0 || i + std::size_t(extra) >= s.size()) return bad(i);
    for (std::size_t k = 1; k <= std::size_t(extra); ++k) {
      const auto b = static_cast<unsigned char>(s[i + k]);
      if ((b & 0xC0) != 0x80) return bad(i);
      c = (c << 6) | (b & 0x3F);
    }
    if (out.n == kMaxCodePoints) return bad(s.size());
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

// A file letter; lenient mode also takes lower-case Cyrillic letters as `files` reads them.
int file_char(char32_t c, bool lenient, CyrillicFiles files) {
  if (c >= U'a' && c <= U'h') return int(c - U'a');
  if (!lenient) return -1;
  if (c == U'а') return 0;
  if (c == U'с') return 2;  // looks like c in every convention
  switch (files) {
    case CyrillicFiles::LookAlike:
      return c == U'е' ? 4 : -1;
    case CyrillicFiles::Sounded: {
      if (c == U'в') return 2;  // also c
      const std::size_t at = std::u32string_view(U"абцдефгх").find(c);
      return at == std::u32string_view::npos ? -1 : int(at);
    }
    case CyrillicFiles::Alphabet: {
      const std::size_t at = std::u32string_view(U"абвгдежз").find(c);
      return at == std::u32string_view::npos ? -1 : int(at);
    }
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

CompiledLetters compile(const PieceLetters& letters) {
  CompiledLetters out;
  out.files = letters.files;
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
      const char32_t a = t.cp[std::size_t(i) + std::size_t(j)];
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

namespace {

// The piece letter (or lenient: figurine, letter in the wrong case) a move starts with; its
// length in code points through *len, 0 when there is none.
PieceType leading_piece(const CodePoints& t, const CompiledLetters& table, bool lenient,
                        Description& d, int* len) {
  *len = 0;
  PieceType pt = match_letter(table, t, 0, false, len);
  const char32_t c0 = t.cp[0];
  if (pt == NO_PIECE_TYPE && lenient) {
    if (figurine(c0) != NO_PIECE_TYPE) {
      pt = figurine(c0);
      *len = 1;
      d.figurine = true;
    } else if (!(c0 >= U'a' && c0 <= U'h') &&
               (table.files == CyrillicFiles::LookAlike || file_char(c0, true, table.files) < 0)) {
      // A lower-case letter read as a file is never a piece letter in the wrong case ("д4").
      pt = match_letter(table, t, 0, true, len);
    }
  }
  if (pt == NO_PIECE_TYPE) *len = 0;
  return pt;
}

// The promotion that starts at t[i] (its marker "=", "(", "/" or the piece letter itself) and
// must end the move. Returns false with the reason in err.
bool read_promotion(const CodePoints& t, const CompiledLetters& table, bool lenient, int i,
                    bool marker, Description& d, ParseError& err) {
  const char32_t c = t.cp[std::size_t(i)];
  int j = i + (marker ? 1 : 0);
  if (j >= t.n) {
    err = {NotAMove::Kind::PromotionPieceMissing, c, i, {}};
    return false;
  }
  int len = 0;
  const PieceType promo = promotion_letter(table, t, j, lenient, &len);
  if (promo == NO_PIECE_TYPE) {
    err = {NotAMove::Kind::NotAPieceLetter, t.cp[std::size_t(j)], j, {}};
    return false;
  }
  j += len;
  if (c == U'(') {
    if (j >= t.n || t.cp[std::size_t(j)] != U')') {
      err = {NotAMove::Kind::ParenthesisMissing, U')', j, {}};
      return false;
    }
    ++j;
  }
  if (j < t.n) {
    err = {NotAMove::Kind::AfterPromotion, t.cp[std::size_t(j)], j, {}};
    return false;
  }
  d.promotion = promo;
  return true;
}

// Coordinates in the order written: 'F' for a file, 'R' for a rank.
struct Coordinates {
  std::array<char, 4> kinds{};
  std::array<int, 4> values{};
  int n = 0;
  [[nodiscard]] bool after_rank() const { return n > 0 && kinds[std::size_t(n - 1)] == 'R'; }
};

// Gives the coordinates their meaning: e4 | de4 | 1e4 | d1e4 | ed (pawn capture, lenient only).
bool assign_squares(const Coordinates& co, bool lenient, Description& d, ParseError& err) {
  const std::string_view pattern(co.kinds.data(), std::size_t(co.n));
  const auto& v = co.values;
  if (pattern == "FR") {
    d.to_file = v[0];
    d.to_rank = v[1];
  } else if (pattern == "FFR" || pattern == "RFR") {
    (pattern[0] == 'F' ? d.from_file : d.from_rank) = v[0];
    d.to_file = v[1];
    d.to_rank = v[2];
  } else if (pattern == "FRFR") {
    d.from_file = v[0];
    d.from_rank = v[1];
    d.to_file = v[2];
    d.to_rank = v[3];
  } else if (pattern == "FF" && lenient && (d.piece == NO_PIECE_TYPE || d.piece == PAWN)) {
    d.from_file = v[0];  // "ed": a pawn capture from the e file to the d file
    d.to_file = v[1];
  } else {
    err.kind = co.n == 0 ? NotAMove::Kind::NoDestination : NotAMove::Kind::NoDestinationAtEnd;
    return false;
  }
  return true;
}

}  // namespace

namespace {

// Whether t[i] starts the promotion: a marker ("=", lenient "(" or "/"), or a letter right after
// the destination square ("e8Q") that is not the start of another square.
bool starts_promotion(const CodePoints& t, int i, const Coordinates& co, bool lenient,
                      CyrillicFiles table_files, bool* marker) {
  const char32_t c = t.cp[std::size_t(i)];
  *marker = c == U'=' || (lenient && (c == U'/' || c == U'('));
  if (*marker) return true;
  if (!co.after_rank() || rank_char(c) >= 0 || is_capture_sign(c, lenient) || is_hyphen(c))
    return false;
  const bool next_is_rank = i + 1 < t.n && rank_char(t.cp[std::size_t(i) + 1]) >= 0;
  return !(file_char(c, lenient, table_files) >= 0 && next_is_rank);
}

// One character of the coordinates part: a file, a rank, a capture sign or (lenient) a hyphen.
bool read_coordinate(const CodePoints& t, int i, bool lenient, CyrillicFiles files, Coordinates& co,
                     Description& d, ParseError& err) {
  const char32_t c = t.cp[std::size_t(i)];
  // Cyrillic х is the file h (as sounded) only before a rank ("Лх1"); else a capture ("ехд5").
  const bool h_file = c != U'х' || (i + 1 < t.n && rank_char(t.cp[std::size_t(i) + 1]) >= 0);
  const int f = h_file ? file_char(c, lenient, files) : -1;
  const int r = rank_char(c);
  if (f >= 0 || r >= 0) {
    if (co.n == 4) {
      err = {NotAMove::Kind::TooManyCoordinates, c, i, {}};
      return false;
    }
    co.kinds[std::size_t(co.n)] = f >= 0 ? 'F' : 'R';
    co.values[std::size_t(co.n)] = f >= 0 ? f : r;
    ++co.n;
  } else if (is_capture_sign(c, lenient)) {
    d.capture = true;
  } else if (is_hyphen(c) && lenient) {
    d.hyphen = true;
  } else {
    err = {NotAMove::Kind::NotMoveCharacter, c, i, {}};
    return false;
  }
  return true;
}

}  // namespace

// Parses t[0..n) (already cleaned). `file_first`: read a first character that could be a piece
// letter or a file (Cyrillic с) as the file.
bool parse(const CodePoints& t, const CompiledLetters& table, bool lenient, bool file_first,
           Description& d, ParseError& err) {
  int i = 0;
  if (!file_first) {
    const PieceType pt = leading_piece(t, table, lenient, d, &i);
    if (pt != NO_PIECE_TYPE) d.piece = pt;
  }
  Coordinates co;
  for (; i < t.n; ++i) {
    const char32_t c = t.cp[std::size_t(i)];
    bool marker = false;
    if (starts_promotion(t, i, co, lenient, table.files, &marker)) {
      if (!co.after_rank()) {
        err = {NotAMove::Kind::PromotionTooEarly, c, i, {}};
        return false;
      }
      if (!read_promotion(t, table, lenient, i, marker, d, err)) return false;
      break;
    }
    if (!read_coordinate(t, i, lenient, table.files, co, d, err)) return false;
  }
  return assign_squares(co, lenient, d, err);
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

SanDisambiguation san_disambiguation(Square from, Bitboard rivals) {
  if (!rivals) return {};
  if (!(rivals & file_bb(file_of(from)))) return {file_of(from), -1};
  if (!(rivals & rank_bb(rank_of(from)))) return {-1, rank_of(from)};
  return {file_of(from), rank_of(from)};
}

}  // namespace annabella::core::notation_detail
