// The clock timeline text (`annabella clock --events FILE`): exact times, comments, and a clear
// error naming the file and line for each fault.
#include "core/clock_timeline.h"

#include <gtest/gtest.h>

namespace annabella::core {
namespace {

using namespace std::chrono_literals;
using Kind = ClockTimelineEvent::Kind;

TEST(ClockTimeline, ReadsPressesPausesAndCommentsExactly) {
  auto events = parse_clock_timeline(
      "# White starts at 0\n"
      "12.25 white\n"
      "\n"
      "20.000000001\tBLACK   # the nanosecond counts\n"
      "25 pause\r\n"
      "85 resume\n"
      "90 b\n");
  ASSERT_TRUE(events) << events.error().message;
  ASSERT_EQ(events->size(), 5u);
  EXPECT_EQ((*events)[0].at, ClockDuration(12s + 250ms));
  EXPECT_EQ((*events)[0].kind, Kind::Press);
  EXPECT_EQ((*events)[0].side, WHITE);
  EXPECT_EQ((*events)[0].line, 2);
  EXPECT_EQ((*events)[1].at, ClockDuration(20s + 1ns));
  EXPECT_EQ((*events)[1].side, BLACK);
  EXPECT_EQ((*events)[1].line, 4);
  EXPECT_EQ((*events)[2].kind, Kind::Pause);
  EXPECT_EQ((*events)[3].kind, Kind::Resume);
  EXPECT_EQ((*events)[4].side, BLACK);
  EXPECT_EQ((*events)[4].line, 7);
}

TEST(ClockTimeline, EachFaultNamesTheFileAndLine) {
  const struct {
    const char* text;
    const char* message;
  } cases[] = {
      {"1 white\n0.5 black\n", "ev.txt:2: the time 0.5 is earlier than the line before"},
      {"1 red\n", "ev.txt:1: \"red\" is not white, black, pause or resume"},
      {"\n\nsoon white\n", "ev.txt:3: \"soon\" is not a number of seconds"},
      {"1.\n", "ev.txt:1: expected \"SECONDS white\""},
      {"1. white\n", "ev.txt:1: \"1.\" is not a number of seconds"},
      {"1 white black\n", "ev.txt:1: expected \"SECONDS white\""},
      {"99999999999 white\n", "ev.txt:1: \"99999999999\" is not a number of seconds"},
  };
  for (const auto& c : cases) {
    auto events = parse_clock_timeline({.text = c.text, .source = "ev.txt"});
    ASSERT_FALSE(events) << c.text;
    EXPECT_TRUE(events.error().message.starts_with(c.message))
        << c.text << " gave: " << events.error().message;
  }
  auto empty = parse_clock_timeline("# nothing yet\n\n");
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->empty());
}

}  // namespace
}  // namespace annabella::core
