// The configuration of a station for a game under a given time control: the set-up of the game
// type tests (issue 16, Appendices A and B, Guidelines III).
#pragma once

#include <string>

#include "config/config.h"

namespace annabella::testing {

// What a test sets besides the time control; an empty text keeps the configuration's default.
struct GameSettings {
  std::string type;             // game.type ("auto" by default: A.1, B.1)
  std::string supervision;      // game.supervision (A.5, B.5)
  bool arbiter_present = true;  // game.arbiter_present (Guidelines III.6)
};

inline config::StationConfig game_config(const std::string& control,
                                         const GameSettings& settings = {}) {
  config::StationConfig config;
  config.game.time_control = control;
  if (!settings.type.empty()) config.game.type = settings.type;
  if (!settings.supervision.empty()) config.game.supervision = settings.supervision;
  config.game.arbiter_present = settings.arbiter_present;
  return config;
}

}  // namespace annabella::testing
