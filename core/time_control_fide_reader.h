// Reading FIDE-style time-control descriptions, as arbiters and tournament rules write them:
// "90 min/40 moves + 30 min + 30 s/move", "90+30", "G/60 d5", "40/120, SD/30 d5",
// "25 min + 10 s Bronstein delay", "3 min hourglass".
#pragma once

#include <string_view>

#include "core/result.h"
#include "core/time_control_model.h"

namespace annabella::core {

// Reads a FIDE-style description. The error names the token that could not be read and where.
[[nodiscard]] TimeControlResult<TimeControl> parse_time_control(std::string_view text);

}  // namespace annabella::core
