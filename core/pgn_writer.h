// PGN writing (export format, PGN standard section 8).
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"
#include "core/pgn_game.h"

namespace annabella::core {

struct PgnWriteOptions {
  bool comments = true;
  bool variations = true;
  bool nags = true;
  bool clocks = true;  // [%clk] / [%emt] in comments
};

// The game in export format: the seven tag roster first (Event, Site, Date, Round, White,
// Black, Result, "?" / "????.??.??" when unknown), then the other tags sorted by name, SetUp and
// FEN added when the start position is not the initial one; a blank line; the movetext in
// canonical SAN with move numbers, NAGs as $n, comments in braces, variations in parentheses,
// lines of at most 79 characters; the termination marker; a blank line.
[[nodiscard]] std::string write_pgn(const PgnGame& game, const PgnWriteOptions& options = {});

// The values of the PGN standard's Termination tag (section 9.8.1) a station can give.
enum class PgnTermination {
  Normal,           // "normal": ended by the rules on the board or by the players
  TimeForfeit,      // "time forfeit": a flag fell (Art. 6.9), even when it is drawn
  Adjudication,     // "adjudication": the arbiter decided the result
  RulesInfraction,  // "rules infraction": lost for breaking the Laws (Art. 7.5.5, 11.3.2, 12.9)
  Abandoned,        // "abandoned": a player did not go on (Art. 6.7 default, left the venue)
  Unterminated,     // "unterminated": the game has not ended (adjourned, or still going)
};

// How a game that ended as `termination` is given in the Termination tag: mate, stalemate, dead
// position, fivefold and threefold repetition, the 75 and 50 move rules, agreement and
// resignation are "normal"; a flag fall, and both flags fallen in the last period (Guidelines
// III.3.1.2), "time forfeit"; a second illegal move (Art. 7.5.5) "rules infraction"; an
// arbiter's decision (a claim upheld or decided, Guidelines III.5, III.6) "adjudication"; None
// (not ended) "unterminated". The reason in words (GameEnd::reason) belongs in a comment: the
// tag takes only the standard's values. Abandoned has no Termination of its own: a station game
// that stops without an end is adjourned or unterminated.
[[nodiscard]] PgnTermination pgn_termination(Termination termination);
// The tag value: "normal", "time forfeit", "adjudication", "rules infraction", "abandoned",
// "unterminated".
[[nodiscard]] std::string_view pgn_termination_value(PgnTermination termination);

}  // namespace annabella::core
