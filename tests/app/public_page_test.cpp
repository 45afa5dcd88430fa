// The large-text page for a hearing-impaired sighted opponent (D.2.11): `annabella play
// --public-page FILE` with its simulated pegboard, the page shown in real headless Chromium in a
// 320 px wide window over the DevTools protocol: the last public announcement in large text, the
// announcements' language as the page's lang, nothing wider than the screen, and the page
// follows the game by itself when the next move is announced.
#include "app/public_page.h"

#include <gtest/gtest.h>

#include "support/child_process.h"
#include "support/headless_chromium.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace public_page_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::HeadlessChromium;
using annabella::testing::read_file;
using annabella::testing::TempDir;

constexpr auto kWait = 20s;

// What the page shows, measured in the browser: lang|last|before|font px|scroll width|width.
constexpr const char* kProbe =
    "(() => { const last = document.getElementById('last');"
    " const before = document.getElementById('before');"
    " return [document.documentElement.lang, last ? last.textContent : '(none)',"
    " before ? before.textContent : '', last ? Math.round(parseFloat(getComputedStyle(last)"
    ".fontSize)) : 0, document.scrollingElement.scrollWidth, window.innerWidth].join('|'); })()";

std::vector<std::string> fields(const std::string& text) {
  std::vector<std::string> out(1);
  for (const char c : text) {
    if (c == '|')
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

TEST(PublicPageHtml, TheAnnouncementIsEscapedAndTheLanguageIsAPlainTag) {
  const std::string html = public_page_html("de", "Dame <b>&", "Eva vier", 3);
  EXPECT_NE(html.find("<html lang=\"de\">"), std::string::npos) << html;
  EXPECT_NE(html.find("<p id=\"last\" aria-live=\"polite\">Dame &lt;b&gt;&amp;</p>"),
            std::string::npos)
      << html;
  EXPECT_NE(html.find("<p id=\"before\">Eva vier</p>"), std::string::npos) << html;
  EXPECT_NE(html.find("<meta http-equiv=\"refresh\" content=\"1\">"), std::string::npos);
  EXPECT_NE(public_page_html("de\" onload=\"x", "", "", 0).find("lang=\"und\""), std::string::npos);
}

TEST(PublicPageFile, AMissingFolderIsRefusedWithItsName) {
  TempDir dir;
  auto page = PublicPage::open(dir / "no-such-folder" / "page.html", "de");
  ASSERT_FALSE(page);
  EXPECT_NE(page.error().message.find("no-such-folder does not exist"), std::string::npos)
      << page.error().message;
}

TEST(PublicPageInChromium, ShowsTheLastAnnouncementLargeOnA320PxScreenAndFollowsTheGame) {
  TempDir dir;
  const auto page = dir / "public.html";
  ChildProcess station({ANNABELLA_BINARY, "play", "--record", (dir / "record").string(), "--silent",
                        "--public-page", page.string()});
  ASSERT_TRUE(station.wait_for("connected: the board agrees with the game", kWait))
      << station.output();
  EXPECT_NE(station.output().find("public page: every public announcement in large text in " +
                                  page.string()),
            std::string::npos)
      << station.output();
  station.send("sim play e4");
  ASSERT_TRUE(station.wait_for("say public: Eva vier", kWait)) << station.output();

  HeadlessChromium chromium(dir / "profile");
  ASSERT_TRUE(chromium.open("file://" + page.string(), 320, 640)) << chromium.error();
  const std::string first = chromium.evaluate_until(
      "document.getElementById('last') ? document.getElementById('last').textContent : ''",
      "Eva vier", kWait);
  ASSERT_EQ(first, "Eva vier") << chromium.error() << "\n" << read_file(page);
  auto probe = chromium.evaluate(kProbe);
  ASSERT_TRUE(probe) << chromium.error();
  auto f = fields(*probe);
  ASSERT_EQ(f.size(), 6u) << *probe;
  EXPECT_EQ(f[0], "de");  // the announcements' language (the fide profile's words)
  EXPECT_EQ(f[1], "Eva vier");
  EXPECT_GE(std::stoi(f[3]), 40) << "large text: " << *probe;
  EXPECT_EQ(f[5], "320") << *probe;
  EXPECT_LE(std::stoi(f[4]), 320) << "nothing wider than the screen: " << *probe;

  // The next move is announced: the page shows it by itself (no one reloads it), the earlier
  // one below it.
  station.send("e5");
  ASSERT_TRUE(station.wait_for("say public: Eva fuenf", kWait)) << station.output();
  const std::string next = chromium.evaluate_until(
      "document.getElementById('last') ? document.getElementById('last').textContent : ''",
      "Eva fuenf", 10s);
  EXPECT_EQ(next, "Eva fuenf") << chromium.error() << "\n" << read_file(page);
  probe = chromium.evaluate(kProbe);
  ASSERT_TRUE(probe) << chromium.error();
  f = fields(*probe);
  ASSERT_EQ(f.size(), 6u) << *probe;
  EXPECT_EQ(f[2], "Eva vier");
  station.send("quit");
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
}

TEST(PublicPageInChromium, ALongAnnouncementWrapsWithinA320PxScreen) {
  TempDir dir;
  auto page = PublicPage::open(dir / "public.html", "de");
  ASSERT_TRUE(page) << page.error().message;
  ASSERT_TRUE(page->show("Bauer schlaegt Anna acht wird Dame Schach"));
  HeadlessChromium chromium(dir / "profile");
  ASSERT_TRUE(chromium.open("file://" + page->file().string(), 320, 640)) << chromium.error();
  const std::string shown = chromium.evaluate_until(
      "document.getElementById('last') ? document.getElementById('last').textContent : ''",
      "Bauer schlaegt Anna acht wird Dame Schach", kWait);
  ASSERT_EQ(shown, "Bauer schlaegt Anna acht wird Dame Schach") << chromium.error();
  const auto probe = chromium.evaluate(kProbe);
  ASSERT_TRUE(probe) << chromium.error();
  const auto f = fields(*probe);
  ASSERT_EQ(f.size(), 6u) << *probe;
  EXPECT_LE(std::stoi(f[4]), 320) << *probe;
  EXPECT_GE(std::stoi(f[3]), 40) << *probe;
}

}  // namespace
}  // namespace public_page_test
}  // namespace annabella::app
