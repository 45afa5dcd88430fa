// Runs a Station: the game thread's loop, fed by the device threads (pegboard reader, console
// reader) through one EventQueue, with the station's words printed as timestamped text lines
// (stdout and the log in the record folder) and spoken through the announcer.
#pragma once

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>

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
  void set_origin(TimePoint origin) { origin_ = origin; }

 private:
  void line(TimePoint time, std::string_view text);
  std::ostream& out_;
  std::unique_ptr<std::ostream> log_;
  TimePoint origin_;
  SpeechPort speech_;
};

// Reads console lines from a file descriptor on its own thread and queues them (poll() with a
// wake-up pipe: stop() returns at once, no polling loop). End of input ends the reader only.
class ConsoleReader {
 public:
  ConsoleReader(int fd, EventQueue<StationEvent>& queue, std::string source = "keyboard");
  ~ConsoleReader();
  ConsoleReader(const ConsoleReader&) = delete;
  ConsoleReader& operator=(const ConsoleReader&) = delete;
  void stop();

 private:
  void run();
  int fd_;
  int wake_[2] = {-1, -1};
  EventQueue<StationEvent>& queue_;
  std::string source_;
  std::thread thread_;
};

// The game thread's loop: until the station is finished or the queue closes.
void run_station_loop(Station& station, EventQueue<StationEvent>& queue);

}  // namespace annabella::app
