// Scoresheets typed in Windows-1251 (Cyrillic) or Latin-1 (German) are decoded to UTF-8, and the
// encoding assumed is a typed fact (core/sheet_encoding.h; D.2.9: the arbiter checks it).
#include "core/sheet_encoding.h"

#include <gtest/gtest.h>

namespace annabella::core {
namespace sheet_encoding_test {
namespace {

TEST(SheetEncoding, Windows1251TableMatchesTheStandard) {
  // "Ск3", "Кf3", Macedonian Ѓ ѓ Ќ ќ Ѕ ѕ Ј ј Љ љ Њ њ Џ џ, Ё ё, and the undefined 0x98.
  EXPECT_EQ(decode_windows1251("\xD1\xEA\x33 \xCA\x66\x33"), "Ск3 Кf3");
  EXPECT_EQ(decode_windows1251("\x81\x83\x8D\x9D\xBD\xBE\xA3\xBC\x8A\x9A\x8C\x9C\x8F\x9F\xA8\xB8"),
            "ЃѓЌќЅѕЈјЉљЊњЏџЁё");
  EXPECT_EQ(decode_windows1251("\xC0\xDF\xE0\xFF"), "АЯая");
  EXPECT_EQ(decode_windows1251("\x98"), "\uFFFD");
  EXPECT_EQ(decode_windows1251("\x96\x97\xB9"), "–—№");
}

TEST(SheetEncoding, Latin1TableHasWindows1252SignsAndNoC1Controls) {
  EXPECT_EQ(decode_latin1("Wei\xDF L\xE4ufer \xF6\xFC \xC4\xD6\xDC"), "Weiß Läufer öü ÄÖÜ");
  EXPECT_EQ(decode_latin1("\x80\x84\x93\x96"), "€„“–");
  EXPECT_EQ(decode_latin1("\x81"), "\uFFFD");
}

TEST(SheetEncoding, CyrillicLetters) {
  EXPECT_TRUE(cyrillic_letters(*piece_letters_for("ru")));
  EXPECT_TRUE(cyrillic_letters(*piece_letters_for("mk")));
  EXPECT_TRUE(cyrillic_letters(*piece_letters_for("bg")));
  EXPECT_FALSE(cyrillic_letters(*piece_letters_for("de")));
  EXPECT_FALSE(cyrillic_letters(*piece_letters_for("sr")));
}

TEST(SheetEncoding, Utf8AndMostlyUtf8StayAsTheyAre) {
  const Position start;
  const DecodedSheet utf8 = decode_sheet("1. e4 e5 2. Кf3", start, std::nullopt);
  EXPECT_EQ(utf8.encoding, SheetEncoding::Utf8);
  EXPECT_EQ(utf8.text, "1. e4 e5 2. Кf3");
  // Three right Cyrillic letters and one damaged byte: UTF-8 with a fault, not Windows-1251.
  const DecodedSheet damaged = decode_sheet("Кf3 Кc6 Фd2 \xFF", start, std::nullopt);
  EXPECT_EQ(damaged.encoding, SheetEncoding::DamagedUtf8);
  EXPECT_EQ(damaged.text, "Кf3 Кc6 Фd2 \xFF");
}

TEST(SheetEncoding, GivenLanguageDecides) {
  const Position start;
  const DecodedSheet ru = decode_sheet("1. e4 e5 2. \xCA\x66\x33", start, *piece_letters_for("ru"));
  EXPECT_EQ(ru.encoding, SheetEncoding::Windows1251);
  EXPECT_EQ(ru.reason, EncodingReason::Language);
  EXPECT_EQ(ru.text, "1. e4 e5 2. Кf3");
  const DecodedSheet de = decode_sheet(
      "Sch\xE4"
      "fer\n1. e4 e5",
      start, *piece_letters_for("de"));
  EXPECT_EQ(de.encoding, SheetEncoding::Latin1);
  EXPECT_EQ(de.reason, EncodingReason::Language);
  EXPECT_EQ(de.text, "Schäfer\n1. e4 e5");
}

TEST(SheetEncoding, TheEncodingThatReadsMoreMovesWins) {
  const Position start;
  // Macedonian "Сf3" (knight): as Latin-1 it would be "Ñf3", no move.
  const DecodedSheet mk =
      decode_sheet("1. e4 e5 2. \xD1\x66\x33 \xD1\x63\x36", start, std::nullopt);
  EXPECT_EQ(mk.encoding, SheetEncoding::Windows1251);
  EXPECT_EQ(mk.reason, EncodingReason::ReadsFurther);
  EXPECT_EQ(mk.read_plies, 4U);
  EXPECT_EQ(mk.other_read_plies, 2U);
  EXPECT_EQ(mk.text, "1. e4 e5 2. Сf3 Сc6");
}

TEST(SheetEncoding, WithTheSameMovesTheWordsDecide) {
  const Position start;
  // The moves are ASCII: a German heading ("Läufer", letters mixed with a-z) means Latin-1 ...
  const DecodedSheet de = decode_sheet("Partie L\xE4ufer\n1. e4 e5", start, std::nullopt);
  EXPECT_EQ(de.encoding, SheetEncoding::Latin1);
  EXPECT_EQ(de.reason, EncodingReason::LettersAround);
  // ... and a Russian one ("Партия", all such bytes) Windows-1251.
  const DecodedSheet ru = decode_sheet("\xCF\xE0\xF0\xF2\xE8\xFF\n1. e4 e5", start, std::nullopt);
  EXPECT_EQ(ru.encoding, SheetEncoding::Windows1251);
  EXPECT_EQ(ru.text, "Партия\n1. e4 e5");
}

TEST(SheetEncoding, Windows1250TableMatchesTheStandard) {
  // Serbian Latin, Polish, Czech, Hungarian; the undefined 0x81.
  EXPECT_EQ(decode_windows1250("\xD0uki\xE6 \xA3\xF3"
                               "d\x9F Dvo\xF8\xE1k \x8A\xE8\x9E \xF5\xFB"),
            "Đukić Łódź Dvořák Ščž őű");
  EXPECT_EQ(decode_windows1250("\x81"), "\uFFFD");
  EXPECT_EQ(decode_windows1250("\x96\xD7"), "–×");
}

TEST(SheetEncoding, CentralEuropeanNamesMeanWindows1250) {
  const Position start;
  // "Đukić" is a Serbian name in Windows-1250 and no word ("Ðukiæ") in Latin-1; "Petrović" reads
  // as a word in both ("Petroviæ": æ is Danish): one word decides.
  const DecodedSheet sr =
      decode_sheet("\xD0uki\xE6 \x96 Petrovi\xE6\n1. e4 e5", start, std::nullopt);
  EXPECT_EQ(sr.encoding, SheetEncoding::Windows1250);
  EXPECT_EQ(sr.text, "Đukić – Petrović\n1. e4 e5");
  EXPECT_EQ(sr.latin.kind, LatinChoice::Kind::Words);
  EXPECT_EQ(sr.latin.words, 2U);
  EXPECT_EQ(sr.latin.other, 1U);
  EXPECT_EQ(sr.latin.example, "Đukić");
  EXPECT_EQ(sr.latin.other_example, "Ðukiæ");
  // Polish: "ł" is "³" in Latin-1.
  EXPECT_EQ(decode_sheet("Micha\xB3 \x8Cwi\xEA"
                         "cicki\n1. e4 e5",
                         start, std::nullopt)
                .encoding,
            SheetEncoding::Windows1250);
  // Spanish stays Latin-1: "Señoría" in Latin-1 is "Seńoría" in Windows-1250 (no language's).
  const DecodedSheet es = decode_sheet(
      "Se\xF1or\xED"
      "a\n1. e4 e5",
      start, std::nullopt);
  EXPECT_EQ(es.encoding, SheetEncoding::Latin1);
  EXPECT_EQ(es.latin.kind, LatinChoice::Kind::Words);
  EXPECT_EQ(es.text, "Señoría\n1. e4 e5");
  // German letters read alike in both: nothing to tell apart.
  const DecodedSheet de = decode_sheet("M\xFCller Wei\xDF\n1. e4 e5", start, std::nullopt);
  EXPECT_EQ(de.encoding, SheetEncoding::Latin1);
  EXPECT_EQ(de.latin.kind, LatinChoice::Kind::Same);
}

TEST(SheetEncoding, Latin1OrWindows1250UndecidedIsAGuess) {
  const Position start;
  // "Petrović" or "Petroviæ": each a word; Latin-1 assumed and said to be a guess ...
  const DecodedSheet guess = decode_sheet("Petrovi\xE6\n1. e4 e5", start, std::nullopt);
  EXPECT_EQ(guess.encoding, SheetEncoding::Latin1);
  EXPECT_EQ(guess.latin.kind, LatinChoice::Kind::Undecided);
  EXPECT_EQ(guess.latin.example, "Petroviæ");
  EXPECT_EQ(guess.latin.other_example, "Petrović");
  // ... unless the sheet is given as Serbian Latin, typed in Windows-1250.
  const DecodedSheet sr = decode_sheet("Petrovi\xE6\n1. e4 e5", start, *piece_letters_for("sr"));
  EXPECT_EQ(sr.encoding, SheetEncoding::Windows1250);
  EXPECT_EQ(sr.reason, EncodingReason::Language);
  EXPECT_EQ(sr.latin.kind, LatinChoice::Kind::Undecided);
  EXPECT_EQ(sr.text, "Petrović\n1. e4 e5");
  // A given Latin language does not overrule the words: a Croatian name on a German sheet.
  EXPECT_EQ(decode_sheet("\xD0uki\xE6\n1. e4 e5", start, *piece_letters_for("de")).encoding,
            SheetEncoding::Windows1250);
}

}  // namespace
}  // namespace sheet_encoding_test
}  // namespace annabella::core
