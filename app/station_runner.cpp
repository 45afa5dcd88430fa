#include "app/station_runner.h"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <ostream>

#include "app/console.h"
#include "app/i18n.h"
#include "app/record_folder.h"
#include "app/station_text.h"
#include "core/text.h"
#include "core/time_control.h"

namespace annabella::app {

namespace {
// A spoken phrase longer than this is printed in several lines (at its "; " parts).
constexpr std::size_t kLongPhrase = 100;
// While the log cannot be written, a line is added to those waiting and the whole is tried
// again at most this often (a full disk is not asked at every line).
constexpr auto kLogRetry = std::chrono::seconds(1);
}  // namespace

StationPrinter::StationPrinter(std::ostream& out, TimePoint origin, SpeechPort speech)
    : out_(out), origin_(origin), speech_(std::move(speech)) {}

Status StationPrinter::open_log(const std::filesystem::path& path) {
  // Opened in the record folder, never through a link, mode 0640 (record_folder.h).
  auto folder = RecordFolder::open(path.parent_path());
  if (!folder) return fail(folder.error());
  auto log = folder->open_append(path.filename().string());
  if (!log) return fail(log.error());
  log_.emplace(std::move(*log));
  return {};
}

std::size_t StationPrinter::log_lines_waiting() const {
  return static_cast<std::size_t>(std::count(log_waiting_.begin(), log_waiting_.end(), '\n'));
}

void StationPrinter::to_console(std::string_view shown) {
  if (console_sink_)
    console_sink_(shown);
  else
    out_ << shown << std::flush;
}

// D.2.7: the station's lines are part of the record. A line the log cannot take waits with the
// ones after it; the failure is said once (and waits for the log with them), the recovery once.
void StationPrinter::to_log(TimePoint time, const std::string& stamped) {
  if (!log_) return;
  log_waiting_ += stamped;
  if (!log_problem_.empty() && time < log_retry_) return;
  flush_log(time);
}

std::optional<TimePoint> StationPrinter::record_retry_due() const {
  if (!log_ || log_waiting_.empty() || log_problem_.empty()) return std::nullopt;
  return log_retry_;
}

void StationPrinter::retry_record(TimePoint now) {
  if (const auto due = record_retry_due(); due && now >= *due) flush_log(now);
}

namespace {

// Each line of `lines` ("[stamp] text\n") with `mark` after its stamp: the line keeps the time
// it happened, and says when it reached the log.
std::string marked_late(std::string_view lines, std::string_view mark) {
  std::string out;
  out.reserve(lines.size() + mark.size() * 8);
  while (!lines.empty()) {
    const auto end = std::min(lines.find('\n'), lines.size() - 1) + 1;
    const std::string_view line = lines.substr(0, end);
    const auto stamp = line.find("] ");
    if (line.starts_with('[') && stamp != std::string_view::npos) {
      out += line.substr(0, stamp + 2);
      out += mark;
      out += line.substr(stamp + 2);
    } else {
      out += line;
    }
    lines.remove_prefix(end);
  }
  return out;
}

}  // namespace

void StationPrinter::flush_log(TimePoint time) {
  const bool late = !log_problem_.empty();
  last_ = std::max(last_, time);
  const std::size_t lines = log_lines_waiting();
  const Status written = log_->append(
      late ? marked_late(log_waiting_,
                         text::station_log_late_mark(core::format_hms_ms(last_ - origin_)))
           : log_waiting_);
  if (written) {
    log_waiting_.clear();
    if (!late) return;
    line(time, text::station_log_written_late(lines, std::exchange(log_problem_, {})));
    return;
  }
  log_retry_ = time + kLogRetry;
  if (written.error().message == log_problem_) return;
  log_problem_ = written.error().message;
  const std::string notice = text::station_log_failing(log_problem_) + '\n';
  const std::string stamp = "[" + core::format_hms_ms(last_ - origin_) + "] ";
  to_console(console_timestamps_ ? stamp + notice : notice);
  log_waiting_ += stamp + notice;
}

void StationPrinter::close_log(TimePoint time) {
  if (!log_ || log_waiting_.empty()) return;
  last_ = std::max(last_, time);
  const Status written = log_->append(log_waiting_);
  if (written) {
    log_waiting_.clear();
    log_problem_.clear();
    return;
  }
  const std::size_t lines = log_lines_waiting();
  const std::string waiting = std::exchange(log_waiting_, {});
  log_.reset();  // what follows is for the console only
  line(time, text::station_log_unwritten(lines, written.error().message));
  to_console(waiting);
}

void StationPrinter::line(TimePoint time, std::string_view text) {
  last_ = std::max(last_, time);  // never backwards (game_timeline)
  const std::string stamp = "[" + core::format_hms_ms(last_ - origin_) + "] ";
  std::string plain(text);
  plain += '\n';
  const std::string stamped = stamp + plain;
  const std::string& shown = console_timestamps_ ? stamped : plain;
  to_console(shown);
  to_log(time, stamped);  // the log keeps the time always
  if (listener_) listener_(text);
}

void StationPrinter::say(const speech::Phrase& phrase, Route route, TimePoint time) {
  // Said once; a long phrase (a board reading) is printed in short lines at its "; " parts, each
  // line after the first marked as the same phrase continued.
  // TRANSLATORS: the console's mark of what the station says aloud to both players (public) or
  // in the VI player's ear (private): "say public: Springer Felix drei".
  const std::string head =
      route == Route::Public ? i18n::tr("say public") : i18n::tr("say private");
  std::string_view rest = phrase.text;
  std::string prefix = i18n::format(i18n::tr("{head}: "), {{"head", head}});
  while (rest.size() > kLongPhrase && rest.find("; ") != std::string_view::npos) {
    const auto cut = rest.find("; ");
    line(time, prefix + std::string(rest.substr(0, cut)));
    rest.remove_prefix(cut + 2);
    prefix = i18n::format(i18n::tr("{head}, continued: "), {{"head", head}});
  }
  line(time, prefix + std::string(rest));
  if (speech_) speech_(phrase, route, time);
}

void StationPrinter::print(TimePoint time, std::string_view text) {
  line(time, text);
}

void StationPrinter::clock_changed(const core::ClockReading& reading, bool query) {
  if (clock_listener_) clock_listener_(reading, query);
}

void StationPrinter::menu_line(const speech::MenuLine& line, std::string_view text, bool open) {
  if (menu_listener_) menu_listener_(line, text, open);
}

void StationPrinter::private_voice(const PrivateVoice& voice) {
  if (voice_listener_) voice_listener_(voice);
}

bool StationPrinter::to_opponent(std::string_view line) {
  return opponent_terminal_ && opponent_terminal_(line);
}

ConsoleReader::ConsoleReader(int fd, EventQueue<StationEvent>& queue, InputSource source,
                             Intercept intercept, int editor_output_fd)
    : fd_(fd), queue_(queue), source_(source), intercept_(std::move(intercept)) {
  if (::pipe2(wake_, O_CLOEXEC) != 0) wake_[0] = wake_[1] = -1;
  if (editor_output_fd >= 0) {
    auto editor = LineEditor::open({fd, editor_output_fd, wake_[0]});
    if (editor)
      editor_ = std::move(*editor);
    else
      queue_.push(StationEvent::notice(
          SteadyClock::now(), i18n::format(i18n::tr("console: {why}; plain lines are read"),
                                           {{"why", editor.error().message}})));
  }
  thread_ = std::thread([this] { editor_ ? run_editor() : run(); });
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
  struct Sinks {
    std::function<void(std::string)> line;     // each complete, non-blank line
    std::function<void(std::string)> refused;  // why a line was refused (once a line)
  };
  explicit ConsoleLines(Sinks sinks) : sinks_(std::move(sinks)) {}

  // Adds what was read; each overlong line and each line holding control bytes is refused.
  void feed(std::string_view bytes) {
    pending_.append(bytes);
    std::size_t end;
    while ((end = pending_.find('\n')) != std::string::npos) {
      std::string text = pending_.substr(0, end);
      pending_.erase(0, end + 1);
      if (std::exchange(dropping_, false)) continue;  // the end of a refused line
      take(std::move(text));
    }
    if (!dropping_ && pending_.size() > kMaxConsoleLine) {
      sinks_.refused(
          i18n::format(i18n::tr("console: a line of more than {max} bytes was refused; nothing was "
                                "done"),
                       {{"max", std::to_string(kMaxConsoleLine)}}));
      dropping_ = true;
    }
    if (dropping_) pending_.clear();
  }
  // The last line without its line end, at the end of the input.
  void finish() {
    if (!dropping_ && !pending_.empty()) take(std::exchange(pending_, {}));
  }

 private:
  void take(std::string text) {
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.find_first_not_of(" \t") == std::string::npos) return;
    if (auto problem = console_line_problem(text)) {
      sinks_.refused(std::move(*problem));
      return;
    }
    sinks_.line(std::move(text));
  }

  Sinks sinks_;
  std::string pending_;
  bool dropping_ = false;
};

}  // namespace

std::optional<std::string> console_line_problem(std::string_view line) {
  // An arrow or function key on a console without line editing arrives as ESC [ A ...; no such
  // byte may reach the commands, the log or the journal, and the line is named, made visible.
  // Tabs are kept (they separate nothing here); any other control, a line or paragraph
  // separator, a bidirectional control or bytes that are not UTF-8 refuse the line.
  std::optional<core::Unsafe> unsafe;
  for (std::size_t from = 0; from < line.size();) {
    unsafe = core::find_unsafe(line.substr(from));
    if (!unsafe || unsafe->invalid_utf8 || unsafe->code != '\t') break;
    from += unsafe->at + unsafe->length;
    unsafe.reset();
  }
  if (!unsafe) return std::nullopt;
  const bool escape = !unsafe->invalid_utf8 && unsafe->code == 0x1B;
  return i18n::format(
      escape ? i18n::tr("console: the line \"{line}\" holds an escape sequence (an arrow or "
                        "function key: this console has no line editing); it was not entered, "
                        "nothing was done")
             : i18n::tr("console: the line \"{line}\" holds a control character; it was not "
                        "entered, nothing was done"),
      {{"line", core::escape_controls(line)}});
}

void ConsoleReader::run() {
  char buffer[512];
  TimePoint now{};
  const auto push = [&](std::string text) {
    if (intercept_ && intercept_(text)) return;
    queue_.push(StationEvent::console(now, std::move(text), source_));
  };
  const auto refuse = [&](std::string why) {
    queue_.push(StationEvent::notice(now, std::move(why)));
  };
  ConsoleLines lines({push, refuse});
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
      lines.finish();
      return;  // end of input: the game goes on (board buttons, the board itself)
    }
    lines.feed(std::string_view(buffer, static_cast<std::size_t>(n)));
  }
}

void ConsoleReader::run_editor() {
  // The editor hands over whole lines; the same checks as for plain lines apply.
  TimePoint now{};
  ConsoleLines lines(
      {[&](std::string text) {
         if (intercept_ && intercept_(text)) return;
         queue_.push(StationEvent::console(now, std::move(text), source_));
       },
       [&](std::string why) { queue_.push(StationEvent::notice(now, std::move(why))); }});
  while (auto line = editor_->read_line()) {
    now = SteadyClock::now();  // the time the line was entered
    lines.feed(*line + '\n');
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
  station.close(SteadyClock::now());
}

}  // namespace annabella::app
