// The D.2.9 HTML report rendered by real headless Chromium: a screenshot, and the rendered DOM
// checked for the marked squares, the side-by-side boards and the aligned divergence.
#include "app/reconcile_report.h"

#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "support/temp_dir.h"

namespace annabella::app {
namespace {

using annabella::testing::read_file;
using annabella::testing::run_command;
using annabella::testing::TempDir;

core::Reconciliation opera_left_out() {
  // Sheet A to 8. Nc3; sheet B (German) lacks 5. Qxf3. Board B made 8. Nd2.
  core::ReconcileInput in;
  in.sheets[0].sheet = *core::read_scoresheet(
      "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3");
  in.sheets[1].sheet = *core::read_scoresheet(
      "1. e4 e5 2. Sf3 d6 3. d4 Lg4 4. dxe5 Lxf3 5. dxe5 Lc4 6. Sf6 Db3 7. De7 Sc3");
  in.boards[0].placement =
      *core::read_placement("rn2kb1r/ppp1qppp/5n2/4p3/2B1P3/1QN5/PPP2PPP/R1B1K2R");
  in.boards[1].placement =
      *core::read_placement("rn2kb1r/ppp1qppp/5n2/4p3/2B1P3/1Q6/PPPN1PPP/R1B1K2R");
  in.clock_log = std::vector<core::ClockPly>{
      core::clock_ply(8, std::chrono::milliseconds(5200000), std::chrono::milliseconds(5100000))};
  return core::reconcile(in);
}

// Runs headless Chromium with its own profile folder; returns its exit status.
int chromium(const TempDir& dir, const std::string& args, std::string& out) {
  return run_command(
      "timeout 90 chromium --headless --no-sandbox --disable-gpu "
      "--disable-dev-shm-usage --no-first-run --user-data-dir='" +
          (dir / "profile").string() + "' " + args + " 2>/dev/null",
      out);
}

// Measures the rendered page and writes the figures into the DOM, for --dump-dom to show.
constexpr const char* kProbe = R"(<script>
window.addEventListener('load', () => {
  const box = (el) => el.getBoundingClientRect();
  const a = box(document.getElementById('board-a'));
  const b = box(document.getElementById('board-b'));
  const diffs = [...document.querySelectorAll('#board-b rect.diff')];
  const styleOf = (el) => getComputedStyle(el);
  const row = document.getElementById('divergence');
  const probe = document.createElement('pre');
  probe.id = 'probe';
  probe.textContent = [
    'side_by_side=' + (Math.abs(a.top - b.top) < 1 && b.left >= a.right),
    'board_width=' + Math.round(a.width),
    'diff_b=' + diffs.map((d) => d.dataset.square).join(','),
    'diff_stroke=' + (diffs.length ? styleOf(diffs[0]).stroke : ''),
    'diff_stroke_width=' + (diffs.length ? styleOf(diffs[0]).strokeWidth : ''),
    'divergence_visible=' + (row !== null && box(row).height > 0),
    'divergence_background=' + (row ? styleOf(row).backgroundColor : ''),
    'divergence_cells=' + (row ? [...row.cells].map((c) => c.textContent).join('|') : ''),
    'next_cells=' + (row ? [...row.nextElementSibling.cells].map((c) => c.textContent).join('|') : ''),
    'gap_rows=' + document.querySelectorAll('#sheets tr.gap').length,
    'gap_background=' + (row ? styleOf(row.querySelector('td.gap')).backgroundColor : ''),
    'headers=' + [...document.querySelectorAll('#sheets thead th')].length,
  ].join('\n');
  document.body.appendChild(probe);
});
</script>)";

std::string probe_value(const std::string& dom, const std::string& key) {
  const std::size_t at = dom.find(key + "=", dom.find("<pre id=\"probe\">"));
  if (at == std::string::npos) return "(missing)";
  const std::size_t from = at + key.size() + 1;
  return dom.substr(from, dom.find_first_of("\n<", from) - from);
}

TEST(ReconcileHtml, ChromiumRendersBoardsMarkedSquaresAndTheDivergence) {
  TempDir dir;
  const core::Reconciliation r = opera_left_out();
  const std::string page = reconciliation_html(r);
  const auto report = dir / "report.html";
  std::ofstream(report, std::ios::binary) << page;
  std::string probed = page;
  probed.insert(probed.find("</body>"), kProbe);
  const auto probe_page = dir / "probe.html";
  std::ofstream(probe_page, std::ios::binary) << probed;

  // A screenshot of the report itself.
  std::string out;
  const auto shot = dir / "report.png";
  ASSERT_EQ(chromium(dir,
                     "--window-size=1300,1800 --screenshot='" + shot.string() + "' 'file://" +
                         report.string() + "'",
                     out),
            0);
  const std::string png = read_file(shot);
  ASSERT_GT(png.size(), 20000u) << "screenshot too small to hold the report";
  EXPECT_EQ(png.substr(0, 8), "\x89PNG\r\n\x1a\n");
  const auto be32 = [&](std::size_t at) {
    return (unsigned(static_cast<unsigned char>(png[at])) << 24) |
           (unsigned(static_cast<unsigned char>(png[at + 1])) << 16) |
           (unsigned(static_cast<unsigned char>(png[at + 2])) << 8) |
           unsigned(static_cast<unsigned char>(png[at + 3]));
  };
  EXPECT_EQ(be32(16), 1300u);  // IHDR width
  EXPECT_EQ(be32(20), 1800u);  // IHDR height

  // The rendered DOM, measured by the probe.
  ASSERT_EQ(
      chromium(dir, "--window-size=1300,1800 --dump-dom 'file://" + probe_page.string() + "'", out),
      0);
  const std::string& dom = out;
  ASSERT_NE(dom.find("<pre id=\"probe\">"), std::string::npos) << dom.substr(0, 2000);
  EXPECT_EQ(probe_value(dom, "side_by_side"), "true");
  EXPECT_EQ(probe_value(dom, "board_width"), "340");
  // Board B differs from the position to set up (after 4... Bxf3) on these squares.
  EXPECT_EQ(probe_value(dom, "diff_b"), "d8,g8,e7,d6,f6,e5,c4,b3,f3,d2,b1,d1,f1");
  EXPECT_EQ(probe_value(dom, "diff_stroke"), "rgb(204, 0, 0)");
  EXPECT_EQ(probe_value(dom, "diff_stroke_width"), "4px");
  EXPECT_EQ(probe_value(dom, "divergence_visible"), "true");
  EXPECT_EQ(probe_value(dom, "divergence_background"), "rgb(255, 221, 221)");
  // The divergence row shows sheet A's 5. Qxf3 against a gap in sheet B; the next row aligns
  // both sheets' dxe5 (sheet B's, illegal on its own as it lacks 5. Qxf3, reads where the
  // alignment puts it).
  EXPECT_EQ(probe_value(dom, "divergence_cells"),
            "9|White's move 5|Qxf3|Qxf3|(not on this sheet)||sheets part here: move left out: "
            "only on sheet A; retraced");
  EXPECT_EQ(probe_value(dom, "next_cells"),
            "10|Black's move 5|dxe5|dxe5|dxe5|dxe5 (where the alignment puts it)|agree; "
            "retraced");
  EXPECT_EQ(probe_value(dom, "gap_rows"), "1");
  EXPECT_EQ(probe_value(dom, "gap_background"), "rgb(238, 238, 238)");
  EXPECT_EQ(probe_value(dom, "headers"), "7");
  // The same facts in words for screen readers: the board descriptions and the text section.
  EXPECT_NE(dom.find("<desc id=\"board-b-desc\">white: king e1; queen b3;"), std::string::npos);
  EXPECT_NE(dom.find("Differs from the position to set up on b1 d1 f1 d2 b3 f3 c4 e5 d6 f6 e7 d8 "
                     "g8."),
            std::string::npos);
  EXPECT_NE(dom.find("<th scope=\"col\">Sheet B read as</th>"), std::string::npos);
  EXPECT_NE(dom.find("Move the white knight from d2 to b1."), std::string::npos);
  EXPECT_NE(dom.find("1:26:40"), std::string::npos);  // White's time from the clock log
}

TEST(ReconcileHtml, WrittenTextIsEscaped) {
  core::ReconcileInput in;
  in.sheets[0].sheet = *core::read_scoresheet("e4 <b>&\"x");
  in.sheets[1].sheet = *core::read_scoresheet("e4");
  const std::string page = reconciliation_html(core::reconcile(in));
  EXPECT_EQ(page.find("<b>&"), std::string::npos);
  EXPECT_NE(page.find("&lt;b&gt;&amp;&quot;x"), std::string::npos);
}

}  // namespace
}  // namespace annabella::app
