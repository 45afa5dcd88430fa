// Time controls (Art. 6): reading and writing FIDE-style descriptions and the PGN TimeControl tag.
#include "core/time_control.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <cstdint>
#include <optional>

namespace annabella::core {

using std::chrono::milliseconds;

// ---------------------------------------------------------------------------------------------
// Periods by move number

namespace {

// The index into `periods` and the repetition count of move `move_number` (1-based).
struct PeriodPosition {
  std::size_t index = 0;
  int number = 0;     // period number counting repetitions of the last period
  int last_move = 0;  // the last move number of this period; 0 = sudden death
};

PeriodPosition locate(const std::vector<Period>& periods, int move_number) {
  assert(!periods.empty());
  int first = 1;  // first move number of the period under inspection
  for (std::size_t i = 0; i < periods.size(); ++i) {
    const Period& p = periods[i];
    if (p.moves <= 0) return {i, static_cast<int>(i), 0};
    if (move_number < first + p.moves) return {i, static_cast<int>(i), first + p.moves - 1};
    if (i + 1 == periods.size()) {
      // The last period has a move count: it repeats.
      const int beyond = move_number - first;
      const int repeat = beyond / p.moves;
      return {i, static_cast<int>(i) + repeat, first + (repeat + 1) * p.moves - 1};
    }
    first += p.moves;
  }
  return {periods.size() - 1, static_cast<int>(periods.size()) - 1, 0};
}

}  // namespace

const Period& TimeControl::period_of_move(int move_number) const {
  return periods[locate(periods, std::max(move_number, 1)).index];
}

int TimeControl::period_number_of_move(int move_number) const {
  return locate(periods, std::max(move_number, 1)).number;
}

bool TimeControl::completes_period(int move_number) const {
  if (kind != Kind::Periods || periods.empty() || move_number < 1) return false;
  return locate(periods, move_number).last_move == move_number;
}

int TimeControl::moves_to_time_control(int moves_completed) const {
  if (kind != Kind::Periods || periods.empty()) return 0;
  const PeriodPosition at = locate(periods, std::max(moves_completed, 0) + 1);
  return at.last_move == 0 ? 0 : at.last_move - moves_completed;
}

// ---------------------------------------------------------------------------------------------
// Durations as text

namespace {

std::string decimal(std::int64_t thousandths) {
  std::string text = std::to_string(thousandths / 1000);
  std::int64_t frac = thousandths % 1000;
  if (frac != 0) {
    std::string digits = std::to_string(1000 + frac).substr(1);
    while (digits.back() == '0') digits.pop_back();
    text += "." + digits;
  }
  return text;
}

// "90 min", "30 s", "1.5 s"
std::string duration_words(milliseconds time) {
  const std::int64_t ms = time.count();
  if (ms % 60000 == 0) return std::to_string(ms / 60000) + " min";
  return decimal(ms) + " s";
}

// PGN seconds: "5400", "0.5"
std::string pgn_seconds(milliseconds time) {
  return decimal(time.count());
}

std::string hms(std::chrono::nanoseconds time, bool with_ms) {
  using namespace std::chrono;
  const bool negative = time < nanoseconds::zero();
  const auto magnitude = negative ? -time : time;
  const auto total_ms = duration_cast<milliseconds>(magnitude).count();
  const auto total_s = total_ms / 1000;
  // A sign only where a digit shown is not zero: never "-0:00:00".
  const bool shows_nonzero = with_ms ? total_ms > 0 : total_s > 0;
  std::string text = negative && shows_nonzero ? "-" : "";
  text += std::to_string(total_s / 3600) + ":";
  const auto two = [](std::int64_t v) {
    return std::string(v < 10 ? "0" : "") + std::to_string(v);
  };
  text += two(total_s / 60 % 60) + ":" + two(total_s % 60);
  if (with_ms) text += "." + std::to_string(1000 + total_ms % 1000).substr(1);
  return text;
}

}  // namespace

std::string format_hms(std::chrono::nanoseconds time) {
  return hms(time, false);
}
std::string format_hms_ms(std::chrono::nanoseconds time) {
  return hms(time, true);
}

Result<std::chrono::milliseconds> parse_hms(std::string_view text) {
  std::int64_t parts[3] = {0, 0, 0};
  int count = 0;
  std::size_t digits = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == ':') {
      if (digits == 0 || count == 3) break;
      ++count;
      digits = 0;
      if (i == text.size()) {
        std::int64_t seconds = 0;
        for (int k = 0; k < count; ++k) {
          if (k > 0 && parts[k] >= 60)
            return fail("\"" + std::string(text) + "\" is not a time: " + std::to_string(parts[k]) +
                        " is more than 59");
          seconds = seconds * 60 + parts[k];
        }
        return std::chrono::milliseconds(seconds * 1000);
      }
      continue;
    }
    if (count == 3 || text[i] < '0' || text[i] > '9' || ++digits > 6) break;
    parts[count] = parts[count] * 10 + (text[i] - '0');
  }
  return fail("\"" + std::string(text) + "\" is not a time (H:MM:SS, MM:SS or SS)");
}

// ---------------------------------------------------------------------------------------------
// FIDE-style descriptions

namespace {

struct Token {
  enum class Kind { Number, Word, Symbol } kind;
  std::string text;        // lower-case word, symbol character, or the number as written
  std::int64_t milli = 0;  // Number: value x 1000
  std::size_t at = 0;      // position in the input (0-based)
};

Result<std::vector<Token>> lex(std::string_view text) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      const std::size_t start = i;
      std::int64_t whole = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
        whole = whole * 10 + (text[i] - '0');
        if (whole > 100'000'000)
          return fail("the number at position " + std::to_string(start + 1) + " is too large");
        ++i;
      }
      std::int64_t milli = whole * 1000;
      if (i + 1 < text.size() && text[i] == '.' &&
          std::isdigit(static_cast<unsigned char>(text[i + 1]))) {
        ++i;
        std::int64_t scale = 100;
        while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) {
          milli += (text[i] - '0') * scale;
          scale /= 10;
          ++i;
        }
      }
      tokens.push_back(
          {Token::Kind::Number, std::string(text.substr(start, i - start)), milli, start});
    } else if (std::isalpha(static_cast<unsigned char>(c))) {
      const std::size_t start = i;
      std::string word;
      while (i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])))
        word += static_cast<char>(std::tolower(static_cast<unsigned char>(text[i++])));
      tokens.push_back({Token::Kind::Word, word, 0, start});
    } else if (c == '/' || c == '+' || c == ',' || c == ';' || c == '(' || c == ')' || c == '\'' ||
               c == '"') {
      // ' and " are the minute and second marks (90' + 30").
      tokens.push_back({Token::Kind::Symbol, std::string(1, c), 0, i});
      ++i;
    } else {
      return fail("cannot read \"" + std::string(1, c) + "\" at position " + std::to_string(i + 1));
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

std::string where(const Token& t) {
  return "\"" + t.text + "\" at position " + std::to_string(t.at + 1);
}

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

// Reads the tokens of one clause (between "+", ",", ";" or "then"; brackets already removed).
Result<Clause> read_clause(std::vector<Token> tokens) {
  Clause clause;
  if (tokens.empty()) return fail("an empty part (two separators in a row)");
  const Token first = tokens.front();

  // Markers that say what the numbers are about.
  bool has_delay_word = false, bronstein = false, has_increment_word = false;
  std::vector<Token> rest;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (is_word(t, {"from"}) && i + 2 < tokens.size() && is_move_word(tokens[i + 1]) &&
        tokens[i + 2].kind == Token::Kind::Number) {
      if (tokens[i + 2].milli != 1000)
        return fail("an increment from move " + tokens[i + 2].text +
                    " is not supported (only from move 1), " + where(t));
      i += 2;
      has_increment_word = true;
      continue;
    }
    if (is_word(t, {"delay", "us", "simple"})) {
      has_delay_word = has_delay_word || t.text == "delay";
      continue;
    }
    if (is_word(t, {"bronstein"})) {
      bronstein = true;
      has_delay_word = true;
      continue;
    }
    if (is_word(t, {"d"}) && i + 1 < tokens.size() && tokens[i + 1].kind == Token::Kind::Number) {
      // US "d5": a simple delay of 5 s. It may share the clause with a period ("G/60 d5").
      std::size_t j = i + 1;
      std::int64_t milli = tokens[j].milli;
      Unit unit = j + 1 < tokens.size() ? unit_of(tokens[j + 1]) : Unit::None;
      if (unit != Unit::None) ++j;
      clause.delay = in_unit(milli, unit == Unit::None ? Unit::Second : unit);
      clause.delay_kind = DelayKind::Simple;
      i = j;
      continue;
    }
    if (is_word(t, {"increment", "inc", "bonus", "fischer", "per", "each", "added"})) {
      has_increment_word = has_increment_word || !is_word(t, {"added"});
      continue;
    }
    if (is_symbol(t, '/') && i + 1 < tokens.size() && is_move_word(tokens[i + 1])) {
      has_increment_word = true;  // "30 s/move"
      ++i;
      continue;
    }
    if (is_move_word(t) && (i == 0 || tokens[i - 1].kind != Token::Kind::Number)) {
      has_increment_word = true;  // "30 s per move", "30 s a move"
      continue;
    }
    if (is_word(t, {"hourglass", "sandclock", "sandglass"})) {
      clause.hourglass = true;
      continue;
    }
    if (is_word(t, {"sd", "g", "game", "rest", "remaining", "sudden", "death", "all"})) {
      clause.sudden_death = true;
      continue;
    }
    if (is_word(t, {"in", "for", "the", "of", "a", "and", "with", "then", "plus"})) continue;
    rest.push_back(t);
  }

  // Now: numbers with units, move counts, and "/" separators.
  std::optional<std::int64_t> moves;
  milliseconds time{0};
  bool has_time = false, has_unitless = false;
  std::int64_t unitless = 0;
  std::vector<std::int64_t> plain_numbers;  // numbers without units, in order
  bool slash = false;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const Token& t = rest[i];
    if (t.kind == Token::Kind::Number) {
      if (i + 1 < rest.size() && is_move_word(rest[i + 1])) {
        if (moves) return fail("two move counts in one part, " + where(t));
        if (t.milli % 1000 != 0 || t.milli == 0)
          return fail("a move count must be a whole number above 0, " + where(t));
        moves = t.milli / 1000;
        ++i;
        continue;
      }
      const Unit unit = i + 1 < rest.size() ? unit_of(rest[i + 1]) : Unit::None;
      if (unit != Unit::None) {
        time += in_unit(t.milli, unit);
        has_time = true;
        ++i;
        continue;
      }
      plain_numbers.push_back(t.milli);
      has_unitless = true;
      unitless = t.milli;
      continue;
    }
    if (is_symbol(t, '/')) {
      slash = true;
      continue;
    }
    return fail("cannot read " + where(t));
  }

  const bool is_delay = has_delay_word || (clause.delay && rest.empty());
  if (is_delay && !clause.delay) {
    if (has_time && plain_numbers.empty())
      clause.delay = time;
    else if (!has_time && plain_numbers.size() == 1)
      clause.delay = milliseconds(plain_numbers[0]);  // seconds by default
    else
      return fail("a delay needs one time, in " + where(first));
    clause.delay_kind = bronstein ? DelayKind::Bronstein : DelayKind::Simple;
    if (moves || clause.hourglass) return fail("a delay with a move count, " + where(first));
    return clause;
  }
  if (has_increment_word) {
    if (has_time && plain_numbers.empty())
      clause.increment = time;
    else if (!has_time && plain_numbers.size() == 1)
      clause.increment = milliseconds(plain_numbers[0]);
    else
      return fail("an increment needs one time, in " + where(first));
    if (moves || clause.hourglass) return fail("an increment with a move count, " + where(first));
    return clause;
  }
  if (clause.delay && !has_time && plain_numbers.empty() && !moves) return clause;

  // A period (or the hourglass).
  if (slash && !has_time && !moves && plain_numbers.size() == 2 && !clause.sudden_death) {
    // US "40/120": moves / minutes.
    if (plain_numbers[0] % 1000 != 0 || plain_numbers[0] == 0)
      return fail("a move count must be a whole number above 0, " + where(first));
    clause.moves = static_cast<int>(plain_numbers[0] / 1000);
    clause.time = in_unit(plain_numbers[1], Unit::Minute);
    return clause;
  }
  if (plain_numbers.size() > 1 || (has_time && has_unitless))
    return fail("cannot tell what the numbers mean in the part starting at " + where(first));
  if (has_time) {
    clause.time = time;
  } else if (has_unitless) {
    if (moves || clause.sudden_death || clause.hourglass || slash) {
      clause.time = in_unit(unitless, Unit::Minute);
    } else {
      clause.bare_number = true;
      clause.bare_milli = unitless;
    }
  } else if (!clause.delay) {
    return fail("no time in the part starting at " + where(first));
  }
  if (moves) {
    if (clause.sudden_death) return fail("sudden death with a move count, " + where(first));
    clause.moves = static_cast<int>(*moves);
  }
  return clause;
}

Status check_periods(const TimeControl& control) {
  if (control.kind == TimeControl::Kind::Hourglass) {
    if (control.periods.empty() || control.periods.front().time <= milliseconds::zero())
      return fail("an hourglass needs a time above zero");
    if (control.periods.front().time > std::chrono::hours(1000))
      return fail("a time over 1000 hours");
  }
  if (control.kind != TimeControl::Kind::Periods) return {};
  if (control.periods.empty()) return fail("no period");
  for (std::size_t i = 0; i < control.periods.size(); ++i) {
    const Period& p = control.periods[i];
    if (p.moves == 0 && i + 1 != control.periods.size())
      return fail("a period for the rest of the game must be the last one (period " +
                  std::to_string(i + 1) + ")");
    if (p.moves < 0) return fail("a negative move count in period " + std::to_string(i + 1));
    if (p.time < milliseconds::zero() || p.increment < milliseconds::zero() ||
        p.delay < milliseconds::zero())
      return fail("a negative time in period " + std::to_string(i + 1));
    constexpr milliseconds kLongest = std::chrono::hours(1000);  // both forms can write it
    if (p.time > kLongest || p.increment > kLongest || p.delay > kLongest)
      return fail("a time over 1000 hours in period " + std::to_string(i + 1));
    if (p.moves > 100'000) return fail("over 100000 moves in period " + std::to_string(i + 1));
  }
  if (control.periods.front().time <= milliseconds::zero())
    return fail("the first period has no time");
  return {};
}

}  // namespace

Result<TimeControl> parse_time_control(std::string_view text) {
  auto lexed = lex(text);
  if (!lexed) return fail("time control \"" + std::string(text) + "\": " + lexed.error().message);
  const std::vector<Token>& tokens = *lexed;
  const auto error = [&](const std::string& why) {
    return fail("time control \"" + std::string(text) + "\": " + why);
  };
  if (tokens.empty()) return error("empty");

  // Whole-text words.
  std::string words;
  for (const Token& t : tokens) words += (words.empty() ? "" : " ") + t.text;
  if (words == "?" || words == "unknown") return TimeControl{TimeControl::Kind::Unknown, {}};
  if (words == "-" || words == "untimed" || words == "no time control" || words == "none")
    return TimeControl{TimeControl::Kind::Untimed, {}};

  // Split into clauses; a bracketed group belongs to the clause before it.
  struct Part {
    std::vector<Token> tokens;
    std::vector<std::vector<Token>> own;  // bracketed groups, each its own clause
  };
  std::vector<Part> parts(1);
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const Token& t = tokens[i];
    if (is_symbol(t, '+') || is_symbol(t, ',') || is_symbol(t, ';') ||
        is_word(t, {"then", "with"})) {
      if (!parts.back().tokens.empty()) parts.emplace_back();  // ", then" is one separator
      continue;
    }
    if (is_symbol(t, '(')) {
      if (parts.back().tokens.empty())
        return error("a bracket with no period before it, " + where(t));
      std::vector<std::vector<Token>> groups(1);
      std::size_t j = i + 1;
      for (; j < tokens.size() && !is_symbol(tokens[j], ')'); ++j) {
        if (is_symbol(tokens[j], '('))
          return error("brackets inside brackets, " + where(tokens[j]));
        if (is_symbol(tokens[j], '+') || is_symbol(tokens[j], ',') || is_symbol(tokens[j], ';'))
          groups.emplace_back();
        else
          groups.back().push_back(tokens[j]);
      }
      if (j == tokens.size()) return error("a bracket is not closed, " + where(t));
      for (auto& g : groups) parts.back().own.push_back(std::move(g));
      i = j;
      continue;
    }
    if (is_symbol(t, ')')) return error("a closing bracket without an opening one, " + where(t));
    parts.back().tokens.push_back(t);
  }

  TimeControl control;
  std::optional<milliseconds> increment, delay;
  DelayKind delay_kind = DelayKind::None;
  struct Own {
    std::optional<milliseconds> increment, delay;
    DelayKind delay_kind = DelayKind::None;
  };
  std::vector<Own> own;
  bool hourglass = false;

  for (std::size_t k = 0; k < parts.size(); ++k) {
    auto clause = read_clause(parts[k].tokens);
    if (!clause) return error(clause.error().message);
    Clause c = *clause;
    const bool last = k + 1 == parts.size();
    if (c.bare_number) {
      if (control.periods.empty()) {
        c.time = in_unit(c.bare_milli, Unit::Minute);  // "90+30": the base is minutes
      } else if (last && !increment) {
        c.increment = milliseconds(c.bare_milli);  // "90+30": the last bare number is seconds
      } else {
        c.time = in_unit(c.bare_milli, Unit::Minute);  // "40/90 + 30 + 30": a period's minutes
      }
    }
    if (c.time && !c.moves && !c.sudden_death && !c.hourglass && last && parts[k].own.empty() &&
        !control.periods.empty() && control.periods.back().moves == 0 && !increment) {
      // "90 min + 30 s", "90' + 30\"": a time after the period for the rest of the game is the
      // increment.
      c.increment = c.time;
      c.time.reset();
    }
    if (c.increment) {
      if (increment) return error("two increments");
      increment = c.increment;
    }
    if (c.delay) {
      if (delay) return error("two delays");
      delay = c.delay;
      delay_kind = c.delay_kind;
    }
    if (c.hourglass) {
      if (!c.time || c.moves) return error("an hourglass needs one time and no move count");
      hourglass = true;
      control.periods.push_back(Period{0, *c.time, {}, {}, DelayKind::None});
      own.emplace_back();
    } else if (c.time) {
      if (!control.periods.empty() && control.periods.back().moves == 0)
        return error("a period after the period for the rest of the game");
      control.periods.push_back(Period{c.moves, *c.time, {}, {}, DelayKind::None});
      own.emplace_back();
    }
    if (!parts[k].own.empty()) {
      if (!c.time) return error("a bracket after something that is not a period");
      for (auto& group : parts[k].own) {
        auto inner = read_clause(group);
        if (!inner) return error(inner.error().message);
        if (inner->time || inner->bare_number || inner->moves)
          return error("a bracket may hold only an increment or a delay");
        if (inner->increment) own.back().increment = inner->increment;
        if (inner->delay) {
          own.back().delay = inner->delay;
          own.back().delay_kind = inner->delay_kind;
        }
      }
    }
  }
  if (hourglass) {
    if (control.periods.size() != 1 || increment || delay)
      return error("an hourglass has one time and no increment or delay");
    control.kind = TimeControl::Kind::Hourglass;
    if (auto ok = check_periods(control); !ok) return error(ok.error().message);
    return control;
  }
  for (std::size_t i = 0; i < control.periods.size(); ++i) {
    Period& p = control.periods[i];
    p.increment = own[i].increment.value_or(increment.value_or(milliseconds::zero()));
    if (own[i].delay) {
      p.delay = *own[i].delay;
      p.delay_kind = own[i].delay_kind;
    } else if (delay) {
      p.delay = *delay;
      p.delay_kind = delay_kind;
    }
    if (p.delay == milliseconds::zero()) p.delay_kind = DelayKind::None;  // "d0": no delay
  }
  if (auto ok = check_periods(control); !ok) return error(ok.error().message);
  return control;
}

std::string to_fide_text(const TimeControl& control) {
  switch (control.kind) {
    case TimeControl::Kind::Unknown:
      return "unknown";
    case TimeControl::Kind::Untimed:
      return "no time control";
    case TimeControl::Kind::Hourglass:
      return duration_words(control.periods.empty() ? milliseconds::zero()
                                                    : control.periods.front().time) +
             " hourglass";
    case TimeControl::Kind::Periods:
      break;
  }
  const auto delay_words = [](const Period& p) {
    return duration_words(p.delay) +
           (p.delay_kind == DelayKind::Bronstein ? " Bronstein delay" : " delay");
  };
  const auto has_delay = [](const Period& p) {
    return p.delay_kind != DelayKind::None && p.delay > milliseconds::zero();
  };
  bool common = true;
  for (const Period& p : control.periods) {
    const Period& f = control.periods.front();
    if (p.increment != f.increment || has_delay(p) != has_delay(f) ||
        (has_delay(p) && (p.delay != f.delay || p.delay_kind != f.delay_kind)))
      common = false;
  }
  std::string text;
  for (const Period& p : control.periods) {
    if (!text.empty()) text += " + ";
    text += duration_words(p.time);
    if (p.moves > 0) text += "/" + std::to_string(p.moves) + " moves";
    if (!common) {
      std::string own;
      if (p.increment > milliseconds::zero()) own = duration_words(p.increment) + "/move";
      if (has_delay(p)) own += (own.empty() ? "" : ", ") + delay_words(p);
      if (!own.empty()) text += " (" + own + ")";
    }
  }
  if (common && !control.periods.empty()) {
    const Period& f = control.periods.front();
    if (f.increment > milliseconds::zero()) text += " + " + duration_words(f.increment) + "/move";
    if (has_delay(f)) text += " + " + delay_words(f);
  }
  return text;
}

// ---------------------------------------------------------------------------------------------
// PGN TimeControl tag (PGN standard 9.6.1)

namespace {

// Seconds as PGN writes them: digits, optionally with a decimal fraction.
std::optional<milliseconds> read_pgn_seconds(std::string_view text) {
  if (text.empty()) return std::nullopt;
  std::int64_t whole = 0, frac = 0, scale = 100;
  std::size_t i = 0;
  for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i) {
    whole = whole * 10 + (text[i] - '0');
    if (whole > 100'000'000) return std::nullopt;
  }
  if (i == 0) return std::nullopt;
  if (i < text.size()) {
    if (text[i] != '.' || i + 1 == text.size()) return std::nullopt;
    for (++i; i < text.size(); ++i) {
      if (!std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
      frac += (text[i] - '0') * scale;
      scale /= 10;
    }
  }
  return milliseconds(whole * 1000 + frac);
}

}  // namespace

Result<TimeControl> parse_pgn_time_control(std::string_view text) {
  const auto error = [&](const std::string& why) {
    return fail("PGN TimeControl \"" + std::string(text) + "\": " + why);
  };
  if (text == "?") return TimeControl{TimeControl::Kind::Unknown, {}};
  if (text == "-") return TimeControl{TimeControl::Kind::Untimed, {}};
  if (text.empty()) return error("empty");
  TimeControl control;
  if (text.front() == '*') {
    const auto time = read_pgn_seconds(text.substr(1));
    if (!time || *time <= milliseconds::zero())
      return error("an hourglass is \"*\" and its seconds");
    control.kind = TimeControl::Kind::Hourglass;
    control.periods.push_back(Period{0, *time, {}, {}, DelayKind::None});
    if (auto ok = check_periods(control); !ok) return error(ok.error().message);
    return control;
  }
  std::size_t start = 0;
  int field = 1;
  while (true) {
    const std::size_t colon = text.find(':', start);
    std::string_view part =
        text.substr(start, colon == std::string_view::npos ? colon : colon - start);
    const std::string which = "field " + std::to_string(field) + " \"" + std::string(part) + "\"";
    Period period;
    if (const auto slash = part.find('/'); slash != std::string_view::npos) {
      const auto moves = read_pgn_seconds(part.substr(0, slash));
      if (!moves || moves->count() % 1000 != 0 || *moves <= milliseconds::zero())
        return error(which + ": the move count before \"/\" must be a whole number above 0");
      period.moves = static_cast<int>(moves->count() / 1000);
      part = part.substr(slash + 1);
    }
    std::string_view base = part, inc;
    if (const auto plus = part.find('+'); plus != std::string_view::npos) {
      base = part.substr(0, plus);
      inc = part.substr(plus + 1);
      const auto increment = read_pgn_seconds(inc);
      if (!increment) return error(which + ": the increment after \"+\" must be seconds");
      period.increment = *increment;
    }
    const auto time = read_pgn_seconds(base);
    if (!time)
      return error(which + ": expected seconds, \"moves/seconds\" or \"seconds+increment\"");
    period.time = *time;
    control.periods.push_back(period);
    if (colon == std::string_view::npos) break;
    start = colon + 1;
    ++field;
  }
  if (auto ok = check_periods(control); !ok) return error(ok.error().message);
  return control;
}

Result<std::string> to_pgn_time_control(const TimeControl& control) {
  switch (control.kind) {
    case TimeControl::Kind::Unknown:
      return std::string("?");
    case TimeControl::Kind::Untimed:
      return std::string("-");
    case TimeControl::Kind::Hourglass:
      if (control.periods.empty()) return fail("an hourglass without a time");
      return "*" + pgn_seconds(control.periods.front().time);
    case TimeControl::Kind::Periods:
      break;
  }
  std::string text;
  for (const Period& p : control.periods) {
    if (p.delay_kind != DelayKind::None && p.delay > milliseconds::zero())
      return fail("the PGN TimeControl tag cannot express a delay (" + to_fide_text(control) + ")");
    if (!text.empty()) text += ":";
    if (p.moves > 0) text += std::to_string(p.moves) + "/";
    text += pgn_seconds(p.time);
    if (p.increment > milliseconds::zero()) text += "+" + pgn_seconds(p.increment);
  }
  return text;
}

Result<TimeControl> read_time_control(std::string_view text) {
  std::string_view trimmed = text;
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.front())))
    trimmed.remove_prefix(1);
  while (!trimmed.empty() && std::isspace(static_cast<unsigned char>(trimmed.back())))
    trimmed.remove_suffix(1);
  if (trimmed == "?" || trimmed == "-") return parse_pgn_time_control(trimmed);
  const bool pgn_chars =
      !trimmed.empty() && std::all_of(trimmed.begin(), trimmed.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) || c == '/' || c == '+' || c == ':' ||
               c == '*' || c == '.';
      });
  if (pgn_chars) {
    bool pgn = trimmed.find(':') != std::string_view::npos || trimmed.front() == '*';
    if (!pgn) {
      // The base time: after "moves/" if any, before "+".
      std::string_view base = trimmed;
      if (const auto slash = base.find('/'); slash != std::string_view::npos)
        base = base.substr(slash + 1);
      base = base.substr(0, base.find('+'));
      const auto seconds = read_pgn_seconds(base);
      pgn = seconds && *seconds > std::chrono::seconds(180);
    }
    if (pgn) return parse_pgn_time_control(trimmed);
  }
  return parse_time_control(trimmed);
}

}  // namespace annabella::core
