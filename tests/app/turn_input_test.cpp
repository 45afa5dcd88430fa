// Whose input makes whose move (tester's report D3, D8, D10). The VI player's own devices (his
// braille display, his pegboard's ANNOUNCE button) never make the sighted opponent's move
// (D.2.4, D.2.11), and after the end of the game nothing is announced publicly as a move (Art.
// 5, D.2.1). In synthetic time, in process; the VI player is White and hears German.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/console.h"
#include "speech/language.h"
#include "speech/menu_phrases.h"
#include "speech/phrases.h"
#include "support/messages_language.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace turn_input_test {
namespace {

using annabella::testing::StationDriver;
using annabella::testing::TempDir;

bool said_publicly(const StationDriver& d) {
  return std::any_of(d.output.said.begin(), d.output.said.end(),
                     [](const auto& s) { return s.route == Route::Public; });
}

std::string not_possible(speech::Refusal reason) {
  const auto german = speech::Language::load("de");
  EXPECT_TRUE(german) << german.error().message;
  return german ? speech::phrase_not_possible(*german, reason).text : std::string();
}

void press_announce(StationDriver& d) {
  tactile::BoardInput in;
  in.kind = tactile::BoardInput::Kind::Button;
  in.button = tactile::BoardButton::Announce;
  d.now += std::chrono::milliseconds(300);
  in.time = d.now;
  d.station->handle(StationEvent::pegboard(in));
}

// D3. D.2.4, D.2.11: after 1. e4 he types e7e5 on his braille display: not Black's move; refused
// privately with the reason, nothing said publicly; Black's own entry then makes it.
TEST(TurnInput, AMoveTypedOnHisDisplayOnTheOpponentsTurnIsRefused) {
  TempDir dir;
  StationDriver d(dir.path());
  ASSERT_TRUE(d.station);
  d.hand("e2", "e4");
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  d.output.said.clear();
  d.now += std::chrono::seconds(1);
  d.station->handle(StationEvent::request(d.now, cmd::EnterMove{"e7e5"}, InputSource::BrailleKeys));
  EXPECT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_FALSE(said_publicly(d));
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().text, not_possible(speech::Refusal::NotYourMove));
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_TRUE(d.output.printed_containing("e7e5: White is not to move"));
  d.console("e5");  // the sighted player's own entry
  EXPECT_EQ(d.station->game().ply_count(), 2u);
  EXPECT_TRUE(said_publicly(d));
}

// D10. Art. 5, D.2.1: after the end a move completed on his pegboard is not announced publicly
// (it is not made); he hears privately that the game is over, and a later wrong move on the
// board is not called an illegal move.
TEST(TurnInput, APegboardMoveAfterTheEndIsNotAnnounced) {
  TempDir dir;
  StationDriver d(dir.path());
  ASSERT_TRUE(d.station);
  d.hand("g1", "f3");
  d.console("resign black");
  ASSERT_TRUE(d.station->game().is_over());
  d.output.said.clear();
  d.hand("b1", "c3");
  EXPECT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_FALSE(said_publicly(d));
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().text, not_possible(speech::Refusal::GameOver));
  EXPECT_EQ(d.output.said.back().route, Route::Private);
}

// D8. D.2.3, D.2.4: after 1. e4 he sets up Black's e7-e5 on his pegboard and presses ANNOUNCE:
// the opponent's move is not made by his button (no record, no clock); refused privately. Black's
// own entry makes it, announced publicly.
TEST(TurnInput, HisAnnounceButtonDoesNotMakeTheOpponentsMove) {
  TempDir dir;
  StationDriver d(dir.path());
  ASSERT_TRUE(d.station);
  d.hand("e2", "e4");
  d.hand("e7", "e5");
  ASSERT_TRUE(d.output.printed_containing("waiting for the sighted player's move"));
  d.output.said.clear();
  press_announce(d);
  d.wait(std::chrono::milliseconds(500));
  EXPECT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_FALSE(said_publicly(d));
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().text, not_possible(speech::Refusal::NotYourMove));
  d.console("e5");
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  EXPECT_TRUE(said_publicly(d));
  d.hand("g1", "f3");  // his own move next, as ever
  EXPECT_EQ(d.station->game().ply_count(), 3u);
}

const speech::Language& german() {
  static const speech::Language language = *speech::Language::load("de");
  return language;
}

bool said(const StationDriver& d, Route route, const std::string& text) {
  return std::any_of(d.output.said.begin(), d.output.said.end(),
                     [&](const auto& s) { return s.route == route && s.text == text; });
}

// The sighted player (Black) speaks `code` (black.language, D.2.11).
config::StationConfig sighted_speaks(const char* code) {
  config::StationConfig config;
  config.black.language = code;
  return config;
}

// The sighted player (Black) types `text` on his keypad.
void on_keypad(StationDriver& d, const std::string& text) {
  d.station->handle(StationEvent::request(d.now, cmd::EnterMove{text}, InputSource::Keypad));
}

// 1... e5 from his keypad, executed on the pegboard, and 2. Nf3 by the VI player; then, a second
// on, "Bc5" from his keypad: a bishop in English letters, a pawn (Bauer) in German (D.2.1).
void type_an_ambiguous_entry(StationDriver& d) {
  on_keypad(d, "e5");
  d.hand("e7", "e5");
  d.hand("g1", "f3");
  d.now += std::chrono::seconds(1);
  on_keypad(d, "Bc5");
}

// D16. D.2.11, no assistant: the sighted player's keypad entry refused (an illegal move, a typo)
// is told to both players. The VI player privately in his language; the opponent, whose keypad
// shows no text here, publicly (in the profile's language). Nothing is recorded.
TEST(TurnInput, ARefusedKeypadEntryIsToldToBothPlayers) {
  TempDir dir;
  config::StationConfig config;
  config.white.language = "mk";
  StationDriver d(dir.path(), false, config);
  ASSERT_TRUE(d.station);
  d.hand("e2", "e4");
  d.output.said.clear();
  d.now += std::chrono::seconds(1);
  d.station->handle(StationEvent::request(d.now, cmd::EnterMove{"Ke2"}, InputSource::Keypad));
  EXPECT_EQ(d.station->game().ply_count(), 1u);
  const auto mk = speech::Language::load("mk");
  ASSERT_TRUE(mk);
  EXPECT_TRUE(said(d, Route::Private, speech::phrase_entry_refused(*mk, core::BLACK).text));
  EXPECT_TRUE(said(d, Route::Private, "Црните: внесот е одбиен, не е направен потег"));
  EXPECT_TRUE(said(d, Route::Public, speech::phrase_entry_refused(german(), core::BLACK).text));
  EXPECT_TRUE(d.output.printed_containing("'Ke2' is illegal"));
}

// The same with a keypad that is a terminal: he reads the reason there; nothing public.
TEST(TurnInput, ARefusedKeypadEntryIsShownOnHisKeypad) {
  TempDir dir;
  StationDriver d(dir.path(), false,
                  sighted_speaks("en"));  // his keypad's lines are in his language (English here)
  ASSERT_TRUE(d.station);
  d.output.opponent_terminal = true;
  d.hand("e2", "e4");
  d.output.said.clear();
  d.now += std::chrono::seconds(1);
  d.station->handle(StationEvent::request(d.now, cmd::EnterMove{"e55"}, InputSource::Keypad));
  EXPECT_EQ(d.station->game().ply_count(), 1u);
  ASSERT_EQ(d.output.opponent.size(), 1u);
  EXPECT_NE(d.output.opponent[0].find("'e55' is not a move"), std::string::npos)
      << d.output.opponent[0];
  EXPECT_FALSE(said_publicly(d));
  EXPECT_TRUE(said(d, Route::Private, speech::phrase_entry_refused(german(), core::BLACK).text));
  // An ambiguous entry's question goes to his keypad too, where he answers it.
  type_an_ambiguous_entry(d);
  ASSERT_EQ(d.output.opponent.size(), 2u);
  EXPECT_NE(d.output.opponent[1].find("Bc5: 1 = "), std::string::npos) << d.output.opponent[1];
}

// D.2.11: the sighted player's keypad terminal speaks his own language (black.language, here
// Macedonian), not the console's: a refused entry and the question about an ambiguous one,
// worded through the catalogs; the console keeps its own language (English here).
TEST(TurnInput, HisKeypadsLinesAreInHisOwnLanguage) {
  annabella::testing::use_language("en");
  TempDir dir;
  StationDriver d(dir.path(), false, sighted_speaks("mk"));
  ASSERT_TRUE(d.station);
  d.output.opponent_terminal = true;
  d.hand("e2", "e4");
  d.now += std::chrono::seconds(1);
  d.station->handle(StationEvent::request(d.now, cmd::EnterMove{"Ke2"}, InputSource::Keypad));
  ASSERT_EQ(d.output.opponent.size(), 1u);
  EXPECT_NE(d.output.opponent[0].find("(ништо не е запишано)"), std::string::npos)
      << d.output.opponent[0];
  EXPECT_TRUE(d.output.printed_containing("(nothing recorded)"));
  type_an_ambiguous_entry(d);
  ASSERT_EQ(d.output.opponent.size(), 2u);
  EXPECT_NE(d.output.opponent[1].find("англиски букви"), std::string::npos) << d.output.opponent[1];
  EXPECT_EQ(d.output.opponent[1].find("English letters"), std::string::npos)
      << d.output.opponent[1];
  EXPECT_TRUE(d.output.printed_containing("English letters"));
}

// D.2.11 with a keypad that shows nothing: the question about his ambiguous entry reaches him
// where he is, said publicly in his language (as a refused entry is, D16), and his answer on the
// keypad makes the move.
TEST(TurnInput, AQuestionAboutHisKeypadEntryIsSaidPubliclyInHisLanguage) {
  TempDir dir;
  StationDriver d(dir.path(), false, sighted_speaks("mk"));
  ASSERT_TRUE(d.station);
  const auto mk = speech::Language::load("mk");
  ASSERT_TRUE(mk);
  d.hand("e2", "e4");
  type_an_ambiguous_entry(d);
  EXPECT_EQ(d.station->game().ply_count(), 3u);
  const auto question = std::find_if(d.output.said.rbegin(), d.output.said.rend(),
                                     [](const auto& s) { return s.route == Route::Public; });
  ASSERT_NE(question, d.output.said.rend());
  EXPECT_EQ(question->text.rfind("Црните: кој потег е мислен? еден: ", 0), 0u) << question->text;
  EXPECT_NE(question->text.find("два: "), std::string::npos) << question->text;
  on_keypad(d, "2");
  ASSERT_EQ(d.station->game().ply_count(), 4u);
  // A refused entry too is said in his language (D16).
  d.output.said.clear();
  on_keypad(d, "Ke7");
  EXPECT_TRUE(said(d, Route::Public, speech::phrase_entry_refused(*mk, core::BLACK).text));
}

// D.2.11: the VI player's draw offer is a question to the sighted player, who may have no
// assistant reading the console: it reaches him in his language, on his keypad's terminal, else
// said publicly.
TEST(TurnInput, HisDrawOfferReachesTheSightedPlayerInHisLanguage) {
  TempDir dir;
  StationDriver d(dir.path(), false, sighted_speaks("mk"));
  ASSERT_TRUE(d.station);
  const auto mk = speech::Language::load("mk");
  ASSERT_TRUE(mk);
  d.hand("e2", "e4");
  d.output.said.clear();
  d.station->handle(
      StationEvent::request(d.now, cmd::DrawOffer{core::WHITE}, InputSource::BoardButton));
  EXPECT_TRUE(said(d, Route::Public, speech::phrase_draw_offer(*mk, core::WHITE).text));
  d.output.opponent_terminal = true;
  d.station->handle(StationEvent::request(d.now, cmd::EnterMove{"e5"}, InputSource::Keypad));
  d.hand("e7", "e5");
  d.hand("g1", "f3");
  d.station->handle(
      StationEvent::request(d.now, cmd::DrawOffer{core::WHITE}, InputSource::BoardButton));
  ASSERT_EQ(d.output.opponent.size(), 1u);
  EXPECT_NE(d.output.opponent[0].find("(Art. 9.1.2)"), std::string::npos) << d.output.opponent[0];
  EXPECT_EQ(d.output.opponent[0].find("offers"), std::string::npos) << d.output.opponent[0];
}

// D.2.11 with no assistant (doubt 6a of session 13): the sighted player accepts the VI player's
// draw offer on his own keypad, offers one there himself, and cannot accept his own (Art. 9.1.2).
TEST(TurnInput, TheSightedPlayerAnswersADrawOfferOnHisKeypad) {
  TempDir dir;
  StationDriver d(dir.path(), false, sighted_speaks("en"));
  ASSERT_TRUE(d.station);
  const auto keypad = [&d](const std::string& line) {
    d.now += std::chrono::seconds(1);
    d.station->handle(StationEvent::request(d.now, parse_keypad_line(line), InputSource::Keypad));
  };
  d.hand("e2", "e4");
  keypad("e5");
  d.hand("e7", "e5");
  // His own offer, typed after his move: the VI player hears it; he cannot accept it himself.
  d.hand("g1", "f3");
  keypad("Nc6");
  d.hand("b8", "c6");
  keypad("draw-offer");
  ASSERT_EQ(d.station->record().open_draw_offer(), std::optional<core::Color>(core::BLACK));
  keypad("draw-accept");
  EXPECT_FALSE(d.station->game().is_over());
  EXPECT_TRUE(d.output.printed_containing("the draw offer is Black's own"))
      << d.output.printed.back();
  // The VI player plays on (Art. 9.1.2.3: declined) and offers one; the keypad accepts it.
  d.hand("f1", "c4");
  EXPECT_FALSE(d.station->record().open_draw_offer());
  d.station->handle(
      StationEvent::request(d.now, cmd::DrawOffer{core::WHITE}, InputSource::BoardButton));
  keypad("draw-accept");
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().termination, core::Termination::Agreement);
}

// A white pawn on b7 of a bare-kings position (Art. 3.7.5: its move promotes).
config::StationConfig pawn_about_to_promote(const char* language = "de") {
  config::StationConfig config;
  config.white.language = language;
  config.game.start_fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
  return config;
}

// D.2.3 (3): the named piece's move is made when announced, by the station after the pause
// (pegboard.announce = "pause").
void expect_made_after_the_pause(StationDriver& d, const char* uci) {
  d.wait(std::chrono::milliseconds(2500));
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), uci);
}

// D4. D.2.11, Art. 3.7.5.1: his pawn reaches the last rank on his pegboard (occupancy only): he
// is asked which piece privately, in his language (braille line too); the letter typed on his
// display answers, and the move is made with that piece.
TEST(TurnInput, ThePromotionPieceIsAskedOfHimPrivately) {
  TempDir dir;
  StationDriver d(dir.path(), false, pawn_about_to_promote("sr-Cyrl"));
  ASSERT_TRUE(d.station);
  d.hand("b7", "b8");
  ASSERT_EQ(d.station->game().ply_count(), 0u);
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_EQ(d.output.said.back().text.rfind("Промоција на Bella acht: која фигура? дама (Q)", 0),
            0u)
      << d.output.said.back().text;
  d.now += std::chrono::seconds(1);
  d.station->handle(StationEvent::request(d.now, cmd::Answer{"N"}, InputSource::BrailleKeys));
  // His ANNOUNCE was answered with the question above; named, the move is made after the pause.
  expect_made_after_the_pause(d, "b7b8n");
}

// Art. 3.7.5.1, D.2.11: the piece his pawn becomes is also answered from his own menu, which
// offers it first, and only while the station waits for it; the pegboard's menu buttons reach
// it, and so do the tactile clock's keys (the braille keys press the same menu keys).
TEST(TurnInput, ThePromotionPieceIsChosenInHisMenu) {
  TempDir dir;
  StationDriver d(dir.path(), false, pawn_about_to_promote());
  ASSERT_TRUE(d.station);
  d.button(tactile::BoardButton::Menu);  // nothing pending: no promotion item
  ASSERT_FALSE(d.output.menu.empty());
  EXPECT_EQ(d.output.menu.back().text.find("Umwandlungsfigur"), std::string::npos)
      << d.output.menu.back().text;
  d.button(tactile::BoardButton::Back);
  d.hand("b7", "b8");
  ASSERT_EQ(d.station->game().ply_count(), 0u);
  d.button(tactile::BoardButton::Menu);
  EXPECT_NE(d.output.menu.back().text.find("Umwandlungsfigur, eins von"), std::string::npos)
      << d.output.menu.back().text;
  d.button(tactile::BoardButton::Select);
  EXPECT_NE(d.output.menu.back().text.find("Dame"), std::string::npos) << d.output.menu.back().text;
  for (int i = 0; i < 3; ++i) d.button(tactile::BoardButton::Next);
  EXPECT_NE(d.output.menu.back().text.find("Springer"), std::string::npos)
      << d.output.menu.back().text;
  d.button(tactile::BoardButton::Select);
  EXPECT_FALSE(d.output.menu.back().open);  // chosen: the menu is left
  expect_made_after_the_pause(d, "b7b8n");
}

TEST(TurnInput, ThePromotionPieceIsChosenWithTheTactileClocksKeys) {
  TempDir dir;
  StationDriver d(dir.path(), false, pawn_about_to_promote());
  ASSERT_TRUE(d.station);
  d.hand("b7", "b8");
  const auto key = [&](tactile::tclk::Button button) {
    d.now += std::chrono::milliseconds(100);
    d.station->handle(StationEvent::tactile_clock_key(d.now, button));
  };
  key(tactile::tclk::Button::QueryHold);  // opens the menu: the promotion item first
  key(tactile::tclk::Button::Press);      // its pieces
  key(tactile::tclk::Button::Query);      // rook
  key(tactile::tclk::Button::Press);      // chosen
  expect_made_after_the_pause(d, "b7b8r");
}

}  // namespace
}  // namespace turn_input_test
}  // namespace annabella::app
