// libFuzzer target: D.2.9 reconciliation on arbitrary boards, scoresheets and clock logs. Input:
// up to five parts separated by '|': board A, board B (FEN or placement), sheet A, sheet B (move
// lists or PGN movetext, any bytes), and a clock log in any form --clock-log takes (lines, a PGN
// with [%clk], a journal). Checks that nothing crashes, that each board's correction steps really
// reach the target, that a wrong sheet edited as proposed has the right sheet's moves (Art. 8.1)
// unless nothing on it reads as moves (then it is not edited at all), that nothing is done on
// boards that agree, and that the text, JSON and HTML are valid UTF-8.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "app/reconcile_inputs.h"
#include "app/reconcile_report.h"
#include "app/reconcile_text.h"
#include "core/reconcile.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace annabella;

// The moves a list of written moves reads as, in `letters`, from `start`.
std::vector<core::Move> read_moves(const std::vector<std::string>& written,
                                   const core::PieceLetters& letters, const core::Position& start) {
  core::WrittenSheet sheet;
  for (const std::string& w : written) sheet.sheet.entries.push_back({0, core::WHITE, w, 0});
  sheet.letters = letters;
  const core::SheetReading r = core::read_sheet(start, sheet);
  std::vector<core::Move> moves;
  for (std::size_t i = 0; i < r.read_plies; ++i) moves.push_back(r.move(i));
  if (!r.fully_read()) moves.push_back(core::Move());  // marks "stops early"
  return moves;
}

void check_boards(const core::ReconcileInput& in, const core::Reconciliation& r) {
  for (std::size_t b = 0; b < 2; ++b) {
    core::Piece squares[64];
    for (int s = 0; s < 64; ++s) squares[s] = in.boards[b].placement.piece_on(core::Square(s));
    for (const core::CorrectionStep& st : r.corrections[b].steps) {
      if (st.kind != core::CorrectionStep::Kind::Place) squares[st.from] = core::NO_PIECE;
      if (st.kind != core::CorrectionStep::Kind::Remove) squares[st.to] = st.piece;
    }
    for (int s = 0; s < 64; ++s) fuzz::check(squares[s] == r.target.piece_on(core::Square(s)));
    // D.2.9 only when the boards differ.
    if (r.boards_agree)
      fuzz::check(!r.corrections[b].needed() || r.procedure == core::Procedure::BoardsUnexplained);
  }
  if (r.boards_agree) fuzz::check(!r.clock.readjust);
}

void check_sheet_edits(const core::Reconciliation& r) {
  // A sheet on which (almost) nothing reads as moves is no record (Art. 8.1): none of its cells
  // is ordered corrected; the arbiter is told to check the file first.
  for (std::size_t s = 0; s < 2; ++s)
    if (r.sheets[s].no_moves()) fuzz::check(r.sheet_edits[s].empty());
  if (r.procedure != core::Procedure::CorrectSheets || r.right_sheet < 0) return;
  const int right = r.right_sheet, wrong = 1 - right;
  const auto& R = r.sheets[std::size_t(right)];
  const auto& W = r.sheets[std::size_t(wrong)];
  if (W.no_moves()) return;
  fuzz::check(read_moves(core::edited(r.sheets, wrong, r.sheet_edits[std::size_t(wrong)]),
                         W.letters, r.start) ==
              read_moves(core::edited(r.sheets, right, r.sheet_edits[std::size_t(right)]),
                         R.letters, r.start));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> parts;
  std::size_t from = 0;
  while (parts.size() < 4) {
    const std::size_t bar = text.find('|', from);
    if (bar == std::string_view::npos) break;
    parts.push_back(text.substr(from, bar - from));
    from = bar + 1;
  }
  parts.push_back(text.substr(from));
  while (parts.size() < 5) parts.push_back("");

  core::ReconcileInput in;
  for (std::size_t i = 0; i < 2; ++i) {
    auto board = core::read_placement(parts[i]);
    if (board) in.boards[i].placement = *board;
    auto sheet = core::read_scoresheet(parts[2 + i]);
    if (sheet) in.sheets[i].sheet = std::move(*sheet);
  }
  if (!parts[4].empty())
    if (auto log = app::clock_log_of(parts[4], "fuzz")) in.clock_log = std::move(*log);
  const core::Reconciliation r = core::reconcile(in);
  check_boards(in, r);
  check_sheet_edits(r);
  const std::vector<std::string> notes = {"note \xE9"};
  for (const std::string& out :
       {app::arbiter_text(r, notes), app::reconciliation_json(r, nullptr, notes),
        app::reconciliation_html(r, nullptr, notes)})
    fuzz::check(!out.empty() && !app::first_utf8_fault(out));
  return 0;
}
