// The arbiter's whole D.2.9 report in plain text: what to do first (the position, each board's
// steps, the sheets, the clocks), then the finding, then the details.
#include "app/reconcile_text.h"

namespace annabella::app {
namespace {

using core::Procedure;
using core::Reconciliation;

std::string steps_count(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " step" : " steps");
}

bool boards_stand(const Reconciliation& r) {
  return r.procedure == Procedure::CorrectSheets || r.procedure == Procedure::NothingToCorrect;
}

// The point the boards show when the sheets are behind them: after the last move to write in.
std::string shown_point(const Reconciliation& r) {
  const int s = std::max(r.right_sheet, 0);
  const auto& edits = r.sheet_edits[std::size_t(s)];
  if (r.target_plies <= r.sheets[std::size_t(s)].plies.size() || edits.empty())
    return point_name(r, {.sheet = s, .ply = r.target_plies});
  return "after " + ply_name(r.start, r.target_plies - 1) + ", " + edits.back().san;
}

// "the cell for White's move 5 ("dxe5")"
std::string cell_words(const Reconciliation& r, int sheet, std::size_t cell) {
  const core::ReadPly& p = r.sheets[std::size_t(sheet)].plies[cell];
  return "the cell for " + ply_name(r.start, cell) + " (" +
         (p.written.empty() ? std::string("blank") : "\"" + p.written + "\"") + ")";
}

// One board's corrections, with its wrong move and what its log says.
std::string board_lines(const Reconciliation& r, int b) {
  const core::BoardCorrection& c = r.corrections[std::size_t(b)];
  std::string t = std::string("Board ") + side_letter(b) + " (" + player_name(r, b) + "): ";
  if (boards_stand(r)) return t + "leave it as it is.\n";
  if (!c.needed()) {
    t += "already right, nothing to change.\n";
  } else {
    t += steps_count(c.steps.size()) + ".\n";
    for (std::size_t i = 0; i < c.steps.size(); ++i)
      t += "  Step " + std::to_string(i + 1) + ": " + step_text(c.steps[i]) + ".\n";
  }
  for (const std::string& line :
       {wrong_move_text(r, b), fault_text(r, b), ahead_text(r, b), log_text(r, b)})
    if (!line.empty()) t += "  " + line + "\n";
  return t;
}

// What becomes of the sheets: corrected (Art. 8.1), retraced (D.2.9), or nothing.
std::string sheet_lines(const Reconciliation& r) {
  if (r.procedure == Procedure::CorrectSheets) {
    std::string t = sheets_text(r) + "\n";
    for (int s = 0; s < 2; ++s)
      for (const core::SheetEdit& e : r.sheet_edits[std::size_t(s)])
        t += "  " + sheet_edit_text(r, s, e) + "\n";
    return t;
  }
  if (!core::retracing(r)) return "Nothing to change on the scoresheets.\n";
  std::string t;
  for (int s = 0; s < 2; ++s) {
    const auto& retraced = r.retraced[std::size_t(s)];
    t += std::string("Retraced from sheet ") + side_letter(s) + ": ";
    if (retraced.empty()) t += "nothing";
    for (std::size_t k = 0; k < retraced.size(); ++k) {
      const core::ReadPly& ply = r.sheets[std::size_t(s)].plies[retraced[k]];
      t += (k ? ", " : "") + ply_name(r.start, retraced[k]) + " " +
           (ply.written.empty() ? "(blank)" : ply.written);
    }
    t += ".\n";
  }
  return t;
}

// The sheets compared: agree, or where they part and every difference on a line of its own.
std::string finding_lines(const Reconciliation& r) {
  std::string t = agreement_sentence(r) + "\n";
  if (r.sheets_agree) return t;
  const core::Divergence& d = r.divergence;
  for (std::size_t k = 0; k < d.findings.size(); ++k)
    t += std::string(k ? "Further on: " : "Then: ") +
         std::string(difference_label(d.findings[k].kind)) + ". " + finding_text(r, d.findings[k]) +
         "\n";
  if (const std::string note = unread_note(r); !note.empty()) t += note + "\n";
  if (const std::string note = agreement_note(r); !note.empty()) t += note + "\n";
  return t;
}

std::string sheet_reading_lines(const Reconciliation& r) {
  std::string t;
  for (int s = 0; s < 2; ++s) {
    const core::SheetReading& sh = r.sheets[std::size_t(s)];
    t += std::string("Sheet ") + side_letter(s) + ": " +
         counted(sh.written, "written move", "written moves") + ", read as " + sh.letters.name +
         " (" + language_note(sh) + ").\n";
    if (!sh.fully_read())
      t += "  Reading stops at " + ply_name(r.start, sh.read_plies) + ", written \"" +
           sh.plies[sh.read_plies].written + "\": " + problem_text(sh.plies[sh.read_plies]) + ".\n";
  }
  return t;
}

}  // namespace

std::string headline(const Reconciliation& r) {
  if (!r.boards_agree) return "D.2.9 reconciliation: the two boards show different positions.";
  return "D.2.9 reconciliation: both boards show the same position, so D.2.9 does not apply (it "
         "starts \"if different positions arise on the two boards\"). Nothing is changed on the "
         "boards and the clocks are not readjusted.";
}

std::string position_text(const Reconciliation& r) {
  switch (r.procedure) {
    case Procedure::NothingToCorrect:
      return "Both boards show the position the scoresheets lead to, " +
             point_name(r, {.sheet = 0, .ply = r.target_plies}) + ": nothing to correct.";
    case Procedure::CorrectSheets:
      return "Leave both boards as they are: they show the position " + shown_point(r) + ".";
    case Procedure::AdjustBoards:
      return "Set up on both boards the position the scoresheets lead to, " +
             point_name(r, {.sheet = 0, .ply = r.target_plies}) +
             " (D.2.9: the sheets agree, so each board that differs is adjusted to them).";
    case Procedure::Retrace: {
      std::string t =
          "Under D.2.9 the moves are retraced to where both sheets agree: set up on "
          "both boards the position " +
          point_name(r, {.sheet = 0, .ply = r.target_plies}) + ".";
      if (r.divergence.kind == core::DifferenceKind::SheetBehind) {
        const int x = r.divergence.sheet;
        t += std::string(" If player ") + side_letter(x) + " confirms the moves only sheet " +
             side_letter(1 - x) + " has, his sheet can be completed instead of retracing them.";
      }
      return t;
    }
    case Procedure::BoardsUnexplained:
      return "Both boards show the same position, but neither scoresheet leads to it: nothing is "
             "ordered, you decide (see the finding). The steps below would set the boards to "
             "the position where the sheets agree, " +
             point_name(r, {.sheet = 0, .ply = r.target_plies}) + ".";
  }
  return "";
}

std::string sheet_edit_text(const Reconciliation& r, int sheet, const core::SheetEdit& e) {
  const core::SheetReading& sh = r.sheets[std::size_t(sheet)];
  const std::string move = ply_name(r.start, e.ply) + " " + e.sheet_san +
                           (e.san != e.sheet_san ? " (" + e.san + ")" : "");
  switch (e.kind) {
    case core::SheetEdit::Kind::Write:
      return "Write in " + move +
             (e.cell < sh.plies.size() ? ", before " + cell_words(r, sheet, e.cell)
                                       : ", at the end") +
             ".";
    case core::SheetEdit::Kind::StrikeOut:
      return "Strike out " + cell_words(r, sheet, e.cell) + ".";
    case core::SheetEdit::Kind::Replace:
      return "In " + cell_words(r, sheet, e.cell) + " write " + move + " instead.";
    case core::SheetEdit::Kind::RewriteFrom: {
      const std::size_t n = r.sheets[std::size_t(1 - sheet)].read_plies - e.ply;
      return "Strike out everything from " + cell_words(r, sheet, e.cell) + " on and copy sheet " +
             side_letter(1 - sheet) + "'s moves from " + ply_name(r.start, e.ply) + " on (" +
             std::to_string(n) + (n == 1 ? " move" : " moves") + ").";
    }
  }
  return "";
}

std::string sheets_text(const Reconciliation& r) {
  if (r.procedure != Procedure::CorrectSheets) return "";
  const auto& edits = r.sheet_edits;
  if (r.right_sheet < 0)
    return edits[0].empty() && edits[1].empty()
               ? "Both sheets' moves lead to the position on the boards, in different orders "
                 "(see the finding): ask the players which order was played and have the other "
                 "sheet corrected (Art. 8.1)."
               : "Both scoresheets lack the last moves on the boards: each player writes them "
                 "in (Art. 8.1).";
  const int right = r.right_sheet, wrong = 1 - right;
  std::string t = std::string("Sheet ") + side_letter(wrong) + " is wrong: sheet " +
                  side_letter(right) + "'s moves lead to the position on both boards, sheet " +
                  side_letter(wrong) + "'s do not. Player " + side_letter(wrong) +
                  " corrects his scoresheet (Art. 8.1)";
  if (!edits[std::size_t(right)].empty())
    t += std::string("; both sheets lack the last moves on the boards, which player ") +
         side_letter(right) + " writes in too";
  return t + ":";
}

std::string wrong_move_text(const Reconciliation& r, int board) {
  const auto& w = r.corrections[std::size_t(board)].went_wrong;
  if (!w) return "";
  return std::string("Board ") + side_letter(board) + " went wrong at " +
         ply_name(r.start, w->ply) + ": " + w->played_san + " was made where the sheets have " +
         w->expected_san + (w->from_log ? " (board log)." : " (inferred from the board).");
}

std::string fault_text(const Reconciliation& r, int board) {
  const auto& w = r.corrections[std::size_t(board)].went_wrong;
  if (!w) return "";
  const bool white_moved = (std::size_t(r.start.game_ply()) + w->ply) % 2 == 0;
  const core::Color owner = board == 0 ? r.color_a : ~r.color_a;
  if ((white_moved ? core::WHITE : core::BLACK) == owner)
    return std::string("Player ") + side_letter(board) +
           " wrote the correct move but made a different one on his board: under D.2.9 he must "
           "adjust his position to match the scoresheets.";
  return std::string("It was the opponent's move, executed wrongly on board ") +
         side_letter(board) + " (D.2.1): board " + side_letter(board) +
         " is adjusted to match the scoresheets.";
}

std::string ahead_text(const Reconciliation& r, int board) {
  const core::BoardCorrection& c = r.corrections[std::size_t(board)];
  if (c.ahead.empty()) return "";
  std::string moves;
  for (std::size_t k = 0; k < c.ahead.size(); ++k)
    moves += (k ? ", " : "") + ply_name(r.start, r.target_plies + k) + " " + c.ahead_san[k];
  return std::string("Board ") + side_letter(board) + " shows " +
         (c.ahead.size() == 1 ? "one move" : "two moves") + " more than the sheets: " + moves +
         ", written on neither sheet. If " + (c.ahead.size() == 1 ? "it was" : "they were") +
         " played, the sheets are behind the board (Art. 8.1); you decide (D.2.9).";
}

std::string log_text(const Reconciliation& r, int board) {
  switch (r.corrections[std::size_t(board)].log) {
    case core::LogFinding::IllegalMove:
      return std::string("The log of board ") + side_letter(board) + " has an illegal move.";
    case core::LogFinding::Displaced:
      return std::string("Board ") + side_letter(board) +
             " does not show the position its own log leads to: pieces were displaced after "
             "the last logged move.";
    case core::LogFinding::None:
      break;
  }
  return "";
}

std::string standing_text(const Reconciliation& r, const core::BoardStanding& st) {
  std::string t = std::string("Board ") + side_letter(st.board) + " ";
  if (st.matches_after)
    return t + "matches sheet " + side_letter(st.sheet) + " " +
           point_name(r, {.sheet = st.sheet, .ply = *st.matches_after}) + ".";
  return t + "matches no point of sheet " + side_letter(st.sheet) + "; nearest " +
         point_name(r, {.sheet = st.sheet, .ply = st.nearest_after}) + ", " +
         counted(st.squares_off, "square differs", "squares differ") + ".";
}

std::string arbiter_text(const Reconciliation& r, const std::vector<std::string>& notes) {
  std::string t = headline(r) + "\n";
  for (const std::string& note : notes) t += note + "\n";
  // A sheet read in a language that stops early is named before anything is proposed.
  for (int s = 0; s < 2; ++s)
    for (const std::string& line : {language_warning(r, s), cut_note(r, s)})
      if (!line.empty()) t += "Check first: " + line + "\n";

  t += "\nWhat to do\n";
  t += "1. Position: " + position_text(r) + "\n   FEN: " + r.target.fen() + "\n";
  t += "2. Boards:\n";
  for (int b = 0; b < 2; ++b) t += board_lines(r, b);
  t += "3. Scoresheets: " + sheet_lines(r);
  t += "4. Clocks: " + clock_text(r) + "\n";

  t += "\nFinding\n" + finding_lines(r);
  t += "\nScoresheets\n" + sheet_reading_lines(r);
  t += "\nWhere the boards stand\n";
  for (const core::BoardStanding& st : r.standings) t += standing_text(r, st) + "\n";
  return printable_utf8(t);
}

}  // namespace annabella::app
