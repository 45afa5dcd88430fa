// The braille display's keys as the player's intentions (app/braille_keys.h): menu keys, typed
// entries as commands, and what the display shows.
#include "app/braille_keys.h"

#include <gtest/gtest.h>

#include "app/braille_station.h"
#include "core/clock.h"
#include "core/time_control.h"
#include "speech/language.h"

namespace annabella::app {
namespace braille_keys_test {
namespace {

using tactile::BrailleKey;
using tactile::BrailleKeyKind;

BrailleKey key_of(BrailleKeyKind kind, int cell = 0) {
  BrailleKey key;
  key.kind = kind;
  key.cell = cell;
  return key;
}
BrailleKey typed(char c) {
  BrailleKey key;
  key.kind = BrailleKeyKind::Dots;
  key.dots = tactile::computer_braille_dots(c);
  return key;
}

TEST(BrailleKeyMap, NavigationDrivesTheMenu) {
  BrailleKeyMap map;
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::Menu), false).menu, MenuKey::Open);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::LineDown), false).menu, MenuKey::Open);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::LineDown), true).menu, MenuKey::Next);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::LineUp), true).menu, MenuKey::Previous);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::Routing, 17), true).menu, MenuKey::Select);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::Enter), true).menu, MenuKey::Confirm);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::Escape), true).menu, MenuKey::Back);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::Backspace), true).menu, MenuKey::Back);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::Top), true).menu, MenuKey::Repeat);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::Menu), true).menu, MenuKey::Close);
  const auto home = map.press(key_of(BrailleKeyKind::Home), true);
  EXPECT_EQ(home.menu, MenuKey::Close);
  EXPECT_EQ(home.view, BrailleViewChange::Clock);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::PanRight), true).view, BrailleViewChange::PanRight);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::PanLeft), false).view, BrailleViewChange::PanLeft);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::Bottom), true).view, BrailleViewChange::Moves);
  // D.2.11: back and forward through the private lines he was told, menu open or not.
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::PreviousLine), false).view,
            BrailleViewChange::HistoryBack);
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::NextLine), true).view,
            BrailleViewChange::HistoryForward);
}

TEST(BrailleKeyMap, KeysWithNoUseAreReportedNotActedOn) {
  BrailleKeyMap map;
  // A routing key or Enter with the menu closed and nothing typed: no Select, no Confirm.
  for (const auto kind : {BrailleKeyKind::Routing, BrailleKeyKind::Enter, BrailleKeyKind::Top,
                          BrailleKeyKind::Space, BrailleKeyKind::Unknown}) {
    const auto action = map.press(key_of(kind), false);
    EXPECT_FALSE(action.menu);
    EXPECT_FALSE(action.command);
    EXPECT_NE(action.note.find("not used"), std::string::npos) << action.note;
  }
}

TEST(BrailleKeyMap, ATypedMoveIsEnteredAndEnterThenConfirmsNothing) {
  BrailleKeyMap map;
  EXPECT_EQ(map.press(typed('S'), false).typing, "> S");
  EXPECT_EQ(map.press(typed('f'), false).typing, "> Sf");
  EXPECT_EQ(map.press(typed('4'), false).typing, "> Sf4");
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::Backspace), true).typing, "> Sf");
  (void)map.press(typed('3'), true);
  // Enter ends the entry (it is not the menu's Confirm while something is typed).
  const auto entered = map.press(key_of(BrailleKeyKind::Enter), true);
  EXPECT_FALSE(entered.menu);
  ASSERT_TRUE(entered.command);
  ASSERT_TRUE(std::holds_alternative<cmd::EnterMove>(*entered.command));
  EXPECT_EQ(std::get<cmd::EnterMove>(*entered.command).text, "Sf3");
  // The next Enter, with nothing typed, is the menu's Confirm again.
  EXPECT_EQ(map.press(key_of(BrailleKeyKind::Enter), true).menu, MenuKey::Confirm);
  // A cell it cannot read is refused and said.
  BrailleKey dot8;
  dot8.kind = BrailleKeyKind::Dots;
  dot8.dots = 0x80;
  EXPECT_NE(map.press(dot8, false).note.find("cannot be typed"), std::string::npos);
}

TEST(BrailleKeyMap, TypedEntriesBecomeAnswersReadingsOrMoves) {
  EXPECT_TRUE(std::holds_alternative<cmd::Answer>(typed_command("2")));
  EXPECT_TRUE(std::holds_alternative<cmd::Answer>(typed_command("12")));
  EXPECT_TRUE(std::holds_alternative<cmd::Answer>(typed_command("Q")));
  EXPECT_TRUE(std::holds_alternative<cmd::Board>(typed_command("e4")));
  EXPECT_TRUE(std::holds_alternative<cmd::Board>(typed_command("r4")));
  EXPECT_TRUE(std::holds_alternative<cmd::Board>(typed_command("fe")));
  EXPECT_TRUE(std::holds_alternative<cmd::Board>(typed_command("all")));
  EXPECT_TRUE(std::holds_alternative<cmd::Board>(typed_command("knights")));
  EXPECT_TRUE(std::holds_alternative<cmd::Board>(typed_command("black")));
  EXPECT_TRUE(std::holds_alternative<cmd::Captured>(typed_command("captured")));
  EXPECT_TRUE(std::holds_alternative<cmd::EnterMove>(typed_command("e2e4")));
  EXPECT_TRUE(std::holds_alternative<cmd::EnterMove>(typed_command("O-O")));
  EXPECT_TRUE(std::holds_alternative<cmd::EnterMove>(typed_command("exd5")));
  EXPECT_EQ(std::get<cmd::Board>(typed_command("e4")).query, "e4");
}

// Tester D2: the braille clock line is in the VI player's language, every shipped one: its words
// are the language's (no English "W", "B", "move", "flag", "paused" but in English).
TEST(BrailleClockLine, InEveryPlayersLanguage) {
  core::ChessClock clock(*core::read_time_control("90+30"));
  const core::ClockInstant start{};
  ASSERT_TRUE(clock.start(start));
  ASSERT_TRUE(clock.press(core::WHITE, start + std::chrono::seconds(10)));
  const auto reading = clock.reading(start + std::chrono::seconds(15));
  auto mk = speech::Language::load("mk");
  ASSERT_TRUE(mk) << mk.error().message;
  EXPECT_EQ(tactile::clock_line(reading, core::WHITE, 40, clock_line_words(*mk)),
            "Б 1:30:20 Ц 1:29:55* потег 1");
  for (const std::string& code : speech::Language::codes()) {
    auto language = speech::Language::load(code);
    ASSERT_TRUE(language) << code;
    const tactile::ClockLineWords words = clock_line_words(*language);
    for (const std::string* word : {&words.white, &words.black, &words.move, &words.flag,
                                    &words.paused, &words.paused_letter})
      EXPECT_FALSE(word->empty()) << code;
    if (code == "en") continue;
    EXPECT_NE(words.move, "move") << code;
    EXPECT_NE(words.paused, "paused") << code;
    EXPECT_NE(words.flag, "flag") << code;
  }
}

}  // namespace
}  // namespace braille_keys_test
}  // namespace annabella::app
