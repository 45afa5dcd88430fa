// The assistant's console as input and output: lines read from a descriptor (a pipe here, as a
// script gives them), escape sequences refused with the line named, and the printer's lines
// with or without their time stamp (the log keeps it) and long phrases in short lines.
#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <sstream>

#include "app/station_runner.h"
#include "core/text.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace {

using namespace std::chrono_literals;

TEST(ConsoleLineProblem, AnArrowKeysEscapeSequenceIsRefusedWithTheLineNamedVisibly) {
  auto problem = console_line_problem("e4\x1B[A");
  ASSERT_TRUE(problem);
  EXPECT_NE(problem->find("\"e4\\x1B[A\""), std::string::npos) << *problem;
  EXPECT_NE(problem->find("escape sequence"), std::string::npos) << *problem;
  EXPECT_NE(problem->find("not entered"), std::string::npos) << *problem;
  EXPECT_EQ(problem->find('\x1B'), std::string::npos) << "no raw ESC byte in the message";
  auto bell = console_line_problem("Nf3\x07");
  ASSERT_TRUE(bell);
  EXPECT_NE(bell->find("control character"), std::string::npos) << *bell;
  EXPECT_FALSE(console_line_problem("Springer f3\tnow"));
  EXPECT_FALSE(console_line_problem("Läufer Cesar vier"));  // UTF-8 is no control
  // Bytes that are not UTF-8, a line separator, NEL and a bidirectional override are refused
  // too: they once reached the station log raw (a log that was no longer UTF-8, a line that a
  // viewer broke or turned round).
  for (const char* bad : {"\xff\xfe"
                          "e5",
                          "e5\u2028Nf3", "e5\u0085", "\u202Ee5"}) {
    auto refused = console_line_problem(bad);
    ASSERT_TRUE(refused) << bad;
    EXPECT_EQ(core::find_unsafe(*refused), std::nullopt) << *refused;
  }
}

// The first `count` events the reader queues for `input` (written, then the end of input).
std::vector<StationEvent> read_events(const std::string& input, std::size_t count) {
  int fds[2];
  EXPECT_EQ(::pipe(fds), 0);
  EventQueue<StationEvent> queue;
  std::vector<StationEvent> events;
  {
    ConsoleReader reader(fds[0], queue);
    EXPECT_EQ(::write(fds[1], input.data(), input.size()), static_cast<ssize_t>(input.size()));
    ::close(fds[1]);
    const auto deadline = SteadyClock::now() + 10s;
    while (events.size() < count)
      if (auto event = queue.pop_until(deadline))
        events.push_back(std::move(*event));
      else
        break;
  }
  ::close(fds[0]);
  return events;
}

TEST(ConsoleReader, AnEscapeSequenceFromAPipeNeverReachesTheCommandsAndIsNamed) {
  const auto events = read_events("e4\n\x1B[A\ne5\x1B[D\nNf3", 4);
  std::vector<std::string> lines, notices;
  for (const auto& event : events) {
    if (const auto* line = std::get_if<ev::ConsoleLine>(&event.body)) lines.push_back(line->line);
    if (const auto* notice = std::get_if<ev::Notice>(&event.body)) notices.push_back(notice->line);
  }
  EXPECT_EQ(lines, (std::vector<std::string>{"e4", "Nf3"}));
  ASSERT_EQ(notices.size(), 2u);
  EXPECT_NE(notices[0].find("\"\\x1B[A\""), std::string::npos) << notices[0];
  EXPECT_NE(notices[1].find("\"e5\\x1B[D\""), std::string::npos) << notices[1];
  for (const auto& notice : notices) EXPECT_EQ(notice.find('\x1B'), std::string::npos);
}

TEST(StationPrinter, WithoutTimestampsTheConsoleLineStartsWithTheMessageAndTheLogKeepsTheTime) {
  testing::TempDir dir;
  std::ostringstream console;
  const TimePoint origin = SteadyClock::now();
  StationPrinter printer(console, origin);
  ASSERT_TRUE(printer.open_log(dir / "station.log"));
  printer.print(origin + 1500ms, "made 1. e4 (e2e4) by pegboard");
  printer.set_console_timestamps(false);
  printer.print(origin + 2250ms, "made 1... e5 (e7e5) by console");
  EXPECT_EQ(console.str(),
            "[0:00:01.500] made 1. e4 (e2e4) by pegboard\nmade 1... e5 (e7e5) by console\n");
  EXPECT_EQ(testing::read_file(dir / "station.log"),
            "[0:00:01.500] made 1. e4 (e2e4) by pegboard\n"
            "[0:00:02.250] made 1... e5 (e7e5) by console\n");
}

TEST(StationPrinter, ALongPhraseIsPrintedInShortLinesAndAShortOneInOne) {
  std::ostringstream console;
  const TimePoint origin = SteadyClock::now();
  StationPrinter printer(console, origin);
  printer.set_console_timestamps(false);
  std::string white =
      "Weiss: Turm Anna eins, Springer Bella eins, Laeufer Cesar eins, Dame David "
      "eins, Koenig Eva eins";
  std::string black = "Schwarz: Koenig Eva acht, Dame David acht";
  printer.say({speech::PhraseKind::Readout, white + "; " + black, "", "", ""}, Route::Private,
              origin);
  printer.say({speech::PhraseKind::Move, "Eva vier", "", "", ""}, Route::Public, origin);
  EXPECT_EQ(console.str(), "say private: " + white + "\nsay private, continued: " + black +
                               "\nsay public: Eva vier\n");
}

TEST(StationPrinter, AConsoleSinkGetsEachLineWithItsEnd) {
  std::ostringstream console;
  const TimePoint origin = SteadyClock::now();
  StationPrinter printer(console, origin);
  std::vector<std::string> sunk;
  printer.set_console_sink([&](std::string_view line) { sunk.emplace_back(line); });
  printer.print(origin, "ready");
  EXPECT_EQ(sunk, (std::vector<std::string>{"[0:00:00.000] ready\n"}));
  EXPECT_EQ(console.str(), "");
}

}  // namespace
}  // namespace annabella::app
