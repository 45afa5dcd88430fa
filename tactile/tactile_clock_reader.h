// The tactile clock's buttons, read on their own thread (as BoardReader reads a board): every
// decoded input (QUERY and PRESS presses, the handshake, lost button lines) goes to a sink with
// the time it arrived. The link is shared with the clock's writer (TactileClockDevice), which
// may write while this thread reads.
#pragma once

#include <atomic>
#include <functional>
#include <thread>

#include "tactile/serial_link.h"
#include "tactile/tactile_clock.h"

namespace annabella::tactile {

class TactileClockReader {
 public:
  using Sink = std::function<void(const TactileClockInput&)>;
  // Starts reading `link` at once. `link` must outlive the reader.
  TactileClockReader(SerialLink& link, Sink sink);
  ~TactileClockReader();  // stop()
  TactileClockReader(const TactileClockReader&) = delete;
  TactileClockReader& operator=(const TactileClockReader&) = delete;

  // Stops and joins the thread promptly (interrupts a blocked read). Nothing is delivered after
  // it returns.
  void stop();

 private:
  void run();
  SerialLink& link_;
  Sink sink_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace annabella::tactile
