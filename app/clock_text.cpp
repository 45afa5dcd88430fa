#include "app/clock_text.h"

#include "app/i18n.h"

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

}  // namespace annabella::app::text
