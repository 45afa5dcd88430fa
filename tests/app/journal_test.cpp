// The journal: entries survive a round trip, a torn last entry is dropped and cut off, damage
// before the end is an error naming the line, and nothing whole is ever lost.
#include "app/journal.h"

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <csignal>
#include <fstream>

#include "support/file_size_limit.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace journal_test {
namespace {

JournalEntry move_entry(int ply, const std::string& uci) {
  JournalEntry e;
  e.kind = "move";
  e.set("ply", std::to_string(ply)).set("uci", uci).set("note", "tab\there\nnew line \\ back");
  return e;
}

void append_raw(const std::filesystem::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::app);
  out << bytes;
}

TEST(Journal, EntriesRoundTripWithEscapes) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  {
    auto journal = Journal::create(path, move_entry(1, "e2e4"));
    ASSERT_TRUE(journal) << journal.error().message;
    for (int ply = 2; ply <= 5; ++ply) ASSERT_TRUE(journal->append(move_entry(ply, "e2e4")));
    EXPECT_EQ(journal->entries_written(), 5u);
  }
  auto read = read_journal(path);
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read->entries.size(), 5u);
  EXPECT_EQ(read->torn_tail, "");
  EXPECT_EQ(read->entries[4].kind, "move");
  EXPECT_EQ(read->entries[4].get("ply"), "5");
  EXPECT_EQ(read->entries[4].get("note"), "tab\there\nnew line \\ back");
  EXPECT_FALSE(read->entries[4].has("missing"));
}

TEST(Journal, CreateNeverOverwritesARecord) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  ASSERT_TRUE(Journal::create(path, move_entry(1, "e2e4")));
  auto again = Journal::create(path, move_entry(1, "d2d4"));
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().message.find("cannot be created"), std::string::npos);
  auto read = read_journal(path);
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read->entries.size(), 1u);
  EXPECT_EQ(read->entries[0].get("uci"), "e2e4");
  EXPECT_FALSE(std::filesystem::exists(path.string() + ".tmp"));
}

// A station killed while it began a game left an empty journal, which neither `play` (a journal
// is there) nor `play --resume` (no begin entry) would take: the folder was lost for the game.
// The journal now appears with its first entry or not at all; a stale temporary file of a
// creation cut short is no journal and is replaced.
TEST(Journal, ANewJournalAppearsWithItsFirstEntryOrNotAtAll) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  append_raw(path.string() + ".tmp", "1\tdeadbeef\tbeg");  // a creation killed mid-write
  {
    // Between the creation and the first append nothing may stand in the file but entry 1.
    auto journal = Journal::create(path, move_entry(1, "e2e4"));
    ASSERT_TRUE(journal) << journal.error().message;
    EXPECT_EQ(journal->entries_written(), 1u);
    auto read = read_journal(path);
    ASSERT_TRUE(read) << read.error().message;
    ASSERT_EQ(read->entries.size(), 1u);
    EXPECT_EQ(read->torn_tail, "");
    ASSERT_TRUE(journal->append(move_entry(2, "e7e5")));
  }
  EXPECT_FALSE(std::filesystem::exists(path.string() + ".tmp"));
  auto read = read_journal(path);
  ASSERT_TRUE(read) << read.error().message;
  ASSERT_EQ(read->entries.size(), 2u);
  EXPECT_EQ(read->entries[1].get("uci"), "e7e5");
  // No room for the first entry: no journal at all, and no temporary file left.
  const auto full_path = dir.path() / "full.journal";
  {
    annabella::testing::FileSizeLimit full(10);
    ASSERT_TRUE(full.ok());
    auto refused = Journal::create(full_path, move_entry(1, "e2e4"));
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("cannot be created: its first entry cannot be written"),
              std::string::npos)
        << refused.error().message;
  }
  EXPECT_FALSE(std::filesystem::exists(full_path));
  EXPECT_FALSE(std::filesystem::exists(full_path.string() + ".tmp"));
}

// A write cut off at every possible byte: the whole entries before it are all kept.
TEST(Journal, TornTailAtEveryByteIsDroppedAndCutOff) {
  const std::string last = journal_line(3, move_entry(3, "g1f3"));
  for (std::size_t cut = 1; cut < last.size(); ++cut) {
    annabella::testing::TempDir dir;
    const auto path = dir.path() / "game.journal";
    {
      auto journal = Journal::create(path, move_entry(1, "e2e4"));
      ASSERT_TRUE(journal->append(move_entry(2, "e7e5")));
    }
    append_raw(path, last.substr(0, cut));
    auto read = read_journal(path);
    ASSERT_TRUE(read) << "cut " << cut << ": " << read.error().message;
    ASSERT_EQ(read->entries.size(), 2u) << "cut " << cut;
    EXPECT_NE(read->torn_tail.find("line 3"), std::string::npos) << read->torn_tail;
    // Resuming cuts the torn bytes off and continues the sequence.
    auto resumed = Journal::resume(path, *read);
    ASSERT_TRUE(resumed) << resumed.error().message;
    ASSERT_TRUE(resumed->append(move_entry(3, "b8c6")));
    auto again = read_journal(path);
    ASSERT_TRUE(again) << again.error().message;
    ASSERT_EQ(again->entries.size(), 3u);
    EXPECT_EQ(again->torn_tail, "");
    EXPECT_EQ(again->entries[2].get("uci"), "b8c6");
  }
}

TEST(Journal, DamageBeforeTheEndIsAnErrorNamingTheLine) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  std::string second = journal_line(2, move_entry(2, "e7e5"));
  second[second.find("e7e5")] = 'd';  // one flipped byte: the checksum no longer matches
  append_raw(path, journal_line(1, move_entry(1, "e2e4")) + second +
                       journal_line(3, move_entry(3, "g1f3")));
  auto read = read_journal(path);
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().message.find("line 2"), std::string::npos) << read.error().message;
  EXPECT_NE(read.error().message.find("checksum"), std::string::npos) << read.error().message;
}

// A whole last line (it ends in its line end) whose checksum is wrong was written whole and then
// changed: damage, not a torn write. Nothing is dropped: the entry may be a move announced as
// made, with its evidence.
TEST(Journal, AWholeLastLineThatDoesNotCheckIsDamageNotATornWrite) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  std::string third = journal_line(3, move_entry(3, "g1f3"));
  third[third.find("g1f3")] = 'h';  // one changed byte: the checksum no longer matches
  const std::string text =
      journal_line(1, move_entry(1, "e2e4")) + journal_line(2, move_entry(2, "e7e5")) + third;
  append_raw(path, text);
  auto read = read_journal(path);
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().message.find("line 3"), std::string::npos) << read.error().message;
  EXPECT_NE(read.error().message.find("checksum"), std::string::npos) << read.error().message;
  EXPECT_NE(read.error().message.find("nothing was changed"), std::string::npos)
      << read.error().message;
  EXPECT_EQ(annabella::testing::read_file(path), text);  // the file exactly as it was
}

TEST(Journal, AMissingEntryIsDetectedBySequence) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  append_raw(path, journal_line(1, move_entry(1, "e2e4")) + journal_line(3, move_entry(3, "g1f3")) +
                       journal_line(4, move_entry(4, "b8c6")));
  auto read = read_journal(path);
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().message.find("sequence number 3 where 2 was due"), std::string::npos)
      << read.error().message;
}

// The disk fills mid-entry: the fragment is cut off, the failure named, and the next append
// takes the same sequence number, so the journal still reads and resumes whole.
TEST(Journal, AWriteCutShortIsCutOffAndTheNextAppendContinuesTheSequence) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  auto journal = Journal::create(path, move_entry(1, "e2e4"));
  ASSERT_TRUE(journal) << journal.error().message;
  ASSERT_TRUE(journal->append(move_entry(2, "e7e5")));
  const auto size_before = std::filesystem::file_size(path);
  {
    annabella::testing::FileSizeLimit full(size_before +
                                           10);  // room for 10 bytes of the next entry only
    ASSERT_TRUE(full.ok());
    auto failed = journal->append(move_entry(3, "g1f3"));
    ASSERT_FALSE(failed);
    EXPECT_NE(failed.error().message.find(path.string()), std::string::npos)
        << failed.error().message;
    EXPECT_NE(failed.error().message.find("write failed after 10 of"), std::string::npos)
        << failed.error().message;
    EXPECT_EQ(std::filesystem::file_size(path), size_before);  // no fragment left
    // The entry waits in memory; the next one waits behind it, in order.
    EXPECT_NE(failed.error().message.find("1 entry waits in memory"), std::string::npos)
        << failed.error().message;
    auto again = journal->append(move_entry(4, "b8c6"));  // still full
    ASSERT_FALSE(again);
    EXPECT_NE(again.error().message.find("2 entries wait"), std::string::npos)
        << again.error().message;
    EXPECT_EQ(std::filesystem::file_size(path), size_before);
    EXPECT_EQ(journal->waiting(), 2u);
    EXPECT_FALSE(journal->flush_waiting());  // still full: nothing written, nothing lost
    EXPECT_EQ(journal->waiting(), 2u);
  }
  EXPECT_EQ(journal->entries_written(), 2u);
  // Room again: the waiting entries are written, in order, with the sequence numbers they were
  // due; the journal stays a valid sequence.
  ASSERT_TRUE(journal->flush_waiting());
  EXPECT_EQ(journal->waiting(), 0u);
  auto read = read_journal(path);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->torn_tail, "");
  ASSERT_EQ(read->entries.size(), 4u);
  EXPECT_EQ(read->entries[2].get("uci"), "g1f3");
  EXPECT_EQ(read->entries[3].get("uci"), "b8c6");
  auto resumed = Journal::resume(path, *read);
  ASSERT_TRUE(resumed) << resumed.error().message;
  ASSERT_TRUE(resumed->append(move_entry(5, "f1b5")));
  auto last = read_journal(path);
  ASSERT_TRUE(last) << last.error().message;
  EXPECT_EQ(last->entries.size(), 5u);
}

// A failure as the station stops (no later append to repair it): the file still ends at an
// entry boundary, so resuming drops nothing and says nothing is torn.
TEST(Journal, AFailedLastAppendLeavesNoTornTail) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  {
    auto journal = Journal::create(path, move_entry(1, "e2e4"));
    ASSERT_TRUE(journal) << journal.error().message;
    annabella::testing::FileSizeLimit full(std::filesystem::file_size(path) + 1);
    ASSERT_TRUE(full.ok());
    ASSERT_FALSE(journal->append(move_entry(2, "e7e5")));
  }
  auto read = read_journal(path);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(read->entries.size(), 1u);
  EXPECT_EQ(read->torn_tail, "");
}

TEST(Journal, UnreadableFileSaysWhich) {
  auto read = read_journal("/nonexistent/annabella/game.journal");
  ASSERT_FALSE(read);
  EXPECT_NE(read.error().message.find("/nonexistent/annabella/game.journal"), std::string::npos);
}

}  // namespace
}  // namespace journal_test
}  // namespace annabella::app
