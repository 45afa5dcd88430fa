// A temporary folder for one test, removed with everything in it when the test ends.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace annabella::testing {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

// The names of the entries of `folder`, sorted.
std::vector<std::string> names_in(const std::filesystem::path& folder);
// Reads a whole file into a string ("" if it cannot be read).
std::string read_file(const std::filesystem::path& path);
// Runs a shell command, returns its exit status and fills `output` with stdout (and stderr when
// merge_stderr is set).
int run_command(const std::string& command, std::string& output, bool merge_stderr = false);

}  // namespace annabella::testing
