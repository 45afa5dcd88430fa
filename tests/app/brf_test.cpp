// The braille scoresheet through real liblouis tables: the characters are liblouis's own BRF
// display table's, lines are wrapped at 40 cells, pages hold 25 lines with the page number on the
// last, a table with eight-dot cells is refused, a missing table is named, and a game that Black
// begins keeps Black's moves in Black's column.
#include "app/brf.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/scoresheet.h"

namespace annabella::app {
namespace {

std::vector<std::string> lines_of(const std::string& brf) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < brf.size()) {
    const std::size_t end = brf.find("\r\n", start);
    if (end == std::string::npos) break;
    lines.push_back(brf.substr(start, end - start));
    start = end + 2;
  }
  return lines;
}

BrfLayout no_page_numbers() {
  BrfLayout layout;
  layout.page_numbers = false;
  return layout;
}

// The characters are liblouis's own en-us-brf.dis output, for English (EBAE and UEB) and German.
// The expected lines are what liblouis writes with the display table in front of the table
// ("en-us-brf.dis,TABLE" through lou_translateString, liblouis 3.24), not annabella's code.
TEST(Brf, CharactersAreLiblouisOwnBrfDisplayTable) {
  const std::string text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6";  // 40 cells and more: wrapped
  const std::pair<const char*, const char*> cases[] = {
      {"en-us-g1.ctb", "#A4 ;E#D ;E#E #B4 ,NF#C ,NC#F #C4 ,BB#E\r\n;A#F"},
      {"en-ueb-g1.ctb", "#A4 E#D E#E\"B4 ,NF#C ,NC#F\"C4 ,BB#E A#F"},
      {"de-g0.utb", "#A' E#D E#E #B' NF#C NC#F #C' BB#E A#F"},
  };
  for (const auto& [table, expected] : cases) {
    auto brf = to_brf({text}, table, no_page_numbers());
    ASSERT_TRUE(brf) << brf.error().message;
    EXPECT_EQ(*brf, std::string(expected) + "\r\n") << table;
  }
}

// Unified English braille by default for English (record.braille_table).
TEST(Brf, UnifiedEnglishBrailleTranslates) {
  auto brf = to_brf({"1. e4 e5 2. Nf3"}, "en-ueb-g1.ctb", no_page_numbers());
  ASSERT_TRUE(brf) << brf.error().message;
  EXPECT_EQ(*brf, "#A4 E#D E#E\"B4 ,NF#C\r\n");  // UEB: no grade-1 indicator ";" before e4
}

// A computer braille table writes dots 7 and 8: refused with the table named, never cut.
TEST(Brf, EightDotTablesAreRefusedNotCutToSixDots) {
  auto brf = to_brf({"1. e4 e5"}, "de-de-comp8.ctb");
  ASSERT_FALSE(brf);
  EXPECT_NE(brf.error().message.find("de-de-comp8.ctb"), std::string::npos);
  EXPECT_NE(brf.error().message.find("eight-dot"), std::string::npos) << brf.error().message;
}

TEST(Brf, WrapsLinesAndNumbersPages) {
  std::vector<std::string> lines;
  for (int i = 1; i <= 30; ++i) lines.push_back("abc");
  lines.push_back(std::string(50, 'a') + " " + std::string(10, 'b'));
  auto brf = to_brf(lines, "en-us-g1.ctb");
  ASSERT_TRUE(brf) << brf.error().message;
  EXPECT_EQ(std::count(brf->begin(), brf->end(), '\f'), 1);
  const auto all = lines_of(*brf);
  for (std::string line : all) {
    if (!line.empty() && line[0] == '\f') line.erase(0, 1);
    EXPECT_LE(line.size(), 40u) << line;
  }
  // 32 text lines: 24 on page 1 with "#A" right-aligned on line 25, the rest on page 2 with "#B".
  ASSERT_EQ(all.size(), 50u) << *brf;
  EXPECT_EQ(all[24], std::string(38, ' ') + "#A");
  EXPECT_EQ(all[25], "\fABC");
  EXPECT_EQ(all[49], std::string(38, ' ') + "#B");
  for (std::size_t i = 0; i < 24; ++i) EXPECT_EQ(all[i], "ABC") << i;
}

TEST(Brf, OnePageGameHasItsPageNumberOnTheLastLine) {
  auto brf = to_brf({"1. e4 e5"}, "en-ueb-g1.ctb");
  ASSERT_TRUE(brf) << brf.error().message;
  const auto all = lines_of(*brf);
  ASSERT_EQ(all.size(), 25u);
  EXPECT_EQ(all[0], "#A4 E#D E#E");
  EXPECT_EQ(all[24], std::string(38, ' ') + "#A");
  EXPECT_EQ(std::count(brf->begin(), brf->end(), '\f'), 0);
}

TEST(Brf, MissingTableIsNamed) {
  auto brf = to_brf({"1. e4"}, "no-such-table.ctb");
  ASSERT_FALSE(brf);
  EXPECT_NE(brf.error().message.find("no-such-table.ctb"), std::string::npos);
}

// Art. 8.1: a game that Black begins keeps Black's moves in Black's column ("1... d5"),
// laid out by core::scoresheet_lines for the console and the braille scoresheet alike.
TEST(Brf, BlackFirstKeepsBlacksColumn) {
  const auto start =
      *core::Position::from_fen("rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  const auto lines = core::scoresheet_lines(start, {"d5", "exd6"});
  ASSERT_EQ(lines, (std::vector<std::string>{"1... d5", "2. exd6"}));
  auto brf = to_brf(lines, "en-ueb-g1.ctb", no_page_numbers());
  ASSERT_TRUE(brf) << brf.error().message;
  EXPECT_EQ(*brf, "#A444 D#E\r\n#B4 EXD#F\r\n");  // liblouis: en-us-brf.dis,en-ueb-g1.ctb
}

}  // namespace
}  // namespace annabella::app
