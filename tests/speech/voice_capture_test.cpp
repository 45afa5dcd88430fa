// Voice input through the real capture path: eSpeak NG speaks moves and commands, the samples go
// into an ALSA file source (the `file` plugin's `infile`), PortAudio captures them as from a
// microphone, voice activity detection cuts the utterances, pocketsphinx decodes them against the
// position's grammar while each utterance is said (streaming), and each comes out as a typed
// Heard. Also push-to-talk and the device's input latency.
#include <gtest/gtest.h>

#include <condition_variable>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <mutex>

#include "core/notation.h"
#include "speech/espeak_synth.h"
#include "speech/fixtures.h"
#include "speech/pocketsphinx_recognizer.h"
#include "speech/portaudio_source.h"
#include "speech/voice_listener.h"
#include "support/temp_dir.h"
#include "support/voice_corpus.h"

namespace annabella::speech {
namespace voice_capture_test {
namespace {

using namespace std::chrono_literals;

// The ALSA default device captures from `infile` (raw S16_LE, 16 kHz mono). Set up once per
// process, before PortAudio first starts; each test writes its own infile contents.
struct AlsaFileSource {
  ::annabella::testing::TempDir dir;
  std::filesystem::path infile = dir / "microphone.raw";
  AlsaFileSource() {
    const auto conf = dir / "asound.conf";
    std::ofstream(conf)
        << "pcm.!default { type file slave { pcm { type null } } file \"/dev/null\" "
        << "infile \"" << infile.string() << "\" format \"raw\" }\n";
    ::setenv("ALSA_CONFIG_PATH", conf.c_str(), 1);
  }
};

AlsaFileSource& microphone() {
  static AlsaFileSource instance;
  return instance;
}

class VoiceCapture : public ::testing::Test {
 protected:
  void SetUp() override {
    auto s = EspeakSynthesizer::create();
    ASSERT_TRUE(s) << s.error().message;
    synth = std::move(*s);
    vocabulary = fixtures::profile("fide");
    auto d = pronunciations_for(vocabulary, [&](std::string_view text, std::string_view voice) {
      return synth->phonemes(text, voice);
    });
    ASSERT_TRUE(d) << d.error().message;
    dictionary = std::move(*d);
  }

  // Writes the utterances, each followed by a second of room noise, as the microphone's input.
  void speak_into_microphone(const std::vector<std::string>& spoken) {
    std::vector<std::int16_t> all(16000 / 2, 0);
    for (const auto& text : spoken) {
      auto samples = ::annabella::testing::speak(*synth, text, {}, 200, 1000);
      ASSERT_TRUE(samples) << samples.error().message;
      all.insert(all.end(), samples->begin(), samples->end());
    }
    all.resize(all.size() + 16000, 0);
    audio = std::chrono::milliseconds(all.size() / 16);
    ::annabella::testing::add_white_noise(all, 40, 7);  // a quiet room, not digital silence
    ASSERT_TRUE(::annabella::testing::write_raw(microphone().infile.string(), all));
  }

  std::unique_ptr<VoiceListener> listen(const core::Position& pos) {
    auto source = open_portaudio_source("default", kRecognizerSampleRateHz);
    EXPECT_TRUE(source) << source.error().message;
    auto recognizer = PocketsphinxRecognizer::create(dictionary);
    EXPECT_TRUE(recognizer) << recognizer.error().message;
    if (!source || !recognizer) return nullptr;
    auto listener = VoiceListener::start(std::move(*source), std::move(*recognizer), dictionary,
                                         vocabulary, pos, {}, [this](const Heard& h) {
                                           std::lock_guard guard(lock);
                                           heard.push_back(h);
                                           arrived.notify_all();
                                         });
    EXPECT_TRUE(listener) << listener.error().message;
    return listener ? std::move(*listener) : nullptr;
  }

  bool wait_for(std::size_t count, std::chrono::seconds timeout = 60s) {
    std::unique_lock guard(lock);
    return arrived.wait_for(guard, timeout, [&] { return heard.size() >= count; });
  }

  std::unique_ptr<EspeakSynthesizer> synth;
  Vocabulary vocabulary;
  PronunciationDictionary dictionary;
  std::mutex lock;
  std::condition_variable arrived;
  std::vector<Heard> heard;
  std::chrono::milliseconds audio{0};  // how long the microphone's input lasts
};

TEST_F(VoiceCapture, MovesSlipCorrectionAndCommandThroughPortAudio) {
  microphone();
  const auto pos = fixtures::position(core::kStartFen);
  speak_into_microphone({"Springer Felix drei", "nein, Springer Cesar drei", "Zeit"});
  auto listener = listen(pos);
  ASSERT_TRUE(listener);
  ASSERT_TRUE(wait_for(3)) << "heard " << heard.size() << " utterances";
  listener->stop();
  ASSERT_EQ(heard.size(), 3u);
  EXPECT_EQ(heard[0].kind, HeardKind::Move) << describe(heard[0], pos);
  EXPECT_EQ(heard[0].move, fixtures::move(pos, "Nf3"));
  EXPECT_FALSE(heard[0].correction);
  EXPECT_EQ(heard[1].kind, HeardKind::Move) << describe(heard[1], pos);
  EXPECT_TRUE(heard[1].correction);  // D.2.8: replaces the move before the clock
  EXPECT_EQ(heard[1].move, fixtures::move(pos, "Nc3"));
  EXPECT_EQ(heard[2].kind, HeardKind::Command) << describe(heard[2], pos);
  EXPECT_EQ(heard[2].command, (VoiceCommand{VoiceCommandKind::Time, -1}));
  // Times count from the start of listening, in order, each utterance after the one before.
  EXPECT_GT(heard[0].start, 400ms);
  EXPECT_LT(heard[0].start, heard[0].end);
  EXPECT_LT(heard[0].end, heard[1].start);
  EXPECT_LT(heard[1].end, heard[2].start);
  // Each within the input and about as long as it was said (pocketsphinx counts frames from
  // its start, not the utterance's: every decode before would shift later utterances).
  for (const auto& h : heard) {
    EXPECT_LT(h.end, audio) << describe(h, pos);
    EXPECT_LT(h.end - h.start, 2500ms) << describe(h, pos);
  }
}

TEST_F(VoiceCapture, ThePortAudioSourceReportsItsInputLatency) {
  // PortAudio's input latency of the open stream (Pa_GetStreamInfo): what the listener takes
  // off each block's read time, so that a heard event carries the time the speech was made.
  microphone();
  speak_into_microphone({});
  auto source = open_portaudio_source("default", kRecognizerSampleRateHz);
  ASSERT_TRUE(source) << source.error().message;
  EXPECT_GT((*source)->input_latency(), 0us);
  EXPECT_LT((*source)->input_latency(), 1s);
}

TEST_F(VoiceCapture, APositionChangeSwitchesTheGrammar) {
  microphone();
  auto pos = fixtures::position(core::kStartFen);
  speak_into_microphone({});  // nothing said: the listener only waits
  auto listener = listen(pos);
  ASSERT_TRUE(listener);
  pos.play(fixtures::move(pos, "e4"));
  ASSERT_TRUE(listener->set_position(pos));
  listener->stop();
  EXPECT_TRUE(heard.empty()) << describe(heard.front(), pos);  // silence decodes nothing
}

// The runner-up's search built ahead, while the utterance is fed in 20 ms pieces, gives the very
// decoding that building it after the utterance gives (PocketsphinxSettings::runner_up_ahead),
// exactly, whenever its thread gets the core: also when that thread is slowed down (a busy second
// core), so that it starts late and a search built for a partial reading that then changes is
// dropped after fewer blocks. Under CI load the margin of "Bauer Eva vier" once came out -0.0357
// ahead and -0.0367 after: the second decoder's front end carried its noise estimate (and with it
// which frames its voice activity detection drops) from whatever audio it had decoded before,
// dropped searches included, so a confidence decision depended on timing. Every utterance, and
// every search of the runner-up, now starts from the same state (docs/voice.md, "Decoding while
// the speech comes in").
TEST_F(VoiceCapture, TheRunnerUpBuiltAheadDecodesAsBuiltAfter) {
  const auto pos = fixtures::position(core::kStartFen);
  auto grammar = VoiceGrammar::build(vocabulary, pos, CommandWords::for_profile(vocabulary));
  ASSERT_TRUE(grammar) << grammar.error().message;
  PocketsphinxSettings after, slowed;
  after.runner_up_ahead = false;
  slowed.runner_up_delay = 12ms;  // per 20 ms piece, fed faster than it is said
  std::vector<std::unique_ptr<PocketsphinxRecognizer>> recs;
  for (const auto& settings : {after, PocketsphinxSettings{}, slowed}) {
    auto rec = PocketsphinxRecognizer::create(dictionary, settings);
    ASSERT_TRUE(rec) << rec.error().message;
    ASSERT_TRUE((*rec)->set_grammar(*grammar, dictionary));
    recs.push_back(std::move(*rec));
  }
  auto streamed = [](Recognizer& r, const std::vector<std::int16_t>& pcm) {
    EXPECT_TRUE(r.begin_utterance());
    const std::span<const std::int16_t> all(pcm);
    for (std::size_t at = 0; at < all.size(); at += 320)
      EXPECT_TRUE(r.feed(all.subspan(at, std::min<std::size_t>(320, all.size() - at))));
    return r.finish_utterance();
  };
  // Twice the same move: the second time the search built for the first is used again. With
  // noise, the front end's noise removal and voice activity detection have work to do.
  const ::annabella::testing::SpeakingCondition noisy{"noise", "de+f2", 160, 0, false, 15, 3};
  const std::vector<std::pair<const char*, ::annabella::testing::SpeakingCondition>> utterances = {
      {"Springer Felix drei", {}}, {"Springer Felix drei", {}},
      {"Bauer Eva vier", {}},      {"Zeit", {}},
      {"Bauer Eva vier", noisy},   {"Springer Felix drei", noisy},
      {"Bauer Dora vier", noisy},  {"Bauer Eva vier", {}}};
  for (const auto& [text, condition] : utterances) {
    auto pcm = ::annabella::testing::speak(*synth, text, condition);
    ASSERT_TRUE(pcm) << pcm.error().message;
    const auto reference = streamed(*recs[0], *pcm);
    ASSERT_TRUE(reference) << text;
    for (std::size_t i = 1; i < recs.size(); ++i) {
      const auto d = streamed(*recs[i], *pcm);
      ASSERT_TRUE(d) << text;
      const char* how = i == 1 ? "ahead" : "ahead, slowed down";
      EXPECT_EQ(d->grammar.tokens, reference->grammar.tokens) << text << ", " << how;
      EXPECT_EQ(d->runner_up.tokens, reference->runner_up.tokens) << text << ", " << how;
      EXPECT_EQ(margin_of(*d), margin_of(*reference))  // exactly
          << text << ", " << how << ": per frame " << d->grammar.score_per_frame << " and "
          << d->runner_up.score_per_frame << ", built after " << reference->grammar.score_per_frame
          << " and " << reference->runner_up.score_per_frame;
    }
  }
}

// The runner-up decode runs on the second decoder's own thread while the speech comes in, not on
// the thread that feeds the audio (the listener's): at the end of the speech that thread only
// ends the first decode and waits. Before session 14 it decoded the whole utterance again in
// finish_utterance, more CPU than the first decode took in feed. The readings stay those
// of a runner-up started only at the end (TheRunnerUpBuiltAheadDecodesAsBuiltAfter).
TEST_F(VoiceCapture, TheRunnerUpDecodesOffTheFeedingThread) {
  const auto pos = fixtures::position(core::kStartFen);
  auto grammar = VoiceGrammar::build(vocabulary, pos, CommandWords::for_profile(vocabulary));
  ASSERT_TRUE(grammar) << grammar.error().message;
  auto rec = PocketsphinxRecognizer::create(dictionary);
  ASSERT_TRUE(rec) << rec.error().message;
  ASSERT_TRUE((*rec)->set_grammar(*grammar, dictionary));
  const auto thread_cpu = [] {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return std::chrono::nanoseconds(t.tv_nsec) + std::chrono::seconds(t.tv_sec);
  };
  for (const char* text : {"Springer Felix drei", "Bauer Eva vier"}) {
    auto pcm = ::annabella::testing::speak(*synth, text, {});
    ASSERT_TRUE(pcm) << pcm.error().message;
    const auto begun = thread_cpu();
    ASSERT_TRUE((*rec)->begin_utterance());
    const std::span<const std::int16_t> all(*pcm);
    for (std::size_t at = 0; at < all.size(); at += 320)
      ASSERT_TRUE((*rec)->feed(all.subspan(at, std::min<std::size_t>(320, all.size() - at))));
    const auto fed = thread_cpu();
    const auto d = (*rec)->finish_utterance();
    const auto finished = thread_cpu();
    ASSERT_TRUE(d) << d.error().message;
    ASSERT_FALSE(d->runner_up.tokens.empty()) << text;  // it was decoded
    EXPECT_NE(d->grammar.tokens, d->runner_up.tokens) << text;
    EXPECT_LT((finished - fed) * 4, fed - begun)
        << text << ": " << std::chrono::duration<double, std::milli>(finished - fed).count()
        << " ms of the feeding thread's CPU after the speech, "
        << std::chrono::duration<double, std::milli>(fed - begun).count() << " ms during it";
  }
}

// How sure a "ja" is (D.2.1): the real recogniser on eSpeak NG's words, as the station judges
// them after a read-back; only a sure "ja" confirms (app/voice_station.h). Other short words
// ("Jahr", "jein", "Jaguar") are read as "ja" with margins of 0.05 to 0.155, higher than a real
// "ja" (0.01 to 0.07): no margin tells them apart, so a "ja" needs JudgeSettings::confirm_margin
// (0.3) and none of them confirms (docs/voice.md, "How sure a ja is"). Prints every reading with
// its margin.
TEST_F(VoiceCapture, OnlyASureJaConfirms) {
  const auto pos = fixtures::position(core::kStartFen);
  auto grammar = VoiceGrammar::build(vocabulary, pos, CommandWords::for_profile(vocabulary));
  ASSERT_TRUE(grammar) << grammar.error().message;
  auto recognizer = PocketsphinxRecognizer::create(dictionary);
  ASSERT_TRUE(recognizer) << recognizer.error().message;
  ASSERT_TRUE((*recognizer)->set_grammar(*grammar, dictionary));
  auto confirms = [&](const std::vector<std::int16_t>& samples, const std::string& what) {
    auto d = (*recognizer)->decode(samples);
    EXPECT_TRUE(d) << d.error().message;
    if (!d) return false;
    const Heard h = judge(*d, *grammar, {});
    std::printf("%-14s %s margin %.3f%s | %s | %s | fill %d words %d-%d of %d\n", what.c_str(),
                describe(h, pos).c_str(), h.margin, h.sure ? " sure" : "",
                join_tokens(d->grammar.tokens).c_str(), join_tokens(d->runner_up.tokens).c_str(),
                d->filler_frames, d->first_frame, d->end_frame, d->frames);
    return h.kind == HeardKind::Command && h.command->kind == VoiceCommandKind::Yes && h.sure;
  };
  auto spoken = [&](const std::string& text, const std::string& voice, int rate = 160) {
    ::annabella::testing::SpeakingCondition c;
    c.voice = voice;
    c.rate_wpm = rate;
    auto samples = ::annabella::testing::speak(*synth, text, c);
    EXPECT_TRUE(samples) << samples.error().message;
    return samples ? *samples : std::vector<std::int16_t>{};
  };
  for (const char* voice : {"de", "de+m3", "de+f2", "de+f4"})
    (void)confirms(spoken("ja", voice), std::string("ja ") + voice);  // printed: how sure
  for (const char* word : {"nein", "na", "da", "Jan", "jein", "Jahr", "genau", "Tja", "Jaguar"})
    for (const char* voice : {"de", "de+f2"})
      EXPECT_FALSE(confirms(spoken(word, voice), std::string(word) + " " + voice))
          << "\"" << word << "\" (" << voice << ") confirmed a move";
  // Tester s15, finding 11: eSpeak NG's "nein" is read as "ja" (73 % in the voice de at 175 words
  // a minute), never as "nein" (the en-us model hears no N in it, docs/voice.md): at every rate
  // and voice it must not be a sure "ja".
  for (const char* voice : {"de", "de+m3", "de+f2", "de+f4"})
    for (int rate : {140, 175, 200})
      EXPECT_FALSE(confirms(spoken("nein", voice, rate),
                            "nein " + std::string(voice) + " " + std::to_string(rate)))
          << "\"nein\" (" << voice << ", " << rate << " wpm) confirmed a move";
  // A cough: a burst of noise.
  std::vector<std::int16_t> cough(16000 / 2, 0);
  for (std::size_t i = 4000; i < 7000; ++i) cough[i] = std::int16_t((i * 7919) % 12000 - 6000);
  ::annabella::testing::add_white_noise(cough, 40, 3);
  EXPECT_FALSE(confirms(cough, "cough"));
}

}  // namespace
}  // namespace voice_capture_test
}  // namespace annabella::speech
