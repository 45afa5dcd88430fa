// `annabella play` with a braille display through a real BRLTTY (Virtual driver): the VI player
// types on the display and reads the answers there, with no console input for his actions
// (D.2.11); the clock line keeps refreshing (D.2.6).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>

#include "support/child_process.h"
#include "support/temp_dir.h"
#include "support/virtual_brltty.h"
#include "tactile/braille_keys.h"

namespace annabella::app {
namespace play_braille_keys_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::TempDir;
using annabella::testing::VirtualBrltty;

// Types `text` on the display's braille keyboard, cell by cell, and presses Enter.
void type_on_display(VirtualBrltty& brltty, std::string_view text) {
  for (const char c : text)
    ASSERT_TRUE(brltty.press("PASSDOTS " + std::to_string(tactile::computer_braille_dots(c))));
  ASSERT_TRUE(brltty.press("KEY_ENTER"));
}

// Opens the player's menu on the display (PREFMENU) and moves down (LNDN) until the menu line
// said privately names `item`; the display shows it then. False if it never comes.
[[nodiscard]] bool open_at(VirtualBrltty& brltty, ChildProcess& station, const std::string& item) {
  static constexpr std::string_view kMenuLine = "say private: Menue: ";
  std::size_t from = station.output().size();
  if (!brltty.press("PREFMENU") || !station.wait_for(std::string(kMenuLine), 20s, from))
    return false;
  for (int i = 0; i < 16; ++i) {
    const std::string out = station.output();
    const auto at = out.rfind(kMenuLine);
    if (at != std::string::npos && out.compare(at + kMenuLine.size(), item.size(), item) == 0)
      return brltty.wait_for_visual(item, 20s) != "";
    from = out.size();
    if (!brltty.press("LNDN") || !station.wait_for(" von ", 20s, from)) return false;
  }
  return false;
}

class PlayWithBrailleKeys : public ::testing::Test {
 protected:
  // White's clock runs from the start (the display may first show it a second or more after,
  // on a loaded machine): its hours are what is waited for, not a second it may have passed.
  void SetUp() override { start("", "W 1:"); }
  // The station with the display and `more` configuration (TOML); `clock` is what the display
  // shows first.
  // A BRLTTY that has just started sometimes never gives a connected client the display (seen
  // with a plain BrlAPI client too: a BRLTTY race, docs/clock.md); when the station's
  // first line does not come, BRLTTY and the station are started afresh, at most twice, before
  // any step of the test.
  void start(const std::string& more, const std::string& clock) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      ASSERT_FALSE(brltty.host().empty()) << brltty.error();
      const auto config = dir.path() / "board.toml";
      std::ofstream(config) << more << "[braille_display]\nenabled = true\nhost = \""
                            << brltty.host() << "\"\n";
      station = std::make_unique<ChildProcess>(
          std::vector<std::string>{ANNABELLA_BINARY, "play", "--silent", "--config",
                                   config.string(), "--record", (dir.path() / "record").string()});
      ASSERT_TRUE(station->wait_for("connected: the board", 20s)) << station->output();
      if (!brltty.wait_for_visual(clock, 20s).empty()) return;
      std::cerr << "BRLTTY never showed the station's first line: both started again\n";
      station.reset();
      std::filesystem::remove_all(dir.path() / "record");
      brltty.restart();
    }
    FAIL() << "BRLTTY showed none of three stations' first line";
  }
  // A move: the VI player's by his hand on the pegboard (D.2.3), or the sighted player's typed
  // by his assistant and then executed on the pegboard (D.2.1).
  [[nodiscard]] bool play(const std::string& san, bool vi) {
    const std::size_t from = station->output().size();
    station->send(vi ? "sim play " + san : san);
    if (!station->wait_for("made ", 20s, from)) return false;
    if (vi) return true;
    station->send("sim play " + san);
    return station->wait_for("executed", 20s, from);
  }
  // With the menu on `item`: a routing key picks it, and the menu asks first; that one key ends
  // nothing (issue 14: a slip cannot trigger it).
  void ask(const std::string& item) {
    ASSERT_TRUE(brltty.press("ROUTE 3"));
    ASSERT_NE(brltty.wait_for_visual(item + "?", 20s), "") << station->output();
    EXPECT_EQ(station->output().find("game over"), std::string::npos);
  }
  // The second, different key (RETURN) confirms: the log names `command` from the braille keys,
  // the game ends with `result`, and the station quits; the PGN says the result.
  void confirm(const std::string& command, const std::string& result) {
    ASSERT_TRUE(brltty.press("KEY_ENTER"));
    ASSERT_TRUE(station->wait_for("player's menu (braille keys): " + command, 20s))
        << station->output();
    ASSERT_TRUE(station->wait_for("game over: " + result, 20s)) << station->output();
    station->send("quit");
    EXPECT_EQ(station->wait(20s), 0) << station->output();
    station.reset();
    EXPECT_NE(pgn().find("[Result \"" + result + "\"]"), std::string::npos) << pgn();
  }
  [[nodiscard]] std::string pgn() const {
    std::ifstream in(dir.path() / "record" / "game.pgn");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }
  void TearDown() override {
    if (!station) return;
    station->send("quit");
    EXPECT_EQ(station->wait(20s), 0) << station->output();
  }
  TempDir dir;
  VirtualBrltty brltty;
  std::unique_ptr<ChildProcess> station;
};

TEST_F(PlayWithBrailleKeys, ASquareTypedOnTheDisplayIsReadThere) {
  type_on_display(brltty, "e2");
  ASSERT_TRUE(station->wait_for("say private: ", 20s)) << station->output();
  EXPECT_NE(brltty.wait_for_visual("Bauer", 20s), "") << station->output();
  // HOME: back to the clock, which goes on refreshing (D.2.6).
  ASSERT_TRUE(brltty.press("HOME"));
  // Whatever second it shows first (the clock has run since the start, longer on a loaded
  // machine), it shows a later one two seconds on.
  const std::string first = brltty.wait_for_visual("W 1:", 20s);
  ASSERT_EQ(first.rfind("W 1:", 0), 0u) << first << station->output();
  const int shown = std::stoi(first.substr(4, 2)) * 60 + std::stoi(first.substr(7, 2)) - 2;
  const auto two = [](int n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
  const std::string later = "W 1:" + two(shown / 60) + ":" + two(shown % 60);
  EXPECT_NE(brltty.wait_for_visual(later, 20s), "") << first << station->output();
}

TEST_F(PlayWithBrailleKeys, ALongReadingPansAcrossTheDisplay) {
  type_on_display(brltty, "r1");
  ASSERT_TRUE(station->wait_for("say private: ", 20s)) << station->output();
  const std::string first = brltty.wait_for_visual("Turm", 20s);
  ASSERT_NE(first, "") << station->output();
  // 40 cells: the reading of the first rank is in parts, split between words.
  ASSERT_TRUE(brltty.press("FWINRT"));
  const std::string second = brltty.wait_for_visual("Dame David", 20s);
  EXPECT_EQ(second.rfind("eins, Laeufer Cesar eins", 0), 0U) << second;
  ASSERT_TRUE(brltty.press("FWINLT"));
  EXPECT_EQ(brltty.wait_for_visual(first.substr(0, 10), 20s), first);
}

// D.2.11: a later private line does not take an earlier one from him: PRDIFLN steps back to
// it (with its place), NXDIFLN forward, and past the newest the clock line is back (D.2.6); the
// menu's lines are not kept.
TEST_F(PlayWithBrailleKeys, HeStepsBackToAnEarlierPrivateLineAndForwardToTheClock) {
  type_on_display(brltty, "e2");
  ASSERT_NE(brltty.wait_for_visual("Bauer", 20s), "") << station->output();
  type_on_display(brltty, "r1");
  ASSERT_NE(brltty.wait_for_visual("Turm", 20s), "") << station->output();
  // Moving through his menu meanwhile keeps the menu's lines out of that history.
  for (const char* key : {"PREFMENU", "LNDN", "LNDN", "PREFMENU"}) ASSERT_TRUE(brltty.press(key));
  ASSERT_NE(brltty.wait_for_visual("W 1:", 20s), "") << station->output();
  ASSERT_TRUE(brltty.press("PRDIFLN"));  // the newest: the first rank, with its place
  ASSERT_TRUE(brltty.press("PRDIFLN"));  // the one before: e2
  const std::string earlier = brltty.wait_for_visual("Bauer", 20s);
  ASSERT_NE(earlier, "") << station->output();
  EXPECT_NE(earlier.find('/'), std::string::npos) << earlier;
  ASSERT_TRUE(brltty.press("NXDIFLN"));
  ASSERT_TRUE(brltty.press("NXDIFLN"));
  EXPECT_NE(brltty.wait_for_visual("W 1:", 20s), "") << station->output();
}

TEST_F(PlayWithBrailleKeys, TheMovesLineAndTheClockAfterAMove) {
  station->send("sim play e4");
  ASSERT_TRUE(station->wait_for("made 1. e4", 20s)) << station->output();
  // D.2.4: the move made, the clock line shows Black's clock running (in the player's language,
  // German by default: S for Schwarz, tester D2).
  EXPECT_NE(brltty.wait_for_visual("S 1:29:5", 20s), "") << station->output();
  // BOT: the moves announced (D.2.1), in the announcement's words.
  ASSERT_TRUE(brltty.press("BOT"));
  EXPECT_EQ(brltty.wait_for_visual("Eva vier", 20s).rfind("Eva vier", 0), 0U) << station->output();
  station->send("e5");  // the sighted player's move, typed by the assistant
  ASSERT_TRUE(station->wait_for("(e7e5)", 20s)) << station->output();
  ASSERT_TRUE(brltty.press("BOT"));
  EXPECT_NE(brltty.wait_for_visual("Eva vier / Eva fuenf", 20s), "") << station->output();
}

TEST_F(PlayWithBrailleKeys, AnUnknownKeyIsReportedInTheLog) {
  ASSERT_TRUE(brltty.press("FREEZE"));
  EXPECT_TRUE(station->wait_for("braille key UNKNOWN CMD FREEZE", 20s)) << station->output();
}

// D.2.11: the VI player's own menu from his braille display alone: PREFMENU opens it and its
// line is shown there; a routing key picks the time (D.2.6, D.2.10.4); resigning needs the
// routing key and then a second, different key (RETURN), and the record says so (Art. 5.1.2).
TEST_F(PlayWithBrailleKeys, TheMenuFromTheDisplayTellsTheTimeAndResignsWithConfirmation) {
  ASSERT_TRUE(brltty.press("PREFMENU"));
  ASSERT_NE(brltty.wait_for_visual("Zeit", 20s), "") << station->output();
  ASSERT_TRUE(brltty.press("ROUTE 5"));  // pick the time
  ASSERT_TRUE(station->wait_for("player's menu (braille keys): time", 20s)) << station->output();
  ASSERT_TRUE(station->wait_for("completed (D.2.10.4)", 20s)) << station->output();
  // Back to the top: from the time item, three up (round the end) is Resign.
  ASSERT_TRUE(brltty.press("LNUP"));
  ASSERT_TRUE(brltty.press("LNUP"));
  ASSERT_TRUE(brltty.press("LNUP"));
  ASSERT_NE(brltty.wait_for_visual("Aufgeben", 20s), "") << station->output();
  ASSERT_TRUE(brltty.press("ROUTE 3"));  // any routing key picks the item under the cursor
  ASSERT_NE(brltty.wait_for_visual("Aufgeben?", 20s), "") << station->output();
  EXPECT_EQ(station->output().find("game over"), std::string::npos);  // not by one key
  ASSERT_TRUE(brltty.press("KEY_ENTER"));                             // the confirming key
  ASSERT_TRUE(station->wait_for("player's menu (braille keys): resign", 20s)) << station->output();
  ASSERT_TRUE(station->wait_for("0-1", 20s)) << station->output();
  station->send("quit");
  EXPECT_EQ(station->wait(20s), 0) << station->output();
  station.reset();
  std::ifstream pgn(dir.path() / "record" / "game.pgn");
  const std::string text((std::istreambuf_iterator<char>(pgn)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("[Result \"0-1\"]"), std::string::npos) << text;
}

// A whole game from the first move to its result in which everything that is the VI player's
// own is done on his braille display (D.2.11): his moves by hand on the pegboard, his time
// (D.2.10.4), his answer to a draw offer (declined), his own offer (Art. 9.1.2, confirmed by a
// second, different key), accepted by the sighted player. No console line is the VI player's.
TEST_F(PlayWithBrailleKeys, AWholeGameWithTheDisplaysKeysEndsInADrawHeOffered) {
  const auto move = [&](const std::string& san, bool vi) { return play(san, vi); };
  ASSERT_TRUE(move("e4", true)) << station->output();
  ASSERT_TRUE(move("e5", false)) << station->output();
  // His time, from the menu's first item.
  ASSERT_TRUE(open_at(brltty, *station, "Zeit")) << station->output();
  ASSERT_TRUE(brltty.press("ROUTE 3"));
  ASSERT_TRUE(station->wait_for("player's menu (braille keys): time", 20s)) << station->output();
  // The menu stays open after a reading; the same key closes it and the clock line is back.
  const auto close_menu = [&] {
    return brltty.press("PREFMENU") && brltty.wait_for_visual("W 1:", 20s) != "";
  };
  ASSERT_TRUE(close_menu()) << station->output();
  // The sighted player offers a draw (his assistant types it); the VI player declines it.
  station->send("draw-offer");
  ASSERT_TRUE(station->wait_for("Black offers a draw", 20s)) << station->output();
  ASSERT_TRUE(open_at(brltty, *station, "Remis ablehnen")) << station->output();
  ASSERT_TRUE(brltty.press("ROUTE 3"));
  ASSERT_TRUE(station->wait_for("White declines the draw offer", 20s)) << station->output();
  // Carried out, the action left the menu by itself (it once stayed open, and his next opening
  // key closed it): the next PREFMENU opens it at its first item; the same key closes it.
  ASSERT_TRUE(open_at(brltty, *station, "Zeit")) << station->output();
  ASSERT_TRUE(close_menu()) << station->output();
  ASSERT_TRUE(move("Nf3", true)) << station->output();
  ASSERT_TRUE(move("Nc6", false)) << station->output();
  // His own offer: one key asks, the confirming key offers (a slip never does).
  ASSERT_TRUE(open_at(brltty, *station, "Remis anbieten")) << station->output();
  ASSERT_TRUE(brltty.press("ROUTE 3"));
  ASSERT_NE(brltty.wait_for_visual("Remis anbieten?", 20s), "") << station->output();
  EXPECT_EQ(station->output().find("White offers a draw"), std::string::npos);
  ASSERT_TRUE(brltty.press("KEY_ENTER"));
  ASSERT_TRUE(station->wait_for("White offers a draw", 20s)) << station->output();
  station->send("draw-accept");
  ASSERT_TRUE(station->wait_for("game over: 1/2-1/2", 20s)) << station->output();
  station->send("quit");
  EXPECT_EQ(station->wait(20s), 0) << station->output();
  const std::string out = station->output();
  station.reset();
  std::ifstream pgn(dir.path() / "record" / "game.pgn");
  const std::string text((std::istreambuf_iterator<char>(pgn)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("[Result \"1/2-1/2\"]"), std::string::npos) << text;
  EXPECT_NE(text.find("(=)"), std::string::npos) << text;  // Art. 9.1.2.2: the offer marked
  EXPECT_NE(out.find("player's menu (braille keys): draw-offer"), std::string::npos) << out;
  EXPECT_NE(out.find("player's menu (braille keys): draw-decline"), std::string::npos) << out;
}

// Art. 9.2: the position stands for the third time with the VI player to move; he claims the
// draw from his display's keys alone. Picking the claim a second time is a slip and cancels the
// question; the routing key and then RETURN claim it.
TEST_F(PlayWithBrailleKeys, AThreefoldRepetitionClaimedFromTheDisplay) {
  for (int round = 0; round < 2; ++round) {
    ASSERT_TRUE(play("Nf3", true)) << station->output();
    ASSERT_TRUE(play("Nf6", false)) << station->output();
    ASSERT_TRUE(play("Ng1", true)) << station->output();
    ASSERT_TRUE(play("Ng8", false)) << station->output();
  }
  ASSERT_TRUE(open_at(brltty, *station, "Remis beanspruchen")) << station->output();
  ask("Remis beanspruchen");
  const std::size_t slip = station->output().size();
  ASSERT_TRUE(brltty.press("ROUTE 3"));  // the same key again: cancelled, nothing claimed
  ASSERT_TRUE(station->wait_for("say private: Abgebrochen", 20s, slip)) << station->output();
  ask("Remis beanspruchen");
  confirm("draw-claim", "1/2-1/2");
}

// Art. 9.1.2: the sighted player offers a draw (his assistant types it); the VI player accepts
// it from his display's keys alone: a routing key asks, RETURN accepts.
TEST_F(PlayWithBrailleKeys, HeAcceptsTheOpponentsDrawOfferFromTheDisplay) {
  ASSERT_TRUE(play("e4", true)) << station->output();
  ASSERT_TRUE(play("e5", false)) << station->output();
  station->send("draw-offer");
  ASSERT_TRUE(station->wait_for("Black offers a draw", 20s)) << station->output();
  ASSERT_TRUE(open_at(brltty, *station, "Remis annehmen")) << station->output();
  ask("Remis annehmen");
  confirm("draw-accept", "1/2-1/2");
}

// Games on a short clock, each started by its test with its own start position.
class PlayWithBrailleKeysOnAShortClock : public PlayWithBrailleKeys {
 protected:
  void SetUp() override {}
  // The sighted player's flag falls after the VI player's first move `san`; he claims it from
  // his display's keys alone: a routing key asks, the confirming key (RETURN) claims (D.2.10.5,
  // a slip never does), and the game ends with `result`.
  void claim_fallen_flag(const std::string& san, const std::string& result) {
    station->send("sim play " + san);  // his hand on the pegboard (D.2.3)
    ASSERT_TRUE(station->wait_for("made 1. " + san, 20s)) << station->output();
    // The arbiter leaves Black two seconds (however long the start took on a loaded machine).
    station->send("adjust 0:04:00 0:00:02");
    ASSERT_TRUE(station->wait_for("Black's flag has fallen", 20s)) << station->output();
    ASSERT_TRUE(open_at(brltty, *station, "Zeitueberschreitung reklamieren")) << station->output();
    ask("Zeitueberschreitung reklamieren");
    confirm("flag", result);
  }
};

// D.2.10.5, Art. 6.9: the sighted player's flag falls; the VI player claims it through his
// braille display's keys alone, and wins: he can checkmate.
TEST_F(PlayWithBrailleKeysOnAShortClock, AFallenFlagClaimedFromTheDisplayWinsTheGame) {
  start("[game]\ntime_control = \"5 min\"\n", "W 0:0");
  claim_fallen_flag("e4", "1-0");
}

// Art. 6.9: the same claim, but the claimant has his king alone and cannot checkmate by any
// series of legal moves: the game is drawn, not won.
TEST_F(PlayWithBrailleKeysOnAShortClock, AFallenFlagClaimedWithALoneKingIsADraw) {
  start("[game]\ntime_control = \"5 min\"\nstart_fen = \"7k/8/8/3q4/8/8/8/K7 w - - 0 1\"\n",
        "W 0:0");
  claim_fallen_flag("Kb1", "1/2-1/2");
}

}  // namespace
}  // namespace play_braille_keys_test
}  // namespace annabella::app
