// The clock's words for people (core/clock.h, core/clock_timeline.h give kinds and facts), in the
// language of the messages (app/i18n.h).
#pragma once

#include <string>

#include "core/clock_timeline.h"

namespace annabella::app::text {

// What is wrong with a clock timeline, with its file and line: "events.txt:4: \"red\" is not
// white, black, pause or resume".
[[nodiscard]] std::string clock_timeline_error(const core::ClockTimelineError& error);

}  // namespace annabella::app::text
