// Writing time controls: FIDE-style descriptions and the PGN TimeControl tag.
#include "core/time_control_writer.h"

#include <cstdint>

namespace annabella::core {

using std::chrono::milliseconds;

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

// "5 s delay", "10 s Bronstein delay"
std::string delay_words(const Period& p) {
  return duration_words(p.delay) +
         (p.delay_kind == DelayKind::Bronstein ? " Bronstein delay" : " delay");
}

// "30 s/move, 5 s delay" (empty when the period has neither)
std::string extras_words(const Period& p) {
  std::string text;
  if (p.increment > milliseconds::zero()) text = duration_words(p.increment) + "/move";
  if (has_delay(p)) text += (text.empty() ? "" : ", ") + delay_words(p);
  return text;
}

}  // namespace

// PGN seconds: "5400", "0.5"
std::string seconds_number(milliseconds time) {
  return decimal(time.count());
}

bool has_delay(const Period& p) {
  return p.delay_kind != DelayKind::None && p.delay > milliseconds::zero();
}

// Whether every period has the first one's increment and delay: then they are written once, at
// the end, instead of in brackets after each period.
bool extras_in_common(const std::vector<Period>& periods) {
  if (periods.empty()) return true;
  const Period& f = periods.front();
  for (const Period& p : periods) {
    if (p.increment != f.increment || has_delay(p) != has_delay(f)) return false;
    if (has_delay(p) && (p.delay != f.delay || p.delay_kind != f.delay_kind)) return false;
  }
  return true;
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
  const bool common = extras_in_common(control.periods);
  std::string text;
  for (const Period& p : control.periods) {
    if (!text.empty()) text += " + ";
    text += duration_words(p.time);
    if (p.moves > 0) text += "/" + std::to_string(p.moves) + " moves";
    if (common) continue;
    if (const std::string own = extras_words(p); !own.empty()) text += " (" + own + ")";
  }
  if (common && !control.periods.empty()) {
    const Period& f = control.periods.front();
    if (f.increment > milliseconds::zero()) text += " + " + duration_words(f.increment) + "/move";
    if (has_delay(f)) text += " + " + delay_words(f);
  }
  return text;
}

TimeControlResult<std::string> to_pgn_time_control(const TimeControl& control) {
  switch (control.kind) {
    case TimeControl::Kind::Unknown:
      return std::string("?");
    case TimeControl::Kind::Untimed:
      return std::string("-");
    case TimeControl::Kind::Hourglass:
      if (control.periods.empty())
        return fail_with(TimeControlError{.kind = TimeControlError::Kind::HourglassWithoutPeriod});
      return "*" + seconds_number(control.periods.front().time);
    case TimeControl::Kind::Periods:
      break;
  }
  std::string text;
  for (const Period& p : control.periods) {
    if (has_delay(p))
      return fail_with(TimeControlError{.kind = TimeControlError::Kind::PgnCannotDelay,
                                        .token = to_fide_text(control)});
    if (!text.empty()) text += ":";
    if (p.moves > 0) text += std::to_string(p.moves) + "/";
    text += seconds_number(p.time);
    if (p.increment > milliseconds::zero()) text += "+" + seconds_number(p.increment);
  }
  return text;
}

}  // namespace annabella::core
