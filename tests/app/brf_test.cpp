// The braille scoresheet through real liblouis tables: the characters are liblouis's own BRF
// display table's, lines are wrapped at 40 cells, pages hold 25 lines with the page number on the
// last, a table with eight-dot cells is refused, a missing table is named, and a game that Black
// begins keeps Black's moves in Black's column.
#include "app/brf.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/scoresheet.h"

namespace annabella::app {
namespace brf_test {
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

// The page is configurable (record.braille_cells_per_line, record.braille_lines_per_page): a
// 32-cell notetaker with 28-line pages. A game that Black begins, long enough for two pages: no
// line is longer than 32 cells, every page has 28 lines with its number right-aligned on the
// last, and every row keeps White's and Black's moves on its own line (Art. 8.1), Black's alone
// in row 1 and White's alone in the last.
TEST(Brf, AThirtyTwoByTwentyEightPageLaysOutRight) {
  const auto start =
      *core::Position::from_fen("rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  std::vector<std::string> moves = {"d5", "exd6"};
  for (int i = 0; i < 15; ++i)  // long moves, as a row can hold them: 31 rows in all
    for (const char* m : {"Nbd7", "Qxe8+", "Rxe8", "exf8=Q+(=)"}) moves.push_back(m);
  auto rows = core::scoresheet_lines(start, moves);
  ASSERT_EQ(rows.size(), 32u);
  std::vector<std::string> lines = {"Anna Blind - Bert Sighted", "Open, round 3"};
  lines.insert(lines.end(), rows.begin(), rows.end());
  lines.push_back("1-0");  // 35 lines: 27 on page 1, 8 on page 2
  BrfLayout page;
  page.cells_per_line = 32;
  page.lines_per_page = 28;
  auto brf = to_brf(lines, "en-ueb-g1.ctb", page);
  ASSERT_TRUE(brf) << brf.error().message;
  ASSERT_EQ(std::count(brf->begin(), brf->end(), '\f'), 1) << *brf;
  const auto all = lines_of(*brf);
  ASSERT_EQ(all.size(), 56u) << *brf;  // two pages of 28 lines
  for (std::string line : all) {
    if (!line.empty() && line[0] == '\f') line.erase(0, 1);
    EXPECT_LE(line.size(), 32u) << line;
  }
  EXPECT_EQ(all[27], std::string(30, ' ') + "#A");
  EXPECT_EQ(all[28].substr(0, 1), "\f");
  EXPECT_EQ(all[55], std::string(30, ' ') + "#B");
  // Row 1 is Black's move alone; every other row is "N. white black" on one line.
  EXPECT_EQ(all[2], "#A444 D#E");
  const auto words = [](std::string line) {
    if (!line.empty() && line[0] == '\f') line.erase(0, 1);
    return std::count(line.begin(), line.end(), ' ') + 1;
  };
  std::vector<std::string> row_lines;
  for (std::size_t i = 3; i < all.size(); ++i)
    if (i != 27 && !all[i].empty() && i < 55 && all[i].find('#') != std::string::npos &&
        all[i].find("4 ") != std::string::npos)
      row_lines.push_back(all[i]);
  ASSERT_EQ(row_lines.size(), 31u) << *brf;  // no row wrapped onto a second line
  for (std::size_t i = 0; i + 1 < row_lines.size(); ++i) EXPECT_EQ(words(row_lines[i]), 3) << i;
  EXPECT_EQ(row_lines.back(), "#CB4 EXF#H\"7,Q\"6\"<\"7\">");  // 32. exf8=Q+(=): White's alone
  EXPECT_EQ(row_lines.front(), "#B4 EXD#F ,NBD#G");
  // The default page is still the braille standard's: 40 cells, 25 lines.
  auto standard = to_brf(lines, "en-ueb-g1.ctb");
  ASSERT_TRUE(standard);
  EXPECT_EQ(lines_of(*standard).size(), 50u);
}

}  // namespace
}  // namespace brf_test
}  // namespace annabella::app

namespace annabella::app {
namespace brf_test {
namespace {

// The BRF of one word through `table` alone, no page numbers: what liblouis writes for it.
std::string word_brf(std::string_view word, std::string_view table) {
  auto brf = to_brf({std::string(word)}, table, no_page_numbers());
  EXPECT_TRUE(brf) << table << ": " << brf.error().message;
  return brf ? brf->substr(0, brf->size() - 2) : std::string();
}

// A player's name outside Latin-1 meant no braille scoresheet for the whole game: liblouis wrote
// its letters as "\x0418" escapes with dots 7 and 8, and the scoresheet was refused as an
// eight-dot table. Each name is now written with liblouis's own table for its script, exactly as
// that table writes it alone.
TEST(BrfNames, ANameInAnotherScriptIsWrittenWithLiblouissTableForIt) {
  const std::pair<const char*, const char*> names[] = {
      {"Иванов", "ru-litbrl.ctb"},  // Russian
      {"Јовановски", "sr-g1.ctb"},  // Serbian/Macedonian Ј: not in the Russian table
      {"Żółć", "Pl-Pl-g1.utb"},     // Polish
      {"李", "zhcn-g1.ctb"},        // Chinese
  };
  for (const char* table : {"en-ueb-g1.ctb", "en-us-g1.ctb"}) {
    for (const auto& [name, script_table] : names) {
      auto brf = to_brf({std::string("1. ") + name}, table, no_page_numbers());
      ASSERT_TRUE(brf) << table << " " << name << ": " << brf.error().message;
      EXPECT_EQ(*brf, word_brf("1.", table) + " " + word_brf(name, script_table) + "\r\n")
          << table << " " << name;
      auto fallbacks = braille_fallbacks({std::string("1. ") + name, table});
      ASSERT_TRUE(fallbacks);
      ASSERT_EQ(fallbacks->size(), 1U) << name;
      EXPECT_EQ((*fallbacks)[0].word, name);
      EXPECT_EQ((*fallbacks)[0].table, script_table);
      EXPECT_EQ((*fallbacks)[0].code_points, "");
    }
  }
  // A table that has the letters writes the name itself.
  auto own = braille_fallbacks({"Иванов - Јовановски", "sr-g1.ctb"});
  ASSERT_TRUE(own);
  EXPECT_TRUE(own->empty());
}

// Letters no liblouis table has (Macedonian ѓ in liblouis 3.24) are written as their code points
// in the table that has the rest; the whole scoresheet is still written, in six-dot cells.
TEST(BrfNames, LettersNoTableHasAreWrittenAsCodePoints) {
  auto fallbacks = braille_fallbacks({"Ѓорѓиев", "sr-g1.ctb"});
  ASSERT_TRUE(fallbacks);
  ASSERT_EQ(fallbacks->size(), 1U);
  EXPECT_EQ((*fallbacks)[0].lacking, "Ѓѓ");
  EXPECT_EQ((*fallbacks)[0].table, "");  // the given table has the other letters
  EXPECT_EQ((*fallbacks)[0].code_points, "Ѓѓ");
  auto brf = to_brf({"Ѓорѓиев"}, "sr-g1.ctb", no_page_numbers());
  ASSERT_TRUE(brf) << brf.error().message;
  EXPECT_EQ(*brf, word_brf("(U+0403)ор(U+0453)иев", "sr-g1.ctb") + "\r\n");
  // Under an English table the Cyrillic letters come from the first Cyrillic table with most.
  auto english = braille_fallbacks({"Ѓорѓиев", "en-ueb-g1.ctb"});
  ASSERT_TRUE(english);
  ASSERT_EQ(english->size(), 1U);
  EXPECT_EQ((*english)[0].table, "ru-litbrl.ctb");
  EXPECT_EQ((*english)[0].code_points, "Ѓѓ");
  // A whole scoresheet with every such name is written: no line is refused.
  auto sheet = to_brf({"Żółć - Иванов", "Јовановски - 李", "Ѓорѓиев", "1. e4 e5"}, "en-ueb-g1.ctb");
  ASSERT_TRUE(sheet) << sheet.error().message;
}

}  // namespace
}  // namespace brf_test
}  // namespace annabella::app
