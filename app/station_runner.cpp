#include "app/station_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <ostream>

#include "app/console.h"
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
  last_ = std::max(last_, time);  // never backwards (game_timeline)
  std::string stamped = "[" + core::format_hms_ms(last_ - origin_) + "] ";
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

void StationPrinter::menu_line(const speech::MenuLine& line, std::string_view text) {
  if (menu_listener_) menu_listener_(line, text);
}

void StationPrinter::private_voice(const PrivateVoice& voice) {
  if (voice_listener_) voice_listener_(voice);
}

ConsoleReader::ConsoleReader(int fd, EventQueue<StationEvent>& queue, InputSource source,
                             Intercept intercept)
    : fd_(fd), queue_(queue), source_(source), intercept_(std::move(intercept)) {
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

namespace {

// Cuts console input into lines. A line longer than kMaxConsoleLine is no command: it is
// refused whole (said once), never held in memory or echoed back.
class ConsoleLines {
 public:
  // Adds what was read; hands each complete, non-blank line to `line`, and says `refused` once
  // for each overlong line.
  void feed(std::string_view bytes, const std::function<void(std::string)>& line,
            const std::function<void()>& refused) {
    pending_.append(bytes);
    std::size_t end;
    while ((end = pending_.find('\n')) != std::string::npos) {
      std::string text = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      if (std::exchange(dropping_, false)) continue;  // the end of a refused line
      if (!text.empty() && text.back() == '\r') text.pop_back();
      if (text.find_first_not_of(" \t") != std::string::npos) line(std::move(text));
    }
    if (!dropping_ && pending_.size() > kMaxConsoleLine) {
      refused();
      dropping_ = true;
    }
    if (dropping_) pending_.clear();
  }
  // What is left at the end of the input (a last line without its line end).
  std::string rest() const { return dropping_ ? std::string() : pending_; }

 private:
  std::string pending_;
  bool dropping_ = false;
};

}  // namespace

void ConsoleReader::run() {
  ConsoleLines lines;
  char buffer[512];
  TimePoint now{};
  const auto push = [&](std::string text) {
    if (intercept_ && intercept_(text)) return;
    queue_.push(StationEvent::console(now, std::move(text), source_));
  };
  const auto refuse = [&] {
    queue_.push(StationEvent::notice(now, "console: a line of more than " +
                                              std::to_string(kMaxConsoleLine) +
                                              " bytes was refused; nothing was done"));
  };
  while (true) {
    pollfd fds[2] = {{fd_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
    if (::poll(fds, wake_[0] >= 0 ? 2 : 1, -1) < 0) {
      if (errno == EINTR) continue;
      return;
    }
    if (fds[1].revents) return;
    const ssize_t n = ::read(fd_, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    now = SteadyClock::now();  // the time the line was typed
    if (n <= 0) {
      if (std::string last = lines.rest(); !last.empty()) push(std::move(last));
      return;  // end of input: the game goes on (board buttons, the board itself)
    }
    lines.feed(std::string_view(buffer, static_cast<std::size_t>(n)), push, refuse);
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
