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

}  // namespace annabella::core
