// How a game ended and why a game refused a move or an end (core/game.h gives the kinds and
// facts), worded for people in the language of the messages (app/i18n.h), and in English as the
// records keep it (the journal's end line, the PGN's last comment, the clock log).
#pragma once

#include <string>

#include "core/game.h"

namespace annabella::app::text {

// Why the game ended ("White is checkmated"), in the language of the messages; a reason worded
// outside the core (the arbiter's own words) is translated when it is one of the station's and
// shown as it is otherwise.
[[nodiscard]] std::string end_reason(const core::GameEnd& end);
// The same in English, as the records keep it: the reason as recorded when there is one, else
// the kind's own words ("White is checkmated"). Journals keep these words: they never change.
[[nodiscard]] std::string end_reason_record(const core::GameEnd& end);
// The facts the recorded English words of an end's kind stand for (the side, a threefold claim
// with the intended move), set in `end` when `end.reason` is one of them; a journal's end line
// read back (app/journal_records.cpp).
void read_end_reason(core::GameEnd& end);
// Why the game refused a move or an end: "the game is already over (White resigns, Art.
// 5.1.2)", "the move e2e5 is not legal in this position (Art. 3)".
[[nodiscard]] std::string game_error(const core::GameError& error);

}  // namespace annabella::app::text
