// The braille display's keys (tactile/braille_keys.h) as the player's intentions: a key of his
// menu (app/player_menu.h), a typed command for the station (app/station_commands.h), or a
// change of what the display shows (tactile/braille_view.h). D.2.11: with these the VI player
// reaches what is his without an assistant.
//
//   BRLTTY command          annabella
//   PREFMENU (menu key)     open the menu; in the menu: close it
//   LNDN / LNUP             next / previous menu line (closed: opens the menu)
//   ROUTE (any cell)        select the menu line shown
//   RETURN                  confirm what the menu asks (nothing typed); ends a typed entry
//   ESCAPE, BACKSPACE       back up one level (nothing typed); BACKSPACE erases a typed cell
//   TOP                     the menu line again (repeat)
//   HOME                    close the menu, show the clock
//   BOT                     show the last moves announced (D.2.1)
//   FWINLT / FWINRT         the previous / next part of a long line
//   PRDIFLN / NXDIFLN       back / forward through the last private lines (past the newest:
//                           the clock line)
//   dots, characters        type a square, a move or a number; RETURN enters it
//
// A typed entry becomes: digits or one letter -> an answer to the station's question ("2",
// "Q"); a square or a reading ("e4", "r4", "fe", "knights", "white", "all") -> a board reading;
// "captured" -> the captured pieces; anything else -> a move (read against the position by the
// station, D.2.1). Keys with no use here are reported.
#pragma once

#include <optional>
#include <string>

#include "app/player_menu.h"
#include "app/station_commands.h"
#include "tactile/braille_keys.h"

namespace annabella::app {

// What a key changes on the display itself.
enum class BrailleViewChange : unsigned char {
  None,
  PanLeft,
  PanRight,
  Clock,
  Moves,
  HistoryBack,     // an older private line (tactile::BrailleView::history_back)
  HistoryForward,  // a newer one; past the newest, the clock line
};

struct BrailleKeyAction {
  std::optional<MenuKey> menu;     // a key for the player's menu
  std::optional<Command> command;  // a typed entry for the station (InputSource BrailleKeys)
  BrailleViewChange view = BrailleViewChange::None;
  // What to show on the braille display's reading line while typing ("> Sf"), or "" .
  std::string typing;
  // For the log: the key and what it did, or why it did nothing ("braille key FREEZE: not
  // used").
  std::string note;
};

class BrailleKeyMap {
 public:
  // `menu_open`: whether the player's menu is open now.
  [[nodiscard]] BrailleKeyAction press(const tactile::BrailleKey& key, bool menu_open);

 private:
  BrailleKeyAction navigation(const tactile::BrailleKey& key, bool menu_open) const;
  tactile::DotEntry entry_;
};

// A typed entry as a command (see the table above).
[[nodiscard]] Command typed_command(const std::string& text);
// The text typed for a command typed_command made (an answer, a reading, a move), or nothing.
[[nodiscard]] std::optional<std::string> typed_text(const Command& command);

}  // namespace annabella::app
