#include "app/record_folder.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>
#include <utility>

#include "app/file_error.h"
#include "app/i18n.h"

namespace annabella::app {
namespace {

std::string errno_text(int error) {
  return system_reason(error);
}

bool ends_with(std::string_view text, std::string_view end) {
  return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

// Writes all of `text` to `fd` (short writes and interruptions resumed); the error is errno's.
Status write_whole(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t n = ::write(fd, text.data(), text.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail(errno_text(errno));
    text.remove_prefix(static_cast<std::size_t>(n));
  }
  return {};
}

// Opening with O_NONBLOCK keeps a planted FIFO from blocking the station; a record file must be
// a regular file, and then blocking writes are restored.
Status make_regular_and_blocking(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return fail(errno_text(errno));
  if (!S_ISREG(st.st_mode)) return fail("it is not a regular file");
  const int flags = ::fcntl(fd, F_GETFL);
  if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) != 0) return fail(errno_text(errno));
  return {};
}

}  // namespace

FileDescriptor::FileDescriptor(FileDescriptor&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)) {}

FileDescriptor& FileDescriptor::operator=(FileDescriptor&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = std::exchange(other.fd_, -1);
  }
  return *this;
}

FileDescriptor::~FileDescriptor() {
  if (fd_ >= 0) ::close(fd_);
}

int FileDescriptor::release() {
  return std::exchange(fd_, -1);
}

void reserve_room_ahead(int fd) {
  struct stat now {};
  if (::fstat(fd, &now) != 0) return;
  const std::int64_t held = static_cast<std::int64_t>(now.st_blocks) * 512 - now.st_size;
  if (held >= kReservedAhead / 2) return;
  // A failure (a full disk, a file system without it) leaves the file as it was.
  [[maybe_unused]] const int reserved =
      ::fallocate(fd, FALLOC_FL_KEEP_SIZE, now.st_size, static_cast<off_t>(kReservedAhead));
}

Status AppendFile::append(std::string_view text) {
  // Whole or not at all: a write that stops part of the way (a full disk, the file size limit)
  // is cut back to where it began, so the file never ends in the middle of a line and the same
  // text can be appended again once there is room.
  struct stat before {};
  if (::fstat(fd_.get(), &before) != 0)
    return fail("cannot write " + path_.string() + ": " + errno_text(errno));
  if (auto written = write_whole(fd_.get(), text); !written) {
    // Should the cut-back fail too, the next append starts after what was written.
    [[maybe_unused]] const int cut_back = ::ftruncate(fd_.get(), before.st_size);
    return fail("cannot write " + path_.string() + ": " + written.error().message);
  }
  if (hold_room_) reserve_room_ahead(fd_.get());
  return {};
}

Result<RecordFolder> RecordFolder::open(const std::filesystem::path& path, bool create) {
  const std::filesystem::path folder = path.empty() ? std::filesystem::path(".") : path;
  if (create) {
    std::error_code ec;
    const auto parent = folder.lexically_normal().parent_path();
    if (!parent.empty()) std::filesystem::create_directories(parent, ec);
    if (ec)
      return fail("record folder " + folder.string() +
                  ": cannot be created: " + system_reason(ec.value()));
    if (::mkdir(folder.c_str(), kRecordFolderMode) != 0 && errno != EEXIST)
      return fail("record folder " + folder.string() + ": cannot be created: " + errno_text(errno));
  }
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    return fail("record folder " + folder.string() +
                (error == ENOENT    ? ": does not exist"
                 : error == ENOTDIR ? ": is not a folder"
                                    : ": cannot be opened: " + errno_text(error)));
  }
  return RecordFolder(FileDescriptor(fd), folder);
}

bool RecordFolder::is_record_file(std::string_view name) {
  if (ends_with(name, ".tmp")) name.remove_suffix(4);
  static constexpr std::array<std::string_view, 6> kFiles = {
      "game.journal", "game.pgn", "scoresheet.brf", "touches.txt", "station.log", "station.lock"};
  for (std::string_view file : kFiles)
    if (name == file) return true;
  if (name.rfind("announcements", 0) != 0) return false;
  if (ends_with(name, ".cues.txt")) name.remove_suffix(9);
  return ends_with(name, ".wav") || ends_with(name, ".flac");
}

std::string RecordFolder::name_of(std::string_view name) const {
  return (path_ / std::string(name)).string();
}

Status RecordFolder::refuse_link(std::string_view name) const {
  struct stat st {};
  const std::string file(name);
  if (::fstatat(fd_.get(), file.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
    return fail("record folder " + path_.string() + ": " + file +
                " is a symbolic link; the record's files are never written through a link "
                "(docs/record.md): remove the link or choose another folder");
  return {};
}

Error RecordFolder::open_error(std::string_view name, std::string_view done, int error) const {
  if (auto link = refuse_link(name); !link) return link.error();  // O_NOFOLLOW's ELOOP, EEXIST
  return Error{"record folder " + path_.string() + ": " + std::string(name) + " cannot be " +
               std::string(done) + ": " + errno_text(error)};
}

Status RecordFolder::refuse_links() const {
  const int listing = ::dup(fd_.get());
  if (listing < 0) return fail("record folder " + path_.string() + ": " + errno_text(errno));
  DIR* dir = ::fdopendir(listing);
  if (dir == nullptr) {
    ::close(listing);
    return fail("record folder " + path_.string() + ": cannot be read: " + errno_text(errno));
  }
  ::rewinddir(dir);
  Status found;
  while (const dirent* entry = ::readdir(dir)) {
    if (!is_record_file(entry->d_name)) continue;
    if (auto link = refuse_link(entry->d_name); !link) {
      found = link;
      break;
    }
  }
  ::closedir(dir);
  return found;
}

Status RecordFolder::write_atomically(std::string_view name, const std::string& text) const {
  if (auto link = refuse_link(name); !link) return link;
  const std::string file(name);
  const std::string temp = file + ".tmp";
  // A stale temporary file (a crash mid-write) is removed, never written into: it could be a
  // hard link to another file. A link there is refused.
  struct stat st {};
  if (::fstatat(fd_.get(), temp.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
    if (S_ISLNK(st.st_mode)) return refuse_link(temp);
    if (::unlinkat(fd_.get(), temp.c_str(), 0) != 0 && errno != ENOENT)
      return fail(open_error(temp, "removed", errno));
  }
  FileDescriptor fd(::openat(fd_.get(), temp.c_str(),
                             O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                             kRecordFileMode));
  if (fd.get() < 0) return fail(open_error(temp, "created", errno));
  ::fchmod(fd.get(), kRecordFileMode);  // whatever the umask took away
  AppendFile out(std::move(fd), path_ / temp, true);
  if (auto written = out.append(text); !written) {
    ::unlinkat(fd_.get(), temp.c_str(), 0);
    return written;
  }
  if (::renameat(fd_.get(), temp.c_str(), fd_.get(), file.c_str()) != 0)
    return fail("record folder " + path_.string() + ": cannot replace " + file + ": " +
                errno_text(errno));
  return {};
}

Result<AppendFile> RecordFolder::open_append(std::string_view name) const {
  const std::string file(name);
  const int flags = O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK;
  FileDescriptor fd(::openat(fd_.get(), file.c_str(), flags | O_CREAT | O_EXCL, kRecordFileMode));
  const bool created = fd.get() >= 0;
  if (created) {
    ::fchmod(fd.get(), kRecordFileMode);
  } else if (errno == EEXIST) {
    fd = FileDescriptor(::openat(fd_.get(), file.c_str(), flags));
  }
  if (fd.get() < 0) return fail(open_error(file, "opened", errno));
  if (auto regular = make_regular_and_blocking(fd.get()); !regular)
    return fail("record folder " + path_.string() + ": " + file + ": " + regular.error().message);
  AppendFile out(std::move(fd), path_ / file, created);
  out.hold_room_ahead();  // D.2.7: room held for the next lines
  return out;
}

namespace {
constexpr const char* kLockFile = "station.lock";
}  // namespace

Status RecordFolder::take_lock(int fd) const {
  // A station killed a moment ago may still be ending (its files being closed): a few seconds'
  // grace before the folder is called in use.
  constexpr auto kGrace = std::chrono::seconds(3);
  constexpr auto kStep = std::chrono::milliseconds(50);
  for (auto waited = std::chrono::milliseconds(0);; waited += kStep) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return {};
    const int error = errno;
    if (error != EWOULDBLOCK) return fail(open_error(kLockFile, "locked", error));
    if (waited >= kGrace) break;
    std::this_thread::sleep_for(kStep);
  }
  // The holder's process number, when its station.lock is still there to say it.
  std::array<char, 32> pid{};
  const FileDescriptor note(::openat(fd_.get(), kLockFile, O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  const ssize_t got = note.get() < 0 ? -1 : ::pread(note.get(), pid.data(), pid.size() - 1, 0);
  std::string holder(pid.data(), got > 0 ? std::size_t(got) : 0);
  while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
  const i18n::Places places = {{"folder", path_.string()}, {"process", holder}};
  if (holder.empty())
    return fail(i18n::format(i18n::tr("record folder {folder} is in use by another station: two "
                                      "stations would interleave their records of one game "
                                      "(D.2.7). Stop that station first, or choose another "
                                      "folder"),
                             places));
  return fail(i18n::format(i18n::tr("record folder {folder} is in use by another station (process "
                                    "{process}): two stations would interleave their records of "
                                    "one game (D.2.7). Stop that station first, or choose another "
                                    "folder"),
                           places));
}

// The lock is held on the folder itself (its own open directory), not on a file in it: a
// station.lock removed as "stale" by an operator must not let a second station in (it once did:
// the two journals interleaved, and neither could be resumed). station.lock only names the
// process for the refusal's message.
Result<FileDescriptor> RecordFolder::open_lock() const {
  FileDescriptor fd(::openat(fd_.get(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd.get() < 0) return fail(open_error(".", "opened", errno));
  return fd;
}

Status RecordFolder::refuse_if_in_use() const {
  auto fd = open_lock();
  if (!fd) return fail(fd.error());
  return take_lock(fd->get());  // released when fd closes
}

Result<FileDescriptor> RecordFolder::lock_for_station() const {
  auto lock = open_lock();
  if (!lock) return fail(lock.error());
  if (auto taken = take_lock(lock->get()); !taken) return fail(taken.error());
  const FileDescriptor note(
      ::openat(fd_.get(), kLockFile, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, kRecordFileMode));
  if (note.get() < 0) return fail(open_error(kLockFile, "opened", errno));
  ::fchmod(note.get(), kRecordFileMode);
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(note.get(), 0) != 0 ||
      ::pwrite(note.get(), pid.data(), pid.size(), 0) != static_cast<ssize_t>(pid.size()))
    return fail(open_error(kLockFile, "written", errno));
  return std::move(*lock);
}

Result<FileDescriptor> RecordFolder::create_exclusive(std::string_view name,
                                                      std::string_view first) const {
  const std::string file(name);
  const std::string temp = file + ".tmp";
  if (auto link = refuse_link(file); !link) return fail(link.error());
  // Refused before anything is written: the record is never overwritten.
  struct stat st {};
  if (::fstatat(fd_.get(), file.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0)
    return fail(open_error(file, "created", EEXIST));
  // A stale temporary file (a kill during an earlier creation) is removed, never written into.
  if (::fstatat(fd_.get(), temp.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
    if (S_ISLNK(st.st_mode)) return fail(refuse_link(temp).error());
    if (::unlinkat(fd_.get(), temp.c_str(), 0) != 0 && errno != ENOENT)
      return fail(open_error(temp, "removed", errno));
  }
  FileDescriptor fd(::openat(fd_.get(), temp.c_str(),
                             O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
                             kRecordFileMode));
  if (fd.get() < 0) return fail(open_error(temp, "created", errno));
  ::fchmod(fd.get(), kRecordFileMode);
  const auto give_up = [&](const std::string& what, const std::string& why) {
    ::unlinkat(fd_.get(), temp.c_str(), 0);
    return fail("record folder " + path_.string() + ": " + file + " cannot be created: " + what +
                ": " + why);
  };
  if (auto written = write_whole(fd.get(), first); !written)
    return give_up("its first entry cannot be written", written.error().message);
  if (::fdatasync(fd.get()) != 0)
    return give_up("its first entry cannot be flushed", errno_text(errno));
  if (::linkat(fd_.get(), temp.c_str(), fd_.get(), file.c_str(), 0) != 0) {
    const int error = errno;
    ::unlinkat(fd_.get(), temp.c_str(), 0);
    return fail(open_error(file, "created", error));
  }
  ::unlinkat(fd_.get(), temp.c_str(), 0);
  ::fsync(fd_.get());  // the new file must survive a power cut too
  return fd;
}

Result<FileDescriptor> RecordFolder::open_existing(std::string_view name) const {
  const std::string file(name);
  FileDescriptor fd(
      ::openat(fd_.get(), file.c_str(), O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK));
  if (fd.get() < 0) return fail(open_error(file, "opened", errno));
  if (auto regular = make_regular_and_blocking(fd.get()); !regular)
    return fail("record folder " + path_.string() + ": " + file + ": " + regular.error().message);
  return fd;
}

}  // namespace annabella::app
