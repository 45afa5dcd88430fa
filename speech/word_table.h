// A table of words by key, as the vocabulary profiles (speech/profiles/*.txt) and the languages
// (speech/languages/*.txt) write them: one `key = word` a line, or `key = display | spoken` when
// the display spelling (screens, braille, logs) differs from what the synthesizer reads. `#`
// starts a comment; `meta.base = NAME` first reads the lines of the table NAME (looked up by the
// caller's resolver), so a table can start from another one's words.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace annabella::speech {

// One word or phrase in its two spellings (equal when the table gives one).
struct Word {
  std::string display;
  std::string spoken;
  friend bool operator==(const Word&, const Word&) = default;
};

// "word" or "display | spoken", blanks around each part removed.
[[nodiscard]] Word read_word(std::string_view value);

class WordTable {
 public:
  // The text of the table a `meta.base` line names, or nullopt when there is none by that name.
  struct Base {
    std::string name;
    std::string_view text;
  };
  using BaseResolver = std::function<std::optional<Base>(std::string_view name)>;

  // Adds the lines of `source.text` (later lines and later tables replace earlier words);
  // `source.name` names it in messages ("fide:12: expected `key = word`"). `known_bases` says
  // what a `meta.base` may name, for the message when it names something else ("shipped profile
  // (fide, nato)").
  [[nodiscard]] Status read(const Base& source, const BaseResolver& resolve,
                            std::string_view known_bases);

  [[nodiscard]] const Word* find(std::string_view key) const;
  // The word for a key, or the key in angle brackets ("<say.x>") so that a gap shows.
  [[nodiscard]] Word word(std::string_view key) const;
  // A `meta.KEY` value in its spoken spelling ("" when absent).
  [[nodiscard]] std::string meta(std::string_view key) const;
  // The keys of `keys` the table lacks, joined by ", " ("" when none).
  [[nodiscard]] std::string missing(const std::vector<std::string>& keys) const;

  // Where a key's word was given: "drawja.txt:2" (the table's name and line), what set() was
  // told, or "" (not given).
  [[nodiscard]] std::string origin(std::string_view key) const;

  void set(const std::string& key, Word word, std::string origin = {}) {
    words_[key] = std::move(word);
    origins_[key] = std::move(origin);
  }
  [[nodiscard]] const std::map<std::string, Word, std::less<>>& words() const { return words_; }

 private:
  Status read_at_depth(const Base& source, const BaseResolver& resolve,
                       std::string_view known_bases, int depth);
  std::map<std::string, Word, std::less<>> words_;
  std::map<std::string, std::string, std::less<>> origins_;
};

}  // namespace annabella::speech
