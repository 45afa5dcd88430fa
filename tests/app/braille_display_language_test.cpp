// Issue 17 through a real BRLTTY 6.5 with its Virtual driver: the VI player's lines on his braille
// display are in the braille table of his language, cell for cell what liblouis writes with that
// table (app::braille_dots), not BRLTTY's computer braille of the text; the clock line stays
// BRLTTY's. The driver reports each cell's dots ("46|134|15| |...").
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "app/brf.h"
#include "app/exports.h"
#include "support/virtual_brltty.h"
#include "tactile/braille_display.h"
#include "tactile/braille_view.h"

namespace annabella::app {
namespace braille_display_language_test {
namespace {

using std::chrono::seconds;

// Cells as the Virtual driver reports them: "46|134|15", a blank cell " ".
std::string driver_cells(const std::vector<unsigned char>& cells, int width) {
  std::string out;
  for (int i = 0; i < width; ++i) {
    const unsigned char cell = i < static_cast<int>(cells.size()) ? cells[std::size_t(i)] : 0;
    std::string dots;
    for (int dot = 0; dot < 8; ++dot)
      if (cell & (1U << dot)) dots += static_cast<char>('1' + dot);
    out += (i > 0 ? "|" : "") + (dots.empty() ? std::string(" ") : dots);
  }
  return out;
}

TEST(BrailleDisplayLanguage, AMacedonianPlayersMenuLineIsInHisLanguagesBraille) {
  testing::VirtualBrltty brltty;
  ASSERT_FALSE(brltty.host().empty()) << brltty.error();
  auto display = tactile::BrailleDisplay::connect({brltty.host(), "none", seconds(10)});
  ASSERT_TRUE(display) << display.error().message;
  const std::string table = player_braille_table("mk");  // sr-g1.ctb stands in (languages.md)
  auto view = std::make_shared<tactile::BrailleView>(
      std::shared_ptr<tactile::BrailleDisplay>(std::move(*display)), core::WHITE,
      [table](std::string_view text) {
        auto cells = braille_dots({text, table});
        return cells ? *cells : std::vector<unsigned char>();
      });
  const std::string line = "Мени: Време, еден од девет";
  view->show_text(tactile::BrailleLine::Menu, line);
  const std::string shown = brltty.wait_for_braille_of("Мени");
  auto expected = braille_dots({line, table});
  ASSERT_TRUE(expected) << expected.error().message;
  EXPECT_EQ(shown, driver_cells(*expected, 40));
  // ⠨⠍: the capital sign and м of the Serbian table, where BRLTTY's text table has none.
  EXPECT_EQ(shown.rfind("46|134|", 0), 0U) << shown;
}

}  // namespace
}  // namespace braille_display_language_test
}  // namespace annabella::app
