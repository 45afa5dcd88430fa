// PGN comments and clock commands: see pgn_comment.h.
#include "core/pgn_comment.h"

#include <algorithm>
#include <array>

#include "core/pgn_text.h"

namespace annabella::core {

namespace pgn_detail {
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

}  // namespace pgn_detail

using namespace pgn_detail;

namespace {

// Digits at text[*i] as a number (at most 1000000); nullopt when there are none.
std::optional<long long> read_number(std::string_view text, std::size_t* i) {
  const std::size_t start = *i;
  long long v = 0;
  while (*i < text.size() && is_digit(text[*i])) {
    v = v * 10 + (text[*i] - '0');
    if (v > 1000000) return std::nullopt;
    ++*i;
  }
  if (*i == start) return std::nullopt;
  return v;
}

// The fraction of a second after the '.', to the end of the text, in milliseconds.
std::optional<long long> read_fraction_ms(std::string_view digits) {
  if (digits.empty()) return std::nullopt;
  long long ms = 0;
  long long scale = 100;
  for (char c : digits) {
    if (!is_digit(c)) return std::nullopt;
    ms += (c - '0') * scale;
    scale /= 10;
  }
  return ms;
}

}  // namespace

std::optional<std::chrono::milliseconds> parse_clock(std::string_view text) {
  std::array<long long, 3> fields{};
  int n = 0;
  long long fraction_ms = 0;
  std::size_t i = 0;
  while (true) {
    if (n == 3) return std::nullopt;
    const auto v = read_number(text, &i);
    if (!v) return std::nullopt;
    fields[std::size_t(n++)] = *v;
    if (i == text.size()) break;
    if (text[i] == ':') {
      ++i;
      continue;
    }
    // The fraction of a second, on the last field only.
    if (text[i] != '.') return std::nullopt;
    const auto f = read_fraction_ms(text.substr(i + 1));
    if (!f) return std::nullopt;
    fraction_ms = *f;
    break;
  }
  if (n < 2) return std::nullopt;
  const long long h = n == 3 ? fields[0] : 0;
  const long long m = n == 3 ? fields[1] : fields[0];
  const long long s = n == 3 ? fields[2] : fields[1];
  if ((n == 3 && m >= 60) || s >= 60) return std::nullopt;
  return std::chrono::milliseconds(((h * 60 + m) * 60 + s) * 1000 + fraction_ms);
}

std::string format_clock(std::chrono::milliseconds time) {
  const long long tenths = std::max<long long>(0, time.count()) / 100;
  long long s = tenths / 10;
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
  out += '.';
  out += char('0' + tenths % 10);
  return out;
}

namespace {

bool is_clock_command(std::string_view name) {
  return name == "clk" || name == "emt";
}

// The command name after "[%" at `from`, up to a blank or `end`.
std::string_view command_name(std::string_view raw, std::size_t from, std::size_t end) {
  std::size_t name_end = from;
  while (name_end < end && !is_space(raw[name_end])) ++name_end;
  return raw.substr(from, name_end - from);
}

// Takes a [%clk] or [%emt] command (its text between "[%" and "]") into the comment.
std::optional<PgnClockProblem> take_clock_command(std::string_view command, PgnComment& c) {
  const std::string_view name = command_name(command, 0, command.size());
  std::string_view value = command.substr(name.size());
  while (!value.empty() && is_space(value.front())) value.remove_prefix(1);
  while (!value.empty() && is_space(value.back())) value.remove_suffix(1);
  const auto time = parse_clock(value);
  if (!time)
    return PgnClockProblem{PgnClockProblem::Kind::NotATime, std::string(name), std::string(value)};
  (name == "clk" ? c.clock : c.elapsed) = *time;
  return std::nullopt;
}

}  // namespace

Result<PgnComment, PgnClockProblem> parse_comment(std::string_view raw) {
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
      const std::string_view name = command_name(raw, open + 2, end);
      if (is_clock_command(name))
        return fail_with(PgnClockProblem{PgnClockProblem::Kind::NotClosed, std::string(name), {}});
      text += raw.substr(i, end - i);
      i = end;
      continue;
    }
    const std::string_view command = raw.substr(open + 2, close - open - 2);
    if (is_clock_command(command_name(command, 0, command.size()))) {
      if (auto problem = take_clock_command(command, c)) return fail_with(std::move(*problem));
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

}  // namespace annabella::core
