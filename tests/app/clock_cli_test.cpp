// `annabella clock --control ... --events FILE [--json]`, run as a user runs it.
#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace annabella::app {
namespace clock_cli_test {
namespace {

using annabella::testing::run_command;
using annabella::testing::TempDir;

std::string write_events(const TempDir& dir, const std::string& text) {
  const auto path = dir / "events.txt";
  std::ofstream(path) << text;
  return path.string();
}

int run_clock(const std::string& control, const std::string& events_file, std::string& out,
              const std::string& extra = "") {
  return run_command(std::string(ANNABELLA_BINARY) + " clock --control '" + control +
                         "' --events " + events_file + " " + extra,
                     out, true);
}

std::vector<std::string> lines_with(const std::string& text, const std::string& word) {
  std::vector<std::string> found;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string line = text.substr(start, end - start);
    if (line.find(word) != std::string::npos) found.push_back(line);
    start = end + 1;
  }
  return found;
}

TEST(ClockCommand, PrintsTheTimesAfterEachPress) {
  TempDir dir;
  const auto events = write_events(dir,
                                   "# seconds since the start, who pressed\n"
                                   "10 white\n"
                                   "25.5 black\n"
                                   "\n"
                                   "40 white\n");
  std::string out;
  ASSERT_EQ(run_clock("90+30", events, out), 0) << out;
  EXPECT_NE(out.find("time control: 90 min + 30 s/move (PGN 5400+30)"), std::string::npos) << out;
  EXPECT_NE(out.find("ply 1, White move 1, pressed at 0:00:10.000 after 0:00:10.000: "
                     "White 1:30:20, Black 1:30:00"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("ply 2, Black move 1, pressed at 0:00:25.500 after 0:00:15.500: "
                     "White 1:30:20, Black 1:30:14"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("ply 3, White move 2"), std::string::npos) << out;
  EXPECT_TRUE(lines_with(out, "flag").empty()) << out;
  EXPECT_NE(out.find("no time exceeded"), std::string::npos);
}

TEST(ClockCommand, PeriodChangeAtTheTimeControl) {
  TempDir dir;
  const auto events = write_events(dir, "60 white\n61 black\n120 white\n");
  std::string out;
  ASSERT_EQ(run_clock("2 min/1 moves + 30 min", events, out), 0) << out;
  const auto periods = lines_with(out, "period 2");
  ASSERT_EQ(periods.size(), 2u) << out;
  EXPECT_NE(periods[0].find("White reached the time control after move 1: 0:30:00 added"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("White 0:31:00, Black 0:02:00"), std::string::npos) << out;
}

TEST(ClockCommand, BothFlagsInOrder) {
  TempDir dir;
  const auto events = write_events(dir, "50 white\n120 black\n150 white\n");
  std::string out;
  ASSERT_EQ(run_clock("1 min", events, out), 0) << out;
  const auto flags = lines_with(out, "flag");
  ASSERT_EQ(flags.size(), 3u) << out;
  EXPECT_EQ(flags[0], "flag: Black's flag fell at 0:01:50.000 after 0 moves (Art. 6.9)");
  EXPECT_EQ(flags[1], "flag: White's flag fell at 0:02:10.000 after 1 move (Art. 6.9)");
  EXPECT_EQ(flags[2], "first flag: Black");
  // The flag line comes before the press that revealed it.
  EXPECT_LT(out.find("Black's flag fell"), out.find("ply 2,"));
}

TEST(ClockCommand, PauseAndResume) {
  TempDir dir;
  const auto events = write_events(dir, "10 pause\n100 resume\n105 white\n");
  std::string out;
  ASSERT_EQ(run_clock("40/5400+30:1800+30", events, out), 0) << out;
  EXPECT_NE(out.find("time control: 90 min/40 moves + 30 min + 30 s/move"), std::string::npos);
  EXPECT_NE(out.find("after 0:00:15.000: White 1:30:15, Black 1:30:00"), std::string::npos) << out;
}

TEST(ClockCommand, Json) {
  TempDir dir;
  const auto events = write_events(dir, "10 white\n80 black\n");
  std::string out;
  ASSERT_EQ(run_clock("1 min", events, out, "--json"), 0) << out;
  EXPECT_NE(out.find("\"control\": \"1 min\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"pgn\": \"60\""), std::string::npos) << out;
  EXPECT_NE(out.find("{\"event\": \"press\", \"time_ms\": 10000, \"side\": \"white\", \"ply\": 1, "
                     "\"white_ms\": 50000, \"black_ms\": 60000"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("\"flags\": [{\"side\": \"black\", \"time_ms\": 70000, \"moves\": 0}]"),
            std::string::npos)
      << out;
  // It is valid JSON as far as python can tell.
  const auto json = dir / "out.json";
  std::ofstream(json) << out;
  std::string check;
  EXPECT_EQ(run_command("python3 -m json.tool " + json.string() + " > /dev/null", check, true), 0)
      << check;
}

TEST(ClockCommand, ErrorsNameTheLine) {
  TempDir dir;
  std::string out;
  EXPECT_EQ(run_clock("90+30", write_events(dir, "10 white\n5 black\n"), out), 2);
  EXPECT_NE(out.find("events.txt:2: the time 5 is earlier"), std::string::npos) << out;
  EXPECT_EQ(run_clock("90+30", write_events(dir, "10 white\n20 white\n"), out), 2);
  EXPECT_NE(out.find("events.txt:2: clock: Black's clock runs; White has no clock to stop"),
            std::string::npos)
      << out;
  EXPECT_EQ(run_clock("90+30", write_events(dir, "10 red\n"), out), 2);
  EXPECT_NE(out.find("events.txt:1: \"red\" is not white, black"), std::string::npos) << out;
  EXPECT_EQ(run_clock("90 furlongs", write_events(dir, "10 white\n"), out), 2);
  EXPECT_NE(out.find("\"furlongs\" at position 4"), std::string::npos) << out;
  EXPECT_EQ(run_clock("90+30", (dir / "missing.txt").string(), out), 2);
  EXPECT_NE(out.find("--events: cannot read"), std::string::npos) << out;
  EXPECT_NE(out.find("No such file or directory"), std::string::npos) << out;
}

}  // namespace
}  // namespace clock_cli_test
}  // namespace annabella::app
