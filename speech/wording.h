// How phrases are put together (internal to speech/): two spellings built side by side, templates
// with `{name}` places, and words of another voice marked for the synthesizer.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "speech/language.h"
#include "speech/phrases.h"
#include "speech/word_table.h"

namespace annabella::speech::wording {

// Builds the two spellings of a phrase side by side, one word at a time, with a blank between
// words (or another separator).
class Words {
 public:
  Words& add(const Word& w);
  Words& add(const Word& w, std::string_view separator);
  [[nodiscard]] Word word() const { return {display_, spoken_}; }
  [[nodiscard]] bool empty() const { return display_.empty(); }

 private:
  std::string display_, spoken_;
};

// A value for a template's `{name}`: a word, or a number (`number` >= 0) whose `word` is its
// plain spelling and which `{name:form}` asks for in a form ("gen": "девяти").
struct Arg {
  std::string_view name;
  Word word;
  int number = -1;
};
using Args = std::vector<Arg>;

// Fills the `{name}` and `{name:form}` places of a template in both spellings; `language` spells
// the numbers asked for in a form. Places with no argument stay as written.
[[nodiscard]] Word fill(const Word& pattern, const Args& args, const Language& language);

// `w` said in `voice` inside a phrase said in `phrase_voice`: when the two differ, the spoken
// spelling is marked as SSML (`<voice name="de">Felix drei</voice>`) so that the synthesizer
// reads the move words in their own voice (docs/languages.md).
[[nodiscard]] Word in_voice(const Word& w, std::string_view voice, std::string_view phrase_voice);

[[nodiscard]] Phrase make(PhraseKind kind, const Word& w, std::string voice,
                          std::string topic = {});

}  // namespace annabella::speech::wording

namespace annabella::speech::wording {

// "piece.knight" ...
[[nodiscard]] std::string piece_key(core::PieceType pt);
// The object (accusative) form where the language has one ("коня"), else the piece's word.
[[nodiscard]] Word piece_object(const Language& words, core::PieceType pt);

}  // namespace annabella::speech::wording
