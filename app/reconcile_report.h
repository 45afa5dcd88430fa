// The D.2.9 reconciliation written out for tools (JSON) and for people (an HTML page that opens
// offline: what to do first, in a box (the position to set up, the steps per board, the sheets,
// the clocks), then the finding, both boards drawn side by side with the differing squares marked,
// the two scoresheets aligned ply by ply, and the same facts as plain text). The words come from
// app/reconcile_text.h; the plain text for the arbiter is arbiter_text there.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/reconcile.h"

namespace annabella::app {

// The correction steps in a vocabulary profile's words (speech/phrases.h,
// phrase_correction_step), for the VI player: "Springer von Gustav fünf nach Felix drei".
struct SpokenSteps {
  std::string profile;                              // "fide"
  std::string language;                             // "de" (the HTML lang attribute)
  std::array<std::vector<std::string>, 2> display;  // per board, display spelling ("fuenf")
  std::array<std::vector<std::string>, 2> spoken;   // per board, spoken spelling ("fünf")
};

// Every finding as one JSON object, always valid UTF-8 (bytes of a sheet that are not UTF-8 are
// shown as \xHH; `notes` says where). Positions are FEN, squares algebraic ("e4"), steps name the
// piece, the from-square and the to-square (null where a step has none). Keys are documented in
// docs/arbiters-guide.md.
// The machine fields ("san", "expected", "played", "uci") come from `r`, in standard SAN; the
// worded ones ("text", "explanation", "note", ...) from `worded` (in_letters: the moves in the
// report's letters) when given, else from `r`.
[[nodiscard]] std::string reconciliation_json(const core::Reconciliation& r,
                                              const SpokenSteps* spoken = nullptr,
                                              const std::vector<std::string>& notes = {},
                                              const core::Reconciliation* worded = nullptr);

// A complete, self-contained HTML5 page (inline CSS and SVG, no scripts, no external files) that
// fits a 320 px wide screen. Marked elements for tools and tests: the box `section#what-to-do`
// first; squares `rect.sq` with `data-square`, differing ones with class `diff` and a marker
// `path.mark`; the aligned table `table#sheets`, its divergence row `tr.divergence`
// (id="divergence"), retraced rows `tr.retraced`.
[[nodiscard]] std::string reconciliation_html(const core::Reconciliation& r,
                                              const SpokenSteps* spoken = nullptr,
                                              const std::vector<std::string>& notes = {});

// The squares where a board differs from the position to set up, in the order a1..h8.
[[nodiscard]] std::vector<core::Square> differing_squares(const core::Position& board,
                                                          const core::Position& target);

// The JSON keys of the typed results ("move_left_out", "one_sheet_only", "move").
// Text for an HTML page: made valid UTF-8, with & < > " ' escaped (also the public page's).
[[nodiscard]] std::string html_escape(std::string_view raw);
[[nodiscard]] std::string_view difference_key(core::DifferenceKind kind);
[[nodiscard]] std::string_view row_key(core::AlignedRow::Status status);
[[nodiscard]] std::string_view step_key(core::CorrectionStep::Kind kind);

}  // namespace annabella::app
