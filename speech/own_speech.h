// The station's own speech as its microphone may hear it (half-duplex voice input, docs/voice.md):
// the announcer says when each phrase on a route the microphone can hear (the public
// loudspeaker, or an earpiece that is the same device) begins and ends, with the steady time;
// the listener asks whether a block it captured falls in one, or in the tail after it (the
// device's buffer still playing, the room's echo), and then hears nothing: the station's
// read-back ("Springer Felix drei") is never taken for an announcement or a confirmation
// (D.2.1, never a wrong move silently). Thread-safe: the player threads write, the capture
// thread reads.
#pragma once

#include <chrono>
#include <deque>
#include <mutex>

namespace annabella::speech {

class OwnSpeech {
 public:
  using Clock = std::chrono::steady_clock;
  // After a phrase's last samples went to its device the microphone may still hear it this long
  // (a sound card's output buffer of up to ~200 ms, then a hall's reverberation).
  static constexpr std::chrono::milliseconds kDefaultTail{500};

  explicit OwnSpeech(std::chrono::milliseconds tail = kDefaultTail) : tail_(tail) {}

  // A phrase's first samples go to an audible device at `at` (just before they are written).
  void began(Clock::time_point at);
  // Its last samples were taken by the device at `at` (or it was cut off, or the device failed).
  void ended(Clock::time_point at);
  // Whether the station's speech could be heard at any moment of [from, to]: a phrase playing
  // then, or ended less than the tail before `from`.
  [[nodiscard]] bool audible(Clock::time_point from, Clock::time_point to) const;

 private:
  struct Span {
    Clock::time_point began, ended;
  };
  const std::chrono::milliseconds tail_;
  mutable std::mutex lock_;
  int playing_ = 0;  // phrases begun and not ended (two audible devices may overlap)
  Clock::time_point playing_since_{};
  std::deque<Span> spans_;  // the last phrases heard, newest last
};

}  // namespace annabella::speech
