// The checks of a configuration that need the station's parts (the vocabulary, liblouis), after
// the reader's own (config/config.h): what `annabella config check` reports and what
// `annabella play` refuses are the same (issue 11, section 9).
#pragma once

#include <string>
#include <vector>

#include "config/config.h"

namespace annabella::app {

// Every problem, one a line, "board.toml:12: speech.words.file_x: ...": the vocabulary profile
// loads, each [speech.words] key is a word of it, the braille table is one liblouis ships.
[[nodiscard]] std::vector<std::string> station_problems(const config::StationConfig& config);

}  // namespace annabella::app
