// `annabella play`'s console for the assistant, through the real executable with its built-in
// simulated pegboard: `help` in simulator mode, console lines without time stamps (the log
// keeps them), a whole-board reading one rank a line.
#include <gtest/gtest.h>

#include <fstream>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::read_file;
using annabella::testing::TempDir;

constexpr auto kWait = 20s;  // generous: CI runs these under ASan on two busy cores

std::vector<std::string> play_args(const std::filesystem::path& record,
                                   std::vector<std::string> more = {}) {
  std::vector<std::string> args = {ANNABELLA_BINARY, "play", "--record", record.string(),
                                   "--silent"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(PlayConsole, HelpInSimulatorModeListsTheStationsAndTheSimulatorsCommands) {
  TempDir dir;
  ChildProcess station(play_args(dir / "record"));
  ASSERT_TRUE(station.wait_for("ready; type help", kWait)) << station.output();
  station.send("help");
  ASSERT_TRUE(station.wait_for("sim replug: plug it back in", kWait)) << station.output();
  const std::string& out = station.output();
  // Every station command and every simulator command, one a line.
  for (const char* line :
       {"  t, time: ", "  q, quit: ", "  open, open-envelope: ", "  sim lift SQUARE: ",
        "  sim place SQUARE: ", "  sim play MOVE: ", "  sim follow MOVE: ",
        "  sim button time|announce|repeat|q|r|b|n: ", "  sim unplug: "})
    EXPECT_NE(out.find(line), std::string::npos) << line << "\n" << out;
  EXPECT_LT(out.find("  q, quit: "), out.find("Simulator commands"));
  // `help sim` alone, and `help time` still the station's.
  const auto before = out.size();
  station.send("help sim");
  ASSERT_TRUE(station.wait_for("sim unplug: ", kWait, before)) << station.output();
  EXPECT_EQ(station.output().find("q, quit", before), std::string::npos);
  station.send("help time");
  ASSERT_TRUE(station.wait_for("time (short: t)", kWait, before)) << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
}

TEST(PlayConsole, WithoutTimestampsTheConsoleShowsMessagesFirstAndTheLogKeepsTheTime) {
  TempDir dir;
  { std::ofstream(dir / "station.toml") << "[console]\ntimestamps = false\n"; }
  const auto record = dir / "record";
  ChildProcess station(play_args(record, {"--config", (dir / "station.toml").string()}));
  ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
      << station.output();
  station.send("sim play e4");
  ASSERT_TRUE(station.wait_for("\nmade 1. e4 (e2e4) by pegboard", kWait)) << station.output();
  ASSERT_TRUE(station.wait_for("\nsay public: Eva vier\n", kWait)) << station.output();
  // The whole board: one rank a line, and the spoken reading in short lines.
  station.send("b all");
  ASSERT_TRUE(station.wait_for("\nrank 1: a1 white rook", kWait)) << station.output();
  ASSERT_TRUE(station.wait_for("\nsay private, continued: Schwarz: ", kWait)) << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
  const std::string& out = station.output();
  EXPECT_EQ(out.find("[0:00:"), std::string::npos) << out;
  EXPECT_NE(out.find("\nrank 8: a8 black rook"), std::string::npos) << out;
  EXPECT_NE(out.find("\nrank 4: e4 white pawn\n"), std::string::npos) << out;
  const std::string log = read_file(record / "station.log");
  EXPECT_NE(log.find("] made 1. e4 (e2e4) by pegboard"), std::string::npos) << log;
  EXPECT_NE(log.find("] say public: Eva vier\n"), std::string::npos) << log;
  EXPECT_EQ(log.find("\nmade 1. e4"), std::string::npos) << log;
}

}  // namespace
}  // namespace annabella::app
