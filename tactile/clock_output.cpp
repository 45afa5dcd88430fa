// The clock output worker and the braille clock line.
#include "tactile/clock_output.h"

#include <algorithm>

namespace annabella::tactile {

using core::ClockInstant;

ClockOutputWorker::ClockOutputWorker(std::vector<std::unique_ptr<ClockDisplay>> displays)
    : displays_(std::move(displays)) {
  thread_ = std::thread([this] { run(); });
}

ClockOutputWorker::~ClockOutputWorker() {
  stop();
}

void ClockOutputWorker::post(const core::ClockReading& reading, ClockShowReason why) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    // A time request already waiting is answered with the newest reading: repeated presses of
    // a query button (or a device repeating its line) never pile up.
    if (why == ClockShowReason::Query) {
      const auto waiting = std::find_if(queue_.begin(), queue_.end(), [](const Posted& p) {
        return p.why == ClockShowReason::Query;
      });
      if (waiting != queue_.end()) {
        waiting->reading = reading;
        return;
      }
    }
    if (queue_.size() >= kMaxQueued) {
      const auto event = std::find_if(queue_.begin(), queue_.end(), [](const Posted& p) {
        return p.why != ClockShowReason::Query;
      });
      if (event != queue_.end()) queue_.erase(event);
    }
    queue_.push_back({reading, why});
  }
  wake_.notify_one();
}

void ClockOutputWorker::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

std::optional<ClockInstant> ClockOutputWorker::next_tick(const core::ClockReading& current) {
  std::optional<ClockInstant> next;
  for (auto& display : displays_) {
    const auto when = display->next_update(current);
    if (when && (!next || *when < *next)) next = *when;
  }
  return next;
}

void ClockOutputWorker::show_tick(const Shown& shown, ClockInstant tick) {
  const core::ClockReading current = shown.reading.at(shown.at);
  const core::ClockReading projected = shown.reading.at(tick);
  for (auto& display : displays_) {
    const auto when = display->next_update(current);
    if (when && *when <= tick) display->show(projected, ClockShowReason::Tick);
  }
}

void ClockOutputWorker::run() {
  std::optional<Shown> shown;  // nothing before the first event
  std::unique_lock lock(mutex_);
  const auto woken = [&] { return stopping_ || !queue_.empty(); };
  while (!stopping_) {
    if (!queue_.empty()) {
      const Posted posted = queue_.front();
      queue_.pop_front();
      lock.unlock();
      shown = Shown{posted.reading, posted.reading.time};
      for (auto& display : displays_) display->show(posted.reading, posted.why);
      lock.lock();
      continue;
    }
    const std::optional<ClockInstant> next =
        shown ? next_tick(shown->reading.at(shown->at)) : std::nullopt;
    if (!next) {
      wake_.wait(lock, woken);
      continue;
    }
    if (wake_.wait_until(lock, *next, woken)) continue;
    // Time passed: show the last reading projected to the instant asked for (or to now, when
    // the worker woke late, so that a display never lags behind).
    const ClockInstant tick = std::max(*next, std::chrono::steady_clock::now());
    lock.unlock();
    show_tick(*shown, tick);
    shown->at = tick;
    lock.lock();
  }
}

// ---------------------------------------------------------------------------------------------

FlagAlarm::FlagAlarm(Callback on_flag) : on_flag_(std::move(on_flag)) {}

void FlagAlarm::show(const core::ClockReading& reading, ClockShowReason) {
  if (!reading.timed) return;
  for (const core::Color side : {core::WHITE, core::BLACK}) {
    const bool down = reading.remaining[side] <= core::ClockDuration::zero();
    if (down && !reported_[side]) {
      // The instant it fell: when the running clock reached zero (its own time stamp), or now
      // for a clock that was set to zero.
      core::ClockInstant fell = reading.time;
      if (reading.running == side) fell += reading.remaining[side];
      on_flag_(side, fell);
    }
    reported_[side] = down;
  }
}

std::optional<core::ClockInstant> FlagAlarm::next_update(const core::ClockReading& reading) {
  if (!reading.running || !reading.timed) return std::nullopt;
  if (reported_[*reading.running]) return std::nullopt;
  const auto when = reading.expiry();
  if (when && *when <= reading.time) return reading.time + core::ClockDuration(1);
  return when;
}

// ---------------------------------------------------------------------------------------------

namespace {

std::string time_text(const core::ClockReading& r, core::Color side, const ClockLineWords& words) {
  if (r.timed && r.remaining[side] <= core::ClockDuration::zero()) return words.flag;
  return core::format_hms(r.remaining[side]);
}

int move_number(const core::ClockReading& r) {
  // The move in progress: White's next move, or the move White has just completed.
  const bool white_to_move = r.running
                                 ? *r.running == core::WHITE
                                 : r.moves_completed[core::WHITE] <= r.moves_completed[core::BLACK];
  return r.moves_completed[core::WHITE] + (white_to_move ? 1 : 0);
}

// UTF-8 characters ("Б" is one, two bytes).
std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
  }));
}

// The first `count` characters of a UTF-8 text.
std::string first_characters(const std::string& text, std::size_t count) {
  std::size_t end = 0;
  for (std::size_t seen = 0; end < text.size(); ++end) {
    if ((static_cast<unsigned char>(text[end]) & 0xC0U) == 0x80U) continue;
    if (seen++ == count) break;
  }
  return text.substr(0, end);
}

}  // namespace

std::string clock_line(const core::ClockReading& reading, core::Color own_side, int cells,
                       const ClockLineWords& words) {
  const auto width = static_cast<std::size_t>(std::max(cells, 0));
  return clock_line(
      reading, own_side, [width](std::string_view text) { return characters(text) <= width; },
      cells, words);
}

std::string clock_line(const core::ClockReading& reading, core::Color own_side,
                       const ClockLineFits& fits, int cells, const ClockLineWords& words) {
  const core::Color opp = ~own_side;
  const auto side = [&](core::Color c, bool spaced) {
    std::string text = c == core::WHITE ? words.white : words.black;
    if (spaced) text += " ";
    text += time_text(reading, c, words);
    if (reading.running == c) text += "*";
    return text;
  };
  const std::string number = std::to_string(move_number(reading));
  std::string line = side(own_side, true) + " " + side(opp, true) + " " + words.move + " " + number;
  if (reading.paused) line += " " + words.paused;
  if (fits(line)) return line;
  line = side(own_side, false) + " " + side(opp, false) + " " + number;
  if (reading.paused) line += " " + words.paused_letter;
  const auto width = static_cast<std::size_t>(std::max(cells, 0));
  if (characters(line) > width) line = first_characters(line, width);
  return line;
}

std::optional<ClockInstant> next_second(const core::ClockReading& reading) {
  if (!reading.running || !reading.timed) return std::nullopt;
  const core::ClockDuration left = reading.remaining[*reading.running];
  if (left <= core::ClockDuration::zero()) return std::nullopt;
  const core::ClockDuration second = std::chrono::seconds(1);
  // The display shows whole seconds rounded down: it drops one just after the fraction passes.
  const core::ClockDuration to_change = left % second + core::ClockDuration(1);
  return reading.time + reading.delay_left + to_change;
}

}  // namespace annabella::tactile
