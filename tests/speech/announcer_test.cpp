// The announcer's queue rules, text lines, missing devices and the recording.
//
// The queue-rule tests use two small stand-ins, said here as the rules require: a synthesizer
// that turns "tone V N" into N samples of value V (so every phrase's samples can be told apart
// at the sink), and a sink that keeps what it is given and can be held closed, to put phrases
// in line behind one that is playing. The recording tests use the real eSpeak NG; the real
// PortAudio path is tested in portaudio_route_test.cpp.
#include "speech/announcer.h"

#include <gtest/gtest.h>

#include <condition_variable>
#include <fstream>
#include <mutex>
#include <sstream>

#include "speech/espeak_synth.h"
#include "speech/fixtures.h"
#include "speech/recorder.h"
#include "support/temp_dir.h"

namespace annabella::speech {
namespace {

using namespace std::chrono_literals;
using Clock = Announcer::Clock;

// What reached one device, and a gate that holds writes back.
struct DeviceLog {
  std::mutex mutex;
  std::condition_variable changed;
  Samples samples;
  bool open = true;
  int writes_waiting = 0;

  void hold() {
    std::lock_guard lock(mutex);
    open = false;
  }
  void release() {
    {
      std::lock_guard lock(mutex);
      open = true;
    }
    changed.notify_all();
  }
  void wait_for_a_held_write() {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return writes_waiting > 0; });
  }
  // Runs of equal values: {value, count} in order.
  std::vector<std::pair<int, int>> runs() {
    std::lock_guard lock(mutex);
    std::vector<std::pair<int, int>> out;
    for (std::int16_t s : samples) {
      if (out.empty() || out.back().first != s)
        out.emplace_back(s, 1);
      else
        ++out.back().second;
    }
    return out;
  }
};

class ToneSynthesizer final : public Synthesizer {
 public:
  explicit ToneSynthesizer(std::shared_ptr<DeviceLog> gate) : gate_(std::move(gate)) {}
  int sample_rate_hz() const override { return 22050; }
  Status synthesize(std::string_view spoken, const Voice&,
                    const std::function<bool(std::span<const std::int16_t>)>& chunk) override {
    std::istringstream in{std::string(spoken)};
    std::string word;
    int value = 0, count = 0;
    in >> word >> value >> count;
    const Samples samples(std::size_t(count), static_cast<std::int16_t>(value));
    {
      std::unique_lock lock(gate_->mutex);  // held closed: phrases wait in the request queue
      ++gate_->writes_waiting;
      gate_->changed.notify_all();
      gate_->changed.wait(lock, [&] { return gate_->open; });
      --gate_->writes_waiting;
    }
    chunk(samples);
    return {};
  }

 private:
  std::shared_ptr<DeviceLog> gate_;
};

class LogSink final : public AudioSink {
 public:
  explicit LogSink(std::shared_ptr<DeviceLog> log) : log_(std::move(log)) {}
  const std::string& name() const override { return name_; }
  Status write(std::span<const std::int16_t> samples) override {
    std::unique_lock lock(log_->mutex);
    ++log_->writes_waiting;
    log_->changed.notify_all();
    log_->changed.wait(lock, [&] { return log_->open; });
    --log_->writes_waiting;
    log_->samples.insert(log_->samples.end(), samples.begin(), samples.end());
    return {};
  }

 private:
  std::shared_ptr<DeviceLog> log_;
  std::string name_ = "log";
};

Phrase tone(PhraseKind kind, int value, int count, std::string topic = {}) {
  const std::string text = "tone " + std::to_string(value) + " " + std::to_string(count);
  return {kind, text, text, std::move(topic)};
}

struct Station {
  std::shared_ptr<DeviceLog> device = std::make_shared<DeviceLog>();
  std::shared_ptr<DeviceLog> speaker = std::make_shared<DeviceLog>();
  std::shared_ptr<DeviceLog> synthesis = std::make_shared<DeviceLog>();
  std::ostringstream text;
  std::unique_ptr<Announcer> announcer;
  Clock::time_point origin = Clock::now();

  // Both routes on the earpiece, or the public one on a separate speaker.
  explicit Station(std::string public_device = "earpiece") {
    Announcer::Settings settings;
    settings.public_device = std::move(public_device);
    settings.private_device = "earpiece";
    settings.text = &text;
    auto dev = device, spk = speaker;
    auto a = Announcer::start(
        fixtures::profile("fide"), settings, std::make_unique<ToneSynthesizer>(synthesis),
        [dev, spk](std::string_view name, int) -> Result<std::unique_ptr<AudioSink>> {
          return std::unique_ptr<AudioSink>(new LogSink(name == "speaker" ? spk : dev));
        },
        origin);
    EXPECT_TRUE(a);
    announcer = std::move(*a);
  }
  void say(Phrase p, Route r = Route::Public) {
    announcer->announce(std::move(p), r, Clock::now());
  }
};

TEST(Announcer, AMoveCutsOffAReadoutButIsNeverCutItself) {
  Station station;
  station.device->hold();
  station.say(tone(PhraseKind::Readout, 1, 50000), Route::Private);
  station.device->wait_for_a_held_write();  // the readout is playing
  station.say(tone(PhraseKind::Move, 2, 30000));
  station.say(tone(PhraseKind::Move, 3, 30000));
  station.device->release();
  station.announcer->wait_until_idle();
  const auto runs = station.device->runs();
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0].first, 1);
  EXPECT_LT(runs[0].second, 50000);  // cut off
  EXPECT_EQ(runs[1], (std::pair<int, int>{2, 30000}));
  EXPECT_EQ(runs[2], (std::pair<int, int>{3, 30000}));
}

TEST(Announcer, AMoveOnTheSpeakerCutsOffAReadoutInTheEarpiece) {
  Station station("speaker");
  station.device->hold();
  station.say(tone(PhraseKind::Readout, 1, 50000), Route::Private);
  station.device->wait_for_a_held_write();
  station.say(tone(PhraseKind::Move, 2, 30000), Route::Public);
  station.device->release();
  station.announcer->wait_until_idle();
  const auto earpiece = station.device->runs();
  ASSERT_EQ(earpiece.size(), 1u);
  EXPECT_LT(earpiece[0].second, 50000);
  EXPECT_EQ(station.speaker->runs(), (std::vector<std::pair<int, int>>{{2, 30000}}));
}

TEST(Announcer, AWaitingReadoutIsDroppedByAMoveThatGoesAheadOfMessages) {
  Station station;
  station.device->hold();
  station.say(tone(PhraseKind::Message, 1, 3000));
  station.device->wait_for_a_held_write();
  station.say(tone(PhraseKind::Readout, 2, 3000), Route::Private);
  station.say(tone(PhraseKind::Message, 3, 3000));
  station.say(tone(PhraseKind::Move, 4, 3000));
  station.device->release();
  station.announcer->wait_until_idle();
  const auto runs = station.device->runs();
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[0], (std::pair<int, int>{1, 3000}));
  EXPECT_EQ(runs[1], (std::pair<int, int>{4, 3000}));  // the move first
  EXPECT_EQ(runs[2], (std::pair<int, int>{3, 3000}));  // the readout is gone
}

TEST(Announcer, RepeatedWarningsAreMerged) {
  Station station;
  station.synthesis->hold();
  station.say(tone(PhraseKind::Message, 1, 3000));
  station.synthesis->wait_for_a_held_write();  // the speech thread holds phrase 1
  station.say(tone(PhraseKind::Warning, 5, 3000, "low_time.white"), Route::Private);
  station.say(tone(PhraseKind::Warning, 6, 3000, "low_time.black"), Route::Private);
  station.say(tone(PhraseKind::Warning, 7, 3000, "low_time.white"), Route::Private);
  station.synthesis->release();
  station.announcer->wait_until_idle();
  const auto runs = station.device->runs();
  ASSERT_EQ(runs.size(), 3u);
  EXPECT_EQ(runs[1], (std::pair<int, int>{7, 3000}));  // merged, in the first one's place
  EXPECT_EQ(runs[2], (std::pair<int, int>{6, 3000}));
}

TEST(Announcer, EveryPhraseIsATimestampedTextLine) {
  Station station;
  const Vocabulary v = fixtures::profile("fide");
  const core::Position start;
  station.announcer->announce(phrase_for_move(v, start, fixtures::move(start, "Nf3")),
                              Route::Public, station.origin + 1h + 2min + 3s + 456ms);
  station.announcer->announce(phrase_low_time(v, core::WHITE, 5min), Route::Private,
                              station.origin + 1500ms);
  station.announcer->wait_until_idle();
  EXPECT_EQ(station.text.str(),
            "01:02:03.456 public move: Springer Felix drei\n"
            "00:00:01.500 private warning: Weiss: noch fuenf Minuten\n");
}

TEST(Announcer, NoSoundDeviceIsSaidOnceAndTextGoesOn) {
  ::annabella::testing::TempDir dir;
  std::ostringstream text;
  Announcer::Settings settings;
  settings.public_device = "speaker";
  settings.private_device = "earpiece";
  settings.text = &text;
  settings.recording = dir / "game.wav";
  auto synth = EspeakSynthesizer::create();
  ASSERT_TRUE(synth);
  auto announcer = Announcer::start(
      fixtures::profile("english-anna"), settings, std::move(*synth),
      [](std::string_view, int) -> Result<std::unique_ptr<AudioSink>> {
        return fail("there is no default output device");
      },
      Clock::now());
  ASSERT_TRUE(announcer);
  const core::Position start;
  (*announcer)
      ->announce(
          phrase_for_move(fixtures::profile("english-anna"), start, fixtures::move(start, "e4")),
          Route::Public, Clock::now());
  (*announcer)->wait_until_idle();
  EXPECT_EQ((*announcer)->sound_problems().size(), 1u);
  const std::string out = text.str();
  const auto first = out.find("No sound device: there is no default output device");
  ASSERT_NE(first, std::string::npos) << out;
  EXPECT_EQ(out.find("No sound device", first + 1), std::string::npos) << out;  // once
  EXPECT_NE(out.find("public move: Eva four"), std::string::npos) << out;
  announcer->reset();
  auto check = verify_recording(dir / "game.wav");
  ASSERT_TRUE(check) << check.error().message;
  EXPECT_EQ(check->phrases, 1);
}

// D.2.7: the recording holds every phrase, its cue list verifies, and any change shows.
TEST(Recording, DigestChainVerifiesAndShowsTampering) {
  ::annabella::testing::TempDir dir;
  const auto wav = dir / "game.wav";
  Announcer::Settings settings;
  settings.sound = false;
  settings.recording = wav;
  auto synth = EspeakSynthesizer::create();
  ASSERT_TRUE(synth);
  const Vocabulary v = fixtures::profile("fide");
  auto announcer = Announcer::start(v, settings, std::move(*synth), nullptr, Clock::now());
  ASSERT_TRUE(announcer);
  core::Position pos;
  for (const char* san : {"e4", "e5", "Nf3", "Nc6"}) {
    const auto m = fixtures::move(pos, san);
    (*announcer)->announce(phrase_for_move(v, pos, m), Route::Public, Clock::now());
    pos.play(m);
  }
  (*announcer)
      ->announce(phrase_time_readout(v, 89min, 88min + 30s, 2), Route::Private, Clock::now());
  (*announcer)->wait_until_idle();
  const std::string digest = (*announcer)->recording_digest();
  announcer->reset();

  auto check = verify_recording(wav);
  ASSERT_TRUE(check) << check.error().message;
  EXPECT_EQ(check->phrases, 5);
  EXPECT_EQ(check->last_digest, digest);
  auto audio = read_sound_file(wav);
  ASSERT_TRUE(audio);
  EXPECT_EQ(audio->sample_rate_hz, 22050);
  EXPECT_GT(audio->samples.size(), 22050u * 4);  // five phrases of speech
  const std::string cues = ::annabella::testing::read_file(Recorder::cue_path(wav));
  EXPECT_NE(cues.find("\tpublic\tmove\tSpringer Felix drei\t"), std::string::npos) << cues;

  // A changed word in the cue list.
  {
    std::string forged = cues;
    forged.replace(forged.find("Springer Felix drei"), 19, "Springer Felix vier");
    std::ofstream(Recorder::cue_path(wav)) << forged;
    auto bad = verify_recording(wav);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("digest mismatch"), std::string::npos);
    std::ofstream(Recorder::cue_path(wav)) << cues;
    EXPECT_TRUE(verify_recording(wav));
  }
  // One changed sample in the audio.
  {
    Samples changed = audio->samples;
    changed[changed.size() / 2] ^= 1;
    {
      auto writer = SoundFileWriter::create(wav, 22050);
      ASSERT_TRUE(writer);
      ASSERT_TRUE((*writer)->write(changed));
    }
    EXPECT_FALSE(verify_recording(wav));
  }
}

}  // namespace
}  // namespace annabella::speech
