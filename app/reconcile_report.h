// The D.2.9 reconciliation written out for tools (JSON) and for people (an HTML page that opens
// offline: both boards drawn side by side with the differing squares marked, the two scoresheets
// aligned ply by ply with the divergence marked, the steps, the clock proposal, and the same facts
// as text for screen readers). The plain text for the arbiter is core::arbiter_text.
#pragma once

#include <array>
#include <string>
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

// Every finding as one JSON object. Positions are FEN, squares algebraic ("e4"), steps name the
// piece, the from-square and the to-square (null where a step has none). Keys are documented in
// docs/arbiters-guide.md.
std::string reconciliation_json(const core::Reconciliation& r, const SpokenSteps* spoken = nullptr);

// A complete, self-contained HTML5 page (inline CSS and SVG, no scripts, no external files).
// Marked elements for tools and tests: squares `rect.sq` with `data-square`, differing ones with
// class `diff`; the aligned table `table#sheets`, its divergence row `tr.divergence`
// (id="divergence"), retraced rows `tr.retraced`.
std::string reconciliation_html(const core::Reconciliation& r, const SpokenSteps* spoken = nullptr);

// The squares where a board differs from the position to set up, "d2 c3" order a1..h8.
std::vector<core::Square> differing_squares(const core::Position& board,
                                            const core::Position& target);

}  // namespace annabella::app
