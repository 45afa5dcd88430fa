// Reading FIDE-style time-control descriptions: a lexer, a reader of one clause (the text
// between "+", ",", ";" or "then"), and the assembly of clauses into periods.
#include "core/time_control_fide_reader.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace annabella::core {

using std::chrono::milliseconds;

namespace {

// ---------------------------------------------------------------------------------------------
// Tokens

struct Token {
  enum class Kind { Number, Word, Symbol } kind;
  std::string text;        // lower-case word, symbol character, or the number as written
  std::int64_t milli = 0;  // Number: value x 1000
  std::size_t at = 0;      // position in the input (0-based)
};

bool is_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

using Kind = TimeControlError::Kind;

// An error of `kind`, at token `at` when it has a place (the text is filled in by
// parse_time_control).
Failure<TimeControlError> broke_at(Kind kind, std::string token, std::size_t at,
                                   long long number = 0) {
  return fail_with(TimeControlError{.kind = kind,
                                    .form = TimeControlError::Form::Fide,
                                    .token = std::move(token),
                                    .position = at + 1,
                                    .number = number});
}
Failure<TimeControlError> broke(Kind kind, const Token& at, long long number = 0) {
  return broke_at(kind, at.text, at.at, number);
}
Failure<TimeControlError> broke(Kind kind) {
  return fail_with(TimeControlError{.kind = kind, .form = TimeControlError::Form::Fide});
}

// Reads the number that starts at text[i] ("90", "1.5"); `i` moves past it.
TimeControlResult<Token> read_number(std::string_view text, std::size_t& i) {
  const std::size_t start = i;
  std::int64_t whole = 0;
  for (; i < text.size() && is_digit(text[i]); ++i) {
    whole = whole * 10 + (text[i] - '0');
    if (whole > 100'000'000)
      return broke_at(Kind::NumberTooLarge, std::string(text.substr(start, i + 1 - start)), start);
  }
  std::int64_t milli = whole * 1000;
  if (i + 1 < text.size() && text[i] == '.' && is_digit(text[i + 1])) {
    std::int64_t scale = 100;
    for (++i; i < text.size() && is_digit(text[i]); ++i) {
      milli += (text[i] - '0') * scale;
      scale /= 10;
    }
  }
  return Token{Token::Kind::Number, std::string(text.substr(start, i - start)), milli, start};
}

// Reads the word that starts at text[i], in lower case; `i` moves past it.
Token read_word(std::string_view text, std::size_t& i) {
  const std::size_t start = i;
  std::string word;
  for (; i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])); ++i)
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i])));
  return Token{Token::Kind::Word, word, 0, start};
}

bool is_symbol_char(char c) {
  // ' and " are the minute and second marks (90' + 30").
  return c == '/' || c == '+' || c == ',' || c == ';' || c == '(' || c == ')' || c == '\'' ||
         c == '"';
}

TimeControlResult<std::vector<Token>> lex(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (is_digit(c)) {
      auto number = read_number(text, i);
      if (!number) return fail_with(number.error());
      tokens.push_back(*number);
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      tokens.push_back(read_word(text, i));
    } else if (is_symbol_char(c)) {
      tokens.push_back({Token::Kind::Symbol, std::string(1, c), 0, i});
      ++i;
    } else {
      return broke_at(Kind::UnreadableCharacter, std::string(1, c), i);
    }
  }
  return tokens;
}

enum class Unit { None, Hour, Minute, Second, Milli };

Unit unit_of(const Token& t) {
  if (t.kind == Token::Kind::Symbol) {
    if (t.text == "'") return Unit::Minute;
    if (t.text == "\"") return Unit::Second;
    return Unit::None;
  }
  if (t.kind != Token::Kind::Word) return Unit::None;
  static constexpr std::string_view hours[] = {"h", "hr", "hrs", "hour", "hours"};
  static constexpr std::string_view minutes[] = {"m", "min", "mins", "minute", "minutes"};
  static constexpr std::string_view seconds[] = {"s", "sec", "secs", "second", "seconds"};
  for (auto w : hours)
    if (t.text == w) return Unit::Hour;
  for (auto w : minutes)
    if (t.text == w) return Unit::Minute;
  for (auto w : seconds)
    if (t.text == w) return Unit::Second;
  if (t.text == "ms") return Unit::Milli;
  return Unit::None;
}

milliseconds in_unit(std::int64_t milli, Unit unit) {
  switch (unit) {
    case Unit::Hour:
      return milliseconds(milli * 3600);
    case Unit::Minute:
      return milliseconds(milli * 60);
    case Unit::Second:
    case Unit::None:
      return milliseconds(milli);
    case Unit::Milli:
      return milliseconds(milli / 1000);
  }
  return milliseconds(milli);
}

bool is_word(const Token& t, std::initializer_list<std::string_view> words) {
  if (t.kind != Token::Kind::Word) return false;
  for (auto w : words)
    if (t.text == w) return true;
  return false;
}
bool is_symbol(const Token& t, char c) {
  return t.kind == Token::Kind::Symbol && t.text.size() == 1 && t.text[0] == c;
}
bool is_move_word(const Token& t) {
  return is_word(t, {"move", "moves", "mv", "mvs"});
}

// ---------------------------------------------------------------------------------------------
// One clause

// What one clause of a description says.
struct Clause {
  std::optional<milliseconds> time;  // a period's time (or the hourglass time)
  int moves = 0;
  bool sudden_death = false;  // "SD", "G/", "rest of the game"
  bool hourglass = false;
  std::optional<milliseconds> increment;
  std::optional<milliseconds> delay;
  DelayKind delay_kind = DelayKind::None;
  bool bare_number = false;  // a lone number without a unit ("90" in "90+30")
  std::int64_t bare_milli = 0;
};

// The words of a clause that say what its numbers are about.
struct Markers {
  bool delay_word = false;  // "delay", "Bronstein"
  bool bronstein = false;
  bool increment_word = false;  // "increment", "/move", "per move", "from move 1"
};

// "from move 1" at tokens[i]: an increment from the first move (the only one supported).
// Returns how many tokens it used: 0 when tokens[i] does not start one.
TimeControlResult<std::size_t> read_from_move(const std::vector<Token>& tokens, std::size_t i,
                                              Markers& markers) {
  if (!is_word(tokens[i], {"from"}) || i + 2 >= tokens.size() || !is_move_word(tokens[i + 1]) ||
      tokens[i + 2].kind != Token::Kind::Number)
    return std::size_t{0};
  if (tokens[i + 2].milli != 1000)
    return broke(Kind::IncrementFromLaterMove, tokens[i], tokens[i + 2].milli / 1000);
  markers.increment_word = true;
  return std::size_t{3};
}

// US "d5" at tokens[i]: a simple delay of 5 s. It may share the clause with a period
// ("G/60 d5"). Returns how many tokens it used: 0 when tokens[i] does not start one.
std::size_t read_us_delay(const std::vector<Token>& tokens, std::size_t i, Clause& clause) {
  if (!is_word(tokens[i], {"d"}) || i + 1 >= tokens.size() ||
      tokens[i + 1].kind != Token::Kind::Number)
    return 0;
  const Unit unit = i + 2 < tokens.size() ? unit_of(tokens[i + 2]) : Unit::None;
  clause.delay = in_unit(tokens[i + 1].milli, unit == Unit::None ? Unit::Second : unit);
  clause.delay_kind = DelayKind::Simple;
  return unit == Unit::None ? 2 : 3;
}

// The marker word at tokens[i] (a kind of time, a filler word). Returns how many tokens it
// used: 0 when tokens[i] is not a marker.
std::size_t read_marker_word(const std::vector<Token>& tokens, std::size_t i, Clause& clause,
                             Markers& markers) {
  const Token& t = tokens[i];
  if (is_word(t, {"delay", "us", "simple"})) {
    markers.delay_word = markers.delay_word || t.text == "delay";
    return 1;
  }
  if (is_word(t, {"bronstein"})) {
    markers.bronstein = true;
    markers.delay_word = true;
    return 1;
  }
  if (is_word(t, {"increment", "inc", "bonus", "fischer", "per", "each", "added"})) {
    markers.increment_word = markers.increment_word || !is_word(t, {"added"});
    return 1;
  }
  if (is_symbol(t, '/') && i + 1 < tokens.size() && is_move_word(tokens[i + 1])) {
    markers.increment_word = true;  // "30 s/move"
    return 2;
  }
  if (is_move_word(t) && (i == 0 || tokens[i - 1].kind != Token::Kind::Number)) {
    markers.increment_word = true;  // "30 s per move", "30 s a move"
    return 1;
  }
  if (is_word(t, {"hourglass", "sandclock", "sandglass"})) {
    clause.hourglass = true;
    return 1;
  }
  if (is_word(t, {"sd", "g", "game", "rest", "remaining", "sudden", "death", "all"})) {
    clause.sudden_death = true;
    return 1;
  }
  if (is_word(t, {"in", "for", "the", "of", "a", "and", "with", "then", "plus"})) return 1;
  return 0;
}

// The numbers of a clause once its markers are taken out.
struct Numbers {
  std::optional<std::int64_t> moves;
  milliseconds time{0};  // the sum of the numbers with units
  bool has_time = false;
  std::vector<std::int64_t> plain;  // numbers without units (x 1000), in order
  bool slash = false;
};

// The number at rest[i] with what follows it: a move word (a move count) or a unit (a time).
// Returns how many tokens it used.
TimeControlResult<std::size_t> read_quantity(const std::vector<Token>& rest, std::size_t i,
                                             Numbers& numbers) {
  const Token& t = rest[i];
  const Token* next = i + 1 < rest.size() ? &rest[i + 1] : nullptr;
  if (next != nullptr && is_move_word(*next)) {
    if (numbers.moves) return broke(Kind::TwoMoveCounts, t);
    if (t.milli % 1000 != 0 || t.milli == 0) return broke(Kind::MoveCountNotWhole, t);
    numbers.moves = t.milli / 1000;
    return std::size_t{2};
  }
  const Unit unit = next != nullptr ? unit_of(*next) : Unit::None;
  if (unit != Unit::None) {
    numbers.time += in_unit(t.milli, unit);
    numbers.has_time = true;
    return std::size_t{2};
  }
  numbers.plain.push_back(t.milli);
  return std::size_t{1};
}

// Numbers with units, move counts, and "/" separators.
TimeControlResult<Numbers> read_numbers(const std::vector<Token>& rest) {
  Numbers numbers;
  for (std::size_t i = 0; i < rest.size();) {
    if (rest[i].kind == Token::Kind::Number) {
      auto used = read_quantity(rest, i, numbers);
      if (!used) return fail_with(used.error());
      i += *used;
    } else if (is_symbol(rest[i], '/')) {
      numbers.slash = true;
      ++i;
    } else {
      return broke(Kind::UnreadableToken, rest[i]);
    }
  }
  return numbers;
}

// The one time of a delay or an increment clause: a time with a unit, or one plain number of
// seconds.
std::optional<milliseconds> single_time(const Numbers& numbers) {
  if (numbers.has_time && numbers.plain.empty()) return numbers.time;
  if (!numbers.has_time && numbers.plain.size() == 1) return milliseconds(numbers.plain[0]);
  return std::nullopt;
}

// A clause that is a period (or the hourglass), perhaps with a "d5" delay in it.
TimeControlResult<Clause> finish_period(Clause clause, const Numbers& numbers, const Token& first) {
  const bool has_unitless = !numbers.plain.empty();
  if (numbers.slash && !numbers.has_time && !numbers.moves && numbers.plain.size() == 2 &&
      !clause.sudden_death) {
    // US "40/120": moves / minutes.
    if (numbers.plain[0] % 1000 != 0 || numbers.plain[0] == 0)
      return broke(Kind::MoveCountNotWhole, first);
    clause.moves = static_cast<int>(numbers.plain[0] / 1000);
    clause.time = in_unit(numbers.plain[1], Unit::Minute);
    return clause;
  }
  if (numbers.plain.size() > 1 || (numbers.has_time && has_unitless))
    return broke(Kind::NumbersUnclear, first);
  if (numbers.has_time) {
    clause.time = numbers.time;
  } else if (has_unitless) {
    const std::int64_t unitless = numbers.plain.back();
    if (numbers.moves || clause.sudden_death || clause.hourglass || numbers.slash) {
      clause.time = in_unit(unitless, Unit::Minute);
    } else {
      clause.bare_number = true;
      clause.bare_milli = unitless;
    }
  } else if (!clause.delay) {
    return broke(Kind::NoTime, first);
  }
  if (numbers.moves) {
    if (clause.sudden_death) return broke(Kind::SuddenDeathWithMoves, first);
    clause.moves = static_cast<int>(*numbers.moves);
  }
  return clause;
}

// Takes the markers out of a clause's tokens into `clause` and `markers`; returns the rest.
TimeControlResult<std::vector<Token>> read_markers(const std::vector<Token>& tokens, Clause& clause,
                                                   Markers& markers) {
  std::vector<Token> rest;
  for (std::size_t i = 0; i < tokens.size();) {
    auto used = read_from_move(tokens, i, markers);
    if (!used) return fail_with(used.error());
    if (*used == 0) *used = read_us_delay(tokens, i, clause);
    if (*used == 0) *used = read_marker_word(tokens, i, clause, markers);
    if (*used == 0) rest.push_back(tokens[i]);
    i += std::max<std::size_t>(*used, 1);
  }
  return rest;
}

// A clause that is a delay ("5 s delay", "10 s Bronstein delay").
TimeControlResult<Clause> finish_delay(Clause clause, const Numbers& numbers, bool bronstein,
                                       const Token& first) {
  clause.delay = single_time(numbers);  // seconds by default
  if (!clause.delay) return broke(Kind::DelayNeedsOneTime, first);
  clause.delay_kind = bronstein ? DelayKind::Bronstein : DelayKind::Simple;
  if (numbers.moves || clause.hourglass) return broke(Kind::DelayWithMoves, first);
  return clause;
}

// A clause that is an increment ("30 s/move", "inc 30").
TimeControlResult<Clause> finish_increment(Clause clause, const Numbers& numbers,
                                           const Token& first) {
  clause.increment = single_time(numbers);
  if (!clause.increment) return broke(Kind::IncrementNeedsOneTime, first);
  if (numbers.moves || clause.hourglass) return broke(Kind::IncrementWithMoves, first);
  return clause;
}

// Reads the tokens of one clause (between "+", ",", ";" or "then"; brackets already removed).
TimeControlResult<Clause> read_clause(const std::vector<Token>& tokens) {
  Clause clause;
  if (tokens.empty()) return broke(Kind::EmptyPart);
  const Token& first = tokens.front();
  Markers markers;  // what the numbers are about
  auto rest = read_markers(tokens, clause, markers);
  if (!rest) return fail_with(rest.error());
  auto numbers = read_numbers(*rest);
  if (!numbers) return fail_with(numbers.error());

  const bool is_delay = markers.delay_word || (clause.delay && rest->empty());
  if (is_delay && !clause.delay)
    return finish_delay(std::move(clause), *numbers, markers.bronstein, first);
  if (markers.increment_word) return finish_increment(std::move(clause), *numbers, first);
  if (clause.delay && !numbers->has_time && numbers->plain.empty() && !numbers->moves)
    return clause;
  return finish_period(std::move(clause), *numbers, first);
}

// ---------------------------------------------------------------------------------------------
// Clauses into periods

// The tokens of one clause, and the bracketed groups after it, each its own clause.
struct Part {
  std::vector<Token> tokens;
  std::vector<std::vector<Token>> own;
};

bool is_separator(const Token& t) {
  return is_symbol(t, '+') || is_symbol(t, ',') || is_symbol(t, ';');
}

// Reads the bracket that opens at tokens[open] into `part`'s own groups; returns the index of
// the closing bracket.
TimeControlResult<std::size_t> read_bracket(const std::vector<Token>& tokens, std::size_t open,
                                            Part& part) {
  if (part.tokens.empty()) return broke(Kind::BracketWithoutPeriod, tokens[open]);
  std::vector<std::vector<Token>> groups(1);
  std::size_t j = open + 1;
  for (; j < tokens.size() && !is_symbol(tokens[j], ')'); ++j) {
    if (is_symbol(tokens[j], '(')) return broke(Kind::BracketInBracket, tokens[j]);
    if (is_separator(tokens[j]))
      groups.emplace_back();
    else
      groups.back().push_back(tokens[j]);
  }
  if (j == tokens.size()) return broke(Kind::BracketNotClosed, tokens[open]);
  for (auto& g : groups) part.own.push_back(std::move(g));
  return j;
}

// Splits the tokens into clauses; a bracketed group belongs to the clause before it.
TimeControlResult<std::vector<Part>> split_parts(const std::vector<Token>& tokens) {
  std::vector<Part> parts(1);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (is_separator(t) || is_word(t, {"then", "with"})) {
      if (!parts.back().tokens.empty()) parts.emplace_back();  // ", then" is one separator
    } else if (is_symbol(t, '(')) {
      auto close = read_bracket(tokens, i, parts.back());
      if (!close) return fail_with(close.error());
      i = *close;
    } else if (is_symbol(t, ')')) {
      return broke(Kind::ClosingBracketAlone, t);
    } else {
      parts.back().tokens.push_back(t);
    }
  }
  return parts;
}

// A whole text that says there is no control or none is known: "?", "untimed" ...
std::optional<TimeControl> whole_text_control(const std::vector<Token>& tokens) {
  std::string words;
  for (const Token& t : tokens) words += (words.empty() ? "" : " ") + t.text;
  if (words == "?" || words == "unknown") return TimeControl{TimeControl::Kind::Unknown, {}};
  if (words == "-" || words == "untimed" || words == "no time control" || words == "none")
    return TimeControl{TimeControl::Kind::Untimed, {}};
  return std::nullopt;
}

// An increment or a delay, for every period or for one period (in brackets after it).
struct Extras {
  std::optional<milliseconds> increment, delay;
  DelayKind delay_kind = DelayKind::None;
};

// Builds a time control from its clauses, in order.
class ControlBuilder {
 public:
  Result<void, TimeControlError> add(const Part& part, bool last) {
    auto clause = read_clause(part.tokens);
    if (!clause) return fail_with(clause.error());
    Clause c = *clause;
    resolve_bare_number(c, last);
    if (c.time && !c.moves && !c.sudden_death && !c.hourglass && last && part.own.empty() &&
        after_sudden_death() && !common_.increment) {
      // "90 min + 30 s", "90' + 30\"": a time after the period for the rest of the game is the
      // increment.
      c.increment = c.time;
      c.time.reset();
    }
    if (auto ok = take_common_extras(c); !ok) return ok;
    if (auto ok = add_period(c); !ok) return ok;
    if (part.own.empty()) return {};
    if (!c.time) return broke(Kind::BracketAfterNonPeriod);
    return add_brackets(part.own);
  }

  TimeControlResult<TimeControl> finish() {
    if (hourglass_) {
      if (control_.periods.size() != 1 || common_.increment || common_.delay)
        return broke(Kind::HourglassWithExtras);
      control_.kind = TimeControl::Kind::Hourglass;
    } else {
      for (std::size_t i = 0; i < control_.periods.size(); ++i)
        apply_extras(control_.periods[i], own_[i]);
    }
    if (auto ok = check_time_control(control_); !ok) return fail_with(ok.error());
    return control_;
  }

 private:
  bool after_sudden_death() const {
    return !control_.periods.empty() && control_.periods.back().moves == 0;
  }

  // A lone number: "90+30": the base is minutes and the last bare number seconds of increment;
  // "40/90 + 30 + 30": a period's minutes.
  void resolve_bare_number(Clause& c, bool last) const {
    if (!c.bare_number) return;
    if (!control_.periods.empty() && last && !common_.increment)
      c.increment = milliseconds(c.bare_milli);
    else
      c.time = in_unit(c.bare_milli, Unit::Minute);
  }

  Result<void, TimeControlError> take_common_extras(const Clause& c) {
    if (c.increment) {
      if (common_.increment) return broke(Kind::TwoIncrements);
      common_.increment = c.increment;
    }
    if (c.delay) {
      if (common_.delay) return broke(Kind::TwoDelays);
      common_.delay = c.delay;
      common_.delay_kind = c.delay_kind;
    }
    return {};
  }

  Result<void, TimeControlError> add_period(const Clause& c) {
    if (c.hourglass) {
      if (!c.time || c.moves) return broke(Kind::HourglassNeedsOneTime);
      hourglass_ = true;
    } else if (c.time) {
      if (after_sudden_death()) return broke(Kind::PeriodAfterSuddenDeath);
    } else {
      return {};
    }
    control_.periods.push_back(Period{c.hourglass ? 0 : c.moves, *c.time, {}, {}, DelayKind::None});
    own_.emplace_back();
    return {};
  }

  Result<void, TimeControlError> add_brackets(const std::vector<std::vector<Token>>& groups) {
    for (const auto& group : groups) {
      auto inner = read_clause(group);
      if (!inner) return fail_with(inner.error());
      if (inner->time || inner->bare_number || inner->moves) return broke(Kind::BracketHoldsPeriod);
      if (inner->increment) own_.back().increment = inner->increment;
      if (inner->delay) {
        own_.back().delay = inner->delay;
        own_.back().delay_kind = inner->delay_kind;
      }
    }
    return {};
  }

  // A period's own increment and delay, else the common ones.
  void apply_extras(Period& p, const Extras& own) const {
    p.increment = own.increment.value_or(common_.increment.value_or(milliseconds::zero()));
    if (own.delay) {
      p.delay = *own.delay;
      p.delay_kind = own.delay_kind;
    } else if (common_.delay) {
      p.delay = *common_.delay;
      p.delay_kind = common_.delay_kind;
    }
    if (p.delay == milliseconds::zero()) p.delay_kind = DelayKind::None;  // "d0": no delay
  }

  TimeControl control_;
  Extras common_;
  std::vector<Extras> own_;  // one per period
  bool hourglass_ = false;
};

}  // namespace

TimeControlResult<TimeControl> parse_time_control(std::string_view text) {
  // Every error names the text it was read from.
  const auto error = [&](TimeControlError why) {
    why.form = TimeControlError::Form::Fide;
    why.text = std::string(text);
    return fail_with(std::move(why));
  };
  auto tokens = lex(text);
  if (!tokens) return error(tokens.error());
  if (tokens->empty()) return error(TimeControlError{.kind = Kind::Empty});
  if (auto control = whole_text_control(*tokens)) return *control;
  auto parts = split_parts(*tokens);
  if (!parts) return error(parts.error());
  ControlBuilder builder;
  for (std::size_t k = 0; k < parts->size(); ++k)
    if (auto ok = builder.add((*parts)[k], k + 1 == parts->size()); !ok) return error(ok.error());
  auto control = builder.finish();
  if (!control) return error(control.error());
  return control;
}

}  // namespace annabella::core
