// One sound device and the thread that plays to it (internal to speech/; the announcer owns
// one per device). When the device fails, the thread says so, reopens it by name with back-off
// (waiting on its condition variable, so that the destructor ends the wait at once), and on its
// return plays what is still worth hearing (docs/speech.md, "A device that fails during the
// game").
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "speech/phrase_queue.h"

namespace annabella::speech {

class Player;

// What a player needs from the announcer. Called on the player's thread, with no player lock
// held, except cut_started().
class PlayerHost {
 public:
  virtual ~PlayerHost() = default;
  // Opens and closes devices, one at a time across all players (PortAudio's start and stop are
  // not thread-safe).
  virtual Result<std::unique_ptr<AudioSink>> open_sink(const std::string& device) = 0;
  virtual void close_sink(std::unique_ptr<AudioSink> sink) = 0;
  // Writes a sound status line ("sound: ...").
  virtual void sound_line(const std::string& line) = 0;
  // The player's device was lost (`lost`) or is back: for the typed report of which routes still
  // play (Announcer::Settings::on_sound_link). Called with no player lock held.
  virtual void link_changed(const Player& player, bool lost) = 0;
  // Remembers a sound problem (once) for Announcer::sound_problems().
  virtual void remember_problem(const std::string& problem) = 0;
  virtual void first_sample(const Clip& clip, Clock::time_point at) = 0;
  // After a clip's last write to the device (also when it was cut off or the write failed),
  // once for each first_sample.
  virtual void last_sample(const Clip& clip, Clock::time_point at) = 0;
  // A readout was cut off by a move after `heard` samples (D.2.7: the cue list says so).
  virtual void cut_off(const Clip& clip, std::size_t heard, Clock::time_point at) = 0;
  // A playing readout is being cut (called with the player's lock held, from announce(): must
  // not lock); cut_settled() follows once the player has stopped it and said cut_off() if it
  // was cut before its end, so that a seal waits for the mark (D.2.7).
  virtual void cut_started() = 0;
  virtual void cut_settled() = 0;
};

struct Backoff {
  std::chrono::milliseconds first{100}, longest{2000};
};

class Player {
 public:
  // `device` is the name as configured (it is reopened by it); `routes` names the routes that
  // use it ("private", "public and private") for the text lines.
  Player(PlayerHost& host, std::string device, std::string routes, std::unique_ptr<AudioSink> sink,
         Backoff backoff);
  ~Player();
  Player(const Player&) = delete;
  Player& operator=(const Player&) = delete;

  // Drops waiting readouts and cuts off a playing one.
  void cut_readouts();
  void enqueue(Clip clip);
  // Until the queue has been played, or the device is away (nothing can be played now).
  void wait_until_idle();
  // Whether the device failed and is not back yet (any thread).
  [[nodiscard]] bool lost() const { return lost_; }

 private:
  void drop_readouts();  // with the lock held
  [[nodiscard]] std::string device_text() const;
  void run();
  Status play(const Clip& clip);
  bool recover(std::unique_lock<std::mutex>& lock, Clip interrupted, const std::string& why);
  std::vector<std::string> settle(Clip interrupted);

  PlayerHost& host_;
  const std::string device_, routes_, sink_name_;
  std::unique_ptr<AudioSink> sink_;  // only the player's thread touches it
  const Backoff backoff_;
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<Clip> queue_;
  bool playing_ = false, stopping_ = false, away_ = false;
  std::atomic<bool> cut_{false};
  std::atomic<bool> lost_{false};
  PhraseKind playing_kind_ = PhraseKind::Message;
  std::shared_ptr<PhraseAudio> current_;  // what is playing
  std::thread thread_;                    // last: starts after everything above exists
};

}  // namespace annabella::speech
