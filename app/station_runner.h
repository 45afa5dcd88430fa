// Runs a Station: the game thread's loop, fed by the device threads (pegboard reader, console
// reader) through one EventQueue, with the station's words printed as timestamped text lines
// (stdout and the log in the record folder) and spoken through the announcer.
#pragma once

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "app/event_queue.h"
#include "app/line_editor.h"
#include "app/record_folder.h"
#include "app/station.h"

namespace annabella::app {

// Console text and speech: every phrase is printed as "[H:MM:SS.mmm] say public: ..." (for
// screen readers, braille displays and the record) and handed to the speech port, if any.
class StationPrinter : public StationOutput {
 public:
  using SpeechPort = std::function<void(const speech::Phrase&, Route, TimePoint)>;
  StationPrinter(std::ostream& out, TimePoint origin, SpeechPort speech = nullptr);
  // Also appends every line to `path` (line by line, each whole or not at all). A line that
  // cannot be written (a full disk, the file size limit) waits in memory with the lines after it,
  // and they are written, in order, once the log can be written again; the failure is said once
  // on the console, and so is the recovery (D.2.7: the record is kept whole).
  Status open_log(const std::filesystem::path& path);
  // At the stop: tries once more to write the lines still waiting; those it cannot write are
  // printed on the console after a RECORD ERROR line, as the log would hold them.
  void close_log(TimePoint time);
  // How many lines wait for the log.
  [[nodiscard]] std::size_t log_lines_waiting() const;
  // While lines wait: when they are tried again (every second), and the try. Lines written
  // after they waited keep their own time stamp and are marked late, with the time they were
  // written ("[0:00:07.019] (written late, at 0:00:31.200) made 2... Nc6 ..."); the recovery
  // is said once, with their count.
  [[nodiscard]] std::optional<TimePoint> record_retry_due() const override;
  void retry_record(TimePoint now) override;
  void say(const speech::Phrase& phrase, Route route, TimePoint time) override;
  void print(TimePoint time, std::string_view text) override;
  void clock_changed(const core::ClockReading& reading, bool query) override;
  void menu_line(const speech::MenuLine& line, std::string_view text, bool open) override;
  void private_voice(const PrivateVoice& voice) override;
  bool to_opponent(std::string_view line) override;
  // Hands the lines for the sighted player's keypad to `terminal` (D.2.11), which returns
  // whether a terminal shows them.
  void set_opponent_terminal(std::function<bool(std::string_view)> terminal) {
    opponent_terminal_ = std::move(terminal);
  }
  // Hands every line of the player's menu (its display text) to `listener`, on the game thread:
  // the braille display shows it (D.2.11: the player on his own).
  void set_menu_listener(
      std::function<void(const speech::MenuLine&, std::string_view, bool)> listener) {
    menu_listener_ = std::move(listener);
  }
  // Hands the private route's voice, as the player set it in his menu, to `listener`.
  void set_voice_listener(std::function<void(const PrivateVoice&)> listener) {
    voice_listener_ = std::move(listener);
  }
  // Hands every clock change to `listener` (the clock displays' worker), on the game thread.
  void set_clock_listener(std::function<void(const core::ClockReading&, bool)> listener) {
    clock_listener_ = std::move(listener);
  }
  // Stamps are measured from the game's timeline (continued across resumptions); a line with an
  // earlier time than one already printed (an event noticed late) gets the later stamp, so the
  // console and the log never run backwards.
  void game_timeline(TimePoint origin) override { origin_ = origin; }
  // Whether console lines start with the time since the start (console.timestamps); the log
  // keeps it always.
  void set_console_timestamps(bool on) { console_timestamps_ = on; }
  // Writes console lines (each with its line end) through `sink` instead of the stream: the
  // line editor, which prints them above the line being typed.
  void set_console_sink(std::function<void(std::string_view)> sink) {
    console_sink_ = std::move(sink);
  }
  // Also hands every line (without its time stamp) to `listener`, on the printing thread.
  void set_line_listener(std::function<void(std::string_view)> listener) {
    listener_ = std::move(listener);
  }

 private:
  void line(TimePoint time, std::string_view text);
  // Prints `shown` (a line with its end) on the console only.
  void to_console(std::string_view shown);
  // Appends `stamped` to the log, or keeps it waiting.
  void to_log(TimePoint time, const std::string& stamped);
  // Writes the waiting lines (marked late when they waited), or keeps them waiting.
  void flush_log(TimePoint time);
  std::ostream& out_;
  std::optional<AppendFile> log_;
  std::string log_waiting_;  // lines not yet in the log, in order, each with its end
  std::string log_problem_;  // why the log cannot be written (said once), or empty
  TimePoint log_retry_{};    // while it fails, the next attempt is not before this
  TimePoint origin_;
  TimePoint last_{};  // the latest stamp printed
  SpeechPort speech_;
  std::function<void(std::string_view)> listener_;
  std::function<void(std::string_view)> console_sink_;
  std::function<void(const core::ClockReading&, bool)> clock_listener_;
  std::function<void(const speech::MenuLine&, std::string_view, bool)> menu_listener_;
  std::function<void(const PrivateVoice&)> voice_listener_;
  std::function<bool(std::string_view)> opponent_terminal_;
  bool console_timestamps_ = true;
};

// Reads console lines from a file descriptor on its own thread and queues them (poll() with a
// wake-up pipe: stop() returns at once, no polling loop). End of input ends the reader only.
// A line holding an escape sequence or another control byte never reaches the station: it is
// refused with the line named (console_line_problem).
class ConsoleReader {
 public:
  // `intercept` sees each line first (on the reader's thread) and keeps it from the station by
  // returning true: the demo hardware's "sim ..." commands.
  using Intercept = std::function<bool(const std::string& line)>;
  // `editor_output_fd` >= 0: `fd` and it are one terminal, and lines are read with line editing
  // and history (app/line_editor.h); print through editor() then. When the editor cannot start,
  // plain lines are read and a notice says why.
  ConsoleReader(int fd, EventQueue<StationEvent>& queue, InputSource source = InputSource::Keyboard,
                Intercept intercept = nullptr, int editor_output_fd = -1);
  ~ConsoleReader();
  ConsoleReader(const ConsoleReader&) = delete;
  ConsoleReader& operator=(const ConsoleReader&) = delete;
  void stop();
  // The line editor, or null (plain lines: a script, a pipe, or editing off).
  [[nodiscard]] LineEditor* editor() { return editor_.get(); }

 private:
  void run();
  void run_editor();
  int fd_;
  int wake_[2] = {-1, -1};
  EventQueue<StationEvent>& queue_;
  InputSource source_;
  Intercept intercept_;
  std::unique_ptr<LineEditor> editor_;
  std::thread thread_;
};

// Why a console line is refused before it reaches the commands: it holds an escape sequence (an
// arrow key typed where there is no line editing) or another control character. The message
// names the line with the bytes made visible ("e4\x1B[A"); nullopt for a clean line.
[[nodiscard]] std::optional<std::string> console_line_problem(std::string_view line);

// The game thread's loop: until the station is finished or the queue closes.
void run_station_loop(Station& station, EventQueue<StationEvent>& queue);

}  // namespace annabella::app
