// The record folder is no attack surface (issue 11, section 5): a symbolic link planted in the
// place of a record file is refused with a message naming the file and its target stays
// untouched; files are created 0640 and a created folder 0750, whatever the umask.
#include "app/record_folder.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "app/journal.h"
#include "speech/recorder.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace record_folder_test {
namespace {

namespace fs = std::filesystem;
using annabella::testing::read_file;
using annabella::testing::TempDir;

constexpr const char* kTargetText = "the attacker's target: must stay as it is\n";

unsigned mode_of(const fs::path& path) {
  struct stat st {};
  EXPECT_EQ(::lstat(path.c_str(), &st), 0) << path;
  return st.st_mode & 07777;
}

// A folder "record" and, outside it, a file a planted link points at.
struct Planted {
  TempDir dir;
  fs::path record = dir / "record";
  fs::path target = dir / "target.txt";
  Planted() {
    fs::create_directory(record);
    std::ofstream(target) << kTargetText;
  }
  void link(const std::string& name) const { fs::create_symlink(target, record / name); }
  RecordFolder folder() const {
    auto opened = RecordFolder::open(record);
    EXPECT_TRUE(opened) << opened.error().message;
    return std::move(*opened);
  }
  bool target_untouched() const { return read_file(target) == kTargetText; }
};

// Sets the umask for one scope.
class Umask {
 public:
  explicit Umask(mode_t mask) : old_(::umask(mask)) {}
  ~Umask() { ::umask(old_); }

 private:
  mode_t old_;
};

TEST(RecordFolder, ALinkInPlaceOfATemporaryFileIsRefusedAndItsTargetUntouched) {
  for (const std::string name : {"game.pgn", "scoresheet.brf"}) {
    Planted p;
    p.link(name + ".tmp");
    const auto written = p.folder().write_atomically(name, "[Event \"x\"]\n");
    ASSERT_FALSE(written) << name;
    EXPECT_NE(written.error().message.find(name + ".tmp is a symbolic link"), std::string::npos)
        << written.error().message;
    EXPECT_TRUE(p.target_untouched()) << name;
    EXPECT_FALSE(fs::exists(p.record / name)) << name;
  }
}

TEST(RecordFolder, ALinkInPlaceOfTheReplacedFileIsRefused) {
  Planted p;
  p.link("game.pgn");
  const auto written = p.folder().write_atomically("game.pgn", "1. e4 *\n");
  ASSERT_FALSE(written);
  EXPECT_NE(written.error().message.find("game.pgn is a symbolic link"), std::string::npos)
      << written.error().message;
  EXPECT_TRUE(p.target_untouched());
  EXPECT_TRUE(fs::is_symlink(p.record / "game.pgn"));
}

TEST(RecordFolder, AStaleTemporaryFileIsReplacedNeverWrittenInto) {
  Planted p;
  // A hard link to the target where the temporary file goes: writing into it would change the
  // target; it is removed and a new file made.
  fs::create_hard_link(p.target, p.record / "game.pgn.tmp");
  ASSERT_TRUE(p.folder().write_atomically("game.pgn", "1. e4 *\n"));
  EXPECT_EQ(read_file(p.record / "game.pgn"), "1. e4 *\n");
  EXPECT_TRUE(p.target_untouched());
  EXPECT_FALSE(fs::exists(p.record / "game.pgn.tmp"));
}

TEST(RecordFolder, AppendRefusesALinkAndANonRegularFile) {
  for (const std::string name : {"station.log", "touches.txt"}) {
    Planted p;
    p.link(name);
    auto opened = p.folder().open_append(name);
    ASSERT_FALSE(opened) << name;
    EXPECT_NE(opened.error().message.find(name + " is a symbolic link"), std::string::npos)
        << opened.error().message;
    EXPECT_TRUE(p.target_untouched());
  }
  Planted p;
  ASSERT_EQ(::mkfifo((p.record / "station.log").c_str(), 0600), 0);
  auto fifo = p.folder().open_append("station.log");  // must not block
  ASSERT_FALSE(fifo);
  EXPECT_NE(fifo.error().message.find("station.log"), std::string::npos);
}

TEST(RecordFolder, AppendCreatesOnceThenAppends) {
  Planted p;
  {
    auto first = p.folder().open_append("touches.txt");
    ASSERT_TRUE(first) << first.error().message;
    EXPECT_TRUE(first->created());
    ASSERT_TRUE(first->append("one\n"));
  }
  auto second = p.folder().open_append("touches.txt");
  ASSERT_TRUE(second) << second.error().message;
  EXPECT_FALSE(second->created());
  ASSERT_TRUE(second->append("two\n"));
  EXPECT_EQ(read_file(p.record / "touches.txt"), "one\ntwo\n");
}

TEST(RecordFolder, TheJournalIsNeverCreatedOrResumedThroughALink) {
  Planted p;
  p.link("game.journal");
  auto created = Journal::create(p.record / "game.journal", JournalEntry{"begin", {}});
  ASSERT_FALSE(created);
  EXPECT_NE(created.error().message.find("game.journal is a symbolic link"), std::string::npos)
      << created.error().message;
  auto resumed = Journal::resume(p.record / "game.journal", JournalContents{});
  ASSERT_FALSE(resumed);
  EXPECT_NE(resumed.error().message.find("game.journal is a symbolic link"), std::string::npos)
      << resumed.error().message;
  EXPECT_TRUE(p.target_untouched());
}

TEST(RecordFolder, TheRecordingAndItsCueListAreNeverWrittenThroughALink) {
  for (const std::string name : {"announcements.wav", "announcements.wav.cues.txt"}) {
    Planted p;
    p.link(name);
    auto recorder = speech::Recorder::create(p.record / "announcements.wav", 22050);
    ASSERT_FALSE(recorder) << name;
    EXPECT_NE(recorder.error().message.find(name + " is a symbolic link"), std::string::npos)
        << recorder.error().message;
    EXPECT_TRUE(p.target_untouched()) << name;
  }
}

TEST(RecordFolder, ALinkedRecordFileIsFoundBeforeAnythingIsWritten) {
  for (const std::string name :
       {"game.pgn.tmp", "scoresheet.brf.tmp", "station.log", "touches.txt", "game.journal",
        "announcements.wav", "announcements.wav.cues.txt", "announcements-2.flac"}) {
    Planted p;
    p.link(name);
    const auto checked = p.folder().refuse_links();
    ASSERT_FALSE(checked) << name;
    EXPECT_NE(checked.error().message.find(name + " is a symbolic link"), std::string::npos)
        << checked.error().message;
  }
  // Links that are no record file (the simulated pegboard's pty) are the station's own.
  Planted p;
  fs::create_symlink("/dev/null", p.record / "simulated-pegboard");
  EXPECT_TRUE(p.folder().refuse_links());
}

TEST(RecordFolder, FilesAre0640AndACreatedFolder0750WhateverTheUmask) {
  for (const mode_t mask : {mode_t{0}, mode_t{022}, mode_t{077}}) {
    Umask umask(mask);
    TempDir dir;
    auto folder = RecordFolder::open(dir / "new" / "record", true);
    ASSERT_TRUE(folder) << folder.error().message;
    ASSERT_TRUE(folder->write_atomically("game.pgn", "*\n"));
    auto log = folder->open_append("station.log");
    ASSERT_TRUE(log);
    auto journal = folder->create_exclusive("game.journal", "1\t00000000\tbegin\n");
    ASSERT_TRUE(journal);
    auto recorder = speech::Recorder::create(folder->path() / "announcements.wav", 22050);
    ASSERT_TRUE(recorder) << recorder.error().message;
    for (const char* name : {"game.pgn", "station.log", "game.journal", "announcements.wav",
                             "announcements.wav.cues.txt"})
      EXPECT_EQ(mode_of(folder->path() / name), 0640u)
          << name << " under umask 0" << std::oct << mask;
    EXPECT_EQ(mode_of(folder->path()), 0750u & ~mask) << std::oct << mask;
  }
}

TEST(RecordFolder, AMissingFolderIsNamed) {
  TempDir dir;
  auto folder = RecordFolder::open(dir / "absent");
  ASSERT_FALSE(folder);
  EXPECT_NE(folder.error().message.find("absent: does not exist"), std::string::npos)
      << folder.error().message;
}

TEST(RecordFolder, OnlyTheRecordsFileNamesCount) {
  for (const char* name :
       {"game.journal", "game.pgn", "game.pgn.tmp", "scoresheet.brf.tmp", "touches.txt",
        "station.log", "announcements.wav", "announcements-3.wav.cues.txt", "announcements.flac"})
    EXPECT_TRUE(RecordFolder::is_record_file(name)) << name;
  for (const char* name : {"simulated-pegboard", "notes.txt", "game.pgn.bak", "announcements"})
    EXPECT_FALSE(RecordFolder::is_record_file(name)) << name;
}

// D.2.7, one record per game: the lock is on the folder, not on station.lock. An operator who
// removes station.lock as "stale" while a station runs must not let a second station in (two
// stations once wrote one journal: neither could resume it). The second is refused after the
// lock's grace (three seconds: a station killed a moment ago may still be ending).
TEST(RecordFolder, RemovingStationLockLetsNoSecondStationIn) {
  Planted p;
  const RecordFolder first = p.folder();
  auto held = first.lock_for_station();
  ASSERT_TRUE(held) << held.error().message;
  EXPECT_EQ(read_file(p.record / "station.lock"), std::to_string(::getpid()) + "\n");
  fs::remove(p.record / "station.lock");
  const RecordFolder second = p.folder();
  auto refused = second.lock_for_station();
  ASSERT_FALSE(refused) << "a second station took the folder once station.lock was removed";
  EXPECT_NE(refused.error().message.find("is in use by another station"), std::string::npos)
      << refused.error().message;
  *held = FileDescriptor();  // the first station ends: its lock goes with it
  EXPECT_TRUE(second.refuse_if_in_use());
  EXPECT_TRUE(second.lock_for_station());
}

// D.2.7 (tester 14j): on a disk that fills up (a 300 KB tmpfs, the recording in the same folder
// taking the rest), the journal's entries and the log's lines still go to the disk, into the room
// each file holds ahead of its end, instead of waiting in memory, where a station killed would
// lose them. A real small tmpfs: it needs root to mount (skipped otherwise; RLIMIT_FSIZE limits
// a file's length, which held room cannot help with).
TEST(RecordFolder, TheJournalAndTheLogKeepRoomHeldOnADiskThatFillsUp) {
  TempDir dir;
  const fs::path disk = dir / "disk";
  fs::create_directory(disk);
  if (::geteuid() != 0 || ::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=300k") != 0)
    GTEST_SKIP() << "mounting a small tmpfs needs root";
  struct Unmount {
    fs::path path;
    ~Unmount() { ::umount2(path.c_str(), MNT_DETACH); }
  } unmount{disk};
  auto folder = RecordFolder::open(disk);
  ASSERT_TRUE(folder) << folder.error().message;
  auto log = folder->open_append("station.log");
  ASSERT_TRUE(log) << log.error().message;
  JournalEntry begin;
  begin.kind = "begin";
  auto journal = Journal::create(disk / "game.journal", begin);
  ASSERT_TRUE(journal) << journal.error().message;
  // A file written whole and renamed (the PGN) holds no room: it is never appended to.
  ASSERT_TRUE(folder->write_atomically("game.pgn", "[Event \"?\"]\n"));
  struct stat pgn {};
  ASSERT_EQ(::stat((disk / "game.pgn").c_str(), &pgn), 0);
  EXPECT_LT(pgn.st_blocks * 512, kReservedAhead);
  // The recording fills the disk.
  const int filler = ::open((disk / "announcements.wav").c_str(), O_WRONLY | O_CREAT, 0640);
  ASSERT_GE(filler, 0);
  const std::string block(4096, 'x');
  while (::write(filler, block.data(), block.size()) > 0) {
  }
  ::close(filler);
  const int probe = ::open((disk / "probe").c_str(), O_WRONLY | O_CREAT, 0640);
  ASSERT_GE(probe, 0);
  EXPECT_LT(::write(probe, block.data(), block.size()), 1) << "the disk is full";
  ::close(probe);
  for (int i = 1; i <= 100; ++i) {
    const std::string line = "[0:00:" + std::to_string(10 + i) + ".000] made a move, line " +
                             std::to_string(i) + " of the station's log\n";
    ASSERT_TRUE(log->append(line)) << i;
    JournalEntry move;
    move.kind = "move";
    move.set("ply", std::to_string(i));
    ASSERT_TRUE(journal->append(move)) << i;
    ASSERT_EQ(journal->waiting(), 0u);
  }
  const auto read = read_journal(disk / "game.journal");
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->entries.size(), 101u);
  EXPECT_NE(read_file(disk / "station.log").find("line 100 of the station's log\n"),
            std::string::npos);
}

}  // namespace
}  // namespace record_folder_test
}  // namespace annabella::app
