// PGN reading: the lexer (PGN 7 tokens: tags, words, comments, NAGs, escape lines), which hands
// what it reads to the game parser (pgn_reader.cpp).
#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <string_view>
#include <utility>

#include "core/pgn_reader_impl.h"
#include "core/pgn_text.h"

namespace annabella::core {

using namespace pgn_detail;
using K = PgnProblem::Kind;

void PgnReader::Impl::tag_error(PgnProblem::Kind kind, char character) {
  enter_tag_section(token_line);
  problem(tag_raw, {.kind = kind, .character = character}, token_line);
  lex = Lex::TagSkip;
}

namespace {

// PGN 8.2.3.8 and 10: a move suffix annotation ("!", "?", "!!", "??", "!?", "?!") written apart
// from its move is that move's NAG 1 to 6, as an import reader takes it; never a move.
std::optional<std::string_view> detached_suffix_nag(std::string_view word) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 6> kSuffixes{
      {{"!", "1"}, {"?", "2"}, {"!!", "3"}, {"??", "4"}, {"!?", "5"}, {"?!", "6"}}};
  for (const auto& [suffix, nag] : kSuffixes)
    if (word == suffix) return nag;
  return std::nullopt;
}

}  // namespace

void PgnReader::Impl::finish_word() {
  if (const auto nag = detached_suffix_nag(word)) return on_nag(*nag, token_line);
  if (word.size() >= kMaxWord) word += "...";
  on_word(word, token_line);
}

// Between tokens: a line break, an escape line, blanks, or the first character of a token.
void PgnReader::Impl::put_between(char c) {
  if (c == '\n') {
    ++line;
    line_start = true;
    return;
  }
  if (c == '%' && line_start) {
    lex = Lex::EscapeLine;
    return;
  }
  line_start = false;
  if (is_space(c)) return;
  token_line = line;
  switch (c) {
    case '{':
    case ';':
      lex = c == '{' ? Lex::Comment : Lex::LineComment;
      word.clear();
      comment_cut = false;
      return;
    case '(':
      return on_open(line);
    case ')':
      return on_close(line);
    case '[':
      lex = Lex::TagName;
      tag_name.clear();
      tag_value.clear();
      tag_raw = "[";
      return;
    case '$':
      lex = Lex::Nag;
      word.clear();
      return;
    case '}':
    case ']':
    case '"':
      start_moves();
      problem(std::string(1, c), {.kind = K::OutsideTag}, line);
      return;
    default:
      lex = Lex::Word;
      word.assign(1, c);
      return;
  }
}

// Inside a {comment}: up to kMaxComment characters are kept, the rest is reported as cut.
void PgnReader::Impl::put_comment(char c) {
  if (c != '}') {
    if (c == '\n') ++line;
    if (word.size() < kMaxComment)
      word += c;
    else
      comment_cut = true;
    return;
  }
  lex = Lex::Between;
  if (comment_cut)
    problem(word.substr(0, 40) + "...", {.kind = K::CommentTooLong, .count = int(kMaxComment)},
            token_line);
  on_comment(word, token_line);
}

// A word, a NAG, a ;comment or an escape line: each ends at a character of its own.
void PgnReader::Impl::put_in_token(char c) {
  switch (lex) {
    case Lex::Word:
      if (!ends_word(c)) {
        if (word.size() < kMaxWord) word += c;
        return;
      }
      lex = Lex::Between;
      finish_word();
      return put(c);
    case Lex::Nag:
      if (is_digit(c)) {
        if (word.size() < 8) word += c;
        return;
      }
      lex = Lex::Between;
      on_nag(word, token_line);
      return put(c);
    case Lex::LineComment:
      if (c != '\n') {
        if (word.size() < kMaxComment) word += c;
        return;
      }
      lex = Lex::Between;
      on_comment(word, token_line);
      return put(c);
    case Lex::EscapeLine:
      if (c != '\n') return;
      lex = Lex::Between;
      return put(c);
    default:
      return;
  }
}

void PgnReader::Impl::put(char c) {
  switch (lex) {
    case Lex::Between:
      return put_between(c);
    case Lex::Comment:
      return put_comment(c);
    case Lex::TagName:
    case Lex::TagBeforeValue:
    case Lex::TagValue:
    case Lex::TagValueEscape:
    case Lex::TagAfterValue:
      if (tag_raw.size() < kMaxTag) tag_raw += c;
      return put_tag(c);
    case Lex::TagSkip:
      if (c == ']') {
        lex = Lex::Between;
      } else if (c == '\n') {
        lex = Lex::Between;
        put(c);
      }
      return;
    default:
      return put_in_token(c);
  }
}

// The tag's name: letters, digits and '_' (PGN 8.1.1), then blanks or the value's '"'.
void PgnReader::Impl::put_tag_name(char c) {
  if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
    if (tag_name.size() < kMaxTag) tag_name += c;
  } else if (is_space(c)) {
    if (!tag_name.empty()) lex = Lex::TagBeforeValue;
  } else if (c == '"' && !tag_name.empty()) {
    lex = Lex::TagValue;
  } else {
    tag_error(tag_name.empty() ? K::TagNoName : K::TagNameCharacter, c);
  }
}

// The tag's value between quotes, with PGN 7's escapes "\\" and "\"".
void PgnReader::Impl::put_tag_value(char c) {
  if (lex == Lex::TagValueEscape) {
    // Any other backslash is kept as written.
    if (c != '\\' && c != '"') tag_value += '\\';
    tag_value += c;
    lex = Lex::TagValue;
  } else if (c == '\\') {
    lex = Lex::TagValueEscape;
  } else if (c == '"') {
    lex = Lex::TagAfterValue;
  } else if (tag_value.size() < kMaxTag) {
    tag_value += c;
  }
}

void PgnReader::Impl::put_tag(char c) {
  // A tag stands on one line.
  if (c == '\n' && lex != Lex::TagAfterValue && lex != Lex::TagBeforeValue &&
      !(lex == Lex::TagName && tag_name.empty())) {
    tag_raw.pop_back();
    tag_error(lex == Lex::TagValue || lex == Lex::TagValueEscape ? K::TagValueNotClosed
                                                                 : K::TagCutByLineEnd);
    return put(c);
  }
  if (c == '\n') ++line;
  switch (lex) {
    case Lex::TagName:
      return put_tag_name(c);
    case Lex::TagBeforeValue:
      if (is_space(c)) return;
      if (c == '"') {
        lex = Lex::TagValue;
        return;
      }
      return tag_error(K::TagNoValue);
    case Lex::TagValue:
    case Lex::TagValueEscape:
      return put_tag_value(c);
    case Lex::TagAfterValue:
      if (is_space(c)) return;
      if (c == ']') {
        lex = Lex::Between;
        on_tag(token_line);
        return;
      }
      return tag_error(K::TagNotClosed);
    default:
      return;
  }
}

// Fast paths: the rest of a word or of a comment in one append. Returns how far the chunk was
// taken from `i` (the character that ends the token is left for put).
std::size_t PgnReader::Impl::take_run(std::string_view chunk, std::size_t i) {
  if (lex == Lex::Word) {
    std::size_t j = i;
    while (j < chunk.size() && !ends_word(chunk[j])) ++j;
    word.append(chunk.substr(i, std::min(j - i, kMaxWord - std::min(kMaxWord, word.size()))));
    return j;
  }
  std::size_t j = chunk.find('}', i);
  if (j == std::string_view::npos) j = chunk.size();
  const std::string_view part = chunk.substr(i, j - i);
  line += int(std::count(part.begin(), part.end(), '\n'));
  const std::size_t room = kMaxComment - std::min(kMaxComment, word.size());
  if (part.size() > room) comment_cut = true;
  word.append(part.substr(0, room));
  return j;
}

// A UTF-8 byte order mark at the very start is skipped; false when `c` was taken for it.
bool PgnReader::Impl::past_byte_order_mark(char c) {
  static constexpr char kBom[3] = {'\xEF', '\xBB', '\xBF'};
  if (c == kBom[bom]) {
    ++bom;
    return false;
  }
  // Not a byte order mark after all: give back what was held.
  const int held = bom;
  bom = 3;
  for (int k = 0; k < held; ++k) put(kBom[k]);
  return true;
}

void PgnReader::Impl::feed(std::string_view chunk) {
  std::size_t i = 0;
  while (i < chunk.size()) {
    if ((lex == Lex::Word || lex == Lex::Comment) && bom == 3) {
      i = take_run(chunk, i);
      if (i < chunk.size()) put(chunk[i++]);
      continue;
    }
    const char c = chunk[i++];
    if (bom < 3 && !past_byte_order_mark(c)) continue;
    put(c);
  }
}

void PgnReader::Impl::finish() {
  switch (lex) {
    case Lex::Word:
      lex = Lex::Between;
      finish_word();
      break;
    case Lex::Nag:
      lex = Lex::Between;
      on_nag(word, token_line);
      break;
    case Lex::Comment:
      lex = Lex::Between;
      problem("{" + word.substr(0, 40), {.kind = K::CommentNotClosed, .count = token_line}, line);
      on_comment(word, token_line);
      break;
    case Lex::LineComment:
      lex = Lex::Between;
      on_comment(word, token_line);
      break;
    case Lex::TagName:
    case Lex::TagBeforeValue:
    case Lex::TagValue:
    case Lex::TagValueEscape:
    case Lex::TagAfterValue:
      tag_error(K::TagCutByInputEnd);
      lex = Lex::Between;
      break;
    default:
      lex = Lex::Between;
      break;
  }
  if (phase != Phase::BetweenGames) {
    close_variations(line, "");
    problem("", {.kind = K::NoTerminationAtEnd}, line);
    end_game();
  }
}

}  // namespace annabella::core
