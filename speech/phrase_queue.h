// What the announcer's queues hold (internal to speech/): the samples of one phrase as the
// speech thread makes them, a phrase queued for a device, and the queue rules both the speech
// thread's queue and each device's queue follow (speech/announcer.h, docs/speech.md).
#pragma once

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>

#include "speech/announcer.h"

namespace annabella::speech {

// A queue item that nothing queued after it may pass (a seal request: everything announced
// before it must be recorded first). Overloaded by the item types that can be barriers.
template <class Item>
bool is_barrier(const Item& /*item*/) {
  return false;
}

// Where the rules may act: after the last barrier in the queue.
template <class Item>
typename std::deque<Item>::iterator after_last_barrier(std::deque<Item>& queue) {
  auto open = queue.begin();
  for (auto it = queue.begin(); it != queue.end(); ++it)
    if (is_barrier(*it)) open = std::next(it);
  return open;
}

// The queue rules (announcer.h), for the synthesis queue and each device's queue alike. What
// they drop is cancelled, so that it is neither synthesized nor recorded nor waited for.
template <class Item>
void queue_by_rules(std::deque<Item>& queue, Item item) {
  const Phrase& phrase = item.phrase;
  if (phrase.kind == PhraseKind::Move) {
    std::erase_if(queue, [](const Item& i) {
      if (i.phrase.kind != PhraseKind::Readout) return false;
      i.audio->cancel();
      return true;
    });
    // Nothing passes a barrier: a move goes ahead of waiting phrases queued after the last one.
    auto ahead = std::find_if(after_last_barrier(queue), queue.end(),
                              [](const Item& i) { return i.phrase.kind != PhraseKind::Move; });
    queue.insert(ahead, std::move(item));
    return;
  }
  if (phrase.kind == PhraseKind::Warning && !phrase.topic.empty()) {
    auto same = std::find_if(after_last_barrier(queue), queue.end(), [&](const Item& i) {
      return i.phrase.kind == PhraseKind::Warning && i.phrase.topic == phrase.topic;
    });
    if (same != queue.end()) {
      same->audio->cancel();
      *same = std::move(item);  // merged: the newer wording, in the older one's place
      return;
    }
  }
  queue.push_back(std::move(item));
}

// The samples of one phrase, appended by the speech thread while a player may already be
// playing the first ones (so a long phrase starts as soon as its first 50 ms exist). A phrase
// the queue rules drop is cancelled: its synthesis stops and nobody waits for it.
class PhraseAudio {
 public:
  void append(std::span<const std::int16_t> s) {
    {
      std::lock_guard lock(mutex_);
      samples_.insert(samples_.end(), s.begin(), s.end());
    }
    grown_.notify_all();
  }
  void finish() {
    {
      std::lock_guard lock(mutex_);
      complete_ = true;
    }
    grown_.notify_all();
  }
  void cancel() {
    cancelled_ = true;
    wake();
  }
  bool cancelled() const { return cancelled_; }
  // Copies up to `max` samples from position `at` into `out`, waiting for them while synthesis
  // goes on; false when there are no more or `stop()` became true.
  template <class Stop>
  bool take(std::size_t at, std::size_t max, Samples& out, Stop stop) {
    std::unique_lock lock(mutex_);
    grown_.wait(lock, [&] { return samples_.size() > at || complete_ || cancelled_ || stop(); });
    if (stop() || cancelled_ || samples_.size() <= at) return false;
    const auto n = std::min(max, samples_.size() - at);
    out.assign(samples_.begin() + long(at), samples_.begin() + long(at + n));
    return true;
  }
  // True when every sample has been synthesized and `at` of them were taken.
  bool all_taken(std::size_t at) {
    std::lock_guard lock(mutex_);
    return complete_ && at >= samples_.size();
  }
  // Wakes a waiting take() so that it sees its stop condition.
  void wake() {
    { std::lock_guard lock(mutex_); }
    grown_.notify_all();
  }
  // All samples; only once finished.
  const Samples& samples() const { return samples_; }

  // Where the recording holds the phrase: its cue line's sequence number (0: not recorded) and
  // the sample it ends at. Only the speech thread touches these.
  int recorded_sequence = 0;
  std::int64_t recorded_end = 0;

 private:
  std::mutex mutex_;
  std::condition_variable grown_;
  Samples samples_;
  bool complete_ = false;
  std::atomic<bool> cancelled_{false};
};

using Clock = Announcer::Clock;

struct Clip {
  Phrase phrase;
  Route route = Route::Public;
  Clock::time_point requested;
  std::shared_ptr<PhraseAudio> audio;
};

}  // namespace annabella::speech
