// Reading the PGN TimeControl tag (PGN standard 9.6.1), and telling it from a FIDE-style text.
#include "core/time_control_pgn_reader.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <string>

#include "core/time_control_fide_reader.h"

namespace annabella::core {

using std::chrono::milliseconds;

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

// One field between colons: "40/5400+30", "1800+30", "300". The error names the field.
TimeControlResult<Period> read_pgn_field(std::string_view part, int field) {
  using Kind = TimeControlError::Kind;
  const auto wrong = [&](Kind kind) {
    return fail_with(TimeControlError{.kind = kind, .token = std::string(part), .number = field});
  };
  Period period;
  if (const auto slash = part.find('/'); slash != std::string_view::npos) {
    const auto moves = read_pgn_seconds(part.substr(0, slash));
    if (!moves || moves->count() % 1000 != 0 || *moves <= milliseconds::zero())
      return wrong(Kind::PgnMoveCount);
    period.moves = static_cast<int>(moves->count() / 1000);
    part = part.substr(slash + 1);
  }
  std::string_view base = part;
  if (const auto plus = part.find('+'); plus != std::string_view::npos) {
    base = part.substr(0, plus);
    const auto increment = read_pgn_seconds(part.substr(plus + 1));
    if (!increment) return wrong(Kind::PgnIncrement);
    period.increment = *increment;
  }
  const auto time = read_pgn_seconds(base);
  if (!time) return wrong(Kind::PgnSeconds);
  period.time = *time;
  return period;
}

// The base time of a one-period text: after "moves/" if any, before "+".
std::string_view base_of(std::string_view text) {
  std::string_view base = text;
  if (const auto slash = base.find('/'); slash != std::string_view::npos)
    base = base.substr(slash + 1);
  return base.substr(0, base.find('+'));
}

// Whether text made only of PGN characters is a PGN tag: a ":" or "*", or a base time above
// 180 seconds (below that, "90+30" is minutes and seconds as FIDE texts write them).
bool reads_as_pgn(std::string_view text) {
  if (text.find(':') != std::string_view::npos || text.front() == '*') return true;
  const auto seconds = read_pgn_seconds(base_of(text));
  return seconds && *seconds > std::chrono::seconds(180);
}

// Whether digits read two ways that both make a real game (A.1, B.1): a base of 60, 120 or 180
// is an hour or more as minutes (standard or rapid), and 1, 2 or 3 whole minutes as a PGN tag's
// seconds (blitz, "180+2"), with an increment under 10 seconds, which blitz has and a game of
// hours seldom does. "90+30" (90 seconds is no game) and "180+30" read one way: minutes.
bool reads_two_ways(std::string_view text) {
  if (text.find_first_of(":*/") != std::string_view::npos) return false;
  const auto base = read_pgn_seconds(base_of(text));
  if (!base || (*base != std::chrono::seconds(60) && *base != std::chrono::seconds(120) &&
                *base != std::chrono::seconds(180)))
    return false;
  const auto plus = text.find('+');
  if (plus == std::string_view::npos) return true;
  const auto increment = read_pgn_seconds(text.substr(plus + 1));
  return increment && *increment < std::chrono::seconds(10);
}

}  // namespace

TimeControlResult<TimeControl> parse_pgn_time_control(std::string_view text) {
  // Every error names the tag it was read from.
  const auto error = [&](TimeControlError why) {
    why.form = TimeControlError::Form::Pgn;
    why.text = std::string(text);
    return fail_with(std::move(why));
  };
  using Kind = TimeControlError::Kind;
  if (text == "?") return TimeControl{TimeControl::Kind::Unknown, {}};
  if (text == "-") return TimeControl{TimeControl::Kind::Untimed, {}};
  if (text.empty()) return error({.kind = Kind::Empty});
  TimeControl control;
  if (text.front() == '*') {
    const auto time = read_pgn_seconds(text.substr(1));
    if (!time || *time <= milliseconds::zero()) return error({.kind = Kind::PgnHourglass});
    control.kind = TimeControl::Kind::Hourglass;
    control.periods.push_back(Period{0, *time, {}, {}, DelayKind::None});
  } else {
    std::size_t start = 0;
    for (int field = 1;; ++field) {
      const std::size_t colon = text.find(':', start);
      auto period = read_pgn_field(
          text.substr(start, colon == std::string_view::npos ? colon : colon - start), field);
      if (!period) return error(period.error());
      control.periods.push_back(*period);
      if (colon == std::string_view::npos) break;
      start = colon + 1;
    }
  }
  if (auto ok = check_time_control(control); !ok) return error(ok.error());
  return control;
}

TimeControlResult<TimeControl> read_time_control(std::string_view text, TwoReadings two) {
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
  if (pgn_chars && two == TwoReadings::Refuse && reads_two_ways(trimmed)) {
    // Neither reading is taken silently: "180+2" as three hours is a standard game with its
    // penalties, as three minutes a blitz game (B.1). The writer says which.
    TimeControlError refused{TimeControlError::Kind::TwoReadings, TimeControlError::Form::Fide,
                             std::string(trimmed)};
    const auto plus = trimmed.find('+');
    refused.token = plus == std::string_view::npos ? "" : std::string(trimmed.substr(plus + 1));
    refused.number = static_cast<long long>(
        std::chrono::duration_cast<std::chrono::seconds>(*read_pgn_seconds(base_of(trimmed)))
            .count());
    return fail_with(std::move(refused));
  }
  if (pgn_chars && reads_as_pgn(trimmed)) return parse_pgn_time_control(trimmed);
  return parse_time_control(trimmed);
}

}  // namespace annabella::core
