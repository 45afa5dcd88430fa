// The D.2.9 reconciliation in the arbiter's words (the language of the messages, app/i18n.h):
// core/reconcile.h returns what was found as typed data (kinds, plies, squares, moves, times, which
// sheet, which language); this file words it, for the text report, the JSON's explanations and the
// HTML report. Every line reads aloud and on a braille display, and cites the rule (D.2.9,
// Art. 8.1).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/reconcile.h"

namespace annabella::app {

// The letters moves are written in in the report: the table of the messages' language (the
// catalog's code, tr("en"): "de" names Sb8, "mk" Сб8's С), English where there is none (D.2.7).
[[nodiscard]] core::PieceLetters report_letters();
// The reconciliation with every move found (core writes them in English SAN) written in
// `letters`: the one place a found move becomes the report's text. The text and HTML reports and
// the JSON's worded messages use it; the JSON's "san" fields keep standard SAN. The moves as
// written on the sheets (`written`, `sheet_san`) are kept as they are.
[[nodiscard]] core::Reconciliation in_letters(core::Reconciliation r,
                                              const core::PieceLetters& letters);
// "A" / "B"
[[nodiscard]] char side_letter(int index);
// "White's move 23" for the ply at index `ply` counted from `start`.
[[nodiscard]] std::string ply_name(const core::Position& start, std::size_t ply);
// A ply of one sheet: sheet `sheet` (0 = A, 1 = B), ply index `ply`. A struct, so that the sheet
// and the ply are never passed the wrong way round.
struct SheetPly {
  int sheet = 0;
  std::size_t ply = 0;
};
// "after White's move 23, Nf3" / "at the start of the game" for the point after `after.ply` plies
// of sheet `after.sheet`.
[[nodiscard]] std::string point_name(const core::Reconciliation& r, SheetPly after);
// "1 ply", "3 plies": `n` and the word for one or for many.
[[nodiscard]] std::string counted(std::size_t n, std::string_view one, std::string_view many);
// How far the two scoresheets agree: "The two scoresheets agree up to after Black's move 4, Bxf3
// (8 plies).", "... agree (15 plies, after White's move 8, Nc3).", "... differ from White's move
// 1 on."
[[nodiscard]] std::string agreement_sentence(const core::Reconciliation& r);
// "player A, White"
[[nodiscard]] std::string player_name(const core::Reconciliation& r, int index);

// A correction step for logs and the text report: "remove white pawn e4", "move black knight g5
// f3", "place white queen d1" (the speech profiles say them in the players' words:
// speech::phrase_correction_step).
[[nodiscard]] std::string step_text(const core::CorrectionStep& step);
// The same as a sentence: "Move the white knight from d2 to c3."
[[nodiscard]] std::string step_sentence(const core::CorrectionStep& step);

// "move left out", "two moves swapped", ...
[[nodiscard]] std::string_view difference_label(core::DifferenceKind kind);
// Why a written move does not read: "the cell is blank", or the notation reader's reason.
[[nodiscard]] std::string problem_text(const core::ReadPly& ply);
// Where a read move stands in another cell: "written as move 3 for White, but it is move 2 for
// Black"; "" when it stands in its own cell.
[[nodiscard]] std::string cell_note(const core::Reconciliation& r, SheetPly cell);
// Why a sheet could not be read: "a comment '{' opened on line 2 is not closed".
[[nodiscard]] std::string scoresheet_error(const core::ScoresheetError& error);
// How the sheet's language was decided: "given: Deutsch (de)", "found: ...".
[[nodiscard]] std::string language_note(const core::SheetReading& sheet);
// A given language that reads the sheet only part of the way while another reads it further:
// the warning that comes before anything is proposed; "" otherwise.
[[nodiscard]] std::string language_warning(const core::Reconciliation& r, int sheet);
// A sheet on which (almost) nothing reads as moves (core::SheetReading::no_moves): said before
// anything else, since no cell of it is ordered corrected; "" otherwise.
[[nodiscard]] std::string no_moves_note(const core::Reconciliation& r, int sheet);
// A sheet longer than core::kMaxSheetPlies: what was read of it; "" otherwise.
[[nodiscard]] std::string cut_note(const core::Reconciliation& r, int sheet);

// One difference between the sheets, in one or two sentences.
[[nodiscard]] std::string finding_text(const core::Reconciliation& r,
                                       const core::SheetFinding& finding);
// Every difference, in order, with what the alignment could not compare.
[[nodiscard]] std::string divergence_text(const core::Reconciliation& r);
// What the alignment could not compare (a reference move that does not read); "" otherwise.
[[nodiscard]] std::string unread_note(const core::Reconciliation& r);
// When the sheets agree again after their differences: where, and that D.2.9 still retraces to
// the last point where both agree; "" otherwise.
[[nodiscard]] std::string agreement_note(const core::Reconciliation& r);

// The report's first line: whether the boards differ and so whether D.2.9 applies.
[[nodiscard]] std::string headline(const core::Reconciliation& r);
// What to do about the boards' position, in one or two sentences (the rule cited).
[[nodiscard]] std::string position_text(const core::Reconciliation& r);
// A sheet edit: "Write in White's move 5, Qxf3, before "dxe5" (line 5)."
[[nodiscard]] std::string sheet_edit_text(const core::Reconciliation& r, int sheet,
                                          const core::SheetEdit& edit);
// Which sheet is wrong and that its player corrects it (Art. 8.1); "" when no sheet is edited.
[[nodiscard]] std::string sheets_text(const core::Reconciliation& r);
// AdjustBoards with moves written twice on one sheet: its player strikes out the copies (Art.
// 8.1); "" otherwise.
[[nodiscard]] std::string copies_text(const core::Reconciliation& r);
// The board's wrong move and whose it was; "" when none is known.
[[nodiscard]] std::string wrong_move_text(const core::Reconciliation& r, int board);
// "Player A wrote the correct move but made a different one ..." for the board's wrong move.
[[nodiscard]] std::string fault_text(const core::Reconciliation& r, int board);
// A board that shows one or two moves more than the sheets; "" otherwise.
[[nodiscard]] std::string ahead_text(const core::Reconciliation& r, int board);
// What the board log says besides the wrong move; "" when nothing.
[[nodiscard]] std::string log_text(const core::Reconciliation& r, int board);
// "Board B matches sheet A after Black's move 7, Qe7."
[[nodiscard]] std::string standing_text(const core::Reconciliation& r,
                                        const core::BoardStanding& standing);
// The live D.2.9 check of one board against the game (app/appendix_d.h): "reconcile (D.2.9): the
// pegboard differs from the game; it went wrong at White's move 5: ... Steps: ...;". `inferred`:
// the board senses occupied squares only, so the pieces named are inferred from the game record
// and said to be, never stated as read.
[[nodiscard]] std::string board_check_text(const core::Position& start,
                                           const core::BoardCheck& check, const std::string& board,
                                           bool inferred = false);
// The clock proposal: "Set the clocks to White 1 h 22 min 30 s, Black ... (clock log, ...)".
[[nodiscard]] std::string clock_text(const core::Reconciliation& r);
// A clock change the log records between moves, with the times after it when recorded: "an
// illegal move by White after Black's move 4: time added to Black (Art. 7.5.5); then White ...".
[[nodiscard]] std::string clock_change_text(const core::Position& start,
                                            const core::ClockChange& change);

// The whole reconciliation in plain words in the order an arbiter acts: what to do (the
// position, the steps per board, the sheets, the clocks), then the finding, then the details.
// `notes` (e.g. a sheet that is not UTF-8) come right after the first line.
[[nodiscard]] std::string arbiter_text(const core::Reconciliation& r,
                                       const std::vector<std::string>& notes = {});

// Where a text stops being UTF-8: its first byte that is not part of a valid UTF-8 sequence.
struct Utf8Fault {
  int line = 1;    // 1-based
  int column = 1;  // 1-based, in bytes
  unsigned char byte = 0;
};
[[nodiscard]] std::optional<Utf8Fault> first_utf8_fault(std::string_view text);
// `text` with every byte that is not part of valid UTF-8 shown as "\xE9": always valid UTF-8.
[[nodiscard]] std::string printable_utf8(std::string_view text);

}  // namespace annabella::app
