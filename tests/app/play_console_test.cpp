// `annabella play`'s console for the assistant, through the real executable with its built-in
// simulated pegboard: `help` in simulator mode, console lines without time stamps (the log
// keeps them), a whole-board reading one rank a line.
#include <gtest/gtest.h>

#include <poll.h>
#include <pty.h>
#include <unistd.h>

#include <fstream>
#include <memory>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace play_console_test {
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
        "  sim button "
        "time|announce|repeat|q|r|b|n|menu|next|prev|select|back|confirm|talk|talk-end: ",
        "  sim unplug: "})
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

TEST(PlayConsole, TheStationSaysWhereTheSightedPlayersMovesComeFrom) {
  TempDir dir;
  ChildProcess station(play_args(dir / "record"));
  ASSERT_TRUE(station.wait_for("ready; type help", kWait)) << station.output();
  // D.2.11: on the console and in the log, and privately to the VI player in his language.
  EXPECT_NE(station.output().find(
                "the sighted player's moves come from (D.2.11): the assistant's console\n"),
            std::string::npos)
      << station.output();
  EXPECT_NE(station.output().find("say private: Eingabe der Gegnerzuege: Assistent\n"),
            std::string::npos)
      << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
}

// The sighted player's own keypad (D.2.11): the terminal side of a pty, its device given to
// the station as --opponent-input.
class PlayWithTheSightedPlayersKeypad : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[64] = {};
    ASSERT_EQ(::openpty(&keypad, &device, name, nullptr, nullptr), 0);
    device_name = name;
    child = std::make_unique<ChildProcess>(
        play_args(dir / "record", {"--opponent-input", device_name}));
    ASSERT_TRUE(child->wait_for("connected: the board agrees with the game", kWait))
        << child->output();
  }
  void TearDown() override {
    child.reset();
    ::close(keypad);
    ::close(device);
  }
  // A line typed on his keypad.
  void type(const std::string& line) const {
    ASSERT_EQ(::write(keypad, line.data(), line.size()), static_cast<ssize_t>(line.size()));
  }
  // What his keypad's terminal shows (with the echo of what he typed), read until `part` is in
  // it or kWait has passed.
  std::string shown_until(const std::string& part) {
    const auto end = std::chrono::steady_clock::now() + kWait;
    while (shown.find(part) == std::string::npos && std::chrono::steady_clock::now() < end) {
      pollfd in{keypad, POLLIN, 0};
      if (::poll(&in, 1, 100) <= 0) continue;
      char buffer[512];
      const ssize_t n = ::read(keypad, buffer, sizeof buffer);
      if (n > 0) shown.append(buffer, static_cast<std::size_t>(n));
    }
    return shown;
  }
  std::string shown;
  TempDir dir;
  int keypad = -1, device = -1;
  std::string device_name;
  std::unique_ptr<ChildProcess> child;  // the station
};

TEST_F(PlayWithTheSightedPlayersKeypad, HisKeypadEntersHisMovesAndNothingElse) {
  ChildProcess& station = *child;
  const std::string& name = device_name;
  EXPECT_NE(station.output().find("the sighted player's moves come from (D.2.11): his keypad or "
                                  "keyboard (" +
                                  std::string(name) + ", moves only); the assistant's console"),
            std::string::npos)
      << station.output();
  EXPECT_NE(station.output().find("say private: Eingabe der Gegnerzuege: Tastatur des Gegners, "
                                  "Assistent"),
            std::string::npos)
      << station.output();
  station.send("sim play e4");
  ASSERT_TRUE(station.wait_for("made 1. e4 (e2e4) by pegboard", kWait)) << station.output();
  // A command typed on his keypad is no command: it is read as his move and refused, and the
  // game goes on.
  const auto before = station.output().size();
  type("resign black\n");
  type("e5\n");
  // D.2.11: the console, the log and the journal say where his move came from.
  ASSERT_TRUE(station.wait_for("made 1... e5 (e7e5) by keypad", kWait, before)) << station.output();
  const std::string after = station.output().substr(before);
  EXPECT_NE(after.find("resign black"), std::string::npos) << after;
  // D.2.11 with no assistant: the refusal reaches both players, not the console alone: his
  // keypad's terminal shows why, in his own language (black.language: German by default) while
  // the console keeps its own, and the VI player hears it privately (tester's D16).
  EXPECT_NE(shown_until("(nichts aufgezeichnet)").find("(nichts aufgezeichnet)"), std::string::npos)
      << shown;
  EXPECT_NE(after.find("(nothing recorded)"), std::string::npos) << after;
  EXPECT_NE(after.find("say private: Schwarz: Eingabe abgelehnt, kein Zug gemacht"),
            std::string::npos)
      << after;
  EXPECT_EQ(after.find("resigns"), std::string::npos) << after;
  EXPECT_EQ(after.find("0-1"), std::string::npos) << after;
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
  const std::string journal = read_file(dir / "record" / "game.journal");
  EXPECT_NE(journal.find("uci=e7e5\tsan=e5"), std::string::npos) << journal;
  EXPECT_NE(journal.find("by=keypad"), std::string::npos) << journal;
  EXPECT_NE(read_file(dir / "record" / "station.log").find("made 1... e5 (e7e5) by keypad"),
            std::string::npos);
}

// His push-to-talk key (voice.push_to_talk, docs/voice.md): "talk" on his keypad is the talk
// command, not a move; without voice input the station says push-to-talk is off.
TEST_F(PlayWithTheSightedPlayersKeypad, HisTalkKeyIsThePushToTalkButtonNotAMove) {
  ChildProcess& station = *child;
  const auto before = station.output().size();
  type("talk\n");
  ASSERT_TRUE(station.wait_for("talk: push-to-talk is off", kWait, before)) << station.output();
  EXPECT_EQ(station.output().find("not recorded", before), std::string::npos) << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
}

// D.2.1, D.2.11: a move typed on his keypad that reads as two legal moves ("Bc5": the English
// bishop, the German pawn) is asked about; the number typed on the same keypad records the move
// meant, and the record says it came from his keypad.
TEST_F(PlayWithTheSightedPlayersKeypad, HeAnswersWhichReadingOnHisKeypad) {
  ChildProcess& station = *child;
  station.send("sim play e4");
  ASSERT_TRUE(station.wait_for("made 1. e4 (e2e4) by pegboard", kWait)) << station.output();
  type("e5\n");
  ASSERT_TRUE(station.wait_for("made 1... e5 (e7e5) by keypad", kWait)) << station.output();
  station.send("sim play e5");
  station.send("sim play Nf3");
  ASSERT_TRUE(station.wait_for("made 2. Nf3 (g1f3) by pegboard", kWait)) << station.output();
  type("Bc5\n");
  ASSERT_TRUE(station.wait_for("Bc5: 1 = bishop f8-c5", kWait)) << station.output();
  type("2\n");
  ASSERT_TRUE(station.wait_for("made 2... c5 (c7c5) by keypad", kWait)) << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
  EXPECT_NE(read_file(dir / "record" / "game.journal").find("uci=c7c5\tsan=c5"), std::string::npos);
}

}  // namespace
}  // namespace play_console_test
}  // namespace annabella::app
