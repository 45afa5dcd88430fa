#include "speech/pronunciation.h"

#include <algorithm>
#include <array>

#include "speech/move_parser.h"

namespace annabella::speech {
namespace {

// One eSpeak NG symbol and what it may be in CMU phones, the closest first. An empty
// alternative drops the sound (the glottal stop).
struct Symbol {
  std::string_view espeak;
  std::vector<Phones> german;   // the German reading ("de" voices)
  std::vector<Phones> english;  // the English reading; empty = as German
};

const std::vector<Symbol>& symbols() {
  // Longest symbols first, so that "aI" is read before "a" and "tS" before "t".
  static const std::vector<Symbol> table = [] {
    std::vector<Symbol> t = {
        // diphthongs and r-coloured vowels
        {"i@3", {{"IY", "ER"}}, {}},
        {"aI@", {{"AY", "ER"}}, {}},
        {"aI", {{"AY"}}, {}},
        {"aU", {{"AW"}}, {}},
        {"OY", {{"OY"}}, {}},
        {"OI", {{"OY"}}, {}},
        {"eI", {{"EY"}}, {}},
        {"oU", {{"OW"}}, {}},
        {"i@", {{"IY", "AH"}}, {}},
        {"e@", {{"EH", "R"}}, {}},
        {"A@", {{"AA", "R"}}, {}},
        {"O@", {{"AO", "R"}}, {}},
        {"o@", {{"AO", "R"}}, {}},
        {"U@", {{"UH", "R"}}, {}},
        {"@L", {{"AH", "L"}}, {}},
        {"3:", {{"ER"}}, {}},
        // long vowels
        {"A:", {{"AA"}}, {}},
        {"a:", {{"AA"}}, {}},
        {"e:", {{"EY"}, {"EH"}}, {}},
        {"E:", {{"EH"}, {"EY"}}, {}},
        {"i:", {{"IY"}}, {}},
        {"o:", {{"OW"}, {"AO"}}, {}},
        {"O:", {{"AO"}}, {}},
        {"u:", {{"UW"}}, {}},
        {"y:", {{"UW"}, {"IY"}}, {}},
        {"Y:", {{"ER"}, {"UW"}}, {}},
        {"aa", {{"AE"}}, {}},
        // affricates
        {"tS", {{"CH"}}, {}},
        {"dZ", {{"JH"}}, {}},
        {"ts", {{"T", "S"}}, {}},
        {"pf", {{"P", "F"}}, {}},
        // short vowels
        {"a", {{"AA"}, {"AH"}}, {{"AE"}, {"AA"}}},
        {"A", {{"AA"}}, {}},
        {"E", {{"EH"}, {"IH"}}, {}},
        {"e", {{"EH"}, {"EY"}}, {}},
        {"I", {{"IH"}}, {}},
        {"i", {{"IY"}, {"IH"}}, {}},
        {"O", {{"AO"}, {"AA"}}, {}},
        {"o", {{"OW"}}, {}},
        {"U", {{"UH"}, {"UW"}}, {}},
        {"u", {{"UW"}}, {}},
        {"V", {{"AH"}}, {}},
        {"0", {{"AA"}, {"AO"}}, {}},
        {"Y", {{"ER"}, {"UH"}}, {}},
        {"y", {{"UW"}, {"IY"}}, {}},
        {"W", {{"ER"}}, {}},
        {"@", {{"AH"}}, {}},
        {"3", {{"ER"}, {"AH"}}, {{"ER"}}},
        // consonants
        {"p", {{"P"}}, {}},
        {"b", {{"B"}}, {}},
        {"t", {{"T"}}, {}},
        {"d", {{"D"}}, {}},
        {"k", {{"K"}}, {}},
        {"g", {{"G"}}, {}},
        {"f", {{"F"}}, {}},
        {"v", {{"V"}}, {}},
        {"w", {{"W"}}, {}},
        {"s", {{"S"}}, {}},
        {"z", {{"Z"}}, {}},
        {"S", {{"SH"}}, {}},
        {"Z", {{"ZH"}}, {}},
        {"T", {{"TH"}}, {}},
        {"D", {{"DH"}}, {}},
        {"C", {{"SH"}, {"HH"}, {"K"}}, {}},  // German ich-Laut
        {"x", {{"K"}, {"HH"}}, {}},          // German ach-Laut
        {"j", {{"Y"}}, {}},
        {"h", {{"HH"}}, {}},
        {"l", {{"L"}}, {}},
        {"m", {{"M"}}, {}},
        {"n", {{"N"}}, {}},
        {"N", {{"NG"}}, {}},
        // German r after a consonant or before a vowel is uvular and short: the en-us model
        // often hears none ("drei" as D AY).
        {"r", {{"R"}, {}}, {{"R"}}},
        {"R", {{"R"}, {}}, {{"R"}}},
        {"?", {{}}, {}},  // glottal stop
    };
    std::stable_sort(t.begin(), t.end(), [](const Symbol& a, const Symbol& b) {
      return a.espeak.size() > b.espeak.size();
    });
    return t;
  }();
  return table;
}

// Marks that carry no sound: stress, syllables, pauses, variant and length modifiers.
bool is_mark(char c) {
  return std::string_view("',_!|;#=-^~%\" ").find(c) != std::string_view::npos ||
         (c >= '1' && c <= '9');  // "I2", "@2": eSpeak's variants of one vowel
}

// The alternatives of each sound of a transcription, in order.
Result<std::vector<const std::vector<Phones>*>> read_symbols(std::string_view espeak,
                                                             bool english) {
  std::vector<const std::vector<Phones>*> sounds;
  for (std::size_t i = 0; i < espeak.size();) {
    // eSpeak NG's switch of language for a word of another one: the German voice writes
    // "(en)b'o@d(de)" for "board". The marks carry no sound; the sounds after one are read in
    // that language (an English word in an English reading).
    if (espeak[i] == '(') {
      const auto close = espeak.find(')', i);
      if (close == std::string_view::npos)
        return fail("an unclosed language switch in \"" + std::string(espeak) + "\"");
      english = espeak.substr(i + 1, 2) == "en";
      i = close + 1;
      continue;
    }
    const Symbol* found = nullptr;
    for (const auto& s : symbols()) {
      if (espeak.substr(i, s.espeak.size()) == s.espeak) {
        found = &s;
        break;
      }
    }
    if (found) {
      sounds.push_back(english && !found->english.empty() ? &found->english : &found->german);
      i += found->espeak.size();
    } else if (is_mark(espeak[i]) || espeak[i] == ':') {
      ++i;
    } else {
      return fail("the eSpeak NG phoneme \"" + std::string(espeak.substr(i, 1)) + "\" in \"" +
                  std::string(espeak) + "\" has no CMU phone");
    }
  }
  return sounds;
}

Phones spell(const std::vector<const std::vector<Phones>*>& sounds,
             const std::vector<std::size_t>& choice) {
  Phones out;
  for (std::size_t i = 0; i < sounds.size(); ++i) {
    const Phones& p = (*sounds[i])[choice[i]];
    out.insert(out.end(), p.begin(), p.end());
  }
  return out;
}

}  // namespace

const std::vector<std::string>& cmu_phone_set() {
  static const std::vector<std::string> phones = {
      "AA", "AE", "AH", "AO", "AW", "AY", "B",  "CH", "D", "DH", "EH", "ER", "EY",
      "F",  "G",  "HH", "IH", "IY", "JH", "K",  "L",  "M", "N",  "NG", "OW", "OY",
      "P",  "R",  "S",  "SH", "T",  "TH", "UH", "UW", "V", "W",  "Y",  "Z",  "ZH"};
  return phones;
}

Result<std::vector<Phones>> cmu_phones(std::string_view espeak, std::string_view language,
                                       std::size_t max_variants) {
  auto sounds = read_symbols(espeak, language.substr(0, 2) == "en");
  if (!sounds) return fail(sounds.error());
  // The closest reading first, then each sound with one alternative changed in turn.
  std::vector<std::size_t> choice(sounds->size(), 0);
  std::vector<Phones> variants;
  auto keep = [&](Phones p) {
    if (p.empty() || variants.size() >= max_variants) return;
    if (std::find(variants.begin(), variants.end(), p) == variants.end())
      variants.push_back(std::move(p));
  };
  keep(spell(*sounds, choice));
  for (std::size_t alt = 1; alt < 3; ++alt) {
    for (std::size_t i = 0; i < sounds->size(); ++i) {
      if ((*sounds)[i]->size() <= alt) continue;
      choice[i] = alt;
      keep(spell(*sounds, choice));
      choice[i] = 0;
    }
  }
  if (variants.empty()) return fail("\"" + std::string(espeak) + "\" has no sounds");
  return variants;
}

Status PronunciationDictionary::add(const std::map<std::string, std::string>& spoken,
                                    const std::vector<std::string>& voices,
                                    const Phonemizer& phonemizer) {
  // token -> each voice's readings, the closest first
  std::map<std::string, std::vector<std::vector<Phones>>> readings;
  for (const auto& voice : voices) {
    for (const auto& [token, text] : spoken) {
      if (contains(token)) continue;
      auto transcription = phonemizer(text, voice);
      if (!transcription)
        return fail("the word \"" + text + "\" (eSpeak NG voice " + voice +
                    "): " + transcription.error().message);
      auto variants = cmu_phones(*transcription, voice, 3);
      if (!variants)
        return fail("the word \"" + text + "\" (eSpeak NG voice " + voice +
                    "): " + variants.error().message);
      readings[token].push_back(std::move(*variants));
    }
  }
  for (const auto& [token, by_voice] : readings) {
    // Interleaved: each voice's closest reading first, then their variants.
    std::vector<Phones> merged;
    for (std::size_t rank = 0; rank < 3; ++rank)
      for (const auto& reading : by_voice)
        if (rank < reading.size() &&
            std::find(merged.begin(), merged.end(), reading[rank]) == merged.end())
          merged.push_back(reading[rank]);
    entries_[token] = std::move(merged);
  }
  return {};
}

void PronunciationDictionary::add_phones(std::string_view token, const Phones& phones) {
  entries_[std::string(token)] = {phones};
}

const std::vector<Phones>& PronunciationDictionary::variants(std::string_view token) const {
  static const std::vector<Phones> none;
  const auto it = entries_.find(std::string(token));
  return it == entries_.end() ? none : it->second;
}

std::string PronunciationDictionary::sphinx_text() const {
  std::string out;
  for (const auto& [token, variants] : entries_) {
    for (std::size_t i = 0; i < variants.size(); ++i) {
      out += token;
      if (i > 0) out += "(" + std::to_string(i + 1) + ")";
      for (const auto& phone : variants[i]) out += " " + phone;
      out += '\n';
    }
  }
  return out;
}

std::string voice_token(std::string_view word) {
  std::string out;
  for (char c : MoveParser::fold(word))
    if (c >= 'a' && c <= 'z') out += c;
  return out;
}

}  // namespace annabella::speech

namespace annabella::speech {

std::vector<std::string> voice_tokens(std::string_view text) {
  std::vector<std::string> out;
  std::string word;
  for (char c : std::string(text) + " ") {
    if (std::string_view(" ,.;:!?").find(c) == std::string_view::npos) {
      word += c;
      continue;
    }
    if (auto token = voice_token(word); !token.empty()) out.push_back(std::move(token));
    word.clear();
  }
  return out;
}

}  // namespace annabella::speech
