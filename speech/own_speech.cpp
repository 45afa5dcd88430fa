#include "speech/own_speech.h"

namespace annabella::speech {
namespace {
// Spans older than the newest by this much can no longer matter: a block is checked within a
// few hundred milliseconds of its capture.
constexpr std::chrono::seconds kKept{60};
}  // namespace

void OwnSpeech::began(Clock::time_point at) {
  std::lock_guard guard(lock_);
  if (playing_++ == 0) playing_since_ = at;
}

void OwnSpeech::ended(Clock::time_point at) {
  std::lock_guard guard(lock_);
  if (playing_ == 0) return;   // an end without its beginning: nothing played
  if (--playing_ > 0) return;  // another audible phrase still plays: one span for both
  spans_.push_back({playing_since_, at});
  while (!spans_.empty() && spans_.front().ended + kKept < at) spans_.pop_front();
}

bool OwnSpeech::audible(Clock::time_point from, Clock::time_point to) const {
  std::lock_guard guard(lock_);
  if (playing_ > 0 && playing_since_ <= to) return true;
  for (const Span& s : spans_)
    if (s.began <= to && s.ended + tail_ >= from) return true;
  return false;
}

}  // namespace annabella::speech
