#include "speech/announcer.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
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
// playing the first ones (so a long phrase starts as soon as its first 50 ms exist).
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
  // Wakes a waiting take() so that it sees its stop condition.
  void wake() {
    { std::lock_guard lock(mutex_); }
    grown_.notify_all();
  }
  // All samples; only once finished.
  const Samples& samples() const { return samples_; }

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

// One sound device and the thread that plays to it.
class Player {
 public:
  using Problem = std::function<void(const std::string&)>;
  Player(std::unique_ptr<AudioSink> sink, Problem on_problem,
         std::function<void(const Clip&, Clock::time_point)> on_first_sample)
      : sink_(std::move(sink)),
        on_problem_(std::move(on_problem)),
        on_first_sample_(std::move(on_first_sample)),
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

  void wait_until_idle() {
    std::unique_lock lock(mutex_);
    idle_.wait(lock, [&] { return queue_.empty() && !playing_; });
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

  void run() {
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything played
      Clip clip = std::move(queue_.front());
      queue_.pop_front();
      playing_ = true;
      playing_kind_ = clip.phrase.kind;
      current_ = clip.audio;
      cut_ = false;
      lock.unlock();
      play(clip);
      lock.lock();
      playing_ = false;
      playing_kind_ = PhraseKind::Message;
      current_.reset();
      if (queue_.empty()) idle_.notify_all();
    }
  }

  void play(const Clip& clip) {
    if (!sink_) return;
    Samples chunk;
    const auto cut = [this] { return cut_.load(); };  // only readouts are ever cut
    for (std::size_t at = 0; clip.audio->take(at, kChunkSamples, chunk, cut); at += chunk.size()) {
      if (at == 0 && on_first_sample_) on_first_sample_(clip, Clock::now());
      if (auto ok = sink_->write(chunk); !ok) {
        on_problem_(ok.error().message);
        sink_.reset();  // the device is gone: text and recording go on
        return;
      }
    }
  }

  std::unique_ptr<AudioSink> sink_;
  Problem on_problem_;
  std::function<void(const Clip&, Clock::time_point)> on_first_sample_;
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::deque<Clip> queue_;
  bool playing_ = false, stopping_ = false;
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

}  // namespace

struct Announcer::Impl {
  Vocabulary vocabulary;
  Settings settings;
  std::unique_ptr<Synthesizer> synthesizer;
  Voice voice;
  Clock::time_point origin;
  std::unique_ptr<Recorder> recorder;
  PhraseCache cache{0};
  std::map<std::string, std::unique_ptr<Player>> players;  // by device name as configured
  Player* route_player[2] = {nullptr, nullptr};

  mutable std::mutex text_mutex;  // text output, log, problems, digest
  std::ofstream log;
  std::vector<std::string> problems;
  std::string digest;

  std::mutex mutex;  // the request queue
  std::condition_variable wake, idle;
  std::deque<Request> requests;
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

  Player* player_for(Route route) const { return route_player[route == Route::Public ? 0 : 1]; }

  // Fills in a phrase's samples (the player plays them as they come) and records them.
  void speak(const Request& request) {
    PhraseAudio& audio = *request.audio;
    if (!player_for(request.route) && !recorder) return;  // text only
    if (audio.cancelled()) return;
    if (auto cached = cache.find(request.phrase.spoken)) {
      audio.append(cached->samples());
    } else {
      auto ok = synthesizer->synthesize(request.phrase.spoken, voice,
                                        [&](std::span<const std::int16_t> s) {
                                          audio.append(s);
                                          return !audio.cancelled();
                                        });
      if (!ok) report_problem(ok.error().message);
      if (ok && !audio.cancelled()) cache.insert(request.phrase.spoken, request.audio);
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
    std::lock_guard lock(text_mutex);
    digest = *digest_now;
  }

  void run() {
    std::unique_lock lock(mutex);
    for (;;) {
      wake.wait(lock, [&] { return stopping || !requests.empty(); });
      if (requests.empty()) return;
      Request request = std::move(requests.front());
      requests.pop_front();
      busy = true;
      lock.unlock();
      speak(request);
      lock.lock();
      busy = false;
      if (requests.empty()) idle.notify_all();
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
  const auto& s = impl->settings;
  const int rate = impl->synthesizer ? impl->synthesizer->sample_rate_hz() : 22050;
  if (!s.recording.empty()) {
    if (!impl->synthesizer) return fail("a recording needs a synthesizer");
    auto recorder = Recorder::create(s.recording, rate);
    if (!recorder) return fail(recorder.error());
    impl->recorder = std::move(*recorder);
  }
  if (s.sound && impl->synthesizer && open_sink) {
    const std::string devices[2] = {s.public_device, s.private_device};
    for (int r = 0; r < 2; ++r) {
      const std::string& name = devices[r];
      if (name.empty() || name == "none") continue;
      auto& player = impl->players[name];
      if (!player) {
        auto sink = open_sink(name, rate);
        if (!sink) {
          impl->report_problem(sink.error().message);
          impl->players.erase(name);
          continue;
        }
        Impl* raw = impl.get();
        player = std::make_unique<Player>(
            std::move(*sink), [raw](const std::string& why) { raw->report_problem(why); },
            [raw](const Clip& clip, Clock::time_point first) {
              if (raw->settings.on_first_sample)
                raw->settings.on_first_sample(clip.phrase, clip.route, clip.requested, first);
            });
      }
      impl->route_player[r] = player.get();
    }
    // "none" as the private device: the private route uses the public device.
    if (s.private_device == "none") impl->route_player[1] = impl->route_player[0];
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
  impl_->players.clear();  // each plays out its queue, then stops
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
  {
    std::unique_lock lock(impl_->mutex);
    impl_->idle.wait(lock, [&] { return impl_->requests.empty() && !impl_->busy; });
  }
  for (auto& [name, player] : impl_->players) player->wait_until_idle();
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
