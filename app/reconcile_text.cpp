// The arbiter's words for the D.2.9 reconciliation: the sheets, boards and clocks (the findings
// are in reconcile_findings.cpp, the whole report, arbiter_text, in reconcile_text_report.cpp).
#include "app/reconcile_text.h"

#include <chrono>
#include <cstdio>

#include "app/i18n.h"
#include "app/move_text.h"
#include "app/station_text.h"
#include "core/notation_writer.h"

namespace annabella::app {
namespace {

using core::DifferenceKind;
using core::Reconciliation;
using i18n::format;
using i18n::tr;
using i18n::tr_n;

const core::SheetReading& sheet_of(const Reconciliation& r, int s) {
  return r.sheets[std::size_t(s)];
}

std::string letter(int s) {
  return std::string(1, side_letter(s));
}

// The length of the valid UTF-8 sequence at text[i], or 0 when none starts there (a stray
// continuation byte, a truncated sequence, an overlong form, a surrogate, above U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto c = static_cast<unsigned char>(text[i]);
  if (c < 0x80) return 1;
  const std::size_t n = (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(text[i + k]) >> 6) != 0x2) return 0;
  const auto c1 = static_cast<unsigned char>(text[i + 1]);
  const bool bad = c == 0xC0 || c == 0xC1 || (c == 0xE0 && c1 < 0xA0) ||
                   (c == 0xED && c1 >= 0xA0) || (c == 0xF0 && c1 < 0x90) ||
                   (c == 0xF4 && c1 >= 0x90) || c > 0xF4;
  return bad ? 0 : n;
}

// "1 h 22 min 30 s"
std::string duration_words(core::ClockDuration t) {
  const long long total_s = std::chrono::duration_cast<std::chrono::seconds>(t).count();
  const long long h = total_s / 3600, m = total_s / 60 % 60, s = total_s % 60;
  const i18n::Places places = {
      {"h", std::to_string(h)}, {"m", std::to_string(m)}, {"s", std::to_string(s)}};
  // TRANSLATORS: a clock's time in the reconciliation: "1 h 22 min 30 s", "22 min 30 s".
  return h > 0 ? format(tr("{h} h {m} min {s} s"), places) : format(tr("{m} min {s} s"), places);
}

}  // namespace

core::PieceLetters report_letters() {
  // The catalog's code, as for the page's lang attribute (app/reconcile_report.cpp).
  auto letters = core::piece_letters_for(tr("en"));
  return letters ? *letters : core::english_letters();
}

core::Reconciliation in_letters(core::Reconciliation r, const core::PieceLetters& letters) {
  if (letters.code == core::english_letters().code) return r;
  const auto in = [&](std::string& san) { san = core::san_in_letters(san, letters); };
  for (core::SheetReading& sheet : r.sheets)
    for (core::ReadPly& ply : sheet.plies) in(ply.san);
  for (core::SheetFinding& f : r.divergence.findings) {
    in(f.evidence.san);
    for (core::FindingPly& p : f.plies) {
      for (std::string& san : p.san) in(san);
      in(p.evidence.san);
    }
  }
  for (auto& edits : r.sheet_edits)
    for (core::SheetEdit& e : edits) in(e.san);
  for (core::BoardCorrection& c : r.corrections) {
    if (c.went_wrong) {
      in(c.went_wrong->expected_san);
      in(c.went_wrong->played_san);
    }
    for (std::string& san : c.ahead_san) in(san);
  }
  return r;
}

char side_letter(int index) {
  return index == 0 ? 'A' : 'B';
}

std::string ply_name(const core::Position& start, std::size_t ply) {
  const std::size_t g = std::size_t(start.game_ply()) + ply;
  // TRANSLATORS: a move of a side by its number, used inside sentences ("after White's move 23,
  // Nf3", "for Black's move 4").
  return format(g % 2 ? tr("Black's move {n}") : tr("White's move {n}"),
                {{"n", std::to_string(g / 2 + 1)}});
}

std::string counted(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string agreement_sentence(const Reconciliation& r) {
  if (r.sheets_agree && r.agreed_plies == 0)
    return tr("The two scoresheets agree: neither has a move written.");
  const i18n::Places places = {{"n", std::to_string(r.agreed_plies)},
                               {"point", point_name(r, {.sheet = 0, .ply = r.agreed_plies})}};
  if (r.sheets_agree)
    return format(tr_n("The two scoresheets agree ({n} ply, {point}).",
                       "The two scoresheets agree ({n} plies, {point}).", r.agreed_plies),
                  places);
  if (r.agreed_plies == 0)
    return format(tr("The two scoresheets differ from {ply} on."), {{"ply", ply_name(r.start, 0)}});
  return format(tr_n("The two scoresheets agree up to {point} ({n} ply).",
                     "The two scoresheets agree up to {point} ({n} plies).", r.agreed_plies),
                places);
}

std::string point_name(const Reconciliation& r, SheetPly after) {
  const auto [sheet, plies] = after;
  if (plies == 0) return tr("at the start of the game");
  const core::SheetReading& sh = sheet_of(r, sheet);
  if (plies > sh.plies.size())
    return format(tr("after {ply}"), {{"ply", ply_name(r.start, plies - 1)}});
  // TRANSLATORS: a point of the game: "after White's move 23, Nf3".
  return format(tr("after {ply}, {move}"),
                {{"ply", ply_name(r.start, plies - 1)}, {"move", sh.shown(plies - 1)}});
}

std::string player_name(const Reconciliation& r, int index) {
  const core::Color c = index == 0 ? r.color_a : ~r.color_a;
  // TRANSLATORS: "player A, White".
  return format(c == core::WHITE ? tr("player {letter}, White") : tr("player {letter}, Black"),
                {{"letter", letter(index)}});
}

std::string step_text(const core::CorrectionStep& step) {
  const i18n::Places places = {{"piece", text::piece(step.piece)},
                               {"from", core::square_name(step.from)},
                               {"to", core::square_name(step.to)}};
  // TRANSLATORS: a correction step, short: "remove white pawn e4", "move black knight g5 f3".
  switch (step.kind) {
    case core::CorrectionStep::Kind::Remove:
      // A peg the pegboard did not see going in (it was away): no piece is named (tester #9).
      if (step.piece == core::NO_PIECE) return format(tr("remove the piece on {from}"), places);
      return format(tr("remove {piece} {from}"), places);
    case core::CorrectionStep::Kind::Move:
      return format(tr("move {piece} {from} {to}"), places);
    case core::CorrectionStep::Kind::Place:
      return format(tr("place {piece} {to}"), places);
  }
  return "";
}

std::string step_sentence(const core::CorrectionStep& step) {
  const i18n::Places places = {{"piece", text::piece(step.piece)},
                               {"from", core::square_name(step.from)},
                               {"to", core::square_name(step.to)}};
  switch (step.kind) {
    case core::CorrectionStep::Kind::Remove:
      if (step.piece == core::NO_PIECE) return format(tr("Remove the piece on {from}."), places);
      return format(tr("Remove the {piece} from {from}."), places);
    case core::CorrectionStep::Kind::Move:
      return format(tr("Move the {piece} from {from} to {to}."), places);
    case core::CorrectionStep::Kind::Place:
      return format(tr("Place a {piece} on {to}."), places);
  }
  return "";
}

std::string_view difference_label(DifferenceKind kind) {
  // TRANSLATORS: the kinds of difference between two scoresheets (D.2.9).
  switch (kind) {
    case DifferenceKind::None:
      return tr("none");
    case DifferenceKind::SheetBehind:
      return tr("one sheet behind");
    case DifferenceKind::MoveLeftOut:
      return tr("move left out");
    case DifferenceKind::ExtraMove:
      return tr("extra move");
    case DifferenceKind::MovesSwapped:
      return tr("two moves swapped");
    case DifferenceKind::IllegalMove:
      return tr("illegal move written");
    case DifferenceKind::UnreadableMove:
      return tr("unreadable move written");
    case DifferenceKind::DifferentMove:
      return tr("different moves");
    case DifferenceKind::DuplicateMove:
      return tr("move written twice");
    case DifferenceKind::OwnMovesOnly:
      return tr("only one side's moves written");
    case DifferenceKind::Unexplained:
      return tr("cannot be explained");
  }
  return "";
}

std::string problem_text(const core::ReadPly& ply) {
  if (ply.problem == core::PlyProblem::Blank) return tr("the cell is blank");
  if (ply.illegal)
    return format(tr("'{move}' is illegal: {why}"),
                  {{"move", ply.written}, {"why", text::illegal_move(*ply.illegal)}});
  return ply.reason ? text::move_read_error(*ply.reason) : std::string();
}

std::string cell_note(const Reconciliation& r, SheetPly cell) {
  const auto [sheet, ply] = cell;
  const core::SheetReading& sh = sheet_of(r, sheet);
  if (ply >= sh.read_plies || !sh.plies[ply].written_cell) return "";
  const auto [number, side] = *sh.plies[ply].written_cell;
  const core::Position& pos = sh.positions[ply];
  return format(
      tr("written as move {number} for {side}, but it is move {actual} for {actual_side}"),
      {{"number", std::to_string(number)},
       {"side", text::side(side)},
       {"actual", std::to_string(pos.fullmove_number())},
       {"actual_side", text::side(pos.side_to_move())}});
}

namespace {

// "; the same piece letters as Srpski (latinica) (sr)": the other built-in languages whose king,
// queen, rook, bishop and knight letters are those of `letters` (a sheet found to read in one
// reads in all of them), or "".
std::string same_letters(const core::PieceLetters& letters) {
  std::string names;
  for (const core::PieceLetters& l : core::builtin_piece_letters()) {
    if (l.code == letters.code) continue;
    bool same = true;
    for (int t = core::KNIGHT; t <= core::KING; ++t)
      same = same && l.letters[std::size_t(t)] == letters.letters[std::size_t(t)];
    if (same) names += (names.empty() ? "" : ", ") + l.name + " (" + l.code + ")";
  }
  return names.empty()
             ? ""
             : format(tr("; the same piece letters as {languages}"), {{"languages", names}});
}

// Why the language was chosen, before any other language with the same letters is named.
std::string language_reason(const core::SheetReading& sheet, const std::string& name) {
  switch (sheet.language) {
    case core::LanguageChoice::Given:
      return format(tr("given: {language}"), {{"language", name}});
    case core::LanguageChoice::Detected:
      return format(tr("found: {how}"), {{"how", text::language_detection(sheet.detection)}});
    case core::LanguageChoice::ReadsAll:
      return format(tr("found: {language} reads every written move"), {{"language", name}});
    case core::LanguageChoice::ReadsFurthest:
      return format(tr("no language reads every written move; {language} reads furthest"),
                    {{"language", name}});
  }
  return "";
}

}  // namespace

std::string language_note(const core::SheetReading& sheet) {
  const std::string reason =
      language_reason(sheet, sheet.letters.name + " (" + sheet.letters.code + ")");
  if (sheet.language == core::LanguageChoice::Given) return reason;
  return reason + same_letters(sheet.letters);
}

std::string language_warning(const Reconciliation& r, int sheet) {
  const core::SheetReading& sh = sheet_of(r, sheet);
  if (!sh.other_language) return "";
  const core::LanguageReach& other = *sh.other_language;
  const bool whole = other.read_plies == sh.plies.size();
  const std::string reach =
      whole ? tr("the whole sheet")
            : format(tr_n("{n} written move", "{n} written moves", other.read_plies),
                     {{"n", std::to_string(other.read_plies)}});
  return format(
      tr_n("Sheet {sheet} was given as {language} ({code}), which reads only {read} of its "
           "{n} written move (it stops at {ply}); {other} ({other_code}) reads {reach}. "
           "Check the language of sheet {sheet} before acting on what follows: "
           "everything below is read as {language}.",
           "Sheet {sheet} was given as {language} ({code}), which reads only {read} of its "
           "{n} written moves (it stops at {ply}); {other} ({other_code}) reads {reach}. "
           "Check the language of sheet {sheet} before acting on what follows: "
           "everything below is read as {language}.",
           sh.plies.size()),
      {{"sheet", letter(sheet)},
       {"language", sh.letters.name},
       {"code", sh.letters.code},
       {"read", std::to_string(sh.read_plies)},
       {"n", std::to_string(sh.plies.size())},
       {"ply", ply_name(r.start, sh.read_plies)},
       {"other", other.letters.name},
       {"other_code", other.letters.code},
       {"reach", reach}});
}

std::string cut_note(const Reconciliation& r, int sheet) {
  const core::SheetReading& sh = sheet_of(r, sheet);
  if (!sh.cut()) return "";
  return format(tr("Sheet {sheet} has {n} written moves; only the first {max} are read (the most a "
                   "reconciliation reads)."),
                {{"sheet", letter(sheet)},
                 {"n", std::to_string(sh.written)},
                 {"max", std::to_string(core::kMaxSheetPlies)}});
}

std::string no_moves_note(const Reconciliation& r, int sheet) {
  const core::SheetReading& sh = sheet_of(r, sheet);
  if (!sh.no_moves()) return "";
  const i18n::Places places = {{"sheet", letter(sheet)},
                               {"n", std::to_string(sh.written)},
                               {"m", std::to_string(sh.moves_in_form)}};
  if (sh.plies.empty())
    return format(tr("sheet {sheet}: nothing on it reads as moves: it has no cell written; is it "
                     "the right file?"),
                  places);
  if (sh.moves_in_form == 0)
    return format(tr_n("sheet {sheet}: nothing on it reads as moves: {n} cell, none a move; is it "
                       "the right file?",
                       "sheet {sheet}: nothing on it reads as moves: {n} cells, none a move; is "
                       "it the right file?",
                       sh.written),
                  places);
  return format(tr_n("sheet {sheet}: almost nothing on it reads as moves: {n} cell, only {m} a "
                     "move; is it the right file?",
                     "sheet {sheet}: almost nothing on it reads as moves: {n} cells, only {m} a "
                     "move; is it the right file?",
                     sh.written),
                places);
}

std::string unread_note(const Reconciliation& r) {
  const core::Divergence& d = r.divergence;
  if (!d.unread_from) return "";
  const core::ReadPly& p = sheet_of(r, d.reference).plies[*d.unread_from];
  return format(
      tr("Sheet {sheet} cannot be read from {ply} on (\"{written}\": {why}); what follows "
         "is not compared."),
      {{"sheet", letter(d.reference)},
       {"ply", ply_name(r.start, *d.unread_from)},
       {"written", p.written},
       {"why", problem_text(p)}});
}

std::string agreement_note(const Reconciliation& r) {
  const core::Divergence& d = r.divergence;
  if (!d.agree_again || !core::retracing(r)) return "";
  const int R = d.reference, O = 1 - d.reference;
  const std::size_t ref_ply = (*d.agree_again)[std::size_t(R)];
  const std::size_t other_ply = (*d.agree_again)[std::size_t(O)];
  const i18n::Places places = {{"sheet", letter(O)},
                               {"other", letter(R)},
                               {"ply", ply_name(r.start, ref_ply)},
                               {"cell", ply_name(r.start, other_ply)},
                               {"point", point_name(r, {.sheet = 0, .ply = r.agreed_plies})}};
  if (other_ply == ref_ply)
    return format(tr("Sheet {sheet} agrees with sheet {other} again from {ply} on once the "
                     "differences above are put right. That is for your information: D.2.9 "
                     "retraces the moves to the last point where both sheets agree, {point}, and "
                     "the clocks go back to that point."),
                  places);
  return format(
      tr("Sheet {sheet} agrees with sheet {other} again from {ply} on (in sheet {sheet}'s "
         "cell for {cell}) once the differences above are put right. That is for your "
         "information: D.2.9 retraces the moves to the last point where both sheets "
         "agree, {point}, and the clocks go back to that point."),
      places);
}

std::string board_check_text(const core::Position& start, const core::BoardCheck& check,
                             const std::string& board, bool inferred) {
  std::string message =
      format(tr("reconcile (D.2.9): {board} differs from the game"), {{"board", board}});
  if (inferred) {  // D.2.9: what the board cannot sense is not said to be seen
    message += format(tr(" in its occupied squares ({board} senses no pieces: the pieces named "
                         "are inferred from the game record, not read)"),
                      {{"board", board}});
    if (check.went_wrong)
      message += format(tr("; it went wrong at {ply}: the record fits {played} (inferred) where "
                           "{expected} was played"),
                        {{"ply", ply_name(start, check.went_wrong->ply)},
                         {"played", check.went_wrong->played_san},
                         {"expected", check.went_wrong->expected_san}});
  } else if (check.went_wrong)
    message += format(tr("; it went wrong at {ply}: {played} stands where {expected} was played"),
                      {{"ply", ply_name(start, check.went_wrong->ply)},
                       {"played", check.went_wrong->played_san},
                       {"expected", check.went_wrong->expected_san}});
  else if (check.matches_after)
    message += format(tr_n("; it shows the game after {n} half-move",
                           "; it shows the game after {n} half-moves", *check.matches_after),
                      {{"n", std::to_string(*check.matches_after)}});
  message += inferred ? tr(". Steps (pieces inferred):") : tr(". Steps:");
  for (const auto& step : check.steps) message += " " + step_text(step) + ";";
  return message;
}

namespace {

// When a clock change was recorded: after the move `ply` plies into the game.
std::string change_point(const core::Position& start, int ply) {
  if (ply <= 0) return tr("before the first move");
  return format(tr("after {move}"), {{"move", ply_name(start, std::size_t(ply) - 1)}});
}

// D.2.9 takes the clocks back to a point of the game: each change recorded there is named (in the
// times, or not, when its times are not recorded), and each recorded after it, which the retrace
// undoes, so that the arbiter decides.
std::string clock_changes_text(const Reconciliation& r) {
  const core::ClockProposal& c = r.clock;
  std::string text;
  for (const core::ClockChange& change : c.applied)
    text += " " + format(tr("These times include a clock change recorded at that point, before "
                            "the next move: {change}."),
                         {{"change", clock_change_text(r.start, change)}});
  for (const core::ClockChange& change : c.unapplied)
    text += " " + format(tr("Recorded at that point, but not in these times (the log gives no "
                            "times for it): {change}. The arbiter decides whether it applies."),
                         {{"change", clock_change_text(r.start, change)}});
  for (const core::ClockChange& change : c.later)
    text += " " + format(tr("Recorded after that point, so not in these times: {change}. The "
                            "arbiter decides whether it still applies."),
                         {{"change", clock_change_text(r.start, change)}});
  return text;
}

}  // namespace

std::string clock_change_text(const core::Position& start, const core::ClockChange& c) {
  using K = core::ClockChange::Kind;
  const auto side = [](core::Color colour) {
    return colour == core::WHITE ? tr("White") : tr("Black");
  };
  const i18n::Places places = {{"when", change_point(start, c.ply)},
                               {"by", c.by ? side(*c.by) : std::string()},
                               {"other", c.by ? side(~*c.by) : std::string()}};
  std::string text;
  switch (c.kind) {
    case K::Adjusted:
      text = format(tr("the arbiter's adjustment {when}"), places);
      break;
    case K::Penalty:
      text = format(tr("a time penalty {when}"), places);
      break;
    case K::IllegalMove:
      text = c.by ? format(tr("an illegal move by {by} {when}: time added to {other} (Art. 7.5.5)"),
                           places)
                  : format(tr("an illegal move {when}: time added to the opponent (Art. 7.5.5)"),
                           places);
      break;
    case K::IncorrectClaim:
      text = c.by ? format(tr("an incorrect draw claim by {by} {when}: time added to {other} "
                              "(Art. 9.5.3)"),
                           places)
                  : format(tr("an incorrect draw claim {when}: time added to the opponent "
                              "(Art. 9.5.3)"),
                           places);
      break;
    case K::Increment:
      text = format(tr("the increment introduced {when}, time added to the opponent of the player "
                       "who asked (Guidelines III.4)"),
                    places);
      break;
    case K::ClaimPostponed:
      text = format(tr("a draw claim postponed {when}, time added to the claimant's opponent "
                       "(Guidelines III.5.2)"),
                    places);
      break;
    case K::ClaimRefused:
      text = format(tr("a draw claim refused {when}, time added to the claimant's opponent "
                       "(Guidelines III.5.3)"),
                    places);
      break;
    case K::Comment:
      text = format(tr("the comment {when}: \"{comment}\""),
                    {{"when", change_point(start, c.ply)}, {"comment", c.comment}});
      break;
  }
  if (c.remaining)
    text += format(tr("; then White {white}, Black {black}"),
                   {{"white", duration_words((*c.remaining)[core::WHITE])},
                    {"black", duration_words((*c.remaining)[core::BLACK])}});
  return text;
}

std::string clock_text(const Reconciliation& r) {
  const core::ClockProposal& c = r.clock;
  using B = core::ClockProposal::Basis;
  switch (c.basis) {
    case B::NotRetraced:
      return tr("No moves are retraced: the clocks are not readjusted.");
    case B::NoLog:
      return tr("No clock log: the arbiter decides the times (D.2.9).");
    case B::NoReading:
      return format(tr("The clock log has no reading at or before ply {ply}: the arbiter decides "
                       "the times (D.2.9)."),
                    {{"ply", std::to_string(c.ply)}});
    case B::AtPoint:
    case B::Earlier:
      break;
  }
  const i18n::Places places = {{"white", duration_words(c.reading->remaining[core::WHITE])},
                               {"black", duration_words(c.reading->remaining[core::BLACK])},
                               {"ply", std::to_string(c.reading->ply)}};
  if (c.basis == B::AtPoint)
    return format(tr("Set the clocks to White {white}, Black {black} (clock log, at that point; "
                     "D.2.9)."),
                  places) +
           clock_changes_text(r);
  return format(tr("Set the clocks to White {white}, Black {black} (clock log, nearest earlier "
                   "reading, ply {ply}; D.2.9)."),
                places) +
         clock_changes_text(r);
}

std::optional<Utf8Fault> first_utf8_fault(std::string_view text) {
  Utf8Fault at;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_length(text, i);
    if (n == 0) {
      at.byte = static_cast<unsigned char>(text[i]);
      return at;
    }
    if (text[i] == '\n') {
      ++at.line;
      at.column = 1;
    } else {
      at.column += int(n);
    }
    i += n;
  }
  return std::nullopt;
}

std::string printable_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8_length(text, i);
    if (n > 0) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02X", unsigned(static_cast<unsigned char>(text[i])));
    out += hex;
    ++i;
  }
  return out;
}

std::string scoresheet_error(const core::ScoresheetError& error) {
  // TRANSLATORS: '{' and '(' are the marks written on the sheet: keep them.
  return i18n::format(error.kind == core::ScoresheetError::Kind::CommentNotClosed
                          ? i18n::tr("a comment '{' opened on line {line} is not closed")
                          : i18n::tr("a variation '(' opened on line {line} is not closed"),
                      {{"line", std::to_string(error.line)}});
}

}  // namespace annabella::app
