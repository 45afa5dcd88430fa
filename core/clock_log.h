// The clock times after each ply, for D.2.9's "the arbiter readjusts the clocks accordingly":
// from the station's own clock (clock_plies) or from a clock log file (parse_clock_log).
#pragma once

#include <chrono>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "core/result.h"

namespace annabella::core {

// The clock times after each ply (core/clock.h ClockPly: `ply` half-moves played from the start,
// 0 = before the first move; `remaining` by colour).
[[nodiscard]] std::vector<ClockPly> clock_plies(const ChessClock& clock);
// A ClockPly with only the ply and both remaining times set.
[[nodiscard]] ClockPly clock_ply(int ply, std::chrono::milliseconds white,
                                 std::chrono::milliseconds black);

// Reads the clock log text format: one line per ply, "ply white_ms black_ms" (three whole
// numbers separated by blanks), e.g. "46 1742000 1655000". Blank lines and lines starting with
// '#' are ignored. Plies must increase. The error names the line.
[[nodiscard]] Result<std::vector<ClockPly>> parse_clock_log(std::string_view text);

}  // namespace annabella::core
