// The tokenizer of written moves (internal to the notation files): UTF-8 code points, character
// classes, compiled letter tables, and the small grammar that turns a cleaned-up move text into a
// Description (what the text says: piece, squares, capture, promotion, castling).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "core/not_a_move.h"
#include "core/notation_letters.h"
#include "core/types.h"

namespace annabella::core::notation_detail {

// 'text' (built by appending: g++ 12 warns falsely about "'" + std::string).
[[nodiscard]] std::string quoted(std::string_view text);

constexpr int kMaxCodePoints = 40;

struct CodePoints {
  std::array<char32_t, kMaxCodePoints> cp{};
  int n = 0;
};

// Decodes UTF-8; false on invalid input or more than kMaxCodePoints code points.
bool decode_utf8(std::string_view s, CodePoints& out, std::size_t* bad_byte);
void append_utf8(std::string& s, char32_t c);
// Upper case for Latin and Cyrillic letters (what handwriting mixes up); others unchanged.
[[nodiscard]] char32_t fold(char32_t c);
[[nodiscard]] bool is_blank(char32_t c);
// Trailing annotation glyphs (PGN suffix annotations, check and mate signs and their Unicode
// forms: ‼ ⁇ ⁈ ⁉ † ‡).
[[nodiscard]] bool is_annotation_glyph(char32_t c);
// Figurines ♔♕♖♗♘♙ and ♚♛♜♝♞♟ (either colour; scoresheets use the white ones for both sides).
[[nodiscard]] PieceType figurine(char32_t c);
// A file letter; lenient mode also takes lower-case Cyrillic letters as `files` reads them (the
// look-alikes а с е of a c e by default).
[[nodiscard]] int file_char(char32_t c, bool lenient,
                            CyrillicFiles files = CyrillicFiles::LookAlike);
int rank_char(char32_t c);
[[nodiscard]] bool is_capture_sign(char32_t c, bool lenient);
bool is_hyphen(char32_t c);
// "'x'", with the code point for non-ASCII characters: "'х' (U+0445)".
[[nodiscard]] std::string describe_char(char32_t c);

struct LetterEntry {
  std::array<char32_t, 4> cp{};
  int len = 0;
  PieceType piece = NO_PIECE_TYPE;
};

// A table decoded to code points, longest letters first (Russian "Кр" before "К").
struct CompiledLetters {
  std::array<LetterEntry, 6> entries{};
  int n = 0;
  CyrillicFiles files = CyrillicFiles::LookAlike;
};

[[nodiscard]] CompiledLetters compile(const PieceLetters& letters);
// The piece whose letter starts at position i (exact case, or folded when `folded`); length in
// code points through *len.
[[nodiscard]] PieceType match_letter(const CompiledLetters& table, const CodePoints& t, int i,
                                     bool folded, int* len);

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

using ParseError = NotAMove;

// Parses t[0..n) (already cleaned). `file_first`: read a first character that could be a piece
// letter or a file (Cyrillic с) as the file.
bool parse(const CodePoints& t, const CompiledLetters& table, bool lenient, bool file_first,
           Description& d, ParseError& err);

// Removes trailing annotation glyphs; returns whether a check or mate sign was among them and
// which ('+' or '#', or 0).
char strip_glyphs(CodePoints& t);
// Removes a trailing "e.p." / "ep" / "e. p." (lenient mode, blanks already gone).
void strip_en_passant(CodePoints& t);
// O-O / O-O-O (lenient: 0-0, o-o, Cyrillic О, any hyphens); *side = 1 short, 2 long.
bool is_castling_text(const CodePoints& t, bool lenient, int* side);

// The minimal disambiguation SAN writes for a piece on `from` when the pieces of its kind on
// `rivals` could also reach the destination: none, else the file, else the rank, else both
// (-1 where nothing is written).
struct SanDisambiguation {
  int file = -1;
  int rank = -1;
};
[[nodiscard]] SanDisambiguation san_disambiguation(Square from, Bitboard rivals);

}  // namespace annabella::core::notation_detail
