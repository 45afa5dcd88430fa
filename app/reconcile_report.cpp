// The D.2.9 reconciliation as one offline HTML page, written by hand (no library). Reading order:
// what to do (a box), the finding, the boards as found, the aligned scoresheets, the plain text.
// Every string that came from a sheet is escaped and made valid UTF-8.
#include "app/reconcile_report.h"

#include <algorithm>
#include <cstdio>

#include "app/console.h"
#include "app/i18n.h"
#include "app/reconcile_text.h"

namespace annabella::app {
namespace {

using core::CorrectionStep;
using core::Reconciliation;
using core::Square;
using i18n::format;
using i18n::tr;
using i18n::tr_n;

std::string squares_list(const std::vector<Square>& squares) {
  std::string out;
  for (const Square s : squares) out += (out.empty() ? "" : " ") + core::square_name(s);
  return out;
}

// "white: king e1; queen b3; ... black: ..." (the words a screen reader reads for a board).
std::string board_words(const core::Position& pos) {
  auto white = read_board(pos, "white");
  auto black = read_board(pos, "black");
  return (white ? *white : "") + ". " + (black ? *black : "") + ".";
}

// Unicode chess figures, indexed by Piece.
const char* figure(core::Piece pc) {
  static constexpr const char* kFigures[core::PIECE_NB] = {
      "", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654", "",
      "", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A", ""};
  return kFigures[pc];
}

constexpr int kSq = 40, kMargin = 20;

// One square of a board drawing; a differing one with a corner marker (a shape, not only a
// colour).
std::string square_svg(const core::Position& board, Square sq, bool differs) {
  const int file = core::file_of(sq), rank = core::rank_of(sq);
  const int x = kMargin + file * kSq, y = (7 - rank) * kSq;
  std::string s = "<rect class=\"sq " + std::string((file + rank) % 2 ? "light" : "dark") +
                  (differs ? " diff" : "") + "\" data-square=\"" + core::square_name(sq) +
                  "\" x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
                  std::to_string(kSq) + "\" height=\"" + std::to_string(kSq) + "\"/>";
  if (differs)
    s += "<path class=\"mark\" data-square=\"" + core::square_name(sq) + "\" d=\"M" +
         std::to_string(x + 2) + " " + std::to_string(y + 2) + "h14l-14 14z\"/>";
  const core::Piece pc = board.piece_on(sq);
  if (pc != core::NO_PIECE)
    s += "<text class=\"piece\" x=\"" + std::to_string(x + kSq / 2) + "\" y=\"" +
         std::to_string(y + kSq / 2) + "\">" + figure(pc) + "</text>";
  return s;
}

// A board as inline SVG, White at the bottom. Squares that differ from `target` (when `mark`)
// carry class "diff", a thick dark outline and a corner marker. The drawing is hidden from screen
// readers: the figure's caption says the same in words, once.
std::string board_svg(const std::string& id, const core::Position& board,
                      const core::Position& target, bool mark) {
  const std::string size = std::to_string(8 * kSq + kMargin);
  std::string s = "<svg id=\"" + id + "\" class=\"board\" aria-hidden=\"true\" viewBox=\"0 0 " +
                  size + " " + size + "\" xmlns=\"http://www.w3.org/2000/svg\">";
  const auto diff = differing_squares(board, target);
  for (int rank = 7; rank >= 0; --rank)
    for (int file = 0; file < 8; ++file) {
      const Square sq = core::make_square(file, rank);
      s += square_svg(board, sq, mark && std::find(diff.begin(), diff.end(), sq) != diff.end());
    }
  for (int i = 0; i < 8; ++i) {
    s += "<text class=\"coord\" x=\"" + std::to_string(kMargin + i * kSq + kSq / 2) + "\" y=\"" +
         std::to_string(8 * kSq + kMargin / 2 + 2) + "\">" + char('a' + i) + "</text>";
    s += "<text class=\"coord\" x=\"" + std::to_string(kMargin / 2) + "\" y=\"" +
         std::to_string((7 - i) * kSq + kSq / 2) + "\">" + char('1' + i) + "</text>";
  }
  return s + "</svg>";
}

// A board to draw: `board` as found, compared with `target` (the squares that differ marked
// when `mark`), under the element id "figure-`id`" and the caption `name`.
struct BoardFigure {
  std::string id;
  std::string name;
  const core::Position& board;
  const core::Position& target;
  bool mark = false;
};

// A board drawing with its caption: the name, what differs, and the pieces in words.
std::string board_figure(const BoardFigure& figure) {
  const auto& [id, name, board, target, mark] = figure;
  const auto diff = differing_squares(board, target);
  std::string caption = "<strong>" + html_escape(name) + "</strong>";
  if (mark)
    caption += diff.empty()
                   ? tr(": shows the position to set up.")
                   : format(tr_n(": differs from the position to set up on {n} square "
                                 "(marked): {squares}.",
                                 ": differs from the position to set up on {n} squares "
                                 "(marked): {squares}.",
                                 diff.size()),
                            {{"n", std::to_string(diff.size())}, {"squares", squares_list(diff)}});
  else
    caption += ".";
  return "<figure id=\"figure-" + id + "\">\n" + board_svg("board-" + id, board, target, mark) +
         "\n<figcaption>" + caption + " " + html_escape(board_words(board)) +
         "</figcaption>\n</figure>\n";
}

// A sheet's written move and what it reads as. `aligned`, when given, is what the move means where
// the alignment puts it (the reference sheet's move it matches), shown when the sheet's own
// reading differs or stopped before it.
std::string ply_cell(const Reconciliation& r, int sheet, std::size_t i,
                     const std::string& aligned = "") {
  const core::SheetReading& sh = r.sheets[std::size_t(sheet)];
  if (i >= sh.plies.size())
    return "<td class=\"none\">" + html_escape(tr("(nothing written)")) + "</td><td></td>";
  const core::ReadPly& p = sh.plies[i];
  const std::string note = cell_note(r, {.sheet = sheet, .ply = i});
  const std::string read =
      !aligned.empty() && (!p.move || p.san != aligned)
          ? html_escape(aligned) + " <small>" + html_escape(tr("(where the alignment puts it)")) +
                "</small>"
      : p.move
          ? html_escape(p.san) + (note.empty() ? "" : " <small>(" + html_escape(note) + ")</small>")
          : "<span class=\"problem\">" + html_escape(problem_text(p)) + "</span>";
  return "<td lang=\"" + html_escape(sh.letters.code) + "\">" +
         html_escape(p.written.empty() ? tr("(blank)") : p.written) + "</td><td>" + read + "</td>";
}

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 1em; max-width: 75em; color: #111; }
main { overflow-wrap: anywhere; }
.todo { border: 3px solid #111; padding: 0 1em 1em; margin: 1em 0 2em; background: #fffbe6; }
.todo h2 { margin-top: 0.6em; }
.check { border-left: 6px solid #7f0000; padding-left: 0.6em; }
.boards { display: flex; flex-wrap: wrap; gap: 2em; }
figure { margin: 0; max-width: 340px; width: 100%; }
svg.board { width: 100%; max-width: 340px; height: auto; display: block; }
rect.light { fill: #f0d9b5; }
rect.dark { fill: #b58863; }
rect.diff { stroke: #7f0000; stroke-width: 4; }
path.mark { fill: #7f0000; }
text.piece { font-size: 30px; text-anchor: middle; dominant-baseline: central; }
text.coord { font-size: 11px; text-anchor: middle; dominant-baseline: central; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #999; padding: 0.2em 0.6em; text-align: left; }
tr.retraced { background: #fee; }
tr.divergence { background: #fdd; font-weight: bold; outline: 3px solid #7f0000; }
td.gap { background: #eee; font-style: italic; color: #555; }
.problem { color: #a00; }
code { overflow-wrap: anywhere; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; background: #f6f6f6; padding: 1em; }
)";

std::string board_heading(const Reconciliation& r, int b) {
  return format(tr("Board {board} ({player})"),
                {{"board", std::string(1, side_letter(b))}, {"player", player_name(r, b)}});
}

// One board's steps in the box, with its wrong move and whose it was.
std::string board_todo(const Reconciliation& r, int b, const SpokenSteps* spoken) {
  const core::BoardCorrection& c = r.corrections[std::size_t(b)];
  const bool stand = r.procedure == core::Procedure::CorrectSheets ||
                     r.procedure == core::Procedure::NothingToCorrect;
  std::string h = "<h3>" + html_escape(board_heading(r, b)) + "</h3>\n";
  if (stand) {
    h += "<p>" + html_escape(tr("Leave it as it is.")) + "</p>\n";
  } else if (!c.needed()) {
    h += "<p>" + html_escape(tr("Already right, nothing to change.")) + "</p>\n";
  } else {
    h += "<p>" +
         html_escape(format(tr_n("{n} step, the fewest there are:",
                                 "{n} steps, the fewest there are:", c.steps.size()),
                            {{"n", std::to_string(c.steps.size())}})) +
         "</p>\n<ol class=\"steps\" id=\"steps-" + char('a' + b) + "\">\n";
    for (std::size_t k = 0; k < c.steps.size(); ++k) {
      const CorrectionStep& st = c.steps[k];
      h += "<li data-kind=\"" + std::string(step_key(st.kind)) + "\" data-piece=\"" +
           core::piece_name(st.piece) + "\" data-from=\"" +
           (st.from == core::SQ_NONE ? "" : core::square_name(st.from)) + "\" data-to=\"" +
           (st.to == core::SQ_NONE ? "" : core::square_name(st.to)) + "\">" +
           html_escape(step_sentence(st)) +
           (spoken && k < spoken->spoken[std::size_t(b)].size()
                ? " <span class=\"spoken\" lang=\"" + html_escape(spoken->language) + "\">" +
                      html_escape(format(tr("(spoken: {words})"),
                                         {{"words", spoken->spoken[std::size_t(b)][k]}})) +
                      "</span>"
                : std::string()) +
           "</li>\n";
    }
    h += "</ol>\n";
  }
  for (const std::string& line :
       {wrong_move_text(r, b), fault_text(r, b), ahead_text(r, b), log_text(r, b)})
    if (!line.empty()) h += "<p>" + html_escape(line) + "</p>\n";
  return h;
}

// The sheets in the box: how to correct a wrong one (Art. 8.1), or what is retraced (D.2.9).
std::string sheets_todo(const Reconciliation& r) {
  std::string h = "<h3>" + html_escape(tr("Scoresheets")) + "</h3>\n";
  if (r.procedure == core::Procedure::CorrectSheets ||
      (r.procedure == core::Procedure::AdjustBoards && r.right_sheet >= 0)) {
    h += "<p>" +
         html_escape(r.procedure == core::Procedure::CorrectSheets ? sheets_text(r)
                                                                   : copies_text(r)) +
         "</p>\n";
    for (int s = 0; s < 2; ++s) {
      const auto& edits = r.sheet_edits[std::size_t(s)];
      if (edits.empty()) continue;
      h += "<p>" +
           html_escape(format(tr("Sheet {sheet}:"), {{"sheet", std::string(1, side_letter(s))}})) +
           "</p>\n<ol class=\"edits\" id=\"edits-" + char('a' + s) + "\">\n";
      for (const core::SheetEdit& e : edits)
        h += "<li>" + html_escape(sheet_edit_text(r, s, e)) + "</li>\n";
      h += "</ol>\n";
    }
    return h;
  }
  if (!core::retracing(r))
    return h + "<p>" + html_escape(tr("Nothing to change on the scoresheets.")) + "</p>\n";
  for (int s = 0; s < 2; ++s) {
    const auto& retraced = r.retraced[std::size_t(s)];
    const std::string sheet(1, side_letter(s));
    const std::string line =
        retraced.empty()
            ? format(tr("Retraced from sheet {sheet}: nothing."), {{"sheet", sheet}})
            : format(tr_n("Retraced from sheet {sheet}: {n} written move, from {ply} on.",
                          "Retraced from sheet {sheet}: {n} written moves, from {ply} on.",
                          retraced.size()),
                     {{"sheet", sheet},
                      {"n", std::to_string(retraced.size())},
                      {"ply", ply_name(r.start, retraced.front())}});
    h += "<p>" + html_escape(line) + "</p>\n";
  }
  return h;
}

std::string clock_todo(const Reconciliation& r) {
  std::string h =
      "<h3>" + html_escape(tr("Clocks")) + "</h3>\n<p>" + html_escape(clock_text(r)) + "</p>\n";
  if (!r.clock.reading) return h;
  auto clock = [](core::ClockDuration t) {
    const long long s = std::chrono::duration_cast<std::chrono::seconds>(t).count();
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
    return std::string(buf);
  };
  return h + "<table id=\"clock-times\"><caption>" +
         html_escape(format(tr("Times to set (clock log, ply {ply})"),
                            {{"ply", std::to_string(r.clock.reading->ply)}})) +
         "</caption><thead><tr><th scope=\"col\">" + html_escape(tr("White")) +
         "</th><th scope=\"col\">" + html_escape(tr("Black")) +
         "</th></tr></thead><tbody><tr><td>" + clock(r.clock.reading->remaining[core::WHITE]) +
         "</td><td>" + clock(r.clock.reading->remaining[core::BLACK]) +
         "</td></tr></tbody></table>\n";
}

// The box that opens the page: what to do, in the order the arbiter acts.
std::string todo_box(const Reconciliation& r, const SpokenSteps* spoken,
                     const std::vector<std::string>& notes) {
  std::string h =
      "<section id=\"what-to-do\" class=\"todo\" aria-labelledby=\"todo-h\">\n"
      "<h2 id=\"todo-h\">" +
      html_escape(tr("What to do")) + "</h2>\n";
  if (r.boards_agree) h += "<p>" + html_escape(headline(r)) + "</p>\n";
  for (const std::string& note : notes)
    h += "<p class=\"check\"><strong>" + html_escape(tr("Check first:")) + "</strong> " +
         html_escape(note) + "</p>\n";
  for (int s = 0; s < 2; ++s)
    for (const std::string& line : {no_moves_note(r, s), language_warning(r, s), cut_note(r, s)})
      if (!line.empty())
        h += "<p class=\"check\"><strong>" + html_escape(tr("Check first:")) + "</strong> " +
             html_escape(line) + "</p>\n";
  h += "<h3>" + html_escape(tr("Position")) + "</h3>\n<p>" + html_escape(position_text(r)) +
       " FEN: <code>" + html_escape(r.target.fen()) + "</code></p>\n";
  h += board_figure({.id = "target",
                     .name = r.boards_agree ? tr("Position on both boards")
                                            : tr("Position to set up on both boards"),
                     .board = r.target,
                     .target = r.target,
                     .mark = false});
  for (int b = 0; b < 2; ++b) h += board_todo(r, b, spoken);
  h += sheets_todo(r);
  h += clock_todo(r);
  return h + "</section>\n";
}

std::string finding_section(const Reconciliation& r) {
  const core::Divergence& d = r.divergence;
  std::string h =
      "<section id=\"summary\" aria-labelledby=\"summary-h\">\n"
      "<h2 id=\"summary-h\">" +
      html_escape(tr("Finding")) + "</h2>\n";
  h += "<p>" + html_escape(agreement_sentence(r)) + "</p>\n";
  if (!r.sheets_agree) {
    h += "<ul>\n";
    for (std::size_t k = 0; k < d.findings.size(); ++k)
      h += "<li><strong>" + html_escape(std::string(difference_label(d.findings[k].kind))) +
           "</strong>. " + html_escape(finding_text(r, d.findings[k])) + "</li>\n";
    h += "</ul>\n";
    if (const std::string note = unread_note(r); !note.empty())
      h += "<p>" + html_escape(note) + "</p>\n";
    if (const std::string note = agreement_note(r); !note.empty())
      h += "<p>" + html_escape(note) + "</p>\n";
    h += "<p><a href=\"#divergence\">" +
         html_escape(tr("Go to the divergence in the aligned scoresheets")) + "</a>.</p>\n";
  }
  return h + "</section>\n";
}

std::string boards_section(const Reconciliation& r) {
  std::string h = "<section id=\"boards\" aria-labelledby=\"boards-h\">\n<h2 id=\"boards-h\">" +
                  html_escape(tr("The boards as found")) + "</h2>\n";
  if (r.boards_agree) {
    h += "<p>" +
         html_escape(tr("Both boards show the position drawn and described under What to do.")) +
         "</p>\n";
  } else {
    h += "<p>" +
         html_escape(tr("Squares that differ from the position to set up are outlined, marked in "
                        "their corner and listed under each board.")) +
         "</p>\n<div class=\"boards\">\n";
    for (int b = 0; b < 2; ++b)
      h += board_figure({.id = std::string(1, char('a' + b)),
                         .name = board_heading(r, b),
                         .board = r.boards[std::size_t(b)],
                         .target = r.target,
                         .mark = true});
    h += "</div>\n";
  }
  h += "<h3>" + html_escape(tr("Where the boards stand")) + "</h3>\n<ul>\n";
  for (const core::BoardStanding& st : r.standings)
    h += "<li>" + html_escape(standing_text(r, st)) + "</li>\n";
  return h + "</ul>\n</section>\n";
}

// What an aligned row shows, in words: "agree", "move left out: only on sheet A", ...
std::string row_words(const Reconciliation& r, const core::AlignedRow& row) {
  using S = core::AlignedRow::Status;
  const std::string label =
      row.finding < 0
          ? ""
          : std::string(difference_label(r.divergence.findings[std::size_t(row.finding)].kind));
  const std::string only(1, side_letter(row.ply[0] ? 0 : 1));
  // TRANSLATORS: the status column of the aligned scoresheets; {kind} is a kind of difference.
  switch (row.status) {
    case S::Agree:
      return row.finding < 0 ? tr("agree") : format(tr("agree ({kind})"), {{"kind", label}});
    case S::OneSheetOnly:
      return format(tr("{kind}: only on sheet {sheet}"), {{"kind", label}, {"sheet", only}});
    case S::Swapped:
      return tr("two moves swapped");
    case S::Different:
      return label;
    case S::Behind:
      return format(tr("only on sheet {sheet} (the other sheet ends)"), {{"sheet", only}});
    case S::NotCompared:
      return tr("not compared");
  }
  return "";
}

// One row of the aligned table.
struct TableRow {
  std::string attrs;  // the <tr> element's attributes (a class, an id), or nothing
  std::string name;   // the row's header, naming the move ("White's move 5")
  std::array<std::optional<std::size_t>, 2> cells;  // the ply of each sheet in the row, if any
  std::string status;
  std::string aligned;  // the reference's move, for a cell that means it; or nothing
};

std::string table_row(const Reconciliation& r, const TableRow& t) {
  std::string row = "<tr" + t.attrs + "><th scope=\"row\">" + html_escape(t.name) + "</th>";
  for (int s = 0; s < 2; ++s)
    row += t.cells[std::size_t(s)] ? ply_cell(r, s, *t.cells[std::size_t(s)],
                                              s == r.divergence.reference ? "" : t.aligned)
                                   : "<td class=\"gap\">" + html_escape(tr("(not on this sheet)")) +
                                         "</td><td class=\"gap\"></td>";
  return row + "<td>" + html_escape(t.status) + "</td></tr>\n";
}

// Row `k` of the alignment, from where the sheets part.
std::string aligned_row(const Reconciliation& r, std::size_t k, bool retracing) {
  const core::Divergence& d = r.divergence;
  const core::AlignedRow& row = d.alignment[k];
  // Numbered as the reference sheet has it, or as the other sheet wrote it.
  const int numbered = row.ply[std::size_t(d.reference)] ? d.reference : 1 - d.reference;
  const std::size_t ply = *row.ply[std::size_t(numbered)];
  std::string name = ply_name(r.start, ply);
  if (numbered != d.reference)
    name +=
        format(tr(" (sheet {sheet}'s cell)"), {{"sheet", std::string(1, side_letter(numbered))}});
  std::string status = row_words(r, row);
  std::string cls = k == 0 ? "divergence" : "";
  if (k == 0)
    status = format(tr("sheets part here: {status}"),
                    {{"status", row.finding >= 0 && row.status != core::AlignedRow::Status::Agree
                                    ? status
                                    : std::string(difference_label(d.kind)) + "; " + status}});
  if (!row.ply[0] || !row.ply[1]) cls += cls.empty() ? "gap" : " gap";
  if (retracing) {
    cls += cls.empty() ? "retraced" : " retraced";
    status += tr("; retraced");
  }
  const std::string attrs =
      cls.empty() ? "" : " class=\"" + cls + "\"" + (k == 0 ? " id=\"divergence\"" : "");
  // An agreeing row: the other sheet's move means the reference's move there.
  const core::ReadPly& ref_ply = r.sheets[std::size_t(d.reference)].plies[ply];
  const bool means_reference =
      row.status == core::AlignedRow::Status::Agree && numbered == d.reference;
  return table_row(r, {.attrs = attrs,
                       .name = name,
                       .cells = row.ply,
                       .status = status,
                       .aligned = means_reference ? ref_ply.san : ""});
}

// The rows from where the sheets part: the alignment's, a row for each move only one sheet has.
std::string aligned_rows(const Reconciliation& r) {
  const bool retracing = core::retracing(r);
  std::string h;
  for (std::size_t k = 0; k < r.divergence.alignment.size(); ++k) h += aligned_row(r, k, retracing);
  return h;
}

std::string sheets_section(const Reconciliation& r) {
  std::string h =
      "<section id=\"scoresheets\" aria-labelledby=\"sheets-h\">\n<h2 id=\"sheets-h\">" +
      html_escape(tr("Scoresheets, move by move")) +
      "</h2>\n<div class=\"scroll\" role=\"region\" "
      "aria-labelledby=\"sheets-h\" tabindex=\"0\">\n<table id=\"sheets\">\n<caption>" +
      html_escape(format(tr("Each row is one move of one side. From where the sheets part, a move "
                            "only one sheet has gets a row of its own, and the other sheet's cells "
                            "show the gap. Sheet A read as {a}, sheet B read as {b}."),
                         {{"a", r.sheets[0].letters.name}, {"b", r.sheets[1].letters.name}})) +
      "</caption>\n<thead><tr>";
  // TRANSLATORS: the column headings of the aligned scoresheets.
  for (const char* heading : {tr("Move"), tr("Sheet A written"), tr("Sheet A read as"),
                              tr("Sheet B written"), tr("Sheet B read as"), tr("Status")})
    h += "<th scope=\"col\">" + html_escape(heading) + "</th>";
  h += "</tr></thead>\n<tbody>\n";
  const std::size_t common = r.sheets_agree
                                 ? std::max(r.sheets[0].plies.size(), r.sheets[1].plies.size())
                                 : r.agreed_plies;
  for (std::size_t i = 0; i < common; ++i)
    h += table_row(r, {.attrs = "",
                       .name = ply_name(r.start, i),
                       .cells = {i, i},
                       .status = tr("agree"),
                       .aligned = ""});
  h += aligned_rows(r);
  return h + "</tbody>\n</table>\n</div>\n</section>\n";
}

}  // namespace

std::string html_escape(std::string_view raw) {
  const std::string s = printable_utf8(raw);
  std::string out;
  out.reserve(s.size());
  for (const char ch : s) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += ch;
    }
  }
  return out;
}

std::vector<Square> differing_squares(const core::Position& board, const core::Position& target) {
  std::vector<Square> out;
  for (int s = 0; s < 64; ++s)
    if (board.piece_on(Square(s)) != target.piece_on(Square(s))) out.push_back(Square(s));
  return out;
}

std::string_view difference_key(core::DifferenceKind kind) {
  using K = core::DifferenceKind;
  switch (kind) {
    case K::None:
      return "none";
    case K::SheetBehind:
      return "sheet_behind";
    case K::MoveLeftOut:
      return "move_left_out";
    case K::ExtraMove:
      return "extra_move";
    case K::MovesSwapped:
      return "moves_swapped";
    case K::IllegalMove:
      return "illegal_move";
    case K::UnreadableMove:
      return "unreadable_move";
    case K::DifferentMove:
      return "different_move";
    case K::DuplicateMove:
      return "duplicate_move";
    case K::OwnMovesOnly:
      return "own_moves_only";
    case K::Unexplained:
      return "unexplained";
  }
  return "";
}

std::string_view row_key(core::AlignedRow::Status status) {
  using S = core::AlignedRow::Status;
  switch (status) {
    case S::Agree:
      return "agree";
    case S::OneSheetOnly:
      return "one_sheet_only";
    case S::Swapped:
      return "swapped";
    case S::Different:
      return "different";
    case S::Behind:
      return "behind";
    case S::NotCompared:
      return "not_compared";
  }
  return "";
}

std::string_view step_key(CorrectionStep::Kind kind) {
  switch (kind) {
    case CorrectionStep::Kind::Remove:
      return "remove";
    case CorrectionStep::Kind::Move:
      return "move";
    case CorrectionStep::Kind::Place:
      return "place";
  }
  return "";
}

std::string reconciliation_html(const Reconciliation& r, const SpokenSteps* spoken,
                                const std::vector<std::string>& notes) {
  std::string h =
      // TRANSLATORS: the language code of this catalog, for the page's lang attribute ("de").
      "<!DOCTYPE html>\n<html lang=\"" + html_escape(tr("en")) +
      "\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>" +
      html_escape(tr("D.2.9 reconciliation")) + "</title>\n<style>" + std::string(kStyle) +
      "</style>\n</head>\n<body>\n<main>\n";
  h += "<h1>" +
       html_escape(r.boards_agree
                       ? tr("Reconciliation: both boards show the same position")
                       : tr("D.2.9 reconciliation: the two boards show different positions")) +
       "</h1>\n";
  h += todo_box(r, spoken, notes);
  h += finding_section(r);
  h += boards_section(r);
  h += sheets_section(r);
  h += "<section id=\"text\" aria-labelledby=\"text-h\">\n<h2 id=\"text-h\">" +
       html_escape(tr("The same in plain text")) + "</h2>\n<pre>" +
       html_escape(arbiter_text(r, notes)) + "</pre>\n</section>\n";
  return h + "</main>\n</body>\n</html>\n";
}

}  // namespace annabella::app
