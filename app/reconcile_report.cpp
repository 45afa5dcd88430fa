// JSON and HTML for the D.2.9 reconciliation. Written by hand (no library): both formats are small
// and fixed, and every string that came from a sheet is escaped.
#include "app/reconcile_report.h"

#include <algorithm>
#include <cstdio>

#include "app/console.h"
#include "app/json_text.h"

namespace annabella::app {
namespace {

using core::Color;
using core::CorrectionStep;
using core::Reconciliation;
using core::Square;

std::string html_escape(std::string_view s) {
  std::string out;
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

std::string square_or_null(Square s) {
  return s == core::SQ_NONE ? "null" : json_string(core::square_name(s));
}

long long ms(core::ClockDuration t) {
  return std::chrono::duration_cast<std::chrono::milliseconds>(t).count();
}

std::string optional_number(const std::optional<std::size_t>& n) {
  return n ? std::to_string(*n) : "null";
}

std::string color_word(Color c) {
  return std::string(core::color_name(c));
}

Color player_color(const Reconciliation& r, int index) {
  return index == 0 ? r.color_a : ~r.color_a;
}

std::string_view kind_key(core::DifferenceKind kind) {
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

// {"A": n, "B": m} for a pair of written moves, or null.
std::string sheet_pair(const std::optional<std::array<std::size_t, 2>>& w) {
  return w ? "{\"A\": " + std::to_string((*w)[0]) + ", \"B\": " + std::to_string((*w)[1]) + "}"
           : "null";
}

std::string sheet_or_null(int sheet) {
  return sheet < 0 ? "null" : "\"" + std::string(1, core::side_letter(sheet)) + "\"";
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

// "Move the white knight from d2 to c3."
std::string step_sentence(const CorrectionStep& st) {
  const std::string piece = core::piece_name(st.piece);
  switch (st.kind) {
    case CorrectionStep::Kind::Remove:
      return "Remove the " + piece + " from " + core::square_name(st.from) + ".";
    case CorrectionStep::Kind::Move:
      return "Move the " + piece + " from " + core::square_name(st.from) + " to " +
             core::square_name(st.to) + ".";
    case CorrectionStep::Kind::Place:
      return "Place a " + piece + " on " + core::square_name(st.to) + ".";
  }
  return "";
}

std::string squares_list(const std::vector<Square>& squares) {
  std::string out;
  for (const Square s : squares) out += (out.empty() ? "" : " ") + core::square_name(s);
  return out;
}

std::string board_words(const core::Position& pos) {
  auto white = read_board(pos, "white");
  auto black = read_board(pos, "black");
  return (white ? *white : "") + ". " + (black ? *black : "") + ".";
}

}  // namespace

std::vector<Square> differing_squares(const core::Position& board, const core::Position& target) {
  std::vector<Square> out;
  for (int s = 0; s < 64; ++s)
    if (board.piece_on(Square(s)) != target.piece_on(Square(s))) out.push_back(Square(s));
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON

std::string reconciliation_json(const Reconciliation& r, const SpokenSteps* spoken) {
  std::string j = "{\n";
  j += "  \"rule\": \"D.2.9\",\n";
  j += "  \"start_fen\": " + json_string(r.start.fen()) + ",\n";
  j += "  \"player_a_color\": " + json_string(color_word(r.color_a)) + ",\n";
  j += "  \"sheets\": [";
  for (int s = 0; s < 2; ++s) {
    const core::SheetReading& sh = r.sheets[s];
    j += s ? ",\n    {" : "\n    {";
    j += "\"name\": \"" + std::string(1, core::side_letter(s)) + "\", ";
    j += "\"language\": " + json_string(sh.letters.code) + ", ";
    j += "\"language_note\": " + json_string(sh.language_note) + ", ";
    j += "\"written_plies\": " + std::to_string(sh.plies.size()) + ", ";
    j += "\"read_plies\": " + std::to_string(sh.read_plies) + ",\n     \"plies\": [";
    for (std::size_t i = 0; i < sh.plies.size(); ++i) {
      const core::ReadPly& p = sh.plies[i];
      j += i ? ",\n       {" : "\n       {";
      j += "\"ply\": " + std::to_string(i) + ", ";
      j += "\"name\": " + json_string(core::ply_name(r.start, i)) + ", ";
      j += "\"written\": " + json_string(p.written) + ", ";
      j += "\"san\": " + (p.move ? json_string(p.san) : "null") + ", ";
      j += "\"uci\": " + (p.move ? json_string(core::to_uci(*p.move)) : "null") + ", ";
      j += "\"problem\": " + (p.problem.empty() ? "null" : json_string(p.problem)) + ", ";
      j += "\"note\": " + (p.note.empty() ? "null" : json_string(p.note)) + "}";
    }
    j += "]}";
  }
  j += "\n  ],\n";
  j += "  \"sheets_agree\": " + std::string(r.sheets_agree ? "true" : "false") + ",\n";
  j += "  \"agreed_plies\": " + std::to_string(r.agreed_plies) + ",\n";
  j += "  \"agreed_fen\": " + json_string(r.agreed_position.fen()) + ",\n";
  const core::Divergence& d = r.divergence;
  j += "  \"divergence\": {\"kind\": " + json_string(kind_key(d.kind)) +
       ", \"label\": " + json_string(core::difference_name(d.kind)) +
       ", \"ply\": " + (d.kind == core::DifferenceKind::None ? "null" : std::to_string(d.ply)) +
       ", \"sheet\": " + sheet_or_null(d.sheet) + ", \"count\": " + std::to_string(d.count) +
       ", \"rejoin_after\": " + optional_number(d.rejoin_after) +
       ", \"explanation\": " + json_string(d.explanation) + ",\n    \"reference\": " +
       (d.kind == core::DifferenceKind::None ? "null" : sheet_or_null(d.reference)) +
       ", \"agree_again\": " + sheet_pair(d.agree_again) + ",\n    \"findings\": [";
  for (std::size_t k = 0; k < d.findings.size(); ++k) {
    const core::SheetFinding& f = d.findings[k];
    j += std::string(k ? ",\n      " : "\n      ") + "{\"kind\": " + json_string(kind_key(f.kind)) +
         ", \"label\": " + json_string(core::difference_name(f.kind)) +
         ", \"sheet\": " + sheet_or_null(f.sheet) + ", \"ply\": " + std::to_string(f.ply) +
         ", \"name\": " + json_string(core::ply_name(r.start, f.ply)) +
         ", \"count\": " + std::to_string(f.count) +
         ", \"agree_again\": " + sheet_pair(f.agree_again) +
         ", \"explanation\": " + json_string(f.explanation) + "}";
  }
  j += "],\n    \"alignment\": [";
  for (std::size_t k = 0; k < d.alignment.size(); ++k) {
    const core::AlignedRow& row = d.alignment[k];
    j += std::string(k ? ",\n      " : "\n      ") + "{\"A\": " + optional_number(row.ply[0]) +
         ", \"B\": " + optional_number(row.ply[1]) +
         ", \"status\": " + json_string(row_key(row.status)) +
         ", \"finding\": " + (row.finding < 0 ? "null" : std::to_string(row.finding)) + "}";
  }
  j += "]},\n";
  j += "  \"target\": {\"plies\": " + std::to_string(r.target_plies) + ", \"point\": " +
       json_string(
           core::point_name(r, r.sheets_agree || d.sheet < 0 ? 0 : 1 - d.sheet, r.target_plies)) +
       ", \"fen\": " + json_string(r.target.fen()) + "},\n";
  j += "  \"retraced\": {";
  for (int s = 0; s < 2; ++s) {
    j += std::string(s ? ", " : "") + "\"" + core::side_letter(s) + "\": [";
    for (std::size_t k = 0; k < r.retraced[s].size(); ++k) {
      const std::size_t i = r.retraced[s][k];
      j += std::string(k ? ", " : "") + "{\"ply\": " + std::to_string(i) +
           ", \"written\": " + json_string(r.sheets[s].plies[i].written) + "}";
    }
    j += "]";
  }
  j += "},\n";
  j += "  \"boards\": [";
  for (int b = 0; b < 2; ++b) {
    const core::BoardCorrection& c = r.corrections[b];
    j += b ? ",\n    {" : "\n    {";
    j += "\"name\": \"" + std::string(1, core::side_letter(b)) + "\", ";
    j += "\"player_color\": " + json_string(color_word(player_color(r, b))) + ", ";
    j += "\"fen\": " + json_string(r.boards[b].fen()) + ", ";
    j += "\"differing_squares\": [";
    const auto diff = differing_squares(r.boards[b], r.target);
    for (std::size_t k = 0; k < diff.size(); ++k)
      j += std::string(k ? ", " : "") + json_string(core::square_name(diff[k]));
    j += "],\n     \"steps\": [";
    for (std::size_t k = 0; k < c.steps.size(); ++k) {
      const CorrectionStep& st = c.steps[k];
      j += std::string(k ? ",\n       " : "\n       ") +
           "{\"kind\": " + json_string(step_key(st.kind)) +
           ", \"piece\": " + json_string(core::piece_type_name(core::type_of(st.piece))) +
           ", \"color\": " + json_string(color_word(core::color_of(st.piece))) +
           ", \"from\": " + square_or_null(st.from) + ", \"to\": " + square_or_null(st.to) +
           ", \"text\": " + json_string(core::describe(st)) + ", \"spoken\": " +
           (spoken && k < spoken->spoken[b].size() ? json_string(spoken->spoken[b][k]) : "null") +
           ", \"spoken_display\": " +
           (spoken && k < spoken->display[b].size() ? json_string(spoken->display[b][k]) : "null") +
           "}";
    }
    j += "],\n     \"went_wrong\": ";
    if (c.went_wrong) {
      const core::WrongMove& w = *c.went_wrong;
      j += "{\"ply\": " + std::to_string(w.ply) +
           ", \"name\": " + json_string(core::ply_name(r.start, w.ply)) +
           ", \"expected\": " + json_string(w.expected_san) +
           ", \"played\": " + json_string(w.played_san) +
           ", \"expected_uci\": " + json_string(core::to_uci(w.expected)) +
           ", \"played_uci\": " + json_string(core::to_uci(w.played)) +
           ", \"from_log\": " + (w.from_log ? "true" : "false") + "}";
    } else {
      j += "null";
    }
    j += ", \"ahead\": [";
    for (std::size_t k = 0; k < c.ahead.size(); ++k)
      j += std::string(k ? ", " : "") + "{\"ply\": " + std::to_string(r.target_plies + k) +
           ", \"name\": " + json_string(core::ply_name(r.start, r.target_plies + k)) +
           ", \"san\": " + json_string(c.ahead_san[k]) +
           ", \"uci\": " + json_string(core::to_uci(c.ahead[k])) + "}";
    j += "], \"note\": " + (c.note.empty() ? "null" : json_string(c.note)) + "}";
  }
  j += "\n  ],\n";
  j += "  \"standings\": [";
  for (std::size_t k = 0; k < r.standings.size(); ++k) {
    const core::BoardStanding& st = r.standings[k];
    j += std::string(k ? ",\n    " : "\n    ") + "{\"board\": \"" + core::side_letter(st.board) +
         "\", \"sheet\": \"" + core::side_letter(st.sheet) +
         "\", \"matches_after\": " + optional_number(st.matches_after) +
         ", \"nearest_after\": " + std::to_string(st.nearest_after) +
         ", \"squares_off\": " + std::to_string(st.squares_off) + "}";
  }
  j += "\n  ],\n";
  const core::ClockProposal& cl = r.clock;
  j += "  \"clock\": {\"readjust\": " + std::string(cl.readjust ? "true" : "false") +
       ", \"ply\": " + std::to_string(cl.ply) +
       ", \"reading_ply\": " + (cl.reading ? std::to_string(cl.reading->ply) : "null") +
       ", \"white_ms\": " +
       (cl.reading ? std::to_string(ms(cl.reading->remaining[core::WHITE])) : "null") +
       ", \"black_ms\": " +
       (cl.reading ? std::to_string(ms(cl.reading->remaining[core::BLACK])) : "null") +
       ", \"note\": " + json_string(cl.note) + "},\n";
  j += "  \"spoken_profile\": " + (spoken ? json_string(spoken->profile) : "null") + ",\n";
  j += "  \"text\": " + json_string(core::arbiter_text(r)) + "\n";
  j += "}\n";
  return j;
}

// ---------------------------------------------------------------------------------------------
// HTML

namespace {

// Unicode chess figures, indexed by Piece.
const char* figure(core::Piece pc) {
  static constexpr const char* kFigures[core::PIECE_NB] = {
      "", "\u2659", "\u2658", "\u2657", "\u2656", "\u2655", "\u2654", "",
      "", "\u265F", "\u265E", "\u265D", "\u265C", "\u265B", "\u265A", ""};
  return kFigures[pc];
}

// A board as inline SVG, White at the bottom. Differing squares (against `target`) carry class
// "diff" and a thick outline; the SVG is labelled by a title and a description in words.
std::string board_svg(const std::string& id, const std::string& title, const core::Position& board,
                      const core::Position& target, bool mark) {
  constexpr int kSq = 40, kMargin = 20;
  std::string s = "<svg id=\"" + id + "\" class=\"board\" role=\"img\" aria-labelledby=\"" + id +
                  "-title " + id + "-desc\" viewBox=\"0 0 " + std::to_string(8 * kSq + kMargin) +
                  " " + std::to_string(8 * kSq + kMargin) + "\" width=\"" +
                  std::to_string(8 * kSq + kMargin) + "\" height=\"" +
                  std::to_string(8 * kSq + kMargin) + "\" xmlns=\"http://www.w3.org/2000/svg\">";
  s += "<title id=\"" + id + "-title\">" + html_escape(title) + "</title>";
  const auto diff = differing_squares(board, target);
  std::string desc = board_words(board);
  if (mark)
    desc += diff.empty() ? " It shows the position to set up."
                         : " Differs from the position to set up on " + squares_list(diff) + ".";
  s += "<desc id=\"" + id + "-desc\">" + html_escape(desc) + "</desc>";
  for (int rank = 7; rank >= 0; --rank)
    for (int file = 0; file < 8; ++file) {
      const Square sq = core::make_square(file, rank);
      const bool differs = mark && std::find(diff.begin(), diff.end(), sq) != diff.end();
      const int x = kMargin + file * kSq, y = (7 - rank) * kSq;
      s += "<rect class=\"sq " + std::string((file + rank) % 2 ? "light" : "dark") +
           (differs ? " diff" : "") + "\" data-square=\"" + core::square_name(sq) + "\" x=\"" +
           std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" + std::to_string(kSq) +
           "\" height=\"" + std::to_string(kSq) + "\"/>";
      const core::Piece pc = board.piece_on(sq);
      if (pc != core::NO_PIECE)
        s += "<text class=\"piece\" x=\"" + std::to_string(x + kSq / 2) + "\" y=\"" +
             std::to_string(y + kSq / 2) + "\" aria-hidden=\"true\">" + figure(pc) + "</text>";
    }
  for (int i = 0; i < 8; ++i) {
    s += "<text class=\"coord\" x=\"" + std::to_string(kMargin + i * kSq + kSq / 2) + "\" y=\"" +
         std::to_string(8 * kSq + kMargin / 2 + 2) + "\" aria-hidden=\"true\">" + char('a' + i) +
         "</text>";
    s += "<text class=\"coord\" x=\"" + std::to_string(kMargin / 2) + "\" y=\"" +
         std::to_string((7 - i) * kSq + kSq / 2) + "\" aria-hidden=\"true\">" + char('1' + i) +
         "</text>";
  }
  return s + "</svg>";
}

// A sheet's written move and what it reads as. `aligned`, when given, is what the move means where
// the alignment puts it (the reference sheet's move it matches), shown when the sheet's own
// reading differs or stopped before it.
std::string ply_cell(const core::SheetReading& sh, std::size_t i, const std::string& aligned = "") {
  if (i >= sh.plies.size()) return "<td class=\"none\">(nothing written)</td><td></td>";
  const core::ReadPly& p = sh.plies[i];
  std::string read =
      !aligned.empty() && (!p.move || p.san != aligned)
          ? html_escape(aligned) + " <small>(where the alignment puts it)</small>"
      : p.move ? html_escape(p.san) +
                     (p.note.empty() ? "" : " <small>(" + html_escape(p.note) + ")</small>")
               : "<span class=\"problem\">" + html_escape(p.problem) + "</span>";
  return "<td lang=\"" + html_escape(sh.letters.code) + "\">" +
         (p.written.empty() ? "(blank)" : html_escape(p.written)) + "</td><td>" + read + "</td>";
}

constexpr const char* kStyle = R"(
body { font-family: sans-serif; margin: 1.5em; max-width: 75em; color: #111; }
.boards { display: flex; flex-wrap: wrap; gap: 2em; }
figure { margin: 0; }
figcaption { max-width: 22em; }
rect.light { fill: #f0d9b5; }
rect.dark { fill: #b58863; }
rect.diff { stroke: #c00; stroke-width: 4; }
text.piece { font-size: 30px; text-anchor: middle; dominant-baseline: central; }
text.coord { font-size: 11px; text-anchor: middle; dominant-baseline: central; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #999; padding: 0.2em 0.6em; text-align: left; }
tr.retraced { background: #fee; }
tr.divergence { background: #fdd; font-weight: bold; outline: 3px solid #c00; }
td.gap { background: #eee; font-style: italic; color: #555; }
.problem { color: #a00; }
pre { white-space: pre-wrap; background: #f6f6f6; padding: 1em; }
)";

// What an aligned row shows, in words: "agree", "move left out: only on sheet A", ...
std::string row_words(const Reconciliation& r, const core::AlignedRow& row) {
  using S = core::AlignedRow::Status;
  const std::string label = row.finding < 0
                                ? ""
                                : std::string(core::difference_name(
                                      r.divergence.findings[std::size_t(row.finding)].kind));
  const int only = row.ply[0] ? 0 : 1;
  switch (row.status) {
    case S::Agree:
      return row.finding < 0 ? "agree" : "agree (" + label + ")";
    case S::OneSheetOnly:
      return label + ": only on sheet " + core::side_letter(only);
    case S::Swapped:
      return "two moves swapped";
    case S::Different:
      return label;
    case S::Behind:
      return std::string("only on sheet ") + core::side_letter(only) + " (the other sheet ends)";
    case S::NotCompared:
      return "not compared";
  }
  return "";
}

}  // namespace

std::string reconciliation_html(const Reconciliation& r, const SpokenSteps* spoken) {
  const core::Divergence& d = r.divergence;
  const bool retracing = !r.retraced[0].empty() || !r.retraced[1].empty();
  const int point_sheet = r.sheets_agree || d.sheet < 0 ? 0 : 1 - d.sheet;
  std::string h =
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<title>D.2.9 reconciliation</title>\n<style>" +
      std::string(kStyle) + "</style>\n</head>\n<body>\n<main>\n";
  h += "<h1>D.2.9 reconciliation: the two boards show different positions</h1>\n";

  // Summary.
  h +=
      "<section id=\"summary\" aria-labelledby=\"summary-h\">\n<h2 id=\"summary-h\">Finding</h2>\n";
  if (r.sheets_agree) {
    h += "<p>The two scoresheets agree (" + std::to_string(r.agreed_plies) + " plies, " +
         html_escape(core::point_name(r, 0, r.agreed_plies)) +
         "). Under D.2.9 the position they lead to is the right one; each board that differs is "
         "adjusted to it.</p>\n";
  } else {
    h += "<p>The two scoresheets agree up to " +
         html_escape(core::point_name(r, 0, r.agreed_plies)) + " (" +
         std::to_string(r.agreed_plies) + " plies). Then: <strong>" +
         html_escape(std::string(core::difference_name(d.kind))) + "</strong>. " +
         html_escape(d.explanation) + "</p>\n";
    h += "<p><a href=\"#divergence\">Go to the divergence in the aligned scoresheets</a>.</p>\n";
  }
  if (d.agree_again) h += "<p>" + html_escape(core::agreement_note(r)) + "</p>\n";
  h += "<p>Position to set up on both boards: " +
       html_escape(retracing ? "the moves are retraced to the position " +
                                   core::point_name(r, point_sheet, r.target_plies)
                             : core::point_name(r, point_sheet, r.target_plies)) +
       ". FEN: <code>" + html_escape(r.target.fen()) + "</code></p>\n</section>\n";

  // Boards.
  h += "<section id=\"boards\" aria-labelledby=\"boards-h\">\n<h2 id=\"boards-h\">Boards</h2>\n"
       "<p>Squares that differ from the position to set up are outlined in red and listed under "
       "each board.</p>\n<div class=\"boards\">\n";
  for (int b = 0; b < 2; ++b) {
    const std::string name = std::string("Board ") + core::side_letter(b) + " (player " +
                             core::side_letter(b) + ", " + color_word(player_color(r, b)) + ")";
    const auto diff = differing_squares(r.boards[b], r.target);
    h += "<figure id=\"figure-" + std::string(1, char('a' + b)) + "\">\n" +
         board_svg(std::string("board-") + char('a' + b), name, r.boards[b], r.target, true) +
         "\n<figcaption><strong>" + html_escape(name) + "</strong>: " +
         (diff.empty() ? std::string("shows the position to set up.")
                       : "differs on " + std::to_string(diff.size()) +
                             " squares: " + squares_list(diff) + ".") +
         "<br>" + html_escape(board_words(r.boards[b])) + "</figcaption>\n</figure>\n";
  }
  h += "<figure id=\"figure-target\">\n" +
       board_svg("board-target", "Position to set up", r.target, r.target, false) +
       "\n<figcaption><strong>Position to set up</strong>: " + html_escape(board_words(r.target)) +
       "</figcaption>\n</figure>\n</div>\n";
  h += "<h3>Where the boards stand</h3>\n<ul>\n";
  for (const core::BoardStanding& st : r.standings) {
    h += "<li>Board " + std::string(1, core::side_letter(st.board)) + " ";
    if (st.matches_after)
      h += "matches sheet " + std::string(1, core::side_letter(st.sheet)) + " " +
           html_escape(core::point_name(r, st.sheet, *st.matches_after));
    else
      h += "matches no point of sheet " + std::string(1, core::side_letter(st.sheet)) +
           "; nearest " + html_escape(core::point_name(r, st.sheet, st.nearest_after)) + ", " +
           std::to_string(st.squares_off) + " squares differ";
    h += ".</li>\n";
  }
  h += "</ul>\n</section>\n";

  // Scoresheets aligned ply by ply.
  h += "<section id=\"scoresheets\" aria-labelledby=\"sheets-h\">\n<h2 id=\"sheets-h\">"
       "Scoresheets, ply by ply</h2>\n<table id=\"sheets\">\n<caption>Each row is one ply. From "
       "where the sheets part, a move only one sheet has gets a row of "
       "its own, and the other sheet's cells show the gap. "
       "Sheet A read as " +
       html_escape(r.sheets[0].letters.name) + ", sheet B read as " +
       html_escape(r.sheets[1].letters.name) +
       ". Status says where the sheets agree, where they part, and which moves are "
       "retraced.</caption>\n<thead><tr><th scope=\"col\">Ply</th><th scope=\"col\">Move</th>"
       "<th scope=\"col\">Sheet A written</th><th scope=\"col\">Sheet A read as</th>"
       "<th scope=\"col\">Sheet B written</th><th scope=\"col\">Sheet B read as</th>"
       "<th scope=\"col\">Status</th></tr></thead>\n<tbody>\n";
  // Up to where the sheets part, one row a ply; from there the alignment's rows, with a row for
  // each move only one sheet has (the other sheet's cell shows the gap).
  const std::size_t common = r.sheets_agree
                                 ? std::max(r.sheets[0].plies.size(), r.sheets[1].plies.size())
                                 : r.agreed_plies;
  auto row_html = [&](const std::string& cls, std::size_t ply, const std::string& name,
                      const std::array<std::optional<std::size_t>, 2>& cells,
                      const std::string& status, const std::string& aligned = "") {
    std::string row = "<tr" + cls + "><th scope=\"row\">" + std::to_string(ply + 1) + "</th><td>" +
                      html_escape(name) + "</td>";
    for (int s = 0; s < 2; ++s)
      row += cells[s] ? ply_cell(r.sheets[s], *cells[s], s == d.reference ? "" : aligned)
                      : "<td class=\"gap\">(not on this sheet)</td><td class=\"gap\"></td>";
    return row + "<td>" + html_escape(status) + "</td></tr>\n";
  };
  for (std::size_t i = 0; i < common; ++i)
    h += row_html("", i, core::ply_name(r.start, i), {i, i}, "agree");
  for (std::size_t k = 0; k < d.alignment.size(); ++k) {
    const core::AlignedRow& row = d.alignment[k];
    // Numbered as the reference sheet has it, or as the other sheet wrote it.
    const int numbered = row.ply[d.reference] ? d.reference : 1 - d.reference;
    const std::size_t ply = *row.ply[numbered];
    std::string name = core::ply_name(r.start, ply);
    if (numbered != d.reference)
      name += std::string(" (sheet ") + core::side_letter(numbered) + "'s cell)";
    std::string status = row_words(r, row);
    std::vector<std::string> classes;
    if (k == 0) {
      classes.push_back("divergence");
      // The row's own words name the difference when it belongs to one.
      status =
          "sheets part here: " + (row.finding >= 0 && row.status != core::AlignedRow::Status::Agree
                                      ? status
                                      : std::string(core::difference_name(d.kind)) + "; " + status);
    }
    if (!row.ply[0] || !row.ply[1]) classes.push_back("gap");
    if (retracing) {
      classes.push_back("retraced");
      status += "; retraced";
    }
    std::string cls;
    for (const std::string& c : classes) cls += (cls.empty() ? "" : " ") + c;
    cls = cls.empty() ? "" : " class=\"" + cls + "\"" + (k == 0 ? " id=\"divergence\"" : "");
    // An agreeing row: the other sheet's move means the reference's move there.
    const core::ReadPly& ref_ply = r.sheets[d.reference].plies[ply];
    h += row_html(cls, ply, name, row.ply, status,
                  row.status == core::AlignedRow::Status::Agree && numbered == d.reference
                      ? ref_ply.san
                      : "");
  }
  h += "</tbody>\n</table>\n</section>\n";

  // Steps.
  h += "<section id=\"steps\" aria-labelledby=\"steps-h\">\n<h2 id=\"steps-h\">Corrections"
       "</h2>\n";
  for (int b = 0; b < 2; ++b) {
    const core::BoardCorrection& c = r.corrections[b];
    h += "<h3>Board " + std::string(1, core::side_letter(b)) + " (player " + core::side_letter(b) +
         ", " + color_word(player_color(r, b)) + ")</h3>\n";
    if (!c.needed()) {
      h += "<p>Already right, nothing to change.</p>\n";
    } else {
      h += "<p>" + std::to_string(c.steps.size()) + (c.steps.size() == 1 ? " step" : " steps") +
           ", the fewest there are:</p>\n<ol class=\"steps\" id=\"steps-" + char('a' + b) + "\">\n";
      for (std::size_t k = 0; k < c.steps.size(); ++k) {
        const CorrectionStep& st = c.steps[k];
        h += "<li data-kind=\"" + std::string(step_key(st.kind)) + "\" data-piece=\"" +
             core::piece_name(st.piece) + "\" data-from=\"" +
             (st.from == core::SQ_NONE ? "" : core::square_name(st.from)) + "\" data-to=\"" +
             (st.to == core::SQ_NONE ? "" : core::square_name(st.to)) + "\">" +
             html_escape(step_sentence(st)) +
             (spoken && k < spoken->spoken[b].size()
                  ? " <span class=\"spoken\" lang=\"" + html_escape(spoken->language) +
                        "\">(spoken: " + html_escape(spoken->spoken[b][k]) + ")</span>"
                  : std::string()) +
             "</li>\n";
      }
      h += "</ol>\n";
    }
    if (c.went_wrong) {
      const core::WrongMove& w = *c.went_wrong;
      const bool own = ((r.start.game_ply() + int(w.ply)) % 2 == 0 ? core::WHITE : core::BLACK) ==
                       player_color(r, b);
      h += "<p>Board " + std::string(1, core::side_letter(b)) + " went wrong at " +
           html_escape(core::ply_name(r.start, w.ply)) + ": " + html_escape(w.played_san) +
           " was made where the sheets have " + html_escape(w.expected_san) +
           (w.from_log ? " (board log)." : " (inferred from the board).") + " " +
           (own ? "The player wrote the correct move but made a different one on his board: "
                  "under D.2.9 he must adjust his position to match the scoresheets."
                : "It was the opponent's move, executed wrongly on this board (D.2.1).") +
           "</p>\n";
    }
    if (!c.ahead.empty()) h += "<p>" + html_escape(core::ahead_text(r, b)) + "</p>\n";
    if (!c.note.empty()) h += "<p>" + html_escape(c.note) + "</p>\n";
  }
  h += "</section>\n";

  // Clocks.
  h += "<section id=\"clock\" aria-labelledby=\"clock-h\">\n<h2 id=\"clock-h\">Clocks</h2>\n<p>" +
       html_escape(r.clock.note) + "</p>\n";
  if (r.clock.reading) {
    auto clock = [](core::ClockDuration t) {
      const long long s = std::chrono::duration_cast<std::chrono::seconds>(t).count();
      char buf[32];
      std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60, s % 60);
      return std::string(buf);
    };
    h += "<table id=\"clock-times\"><caption>Times to set (clock log, ply " +
         std::to_string(r.clock.reading->ply) +
         ")</caption><thead><tr><th scope=\"col\">White</th><th scope=\"col\">Black</th></tr>"
         "</thead><tbody><tr><td>" +
         clock(r.clock.reading->remaining[core::WHITE]) + "</td><td>" +
         clock(r.clock.reading->remaining[core::BLACK]) + "</td></tr></tbody></table>\n";
  }
  h += "</section>\n";

  // The same facts as plain text.
  h += "<section id=\"text\" aria-labelledby=\"text-h\">\n<h2 id=\"text-h\">The same in plain "
       "text</h2>\n<pre>" +
       html_escape(core::arbiter_text(r)) + "</pre>\n</section>\n";
  h += "</main>\n</body>\n</html>\n";
  return h;
}

}  // namespace annabella::app
