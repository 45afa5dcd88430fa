// Aligning the two scoresheets after the point where they part (D.2.9)
//
// One sheet, the reference, gives the positions (the one read furthest: its moves are legal one
// after the other); the other sheet's written moves are aligned to its moves by a bounded edit
// distance. A written move matches a reference move when it means that move in the reference's
// position before it, so languages and notation slips do not count. Between matches a written
// move may be missing (Gap), extra (Extra), different or unreadable (Different), or three plies
// may have one side's moves in the opposite order (Swap). The alignment is done a window at a
// time: a window ends where the sheets run on together for kRunOn moves, and along a run of
// matches no window is needed, so a long game costs one move reading per ply.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/sheet_reading.h"

namespace annabella::core {

// The bounds of the alignment (D.2.9 reconciliation): a run of at most kMaxRunPlies plies left out
// of or extra on one sheet is recognised, and at most kMaxDifferences differences in all (each
// ply left out, extra or different, and each swap, counts one); beyond that, the report says the
// sheets cannot be explained rather than guess.
inline constexpr std::size_t kMaxRunPlies = 10;
inline constexpr int kMaxDifferences = 10;

enum class AlignOp : std::uint8_t { Match, Gap, Extra, Different, Swap };

// One step of an alignment. `other`: the other sheet's next written move; `ref`: the reference
// sheet's next ply. Match and Different take one of each, Gap a reference ply only, Extra a
// written move only, Swap three of each (the outer two exchanged).
struct AlignStep {
  AlignOp op = AlignOp::Match;
  std::size_t other = 0;
  std::size_t ref = 0;
};

struct Alignment {
  int reference = 0;
  std::vector<AlignStep> steps;            // from the point where the sheets part
  std::size_t other_end = 0, ref_end = 0;  // written moves / plies the steps cover
  int differences = 0;
  bool too_many = false;   // no alignment within kMaxRunPlies and kMaxDifferences
  bool ambiguous = false;  // several alignments explain the sheets equally well
  [[nodiscard]] bool explained() const { return !too_many && !ambiguous; }
};

// Aligns the other sheet's written moves to sheet `reference`'s moves from ply `p` (where the
// sheets part) on.
[[nodiscard]] Alignment align_sheets(const std::array<SheetReading, 2>& sheets, int reference,
                                     std::size_t p);

// The better of two alignments: the one that explains the sheets, then the one that compares
// more (its reference reads further), then the one with fewer differences; sheet A's first.
[[nodiscard]] bool better(const Alignment& x, const Alignment& y,
                          const std::array<SheetReading, 2>& sheets);

}  // namespace annabella::core
