// The player's keys reaching his menu (app/player_menu.h) on the game thread: the pegboard's
// menu buttons (peg protocol version 2, docs/peg-protocol.md), the tactile clock's keys (version
// 2 holds, docs/tactile-clock-protocol.md) and any device that knows its MenuKey (braille keys).
// Each device reports its own keys (tactile/ knows nothing of the menu); this file gives them
// their meaning, asks the menu, says its line privately (earpiece, never the public speaker),
// hands the line to the braille display, and queues its command for the station with the key's
// InputSource, carried out on the same path as a console command.
#pragma once

#include <cstdint>
#include <optional>

#include "app/player_menu.h"
#include "app/station_state.h"
#include "tactile/board_input.h"
#include "tactile/tactile_clock.h"

namespace annabella::app {

// The menu key a pegboard button is; nullopt for the version 1 buttons.
[[nodiscard]] std::optional<MenuKey> menu_key_of(tactile::BoardButton button);

// What a tactile clock key means now. With the menu closed: QUERY tells the time (D.2.10.4),
// QUERY held opens the menu, PRESS is the clock button (noted only: the move is made by its
// announcement, D.2.3, D.2.4). With the menu open: QUERY is Next, PRESS is Select, QUERY held is
// Back, PRESS held is Confirm.
struct ClockKeyMeaning {
  std::optional<MenuKey> key;
  std::optional<Command> command;
};
[[nodiscard]] ClockKeyMeaning clock_key_meaning(tactile::tclk::Button button, bool menu_open);

// What the station's state allows the menu now.
[[nodiscard]] MenuContext menu_context(const StationState& s);

// What cancels an open question besides the menu's own keys (docs/players-guide.md,
// Confirming): his ANNOUNCE button, a piece lifted on his pegboard, a move made since it was
// asked (by either player).
enum class Withdrawal : std::uint8_t { Announce, PieceLifted, MoveMade };
// The question open in his menu cancelled by `cause`: said privately, named ("Aufgeben:
// abgebrochen"), shown on his braille display and printed. False when no question is open.
bool withdraw_question(StationState& s, Withdrawal cause, TimePoint time);

// One key pressed in the player's menu.
void press_menu_key(StationState& s, MenuKey key, InputSource source, TimePoint time);

// Art. 9.2.1.1, 9.3.1: the move the player intends for a draw claim, while his menu waits for it
// (PlayerMenu::awaiting_move()): `text` as he typed it on the braille display or said it (his
// profile's words, Appendix C letters, SAN or UCI). A legal move makes the menu ask, naming the
// move; anything else is said to be no move here and the menu waits on. False when the menu does
// not wait for a move (the text is then what it always was).
bool enter_intended_move(StationState& s, const std::string& text, InputSource source,
                         TimePoint time);
// The same for the move completed on his pegboard and not announced (D.2.3: not made).
bool enter_intended_move(StationState& s, core::Move move, InputSource source, TimePoint time);

// Art. 9.2, 9.3: a draw claim with the intended move started without the menu's keys (his voice
// command "Remis Reklamation"): the menu opens waiting for the move and says so; with `move`
// (said in the same breath) the menu asks at once, naming it. Only Confirm then claims; anything
// else cancels. False, with nothing said, when the claim is not offered now (not his move, the
// game over): the caller says why.
bool start_draw_claim(StationState& s, std::optional<core::Move> move, InputSource source,
                      TimePoint time);

// A question of his menu asked without its keys (his voice command "Remis", "Aufgabe"): the
// menu opens on `item` and asks privately, as after selecting it; only his Confirm key carries
// it out (a spoken "ja" cannot tell him from his opponent, Art. 5.1.2). False, with nothing
// said, when the item is not offered now.
bool start_question(StationState& s, speech::MenuItem item, InputSource source, TimePoint time);

}  // namespace annabella::app
