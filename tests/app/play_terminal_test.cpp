// `annabella play` at a real terminal: the assistant's console on a kernel pseudo-terminal
// (posix_openpt), with libedit's line editing and history. The VI player's pegboard is a
// separate `annabella board-sim` process, so the station prints while the assistant is typing.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "support/child_process.h"
#include "support/temp_dir.h"
#include "support/terminal_process.h"

namespace annabella::app {
namespace play_terminal_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::read_file;
using annabella::testing::TempDir;
using annabella::testing::TerminalProcess;

constexpr auto kWait = 20s;  // generous: CI runs these under ASan on two busy cores
const std::vector<std::string> kTerminal = {"TERM=xterm", "LANG=C.UTF-8"};

// The table: the VI player's pegboard (`annabella board-sim` on a pty, taking "move e4" lines on
// its stdin) and the station at a terminal, connected to it; `config` is added to the
// configuration.
struct Table {
  explicit Table(const std::string& config = "")
      : board({ANNABELLA_BINARY, "board-sim", "--protocol", "peg", "--link",
               (dir / "peg").string()}) {
    EXPECT_TRUE(board.wait_for("/dev/pts/", kWait)) << board.output();
    const auto file = dir / "station.toml";
    std::ofstream(file) << "[pegboard]\nport = \"" << (dir / "peg").string()
                        << "\"\nprotocol = \"peg\"\n"
                        << config;
    station = std::make_unique<TerminalProcess>(
        std::vector<std::string>{ANNABELLA_BINARY, "play", "--record", (dir / "record").string(),
                                 "--silent", "--config", file.string()},
        kTerminal);
    EXPECT_TRUE(station->wait_for("connected: the board agrees with the game", kWait))
        << station->output();
  }
  TempDir dir;
  ChildProcess board;
  std::unique_ptr<TerminalProcess> station;
};

bool screen_has_line_starting(const TerminalProcess& terminal, const std::string& start) {
  const auto lines = terminal.screen();
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& line) { return line.rfind(start, 0) == 0; });
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

TEST(PlayTerminal, ALinePrintedWhileTheAssistantTypesGoesAboveThePartialLine) {
  Table table("[console]\ntimestamps = false\n");
  ChildProcess& board = table.board;
  TerminalProcess& station = *table.station;
  ASSERT_TRUE(station.wait_for("> ", kWait)) << station.output();
  station.drain(300ms);
  // The assistant starts typing Black's reply before White's move is made.
  station.type("Nc");
  ASSERT_TRUE(station.wait_for("> Nc", kWait)) << station.output();
  const auto typed_at = station.output().size();
  board.send("move e4");  // the VI player makes his move on the pegboard meanwhile
  ASSERT_TRUE(station.wait_for("say public: Eva vier", kWait, typed_at)) << station.output();
  ASSERT_TRUE(station.wait_for("> Nc", kWait, typed_at)) << station.output();
  station.drain(300ms);
  // On the screen: the station's lines whole, each from the first column, and below them the
  // prompt with the partial line as it was, the cursor after it.
  const auto screen = station.screen();
  EXPECT_TRUE(screen_has_line_starting(station, "made 1. e4 (e2e4) by pegboard")) << joined(screen);
  EXPECT_TRUE(screen_has_line_starting(station, "say public: Eva vier")) << joined(screen);
  EXPECT_EQ(station.cursor_line(), "> Nc") << joined(screen);
  EXPECT_EQ(std::count(screen.begin(), screen.end(), "> Nc"), 1) << joined(screen);
  // The line is finished and enters the move typed across the print.
  station.type("6\r");
  ASSERT_TRUE(station.wait_for("made 1... Nc6 (b8c6) by console", kWait, typed_at))
      << station.output();
  station.type("quit\r");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
}

TEST(PlayTerminal, TheUpArrowRepeatsTheLastCommandAndNoEscapeByteIsRecorded) {
  Table table;
  ChildProcess& board = table.board;
  TerminalProcess& station = *table.station;
  board.send("move e4");
  ASSERT_TRUE(station.wait_for("made 1. e4 (e2e4) by pegboard", kWait)) << station.output();
  station.type("time\r");
  ASSERT_TRUE(station.wait_for("time: White", kWait)) << station.output();
  const auto first = station.output().rfind("time: White");
  station.type("\x1B[A");  // Up: the previous line, to edit or enter again
  ASSERT_TRUE(station.wait_for("time", kWait, first + 1)) << station.output();
  station.type("\r");
  ASSERT_TRUE(station.wait_for("time: White", kWait, first + 1)) << station.output();
  station.type("e5\r");
  ASSERT_TRUE(station.wait_for("made 1... e5 (e7e5) by console", kWait)) << station.output();
  board.send("move e5");
  ASSERT_TRUE(station.wait_for("executed e7e5 on the pegboard", kWait)) << station.output();
  station.type("status\r");
  ASSERT_TRUE(station.wait_for("status: 2 half-moves", kWait)) << station.output();
  const auto status_at = station.output().rfind("status: 2 half-moves");
  station.type("\x1B[A\x1B[A\x1B[A\x1B[B\x1B[B\r");  // up three (time), down two: status
  ASSERT_TRUE(station.wait_for("status: 2 half-moves", kWait, status_at + 1)) << station.output();
  station.type("quit\r");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
  const std::string out = station.output();
  EXPECT_EQ(out.find("console: the line"), std::string::npos) << out;
  EXPECT_EQ(out.find("is not a command"), std::string::npos) << out;
  // No escape byte reached the log or the journal.
  const std::string log = read_file(table.dir / "record" / "station.log");
  const std::string journal = read_file(table.dir / "record" / "game.journal");
  EXPECT_NE(log.find("time: White"), std::string::npos) << log;
  EXPECT_EQ(log.find('\x1B'), std::string::npos) << log;
  EXPECT_EQ(log.find("\\x1B"), std::string::npos) << log;
  EXPECT_FALSE(journal.empty());
  EXPECT_EQ(journal.find('\x1B'), std::string::npos);
}

TEST(PlayTerminal, WithoutLineEditingAnArrowKeyIsRefusedWithTheLineNamed) {
  Table table("[console]\nline_editing = false\n");
  TerminalProcess& station = *table.station;
  station.type("time\r");
  ASSERT_TRUE(station.wait_for("time: White", kWait)) << station.output();
  station.type("\x1B[A\r");
  ASSERT_TRUE(station.wait_for("console: the line \"\\x1B[A\" holds an escape sequence", kWait))
      << station.output();
  station.type("quit\r");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
  const std::string log = read_file(table.dir / "record" / "station.log");
  EXPECT_EQ(log.find('\x1B'), std::string::npos) << log;
  EXPECT_EQ(log.find("time: White", log.find("time: White") + 1), std::string::npos)
      << "the arrow repeated nothing: " << log;
}

}  // namespace
}  // namespace play_terminal_test
}  // namespace annabella::app
