// Whose input makes whose move (tester's report D3, D8, D10). The VI player's own devices (his
// braille display, his pegboard's ANNOUNCE button) never make the sighted opponent's move
// (D.2.4, D.2.11), and after the end of the game nothing is announced publicly as a move (Art.
// 5, D.2.1). In synthetic time, in process; the VI player is White and hears German.
#include <gtest/gtest.h>

#include <algorithm>

#include "speech/language.h"
#include "speech/menu_phrases.h"
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

}  // namespace
}  // namespace turn_input_test
}  // namespace annabella::app
