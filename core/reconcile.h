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
// twice, one side's moves only, swapped moves; or says that nothing explains it), the position both
// boards must show, the fewest correction steps for each board, where each board stands relative to
// each sheet, the move at which a board went wrong and the clock times to set. arbiter_text() says
// it in plain English in the order an arbiter acts; app/reconcile_report.h writes JSON and HTML.
//
// check_board() is the live form: given the game record and a settled board placement, it says
// whether the board shows the game, and if not, the first move at which it went wrong.
//
// Board "A" is player A's board and sheet "A" his scoresheet; player A plays `color_a`.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "core/correction.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/result.h"
#include "core/scoresheet.h"

namespace annabella::core {

// ---------------------------------------------------------------------------------------------
// Inputs

// A scoresheet as written (core/scoresheet.h: read_scoresheet reads move lists and PGN
// movetext), and its language when known; otherwise reading finds the language that explains the
// sheet (see read_sheet).
struct WrittenSheet {
  Scoresheet sheet;
  std::optional<PieceLetters> letters;
};

// The clock times after each ply (core/clock.h ClockPly: `ply` half-moves played from the start,
// 0 = before the first move; `remaining` by colour). From the station's clock (clock_plies) or
// from a file (parse_clock_log).
std::vector<ClockPly> clock_plies(const ChessClock& clock);
// A ClockPly with only the ply and both remaining times set.
ClockPly clock_ply(int ply, std::chrono::milliseconds white, std::chrono::milliseconds black);

// Reads the clock log text format: one line per ply, "ply white_ms black_ms" (three whole
// numbers separated by blanks), e.g. "46 1742000 1655000". Blank lines and lines starting with
// '#' are ignored. Plies must increase. The error names the line.
Result<std::vector<ClockPly>> parse_clock_log(std::string_view text);

// One physical board: what stands on it (only the placement matters) and, when the station kept
// it, the log of the moves that were actually played on it from the start position.
struct BoardInput {
  Position placement;
  std::optional<std::vector<Move>> log;
};

// Reads a board given as a full FEN, as the placement field alone ("rnbqkbnr/pppp..."), or as a
// piece list in a scoresheet language: "White: Kg1 Qd1 Ra1 a2 b2; Black: Kg8 Rf8 g7" (German
// "Weiß: Kg1 Dd1 Ta1; Schwarz: Kg8", letters in `letters`; groups separated by ';' or a new line,
// pawns without a letter). Side to move, castling and counters do not matter for a board; when
// no full FEN is given, either side to move is tried so that a board with a king in check reads.
Result<Position> read_placement(std::string_view text,
                                const PieceLetters& letters = english_letters());
// A board as its sensors see it (64 squares, a1 = index 0, e.g. tactile::Pegboard::board()),
// with the same rule for the side to move.
Result<Position> read_placement(const std::array<Piece, 64>& squares);

struct ReconcileInput {
  Position start;                      // the game's start position (the initial one by default)
  std::array<BoardInput, 2> boards;    // [0] board A, [1] board B
  std::array<WrittenSheet, 2> sheets;  // [0] sheet A (player A's), [1] sheet B
  Color color_a = WHITE;               // the colour player A plays; player B has the other
  std::optional<std::vector<ClockPly>> clock_log;  // absent: the arbiter decides the times
};

// ---------------------------------------------------------------------------------------------
// Findings

// One written move of a sheet, as read at its point of the game.
struct ReadPly {
  std::string written;       // the text as written
  std::optional<Move> move;  // the move it means, when it reads as a legal move there
  std::string san;           // that move in canonical English SAN ("" when not read)
  std::string problem;       // why it does not read; "" when read
  std::string note;          // read, but written in another cell ("written as move 3 ...")
  MoveReadError::Kind problem_kind = MoveReadError::Kind::NotAMove;
};

// A sheet replayed from the start position (replay_scoresheet), with the position before each
// ply. Reading stops at the first written move that does not read; the later ones are kept
// (unread) so the report can show them.
struct SheetReading {
  PieceLetters letters;             // the language the sheet was read in
  std::string language_note;        // how the language was decided
  std::vector<ReadPly> plies;       // every written move
  std::size_t read_plies = 0;       // how many read, in order, from the start
  std::vector<Position> positions;  // positions[i] = before ply i; read_plies + 1 of them
  bool fully_read() const { return read_plies == plies.size(); }
  Move move(std::size_t ply) const { return *plies[ply].move; }  // ply < read_plies
};

// Reads a sheet. With no language given, the language detect_language() names is tried first,
// then English, then the other built-in tables; the first that reads every written move is kept,
// otherwise the one that reads furthest.
SheetReading read_sheet(const Position& start, const WrittenSheet& sheet);

// The kinds of difference D.2.9 has the arbiter look for between the two sheets.
enum class DifferenceKind {
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
std::string_view difference_name(DifferenceKind kind);  // "move left out", ...

// One difference the alignment of the two sheets finds after the point where they part. Plies
// are counted on the reference sheet (the one the other is aligned to, Divergence::reference),
// i.e. in the numbering of the game as that sheet has it.
struct SheetFinding {
  DifferenceKind kind = DifferenceKind::None;
  int sheet = -1;         // the sheet it is on (lacking the moves, holding the extra ones, the
                          // wrongly ordered or illegal one); -1 = both / undecided
  std::size_t ply = 0;    // where it starts, on the reference sheet
  std::size_t count = 0;  // plies left out, extra, written twice, behind, or missing (own moves)
  // The written moves of sheet A and sheet B from which the sheets agree again after it (the
  // first of each that stands for the same move), when they do.
  std::optional<std::array<std::size_t, 2>> agree_again;
  std::string explanation;  // plain English, one or two sentences
};

// One row of the two sheets aligned after the point where they part: the written move of each
// sheet that stands in it (indices into SheetReading::plies) and how they relate.
struct AlignedRow {
  enum class Status {
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

// The bounds of the alignment (D.2.9 reconciliation): a run of at most kMaxRunPlies plies left out
// of or extra on one sheet is recognised, and at most kMaxDifferences differences in all (each
// ply left out, extra or different, and each swap, counts one); beyond that, the report says the
// sheets cannot be explained rather than guess.
inline constexpr std::size_t kMaxRunPlies = 10;
inline constexpr int kMaxDifferences = 10;

struct Divergence {
  DifferenceKind kind = DifferenceKind::None;
  std::size_t ply = 0;    // the first ply at which the sheets part (= plies both agree on)
  int sheet = -1;         // the sheet the difference is on: 0 = A, 1 = B, -1 = both / undecided
  std::size_t count = 0;  // plies left out, extra, or behind
  std::optional<std::size_t> rejoin_after;  // the sheets show the same position again after
                                            // this many plies (swapped moves)
  std::string explanation;                  // one or more plain English sentences
  // The alignment of the sheets from `ply` on (D.2.9: what follows the last agreement, for the
  // arbiter's information; the retrace point stays `ply`). `reference` is the sheet the other
  // is aligned to (the one that reads furthest); `findings` every difference in order, the first
  // of which gives `kind`, `sheet` and `count`; `agree_again` the written moves of sheet A and
  // sheet B from which the sheets agree to the end of the shorter one, when they do.
  int reference = 0;
  std::vector<SheetFinding> findings;
  std::vector<AlignedRow> alignment;
  std::optional<std::array<std::size_t, 2>> agree_again;
  std::string note;  // what the alignment could not compare (a move that does not read), or ""
};

// Where one board stands relative to one sheet ("board B matches sheet B after move 23").
struct BoardStanding {
  int board = 0;
  int sheet = 0;
  std::optional<std::size_t> matches_after;  // latest ply count whose position the board shows
  std::size_t nearest_after = 0;             // else the nearest point of the sheet ...
  int squares_off = 0;                       // ... and how many squares differ there
};

// The ply at which a board went wrong: `played` stands on the board where `expected` was due.
struct WrongMove {
  std::size_t ply = 0;
  Move expected;
  Move played;
  std::string expected_san;
  std::string played_san;
  bool from_log = false;  // true: the board log says so; false: inferred from the placement
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
  std::string note;  // e.g. the board log disagrees with the placement (pieces displaced)
  bool needed() const { return !steps.empty(); }
};

// D.2.9: "the arbiter readjusts the clocks accordingly".
struct ClockProposal {
  bool readjust = false;            // only when moves are retraced
  std::size_t ply = 0;              // the point the clocks go back to
  std::optional<ClockPly> reading;  // the times then, from the clock log
  std::string note;                 // "no clock log: the arbiter decides", ...
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
  Divergence divergence;
  std::array<std::vector<std::size_t>, 2> retraced;  // per sheet: plies taken back (indices)
  std::array<BoardCorrection, 2> corrections;
  std::vector<BoardStanding> standings;  // board A/sheet A, A/B, B/A, B/B
  ClockProposal clock;
};

// The D.2.9 procedure on the inputs.
Reconciliation reconcile(const ReconcileInput& input);

// The whole reconciliation in plain English, numbered steps in the order an arbiter acts, each
// line readable aloud and on a braille display. Cites D.2.9.
std::string arbiter_text(const Reconciliation& r);

// When the sheets agree again after their differences (Divergence::agree_again): where, and that
// D.2.9 still retraces to the last point where both agree; "" otherwise.
std::string agreement_note(const Reconciliation& r);

// When a board shows more moves than the sheets (BoardCorrection::ahead): "Board B shows one
// move more than the sheets: White's move 9 Nf3, written on neither sheet. ..."; "" otherwise.
std::string ahead_text(const Reconciliation& r, int board);

// Wording helpers shared with the reports: "White's move 23" for the ply at index `ply`, and
// "after White's move 23, Nf3" / "at the start" for the point after `plies` plies of a sheet.
std::string ply_name(const Position& start, std::size_t ply);
std::string point_name(const Reconciliation& r, int sheet, std::size_t plies);
// "A" / "B"
inline char side_letter(int index) {
  return index == 0 ? 'A' : 'B';
}

// ---------------------------------------------------------------------------------------------
// Live

// A settled board compared with the game record (D.2.9, caught at the first wrong move).
struct BoardCheck {
  bool matches = false;                      // the board shows the current position
  std::optional<std::size_t> matches_after;  // latest ply count whose position it shows
  std::optional<WrongMove> went_wrong;       // the first move at which it went wrong, if found
  std::vector<CorrectionStep> steps;         // fewest steps to the current position
};

// Compares a board placement with the game record (`moves` played from `start`). When the board
// shows an earlier point of the game (a move not executed yet), matches_after says which. When it
// shows the record with one move replaced by another legal move (and the later moves, if any,
// played on), went_wrong names that move (the latest ply that explains the board, when several
// do); moves further back than `search_plies` are not tried. Searching the whole game of 300
// plies takes well under a millisecond (bench/bench_reconcile.cpp).
BoardCheck check_board(const Position& start, const std::vector<Move>& moves, const Position& board,
                       std::size_t search_plies = 8);

}  // namespace annabella::core
