// The braille display's keys, read on their own thread (as TactileClockReader reads the clock's
// buttons): every key goes to a sink with the time it was read (tactile/braille_keys.h). The
// display is shared with the clock's writer (BrailleView), which may write while this reads.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "tactile/braille_display.h"

namespace annabella::tactile {

class BrailleKeyReader {
 public:
  using Sink = std::function<void(const BrailleKey&)>;
  // Called once when the connection to BRLTTY is lost (then the thread ends).
  using LostSink = std::function<void(const std::string& reason)>;
  // Starts reading at once.
  BrailleKeyReader(std::shared_ptr<BrailleDisplay> display, Sink sink, LostSink lost);
  ~BrailleKeyReader();  // stop()
  BrailleKeyReader(const BrailleKeyReader&) = delete;
  BrailleKeyReader& operator=(const BrailleKeyReader&) = delete;

  // Stops and joins the thread (within one poll, 100 ms). Nothing is delivered after it returns.
  void stop();

 private:
  void run();
  std::shared_ptr<BrailleDisplay> display_;
  Sink sink_;
  LostSink lost_;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace annabella::tactile
