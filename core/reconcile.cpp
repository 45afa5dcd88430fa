// D.2.9 reconciliation (see reconcile.h for the rule text).
//
// The sheets are compared as moves, never as text: each written move is read leniently at its
// point of the game, so "Sf3" (German) and "Nf3", or "Qh5" and "Qh5+", are the same move. Where the
// moves part, the sheet read furthest becomes the reference and the other sheet's written moves
// are aligned to its moves by a bounded edit distance (Aligner below): runs of plies left out or
// extra, moves written twice, one side's moves only, swapped moves and different or unreadable
// moves, each with the point where the sheets agree again. An alignment that needs too many
// differences, or that several explanations fit equally well, is reported as such, not guessed.
// Board logs, the boards themselves and which sheet reads through decide between "left out of
// one" and "extra on the other". The retrace point stays where the sheets last agree (D.2.9).
#include "core/reconcile.h"

#include <algorithm>

#include "core/bitboard.h"

namespace annabella::core {
namespace {

// Where `board` stands relative to the positions of a sheet.
BoardStanding stand(int board_index, int sheet_index, const Position& board,
                    const SheetReading& sheet) {
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

std::string steps_count(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " step" : " steps");
}

std::string clock_text(ClockDuration t) {
  const long long total_s = std::chrono::duration_cast<std::chrono::seconds>(t).count();
  const long long h = total_s / 3600, m = total_s / 60 % 60, s = total_s % 60;
  std::string out;
  if (h > 0) out += std::to_string(h) + " h ";
  out += std::to_string(m) + " min " + std::to_string(s) + " s";
  return out;
}

}  // namespace

std::string agreement_note(const Reconciliation& r) {
  const Divergence& d = r.divergence;
  if (!d.agree_again) return "";
  const int R = d.reference, O = 1 - d.reference;
  const std::size_t ref_ply = (*d.agree_again)[std::size_t(R)];
  const std::size_t other_ply = (*d.agree_again)[std::size_t(O)];
  std::string s = std::string("Sheet ") + side_letter(O) + " agrees with sheet " + side_letter(R) +
                  " again from " + ply_name(r.start, ref_ply) + " on";
  if (other_ply != ref_ply)
    s += std::string(" (in sheet ") + side_letter(O) + "'s cell for " +
         ply_name(r.start, other_ply) + ")";
  return s + " once the differences above are put right. That is for your information: D.2.9 " +
         "retraces the moves to the last point where both sheets agree, " +
         point_name(r, 0, r.agreed_plies) + ", and the clocks go back to that point.";
}

std::string ahead_text(const Reconciliation& r, int board) {
  const BoardCorrection& c = r.corrections[std::size_t(board)];
  if (c.ahead.empty()) return "";
  std::string moves;
  for (std::size_t k = 0; k < c.ahead.size(); ++k)
    moves += (k ? ", " : "") + ply_name(r.start, r.target_plies + k) + " " + c.ahead_san[k];
  return std::string("Board ") + side_letter(board) + " shows " +
         (c.ahead.size() == 1 ? "one move" : "two moves") + " more than the sheets: " + moves +
         ", written on neither sheet. If " + (c.ahead.size() == 1 ? "it was" : "they were") +
         " played, the sheets are behind the board (Art. 8.1); you decide (D.2.9).";
}

std::string point_name(const Reconciliation& r, int sheet, std::size_t plies) {
  if (plies == 0) return "at the start of the game";
  const ReadPly& last = r.sheets[std::size_t(sheet)].plies[plies - 1];
  return "after " + ply_name(r.start, plies - 1) + ", " +
         (last.san.empty() ? last.written : last.san);
}

// ---------------------------------------------------------------------------------------------
// The procedure

Reconciliation reconcile(const ReconcileInput& input) {
  Reconciliation r;
  r.start = input.start;
  r.color_a = input.color_a;
  for (int b = 0; b < 2; ++b) r.boards[b] = input.boards[b].placement;
  for (int s = 0; s < 2; ++s) r.sheets[s] = read_sheet(input.start, input.sheets[s]);
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
  int reference_sheet = 0;  // the sheet whose moves lead to the target
  if (!r.sheets_agree) {
    r.divergence = classify_divergence(r.sheets, input.start, input.boards, p);
    // A sheet simply behind, with both boards at the longer sheet's end: nothing to retrace, the
    // shorter sheet is completed (Art. 8.1).
    if (r.divergence.kind == DifferenceKind::SheetBehind) {
      const int y = 1 - r.divergence.sheet;
      const SheetReading& Y = r.sheets[y];
      if (Y.fully_read() &&
          std::all_of(input.boards.begin(), input.boards.end(), [&](const BoardInput& b) {
            return b.placement.same_placement(Y.positions.back());
          })) {
        r.target_plies = Y.read_plies;
        r.target = Y.positions.back();
        reference_sheet = y;
        r.divergence.explanation += std::string(" Both boards show the position sheet ") +
                                    side_letter(y) + " leads to: sheet " +
                                    side_letter(r.divergence.sheet) +
                                    " is completed and nothing is retraced.";
      } else {
        r.divergence.explanation += std::string(" If player ") + side_letter(r.divergence.sheet) +
                                    " confirms the moves only sheet " + side_letter(y) +
                                    " has, his sheet can be completed instead of retracing them.";
      }
    }
    if (r.target_plies == p)
      for (int s = 0; s < 2; ++s)
        for (std::size_t i = p; i < r.sheets[s].plies.size(); ++i) r.retraced[s].push_back(i);
  }

  // Each board against the position it must show.
  const SheetReading& ref = r.sheets[reference_sheet];
  std::vector<Move> ref_moves;
  for (std::size_t i = 0; i < r.target_plies; ++i) ref_moves.push_back(ref.move(i));
  const std::vector<Position> ref_positions(ref.positions.begin(),
                                            ref.positions.begin() + long(r.target_plies) + 1);
  for (int b = 0; b < 2; ++b) {
    const BoardInput& board = input.boards[b];
    BoardCorrection& c = r.corrections[b];
    c.board = b;
    c.steps = correction_steps(board.placement, r.target);
    if (board.log) {
      const std::vector<Move>& log = *board.log;
      // Where the log leaves the moves the board should have had.
      for (std::size_t i = 0; i < std::min(log.size(), ref_moves.size()); ++i) {
        if (log[i] == ref_moves[i]) continue;
        const Position& before = ref_positions[i];
        const bool legal = is_legal_move(before, log[i]);
        c.went_wrong = WrongMove{i,
                                 ref_moves[i],
                                 log[i],
                                 to_san(before, ref_moves[i]),
                                 legal ? to_san(before, log[i]) : to_uci(log[i]),
                                 true};
        break;
      }
      // The log's own end, to compare with what stands on the board.
      Position end = input.start;
      bool ok = true;
      for (std::size_t i = 0; i < log.size() && ok; ++i) {
        ok = is_legal_move(end, log[i]);
        if (ok) end.play(log[i]);
      }
      if (!ok)
        c.note = std::string("The log of board ") + side_letter(b) + " has an illegal move.";
      else if (!end.same_placement(board.placement))
        c.note = std::string("Board ") + side_letter(b) +
                 " does not show the position its own log leads to: pieces were displaced after "
                 "the last logged move.";
    } else if (c.needed() && r.target_plies == ref.read_plies && r.target_plies > 0 &&
               (r.sheets_agree || r.divergence.kind == DifferenceKind::SheetBehind)) {
      c.went_wrong = infer_wrong_move(ref_positions, ref_moves, board.placement, 8);
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
  for (int b = 0; b < 2; ++b)
    for (int s = 0; s < 2; ++s)
      r.standings.push_back(stand(b, s, input.boards[b].placement, r.sheets[s]));

  // D.2.9: the arbiter readjusts the clocks when moves are retraced.
  const bool retracing = !r.retraced[0].empty() || !r.retraced[1].empty();
  r.clock.ply = r.target_plies;
  r.clock.readjust = retracing;
  if (!retracing) {
    r.clock.note = "No moves are retraced: the clocks are not readjusted.";
  } else if (!input.clock_log) {
    r.clock.note = "No clock log: the arbiter decides the times (D.2.9).";
  } else {
    const ClockPly* found = nullptr;
    for (const ClockPly& c : *input.clock_log)
      if (c.ply >= 0 && std::size_t(c.ply) <= r.target_plies) found = &c;
    if (!found) {
      r.clock.note = "The clock log has no reading at or before ply " +
                     std::to_string(r.target_plies) + ": the arbiter decides the times (D.2.9).";
    } else {
      r.clock.reading = *found;
      r.clock.note = "Set the clocks to White " + clock_text(found->remaining[WHITE]) + ", Black " +
                     clock_text(found->remaining[BLACK]) + " (clock log, " +
                     (std::size_t(found->ply) == r.target_plies
                          ? "at that point"
                          : "nearest earlier reading, ply " + std::to_string(found->ply)) +
                     "; D.2.9).";
    }
  }
  return r;
}

// ---------------------------------------------------------------------------------------------
// Text for the arbiter

std::string arbiter_text(const Reconciliation& r) {
  std::string t = "D.2.9 reconciliation: the two boards show different positions.\n";
  int n = 0;
  auto item = [&](const std::string& heading) {
    t += "\n" + std::to_string(++n) + ". " + heading + "\n";
  };
  auto player = [&](int i) {
    const Color c = i == 0 ? r.color_a : ~r.color_a;
    return std::string("player ") + side_letter(i) + ", " + (c == WHITE ? "White" : "Black");
  };

  item("Scoresheets");
  for (int s = 0; s < 2; ++s) {
    const SheetReading& sh = r.sheets[s];
    t += std::string("Sheet ") + side_letter(s) + ": " + std::to_string(sh.plies.size()) +
         " written moves, read as " + sh.letters.name + " (" + sh.language_note + ").\n";
    if (!sh.fully_read())
      t += "  Reading stops at " + ply_name(r.start, sh.read_plies) + ", written \"" +
           sh.plies[sh.read_plies].written + "\": " + sh.plies[sh.read_plies].problem + ".\n";
  }
  if (r.sheets_agree) {
    t += "The two scoresheets agree (" + std::to_string(r.agreed_plies) + " plies, " +
         point_name(r, 0, r.agreed_plies) +
         "). Under D.2.9 the position they lead to is the right one.\n";
  } else {
    t += "The two scoresheets agree up to " + point_name(r, 0, r.agreed_plies) + " (" +
         std::to_string(r.agreed_plies) + " plies).\n";
    const Divergence& d = r.divergence;
    if (d.findings.size() <= 1) {
      t += "Then: " + std::string(difference_name(d.kind)) + ". " + d.explanation + "\n";
    } else {
      // One line a difference, in order, for reading aloud and on a braille display.
      for (std::size_t k = 0; k < d.findings.size(); ++k)
        t += std::string(k ? "Further on: " : "Then: ") +
             std::string(difference_name(d.findings[k].kind)) + ". " + d.findings[k].explanation +
             "\n";
      if (!d.note.empty()) t += d.note + "\n";
    }
  }

  item("Where the boards stand");
  for (const BoardStanding& st : r.standings) {
    t += std::string("Board ") + side_letter(st.board) + " ";
    if (st.matches_after)
      t += "matches sheet " + std::string(1, side_letter(st.sheet)) + " " +
           point_name(r, st.sheet, *st.matches_after) + ".\n";
    else
      t += "matches no point of sheet " + std::string(1, side_letter(st.sheet)) + "; nearest " +
           point_name(r, st.sheet, st.nearest_after) + ", " + std::to_string(st.squares_off) +
           " squares differ.\n";
  }

  item("Position to set up on both boards");
  const bool retracing = !r.retraced[0].empty() || !r.retraced[1].empty();
  if (retracing) {
    t += "Under D.2.9 the moves are retraced to where both sheets agree: the position " +
         point_name(r, 0, r.target_plies) + ".\n";
    if (r.divergence.agree_again) t += agreement_note(r) + "\n";
    for (int s = 0; s < 2; ++s) {
      t += std::string("Retraced from sheet ") + side_letter(s) + ": ";
      if (r.retraced[s].empty()) t += "nothing";
      for (std::size_t k = 0; k < r.retraced[s].size(); ++k) {
        const ReadPly& ply = r.sheets[s].plies[r.retraced[s][k]];
        t += (k ? ", " : "") + ply_name(r.start, r.retraced[s][k]) + " " +
             (ply.written.empty() ? "(blank)" : ply.written);
      }
      t += ".\n";
    }
  } else {
    t += "The position " +
         point_name(r, r.sheets_agree ? 0 : 1 - r.divergence.sheet, r.target_plies) + ".\n";
  }
  t += "FEN: " + r.target.fen() + "\n";

  item("Corrections");
  for (int b = 0; b < 2; ++b) {
    const BoardCorrection& c = r.corrections[b];
    t += std::string("Board ") + side_letter(b) + " (" + player(b) + "): ";
    if (!c.needed()) {
      t += "already right, nothing to change.\n";
    } else {
      t += steps_count(c.steps.size()) + ".\n";
      for (std::size_t i = 0; i < c.steps.size(); ++i)
        t += "  Step " + std::to_string(i + 1) + ": " + describe(c.steps[i]) + ".\n";
    }
    if (c.went_wrong) {
      const WrongMove& w = *c.went_wrong;
      const bool white_moved = (std::size_t(r.start.game_ply()) + w.ply) % 2 == 0;
      const Color owner = b == 0 ? r.color_a : ~r.color_a;
      const Color moved = white_moved ? WHITE : BLACK;
      t += std::string("  Board ") + side_letter(b) + " went wrong at " + ply_name(r.start, w.ply) +
           ": " + w.played_san + " was made where the sheets have " + w.expected_san +
           (w.from_log ? " (board log)" : " (inferred from the board)") + ".\n";
      if (moved == owner)
        t += std::string("  Player ") + side_letter(b) +
             " wrote the correct move but made a different one on his board: under D.2.9 he "
             "must adjust his position to match the scoresheets.\n";
      else
        t += std::string("  It was the opponent's move, executed wrongly on board ") +
             side_letter(b) + " (D.2.1): board " + side_letter(b) +
             " is adjusted to match the scoresheets.\n";
    }
    if (!c.ahead.empty()) t += "  " + ahead_text(r, b) + "\n";
    if (!c.note.empty()) t += "  " + c.note + "\n";
  }

  item("Clocks");
  t += r.clock.note + "\n";
  return t;
}

}  // namespace annabella::core
