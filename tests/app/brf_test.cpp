// The braille scoresheet through real liblouis tables: the ASCII braille agrees with liblouis's
// own BRF display table, lines are wrapped at 40 cells, pages at 25 lines, and a missing table
// is named.
#include "app/brf.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace annabella::app {
namespace {

TEST(Brf, AsciiBrailleOfKnownCells) {
  EXPECT_EQ(ascii_braille(U'\u2800'), ' ');
  EXPECT_EQ(ascii_braille(U'\u2801'), 'A');  // dot 1
  EXPECT_EQ(ascii_braille(U'\u2803'), 'B');  // dots 1 2
  EXPECT_EQ(ascii_braille(U'\u283C'), '#');  // dots 3 4 5 6: the number sign
  EXPECT_EQ(ascii_braille(U'\u283F'), '=');  // all six dots
}

// en-us-g1 through annabella's conversion equals liblouis's own en-us-brf display output.
TEST(Brf, TranslatesAScoresheetLineWithLiblouis) {
  auto brf = to_brf({"1. e4 e5 2. Nf3 Nc6"}, "en-us-g1.ctb");
  ASSERT_TRUE(brf) << brf.error().message;
  EXPECT_EQ(*brf, "#A4 ;E#D ;E#E #B4 ,NF#C ,NC#F\r\n");
}

TEST(Brf, GermanChessTableTranslates) {
  auto brf = to_brf({"1. e4 e5 2. Sf3 Sc6"}, "de-g0.utb");
  ASSERT_TRUE(brf) << brf.error().message;
  EXPECT_FALSE(brf->empty());
  EXPECT_EQ(brf->find_first_not_of(
                " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=\r\n"),
            std::string::npos);
}

TEST(Brf, WrapsLinesAndPages) {
  std::vector<std::string> lines;
  for (int i = 1; i <= 30; ++i) lines.push_back("abc");
  lines.push_back(std::string(50, 'a') + " " + std::string(10, 'b'));
  auto brf = to_brf(lines, "en-us-g1.ctb");
  ASSERT_TRUE(brf) << brf.error().message;
  EXPECT_EQ(std::count(brf->begin(), brf->end(), '\f'), 1);
  std::size_t start = 0;
  while (start < brf->size()) {
    const std::size_t end = brf->find("\r\n", start);
    ASSERT_NE(end, std::string::npos);
    std::string_view line(brf->data() + start, end - start);
    if (!line.empty() && line[0] == '\f') line.remove_prefix(1);
    EXPECT_LE(line.size(), 40u) << line;
    start = end + 2;
  }
}

TEST(Brf, MissingTableIsNamed) {
  auto brf = to_brf({"1. e4"}, "no-such-table.ctb");
  ASSERT_FALSE(brf);
  EXPECT_NE(brf.error().message.find("no-such-table.ctb"), std::string::npos);
}

}  // namespace
}  // namespace annabella::app
