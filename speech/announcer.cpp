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
#include <optional>
#include <ostream>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "speech/device_player.h"
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

std::string clock_text(Clock::duration since_origin) {
  return session_time_text(std::chrono::duration_cast<std::chrono::milliseconds>(since_origin));
}

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
// the same audio, in the order the queue rules gave it. Or a seal request (no audio): a barrier
// that nothing announced after it passes.
struct Request {
  Phrase phrase;
  Route route = Route::Public;
  Clock::time_point at;
  std::shared_ptr<PhraseAudio> audio;
  std::optional<std::string> seal;  // the label given to Announcer::seal()
  std::optional<std::string>
      note;  // a marker line's kind (Announcer::note), `phrase.text` its text
};
bool is_barrier(const Request& request) {
  return request.seal.has_value() || request.note.has_value();
}

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
  std::atomic<int> private_rate_wpm{0};  // 0: the profile's rate
  std::atomic<int> private_volume_percent{100};
  Clock::time_point origin;
  std::unique_ptr<Recorder> recorder;
  std::string recording_problem;  // set once, before the threads start
  // A recording that could not be created at the start (a full disk): tried again at each phrase
  // until it can be (tester 14j's resumption on room, D.2.7).
  struct LateRecording {
    std::chrono::milliseconds from{0};  // when it could not be created
    int lost = 0;                       // phrases not recorded since
  };
  std::optional<LateRecording> late;
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
  // Readouts a player is cutting off whose cut-off mark is not in `cuts` yet: a seal waits for
  // them, so that it covers the mark (D.2.7). Raised only while `mutex` is held (announce()).
  std::atomic<int> cuts_in_flight{0};
  bool recording_fault_said = false;  // the speech thread's
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
  void remember_problem(const std::string& problem) override {
    std::lock_guard lock(text_mutex);
    if (std::find(problems.begin(), problems.end(), problem) == problems.end())
      problems.push_back(problem);
  }
  void sound_line(const std::string& line) override {
    const auto now = Clock::now();
    {
      std::lock_guard lock(text_mutex);
      write_line(clock_text(now - origin) + " " + line);
    }
    if (settings.on_sound_line) settings.on_sound_line(now, line);
  }
  void link_changed(const Player& player, bool lost) override {
    if (!settings.on_sound_link) return;
    SoundLink link;
    link.lost = lost;
    link.public_route = route_player[0] == &player;
    link.private_route = route_player[1] == &player;
    // Private phrases go to the private route's player (the public one when they share it).
    const Player* own = route_player[1];
    link.private_speech = own != nullptr && !own->lost();
    settings.on_sound_link(Clock::now(), link);
  }
  void first_sample(const Clip& clip, Clock::time_point at) override {
    if (settings.on_first_sample)
      settings.on_first_sample(clip.phrase, clip.route, clip.requested, at);
  }
  void last_sample(const Clip& clip, Clock::time_point at) override {
    if (settings.on_last_sample) settings.on_last_sample(clip.route, at);
  }
  void cut_off(const Clip& clip, std::size_t heard, Clock::time_point at) override {
    if (!recorder) return;
    {
      std::lock_guard lock(mutex);
      cuts.push_back({clip.route, clip.audio, heard, at});
    }
    wake.notify_all();
  }

  void cut_started() override { ++cuts_in_flight; }
  void cut_settled() override {
    {
      std::lock_guard lock(mutex);
      --cuts_in_flight;
    }
    wake.notify_all();
  }

  // The recording could not be written (a full disk): said once, as a sound line (the
  // recorder has cut the recording there and marks it in the cue list).
  void recording_failed(const std::string& error) {
    if (recording_fault_said) return;
    recording_fault_said = true;
    remember_problem(error);
    sound_line("recording: " + error);
  }
  // Tester 14j: a phrase recorded again after the recording was cut: said once (a later cut is
  // said again).
  void recording_resumed() {
    if (!recording_fault_said) return;
    recording_fault_said = false;
    sound_line("recording: " + recorder->audio_name() + " resumed; cue line " +
               std::to_string(recorder->sequence() - 1) +
               " marks what is missing (`annabella recording verify` names it)");
  }
  // The recording made once there is room: its cue list begins with an `interrupted` marker
  // (when it could not be created, and why) and a `resumed` one (the phrases not recorded), so
  // that `recording verify` names the gap as after any cut. Nothing is left when it fails.
  void start_late(std::chrono::milliseconds at, std::string_view route) {
    auto made = Recorder::create(settings.recording, sample_rate_hz);
    if (made) {
      std::ostringstream gap;
      gap << "recording resumed: " << late->lost << (late->lost == 1 ? " phrase" : " phrases")
          << " said from " << session_time_text(late->from) << " to " << session_time_text(at)
          << " not recorded (" << recording_problem << ")";
      if ((*made)->mark(late->from, route, kInterruptedMarker,
                        "recording interrupted: it could not be created: " + recording_problem) &&
          (*made)->mark(at, route, kResumedMarker, gap.str())) {
        recorder = std::move(*made);
        late.reset();
        sound_line("recording: " + recorder->audio_name() +
                   " begun, now that it can be written; cue line 2 marks what is missing "
                   "(`annabella recording verify` names it)");
        return;
      }
      made->reset();
      std::error_code ignored;
      std::filesystem::remove(settings.recording, ignored);
      std::filesystem::remove(Recorder::cue_path(settings.recording), ignored);
    }
    ++late->lost;
  }
  void recorded(const std::string& new_digest) {
    std::lock_guard lock(text_mutex);
    digest = new_digest;
  }

  // Opens each route's device and starts its player; "none" as the private device: the public
  // device takes both. A device that cannot be opened is said once and left out.
  void open_players() {
    const auto& s = settings;
    const bool shared = s.private_device == "none" || s.private_device == s.public_device;
    const std::string devices[2] = {s.public_device, shared ? s.public_device : s.private_device};
    const std::string routes[2] = {shared ? "public and private" : "public",
                                   shared ? "public and private" : "private"};
    const Backoff backoff{s.reopen_first_wait, s.reopen_longest_wait};
    for (int r = 0; r < 2; ++r) {
      const std::string& name = devices[r];
      if (name.empty() || name == "none") continue;
      auto& player = players[name];
      if (!player) {
        auto sink = open_sink(name);
        if (!sink) {
          report_problem(sink.error().message);
          players.erase(name);
          continue;
        }
        player = std::make_unique<Player>(*this, name, routes[r], std::move(*sink), backoff);
      }
      route_player[r] = player.get();
    }
  }

  Player* player_for(Route route) const { return route_player[route == Route::Public ? 0 : 1]; }

  // Fills in a phrase's samples (the player plays them as they come) and records them.
  void speak(const Request& request) {
    PhraseAudio& audio = *request.audio;
    if (!player_for(request.route) && !recorder && !late) return;  // text only
    if (audio.cancelled()) return;
    // The phrase's own voice (its language's), else the profile's; a private phrase at the rate
    // and volume the player chose; the cache tells them all apart.
    const bool own = request.route == Route::Private;
    const int rate = own && private_rate_wpm > 0 ? private_rate_wpm.load() : voice.rate_wpm;
    const int volume = own ? private_volume_percent.load() : 100;
    const Voice phrase_voice{request.phrase.voice.empty() ? voice.name : request.phrase.voice,
                             rate};
    const std::string cache_key = phrase_voice.name + '\n' + std::to_string(rate) + '\n' +
                                  std::to_string(volume) + '\n' + request.phrase.spoken;
    if (auto cached = cache.find(cache_key)) {
      audio.append(cached->samples());
    } else {
      std::vector<std::int16_t> scaled;
      auto ok = synthesizer->synthesize(
          request.phrase.spoken, phrase_voice, [&](std::span<const std::int16_t> s) {
            if (volume == 100) {
              audio.append(s);
            } else {
              scaled.assign(s.begin(), s.end());
              for (auto& sample : scaled) sample = static_cast<std::int16_t>(sample * volume / 100);
              audio.append(scaled);
            }
            return !audio.cancelled();
          });
      if (!ok) report_problem(ok.error().message);
      if (ok && !audio.cancelled()) cache.insert(cache_key, request.audio);
    }
    audio.finish();
    if (!audio.cancelled()) record(request, audio);
  }

  // D.2.7: the phrase as the player heard it, in the recording (begun now if it could not be
  // created until now).
  void record(const Request& request, PhraseAudio& audio) {
    if (!recorder && late)
      start_late(std::chrono::duration_cast<std::chrono::milliseconds>(request.at - origin),
                 route_name(request.route));
    if (!recorder) return;
    auto digest_now =
        recorder->record(std::chrono::duration_cast<std::chrono::milliseconds>(request.at - origin),
                         route_name(request.route), kind_name(request.phrase.kind),
                         request.phrase.text, audio.samples());
    if (!digest_now) {
      recording_failed(digest_now.error().message);
      return;
    }
    recording_resumed();
    audio.recorded_sequence = recorder->sequence();
    audio.recorded_end = recorder->samples_written();
    recorded(*digest_now);
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
      recording_failed(digest_now.error().message);
      return;
    }
    recorded(*digest_now);
  }

  // A line that holds no sound of its own (what the microphone heard), in the chain like a
  // phrase, so that a changed or removed one shows.
  void mark_note(const Request& request) {
    if (!recorder) return;
    auto digest_now =
        recorder->mark(std::chrono::duration_cast<std::chrono::milliseconds>(request.at - origin),
                       "microphone", *request.note, request.phrase.text);
    if (!digest_now) {
      recording_failed(digest_now.error().message);
      return;
    }
    recorded(*digest_now);
  }

  // Everything before the seal request is recorded: hands the recording's state to the app,
  // which signs it (app/recording_seal.h).
  void seal(const std::string& label) {
    RecordingAnchor anchor = recorder ? recorder->anchor() : RecordingAnchor{};
    if (recorder && !recorder->cut_reason().empty())
      recording_failed(recorder->cut_reason());  // said once; a marker may just have gone in
    if (recorder) recorded(anchor.digest);
    if (settings.on_seal) settings.on_seal(anchor, label);
  }

  // With `mutex` held: the first request can be taken (a seal waits for cuts in flight).
  bool request_ready() const {
    return !requests.empty() && !(requests.front().seal && cuts_in_flight > 0);
  }

  void run() {
    std::unique_lock lock(mutex);
    for (;;) {
      wake.wait(lock,
                [&] { return !cuts.empty() || request_ready() || (stopping && requests.empty()); });
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
        if (request.seal)
          seal(*request.seal);
        else if (request.note)
          mark_note(request);
        else
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
    if (!recorder && !s.without_recording_if_it_fails) return fail(recorder.error());
    if (recorder) {
      impl->recorder = std::move(*recorder);
    } else {  // begun once a phrase finds room (Impl::start_late)
      impl->recording_problem = recorder.error().message;
      impl->late = Impl::LateRecording{
          std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - origin), 0};
    }
  }
  if (s.sound && impl->synthesizer && impl->opener) impl->open_players();
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
    queue_by_rules(impl_->requests, Request{std::move(phrase), route, at, std::move(audio),
                                            std::nullopt, std::nullopt});
  }
  impl_->wake.notify_all();
}

void Announcer::seal(std::string label) {
  {
    std::lock_guard lock(impl_->mutex);
    Request request;
    request.seal = std::move(label);
    impl_->requests.push_back(std::move(request));
  }
  impl_->wake.notify_all();
}

void Announcer::note(std::string kind, std::string text, Clock::time_point at) {
  {
    std::lock_guard lock(impl_->mutex);
    Request request;
    request.note = std::move(kind);
    request.phrase.text = std::move(text);
    request.at = at;
    impl_->requests.push_back(std::move(request));
  }
  impl_->wake.notify_all();
}

void Announcer::set_private_voice(const PrivateVoice& voice) {
  impl_->private_rate_wpm = std::max(0, voice.rate_wpm);
  impl_->private_volume_percent = std::clamp(voice.volume_percent, 0, 100);
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

std::string Announcer::recording_problem() const {
  return impl_->recording_problem;
}

std::string Announcer::recording_digest() const {
  std::lock_guard lock(impl_->text_mutex);
  return impl_->digest;
}

}  // namespace annabella::speech
