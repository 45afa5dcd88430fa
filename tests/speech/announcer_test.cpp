// The announcer's queue rules, text lines, missing devices and the recording.
//
// The queue-rule tests use two small stand-ins, said here as the rules require: a synthesizer
// that turns "tone V N" into N samples of value V (so every phrase's samples can be told apart
// at the sink), and a sink that keeps what it is given and can be held closed, to put phrases
// in line behind one that is playing. The recording tests use the real eSpeak NG; the real
// PortAudio path is tested in portaudio_route_test.cpp.
#include "speech/announcer.h"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "speech/espeak_synth.h"
#include "speech/fixtures.h"
#include "speech/recorder.h"
#include "speech/tone_devices.h"
#include "support/temp_dir.h"

namespace annabella::speech {
namespace announcer_test {
namespace {

using namespace std::chrono_literals;
using Clock = Announcer::Clock;

struct Station {
  std::shared_ptr<DeviceLog> device = std::make_shared<DeviceLog>();
  std::shared_ptr<DeviceLog> speaker = std::make_shared<DeviceLog>();
  std::shared_ptr<DeviceLog> synthesis = std::make_shared<DeviceLog>();
  std::ostringstream text;
  std::unique_ptr<Announcer> announcer;
  Clock::time_point origin = Clock::now();

  // Both routes on the earpiece, or the public one on a separate speaker; with a recording, if
  // given.
  explicit Station(std::string public_device = "earpiece", std::filesystem::path recording = {}) {
    Announcer::Settings settings;
    settings.public_device = std::move(public_device);
    settings.private_device = "earpiece";
    settings.text = &text;
    settings.recording = std::move(recording);
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
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->phrases, 1);
}

// D.2.7: the recording says what the player heard: a readout cut off by a move is recorded
// whole (it was synthesized before the cut) and a "cut" line after it says when it was cut and
// how much was heard. The marker is in the digest chain: changing or removing it shows.
TEST(Recording, AReadoutCutOffByAMoveIsMarkedInTheCueList) {
  ::annabella::testing::TempDir dir;
  const auto wav = dir / "game.wav";
  std::string digest;
  {
    Station station("earpiece", wav);
    station.device->hold();
    station.say(tone(PhraseKind::Readout, 1, 50000), Route::Private);
    station.device->wait_for_a_held_write();  // the readout's first chunk is playing
    station.say(tone(PhraseKind::Move, 2, 3000));
    station.device->release();
    station.announcer->wait_until_idle();
    digest = station.announcer->recording_digest();
    const auto runs = station.device->runs();
    ASSERT_EQ(runs.size(), 2u);
    ASSERT_LT(runs[0].second, 50000);  // cut off
  }
  auto check = verify_recording(wav);
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->phrases, 2);
  EXPECT_EQ(check->cut_markers, 1);
  EXPECT_EQ(check->last_digest, digest);  // the mark was made before wait_until_idle returned

  const std::string cues = ::annabella::testing::read_file(Recorder::cue_path(wav));
  EXPECT_NE(cues.find("cue list v4"), std::string::npos) << cues;
  EXPECT_NE(cues.find("\tprivate\treadout\ttone 1 50000\t"), std::string::npos) << cues;
  const auto cut = cues.find("\tprivate\tcut\tphrase 1 cut off by a move after ");
  ASSERT_NE(cut, std::string::npos) << cues;
  // The readout's speech starts after the 250 ms gap (5512 samples); the device took 1024.
  EXPECT_NE(cues.find("; heard up to sample " + std::to_string(5512 + 1024) + "\t", cut),
            std::string::npos)
      << cues;

  // A changed marker.
  {
    std::string forged = cues;
    forged.replace(forged.find("cut off by a move"), 17, "heard to its end.");
    std::ofstream(Recorder::cue_path(wav)) << forged;
    auto bad = verify_recording(wav);
    ASSERT_FALSE(bad);
    EXPECT_EQ(bad.error().kind, CueListFault::Kind::DigestMismatch);
  }
  // A removed marker.
  {
    const auto line_start = cues.rfind('\n', cut) + 1;
    std::string forged = cues;
    forged.erase(line_start, cues.find('\n', cut) + 1 - line_start);
    std::ofstream(Recorder::cue_path(wav)) << forged;
    auto bad = verify_recording(wav);
    // A removed last line is shown by the last digest (kept outside the recording).
    EXPECT_TRUE(!bad || bad->last_digest != digest);
  }
  std::ofstream(Recorder::cue_path(wav)) << cues;
  EXPECT_TRUE(verify_recording(wav));
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
  ASSERT_TRUE(check) << fault_key(check.error().kind);
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
    EXPECT_EQ(bad.error().kind, CueListFault::Kind::DigestMismatch);
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
}  // namespace announcer_test
}  // namespace annabella::speech

namespace annabella::speech {
namespace announcer_test {
namespace {

// A synthesizer that notes the voice of every phrase it is asked for (and gives 100 samples).
class VoiceNotingSynthesizer final : public Synthesizer {
 public:
  explicit VoiceNotingSynthesizer(std::shared_ptr<std::vector<std::string>> voices)
      : voices_(std::move(voices)) {}
  int sample_rate_hz() const override { return 22050; }
  Status synthesize(std::string_view spoken, const Voice& voice,
                    const std::function<bool(std::span<const std::int16_t>)>& chunk) override {
    voices_->push_back(voice.name + ": " + std::string(spoken));
    const Samples samples(100, 1);
    chunk(samples);
    return {};
  }

 private:
  std::shared_ptr<std::vector<std::string>> voices_;
};

// A phrase is spoken in its language's voice (a private phrase in the player's language), and
// one text in two languages' voices is synthesized twice, not taken from the cache.
TEST(Announcer, EachPhraseIsSpokenInItsOwnVoice) {
  auto voices = std::make_shared<std::vector<std::string>>();
  auto device = std::make_shared<DeviceLog>();
  Announcer::Settings settings;
  auto announcer = Announcer::start(
      fixtures::profile("fide"), settings, std::make_unique<VoiceNotingSynthesizer>(voices),
      [device](std::string_view, int) -> Result<std::unique_ptr<AudioSink>> {
        return std::unique_ptr<AudioSink>(new LogSink(device));
      },
      Clock::now());
  ASSERT_TRUE(announcer);
  const auto now = Clock::now();
  (*announcer)->announce({PhraseKind::Move, "Eva vier", "Eva vier", "", ""}, Route::Public, now);
  (*announcer)->wait_until_idle();
  (*announcer)->announce({PhraseKind::Message, "Da", "Da", "", "sr"}, Route::Private, now);
  (*announcer)->announce({PhraseKind::Message, "Da", "Da", "", "bg"}, Route::Private, now);
  (*announcer)->announce({PhraseKind::Message, "Da", "Da", "", "sr"}, Route::Private, now);
  (*announcer)->wait_until_idle();
  // The move in the profile's voice (no voice of its own); "Da" in Serbian once (then cached).
  EXPECT_EQ(*voices, (std::vector<std::string>{"de: Eva vier", "sr: Da", "bg: Da"}));
}

}  // namespace
}  // namespace announcer_test
}  // namespace annabella::speech

namespace annabella::speech {
namespace announcer_test {
namespace {

// A synthesizer that notes the rate of every phrase and gives 100 samples of 1000.
class RateNotingSynthesizer final : public Synthesizer {
 public:
  explicit RateNotingSynthesizer(std::shared_ptr<std::vector<int>> rates)
      : rates_(std::move(rates)) {}
  int sample_rate_hz() const override { return 22050; }
  Status synthesize(std::string_view, const Voice& voice,
                    const std::function<bool(std::span<const std::int16_t>)>& chunk) override {
    rates_->push_back(voice.rate_wpm);
    const Samples samples(100, 1000);
    chunk(samples);
    return {};
  }

 private:
  std::shared_ptr<std::vector<int>> rates_;
};

// The VI player's menu sets the rate and volume of his earpiece (issue 14); the public speaker
// keeps the profile's voice.
TEST(Announcer, ThePrivateRouteTakesThePlayersRateAndVolume) {
  auto rates = std::make_shared<std::vector<int>>();
  auto device = std::make_shared<DeviceLog>();
  Announcer::Settings settings;
  auto announcer = Announcer::start(
      fixtures::profile("fide"), settings, std::make_unique<RateNotingSynthesizer>(rates),
      [device](std::string_view, int) -> Result<std::unique_ptr<AudioSink>> {
        return std::unique_ptr<AudioSink>(new LogSink(device));
      },
      Clock::now());
  ASSERT_TRUE(announcer);
  const auto now = Clock::now();
  (*announcer)->announce({PhraseKind::Message, "Zeit", "Zeit", "", ""}, Route::Private, now);
  (*announcer)->wait_until_idle();
  (*announcer)->set_private_voice({.rate_wpm = 220, .volume_percent = 50});
  (*announcer)->announce({PhraseKind::Message, "Zeit", "Zeit", "", ""}, Route::Private, now);
  (*announcer)->wait_until_idle();
  (*announcer)->announce({PhraseKind::Move, "Eva vier", "Eva vier", "", ""}, Route::Public, now);
  (*announcer)->wait_until_idle();
  // The same text again at the new rate (not the cached phrase), and the move at the profile's.
  EXPECT_EQ(*rates, (std::vector<int>{160, 220, 160}));
  std::lock_guard lock(device->mutex);
  ASSERT_EQ(device->samples.size(), 300u);
  EXPECT_EQ(device->samples[0], 1000);
  EXPECT_EQ(device->samples[100], 500);  // half the volume
  EXPECT_EQ(device->samples[200], 1000);
}

}  // namespace
}  // namespace announcer_test
}  // namespace annabella::speech
