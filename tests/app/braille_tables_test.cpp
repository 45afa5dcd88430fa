// The braille table of each player's language (tactile::braille_table_for, docs/languages.md),
// through the real liblouis: every language has one, it loads, and it writes every word of the
// language as six-dot braille cells, no letter left as an escape, except the letters a stand-in
// table is documented to lack. Serbian says the same in braille in both scripts.
#include <gtest/gtest.h>
#include <liblouis/liblouis.h>

#include <map>
#include <set>
#include <string>

#include "app/brf.h"
#include "app/exports.h"
#include "speech/language.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"
#include "tactile/braille_display.h"

namespace annabella {
namespace braille_tables_test {
namespace {

std::u32string utf32(std::string_view s) {
  std::u32string out;
  for (std::size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
    char32_t c = extra == 0 ? b : b & (0x3F >> extra);
    ++i;
    for (int k = 0; k < extra && i < s.size(); ++k, ++i)
      c = (c << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
    out += c;
  }
  return out;
}

// The text as Unicode braille through liblouis with `table`, or "" when it fails.
std::u32string braille(std::string_view text, std::string_view table) {
  const std::u32string in = utf32(text);
  std::vector<widechar> chars(in.begin(), in.end());
  int in_length = static_cast<int>(chars.size());
  int out_length = in_length * 16 + 16;
  std::vector<widechar> out(static_cast<std::size_t>(out_length));
  const std::string tables = "unicode.dis," + std::string(table);
  if (!lou_translateString(tables.c_str(), chars.data(), &in_length, out.data(), &out_length,
                           nullptr, nullptr, 0))
    return {};
  return std::u32string(out.begin(), out.begin() + out_length);
}

// The language's words a braille reader meets: templates without their places, menu words,
// answers, pieces, sides, devices, results, reasons, units, numbers.
std::vector<std::string> words_of(const speech::Language& lang) {
  std::vector<std::string> out;
  for (const auto& [key, word] : lang.words()) {
    if (key.starts_with("meta.") || key.ends_with(".gender") || key.starts_with("number.compose"))
      continue;
    std::string text = word.display;
    for (auto open = text.find('{'); open != std::string::npos; open = text.find('{'))
      text.erase(open, text.find('}', open) - open + 1);
    if (text.find_first_not_of(" ,.:;?") != std::string::npos) out.push_back(text);
  }
  return out;
}

// Letters of a language a stand-in table has no cell for (said in its note).
const std::map<std::string, std::u32string>& lacking() {
  static const std::map<std::string, std::u32string> letters = {{"mk", U"ѓќѕЃЌЅ"}};
  return letters;
}

TEST(BrailleTables, EveryLanguageWritesItsWordsInBraille) {
  lou_setLogLevel(LOU_LOG_ERROR);  // bg.utb warns about deprecated syntax
  for (const auto& code : speech::Language::codes()) {
    auto choice = tactile::braille_table_for(code);
    ASSERT_TRUE(choice) << choice.error().message;
    EXPECT_EQ(choice->own, choice->note.empty()) << code;
    const auto lang = speech::Language::load(code);
    ASSERT_TRUE(lang);
    const auto lacks = lacking().count(code) ? lacking().at(code) : std::u32string();
    for (const std::string& text : words_of(*lang)) {
      std::u32string allowed_text;  // without the letters the table is known to lack
      for (char32_t c : utf32(text))
        if (lacks.find(c) == std::u32string::npos) allowed_text += c;
      const std::u32string cells = braille(text, choice->table);
      ASSERT_FALSE(cells.empty()) << code << " " << choice->table << ": " << text;
      bool escaped = false;
      for (char32_t c : cells) escaped |= !(c == U' ' || c == 0x2800 || (c > 0x2800 && c < 0x2840));
      const bool has_lacking_letter = allowed_text.size() != utf32(text).size();
      if (!has_lacking_letter) {
        EXPECT_FALSE(escaped) << code << " " << choice->table << ": " << text;
      }
    }
  }
}

// The Macedonian stand-in lacks what its note says: ѓ is written as an escape, not a cell.
TEST(BrailleTables, TheStandInsLackWhatTheirNotesSay) {
  const auto mk = tactile::braille_table_for("mk");
  ASSERT_TRUE(mk);
  EXPECT_FALSE(mk->own);
  EXPECT_NE(mk->note.find("ѓ"), std::string_view::npos);
  EXPECT_GT(braille("ѓ", mk->table).size(), 1U);  // an escape sequence, not one cell
  EXPECT_EQ(braille("г", mk->table).size(), 1U);
  const auto sq = tactile::braille_table_for("sq");
  ASSERT_TRUE(sq);
  EXPECT_FALSE(sq->own);
  EXPECT_EQ(braille("ë", sq->table), U"⠘⠒⠑");  // UEB's dieresis modifier and e
  EXPECT_FALSE(tactile::braille_table_for("klingon"));
}

// Serbian in the Latin and the Cyrillic script is the same braille, word for word.
TEST(BrailleTables, SerbianIsTheSameBrailleInBothScripts) {
  const auto latin = speech::Language::load("sr");
  const auto cyrillic = speech::Language::load("sr-Cyrl");
  ASSERT_TRUE(latin && cyrillic);
  EXPECT_EQ(tactile::braille_table_for("sr")->table, tactile::braille_table_for("sr-Cyrl")->table);
  const auto table = tactile::braille_table_for("sr")->table;
  const auto a = words_of(*latin), b = words_of(*cyrillic);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    EXPECT_EQ(braille(a[i], table), braille(b[i], table)) << a[i] << " / " << b[i];
}

// liblouis's own dot cells for `text` through `table` (dotsIO, dots 1-8 as bits 0-7).
std::vector<unsigned char> louis_dots(std::string_view text, const std::string& table) {
  const std::u32string in = utf32(text);
  std::vector<widechar> chars(in.begin(), in.end());
  int in_length = static_cast<int>(chars.size());
  int out_length = in_length * 16 + 16;
  std::vector<widechar> out(static_cast<std::size_t>(out_length));
  if (!lou_translateString(table.c_str(), chars.data(), &in_length, out.data(), &out_length,
                           nullptr, nullptr, dotsIO))
    return {};
  std::vector<unsigned char> cells;
  for (int i = 0; i < out_length; ++i) cells.push_back(static_cast<unsigned char>(out[i] & 0xFF));
  return cells;
}

// Issue 17: a Macedonian player's braille display line is in the Cyrillic braille liblouis has
// for his language (the Serbian table standing in, docs/languages.md), cell for cell what
// liblouis writes with that table, not BRLTTY's computer braille of the text.
TEST(BrailleTables, AMacedonianPlayersDisplayLineIsInHisLanguagesTable) {
  lou_setLogLevel(LOU_LOG_ERROR);
  const std::string table = app::player_braille_table("mk");
  EXPECT_EQ(table, "sr-g1.ctb");
  const auto mk = speech::Language::load("mk");
  ASSERT_TRUE(mk);
  const std::string line = mk->word("menu.title").display + ": " + mk->word("menu.time").display;
  auto cells = app::braille_dots({line, table});
  ASSERT_TRUE(cells) << cells.error().message;
  EXPECT_EQ(*cells, louis_dots(line, table)) << line;
  // "Мени": the capital sign (dots 4-6) and м (dots 1-3-4), as the Yugoslav tradition writes it.
  auto menu = app::braille_dots({"Мени", table});
  ASSERT_TRUE(menu);
  ASSERT_GE(menu->size(), 2U);
  EXPECT_EQ((*menu)[0], 0x28);
  EXPECT_EQ((*menu)[1], 0x0D);
  EXPECT_EQ(app::player_braille_table("de"), "de-g0.utb");
  EXPECT_EQ(app::player_braille_table("ru"), "ru-litbrl.ctb");
}

// The text through liblouis with its BRF display table in front ("en-us-brf.dis,TABLE").
std::string louis_brf(std::string_view text, const std::string& table) {
  const std::u32string in = utf32(text);
  std::vector<widechar> chars(in.begin(), in.end());
  int in_length = static_cast<int>(chars.size());
  int out_length = in_length * 16 + 16;
  std::vector<widechar> out(static_cast<std::size_t>(out_length));
  const std::string tables = "en-us-brf.dis," + table;
  if (!lou_translateString(tables.c_str(), chars.data(), &in_length, out.data(), &out_length,
                           nullptr, nullptr, 0))
    return {};
  return std::string(out.begin(), out.begin() + out_length);
}

// Issue 17: the braille scoresheet of a Macedonian VI player (record.braille_table = "auto", the
// default) is in his language's table; an explicit table is kept.
TEST(BrailleTables, AMacedonianPlayersScoresheetIsInHisLanguagesTable) {
  lou_setLogLevel(LOU_LOG_ERROR);
  for (const char* configured : {"auto", "en-ueb-g1.ctb"}) {
    testing::TempDir dir;
    config::StationConfig config;
    config.white.name = "Јовановски";
    config.white.language = "mk";
    config.record.braille_table = configured;
    testing::StationDriver d(dir.path() / "record", false, config);
    ASSERT_TRUE(d.station);
    d.hand("e2", "e4");
    const std::string brf = testing::read_file(dir.path() / "record" / "scoresheet.brf");
    const std::string first = brf.substr(0, brf.find("\r\n"));
    const std::string expected_table =
        std::string(configured) == "auto" ? "sr-g1.ctb" : std::string(configured);
    if (expected_table == "sr-g1.ctb")
      EXPECT_EQ(first, louis_brf("Јовановски - Black player", "sr-g1.ctb")) << brf;
    else
      EXPECT_NE(first, louis_brf("Јовановски - Black player", "sr-g1.ctb")) << brf;
  }
}

}  // namespace
}  // namespace braille_tables_test
}  // namespace annabella
