// Wording of time controls: see time_control_text.h.
#include "app/time_control_text.h"

#include "app/i18n.h"
#include "core/time_control_writer.h"

namespace annabella::app::text {
namespace {

using i18n::format;
using i18n::tr;
using i18n::tr_n;
using std::chrono::milliseconds;

// "90 min", "30 s", "1.5 s".
std::string duration(milliseconds time) {
  // TRANSLATORS: the units of a time control (FIDE's abbreviations): "90 min", "30 s".
  if (time.count() % 60000 == 0)
    return format(tr("{n} min"), {{"n", std::to_string(time.count() / 60000)}});
  return format(tr("{n} s"), {{"n", core::seconds_number(time)}});
}

// "30 s/move", "5 s delay", "10 s Bronstein delay".
std::string increment(milliseconds time) {
  return format(tr("{time}/move"), {{"time", duration(time)}});
}
std::string delay(const core::Period& p) {
  return format(p.delay_kind == core::DelayKind::Bronstein ? tr("{time} Bronstein delay")
                                                           : tr("{time} delay"),
                {{"time", duration(p.delay)}});
}

// "30 s/move, 5 s delay" (empty when the period has neither).
std::string extras(const core::Period& p) {
  std::string out;
  if (p.increment > milliseconds::zero()) out = increment(p.increment);
  if (core::has_delay(p)) out += (out.empty() ? "" : ", ") + delay(p);
  return out;
}

}  // namespace

std::string time_control(const core::TimeControl& control) {
  switch (control.kind) {
    case core::TimeControl::Kind::Unknown:
      return tr("unknown time control");
    case core::TimeControl::Kind::Untimed:
      return tr("no time control");
    case core::TimeControl::Kind::Hourglass:
      return format(tr("{time} hourglass"),
                    {{"time", duration(control.periods.empty() ? milliseconds::zero()
                                                               : control.periods.front().time)}});
    case core::TimeControl::Kind::Periods:
      break;
  }
  const bool common = core::extras_in_common(control.periods);
  std::string out;
  for (const core::Period& p : control.periods) {
    if (!out.empty()) out += " + ";
    // TRANSLATORS: a period of a time control: "90 min/40 moves".
    out += p.moves > 0 ? format(tr_n("{time}/{n} move", "{time}/{n} moves",
                                     static_cast<unsigned long>(p.moves)),
                                {{"time", duration(p.time)}, {"n", std::to_string(p.moves)}})
                       : duration(p.time);
    if (common) continue;
    if (const std::string own = extras(p); !own.empty()) out += " (" + own + ")";
  }
  if (common && !control.periods.empty()) {
    const core::Period& f = control.periods.front();
    if (f.increment > milliseconds::zero()) out += " + " + increment(f.increment);
    if (core::has_delay(f)) out += " + " + delay(f);
  }
  return out;
}

}  // namespace annabella::app::text
