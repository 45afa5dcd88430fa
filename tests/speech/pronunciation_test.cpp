// Pronunciation through eSpeak NG's own phoneme output (espeak_TextToPhonemes, ASCII phoneme
// names), for every word of the `fide` profile: the spoken spelling gives the umlaut sounds the
// display spelling would lose ("fünf" -> f'ynf, while "fuenf" would be read f'u:E2nf), and the
// file and rank words, which carry a move, all sound different from each other.
#include <gtest/gtest.h>

#include <set>

#include "speech/espeak_synth.h"
#include "speech/fixtures.h"

namespace annabella::speech {
namespace pronunciation_test {
namespace {

using fixtures::profile;

std::string without_placeholders(std::string text) {
  for (auto open = text.find('{'); open != std::string::npos; open = text.find('{')) {
    const auto close = text.find('}', open);
    if (close == std::string::npos) break;
    text.erase(open, close - open + 1);
  }
  return text;
}

bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

class Pronunciation : public ::testing::Test {
 protected:
  void SetUp() override {
    auto s = EspeakSynthesizer::create();
    ASSERT_TRUE(s) << s.error().message;
    synth = std::move(*s);
  }
  std::string phonemes(const std::string& text) {
    auto p = synth->phonemes(text, "de");
    EXPECT_TRUE(p) << text;
    return p ? *p : std::string();
  }
  std::unique_ptr<EspeakSynthesizer> synth;
};

TEST_F(Pronunciation, KnownExamples) {
  EXPECT_EQ(phonemes("Springer Felix drei"), "Spr'IN3 f'e:lIks dr'aI");
  EXPECT_EQ(phonemes("fünf"), "f'ynf");
  EXPECT_NE(phonemes("fuenf"), "f'ynf");  // why the spoken spelling exists
  EXPECT_TRUE(contains(phonemes("König"), "Y"));
  EXPECT_TRUE(contains(phonemes("Läufer"), "OY"));
}

TEST_F(Pronunciation, EveryFideWordHasItsSounds) {
  const Vocabulary v = profile("fide");
  int words = 0;
  for (const auto& [key, word] : v.words()) {
    if (key.starts_with("meta.") || key.starts_with("parse.") || key.ends_with(".gender") ||
        key.starts_with("number.compose"))
      continue;
    const std::string spoken = without_placeholders(word.spoken);
    if (spoken.find_first_not_of(" :;.,") == std::string::npos) continue;  // only places
    const std::string p = phonemes(spoken);
    ++words;
    EXPECT_FALSE(p.empty()) << key;
    // eSpeak's ASCII names: ü = y / Y, ö = Y / W / 2 / 9, ä = E, äu = OY.
    const std::string what = key + ": " + spoken + " -> " + p;
    if (contains(spoken, "ü") || contains(spoken, "Ü")) {
      EXPECT_TRUE(contains(p, "y") || contains(p, "Y")) << what;
    }
    if (contains(spoken, "ö")) {
      EXPECT_TRUE(contains(p, "Y") || contains(p, "W") || contains(p, "2") || contains(p, "9"))
          << what;
    }
    if (contains(spoken, "äu")) {
      EXPECT_TRUE(contains(p, "OY")) << what;
    } else if (contains(spoken, "ä")) {
      EXPECT_TRUE(contains(p, "E")) << what;
    }
    // The D.2.1 words the rulebook spells in ASCII would be mispronounced as written.
    if (word.display != word.spoken && !key.starts_with("number.") &&
        (key.starts_with("rank.") || key.starts_with("piece.") || key.starts_with("move."))) {
      EXPECT_NE(phonemes(without_placeholders(word.display)), p) << key;
    }
  }
  EXPECT_GT(words, 100);
}

TEST_F(Pronunciation, FileAndRankWordsAreAllDistinct) {
  const Vocabulary v = profile("fide");
  std::set<std::string> files, ranks;
  for (char f = 'a'; f <= 'h'; ++f)
    EXPECT_TRUE(files.insert(phonemes(v.word(std::string("file.") + f).spoken)).second) << f;
  for (char r = '1'; r <= '8'; ++r)
    EXPECT_TRUE(ranks.insert(phonemes(v.word(std::string("rank.") + r).spoken)).second) << r;
  EXPECT_EQ(phonemes(v.word("rank.5").spoken), "f'ynf");
}

}  // namespace
}  // namespace pronunciation_test
}  // namespace annabella::speech
