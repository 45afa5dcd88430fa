// The record folder (record.folder, `play --record DIR`): the game's journal and exports.
//
// The folder is no attack surface (docs/record.md): every file in it is opened relative to the
// folder's own descriptor (openat, renameat), never through a symbolic link standing in a file's
// place (O_NOFOLLOW; such a link is refused with a message naming the file and its target is
// left untouched), and every file is created readable and writable by its owner and readable by
// its group only (0640), whatever the umask. The folder itself may be reached through a link
// (a USB stick mounted elsewhere); the files inside it may not.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/result.h"

namespace annabella::app {

// The mode of every file the station creates in a record folder, and of a folder it creates.
inline constexpr unsigned kRecordFileMode = 0640;
inline constexpr unsigned kRecordFolderMode = 0750;

// An open file descriptor, closed when the owner goes.
class FileDescriptor {
 public:
  FileDescriptor() = default;
  explicit FileDescriptor(int fd) : fd_(fd) {}
  FileDescriptor(FileDescriptor&& other) noexcept;
  FileDescriptor& operator=(FileDescriptor&& other) noexcept;
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor();

  [[nodiscard]] int get() const { return fd_; }
  // Gives up ownership: the caller closes it.
  [[nodiscard]] int release();

 private:
  int fd_ = -1;
};

// D.2.7 (tester 14j): keeps room on the disk held for an append-only record file (the journal,
// the station log) beyond its end: kReservedAhead bytes allocated without changing
// its length (fallocate, FALLOC_FL_KEEP_SIZE), topped up once less than half is left. On a disk
// that fills up (the recording in the same folder), the next entries and lines still find room
// there, so that a station killed then has lost none of them to memory. Nothing where the file
// system cannot (its appends then wait in memory as before).
inline constexpr std::int64_t kReservedAhead = std::int64_t{64} * 1024;
void reserve_room_ahead(int fd);

// A file of the record folder opened for appending (the station log, the touch log).
class AppendFile {
 public:
  AppendFile(FileDescriptor fd, std::filesystem::path path, bool created)
      : fd_(std::move(fd)), path_(std::move(path)), created_(created) {}

  // Writes all of `text` at the end of the file, or nothing: a write that fails part of the way
  // (a full disk, the file size limit) is cut back, so that the file ends where it ended.
  [[nodiscard]] Status append(std::string_view text);
  // From now on, keeps room held beyond its end (reserve_room_ahead): an append-only record
  // file (open_append), not a file written whole and renamed (write_atomically).
  void hold_room_ahead() {
    hold_room_ = true;
    reserve_room_ahead(fd_.get());
  }
  // Whether opening the file created it (a header line is then due).
  [[nodiscard]] bool created() const { return created_; }
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  FileDescriptor fd_;
  std::filesystem::path path_;
  bool created_ = false;
  bool hold_room_ = false;
};

class RecordFolder {
 public:
  // Opens the folder at `path`; with `create`, makes it first (mode 0750, its parents as
  // needed) when it does not exist. Errors name the folder.
  [[nodiscard]] static Result<RecordFolder> open(const std::filesystem::path& path,
                                                 bool create = false);

  // Whether `name` is one of the files a game's record consists of (game.journal, game.pgn,
  // scoresheet.brf, touches.txt, station.log, announcements*.wav and their cue lists, and the
  // .tmp files of the atomic replacements).
  [[nodiscard]] static bool is_record_file(std::string_view name);
  // Refuses the folder when a symbolic link stands in the place of a record file: "record folder
  // games/r3: station.log is a symbolic link ...". Nothing is changed.
  [[nodiscard]] Status refuse_links() const;

  // Replaces the file `name` atomically: writes `text` to "name.tmp" (a new file: a stale one is
  // removed first, a link there is refused), then renames it over `name` (renameat), so that a
  // reader sees the old contents or the new, never half of them.
  [[nodiscard]] Status write_atomically(std::string_view name, const std::string& text) const;
  // Opens `name` for appending, creating it when it does not exist.
  [[nodiscard]] Result<AppendFile> open_append(std::string_view name) const;
  // Creates `name` holding `first` (write only, appending); fails when it exists: a game's
  // journal is never overwritten. The file appears whole or not at all: `first` is written to
  // "name.tmp" and flushed, then linked in as `name` (linkat, which never replaces a file), so a
  // kill or a power cut during the creation never leaves `name` empty or half-written (an empty
  // journal could be neither resumed nor replaced). The folder is flushed so that the new file
  // survives a power cut.
  [[nodiscard]] Result<FileDescriptor> create_exclusive(std::string_view name,
                                                        std::string_view first) const;
  // One station at a time (D.2.7: one record per game): takes the folder's lock, an advisory
  // lock (flock) on the folder itself, and writes the process's number into "station.lock"
  // (for the refusal's message only: removing it frees nothing). The lock is kept while the
  // descriptor lives and released by the kernel when the process ends, however it ends (a kill or a
  // power cut leaves no stale lock). A second station on the same folder would interleave its
  // journal with the first's: it is refused, naming the folder and the process that holds it.
  [[nodiscard]] Result<FileDescriptor> lock_for_station() const;
  // Whether another station holds the lock now, without taking it or creating anything (the
  // start's checks add no file to the folder): the same refusal as lock_for_station().
  [[nodiscard]] Status refuse_if_in_use() const;
  // Opens the existing file `name` for writing at its end (a resumed journal).
  [[nodiscard]] Result<FileDescriptor> open_existing(std::string_view name) const;

  [[nodiscard]] const std::filesystem::path& path() const { return path_; }
  [[nodiscard]] int fd() const { return fd_.get(); }

 private:
  RecordFolder(FileDescriptor fd, std::filesystem::path path)
      : fd_(std::move(fd)), path_(std::move(path)) {}
  // "games/r3/station.log" for messages.
  [[nodiscard]] std::string name_of(std::string_view name) const;
  // A failed open or create of `name` in words: "... is a symbolic link", or "NAME cannot be
  // <done>: <errno's text>".
  [[nodiscard]] Error open_error(std::string_view name, std::string_view done, int error) const;
  [[nodiscard]] Status refuse_link(std::string_view name) const;
  // The folder opened anew, as the descriptor its lock is taken on.
  [[nodiscard]] Result<FileDescriptor> open_lock() const;
  // flock on the folder's descriptor `fd`, after a short grace; the refusal names the process
  // holding it (from station.lock, when it is there).
  [[nodiscard]] Status take_lock(int fd) const;

  FileDescriptor fd_;
  std::filesystem::path path_;
};

}  // namespace annabella::app
