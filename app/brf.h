// Braille Ready Format (BRF) through liblouis: the VI player's braille scoresheet, for an
// embosser or a braille notetaker. Text is translated with a liblouis table chosen in the
// configuration (record.braille_table, e.g. "en-us-g1.ctb", "de-g0.utb", "de-chess.ctb"), then
// written in North American ASCII braille (the BRF convention: one ASCII character a cell), 40
// cells a line and 25 lines a page, pages separated by a form feed.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace annabella::app {

struct BrfLayout {
  int cells_per_line = 40;
  int lines_per_page = 25;
};

// Translates each line and lays the result out as BRF (lines too long are wrapped at a blank
// where possible). The error names the table when liblouis cannot load it.
Result<std::string> to_brf(const std::vector<std::string>& lines, std::string_view table,
                           BrfLayout layout = {});

// The table liblouis ships under `name` (record.braille_table), as a path in liblouis's table
// folder: a name with a folder in it, or one liblouis does not ship, is refused with a message
// saying how to find the valid names, so the configuration never makes the station read another
// file (issue 11, section 5).
Result<std::string> braille_table_path(std::string_view name);

// One Unicode braille cell (U+2800..U+283F, six dots) as its ASCII braille character.
char ascii_braille(char32_t cell);

}  // namespace annabella::app
