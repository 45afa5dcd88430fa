// A program under test on a kernel pseudo-terminal (posix_openpt), as an assistant at a real
// terminal runs it: keys typed byte by byte, the raw output kept, and a small screen model that
// applies what a terminal does with it (carriage return, line feed, backspace, cursor moves,
// erasing), so a test can read the screen as a person or a screen reader sees it.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace annabella::testing {

class TerminalProcess {
 public:
  // Starts `argv[0]` in a new session with the pty's other side as its controlling terminal
  // and stdin, stdout and stderr; `env` entries ("TERM=xterm") are added to the environment.
  // The terminal is `columns` wide.
  TerminalProcess(const std::vector<std::string>& argv, const std::vector<std::string>& env,
                  int columns = 80);
  ~TerminalProcess();  // kills the child if it still runs
  TerminalProcess(const TerminalProcess&) = delete;
  TerminalProcess& operator=(const TerminalProcess&) = delete;

  [[nodiscard]] bool started() const { return pid_ > 0; }
  // Types these bytes (no line end added: "\r" is Enter, "\x1B[A" the Up arrow).
  void type(const std::string& keys);
  // Reads until the raw output holds `text` after `from`; false on timeout or end of output.
  bool wait_for(const std::string& text, std::chrono::milliseconds timeout, std::size_t from = 0);
  // Reads whatever comes within `span`.
  void drain(std::chrono::milliseconds span);
  [[nodiscard]] const std::string& output() const { return output_; }
  // The screen after all the output so far: its lines, without trailing blanks.
  [[nodiscard]] std::vector<std::string> screen() const;
  // The line the cursor is on.
  [[nodiscard]] std::string cursor_line() const;
  // Waits for the child to end; its exit code, or -1.
  int wait(std::chrono::milliseconds timeout);

 private:
  bool read_some(std::chrono::milliseconds timeout);
  pid_t pid_ = -1;
  int master_ = -1;
  int columns_;
  std::string output_;
  bool eof_ = false;
  bool reaped_ = false;
  int exit_code_ = -1;
};

// The screen model by itself: `output` applied to an empty screen `columns` wide (lines grow
// without limit; nothing scrolls away). Unknown escape sequences are skipped.
struct Screen {
  std::map<int, std::string> lines;
  int row = 0;
  int column = 0;
};
[[nodiscard]] Screen render_terminal(const std::string& output, int columns);

}  // namespace annabella::testing
