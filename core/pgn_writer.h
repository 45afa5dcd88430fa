// PGN writing (export format, PGN standard section 8).
#pragma once

#include <string>

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
std::string write_pgn(const PgnGame& game, const PgnWriteOptions& options = {});

}  // namespace annabella::core
