// `annabella play` seals its recording (D.2.7, docs/record.md "The seal"): at the end of a game,
// at an adjournment and when the station stops, the recording's chain is signed with the station
// key, journaled, written into the PGN and printed with the code for the paper scoresheet; then
// `annabella recording verify` finds it. The real executable, its built-in simulated pegboard
// over a pty, the console on stdin.
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <regex>
#include <thread>

#include "app/journal.h"
#include "support/child_process.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace play_seal_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::read_file;
using annabella::testing::run_command;
using annabella::testing::TempDir;

constexpr auto kWait = 20s;  // generous: CI runs these under ASan on two busy cores
const std::string kBinary = ANNABELLA_BINARY;

// A configuration whose station key lives in `key_folder`; `seal_every_seconds` < 0: the
// default (record.seal_every_seconds).
std::filesystem::path write_config(const TempDir& dir, const std::string& key_folder,
                                   int seal_every_seconds = -1) {
  const auto file = dir.path() / "station.toml";
  std::ofstream out(file);
  out << "[record]\nkey_folder = \"" << key_folder << "\"\n";
  if (seal_every_seconds >= 0) out << "seal_every_seconds = " << seal_every_seconds << "\n";
  return file;
}

std::vector<std::string> play(const std::filesystem::path& config,
                              const std::filesystem::path& record, bool resume = false) {
  std::vector<std::string> args = {kBinary, "play",     "--silent",     "--config",
                                   config,  "--record", record.string()};
  if (resume) args.emplace_back("--resume");
  return args;
}

// The code of the seal printed for `occasion` ("recording sealed (end): ... code 123-456-789-012").
std::string printed_code(const std::string& output, const std::string& occasion) {
  const std::regex line("recording sealed \\(" + occasion +
                        "\\): [^\\n]*code ([0-9]{3}-[0-9]{3}-[0-9]{3}-[0-9]{3})");
  std::smatch match;
  if (!std::regex_search(output, match, line)) return "";
  return match[1];
}

int verify(const std::string& args, std::string& out) {
  return run_command(kBinary + " recording verify " + args, out, true);
}

// The occasions of the journal's seals; the interim seals made during the game only with
// `interim`.
std::vector<std::string> seal_occasions(const std::filesystem::path& journal,
                                        bool interim = false) {
  std::vector<std::string> occasions;
  auto contents = read_journal(journal);
  if (!contents) return {"unreadable: " + contents.error().message};
  for (const auto& entry : contents->entries)
    if (entry.kind == "seal" && (interim || entry.get("occasion") != "interim"))
      occasions.push_back(entry.get("occasion"));
  return occasions;
}

// Waits until the recording's cue list holds `text` (the announcer records after it prints).
bool recorded(const std::filesystem::path& audio, const std::string& text) {
  const auto until = std::chrono::steady_clock::now() + kWait;
  while (std::chrono::steady_clock::now() < until) {
    if (read_file(audio.string() + ".cues.txt").find(text) != std::string::npos) return true;
    std::this_thread::sleep_for(20ms);
  }
  return false;
}

TEST(PlaySeal, AGameEndedByMateIsSealedAndTheCodeOnTheConsoleVerifies) {
  TempDir dir;
  const auto record = dir.path() / "record";
  const auto config = write_config(dir, (dir.path() / "keys").string());
  std::string end_code;
  {
    ChildProcess station(play(config, record));
    ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
        << station.output();
    EXPECT_TRUE(station.wait_for("station key made: ", kWait)) << station.output();
    station.send("sim play f3");
    ASSERT_TRUE(station.wait_for("made 1. f3", kWait)) << station.output();
    station.send("e5");
    ASSERT_TRUE(station.wait_for("made 1... e5", kWait)) << station.output();
    station.send("sim play e5");
    ASSERT_TRUE(station.wait_for("executed e7e5 on the pegboard", kWait)) << station.output();
    station.send("sim play g4");
    ASSERT_TRUE(station.wait_for("made 2. g4", kWait)) << station.output();
    station.send("Qh4");
    ASSERT_TRUE(station.wait_for("game over: 0-1", kWait)) << station.output();
    ASSERT_TRUE(station.wait_for("recording sealed (end)", kWait)) << station.output();
    end_code = printed_code(station.output(), "end");
    ASSERT_FALSE(end_code.empty()) << station.output();
    station.send("quit");
    EXPECT_EQ(station.wait(kWait), 0) << station.output();
    // Nothing was said after the end: no second seal, no second code to write down (D.2.7).
    EXPECT_TRUE(printed_code(station.output(), "stop").empty()) << station.output();
    EXPECT_NE(station.output().find("recording unchanged since its seal (end): the code " +
                                    end_code + " stands"),
              std::string::npos)
        << station.output();
  }
  EXPECT_EQ(seal_occasions(record / "game.journal"), (std::vector<std::string>{"end"}));
  // The PGN carries the latest seal; its code is the one written on the paper scoresheet.
  EXPECT_NE(read_file(record / "game.pgn").find("[AnnabellaCode \"" + end_code + "\"]"),
            std::string::npos)
      << read_file(record / "game.pgn");

  const std::string wav = (record / "announcements.wav").string();
  std::string out;
  EXPECT_EQ(verify(wav, out), 0) << out;
  EXPECT_NE(out.find("result: verified"), std::string::npos) << out;
  // The code written on the paper scoresheet at the end of the game checks out.
  EXPECT_EQ(verify("--code " + end_code + " " + wav, out), 0) << out;
  // A code written down wrong (or of another recording) does not.
  std::string wrong = end_code;
  wrong[0] = wrong[0] == '9' ? '1' : static_cast<char>(wrong[0] + 1);
  EXPECT_EQ(verify("--code " + wrong + " " + wav, out), 1) << out;
}

TEST(PlaySeal, AnAdjournmentIsSealedAndTheResumedRecordingIsSealedToo) {
  TempDir dir;
  const auto record = dir.path() / "record";
  const auto config = write_config(dir, (dir.path() / "keys").string());
  {
    ChildProcess station(play(config, record));
    ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
        << station.output();
    station.send("sim play e4");
    ASSERT_TRUE(station.wait_for("made 1. e4", kWait)) << station.output();
    station.send("adj Nf6");  // Black seals his move (Guidelines I)
    ASSERT_TRUE(station.wait_for("recording sealed (adjourn)", kWait)) << station.output();
    EXPECT_EQ(station.wait(kWait), 0) << station.output();  // the station ends by itself
  }
  {
    ChildProcess station(play(config, record, true));
    ASSERT_TRUE(station.wait_for("Restored the game", kWait)) << station.output();
    EXPECT_TRUE(station.wait_for("station key: ", kWait)) << station.output();  // not made again
    station.send("open-envelope");
    ASSERT_TRUE(station.wait_for("made 1... Nf6", kWait)) << station.output();
    station.send("quit");
    ASSERT_TRUE(station.wait_for("recording sealed (stop)", kWait)) << station.output();
    EXPECT_EQ(station.wait(kWait), 0) << station.output();
  }
  EXPECT_EQ(seal_occasions(record / "game.journal"), (std::vector<std::string>{"adjourn", "stop"}));
  std::string out;
  // Each recording verifies against its own seal: the first to the adjournment, the second
  // (made on resumption, never overwriting the first) to the stop.
  EXPECT_EQ(verify((record / "announcements.wav").string(), out), 0) << out;
  EXPECT_NE(out.find("adjourn"), std::string::npos) << out;
  EXPECT_EQ(verify((record / "announcements-2.wav").string(), out), 0) << out;
  EXPECT_NE(out.find("stop"), std::string::npos) << out;
}

// D.2.7: a recording no seal covers (a crash before any seal, or a seal taken out of the record)
// is not adopted: the station cannot check it, so it says so and signs nothing; `recording
// verify` calls it not sealed. Before, it was sealed as found (occasion resume), and so was a
// forged recording whose seal had been deleted.
TEST(PlaySeal, ARecordingNoSealCoversIsNotAdoptedOnResumption) {
  TempDir dir;
  const auto record = dir.path() / "record";
  // No seal during the game (record.seal_every_seconds = 0): the crash leaves none.
  const auto config = write_config(dir, (dir.path() / "keys").string(), 0);
  {
    ChildProcess station(play(config, record));
    ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
        << station.output();
    station.send("sim play e4");
    ASSERT_TRUE(station.wait_for("say public: Eva vier", kWait)) << station.output();
    station.send("e5");
    ASSERT_TRUE(station.wait_for("say public: Eva fuenf", kWait)) << station.output();
    station.kill9();  // a crash: nothing sealed
  }
  std::string out;
  EXPECT_EQ(verify((record / "announcements.wav").string(), out), 1) << out;
  {
    ChildProcess station(play(config, record, true));
    ASSERT_TRUE(station.wait_for("recording announcements.wav: no seal covers it", kWait))
        << station.output();
    ASSERT_TRUE(station.wait_for("Restored the game", kWait)) << station.output();
    station.send("quit");
    EXPECT_EQ(station.wait(kWait), 0) << station.output();
    EXPECT_EQ(station.output().find("recording sealed (resume): announcements.wav"),
              std::string::npos)
        << station.output();
  }
  EXPECT_EQ(verify((record / "announcements.wav").string(), out), 1) << out;
  EXPECT_NE(out.find("not sealed"), std::string::npos) << out;
}

// D.2.7 (tester 14k): the recording is sealed during the game, after a move. A station killed
// (kill -9: a crash, a power cut) leaves its recording proven up to that seal: `recording verify`
// names the seal and the cue lines after it, and accepts the proven part with --unsealed-ok. The
// old station sealed only at the end, an adjournment and a stop: "not sealed", for ever.
TEST(PlaySeal, AKilledStationsRecordingIsProvenUpToItsLastInterimSeal) {
  TempDir dir;
  const auto record = dir.path() / "record";
  const auto config = write_config(dir, (dir.path() / "keys").string());
  {
    ChildProcess station(play(config, record));
    ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
        << station.output();
    station.send("sim play e4");
    ASSERT_TRUE(station.wait_for("recording sealed (interim): announcements.wav", kWait))
        << station.output();
    const std::size_t sealed = station.output().size();
    station.send("e5");  // said after the seal: not proven by it
    ASSERT_TRUE(station.wait_for("say public: Eva fuenf", kWait, sealed)) << station.output();
    ASSERT_TRUE(recorded(record / "announcements.wav", "Eva fuenf"));
    // An interim seal gives no code for the paper scoresheet: that is the end's.
    EXPECT_EQ(station.output().find("Write the code on the paper scoresheet"), std::string::npos)
        << station.output();
    station.kill9();
  }
  EXPECT_EQ(seal_occasions(record / "game.journal", true), (std::vector<std::string>{"interim"}));
  std::string out;
  EXPECT_EQ(verify((record / "announcements.wav").string(), out), 1) << out;
  EXPECT_NE(out.find("interim"), std::string::npos) << out;
  EXPECT_NE(out.find("not sealed beyond cue line"), std::string::npos) << out;
  EXPECT_EQ(verify("--unsealed-ok " + (record / "announcements.wav").string(), out), 0) << out;
  // Resumed, the part after the interim seal is checked against it and sealed as found.
  {
    ChildProcess station(play(config, record, true));
    ASSERT_TRUE(station.wait_for("recording sealed (resume): announcements.wav", kWait))
        << station.output();
    station.send("quit");
    EXPECT_EQ(station.wait(kWait), 0) << station.output();
  }
  EXPECT_EQ(verify((record / "announcements.wav").string(), out), 0) << out;
}

// After the game the station keeps running for the board and the braille display, also when
// its console's input is closed (a script ended): then `quit` cannot be typed. A signal (Ctrl-C,
// `kill`) stops it as quit does: what was said after the end's seal is sealed too, the process
// ends with 0, and the recording verifies. The old station died of the signal, its recording's
// end unsealed ("not sealed beyond cue line ...").
TEST(PlaySeal, ASignalAfterTheGameStopsTheStationAsQuitDoesAndSealsWhatWasSaid) {
  TempDir dir;
  const auto record = dir.path() / "record";
  const auto config = write_config(dir, (dir.path() / "keys").string());
  {
    ChildProcess station(play(config, record));
    ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
        << station.output();
    station.send("resign black");
    ASSERT_TRUE(station.wait_for("recording sealed (end)", kWait)) << station.output();
    const std::size_t sealed = station.output().size();
    station.send("time");  // said privately, recorded after the end's seal
    ASSERT_TRUE(station.wait_for("say private:", kWait, sealed)) << station.output();
    station.close_input();
    ::kill(station.pid(), SIGTERM);
    EXPECT_EQ(station.wait(kWait), 0) << station.output();
    EXPECT_NE(station.output().find("stopping: SIGTERM received, as quit"), std::string::npos)
        << station.output();
    EXPECT_FALSE(printed_code(station.output(), "stop").empty()) << station.output();
  }
  EXPECT_EQ(seal_occasions(record / "game.journal"), (std::vector<std::string>{"end", "stop"}));
  std::string out;
  EXPECT_EQ(verify((record / "announcements.wav").string(), out), 0) << out;
}

TEST(PlaySeal, WithoutAKeyTheGameGoesOnAndTheRecordingIsSaidNotSealed) {
  TempDir dir;
  const auto record = dir.path() / "record";
  // The key folder cannot be made: a file stands where it would be.
  std::ofstream(dir.path() / "not-a-folder") << "x\n";
  const auto config = write_config(dir, (dir.path() / "not-a-folder" / "keys").string());
  {
    ChildProcess station(play(config, record));
    ASSERT_TRUE(station.wait_for("recording: no station key (record.key_folder)", kWait))
        << station.output();
    ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
        << station.output();
    station.send("sim play e4");
    ASSERT_TRUE(station.wait_for("made 1. e4", kWait)) << station.output();
    station.send("quit");
    EXPECT_EQ(station.wait(kWait), 0) << station.output();
    EXPECT_EQ(station.output().find("recording sealed"), std::string::npos) << station.output();
  }
  std::string out;
  EXPECT_EQ(verify((record / "announcements.wav").string(), out), 1) << out;
  EXPECT_EQ(verify("--unsealed-ok " + (record / "announcements.wav").string(), out), 0) << out;
}

}  // namespace
}  // namespace play_seal_test
}  // namespace annabella::app
