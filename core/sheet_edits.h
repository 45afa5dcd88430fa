// How to correct a scoresheet that does not lead to the position both boards show (Art. 8.1:
// "each player is required to record ... in the correct manner"): the cells to write in, strike
// out or replace so that the sheet has the right sheet's moves.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <vector>

#include "core/divergence.h"
#include "core/position.h"
#include "core/sheet_reading.h"

namespace annabella::core {

struct SheetEdit {
  enum class Kind : unsigned char {
    Write,  // write `san` in, before written move `cell` (cell == the written moves: at the end)
    StrikeOut,    // strike written move `cell` out
    Replace,      // write `san` in place of written move `cell`
    RewriteFrom,  // strike out written move `cell` and all after it, and write the right sheet's
                  // moves from ply `ply` on instead (when nothing smaller explains the sheets)
  };
  Kind kind = Kind::Write;
  std::size_t cell = 0;   // the wrong sheet's written move (index into SheetReading::plies)
  std::size_t ply = 0;    // Write, Replace: the ply of the game the move belongs to
  Move move;              // Write, Replace: the move
  std::string san;        // ... in canonical English SAN
  std::string sheet_san;  // ... in the sheet's own letters (SheetReading::letters)

  friend bool operator==(const SheetEdit&, const SheetEdit&) = default;
};

// The edits that give sheet `wrong` the moves of sheet `right` (which reads through), followed by
// `ahead` (moves played after the right sheet's last one, on neither sheet). The sheets agree on
// their first `p` plies; `d` is how they differ (its rows are used when it is aligned to the right
// sheet). Where an alignment explains the sheets, only the cells that differ are touched;
// otherwise one RewriteFrom edit says that everything from ply p on is written again.
[[nodiscard]] std::vector<SheetEdit> sheet_edits(const std::array<SheetReading, 2>& sheets,
                                                 const Divergence& d, int wrong, int right,
                                                 std::size_t p, const std::vector<Move>& ahead);

// `ahead` written at the end of a sheet that reads through (the sheet is behind the boards).
[[nodiscard]] std::vector<SheetEdit> edits_for_ahead(const SheetReading& sheet,
                                                     const std::vector<Move>& ahead);

// Sheet `sheet`'s written moves with the edits made (what the player's corrected sheet shows; a
// RewriteFrom copies the other sheet's moves, in this sheet's letters).
[[nodiscard]] std::vector<std::string> edited(const std::array<SheetReading, 2>& sheets, int sheet,
                                              const std::vector<SheetEdit>& edits);

}  // namespace annabella::core
