// The piece letter tables: see notation_letters.h.
#include "core/notation_letters.h"

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

// Why `word` cannot be a piece letter, or "".
std::string letter_problem(const std::string& word, PieceType piece) {
  const std::string which =
      "custom letter \"" + word + "\" for the " + std::string(piece_type_name(piece));
  CodePoints cps;
  if (!decode_utf8(word, cps, nullptr) || cps.n > 4)
    return which + " is not 1 to 4 UTF-8 characters";
  for (int c = 0; c < cps.n; ++c) {
    const char32_t ch = cps.cp[std::size_t(c)];
    if (means_something_else(ch))
      return which + " contains " + describe_char(ch) +
             ", which already means a file, rank, capture, castling or annotation";
  }
  return "";
}

}  // namespace

Result<PieceLetters> custom_piece_letters(std::string_view spec) {
  const std::vector<std::string> words = split_letters(spec);
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
    if (std::string why = letter_problem(words[k], kOrder[k]); !why.empty()) return fail(why);
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
}  // namespace annabella::core
