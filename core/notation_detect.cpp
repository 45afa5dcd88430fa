// Language detection: see notation_detect.h.
#include "core/notation_detect.h"

#include "core/notation_reader.h"
#include "core/notation_tokens.h"

namespace annabella::core {

using namespace notation_detail;

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
