// The D.2.9 reconciliation as JSON, written by hand (no library): the format is small and fixed.
// Every string goes through printable_utf8, so the output is valid UTF-8 whatever a sheet holds.
#include <chrono>

#include "app/json_text.h"
#include "app/reconcile_report.h"
#include "app/reconcile_text.h"

namespace annabella::app {
namespace {

using core::CorrectionStep;
using core::Reconciliation;

// A JSON string of any text: bytes that are not UTF-8 shown as \xHH.
std::string js(std::string_view text) {
  return json_string(printable_utf8(text));
}
std::string js_or_null(const std::string& text) {
  return text.empty() ? "null" : js(text);
}

std::string square_or_null(core::Square s) {
  return s == core::SQ_NONE ? "null" : js(core::square_name(s));
}

long long ms(core::ClockDuration t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t).count();
}

std::string optional_number(const std::optional<std::size_t>& n) {
  return n ? std::to_string(*n) : "null";
}

std::string color_word(core::Color c) {
  return std::string(core::color_name(c));
}

// {"A": n, "B": m} for a pair of written moves, or null.
std::string sheet_pair(const std::optional<std::array<std::size_t, 2>>& w) {
  return w ? "{\"A\": " + std::to_string((*w)[0]) + ", \"B\": " + std::to_string((*w)[1]) + "}"
           : "null";
}

std::string sheet_or_null(int sheet) {
  return sheet < 0 ? "null" : "\"" + std::string(1, side_letter(sheet)) + "\"";
}

std::string_view procedure_key(core::Procedure p) {
  switch (p) {
    case core::Procedure::NothingToCorrect:
      return "nothing_to_correct";
    case core::Procedure::CorrectSheets:
      return "correct_sheets";
    case core::Procedure::AdjustBoards:
      return "adjust_boards";
    case core::Procedure::Retrace:
      return "retrace";
    case core::Procedure::BoardsUnexplained:
      return "boards_unexplained";
  }
  return "";
}

// The reconciliation the worded fields come from (in_letters: the moves in the report's
// letters), a type of its own so that it is never passed for the one the machine fields come from.
struct Worded {
  const Reconciliation& r;
};

std::string_view edit_key(core::SheetEdit::Kind kind) {
  switch (kind) {
    case core::SheetEdit::Kind::Write:
      return "write";
    case core::SheetEdit::Kind::StrikeOut:
      return "strike_out";
    case core::SheetEdit::Kind::Replace:
      return "replace";
    case core::SheetEdit::Kind::RewriteFrom:
      return "rewrite_from";
  }
  return "";
}

std::string sheet_json(const Reconciliation& r, Worded worded, int s) {
  const Reconciliation& w = worded.r;
  const core::SheetReading& sh = r.sheets[std::size_t(s)];
  std::string j = "{\"name\": \"" + std::string(1, side_letter(s)) + "\", ";
  j += "\"language\": " + js(sh.letters.code) + ", ";
  j += "\"language_note\": " + js(language_note(sh)) + ", ";
  j += "\"language_warning\": " + js_or_null(language_warning(w, s)) + ", ";
  j += "\"no_moves\": " + js_or_null(no_moves_note(w, s)) + ", ";
  j += "\"other_language\": " +
       (sh.other_language
            ? "{\"language\": " + js(sh.other_language->letters.code) +
                  ", \"read_plies\": " + std::to_string(sh.other_language->read_plies) + "}"
            : std::string("null")) +
       ", ";
  j += "\"written_plies\": " + std::to_string(sh.written) + ", ";
  j += "\"read_plies\": " + std::to_string(sh.read_plies) + ",\n     \"plies\": [";
  for (std::size_t i = 0; i < sh.plies.size(); ++i) {
    const core::ReadPly& p = sh.plies[i];
    j += i ? ",\n       {" : "\n       {";
    j += "\"ply\": " + std::to_string(i) + ", ";
    j += "\"name\": " + js(ply_name(r.start, i)) + ", ";
    j += "\"line\": " + std::to_string(p.line) + ", ";
    j += "\"written\": " + js(p.written) + ", ";
    j += "\"san\": " + (p.move ? js(p.san) : "null") + ", ";
    j += "\"uci\": " + (p.move ? js(core::to_uci(*p.move)) : "null") + ", ";
    j += "\"problem\": " + (p.move ? "null" : js_or_null(problem_text(p))) + ", ";
    j += "\"note\": " + js_or_null(cell_note(w, {.sheet = s, .ply = i})) + "}";
  }
  return j + "]}";
}

std::string divergence_json(const Reconciliation& r, Worded worded) {
  const Reconciliation& w = worded.r;
  const core::Divergence& d = r.divergence;
  const bool none = d.kind == core::DifferenceKind::None;
  std::string j =
      "{\"kind\": " + js(difference_key(d.kind)) + ", \"label\": " + js(difference_label(d.kind)) +
      ", \"ply\": " + (none ? "null" : std::to_string(d.ply)) +
      ", \"sheet\": " + sheet_or_null(d.sheet) + ", \"count\": " + std::to_string(d.count) +
      ", \"rejoin_after\": " + optional_number(d.rejoin_after) +
      ", \"explanation\": " + js(divergence_text(w)) +
      ",\n    \"reference\": " + (none ? "null" : sheet_or_null(d.reference)) +
      ", \"agree_again\": " + sheet_pair(d.agree_again) + ",\n    \"findings\": [";
  for (std::size_t k = 0; k < d.findings.size(); ++k) {
    const core::SheetFinding& f = d.findings[k];
    j += std::string(k ? ",\n      " : "\n      ") + "{\"kind\": " + js(difference_key(f.kind)) +
         ", \"label\": " + js(difference_label(f.kind)) + ", \"sheet\": " + sheet_or_null(f.sheet) +
         ", \"ply\": " + std::to_string(f.ply) + ", \"name\": " + js(ply_name(r.start, f.ply)) +
         ", \"count\": " + std::to_string(f.count) +
         ", \"agree_again\": " + sheet_pair(f.agree_again) +
         ", \"explanation\": " + js(finding_text(w, w.divergence.findings[k])) + "}";
  }
  j += "],\n    \"alignment\": [";
  for (std::size_t k = 0; k < d.alignment.size(); ++k) {
    const core::AlignedRow& row = d.alignment[k];
    j += std::string(k ? ",\n      " : "\n      ") + "{\"A\": " + optional_number(row.ply[0]) +
         ", \"B\": " + optional_number(row.ply[1]) + ", \"status\": " + js(row_key(row.status)) +
         ", \"finding\": " + (row.finding < 0 ? "null" : std::to_string(row.finding)) + "}";
  }
  return j + "]}";
}

std::string edits_json(const Reconciliation& r, Worded worded) {
  const Reconciliation& w = worded.r;
  std::string j = "{";
  for (int s = 0; s < 2; ++s) {
    j += std::string(s ? ", " : "") + "\"" + side_letter(s) + "\": [";
    const auto& edits = r.sheet_edits[std::size_t(s)];
    for (std::size_t k = 0; k < edits.size(); ++k) {
      const core::SheetEdit& e = edits[k];
      const bool move =
          e.kind == core::SheetEdit::Kind::Write || e.kind == core::SheetEdit::Kind::Replace;
      j += std::string(k ? ", " : "") + "{\"kind\": " + js(edit_key(e.kind)) +
           ", \"cell\": " + std::to_string(e.cell) + ", \"ply\": " +
           (e.kind != core::SheetEdit::Kind::StrikeOut ? std::to_string(e.ply) : "null") +
           ", \"san\": " + (move ? js(e.san) : "null") +
           ", \"written\": " + (move ? js(e.sheet_san) : "null") +
           ", \"text\": " + js(sheet_edit_text(w, s, w.sheet_edits[std::size_t(s)][k])) + "}";
    }
    j += "]";
  }
  return j + "}";
}

std::string steps_json(const core::BoardCorrection& c, const SpokenSteps* spoken) {
  const std::size_t b = std::size_t(c.board);
  std::string j;
  for (std::size_t k = 0; k < c.steps.size(); ++k) {
    const CorrectionStep& st = c.steps[k];
    j += std::string(k ? ",\n       " : "\n       ") + "{\"kind\": " + js(step_key(st.kind)) +
         ", \"piece\": " + js(core::piece_type_name(core::type_of(st.piece))) +
         ", \"color\": " + js(color_word(core::color_of(st.piece))) +
         ", \"from\": " + square_or_null(st.from) + ", \"to\": " + square_or_null(st.to) +
         ", \"text\": " + js(step_text(st)) + ", \"spoken\": " +
         (spoken && k < spoken->spoken[b].size() ? js(spoken->spoken[b][k]) : "null") +
         ", \"spoken_display\": " +
         (spoken && k < spoken->display[b].size() ? js(spoken->display[b][k]) : "null") + "}";
  }
  return j;
}

std::string board_json(const Reconciliation& r, Worded worded, int b, const SpokenSteps* spoken) {
  const Reconciliation& w = worded.r;
  const core::BoardCorrection& c = r.corrections[std::size_t(b)];
  std::string j = "{\"name\": \"" + std::string(1, side_letter(b)) + "\", ";
  j += "\"player_color\": " + js(color_word(b == 0 ? r.color_a : ~r.color_a)) + ", ";
  j += "\"fen\": " + js(r.boards[std::size_t(b)].fen()) + ", ";
  j += "\"differing_squares\": [";
  const auto diff = differing_squares(r.boards[std::size_t(b)], r.target);
  for (std::size_t k = 0; k < diff.size(); ++k)
    j += std::string(k ? ", " : "") + js(core::square_name(diff[k]));
  j += "],\n     \"steps\": [" + steps_json(c, spoken) + "],\n     \"went_wrong\": ";
  if (c.went_wrong) {
    const core::WrongMove& wrong = *c.went_wrong;
    j += "{\"ply\": " + std::to_string(wrong.ply) +
         ", \"name\": " + js(ply_name(r.start, wrong.ply)) +
         ", \"expected\": " + js(wrong.expected_san) + ", \"played\": " + js(wrong.played_san) +
         ", \"expected_uci\": " + js(core::to_uci(wrong.expected)) +
         ", \"played_uci\": " + js(core::to_uci(wrong.played)) +
         ", \"from_log\": " + (wrong.from_log ? "true" : "false") + "}";
  } else {
    j += "null";
  }
  j += ", \"ahead\": [";
  for (std::size_t k = 0; k < c.ahead.size(); ++k)
    j += std::string(k ? ", " : "") + "{\"ply\": " + std::to_string(r.target_plies + k) +
         ", \"name\": " + js(ply_name(r.start, r.target_plies + k)) +
         ", \"san\": " + js(c.ahead_san[k]) + ", \"uci\": " + js(core::to_uci(c.ahead[k])) + "}";
  return j + "], \"note\": " + js_or_null(log_text(w, b)) + "}";
}

// The JSON key of a clock change's kind (English, as every key).
std::string_view change_key(core::ClockChange::Kind kind) {
  using K = core::ClockChange::Kind;
  switch (kind) {
    case K::Adjusted:
      return "adjusted";
    case K::Penalty:
      return "penalty";
    case K::IllegalMove:
      return "illegal_move";
    case K::IncorrectClaim:
      return "incorrect_claim";
    case K::Increment:
      return "increment";
    case K::ClaimPostponed:
      return "claim_postponed";
    case K::ClaimRefused:
      return "claim_refused";
    case K::Comment:
      return "comment";
  }
  return "";
}

// The clock changes near the point the clocks go back to (D.2.9): in the times ("included"),
// at the point without times ("not_included"), or after it ("later").
std::string clock_changes_json(const Reconciliation& r) {
  std::string j = "[";
  const auto add = [&](const std::vector<core::ClockChange>& changes, std::string_view where) {
    for (const core::ClockChange& c : changes) {
      j += std::string(j.size() > 1 ? ", " : "") + "{\"where\": " + js(where) +
           ", \"kind\": " + js(change_key(c.kind)) + ", \"ply\": " + std::to_string(c.ply) +
           ", \"by\": " + (c.by ? js(color_word(*c.by)) : "null") + ", \"white_ms\": " +
           (c.remaining ? std::to_string(ms((*c.remaining)[core::WHITE])) : "null") +
           ", \"black_ms\": " +
           (c.remaining ? std::to_string(ms((*c.remaining)[core::BLACK])) : "null") +
           ", \"text\": " + js(clock_change_text(r.start, c)) + "}";
    }
  };
  add(r.clock.applied, "included");
  add(r.clock.unapplied, "not_included");
  add(r.clock.later, "later");
  return j + "]";
}

std::string clock_json(const Reconciliation& r) {
  const core::ClockProposal& cl = r.clock;
  return "{\"readjust\": " + std::string(cl.readjust ? "true" : "false") +
         ", \"ply\": " + std::to_string(cl.ply) +
         ", \"reading_ply\": " + (cl.reading ? std::to_string(cl.reading->ply) : "null") +
         ", \"white_ms\": " +
         (cl.reading ? std::to_string(ms(cl.reading->remaining[core::WHITE])) : "null") +
         ", \"black_ms\": " +
         (cl.reading ? std::to_string(ms(cl.reading->remaining[core::BLACK])) : "null") +
         ", \"changes\": " + clock_changes_json(r) + ", \"note\": " + js(clock_text(r)) + "}";
}

}  // namespace

std::string reconciliation_json(const Reconciliation& r, const SpokenSteps* spoken,
                                const std::vector<std::string>& notes,
                                const Reconciliation* worded) {
  const Reconciliation& w = worded != nullptr ? *worded : r;  // for the worded fields
  std::string j = "{\n";
  j += "  \"rule\": \"D.2.9\",\n";
  j += "  \"headline\": " + js(headline(w)) + ",\n";
  j += "  \"notes\": [";
  for (std::size_t k = 0; k < notes.size(); ++k) j += (k ? ", " : "") + js(notes[k]);
  j += "],\n";
  j += "  \"boards_agree\": " + std::string(r.boards_agree ? "true" : "false") + ",\n";
  j += "  \"procedure\": " + js(procedure_key(r.procedure)) + ",\n";
  j += "  \"what_to_do\": " + js(position_text(w)) + ",\n";
  j += "  \"start_fen\": " + js(r.start.fen()) + ",\n";
  j += "  \"player_a_color\": " + js(color_word(r.color_a)) + ",\n";
  j += "  \"sheets\": [\n    " + sheet_json(r, {w}, 0) + ",\n    " + sheet_json(r, {w}, 1) +
       "\n  ],\n";
  j += "  \"sheets_agree\": " + std::string(r.sheets_agree ? "true" : "false") + ",\n";
  j += "  \"agreed_plies\": " + std::to_string(r.agreed_plies) + ",\n";
  j += "  \"agreed_fen\": " + js(r.agreed_position.fen()) + ",\n";
  j += "  \"divergence\": " + divergence_json(r, {w}) + ",\n";
  j += "  \"target\": {\"plies\": " + std::to_string(r.target_plies) + ", \"point\": " +
       js(point_name(w, {.sheet = std::max(r.right_sheet, 0), .ply = r.target_plies})) +
       ", \"fen\": " + js(r.target.fen()) + "},\n";
  j += "  \"right_sheet\": " + sheet_or_null(r.right_sheet) + ",\n";
  j += "  \"sheet_edits\": " + edits_json(r, {w}) + ",\n";
  j += "  \"retraced\": {";
  for (int s = 0; s < 2; ++s) {
    const auto& retraced = r.retraced[std::size_t(s)];
    j += std::string(s ? ", " : "") + "\"" + side_letter(s) + "\": [";
    for (std::size_t k = 0; k < retraced.size(); ++k)
      j += std::string(k ? ", " : "") + "{\"ply\": " + std::to_string(retraced[k]) +
           ", \"written\": " + js(r.sheets[std::size_t(s)].plies[retraced[k]].written) + "}";
    j += "]";
  }
  j += "},\n";
  j += "  \"boards\": [\n    " + board_json(r, {w}, 0, spoken) + ",\n    " +
       board_json(r, {w}, 1, spoken) + "\n  ],\n";
  j += "  \"standings\": [";
  for (std::size_t k = 0; k < r.standings.size(); ++k) {
    const core::BoardStanding& st = r.standings[k];
    j += std::string(k ? ",\n    " : "\n    ") + "{\"board\": \"" + side_letter(st.board) +
         "\", \"sheet\": \"" + side_letter(st.sheet) +
         "\", \"matches_after\": " + optional_number(st.matches_after) +
         ", \"nearest_after\": " + std::to_string(st.nearest_after) +
         ", \"squares_off\": " + std::to_string(st.squares_off) + "}";
  }
  j += "\n  ],\n";
  j += "  \"clock\": " + clock_json(w) + ",\n";
  j += "  \"spoken_profile\": " + (spoken ? js(spoken->profile) : "null") + ",\n";
  j += "  \"text\": " + js(arbiter_text(w, notes)) + "\n";
  return j + "}\n";
}

}  // namespace annabella::app
