// How a file that cannot be read or written is worded for people, the same in every command
// (docs/arbiters-guide.md: a file error names the option, the file and the fault):
// `--sheet-a: cannot read "nofile": No such file or directory`.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace annabella::app {

// The kinds of fault a file or device meets, from errno: typed here, worded by system_reason
// through the catalogs (strerror's text is English whatever the user's language).
enum class FileFault : unsigned char {
  Missing,       // ENOENT
  Folder,        // EISDIR: a folder where a file is wanted
  NotAFolder,    // ENOTDIR: a file where a folder is wanted in the path
  NoPermission,  // EACCES, EPERM
  DiskFull,      // ENOSPC, EDQUOT
  ReadOnly,      // EROFS
  NameTooLong,   // ENAMETOOLONG
  TooManyOpen,   // EMFILE, ENFILE
  Busy,          // EBUSY, ETXTBSY
  InputOutput,   // EIO: the disk or device failed
  NoDevice,      // ENXIO, ENODEV: the device is gone (a board or clock unplugged)
  Other,         // anything else: worded with its number and the system's English text
};
[[nodiscard]] FileFault file_fault(int error);

// The reason for `error` (an errno value) in the user's language: "No such file or directory",
// "Datei oder Ordner nicht gefunden"; another errno as "system error 71 (Protocol error)".
[[nodiscard]] std::string system_reason(int error);

// "--journal: cannot read "/nonexist": No such file or directory"; without an option (a
// positional argument) the sentence starts at "cannot".
[[nodiscard]] std::string cannot_read(std::string_view option, const std::filesystem::path& file,
                                      std::string_view reason);
[[nodiscard]] std::string cannot_write(std::string_view option, const std::filesystem::path& file,
                                       std::string_view reason);

// Why `file` cannot be opened for reading, found out again after an open failed (errno may be
// stale by then): missing, a folder, not readable by this user, or the system's word.
[[nodiscard]] std::string read_fault(const std::filesystem::path& file, int error);

}  // namespace annabella::app
