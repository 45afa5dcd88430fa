// Pronunciations for the recogniser, derived from eSpeak NG's own phonemes (never written by
// hand word by word): each word is transcribed by eSpeak NG in a German and an English reading
// (`espeak-ng -x` / espeak_TextToPhonemes, ASCII phoneme names) and mapped onto the phone set of
// the acoustic model (CMU's 39 phones of Debian's en-us model). Sounds English lacks get
// variants (German "ch" as K or HH, "ü" as UW or IY), so one word has a few pronunciations,
// for speakers of German and of English alike (docs/voice.md).
#pragma once

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace annabella::speech {

// eSpeak NG's transcription of a text in a voice ("Springer", "de") -> "Spr'IN3".
using Phonemizer =
    std::function<Result<std::string>(std::string_view text, std::string_view voice)>;

// The eSpeak NG phonemes of one reading, as a sequence of CMU phones ("AA", "N", "AH").
using Phones = std::vector<std::string>;

// Maps one eSpeak NG ASCII transcription ("Spr'IN3") to CMU phones, in the reading of `language`
// ("de" or "en": the same symbol can stand for different sounds, German a is AA, English a AE).
// Every mapping of a sound English lacks is returned (German x as K and HH ...), at most
// `max_variants`, the closest first. Stress, syllable and pause marks are dropped; an unknown
// symbol fails, naming it.
Result<std::vector<Phones>> cmu_phones(std::string_view espeak, std::string_view language,
                                       std::size_t max_variants = 4);

// The 39 phones of the CMU set (the garbage loop is built from them).
const std::vector<std::string>& cmu_phone_set();

// Every pronunciation of every word a grammar may use, keyed by the word's token (lower-case
// ASCII, as the grammar writes it).
class PronunciationDictionary {
 public:
  // Adds each token (-> a spelling eSpeak NG reads: "funf" -> "fünf") not yet known, transcribed
  // by `phonemizer` in each of `voices` ("de", "en"). The words are transcribed voice by voice:
  // eSpeak NG 1.51 cuts later syntheses short after some eighty switches between voices.
  Status add(const std::map<std::string, std::string>& spoken,
             const std::vector<std::string>& voices, const Phonemizer& phonemizer);
  // Adds a pronunciation given as CMU phones (the garbage loop's one-phone words).
  void add_phones(std::string_view token, const Phones& phones);

  bool contains(std::string_view token) const { return entries_.count(std::string(token)) > 0; }
  const std::vector<Phones>& variants(std::string_view token) const;
  const std::map<std::string, std::vector<Phones>>& entries() const { return entries_; }
  // The dictionary in CMU Sphinx's format: "word PH ONES", variants as "word(2) ...".
  std::string sphinx_text() const;

 private:
  std::map<std::string, std::vector<Phones>> entries_;
};

// The dictionary token of a word: lower case, umlauts as their base letters (ä -> a), ß as ss,
// everything else than a-z dropped ("Läufer" -> "laufer", "Schach!" -> "schach"); empty when
// nothing is left (a word in another script).
std::string voice_token(std::string_view word);
// The tokens of a text's words, split at blanks and punctuation ("nein, Springer Cäsar drei" ->
// "nein", "springer", "casar", "drei"); words with no token are left out.
std::vector<std::string> voice_tokens(std::string_view text);

}  // namespace annabella::speech
