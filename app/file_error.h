// How a file that cannot be read or written is worded for people, the same in every command
// (docs/arbiters-guide.md: a file error names the option, the file and the fault):
// `--sheet-a: cannot read "nofile": No such file or directory`.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace annabella::app {

// The system's reason for `error` (an errno value), as strerror gives it.
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
