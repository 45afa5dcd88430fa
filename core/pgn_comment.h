// PGN comments and their clock commands ([%clk] and [%emt] of the PGN Specification Supplement).
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"

namespace annabella::core {

// A comment with its [%clk] and [%emt] commands taken out and parsed; other commands
// ([%eval ...], [%csl ...]) stay in the text.
struct PgnComment {
  std::string text;                                  // trimmed, without the clk/emt commands
  std::optional<std::chrono::milliseconds> clock;    // [%clk 1:23:45.6]: time left on the clock
  std::optional<std::chrono::milliseconds> elapsed;  // [%emt 0:00:05]: time spent on the move
};
// Splits a comment's raw text (between the braces); fails on a malformed clk/emt value.
[[nodiscard]] Result<PgnComment> parse_comment(std::string_view raw);
// The one format of every [%clk] and [%emt] annabella writes: H:MM:SS.s, always with one decimal,
// the tenths cut, not rounded (a clock never shows more time than is left): "1:23:45.0",
// "0:00:09.2" for 9.25 s. Negative times are written as 0.
[[nodiscard]] std::string format_clock(std::chrono::milliseconds time);
// Reads "H:MM:SS", "H:MM:SS.f..." (any number of decimals) or "MM:SS": what other programs write.
[[nodiscard]] std::optional<std::chrono::milliseconds> parse_clock(std::string_view text);

}  // namespace annabella::core
