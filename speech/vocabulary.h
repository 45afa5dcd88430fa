// A vocabulary profile: the words moves are announced in (speech/profiles/*.txt), as the arbiter
// set them (D.2.1), over the words of the profile's language (speech/languages/*.txt, chosen by
// `meta.language`) for everything else it says.
//
// The default profile, `fide`, holds the words of FIDE Laws Appendix D.2.1 (Anna .. Hector,
// eins .. acht, Koenig .. Bauer, Kurze / Lange Rochade), over German. Each word has a display
// spelling (as the rulebook writes it: "fuenf", shown on screens, braille and logs) and a spoken
// spelling (what the synthesizer reads: "fünf"). Any word can be overridden in the configuration
// ("unless the arbiter decides otherwise", D.2.1).
//
// File format (speech/word_table.h), one entry a line: `key = word`, or `key = display | spoken`;
// `#` starts a comment; `meta.base = other` starts from another shipped profile's words.
// docs/speech.md lists the keys.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "speech/language.h"
#include "speech/word_table.h"

namespace annabella::speech {

class Vocabulary {
 public:
  // The profiles shipped inside the binary, sorted: "english-anna", "fide", "letters", ...
  [[nodiscard]] static std::vector<std::string> profile_names();
  // A shipped profile by name, or a profile file when `name_or_path` contains '/' or ends in
  // ".txt". The error names the profile (listing the shipped ones) or the file and line.
  [[nodiscard]] static Result<Vocabulary> load(std::string_view name_or_path);
  // Reads a profile from its text; `name` names it in messages. A `meta.base` is looked up among
  // the shipped profiles. When `meta.language` names a shipped language, its words are the base
  // of everything the profile does not give itself. Fails when a required key is missing.
  [[nodiscard]] static Result<Vocabulary> parse(std::string_view text, std::string_view name);

  // Replaces words ("unless the arbiter decides otherwise", D.2.1): key -> "word" or
  // "display | spoken". Keys as in the profile ("file.e") or as TOML writes them ("file_e").
  // Fails on an unknown key (naming the closest known one) and then changes nothing.
  [[nodiscard]] Status apply_overrides(const std::map<std::string, std::string>& words);

  [[nodiscard]] const std::string& name() const { return name_; }
  // meta.title, meta.voice (an eSpeak NG voice name), meta.rate (words a minute),
  // meta.language (ISO 639-1, for the piece letters of written moves and the profile's
  // language), meta.plural.
  [[nodiscard]] std::string title() const { return words_.table_.meta("title"); }
  [[nodiscard]] std::string voice() const { return words_.table_.meta("voice"); }
  [[nodiscard]] int rate() const;
  [[nodiscard]] std::string language() const { return words_.table_.meta("language"); }
  [[nodiscard]] std::string plural_rule() const { return words_.table_.meta("plural"); }

  // Everything the profile says, as a language: its own words over its language's (what the
  // public phrases and the phrase functions that take a Vocabulary alone speak in).
  [[nodiscard]] const Language& own_language() const { return words_; }

  // The word for a key, or nullptr.
  [[nodiscard]] const Word* find(std::string_view key) const { return words_.find(key); }
  // The word for a key that every profile has (required keys are checked on load); a missing
  // optional key gives the key itself in angle brackets, so the gap shows instead of crashing.
  [[nodiscard]] Word word(std::string_view key) const { return words_.word(key); }
  // Where the word for `key` was given, for messages: "drawja.txt:2" (the profile file or
  // shipped table and its line), "speech.words.file_e" (the configuration), "" (not given).
  [[nodiscard]] std::string origin(std::string_view key) const { return words_.table_.origin(key); }
  // Every word, by key.
  [[nodiscard]] const std::map<std::string, Word, std::less<>>& words() const {
    return words_.words();
  }

  // Keys every profile must have: the move words and meta.rate, and (given by the profile's
  // language when it is a shipped one) every key of Language::required_keys().
  [[nodiscard]] static const std::vector<std::string>& required_keys();
  // The move words alone: files, ranks, pieces, castling, capture, check, mate, en passant,
  // promotion (what a national move-word profile must give).
  [[nodiscard]] static const std::vector<std::string>& move_keys();

 private:
  std::string name_;
  Language words_;
};

}  // namespace annabella::speech
