// Clock times as people read and type them: H:MM:SS.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/result.h"

namespace annabella::core {

// "1:30:00", "0:05:07" (H:MM:SS, rounded down to the second; negative times as "-0:00:03").
[[nodiscard]] std::string format_hms(std::chrono::nanoseconds time);
// "1:30:00.250" (with milliseconds).
[[nodiscard]] std::string format_hms_ms(std::chrono::nanoseconds time);
// Why a text is not a time (worded by the application, app/console.cpp).
struct HmsError {
  enum class Kind : unsigned char {
    NotATime,  // not H:MM:SS, MM:SS or SS
    Over59,    // minutes or seconds above 59 (`part`)
  };
  Kind kind = Kind::NotATime;
  std::string text;       // what was read
  std::int64_t part = 0;  // Over59: the minutes or seconds given
};
// Reads "H:MM:SS", "MM:SS" or "SS" (an arbiter setting a clock).
[[nodiscard]] Result<std::chrono::milliseconds, HmsError> parse_hms(std::string_view text);

}  // namespace annabella::core
