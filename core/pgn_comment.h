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
// What is wrong with a comment's [%clk] or [%emt] command; the application words it.
struct PgnClockProblem {
  enum class Kind {
    NotATime,   // "[%clk soon]": `value` is not H:MM:SS(.s)
    NotClosed,  // "[%clk 0:03:00" without its ']'
  };
  Kind kind = Kind::NotATime;
  std::string command;  // "clk" or "emt"
  std::string value;    // NotATime: the value written
};
// Splits a comment's raw text (between the braces); fails on a malformed clk/emt value.
[[nodiscard]] Result<PgnComment, PgnClockProblem> parse_comment(std::string_view raw);
// The one format of every [%clk] and [%emt] annabella writes: H:MM:SS.s, always with one decimal,
// the tenths cut, not rounded (a clock never shows more time than is left): "1:23:45.0",
// "0:00:09.2" for 9.25 s. Negative times are written as 0.
[[nodiscard]] std::string format_clock(std::chrono::milliseconds time);
// Reads "H:MM:SS", "H:MM:SS.f..." (any number of decimals) or "MM:SS": what other programs write.
[[nodiscard]] std::optional<std::chrono::milliseconds> parse_clock(std::string_view text);

}  // namespace annabella::core
