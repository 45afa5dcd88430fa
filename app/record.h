// On `play --resume` the journal's header defines the game, not the configuration given now.
#pragma once

#include <string>
#include <vector>

#include "app/journal_records.h"
#include "config/config.h"

namespace annabella::app {

// Copies the recorded header's time control, start position, player names, the visually
// impaired player's colour and the event into `config`. Returns one warning for each value the
// configuration said differently ("config says game.time_control "X", the journal says "Y": the
// journal's is used").
[[nodiscard]] std::vector<std::string> adopt_recorded_header(const RecordHeader& header,
                                                             config::StationConfig& config);

}  // namespace annabella::app
