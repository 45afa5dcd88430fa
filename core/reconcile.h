// D.2.9 reconciliation: two boards disagree, the arbiter consults both scoresheets.
//
// "If different positions arise on the two boards, they are corrected with the arbiter's help by
// consulting both players' scoresheets. If the two scoresheets agree, the player who has written
// the correct move but made a different one on his board must adjust his position to match the
// scoresheets. If the scoresheets differ, the moves are retraced to the point where the two
// scoresheets agree, and the arbiter readjusts the clocks accordingly." (FIDE Laws, D.2.9)
//
// reconcile() does that procedure on data: it reads both sheets leniently (any supported
// language, handwriting slips, missing check signs: notation differences are not disagreements),
// finds where they part and aligns what follows (runs of moves left out or extra, moves written
// twice, one side's moves only, swapped moves; or says that nothing explains it), decides which
// procedure applies (D.2.9 only when the two boards show different positions; when they show the
// same one, only the sheets are corrected, Art. 8.1), the position both boards must show, the
// fewest correction steps for each board, how to correct a wrong sheet, where each board stands
// relative to each sheet, the move at which a board went wrong and the clock times to set.
// Everything is typed data: app/reconcile_text.h words it for the arbiter, app/reconcile_report.h
// writes JSON and HTML.
//
// The parts, one file pair each: clock_log (clock times per ply), placement (reading a board),
// sheet_reading (reading a sheet), sheet_alignment (aligning two sheets), divergence (the kinds of
// difference), sheet_edits (how to correct a sheet), board_check (a board against a record;
// check_board() is the live form used by the station when a board settles).
//
// Board "A" is player A's board and sheet "A" his scoresheet; player A plays `color_a`.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/board_check.h"
#include "core/clock.h"
#include "core/clock_log.h"
#include "core/correction.h"
#include "core/divergence.h"
#include "core/placement.h"
#include "core/position.h"
#include "core/sheet_alignment.h"
#include "core/sheet_edits.h"
#include "core/sheet_reading.h"

namespace annabella::core {

struct ReconcileInput {
  Position start;                       // the game's start position (the initial one by default)
  std::array<PhysicalBoard, 2> boards;  // [0] board A, [1] board B
  std::array<WrittenSheet, 2> sheets;   // [0] sheet A (player A's), [1] sheet B
  Color color_a = WHITE;                // the colour player A plays; player B has the other
  std::optional<std::vector<ClockPly>> clock_log;  // absent: the arbiter decides the times
  std::vector<ClockChange> clock_changes;          // the log's changes between moves, in order
};

// Where one board stands relative to one sheet ("board B matches sheet B after move 23").
struct BoardStanding {
  int board = 0;
  int sheet = 0;
  std::optional<std::size_t> matches_after;  // latest ply count whose position the board shows
  std::size_t nearest_after = 0;             // else the nearest point of the sheet ...
  int squares_off = 0;                       // ... and how many squares differ there
};

// Which rule applies. D.2.9 starts "if different positions arise on the two boards": only then
// are boards corrected or moves retraced.
enum class Procedure : unsigned char {
  NothingToCorrect,   // the boards show the same position, the one the sheets lead to
  CorrectSheets,      // the boards show the same position; a sheet does not lead to it (or both
                      // are behind it): the sheet is corrected (Art. 8.1); nothing on the boards,
                      // no clock change
  AdjustBoards,       // D.2.9: the boards differ and the sheets agree (or differ only by moves
                      // written twice: `right_sheet` is the one without, the other's copies are
                      // struck out, Art. 8.1): each board that differs is adjusted to the sheets'
                      // position
  Retrace,            // D.2.9: the boards differ and so do the sheets: the moves are retraced to
                      // where the sheets agree and the clocks readjusted
  BoardsUnexplained,  // the boards show the same position, which neither sheet leads to: the
                      // arbiter decides; nothing is ordered
};

// What the board log says besides the wrong move.
enum class LogFinding : unsigned char {
  None,
  IllegalMove,  // the log has a move that is illegal where it stands
  Displaced,    // the board does not show the position its own log leads to (pieces displaced)
  EndsEarly,    // the log agrees with the moves as far as it goes but stops before them, and the
                // board does not show where it stops: it says nothing of the later moves
};

struct BoardCorrection {
  int board = 0;
  std::vector<CorrectionStep> steps;  // fewest steps to the position the board must show
  std::optional<WrongMove> went_wrong;
  // The board shows the sheets' last position with these one or two moves more (written on
  // neither sheet: the sheets may be behind the board, Art. 8.1), in SAN; inferred from the
  // placement when the sheets agree (or one is only behind) and no wrong move explains it.
  std::vector<Move> ahead;
  std::vector<std::string> ahead_san;
  LogFinding log = LogFinding::None;
  std::size_t logged = 0;  // the plies in the board log (EndsEarly: where it stops)
  [[nodiscard]] bool needed() const { return !steps.empty(); }
};

// D.2.9: "the arbiter readjusts the clocks accordingly".
struct ClockProposal {
  enum class Basis : unsigned char {
    NotRetraced,  // no moves are retraced: the clocks are not readjusted
    NoLog,        // no clock log: the arbiter decides the times
    NoReading,    // the clock log has no reading at or before `ply`: the arbiter decides
    AtPoint,      // `reading` is the log's reading at `ply`
    Earlier,      // `reading` is the nearest earlier reading
  };
  bool readjust = false;            // only when moves are retraced
  std::size_t ply = 0;              // the point the clocks go back to
  std::optional<ClockPly> reading;  // the times then, from the clock log, with `applied`
  Basis basis = Basis::NotRetraced;
  // The clock changes recorded from the reading's ply up to the point (before the next move):
  // the last state of the clocks there. `applied` had their times recorded and are in `reading`;
  // `unapplied` had not (a PGN comment): the arbiter decides. `later`: recorded after the point,
  // undone with the moves retraced unless the arbiter decides otherwise.
  std::vector<ClockChange> applied, unapplied, later;
};

struct Reconciliation {
  Position start;
  Color color_a = WHITE;
  std::array<Position, 2> boards;  // the placements as found
  std::array<SheetReading, 2> sheets;
  bool sheets_agree = false;
  std::size_t agreed_plies = 0;  // plies both sheets agree on from the start
  Position agreed_position;      // the position after them
  std::size_t target_plies = 0;  // the point of the game the boards must show ...
  Position target;               // ... and its position (both boards are set to it)
  bool boards_agree = false;     // both boards show the same placement (D.2.9 does not apply)
  Procedure procedure = Procedure::NothingToCorrect;
  int right_sheet = -1;  // CorrectSheets: the sheet whose moves lead to the boards' position
                         // (-1: both do, or both are behind it); AdjustBoards: the sheet
                         // without copies
  std::array<std::vector<SheetEdit>, 2> sheet_edits;  // CorrectSheets, AdjustBoards: how to
                                                      // correct each sheet
  Divergence divergence;
  std::array<std::vector<std::size_t>, 2> retraced;  // per sheet: plies taken back (indices)
  std::array<BoardCorrection, 2> corrections;
  std::vector<BoardStanding> standings;  // board A/sheet A, A/B, B/A, B/B
  ClockProposal clock;
};

// The D.2.9 procedure on the inputs.
[[nodiscard]] Reconciliation reconcile(const ReconcileInput& input);

// Whether moves are retraced (D.2.9's second case).
[[nodiscard]] inline bool retracing(const Reconciliation& r) {
  return !r.retraced[0].empty() || !r.retraced[1].empty();
}

}  // namespace annabella::core
