// A vocabulary profile: every word the station says, as data (speech/profiles/*.txt).
//
// The default profile, `fide`, holds the words of FIDE Laws Appendix D.2.1 (Anna .. Hector,
// eins .. acht, Koenig .. Bauer, Kurze / Lange Rochade) and German for everything else. Each
// word has a display spelling (as the rulebook writes it: "fuenf", shown on screens, braille
// and logs) and a spoken spelling (what the synthesizer reads: "fünf"). Any word can be
// overridden in the configuration ("unless the arbiter decides otherwise", D.2.1).
//
// File format, one entry a line: `key = word`, or `key = display | spoken`; `#` starts a comment;
// `meta.base = other` starts from another shipped profile's words. docs/speech.md lists the keys.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace annabella::speech {

// One word or phrase of a profile in its two spellings (equal when the profile gives one).
struct Word {
  std::string display;
  std::string spoken;
  friend bool operator==(const Word&, const Word&) = default;
};

class Vocabulary {
 public:
  // The profiles shipped inside the binary, sorted: "english-anna", "fide", "letters", ...
  static std::vector<std::string> profile_names();
  // A shipped profile by name, or a profile file when `name_or_path` contains '/' or ends in
  // ".txt". The error names the profile (listing the shipped ones) or the file and line.
  static Result<Vocabulary> load(std::string_view name_or_path);
  // Reads a profile from its text; `name` names it in messages. A `meta.base` is looked up among
  // the shipped profiles. Fails when a required key is missing (docs/speech.md lists them).
  static Result<Vocabulary> parse(std::string_view text, std::string_view name);

  // Replaces words ("unless the arbiter decides otherwise", D.2.1): key -> "word" or
  // "display | spoken". Keys as in the profile ("file.e") or as TOML writes them ("file_e").
  // Fails on an unknown key (naming the closest known one) and then changes nothing.
  Status apply_overrides(const std::map<std::string, std::string>& words);

  const std::string& name() const { return name_; }
  // meta.title, meta.voice (an eSpeak NG voice name), meta.rate (words a minute),
  // meta.language (ISO 639-1, for the piece letters of written moves), meta.plural.
  std::string title() const { return meta("title"); }
  std::string voice() const { return meta("voice"); }
  int rate() const;
  std::string language() const { return meta("language"); }
  std::string plural_rule() const { return meta("plural"); }

  // The word for a key, or nullptr.
  const Word* find(std::string_view key) const;
  // The word for a key that every profile has (required keys are checked on load); a missing
  // optional key gives the key itself in angle brackets, so the gap shows instead of crashing.
  Word word(std::string_view key) const;
  // Every word, by key.
  const std::map<std::string, Word, std::less<>>& words() const { return words_; }

  // Keys every profile must have.
  static const std::vector<std::string>& required_keys();

 private:
  std::string meta(std::string_view key) const;
  Status read_lines(std::string_view text, std::string_view name, int depth);

  std::string name_;
  std::map<std::string, Word, std::less<>> words_;
};

}  // namespace annabella::speech
