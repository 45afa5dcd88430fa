// Each language through eSpeak NG: its voice exists, every private phrase kind synthesizes (move
// words of another voice included), numbers 0-999 sound as eSpeak itself reads the digits where
// eSpeak reads them right, counted units agree where eSpeak's digit reading cannot, and every
// word is read by the language's own rules (eSpeak switches to another language, "(en)", for a
// word it takes for a foreign one).
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "speech/espeak_synth.h"
#include "speech/fixtures.h"
#include "speech/language.h"
#include "speech/private_phrase_catalog.h"

namespace annabella::speech {
namespace language_pronunciation_test {
namespace {

// What two phoneme strings must share to be one reading: their consonants and their number of
// vowel sounds. eSpeak NG reads a number's digits from its own number words and a written word by
// spelling rules; the two readings of one word differ in vowel quality and reduction ("t@*i" /
// "tRi" for три), stress, pauses and where words join ("i;'eden" / "i 'eden"), an r written as
// one sound or two ("r*", "@-*", "R"), palatalization and length marks, a glide before a vowel
// ("ojd;in" / "Vd;in") and a d devoiced before ts ("двадцать": "dts" / "tts"), not in these.
struct Skeleton {
  std::string consonants;
  int vowels = 0;
  friend bool operator==(const Skeleton&, const Skeleton&) = default;
};

Skeleton skeleton(std::string_view phonemes, bool merge_voicing) {
  static const std::string_view vowel_letters = "aAeEiIoOuUyY@&V0369W";
  static const std::string_view marks = "'\",!|-;:#2^_ ";
  Skeleton out;
  bool in_vowel = false;
  for (std::size_t i = 0; i < phonemes.size(); ++i) {
    const char c = phonemes[i];
    if (marks.find(c) != std::string_view::npos) continue;
    if (c == '@' && i + 1 < phonemes.size() && phonemes[i + 1] == '-') continue;  // syllabic r
    if (vowel_letters.find(c) != std::string_view::npos) {
      if (!in_vowel) ++out.vowels;
      in_vowel = true;
      continue;
    }
    in_vowel = false;
    if (c == 'j') continue;
    char k = (c == 'R' || c == '*') ? 'r' : c;
    if (k == 'd' && i + 1 < phonemes.size() && phonemes[i + 1] == 't') k = 't';
    if (merge_voicing) {  // Russian voicing assimilation: "пятьдесят" t;d / d;d
      static const std::string_view voiced = "bdgzvZ", voiceless = "ptksfS";
      if (const auto at = voiced.find(k); at != std::string_view::npos) k = voiceless[at];
    }
    if (k == 'r' && !out.consonants.empty() && out.consonants.back() == 'r') continue;
    out.consonants += k;
  }
  return out;
}

class LanguagePronunciation : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto s = EspeakSynthesizer::create();
    ASSERT_TRUE(s) << s.error().message;
    synth = std::move(*s).release();
  }
  static std::string phonemes(const std::string& text, const std::string& voice) {
    auto p = synth->phonemes(text, voice);
    EXPECT_TRUE(p) << voice << ": " << text;
    return p ? *p : std::string();
  }
  static Language language(const std::string& code) { return *Language::load(code); }
  static EspeakSynthesizer* synth;  // eSpeak NG is process-wide: one for the suite
};
EspeakSynthesizer* LanguagePronunciation::synth = nullptr;

TEST_F(LanguagePronunciation, EveryLanguagesVoiceExists) {
  for (const auto& code : Language::codes())
    EXPECT_TRUE(synth->has_voice(language(code).voice())) << code;
}

// Where eSpeak NG's own reading of the digits is not the language's standard number (checked
// to differ, so that docs/languages.md stays true), and how its readings are written
// differently without being different.
struct DigitReading {
  std::string code;
  bool (*misread)(int n);        // eSpeak's digit reading is not the standard number
  bool merge_voicing = false;    // assimilated voicing written either way
  std::string_view reduced_and;  // eSpeak's reduced "and" inside numbers, said in full by us
};

bool none(int) {
  return false;
}
// Macedonian: eSpeak says the colloquial пеесет, девеесет for педесет (50), деведесет (90), and
// четиристо .. деветсто for четиристотини .. деветстотини (400 .. 900).
bool macedonian_misread(int n) {
  const int tens = n % 100 / 10;
  return tens == 5 || tens == 9 || n >= 400;
}
// Serbian: eSpeak says the colloquial četristo for četiristo (400 .. 499).
bool serbian_misread(int n) {
  return n >= 400 && n < 500;
}

const DigitReading& digit_reading(const std::string& code) {
  static const DigitReading readings[] = {
      {"bg", none, false, ""},
      {"de", none, false, ""},
      {"en", none, false, "d@n"},
      {"mk", macedonian_misread, false, ""},
      {"ru", none, true, ""},
      {"sq", none, false, ""},
      {"sr", serbian_misread, false, ""},
      {"sr-Cyrl", serbian_misread, false, ""},
  };
  for (const auto& r : readings)
    if (r.code == code) return r;
  ADD_FAILURE() << "no digit reading for language " << code;
  return readings[0];
}

Skeleton espeak_digits(const DigitReading& how, std::string phonemes) {
  if (!how.reduced_and.empty())
    for (auto at = phonemes.find(how.reduced_and); at != std::string::npos;
         at = phonemes.find(how.reduced_and, at + 1))
      phonemes.replace(at, how.reduced_and.size(), "d and ");
  return skeleton(phonemes, how.merge_voicing);
}

// Numbers 0 .. 999 as words sound as eSpeak NG reads the digits, in every language, except where
// eSpeak's reading is not the standard number.
TEST_F(LanguagePronunciation, NumbersSoundAsESpeakReadsTheDigits) {
  for (const auto& code : Language::codes()) {
    const Language lang = language(code);
    const DigitReading& how = digit_reading(code);
    int compared = 0;
    for (int n = 0; n <= 999; ++n) {
      const std::string spoken = number_words(lang, n).spoken;
      const Skeleton mine = skeleton(phonemes(spoken, lang.voice()), how.merge_voicing);
      const Skeleton theirs = espeak_digits(how, phonemes(std::to_string(n), lang.voice()));
      if (how.misread(n)) {
        EXPECT_NE(mine, theirs) << code << " " << n << ": eSpeak now reads it as " << spoken;
        continue;
      }
      ++compared;
      EXPECT_EQ(mine, theirs) << code << " " << n << " " << spoken << ": " << mine.consonants
                              << mine.vowels << " vs " << theirs.consonants << theirs.vowels;
    }
    EXPECT_GE(compared, 300) << code;
  }
}

// A counted unit: our number agrees with the unit's gender; eSpeak NG reads digits before a noun
// in the number's own form ("1 минута" as "еден минута"), which is why durations are spelled.
// Where the form is the same, our words sound as eSpeak reads the digits and the noun.
TEST_F(LanguagePronunciation, DurationsSoundAsESpeakReadsThemWhereItAgrees) {
  for (const auto& code : Language::codes()) {
    const Language lang = language(code);
    const DigitReading& how = digit_reading(code);
    int agreeing = 0, gendered = 0;
    for (const char* unit : {"hour", "minute", "second", "move"}) {
      const std::string gender = lang.word(std::string("unit.") + unit + ".gender").spoken;
      for (int n : {0, 1, 2, 3, 4, 5, 11, 12, 21, 22, 23, 25, 40, 59, 101, 122}) {
        if (how.misread(n)) continue;
        const Word counted = count_words(lang, unit, n);
        const Word number = number_words(lang, n, gender);
        const std::string noun = counted.spoken.substr(number.spoken.size() + 1);
        const Skeleton mine = skeleton(phonemes(counted.spoken, lang.voice()), how.merge_voicing);
        const Skeleton theirs =
            espeak_digits(how, phonemes(std::to_string(n) + " " + noun, lang.voice()));
        if (number.spoken != number_words(lang, n).spoken) {
          ++gendered;  // eSpeak would say the number's own form
          continue;
        }
        ++agreeing;
        EXPECT_EQ(mine, theirs) << code << " " << counted.spoken;
      }
    }
    EXPECT_GT(agreeing, 30) << code;
    if (code != "en") {
      EXPECT_GT(gendered, 0) << code << ": no unit agrees in gender?";
    }
  }
}

// Every word of every language is read by that language's rules: eSpeak NG marks a word it reads
// as another language's with a switch ("(en)") in its phonemes.
TEST_F(LanguagePronunciation, EveryWordIsReadInItsOwnLanguage) {
  for (const auto& code : Language::codes()) {
    const Language lang = language(code);
    for (const auto& [key, word] : lang.words()) {
      if (key.starts_with("meta.") || key.ends_with(".gender") || key.starts_with("number.compose"))
        continue;
      std::string text = word.spoken;
      for (auto open = text.find('{'); open != std::string::npos; open = text.find('{'))
        text.erase(open, text.find('}', open) - open + 1);
      if (text.find_first_not_of(" :;.,?") == std::string::npos) continue;
      const std::string p = phonemes(text, lang.voice());
      EXPECT_FALSE(p.empty()) << code << " " << key;
      EXPECT_EQ(p.find('('), std::string::npos)
          << code << " " << key << ": " << text << " -> " << p;
    }
  }
}

// Every private phrase kind of every language synthesizes in the language's voice, the move
// words of the `fide` profile in German inside it.
TEST_F(LanguagePronunciation, EveryPrivatePhraseKindSynthesizesInEveryLanguage) {
  const Vocabulary fide = fixtures::profile("fide");
  for (const auto& code : Language::codes()) {
    const Language lang = language(code);
    std::map<std::string, int> of_kind;
    for (const auto& [kind, phrase] : every_private_phrase(lang, fide)) {
      if (++of_kind[kind] > 2) continue;  // two of each kind are enough to hear it
      std::size_t samples = 0;
      const auto ok = synth->synthesize(phrase.spoken, {phrase.voice, 160},
                                        [&](std::span<const std::int16_t> s) {
                                          samples += s.size();
                                          return true;
                                        });
      EXPECT_TRUE(ok) << code << " " << kind;
      // At least a tenth of a second of sound a word.
      const auto words =
          static_cast<std::size_t>(std::count(phrase.text.begin(), phrase.text.end(), ' ') + 1);
      EXPECT_GT(samples, words * 2205) << code << " " << kind << ": " << phrase.text;
    }
  }
}

// Move words marked for another voice are read in that voice: "Felix drei" inside a Macedonian
// phrase sounds as the German voice says it, not as the Macedonian voice would.
TEST_F(LanguagePronunciation, MarkedWordsAreReadInTheirOwnVoice) {
  auto length = [&](const std::string& text, const std::string& voice) {
    std::size_t samples = 0;
    EXPECT_TRUE(synth->synthesize(text, {voice, 160}, [&](std::span<const std::int16_t> s) {
      samples += s.size();
      return true;
    }));
    return static_cast<double>(samples);
  };
  const double german = length("Springer Felix fünf", "de");
  const double marked = length("<voice name=\"de\">Springer Felix fünf</voice>", "mk");
  const double macedonian = length("Springer Felix fünf", "mk");
  // The switch of voices adds a short pause; the reading is the German one, not the Macedonian.
  EXPECT_NEAR(marked / german, 1.0, 0.10) << marked << " " << german;
  EXPECT_LT(std::abs(marked - german) * 3, std::abs(marked - macedonian))
      << marked << " " << german << " " << macedonian;
}

}  // namespace
}  // namespace language_pronunciation_test
}  // namespace annabella::speech
