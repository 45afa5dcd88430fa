#include "core/game_type.h"

#include <string>

namespace annabella::core {

std::optional<std::chrono::milliseconds> time_for_sixty_moves(const TimeControl& control) {
  if (control.kind != TimeControl::Kind::Periods || control.periods.empty()) return std::nullopt;
  constexpr int kMoves = 60;  // A.1, B.1: "the allotted time plus 60 times any increment"
  std::chrono::milliseconds total = control.periods.front().time;
  for (int move = 1; move <= kMoves; ++move) {
    total += control.period_of_move(move).increment;
    if (move < kMoves && control.completes_period(move))
      total += control.period_of_move(move + 1).time;
  }
  return total;
}

std::optional<GameType> game_type_of(const TimeControl& control) {
  const auto total = time_for_sixty_moves(control);
  if (!total) return std::nullopt;
  if (*total <= std::chrono::minutes(10)) return GameType::Blitz;  // B.1
  if (*total < std::chrono::minutes(60)) return GameType::Rapid;   // A.1
  return GameType::Standard;
}

std::chrono::minutes GameTypeRules::penalty() const {
  return type == GameType::Blitz ? std::chrono::minutes(1) : std::chrono::minutes(2);  // B.2
}

bool GameTypeRules::players_record() const {
  return type == GameType::Standard;  // A.2; B.4 applies A.2
}

bool GameTypeRules::competition_rules() const {
  return type == GameType::Standard || supervision == Supervision::Competition;
}

std::string_view GameTypeRules::defining_article() const {
  switch (type) {
    case GameType::Rapid:
      return "A.1";
    case GameType::Blitz:
      return "B.1";
    case GameType::Standard:
      break;
  }
  return "";
}

std::string_view GameTypeRules::supervision_article() const {
  const bool competition = supervision == Supervision::Competition;
  switch (type) {
    case GameType::Rapid:
      return competition ? "A.3" : "A.4";
    case GameType::Blitz:
      return competition ? "B.3" : "B.4";
    case GameType::Standard:
      break;
  }
  return "";
}

std::string_view game_type_name(GameType type) {
  switch (type) {
    case GameType::Rapid:
      return "rapid";
    case GameType::Blitz:
      return "blitz";
    case GameType::Standard:
      break;
  }
  return "standard";
}

Result<GameType, UnknownName> parse_game_type(std::string_view name) {
  for (const GameType type : {GameType::Standard, GameType::Rapid, GameType::Blitz})
    if (name == game_type_name(type)) return type;
  return fail_with(UnknownName{std::string(name)});
}

std::string_view supervision_name(Supervision supervision) {
  return supervision == Supervision::Competition ? "competition" : "appendix";
}

Result<Supervision, UnknownName> parse_supervision(std::string_view name) {
  for (const Supervision s : {Supervision::Competition, Supervision::Appendix})
    if (name == supervision_name(s)) return s;
  return fail_with(UnknownName{std::string(name)});
}

}  // namespace annabella::core
