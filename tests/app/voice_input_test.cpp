// The station's microphone (app/voice_input.h) with an in-memory microphone and a recogniser
// delayed on purpose, on a time source of the test's own: every event carries the time it
// happened, so a heard utterance is stamped with the end of its speech as the capture path
// measured it (the voice activity detector's last loud frame), not with the time its decoding
// ended; and push-to-talk hears nothing while the button is not held.
#include <gtest/gtest.h>

#include <atomic>

#include "app/voice_input.h"
#include "core/notation.h"
#include "speech/espeak_synth.h"

namespace annabella::app {
namespace {

using namespace std::chrono_literals;

constexpr int kRate = speech::kRecognizerSampleRateHz;
constexpr auto kDecodeDelay = 700ms;  // the recogniser's artificial delay

// The test's time: the microphone advances it as a real device delivers (a block of 20 ms takes
// 20 ms), the recogniser by its delay.
struct TestClock {
  std::atomic<std::int64_t> ns{std::chrono::nanoseconds(1h).count()};
  TimePoint now() const { return TimePoint(std::chrono::nanoseconds(ns.load())); }
  void advance(std::chrono::nanoseconds d) { ns += d.count(); }
};

// Half a second of a quiet room, a second of "speech" (a loud tone), half a second of quiet;
// then the device is gone (the capture ends; what it captured is still decoded).
class MemoryMicrophone final : public speech::AudioSource {
 public:
  explicit MemoryMicrophone(TestClock& clock) : clock_(clock) {
    samples_.assign(kRate / 2, 0);
    for (int i = 0; i < kRate; ++i) samples_.push_back(i % 16 < 8 ? 4000 : -4000);
    samples_.resize(samples_.size() + kRate / 2, 0);
  }
  const std::string& name() const override { return name_; }
  int sample_rate_hz() const override { return kRate; }
  Status read(std::span<std::int16_t> into) override {
    if (at_ >= samples_.size()) return fail("the test's microphone is unplugged");
    for (auto& s : into) s = at_ < samples_.size() ? samples_[at_++] : std::int16_t{0};
    clock_.advance(std::chrono::microseconds(into.size() * 1'000'000 / kRate));
    return {};
  }

 private:
  TestClock& clock_;
  std::string name_ = "memory";
  std::vector<std::int16_t> samples_;
  std::size_t at_ = 0;
};

// Hears every utterance as "Springer Felix drei" (Nf3), clearly, after kDecodeDelay.
class DelayedRecognizer final : public speech::Recognizer {
 public:
  explicit DelayedRecognizer(TestClock& clock) : clock_(clock) {}
  Status set_grammar(const speech::VoiceGrammar& grammar,
                     const speech::PronunciationDictionary&) override {
    for (const auto& phrase : grammar.phrases()) {
      if (phrase.move && core::to_uci(*phrase.move) == "g1f3" && tokens_.empty())
        tokens_ = phrase.tokens;
      else if (phrase.move && runner_up_.empty())
        runner_up_ = phrase.tokens;
    }
    return {};
  }
  Result<speech::Decoding> decode(std::span<const std::int16_t> samples) override {
    clock_.advance(kDecodeDelay);
    speech::Decoding d;
    d.grammar = {tokens_, 0.0};
    d.runner_up = {runner_up_, -1.0};
    d.frames = static_cast<int>(samples.size() / 160);
    d.end_frame = d.frames;
    return d;
  }
  Status use_speaker_transform(const std::string&) override { return {}; }

 private:
  TestClock& clock_;
  std::vector<std::string> tokens_, runner_up_;
};

std::unique_ptr<VoiceInput> prepared(bool push_to_talk) {
  auto vocabulary = speech::Vocabulary::load("fide");
  EXPECT_TRUE(vocabulary) << vocabulary.error().message;
  auto synth = speech::EspeakSynthesizer::create();
  EXPECT_TRUE(synth) << synth.error().message;
  if (!vocabulary || !synth) return nullptr;
  config::VoiceSettings settings;
  settings.input = "memory";
  settings.push_to_talk = push_to_talk;
  auto input = VoiceInput::prepare(settings, *vocabulary, **synth);
  EXPECT_TRUE(input) << input.error().message;
  return input ? std::move(*input) : nullptr;
}

TEST(VoiceInput, AHeardEventIsStampedWithTheEndOfSpeechNotTheDecodeTime) {
  TestClock clock;
  const TimePoint listening = clock.now();
  auto input = prepared(false);
  ASSERT_TRUE(input);
  EventQueue<StationEvent> queue;
  ASSERT_TRUE(input->start_with(std::make_unique<MemoryMicrophone>(clock),
                                std::make_unique<DelayedRecognizer>(clock), core::Position(), queue,
                                [&clock] { return clock.now(); }));
  auto event = queue.pop_until(SteadyClock::now() + 30s);
  input->stop();
  ASSERT_TRUE(event);
  const auto* heard = std::get_if<ev::Heard>(&event->body);
  ASSERT_NE(heard, nullptr);
  EXPECT_EQ(heard->heard.kind, speech::HeardKind::Move) << heard->heard.why;
  // The speech ran from 0.5 s to 1.5 s of the stream: the detector's first loud frame and the
  // end of its last one, to the millisecond.
  EXPECT_EQ(heard->heard.speech_began, listening + 500ms);
  EXPECT_EQ(heard->heard.speech_ended, listening + 1500ms);
  EXPECT_EQ(event->time, listening + 1500ms);  // the event's time: the end of the speech
  // Decoded only after the hangover and the recogniser's delay.
  EXPECT_GE(heard->decoded - event->time, kDecodeDelay);
}

TEST(VoiceInput, PushToTalkHearsNothingWhileTheButtonIsNotHeld) {
  TestClock clock;
  auto input = prepared(true);
  ASSERT_TRUE(input);
  EventQueue<StationEvent> queue;
  ASSERT_TRUE(input->start_with(std::make_unique<MemoryMicrophone>(clock),
                                std::make_unique<DelayedRecognizer>(clock), core::Position(), queue,
                                [&clock] { return clock.now(); }));
  // The whole input is read (the device then goes away) without the button: nothing decoded.
  auto event = queue.pop_until(SteadyClock::now() + 2s);
  input->stop();
  EXPECT_FALSE(event) << "heard without the button held";
}

}  // namespace
}  // namespace annabella::app
