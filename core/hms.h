// Clock times as people read and type them: H:MM:SS.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "core/result.h"

namespace annabella::core {

// "1:30:00", "0:05:07" (H:MM:SS, rounded down to the second; negative times as "-0:00:03").
[[nodiscard]] std::string format_hms(std::chrono::nanoseconds time);
// "1:30:00.250" (with milliseconds).
[[nodiscard]] std::string format_hms_ms(std::chrono::nanoseconds time);
// Reads "H:MM:SS", "MM:SS" or "SS" (an arbiter setting a clock); the error shows the text.
[[nodiscard]] Result<std::chrono::milliseconds> parse_hms(std::string_view text);

}  // namespace annabella::core
