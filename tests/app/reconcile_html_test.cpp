// The D.2.9 HTML report rendered by real headless Chromium: a screenshot, and the rendered DOM
// measured by a probe script: what to do comes first, in a box; each board's description is read
// once; rows are headed by the move's name; a wrong square's outline has at least 3:1 contrast
// against both square colours and a marker besides its colour; the page fits a 320 px screen.
#include "app/reconcile_report.h"

#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace annabella::app {
namespace reconcile_html_test {
namespace {

using annabella::testing::read_file;
using annabella::testing::run_command;
using annabella::testing::TempDir;

constexpr const char* kSheetA =
    "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3";
constexpr const char* kSheetB =
    "1. e4 e5 2. Sf3 d6 3. d4 Lg4 4. dxe5 Lxf3 5. dxe5 Lc4 6. Sf6 Db3 7. De7 Sc3";
constexpr const char* kNc3 = "rn2kb1r/ppp1qppp/5n2/4p3/2B1P3/1QN5/PPP2PPP/R1B1K2R";
constexpr const char* kNd2 = "rn2kb1r/ppp1qppp/5n2/4p3/2B1P3/1Q6/PPPN1PPP/R1B1K2R";

// Sheet A to 8. Nc3; sheet B (German) lacks 5. Qxf3. Board A shows 8. Nc3, board B `board_b`.
core::Reconciliation opera_left_out(const char* board_b) {
  core::ReconcileInput in;
  in.sheets[0].sheet = *core::read_scoresheet(kSheetA);
  in.sheets[1].sheet = *core::read_scoresheet(kSheetB);
  in.boards[0].placement = *core::read_placement(kNc3);
  in.boards[1].placement = *core::read_placement(board_b);
  in.clock_log = std::vector<core::ClockPly>{
      core::clock_ply(8, {std::chrono::milliseconds(5200000), std::chrono::milliseconds(5100000)})};
  return core::reconcile(in);
}

// Runs headless Chromium with its own profile folder; returns its exit status.
int chromium(const TempDir& dir, const std::string& args, std::string& out) {
  return run_command(
      "timeout 90 chromium --headless --no-sandbox --disable-gpu "
      "--disable-dev-shm-usage --no-first-run --hide-scrollbars --user-data-dir='" +
          (dir / "profile").string() + "' " + args + " 2>/dev/null",
      out);
}

// Measures the rendered page and writes the figures into the DOM, for --dump-dom to show.
constexpr const char* kProbe = R"probe(<script>
window.addEventListener('load', () => {
  const box = (el) => el.getBoundingClientRect();
  const styleOf = (el) => getComputedStyle(el);
  const byId = (id) => document.getElementById(id);
  const a = byId('board-a'), b = byId('board-b');
  const diffs = [...document.querySelectorAll('#board-b rect.diff')];
  const marks = [...document.querySelectorAll('#board-b path.mark')];
  const row = byId('divergence');
  // WCAG relative luminance and contrast of two computed colours "rgb(r, g, b)".
  const lum = (c) => {
    const [r, g, bl] = c.match(/\d+/g).slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : Math.pow((s + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const contrast = (x, y) => {
    const [l1, l2] = [lum(x), lum(y)].sort((p, q) => q - p);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  const light = styleOf(document.querySelector('#board-target rect.light')).fill;
  const dark = styleOf(document.querySelector('#board-target rect.dark')).fill;
  const stroke = diffs.length ? styleOf(diffs[0]).stroke : 'rgb(0, 0, 0)';
  // What a screen reader reads: text outside aria-hidden subtrees; an element with role=img
  // reads its name (aria-labelledby) instead of its content.
  const spoken = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) { spoken.push(node.textContent); return; }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    if (node.getAttribute('aria-hidden') === 'true' || node.tagName === 'SCRIPT' ||
        node.tagName === 'STYLE' || node.id === 'probe') return;
    if (node.getAttribute('role') === 'img') {
      for (const id of (node.getAttribute('aria-labelledby') || '').split(/\s+/))
        if (id && byId(id)) spoken.push(byId(id).textContent);
      return;
    }
    for (const child of node.childNodes) walk(child);
  };
  walk(document.body);
  const heard = spoken.join(' ');
  const count = (needle) => heard.split(needle).length - 1;
  const main = document.querySelector('main');
  const probe = document.createElement('pre');
  probe.id = 'probe';
  probe.textContent = [
    'side_by_side=' + (a && b ? Math.abs(box(a).top - box(b).top) < 1 && box(b).left >= box(a).right : ''),
    'board_width=' + (a ? Math.round(box(a).width) : ''),
    'diff_b=' + diffs.map((d) => d.dataset.square).join(','),
    'marks_b=' + marks.map((d) => d.dataset.square).join(','),
    'diff_stroke_width=' + (diffs.length ? styleOf(diffs[0]).strokeWidth : ''),
    'min_contrast=' + Math.min(contrast(stroke, light), contrast(stroke, dark)).toFixed(2),
    'divergence_visible=' + (row !== null && box(row).height > 0),
    'divergence_cells=' + (row ? [...row.cells].map((c) => c.textContent).join('|') : ''),
    'next_cells=' + (row ? [...row.nextElementSibling.cells].map((c) => c.textContent).join('|') : ''),
    'row_header=' + (row ? row.cells[0].tagName + ' ' + row.cells[0].getAttribute('scope') : ''),
    'gap_rows=' + document.querySelectorAll('#sheets tr.gap').length,
    'headers=' + [...document.querySelectorAll('#sheets thead th')].length,
    'order=' + [...main.children].map((e) => e.id || e.tagName).join(','),
    'todo_top=' + Math.round(box(byId('what-to-do')).top),
    'summary_top=' + Math.round(box(byId('summary')).top),
    'board_b_heard=' + count('white: king e1; queen b3; rooks a1, h1; bishops c1, c4; knight d2;'),
    'target_heard=' + count('white: king e1; queen d1; rooks a1, h1; bishops c1, f1; knight b1;'),
    'scroll_width=' + document.scrollingElement.scrollWidth,
    'inner_width=' + window.innerWidth,
  ].join('\n');
  document.body.appendChild(probe);
  // In a frame (the 320 px test), the figures go to the page around it.
  if (window.parent !== window) window.parent.postMessage(probe.textContent, '*');
});
</script>)probe";

// A page that shows `inner` in a frame `width` px wide (headless Chromium's window is at least
// 500 px wide) and writes what the frame's probe measured into its own DOM.
std::string framed(const std::string& inner, int width) {
  return "<!DOCTYPE html><html><body style=\"margin:0\"><iframe src=\"" + inner +
         "\" style=\"width:" + std::to_string(width) +
         "px;height:1800px;border:0\"></iframe><script>window.addEventListener('message', (e) "
         "=> { const p = document.createElement('pre'); p.id = 'probe'; p.textContent = e.data; "
         "document.body.appendChild(p); });</script></body></html>";
}

std::string probe_value(const std::string& dom, const std::string& key) {
  const std::string tag = "<pre id=\"probe\">";
  std::size_t at = dom.find(tag);
  if (at == std::string::npos) return "(missing)";
  for (at += tag.size(); at < dom.size();) {
    if (dom.compare(at, key.size() + 1, key + "=") == 0) {
      const std::size_t from = at + key.size() + 1;
      return dom.substr(from, dom.find_first_of("\n<", from) - from);
    }
    at = dom.find('\n', at);
    if (at == std::string::npos) break;
    ++at;
  }
  return "(missing)";
}

// The page with the probe, rendered at `width` px; the dumped DOM.
std::string rendered(const TempDir& dir, const std::string& page, int width) {
  std::string probed = page;
  probed.insert(probed.find("</body>"), kProbe);
  const auto probe_page = dir / ("probe-" + std::to_string(width) + ".html");
  std::ofstream(probe_page, std::ios::binary) << probed;
  std::filesystem::path shown = probe_page;
  if (width < 500) {
    shown = dir / ("frame-" + std::to_string(width) + ".html");
    std::ofstream(shown, std::ios::binary) << framed(probe_page.filename().string(), width);
  }
  std::string out;
  EXPECT_EQ(
      chromium(dir,
               "--window-size=" + std::to_string(std::max(width, 500)) +
                   ",1800 --virtual-time-budget=5000 --dump-dom 'file://" + shown.string() + "'",
               out),
      0);
  EXPECT_NE(out.find("<pre id=\"probe\">"), std::string::npos) << out.substr(0, 2000);
  return out;
}

TEST(ReconcileHtml, ChromiumRendersWhatToDoFirstThenBoardsAndTheDivergence) {
  TempDir dir;
  const std::string page = reconciliation_html(opera_left_out(kNd2));
  const auto report = dir / "report.html";
  std::ofstream(report, std::ios::binary) << page;

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

  const std::string dom = rendered(dir, page, 1300);
  // What to do opens the page, in a box, before the finding; then the boards, the sheets.
  EXPECT_EQ(probe_value(dom, "order"), "H1,what-to-do,summary,boards,scoresheets,text");
  EXPECT_LT(std::stoi(probe_value(dom, "todo_top")), std::stoi(probe_value(dom, "summary_top")));
  EXPECT_EQ(probe_value(dom, "side_by_side"), "true");
  EXPECT_EQ(probe_value(dom, "board_width"), "340");
  // Board B differs from the position to set up (after 4... Bxf3) on these squares, each outlined
  // and marked; the outline stands out against both square colours (WCAG 3:1 for graphics).
  EXPECT_EQ(probe_value(dom, "diff_b"), "d8,g8,e7,d6,f6,e5,c4,b3,f3,d2,b1,d1,f1");
  EXPECT_EQ(probe_value(dom, "marks_b"), probe_value(dom, "diff_b"));
  EXPECT_EQ(probe_value(dom, "diff_stroke_width"), "4px");
  EXPECT_GE(std::stod(probe_value(dom, "min_contrast")), 3.0) << probe_value(dom, "min_contrast");
  // Each board's description is read once by a screen reader: board B's and the target's.
  EXPECT_EQ(probe_value(dom, "board_b_heard"), "1");
  EXPECT_EQ(probe_value(dom, "target_heard"), "1");
  // The divergence row, headed by the move's name: sheet A's 5. Qxf3 against a gap in sheet B;
  // the next row aligns both sheets' dxe5.
  EXPECT_EQ(probe_value(dom, "divergence_visible"), "true");
  EXPECT_EQ(probe_value(dom, "row_header"), "TH row");
  EXPECT_EQ(probe_value(dom, "divergence_cells"),
            "White's move 5|Qxf3|Qxf3|(not on this sheet)||sheets part here: move left out: "
            "only on sheet A; retraced");
  EXPECT_EQ(probe_value(dom, "next_cells"),
            "Black's move 5|dxe5|dxe5|dxe5|dxe5 (where the alignment puts it)|agree; retraced");
  EXPECT_EQ(probe_value(dom, "gap_rows"), "1");
  EXPECT_EQ(probe_value(dom, "headers"), "6");
  EXPECT_NE(dom.find("Move the white knight from d2 to b1."), std::string::npos);
  EXPECT_NE(dom.find("1:26:40"), std::string::npos);  // White's time from the clock log
}

TEST(ReconcileHtml, FitsA320PixelScreen) {
  TempDir dir;
  for (const char* board_b : {kNd2, kNc3}) {  // the boards differ; they agree
    SCOPED_TRACE(board_b);
    const std::string dom = rendered(dir, reconciliation_html(opera_left_out(board_b)), 320);
    EXPECT_EQ(probe_value(dom, "inner_width"), "320");
    EXPECT_LE(std::stoi(probe_value(dom, "scroll_width")), 320);
  }
}

TEST(ReconcileHtml, BoardsThatAgreeShowOnePositionAndTheSheetToCorrect) {
  const std::string page = reconciliation_html(opera_left_out(kNc3));
  EXPECT_EQ(page.find("the two boards show different positions"), std::string::npos);
  EXPECT_NE(page.find("so D.2.9 does not apply"), std::string::npos);
  EXPECT_NE(page.find("<ol class=\"edits\" id=\"edits-b\">\n<li>Write in White&#39;s move 5 Dxf3 "
                      "(Qxf3), before the cell for White&#39;s move 5 (&quot;dxe5&quot;).</li>"),
            std::string::npos)
      << page;
  EXPECT_EQ(page.find("class=\"steps\""), std::string::npos);
  // One drawing of the one position, not three.
  EXPECT_EQ(page.find("id=\"board-a\""), std::string::npos);
  EXPECT_NE(page.find("id=\"board-target\""), std::string::npos);
}

// Tester's defect 13 on the page: sheet B has 5. Qxf3 dxe5 written twice, board B a move
// wrong; only board B is adjusted, player B strikes out the copies, nothing is retraced.
TEST(ReconcileHtml, MovesWrittenTwiceAreStruckOutAndNothingIsRetraced) {
  core::ReconcileInput in;
  in.sheets[0].sheet = *core::read_scoresheet(kSheetA);
  in.sheets[1].sheet = *core::read_scoresheet(
      "1. e4 e5 2. Sf3 d6 3. d4 Lg4 4. dxe5 Lxf3 5. Dxf3 dxe5 5. Dxf3 dxe5 6. Lc4 Sf6 7. Db3 De7 "
      "8. Sc3");
  in.boards[0].placement = *core::read_placement(kNc3);
  in.boards[1].placement = *core::read_placement(kNd2);
  const std::string page = reconciliation_html(core::reconcile(in));
  EXPECT_NE(page.find("<p>Sheet B has moves written twice (see the finding): player B strikes "
                      "out the copies (Art. 8.1):</p>"),
            std::string::npos)
      << page;
  EXPECT_NE(page.find("<ol class=\"edits\" id=\"edits-b\">\n<li>Strike out the cell for "
                      "White&#39;s move 6 (&quot;Dxf3&quot;): the copy of White&#39;s move 5 "
                      "Qxf3.</li>"),
            std::string::npos)
      << page;
  EXPECT_EQ(page.find("Retraced from sheet"), std::string::npos) << page;
}

TEST(ReconcileHtml, WrittenTextIsEscaped) {
  core::ReconcileInput in;
  in.sheets[0].sheet = *core::read_scoresheet("e4 <b>&\"x \xE9");
  in.sheets[1].sheet = *core::read_scoresheet("e4");
  const std::string page = reconciliation_html(core::reconcile(in));
  EXPECT_EQ(page.find("<b>&"), std::string::npos);
  EXPECT_NE(page.find("&lt;b&gt;&amp;&quot;x"), std::string::npos);
  EXPECT_EQ(page.find('\xE9'), std::string::npos);
  EXPECT_NE(page.find("\\xE9"), std::string::npos);
}

}  // namespace
}  // namespace reconcile_html_test
}  // namespace annabella::app
