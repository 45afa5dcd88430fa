// Runs a Station: the game thread's loop, fed by the device threads (pegboard reader, console
// reader) through one EventQueue, with the station's words printed as timestamped text lines
// (stdout and the log in the record folder) and spoken through the announcer.
#pragma once

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <thread>

#include "app/event_queue.h"
#include "app/station.h"

namespace annabella::app {

// Console text and speech: every phrase is printed as "[H:MM:SS.mmm] say public: ..." (for
// screen readers, braille displays and the record) and handed to the speech port, if any.
class StationPrinter : public StationOutput {
 public:
  using SpeechPort = std::function<void(const speech::Phrase&, Route, TimePoint)>;
  StationPrinter(std::ostream& out, TimePoint origin, SpeechPort speech = nullptr);
  // Also appends every line to `path` (flushed line by line).
  Status open_log(const std::filesystem::path& path);
  void say(const speech::Phrase& phrase, Route route, TimePoint time) override;
  void print(TimePoint time, std::string_view text) override;
  void clock_changed(const core::ClockReading& reading, bool query) override;
  void menu_line(const speech::MenuLine& line, std::string_view text) override;
  void private_voice(const PrivateVoice& voice) override;
  // Hands every line of the player's menu (its display text) to `listener`, on the game thread:
  // the braille display shows it (D.2.11: the player on his own).
  void set_menu_listener(std::function<void(const speech::MenuLine&, std::string_view)> listener) {
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
  // Also hands every line (without its time stamp) to `listener`, on the printing thread.
  void set_line_listener(std::function<void(std::string_view)> listener) {
    listener_ = std::move(listener);
  }

 private:
  void line(TimePoint time, std::string_view text);
  std::ostream& out_;
  std::unique_ptr<std::ostream> log_;
  TimePoint origin_;
  TimePoint last_{};  // the latest stamp printed
  SpeechPort speech_;
  std::function<void(std::string_view)> listener_;
  std::function<void(const core::ClockReading&, bool)> clock_listener_;
  std::function<void(const speech::MenuLine&, std::string_view)> menu_listener_;
  std::function<void(const PrivateVoice&)> voice_listener_;
};

// Reads console lines from a file descriptor on its own thread and queues them (poll() with a
// wake-up pipe: stop() returns at once, no polling loop). End of input ends the reader only.
class ConsoleReader {
 public:
  // `intercept` sees each line first (on the reader's thread) and keeps it from the station by
  // returning true: the demo hardware's "sim ..." commands.
  using Intercept = std::function<bool(const std::string& line)>;
  ConsoleReader(int fd, EventQueue<StationEvent>& queue, InputSource source = InputSource::Keyboard,
                Intercept intercept = nullptr);
  ~ConsoleReader();
  ConsoleReader(const ConsoleReader&) = delete;
  ConsoleReader& operator=(const ConsoleReader&) = delete;
  void stop();

 private:
  void run();
  int fd_;
  int wake_[2] = {-1, -1};
  EventQueue<StationEvent>& queue_;
  InputSource source_;
  Intercept intercept_;
  std::thread thread_;
};

// The game thread's loop: until the station is finished or the queue closes.
void run_station_loop(Station& station, EventQueue<StationEvent>& queue);

}  // namespace annabella::app
