// The arbiter's English for the D.2.9 reconciliation: the findings, sheets, boards and clocks.
// The whole report (arbiter_text) is in reconcile_text_report.cpp.
#include "app/reconcile_text.h"

#include <chrono>
#include <cstdio>

namespace annabella::app {
namespace {

using core::DifferenceKind;
using core::Evidence;
using core::Reconciliation;
using core::SheetFinding;

const core::SheetReading& sheet_of(const Reconciliation& r, int s) {
  return r.sheets[std::size_t(s)];
}

// "one ply", "a move pair", "3 plies"
std::string plies_count(std::size_t n) {
  return n == 1 ? "one ply" : n == 2 ? "a move pair" : std::to_string(n) + " plies";
}

// "White's move 7 Qb3, Black's move 7 Qe7": `count` written moves of a sheet from `from`.
std::string written_list(const Reconciliation& r, SheetPly from, std::size_t count) {
  const core::SheetReading& sh = sheet_of(r, from.sheet);
  std::string out;
  for (std::size_t i = from.ply; i < from.ply + count && i < sh.plies.size(); ++i) {
    if (!out.empty()) out += ", ";
    out += ply_name(r.start, i) + " " + sh.shown(i);
  }
  return out;
}

std::string sheet_word(int s) {
  return std::string("sheet ") + side_letter(s);
}
std::string Sheet_word(int s) {
  return std::string("Sheet ") + side_letter(s);
}

// Why something outside the sheets sides with one of them.
std::string evidence_text(const Evidence& ev) {
  switch (ev.source) {
    case Evidence::Source::BoardLog:
      return std::string("board ") + side_letter(ev.board) + "'s log shows " + ev.san +
             " was played";
    case Evidence::Source::BoardPosition:
      return std::string("board ") + side_letter(ev.board) + " shows the position sheet " +
             side_letter(ev.sheet) + "'s moves lead to";
    case Evidence::Source::ReadsThrough:
      return "only " + sheet_word(ev.sheet) + " reads through to its end";
    case Evidence::Source::None:
      break;
  }
  return "";
}

std::string behind_text(const Reconciliation& r, const SheetFinding& f) {
  return Sheet_word(f.sheet) + " is " + std::to_string(f.count) +
         (f.count == 1 ? " ply" : " plies") + " behind " + sheet_word(f.has) + ": it ends before " +
         ply_name(r.start, f.ply) + "; " + sheet_word(f.has) + " goes on with " +
         written_list(r, {.sheet = f.has, .ply = f.cell}, f.count) + ".";
}

std::string one_sided_text(const Reconciliation& r, const SheetFinding& f) {
  const std::size_t n = f.count;
  const std::string what = written_list(r, {.sheet = f.has, .ply = f.cell}, n);
  const std::string why = evidence_text(f.evidence);
  if (f.kind == DifferenceKind::ExtraMove)
    return Sheet_word(f.has) + " has " + plies_count(n) + (n <= 2 ? " that was" : " that were") +
           " not played: " + what + " (" + why + ").";
  const int lacks = f.sheet;
  return Sheet_word(lacks) + " has left out " + plies_count(n) + " that " + sheet_word(f.has) +
         " has: " + what +
         (f.evidence.sheet == f.has
              ? " (" + why + ")."
              : ". Nothing here decides whether " + std::string(n == 1 ? "it was" : "they were") +
                    " left out of " + sheet_word(lacks) + " or " + (n == 1 ? "is" : "are") +
                    " extra on " + sheet_word(f.has) + ".");
}

std::string duplicate_text(const Reconciliation& r, const SheetFinding& f) {
  const int R = r.divergence.reference;
  return Sheet_word(f.sheet) + " has " + written_list(r, {.sheet = R, .ply = f.ply}, f.count) +
         " written twice (again in the cell" + (f.count == 1 ? " for " : "s from ") +
         ply_name(r.start, f.cell) + "); the copy was not played.";
}

// Different, illegal, unreadable or blank written moves, one sentence each.
std::string plies_text(const Reconciliation& r, const SheetFinding& f) {
  const int R = r.divergence.reference, O = 1 - R;
  std::string out;
  for (const core::FindingPly& fp : f.plies) {
    if (!out.empty()) out += " ";
    const std::string at = ply_name(r.start, fp.ply);
    if (fp.problem == core::PlyProblem::Blank) {
      out += Sheet_word(O) + " left the cell for " + ply_name(r.start, fp.cell) + " blank; " +
             sheet_word(R) + " has " + written_list(r, {.sheet = R, .ply = fp.ply}, 1) + ".";
    } else if (fp.problem == core::PlyProblem::None) {
      out += "For " + at + " sheet A has " + fp.san[0] + " and sheet B has " + fp.san[1] + ".";
      if (fp.evidence.sheet >= 0)
        out += " B" + evidence_text(fp.evidence).substr(1) + " (as on " +
               sheet_word(fp.evidence.sheet) + ").";
    } else {
      out += Sheet_word(O) + " has \"" + sheet_of(r, O).plies[fp.cell].written + "\" for " + at +
             ": " + fp.reason + ". " + Sheet_word(R) + " has " +
             written_list(r, {.sheet = R, .ply = fp.ply}, 1) + ".";
    }
  }
  return out;
}

// Neither sheet reads on where they part: what each has there.
std::string both_unread_text(const Reconciliation& r, const SheetFinding& f) {
  std::string out;
  for (int s = 0; s < 2; ++s) {
    const core::ReadPly& p = sheet_of(r, s).plies[f.ply];
    out += (s ? " " : "") + Sheet_word(s) + " has \"" + p.written + "\" for " +
           ply_name(r.start, f.ply) + ": " + problem_text(p) + ".";
  }
  return out;
}

std::string swap_text(const Reconciliation& r, const SheetFinding& f) {
  const int O = f.has, R = 1 - O;
  std::string out = "The sheets have " + ply_name(r.start, f.ply) + " and " +
                    ply_name(r.start, f.ply + 2) + " in opposite orders: " + sheet_word(R) +
                    " has " + written_list(r, {.sheet = R, .ply = f.ply}, 3) + "; " +
                    sheet_word(O) + " has " + written_list(r, {.sheet = O, .ply = f.cell}, 3) + ".";
  if (f.same_position_after)
    out += " Both orders lead to the same position after " + ply_name(r.start, f.ply + 2) + ".";
  if (!f.unplayable.empty())
    out += " " + Sheet_word(O) + "'s order cannot have been played: " + f.unplayable + ".";
  return out;
}

std::string own_moves_text(const Reconciliation& r, const SheetFinding& f) {
  const int R = f.has;
  const std::size_t game_ply = std::size_t(r.start.game_ply());
  const bool white_missing = (game_ply + f.ply) % 2 == 0;
  const std::size_t last = f.ply + 2 * (f.count - 1);
  auto number = [&](std::size_t ply) { return std::to_string((game_ply + ply) / 2 + 1); };
  std::string out = Sheet_word(f.sheet) + " has only " + (white_missing ? "Black" : "White") +
                    "'s moves for moves " + number(f.ply) + " to " + number(last) + ": " +
                    (white_missing ? "White" : "Black") + "'s " + std::to_string(f.count) +
                    " moves there are missing (" + sheet_word(R) + " has ";
  for (std::size_t ply = f.ply; ply <= last; ply += 2)
    out += (ply == f.ply ? "" : ", ") + written_list(r, {.sheet = R, .ply = ply}, 1);
  return out + ").";
}

std::string unexplained_text(const Reconciliation& r, const SheetFinding& f) {
  const int O = f.has, R = 1 - O;
  const std::size_t j = f.ply, i = f.cell;
  return "The sheets differ from " + ply_name(r.start, j) +
         " on in a way that cannot be explained by left-out, extra or swapped moves (" +
         (f.ambiguous ? std::string("several explanations fit equally well")
                      : "more than " + std::to_string(core::kMaxDifferences) +
                            " differences, or a run of more than " +
                            std::to_string(core::kMaxRunPlies) + " plies") +
         "): " + sheet_word(R) + " has " + written_list(r, {.sheet = R, .ply = j}, 3) +
         (j + 3 < sheet_of(r, R).plies.size() ? " and more" : "") + "; " + sheet_word(O) + " has " +
         written_list(r, {.sheet = O, .ply = i}, 3) +
         (i + 3 < sheet_of(r, O).plies.size() ? " and more" : "") +
         ". Nothing is guessed: the arbiter compares them (D.2.9).";
}

std::string finding_body(const Reconciliation& r, const SheetFinding& f) {
  switch (f.kind) {
    case DifferenceKind::SheetBehind:
      return behind_text(r, f);
    case DifferenceKind::MoveLeftOut:
      return f.plies.empty() ? one_sided_text(r, f) : plies_text(r, f);
    case DifferenceKind::ExtraMove:
      return one_sided_text(r, f);
    case DifferenceKind::DuplicateMove:
      return duplicate_text(r, f);
    case DifferenceKind::MovesSwapped:
      return swap_text(r, f);
    case DifferenceKind::OwnMovesOnly:
      return own_moves_text(r, f);
    case DifferenceKind::IllegalMove:
    case DifferenceKind::UnreadableMove:
      return f.plies.empty() ? both_unread_text(r, f) : plies_text(r, f);
    case DifferenceKind::DifferentMove:
      return plies_text(r, f);
    case DifferenceKind::Unexplained:
      return unexplained_text(r, f);
    case DifferenceKind::None:
      break;
  }
  return "";
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
  std::string out;
  if (h > 0) out += std::to_string(h) + " h ";
  out += std::to_string(m) + " min " + std::to_string(s) + " s";
  return out;
}

}  // namespace

char side_letter(int index) {
  return index == 0 ? 'A' : 'B';
}

std::string ply_name(const core::Position& start, std::size_t ply) {
  const std::size_t g = std::size_t(start.game_ply()) + ply;
  return std::string(g % 2 ? "Black's" : "White's") + " move " + std::to_string(g / 2 + 1);
}

std::string counted(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

std::string agreement_sentence(const Reconciliation& r) {
  if (r.sheets_agree && r.agreed_plies == 0)
    return "The two scoresheets agree: neither has a move written.";
  if (r.sheets_agree)
    return "The two scoresheets agree (" + counted(r.agreed_plies, "ply", "plies") + ", " +
           point_name(r, {.sheet = 0, .ply = r.agreed_plies}) + ").";
  if (r.agreed_plies == 0)
    return "The two scoresheets differ from " + ply_name(r.start, 0) + " on.";
  return "The two scoresheets agree up to " + point_name(r, {.sheet = 0, .ply = r.agreed_plies}) +
         " (" + counted(r.agreed_plies, "ply", "plies") + ").";
}

std::string point_name(const Reconciliation& r, SheetPly after) {
  const auto [sheet, plies] = after;
  if (plies == 0) return "at the start of the game";
  const core::SheetReading& sh = sheet_of(r, sheet);
  if (plies > sh.plies.size()) return "after " + ply_name(r.start, plies - 1);
  return "after " + ply_name(r.start, plies - 1) + ", " + sh.shown(plies - 1);
}

std::string player_name(const Reconciliation& r, int index) {
  const core::Color c = index == 0 ? r.color_a : ~r.color_a;
  return std::string("player ") + side_letter(index) + ", " +
         (c == core::WHITE ? "White" : "Black");
}

std::string step_text(const core::CorrectionStep& step) {
  const std::string piece = core::piece_name(step.piece);
  switch (step.kind) {
    case core::CorrectionStep::Kind::Remove:
      return "remove " + piece + " " + core::square_name(step.from);
    case core::CorrectionStep::Kind::Move:
      return "move " + piece + " " + core::square_name(step.from) + " " +
             core::square_name(step.to);
    case core::CorrectionStep::Kind::Place:
      return "place " + piece + " " + core::square_name(step.to);
  }
  return "";
}

std::string step_sentence(const core::CorrectionStep& step) {
  const std::string piece = core::piece_name(step.piece);
  switch (step.kind) {
    case core::CorrectionStep::Kind::Remove:
      return "Remove the " + piece + " from " + core::square_name(step.from) + ".";
    case core::CorrectionStep::Kind::Move:
      return "Move the " + piece + " from " + core::square_name(step.from) + " to " +
             core::square_name(step.to) + ".";
    case core::CorrectionStep::Kind::Place:
      return "Place a " + piece + " on " + core::square_name(step.to) + ".";
  }
  return "";
}

std::string_view difference_label(DifferenceKind kind) {
  switch (kind) {
    case DifferenceKind::None:
      return "none";
    case DifferenceKind::SheetBehind:
      return "one sheet behind";
    case DifferenceKind::MoveLeftOut:
      return "move left out";
    case DifferenceKind::ExtraMove:
      return "extra move";
    case DifferenceKind::MovesSwapped:
      return "two moves swapped";
    case DifferenceKind::IllegalMove:
      return "illegal move written";
    case DifferenceKind::UnreadableMove:
      return "unreadable move written";
    case DifferenceKind::DifferentMove:
      return "different moves";
    case DifferenceKind::DuplicateMove:
      return "move written twice";
    case DifferenceKind::OwnMovesOnly:
      return "only one side's moves written";
    case DifferenceKind::Unexplained:
      return "cannot be explained";
  }
  return "";
}

std::string problem_text(const core::ReadPly& ply) {
  if (ply.problem == core::PlyProblem::Blank) return "the cell is blank";
  return ply.reason;
}

std::string cell_note(const Reconciliation& r, SheetPly cell) {
  const auto [sheet, ply] = cell;
  const core::SheetReading& sh = sheet_of(r, sheet);
  if (ply >= sh.read_plies || !sh.plies[ply].written_cell) return "";
  const auto [number, side] = *sh.plies[ply].written_cell;
  const core::Position& pos = sh.positions[ply];
  auto side_word = [](core::Color c) { return c == core::WHITE ? "White" : "Black"; };
  return "written as move " + std::to_string(number) + " for " + side_word(side) +
         ", but it is move " + std::to_string(pos.fullmove_number()) + " for " +
         side_word(pos.side_to_move());
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
  return names.empty() ? "" : "; the same piece letters as " + names;
}

// Why the language was chosen, before any other language with the same letters is named.
std::string language_reason(const core::SheetReading& sheet, const std::string& name) {
  switch (sheet.language) {
    case core::LanguageChoice::Given:
      return "given: " + name;
    case core::LanguageChoice::Detected:
      return "found: " + sheet.detection;
    case core::LanguageChoice::ReadsAll:
      return "found: " + name + " reads every written move";
    case core::LanguageChoice::ReadsFurthest:
      return "no language reads every written move; " + name + " reads furthest";
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
  return Sheet_word(sheet) + " was given as " + sh.letters.name + " (" + sh.letters.code +
         "), which reads only " + std::to_string(sh.read_plies) + " of its " +
         counted(sh.plies.size(), "written move", "written moves") + " (it stops at " +
         ply_name(r.start, sh.read_plies) + "); " + other.letters.name + " (" + other.letters.code +
         ") reads " +
         (whole ? std::string("the whole sheet")
                : counted(other.read_plies, "written move", "written moves")) +
         ". Check the language of " + sheet_word(sheet) +
         " before acting on what follows: everything below is read as " + sh.letters.name + ".";
}

std::string cut_note(const Reconciliation& r, int sheet) {
  const core::SheetReading& sh = sheet_of(r, sheet);
  if (!sh.cut()) return "";
  return Sheet_word(sheet) + " has " + std::to_string(sh.written) +
         " written moves; only the first " + std::to_string(core::kMaxSheetPlies) +
         " are read (the most a reconciliation reads).";
}

std::string finding_text(const Reconciliation& r, const SheetFinding& f) {
  std::string out = finding_body(r, f);
  if (f.agree_again) {
    const int R = r.divergence.reference, O = 1 - R;
    const auto& w = *f.agree_again;
    out +=
        " After that the sheets agree again from " + ply_name(r.start, w[std::size_t(R)]) + " on";
    if (w[std::size_t(O)] != w[std::size_t(R)])
      out += " (" + sheet_word(O) + " has it in the cell for " +
             ply_name(r.start, w[std::size_t(O)]) + ")";
    out += ".";
  }
  return out;
}

std::string unread_note(const Reconciliation& r) {
  const core::Divergence& d = r.divergence;
  if (!d.unread_from) return "";
  const core::ReadPly& p = sheet_of(r, d.reference).plies[*d.unread_from];
  return Sheet_word(d.reference) + " cannot be read from " + ply_name(r.start, *d.unread_from) +
         " on (\"" + p.written + "\": " + problem_text(p) + "); what follows is not compared.";
}

std::string divergence_text(const Reconciliation& r) {
  std::string out;
  for (const SheetFinding& f : r.divergence.findings)
    out += (out.empty() ? "" : " ") + finding_text(r, f);
  const std::string note = unread_note(r);
  return note.empty() ? out : out + " " + note;
}

std::string agreement_note(const Reconciliation& r) {
  const core::Divergence& d = r.divergence;
  if (!d.agree_again || !core::retracing(r)) return "";
  const int R = d.reference, O = 1 - d.reference;
  const std::size_t ref_ply = (*d.agree_again)[std::size_t(R)];
  const std::size_t other_ply = (*d.agree_again)[std::size_t(O)];
  std::string s = Sheet_word(O) + " agrees with " + sheet_word(R) + " again from " +
                  ply_name(r.start, ref_ply) + " on";
  if (other_ply != ref_ply)
    s += " (in " + sheet_word(O) + "'s cell for " + ply_name(r.start, other_ply) + ")";
  return s + " once the differences above are put right. That is for your information: D.2.9 " +
         "retraces the moves to the last point where both sheets agree, " +
         point_name(r, {.sheet = 0, .ply = r.agreed_plies}) +
         ", and the clocks go back to that point.";
}

std::string clock_text(const Reconciliation& r) {
  const core::ClockProposal& c = r.clock;
  using B = core::ClockProposal::Basis;
  switch (c.basis) {
    case B::NotRetraced:
      return "No moves are retraced: the clocks are not readjusted.";
    case B::NoLog:
      return "No clock log: the arbiter decides the times (D.2.9).";
    case B::NoReading:
      return "The clock log has no reading at or before ply " + std::to_string(c.ply) +
             ": the arbiter decides the times (D.2.9).";
    case B::AtPoint:
    case B::Earlier:
      break;
  }
  return "Set the clocks to White " + duration_words(c.reading->remaining[core::WHITE]) +
         ", Black " + duration_words(c.reading->remaining[core::BLACK]) + " (clock log, " +
         (c.basis == B::AtPoint
              ? std::string("at that point")
              : "nearest earlier reading, ply " + std::to_string(c.reading->ply)) +
         "; D.2.9).";
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

}  // namespace annabella::app
