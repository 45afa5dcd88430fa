// The assistant's console as input and output: lines read from a descriptor (a pipe here, as a
// script gives them), escape sequences refused with the line named, and the printer's lines
// with or without their time stamp (the log keeps it) and long phrases in short lines; a
// station.log that cannot be written (a full disk) keeps its lines waiting, said once.
#include <fcntl.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <sstream>

#include "app/station_runner.h"
#include "core/text.h"
#include "support/file_size_limit.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace console_io_test {
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

// How many of the console's lines hold `part`.
std::size_t lines_with(const std::string& console, std::string_view part) {
  std::istringstream in(console);
  std::size_t n = 0;
  for (std::string line; std::getline(in, line);) n += line.find(part) != std::string::npos;
  return n;
}

// A printer with its log in a fresh folder.
struct LoggedPrinter {
  testing::TempDir dir;
  std::ostringstream console;
  TimePoint origin = SteadyClock::now();
  StationPrinter printer{console, origin};
};

// D.2.7: a full disk (here the file size limit) used to cut station.log in the middle of a line
// and lose every line after it without a word. Now a line is written whole or not at all, the
// failure is said once, the lines wait, and they are written in order once there is room.
TEST(StationPrinter, ALogThatCannotBeWrittenIsSaidOnceAndItsLinesAreWrittenOnItsRecovery) {
  LoggedPrinter p;
  auto& [dir, console, origin, printer] = p;
  ASSERT_TRUE(printer.open_log(dir / "station.log"));
  printer.print(origin, "made 1. e4 (e2e4) by pegboard");
  const std::string before = testing::read_file(dir / "station.log");
  {
    testing::FileSizeLimit full(before.size() + 10);
    ASSERT_TRUE(full.ok());
    printer.print(origin + 1s, "made 1... e5 (e7e5) by console");
    printer.print(origin + 2s, "made 2. Nf3 (g1f3) by pegboard");
    printer.print(origin + 3s, "made 2... Nc6 (b8c6) by console");
    EXPECT_EQ(testing::read_file(dir / "station.log"), before) << "no half line";
    EXPECT_EQ(lines_with(console.str(), "(said once;"), 1u) << console.str();
    EXPECT_EQ(lines_with(console.str(), "station.log"), 1u) << console.str();
    EXPECT_EQ(printer.log_lines_waiting(), 4u) << "three lines and the notice";
  }
  printer.print(origin + 5s, "made 3. Bb5 (f1b5) by pegboard");
  EXPECT_EQ(printer.log_lines_waiting(), 0u);
  EXPECT_EQ(lines_with(console.str(), "record: written again"), 1u) << console.str();
  const std::string log = testing::read_file(dir / "station.log");
  std::size_t at = 0;
  for (const char* part :
       {"e2e4", "e7e5", "(said once;", "g1f3", "b8c6", "f1b5", "record: written again"}) {
    const auto found = log.find(part, at);
    ASSERT_NE(found, std::string::npos) << part << " in order in\n" << log;
    at = found;
  }
  EXPECT_EQ(log.back(), '\n');
}

// D.2.7 (tester 14j): lines that waited for a full disk reached the log only with the next line
// printed, or were shown at `quit` on the console ("keep them with the record"), and were lost
// with a killed station. Now they are tried again every second without a new line (the game
// thread's loop wakes at record_retry_due), and written in order, each with its own time stamp
// and marked late with the time it was written; the recovery is said once, with the count.
TEST(StationPrinter, LinesThatWaitedAreWrittenOnceThereIsRoomMarkedLateWithTheirOwnTimes) {
  LoggedPrinter p;
  auto& [dir, console, origin, printer] = p;
  ASSERT_TRUE(printer.open_log(dir / "station.log"));
  printer.print(origin, "ready");
  {
    testing::FileSizeLimit full(testing::read_file(dir / "station.log").size());
    ASSERT_TRUE(full.ok());
    printer.print(origin + 1s, "made 1. e4 (e2e4) by pegboard");
    printer.print(origin + 2s, "made 1... e5 (e7e5) by console");
    ASSERT_EQ(printer.log_lines_waiting(), 3u) << "two lines and the notice";
    EXPECT_EQ(printer.record_retry_due(), origin + 3s);
    printer.retry_record(origin + 3s);  // still full: they wait
    EXPECT_EQ(printer.log_lines_waiting(), 3u);
  }
  printer.retry_record(origin + 3500ms);
  EXPECT_EQ(printer.log_lines_waiting(), 3u) << "not before its time";
  printer.retry_record(origin + 4s);  // room again, and no new line printed
  EXPECT_EQ(printer.log_lines_waiting(), 0u);
  EXPECT_FALSE(printer.record_retry_due());
  const std::string log = testing::read_file(dir / "station.log");
  const auto e4 =
      log.find("[0:00:01.000] (written late, at 0:00:04.000) made 1. e4 (e2e4) by pegboard\n");
  const auto e5 =
      log.find("[0:00:02.000] (written late, at 0:00:04.000) made 1... e5 (e7e5) by console\n");
  ASSERT_NE(e4, std::string::npos) << log;
  ASSERT_NE(e5, std::string::npos) << log;
  EXPECT_LT(e4, e5) << log;
  EXPECT_NE(log.find("3 lines that waited are in the log"), std::string::npos) << log;
  EXPECT_EQ(lines_with(console.str(), "3 lines that waited are in the log"), 1u) << console.str();
  printer.print(origin + 5s, "made 2. Nf3 (g1f3) by pegboard");  // on time again: no mark
  EXPECT_NE(testing::read_file(dir / "station.log").find("[0:00:05.000] made 2. Nf3"),
            std::string::npos);
}

// Lines the disk still refuses at the stop are printed on the console as the log would hold
// them, after a RECORD ERROR line (as the journal's waiting entries are).
TEST(StationPrinter, LinesStillWaitingForTheLogAtTheStopArePrinted) {
  LoggedPrinter p;
  auto& [dir, console, origin, printer] = p;
  ASSERT_TRUE(printer.open_log(dir / "station.log"));
  printer.print(origin, "ready");
  testing::FileSizeLimit full(testing::read_file(dir / "station.log").size());
  ASSERT_TRUE(full.ok());
  printer.print(origin + 1s, "made 1. e4 (e2e4) by pegboard");
  printer.close_log(origin + 2s);
  const std::string shown = console.str();
  const auto error = shown.find("RECORD ERROR: the station stops and 2 lines are still not in");
  ASSERT_NE(error, std::string::npos) << shown;
  EXPECT_NE(shown.find("[0:00:01.000] made 1. e4 (e2e4) by pegboard\n", error), std::string::npos)
      << shown;
  EXPECT_EQ(testing::read_file(dir / "station.log"), "[0:00:00.000] ready\n");
}

}  // namespace
}  // namespace console_io_test
}  // namespace annabella::app
