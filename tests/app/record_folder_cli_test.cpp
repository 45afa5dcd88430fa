// The record folder through `annabella play` (issue 11, section 5): a folder where a link stands
// in a record file's place is refused before anything is written, links planted during the game
// are refused when the file is next written, and every file of a real game's record is 0640.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace record_folder_cli_test {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::names_in;
using annabella::testing::read_file;
using annabella::testing::TempDir;

constexpr auto kWait = 20s;  // generous: CI runs these under ASan on two busy cores
constexpr const char* kTargetText = "the attacker's target: must stay as it is\n";

std::vector<std::string> play(const fs::path& record) {
  return {ANNABELLA_BINARY, "play", "--silent", "--record", record.string()};
}

TEST(RecordFolderCommand, PlayRefusesAFolderWithALinkInAFilesPlaceAndWritesNothing) {
  for (const std::string name :
       {"game.pgn.tmp", "scoresheet.brf.tmp", "station.log", "touches.txt", "game.journal",
        "announcements.wav", "announcements.wav.cues.txt", "station.lock"}) {
    TempDir dir;
    const fs::path record = dir / "record";
    fs::create_directory(record);
    std::ofstream(dir / "target.txt") << kTargetText;
    fs::create_symlink(dir / "target.txt", record / name);
    ChildProcess station(play(record));
    ASSERT_TRUE(station.started());
    station.close_input();
    EXPECT_EQ(station.wait(kWait), 2) << name << ": " << station.output();
    EXPECT_NE(station.output().find(name + " is a symbolic link"), std::string::npos)
        << station.output();
    EXPECT_EQ(read_file(dir / "target.txt"), kTargetText) << name;
    EXPECT_EQ(names_in(record), std::vector<std::string>{name}) << name;
  }
}

// D.2.7: one record per game. A second station started on a folder in use (a second `play
// --resume` typed by mistake, a station left running in another terminal) would interleave its
// journal with the first's: it is refused, naming the folder and the process, and the first
// station's game goes on untouched. The lock goes with its process, however it ends.
TEST(RecordFolderCommand, ASecondStationOnAFolderInUseIsRefusedAndTheFirstGoesOn) {
  TempDir dir;
  const fs::path record = dir / "record";
  ChildProcess first(play(record));
  ASSERT_TRUE(first.wait_for("connected: the board agrees with the game", kWait)) << first.output();
  first.send("sim play e4");
  ASSERT_TRUE(first.wait_for("made 1. e4", kWait)) << first.output();
  // The move's interim seal (D.2.7) is the last entry before the second station is tried.
  ASSERT_TRUE(first.wait_for("recording sealed (interim)", kWait)) << first.output();
  const std::string journal = read_file(record / "game.journal");
  for (const bool resume : {true, false}) {
    std::vector<std::string> args = play(record);
    if (resume) args.push_back("--resume");
    ChildProcess second(args);
    ASSERT_TRUE(second.started());
    second.close_input();
    EXPECT_EQ(second.wait(kWait), 2) << second.output();
    if (resume) {  // without --resume the journal already refuses the start
      EXPECT_NE(second.output().find("is in use by another station (process " +
                                     std::to_string(first.pid()) + ")"),
                std::string::npos)
          << second.output();
    }
    EXPECT_EQ(read_file(record / "game.journal"), journal);
  }
  first.send("e5");
  ASSERT_TRUE(first.wait_for("(e7e5) by console", kWait)) << first.output();
  first.kill9();  // the lock is the kernel's: it goes with the process
  ChildProcess resumed([&] {
    auto args = play(record);
    args.push_back("--resume");
    return args;
  }());
  ASSERT_TRUE(resumed.wait_for("Restored the game", kWait)) << resumed.output();
  resumed.send("quit");
  EXPECT_EQ(resumed.wait(kWait), 0) << resumed.output();
}

TEST(RecordFolderCommand, LinksPlantedDuringTheGameAreRefusedAndSaid) {
  TempDir dir;
  const fs::path record = dir / "record";
  std::ofstream(dir / "target.txt") << kTargetText;
  ChildProcess station(play(record));
  ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
      << station.output();
  // The touch log is written from the start (and replaced as the game goes): an attacker
  // replaces it with a link.
  fs::remove(record / "touches.txt");
  fs::create_symlink(dir / "target.txt", record / "touches.txt");
  fs::create_symlink(dir / "target.txt", record / "game.pgn.tmp");
  fs::create_symlink(dir / "target.txt", record / "scoresheet.brf.tmp");
  station.send("sim play e4");
  ASSERT_TRUE(station.wait_for("made 1. e4 (e2e4) by pegboard", kWait)) << station.output();
  EXPECT_TRUE(station.wait_for("touches.txt is a symbolic link", kWait)) << station.output();
  EXPECT_TRUE(station.wait_for("game.pgn.tmp is a symbolic link", kWait)) << station.output();
  EXPECT_TRUE(station.wait_for("scoresheet.brf.tmp is a symbolic link", kWait)) << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
  EXPECT_EQ(read_file(dir / "target.txt"), kTargetText);
}

TEST(RecordFolderCommand, EveryFileOfARealGamesRecordIsReadableByOwnerAndGroupOnly) {
  const mode_t old_mask = ::umask(0);  // the child inherits it: the modes must not depend on it
  TempDir dir;
  const fs::path record = dir / "record";
  {
    ChildProcess station(play(record));
    ::umask(old_mask);
    ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
        << station.output();
    station.send("sim play e4");
    ASSERT_TRUE(station.wait_for("say public: Eva vier", kWait)) << station.output();
    station.send("quit");
    ASSERT_EQ(station.wait(kWait), 0) << station.output();
  }
  for (const char* name : {"game.journal", "game.pgn", "scoresheet.brf", "touches.txt",
                           "station.log", "announcements.wav", "announcements.wav.cues.txt"}) {
    struct stat st {};
    ASSERT_EQ(::lstat((record / name).c_str(), &st), 0) << name;
    EXPECT_TRUE(S_ISREG(st.st_mode)) << name;
    EXPECT_EQ(st.st_mode & 07777, 0640u) << name << " is " << std::oct << (st.st_mode & 07777);
  }
  struct stat folder {};
  ASSERT_EQ(::stat(record.c_str(), &folder), 0);
  EXPECT_EQ(folder.st_mode & 07777, 0750u) << std::oct << (folder.st_mode & 07777);
}

}  // namespace
}  // namespace record_folder_cli_test
}  // namespace annabella::app
