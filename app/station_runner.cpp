#include "app/station_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <ostream>

#include "app/record_folder.h"
#include "core/time_control.h"

namespace annabella::app {

StationPrinter::StationPrinter(std::ostream& out, TimePoint origin, SpeechPort speech)
    : out_(out), origin_(origin), speech_(std::move(speech)) {}

Status StationPrinter::open_log(const std::filesystem::path& path) {
  // Opened in the record folder, never through a link, mode 0640 (record_folder.h).
  auto folder = RecordFolder::open(path.parent_path());
  if (!folder) return fail(folder.error());
  auto log = folder->open_append(path.filename().string());
  if (!log) return fail(log.error());
  log_ = std::make_unique<AppendStream>(std::move(*log));
  return {};
}

void StationPrinter::line(TimePoint time, std::string_view text) {
  std::string stamped = "[" + core::format_hms_ms(time - origin_) + "] ";
  stamped += text;
  stamped += '\n';
  out_ << stamped << std::flush;
  if (log_) *log_ << stamped << std::flush;
  if (listener_) listener_(text);
}

void StationPrinter::say(const speech::Phrase& phrase, Route route, TimePoint time) {
  line(time, std::string(route == Route::Public ? "say public: " : "say private: ") + phrase.text);
  if (speech_) speech_(phrase, route, time);
}

void StationPrinter::print(TimePoint time, std::string_view text) {
  line(time, text);
}

void StationPrinter::clock_changed(const core::ClockReading& reading, bool query) {
  if (clock_listener_) clock_listener_(reading, query);
}

ConsoleReader::ConsoleReader(int fd, EventQueue<StationEvent>& queue, std::string source,
                             Intercept intercept)
    : fd_(fd), queue_(queue), source_(std::move(source)), intercept_(std::move(intercept)) {
  if (::pipe2(wake_, O_CLOEXEC) != 0) wake_[0] = wake_[1] = -1;
  thread_ = std::thread([this] { run(); });
}

ConsoleReader::~ConsoleReader() {
  stop();
  if (wake_[0] >= 0) ::close(wake_[0]);
  if (wake_[1] >= 0) ::close(wake_[1]);
}

void ConsoleReader::stop() {
  if (wake_[1] >= 0) {
    const char byte = 'q';
    [[maybe_unused]] const auto n = ::write(wake_[1], &byte, 1);
  }
  if (thread_.joinable()) thread_.join();
}

void ConsoleReader::run() {
  std::string pending;
  char buffer[512];
  while (true) {
    pollfd fds[2] = {{fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
    if (::poll(fds, wake_[0] >= 0 ? 2 : 1, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents) return;
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    const auto now = SteadyClock::now();  // the time the line was typed
    if (n <= 0) {
      if (!pending.empty()) {
        queue_.push(StationEvent::console(now, pending, source_));
      }
      return;  // end of input: the game goes on (board buttons, the board itself)
    }
    pending.append(buffer, static_cast<std::size_t>(n));
    std::size_t end;
    while ((end = pending.find('\n')) != std::string::npos) {
      std::string text = pending.substr(0, end);
      if (!text.empty() && text.back() == '\r') text.pop_back();
      pending.erase(0, end + 1);
      if (text.find_first_not_of(" \t") == std::string::npos) continue;
      if (intercept_ && intercept_(text)) continue;
      queue_.push(StationEvent::console(now, std::move(text), source_));
    }
  }
}

void run_station_loop(Station& station, EventQueue<StationEvent>& queue) {
  while (!station.finished()) {
    auto event = queue.pop_until(station.next_deadline());
    if (event) {
      station.handle(*event);
    } else {
      if (queue.closed()) break;
      station.tick(SteadyClock::now());
    }
  }
}

}  // namespace annabella::app
