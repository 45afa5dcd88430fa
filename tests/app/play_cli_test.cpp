// `annabella play` end to end: the real executable, its built-in simulated pegboard over a real
// pty (driven by "sim ..." console lines), the console on stdin, the journal and the exports;
// the pegboard unplugged and replugged mid-move; resume; a broken configuration; no sound device.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "app/game_record.h"
#include "app/journal.h"
#include "support/child_process.h"
#include "support/temp_dir.h"
#include "tactile/board_simulator.h"

namespace annabella::app {
namespace play_cli_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::read_file;
using annabella::testing::TempDir;

constexpr auto kWait = 20s;  // generous: CI runs these under ASan on two busy cores

std::vector<std::string> play_args(const std::filesystem::path& record,
                                   std::vector<std::string> more = {}) {
  std::vector<std::string> args = {ANNABELLA_BINARY, "play", "--record", record.string()};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST(PlayCommand, AGameThroughTheSimulatedPegboardWithUnplugMidMoveAndResume) {
  TempDir dir;
  const auto record = dir.path() / "record";
  {
    ChildProcess station(play_args(record, {"--silent"}));
    ASSERT_TRUE(station.started());
    ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
        << station.output();
    station.send("sim play e4");
    ASSERT_TRUE(station.wait_for("made 1. e4 (e2e4) by pegboard", kWait)) << station.output();
    EXPECT_TRUE(station.wait_for("say public: Eva vier", kWait));
    station.send("e5");  // the assistant enters the sighted player's move (D.2.1)
    ASSERT_TRUE(station.wait_for("made 1... e5 (e7e5) by console", kWait)) << station.output();
    station.send("sim play e5");
    ASSERT_TRUE(station.wait_for("executed e7e5 on the pegboard", kWait)) << station.output();
    // Unplugged with the knight in the hand, replugged, then the move finished.
    station.send("sim lift g1");
    ASSERT_TRUE(station.wait_for("touched g1 white knight", kWait)) << station.output();
    station.send("sim unplug");
    ASSERT_TRUE(station.wait_for("disconnected", kWait)) << station.output();
    station.send("sim replug");
    ASSERT_TRUE(station.wait_for("reconnected", kWait)) << station.output();
    station.send("sim place f3");
    ASSERT_TRUE(station.wait_for("made 2. Nf3 (g1f3) by pegboard", kWait)) << station.output();
    station.send("b knights");
    ASSERT_TRUE(station.wait_for("knights: white b1, f3; black b8, g8", kWait));
    station.send("tiem");
    ASSERT_TRUE(station.wait_for("did you mean time?", kWait));
    station.send("quit");
    EXPECT_EQ(station.wait(kWait), 0) << station.output();
  }
  // Nothing was lost: the journal holds the three moves, the PGN too.
  auto journal = read_journal(record / "game.journal");
  ASSERT_TRUE(journal) << journal.error().message;
  auto game = replay_journal(*journal);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->game().ply_count(), 3u);
  EXPECT_NE(read_file(record / "game.pgn").find("1. e4 {[%clk"), std::string::npos);
  EXPECT_FALSE(read_file(record / "scoresheet.brf").empty());

  ChildProcess resumed(play_args(record, {"--silent", "--resume"}));
  ASSERT_TRUE(resumed.wait_for("Restored the game", kWait)) << resumed.output();
  EXPECT_TRUE(resumed.wait_for("after 3 half-moves (last move 2. Nf3)", kWait));
  resumed.send("Nc6");
  ASSERT_TRUE(resumed.wait_for("made 2... Nc6 (b8c6) by console", kWait)) << resumed.output();
  resumed.send("quit");
  EXPECT_EQ(resumed.wait(kWait), 0);
}

// The time stamps ("[H:MM:SS.mmm]") that start the lines of `text`, in milliseconds.
std::vector<long> stamps(const std::string& text) {
  std::vector<long> found;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    int h = 0, m = 0, sec = 0, ms = 0;
    if (std::sscanf(line.c_str(), "[%d:%d:%d.%d]", &h, &m, &sec, &ms) == 4)
      found.push_back(((h * 60L + m) * 60L + sec) * 1000L + ms);
  }
  return found;
}

// Art. 12 needs a log an arbiter can follow: the console's and the log's time stamps never run
// backwards, through captures in every order of hands, and a resumed game's log continues the
// game's time line (as the journal does) instead of starting again at 0:00:00.
TEST(PlayCommand, TheLogsTimeStampsNeverRunBackwardsAndContinueAfterResume) {
  TempDir dir;
  const auto record = dir.path() / "record";
  std::string first_run;
  {
    ChildProcess station(play_args(record, {"--silent"}));
    ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
        << station.output();
    // Captures by both sides, in the simulator's alternating orders of hands; each line sent,
    // then what it must lead to.
    const std::pair<const char*, const char*> steps[] = {
        {"sim play e4", "made 1. e4"},      {"d5", "made 1... d5"},
        {"sim play d5", "executed d7d5"},   {"sim play exd5", "made 2. exd5"},
        {"Qxd5", "made 2... Qxd5"},         {"sim play Qxd5", "executed d8d5"},
        {"sim play Nc3", "made 3. Nc3"},    {"Qxd2+", "made 3... Qxd2+"},
        {"sim play Qxd2", "executed d5d2"}, {"sim play Bxd2", "made 4. Bxd2"}};
    for (const auto& [line, outcome] : steps) {
      station.send(line);
      ASSERT_TRUE(station.wait_for(outcome, kWait)) << station.output();
    }
    ASSERT_TRUE(station.wait_for("made 4. Bxd2", kWait)) << station.output();
    station.send("quit");
    EXPECT_EQ(station.wait(kWait), 0) << station.output();
    first_run = station.output();
  }
  const auto before = stamps(first_run);
  ASSERT_GT(before.size(), 20u) << first_run;
  ASSERT_GT(before.back(), 1000) << first_run;
  {
    ChildProcess resumed(play_args(record, {"--silent", "--resume"}));
    ASSERT_TRUE(resumed.wait_for("Restored the game", kWait)) << resumed.output();
    resumed.send("Nf6");
    ASSERT_TRUE(resumed.wait_for("made 4... Nf6", kWait)) << resumed.output();
    resumed.send("quit");
    EXPECT_EQ(resumed.wait(kWait), 0);
    const auto after = stamps(resumed.output());
    ASSERT_FALSE(after.empty()) << resumed.output();
    // The first run's last stamp is its stop; the journal's last event came before it.
    EXPECT_GE(after.front() + 1000, before.back()) << resumed.output();
  }
  const auto logged = stamps(read_file(record / "station.log"));
  ASSERT_GT(logged.size(), before.size());
  for (std::size_t i = 1; i < logged.size(); ++i)
    ASSERT_LE(logged[i - 1], logged[i]) << "line " << i + 1 << " of station.log:\n"
                                        << read_file(record / "station.log");
}

// How often `needle` occurs in `text`.
std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

// Waits for the simulated pegboard's first scan, then pulls its cable.
::testing::AssertionResult connect_then_unplug(ChildProcess& station) {
  if (!station.wait_for("connected: the board agrees with the game", kWait))
    return ::testing::AssertionFailure() << "never connected:\n" << station.output();
  station.send("sim unplug");
  if (!station.wait_for("disconnected", kWait))
    return ::testing::AssertionFailure() << "never disconnected:\n" << station.output();
  return ::testing::AssertionSuccess();
}

TEST(PlayCommand, MovesMadeWhileThePegboardIsUnpluggedAreMadeInOrderAndSaidOnce) {
  TempDir dir;
  ChildProcess station(play_args(dir.path() / "record", {"--silent"}));
  // One move completed while the board is away.
  ASSERT_TRUE(connect_then_unplug(station));
  station.send("sim play e4");
  station.send("sim replug");
  ASSERT_TRUE(station.wait_for("made 1. e4 (e2e4) by pegboard", kWait)) << station.output();
  station.send("e5");
  ASSERT_TRUE(station.wait_for("made 1... e5 (e7e5) by console", kWait)) << station.output();
  // Two: the opponent's announced move executed and the VI player's reply, both while away.
  station.send("sim unplug");
  ASSERT_TRUE(station.wait_for("disconnected", kWait)) << station.output();
  station.send("sim play e5");
  station.send("sim play Nf3");
  station.send("sim replug");
  ASSERT_TRUE(station.wait_for("made 2. Nf3 (g1f3) by pegboard", kWait)) << station.output();
  // A move finished just before the board goes away (within the settle time).
  station.send("Nc6");
  ASSERT_TRUE(station.wait_for("made 2... Nc6 (b8c6) by console", kWait)) << station.output();
  station.send("sim play Nc6");
  ASSERT_TRUE(station.wait_for("executed b8c6 on the pegboard", kWait)) << station.output();
  // The VI player's own pegboard: the opponent's knight he executed is labelled so (D.2.2).
  EXPECT_NE(station.output().find("touched b8 black knight (the opponent's piece) (D.2.2)"),
            std::string::npos)
      << station.output();
  station.send("sim lift f1");
  ASSERT_TRUE(station.wait_for("touched f1 white bishop (D.2.2)", kWait)) << station.output();
  station.send("sim place c4");
  station.send("sim unplug");
  ASSERT_TRUE(station.wait_for("disconnected", kWait)) << station.output();
  station.send("sim replug");
  ASSERT_TRUE(station.wait_for("made 3. Bc4 (f1c4) by pegboard", kWait)) << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
  const std::string& out = station.output();
  for (const char* made : {"made 1. e4", "made 2. Nf3", "made 3. Bc4"})
    EXPECT_EQ(count(out, made), 1u) << made << " said " << count(out, made) << " times:\n" << out;
  EXPECT_TRUE(out.find("executed e7e5 on the pegboard") < out.find("made 2. Nf3")) << out;
  EXPECT_EQ(out.find("out of sync"), std::string::npos) << out;
}

// Under a file size limit below 64 MB (ulimit -f), the sound library's shared memory (a 64 MB
// ftruncate by the PulseAudio client) raised SIGXFSZ and killed the station before it wrote
// anything. The station ignores SIGXFSZ: a write past the limit fails like one on a full disk,
// is said once, and the game goes on and ends normally (D.2.7).
TEST(PlayCommand, UnderAFileSizeLimitTheStationIsNotKilledAndSaysWhatItCannotWrite) {
  TempDir dir;
  const auto record = dir.path() / "record";
  ChildProcess station(play_args(record, {"--silent"}), 32 * 1024);
  ASSERT_TRUE(station.started());
  ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
      << station.output();
  station.send("sim play e4");
  ASSERT_TRUE(station.wait_for("made 1. e4 (e2e4) by pegboard", kWait)) << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << "killed by SIGXFSZ?\n" << station.output();
  // The recording (announcements.wav) outgrows the limit first: said, the game goes on.
  EXPECT_NE(station.output().find("File too large"), std::string::npos) << station.output();
  EXPECT_NE(read_file(record / "game.journal").find("e2e4"), std::string::npos);
  EXPECT_NE(read_file(record / "station.log").find("made 1. e4"), std::string::npos);
}

// D.2.7: the journal is the game's record, the audio recording only beside it. `play --resume`
// on a full disk refused to start, because the resumed part's new recording
// (announcements-2.wav) could not be created, and left that file behind, a header cut short
// that no player reads. Now the game resumes, the arbiter is told at once that it goes on
// without an audio recording, and neither the sound file nor its cue list is left. Twice: a
// disk that takes no whole WAV header, and one that takes the header but not the cue list's.
TEST(PlayCommand, AResumptionOnAFullDiskGoesOnWithoutARecordingAndLeavesNoHalfFile) {
  TempDir dir;
  const auto record = dir.path() / "record";
  {
    ChildProcess station(play_args(record, {"--silent"}));
    ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
        << station.output();
    station.send("sim play e4");
    ASSERT_TRUE(station.wait_for("made 1. e4 (e2e4) by pegboard", kWait)) << station.output();
    station.send("quit");
    ASSERT_EQ(station.wait(kWait), 0) << station.output();
  }
  for (const std::uint64_t room : {20, 100}) {  // bytes a file may hold: less than 44, more
    SCOPED_TRACE("file size limit " + std::to_string(room) + " bytes");
    ChildProcess resumed(play_args(record, {"--silent", "--resume"}), room);
    ASSERT_TRUE(resumed.wait_for("Restored the game", kWait)) << resumed.output();
    EXPECT_TRUE(resumed.wait_for("the game goes on without an audio recording", kWait))
        << resumed.output();
    EXPECT_NE(resumed.output().find("announcements-2.wav"), std::string::npos) << resumed.output();
    resumed.send("e5");
    ASSERT_TRUE(resumed.wait_for("made 1... e5 (e7e5) by console", kWait)) << resumed.output();
    resumed.send("quit");
    resumed.wait(kWait);
    EXPECT_FALSE(std::filesystem::exists(record / "announcements-2.wav"));
    EXPECT_FALSE(std::filesystem::exists(record / "announcements-2.wav.cues.txt"));
  }
}

// While the pegboard is unplugged, `status` said "pegboard in step" and `reconcile` that it
// agreed with the game: neither is known. At the reconnection the correction named the pieces
// the station guessed on the squares it did not see, the pawn on f3 and the knight on d4 here,
// wrong on each square; now it names only the game's pieces (D.2.3, D.2.9).
TEST(PlayCommand, AnUnpluggedPegboardIsNotInStepAndItsCorrectionNamesNoUnseenPiece) {
  TempDir dir;
  ChildProcess station(play_args(dir.path() / "record", {"--silent"}));
  ASSERT_TRUE(connect_then_unplug(station));
  station.send("status");
  ASSERT_TRUE(station.wait_for("; pegboard disconnected", kWait)) << station.output();
  station.send("reconcile");
  ASSERT_TRUE(station.wait_for("reconcile: the pegboard is disconnected", kWait))
      << station.output();
  station.send("sim play Nf3");
  station.send("sim lift d2");
  station.send("sim place d4");
  station.send("sim replug");
  ASSERT_TRUE(
      station.wait_for("reconnected: the board differs from the game: remove the piece "
                       "on f3; remove the piece on d4; place white knight g1; place "
                       "white pawn d2",
                       kWait))
      << station.output();
  station.send("status");
  ASSERT_TRUE(station.wait_for("; pegboard differs", kWait)) << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
  EXPECT_EQ(station.output().find("pegboard in step"), std::string::npos) << station.output();
}

TEST(PlayCommand, TheSightedPlayerOnADgtBoardOverAPty) {
  TempDir dir;
  tactile::BoardSimulatorSettings sim;
  sim.protocol = tactile::ProtocolKind::Dgt;
  sim.link = dir.path() / "eboard";
  sim.pace.speed = 0;
  sim.habits = {0, 0, 0, 1};
  auto eboard = tactile::BoardSimulator::create(sim);
  ASSERT_TRUE(eboard) << eboard.error().message;
  const auto config = dir.path() / "board.toml";
  std::ofstream(config) << "[sighted_board]\ninput = \"dgt\"\nport = \"" << sim.link.string()
                        << "\"\n";
  ChildProcess station({ANNABELLA_BINARY, "play", "--silent", "--config", config.string(),
                        "--record", (dir.path() / "record").string()});
  ASSERT_TRUE(station.wait_for("connected: the board agrees", kWait)) << station.output();
  ASSERT_TRUE((*eboard)->wait_for_host(kWait));
  station.send("sim play e4");
  ASSERT_TRUE(station.wait_for("made 1. e4 (e2e4) by pegboard", kWait)) << station.output();
  // The VI player's move executed on the sighted player's board, then his reply made on it.
  ASSERT_TRUE((*eboard)->play(core::Move(core::SQ_E2, core::SQ_E4), tactile::MoveStyle{}));
  ASSERT_TRUE(station.wait_for("e-board: executed e2e4", kWait)) << station.output();
  ASSERT_TRUE((*eboard)->play(core::Move(core::SQ_C7, core::SQ_C5), tactile::MoveStyle{}));
  ASSERT_TRUE(station.wait_for("made 1... c5 (c7c5) by e-board", kWait)) << station.output();
  EXPECT_TRUE(station.wait_for("say public: Cesar fuenf", kWait));
  station.send("sim play c5");
  ASSERT_TRUE(station.wait_for("executed c7c5 on the pegboard", kWait)) << station.output();
  // The sighted opponent's DGT3000 hangs off his board: set-and-run went to it at each press.
  EXPECT_GE((*eboard)->clock_messages(), 2);
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0);
}

TEST(PlayCommand, ABrokenConfigurationNamesTheKeyAndLineAndStartsNothing) {
  TempDir dir;
  const auto config = dir.path() / "board7.toml";
  std::ofstream(config) << "[pegboard]\nprotocol = \"usb\"\n";
  ChildProcess station({ANNABELLA_BINARY, "play", "--config", config.string(), "--record",
                        (dir.path() / "record").string()});
  EXPECT_EQ(station.wait(kWait), 2);
  EXPECT_NE(station.output().find("board7.toml:2"), std::string::npos) << station.output();
  EXPECT_NE(station.output().find("pegboard.protocol"), std::string::npos) << station.output();
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "record" / "game.journal"));
}

TEST(PlayCommand, NoSoundDeviceIsSaidOnceAndTheGameGoesOn) {
  TempDir dir;
  const auto config = dir.path() / "board.toml";
  std::ofstream(config) << "[audio]\npublic_device = \"no-such-device\"\nprivate_device = "
                           "\"none\"\n[white]\nlanguage = \"mk\"\n";
  ChildProcess station({ANNABELLA_BINARY, "play", "--config", config.string(), "--record",
                        (dir.path() / "record").string()});
  ASSERT_TRUE(station.wait_for("sound: ", kWait)) << station.output();
  ASSERT_TRUE(station.wait_for("connected: the board agrees", kWait)) << station.output();
  station.send("sim play d4");
  ASSERT_TRUE(station.wait_for("made 1. d4", kWait)) << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0);
  const std::string& out = station.output();
  EXPECT_EQ(out.find("sound: "), out.rfind("sound: ")) << "said more than once:\n" << out;
  // D.2.11: the VI player, who hears nothing, is told on his braille line (the private route) in
  // his language (tester's D11).
  EXPECT_NE(out.find("say private: Нема звучен уред: no-such-device. Најавите продолжуваат"),
            std::string::npos)
      << out;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "record" / "announcements.wav"));
}

}  // namespace
}  // namespace play_cli_test
}  // namespace annabella::app
