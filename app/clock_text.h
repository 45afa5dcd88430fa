// The clock's words for people (core/clock.h, core/clock_timeline.h give kinds and facts), in the
// language of the messages (app/i18n.h).
#pragma once

#include <string>

#include "core/clock.h"
#include "core/clock_timeline.h"

namespace annabella::app::text {

// What is wrong with a clock timeline, with its file and line: "events.txt:4: \"red\" is not
// white, black, pause or resume".
[[nodiscard]] std::string clock_timeline_error(const core::ClockTimelineError& error);

// Why the clock refused an operation: "clock: Black's clock runs; White has no clock to stop
// (D.2.4)".
[[nodiscard]] std::string clock_error(const core::ClockError& error);

}  // namespace annabella::app::text
