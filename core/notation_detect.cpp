// Language detection: see notation_detect.h.
#include "core/notation_detect.h"

#include <algorithm>

#include "core/notation_reader.h"
#include "core/notation_tokens.h"

namespace annabella::core {

using namespace notation_detail;

namespace {

// Whether a written move parses in the letters of `table` (exact case: detection must not guess
// from handwriting slips); a move with a piece letter explains nothing in a language without it.
bool explains(const CompiledLetters& table, const std::string& token) {
  CodePoints t;
  if (!decode_utf8(token, t, nullptr)) return false;
  int w = 0;
  for (int i = 0; i < t.n; ++i)
    if (!is_blank(t.cp[std::size_t(i)])) t.cp[std::size_t(w++)] = t.cp[std::size_t(i)];
  t.n = w;
  strip_glyphs(t);
  strip_en_passant(t);
  strip_glyphs(t);
  int side = 0;
  if (t.n == 0 || is_castling_text(t, true, &side)) return true;
  int len = 0;
  const PieceType pt = match_letter(table, t, 0, false, &len);
  const bool starts_with_file = file_char(t.cp[0], false) >= 0;
  Description d;
  ParseError err;
  return (pt != NO_PIECE_TYPE || starts_with_file) && parse(t, table, false, false, d, err);
}

}  // namespace

std::optional<PieceLetters> detect_language(const std::vector<std::string>& tokens,
                                            LanguageDetection* why) {
  // Without a position only the letters can decide.
  std::vector<const PieceLetters*> fitting;
  for (const PieceLetters& lang : builtin_piece_letters()) {
    const CompiledLetters table = compile(lang);
    if (std::all_of(tokens.begin(), tokens.end(),
                    [&](const std::string& tok) { return explains(table, tok); }))
      fitting.push_back(&lang);
  }
  if (why) why->fitting = fitting;
  if (fitting.size() == 1) return *fitting.front();
  return std::nullopt;
}

std::vector<LanguageReading> legal_language_readings(const Position& start,
                                                     const std::vector<std::string>& tokens) {
  std::vector<LanguageReading> fitting;
  for (const PieceLetters& lang : builtin_piece_letters()) {
    LanguageReading reading{lang, {}};
    Position pos = start;
    for (const std::string& token : tokens) {
      auto move = read_move(pos, token, lang, Strictness::Lenient);
      if (!move) break;
      reading.moves.push_back(*move);
      pos.play(*move);
    }
    if (reading.moves.size() == tokens.size()) fitting.push_back(std::move(reading));
  }
  return fitting;
}

}  // namespace annabella::core
