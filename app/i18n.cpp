// The GNU gettext adapter: the only file that includes libintl.h (app/i18n.h).
#include "app/i18n.h"

#include <libintl.h>

#include <clocale>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <system_error>
#include <unordered_map>

namespace annabella::app::i18n {
namespace {

std::string_view env(const char* name) {
  const char* value = std::getenv(name);
  return value ? std::string_view(value) : std::string_view();
}

bool is_c_locale(std::string_view locale) {
  return locale == "C" || locale == "POSIX";
}

// "de_AT.UTF-8" -> "de_AT"; "sr_RS.UTF-8@latin" -> "sr_RS@latin" (gettext then tries
// sr_RS@latin, sr@latin, sr_RS, sr); "C.UTF-8" -> "" (English).
std::string language_of_locale(std::string_view locale) {
  const auto dot = locale.find('.');
  const auto at = locale.find('@');
  std::string name(locale.substr(0, std::min(dot, at)));
  if (name.empty() || is_c_locale(name)) return {};
  if (at != std::string_view::npos) name += locale.substr(at);
  return name;
}

// A language as --lang gives it, as gettext names catalogs: "sr-Cyrl" -> "sr@cyrillic",
// "de-AT" -> "de_AT"; "en" (the messages themselves) -> "".
std::string catalog_name(std::string_view language) {
  std::string out(language);
  for (const auto& [tag, modifier] : {std::pair{"-Cyrl", "@cyrillic"}, {"-Latn", "@latin"}})
    if (const auto at = out.find(tag); at != std::string::npos) out.replace(at, 5, modifier);
  if (const auto dash = out.find('-'); dash != std::string::npos) out[dash] = '_';
  return out == "en" || out.starts_with("en_") ? std::string() : out;
}

bool has_catalog(const std::filesystem::path& folder, const std::string& language) {
  std::error_code error;
  return std::filesystem::exists(folder / language / "LC_MESSAGES" / (std::string(kDomain) + ".mo"),
                                 error);
}

// $ANNABELLA_LOCALEDIR, else the build tree's catalogs when they are there, else the installed.
std::filesystem::path catalog_folder() {
  if (const auto forced = env("ANNABELLA_LOCALEDIR"); !forced.empty()) return forced;
  std::error_code error;
  if (std::filesystem::is_directory(ANNABELLA_BUILD_LOCALEDIR, error))
    return ANNABELLA_BUILD_LOCALEDIR;
  return ANNABELLA_INSTALL_LOCALEDIR;
}

std::string catalogs_in(const std::filesystem::path& folder) {
  std::string out;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error)) {
    const std::string name = entry.path().filename().string();
    if (has_catalog(folder, name)) out += (out.empty() ? "" : ", ") + name;
  }
  return out.empty() ? "none" : out;
}

}  // namespace

std::vector<std::string> languages_from_environment(std::string_view language,
                                                    std::string_view lc_all,
                                                    std::string_view lc_messages,
                                                    std::string_view lang) {
  std::string_view locale = !lc_all.empty() ? lc_all : !lc_messages.empty() ? lc_messages : lang;
  std::vector<std::string> out;
  if (is_c_locale(locale)) return out;  // POSIX: the messages as they are written
  if (!language.empty()) {
    for (std::size_t pos = 0; pos <= language.size();) {
      const auto colon = std::min(language.find(':', pos), language.size());
      if (auto name = language_of_locale(language.substr(pos, colon - pos)); !name.empty())
        out.push_back(std::move(name));
      pos = colon + 1;
    }
    if (!out.empty()) return out;
  }
  if (auto name = language_of_locale(locale); !name.empty()) out.push_back(std::move(name));
  return out;
}

Choice start(std::string_view language) {
  Choice choice;
  if (!language.empty()) {
    if (auto name = catalog_name(language); !name.empty()) choice.languages.push_back(name);
  } else {
    choice.languages =
        languages_from_environment(env("LANGUAGE"), env("LC_ALL"), env("LC_MESSAGES"), env("LANG"));
  }
  const std::filesystem::path folder = catalog_folder();
  choice.catalog_folder = folder.string();
  bindtextdomain(kDomain, choice.catalog_folder.c_str());
  bind_textdomain_codeset(kDomain, "UTF-8");
  if (choice.languages.empty()) return choice;
  if (!language.empty() && !has_catalog(folder, choice.languages.front()))
    choice.note = "no messages in \"" + std::string(language) +
                  "\" (catalogs: " + catalogs_in(folder) + "); messages in English";
  // gettext reads LANGUAGE only under a locale other than "C"; C.UTF-8 is always there, and the
  // language needs no installed locale of its own. Only the messages category changes.
  std::string list;
  for (const auto& l : choice.languages) list += (list.empty() ? "" : ":") + l;
  setenv("LANGUAGE", list.c_str(), 1);
  if (!std::setlocale(LC_MESSAGES, "") || is_c_locale(std::setlocale(LC_MESSAGES, nullptr)))
    std::setlocale(LC_MESSAGES, "C.UTF-8");
  return choice;
}

namespace {

// The catalog InLanguage set on this thread (null: the process's language). Per thread, so that
// a line worded for one person on the game thread never changes what another thread words.
thread_local const Catalog* t_language = nullptr;  // NOLINT(*-avoid-non-const-global-variables)

// A catalog's plural rule ("nplurals=2; plural=(n % 10 == 1 && n % 100 != 11) ? 0 : 1;"), read
// as the C expression gettext reads it: n, numbers, ! * / % + - < <= > >= == != && || ?: ( ).
class PluralRule {
 public:
  explicit PluralRule(std::string expression) : text_(std::move(expression)) {}
  [[nodiscard]] unsigned long evaluate(unsigned long n) const {
    std::size_t at = 0;
    const auto value = conditional(at, n);
    return value ? *value : (n == 1 ? 0 : 1);  // unreadable: the Germanic rule
  }

 private:
  using Value = std::optional<unsigned long>;
  void skip(std::size_t& at) const {
    while (at < text_.size() && text_[at] == ' ') ++at;
  }
  bool take(std::size_t& at, std::string_view token) const {
    skip(at);
    if (text_.compare(at, token.size(), token) != 0) return false;
    // "<" is not "<=", "!" is not "!=", "=" alone is no operator.
    if (token.size() == 1 && at + 1 < text_.size() && text_[at + 1] == '=' &&
        (token == "<" || token == ">" || token == "!"))
      return false;
    at += token.size();
    return true;
  }
  Value conditional(std::size_t& at, unsigned long n) const {
    const Value test = logical_or(at, n);
    if (!test || !take(at, "?")) return test;
    const Value yes = conditional(at, n);
    if (!yes || !take(at, ":")) return std::nullopt;
    const Value no = conditional(at, n);
    if (!no) return std::nullopt;
    return *test ? yes : no;
  }
  Value logical_or(std::size_t& at, unsigned long n) const {
    Value v = logical_and(at, n);
    while (v && take(at, "||")) {
      const Value r = logical_and(at, n);
      v = r ? Value((*v || *r) ? 1 : 0) : std::nullopt;
    }
    return v;
  }
  Value logical_and(std::size_t& at, unsigned long n) const {
    Value v = comparison(at, n);
    while (v && take(at, "&&")) {
      const Value r = comparison(at, n);
      v = r ? Value((*v && *r) ? 1 : 0) : std::nullopt;
    }
    return v;
  }
  Value comparison(std::size_t& at, unsigned long n) const {
    Value v = additive(at, n);
    for (;;) {
      if (!v) return v;
      int op = 0;
      for (const char* t : {"==", "!=", "<=", ">=", "<", ">"}) {
        if (take(at, t)) break;
        ++op;
      }
      if (op == 6) return v;
      const Value r = additive(at, n);
      if (!r) return r;
      const bool results[] = {*v == *r, *v != *r, *v <= *r, *v >= *r, *v<*r, *v> * r};
      v = results[op] ? 1 : 0;
    }
  }
  Value additive(std::size_t& at, unsigned long n) const {
    Value v = multiplicative(at, n);
    while (v) {
      const bool plus = take(at, "+");
      if (!plus && !take(at, "-")) break;
      const Value r = multiplicative(at, n);
      v = r ? Value(plus ? *v + *r : *v - *r) : std::nullopt;
    }
    return v;
  }
  Value multiplicative(std::size_t& at, unsigned long n) const {
    Value v = unary(at, n);
    while (v) {
      char op = 0;
      for (const char* t : {"*", "/", "%"})
        if (take(at, t)) {
          op = t[0];
          break;
        }
      if (op == 0) break;
      const Value r = unary(at, n);
      if (!r || (op != '*' && *r == 0)) return std::nullopt;
      v = op == '*' ? *v * *r : op == '/' ? *v / *r : *v % *r;
    }
    return v;
  }
  Value unary(std::size_t& at, unsigned long n) const {
    if (take(at, "!")) {
      const Value v = unary(at, n);
      return v ? Value(*v ? 0 : 1) : v;
    }
    if (take(at, "(")) {
      const Value v = conditional(at, n);
      return v && take(at, ")") ? v : std::nullopt;
    }
    if (take(at, "n")) return n;
    skip(at);
    if (at >= text_.size() || text_[at] < '0' || text_[at] > '9') return std::nullopt;
    unsigned long number = 0;
    while (at < text_.size() && text_[at] >= '0' && text_[at] <= '9')
      number = number * 10 + static_cast<unsigned long>(text_[at++] - '0');
    return number;
  }

  std::string text_;
};

}  // namespace

struct Catalog::Data {
  // By the message as the .mo holds it: "singular" or "singular\0plural"; each translation with
  // its plural forms separated by \0.
  std::unordered_map<std::string, std::string> messages;
  PluralRule plural{"n != 1"};
};

namespace {

// A GNU .mo file (the gettext manual, "The Format of GNU MO Files"); null when it cannot be read.
std::shared_ptr<const Catalog::Data> read_mo(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (bytes.size() < 28) return nullptr;
  const auto word = [&](std::size_t at, bool swap) -> std::optional<std::uint32_t> {
    if (at + 4 > bytes.size()) return std::nullopt;
    std::uint32_t v = 0;
    std::memcpy(&v, bytes.data() + at, 4);
    if (swap) v = __builtin_bswap32(v);
    return v;
  };
  const bool swap = *word(0, false) != 0x950412deU;
  if (swap && *word(0, true) != 0x950412deU) return nullptr;
  const auto count = word(8, swap), originals = word(12, swap), translations = word(16, swap);
  if (!count || !originals || !translations) return nullptr;
  const auto string_at = [&](std::size_t table, std::uint32_t i) -> std::optional<std::string> {
    const auto length = word(table + 8 * std::size_t{i}, swap);
    const auto offset = word(table + 8 * std::size_t{i} + 4, swap);
    if (!length || !offset || std::size_t{*offset} + *length > bytes.size()) return std::nullopt;
    return bytes.substr(*offset, *length);
  };
  auto data = std::make_shared<Catalog::Data>();
  for (std::uint32_t i = 0; i < *count; ++i) {
    auto original = string_at(*originals, i);
    auto translation = string_at(*translations, i);
    if (!original || !translation) return nullptr;
    if (original->empty()) {  // the header: "Plural-Forms: nplurals=2; plural=EXPR;"
      const auto forms = translation->find("plural=");
      if (forms != std::string::npos) {
        const auto start = forms + 7;
        data->plural =
            PluralRule(translation->substr(start, translation->find(';', start) - start));
      }
      continue;
    }
    data->messages.emplace(std::move(*original), std::move(*translation));
  }
  return data;
}

}  // namespace

Catalog Catalog::load(std::string_view language) {
  Catalog catalog;
  const std::string name = catalog_name(language);
  if (name.empty()) return catalog;
  const std::filesystem::path folder = catalog_folder();
  std::string found = name;
  if (!has_catalog(folder, found)) {  // "de_AT" -> "de"; "sr@cyrillic" -> none (English)
    found = name.substr(0, name.find('_'));
    if (found == name || !has_catalog(folder, found)) return catalog;
  }
  catalog.data_ = read_mo(folder / found / "LC_MESSAGES" / (std::string(kDomain) + ".mo"));
  if (catalog.data_) catalog.language_ = found;
  return catalog;
}

const char* Catalog::translate(const char* message) const {
  if (!data_) return message;
  const auto found = data_->messages.find(message);
  return found == data_->messages.end() || found->second.empty() ? message : found->second.c_str();
}

const char* Catalog::translate_n(const char* singular, const char* plural, unsigned long n) const {
  const char* english = n == 1 ? singular : plural;
  if (!data_) return english;
  const auto found = data_->messages.find(std::string(singular) + '\0' + plural);
  if (found == data_->messages.end()) return english;
  // The form's place among the translation's forms, separated by \0.
  const unsigned long form = data_->plural.evaluate(n);
  const std::string& forms = found->second;
  std::size_t start = 0;
  for (unsigned long i = 0; i < form; ++i) {
    start = forms.find('\0', start);
    if (start == std::string::npos) return english;
    ++start;
  }
  return start < forms.size() && forms[start] != '\0' ? forms.c_str() + start : english;
}

const char* tr(const Catalog& language, const char* message) {
  return language.translate(message);
}

const char* tr_n(const Catalog& language, const char* singular, const char* plural,
                 unsigned long n) {
  return language.translate_n(singular, plural, n);
}

InLanguage::InLanguage(const Catalog& language) : previous_(t_language) {
  t_language = &language;
}

InLanguage::~InLanguage() {
  t_language = previous_;
}

const char* tr(const char* message) {
  if (t_language) return t_language->translate(message);
  return dgettext(kDomain, message);
}

const char* tr_n(const char* singular, const char* plural, unsigned long n) {
  if (t_language) return t_language->translate_n(singular, plural, n);
  return dngettext(kDomain, singular, plural, n);
}

namespace {

template <class Places>
std::string fill_places(std::string_view message, const Places& places) {
  std::string out;
  for (std::size_t i = 0; i < message.size();) {
    const auto close = message[i] == '{' ? message.find('}', i) : std::string_view::npos;
    if (close != std::string_view::npos) {
      const auto name = message.substr(i + 1, close - i - 1);
      bool filled = false;
      for (const auto& [key, value] : places) {
        if (key != name) continue;
        out += value;
        filled = true;
        break;
      }
      if (filled) {
        i = close + 1;
        continue;
      }
    }
    out += message[i++];
  }
  return out;
}

}  // namespace

std::string format(std::string_view message, Places places) {
  return fill_places(message, places);
}

std::string format(std::string_view message,
                   const std::vector<std::pair<std::string, std::string>>& places) {
  return fill_places(message, places);
}

}  // namespace annabella::app::i18n
