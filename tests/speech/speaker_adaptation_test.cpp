// Speaker adaptation's own parts, without running sphinxtrain (the adaptation itself is measured
// by bench_voice's adaptation condition, docs/benchmarks.md): the prompts, the mixture weights
// recovered from Debian's model, the player's folder, and a missing tool named before any work.
#include "speech/speaker_adaptation.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <set>

#include "core/movegen.h"
#include "speech/espeak_synth.h"
#include "speech/fixtures.h"
#include "speech/phrases.h"
#include "speech/pocketsphinx_recognizer.h"
#include "speech/voice_listener.h"
#include "support/temp_dir.h"
#include "support/voice_corpus.h"

namespace annabella::speech {
namespace speaker_adaptation_test {
namespace {

namespace fs = std::filesystem;
const fs::path kModel = "/usr/share/pocketsphinx/model/en-us/en-us";

// Every file, rank and piece word and both castlings: the king's word and the long castling were
// missing from the 29 moves of the opening, and half of the wrong readings after adaptation were
// of them (docs/benchmarks.md).
TEST(SpeakerAdaptation, PromptsAreALegalOpeningInTheProfilesWordsWithEveryFileAndRank) {
  const auto v = fixtures::profile("fide");
  const auto prompts = adaptation_prompts(v);
  ASSERT_EQ(prompts.size(), 31U);  // every move of the opening was legal, and the two after it
  const auto start = *core::Position::from_fen(core::kStartFen);
  core::Move e4{};
  for (core::Move m : core::legal_moves(start))
    if (core::to_uci(m) == "e2e4") e4 = m;
  EXPECT_EQ(prompts.front().text, phrase_for_move(v, start, e4).text);
  std::set<std::string> tokens;
  for (const auto& p : prompts) {
    EXPECT_EQ(p.tokens, voice_tokens(p.spoken));
    tokens.insert(p.tokens.begin(), p.tokens.end());
  }
  for (const char* word :
       {"anna", "bella", "cesar", "david", "eva",   "felix",   "gustav", "hector",   "eins",
        "zwei", "drei",  "vier",  "funf",  "sechs", "sieben",  "acht",   "springer", "laufer",
        "turm", "dame",  "konig", "kurze", "lange", "rochade", "schlagt"})
    EXPECT_TRUE(tokens.count(word)) << word;
}

TEST(SpeakerAdaptation, MixtureWeightsRecoveredFromTheModelsSendumpSumToOne) {
  testing::TempDir dir;
  const fs::path out = dir.path() / "mixture_weights";
  ASSERT_TRUE(write_mixture_weights(kModel / "sendump", out));
  std::ifstream in(out, std::ios::binary);
  std::string header;
  for (std::string line; std::getline(in, line) && line != "endhdr";) header += line + "\n";
  EXPECT_EQ(header, "s3\nversion 1.0\n");
  std::uint32_t head[5] = {};
  in.read(reinterpret_cast<char*>(head), sizeof head);
  EXPECT_EQ(head[0], 0x11223344U);
  EXPECT_EQ(head[1], 5126U);  // senones of Debian's en-us model
  EXPECT_EQ(head[2], 3U);     // feature streams
  EXPECT_EQ(head[3], 128U);   // densities
  ASSERT_EQ(head[4], head[1] * head[2] * head[3]);
  std::vector<float> w(head[4]);
  in.read(reinterpret_cast<char*>(w.data()), std::streamsize(w.size() * sizeof(float)));
  ASSERT_TRUE(in);
  EXPECT_EQ(in.peek(), EOF);
  for (std::size_t row = 0; row < w.size(); row += 128) {
    double sum = 0, top = 0;
    for (std::size_t d = 0; d < 128; ++d) {
      sum += w[row + d];
      top = std::max(top, double(w[row + d]));
    }
    ASSERT_NEAR(sum, 1.0, 1e-4) << "row " << row / 128;
    ASSERT_GT(top, 1.0 / 128) << "row " << row / 128;  // not flat: the model's own weights
  }
}

TEST(SpeakerAdaptation, AFileThatIsNoSendumpIsRefusedNamingIt) {
  testing::TempDir dir;
  const fs::path bad = dir.path() / "sendump";
  std::ofstream(bad) << "no weights here";
  const auto made = write_mixture_weights(bad, dir.path() / "out");
  ASSERT_FALSE(made);
  EXPECT_NE(made.error().message.find(bad.string()), std::string::npos) << made.error().message;
}

TEST(SpeakerAdaptation, APlayersVoiceIsHisFolderUnderTheDataHome) {
  const char* old = std::getenv("XDG_DATA_HOME");
  const std::string saved = old ? old : "";
  ::setenv("XDG_DATA_HOME", "/data", 1);
  auto path = speaker_voice_folder("Anna Schmidt (Wien)");
  auto none = speaker_voice_folder("  ..  ");
  if (old)
    ::setenv("XDG_DATA_HOME", saved.c_str(), 1);
  else
    ::unsetenv("XDG_DATA_HOME");
  ASSERT_TRUE(path);
  // A folder: the adapted means (MAP) or the transform, whichever the adaptation wrote.
  EXPECT_EQ(*path, fs::path("/data/annabella/voices/anna-schmidt-wien"));
  EXPECT_FALSE(none);
}

TEST(SpeakerAdaptation, AMissingSphinxtrainIsNamedBeforeAnythingRuns) {
  testing::TempDir dir;
  PronunciationDictionary d;
  d.add_phones("eva", {"EH", "V", "AA"});
  AdaptationSettings s;
  s.sphinxtrain_dir = dir.path() / "no-sphinxtrain";
  s.work_dir = dir.path() / "work";
  const auto made =
      adapt_to_speaker({{std::vector<std::int16_t>(1600, 0), {"eva"}}}, d, dir.path() / "m", s);
  ASSERT_FALSE(made);
  EXPECT_NE(made.error().message.find("no-sphinxtrain/bw not found (Debian package sphinxtrain)"),
            std::string::npos)
      << made.error().message;
  EXPECT_FALSE(fs::exists(dir.path() / "work" / "utt1.raw"));  // nothing was started
}

// An identity transform in mllr_solve's format: one class, three streams of 13 (A, b, variance
// scale).
std::string identity_transform() {
  std::string text = "1\n3\n";
  for (int stream = 0; stream < 3; ++stream) {
    text += "13\n";
    for (int row = 0; row < 13; ++row) {
      for (int col = 0; col < 13; ++col) text += row == col ? "1.0 " : "0.0 ";
      text += "\n";
    }
    for (int col = 0; col < 13; ++col) text += "0.0 ";
    text += "\n";
    for (int col = 0; col < 13; ++col) text += "1.0 ";
    text += "\n";
  }
  return text;
}

// The decoder owns a loaded transform: loading one, going back to the model as shipped and
// loading again must not free it twice (it did: the heap was corrupted at the reload).
TEST(SpeakerAdaptation, ATransformLoadsAndTheModelAsShippedComesBack) {
  testing::TempDir dir;
  const fs::path transform = dir.path() / "mllr_matrix";
  std::ofstream(transform) << identity_transform();
  PronunciationDictionary d;
  d.add_phones("eva", {"EH", "V", "AA"});
  auto rec = PocketsphinxRecognizer::create(d);
  ASSERT_TRUE(rec) << rec.error().message;
  EXPECT_TRUE((*rec)->use_speaker_transform(transform.string()));
  EXPECT_TRUE((*rec)->use_speaker_transform(""));
  EXPECT_TRUE((*rec)->use_speaker_transform(transform.string()));
  const auto missing = (*rec)->use_speaker_transform((dir.path() / "none").string());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("none"), std::string::npos) << missing.error().message;
}

// A speaker's folder with adapted means (MAP) loads them in place of the model's; the model as
// shipped comes back; a folder with neither means nor a transform is refused naming it. (The old
// decoder took every path for a transform file: it could not load a folder.)
TEST(SpeakerAdaptation, ASpeakersFolderLoadsHisMeansAndTheModelAsShippedComesBack) {
  testing::TempDir dir;
  const fs::path voice = dir.path() / "voice";
  fs::create_directories(voice);
  fs::copy_file(kModel / "means", voice / "means");
  PronunciationDictionary d;
  d.add_phones("eva", {"EH", "V", "AA"});
  auto rec = PocketsphinxRecognizer::create(d);
  ASSERT_TRUE(rec) << rec.error().message;
  EXPECT_TRUE((*rec)->use_speaker_transform(voice.string()));
  EXPECT_TRUE((*rec)->use_speaker_transform(""));
  std::ofstream(voice / "mllr_matrix") << identity_transform();  // means and a transform of them
  EXPECT_TRUE((*rec)->use_speaker_transform(voice.string()));
  const fs::path empty = dir.path() / "empty";
  fs::create_directories(empty);
  const auto refused = (*rec)->use_speaker_transform(empty.string());
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find(empty.string()), std::string::npos)
      << refused.error().message;
  EXPECT_TRUE((*rec)->use_speaker_transform(""));
}

// Adapted means that are not a model's means file are refused, and the decoder still decodes
// with the model as shipped afterwards.
TEST(SpeakerAdaptation, BrokenMeansAreRefusedAndTheModelAsShippedStays) {
  testing::TempDir dir;
  const fs::path voice = dir.path() / "voice";
  fs::create_directories(voice);
  std::ofstream(voice / "means") << "no means here";
  PronunciationDictionary d;
  d.add_phones("eva", {"EH", "V", "AA"});
  auto rec = PocketsphinxRecognizer::create(d);
  ASSERT_TRUE(rec) << rec.error().message;
  const auto refused = (*rec)->use_speaker_transform(voice.string());
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find((voice / "means").string()), std::string::npos)
      << refused.error().message;
  EXPECT_TRUE((*rec)->use_speaker_transform(""));
}

// A runner-up search that lost every path to the end of its grammar leaves no margin, and the
// move is asked again. With a speaker's voice loaded it is decoded again with wider beams
// (PocketsphinxSettings::adapted_retry_beam, the word beam scaled alike): here a word beam so
// narrow that the runner-up is lost, with and without the retry.
TEST(SpeakerAdaptation, ALostRunnerUpIsDecodedAgainWithWiderBeamsForAnAdaptedVoice) {
  testing::TempDir dir;
  const fs::path transform = dir.path() / "mllr_matrix";
  std::ofstream(transform) << identity_transform();
  auto synth = EspeakSynthesizer::create();
  ASSERT_TRUE(synth) << synth.error().message;
  const auto v = fixtures::profile("fide");
  auto dictionary = pronunciations_for(v, [&](std::string_view text, std::string_view voice) {
    return (*synth)->phonemes(text, voice);
  });
  ASSERT_TRUE(dictionary) << dictionary.error().message;
  const auto start = *core::Position::from_fen(core::kStartFen);
  const auto grammar = *VoiceGrammar::build(v, start, CommandWords::for_profile(v));
  auto samples = ::annabella::testing::speak(**synth, "Springer Felix drei", {});
  ASSERT_TRUE(samples) << samples.error().message;
  auto runner_up = [&](double retry_beam, bool adapted) -> std::vector<std::string> {
    PocketsphinxSettings narrow;
    // Beams so narrow that a reading of the grammar is found and its runner-up loses every path
    // (the runner-up decoded on its own decoder from a fixed front-end state, session 15).
    narrow.beam = "1e-3";
    narrow.word_beam = "1e-2";
    narrow.phone_beam = "1e-3";
    narrow.adapted_retry_beam = retry_beam;
    auto rec = PocketsphinxRecognizer::create(*dictionary, narrow);
    EXPECT_TRUE(rec) << rec.error().message;
    if (!rec) return {"(none)"};
    if (adapted) {
      EXPECT_TRUE((*rec)->use_speaker_transform(transform.string()));
    }
    EXPECT_TRUE((*rec)->set_grammar(grammar, *dictionary));
    auto decoding = (*rec)->decode(*samples);
    EXPECT_TRUE(decoding) << decoding.error().message;
    if (!decoding) return {"(none)"};
    EXPECT_TRUE(grammar.read(without_edge_garbage(decoding->grammar.tokens)))
        << join_tokens(decoding->grammar.tokens);
    return decoding->runner_up.tokens;
  };
  EXPECT_TRUE(runner_up(0, true).empty());       // lost: no margin, asked again
  EXPECT_TRUE(runner_up(1e-80, false).empty());  // not adapted: as calibrated, no retry
  EXPECT_FALSE(runner_up(1e-80, true).empty());  // adapted: found with the wider beams
}

}  // namespace
}  // namespace speaker_adaptation_test
}  // namespace annabella::speech
