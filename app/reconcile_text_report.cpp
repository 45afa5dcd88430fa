// The arbiter's whole D.2.9 report in plain text: what to do first (the position, each board's
// steps, the sheets, the clocks), then the finding, then the details.
#include "app/reconcile_text.h"

#include "app/i18n.h"

namespace annabella::app {
namespace {

using i18n::format;
using i18n::tr;
using i18n::tr_n;

std::string letter(int s) {
  return std::string(1, side_letter(s));
}

using core::Procedure;
using core::Reconciliation;

bool boards_stand(const Reconciliation& r) {
  return r.procedure == Procedure::CorrectSheets || r.procedure == Procedure::NothingToCorrect;
}

// The point the boards show when the sheets are behind them: after the last move to write in.
std::string shown_point(const Reconciliation& r) {
  const int s = std::max(r.right_sheet, 0);
  const auto& edits = r.sheet_edits[std::size_t(s)];
  if (r.target_plies <= r.sheets[std::size_t(s)].plies.size() || edits.empty())
    return point_name(r, {.sheet = s, .ply = r.target_plies});
  return format(tr("after {ply}, {move}"),
                {{"ply", ply_name(r.start, r.target_plies - 1)}, {"move", edits.back().san}});
}

// "the cell for White's move 5 ("dxe5")"
std::string cell_words(const Reconciliation& r, int sheet, std::size_t cell) {
  const core::ReadPly& p = r.sheets[std::size_t(sheet)].plies[cell];
  if (p.written.empty())
    return format(tr("the cell for {ply} (blank)"), {{"ply", ply_name(r.start, cell)}});
  return format(tr("the cell for {ply} (\"{written}\")"),
                {{"ply", ply_name(r.start, cell)}, {"written", p.written}});
}

// One board's corrections, with its wrong move and what its log says.
std::string board_lines(const Reconciliation& r, int b) {
  const core::BoardCorrection& c = r.corrections[std::size_t(b)];
  // TRANSLATORS: "Board A (player A, White): "
  std::string t = format(tr("Board {board} ({player}): "),
                         {{"board", letter(b)}, {"player", player_name(r, b)}});
  if (boards_stand(r)) return t + tr("leave it as it is.") + "\n";
  if (!c.needed()) {
    t += tr("already right, nothing to change.") + std::string("\n");
  } else {
    t += format(tr_n("{n} step.", "{n} steps.", c.steps.size()),
                {{"n", std::to_string(c.steps.size())}}) +
         "\n";
    for (std::size_t i = 0; i < c.steps.size(); ++i)
      t += format(tr("  Step {n}: {step}."),
                  {{"n", std::to_string(i + 1)}, {"step", step_text(c.steps[i])}}) +
           "\n";
  }
  for (const std::string& line :
       {wrong_move_text(r, b), fault_text(r, b), ahead_text(r, b), log_text(r, b)})
    if (!line.empty()) t += "  " + line + "\n";
  return t;
}

// A written move taken back, named by the move of the game it stands for where the finding
// places it in another cell (a move left out before it, a copy): "Black's move 5 dxe5 (in the
// cell for White's move 5)", "Le7 in the cell for Black's move 6 (a copy of Black's move 5)";
// else by its cell: "White's move 5 Qxf3".
std::string retraced_move(const Reconciliation& r, int sheet, std::size_t cell) {
  const core::ReadPly& ply = r.sheets[std::size_t(sheet)].plies[cell];
  const std::string written = ply.written.empty() ? tr("(blank)") : ply.written;
  const core::Divergence& d = r.divergence;
  if (sheet != d.reference && !r.sheets_agree) {
    const std::size_t ref = std::size_t(d.reference);
    for (const core::AlignedRow& row : d.alignment) {
      if (row.ply[std::size_t(sheet)] != cell) continue;
      if (row.ply[ref] && *row.ply[ref] != cell)
        return format(tr("{ply} {written} (in the cell for {cell})"),
                      {{"ply", ply_name(r.start, *row.ply[ref])},
                       {"written", written},
                       {"cell", ply_name(r.start, cell)}});
      if (row.ply[ref]) break;
      for (const core::SheetFinding& f : d.findings)
        if (f.kind == core::DifferenceKind::DuplicateMove && f.sheet == sheet && cell >= f.cell &&
            cell < f.cell + f.count)
          return format(tr("{written} in the cell for {cell} (a copy of {ply})"),
                        {{"written", written},
                         {"cell", ply_name(r.start, cell)},
                         {"ply", ply_name(r.start, f.ply + (cell - f.cell))}});
      break;
    }
  }
  return ply_name(r.start, cell) + " " + written;
}

// What becomes of the sheets: corrected (Art. 8.1), retraced (D.2.9), or nothing.
std::string sheet_lines(const Reconciliation& r) {
  // Moves written twice with the boards adjusted: the copies are struck out (Art. 8.1), nothing
  // is retraced.
  const bool copies = r.procedure == Procedure::AdjustBoards && r.right_sheet >= 0;
  if (r.procedure == Procedure::CorrectSheets || copies) {
    std::string t = (copies ? copies_text(r) : sheets_text(r)) + "\n";
    // Each line says whose sheet it is for: a player reads only his own lines.
    for (int s = 0; s < 2; ++s)
      for (const core::SheetEdit& e : r.sheet_edits[std::size_t(s)])
        t += "  " +
             format(tr("Sheet {sheet}: {edit}"),
                    {{"sheet", letter(s)}, {"edit", sheet_edit_text(r, s, e)}}) +
             "\n";
    return t;
  }
  if (!core::retracing(r)) return tr("Nothing to change on the scoresheets.") + std::string("\n");
  std::string t;
  for (int s = 0; s < 2; ++s) {
    const auto& retraced = r.retraced[std::size_t(s)];
    t += format(tr("Retraced from sheet {sheet}: "), {{"sheet", letter(s)}});
    if (retraced.empty()) t += tr("nothing");
    for (std::size_t k = 0; k < retraced.size(); ++k)
      t += (k ? ", " : "") + retraced_move(r, s, retraced[k]);
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
    t += format(k ? tr("Further on: {kind}. {finding}") : tr("Then: {kind}. {finding}"),
                {{"kind", std::string(difference_label(d.findings[k].kind))},
                 {"finding", finding_text(r, d.findings[k])}}) +
         "\n";
  if (const std::string note = unread_note(r); !note.empty()) t += note + "\n";
  if (const std::string note = agreement_note(r); !note.empty()) t += note + "\n";
  return t;
}

std::string sheet_reading_lines(const Reconciliation& r) {
  std::string t;
  for (int s = 0; s < 2; ++s) {
    const core::SheetReading& sh = r.sheets[std::size_t(s)];
    t += format(tr_n("Sheet {sheet}: {n} written move, read as {language} ({note}).",
                     "Sheet {sheet}: {n} written moves, read as {language} ({note}).", sh.written),
                {{"sheet", letter(s)},
                 {"n", std::to_string(sh.written)},
                 {"language", sh.letters.name},
                 {"note", language_note(sh)}}) +
         "\n";
    if (!sh.fully_read())
      t += format(tr("  Reading stops at {ply}, written \"{written}\": {why}."),
                  {{"ply", ply_name(r.start, sh.read_plies)},
                   {"written", sh.plies[sh.read_plies].written},
                   {"why", problem_text(sh.plies[sh.read_plies])}}) +
           "\n";
  }
  return t;
}

}  // namespace

std::string headline(const Reconciliation& r) {
  if (!r.boards_agree) return tr("D.2.9 reconciliation: the two boards show different positions.");
  // TRANSLATORS: the quotation is D.2.9's opening words, as the Laws in your language have them.
  return tr(
      "D.2.9 reconciliation: both boards show the same position, so D.2.9 does not apply (it "
      "starts \"if different positions arise on the two boards\"). Nothing is changed on the "
      "boards and the clocks are not readjusted.");
}

std::string position_text(const Reconciliation& r) {
  switch (r.procedure) {
    case Procedure::NothingToCorrect:
      return format(tr("Both boards show the position the scoresheets lead to, {point}: nothing to "
                       "correct."),
                    {{"point", point_name(r, {.sheet = 0, .ply = r.target_plies})}});
    case Procedure::CorrectSheets:
      return format(tr("Leave both boards as they are: they show the position {point}."),
                    {{"point", shown_point(r)}});
    case Procedure::AdjustBoards:
      if (r.right_sheet >= 0)
        return format(
            tr("Set up on both boards the position the scoresheets lead to once the moves sheet "
               "{wrong} has written twice are struck out, {point} (D.2.9: the sheets agree on "
               "the moves played, so each board that differs is adjusted to them)."),
            {{"wrong", letter(1 - r.right_sheet)},
             {"point", point_name(r, {.sheet = r.right_sheet, .ply = r.target_plies})}});
      return format(
          tr("Set up on both boards the position the scoresheets lead to, {point} (D.2.9: "
             "the sheets agree, so each board that differs is adjusted to them)."),
          {{"point", point_name(r, {.sheet = 0, .ply = r.target_plies})}});
    case Procedure::Retrace: {
      std::string t =
          format(tr("Under D.2.9 the moves are retraced to where both sheets agree: set "
                    "up on both boards the position {point}."),
                 {{"point", point_name(r, {.sheet = 0, .ply = r.target_plies})}});
      if (r.divergence.kind == core::DifferenceKind::SheetBehind) {
        const int x = r.divergence.sheet;
        t += " " + format(tr("If player {player} confirms the moves only sheet {sheet} has, his "
                             "sheet can be completed instead of retracing them."),
                          {{"player", letter(x)}, {"sheet", letter(1 - x)}});
      }
      return t;
    }
    case Procedure::BoardsUnexplained:
      return format(tr("Both boards show the same position, but neither scoresheet leads to it: "
                       "nothing is ordered, you decide (see the finding). The steps below would "
                       "set the boards to the position where the sheets agree, {point}."),
                    {{"point", point_name(r, {.sheet = 0, .ply = r.target_plies})}});
  }
  return "";
}

std::string sheet_edit_text(const Reconciliation& r, int sheet, const core::SheetEdit& e) {
  const core::SheetReading& sh = r.sheets[std::size_t(sheet)];
  const std::string move =
      format(tr("{ply} {move}"), {{"ply", ply_name(r.start, e.ply)}, {"move", e.sheet_san}}) +
      (e.san != e.sheet_san ? " (" + e.san + ")" : "");
  switch (e.kind) {
    case core::SheetEdit::Kind::Write:
      if (e.cell < sh.plies.size())
        return format(tr("Write in {move}, before {cell}."),
                      {{"move", move}, {"cell", cell_words(r, sheet, e.cell)}});
      return format(tr("Write in {move}, at the end."), {{"move", move}});
    case core::SheetEdit::Kind::StrikeOut:
      // A copy of a move written twice is named by the move it copies, in the game's numbering.
      for (const core::SheetFinding& f : r.divergence.findings)
        if (f.kind == core::DifferenceKind::DuplicateMove && f.sheet == sheet && e.cell >= f.cell &&
            e.cell < f.cell + f.count) {
          const std::size_t ply = f.ply + (e.cell - f.cell);
          const core::SheetReading& ref = r.sheets[std::size_t(1 - sheet)];
          if (ply >= ref.read_plies) break;
          return format(tr("Strike out {cell}: the copy of {move}."),
                        {{"cell", cell_words(r, sheet, e.cell)},
                         {"move", format(tr("{ply} {move}"), {{"ply", ply_name(r.start, ply)},
                                                              {"move", ref.plies[ply].san}})}});
        }
      return format(tr("Strike out {cell}."), {{"cell", cell_words(r, sheet, e.cell)}});
    case core::SheetEdit::Kind::Replace:
      return format(tr("In {cell} write {move} instead."),
                    {{"cell", cell_words(r, sheet, e.cell)}, {"move", move}});
    case core::SheetEdit::Kind::RewriteFrom: {
      const std::size_t n = r.sheets[std::size_t(1 - sheet)].read_plies - e.ply;
      return format(tr_n("Strike out everything from {cell} on and copy sheet {sheet}'s moves from "
                         "{ply} on ({n} move).",
                         "Strike out everything from {cell} on and copy sheet {sheet}'s moves from "
                         "{ply} on ({n} moves).",
                         n),
                    {{"cell", cell_words(r, sheet, e.cell)},
                     {"sheet", letter(1 - sheet)},
                     {"ply", ply_name(r.start, e.ply)},
                     {"n", std::to_string(n)}});
    }
  }
  return "";
}

std::string copies_text(const Reconciliation& r) {
  if (r.procedure != Procedure::AdjustBoards || r.right_sheet < 0) return "";
  return format(tr("Sheet {wrong} has moves written twice (see the finding): player {wrong} "
                   "strikes out the copies (Art. 8.1):"),
                {{"wrong", letter(1 - r.right_sheet)}});
}

std::string sheets_text(const Reconciliation& r) {
  if (r.procedure != Procedure::CorrectSheets) return "";
  const auto& edits = r.sheet_edits;
  if (r.right_sheet < 0)
    return edits[0].empty() && edits[1].empty()
               ? tr("Both sheets' moves lead to the position on the boards, in different orders "
                    "(see the finding): ask the players which order was played and have the other "
                    "sheet corrected (Art. 8.1).")
               : tr("Both scoresheets lack the last moves on the boards: each player writes them "
                    "in (Art. 8.1).");
  const int right = r.right_sheet, wrong = 1 - right;
  const i18n::Places places = {{"wrong", letter(wrong)}, {"right", letter(right)}};
  if (r.sheets[std::size_t(wrong)].no_moves())
    return format(tr("Sheet {right}'s moves lead to the position on both boards; nothing on sheet "
                     "{wrong} reads as moves (see \"Check first\"), so none of its cells is "
                     "ordered corrected until the right file is given (Art. 8.1)."),
                  places);
  if (!edits[std::size_t(right)].empty())
    return format(tr("Sheet {wrong} is wrong: sheet {right}'s moves lead to the position on both "
                     "boards, sheet {wrong}'s do not. Player {wrong} corrects his scoresheet "
                     "(Art. 8.1); both sheets lack the last moves on the boards, which player "
                     "{right} writes in too:"),
                  places);
  return format(tr("Sheet {wrong} is wrong: sheet {right}'s moves lead to the position on both "
                   "boards, sheet {wrong}'s do not. Player {wrong} corrects his scoresheet (Art. "
                   "8.1):"),
                places);
}

std::string wrong_move_text(const Reconciliation& r, int board) {
  const auto& w = r.corrections[std::size_t(board)].went_wrong;
  if (!w) return "";
  return format(w->from_log ? tr("Board {board} went wrong at {ply}: {played} was made where the "
                                 "sheets have {expected} (board log).")
                            : tr("Board {board} went wrong at {ply}: {played} was made where the "
                                 "sheets have {expected} (inferred from the board)."),
                {{"board", letter(board)},
                 {"ply", ply_name(r.start, w->ply)},
                 {"played", w->played_san},
                 {"expected", w->expected_san}});
}

std::string fault_text(const Reconciliation& r, int board) {
  const auto& w = r.corrections[std::size_t(board)].went_wrong;
  if (!w) return "";
  const bool white_moved = (std::size_t(r.start.game_ply()) + w->ply) % 2 == 0;
  const core::Color owner = board == 0 ? r.color_a : ~r.color_a;
  if ((white_moved ? core::WHITE : core::BLACK) == owner)
    return format(tr("Player {player} wrote the correct move but made a different one on his "
                     "board: under D.2.9 he must adjust his position to match the scoresheets."),
                  {{"player", letter(board)}});
  return format(tr("It was the opponent's move, executed wrongly on board {board} (D.2.1): board "
                   "{board} is adjusted to match the scoresheets."),
                {{"board", letter(board)}});
}

std::string ahead_text(const Reconciliation& r, int board) {
  const core::BoardCorrection& c = r.corrections[std::size_t(board)];
  if (c.ahead.empty()) return "";
  std::string moves;
  for (std::size_t k = 0; k < c.ahead.size(); ++k)
    moves += (k ? ", " : "") + ply_name(r.start, r.target_plies + k) + " " + c.ahead_san[k];
  return format(c.ahead.size() == 1
                    ? tr("Board {board} shows one move more than the sheets: {moves}, written on "
                         "neither sheet. If it was played, the sheets are behind the board (Art. "
                         "8.1); you decide (D.2.9).")
                    : tr("Board {board} shows two moves more than the sheets: {moves}, written on "
                         "neither sheet. If they were played, the sheets are behind the board "
                         "(Art. 8.1); you decide (D.2.9)."),
                {{"board", letter(board)}, {"moves", moves}});
}

std::string log_text(const Reconciliation& r, int board) {
  switch (r.corrections[std::size_t(board)].log) {
    case core::LogFinding::IllegalMove:
      return format(tr("The log of board {board} has an illegal move."),
                    {{"board", letter(board)}});
    case core::LogFinding::Displaced:
      return format(tr("Board {board} does not show the position its own log leads to: pieces were "
                       "displaced after the last logged move."),
                    {{"board", letter(board)}});
    case core::LogFinding::EndsEarly:
      return format(tr_n("The log of board {board} ends early: it holds {n} half-move, all as the "
                         "sheets have them, and says nothing of the moves after it.",
                         "The log of board {board} ends early: it holds {n} half-moves, all as "
                         "the sheets have them, and says nothing of the moves after them.",
                         r.corrections[std::size_t(board)].logged),
                    {{"board", letter(board)},
                     {"n", std::to_string(r.corrections[std::size_t(board)].logged)}});
    case core::LogFinding::None:
      break;
  }
  return "";
}

std::string standing_text(const Reconciliation& r, const core::BoardStanding& st) {
  if (st.matches_after)
    return format(tr("Board {board} matches sheet {sheet} {point}."),
                  {{"board", letter(st.board)},
                   {"sheet", letter(st.sheet)},
                   {"point", point_name(r, {.sheet = st.sheet, .ply = *st.matches_after})}});
  return format(
      tr_n("Board {board} matches no point of sheet {sheet}; nearest {point}, {n} square "
           "differs.",
           "Board {board} matches no point of sheet {sheet}; nearest {point}, {n} squares "
           "differ.",
           st.squares_off),
      {{"board", letter(st.board)},
       {"sheet", letter(st.sheet)},
       {"point", point_name(r, {.sheet = st.sheet, .ply = st.nearest_after})},
       {"n", std::to_string(st.squares_off)}});
}

std::string arbiter_text(const Reconciliation& r, const std::vector<std::string>& notes) {
  std::string t = headline(r) + "\n";
  // The inputs' notes (a sheet not UTF-8, what the reader skipped or joined) come first too.
  for (const std::string& note : notes)
    t += format(tr("Check first: {line}"), {{"line", note}}) + "\n";
  // A sheet read in a language that stops early is named before anything is proposed.
  for (int s = 0; s < 2; ++s)
    for (const std::string& line : {no_moves_note(r, s), language_warning(r, s), cut_note(r, s)})
      if (!line.empty()) t += format(tr("Check first: {line}"), {{"line", line}}) + "\n";

  // TRANSLATORS: the report's headings and numbered parts; "FEN" stays.
  t += "\n" + std::string(tr("What to do")) + "\n";
  t += format(tr("1. Position: {what}"), {{"what", position_text(r)}}) +
       "\n   FEN: " + r.target.fen() + "\n";
  t += tr("2. Boards:") + std::string("\n");
  for (int b = 0; b < 2; ++b) t += board_lines(r, b);
  t += format(tr("3. Scoresheets: {what}"), {{"what", sheet_lines(r)}});
  t += format(tr("4. Clocks: {what}"), {{"what", clock_text(r)}}) + "\n";

  t += "\n" + std::string(tr("Finding")) + "\n" + finding_lines(r);
  t += "\n" + std::string(tr("Scoresheets")) + "\n" + sheet_reading_lines(r);
  t += "\n" + std::string(tr("Where the boards stand")) + "\n";
  for (const core::BoardStanding& st : r.standings) t += standing_text(r, st) + "\n";
  return printable_utf8(t);
}

}  // namespace annabella::app
