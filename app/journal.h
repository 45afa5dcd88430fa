// The game's journal: an append-only file from which the game and the clocks can always be
// rebuilt (issue "the record"). Every entry is one line, written and flushed to the disk
// (fdatasync) before append() returns, so a crash or a power cut loses at most the entry being
// written. That torn last entry is detected by its checksum (or its missing line end) and
// dropped, never misread.
//
// Line format (UTF-8 text, one entry a line, fields separated by TAB):
//   <sequence number> TAB <CRC-32 of the rest of the line, 8 hex digits> TAB <kind>
//   [TAB <key>=<value>]... LF
// The CRC-32 (zlib's, IEEE 802.3) covers everything after the second TAB. Values escape TAB,
// LF, CR and backslash as \t \n \r \\. Sequence numbers count from 1 without gaps, so a lost
// line in the middle is also detected.
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace annabella::app {

struct JournalEntry {
  std::string kind;  // "begin", "move", "touch", "clock", "end", ...
  std::vector<std::pair<std::string, std::string>> fields;

  JournalEntry& set(std::string key, std::string value);
  // The value of `key`, or "" when absent.
  std::string get(std::string_view key) const;
  bool has(std::string_view key) const;
};

// What a journal file holds: its whole entries, and what was dropped from its end.
struct JournalContents {
  std::vector<JournalEntry> entries;
  std::uintmax_t valid_bytes = 0;  // length of the intact part of the file
  std::string torn_tail;           // "" or what was dropped and why ("line 42: checksum ...")
  std::string name;  // the file's path (or what parse_journal() was told), for messages
};

// Reads a journal. An unfinished last line (no line end: the write was cut off) is a torn tail
// (dropped, described in torn_tail). A whole line that does not check (checksum, sequence,
// syntax) is damage wherever it stands, the last line included: an error naming the line, and
// nothing is dropped (the entry may be a move announced as made).
Result<JournalContents> read_journal(const std::filesystem::path& path);
// A journal's text and the name its messages give it (its path, or what a test calls it).
struct JournalText {
  std::string_view name;
  std::string_view text;
};
// A whole line of a journal that does not check, typed (issue 17): worded by journal_fault_text,
// and by `recording verify` as a finding with its facts.
struct JournalFault {
  enum class Kind : unsigned char {
    NoSequenceAndChecksum,  //
    ChecksumMismatch,       // `value`: the checksum written
    SequenceWrong,          // `value` written where `expected` was due (an entry is missing)
    KindBadEscape,          //
    NoKind,                 // an entry without a kind
    FieldNoEquals,          // field `value` has no '='
    FieldBadEscape,         // field `value` has a bad escape
  };
  Kind kind = Kind::ChecksumMismatch;
  std::string file{};          // the journal's name
  std::uint64_t line = 0;      // its line (1-based)
  bool last = false;           // the last line: whole, but damaged
  std::string value{};         // see the kinds
  std::uint64_t expected = 0;  // SequenceWrong
};
// The fault worded in the language of the messages: "journal game.journal: line 3: checksum
// 1a2b3c4d does not match the entry (the journal is damaged before its end; nothing was changed)".
[[nodiscard]] std::string journal_fault_text(const JournalFault& fault);

// The same on a journal's text.
Result<JournalContents> parse_journal(const JournalText& journal);
// The same, the fault typed.
Result<JournalContents, JournalFault> parse_journal_typed(const JournalText& journal);

class Journal {
 public:
  // Creates a new journal file holding `first` as entry 1; fails if it exists (a game's record
  // is never overwritten). The file appears with its first entry whole or not at all
  // (RecordFolder::create_exclusive): a station killed while it starts a game never leaves an
  // empty journal, which could be neither resumed nor replaced.
  static Result<Journal> create(const std::filesystem::path& path, const JournalEntry& first);
  // Continues an existing journal after read_journal(): cuts the torn tail off (if any) and
  // appends after the last whole entry.
  static Result<Journal> resume(const std::filesystem::path& path, const JournalContents& read);

  Journal(Journal&& other) noexcept;
  Journal& operator=(Journal&& other) noexcept;
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;
  ~Journal();

  // Writes one entry and flushes it to the disk (fdatasync) before returning. On any failure
  // (a full disk, a failed flush) the file is cut back to where it was, so it always ends at an
  // entry boundary, and the entry is kept in memory: it waits, with any entries that failed
  // before it, in their order, and is written (with the sequence number it was due) before the
  // next entry once the disk has room again. The journal stays a valid sequence. The error says
  // why and how many entries wait.
  Status append(const JournalEntry& entry);
  // Writes the entries still waiting after a failed append, in order; ok when none wait.
  Status flush_waiting();
  // How many entries wait to be written.
  std::size_t waiting() const { return waiting_.size(); }
  // The waiting entries as the journal would hold them, with the sequence numbers they are due
  // (each line with its final LF): what a station that must stop with a full disk shows, so
  // that no entry is lost with the process.
  [[nodiscard]] std::vector<std::string> waiting_lines() const;
  const std::filesystem::path& path() const { return path_; }
  // The journal as it stands once the waiting entries are written: the file's bytes up to its
  // last whole entry, then the waiting entries' lines with the numbers they are due. What a
  // seal written next signs (D.2.7, app/recording_seal.h); its entries: entries_written() +
  // waiting().
  [[nodiscard]] Result<std::string> text_so_far() const;
  std::uint64_t entries_written() const { return next_sequence_ - 1; }

 private:
  Journal(int fd, std::filesystem::path path, std::uint64_t next_sequence);
  Status write_now(const JournalEntry& entry);
  int fd_ = -1;
  std::filesystem::path path_;
  std::uint64_t next_sequence_ = 1;
  std::uintmax_t good_size_ = 0;      // the file's length after the last whole entry
  bool cut_pending_ = false;          // a failed entry's fragment is still to be cut off
  std::deque<JournalEntry> waiting_;  // entries not yet written (the disk was full)
};

// The line for an entry with its sequence number (with the final LF); exposed for tests.
std::string journal_line(std::uint64_t sequence, const JournalEntry& entry);

}  // namespace annabella::app
