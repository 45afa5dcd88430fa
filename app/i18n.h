// Message catalogs for what the assistant and the arbiter read (GNU gettext; docs/languages.md).
// The English text is the message itself and its own translation; po/LANG.po holds the others,
// compiled to LANG/LC_MESSAGES/annabella.mo. app/i18n.cpp is the only file that includes
// libintl.h.
//
// The language: `--lang L` on the command line, else the usual locale variables in gettext's
// order (LANGUAGE, a list like "mk:de"; then LC_ALL, LC_MESSAGES, LANG); "C" or "POSIX" there
// means English, as POSIX asks. The language is chosen once, at the start of main, before any
// message is looked up: gettext keeps it process-wide (as eSpeak NG keeps its voice), and only
// the messages category is set, never numbers or dates (a German locale must not turn "1.5" into
// "1,5" in a JSON report). Rule citations stay as the Laws number them ("(Art. 9.6.2)").
//
// Marking a message: `tr("...")` (xgettext's keyword), `tr_n("...", "...", n)` for a count, with
// `{name}` places filled by format(); `tr_noop("...")` in a table, translated with tr() where it
// is used. Translators see the comment above a message that starts with "TRANSLATORS:".
#pragma once

#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace annabella::app::i18n {

// What start() settled on: the languages asked for in order ("mk", "de"; empty for English), the
// catalog folder, and a note for the user when an explicitly asked language has no catalog.
struct Choice {
  std::vector<std::string> languages;
  std::string catalog_folder;
  std::string note;
};

// Chooses the language (`language` from --lang; "" = the locale variables) and binds the catalog
// folder: $ANNABELLA_LOCALEDIR if set, else the build tree's when the program runs from it, else
// the installed one. Call once, from main, before any other thread runs.
Choice start(std::string_view language);

// The translation of an English message, or the message itself.
[[nodiscard]] const char* tr(const char* message);
// The translation of a message with a count, in the language's plural form for `n`.
[[nodiscard]] const char* tr_n(const char* singular, const char* plural, unsigned long n);

// One language's catalog, apart from the process's own choice (start()): for a line worded for
// one person in his own language (D.2.11: the sighted player's keypad terminal, in his
// `white.language` or `black.language`), while the console stays in the console's language.
// Read from the same folder start() binds; a language with no catalog is English (the messages
// themselves), never another language.
class Catalog {
 public:
  Catalog() = default;  // English: the messages themselves
  // The catalog of `language` as the configuration names it ("de", "mk", "sr-Cyrl").
  [[nodiscard]] static Catalog load(std::string_view language);
  // The catalog's language as gettext names it ("mk", "sr@cyrillic"); "" for English.
  [[nodiscard]] const std::string& language() const { return language_; }
  [[nodiscard]] const char* translate(const char* message) const;
  [[nodiscard]] const char* translate_n(const char* singular, const char* plural,
                                        unsigned long n) const;

  struct Data;

 private:
  std::string language_;
  std::shared_ptr<const Data> data_;  // null: English
};

// The translation in an explicit language.
[[nodiscard]] const char* tr(const Catalog& language, const char* message);
[[nodiscard]] const char* tr_n(const Catalog& language, const char* singular, const char* plural,
                               unsigned long n);

// While it lives, every tr() and tr_n() on this thread (and only this one) translates with
// `language`: the wording functions of app/ call tr() without a language, and the game thread
// words one line for one person through them so (the device threads keep the process's
// language). Scopes nest; `language` must outlive the scope.
class InLanguage {
 public:
  explicit InLanguage(const Catalog& language);
  ~InLanguage();
  InLanguage(const InLanguage&) = delete;
  InLanguage& operator=(const InLanguage&) = delete;

 private:
  const Catalog* previous_;
};

// Marks a message for the catalogs where it is written (a table built before the language is
// chosen) without translating it; tr() translates it where it is used.
constexpr const char* tr_noop(const char* message) {
  return message;
}

using Places = std::initializer_list<std::pair<std::string_view, std::string>>;
// The message with its `{name}` places filled in; places without a value stay as written.
[[nodiscard]] std::string format(std::string_view message, Places places);
// The same with places known only at run time (a typed finding's facts).
[[nodiscard]] std::string format(std::string_view message,
                                 const std::vector<std::pair<std::string, std::string>>& places);

// The locale variables' language list, as gettext reads them (for start() and the tests):
// LANGUAGE unless the locale is "C"/"POSIX", else the first of LC_ALL, LC_MESSAGES, LANG, without
// its codeset ("de_AT.UTF-8" -> "de_AT"; gettext falls back from there to "de" itself).
[[nodiscard]] std::vector<std::string> languages_from_environment(std::string_view language,
                                                                  std::string_view lc_all,
                                                                  std::string_view lc_messages,
                                                                  std::string_view lang);

// The text domain: the catalogs' file name (annabella.mo).
inline constexpr const char* kDomain = "annabella";

}  // namespace annabella::app::i18n
