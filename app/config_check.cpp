#include "app/config_check.h"

#include <utility>

#include "app/brf.h"
#include "app/exports.h"
#include "app/i18n.h"
#include "app/move_text.h"
#include "app/time_control_text.h"
#include "core/chess960.h"
#include "core/game_type.h"
#include "core/time_control.h"
#include "speech/espeak_synth.h"
#include "speech/vocabulary.h"
#include "speech/voice_listener.h"

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

// The keys the core reads: the time control, the game type, the supervision, the console's
// piece letters.
template <class Problem>
void game_problems(const config::StationConfig& config, const Problem& problem) {
  using i18n::format;
  using i18n::tr;
  if (auto control = core::read_time_control(config.game.time_control); !control)
    problem("game.time_control", text::time_control_error(control.error()));
  if (config.game.type != "auto")
    if (auto type = core::parse_game_type(config.game.type); !type)
      // TRANSLATORS: standard, rapid, blitz and auto are the values the file takes: keep them.
      problem("game.type", format(tr("\"{name}\" is not a game type (standard, rapid or blitz), "
                                     "or auto (from the time control, A.1, B.1)"),
                                  {{"name", type.error().name}}));
  if (!config.console.letters.empty())
    if (auto letters = core::piece_letters_for(config.console.letters); !letters)
      problem("console.letters", text::letters_error(letters.error()));
  // Guidelines II.2: the start position is the one drawn. A start_fen that is a Chess960 start
  // array other than the number given contradicts it: which one is played is not guessed.
  if (config.game.chess960 >= 0 && !config.game.start_fen.empty())
    if (auto pos = core::Position::from_fen(config.game.start_fen, core::Variant::Chess960))
      if (auto drawn = core::chess960_number(*pos); drawn && *drawn != config.game.chess960)
        problem("game.chess960",
                format(tr("start position {n} ({rank}) contradicts game.start_fen, which is start "
                          "position {fen_n} ({fen_rank}); give one of them (Guidelines II.2)"),
                       {{"n", std::to_string(config.game.chess960)},
                        {"rank", core::chess960_first_rank(config.game.chess960)},
                        {"fen_n", std::to_string(*drawn)},
                        {"fen_rank", core::chess960_first_rank(*drawn)}}));
  if (auto supervision = core::parse_supervision(config.game.supervision); !supervision)
    // TRANSLATORS: competition and appendix are the values the file takes: keep them.
    problem("game.supervision",
            format(tr("\"{name}\" is not a supervision: competition (A.3, B.3) or appendix (A.4, "
                      "B.4)"),
                   {{"name", supervision.error().name}}));
}

// "rapid (A.1: more than 10 and less than 60 minutes for 60 moves)"
std::string type_with_rule(core::GameType type) {
  switch (type) {
    case core::GameType::Blitz:
      // TRANSLATORS: blitz, rapid, standard: the values game.type takes: keep them.
      return i18n::tr("blitz (B.1: 10 minutes or less for 60 moves)");
    case core::GameType::Rapid:
      return i18n::tr("rapid (A.1: more than 10 and less than 60 minutes for 60 moves)");
    case core::GameType::Standard:
      break;
  }
  return i18n::tr("standard (60 minutes or more for 60 moves, A.1)");
}

// Voice input with the profile's words (docs/voice.md): its grammar (the command words told
// apart, the words in Latin letters) and every word's pronunciation from eSpeak NG, as the
// station makes them when voice input starts; "" when they can be made.
std::string voice_input_problem(const speech::Vocabulary& vocabulary) {
  auto synth = speech::EspeakSynthesizer::create();
  if (!synth) return synth.error().message;
  auto dictionary =
      speech::pronunciations_for(vocabulary, [&](std::string_view text, std::string_view voice) {
        return (*synth)->phonemes(text, voice);
      });
  return dictionary ? std::string() : dictionary.error().message;
}

}  // namespace

std::vector<std::string> game_notes(const config::StationConfig& config) {
  using i18n::format;
  using i18n::tr;
  std::vector<std::string> notes;
  const auto note = [&](const std::string& key, const std::string& what) {
    notes.push_back(config.source.where(key) + key + ": " + what);
  };
  // A.5, B.5: the event may decide the type; the station applies the type given, and says so.
  const auto type = core::parse_game_type(config.game.type);
  const auto control = core::read_time_control(config.game.time_control);
  if (config.game.type != "auto" && type && control)
    if (auto by_control = core::game_type_of(*control); by_control && *by_control != *type)
      note("game.type",
           format(tr("the time control \"{control}\" makes the game {by_control}, not {type}; "
                     "the station applies the {type} rules, as the event may decide (A.5, B.5): "
                     "check that this is meant"),
                  {{"control", config.game.time_control},
                   {"by_control", type_with_rule(*by_control)},
                   {"type", std::string(core::game_type_name(*type))}}));
  // Guidelines II.2: a start_fen that is no Chess960 start array is the start; the number is not
  // used (an array other than the number's is refused: game_problems).
  if (config.game.chess960 >= 0 && !config.game.start_fen.empty())
    if (auto pos = core::Position::from_fen(config.game.start_fen, core::Variant::Chess960);
        pos && !core::chess960_number(*pos))
      note("game.chess960",
           format(tr("start position {n} is not used: the game starts from game.start_fen, read "
                     "as Chess960 (Guidelines II.2)"),
                  {{"n", std::to_string(config.game.chess960)}}));
  return notes;
}

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
  game_problems(config, problem);
  if (auto vocabulary = speech::Vocabulary::load(config.speech.profile); !vocabulary) {
    problem("speech.profile", vocabulary.error().message);
  } else {
    // One key at a time, so that every unknown word is named with its line.
    bool words_known = true;
    for (const auto& [key, word] : config.speech.words) {
      speech::Vocabulary trial = *vocabulary;
      if (auto overridden = trial.apply_overrides({{key, word}}); !overridden) {
        problem("speech.words." + key, overridden.error().message);
        words_known = false;
      }
    }
    if (!config.voice.input.empty() && words_known &&
        vocabulary->apply_overrides(config.speech.words))
      if (auto heard = voice_input_problem(*vocabulary); !heard.empty())
        problem("voice.input", heard);
  }
  if (auto table = braille_table_path(scoresheet_table(config)); !table)
    problem("record.braille_table", table.error().message);
  return problems;
}

}  // namespace annabella::app
