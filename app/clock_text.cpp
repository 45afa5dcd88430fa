#include "app/clock_text.h"

#include "app/i18n.h"
#include "app/station_text.h"

namespace annabella::app::text {

using i18n::format;
using i18n::tr;

std::string clock_timeline_error(const core::ClockTimelineError& error) {
  using Kind = core::ClockTimelineError::Kind;
  const std::string where = error.source + ":" + std::to_string(error.line) + ": ";
  switch (error.kind) {
    case Kind::NotTwoWords:
      // TRANSLATORS: a line of a clock timeline file (annabella clock --events); SECONDS, white,
      // black, pause and resume are the file's words: keep them.
      return where + tr("expected \"SECONDS white\" or \"SECONDS black\" (or pause, resume)");
    case Kind::NotSeconds:
      return where + format(tr("\"{word}\" is not a number of seconds"), {{"word", error.word}});
    case Kind::NotAnEvent:
      // TRANSLATORS: white, black, pause and resume are the file's words: keep them.
      return where +
             format(tr("\"{word}\" is not white, black, pause or resume"), {{"word", error.word}});
    case Kind::Earlier:
      return where +
             format(tr("the time {word} is earlier than the line before"), {{"word", error.word}});
  }
  return where;
}

namespace {

// The operation the clock refused, as the message names it.
const char* operation_text(core::ClockError::Operation operation) {
  using Op = core::ClockError::Operation;
  switch (operation) {
    case Op::Press:
      return i18n::tr("a press");
    case Op::Pause:
      return i18n::tr("a pause");
    case Op::Restart:
      return i18n::tr("a restart");
    case Op::Stop:
      return i18n::tr("a stop");
    case Op::Adjustment:
      return i18n::tr("an adjustment");
    case Op::Increment:
      return i18n::tr("an increment");
    case Op::Readjustment:
      return i18n::tr("a readjustment");
  }
  return "?";
}

}  // namespace

std::string clock_error(const core::ClockError& error) {
  using K = core::ClockError::Kind;
  switch (error.kind) {
    case K::EarlierInstant:
      return i18n::format(i18n::tr("clock: {operation} at an instant before the last clock event"),
                          {{"operation", operation_text(error.operation)}});
    case K::AlreadyStarted:
      return i18n::tr("clock: already started");
    case K::NotStarted:
      return i18n::tr("clock: not started yet; the arbiter starts it (Art. 6.6)");
    case K::Stopped:
      return i18n::tr("clock: stopped, the game is over");
    case K::NotToMove:
      return i18n::format(
          i18n::tr("clock: {side}'s clock runs; {mover} has no clock to stop (D.2.4)"),
          {{"side", side(error.side)}, {"mover", side(~error.side)}});
    case K::NothingToPause:
      return i18n::tr("clock: no clock runs, nothing to pause");
    case K::AlreadyPaused:
      return i18n::tr("clock: already paused");
    case K::NotPaused:
      return i18n::tr("clock: not paused");
    case K::NothingToStop:
      return i18n::tr("clock: no clock runs, nothing to stop");
    case K::IncrementNotPositive:
      return i18n::tr("clock: an increment must be positive");
    case K::IncrementNeedsPeriods:
      return i18n::tr("clock: an increment needs a time control with periods (Guidelines III.4)");
    case K::IncrementOrDelayAlready:
      return i18n::tr(
          "clock: the time control has an increment or a delay already (Guidelines III.4)");
    case K::NegativeMoveCounter:
      return i18n::tr("clock: a move counter cannot be negative");
    case K::NoSuchPly:
      return i18n::format(
          i18n::tr("clock: no ply {ply} (plies 0 to {plies})"),
          {{"ply", std::to_string(error.ply)}, {"plies", std::to_string(error.plies)}});
  }
  return "clock: ?";
}

}  // namespace annabella::app::text
