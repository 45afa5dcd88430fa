// A language the player hears everything private in (speech/languages/CODE.txt): time readouts,
// warnings, corrections, connection messages, board readings, confirmations, the menu's words,
// and the grammar of its numbers (speech/numbers.h). The move words are not a language's: they
// are the arbiter's vocabulary profile (speech/vocabulary.h, D.2.1).
//
// Shipped languages are built into the binary. Every one has every key of required_keys() (and
// the plural forms its plural rule needs), or it does not load: a missing translation is an
// error, never a word of another language. docs/languages.md says how to add one.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "speech/word_table.h"

namespace annabella::speech {

class Vocabulary;

class Language {
 public:
  // The shipped languages' codes, sorted: "bg", "de", "en", "mk", "ru", "sq", "sr", "sr-Cyrl".
  [[nodiscard]] static std::vector<std::string> codes();
  // "bg (Bulgarian), de (German), ...", for messages that list what is allowed.
  [[nodiscard]] static std::string supported_list();
  // A shipped language by code (case does not matter; "sr-Latn" is "sr"); the error names the
  // supported ones.
  [[nodiscard]] static Result<Language> load(std::string_view code);
  // Keys every language has; a `slavic` plural rule also needs unit.X.few and unit.X.many.
  [[nodiscard]] static const std::vector<std::string>& required_keys();

  [[nodiscard]] const std::string& code() const { return code_; }
  // Its own name ("Македонски"), and in English ("Macedonian").
  [[nodiscard]] std::string name() const { return table_.meta("title"); }
  [[nodiscard]] std::string english_name() const { return table_.meta("english"); }
  // The eSpeak NG voice that reads it ("mk").
  [[nodiscard]] std::string voice() const { return table_.meta("voice"); }
  // How counted nouns take their plural (docs/languages.md): "one-other" (1 / everything else),
  // "ones-other" (1, 21, 31 ... but not 11 / else), "slavic" (one / few / many).
  [[nodiscard]] std::string plural_rule() const { return table_.meta("plural"); }

  [[nodiscard]] const Word* find(std::string_view key) const { return table_.find(key); }
  [[nodiscard]] Word word(std::string_view key) const { return table_.word(key); }
  [[nodiscard]] const std::map<std::string, Word, std::less<>>& words() const {
    return table_.words();
  }

  // Checks what a table needs to be a language: the required keys, a known plural rule and its
  // forms. `name` names it in the message.
  [[nodiscard]] static Status check(const WordTable& table, std::string_view name);

 private:
  friend class Vocabulary;
  Language() = default;
  Language(std::string code, WordTable table) : code_(std::move(code)), table_(std::move(table)) {}
  std::string code_;
  WordTable table_;
};

}  // namespace annabella::speech
