// `annabella play` end to end with the VI player on his own (issue 14, D.2.11): everything that
// is his is done with the menu buttons of his pegboard (peg protocol version 2, the built-in
// simulator pressing them as "sim button ..."), never with the console; the console carries
// only the sighted player's side (his moves, his offer or his answer, as his assistant types
// them). Several short games: a draw offered and declined, then offered and accepted; a
// threefold repetition claimed; a resignation with a slip that does not resign; a fallen flag
// claimed. Each checks the record: the PGN's result and the journal.
#include <gtest/gtest.h>

#include <fstream>

#include "support/menu_game.h"
#include "support/temp_dir.h"
#include "tactile/serial_link.h"
#include "tactile/tactile_clock.h"

namespace annabella::app {
namespace play_menu_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::read_file;
using annabella::testing::TempDir;

// The station quits cleanly and its record says how the game ended: the PGN's Result tag and
// the journal replayed.
void expect_recorded(MenuGame& g, const std::string& result, core::GameResult outcome,
                     core::Termination termination) {
  EXPECT_TRUE(g.quit()) << g.station().output();
  EXPECT_NE(g.pgn().find("[Result \"" + result + "\"]"), std::string::npos) << g.pgn();
  const auto record = g.journal();
  ASSERT_TRUE(record) << record.error().message;
  ASSERT_TRUE(record->game().is_over());
  EXPECT_EQ(record->game().end().result, outcome);
  EXPECT_EQ(record->game().end().termination, termination);
}

// Art. 9.1.2: the VI player offers a draw from his menu (confirmed) and the sighted player
// declines; later the sighted player offers and the VI player accepts from his menu.
TEST(PlayMenu, DrawOfferedDeclinedThenOfferedAndAcceptedWithTheBoardsButtons) {
  TempDir dir;
  MenuGame g(dir.path() / "record");
  ASSERT_TRUE(g.ready()) << g.station().output();
  ASSERT_TRUE(g.vi_move("e4", "1. e4")) << g.station().output();
  ASSERT_TRUE(g.choose("Remis anbieten", "say private: Remis anbieten? Bestaetigen"))
      << g.station().output();
  ASSERT_TRUE(g.press("confirm", "White offers a draw")) << g.station().output();
  EXPECT_TRUE(g.station().wait_for("player's menu (board button): draw-offer", kWait));
  g.station().send("draw-decline");  // the sighted player's answer, by his assistant
  ASSERT_TRUE(g.station().wait_for("Black declines the draw offer", kWait)) << g.station().output();
  ASSERT_TRUE(g.sighted_move("e5", "1... e5")) << g.station().output();
  ASSERT_TRUE(g.vi_move("Nf3", "2. Nf3")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("Nc6", "2... Nc6")) << g.station().output();
  g.station().send("draw-offer");  // by Black, who moved last (Art. 9.1.2.1)
  ASSERT_TRUE(g.station().wait_for("Black offers a draw", kWait)) << g.station().output();
  ASSERT_TRUE(g.choose("Remis annehmen", "say private: Remis annehmen? Bestaetigen"))
      << g.station().output();
  ASSERT_TRUE(g.press("confirm", "game over: 1/2-1/2")) << g.station().output();
  EXPECT_TRUE(g.station().wait_for("player's menu (board button): draw-accept", kWait));
  expect_recorded(g, "1/2-1/2", core::GameResult::Draw, core::Termination::Agreement);
}

// Art. 9.2: the VI player, to move in a position that stands for the third time, claims the
// draw from his menu.
TEST(PlayMenu, AThreefoldRepetitionClaimedWithTheBoardsButtons) {
  TempDir dir;
  MenuGame g(dir.path() / "record");
  ASSERT_TRUE(g.ready()) << g.station().output();
  ASSERT_TRUE(g.vi_move("Nf3", "1. Nf3")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("Nf6", "1... Nf6")) << g.station().output();
  ASSERT_TRUE(g.vi_move("Ng1", "2. Ng1")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("Ng8", "2... Ng8")) << g.station().output();
  ASSERT_TRUE(g.vi_move("Nf3", "3. Nf3")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("Nf6", "3... Nf6")) << g.station().output();
  ASSERT_TRUE(g.vi_move("Ng1", "4. Ng1")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("Ng8", "4... Ng8")) << g.station().output();
  ASSERT_TRUE(g.choose("Remis beanspruchen", "say private: Remis beanspruchen? Bestaetigen"))
      << g.station().output();
  ASSERT_TRUE(g.press("confirm", "game over: 1/2-1/2")) << g.station().output();
  expect_recorded(g, "1/2-1/2", core::GameResult::Draw,
                  core::Termination::ThreefoldRepetitionClaim);
}

// Art. 5.1.2: a slip (SELECT twice) does not resign; SELECT then CONFIRM does.
TEST(PlayMenu, AResignationOnlyBySelectThenConfirm) {
  TempDir dir;
  MenuGame g(dir.path() / "record");
  ASSERT_TRUE(g.ready()) << g.station().output();
  ASSERT_TRUE(g.vi_move("f3", "1. f3")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("e5", "1... e5")) << g.station().output();
  ASSERT_TRUE(g.choose("Aufgeben", "say private: Aufgeben? Bestaetigen")) << g.station().output();
  ASSERT_TRUE(g.press("select", "say private: Abgebrochen")) << g.station().output();
  ASSERT_TRUE(g.press("select", "say private: Aufgeben? Bestaetigen")) << g.station().output();
  ASSERT_TRUE(g.press("confirm", "game over: 0-1")) << g.station().output();
  EXPECT_TRUE(g.station().wait_for("player's menu (board button): resign", kWait));
  expect_recorded(g, "0-1", core::GameResult::BlackWins, core::Termination::Resignation);
  // Only one resignation: the slip did nothing.
  const std::string& out = g.station().output();
  EXPECT_EQ(out.find("game over"), out.rfind("game over"));
}

// D.2.10.5, Art. 6.9: the sighted player's flag falls; the VI player claims it from his menu.
TEST(PlayMenu, AFallenFlagClaimedWithTheBoardsButtons) {
  TempDir dir;
  MenuGame g(dir.path() / "record", "[game]\ntime_control = \"3 s\"\n");
  ASSERT_TRUE(g.ready()) << g.station().output();
  ASSERT_TRUE(g.vi_move("e4", "1. e4")) << g.station().output();
  ASSERT_TRUE(g.station().wait_for("Black's flag has fallen", kWait)) << g.station().output();
  ASSERT_TRUE(g.choose("Zeitueberschreitung reklamieren",
                       "say private: Zeitueberschreitung reklamieren? Bestaetigen"))
      << g.station().output();
  ASSERT_TRUE(g.press("confirm", "game over: 1-0")) << g.station().output();
  EXPECT_TRUE(g.station().wait_for("player's menu (board button): flag", kWait));
  expect_recorded(g, "1-0", core::GameResult::WhiteWins, core::Termination::TimeForfeit);
}

// Guidelines I.1.1: the arbiter stops the clocks for an adjournment; the VI player makes his
// move on his board, which is not announced (Art. 6.11.1), and seals it from his menu.
TEST(PlayMenu, AMoveSealedAtAnAdjournmentWithTheBoardsButtons) {
  TempDir dir;
  MenuGame g(dir.path() / "record");
  ASSERT_TRUE(g.ready()) << g.station().output();
  ASSERT_TRUE(g.vi_move("e4", "1. e4")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("e5", "1... e5")) << g.station().output();
  // Not at an adjournment: no seal item (the menu goes round to its first item again).
  ASSERT_FALSE(g.choose("Zug abgeben", "")) << g.station().output();
  ASSERT_TRUE(g.press("back", "say private: Menue geschlossen")) << g.station().output();
  g.station().send("pause");  // the arbiter, at the end of the session
  ASSERT_TRUE(g.station().wait_for("paused", kWait)) << g.station().output();
  const auto before = g.station().output().size();
  g.station().send("sim play Nf3");
  ASSERT_TRUE(g.station().wait_for("while the clocks are stopped: not announced", kWait, before))
      << g.station().output();
  ASSERT_TRUE(g.choose("Zug abgeben", "say private: Zug abgeben? Bestaetigen"))
      << g.station().output();
  ASSERT_TRUE(g.press("confirm", "adjourned (Guidelines I)")) << g.station().output();
  EXPECT_EQ(g.station().wait(kWait), 0) << g.station().output();
  // The sealed move was never said aloud.
  EXPECT_EQ(g.station().output().find("say public: Felix drei"), std::string::npos);
  const auto record = g.journal();
  ASSERT_TRUE(record) << record.error().message;
  ASSERT_TRUE(record->adjourned());
  EXPECT_EQ(record->adjourned()->sealed, "Nf3");
  EXPECT_EQ(record->game().ply_count(), 2u);
}

// A game with the VI player's tactile clock (protocol version 2) on the device side of a pty:
// the first key comes after the device's hello; key() waits for what the key makes the station
// say.
class PlayMenuOnTheTactileClock : public ::testing::Test {
 protected:
  void SetUp() override {
    auto created = tactile::PseudoTerminal::create(dir.path() / "tactile-clock");
    ASSERT_TRUE(created) << created.error().message;
    device = std::move(*created);
    game = std::make_unique<MenuGame>(
        dir.path() / "record",
        "[tactile_clock]\nport = \"" + (dir.path() / "tactile-clock").string() + "\"\n");
    ASSERT_TRUE(game->ready()) << game->station().output();
  }
  [[nodiscard]] bool key(tactile::tclk::Button button, const std::string& expect) {
    const auto from = game->station().output().size();
    const std::string line =
        seq == 0 ? tactile::tclk::encode_device_hello("band", "QUERY,PRESS", 2) : std::string();
    const std::string bytes = line + tactile::tclk::encode_button(seq++, button);
    if (!device->write(
            std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size())))
      return false;
    return game->station().wait_for(expect, kWait, from);
  }
  TempDir dir;
  std::unique_ptr<tactile::PseudoTerminal> device;
  std::unique_ptr<MenuGame> game;
  std::uint8_t seq = 0;
};

// The tactile clock's keys reach the same menu (tactile clock protocol version 2): QUERY held
// opens it, QUERY goes on, PRESS selects, QUERY held goes back (closing it at the top); with the
// menu closed QUERY tells the time, as it always did (D.2.10.4).
TEST_F(PlayMenuOnTheTactileClock, TheTactileClocksKeysReachTheMenu) {
  MenuGame& g = *game;
  using tactile::tclk::Button;
  ASSERT_TRUE(key(Button::QueryHold, "say private: Menue: Zeit, eins von")) << g.station().output();
  ASSERT_TRUE(key(Button::Query, "say private: Menue: Letzter Zug, zwei von"))
      << g.station().output();
  ASSERT_TRUE(key(Button::Press, "player's menu (tactile clock): repeat")) << g.station().output();
  ASSERT_TRUE(key(Button::QueryHold, "say private: Menue geschlossen")) << g.station().output();
  ASSERT_TRUE(key(Button::Query, "time: White")) << g.station().output();
  EXPECT_TRUE(g.quit()) << g.station().output();
}

// Issue 14: on the tactile clock (protocol version 2), a resignation is carried out only by a
// press of PRESS (the menu asks) followed by a hold of PRESS (docs/tactile-clock-protocol.md); a
// second press is a slip and cancels the question. Art. 5.1.2: the record says 0-1.
TEST_F(PlayMenuOnTheTactileClock, TheTactileClockResignsOnlyByPressThenHoldingPress) {
  MenuGame& g = *game;
  using tactile::tclk::Button;
  ASSERT_TRUE(key(Button::QueryHold, std::string(kMenuLine))) << g.station().output();
  // QUERY goes on to the next item until the menu says Resign.
  for (int i = 0; i < 16; ++i) {
    const std::string& out = g.station().output();
    if (out.compare(out.rfind(kMenuLine) + kMenuLine.size(), 8, "Aufgeben") == 0) break;
    ASSERT_TRUE(key(Button::Query, " von ")) << g.station().output();
  }
  ASSERT_TRUE(key(Button::Press, "say private: Aufgeben? Bestaetigen")) << g.station().output();
  ASSERT_TRUE(key(Button::Press, "say private: Abgebrochen")) << g.station().output();  // a slip
  EXPECT_EQ(g.station().output().find("game over"), std::string::npos);
  ASSERT_TRUE(key(Button::Press, "say private: Aufgeben? Bestaetigen")) << g.station().output();
  ASSERT_TRUE(key(Button::PressHold, "game over: 0-1")) << g.station().output();
  EXPECT_TRUE(g.station().wait_for("player's menu (tactile clock): resign", kWait));
  expect_recorded(g, "0-1", core::GameResult::BlackWins, core::Termination::Resignation);
  const std::string& out = g.station().output();
  EXPECT_EQ(out.find("game over"), out.rfind("game over"));  // one resignation only
}

}  // namespace
}  // namespace play_menu_test
}  // namespace annabella::app
