// What a player may ask for at any time, answered privately (his earpiece) and on the console:
// the times and the moves completed (D.2.6, D.2.10.4), the last move again (D.2.1), the game so
// far, the board as a sighted player sees it, the pieces taken, the station's status. Nothing
// the Laws forbid (Art. 11.3): no legal moves, no attacked squares, no hints.
#pragma once

#include <string>

#include "app/station_state.h"

namespace annabella::app::requests {

void say_time(StationState& s, TimePoint time);
void repeat_last_move(StationState& s, TimePoint time);
// The whole game, or its last `last_moves` moves (0: all).
void read_game(StationState& s, TimePoint time, int last_moves);
void read_board(StationState& s, TimePoint time, const std::string& query);
void read_captured(StationState& s, TimePoint time);
void status(StationState& s, TimePoint time);

}  // namespace annabella::app::requests
