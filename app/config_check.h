// The checks of a configuration that need the station's parts (the vocabulary, liblouis), after
// the reader's own (config/config.h): what `annabella config check` reports and what
// `annabella play` refuses are the same (issue 11, section 9).
#pragma once

#include <string>
#include <vector>

#include "config/config.h"

namespace annabella::app {

// Every problem, one a line, "board.toml:12: speech.words.file_x: ...": the time control reads
// as the clock reads it, the game type and the supervision are ones the Laws know (A.1, B.1, A.5,
// B.5), the vocabulary profile loads, each [speech.words] key is a word of it, the braille table
// is one liblouis ships. Worded in the language of the messages.
[[nodiscard]] std::vector<std::string> station_problems(const config::StationConfig& config);

// What the station will do that the file may not mean, not a problem, one a line: a game.type
// other than the one its time control gives (A.1, B.1; the event may decide it, A.5, B.5: the
// type given is applied), a game.chess960 number not used beside a start_fen that is no Chess960
// start array (Guidelines II.2). `annabella config check` prints them after its "ok"; `play`
// prints them before it starts.
[[nodiscard]] std::vector<std::string> game_notes(const config::StationConfig& config);

// What the station will do, not a problem: each name on the braille scoresheet (white.name,
// black.name, event.name) with letters its table has no braille for, one a line,
// "board.toml:3: white.name: ...", saying how the scoresheet writes it (app/brf.h,
// braille_fallbacks: another liblouis table for the name's script, or Unicode code points).
// `annabella config check` prints them after its "ok"; the station says them once, when it
// first writes the scoresheet (D.2.7).
[[nodiscard]] std::vector<std::string> scoresheet_name_notes(const config::StationConfig& config);

}  // namespace annabella::app
