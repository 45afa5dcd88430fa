// Braille Ready Format (BRF) through liblouis: the VI player's braille scoresheet (D.2.7), for an
// embosser or a braille notetaker. Each line is translated with the liblouis table chosen in the
// configuration (record.braille_table; unified English braille "en-ueb-g1.ctb" by default,
// "de-g0.utb", "de-chess.ctb", ...) into braille cells, and the cells are written in North
// American ASCII braille as liblouis's own BRF display table (en-us-brf.dis) gives them: one
// ASCII character a cell. BRF holds six-dot cells only: a table that writes eight-dot cells
// (computer braille such as "de-de-comp8.ctb") is refused, never cut to six dots.
//
// The page: liblouis translates but does not lay out pages, so the layout is ours: the braille
// standard's (BANA) 40 cells a line and 25 lines a page by default, or the configured size
// (record.braille_cells_per_line, record.braille_lines_per_page), pages separated by a form feed,
// and the braille page number right-aligned on the last line of every page (numbered in the
// table's own numbers, "#A" for 1 in English braille).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace annabella::app {

// liblouis's North American ASCII braille display table: the characters of a BRF file.
inline constexpr std::string_view kBrfDisplayTable = "en-us-brf.dis";

struct BrfLayout {
  int cells_per_line = 40;
  int lines_per_page = 25;  // the last one holds the page number
  bool page_numbers = true;
};

// Translates each line and lays the result out as BRF (lines too long are wrapped at a blank
// cell where possible). The error names the table when liblouis cannot load it, and says so when
// it writes eight-dot cells.
[[nodiscard]] Result<std::string> to_brf(const std::vector<std::string>& lines,
                                         std::string_view table, BrfLayout layout = {});

// The table liblouis ships under `name` (record.braille_table), as a path in liblouis's table
// folder: a name with a folder in it, or one liblouis does not ship, is refused with a message
// saying how to find the valid names, so the configuration never makes the station read another
// file (issue 11, section 5).
[[nodiscard]] Result<std::string> braille_table_path(std::string_view name);

// A word the table has no braille for (a player's name in another script: "Иванов" under
// "de-g0.utb", "李" under any European table), and how to_brf() writes it:
// with liblouis's table for the word's script that has all its letters ("ru-litbrl.ctb" for
// Russian, "sr-g1.ctb" for Serbian Ј, "Pl-Pl-g1.utb" for Polish ż, "zhcn-g1.ctb" for Chinese),
// else with the one that has most, each letter none has written as its Unicode code point,
// "(U+0453)" (liblouis 3.24 has no Macedonian ѓ, ќ, ѕ). Never liblouis's own "\x0453" escape,
// whose cells have dots 7 and 8 and which a BRF scoresheet cannot hold.
struct BrailleFallback {
  std::string word;         // as the text has it
  std::string lacking;      // its letters the table has no braille for (UTF-8)
  std::string table;        // the table that writes the word instead; "" = the given one
  std::string code_points;  // its letters written as code points (UTF-8); "" = none
};
// A text and the liblouis table, by name ("de-g0.utb"), it is to be written with.
struct BrailleText {
  std::string_view text;
  std::string_view table;
};
// The words of the text its table lacks letters for, in order; none when it has them all. The
// error names a table liblouis cannot load.
[[nodiscard]] Result<std::vector<BrailleFallback>> braille_fallbacks(const BrailleText& braille);

// The text's braille cells through its table, one byte a cell (bit 0 = dot 1 ... bit 7 = dot 8),
// words the table lacks letters for written as braille_fallbacks() says: a line of the braille
// display in the player's language (issue 17). Eight-dot cells pass.
[[nodiscard]] Result<std::vector<unsigned char>> braille_dots(const BrailleText& braille);

}  // namespace annabella::app
