#include "app/config_check.h"

#include <utility>

#include "app/brf.h"
#include "app/exports.h"
#include "app/i18n.h"
#include "speech/vocabulary.h"

namespace annabella::app {

namespace {

// How the scoresheet writes one word its table lacks letters for (D.2.7).
std::string fallback_text(const BrailleFallback& f, const std::string& table) {
  using i18n::format;
  using i18n::tr;
  const auto filled = [&](const char* message) {
    return format(message, {{"word", f.word},
                            {"letters", f.lacking},
                            {"table", table},
                            {"other", f.table},
                            {"missing", f.code_points}});
  };
  if (f.code_points.empty())
    // TRANSLATORS: {table}, {other}: liblouis table names ("de-g0.utb", "ru-litbrl.ctb").
    return filled(
        tr("\"{word}\": the braille scoresheet's table {table} has no braille for "
           "{letters}; the scoresheet writes the word with liblouis's table {other} "
           "(D.2.7)"));
  if (f.table.empty())
    return filled(
        tr("\"{word}\": no liblouis table has braille for {missing}; the braille "
           "scoresheet writes each as its Unicode code point, e.g. (U+0453), and the "
           "rest with {table} (D.2.7)"));
  return filled(
      tr("\"{word}\": the braille scoresheet's table {table} has no braille for "
         "{letters} and no liblouis table has braille for {missing}; the scoresheet "
         "writes the word with liblouis's table {other} and {missing} as Unicode code "
         "points, e.g. (U+0453) (D.2.7)"));
}

}  // namespace

std::vector<std::string> scoresheet_name_notes(const config::StationConfig& config) {
  std::vector<std::string> notes;
  const std::string table = scoresheet_table(config);
  const std::pair<const char*, const std::string*> names[] = {{"white.name", &config.white.name},
                                                              {"black.name", &config.black.name},
                                                              {"event.name", &config.event.name}};
  for (const auto& [key, name] : names) {
    auto fallbacks = braille_fallbacks({*name, table});
    if (!fallbacks) continue;  // the table itself is a problem (station_problems)
    for (const BrailleFallback& f : *fallbacks)
      notes.push_back(config.source.where(key) + key + ": " + fallback_text(f, table));
  }
  return notes;
}

std::vector<std::string> station_problems(const config::StationConfig& config) {
  std::vector<std::string> problems;
  const auto problem = [&](const std::string& key, const std::string& what) {
    problems.push_back(config.source.where(key) + key + ": " + what);
  };
  if (auto vocabulary = speech::Vocabulary::load(config.speech.profile); !vocabulary) {
    problem("speech.profile", vocabulary.error().message);
  } else {
    // One key at a time, so that every unknown word is named with its line.
    for (const auto& [key, word] : config.speech.words) {
      speech::Vocabulary trial = *vocabulary;
      if (auto overridden = trial.apply_overrides({{key, word}}); !overridden)
        problem("speech.words." + key, overridden.error().message);
    }
  }
  if (auto table = braille_table_path(scoresheet_table(config)); !table)
    problem("record.braille_table", table.error().message);
  return problems;
}

}  // namespace annabella::app
