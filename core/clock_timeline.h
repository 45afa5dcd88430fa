// A timeline of clock presses as text (`annabella clock --events FILE`): one event per line,
// "SECONDS white|black|pause|resume", seconds since the clock was started (White's clock runs
// from 0), e.g. "12.25 white". '#' starts a comment; blank lines are ignored. Times may not go
// back. For tests and for arbiters checking a claim against a ChessClock replay.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "core/result.h"

namespace annabella::core {

struct ClockTimelineEvent {
  enum class Kind { Press, Pause, Resume };
  ClockDuration at{};  // since the clock was started
  Kind kind = Kind::Press;
  Color side = WHITE;  // Press: who pressed
  int line = 0;        // where it stands in the text (1 = first line)
};

// A timeline's text and the name of where it came from (a file's path) for errors; a struct, so
// that the two are never passed the wrong way round.
struct TimelineText {
  std::string_view text;
  std::string_view source = "events";
};

// What is wrong with a timeline's line, and where; the application words it
// (text::clock_timeline_error: "events.txt:4: \"red\" is not white, black, pause or resume").
struct ClockTimelineError {
  enum class Kind {
    NotTwoWords,  // a line is not "SECONDS white|black|pause|resume"
    NotSeconds,   // `word` is not a number of seconds
    NotAnEvent,   // `word` is not white, black, pause or resume
    Earlier,      // the time `word` is earlier than the line before (times may not go back)
  };
  Kind kind = Kind::NotTwoWords;
  std::string source;  // the text's name (a file's path)
  int line = 0;        // 1 = first line
  std::string word;
};
using ClockTimeline = Result<std::vector<ClockTimelineEvent>, ClockTimelineError>;

// Reads the whole text; the error says where and what is wrong, with `source` the file's name.
[[nodiscard]] ClockTimeline parse_clock_timeline(const TimelineText& timeline);
// The same for a text from "events".
[[nodiscard]] ClockTimeline parse_clock_timeline(std::string_view text);

}  // namespace annabella::core
