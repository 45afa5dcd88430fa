// The clock timeline text (`annabella clock --events FILE`): exact times, comments, and a clear
// error naming the file and line for each fault.
#include "core/clock_timeline.h"

#include <gtest/gtest.h>

namespace annabella::core {
namespace clock_timeline_test {
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
  ASSERT_TRUE(events) << events.error().line;
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
  using K = ClockTimelineError::Kind;
  const struct {
    const char* text;
    K kind;
    int line;
    const char* word;  // the word at fault ("" for a line of the wrong shape)
  } cases[] = {
      {"1 white\n0.5 black\n", K::Earlier, 2, "0.5"},
      {"1 red\n", K::NotAnEvent, 1, "red"},
      {"\n\nsoon white\n", K::NotSeconds, 3, "soon"},
      {"1.\n", K::NotTwoWords, 1, ""},
      {"1. white\n", K::NotSeconds, 1, "1."},
      {"1 white black\n", K::NotTwoWords, 1, ""},
      {"99999999999 white\n", K::NotSeconds, 1, "99999999999"},
  };
  for (const auto& c : cases) {
    auto events = parse_clock_timeline({.text = c.text, .source = "ev.txt"});
    ASSERT_FALSE(events) << c.text;
    EXPECT_EQ(events.error().kind, c.kind) << c.text;
    EXPECT_EQ(events.error().source, "ev.txt");
    EXPECT_EQ(events.error().line, c.line) << c.text;
    if (*c.word) {
      EXPECT_EQ(events.error().word, c.word) << c.text;
    }
  }
  auto empty = parse_clock_timeline("# nothing yet\n\n");
  ASSERT_TRUE(empty);
  EXPECT_TRUE(empty->empty());
}

}  // namespace
}  // namespace clock_timeline_test
}  // namespace annabella::core
