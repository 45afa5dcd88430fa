#include "speech/device_player.h"

#include <algorithm>

namespace annabella::speech {
namespace {

constexpr std::size_t kChunkSamples = 1024;  // ~46 ms: how soon a readout can be cut off
constexpr std::size_t kProbeSamples = 256;   // ~12 ms of silence: does a reopened device play?

}  // namespace

Player::Player(PlayerHost& host, std::string device, std::string routes,
               std::unique_ptr<AudioSink> sink, Backoff backoff)
    : host_(host),
      device_(std::move(device)),
      routes_(std::move(routes)),
      sink_name_(sink->name()),
      sink_(std::move(sink)),
      backoff_(backoff),
      thread_([this] { run(); }) {}

Player::~Player() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void Player::cut_readouts() {
  std::lock_guard lock(mutex_);
  drop_readouts();
}

void Player::enqueue(Clip clip) {
  {
    std::lock_guard lock(mutex_);
    if (clip.phrase.kind == PhraseKind::Move) drop_readouts();  // and cut the playing one
    queue_by_rules(queue_, std::move(clip));
  }
  wake_.notify_all();
}

void Player::wait_until_idle() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [&] { return away_ || (queue_.empty() && !playing_); });
}

void Player::drop_readouts() {  // with the lock held
  std::erase_if(queue_, [](const Clip& c) {
    if (c.phrase.kind != PhraseKind::Readout) return false;
    c.audio->cancel();
    return true;
  });
  if (playing_kind_ == PhraseKind::Readout && current_ && !cut_) {
    cut_ = true;
    host_.cut_started();
    current_->wake();
  }
}

std::string Player::device_text() const {
  return "the " + routes_ + " device '" + sink_name_ + "'";
}

void Player::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) break;  // stopping, and everything played
    Clip clip = std::move(queue_.front());
    queue_.pop_front();
    playing_ = true;
    playing_kind_ = clip.phrase.kind;
    current_ = clip.audio;
    lock.unlock();
    auto played = play(clip);
    lock.lock();
    playing_ = false;
    playing_kind_ = PhraseKind::Message;
    current_.reset();
    // No cut can start now for this phrase; one that did has been marked (play() said it).
    if (cut_.exchange(false)) {
      lock.unlock();
      host_.cut_settled();
      lock.lock();
    }
    if (!played && !recover(lock, std::move(clip), played.error().message)) break;
    if (queue_.empty()) idle_.notify_all();
  }
  lock.unlock();
  host_.close_sink(std::move(sink_));
}

// Plays one phrase; fails when the device does.
Status Player::play(const Clip& clip) {
  Samples chunk;
  const auto cut = [this] { return cut_.load(); };  // only readouts are ever cut
  std::size_t at = 0;
  for (; clip.audio->take(at, kChunkSamples, chunk, cut); at += chunk.size()) {
    if (at == 0) host_.first_sample(clip, Clock::now());
    if (auto ok = sink_->write(chunk); !ok) {
      host_.last_sample(clip, Clock::now());
      return ok;
    }
  }
  if (at > 0) host_.last_sample(clip, Clock::now());
  if (cut_ && !clip.audio->all_taken(at)) host_.cut_off(clip, at, Clock::now());
  return {};
}

// The device failed while playing `interrupted`: says so once, reopens it with back-off, says
// it is back and settles what waited meanwhile. False when the announcer stops first. Called
// and returns with the lock held; never holds it while opening or writing a line.
bool Player::recover(std::unique_lock<std::mutex>& lock, Clip interrupted, const std::string& why) {
  away_ = true;
  idle_.notify_all();  // nothing can be played now: nobody waits for it
  lock.unlock();
  host_.close_sink(std::move(sink_));
  host_.remember_problem(why);
  lost_ = true;
  host_.link_changed(*this, true);
  host_.sound_line("sound: " + device_text() + " failed (" + why +
                   "); moves go on as text and into the recording; trying to reopen it");
  lock.lock();
  for (auto wait = backoff_.first;; wait = std::min(wait * 2, backoff_.longest)) {
    if (wake_.wait_for(lock, wait, [&] { return stopping_; })) {
      const auto missed = std::to_string(queue_.size() + 1);
      queue_.clear();
      lock.unlock();
      host_.sound_line("sound: " + device_text() +
                       " did not come back; phrases not played on it: " + missed +
                       " (each has its text line)");
      lock.lock();
      return false;
    }
    lock.unlock();
    auto sink = host_.open_sink(device_);
    // A device that opens but cannot play (a file sink on a full disk) is not back yet.
    const Status probe =
        sink ? (*sink)->write(Samples(kProbeSamples, 0)) : Status(fail(sink.error()));
    if (sink && !probe) host_.close_sink(std::move(*sink));
    lock.lock();
    if (probe) {
      sink_ = std::move(*sink);
      break;
    }
  }
  auto dropped = settle(std::move(interrupted));
  away_ = false;
  lock.unlock();
  host_.sound_line("sound: " + device_text() + " is back");
  lost_ = false;
  host_.link_changed(*this, false);
  for (const auto& line : dropped) host_.sound_line(line);
  lock.lock();
  return true;
}

// What waited while the device was away, with the phrase it failed on (the oldest): the
// latest move is played again, from its start (D.2.1: the player must hear the last move);
// earlier moves are not repeated; readouts and warnings are stale (the clock has moved on)
// and dropped; messages (corrections, game end) are played in order, after the move. What
// is dropped stays in the text and the recording; the returned lines say what it was.
std::vector<std::string> Player::settle(Clip interrupted) {  // with the lock held
  std::deque<Clip> all = std::move(queue_);
  all.push_front(std::move(interrupted));
  const auto latest = std::find_if(all.rbegin(), all.rend(),
                                   [](const Clip& c) { return c.phrase.kind == PhraseKind::Move; });
  const Clip* latest_move = latest == all.rend() ? nullptr : &*latest;
  std::vector<std::string> lines;
  queue_.clear();
  for (Clip& clip : all) {
    const std::string what =
        std::string(kind_name(clip.phrase.kind)) + " '" + clip.phrase.text + "'";
    switch (clip.phrase.kind) {
      case PhraseKind::Move:
        if (&clip == latest_move) {
          queue_.push_front(std::move(clip));
        } else {
          lines.push_back("sound: not played on " + device_text() + ": " + what +
                          " (a later move came while it was away)");
        }
        break;
      case PhraseKind::Readout:
      case PhraseKind::Warning:
        lines.push_back("sound: dropped on " + device_text() + ": " + what +
                        " (stale after the device was away)");
        break;
      case PhraseKind::Message:
        queue_.push_back(std::move(clip));
        break;
    }
  }
  return lines;
}

}  // namespace annabella::speech
