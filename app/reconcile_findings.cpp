// The arbiter's words for the differences D.2.9 finds between the two scoresheets: one or two
// sentences a finding (reconcile_text.h).
#include "app/i18n.h"
#include "app/move_text.h"
#include "app/reconcile_text.h"
#include "app/station_text.h"

namespace annabella::app {
namespace {

using core::DifferenceKind;
using core::Evidence;
using core::Reconciliation;
using core::SheetFinding;
using i18n::format;
using i18n::tr;
using i18n::tr_n;

const core::SheetReading& sheet_of(const Reconciliation& r, int s) {
  return r.sheets[std::size_t(s)];
}

// "one ply", "a move pair", "3 plies"
std::string plies_count(std::size_t n) {
  if (n == 1) return tr("one ply");
  if (n == 2) return tr("a move pair");
  return format(tr_n("{n} ply", "{n} plies", n), {{"n", std::to_string(n)}});
}

// "White's move 7 Qb3, Black's move 7 Qe7": `count` written moves of a sheet from `from`.
std::string written_list(const Reconciliation& r, SheetPly from, std::size_t count) {
  const core::SheetReading& sh = sheet_of(r, from.sheet);
  std::string out;
  for (std::size_t i = from.ply; i < from.ply + count && i < sh.plies.size(); ++i) {
    if (!out.empty()) out += ", ";
    // A cell left blank is said to be blank, not quoted as nothing.
    const std::string& written = sh.shown(i);
    const std::string move = written.empty() ? tr("(blank)") : written;
    // TRANSLATORS: a written move with its name: "White's move 7 Qb3".
    out += format(tr("{ply} {move}"), {{"ply", ply_name(r.start, i)}, {"move", move}});
  }
  return out;
}

std::string letter(int s) {
  return std::string(1, side_letter(s));
}

// Why something outside the sheets sides with one of them; `opens` when it starts a sentence.
std::string evidence_text(const Evidence& ev, bool opens = false) {
  const i18n::Places places = {
      {"board", letter(ev.board)}, {"move", ev.san}, {"sheet", letter(ev.sheet)}};
  switch (ev.source) {
    case Evidence::Source::BoardLog:
      return format(opens ? tr("Board {board}'s log shows {move} was played")
                          : tr("board {board}'s log shows {move} was played"),
                    places);
    case Evidence::Source::BoardPosition:
      return format(opens ? tr("Board {board} shows the position sheet {sheet}'s moves lead to")
                          : tr("board {board} shows the position sheet {sheet}'s moves lead to"),
                    places);
    case Evidence::Source::ReadsThrough:
      return format(opens ? tr("Only sheet {sheet} reads through to its end")
                          : tr("only sheet {sheet} reads through to its end"),
                    places);
    case Evidence::Source::None:
      break;
  }
  return "";
}

std::string behind_text(const Reconciliation& r, const SheetFinding& f) {
  return format(tr_n("Sheet {sheet} is {n} ply behind sheet {other}: it ends before {ply}; sheet "
                     "{other} goes on with {moves}.",
                     "Sheet {sheet} is {n} plies behind sheet {other}: it ends before {ply}; sheet "
                     "{other} goes on with {moves}.",
                     f.count),
                {{"sheet", letter(f.sheet)},
                 {"n", std::to_string(f.count)},
                 {"other", letter(f.has)},
                 {"ply", ply_name(r.start, f.ply)},
                 {"moves", written_list(r, {.sheet = f.has, .ply = f.cell}, f.count)}});
}

std::string one_sided_text(const Reconciliation& r, const SheetFinding& f) {
  const std::size_t n = f.count;
  const std::string what = written_list(r, {.sheet = f.has, .ply = f.cell}, n);
  const std::string why = evidence_text(f.evidence);
  if (f.kind == DifferenceKind::ExtraMove)
    return format(
        n <= 2 ? tr("Sheet {sheet} has {count} that was not played: {moves} ({why}).")
               : tr("Sheet {sheet} has {count} that were not played: {moves} ({why})."),
        {{"sheet", letter(f.has)}, {"count", plies_count(n)}, {"moves", what}, {"why", why}});
  const int lacks = f.sheet;
  const i18n::Places places = {{"sheet", letter(lacks)},
                               {"count", plies_count(n)},
                               {"other", letter(f.has)},
                               {"moves", what},
                               {"why", why}};
  if (f.evidence.sheet == f.has)
    return format(tr("Sheet {sheet} has left out {count} that sheet {other} has: {moves} ({why})."),
                  places);
  return format(n == 1 ? tr("Sheet {sheet} has left out {count} that sheet {other} has: {moves}. "
                            "Nothing here decides whether it was left out of sheet {sheet} or is "
                            "extra on sheet {other}.")
                       : tr("Sheet {sheet} has left out {count} that sheet {other} has: {moves}. "
                            "Nothing here decides whether they were left out of sheet {sheet} or "
                            "are extra on sheet {other}."),
                places);
}

std::string duplicate_text(const Reconciliation& r, const SheetFinding& f) {
  const int R = r.divergence.reference;
  return format(f.count == 1 ? tr("Sheet {sheet} has {moves} written twice (again in the cell for "
                                  "{ply}); the copy was not played.")
                             : tr("Sheet {sheet} has {moves} written twice (again in the cells "
                                  "from {ply}); the copy was not played."),
                {{"sheet", letter(f.sheet)},
                 {"moves", written_list(r, {.sheet = R, .ply = f.ply}, f.count)},
                 {"ply", ply_name(r.start, f.cell)}});
}

// Different, illegal, unreadable or blank written moves, one sentence each.
std::string plies_text(const Reconciliation& r, const SheetFinding& f) {
  const int R = r.divergence.reference, O = 1 - R;
  std::string out;
  for (const core::FindingPly& fp : f.plies) {
    if (!out.empty()) out += " ";
    const std::string at = ply_name(r.start, fp.ply);
    if (fp.problem == core::PlyProblem::Blank) {
      out += format(tr("Sheet {sheet} left the cell for {ply} blank; sheet {other} has {move}."),
                    {{"sheet", letter(O)},
                     {"ply", ply_name(r.start, fp.cell)},
                     {"other", letter(R)},
                     {"move", written_list(r, {.sheet = R, .ply = fp.ply}, 1)}});
    } else if (fp.problem == core::PlyProblem::None) {
      out += format(tr("For {ply} sheet A has {a} and sheet B has {b}."),
                    {{"ply", at}, {"a", fp.san[0]}, {"b", fp.san[1]}});
      if (fp.evidence.sheet >= 0)
        // TRANSLATORS: the evidence sentence: "Board A's log shows Nf3 was played (as on sheet
        // A)."; {evidence} is one of the "Board ..."/"Only sheet ..." messages.
        out += " " + format(tr("{evidence} (as on sheet {sheet})."),
                            {{"evidence", evidence_text(fp.evidence, true)},
                             {"sheet", letter(fp.evidence.sheet)}});
    } else {
      out +=
          format(tr("Sheet {sheet} has \"{written}\" for {ply}: {why}. Sheet {other} has {move}."),
                 {{"sheet", letter(O)},
                  {"written", sheet_of(r, O).plies[fp.cell].written},
                  {"ply", at},
                  {"why", fp.reason ? text::move_read_error(*fp.reason) : std::string()},
                  {"other", letter(R)},
                  {"move", written_list(r, {.sheet = R, .ply = fp.ply}, 1)}});
    }
  }
  return out;
}

// Neither sheet reads on where they part: what each has there.
std::string both_unread_text(const Reconciliation& r, const SheetFinding& f) {
  std::string out;
  for (int s = 0; s < 2; ++s) {
    const core::ReadPly& p = sheet_of(r, s).plies[f.ply];
    out += (s ? " " : "") + format(tr("Sheet {sheet} has \"{written}\" for {ply}: {why}."),
                                   {{"sheet", letter(s)},
                                    {"written", p.written},
                                    {"ply", ply_name(r.start, f.ply)},
                                    {"why", problem_text(p)}});
  }
  return out;
}

std::string swap_text(const Reconciliation& r, const SheetFinding& f) {
  const int O = f.has, R = 1 - O;
  std::string out = format(tr("The sheets have {first} and {second} in opposite orders: sheet "
                              "{sheet} has {moves}; sheet {other} has {other_moves}."),
                           {{"first", ply_name(r.start, f.ply)},
                            {"second", ply_name(r.start, f.ply + 2)},
                            {"sheet", letter(R)},
                            {"moves", written_list(r, {.sheet = R, .ply = f.ply}, 3)},
                            {"other", letter(O)},
                            {"other_moves", written_list(r, {.sheet = O, .ply = f.cell}, 3)}});
  if (f.same_position_after)
    out += " " + format(tr("Both orders lead to the same position after {ply}."),
                        {{"ply", ply_name(r.start, f.ply + 2)}});
  if (f.unplayable)
    out += " " + format(tr("Sheet {sheet}'s order cannot have been played: {why}."),
                        {{"sheet", letter(O)}, {"why", text::move_read_error(*f.unplayable)}});
  return out;
}

std::string own_moves_text(const Reconciliation& r, const SheetFinding& f) {
  const int R = f.has;
  const std::size_t game_ply = std::size_t(r.start.game_ply());
  const bool white_missing = (game_ply + f.ply) % 2 == 0;
  const std::size_t last = f.ply + 2 * (f.count - 1);
  auto number = [&](std::size_t ply) { return std::to_string((game_ply + ply) / 2 + 1); };
  std::string moves;
  for (std::size_t ply = f.ply; ply <= last; ply += 2)
    moves += (ply == f.ply ? "" : ", ") + written_list(r, {.sheet = R, .ply = ply}, 1);
  return format(white_missing ? tr("Sheet {sheet} has only Black's moves for moves {from} to {to}: "
                                   "White's {n} moves there are missing (sheet {other} has "
                                   "{moves}).")
                              : tr("Sheet {sheet} has only White's moves for moves {from} to {to}: "
                                   "Black's {n} moves there are missing (sheet {other} has "
                                   "{moves})."),
                {{"sheet", letter(f.sheet)},
                 {"from", number(f.ply)},
                 {"to", number(last)},
                 {"n", std::to_string(f.count)},
                 {"other", letter(R)},
                 {"moves", moves}});
}

std::string unexplained_text(const Reconciliation& r, const SheetFinding& f) {
  const int O = f.has, R = 1 - O;
  const std::size_t j = f.ply, i = f.cell;
  const std::string why =
      f.ambiguous ? tr("several explanations fit equally well")
                  : format(tr("more than {differences} differences, or a run of more than {plies} "
                              "plies"),
                           {{"differences", std::to_string(core::kMaxDifferences)},
                            {"plies", std::to_string(core::kMaxRunPlies)}});
  const std::string more = tr(" and more");
  return format(tr("The sheets differ from {ply} on in a way that cannot be explained by left-out, "
                   "extra or swapped moves ({why}): sheet {sheet} has {moves}; sheet {other} has "
                   "{other_moves}. Nothing is guessed: the arbiter compares them (D.2.9)."),
                {{"ply", ply_name(r.start, j)},
                 {"why", why},
                 {"sheet", letter(R)},
                 {"moves", written_list(r, {.sheet = R, .ply = j}, 3) +
                               (j + 3 < sheet_of(r, R).plies.size() ? more : "")},
                 {"other", letter(O)},
                 {"other_moves", written_list(r, {.sheet = O, .ply = i}, 3) +
                                     (i + 3 < sheet_of(r, O).plies.size() ? more : "")}});
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

}  // namespace

std::string finding_text(const Reconciliation& r, const SheetFinding& f) {
  std::string out = finding_body(r, f);
  if (f.agree_again) {
    const int R = r.divergence.reference, O = 1 - R;
    const auto& w = *f.agree_again;
    if (w[std::size_t(O)] == w[std::size_t(R)])
      out += " " + format(tr("After that the sheets agree again from {ply} on."),
                          {{"ply", ply_name(r.start, w[std::size_t(R)])}});
    else
      out +=
          " " + format(tr("After that the sheets agree again from {ply} on (sheet {sheet} has it "
                          "in the cell for {cell})."),
                       {{"ply", ply_name(r.start, w[std::size_t(R)])},
                        {"sheet", letter(O)},
                        {"cell", ply_name(r.start, w[std::size_t(O)])}});
  }
  return out;
}

std::string divergence_text(const Reconciliation& r) {
  std::string out;
  for (const SheetFinding& f : r.divergence.findings)
    out += (out.empty() ? "" : " ") + finding_text(r, f);
  const std::string note = unread_note(r);
  return note.empty() ? out : out + " " + note;
}

}  // namespace annabella::app
