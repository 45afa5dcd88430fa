#include "speech/announcer.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <fstream>
#include <list>
#include <map>
#include <mutex>
#include <ostream>
#include <thread>
#include <unordered_map>

#include "speech/recorder.h"

namespace annabella::speech {

std::string_view route_name(Route route) {
  return route == Route::Public ? "public" : "private";
}

std::string_view kind_name(PhraseKind kind) {
  switch (kind) {
    case PhraseKind::Move:
      return "move";
    case PhraseKind::Readout:
      return "readout";
    case PhraseKind::Warning:
      return "warning";
    case PhraseKind::Message:
      break;
  }
  return "message";
}

namespace {

using Clock = Announcer::Clock;
constexpr std::size_t kChunkSamples = 1024;  // ~46 ms: how soon a readout can be cut off
constexpr std::size_t kProbeSamples = 256;   // ~12 ms of silence: does a reopened device play?

std::string clock_text(Clock::duration since_origin) {
  return session_time_text(std::chrono::duration_cast<std::chrono::milliseconds>(since_origin));
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
    auto ahead = std::find_if(queue.begin(), queue.end(),
                              [](const Item& i) { return i.phrase.kind != PhraseKind::Move; });
    queue.insert(ahead, std::move(item));
    return;
  }
  if (phrase.kind == PhraseKind::Warning && !phrase.topic.empty()) {
    auto same = std::find_if(queue.begin(), queue.end(), [&](const Item& i) {
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

struct Clip {
  Phrase phrase;
  Route route = Route::Public;
  Clock::time_point requested;
  std::shared_ptr<PhraseAudio> audio;
};

// What a player needs from the announcer. Called on the player's thread, with no player lock
// held.
class PlayerHost {
 public:
  virtual ~PlayerHost() = default;
  // Opens and closes devices, one at a time across all players (PortAudio's start and stop are
  // not thread-safe).
  virtual Result<std::unique_ptr<AudioSink>> open_sink(const std::string& device) = 0;
  virtual void close_sink(std::unique_ptr<AudioSink> sink) = 0;
  // Writes a sound status line ("sound: ..."); a non-empty `problem` is also remembered.
  virtual void sound_line(const std::string& line, const std::string& problem = {}) = 0;
  virtual void first_sample(const Clip& clip, Clock::time_point at) = 0;
  // A readout was cut off by a move after `heard` samples (D.2.7: the cue list says so).
  virtual void cut_off(const Clip& clip, std::size_t heard, Clock::time_point at) = 0;
};

struct Backoff {
  std::chrono::milliseconds first{100}, longest{2000};
};

// One sound device and the thread that plays to it. When the device fails, the thread says so,
// reopens it by name with back-off (waiting on its condition variable, so that the destructor
// ends the wait at once), and on its return plays what is still worth hearing.
class Player {
 public:
  // `device` is the name as configured (it is reopened by it); `routes` names the routes that
  // use it ("private", "public and private") for the text lines.
  Player(PlayerHost& host, std::string device, std::string routes, std::unique_ptr<AudioSink> sink,
         Backoff backoff)
      : host_(host),
        device_(std::move(device)),
        routes_(std::move(routes)),
        sink_name_(sink->name()),
        sink_(std::move(sink)),
        backoff_(backoff),
        thread_([this] { run(); }) {}
  ~Player() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }

  // Drops waiting readouts and cuts off a playing one.
  void cut_readouts() {
    std::lock_guard lock(mutex_);
    drop_readouts();
  }

  void enqueue(Clip clip) {
    {
      std::lock_guard lock(mutex_);
      if (clip.phrase.kind == PhraseKind::Move) drop_readouts();  // and cut the playing one
      queue_by_rules(queue_, std::move(clip));
    }
    wake_.notify_all();
  }

  // Until the queue has been played, or the device is away (nothing can be played now).
  void wait_until_idle() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return away_ || (queue_.empty() && !playing_); });
  }

 private:
  void drop_readouts() {  // with the lock held
    std::erase_if(queue_, [](const Clip& c) {
      if (c.phrase.kind != PhraseKind::Readout) return false;
      c.audio->cancel();
      return true;
    });
    if (playing_kind_ == PhraseKind::Readout && current_) {
      cut_ = true;
      current_->wake();
    }
  }

  std::string device_text() const { return "the " + routes_ + " device '" + sink_name_ + "'"; }

  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) break;  // stopping, and everything played
      Clip clip = std::move(queue_.front());
      queue_.pop_front();
      playing_ = true;
      playing_kind_ = clip.phrase.kind;
      current_ = clip.audio;
      cut_ = false;
      lock.unlock();
      auto played = play(clip);
      lock.lock();
      playing_ = false;
      playing_kind_ = PhraseKind::Message;
      current_.reset();
      if (!played && !recover(lock, std::move(clip), played.error().message)) break;
      if (queue_.empty()) idle_.notify_all();
    }
    lock.unlock();
    host_.close_sink(std::move(sink_));
  }

  // Plays one phrase; fails when the device does.
  Status play(const Clip& clip) {
    Samples chunk;
    const auto cut = [this] { return cut_.load(); };  // only readouts are ever cut
    std::size_t at = 0;
    for (; clip.audio->take(at, kChunkSamples, chunk, cut); at += chunk.size()) {
      if (at == 0) host_.first_sample(clip, Clock::now());
      if (auto ok = sink_->write(chunk); !ok) return ok;
    }
    if (cut_ && !clip.audio->all_taken(at)) host_.cut_off(clip, at, Clock::now());
    return {};
  }

  // The device failed while playing `interrupted`: says so once, reopens it with back-off, says
  // it is back and settles what waited meanwhile. False when the announcer stops first. Called
  // and returns with the lock held; never holds it while opening or writing a line.
  bool recover(std::unique_lock<std::mutex>& lock, Clip interrupted, const std::string& why) {
    away_ = true;
    idle_.notify_all();  // nothing can be played now: nobody waits for it
    lock.unlock();
    host_.close_sink(std::move(sink_));
    host_.sound_line("sound: " + device_text() + " failed (" + why +
                         "); moves go on as text and into the recording; trying to reopen it",
                     why);
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
    for (const auto& line : dropped) host_.sound_line(line);
    lock.lock();
    return true;
  }

  // What waited while the device was away, with the phrase it failed on (the oldest): the
  // latest move is played again, from its start (D.2.1: the player must hear the last move);
  // earlier moves are not repeated; readouts and warnings are stale (the clock has moved on)
  // and dropped; messages (corrections, game end) are played in order, after the move. What
  // is dropped stays in the text and the recording; the returned lines say what it was.
  std::vector<std::string> settle(Clip interrupted) {  // with the lock held
    std::deque<Clip> all = std::move(queue_);
    all.push_front(std::move(interrupted));
    const auto latest = std::find_if(
        all.rbegin(), all.rend(), [](const Clip& c) { return c.phrase.kind == PhraseKind::Move; });
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

  PlayerHost& host_;
  const std::string device_, routes_, sink_name_;
  std::unique_ptr<AudioSink> sink_;  // only the player's thread touches it
  const Backoff backoff_;
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<Clip> queue_;
  bool playing_ = false, stopping_ = false, away_ = false;
  std::atomic<bool> cut_{false};
  PhraseKind playing_kind_ = PhraseKind::Message;
  std::shared_ptr<PhraseAudio> current_;  // what is playing
  std::thread thread_;                    // last: starts after everything above exists
};

// Synthesized phrases, least recently used dropped first.
class PhraseCache {
 public:
  explicit PhraseCache(std::size_t capacity) : capacity_(capacity) {}
  std::shared_ptr<PhraseAudio> find(const std::string& spoken) {
    const auto it = index_.find(spoken);
    if (it == index_.end()) return nullptr;
    order_.splice(order_.begin(), order_, it->second);
    return it->second->second;
  }
  void insert(const std::string& spoken, std::shared_ptr<PhraseAudio> samples) {
    if (capacity_ == 0 || index_.count(spoken)) return;
    order_.emplace_front(spoken, std::move(samples));
    index_[spoken] = order_.begin();
    if (order_.size() > capacity_) {
      index_.erase(order_.back().first);
      order_.pop_back();
    }
  }

 private:
  using Entry = std::pair<std::string, std::shared_ptr<PhraseAudio>>;
  std::size_t capacity_;
  std::list<Entry> order_;
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
};

// A phrase waiting for the speech thread; its player (if any) already holds it as a Clip with
// the same audio, in the order the queue rules gave it.
struct Request {
  Phrase phrase;
  Route route = Route::Public;
  Clock::time_point at;
  std::shared_ptr<PhraseAudio> audio;
};

// A readout a player cut off, for the speech thread to mark in the recording.
struct CutNote {
  Route route = Route::Public;
  std::shared_ptr<PhraseAudio> audio;
  std::size_t heard = 0;  // samples played before the cut
  Clock::time_point at;
};

std::string seconds_text(std::size_t samples, int rate_hz) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.3f s", double(samples) / double(rate_hz));
  return buffer;
}

}  // namespace

struct Announcer::Impl final : PlayerHost {
  Vocabulary vocabulary;
  Settings settings;
  std::unique_ptr<Synthesizer> synthesizer;
  int sample_rate_hz = 22050;
  Voice voice;
  Clock::time_point origin;
  std::unique_ptr<Recorder> recorder;
  PhraseCache cache{0};
  SinkOpener opener;
  std::mutex device_mutex;                                 // opening and closing devices
  std::map<std::string, std::unique_ptr<Player>> players;  // by device name as configured
  Player* route_player[2] = {nullptr, nullptr};

  mutable std::mutex text_mutex;  // text output, log, problems, digest
  std::ofstream log;
  std::vector<std::string> problems;
  std::string digest;

  std::mutex mutex;  // the request queue and the cut notes
  std::condition_variable wake, idle;
  std::deque<Request> requests;
  std::deque<CutNote> cuts;
  bool busy = false, stopping = false;
  std::thread speech_thread;

  void write_line(const std::string& line) {  // with text_mutex held
    if (settings.text) *settings.text << line << '\n' << std::flush;
    if (log.is_open()) log << line << '\n' << std::flush;
  }

  void report_problem(const std::string& reason) {
    std::lock_guard lock(text_mutex);
    if (std::find(problems.begin(), problems.end(), reason) != problems.end()) return;
    problems.push_back(reason);
    write_line(clock_text(Clock::now() - origin) + " " + phrase_no_sound(vocabulary, reason).text);
  }

  Result<std::unique_ptr<AudioSink>> open_sink(const std::string& device) override {
    std::lock_guard lock(device_mutex);
    return opener(device, sample_rate_hz);
  }
  void close_sink(std::unique_ptr<AudioSink> sink) override {
    std::lock_guard lock(device_mutex);
    sink.reset();
  }
  void sound_line(const std::string& line, const std::string& problem) override {
    const auto now = Clock::now();
    {
      std::lock_guard lock(text_mutex);
      if (!problem.empty() &&
          std::find(problems.begin(), problems.end(), problem) == problems.end())
        problems.push_back(problem);
      write_line(clock_text(now - origin) + " " + line);
    }
    if (settings.on_sound_line) settings.on_sound_line(now, line);
  }
  void first_sample(const Clip& clip, Clock::time_point at) override {
    if (settings.on_first_sample)
      settings.on_first_sample(clip.phrase, clip.route, clip.requested, at);
  }
  void cut_off(const Clip& clip, std::size_t heard, Clock::time_point at) override {
    if (!recorder) return;
    {
      std::lock_guard lock(mutex);
      cuts.push_back({clip.route, clip.audio, heard, at});
    }
    wake.notify_all();
  }

  Player* player_for(Route route) const { return route_player[route == Route::Public ? 0 : 1]; }

  // Fills in a phrase's samples (the player plays them as they come) and records them.
  void speak(const Request& request) {
    PhraseAudio& audio = *request.audio;
    if (!player_for(request.route) && !recorder) return;  // text only
    if (audio.cancelled()) return;
    // The phrase's own voice (its language's), else the profile's; the cache tells them apart.
    const Voice phrase_voice =
        request.phrase.voice.empty() ? voice : Voice{request.phrase.voice, voice.rate_wpm};
    const std::string cache_key = phrase_voice.name + '\n' + request.phrase.spoken;
    if (auto cached = cache.find(cache_key)) {
      audio.append(cached->samples());
    } else {
      auto ok = synthesizer->synthesize(request.phrase.spoken, phrase_voice,
                                        [&](std::span<const std::int16_t> s) {
                                          audio.append(s);
                                          return !audio.cancelled();
                                        });
      if (!ok) report_problem(ok.error().message);
      if (ok && !audio.cancelled()) cache.insert(cache_key, request.audio);
    }
    audio.finish();
    if (!recorder || audio.cancelled()) return;
    auto digest_now =
        recorder->record(std::chrono::duration_cast<std::chrono::milliseconds>(request.at - origin),
                         route_name(request.route), kind_name(request.phrase.kind),
                         request.phrase.text, audio.samples());
    if (!digest_now) {
      report_problem(digest_now.error().message);
      return;
    }
    audio.recorded_sequence = recorder->sequence();
    audio.recorded_end = recorder->samples_written();
    std::lock_guard lock(text_mutex);
    digest = *digest_now;
  }

  // D.2.7: the cue list says that a recorded readout was cut off, when, and how much of it was
  // heard, so that the recording tells what the player actually heard. A readout dropped
  // before it was recorded is not in the recording at all and needs no mark.
  void mark_cut(const CutNote& note) {
    const PhraseAudio& audio = *note.audio;
    if (!recorder || audio.recorded_sequence == 0) return;
    const auto total = audio.samples().size();
    const auto cut_sample = audio.recorded_end - std::int64_t(total) + std::int64_t(note.heard);
    const std::string text =
        "phrase " + std::to_string(audio.recorded_sequence) + " cut off by a move after " +
        seconds_text(note.heard, sample_rate_hz) + " of " + seconds_text(total, sample_rate_hz) +
        "; heard up to sample " + std::to_string(cut_sample);
    auto digest_now =
        recorder->mark(std::chrono::duration_cast<std::chrono::milliseconds>(note.at - origin),
                       route_name(note.route), Recorder::kCutMarker, text);
    if (!digest_now) {
      report_problem(digest_now.error().message);
      return;
    }
    std::lock_guard lock(text_mutex);
    digest = *digest_now;
  }

  void run() {
    std::unique_lock lock(mutex);
    for (;;) {
      wake.wait(lock, [&] { return stopping || !requests.empty() || !cuts.empty(); });
      if (cuts.empty() && requests.empty()) return;  // stopping, and everything done
      busy = true;
      if (!cuts.empty()) {
        const CutNote note = std::move(cuts.front());
        cuts.pop_front();
        lock.unlock();
        mark_cut(note);
      } else {
        Request request = std::move(requests.front());
        requests.pop_front();
        lock.unlock();
        speak(request);
      }
      lock.lock();
      busy = false;
      if (requests.empty() && cuts.empty()) idle.notify_all();
    }
  }
};

Announcer::Announcer(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Result<std::unique_ptr<Announcer>> Announcer::start(const Vocabulary& vocabulary, Settings settings,
                                                    std::unique_ptr<Synthesizer> synthesizer,
                                                    SinkOpener open_sink,
                                                    Clock::time_point origin) {
  auto impl = std::make_unique<Impl>();
  impl->vocabulary = vocabulary;
  impl->voice = {vocabulary.voice(), vocabulary.rate()};
  impl->origin = origin;
  impl->cache = PhraseCache(settings.cache_phrases);
  if (!settings.text_log.empty()) {
    impl->log.open(settings.text_log, std::ios::app);
    if (!impl->log) return fail("cannot write the speech log " + settings.text_log.string());
  }
  impl->settings = std::move(settings);
  impl->synthesizer = std::move(synthesizer);
  impl->opener = std::move(open_sink);
  const auto& s = impl->settings;
  if (impl->synthesizer) impl->sample_rate_hz = impl->synthesizer->sample_rate_hz();
  if (!s.recording.empty()) {
    if (!impl->synthesizer) return fail("a recording needs a synthesizer");
    auto recorder = Recorder::create(s.recording, impl->sample_rate_hz);
    if (!recorder) return fail(recorder.error());
    impl->recorder = std::move(*recorder);
  }
  if (s.sound && impl->synthesizer && impl->opener) {
    // The device of each route; "none" as the private device: the public device takes both.
    const bool shared = s.private_device == "none" || s.private_device == s.public_device;
    const std::string devices[2] = {s.public_device, shared ? s.public_device : s.private_device};
    const Backoff backoff{s.reopen_first_wait, s.reopen_longest_wait};
    for (int r = 0; r < 2; ++r) {
      const std::string& name = devices[r];
      if (name.empty() || name == "none") continue;
      auto& player = impl->players[name];
      if (!player) {
        auto sink = impl->open_sink(name);
        if (!sink) {
          impl->report_problem(sink.error().message);
          impl->players.erase(name);
          continue;
        }
        const std::string routes = shared ? "public and private" : r == 0 ? "public" : "private";
        player = std::make_unique<Player>(*impl, name, routes, std::move(*sink), backoff);
      }
      impl->route_player[r] = player.get();
    }
  }
  Impl* raw = impl.get();
  impl->speech_thread = std::thread([raw] { raw->run(); });
  return std::unique_ptr<Announcer>(new Announcer(std::move(impl)));
}

Announcer::~Announcer() {
  {
    std::lock_guard lock(impl_->mutex);
    impl_->stopping = true;
  }
  impl_->wake.notify_all();
  impl_->speech_thread.join();
  impl_->players.clear();  // each plays out its queue (unless its device is away), then stops
  for (const CutNote& note : impl_->cuts) impl_->mark_cut(note);  // cut while playing out
}

void Announcer::announce(Phrase phrase, Route route, Clock::time_point at) {
  const auto requested = Clock::now();
  {
    std::lock_guard lock(impl_->text_mutex);
    impl_->write_line(clock_text(at - impl_->origin) + " " + std::string(route_name(route)) + " " +
                      std::string(kind_name(phrase.kind)) + ": " + phrase.text);
  }
  {
    // The device's queue gets the phrase now, so that its order is decided here, at once; the
    // speech thread fills in the samples.
    std::lock_guard lock(impl_->mutex);
    auto audio = std::make_shared<PhraseAudio>();
    if (phrase.kind == PhraseKind::Move)  // readouts stop on every device: the clock has moved
      for (auto& [name, player] : impl_->players) player->cut_readouts();
    if (Player* player = impl_->player_for(route))
      player->enqueue({phrase, route, requested, audio});
    queue_by_rules(impl_->requests, Request{std::move(phrase), route, at, std::move(audio)});
  }
  impl_->wake.notify_all();
}

void Announcer::wait_until_idle() {
  const auto speech_idle = [this] {
    std::unique_lock lock(impl_->mutex);
    impl_->idle.wait(
        lock, [&] { return impl_->requests.empty() && impl_->cuts.empty() && !impl_->busy; });
  };
  speech_idle();
  for (auto& [name, player] : impl_->players) player->wait_until_idle();
  speech_idle();  // the cut-off marks the players noted
}

std::vector<std::string> Announcer::sound_problems() const {
  std::lock_guard lock(impl_->text_mutex);
  return impl_->problems;
}

std::string Announcer::recording_digest() const {
  std::lock_guard lock(impl_->text_mutex);
  return impl_->digest;
}

}  // namespace annabella::speech
