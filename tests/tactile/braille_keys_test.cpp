// Braille display keys without a display: BrlAPI key codes decoded into tactile keys, the
// computer braille cells of dot entry, and the entry of a square, a move or a number.
#include "tactile/braille_keys.h"

#include <gtest/gtest.h>

#include "tactile/braille_display.h"

namespace annabella::tactile {
namespace braille_keys_test {
namespace {

// BrlAPI's key code layout (brlapi_keycodes.h): commands have bit 29 set, the block in bits
// 16-28 and the argument in bits 0-15; key symbols are X keysyms.
constexpr std::uint64_t kCommand = 0x20000000;
constexpr std::uint64_t command(std::uint64_t block, std::uint64_t argument) {
  return kCommand | (block << 16) | argument;
}

std::uint8_t dots(std::string_view numbers) {
  std::uint8_t cell = 0;
  for (const char n : numbers) cell = static_cast<std::uint8_t>(cell | (1U << (n - '1')));
  return cell;
}

TEST(BrailleKeyDecoding, NavigationCommands) {
  EXPECT_EQ(decode_brlapi_key(command(0, 1)).kind, BrailleKeyKind::LineUp);
  EXPECT_EQ(decode_brlapi_key(command(0, 2)).kind, BrailleKeyKind::LineDown);
  EXPECT_EQ(decode_brlapi_key(command(0, 23)).kind, BrailleKeyKind::PanLeft);
  EXPECT_EQ(decode_brlapi_key(command(0, 24)).kind, BrailleKeyKind::PanRight);
  EXPECT_EQ(decode_brlapi_key(command(0, 9)).kind, BrailleKeyKind::Top);
  EXPECT_EQ(decode_brlapi_key(command(0, 10)).kind, BrailleKeyKind::Bottom);
  EXPECT_EQ(decode_brlapi_key(command(0, 29)).kind, BrailleKeyKind::Home);
  EXPECT_EQ(decode_brlapi_key(command(0, 52)).kind, BrailleKeyKind::Menu);
}

TEST(BrailleKeyDecoding, RoutingKeyCarriesItsCell) {
  const BrailleKey key = decode_brlapi_key(command(1, 7));
  EXPECT_EQ(key.kind, BrailleKeyKind::Routing);
  EXPECT_EQ(key.cell, 7);
  EXPECT_EQ(describe(key), "ROUTE 8");
}

TEST(BrailleKeyDecoding, DotsAChordAndTheSpaceBar) {
  const BrailleKey g = decode_brlapi_key(command(34, dots("1245")));
  EXPECT_EQ(g.kind, BrailleKeyKind::Dots);
  EXPECT_EQ(g.dots, dots("1245"));
  EXPECT_FALSE(g.chord);
  EXPECT_EQ(describe(g), "DOTS 1245");
  const BrailleKey chord = decode_brlapi_key(command(34, 0x100 | dots("126")));
  EXPECT_EQ(chord.kind, BrailleKeyKind::Dots);
  EXPECT_TRUE(chord.chord);
  EXPECT_EQ(describe(chord), "CHORD 126");
  EXPECT_EQ(decode_brlapi_key(command(34, 0x100)).kind, BrailleKeyKind::Space);
}

TEST(BrailleKeyDecoding, KeySymbols) {
  EXPECT_EQ(decode_brlapi_key(0xFF0D).kind, BrailleKeyKind::Enter);
  EXPECT_EQ(decode_brlapi_key(0xFF08).kind, BrailleKeyKind::Backspace);
  EXPECT_EQ(decode_brlapi_key(0xFF1B).kind, BrailleKeyKind::Escape);
  EXPECT_EQ(decode_brlapi_key(0x20).kind, BrailleKeyKind::Space);
  // Arrows, Home and End (BRLTTY's chords Space+Dot1 ... on a braille keyboard).
  EXPECT_EQ(decode_brlapi_key(0xFF52).kind, BrailleKeyKind::LineUp);
  EXPECT_EQ(decode_brlapi_key(0xFF54).kind, BrailleKeyKind::LineDown);
  EXPECT_EQ(decode_brlapi_key(0xFF51).kind, BrailleKeyKind::PanLeft);
  EXPECT_EQ(decode_brlapi_key(0xFF53).kind, BrailleKeyKind::PanRight);
  EXPECT_EQ(decode_brlapi_key(0xFF50).kind, BrailleKeyKind::Top);
  EXPECT_EQ(decode_brlapi_key(0xFF57).kind, BrailleKeyKind::Bottom);
  const BrailleKey e = decode_brlapi_key(0x65);
  EXPECT_EQ(e.kind, BrailleKeyKind::Character);
  EXPECT_EQ(e.character, U'e');
  const BrailleKey u = decode_brlapi_key(0x01000000 | 0x0444);  // Cyrillic ф
  EXPECT_EQ(u.kind, BrailleKeyKind::Character);
  EXPECT_EQ(u.character, U'\u0444');
  EXPECT_EQ(describe(u), "CHAR U+0444");
}

TEST(BrailleKeyDecoding, OtherKeysAreReportedWithTheirName) {
  // FREEZE, an unused command; F2; Control+c; U+FFFD (a cell BRLTTY could not read).
  for (const std::uint64_t code :
       {command(0, 32), std::uint64_t{0xFFBF}, std::uint64_t{0x63 | (0x04ULL << 32)},
        std::uint64_t{0x0100FFFD}}) {
    const BrailleKey key = decode_brlapi_key(code);
    EXPECT_EQ(key.kind, BrailleKeyKind::Unknown) << describe(key);
    EXPECT_EQ(key.code, code);
    EXPECT_EQ(describe(key).rfind("UNKNOWN ", 0), 0U) << describe(key);
  }
  EXPECT_NE(describe(decode_brlapi_key(command(0, 32))).find("FREEZE"), std::string::npos);
}

TEST(ComputerBraille, LettersDigitsAndCapitals) {
  EXPECT_EQ(computer_braille_character(dots("15")), 'e');
  EXPECT_EQ(computer_braille_character(dots("256")), '4');
  EXPECT_EQ(computer_braille_character(dots("2347")), 'S');
  EXPECT_EQ(computer_braille_character(dots("356")), '0');
  EXPECT_EQ(computer_braille_character(dots("36")), '-');
  EXPECT_EQ(computer_braille_character(dots("8")), std::nullopt);
  EXPECT_EQ(computer_braille_character(dots("367")), std::nullopt);  // no capital hyphen
  // Every character has one cell and reads back as itself.
  for (const char c : std::string_view("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                       "0123456789-=+#/")) {
    const std::uint8_t cell = computer_braille_dots(c);
    ASSERT_NE(cell, 0) << c;
    EXPECT_EQ(computer_braille_character(cell), c);
  }
  // No two characters share a cell.
  int read = 0;
  for (int cell = 1; cell < 256; ++cell)
    if (computer_braille_character(static_cast<std::uint8_t>(cell))) ++read;
  EXPECT_EQ(read, 26 * 2 + 10 + 5);
}

BrailleKey dots_key(std::string_view numbers) {
  BrailleKey key;
  key.kind = BrailleKeyKind::Dots;
  key.dots = dots(numbers);
  return key;
}
BrailleKey key_of(BrailleKeyKind kind) {
  BrailleKey key;
  key.kind = kind;
  return key;
}

TEST(DotEntry, TypesAMoveWithACorrection) {
  DotEntry entry;
  EXPECT_EQ(entry.feed(dots_key("2347")), DotEntry::Step::Typed);  // S
  EXPECT_EQ(entry.feed(dots_key("124")), DotEntry::Step::Typed);   // f
  EXPECT_EQ(entry.feed(dots_key("256")), DotEntry::Step::Typed);   // 4, a slip
  EXPECT_EQ(entry.feed(key_of(BrailleKeyKind::Backspace)), DotEntry::Step::Erased);
  EXPECT_EQ(entry.feed(dots_key("25")), DotEntry::Step::Typed);  // 3
  EXPECT_EQ(entry.text(), "Sf3");
  EXPECT_EQ(entry.feed(key_of(BrailleKeyKind::Enter)), DotEntry::Step::Done);
  EXPECT_EQ(entry.text(), "Sf3");
  // The next key starts a new entry.
  EXPECT_EQ(entry.feed(dots_key("15")), DotEntry::Step::Typed);
  EXPECT_EQ(entry.text(), "e");
}

TEST(DotEntry, CharactersReadByBrlttyAndRefusals) {
  DotEntry entry;
  BrailleKey e;
  e.kind = BrailleKeyKind::Character;
  e.character = U'e';
  EXPECT_EQ(entry.feed(e), DotEntry::Step::Typed);
  e.character = U'\u00e4';
  EXPECT_EQ(entry.feed(e), DotEntry::Step::Refused);
  EXPECT_EQ(entry.feed(dots_key("8")), DotEntry::Step::Refused);
  EXPECT_EQ(entry.feed(key_of(BrailleKeyKind::LineDown)), DotEntry::Step::NotEntry);
  BrailleKey chord = dots_key("126");
  chord.chord = true;
  EXPECT_EQ(entry.feed(chord), DotEntry::Step::NotEntry);
  EXPECT_EQ(entry.text(), "e");
  for (std::size_t i = 1; i < DotEntry::kMaxLength; ++i)
    ASSERT_EQ(entry.feed(dots_key("1")), DotEntry::Step::Typed);
  EXPECT_EQ(entry.feed(dots_key("1")), DotEntry::Step::Refused);
  EXPECT_EQ(entry.text().size(), DotEntry::kMaxLength);
  // Enter or Backspace with nothing typed is not an entry (the app may use them as keys).
  DotEntry empty;
  EXPECT_EQ(empty.feed(key_of(BrailleKeyKind::Enter)), DotEntry::Step::NotEntry);
  EXPECT_EQ(empty.feed(key_of(BrailleKeyKind::Backspace)), DotEntry::Step::NotEntry);
}

}  // namespace
}  // namespace braille_keys_test
}  // namespace annabella::tactile
