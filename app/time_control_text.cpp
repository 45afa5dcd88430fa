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

namespace {

// What is wrong at a place of a FIDE-style text ("\"x\" at position 10" in the message).
const char* placed_reason(core::TimeControlError::Kind kind) {
  using K = core::TimeControlError::Kind;
  // TRANSLATORS: {token} is the part of the time control as written, {position} where it starts
  // (1 = the first character).
  switch (kind) {
    case K::UnreadableCharacter:
    case K::UnreadableToken:
      return tr("cannot read \"{token}\" at position {position}");
    case K::IncrementFromLaterMove:
      return tr(
          "an increment from move {move} is not supported (only from move 1), \"{token}\" "
          "at position {position}");
    case K::TwoMoveCounts:
      return tr("two move counts in one part, \"{token}\" at position {position}");
    case K::MoveCountNotWhole:
      return tr("a move count must be a whole number above 0, \"{token}\" at position {position}");
    case K::NumbersUnclear:
      return tr(
          "cannot tell what the numbers mean in the part starting at \"{token}\" at "
          "position {position}");
    case K::NoTime:
      return tr("no time in the part starting at \"{token}\" at position {position}");
    case K::SuddenDeathWithMoves:
      return tr("sudden death with a move count, \"{token}\" at position {position}");
    case K::DelayNeedsOneTime:
      return tr("a delay needs one time, in \"{token}\" at position {position}");
    case K::DelayWithMoves:
      return tr("a delay with a move count, \"{token}\" at position {position}");
    case K::IncrementNeedsOneTime:
      return tr("an increment needs one time, in \"{token}\" at position {position}");
    case K::IncrementWithMoves:
      return tr("an increment with a move count, \"{token}\" at position {position}");
    case K::BracketWithoutPeriod:
      return tr("a bracket with no period before it, \"{token}\" at position {position}");
    case K::BracketInBracket:
      return tr("brackets inside brackets, \"{token}\" at position {position}");
    case K::BracketNotClosed:
      return tr("a bracket is not closed, \"{token}\" at position {position}");
    case K::ClosingBracketAlone:
      return tr("a closing bracket without an opening one, \"{token}\" at position {position}");
    case K::NumberTooLarge:
      return tr("the number at position {position} is too large");
    default:
      return nullptr;
  }
}

// What is wrong with a whole control or a PGN field, without a place.
std::string reason(const core::TimeControlError& e) {
  using K = core::TimeControlError::Kind;
  const std::string period = std::to_string(e.number);
  switch (e.kind) {
    case K::Empty:
      // TRANSLATORS: a time control with nothing written in it.
      return tr("empty");
    case K::EmptyPart:
      return tr("an empty part (two separators in a row)");
    case K::BracketAfterNonPeriod:
      return tr("a bracket after something that is not a period");
    case K::HourglassWithExtras:
      return tr("an hourglass has one time and no increment or delay");
    case K::TwoIncrements:
      return tr("two increments");
    case K::TwoDelays:
      return tr("two delays");
    case K::HourglassNeedsOneTime:
      return tr("an hourglass needs one time and no move count");
    case K::PeriodAfterSuddenDeath:
      return tr("a period after the period for the rest of the game");
    case K::BracketHoldsPeriod:
      return tr("a bracket may hold only an increment or a delay");
    case K::PgnMoveCount:
      return tr("the move count before \"/\" must be a whole number above 0");
    case K::PgnIncrement:
      return tr("the increment after \"+\" must be seconds");
    case K::PgnSeconds:
      return tr("expected seconds, \"moves/seconds\" or \"seconds+increment\"");
    case K::PgnHourglass:
      return tr("an hourglass is \"*\" and its seconds");
    case K::TwoReadings: {
      // "180+2": 180 min + 2 s/move, or as a PGN tag 3 min + 2 s/move (A.1, B.1).
      const std::string minutes = std::to_string(e.number);
      const std::string as_pgn = std::to_string(e.number / 60);
      const bool inc = !e.token.empty() && e.token != "0";
      return format(inc ? tr("it reads two ways: {minutes} min + {inc} s/move, or as a PGN "
                             "TimeControl tag (seconds) {pgn} min + {inc} s/move; write it with "
                             "its units, \"{minutes} min + {inc} s/move\" or \"{pgn} min + {inc} "
                             "s/move\" (A.1, B.1)")
                        : tr("it reads two ways: {minutes} min, or as a PGN TimeControl tag "
                             "(seconds) {pgn} min; write it with its unit, \"{minutes} min\" or "
                             "\"{pgn} min\" (A.1, B.1)"),
                    {{"minutes", minutes}, {"pgn", as_pgn}, {"inc", e.token}});
    }
    case K::HourglassWithoutTime:
      return tr("an hourglass needs a time above zero");
    case K::OverThousandHours:
      if (e.number == 0) return tr("a time over 1000 hours");
      return format(tr("a time over 1000 hours in period {period}"), {{"period", period}});
    case K::NoPeriod:
      return tr("no period");
    case K::SuddenDeathNotLast:
      return format(tr("a period for the rest of the game must be the last one (period {period})"),
                    {{"period", period}});
    case K::NegativeMoveCount:
      return format(tr("a negative move count in period {period}"), {{"period", period}});
    case K::NegativeTime:
      return format(tr("a negative time in period {period}"), {{"period", period}});
    case K::TooManyMoves:
      return format(tr("over 100000 moves in period {period}"), {{"period", period}});
    case K::FirstPeriodWithoutTime:
      return tr("the first period has no time");
    case K::PgnCannotDelay:
      // TRANSLATORS: {control} is the time control in its FIDE notation ("G/60 + 5 s delay").
      return format(tr("the PGN TimeControl tag cannot express a delay ({control})"),
                    {{"control", e.token}});
    case K::HourglassWithoutPeriod:
      return tr("an hourglass without a time");
    default:
      break;
  }
  const char* placed = placed_reason(e.kind);
  return placed == nullptr ? std::string()
                           : format(placed, {{"token", e.token},
                                             {"position", std::to_string(e.position)},
                                             {"move", std::to_string(e.number)}});
}

bool is_pgn_field_kind(core::TimeControlError::Kind kind) {
  using K = core::TimeControlError::Kind;
  return kind == K::PgnMoveCount || kind == K::PgnIncrement || kind == K::PgnSeconds;
}

}  // namespace

std::string time_control_error(const core::TimeControlError& error) {
  using Form = core::TimeControlError::Form;
  std::string why = reason(error);
  if (is_pgn_field_kind(error.kind))
    // TRANSLATORS: a field of a PGN TimeControl tag (fields are separated by ":"), and what is
    // wrong with it.
    why = format(tr("field {field} \"{text}\": {reason}"),
                 {{"field", std::to_string(error.number)}, {"text", error.token}, {"reason", why}});
  switch (error.form) {
    case Form::Fide:
      // TRANSLATORS: {text} is the time control as written, {reason} what is wrong with it.
      return format(tr("time control \"{text}\": {reason}"),
                    {{"text", error.text}, {"reason", why}});
    case Form::Pgn:
      return format(tr("PGN TimeControl \"{text}\": {reason}"),
                    {{"text", error.text}, {"reason", why}});
    case Form::None:
      break;
  }
  return why;
}

}  // namespace annabella::app::text
