// The piece letter tables: see notation_letters.h.
#include "core/notation_letters.h"

#include <optional>

#include "core/notation_tokens.h"

namespace annabella::core {

using namespace notation_detail;

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

namespace {

std::vector<std::string> split_letters(std::string_view spec) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < spec.size()) {
    while (i < spec.size() && (spec[i] == ' ' || spec[i] == ',')) ++i;
    std::size_t j = i;
    while (j < spec.size() && spec[j] != ' ' && spec[j] != ',') ++j;
    if (j > i) words.emplace_back(spec.substr(i, j - i));
    i = j;
  }
  return words;
}

bool means_something_else(char32_t ch) {
  return (ch >= U'a' && ch <= U'h') || rank_char(ch) >= 0 || is_capture_sign(ch, false) ||
         is_hyphen(ch) || ch == U'=' || ch == U'O' || ch == U'0' || is_annotation_glyph(ch);
}

// Why `word` cannot be a piece letter for `piece`, if it cannot.
std::optional<LettersError> letter_problem(const std::string& word, PieceType piece) {
  LettersError e;
  e.letter = word;
  e.piece = piece;
  CodePoints cps;
  if (!decode_utf8(word, cps, nullptr) || cps.n > 4) {
    e.kind = LettersError::Kind::NotOneToFour;
    return e;
  }
  for (int c = 0; c < cps.n; ++c) {
    const char32_t ch = cps.cp[std::size_t(c)];
    if (means_something_else(ch)) {
      e.kind = LettersError::Kind::MeansSomethingElse;
      e.character = ch;
      return e;
    }
  }
  return std::nullopt;
}

}  // namespace

Result<PieceLetters, LettersError> custom_piece_letters(std::string_view spec) {
  const std::vector<std::string> words = split_letters(spec);
  if (words.size() != 5 && words.size() != 6) {
    LettersError e;
    e.kind = LettersError::Kind::WrongCount;
    e.text = std::string(spec);
    e.count = words.size();
    return fail_with(std::move(e));
  }
  static constexpr PieceType kOrder[6] = {KING, QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
  PieceLetters t;
  t.code = "custom";
  t.name = "custom";
  for (std::size_t k = 0; k < words.size(); ++k) {
    if (auto why = letter_problem(words[k], kOrder[k])) {
      why->text = std::string(spec);
      return fail_with(std::move(*why));
    }
    for (std::size_t o = 0; o < k; ++o)
      if (words[o] == words[k]) {
        LettersError e;
        e.kind = LettersError::Kind::UsedTwice;
        e.text = std::string(spec);
        e.letter = words[k];
        e.other = kOrder[o];
        e.piece = kOrder[k];
        return fail_with(std::move(e));
      }
    t.letters[kOrder[k]] = words[k];
  }
  return t;
}

Result<PieceLetters, LettersError> piece_letters_for(std::string_view code) {
  std::string c = lower_ascii(code);
  if (c.rfind("custom:", 0) == 0) return custom_piece_letters(code.substr(7));
  if (c == "sr-latn") c = "sr";
  LettersError unknown;
  unknown.text = std::string(code);
  for (const PieceLetters& t : builtin_piece_letters()) {
    if (lower_ascii(t.code) == c) return t;
    unknown.known.push_back(t.code);
  }
  return fail_with(std::move(unknown));
}
}  // namespace annabella::core
