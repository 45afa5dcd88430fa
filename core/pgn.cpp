// PGN reading (an incremental lexer feeding a game parser that replays every move) and writing
// (export format). The standard: "Portable Game Notation Specification and Implementation Guide",
// 1994, sections 4 (import/export), 7 (tokens), 8 (game data) and the [%clk]/[%emt] comment
// commands of the PGN Specification Supplement.
#include "core/pgn.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <istream>

#include "core/movegen.h"

namespace annabella::core {
namespace {

constexpr std::size_t kMaxWord = 256;           // longer words are cut (read_move says why)
constexpr std::size_t kMaxComment = 64 * 1024;  // a longer comment is cut and reported
constexpr std::size_t kMaxTag = 4096;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool ends_word(char c) {
  return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' ||
         c == ';' || c == '$' || c == '"';
}

std::string quoted(std::string_view text) {
  return "'" + std::string(text) + "'";
}

// Whitespace runs to one blank, trimmed.
std::string normalise_blanks(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool blank = false;
  for (char c : s) {
    if (is_space(c)) {
      blank = !out.empty();
      continue;
    }
    if (blank) out += ' ';
    blank = false;
    out += c;
  }
  return out;
}

// The suffix annotation of a move ("!", "?", "!!", "??", "!?", "?!") as a NAG (PGN 10), or 0.
int suffix_nag(std::string_view suffix) {
  if (suffix == "!") return 1;
  if (suffix == "?") return 2;
  if (suffix == "!!") return 3;
  if (suffix == "??") return 4;
  if (suffix == "!?") return 5;
  if (suffix == "?!") return 6;
  return 0;
}

bool is_result(std::string_view w) {
  return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*";
}

}  // namespace

// -----------------------------------------------------------------------------------------------
// Problems, clocks, comments

std::string to_string(const PgnProblem& p) {
  std::string s = "game " + std::to_string(p.game) + ", ";
  if (p.move_number == 0) {
    s += "tags";
  } else {
    s += "move " + std::to_string(p.move_number) + (p.side == WHITE ? " (White)" : " (Black)");
  }
  s += ", line " + std::to_string(p.line) + ": " + p.message;
  // The offending text, when the message does not quote it already (on one line, cut short).
  if (!p.text.empty() && p.message.find(p.text) == std::string::npos) {
    std::string t = normalise_blanks(p.text);
    if (t.size() > 40) t = t.substr(0, 40) + "...";
    s += " (at \"" + t + "\")";
  }
  return s;
}

std::optional<std::chrono::milliseconds> parse_clock(std::string_view text) {
  std::array<long long, 3> fields{};
  int n = 0;
  long long fraction_ms = 0;
  std::size_t i = 0;
  while (true) {
    if (n == 3) return std::nullopt;
    const std::size_t start = i;
    long long v = 0;
    while (i < text.size() && is_digit(text[i])) {
      v = v * 10 + (text[i] - '0');
      if (v > 1000000) return std::nullopt;
      ++i;
    }
    if (i == start) return std::nullopt;
    fields[std::size_t(n++)] = v;
    if (i == text.size()) break;
    if (text[i] == ':') {
      ++i;
      continue;
    }
    if (text[i] != '.') return std::nullopt;
    // The fraction of a second, on the last field only.
    ++i;
    const std::size_t fstart = i;
    long long scale = 100;
    while (i < text.size() && is_digit(text[i])) {
      fraction_ms += (text[i] - '0') * scale;
      scale /= 10;
      ++i;
    }
    if (i == fstart || i != text.size()) return std::nullopt;
    break;
  }
  if (n < 2) return std::nullopt;
  long long h = 0, m = 0, s = 0;
  if (n == 3) {
    h = fields[0];
    m = fields[1];
    s = fields[2];
  } else {
    m = fields[0];
    s = fields[1];
  }
  if ((n == 3 && m >= 60) || s >= 60) return std::nullopt;
  return std::chrono::milliseconds(((h * 60 + m) * 60 + s) * 1000 + fraction_ms);
}

std::string format_clock(std::chrono::milliseconds time) {
  long long ms = std::max<long long>(0, time.count());
  const long long frac = ms % 1000;
  long long s = ms / 1000;
  const long long h = s / 3600;
  s -= h * 3600;
  const long long m = s / 60;
  s -= m * 60;
  std::string out = std::to_string(h) + ":";
  out += char('0' + m / 10);
  out += char('0' + m % 10);
  out += ':';
  out += char('0' + s / 10);
  out += char('0' + s % 10);
  if (frac != 0) {
    out += '.';
    out += char('0' + frac / 100);
    if (frac % 100 != 0) out += char('0' + frac / 10 % 10);
    if (frac % 10 != 0) out += char('0' + frac % 10);
  }
  return out;
}

Result<PgnComment> parse_comment(std::string_view raw) {
  PgnComment c;
  std::string text;
  std::size_t i = 0;
  while (i < raw.size()) {
    const std::size_t open = raw.find("[%", i);
    if (open == std::string_view::npos) {
      text += raw.substr(i);
      break;
    }
    const std::size_t close = raw.find(']', open);
    const std::size_t next = raw.find("[%", open + 2);
    if (close == std::string_view::npos || next < close) {
      // "[%" without its "]" (before the next "[%") is text, unless it names a clock command:
      // kept as text it could later read as one.
      const std::size_t end = std::min(next, raw.size());
      std::size_t name_end = open + 2;
      while (name_end < end && !is_space(raw[name_end])) ++name_end;
      const std::string_view name = raw.substr(open + 2, name_end - open - 2);
      if (name == "clk" || name == "emt")
        return fail("[%" + std::string(name) + " is not closed with ']'");
      text += raw.substr(i, end - i);
      i = end;
      continue;
    }
    const std::string_view command = raw.substr(open + 2, close - open - 2);
    std::size_t name_end = 0;
    while (name_end < command.size() && !is_space(command[name_end])) ++name_end;
    const std::string_view name = command.substr(0, name_end);
    if (name == "clk" || name == "emt") {
      std::string_view value = command.substr(name_end);
      while (!value.empty() && is_space(value.front())) value.remove_prefix(1);
      while (!value.empty() && is_space(value.back())) value.remove_suffix(1);
      const auto time = parse_clock(value);
      if (!time)
        return fail("[%" + std::string(name) + " " + std::string(value) +
                    "] is not a time: write H:MM:SS, optionally with tenths (1:05:30.5)");
      (name == "clk" ? c.clock : c.elapsed) = *time;
      text += raw.substr(i, open - i);
      text += ' ';
    } else {
      text += raw.substr(i, close + 1 - i);
    }
    i = close + 1;
  }
  c.text = normalise_blanks(text);
  return c;
}

// -----------------------------------------------------------------------------------------------
// The reader

struct PgnReader::Impl {
  Impl(PgnVisitor& v, PgnReadOptions o) : visitor(v), options(std::move(o)) {}

  PgnVisitor& visitor;
  PgnReadOptions options;

  // Lexer
  enum class Lex {
    Between,
    Word,
    Comment,
    LineComment,
    EscapeLine,
    Nag,
    TagName,
    TagBeforeValue,
    TagValue,
    TagValueEscape,
    TagAfterValue,
    TagSkip,
  };
  Lex lex = Lex::Between;
  int line = 1;
  bool line_start = true;
  int token_line = 1;
  std::string word;       // the word, comment or NAG being read
  std::string tag_name;   // the tag being read
  std::string tag_value;  //
  std::string tag_raw;    // the tag as written so far, for messages
  bool comment_cut = false;
  int bom = 0;  // bytes of a UTF-8 byte order mark matched at the start (3 = done or none)

  // Parser
  enum class Phase { BetweenGames, Tags, Moves };
  struct LineState {
    Position pos;     // after the last move of the line
    Position before;  // before the last move (where a variation starts)
    bool has_last = false;
    bool broken = false;    // a move failed: the rest is not replayed
    bool reported = false;  // begin_variation was sent
  };
  Phase phase = Phase::BetweenGames;
  int game = 0;
  int total_problems = 0;
  std::vector<LineState> lines;
  int skip_depth = 0;
  PgnGameSummary summary;
  std::string result_tag, fen_tag, variant_tag;
  bool has_result_tag = false;
  bool number_reported = false;
  int fen_line = 0, variant_line = 0;

  // ---- problems
  void problem(std::string_view text, std::string message, int at_line) {
    PgnProblem p;
    p.game = game;
    if (phase == Phase::Moves && !lines.empty()) {
      p.move_number = lines.back().pos.fullmove_number();
      p.side = lines.back().pos.side_to_move();
    }
    p.line = at_line;
    p.text = std::string(text);
    p.message = std::move(message);
    ++summary.problems;
    ++total_problems;
    visitor.problem(p);
  }

  // ---- games
  void begin_game() {
    ++game;
    phase = Phase::Tags;
    summary = PgnGameSummary{};
    summary.game = game;
    lines.clear();
    skip_depth = 0;
    result_tag.clear();
    fen_tag.clear();
    variant_tag.clear();
    has_result_tag = false;
    number_reported = false;
    visitor.begin_game(game);
  }

  void start_moves() {
    if (phase == Phase::BetweenGames) begin_game();
    if (phase == Phase::Moves) return;
    LineState main;
    bool broken = false;
    if (!variant_tag.empty()) {
      std::string v = variant_tag;
      for (char& ch : v) ch = char(std::tolower(static_cast<unsigned char>(ch)));
      if (v != "standard" && v != "chess" && v != "normal") {
        problem(variant_tag,
                "the variant \"" + variant_tag +
                    "\" is not standard chess (FIDE Laws); its moves are not checked",
                variant_line);
        broken = true;
      }
    }
    if (!fen_tag.empty()) {
      auto pos = Position::from_fen(fen_tag);
      if (pos) {
        main.pos = *pos;
      } else {
        problem(fen_tag, "the FEN tag is not a valid position: " + pos.error().message, fen_line);
        broken = true;
      }
    }
    phase = Phase::Moves;
    main.before = main.pos;
    main.broken = broken;
    lines.push_back(main);
    visitor.begin_moves(main.pos);
  }

  void end_game() {
    summary.result = result_tag_seen;
    visitor.end_game(summary);
    phase = Phase::BetweenGames;
    lines.clear();
    result_tag_seen.clear();
  }
  std::string result_tag_seen;  // the termination marker read

  void close_variations(int at_line, std::string_view what) {
    int open = skip_depth;
    for (std::size_t k = 1; k < lines.size(); ++k) ++open;
    if (open > 0)
      problem(what,
              std::to_string(open) + " variation(s) not closed with ')' before " + quoted(what),
              at_line);
    skip_depth = 0;
    while (lines.size() > 1) {
      if (lines.back().reported) visitor.end_variation();
      lines.pop_back();
    }
  }

  // ---- tokens
  // A tag (read or broken) belongs to the game being tagged, or starts the next one.
  void enter_tag_section(int at_line) {
    if (phase == Phase::Moves) {
      problem(tag_raw,
              "the game has no termination marker (1-0, 0-1, 1/2-1/2 or *) before " +
                  quoted(tag_raw) + ", which starts the next game",
              at_line);
      close_variations(at_line, tag_raw);
      end_game();
    }
    if (phase == Phase::BetweenGames) begin_game();
  }

  void on_tag(int at_line) {
    enter_tag_section(at_line);
    if (tag_name == "FEN") {
      fen_tag = tag_value;
      fen_line = at_line;
    }
    if (tag_name == "Variant") {
      variant_tag = tag_value;
      variant_line = at_line;
    }
    if (tag_name == "Result") {
      result_tag = tag_value;
      has_result_tag = true;
    }
    visitor.tag(tag_name, tag_value);
  }

  void on_result(std::string_view text, int at_line) {
    start_moves();
    close_variations(at_line, text);
    if (has_result_tag && result_tag != text)
      problem(text,
              "the game ends with " + std::string(text) + " but its Result tag says \"" +
                  result_tag + "\"",
              at_line);
    result_tag_seen = std::string(text);
    end_game();
  }

  void on_number(int number, std::string_view text, int at_line) {
    if (skip_depth > 0) return;
    LineState& l = lines.back();
    if (l.broken || number_reported) return;
    if (number != l.pos.fullmove_number()) {
      number_reported = true;
      problem(text,
              "move number " + std::to_string(number) + " where move " +
                  std::to_string(l.pos.fullmove_number()) + " is expected",
              at_line);
    }
  }

  void on_move(std::string_view text, int at_line) {
    if (skip_depth > 0) return;
    LineState& l = lines.back();
    if (l.broken) {
      ++summary.unchecked_moves;
      return;
    }
    // A suffix annotation ("!", "?!") becomes a NAG.
    std::size_t end = text.size();
    while (end > 0 && (text[end - 1] == '!' || text[end - 1] == '?')) --end;
    int nag = suffix_nag(text.substr(end));
    const std::string_view san = nag ? text.substr(0, end) : text;
    auto m = read_move(l.pos, san, options.letters, options.strictness);
    if (!m) {
      problem(text, m.error().message, at_line);
      l.broken = true;
      return;
    }
    visitor.move(l.pos, *m, san);
    l.before = l.pos;
    l.pos.play(*m);
    l.has_last = true;
    if (lines.size() == 1) ++summary.plies;
    if (nag) visitor.nag(nag);
  }

  void on_word(std::string_view w, int at_line) {
    if (phase != Phase::Moves) {
      // A word that is only a termination marker ends even a game without moves.
      start_moves();
    }
    if (is_result(w)) return on_result(w, at_line);
    if (options.strictness == Strictness::Lenient && (w == "½-½" || w == "1/2")) {
      return on_result("1/2-1/2", at_line);
    }
    // Move number indication: digits followed by periods, maybe glued to the move ("1.e4").
    std::size_t i = 0;
    while (i < w.size() && is_digit(w[i])) ++i;
    if (i > 0 && (i == w.size() || w[i] == '.')) {
      int number = 0;
      for (std::size_t k = 0; k < i && k < 6; ++k) number = number * 10 + (w[k] - '0');
      if (i > 6) number = -1;
      std::size_t j = i;
      while (j < w.size() && w[j] == '.') ++j;
      // Also "1…" (an ellipsis character) in lenient mode.
      if (options.strictness == Strictness::Lenient && w.substr(j).starts_with("…"))
        j += std::string_view("…").size();
      on_number(number, w.substr(0, j), at_line);
      if (j < w.size()) on_move(w.substr(j), at_line);
      return;
    }
    if (std::all_of(w.begin(), w.end(), [](char c) { return c == '.'; })) return;  // "..."
    on_move(w, at_line);
  }

  void on_nag(std::string_view digits, int at_line) {
    start_moves();
    if (skip_depth > 0) return;
    LineState& l = lines.back();
    if (l.broken) return;
    if (digits.empty() || digits.size() > 3 || std::stoi(std::string(digits)) > 255) {
      problem("$" + std::string(digits),
              quoted("$" + std::string(digits)) + " is not a NAG ($0 to $255)", at_line);
      return;
    }
    if (!l.has_last) {
      problem("$" + std::string(digits),
              quoted("$" + std::string(digits)) + " stands before any move of its line", at_line);
      return;
    }
    visitor.nag(std::stoi(std::string(digits)));
  }

  void on_comment(std::string_view raw, int at_line) {
    start_moves();
    if (skip_depth > 0) return;
    if (lines.back().broken) return;
    auto c = parse_comment(raw);
    if (!c) {
      problem(raw, c.error().message, at_line);
      PgnComment plain;
      plain.text = normalise_blanks(raw);
      visitor.comment(plain);
      return;
    }
    visitor.comment(*c);
  }

  void on_open(int at_line) {
    start_moves();
    if (skip_depth > 0) {
      ++skip_depth;
      return;
    }
    if (!options.keep_variations) {
      skip_depth = 1;
      ++summary.skipped_variations;
      return;
    }
    const LineState& parent = lines.back();
    LineState v;
    if (parent.broken) {
      v.broken = true;
    } else if (!parent.has_last) {
      problem("(", "a variation '(' stands before any move of its line", at_line);
      v.broken = true;
    } else {
      v.pos = parent.before;
      v.before = parent.before;
      v.reported = true;
      ++summary.variations;
    }
    lines.push_back(v);
    if (v.reported) visitor.begin_variation();
  }

  void on_close(int at_line) {
    if (phase != Phase::Moves) {
      start_moves();
    }
    if (skip_depth > 0) {
      --skip_depth;
      return;
    }
    if (lines.size() <= 1) {
      problem(")", "')' without a matching '('", at_line);
      return;
    }
    if (lines.back().reported) visitor.end_variation();
    lines.pop_back();
  }

  // ---- lexer
  void tag_error(std::string message) {
    enter_tag_section(token_line);
    problem(tag_raw, "the tag " + quoted(tag_raw) + " " + message, token_line);
    lex = Lex::TagSkip;
  }

  void finish_word() {
    if (word.size() >= kMaxWord) word += "...";
    on_word(word, token_line);
  }

  void put(char c) {
    switch (lex) {
      case Lex::Between:
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
            lex = Lex::Comment;
            word.clear();
            comment_cut = false;
            return;
          case ';':
            lex = Lex::LineComment;
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
            problem(std::string(1, c),
                    quoted(std::string(1, c)) + " stands outside a tag or comment", line);
            return;
          default:
            lex = Lex::Word;
            word.assign(1, c);
            return;
        }
      case Lex::Word:
        if (ends_word(c)) {
          lex = Lex::Between;
          finish_word();
          return put(c);
        }
        if (word.size() < kMaxWord) word += c;
        return;
      case Lex::Nag:
        if (is_digit(c)) {
          if (word.size() < 8) word += c;
          return;
        }
        lex = Lex::Between;
        on_nag(word, token_line);
        return put(c);
      case Lex::Comment:
        if (c == '}') {
          lex = Lex::Between;
          if (comment_cut)
            problem(word.substr(0, 40) + "...",
                    "the comment is longer than " + std::to_string(kMaxComment) +
                        " characters; the rest is left out",
                    token_line);
          on_comment(word, token_line);
          return;
        }
        if (c == '\n') ++line;
        if (word.size() < kMaxComment)
          word += c;
        else
          comment_cut = true;
        return;
      case Lex::LineComment:
        if (c == '\n') {
          lex = Lex::Between;
          on_comment(word, token_line);
          return put(c);
        }
        if (word.size() < kMaxComment) word += c;
        return;
      case Lex::EscapeLine:
        if (c == '\n') {
          lex = Lex::Between;
          return put(c);
        }
        return;
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
    }
  }

  void put_tag(char c) {
    if (c == '\n' && lex != Lex::TagAfterValue && lex != Lex::TagBeforeValue &&
        !(lex == Lex::TagName && tag_name.empty())) {
      tag_raw.pop_back();
      tag_error(lex == Lex::TagValue || lex == Lex::TagValueEscape
                    ? "has no closing '\"' on its line"
                    : "is cut by the end of the line");
      return put(c);
    }
    if (c == '\n') ++line;
    switch (lex) {
      case Lex::TagName:
        if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
          if (tag_name.size() < kMaxTag) tag_name += c;
        } else if (is_space(c)) {
          if (!tag_name.empty()) lex = Lex::TagBeforeValue;
        } else if (c == '"' && !tag_name.empty()) {
          lex = Lex::TagValue;
        } else {
          tag_error(tag_name.empty() ? "has no name (a tag is [Name \"value\"])"
                                     : "has " + quoted(std::string(1, c)) +
                                           " in its name (letters, digits and '_' only)");
        }
        return;
      case Lex::TagBeforeValue:
        if (is_space(c)) return;
        if (c == '"') {
          lex = Lex::TagValue;
          return;
        }
        return tag_error("has no value in quotes (a tag is [Name \"value\"])");
      case Lex::TagValue:
        if (c == '\\') {
          lex = Lex::TagValueEscape;
        } else if (c == '"') {
          lex = Lex::TagAfterValue;
        } else if (tag_value.size() < kMaxTag) {
          tag_value += c;
        }
        return;
      case Lex::TagValueEscape:
        // PGN 7: "\\" and "\"" are the escapes; any other backslash is kept as written.
        if (c != '\\' && c != '"') tag_value += '\\';
        tag_value += c;
        lex = Lex::TagValue;
        return;
      case Lex::TagAfterValue:
        if (is_space(c)) return;
        if (c == ']') {
          lex = Lex::Between;
          on_tag(token_line);
          return;
        }
        return tag_error("does not end with ']' after its value");
      default:
        return;
    }
  }

  void feed(std::string_view chunk) {
    std::size_t i = 0;
    while (i < chunk.size()) {
      const char c = chunk[i];
      // Fast paths: the rest of a word or of a comment in one append.
      if (lex == Lex::Word && bom == 3) {
        std::size_t j = i;
        while (j < chunk.size() && !ends_word(chunk[j])) ++j;
        word.append(chunk.substr(i, std::min(j - i, kMaxWord - std::min(kMaxWord, word.size()))));
        i = j;
        if (i == chunk.size()) break;
        put(chunk[i++]);
        continue;
      }
      if (lex == Lex::Comment && bom == 3) {
        std::size_t j = chunk.find('}', i);
        if (j == std::string_view::npos) j = chunk.size();
        const std::string_view part = chunk.substr(i, j - i);
        line += int(std::count(part.begin(), part.end(), '\n'));
        const std::size_t room = kMaxComment - std::min(kMaxComment, word.size());
        if (part.size() > room) comment_cut = true;
        word.append(part.substr(0, room));
        i = j;
        if (i == chunk.size()) break;
        put(chunk[i++]);
        continue;
      }
      ++i;
      if (bom < 3) {
        static constexpr char kBom[3] = {'\xEF', '\xBB', '\xBF'};
        if (c == kBom[bom]) {
          ++bom;
          continue;
        }
        // Not a byte order mark after all: give back what was held.
        const int held = bom;
        bom = 3;
        for (int k = 0; k < held; ++k) put(kBom[k]);
      }
      put(c);
    }
  }

  void finish() {
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
        problem("{" + word.substr(0, 40),
                "the comment opened on line " + std::to_string(token_line) + " is not closed",
                line);
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
        tag_error("is cut by the end of the input");
        lex = Lex::Between;
        break;
      default:
        lex = Lex::Between;
        break;
    }
    if (phase != Phase::BetweenGames) {
      close_variations(line, "the end of the input");
      problem("", "the game has no termination marker (1-0, 0-1, 1/2-1/2 or *) at the end", line);
      end_game();
    }
  }
};

PgnReader::PgnReader(PgnVisitor& visitor, PgnReadOptions options)
    : impl_(std::make_unique<Impl>(visitor, std::move(options))) {}
PgnReader::~PgnReader() = default;
void PgnReader::feed(std::string_view chunk) {
  impl_->feed(chunk);
}
void PgnReader::finish() {
  impl_->finish();
}
int PgnReader::games() const {
  return impl_->game;
}
int PgnReader::problems() const {
  return impl_->total_problems;
}

Status read_pgn(std::istream& in, PgnVisitor& visitor, PgnReadOptions options) {
  PgnReader reader(visitor, std::move(options));
  std::array<char, 64 * 1024> buffer;
  while (in) {
    in.read(buffer.data(), std::streamsize(buffer.size()));
    const auto n = in.gcount();
    if (n > 0) reader.feed(std::string_view(buffer.data(), std::size_t(n)));
  }
  if (in.bad()) return fail("the PGN input could not be read (I/O error)");
  reader.finish();
  return {};
}

// -----------------------------------------------------------------------------------------------
// Game trees

std::string PgnGame::tag(std::string_view name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return "";
}

void PgnGame::set_tag(std::string_view name, std::string value) {
  for (auto& [n, v] : tags)
    if (n == name) {
      v = std::move(value);
      return;
    }
  tags.emplace_back(std::string(name), std::move(value));
}

void PgnGameBuilder::begin_game(int game) {
  game_ = PgnGame{};
  game_.number = game;
  lines_.clear();
}
void PgnGameBuilder::tag(std::string_view name, std::string_view value) {
  game_.tags.emplace_back(std::string(name), std::string(value));
}
void PgnGameBuilder::begin_moves(const Position& start) {
  game_.start = start;
  lines_.assign(1, &game_.moves);
}
void PgnGameBuilder::move(const Position&, Move move, std::string_view text) {
  if (lines_.empty()) return;
  PgnNode node;
  node.move = move;
  node.text = std::string(text);
  lines_.back()->moves.push_back(std::move(node));
}
void PgnGameBuilder::nag(int nag) {
  if (lines_.empty() || lines_.back()->moves.empty()) return;
  lines_.back()->moves.back().nags.push_back(nag);
}
void PgnGameBuilder::comment(const PgnComment& comment) {
  if (lines_.empty()) return;
  PgnLine& line = *lines_.back();
  if (line.moves.empty()) {
    if (!comment.text.empty()) line.comments.push_back(comment.text);
    return;
  }
  PgnNode& node = line.moves.back();
  if (!comment.text.empty()) node.comments.push_back(comment.text);
  if (comment.clock) node.clock = comment.clock;
  if (comment.elapsed) node.elapsed = comment.elapsed;
}
void PgnGameBuilder::begin_variation() {
  PgnNode& node = lines_.back()->moves.back();
  node.variations.emplace_back();
  lines_.push_back(&node.variations.back());
}
void PgnGameBuilder::end_variation() {
  if (lines_.size() > 1) lines_.pop_back();
}
void PgnGameBuilder::problem(const PgnProblem& problem) {
  game_.problems.push_back(problem);
}
void PgnGameBuilder::end_game(const PgnGameSummary& summary) {
  game_.summary = summary;
  game_.result = summary.result.empty() ? "*" : summary.result;
  out_.push_back(std::move(game_));
  game_ = PgnGame{};
  lines_.clear();
}

PgnGameStream::PgnGameStream(std::istream& in, PgnReadOptions options)
    : in_(in), builder_(ready_), reader_(builder_, std::move(options)) {}
PgnGameStream::~PgnGameStream() = default;

std::optional<PgnGame> PgnGameStream::next() {
  std::array<char, 16 * 1024> buffer;
  while (next_ == ready_.size()) {
    ready_.clear();
    next_ = 0;
    if (done_) return std::nullopt;
    if (!in_) {
      if (in_.bad()) status_ = fail("the PGN input could not be read (I/O error)");
      reader_.finish();
      done_ = true;
      continue;
    }
    in_.read(buffer.data(), std::streamsize(buffer.size()));
    const auto n = in_.gcount();
    if (n > 0) reader_.feed(std::string_view(buffer.data(), std::size_t(n)));
  }
  return std::move(ready_[next_++]);
}

std::vector<PgnGame> read_pgn_games(std::string_view text, PgnReadOptions options) {
  std::vector<PgnGame> games;
  PgnGameBuilder builder(games);
  PgnReader reader(builder, std::move(options));
  reader.feed(text);
  reader.finish();
  return games;
}

PgnLine line_from_moves(const Position& start, const std::vector<Move>& moves) {
  PgnLine line;
  Position pos = start;
  for (Move m : moves) {
    PgnNode node;
    node.move = m;
    node.text = to_san(pos, m);
    line.moves.push_back(std::move(node));
    pos.play(m);
  }
  return line;
}

// -----------------------------------------------------------------------------------------------
// The writer

namespace {

constexpr std::size_t kMaxLine = 79;  // PGN 8.2.6: export lines hold at most 79 characters

std::string escape_tag_value(std::string_view v) {
  std::string out;
  for (char c : v) {
    if (c == '\\' || c == '"') out += '\\';
    out += (c == '\n' || c == '\r' || c == '\t') ? ' ' : c;
  }
  return out;
}

class MovetextWriter {
 public:
  MovetextWriter(const PgnWriteOptions& options) : options_(options) {}

  void put(std::string_view atom) {
    std::string a = std::move(prefix_);
    prefix_.clear();
    a += atom;
    if (!cur_.empty() && cur_.size() + 1 + a.size() > kMaxLine) flush();
    if (!cur_.empty()) cur_ += ' ';
    cur_ += a;
  }
  // Glued to the next atom: "(" opens a variation without a blank (PGN 8.2.5).
  void glue_prefix(std::string_view s) { prefix_ += s; }
  // Glued to the last atom: ")".
  void glue_suffix(char c) {
    if (cur_.size() + 1 > kMaxLine) {
      const std::size_t blank = cur_.rfind(' ');
      if (blank != std::string::npos) {
        std::string last = cur_.substr(blank + 1);
        cur_.resize(blank);
        flush();
        cur_ = std::move(last);
      }
    }
    cur_ += c;
  }

  void comment(std::string_view text) {
    std::string s(text);
    std::replace(s.begin(), s.end(), '}', ')');  // a comment cannot hold '}' (PGN 5)
    std::vector<std::string_view> words;
    std::string_view rest = s;
    while (!rest.empty()) {
      while (!rest.empty() && is_space(rest.front())) rest.remove_prefix(1);
      std::size_t n = 0;
      while (n < rest.size() && !is_space(rest[n])) ++n;
      // A command ("[%clk 0:03:00]") is kept on one line.
      if (rest.substr(0, n).starts_with("[%") && rest.substr(0, n).find(']') == rest.npos) {
        const std::size_t close = rest.find(']');
        n = close == rest.npos ? rest.size() : close + 1;
        while (n < rest.size() && !is_space(rest[n])) ++n;
      }
      if (n) words.push_back(rest.substr(0, n));
      rest.remove_prefix(n);
    }
    if (words.empty()) return put("{}");
    for (std::size_t k = 0; k < words.size(); ++k) {
      std::string a;
      if (k == 0) a += '{';
      a += words[k];
      if (k + 1 == words.size()) a += '}';
      put(a);
    }
  }

  void line(const PgnLine& l, Position pos) {
    if (options_.comments)
      for (const std::string& c : l.comments) comment(c);
    bool need_number = true;
    for (const PgnNode& node : l.moves) {
      const int number = pos.fullmove_number();
      if (pos.side_to_move() == WHITE) {
        put(std::to_string(number) + ".");
      } else if (need_number) {
        put(std::to_string(number) + "...");
      }
      put(to_san(pos, node.move));
      need_number = false;
      if (options_.nags)
        for (int n : node.nags) put("$" + std::to_string(n));
      std::string text;
      if (options_.comments) {
        for (std::size_t k = 0; k < node.comments.size(); ++k) {
          if (k + 1 < node.comments.size() || !options_.clocks || (!node.clock && !node.elapsed)) {
            comment(node.comments[k]);
            need_number = true;
          } else {
            text = node.comments[k];
          }
        }
      }
      if (options_.clocks && (node.clock || node.elapsed)) {
        if (node.clock)
          text += std::string(text.empty() ? "" : " ") + "[%clk " + format_clock(*node.clock) + "]";
        if (node.elapsed)
          text +=
              std::string(text.empty() ? "" : " ") + "[%emt " + format_clock(*node.elapsed) + "]";
        comment(text);
        need_number = true;
      }
      if (options_.variations) {
        for (const PgnLine& v : node.variations) {
          glue_prefix("(");
          line(v, pos);
          if (!prefix_.empty()) {  // an empty variation
            put("");
          }
          glue_suffix(')');
          need_number = true;
        }
      }
      pos.play(node.move);
    }
  }

  std::string finish() {
    flush();
    return std::move(out_);
  }

 private:
  void flush() {
    if (cur_.empty()) return;
    out_ += cur_;
    out_ += '\n';
    cur_.clear();
  }

  const PgnWriteOptions& options_;
  std::string out_;
  std::string cur_;
  std::string prefix_;
};

}  // namespace

std::string write_pgn(const PgnGame& game, const PgnWriteOptions& options) {
  static constexpr std::array<std::string_view, 7> kRoster = {"Event", "Site",  "Date",  "Round",
                                                              "White", "Black", "Result"};
  std::string out;
  auto tag_line = [&](std::string_view name, std::string_view value) {
    out += '[';
    out += name;
    out += " \"";
    out += escape_tag_value(value);
    out += "\"]\n";
  };
  for (std::string_view name : kRoster) {
    std::string value = name == "Result" ? game.result : game.tag(name);
    if (value.empty()) value = name == "Date" ? "????.??.??" : "?";
    tag_line(name, value);
  }
  std::vector<std::pair<std::string, std::string>> others;
  for (const auto& t : game.tags) {
    if (std::find(kRoster.begin(), kRoster.end(), t.first) != kRoster.end()) continue;
    if (t.first == "SetUp" || t.first == "FEN") continue;
    others.push_back(t);
  }
  if (!(game.start == Position())) {
    others.emplace_back("SetUp", "1");
    others.emplace_back("FEN", game.start.fen());
  }
  std::stable_sort(others.begin(), others.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [name, value] : others) tag_line(name, value);
  out += '\n';
  MovetextWriter w(options);
  w.line(game.moves, game.start);
  w.put(game.result);
  out += w.finish();
  out += '\n';
  return out;
}

}  // namespace annabella::core
