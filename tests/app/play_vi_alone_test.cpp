// Issue 14, D.2.11: the VI player plays without an assistant. Everything that is his is done with
// his braille display's keys (a real BRLTTY, Virtual driver) and his pegboard's hand and buttons
// (the built-in simulator, peg protocol version 2); no console line is his. The console carries
// the sighted player's moves and answers and the arbiter's clock adjustment. One whole game from
// the first move to its result (a draw agreed, Art. 9.1.2), and short games ended by a draw
// claim (Art. 9.2), a resignation (Art. 5.1.2) and a fallen flag claimed (D.2.10.5, Art. 6.9).
// Each checks the record afterwards: the journal, the PGN's result and draw-offer marks, the
// touch log.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "speech/language.h"
#include "speech/phrases.h"
#include "support/vi_alone.h"

namespace annabella::app {
namespace play_vi_alone_test {
namespace {

using Keys = ViAlone::Keys;

// How often `part` stands in `text`.
std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// The record after the station quit: the journal replayed ends as `outcome` by `termination`,
// and the PGN says `result`.
void expect_ended(ViAlone& vi, const std::string& result, core::GameResult outcome,
                  core::Termination termination) {
  ASSERT_TRUE(vi.game().quit()) << vi.output();
  const auto record = vi.game().journal();
  ASSERT_TRUE(record) << record.error().message;
  ASSERT_TRUE(record->game().is_over());
  EXPECT_EQ(record->game().end().result, outcome);
  EXPECT_EQ(record->game().end().termination, termination);
  EXPECT_NE(vi.game().pgn().find("[Result \"" + result + "\"]"), std::string::npos)
      << vi.game().pgn();
}

// The clock as the console prints it at the player's last request ("time: White 1:29:41, Black
// 1:29:55, 1 move completed"): White's and Black's remaining time and the moves completed.
struct Asked {
  std::chrono::seconds white{0}, black{0};
  int moves = 0;
};
std::optional<Asked> last_time_asked(const std::string& out) {
  static const std::regex line(
      R"(time: White (\d+):(\d\d):(\d\d), Black (\d+):(\d\d):(\d\d), (\d+) moves? completed)");
  std::optional<Asked> last;
  for (auto it = std::sregex_iterator(out.begin(), out.end(), line); it != std::sregex_iterator();
       ++it) {
    const auto n = [&](int i) { return std::stoi((*it)[i].str()); };
    last = Asked{std::chrono::seconds(n(1) * 3600 + n(2) * 60 + n(3)),
                 std::chrono::seconds(n(4) * 3600 + n(5) * 60 + n(6)), n(7)};
  }
  return last;
}

// D.2.6: the VI player (White) asks the time on his tactile clock. What he hears privately, what
// his braille display shows and what his hand feels all say the time the console printed: the
// phrase in his words, the display's own clock within a few seconds of it, and the vibration one
// long pulse (600 ms) per full 15 minutes left and one short pulse (150 ms) per further full 5
// minutes (docs/tactile-clock-protocol.md), counted here, not asked of the code that makes it.
void expect_the_time_told_right(ViAlone& vi) {
  using tactile::tclk::Button;
  ASSERT_TRUE(vi.clock_key(Button::Query, "completed (D.2.10.4)")) << vi.output();
  const auto asked = last_time_asked(vi.output());
  ASSERT_TRUE(asked) << vi.output();
  const auto de = speech::Language::load("de");
  ASSERT_TRUE(de);
  const auto spoken = speech::phrase_time_readout(*de, asked->white, asked->black, asked->moves);
  // A long phrase is printed in short lines at its "; " parts (app/station_runner.cpp).
  const std::string said = spoken.text.substr(0, spoken.text.find("; "));
  EXPECT_TRUE(vi.station().wait_for("say private: " + said, kWait)) << vi.output();
  for (std::size_t at = 0; at != std::string::npos;) {
    const auto next = spoken.text.find("; ", at);
    const std::string part = spoken.text.substr(at, next == std::string::npos ? next : next - at);
    EXPECT_NE(vi.output().find(part), std::string::npos) << part << "\n" << vi.output();
    at = next == std::string::npos ? next : next + 2;
  }
  const auto vibration = vi.clock_vibration(tactile::tclk::Cue::Time);
  ASSERT_TRUE(vibration) << vi.output();
  const auto minutes = std::chrono::duration_cast<std::chrono::minutes>(asked->white).count();
  const auto pulses = [&](int ms) {
    return std::count(vibration->steps_ms.begin(), vibration->steps_ms.end(), ms);
  };
  EXPECT_EQ(pulses(600), minutes / 15) << minutes;
  EXPECT_EQ(pulses(150), minutes % 15 / 5) << minutes;
  const std::string shown = vi.display().wait_for_visual("W ", kWait);
  int h = 0, m = 0, sec = 0;
  ASSERT_EQ(std::sscanf(shown.c_str(), "W %d:%d:%d", &h, &m, &sec), 3) << shown;
  const auto on_display = std::chrono::seconds(h * 3600 + m * 60 + sec);
  EXPECT_LE(std::chrono::abs(on_display - asked->white), std::chrono::seconds(3)) << shown;
}

// A whole game, from the first move to its result: the VI player (White) makes every move on
// his pegboard (captures, castling); he hears his time from the board's TIME button and from the
// display's menu (D.2.10.4), reads a rank typed on the display, declines the sighted player's
// draw offer with the board's buttons, asks the time on his tactile clock (D.2.6) and reaches his
// menu from it, offers a draw himself from the display (asked, then
// confirmed by RETURN: one key never offers, Art. 9.1.2), which is declined, calls the arbiter
// from the board's menu, and at last accepts the sighted player's second offer with SELECT then
// CONFIRM on the board. The journal, the PGN (result and (=) marks) and the touch log say so.
TEST(PlayViAlone, AWholeGameWithTheDisplayAndTheBoardEndsInAnAgreedDraw) {
  ViAlone vi("", true);
  ASSERT_TRUE(vi.ready("W 1:")) << vi.output();
  MenuGame& g = vi.game();
  ASSERT_TRUE(g.vi_move("e4", "1. e4")) << vi.output();
  ASSERT_TRUE(g.sighted_move("e5", "1... e5")) << vi.output();
  // D.2.10.4: his time, from the board's TIME button and from the display's menu.
  ASSERT_TRUE(g.press("time", "time: White")) << vi.output();
  // Peg protocol version 3, agreed in the hello: the push-to-talk button reaches the station as
  // the console's "talk" (this station has no microphone, and says so).
  ASSERT_TRUE(g.press("talk", "push-to-talk is off")) << vi.output();
  ASSERT_TRUE(vi.open_at(Keys::Display, "Zeit")) << vi.output();
  ASSERT_TRUE(vi.pick(Keys::Display, "player's menu (braille keys): time")) << vi.output();
  ASSERT_TRUE(vi.close(Keys::Display)) << vi.output();
  // D.2.6: his tactile clock tells the time (heard, shown and felt alike), reaches his menu (QUERY
  // held opens it, PRESS picks), and his next move taken by the clock is felt (the PRESS cue).
  expect_the_time_told_right(vi);
  ASSERT_TRUE(vi.clock_key(tactile::tclk::Button::QueryHold, "say private: Menue: Zeit"))
      << vi.output();
  ASSERT_TRUE(vi.clock_key(tactile::tclk::Button::Press, "player's menu (tactile clock): time"))
      << vi.output();
  ASSERT_TRUE(vi.clock_key(tactile::tclk::Button::QueryHold, "say private: Menue geschlossen"))
      << vi.output();
  ASSERT_TRUE(g.vi_move("Nf3", "2. Nf3")) << vi.output();
  EXPECT_TRUE(vi.clock_vibration(tactile::tclk::Cue::Press)) << vi.output();
  ASSERT_TRUE(g.sighted_move("Nc6", "2... Nc6")) << vi.output();
  // Art. 9.1.2: the sighted player offers (his assistant types it); the VI player declines with
  // the board's buttons.
  vi.station().send("draw-offer");
  ASSERT_TRUE(vi.station().wait_for("Black offers a draw", kWait)) << vi.output();
  ASSERT_TRUE(vi.open_at(Keys::Board, "Remis ablehnen")) << vi.output();
  ASSERT_TRUE(vi.pick(Keys::Board, "White declines the draw offer")) << vi.output();
  // Carried out, the action left the menu (it once stayed open, and his next opening key
  // closed it): the next key that opens it opens it.
  ASSERT_TRUE(vi.open_at(Keys::Board, "Zeit")) << vi.output();
  ASSERT_TRUE(vi.close(Keys::Board)) << vi.output();
  ASSERT_TRUE(g.vi_move("d4", "3. d4")) << vi.output();
  ASSERT_TRUE(g.sighted_move("exd4", "3... exd4")) << vi.output();
  // A reading typed on the display: the fourth rank, shown there (Art. 11.3: what is on the
  // board, nothing more).
  ASSERT_TRUE(vi.type("r4", "say private: ")) << vi.output();
  ASSERT_FALSE(vi.display().wait_for_visual("Bauer", kWait).empty()) << vi.output();
  ASSERT_TRUE(g.vi_move("Nxd4", "4. Nxd4")) << vi.output();
  // His own offer from the display, after his move (Art. 9.1.2.1): the routing key asks, and a
  // second routing key is a slip that cancels; the routing key and RETURN offer.
  ASSERT_TRUE(vi.open_at(Keys::Display, "Remis anbieten")) << vi.output();
  ASSERT_TRUE(vi.pick(Keys::Display, "say private: Remis anbieten? Bestaetigen")) << vi.output();
  ASSERT_TRUE(vi.pick(Keys::Display, "say private: Abgebrochen")) << vi.output();
  EXPECT_EQ(vi.output().find("White offers a draw"), std::string::npos);
  ASSERT_TRUE(vi.pick(Keys::Display, "say private: Remis anbieten? Bestaetigen")) << vi.output();
  ASSERT_TRUE(vi.confirm(Keys::Display, "White offers a draw")) << vi.output();
  // The confirmed item left the menu: the display's next PREFMENU opens it again (it once
  // closed a menu no longer open, and every key of the display's menu did nothing after).
  ASSERT_TRUE(vi.display_key("PREFMENU", "say private: Menue: Zeit")) << vi.output();
  ASSERT_TRUE(vi.close(Keys::Display)) << vi.output();
  vi.station().send("draw-decline");
  ASSERT_TRUE(vi.station().wait_for("Black declines the draw offer", kWait)) << vi.output();
  ASSERT_TRUE(g.sighted_move("Nf6", "4... Nf6")) << vi.output();
  ASSERT_TRUE(g.vi_move("Nxc6", "5. Nxc6")) << vi.output();
  ASSERT_TRUE(g.sighted_move("bxc6", "5... bxc6")) << vi.output();
  ASSERT_TRUE(g.vi_move("Bd3", "6. Bd3")) << vi.output();
  ASSERT_TRUE(g.sighted_move("d5", "6... d5")) << vi.output();
  ASSERT_TRUE(g.vi_move("O-O", "7. O-O")) << vi.output();  // the king first (Art. 4.4.2)
  // D.2.11: he calls the arbiter from the board's menu; the console shows the call.
  ASSERT_TRUE(vi.open_at(Keys::Board, "Schiedsrichter rufen")) << vi.output();
  ASSERT_TRUE(vi.pick(Keys::Board, "ARBITER CALLED to the board (by board button)")) << vi.output();
  ASSERT_TRUE(g.sighted_move("Be7", "7... Be7")) << vi.output();
  vi.station().send("draw-offer");
  ASSERT_TRUE(vi.station().wait_for("Black offers a draw", kWait)) << vi.output();
  // Accepted with the board's buttons: SELECT asks, CONFIRM accepts.
  ASSERT_TRUE(vi.open_at(Keys::Board, "Remis annehmen")) << vi.output();
  ASSERT_TRUE(vi.pick(Keys::Board, "say private: Remis annehmen? Bestaetigen")) << vi.output();
  EXPECT_EQ(vi.output().find("game over"), std::string::npos);  // not by one key
  ASSERT_TRUE(vi.confirm(Keys::Board, "game over: 1/2-1/2")) << vi.output();
  const std::string out = vi.output();
  expect_ended(vi, "1/2-1/2", core::GameResult::Draw, core::Termination::Agreement);

  // Every action of his came from his keys, none from the console.
  for (const std::string line :
       {"player's menu (braille keys): time", "player's menu (tactile clock): time",
        "player's menu (board button): draw-decline", "player's menu (braille keys): draw-offer",
        "player's menu (board button): arbiter", "player's menu (board button): draw-accept"})
    EXPECT_NE(out.find(line), std::string::npos) << line;
  EXPECT_EQ(out.find("player's menu (console)"), std::string::npos);
  // The journal: fourteen half-moves, the last 7... Be7.
  const auto record = g.journal();
  ASSERT_TRUE(record) << record.error().message;
  ASSERT_EQ(record->game().ply_count(), 14u);
  EXPECT_EQ(record->moves().back().san, "Be7");
  EXPECT_EQ(record->draw_offers().size(), 3u);
  // The PGN: the three offers marked by the offerer's move (Art. 9.1.2.2), the VI player's by
  // his 4. Nxd4.
  std::string pgn = g.pgn();
  std::replace(pgn.begin(), pgn.end(), '\n', ' ');  // the movetext is wrapped
  EXPECT_EQ(count(pgn, "(=) "), 3u) << pgn;
  EXPECT_NE(pgn.find("(=) White offers a draw"), std::string::npos) << pgn;
  const auto nxd4 = pgn.find("4. Nxd4");
  ASSERT_NE(nxd4, std::string::npos) << pgn;
  EXPECT_LT(pgn.find("(=) White", nxd4), pgn.find("Nf6", nxd4)) << pgn;
  EXPECT_NE(pgn.find("1/2-1/2"), pgn.rfind("1/2-1/2")) << pgn;  // the tag and the movetext
  // The touch log (D.2.2): his pegs as he lifted them, the king first in castling, and the
  // arbiter's call among the notes.
  const std::string touches = vi.file("touches.txt");
  EXPECT_NE(touches.find("e2\twhite pawn\tVI player\tmoved to e4"), std::string::npos) << touches;
  EXPECT_NE(touches.find("e1\twhite king\tVI player\tmoved to g1"), std::string::npos) << touches;
  EXPECT_NE(touches.find("the arbiter was called"), std::string::npos) << touches;
  EXPECT_EQ(touches.find("sighted player"), std::string::npos) << touches;
}

// Art. 9.3.2: forty-nine moves each without a capture or a pawn move stand before the start
// (the FEN's half-move count); after one more move each the VI player, to move, claims the draw.
// He opens the menu with the board's buttons; the display shows the same line, its routing key
// asks, and the board's CONFIRM claims: one menu, whichever of his devices a key is on.
TEST(PlayViAlone, AFiftyMoveDrawClaimedWithTheBoardAndTheDisplay) {
  ViAlone vi("[game]\nstart_fen = \"7k/8/8/8/8/8/8/KR6 w - - 98 70\"\n");
  ASSERT_TRUE(vi.ready("W 1:")) << vi.output();
  ASSERT_TRUE(vi.game().vi_move("Rb2", "70. Rb2")) << vi.output();
  ASSERT_TRUE(vi.game().sighted_move("Kg8", "70... Kg8")) << vi.output();
  ASSERT_TRUE(vi.open_at(Keys::Board, "Remis beanspruchen")) << vi.output();
  ASSERT_FALSE(vi.display().wait_for_visual("Remis beanspruchen", kWait).empty()) << vi.output();
  ASSERT_TRUE(vi.pick(Keys::Display, "say private: Remis beanspruchen? Bestaetigen"))
      << vi.output();
  ASSERT_FALSE(vi.display().wait_for_visual("Remis beanspruchen?", kWait).empty()) << vi.output();
  EXPECT_EQ(vi.output().find("game over"), std::string::npos);  // not by one key
  ASSERT_TRUE(vi.confirm(Keys::Board, "game over: 1/2-1/2")) << vi.output();
  EXPECT_NE(vi.output().find("player's menu (board button): draw-claim"), std::string::npos);
  expect_ended(vi, "1/2-1/2", core::GameResult::Draw, core::Termination::FiftyMoveClaim);
  EXPECT_NE(vi.game().pgn().find("[FEN \"7k/8/8/8/8/8/8/KR6 w - - 98 70\"]"), std::string::npos);
  EXPECT_NE(vi.file("touches.txt").find("b1\twhite rook\tVI player\tmoved to b2"),
            std::string::npos)
      << vi.file("touches.txt");
}

// Art. 5.1.2: the VI player resigns. The display's menu asks (its routing key); a SELECT on the
// board is a slip that cancels the question; asked again on the display, the board's CONFIRM
// resigns. One resignation only.
TEST(PlayViAlone, AResignationAskedOnTheDisplayAndConfirmedOnTheBoard) {
  ViAlone vi;
  ASSERT_TRUE(vi.ready("W 1:")) << vi.output();
  ASSERT_TRUE(vi.game().vi_move("f3", "1. f3")) << vi.output();
  ASSERT_TRUE(vi.game().sighted_move("e5", "1... e5")) << vi.output();
  ASSERT_TRUE(vi.open_at(Keys::Display, "Aufgeben")) << vi.output();
  ASSERT_TRUE(vi.pick(Keys::Display, "say private: Aufgeben? Bestaetigen")) << vi.output();
  ASSERT_TRUE(vi.pick(Keys::Board, "say private: Abgebrochen")) << vi.output();  // a slip
  ASSERT_TRUE(vi.pick(Keys::Display, "say private: Aufgeben? Bestaetigen")) << vi.output();
  EXPECT_EQ(vi.output().find("game over"), std::string::npos);
  ASSERT_TRUE(vi.confirm(Keys::Board, "game over: 0-1")) << vi.output();
  const std::string out = vi.output();
  EXPECT_NE(out.find("player's menu (board button): resign"), std::string::npos) << out;
  EXPECT_EQ(out.find("game over"), out.rfind("game over"));
  expect_ended(vi, "0-1", core::GameResult::BlackWins, core::Termination::Resignation);
}

// D.2.10.5, Art. 6.9: the sighted player's flag falls (the arbiter leaves him two seconds, so
// that the test does not hang on a loaded machine's start); the VI player claims it with the
// board's buttons, the display showing the question, and wins: he can checkmate.
TEST(PlayViAlone, AFallenFlagClaimedWithTheBoardsButtons) {
  ViAlone vi("[game]\ntime_control = \"5 min\"\n");
  ASSERT_TRUE(vi.ready("W 0:0")) << vi.output();
  ASSERT_TRUE(vi.game().vi_move("e4", "1. e4")) << vi.output();
  vi.station().send("adjust 0:04:00 0:00:02");
  ASSERT_TRUE(vi.station().wait_for("Black's flag has fallen", kWait)) << vi.output();
  ASSERT_TRUE(vi.open_at(Keys::Board, "Zeitueberschreitung reklamieren")) << vi.output();
  ASSERT_TRUE(vi.pick(Keys::Board, "say private: Zeitueberschreitung reklamieren? Bestaetigen"))
      << vi.output();
  ASSERT_FALSE(vi.display().wait_for_visual("reklamieren?", kWait).empty()) << vi.output();
  ASSERT_TRUE(vi.confirm(Keys::Board, "game over: 1-0")) << vi.output();
  EXPECT_NE(vi.output().find("player's menu (board button): flag"), std::string::npos);
  expect_ended(vi, "1-0", core::GameResult::WhiteWins, core::Termination::TimeForfeit);
  EXPECT_NE(vi.game().pgn().find("[Termination \"time forfeit\"]"), std::string::npos)
      << vi.game().pgn();
}

}  // namespace
}  // namespace play_vi_alone_test
}  // namespace annabella::app
