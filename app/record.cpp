#include "app/record.h"

#include "app/i18n.h"
#include "app/station_text.h"
#include "core/chess960.h"
#include "core/text.h"
#include "core/time_control.h"

namespace annabella::app {

std::string configured_start_fen(const config::GameSettings& game) {
  if (!game.start_fen.empty() || game.chess960 < 0) return game.start_fen;
  const auto start = core::chess960_start_position(game.chess960);  // Guidelines II.2
  return start ? start->fen() : game.start_fen;
}

std::vector<std::string> adopt_recorded_header(const RecordHeader& h,
                                               config::StationConfig& config) {
  std::vector<std::string> warnings;
  const auto adopt = [&](std::string_view key, auto& value, const auto& recorded,
                         const std::string& said, const std::string& recorded_text) {
    if (value == recorded) return;
    warnings.push_back(
        i18n::format(i18n::tr("config says {key} {said}, the journal says {recorded}: the "
                              "journal's is used"),
                     {{"key", std::string(key)}, {"said", said}, {"recorded", recorded_text}}));
    value = recorded;
  };
  const auto quoted = [](const std::string& text) {
    return "\"" + core::escape_controls(text) + "\"";
  };
  const auto adopt_text = [&](std::string_view key, std::string& value, const std::string& rec) {
    adopt(key, value, rec, quoted(value), quoted(rec));
  };
  // The same control may be written two ways ("40/5400+30:1800+30" and FIDE words).
  auto said_control = core::read_time_control(config.game.time_control);
  auto recorded_control = core::read_time_control(h.control, core::TwoReadings::Minutes);
  if (!(said_control && recorded_control && *said_control == *recorded_control))
    adopt_text("game.time_control", config.game.time_control, h.control);
  const bool said_chess960 = config.game.chess960 >= 0;
  if (configured_start_fen(config.game) != h.fen || said_chess960 != h.chess960)
    adopt_text("game.start_fen", config.game.start_fen, h.fen);
  if (said_chess960 != h.chess960)  // Guidelines II: with the journal's FEN, any number will do
    adopt("game.chess960", config.game.chess960, h.chess960 ? 0 : -1,
          std::to_string(config.game.chess960), h.chess960 ? "0" : "-1");
  if (!h.game_type.empty()) adopt_text("game.type", config.game.type, h.game_type);
  if (!h.supervision.empty())
    adopt_text("game.supervision", config.game.supervision, h.supervision);
  adopt("game.quickplay_guidelines", config.game.quickplay_guidelines, h.quickplay_guidelines,
        config.game.quickplay_guidelines ? "true" : "false",
        h.quickplay_guidelines ? "true" : "false");
  adopt("game.arbiter_present", config.game.arbiter_present, h.arbiter_present,
        config.game.arbiter_present ? "true" : "false", h.arbiter_present ? "true" : "false");
  adopt_text("white.name", config.white.name, h.white);
  adopt_text("black.name", config.black.name, h.black);
  // The same rule as the station's: Black is the VI player only when White is not.
  const core::Color vi =
      config.black.visually_impaired && !config.white.visually_impaired ? core::BLACK : core::WHITE;
  if (vi != h.visually_impaired) {
    warnings.push_back(i18n::format(
        i18n::tr(
            "config says the visually impaired player (white.visually_impaired, "
            "black.visually_impaired) is {said}, the journal says {recorded}: the journal's is "
            "used"),
        {{"said", text::side(vi)}, {"recorded", text::side(h.visually_impaired)}}));
    config.white.visually_impaired = h.visually_impaired == core::WHITE;
    config.black.visually_impaired = h.visually_impaired == core::BLACK;
  }
  adopt_text("event.name", config.event.name, h.event);
  adopt_text("event.site", config.event.site, h.site);
  adopt_text("event.round", config.event.round, h.round);
  // An empty date means "the day the game starts" (docs/configuration.md): the journal's is
  // that day, taken without a word.
  if (config.event.date.empty())
    config.event.date = h.date;
  else
    adopt_text("event.date", config.event.date, h.date);
  adopt("event.board", config.event.board, h.board, std::to_string(config.event.board),
        std::to_string(h.board));
  return warnings;
}

core::GameTypeRules game_rules(const RecordHeader& header) {
  core::GameTypeRules rules;
  if (auto type = core::parse_game_type(header.game_type)) {
    rules.type = *type;
  } else if (auto control = core::read_time_control(header.control, core::TwoReadings::Minutes)) {
    rules.type = core::game_type_of(*control).value_or(core::GameType::Standard);
  }
  if (auto supervision = core::parse_supervision(header.supervision))
    rules.supervision = *supervision;
  return rules;
}

}  // namespace annabella::app
