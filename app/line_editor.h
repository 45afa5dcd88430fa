// The assistant's console on a terminal: line editing and history (the arrow keys, Ctrl-A/E,
// Ctrl-R ...) through libedit. This adapter is the only file that includes libedit's headers.
//
// Threads: one reader thread calls read_line() (it alone touches libedit); any thread may call
// print(). A line printed while the assistant types goes above the line being typed, which is
// drawn again as it was (prompt, text, cursor): the station's words never break it. The game
// thread never waits for the keyboard: print() only queues the text and wakes the reader.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/result.h"

namespace annabella::app {

class LineEditor {
 public:
  struct Settings {
    int input_fd = 0;   // a terminal (isatty), read by the editor
    int output_fd = 1;  // the same terminal: echo, prompt, and every printed line
    int stop_fd = -1;   // readable: read_line() returns nullopt (a wake-up pipe)
    std::string prompt = "> ";
    int history_size = 500;  // lines kept for the Up arrow (this game only)
  };
  // Fails when libedit cannot take the terminal. Sets the character type category of the
  // process's C locale to UTF-8 when it is not (libedit reads and draws UTF-8 under it; the
  // rest of the program reads bytes).
  [[nodiscard]] static Result<std::unique_ptr<LineEditor>> open(const Settings& settings);
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  // On the reader thread: the next line typed (UTF-8, without its line end; history recalled
  // with the arrows is edited in place and never arrives as escape bytes), or nullopt at the
  // end of the input (Ctrl-D on an empty line) or once stop_fd is readable.
  [[nodiscard]] std::optional<std::string> read_line();
  // From any thread: `text`, whole lines each ending in '\n', printed above the line being typed.
  void print(std::string_view text);

  struct Impl;

 private:
  explicit LineEditor(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace annabella::app
