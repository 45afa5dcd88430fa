// D.2.9 reconciliation (see reconcile.h for the rule text).
//
// The sheets are compared as moves, never as text: each written move is read leniently at its
// point of the game, so "Sf3" (German) and "Nf3", or "Qh5" and "Qh5+", are the same move. Where the
// moves part, the sheet read furthest becomes the reference and the other sheet's written moves
// are aligned to its moves by a bounded edit distance (core/sheet_alignment.h): runs of plies left
// out or extra, moves written twice, one side's moves only, swapped moves and different or
// unreadable moves, each with the point where the sheets agree again. An alignment that needs too
// many differences, or that several explanations fit equally well, is reported as such, not
// guessed. Board logs, the boards themselves and which sheet reads through decide between "left
// out of one" and "extra on the other".
//
// D.2.9 applies "if different positions arise on the two boards". When both boards show the same
// position, nothing is done on the boards and the clocks are not touched: a sheet that does not
// lead to that position is corrected (Art. 8.1). When the boards differ, the sheets decide: the
// boards are adjusted to agreeing sheets, or the moves are retraced to where differing sheets
// last agree, and the clocks go back with them.
#include "core/reconcile.h"

#include <algorithm>

#include "core/bitboard.h"

namespace annabella::core {
namespace {

// Where `board` (board A = 0, B = 1) stands relative to the positions of a sheet (A = 0, B = 1).
BoardStanding stand(const Position& board, int board_index, const SheetReading& sheet,
                    int sheet_index) {
  BoardStanding st;
  st.board = board_index;
  st.sheet = sheet_index;
  st.squares_off = 65;
  for (std::size_t k = sheet.positions.size(); k-- > 0;) {
    const int off = popcount(squares_that_differ(board, sheet.positions[k]));
    if (off == 0) {
      st.matches_after = k;
      st.nearest_after = k;
      st.squares_off = 0;
      return st;
    }
    if (off < st.squares_off) {
      st.squares_off = off;
      st.nearest_after = k;
    }
  }
  return st;
}

// How a sheet that reads through relates to the position both boards show.
struct SheetToBoards {
  bool leads = false;       // its moves lead to it
  std::vector<Move> ahead;  // or its moves and these one or two more
};

SheetToBoards relate(const SheetReading& sheet, const Position& boards) {
  SheetToBoards out;
  if (!sheet.fully_read() || sheet.cut()) return out;
  out.leads = sheet.positions.back().same_placement(boards);
  if (!out.leads) out.ahead = moves_ahead(sheet.positions.back(), boards);
  return out;
}

// Both boards show the same position: D.2.9 does not apply. The sheets are compared with it: the
// sheet that leads to it (with the fewest moves still to write) is right, the other is corrected.
void boards_agree(Reconciliation& r) {
  const Position& shown = r.boards[0];  // the position on both boards
  const std::array<SheetToBoards, 2> rel = {relate(r.sheets[0], shown), relate(r.sheets[1], shown)};
  int right = -1;
  bool tie = false;
  for (int s = 0; s < 2; ++s) {
    const SheetToBoards& x = rel[std::size_t(s)];
    if (!x.leads && x.ahead.empty()) continue;
    if (right < 0 || x.ahead.size() < rel[std::size_t(right)].ahead.size()) {
      right = s;
      tie = false;
    } else if (x.ahead.size() == rel[std::size_t(right)].ahead.size()) {
      tie = true;
    }
  }
  if (right < 0) {
    r.procedure = Procedure::BoardsUnexplained;
    return;
  }
  if (rel[std::size_t(right)].leads && (r.sheets_agree || tie)) {
    r.procedure = r.sheets_agree ? Procedure::NothingToCorrect : Procedure::CorrectSheets;
    r.target_plies = r.sheets[std::size_t(right)].read_plies;
    r.target = r.sheets[std::size_t(right)].positions.back();
    return;  // both sheets lead to the boards' position (swapped moves): the arbiter asks
  }
  r.procedure = Procedure::CorrectSheets;
  r.target_plies = r.sheets[std::size_t(right)].read_plies + rel[std::size_t(right)].ahead.size();
  r.target = r.sheets[std::size_t(right)].positions.back();
  for (const Move m : rel[std::size_t(right)].ahead) r.target.play(m);
  if (r.sheets_agree || tie) {
    // Both sheets are behind the boards by the same moves.
    for (std::size_t s = 0; s < 2; ++s)
      r.sheet_edits[s] = edits_for_ahead(r.sheets[s], rel[s].ahead);
    return;
  }
  // Art. 8.1: a sheet that is itself behind the boards is not "right": when the other sheet only
  // lacks more of the same moves (A two plies short, B one), both are behind, and each player
  // writes his missing moves in; neither sheet is wrong.
  const bool both_behind = !rel[std::size_t(right)].leads &&
                           r.divergence.kind == DifferenceKind::SheetBehind &&
                           r.divergence.sheet == 1 - right;
  r.right_sheet = both_behind ? -1 : right;
  const std::vector<Move>& ahead = rel[std::size_t(right)].ahead;
  r.sheet_edits[std::size_t(1 - right)] =
      sheet_edits(r.sheets, r.divergence, 1 - right, right, r.agreed_plies, ahead);
  r.sheet_edits[std::size_t(right)] = edits_for_ahead(r.sheets[std::size_t(right)], ahead);
}

// Whether the sheets differ only by moves written twice (each copy recognised as not played), so
// that they agree on every move played once the copies are struck out (Art. 8.1): the reference
// reads through, and the alignment pairs every other written move of both sheets to their ends.
// Every other kind of difference puts a move in dispute (played or not, in which order, which
// one), and D.2.9 then retraces to where the sheets last agree.
bool only_copies(const Reconciliation& r) {
  const Divergence& d = r.divergence;
  if (d.findings.empty() || d.unread_from || !d.agree_again) return false;
  for (const SheetFinding& f : d.findings)
    if (f.kind != DifferenceKind::DuplicateMove) return false;
  const SheetReading& ref = r.sheets[std::size_t(d.reference)];
  if (!ref.fully_read() || ref.cut()) return false;
  std::array<std::size_t, 2> covered = {r.agreed_plies, r.agreed_plies};
  for (const AlignedRow& row : d.alignment) {
    if (row.status != AlignedRow::Status::Agree && row.status != AlignedRow::Status::OneSheetOnly)
      return false;
    for (std::size_t s = 0; s < 2; ++s)
      if (row.ply[s]) covered[s] = std::max(covered[s], *row.ply[s] + 1);
  }
  return covered[0] == r.sheets[0].plies.size() && covered[1] == r.sheets[1].plies.size();
}

// The boards differ (D.2.9): agreeing sheets give the position; differing sheets are retraced to
// where they agree, unless one is only behind and both boards show where the other leads.
void boards_differ(Reconciliation& r) {
  if (r.sheets_agree) {
    r.procedure = Procedure::AdjustBoards;
    return;
  }
  // D.2.9's first case: "the two scoresheets are found to correspond" once a copy written twice
  // is struck out (Art. 8.1): the board that differs is adjusted, nothing is retraced.
  if (only_copies(r)) {
    const int right = r.divergence.reference;
    const SheetReading& ref = r.sheets[std::size_t(right)];
    r.procedure = Procedure::AdjustBoards;
    r.right_sheet = right;
    r.target_plies = ref.read_plies;
    r.target = ref.positions.back();
    r.sheet_edits[std::size_t(1 - right)] =
        sheet_edits(r.sheets, r.divergence, 1 - right, right, r.agreed_plies, {});
    return;
  }
  r.procedure = Procedure::Retrace;
  for (std::size_t s = 0; s < 2; ++s)
    for (std::size_t i = r.agreed_plies; i < r.sheets[s].plies.size(); ++i)
      r.retraced[s].push_back(i);
}

// What the board log says: the ply where it leaves the moves the board should have had, and
// whether it leads to what stands on the board.
void read_log(const Position& start, const PhysicalBoard& board, const std::vector<Move>& moves,
              const std::vector<Position>& positions, BoardCorrection& c) {
  const std::vector<Move>& log = *board.log;
  for (std::size_t i = 0; i < std::min(log.size(), moves.size()); ++i) {
    if (log[i] == moves[i]) continue;
    const Position& before = positions[i];
    const bool legal = is_legal_move(before, log[i]);
    c.went_wrong = WrongMove{i,
                             moves[i],
                             log[i],
                             to_san(before, moves[i]),
                             legal ? to_san(before, log[i]) : to_uci(log[i]),
                             true};
    break;
  }
  Position end = start;
  for (const Move m : log) {
    if (!is_legal_move(end, m)) {
      c.log = LogFinding::IllegalMove;
      return;
    }
    end.play(m);
  }
  c.logged = log.size();
  if (!end.same_placement(board.placement))
    c.log =
        !c.went_wrong && log.size() < moves.size() ? LogFinding::EndsEarly : LogFinding::Displaced;
}

// Each board against the position it must show (the first target_plies moves of `ref`): its
// steps when the boards are corrected at all, and what its log says in any case.
void correct_boards(Reconciliation& r, const ReconcileInput& input, const SheetReading& ref) {
  const std::size_t plies = std::min(r.target_plies, ref.read_plies);
  std::vector<Move> moves;
  moves.reserve(plies);
  for (std::size_t i = 0; i < plies; ++i) moves.push_back(ref.move(i));
  const std::vector<Position>& positions = ref.positions;  // positions[i] before moves[i]
  const bool boards_stand =
      r.procedure == Procedure::CorrectSheets || r.procedure == Procedure::NothingToCorrect;
  const bool infer = !boards_stand && r.target_plies == ref.read_plies && r.target_plies > 0 &&
                     (r.sheets_agree || r.procedure == Procedure::AdjustBoards ||
                      r.divergence.kind == DifferenceKind::SheetBehind);
  for (std::size_t b = 0; b < 2; ++b) {
    const PhysicalBoard& board = input.boards[b];
    BoardCorrection& c = r.corrections[b];
    c.board = int(b);
    if (!boards_stand) c.steps = correction_steps(board.placement, r.target);
    if (board.log) {
      read_log(input.start, board, moves, positions, c);
    } else if (c.needed() && infer) {
      c.went_wrong = infer_wrong_move(positions, moves, board.placement, 8);
      if (!c.went_wrong) {
        c.ahead = moves_ahead(r.target, board.placement);
        Position pos = r.target;
        for (const Move m : c.ahead) {
          c.ahead_san.push_back(to_san(pos, m));
          pos.play(m);
        }
      }
    }
  }
}

// D.2.9: "the arbiter readjusts the clocks accordingly" (only when moves are retraced).
ClockProposal propose_clock(const Reconciliation& r, const ReconcileInput& input) {
  ClockProposal c;
  c.ply = r.target_plies;
  c.readjust = retracing(r);
  if (!c.readjust) return c;
  if (!input.clock_log) {
    c.basis = ClockProposal::Basis::NoLog;
    return c;
  }
  const ClockPly* found = nullptr;
  for (const ClockPly& p : *input.clock_log)
    if (p.ply >= 0 && std::size_t(p.ply) <= r.target_plies) found = &p;
  if (found == nullptr) {
    c.basis = ClockProposal::Basis::NoReading;
    return c;
  }
  c.reading = *found;
  c.basis = std::size_t(found->ply) == r.target_plies ? ClockProposal::Basis::AtPoint
                                                      : ClockProposal::Basis::Earlier;
  // D.2.9 goes back to a point of the game, not to before what the arbiter did there: a change
  // recorded after the reading's move and before the next one (Art. 7.5.5's minutes added, an
  // adjustment) is the clocks' last state at that point.
  for (const ClockChange& change : input.clock_changes) {
    if (change.ply < found->ply) continue;
    if (std::size_t(change.ply) > r.target_plies) {
      c.later.push_back(change);
    } else if (change.remaining) {
      c.reading->remaining[WHITE] = (*change.remaining)[WHITE];
      c.reading->remaining[BLACK] = (*change.remaining)[BLACK];
      c.applied.push_back(change);
    } else {
      c.unapplied.push_back(change);
    }
  }
  return c;
}

}  // namespace

Reconciliation reconcile(const ReconcileInput& input) {
  Reconciliation r;
  r.start = input.start;
  r.color_a = input.color_a;
  for (std::size_t b = 0; b < 2; ++b) r.boards[b] = input.boards[b].placement;
  for (std::size_t s = 0; s < 2; ++s) r.sheets[s] = read_sheet(input.start, input.sheets[s]);
  const SheetReading& A = r.sheets[0];
  const SheetReading& B = r.sheets[1];

  // D.2.9: compare the sheets move by move (as moves, not as text).
  std::size_t p = 0;
  const std::size_t both_read = std::min(A.read_plies, B.read_plies);
  while (p < both_read && A.move(p) == B.move(p)) ++p;
  r.agreed_plies = p;
  r.agreed_position = A.positions[p];
  r.sheets_agree = p == A.plies.size() && p == B.plies.size();
  r.target_plies = p;
  r.target = r.agreed_position;
  if (!r.sheets_agree) r.divergence = classify_divergence(r.sheets, input.boards, p);

  // D.2.9 starts "if different positions arise on the two boards".
  r.boards_agree = r.boards[0].same_placement(r.boards[1]);
  if (r.boards_agree)
    boards_agree(r);
  else
    boards_differ(r);

  // A sheet on which (almost) nothing reads as moves is no record of the game (Art. 8.1): no
  // cell of it is ordered corrected; the arbiter checks the file first (the app says so).
  for (std::size_t s = 0; s < 2; ++s)
    if (r.sheets[s].no_moves()) r.sheet_edits[s].clear();
  correct_boards(r, input, r.sheets[std::size_t(std::max(r.right_sheet, 0))]);
  for (int b = 0; b < 2; ++b)
    for (int s = 0; s < 2; ++s)
      r.standings.push_back(
          stand(input.boards[std::size_t(b)].placement, b, r.sheets[std::size_t(s)], s));
  r.clock = propose_clock(r, input);
  return r;
}

}  // namespace annabella::core
