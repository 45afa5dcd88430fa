// libFuzzer target: D.2.9 reconciliation on arbitrary boards and scoresheets. Input: four parts
// separated by '|': board A, board B (FEN or placement), sheet A, sheet B (move lists or PGN).
// Checks that nothing crashes and that each board's correction steps really reach the target.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "app/reconcile_report.h"
#include "app/reconcile_text.h"
#include "core/reconcile.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace annabella;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<std::string_view> parts;
  std::size_t from = 0;
  while (parts.size() < 3) {
    const std::size_t bar = text.find('|', from);
    if (bar == std::string_view::npos) break;
    parts.push_back(text.substr(from, bar - from));
    from = bar + 1;
  }
  parts.push_back(text.substr(from));
  while (parts.size() < 4) parts.push_back("");

  core::ReconcileInput in;
  for (int i = 0; i < 2; ++i) {
    auto board = core::read_placement(parts[std::size_t(i)]);
    if (board) in.boards[i].placement = *board;
    auto sheet = core::read_scoresheet(parts[std::size_t(2 + i)]);
    if (sheet) in.sheets[i].sheet = std::move(*sheet);
  }
  const core::Reconciliation r = core::reconcile(in);
  for (int b = 0; b < 2; ++b) {
    core::Piece squares[64];
    for (int s = 0; s < 64; ++s) squares[s] = in.boards[b].placement.piece_on(core::Square(s));
    for (const core::CorrectionStep& st : r.corrections[b].steps) {
      if (st.kind != core::CorrectionStep::Kind::Place) squares[st.from] = core::NO_PIECE;
      if (st.kind != core::CorrectionStep::Kind::Remove) squares[st.to] = st.piece;
    }
    for (int s = 0; s < 64; ++s)
      if (squares[s] != r.target.piece_on(core::Square(s))) std::abort();
  }
  const std::string out =
      app::arbiter_text(r) + app::reconciliation_json(r) + app::reconciliation_html(r);
  if (out.empty()) std::abort();
  return 0;
}
