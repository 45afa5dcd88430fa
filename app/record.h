// On `play --resume` the journal's header defines the game, not the configuration given now.
#pragma once

#include <string>
#include <vector>

#include "app/journal_records.h"
#include "config/config.h"
#include "core/game_type.h"

namespace annabella::app {

// Copies the recorded header's time control, start position, player names, the visually
// impaired player's colour and the event into `config`. Returns one warning for each value the
// configuration said differently ("config says game.time_control "X", the journal says "Y": the
// journal's is used").
[[nodiscard]] std::vector<std::string> adopt_recorded_header(const RecordHeader& header,
                                                             config::StationConfig& config);

// The start position's FEN the configuration asks for: game.start_fen, else Chess960 start
// position game.chess960 (Guidelines II.2), else "" (the standard position).
[[nodiscard]] std::string configured_start_fen(const config::GameSettings& game);

// The rules of the game's type for the game `header` records (core/game_type.h): game.type, or
// the type its time control gives (A.1, B.1; standard when the control gives none, as an
// hourglass), with the supervision the event chose (A.5, B.5).
[[nodiscard]] core::GameTypeRules game_rules(const RecordHeader& header);

}  // namespace annabella::app
