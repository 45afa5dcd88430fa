#include "app/config_check.h"

#include "app/brf.h"
#include "speech/vocabulary.h"

namespace annabella::app {

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
  if (auto table = braille_table_path(config.record.braille_table); !table)
    problem("record.braille_table", table.error().message);
  return problems;
}

}  // namespace annabella::app
