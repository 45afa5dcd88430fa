// How two scoresheets differ after the point where they part (D.2.9): the kind of each
// difference, the sheet it is on, where the sheets agree again, and the sheets aligned row by row.
// The board logs, the boards' positions and which sheet reads through decide between "left out
// of one" and "extra on the other". Typed results only: app/reconcile_text.h words them.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/placement.h"
#include "core/sheet_alignment.h"
#include "core/sheet_reading.h"

namespace annabella::core {

// The kinds of difference D.2.9 has the arbiter look for between the two sheets.
enum class DifferenceKind : unsigned char {
  None,            // the sheets agree
  SheetBehind,     // one sheet simply has fewer moves; what it has agrees with the other
  MoveLeftOut,     // one sheet lacks a ply (or a move pair) the other has, or left its cell blank
  ExtraMove,       // one sheet has a ply (or a move pair) that was not played
  MovesSwapped,    // one side's two consecutive moves written in the opposite order
  IllegalMove,     // a written move that is illegal (or ambiguous) at that point
  UnreadableMove,  // a written move that is not a move at all
  DifferentMove,   // both legal, simply different moves
  DuplicateMove,   // one sheet has a move (or a move pair) written twice in a row
  OwnMovesOnly,    // one sheet has only one side's moves for a stretch (every other ply missing)
  Unexplained,     // too many differences, or several explanations fit: nothing is guessed
};

// What, outside the two sheets, sides with one of them where one has plies the other lacks.
struct Evidence {
  enum class Source : unsigned char {
    None,           // nothing decides
    BoardLog,       // board `board`'s log shows `san` (sheet `sheet`'s move) was played
    BoardPosition,  // board `board` shows the position sheet `sheet`'s moves lead to
    ReadsThrough,   // only sheet `sheet` reads through to its end
  };
  Source source = Source::None;
  int sheet = -1;
  int board = -1;
  std::string san;
};

// One written move in a finding of different, illegal, unreadable or blank moves: where it
// stands and what each sheet has there.
struct FindingPly {
  PlyProblem problem = PlyProblem::None;  // None: a legal move, just a different one
  std::size_t ply = 0;                    // on the reference sheet
  std::size_t cell = 0;                   // the other sheet's written move
  std::array<std::string, 2> san;         // DifferentMove: each sheet's move there (SAN)
  std::optional<MoveReadError> reason;    // why the written move does not read there (read_move)
  Evidence evidence;  // DifferentMove: a board log that shows one of them was played
};

// One difference the alignment of the two sheets finds after the point where they part. Plies
// are counted on the reference sheet (the one the other is aligned to, Divergence::reference),
// i.e. in the numbering of the game as that sheet has it.
struct SheetFinding {
  DifferenceKind kind = DifferenceKind::None;
  int sheet = -1;         // the sheet it is on (lacking the moves, holding the extra ones, the
                          // wrongly ordered or illegal one); -1 = both / undecided
  std::size_t ply = 0;    // where it starts, on the reference sheet
  std::size_t count = 0;  // plies left out, extra, written twice, behind, or missing (own moves)
  // The sheet that has the plies in question (left out of the other, extra, written twice, the
  // longer one) and its first written move there.
  int has = -1;
  std::size_t cell = 0;
  Evidence evidence;                 // MoveLeftOut / ExtraMove: what decided which
  std::vector<FindingPly> plies;     // DifferentMove / IllegalMove / UnreadableMove / a blank cell
  bool same_position_after = false;  // MovesSwapped: both orders reach the same position
  // MovesSwapped: why sheet `has`'s order cannot have been played (read_move), when it cannot.
  std::optional<MoveReadError> unplayable;
  bool ambiguous = false;  // Unexplained: several explanations fit (else: beyond the bounds)
  // The written moves of sheet A and sheet B from which the sheets agree again after it (the
  // first of each that stands for the same move), when they do.
  std::optional<std::array<std::size_t, 2>> agree_again;
};

// One row of the two sheets aligned after the point where they part: the written move of each
// sheet that stands in it (indices into SheetReading::plies) and how they relate.
struct AlignedRow {
  enum class Status : unsigned char {
    Agree,         // the same move on both sheets
    OneSheetOnly,  // a move only one sheet has (left out of the other, extra, written twice)
    Swapped,       // one of two moves written in the opposite order
    Different,     // different moves, or a move that does not read, in the same place
    Behind,        // after the end of the other sheet
    NotCompared,   // past what the alignment could explain, or past a move that does not read
  };
  Status status = Status::Agree;
  std::array<std::optional<std::size_t>, 2> ply;  // sheet A's, sheet B's written move, if any
  int finding = -1;  // index into Divergence::findings of the difference the row belongs to
};

struct Divergence {
  DifferenceKind kind = DifferenceKind::None;
  std::size_t ply = 0;    // the first ply at which the sheets part (= plies both agree on)
  int sheet = -1;         // the sheet the difference is on: 0 = A, 1 = B, -1 = both / undecided
  std::size_t count = 0;  // plies left out, extra, or behind
  std::optional<std::size_t> rejoin_after;  // the sheets show the same position again after
                                            // this many plies (swapped moves)
  // The alignment of the sheets from `ply` on (D.2.9: what follows the last agreement, for the
  // arbiter's information; the retrace point stays `ply`). `reference` is the sheet the other
  // is aligned to (the one that reads furthest); `findings` every difference in order, the first
  // of which gives `kind`, `sheet` and `count`; `agree_again` the written moves of sheet A and
  // sheet B from which the sheets agree to the end of the shorter one, when they do.
  int reference = 0;
  std::vector<SheetFinding> findings;
  std::vector<AlignedRow> alignment;
  std::optional<std::array<std::size_t, 2>> agree_again;
  // The reference sheet does not read from this ply on: what follows is not compared.
  std::optional<std::size_t> unread_from;
};

// Classifies how the sheets differ from ply `p` on, where they part (p < both sheets' lengths,
// or one sheet ends at p). `boards` (their placements and logs) decide between left out and extra.
[[nodiscard]] Divergence classify_divergence(const std::array<SheetReading, 2>& sheets,
                                             const std::array<PhysicalBoard, 2>& boards,
                                             std::size_t p);

}  // namespace annabella::core
