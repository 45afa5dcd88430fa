// The GNU gettext adapter: the only file that includes libintl.h (app/i18n.h).
#include "app/i18n.h"

#include <libintl.h>

#include <clocale>
#include <cstdlib>
#include <filesystem>
#include <system_error>

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

const char* tr(const char* message) {
  return dgettext(kDomain, message);
}

const char* tr_n(const char* singular, const char* plural, unsigned long n) {
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
