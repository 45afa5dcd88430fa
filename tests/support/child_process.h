// A program under test as a child process: lines to its stdin, its stdout (and stderr) read as
// they come, waiting for an expected line instead of sleeping, and kill -9.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace annabella::testing {

class ChildProcess {
 public:
  // Starts `argv[0]` with the arguments (no shell); stderr goes to the same pipe as stdout.
  // `file_size_limit` > 0: the child runs under that RLIMIT_FSIZE (ulimit -f, in bytes), with
  // SIGXFSZ's default action (the process is killed unless it ignores the signal itself).
  explicit ChildProcess(const std::vector<std::string>& argv, std::uint64_t file_size_limit = 0);
  ~ChildProcess();  // kills the child if it still runs
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  // Writes a line (a newline is added).
  void send(const std::string& line);
  // Closes the child's stdin.
  void close_input();
  // Reads output until it contains `text` after position `from` (default: anywhere); true when
  // found, false on timeout or end of output.
  bool wait_for(const std::string& text, std::chrono::milliseconds timeout, std::size_t from = 0);
  // Everything read so far.
  const std::string& output() const { return output_; }
  // SIGKILL, then reaps the child.
  void kill9();
  // Waits for the child to end (reading the rest of its output); its exit code, or -1 when it
  // did not end in time or was killed.
  int wait(std::chrono::milliseconds timeout);

 private:
  bool read_some(std::chrono::milliseconds timeout);
  pid_t pid_ = -1;
  int in_ = -1;
  int out_ = -1;
  std::string output_;
  bool eof_ = false;
  int exit_code_ = -1;
  bool reaped_ = false;
};

}  // namespace annabella::testing
