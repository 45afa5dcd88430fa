// The station's microphone (app/voice_input.h) with an in-memory microphone and a recogniser
// delayed on purpose, on a time source of the test's own: every event carries the time it
// happened, so a heard utterance is stamped with the end of its speech as the capture path
// measured it (the voice activity detector's last loud frame), not with the time its decoding
// ended; and push-to-talk hears nothing while the button is not held.
#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>

#include "app/voice_input.h"
#include "core/notation.h"
#include "speech/espeak_synth.h"

namespace annabella::app {
namespace voice_input_test {
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

// Opened once by one thread, waited for by another (for at most 10 s of real time).
struct Gate {
  std::mutex lock;
  std::condition_variable changed;
  bool open = false;
  void let_through() {
    {
      std::lock_guard guard(lock);
      open = true;
    }
    changed.notify_all();
  }
  void wait() {
    std::unique_lock guard(lock);
    changed.wait_for(guard, 10s, [this] { return open; });
  }
};

// Half a second of a quiet room, a second of "speech" (a loud tone), half a second of quiet;
// then the device is gone (the capture ends; what it captured is still decoded).
class MemoryMicrophone final : public speech::AudioSource {
 public:
  // With a gate, the microphone delivers nothing after 1.2 s of the stream (in the middle of
  // the speech) until the gate is open.
  explicit MemoryMicrophone(TestClock& clock, std::chrono::microseconds latency = {},
                            Gate* gate = nullptr)
      : clock_(clock), latency_(latency), gate_(gate) {
    samples_.assign(kRate / 2, 0);
    for (int i = 0; i < kRate; ++i) samples_.push_back(i % 16 < 8 ? 4000 : -4000);
    samples_.resize(samples_.size() + kRate / 2, 0);
  }
  // These samples instead, then the device is gone.
  MemoryMicrophone(TestClock& clock, std::vector<std::int16_t> samples)
      : clock_(clock), gate_(nullptr), samples_(std::move(samples)) {}
  const std::string& name() const override { return name_; }
  int sample_rate_hz() const override { return kRate; }
  std::chrono::microseconds input_latency() const override { return latency_; }
  Status read(std::span<std::int16_t> into) override {
    if (at_ >= samples_.size()) return fail("the test's microphone is unplugged");
    if (gate_ && at_ >= std::size_t(kRate) * 6 / 5) gate_->wait();
    for (auto& s : into) s = at_ < samples_.size() ? samples_[at_++] : std::int16_t{0};
    clock_.advance(std::chrono::microseconds(into.size() * 1'000'000 / kRate));
    return {};
  }

 private:
  TestClock& clock_;
  std::chrono::microseconds latency_{};
  Gate* gate_;
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

// What StreamingRecognizer saw, kept by the test: the recogniser itself is owned, and
// destroyed, by the voice input before the test reads this.
struct Feeding {
  std::vector<TimePoint> fed_at;
  TimePoint finished_at{};
  std::size_t fed_samples = 0;
};

// Decodes while the utterance comes in: notes when (on the test's clock) each piece arrived and
// how many samples it had, and hears the utterance as DelayedRecognizer does at its end.
class StreamingRecognizer final : public speech::Recognizer {
 public:
  StreamingRecognizer(TestClock& clock, Gate& fed, Feeding& seen)
      : clock_(clock), whole_(clock), gate_(fed), seen_(seen) {}
  Status set_grammar(const speech::VoiceGrammar& grammar,
                     const speech::PronunciationDictionary& dictionary) override {
    return whole_.set_grammar(grammar, dictionary);
  }
  Result<speech::Decoding> decode(std::span<const std::int16_t> samples) override {
    return whole_.decode(samples);
  }
  Status begin_utterance() override {
    samples_.clear();
    return {};
  }
  Status feed(std::span<const std::int16_t> samples) override {
    seen_.fed_at.push_back(clock_.now());
    samples_.insert(samples_.end(), samples.begin(), samples.end());
    gate_.let_through();
    return {};
  }
  Result<speech::Decoding> finish_utterance() override {
    seen_.finished_at = clock_.now();
    seen_.fed_samples = samples_.size();
    return whole_.decode(samples_);
  }
  Status use_speaker_transform(const std::string&) override { return {}; }

 private:
  TestClock& clock_;
  DelayedRecognizer whole_;
  Gate& gate_;
  Feeding& seen_;
  std::vector<std::int16_t> samples_;
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

// Listens on `microphone` with `recognizer` until the first event (or `wait` of real time).
std::optional<StationEvent> first_event(TestClock& clock,
                                        std::unique_ptr<speech::AudioSource> microphone,
                                        std::unique_ptr<speech::Recognizer> recognizer,
                                        bool push_to_talk, std::chrono::seconds wait) {
  auto input = prepared(push_to_talk);
  if (!input) return std::nullopt;
  EventQueue<StationEvent> queue;
  const auto started = input->start_with(std::move(microphone), std::move(recognizer),
                                         core::Position(), queue, [&clock] { return clock.now(); });
  EXPECT_TRUE(started) << started.error().message;
  if (!started) return std::nullopt;
  auto event = queue.pop_until(SteadyClock::now() + wait);
  input->stop();
  return event;
}

TEST(VoiceInput, AHeardEventIsStampedWithTheEndOfSpeechNotTheDecodeTime) {
  TestClock clock;
  const TimePoint listening = clock.now();
  const auto event = first_event(clock, std::make_unique<MemoryMicrophone>(clock),
                                 std::make_unique<DelayedRecognizer>(clock), false, 30s);
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

TEST(VoiceInput, TheSpeechIsDecodedWhileItIsSaidAndStampedLessTheDevicesLatency) {
  // The device says its input latency is 40 ms: each sample was captured 40 ms before the read
  // that returned it, so the speech began and ended 40 ms earlier than the reads say.
  TestClock clock;
  const TimePoint listening = clock.now();
  Gate fed;
  Feeding decoder;
  auto recognizer = std::make_unique<StreamingRecognizer>(clock, fed, decoder);
  const auto event = first_event(clock, std::make_unique<MemoryMicrophone>(clock, 40ms, &fed),
                                 std::move(recognizer), false, 30s);
  ASSERT_TRUE(event);
  const auto* heard = std::get_if<ev::Heard>(&event->body);
  ASSERT_NE(heard, nullptr);
  EXPECT_EQ(heard->heard.kind, speech::HeardKind::Move) << heard->heard.why;
  EXPECT_EQ(heard->heard.speech_began, listening + 500ms - 40ms);
  EXPECT_EQ(heard->heard.speech_ended, listening + 1500ms - 40ms);
  EXPECT_EQ(event->time, listening + 1500ms - 40ms);
  // Streaming: the recogniser had the utterance's first piece while it was still being said
  // (the microphone stops at 1.2 s until then), its pieces block by block, and all of it
  // (pre-roll, speech, hangover) when it was finished, after the end of the speech.
  ASSERT_GE(decoder.fed_at.size(), 10u);
  EXPECT_LE(decoder.fed_at.front(), listening + 1200ms);
  EXPECT_GE(decoder.finished_at, listening + 1500ms);
  EXPECT_GE(decoder.fed_samples, std::size_t(kRate));  // at least the second of speech
}

// `ms` of a loud tone (speech) or of a quiet room, appended to `out`.
void append(std::vector<std::int16_t>& out, int ms, bool loud) {
  for (int i = 0; i < ms * kRate / 1000; ++i)
    out.push_back(loud ? std::int16_t(i % 16 < 8 ? 4000 : -4000) : std::int16_t{0});
}

// Listens to `samples` while the station's own speech began and ended at the given times of
// the stream; the first utterance heard (utterances are decoded in order).
std::optional<speech::Heard> first_heard_beside_own_speech(TestClock& clock,
                                                           std::vector<std::int16_t> samples,
                                                           std::chrono::milliseconds began,
                                                           std::chrono::milliseconds ended) {
  const TimePoint listening = clock.now();
  auto input = prepared(false);
  if (!input) return std::nullopt;
  input->own_speech()->began(listening + began);
  input->own_speech()->ended(listening + ended);
  EventQueue<StationEvent> queue;
  const auto started =
      input->start_with(std::make_unique<MemoryMicrophone>(clock, std::move(samples)),
                        std::make_unique<DelayedRecognizer>(clock), core::Position(), queue,
                        [&clock] { return clock.now(); });
  EXPECT_TRUE(started) << started.error().message;
  if (!started) return std::nullopt;
  const auto event = queue.pop_until(SteadyClock::now() + 10s);
  input->stop();
  if (!event) return std::nullopt;
  const auto* heard = std::get_if<ev::Heard>(&event->body);
  if (!heard) return std::nullopt;
  return heard->heard;
}

TEST(VoiceInput, TheStationsOwnSpeechAndItsTailAreNotListenedTo) {
  // Half-duplex (D.2.1): the station reads a move back on the public route from 0.48 s of the
  // stream; its last samples go to the device at 1.3 s, and the microphone hears it from 0.5 to
  // 1.5 s (the device's buffer). Then the speaker's "ja" from 1.9 s to 2.5 s. With the default
  // tail of 500 ms nothing is listened to until 1.8 s: the read-back is never decoded, the "ja"
  // is, whole.
  TestClock clock;
  const TimePoint listening = clock.now();
  std::vector<std::int16_t> samples;
  append(samples, 500, false);
  append(samples, 1000, true);  // the station's read-back, through the air
  append(samples, 400, false);
  append(samples, 600, true);  // "ja"
  append(samples, 800, false);
  const auto heard = first_heard_beside_own_speech(clock, std::move(samples), 480ms, 1300ms);
  ASSERT_TRUE(heard);
  EXPECT_EQ(heard->speech_began, listening + 1900ms);
  EXPECT_EQ(heard->speech_ended, listening + 2500ms);
}

TEST(VoiceInput, SpeechCutByTheStationsOwnIsDroppedNotDecoded) {
  // The station begins to speak (1.0 s) while a sound is still loud: none of it is decoded;
  // the next utterance (2.5 s to 3 s) is the first heard.
  TestClock clock;
  const TimePoint listening = clock.now();
  std::vector<std::int16_t> samples;
  append(samples, 500, false);
  append(samples, 1300, true);
  append(samples, 700, false);
  append(samples, 500, true);
  append(samples, 600, false);
  const auto heard = first_heard_beside_own_speech(clock, std::move(samples), 1000ms, 1400ms);
  ASSERT_TRUE(heard);
  EXPECT_EQ(heard->speech_began, listening + 2500ms) << "heard the station's own speech";
}

TEST(VoiceInput, PushToTalkHearsNothingWhileTheButtonIsNotHeld) {
  TestClock clock;
  // The whole input is read (the device then goes away) without the button: nothing decoded.
  const auto event = first_event(clock, std::make_unique<MemoryMicrophone>(clock),
                                 std::make_unique<DelayedRecognizer>(clock), true, 2s);
  EXPECT_FALSE(event) << "heard without the button held";
}

}  // namespace
}  // namespace voice_input_test
}  // namespace annabella::app
