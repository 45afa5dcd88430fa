// Wording of the FEN reader's faults (core/position.h, Position::FenError) and of a board that
// does not read (core/placement.h, PlacementError), in the language of the messages (app/i18n.h).
#pragma once

#include <string>

#include "core/placement.h"
#include "core/position.h"

namespace annabella::app::text {

// "FEN column 19: '9' is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8", "White has 2
// kings; there must be exactly one".
[[nodiscard]] std::string fen_error(const core::Position::FenError& error);
// "piece list: \"Zg1\": \"Z\" is no piece letter in English", "board \"8/8/...\": White has 0
// kings; there must be exactly one".
[[nodiscard]] std::string placement_error(const core::PlacementError& error);
// "Chess960 start positions are numbered 0 to 959, not 960" (Guidelines II.2).
[[nodiscard]] std::string chess960_number_error(int number);

}  // namespace annabella::app::text
