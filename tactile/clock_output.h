// Clock outputs off the game thread (D.2.6): a worker thread shows the clock on every configured
// device (a braille display, a vibrating tactile clock, a DGT3000 for the sighted opponent).
//
// The game thread owns the core::ChessClock; after every clock event it posts a
// core::ClockReading (which carries the instant it was taken) and goes on at once: post() only
// takes a lock long enough to append to the worker's queue. The worker shows each posted reading,
// then, between events, the same reading projected forward (ClockReading::at) to the instants
// the devices ask for (the next second on a braille display, the next 5-minute cue on the
// tactile clock). Nothing waits on a device, and every time shown is charged from the event's
// own time stamp, never from when the worker got round to it.
#pragma once

#include <array>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "core/clock.h"

namespace annabella::tactile {

enum class ClockShowReason : unsigned char {
  Event,  // a press, pause, adjustment: the reading is new
  Tick,   // time passed: the last reading projected to the instant the device asked for
  Query,  // the player asked for the time (a key, a board button, the tactile clock's button)
};

// One output device. Called on the worker thread only (never concurrently).
class ClockDisplay {
 public:
  virtual ~ClockDisplay() = default;
  virtual void show(const core::ClockReading& reading, ClockShowReason why) = 0;
  // The next instant after reading.time at which the display wants a Tick; none = events only.
  virtual std::optional<core::ClockInstant> next_update(const core::ClockReading& reading) = 0;
};

class ClockOutputWorker {
 public:
  static constexpr std::size_t kMaxQueued = 64;

  explicit ClockOutputWorker(std::vector<std::unique_ptr<ClockDisplay>> displays);
  ~ClockOutputWorker();  // stop()
  ClockOutputWorker(const ClockOutputWorker&) = delete;
  ClockOutputWorker& operator=(const ClockOutputWorker&) = delete;

  // From the game thread: show this reading (taken at reading.time). Never blocks on a device.
  // Readings are shown in the order posted; if devices fall more than kMaxQueued readings
  // behind (a serial write timing out), the oldest events are dropped, never a Query; a Query
  // posted while another waits updates the waiting one (at most one waits).
  void post(const core::ClockReading& reading, ClockShowReason why = ClockShowReason::Event);
  // Stops and joins the worker; later posts are ignored.
  void stop();

 private:
  void run();
  // The earliest instant at which a display wants a Tick after showing `current`; none: events
  // only.
  std::optional<core::ClockInstant> next_tick(const core::ClockReading& current);
  // The last event's reading, and the instant it was last shown projected to.
  struct Shown {
    core::ClockReading reading;
    core::ClockInstant at;
  };
  // Shows the last reading projected to `tick` on each display whose next update has come.
  void show_tick(const Shown& shown, core::ClockInstant tick);

  std::vector<std::unique_ptr<ClockDisplay>> displays_;
  std::mutex mutex_;
  std::condition_variable wake_;
  struct Posted {
    core::ClockReading reading;
    ClockShowReason why;
  };
  std::deque<Posted> queue_;
  bool stopping_ = false;
  std::thread thread_;
};

// Reports flag falls (Art. 6.9) from the worker thread: it sleeps until the running clock's
// computed expiry and then calls `on_flag(side, instant the flag fell)`, at most once per side
// until that side's time is above zero again. The station posts the call to the game thread.
class FlagAlarm final : public ClockDisplay {
 public:
  using Callback = std::function<void(core::Color side, core::ClockInstant fell)>;
  explicit FlagAlarm(Callback on_flag);
  void show(const core::ClockReading& reading, ClockShowReason why) override;
  std::optional<core::ClockInstant> next_update(const core::ClockReading& reading) override;

 private:
  Callback on_flag_;
  std::array<bool, 2> reported_{};
};

// The words of the clock line in the player's language (speech/languages/*.txt, clock.*; tester
// D2), filled in by the application from the player's language; the defaults are English.
struct ClockLineWords {
  std::string white = "W", black = "B";  // the sides' letters
  std::string move = "move";             // before the number of the move in progress
  std::string flag = "flag";             // in place of a time that has run out
  std::string paused = "paused", paused_letter = "P";
};

// Whether a text fits the display (its width in cells).
using ClockLineFits = std::function<bool(std::string_view text)>;

// The clock as one line of text for a braille display: the player's own side first, then the
// opponent, then the move number; "*" marks the running clock, the flag word replaces a time
// that has run out. The long form when it fits: "W 1:29:45* B 1:30:00 move 12", "Б 1:29:45* Ц
// 1:30:00 потег 12"; else the short form ("W1:29:45* B1:30:00 12"), cut to `cells` characters
// (UTF-8 characters, not bytes) when even that does not fit.
std::string clock_line(const core::ClockReading& reading, core::Color own_side, int cells,
                       const ClockLineWords& words = {});
// The same, `fits` deciding whether the long form fits (the cells of the player's braille table).
std::string clock_line(const core::ClockReading& reading, core::Color own_side,
                       const ClockLineFits& fits, int cells, const ClockLineWords& words);

// The instant after reading.time at which the running clock's display next shows a different
// whole second (none when no clock runs or its flag has fallen).
std::optional<core::ClockInstant> next_second(const core::ClockReading& reading);

}  // namespace annabella::tactile
