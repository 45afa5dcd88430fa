// `annabella voice adapt` live (docs/voice.md, "Speaker adaptation"): the player reads each
// prompt into the microphone when the command asks for it - here eSpeak NG's German voice with
// the pitch shifted 300 cents up (the benchmark's worst condition), written into a FIFO that the
// ALSA `file` plugin reads as its `infile`, so the real PortAudio capture path and the voice
// activity detection cut each reading. The voice the command makes (the player's folder with
// the adapted means: MLLR, then MAP) is then loaded into a recogniser: held-out moves of the same
// voice (none of them a prompt) are heard right more often than without it, and no wrong reading is
// sure enough to be entered without a confirmation (D.2.1). Few utterances: the accuracy itself is
// measured by bench_voice (docs/benchmarks.md).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "core/movegen.h"
#include "speech/espeak_synth.h"
#include "speech/heard.h"
#include "speech/phrases.h"
#include "speech/pocketsphinx_recognizer.h"
#include "speech/speaker_adaptation.h"
#include "speech/voice_listener.h"
#include "support/child_process.h"
#include "support/fifo_microphone.h"
#include "support/temp_dir.h"
#include "support/voice_corpus.h"

namespace annabella::app {
namespace voice_adapt_live_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::FifoMicrophone;
using annabella::testing::TempDir;

const std::string kBinary = ANNABELLA_BINARY;
constexpr std::size_t kHeldOut = 6;

// The reader's voice: the same at every reading, as a synthetic voice is.
annabella::testing::SpeakingCondition reader(unsigned seed) {
  annabella::testing::SpeakingCondition c;
  c.voice = "de";
  c.pitch_cents = 300;
  c.seed = seed;
  return c;
}

struct Tally {
  int read_right = 0;  // the reading names the move, whether entered or asked back
  int right = 0, wrong = 0, sure_wrong = 0;  // entered (at the threshold) right or wrong
};

TEST(VoiceAdaptLive, ThePlayersReadingsThroughTheMicrophoneAdaptTheRecogniser) {
  TempDir dir;
  FifoMicrophone microphone;
  ASSERT_TRUE(microphone.ready());
  auto synth = speech::EspeakSynthesizer::create();
  ASSERT_TRUE(synth) << synth.error().message;
  const auto vocabulary = *speech::Vocabulary::load("fide");
  const auto prompts = speech::adaptation_prompts(vocabulary);
  const auto folder = dir / "voice";  // the player's folder, as the command writes it

  ChildProcess adapt({kBinary, "voice", "adapt", "--player", "Tester", "--silent", "--device",
                      "default", "--out", folder.string()});
  ASSERT_TRUE(adapt.started());
  std::size_t from = 0;
  for (std::size_t i = 0; i < prompts.size(); ++i) {
    char number[48];
    std::snprintf(number, sizeof number, "%02zu/%zu: ", i + 1, prompts.size());
    // Read only when asked: the command opens the microphone after printing the prompt.
    ASSERT_TRUE(adapt.wait_for(number, 60s, from)) << adapt.output();
    from = adapt.output().find(number, from) + 1;
    auto reading = ::annabella::testing::speak(**synth, prompts[i].spoken, reader(unsigned(i)));
    ASSERT_TRUE(reading) << reading.error().message;
    // The reading, then a second of a quiet room (not digital silence).
    reading->resize(reading->size() + 16000, 0);
    ::annabella::testing::add_white_noise(*reading, 40, unsigned(i));
    ASSERT_TRUE(microphone.write(*reading));
  }
  ASSERT_TRUE(adapt.wait_for("adapted to Tester's voice from 31 moves", 120s, from))
      << adapt.output();
  EXPECT_EQ(adapt.wait(30s), 0) << adapt.output();
  EXPECT_EQ(adapt.output().find("once more"), std::string::npos) << adapt.output();
  // The adapted means (MLLR, then MAP on top), not a transform to apply to the model as shipped.
  EXPECT_TRUE(std::filesystem::exists(folder / "means"));
  EXPECT_FALSE(std::filesystem::exists(folder / "mllr_matrix"));

  // Held-out moves of the start position, none of them said as a prompt.
  const auto start = *core::Position::from_fen(core::kStartFen);
  struct HeldOut {
    core::Move move;
    std::vector<std::int16_t> samples;
  };
  std::vector<HeldOut> held_out;
  for (core::Move m : core::legal_moves(start)) {
    const auto phrase = speech::phrase_for_move(vocabulary, start, m, {});
    const auto tokens = speech::voice_tokens(phrase.spoken);
    if (std::any_of(prompts.begin(), prompts.end(),
                    [&](const auto& p) { return p.tokens == tokens; }))
      continue;
    auto samples = ::annabella::testing::speak(**synth, phrase.spoken,
                                               reader(unsigned(100 + held_out.size())));
    ASSERT_TRUE(samples) << samples.error().message;
    held_out.push_back({m, std::move(*samples)});
    if (held_out.size() == kHeldOut) break;
  }
  ASSERT_EQ(held_out.size(), kHeldOut);

  auto dictionary =
      speech::pronunciations_for(vocabulary, [&](std::string_view text, std::string_view voice) {
        return (*synth)->phonemes(text, voice);
      });
  ASSERT_TRUE(dictionary) << dictionary.error().message;
  auto recognizer = speech::PocketsphinxRecognizer::create(*dictionary);
  ASSERT_TRUE(recognizer) << recognizer.error().message;
  const auto grammar = *speech::VoiceGrammar::build(vocabulary, start,
                                                    speech::CommandWords::for_profile(vocabulary));
  auto hear_all = [&](const speech::JudgeSettings& judge) {
    Tally t;
    EXPECT_TRUE((*recognizer)->set_grammar(grammar, *dictionary));
    for (const auto& h : held_out) {
      auto decoding = (*recognizer)->decode(h.samples);
      EXPECT_TRUE(decoding) << decoding.error().message;
      if (!decoding) continue;
      const auto heard = speech::judge(*decoding, grammar, judge);
      if (heard.move == h.move) ++t.read_right;
      if (heard.kind != speech::HeardKind::Move) continue;
      if (heard.move == h.move) {
        ++t.right;
      } else {
        ++t.wrong;
        if (heard.sure) ++t.sure_wrong;
      }
    }
    return t;
  };
  const Tally before = hear_all({});
  ASSERT_TRUE((*recognizer)->use_speaker_transform(folder.string()));
  const Tally after = hear_all({});
  RecordProperty("read_right_before", before.read_right);
  RecordProperty("read_right_after", after.read_right);
  RecordProperty("entered_right_before", before.right);
  RecordProperty("entered_right_after", after.right);
  // The effect: the adapted model reads the held-out moves right far more often (0 and 5 of 6
  // when this was written; most of them still under the threshold, so asked back).
  EXPECT_GE(after.read_right, before.read_right + 2)
      << "read right before: " << before.read_right << ", after: " << after.read_right;
  EXPECT_GE(after.right, before.right);
  // D.2.1: whatever adaptation does to the margins, no wrong reading may be entered unasked.
  EXPECT_EQ(before.sure_wrong, 0);
  EXPECT_EQ(after.sure_wrong, 0);
}

}  // namespace
}  // namespace voice_adapt_live_test
}  // namespace annabella::app
