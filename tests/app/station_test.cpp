// The play station with synthetic time: the Appendix D flow (D.2.3 made on the pegboard, then
// announced, then the clock switches, D.2.4), the sighted player's moves entered and executed
// on the pegboard (D.2.1), wrong placements caught at once, requests, arbiter commands, the
// record and its exports, and resuming from the journal.
#include "app/station.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "app/recording_seal.h"
#include "core/notation.h"
#include "core/time_control.h"
#include "speech/language.h"
#include "speech/phrases.h"
#include "speech/vocabulary.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace station_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::read_file;
using annabella::testing::RecordingOutput;
using annabella::testing::Said;
using annabella::testing::StationDriver;

// The pegboard links (after a start or a disconnection) and its first scan shows `shown`.
void link_pegboard(StationDriver& d, const core::Position& shown) {
  tactile::BoardInput linked;
  linked.kind = tactile::BoardInput::Kind::Connected;
  linked.time = d.now += 1s;
  d.station->handle(StationEvent::pegboard(linked));
  tactile::BoardInput scan;
  scan.kind = tactile::BoardInput::Kind::Scan;
  scan.time = d.now += 100ms;
  scan.scan.occupied = shown.pieces();
  d.station->handle(StationEvent::pegboard(scan));
}

TEST(Station, TheViPlayersMoveIsMadeOnThePegboardThenAnnouncedThenTheClockSwitches) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  ASSERT_TRUE(d.station);
  EXPECT_EQ(d.station->clock().running(), core::WHITE);
  d.lift("e2");
  d.wait(100ms);
  EXPECT_TRUE(d.output.printed_containing("touched e2 white pawn (D.2.2)"));
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  d.place("e4");
  EXPECT_EQ(d.station->game().ply_count(), 0u);  // not before the board settles (D.2.3)
  EXPECT_EQ(d.station->clock().running(), core::WHITE);
  d.wait(300ms);  // settled: completed, not yet announced (pegboard.announce = "pause")
  EXPECT_TRUE(d.output.printed_containing("completed e4"));
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  EXPECT_TRUE(d.output.said.empty());
  d.wait(2s);  // the pause (pegboard.announce_pause_ms) passed untouched: announced (D.2.3 (3))
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(d.station->clock().running(), core::BLACK);  // D.2.4: only now
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().route, Route::Public);
  EXPECT_EQ(d.output.said.back().text, "Eva vier");  // D.2.1 words, SAN form
}

std::vector<std::string> public_lines(const RecordingOutput& output) {
  std::vector<std::string> lines;
  for (const auto& said : output.said)
    if (said.route == Route::Public) lines.push_back(said.text);
  return lines;
}

TEST(Station, AWrongHoleCorrectedHalfASecondLaterIsNotMadeOnlyTheCorrectedMoveIs) {
  // Tester D18: a blind hand finds the neighbouring hole, feels it, corrects it. D.2.3 (3): the
  // move is made when announced, and the station announces only after the pause.
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.lift("g1").place("h3").wait(500ms);
  d.lift("h3", 0ms).place("f3", 100ms).wait(1500ms);
  EXPECT_EQ(d.station->game().ply_count(), 0u);  // the pause runs from the correction
  EXPECT_TRUE(public_lines(d.output).empty());   // nothing public before the move is made
  d.wait(1s);
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(core::to_uci(d.station->game().moves()[0]), "g1f3");
  EXPECT_EQ(public_lines(d.output), std::vector<std::string>{"Springer Felix drei"});
}

TEST(Station, TwoOfHisPiecesMovedMakeNoMoveNeitherByThePauseNorByAnnounce) {
  // Tester N1: e2-e4, then the knight g1-f3 half a second later: the board shows no single
  // move (D.2.3 (2)), so neither the pause nor his ANNOUNCE makes e4.
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.lift("e2").place("e4").wait(500ms);
  d.lift("g1", 0ms).place("f3", 100ms).wait(3s);
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  d.button(tactile::BoardButton::Announce).wait(3s);
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  EXPECT_TRUE(public_lines(d.output).empty());
  // The knight back on g1: the board shows e4 alone, which the pause then makes.
  d.lift("f3", 0ms).place("g1", 100ms).wait(3s);
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(core::to_uci(d.station->game().moves()[0]), "e2e4");
}

TEST(Station, HisPieceMovedInTheOpponentsTurnWaitsForHisAnnounce) {
  // Tester N2: after 1. e4 he moves the knight g1-f3 before Black has moved (refused); once
  // Black's e5 is executed on his board the knight stands as a completed move: the pause does
  // not make it (he was told it was illegal), his ANNOUNCE does (D.2.3 (3)).
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.lift("g1").place("f3").wait(1s);
  d.console("e5");
  d.lift("e7").place("e5").wait(4s);
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_NE(d.output.said.back().text.find("Ansagetaste"), std::string::npos)
      << d.output.said.back().text;
  d.button(tactile::BoardButton::Announce).wait(1s);
  ASSERT_EQ(d.station->game().ply_count(), 3u);
  EXPECT_EQ(core::to_uci(d.station->game().moves()[2]), "g1f3");
}

TEST(Station, AnnounceBeforeTheOpponentsMoveIsExecutedNamesTheMoveToExecute) {
  // Tester N6: his turn, Black's e5 not yet on his board: ANNOUNCE tells him to execute it
  // (D.2.1), not that it is not his move.
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("e5");
  d.button(tactile::BoardButton::Announce).wait(1s);
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_NE(d.output.said.back().text.find("Eva fuenf"), std::string::npos)
      << d.output.said.back().text;
  EXPECT_EQ(d.station->game().ply_count(), 2u);
}

TEST(Station, RookFirstCastlingWithTheKingWithinThePauseIsCastling) {
  // Tester D18: rook h1-f1, the king 0.8 s later: castling (Art. 4.4.2, noted), not Rf1.
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.start_fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
  StationDriver d(dir.path() / "record", false, config);
  d.lift("h1").place("f1", 100ms).wait(800ms);
  d.lift("e1", 0ms).place("g1", 200ms).wait(3s);
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(d.station->game().moves()[0].kind(), core::MoveKind::Castling);
  EXPECT_EQ(public_lines(d.output), std::vector<std::string>{"Kurze Rochade"});
  EXPECT_TRUE(d.output.printed_containing("castling begun by touching the rook on h1"));
}

TEST(Station, WithAnnounceButtonTheMoveIsMadeOnlyWhenThePlayerPressesAnnounce) {
  // pegboard.announce = "button": D.2.3 (3) is his ANNOUNCE; the public announcement is said
  // as it is made, never before.
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.pegboard.announce = config::AnnounceMode::Button;
  StationDriver d(dir.path() / "record", false, config);
  d.lift("g1").place("f3").wait(10s);
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  EXPECT_EQ(d.station->clock().running(), core::WHITE);
  EXPECT_TRUE(public_lines(d.output).empty());
  EXPECT_TRUE(d.output.printed_containing("made when the player presses ANNOUNCE"));
  d.button(tactile::BoardButton::Announce, 1s);
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(d.station->clock().running(), core::BLACK);
  EXPECT_EQ(public_lines(d.output), std::vector<std::string>{"Springer Felix drei"});
  // The ANNOUNCE pressed as the peg goes in makes the move the board settles on.
  d.console("e5");
  d.hand("e7", "e5");
  d.lift("e2").place("e4").button(tactile::BoardButton::Announce).wait(400ms);
  ASSERT_EQ(d.station->game().ply_count(), 3u);
  EXPECT_EQ(public_lines(d.output).back(), "Eva vier");
}

// Tester 14m: the sighted player's move typed while the VI player's completed move waits for his
// ANNOUNCE is refused; the refusal names the text refused, so the assistant knows what to type
// again. The same for a move typed after the end of the game.
TEST(Station, AMoveTypedTooEarlyIsNamedInItsRefusal) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.pegboard.announce = config::AnnounceMode::Button;
  StationDriver d(dir.path() / "record", false, config);
  d.lift("e2").place("e4").wait(10s);
  d.console("e5");
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  EXPECT_TRUE(d.output.printed_containing(
      "e5: not entered: it is White's move, made on the pegboard (D.2.3)"))
      << d.output.printed.back();
  d.button(tactile::BoardButton::Announce, 1s);
  d.console("resign black");
  ASSERT_TRUE(d.station->game().is_over());
  d.console("Nf6");
  EXPECT_TRUE(d.output.printed_containing("Nf6: not entered: the game is over"))
      << d.output.printed.back();
}

TEST(Station, TheSightedPlayersMoveIsEnteredAnnouncedAndExecutedOnThePegboard) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("d5");  // the assistant types the sighted player's move (D.2.1)
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  EXPECT_EQ(d.output.said.back().text, "David fuenf");
  EXPECT_EQ(d.station->clock().running(), core::WHITE);
  // The VI player executes it on his board: no second move enters the record.
  d.hand("d7", "d5");
  EXPECT_TRUE(d.output.printed_containing("executed d7d5 on the pegboard"));
  EXPECT_EQ(d.station->game().ply_count(), 2u);
  // Then his own capture.
  d.hand("e4", "d5", true);
  ASSERT_EQ(d.station->game().ply_count(), 3u);
  EXPECT_EQ(d.output.said.back().text, "Bauer schlaegt David fuenf");
}

// D.2.1, Art. 5.1.1: a mate entered at the console is announced first, then the end of the game
// (it was said the other way round: "game over" before the move that ended it), and the
// recording's end seal comes after both, so it covers them.
TEST(Station, AMateTypedAtTheConsoleIsAnnouncedBeforeTheEndOfTheGame) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.fools_mate();
  ASSERT_TRUE(d.station->game().is_over());
  std::vector<std::string> public_words;
  for (const Said& said : d.output.said)
    if (said.route == Route::Public) public_words.push_back(said.text);
  ASSERT_GE(public_words.size(), 2u);
  EXPECT_EQ(public_words[public_words.size() - 2], "Dame Hector vier Matt");
  EXPECT_NE(public_words.back().find("Schachmatt"), std::string::npos) << public_words.back();
}

// D.2.1, Art. 8: with the fide profile "B" is the German pawn (Bauer) and the English bishop.
// "Bc5" where both are legal records no move, switches no clock and names both readings.
TEST(Station, ATypedMoveReadingAsTwoLegalMovesIsNeverRecordedSilently) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("e5");
  d.lift("e7").place("e5").wait(400ms);
  d.hand("g1", "f3");
  ASSERT_EQ(d.station->game().ply_count(), 3u);
  const std::size_t said = d.output.said.size();
  d.console("Bc5");
  EXPECT_EQ(d.station->game().ply_count(), 3u) << "a move was recorded";
  EXPECT_EQ(d.station->clock().running(), core::BLACK);
  EXPECT_EQ(d.output.said.size(), said) << d.output.said.back().text;
  // The console asks, naming both readings.
  EXPECT_TRUE(d.output.printed_containing(
      "Bc5: 1 = bishop f8-c5 (English letters); 2 = pawn c7-c5 (German letters)?"))
      << d.output.printed.back();
  // Written so that it reads one way, it is recorded.
  d.console("Lc5");
  ASSERT_EQ(d.station->game().ply_count(), 4u);
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "f8c5");
}

// The answer to the question is the number of the reading meant; "2" records the pawn move.
TEST(Station, TheAnswerToWhichReadingRecordsThatMove) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("e5");
  d.lift("e7").place("e5").wait(400ms);
  d.hand("g1", "f3");
  d.console("Bc5");
  ASSERT_EQ(d.station->game().ply_count(), 3u);
  d.console("3");  // no such reading: not an answer, and no command either
  EXPECT_EQ(d.station->game().ply_count(), 3u);
  d.console("2");
  ASSERT_EQ(d.station->game().ply_count(), 4u);
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "c7c5");
  EXPECT_EQ(d.output.said.back().text, "Cesar fuenf");
}

// console.letters = "en": the assistant's letters decide "Bc5" with no question.
TEST(Station, TheAssistantsLettersDecideATextWithTwoReadings) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.console.letters = "en";
  StationDriver d(dir.path() / "record", false, config);
  d.hand("e2", "e4");
  d.console("e5");
  d.lift("e7").place("e5").wait(400ms);
  d.hand("g1", "f3");
  d.console("Bc5");
  ASSERT_EQ(d.station->game().ply_count(), 4u);
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "f8c5");
  EXPECT_EQ(d.output.said.back().text, "Laeufer Cesar fuenf");
}

// A Macedonian assistant's pawn move typed alone on a Cyrillic keyboard ("е4", "а6": Cyrillic е
// and а) is a move, as "move е4" always was (tester, session 13: "not a command or a move").
TEST(Station, APawnMoveTypedAloneWithACyrillicFileIsAMove) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.console.letters = "mk";
  config.white.visually_impaired = false;
  config.black.visually_impaired = true;
  StationDriver d(dir.path() / "record", false, config);
  d.console(
      "\u0435"
      "4");  // е4
  ASSERT_EQ(d.station->game().ply_count(), 1u) << d.output.printed.back();
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "e2e4");
  d.lift("e2").place("e4").wait(400ms);
  d.hand("a7", "a6");
  d.console(
      "\u0430"
      "4");  // а4
  ASSERT_EQ(d.station->game().ply_count(), 3u) << d.output.printed.back();
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "a2a4");
}

TEST(Station, AWrongExecutionIsCaughtAtOnceWithTheExpectedMove) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("Nf6");
  d.lift("g8").place("h6");
  // D.2.1: the first wrong placement is reported at once, privately, with the expected move.
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_NE(d.output.said.back().text.find("Springer Felix sechs"), std::string::npos)
      << d.output.said.back().text;
  d.lift("h6").place("f6").wait(400ms);
  EXPECT_TRUE(d.output.printed_containing("executed g8f6"));
  EXPECT_EQ(d.station->game().ply_count(), 2u);
}

TEST(Station, AnUnexplainedBoardGetsTheLiveReconciliationAfterTheGracePeriod) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("e5");
  d.lift("e7").place("e6");  // executed on the wrong square
  d.wait(500ms);
  EXPECT_FALSE(d.output.printed_containing("reconcile (D.2.9)"));
  d.wait(4s);  // the grace period passes: D.2.9 live, once
  // The pegboard senses occupied squares only: the pieces named are inferred, never said to be
  // read (D.2.9).
  EXPECT_TRUE(d.output.printed_containing(
      "reconcile (D.2.9): the pegboard differs from the game in its occupied squares (the "
      "pegboard senses no pieces: the pieces named are inferred from the game record, not read); "
      "it went wrong at Black's move 1: the record fits e6 (inferred) where e5 was played"))
      << d.output.printed.back();
  EXPECT_TRUE(d.output.printed_containing("Steps (pieces inferred): move black pawn e6 e5;"));
  EXPECT_EQ(d.output.said.back().route, Route::Private);
}

TEST(Station, TheSightedPlayerCannotMoveForTheViPlayer) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.console("e4");
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  EXPECT_TRUE(d.output.printed_containing("made on the pegboard (D.2.3)"));
  d.hand("e2", "e4");
  d.console("Ke7");
  EXPECT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_TRUE(d.output.printed_containing("Ke7"));
  EXPECT_TRUE(d.output.printed_containing("(nothing recorded)"));
  // The reason is said once, not "not a move: ... is not a move".
  EXPECT_FALSE(d.output.printed_containing("not a move: "));
}

// D.2.11, issue 14: a confirmed item leaves the menu, with its "confirmed" line and no "closed"
// line; the displays are told that the menu is closed then, so that the braille display's next
// PREFMENU opens it again instead of closing a menu that is no longer open.
TEST(Station, AConfirmedMenuItemTellsTheDisplaysThatTheMenuIsClosed) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  ASSERT_TRUE(d.station);
  const auto key = [&](MenuKey k) {
    d.now += 200ms;
    d.station->handle(StationEvent::menu_key(d.now, k, InputSource::BrailleKeys));
  };
  key(MenuKey::Open);
  ASSERT_FALSE(d.output.menu.empty());
  EXPECT_TRUE(d.output.menu.back().open);
  // From the first item, three back round the end: Resign (Art. 5.1.2).
  for (int i = 0; i < 3; ++i) key(MenuKey::Previous);
  EXPECT_EQ(d.output.menu.back().text, "Menue: Aufgeben, zehn von zwoelf");
  key(MenuKey::Select);
  EXPECT_TRUE(d.output.menu.back().open);  // asked, not yet done
  key(MenuKey::Confirm);
  EXPECT_FALSE(d.output.menu.back().open) << d.output.menu.back().text;
  EXPECT_TRUE(d.output.printed_containing("player's menu (braille keys): resign"));
  EXPECT_TRUE(d.station->game().is_over());
}

TEST(Station, TimeOnRequestIsPrivateWithMovesCompleted) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("e5", 10s);
  d.console("time");
  ASSERT_GE(d.output.said.size(), 2u);
  const Said& left = d.output.said[d.output.said.size() - 2];
  EXPECT_EQ(left.route, Route::Private);  // D.2.10.4
  EXPECT_NE(left.text.find("Zug"), std::string::npos) << left.text;
  EXPECT_TRUE(d.output.printed_containing("1 move completed (D.2.10.4)"));
}

// D.2.10.4 (tester 14n): "the time used by both players", said after the time left (the first
// words as before) and on the console's time line.
TEST(Station, TimeOnRequestTellsTheTimeUsedToo) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("e5", 10s);
  d.console("time", 2s);
  ASSERT_GE(d.output.said.size(), 2u);
  const Said& left = d.output.said[d.output.said.size() - 2];
  const Said& used = d.output.said.back();
  EXPECT_EQ(left.text.rfind("Weiss: ", 0), 0u) << left.text;
  EXPECT_EQ(used.route, Route::Private);
  EXPECT_EQ(used.text.rfind("verbrauchte Zeit: Weiss: ", 0), 0u) << used.text;
  EXPECT_NE(used.text.find("Schwarz: zehn Sekunden"), std::string::npos) << used.text;
  // White's clock runs again: two seconds of his so far on this move.
  EXPECT_TRUE(d.output.printed_containing("1 move completed (D.2.10.4); used: White 0:00:0"))
      << d.output.printed.back();
  EXPECT_TRUE(d.output.printed_containing(", Black 0:00:10")) << d.output.printed.back();
}

// Art. 6.11.1, D.2.3 (3) (tester 14r): clocks paused, his move completed and ANNOUNCE pressed:
// he is told truthfully that it waits for the clocks, and it is made when they run again.
TEST(Station, AnnounceWhileTheClocksArePausedIsMadeWhenTheyRunAgain) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.pegboard.announce = config::AnnounceMode::Button;
  StationDriver d(dir.path() / "record", false, config);
  d.console("pause");
  d.lift("e2").place("e4").wait(1s);
  EXPECT_TRUE(d.output.printed_containing("or it is made by his ANNOUNCE"));
  d.button(tactile::BoardButton::Announce, 1s);
  EXPECT_FALSE(d.output.printed_containing("no move is completed on the pegboard"));
  EXPECT_TRUE(d.output.printed_containing(
      "board button ANNOUNCE: e4 stands completed while the clocks are stopped (Art. 6.11.1)"));
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_EQ(d.output.said.back().text,
            "Die Uhren stehen: Eva vier wird angesagt, sobald sie wieder laufen");
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  d.console("continue");
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(public_lines(d.output), std::vector<std::string>{"Eva vier"});
}

// ... and not pressed while they were stopped: in button mode the move waits for his ANNOUNCE
// after `continue`, as it would with the clocks running (D.2.3 (3)).
TEST(Station, WithAnnounceButtonAMoveCompletedWhilePausedWaitsForAnnounceAfterContinue) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.pegboard.announce = config::AnnounceMode::Button;
  StationDriver d(dir.path() / "record", false, config);
  d.console("pause");
  d.lift("e2").place("e4").wait(1s);
  d.console("continue").wait(5s);
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  EXPECT_TRUE(public_lines(d.output).empty());
  EXPECT_TRUE(
      d.output.printed_containing("completed e4 on the pegboard: made when the player "
                                  "presses ANNOUNCE (D.2.3)"));
  d.button(tactile::BoardButton::Announce, 1s);
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(public_lines(d.output), std::vector<std::string>{"Eva vier"});
}

TEST(Station, ReadingTheBoardIsPrintedAndSpokenPrivately) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("b r4");
  EXPECT_TRUE(d.output.printed_containing("rank 4: e4 white pawn"));
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_EQ(d.output.said.back().text, "Weiss: Bauer Eva vier");
  d.console("b r9");
  EXPECT_TRUE(d.output.printed_containing("\"r9\" is not a rank"));
}

TEST(Station, ReadingSquaresAndCapturedPiecesIsPrintedAndSpokenPrivately) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("d5");
  d.hand("d7", "d5");
  d.hand("e4", "d5", true);
  d.console("b d5 e4");
  EXPECT_TRUE(d.output.printed_containing("e4: empty; d5: white pawn"));
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_EQ(d.output.said.back().text, "Eva vier: leer; David fuenf: Weiss Bauer");
  d.console("captured");
  EXPECT_TRUE(d.output.printed_containing("White has taken: pawn; Black has taken: nothing"));
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_EQ(d.output.said.back().text, "Geschlagen: Weiss: keine; Schwarz: Bauer");
}

TEST(Station, ArbiterCommandsAdjustTheClocksAndAreRecorded) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.console("adjust 1:00:00 0:30:00");
  EXPECT_EQ(std::chrono::duration_cast<std::chrono::seconds>(
                d.station->clock().remaining(core::BLACK, d.now)),
            30min);
  d.console("penalty black 2");  // Art. 12.9: two minutes to the opponent
  EXPECT_EQ(std::chrono::duration_cast<std::chrono::seconds>(
                d.station->clock().remaining(core::BLACK, d.now)),
            32min);
  d.console("pause");
  EXPECT_TRUE(d.station->clock().paused());
  d.console("continue");
  EXPECT_FALSE(d.station->clock().paused());
  d.console("adjust 1:00");
  EXPECT_TRUE(d.output.printed_containing("H:MM:SS H:MM:SS"));
  const std::string journal = read_file(dir.path() / "record" / "game.journal");
  EXPECT_NE(journal.find("reason=penalty"), std::string::npos);
  EXPECT_NE(journal.find("reason=adjust"), std::string::npos);
}

TEST(Station, ResignationEndsTheGameAndTheExportsShowIt) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("f2", "f3");
  d.console("e5");
  d.hand("e7", "e5");
  d.console("resign white");
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().result, core::GameResult::BlackWins);
  const std::string pgn = read_file(dir.path() / "record" / "game.pgn");
  EXPECT_NE(pgn.find("[Result \"0-1\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("1. f3 {[%clk"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[%emt"), std::string::npos) << pgn;
  const std::string brf = read_file(dir.path() / "record" / "scoresheet.brf");
  EXPECT_FALSE(brf.empty());
  const std::string touches = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(touches.find("f2\twhite pawn"), std::string::npos) << touches;
}

// The flag fall (Art. 6.8) and the game's end are said publicly in the profile's language and
// privately in the VI player's own (docs/languages.md), through the Language phrases.
TEST(Station, TheFlagFallAndTheEndAreAlsoSaidPrivatelyInTheViPlayersLanguage) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.time_control = "1 min";
  config.white.language = "mk";
  StationDriver d(dir.path() / "record", false, config);
  const auto mk = speech::Language::load("mk");
  ASSERT_TRUE(mk);
  d.wait(61s);  // White's flag falls
  const auto said_privately = [&](const std::string& text) {
    return std::ranges::any_of(
        d.output.said, [&](const Said& s) { return s.route == Route::Private && s.text == text; });
  };
  EXPECT_TRUE(said_privately(speech::phrase_flag_fall(*mk, core::WHITE).text));
  EXPECT_TRUE(said_privately("Белите: знаменцето падна"));
  d.console("flag");  // Art. 6.9
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_TRUE(said_privately(speech::phrase_game_end(*mk, d.station->game().end()).text));
  EXPECT_TRUE(std::ranges::any_of(d.output.said, [](const Said& s) {
    return s.route == Route::Private && s.text.starts_with("Партијата заврши: Црните победуваат");
  }));
}

// The game's end in the very words said publicly, on the one device that plays both routes
// (audio defaults): spoken once; the private copy is for his braille display only. In another
// language, or with an earpiece of its own, he hears it privately too.
TEST(Station, TheEndInTheSameWordsOnOneDeviceIsSpokenOnce) {
  const auto end_said = [](const StationDriver& d, Route route) {
    std::vector<Said> found;
    for (const Said& s : d.output.said)
      if (s.route == route && s.text.starts_with("Partie beendet")) found.push_back(s);
    return found;
  };
  {
    annabella::testing::TempDir dir;
    StationDriver d(dir.path() / "record");  // German player, German profile, one device
    d.console("resign black");
    ASSERT_EQ(end_said(d, Route::Public).size(), 1u);
    const auto private_end = end_said(d, Route::Private);
    ASSERT_EQ(private_end.size(), 1u);
    EXPECT_TRUE(private_end[0].display_only);
    EXPECT_FALSE(end_said(d, Route::Public)[0].display_only);
  }
  {
    annabella::testing::TempDir dir;
    config::StationConfig config;
    config.audio.private_device = "earpiece";
    StationDriver d(dir.path() / "record", false, config);
    d.console("resign black");
    const auto private_end = end_said(d, Route::Private);
    ASSERT_EQ(private_end.size(), 1u);
    EXPECT_FALSE(private_end[0].display_only);
  }
}

// D.2.11: a notice of the start (no sound device) waits for the pegboard's first link, so that
// the link's line does not replace it on the braille display at once (tester's D11); without a
// link it is said a few seconds after the start.
TEST(Station, AStartNoticeIsSaidAfterThePegboardsFirstLink) {
  const auto mk = speech::Language::load("mk");
  ASSERT_TRUE(mk);
  const speech::Phrase notice = speech::phrase_no_sound(*mk, "default");
  {
    annabella::testing::TempDir dir;
    StationDriver d(dir.path() / "record");
    d.station->notify_after_link(notice, d.now);
    d.wait(1s);
    ASSERT_TRUE(d.output.said.empty() || d.output.said.back().text != notice.text);
    link_pegboard(d, d.station->game().position());
    ASSERT_FALSE(d.output.said.empty());
    EXPECT_EQ(d.output.said.back().text, notice.text);
    EXPECT_EQ(d.output.said.back().route, Route::Private);
  }
  {
    annabella::testing::TempDir dir;
    StationDriver d(dir.path() / "record");
    d.station->notify_after_link(notice, d.now);
    d.wait(6s);
    EXPECT_TRUE(
        std::ranges::any_of(d.output.said, [&](const Said& s) { return s.text == notice.text; }));
  }
}

// The exports take the configured braille page (record.braille_cells_per_line,
// record.braille_lines_per_page): a 32-cell, 28-line page, its number on its last line.
TEST(Station, TheBrailleScoresheetTakesTheConfiguredPage) {
  annabella::testing::TempDir dir;
  config::StationConfig cfg;
  cfg.white.name = "Anna Blindfold-Longname";
  cfg.black.name = "Bertrand Sighted-Longname";
  cfg.record.braille_cells_per_line = 32;
  cfg.record.braille_lines_per_page = 28;
  StationDriver d(dir.path() / "record", false, cfg);
  d.hand("f2", "f3");
  d.console("e5");
  d.hand("e7", "e5");
  d.console("resign white");
  ASSERT_TRUE(d.station->game().is_over());
  const std::string brf = read_file(dir.path() / "record" / "scoresheet.brf");
  std::vector<std::string> lines;
  for (std::size_t start = 0, end; (end = brf.find("\r\n", start)) != std::string::npos;
       start = end + 2)
    lines.push_back(brf.substr(start, end - start));
  ASSERT_EQ(lines.size(), 28u) << brf;
  for (const auto& line : lines) EXPECT_LE(line.size(), 32u) << line;
  EXPECT_EQ(lines.back(), std::string(30, ' ') + "#A");
}

TEST(Station, ResumingRestoresTheMovesAndTheClockTimes) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  std::chrono::milliseconds white_left{}, black_left{};
  {
    StationDriver d(folder);
    d.wait(20s);
    d.hand("e2", "e4");
    d.console("c5", 30s);
    d.hand("c7", "c5");  // executed on the pegboard (D.2.1)
    d.wait(5s);
    d.hand("g1", "f3");
    ASSERT_EQ(d.station->game().ply_count(), 3u);
    white_left = std::chrono::duration_cast<std::chrono::milliseconds>(
        d.station->clock().remaining(core::WHITE, d.now));
    black_left = std::chrono::duration_cast<std::chrono::milliseconds>(
        d.station->clock().remaining(core::BLACK, d.now));
  }  // the station is gone (as after a crash: the journal is flushed at every entry)
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  EXPECT_EQ(again.station->game().ply_count(), 3u);
  EXPECT_TRUE(again.output.printed_containing("Restored the game"));
  EXPECT_EQ(again.station->clock().running(), core::BLACK);
  EXPECT_EQ(std::chrono::duration_cast<std::chrono::milliseconds>(
                again.station->clock().remaining(core::WHITE, again.now)),
            white_left);
  // Black's time as at the last recorded event (White's move), not charged for the downtime.
  EXPECT_LE(std::chrono::duration_cast<std::chrono::milliseconds>(
                again.station->clock().remaining(core::BLACK, again.now)),
            black_left + 1s);
  // And the game continues.
  again.console("d6");
  EXPECT_EQ(again.station->game().ply_count(), 4u);
}

TEST(Station, LowTimeWarningsArePrivateOncePerThresholdAndOffByDefault) {
  annabella::testing::TempDir dir;
  {
    StationDriver quiet(dir.path() / "quiet");
    quiet.wait(2min);
    EXPECT_TRUE(quiet.output.said.empty());  // D.2.10.4: nothing unasked
  }
  config::StationConfig config;
  config.game.time_control = "5 min";
  config.warnings.minutes_left = {4, 1};
  StationDriver d(dir.path() / "record", false, config);
  d.wait(59s);
  EXPECT_TRUE(d.output.said.empty());
  d.wait(2s);  // White passes 4 minutes left
  ASSERT_EQ(d.output.said.size(), 1u);
  EXPECT_EQ(d.output.said[0].route, Route::Private);
  d.wait(30s);
  EXPECT_EQ(d.output.said.size(), 1u);  // once
  d.wait(3min);                         // passes 1 minute left
  EXPECT_EQ(d.output.said.size(), 2u);
}

// D.2.7: once the station stops, nothing more is done or said while it waits for the stop's
// seal: a phrase said then would be recorded after the seal. A move made on the board then is
// not recorded (the resumed game's first scan finds it).
TEST(Station, AfterQuitNothingIsMadeOrSaid) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  d.console("quit");
  const std::size_t said = d.output.said.size();
  d.console("e5", 2s);
  d.hand("g1", "f3");
  d.console("time");
  d.wait(10min);  // no flag, no warning either
  EXPECT_EQ(d.output.said.size(), said) << d.output.said.back().text;
  EXPECT_EQ(d.station->game().ply_count(), 1u);
}

// Art. 6.7: reaching a time control is said privately with whose control it was, and the time
// the next period adds.
TEST(Station, ATimeControlReachedIsSaidWithTheSideThatReachedIt) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.time_control = "10 min/2 moves + 5 min";
  StationDriver d(dir.path() / "record", false, config);
  d.hand("e2", "e4");
  d.console("e5", 5s);
  d.hand("e7", "e5");  // the sighted player's move executed on the pegboard (D.2.1)
  d.hand("g1", "f3");  // White's second move: White's control
  const auto white_control = std::find_if(
      d.output.said.begin(), d.output.said.end(),
      [](const Said& said) { return said.text.find("Zeitkontrolle") != std::string::npos; });
  ASSERT_NE(white_control, d.output.said.end());
  EXPECT_EQ(white_control->route, Route::Private);
  EXPECT_EQ(white_control->text.rfind("Weiss: Zeitkontrolle erreicht: zwei Zuege", 0), 0u)
      << white_control->text;
  EXPECT_NE(white_control->text.find("fuenf Minuten dazu"), std::string::npos)
      << white_control->text;
  d.console("Nc6", 5s);  // Black's second move: Black's control
  d.hand("b8", "c6");
  const auto black_control = std::find_if(
      d.output.said.begin(), d.output.said.end(),
      [](const Said& said) { return said.text.rfind("Schwarz: Zeitkontrolle", 0) == 0; });
  ASSERT_NE(black_control, d.output.said.end());
  EXPECT_EQ(std::count_if(d.output.said.begin(), d.output.said.end(),
                          [](const Said& said) {
                            return said.text.find("Zeitkontrolle") != std::string::npos;
                          }),
            2);  // each side's once
}

// Guidelines I: the sealed move must be legal; the envelope shows what I.2 asks; at the
// resumption the arbiter opens it, the station makes and announces the sealed move and starts
// the replier's clock (I.9.1), and no other move is accepted in its place.
TEST(Station, AnAdjournedGameResumesWithTheSealedMoveMadeWhenTheEnvelopeIsOpened) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  {
    config::StationConfig cfg;
    cfg.event.name = "Club Open";
    cfg.event.round = "4";
    cfg.event.date = "2026.11.23";
    auto options = StationDriver::options_for(folder, false, cfg);
    options.wall_clock = [] {  // 2026-11-23T18:47:05Z, the time of day of the adjournment
      return std::chrono::system_clock::time_point(std::chrono::seconds(1795459625));
    };
    StationDriver d(options);
    d.hand("d2", "d4");
    d.console("Nf6");
    d.hand("g8", "f6");
    d.console("adjourn Ke3");  // not legal: nothing sealed (Guidelines I.8)
    EXPECT_FALSE(d.station->finished());
    EXPECT_TRUE(d.output.printed_containing("is not a legal move written unambiguously"));
    EXPECT_FALSE(d.station->clock().paused());
    d.console("adjourn c4");  // White seals 2. c4 (Guidelines I.1.1)
    EXPECT_TRUE(d.station->finished());
    for (const char* part :
         {"Envelope:", "White: White player; Black: Black player",
          "event: Club Open, round 4, board 1",
          // Guidelines I.2.3: the time of day (UTC), the game's time and its date.
          "adjourned at 2026-11-23T18:47:05Z (time of day, UTC), 0:00:0",
          "into the game; game date 2026.11.23",
          "position before the sealed move: rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w",
          "sealed move number: 2. (White to move)", "clocks: White 1:30:", "sealed by: White",
          "sealed move: a legal move was sealed; it is not shown"})
      EXPECT_TRUE(d.output.printed_containing(part)) << part;
    // Guidelines I.9.1: the sealed move stays secret on the shared console until resumption.
    EXPECT_FALSE(d.output.printed_containing("c4 = c4"));
    EXPECT_FALSE(d.output.printed_containing("inside the envelope"));
  }
  // The journal keeps it for the seal that signs it (D.2.7).
  EXPECT_NE(read_file(folder / "game.journal").find("\tutc=2026-11-23T18:47:05Z"),
            std::string::npos);
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  EXPECT_TRUE(again.output.printed_containing("adjourned: the sealed move waits in its envelope"));
  EXPECT_FALSE(again.output.printed_containing("c4"));  // still sealed
  EXPECT_TRUE(again.station->clock().paused());
  again.console("continue");  // not before the envelope is opened
  EXPECT_TRUE(again.station->clock().paused());
  again.hand("e2", "e4");  // another move on the pegboard is not made in its place
  EXPECT_EQ(again.station->game().ply_count(), 2u);
  again.hand("e4", "e2");
  again.console("open-envelope");
  ASSERT_EQ(again.station->game().ply_count(), 3u);
  EXPECT_EQ(core::to_uci(again.station->game().moves().back()), "c2c4");
  EXPECT_EQ(again.station->record().moves().back().by, MoveSource::Sealed);
  EXPECT_EQ(again.output.said.back().route, Route::Public);
  EXPECT_EQ(again.output.said.back().text, "Cesar vier");
  EXPECT_FALSE(again.station->clock().paused());
  EXPECT_EQ(again.station->clock().running(), core::BLACK);  // the replier's clock (I.9.1)
}

// D.2.7: a game resumed on a station with another key (a machine replaced during the
// adjournment): the journal names each part's key and recording, and the console says that the
// key changed and that `recording verify` needs both fingerprints. The same key says nothing.
TEST(Station, AResumptionWithAnotherStationKeyIsSaidAndJournaled) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  const std::string first(64, 'a'), second(64, 'b');
  {
    auto options = StationDriver::options_for(folder);
    options.part = {first, "announcements.wav"};
    StationDriver d(options);
    d.hand("e2", "e4");
    d.console("adjourn e5");
  }
  {
    auto options = StationDriver::options_for(folder, true);
    options.part = {first, "announcements-2.wav"};
    StationDriver same(options);
    EXPECT_FALSE(same.output.printed_containing("station key changed"));
  }
  auto options = StationDriver::options_for(folder, true);
  options.part = {second, "announcements-3.wav"};
  StationDriver again(options);
  const std::string earlier = app::key_hex_fingerprint(first);
  const std::string current = app::key_hex_fingerprint(second);
  EXPECT_TRUE(again.output.printed_containing(
      "station key changed: " + earlier +
      " sealed the game until now (announcements-2.wav), this "
      "station's key " +
      current +
      " seals from here on; `annabella recording verify` needs both "
      "fingerprints from the tournament's list of stations (--key " +
      earlier + " --key " + current + ") (D.2.7)"));
  const std::string journal = read_file(folder / "game.journal");
  EXPECT_NE(journal.find("begin\t"), std::string::npos);
  EXPECT_NE(journal.find("\tstation_key=" + first + "\trecording=announcements.wav"),
            std::string::npos)
      << journal;
  EXPECT_NE(journal.find("\tstation_key=" + second + "\trecording=announcements-3.wav"),
            std::string::npos)
      << journal;
}

// The power fails while White thinks (touches recorded): the resumed clock is White's time at
// the last touch, not the time after his opponent's move, and it goes on running from there.
TEST(Station, AResumedClockIsChargedUpToTheLastRecordedEvent) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  std::chrono::nanoseconds white_at_touch{};
  {
    StationDriver d(folder);
    d.hand("e2", "e4");
    d.console("e5");
    d.hand("e7", "e5");
    d.wait(20min);
    d.lift("g1");  // a touch: recorded with its time
    white_at_touch = d.station->clock().remaining(core::WHITE, d.now);
    d.wait(10s);  // then the power fails (no quit)
  }
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  const auto restored = again.station->clock().remaining(core::WHITE, again.now);
  EXPECT_EQ(std::chrono::duration_cast<std::chrono::milliseconds>(restored),
            std::chrono::duration_cast<std::chrono::milliseconds>(white_at_touch));
  EXPECT_TRUE(again.output.printed_containing("White's clock charged 0:20:"))
      << again.output.printed.back();
  EXPECT_TRUE(again.output.printed_containing("charged to nobody"));
}

// Resumed without the round's configuration: the journal's VI colour, names and time control
// are used (the assistant still enters White's moves), and each difference is said.
TEST(Station, AResumedGameTakesItsHeaderFromTheJournal) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  config::StationConfig round;
  round.white = {"Sighted Sam", 0, "", false};
  round.black = {"Blind Bea", 0, "", true};
  round.game.time_control = "60 min + 30 s/move";
  {
    StationDriver d(folder, false, round);
    ASSERT_TRUE(d.station);
    d.console("e4");
    d.hand("e2", "e4");
    d.hand("e7", "e5");
    ASSERT_EQ(d.station->game().ply_count(), 2u);
  }
  StationDriver again(folder, true);  // the default configuration: White is the VI player
  ASSERT_TRUE(again.station);
  EXPECT_TRUE(again.output.printed_containing(
      "config says game.time_control \"90 min/40 moves + 30 min + 30 s/move\", the journal says "
      "\"60 min + 30 s/move\": the journal's is used"));
  EXPECT_TRUE(
      again.output.printed_containing("is White, the journal says Black: the journal's is used"));
  EXPECT_TRUE(again.output.printed_containing("config says white.name \"White player\""));
  EXPECT_EQ(again.station->clock().control(), *core::read_time_control("60 min + 30 s/move"));
  again.console("Nf3");  // White is sighted: his move is typed
  EXPECT_EQ(again.station->game().ply_count(), 3u) << again.output.printed.back();
  EXPECT_NE(read_file(folder / "game.pgn").find("[White \"Sighted Sam\"]"), std::string::npos);
}

TEST(Station, WithADgtBoardTheSightedPlayersMovesComeFromItAndTheViMovesAreExecutedOnIt) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.sighted_board.input = config::SightedInput::Dgt;
  config.sighted_board.port = "/dev/ttyUSB1";
  StationDriver d(dir.path() / "record", false, config);
  using K = tactile::BoardInput::Kind;
  d.hand("e2", "e4");
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  // The VI player's move is executed on the sighted player's board.
  d.eboard(K::Lift, "e2").eboard(K::Place, "e4", core::W_PAWN).wait(400ms);
  EXPECT_TRUE(d.output.printed_containing("e-board: executed e2e4"));
  // The sighted player moves on his board: made when it settles (Art. 4.7), announced (D.2.1).
  d.eboard(K::Lift, "c7").eboard(K::Place, "c5", core::B_PAWN).wait(400ms);
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  EXPECT_TRUE(d.output.printed_containing("made 1... c5 (c7c5) by e-board"));
  EXPECT_EQ(d.output.said.back().text, "Cesar fuenf");
  EXPECT_EQ(d.station->clock().running(), core::WHITE);
  // ... and the VI player executes it on the pegboard.
  d.hand("c7", "c5");
  EXPECT_TRUE(d.output.printed_containing("executed c7c5 on the pegboard"));
  EXPECT_EQ(d.station->game().ply_count(), 2u);
}

TEST(Station, TheEBoardGetsTheLiveReconciliationToo) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.sighted_board.input = config::SightedInput::Dgt;
  config.sighted_board.port = "/dev/ttyUSB1";
  StationDriver d(dir.path() / "record", false, config);
  using K = tactile::BoardInput::Kind;
  d.hand("e2", "e4");
  // The VI player's move executed on the e-board on the wrong square, and left there.
  d.eboard(K::Lift, "e2").eboard(K::Place, "e3", core::W_PAWN).wait(5s);
  EXPECT_TRUE(d.output.printed_containing(
      "reconcile (D.2.9): the e-board differs from the game; it went wrong at White's move 1"))
      << d.output.printed.back();
  d.console("reconcile");
  // The pegboard's occupied squares agree; the e-board's pieces are read, so no such words.
  EXPECT_TRUE(d.output.printed_containing(
      "reconcile: the occupied squares of the pegboard agree with the game after 1 half-move (the "
      "pegboard senses no pieces: which piece stands where is not checked; D.2.9)"));
  EXPECT_FALSE(d.output.printed_containing("the e-board senses no pieces"));
}

TEST(Station, ANewGameNeverOverwritesARecordedOne) {
  annabella::testing::TempDir dir;
  { StationDriver d(dir.path() / "record"); }
  StationOptions options;
  options.record_folder = dir.path() / "record";
  RecordingOutput output;
  auto again = Station::open(options, output, TimePoint(1h));
  ASSERT_FALSE(again);
  EXPECT_NE(again.error().message.find("--resume"), std::string::npos);
}

TEST(Station, ABrokenSettingIsNamed) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.speech.profile = "klingon";
  StationOptions options;
  options.config = config;
  options.record_folder = dir.path() / "record";
  RecordingOutput output;
  auto station = Station::open(options, output, TimePoint(1h));
  ASSERT_FALSE(station);
  EXPECT_NE(station.error().message.find("speech.profile"), std::string::npos);
}

// Guidelines I / Art. 6.11.1: a move made while the arbiter has paused the clocks (the sealed
// move on resumption) is counted, and the opponent's clock is the one that restarts.
TEST(Station, AMoveMadeWhileTheClocksArePausedSwitchesTheClockThatRestarts) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("pause");
  d.console("e5");  // Black's (sealed) move, made while the clocks stand
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  EXPECT_FALSE(d.output.printed_containing("has no clock to stop"));
  EXPECT_EQ(d.station->clock().moves_completed(core::BLACK), 1);
  EXPECT_TRUE(d.station->clock().paused());
  d.hand("e7", "e5");
  d.console("continue");
  EXPECT_EQ(d.station->clock().running(), core::WHITE);
  d.hand("g1", "f3");
  ASSERT_EQ(d.station->game().ply_count(), 3u);
  EXPECT_EQ(d.station->clock().moves_completed(core::WHITE), 2);
  EXPECT_EQ(d.station->clock().running(), core::BLACK);
}

// D.2.1: the sighted player announces his move aloud and the VI player executes it before the
// assistant has typed it: the pegboard does not make it; the entered move is checked against it.
TEST(Station, AMoveExecutedOnThePegboardBeforeItIsEnteredWaitsForTheEntry) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  const auto said_before = d.output.said.size();
  d.hand("e7", "e5");
  EXPECT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(d.output.said.size(), said_before);  // nothing announced
  EXPECT_TRUE(d.output.printed_containing("waiting for the sighted player's move to be entered"));
  d.console("e5");
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  EXPECT_TRUE(d.output.printed_containing("executed e7e5 on the pegboard"));
  EXPECT_TRUE(d.output.printed_containing("by console"));
  d.hand("g1", "f3");
  EXPECT_EQ(d.station->game().ply_count(), 3u);
  EXPECT_EQ(d.station->clock().running(), core::BLACK);
}

TEST(Station, AMisheardMoveExecutedEarlyIsReportedWhenTheRightOneIsEntered) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.hand("d7", "d5");  // heard "d5", but the sighted player played e5
  d.console("e5");
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "e7e5");
  EXPECT_TRUE(d.output.printed_containing("the pegboard shows d7d5 but e7e5 was played"));
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().route, Route::Private);
}

// Art. 9.2.1.1: a correct claim with the intended move: the move is part of the record (journal,
// console, PGN); Art. 9.5.3: an incorrect claim gives the opponent two minutes.
TEST(Station, ADrawClaimWithTheIntendedMoveRecordsTheMove) {
  annabella::testing::TempDir dir;
  {
    StationDriver d(dir.path() / "record");
    for (int cycle = 0; cycle < 2; ++cycle) {
      d.hand("g1", "f3");
      d.console("Nf6");
      d.hand("g8", "f6");
      d.hand("f3", "g1");
      if (cycle == 1) break;
      d.console("Ng8");
      d.hand("f6", "g8");
    }
    ASSERT_EQ(d.station->game().ply_count(), 7u);
    d.console("draw-claim Ng8");
    ASSERT_TRUE(d.station->game().is_over()) << d.output.printed.back();
    EXPECT_EQ(d.station->game().ply_count(), 8u);
    d.console("repeat");
    EXPECT_TRUE(d.output.printed_containing("last move: 4... Ng8"));
    d.console("game");
    EXPECT_TRUE(d.output.printed_containing("4. Ng1 Ng8"));
    const std::string pgn = read_file(dir.path() / "record" / "game.pgn");
    EXPECT_NE(pgn.find("4. Ng1"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("Ng8"), std::string::npos) << pgn;
  }
  StationDriver resumed(dir.path() / "record", true);
  ASSERT_TRUE(resumed.station);
  EXPECT_EQ(resumed.station->game().ply_count(), 8u);
  EXPECT_TRUE(resumed.station->game().is_over());
}

TEST(Station, AnIncorrectDrawClaimGivesTheOpponentTwoMinutes) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  const auto black_before = d.station->clock().remaining(core::BLACK, d.now);
  d.console("draw-claim");  // White to move claims; nothing repeats
  EXPECT_FALSE(d.station->game().is_over());
  EXPECT_TRUE(d.output.printed_containing("Two minutes added to Black's clock (Art. 9.5.3)"));
  EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), black_before + 2min);
}

// Art. 11.3: by default the station does not point out a draw the player could claim; the
// arbiter may allow it (speech.say_draw_claims).
TEST(Station, AClaimableDrawIsSaidOnlyWhenTheConfigurationAllowsIt) {
  auto vocabulary = speech::Vocabulary::load("fide");
  ASSERT_TRUE(vocabulary);
  const std::string claim_text =
      speech::phrase_draw_claim(*vocabulary, core::Termination::ThreefoldRepetitionClaim).text;
  for (const bool allowed : {false, true}) {
    annabella::testing::TempDir dir;
    config::StationConfig config;
    config.speech.say_draw_claims = allowed;
    StationDriver d(dir.path() / "record", false, config);
    for (int cycle = 0; cycle < 2; ++cycle) {
      d.hand("g1", "f3");
      d.console("Nf6");
      d.hand("g8", "f6");
      d.hand("f3", "g1");
      d.console("Ng8");
      d.hand("f6", "g8");
    }
    ASSERT_EQ(d.station->game().ply_count(), 8u);
    ASSERT_TRUE(d.station->game().can_claim_threefold());
    const bool said = std::any_of(d.output.said.begin(), d.output.said.end(),
                                  [&](const Said& s) { return s.text == claim_text; });
    EXPECT_EQ(said, allowed);
  }
}

// Tester #9: the pegboard away while the opponent's 1... e5 waits to be executed, a peg moved
// meanwhile from g1 to f3. The steps must turn the board into the game's position: the peg on
// f3, not seen going in, is removed ("the piece on f3"); the live check dropped it and told him
// to put a knight on g1 while f3 kept its peg. The reconnection blamed "g1 to f3 is not a legal
// move", where the fault is the announced move not executed yet (D.2.1).
TEST(Station, AfterTheBoardWasAwayTheStepsRemoveThePegItDidNotSee) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("e5");
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  tactile::BoardInput lost;
  lost.kind = tactile::BoardInput::Kind::Disconnected;
  lost.time = d.now += 1s;
  d.station->handle(StationEvent::pegboard(lost));
  core::Position shown = d.station->game().position_at(1);
  shown.play(core::Move(core::SQ_G1, core::SQ_F3));
  link_pegboard(d, shown);
  d.wait(5s);
  d.console("reconcile");
  bool steps_remove = false;
  for (const auto& line : d.output.printed) {
    EXPECT_EQ(line.find("is not a legal move"), std::string::npos) << line;
    if (line.starts_with("reconcile (D.2.9)")) {
      EXPECT_NE(line.find("remove the piece on f3"), std::string::npos) << line;
      steps_remove = steps_remove || line.find("remove the piece on f3") != std::string::npos;
    }
  }
  EXPECT_TRUE(steps_remove) << ::testing::PrintToString(d.output.printed);
  const bool said = std::any_of(d.output.said.begin(), d.output.said.end(), [](const Said& s) {
    return s.route == Route::Private && s.text == "Die Figur auf Felix drei entfernen";
  });
  EXPECT_TRUE(said);
}

// Tester #5, the class at the station: Kf1 and O-O (king e1, rook g1, Chess960) leave the same
// occupied squares; with the hands unseen (the board was away) the station asks which move, on
// the console and privately, makes nothing meanwhile, and the answer completes that move
// (D.2.3, Guidelines II.3.2).
TEST(Station, MovesTheOccupancyCannotTellApartAreAskedNotChosen) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.chess960 = 0;
  config.game.start_fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
  StationDriver d(dir.path() / "record", false, config);
  ASSERT_TRUE(d.station);
  const core::Position start = d.station->game().position();
  link_pegboard(d, start);
  tactile::BoardInput lost;
  lost.kind = tactile::BoardInput::Kind::Disconnected;
  lost.time = d.now += 1s;
  d.station->handle(StationEvent::pegboard(lost));
  core::Position shown = start;
  shown.play(core::Move(core::SQ_E1, core::SQ_F1));
  link_pegboard(d, shown);
  d.wait(5s);
  EXPECT_TRUE(d.output.printed_containing("occupied squares fit more than one move"))
      << ::testing::PrintToString(d.output.printed);
  const bool asked = std::any_of(d.output.said.begin(), d.output.said.end(), [](const Said& s) {
    return s.route == Route::Private && s.text.starts_with("Welcher Zug?") &&
           s.text.find("Kurze Rochade") != std::string::npos;
  });
  EXPECT_TRUE(asked);
  EXPECT_FALSE(d.station->pegboard().completed_move());
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  d.console("O-O");
  d.button(tactile::BoardButton::Announce).wait(400ms);
  ASSERT_EQ(d.station->game().ply_count(), 1u) << ::testing::PrintToString(d.output.printed);
  EXPECT_EQ(d.station->game().moves()[0].kind(), core::MoveKind::Castling);
}

// Tester #12: Guidelines II.2: a Chess960 game names its start position on the console and to
// the VI player privately, in his words; every arrangement has the standard one's occupied
// squares, so the connection says only they were checked (a pegboard in the standard
// arrangement "agreed with the game").
TEST(Station, AChess960StartIsNamedAndTheConnectionSaysOnlyTheOccupancyWasChecked) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.chess960 = 0;
  StationDriver d(dir.path() / "record", false, config);
  ASSERT_TRUE(d.station);
  EXPECT_TRUE(d.output.printed_containing("Chess960, start position 0 (Guidelines II.2): BBQNNRKR"))
      << ::testing::PrintToString(d.output.printed);
  const auto named = std::find_if(d.output.said.begin(), d.output.said.end(), [](const Said& s) {
    return s.text.starts_with("Fischer-Random-Schach, Startstellung null");
  });
  ASSERT_NE(named, d.output.said.end());
  EXPECT_EQ(named->route, Route::Private);
  EXPECT_NE(named->text.find("Laeufer"), std::string::npos) << named->text;
  link_pegboard(d, core::Position());  // the standard arrangement: the same occupied squares
  EXPECT_TRUE(d.output.printed_containing(
      "connected: the board agrees with the game in its occupied squares only: which piece "
      "stands where is not checked"))
      << ::testing::PrintToString(d.output.printed);
}

// speech.verbosity: quiet says a lost board but not its return; verbose names each lifted piece
// privately; normal does neither of the extras.
TEST(Station, VerbosityDecidesWhatIsSaidBeyondTheMoves) {
  for (const auto level :
       {config::Verbosity::Quiet, config::Verbosity::Normal, config::Verbosity::Verbose}) {
    annabella::testing::TempDir dir;
    config::StationConfig config;
    config.speech.verbosity = level;
    StationDriver d(dir.path() / "record", false, config);
    d.lift("g1").wait(300ms);  // a touch counts once the peg stays out (debounce)
    const bool named =
        !d.output.said.empty() && d.output.said.back().text == "Gustav eins: Weiss Springer";
    EXPECT_EQ(named, level == config::Verbosity::Verbose);
    if (named) {
      EXPECT_EQ(d.output.said.back().route, Route::Private);
    }
    d.place("g1");
    // The board goes away and comes back with the start position.
    tactile::BoardInput lost;
    lost.kind = tactile::BoardInput::Kind::Disconnected;
    lost.time = d.now += 1s;
    d.station->handle(StationEvent::pegboard(lost));
    link_pegboard(d, core::Position());
    d.wait(1s);
    const std::size_t spoken_links =
        std::count_if(d.output.said.begin(), d.output.said.end(), [](const Said& said) {
          return said.text.find("verbunden") != std::string::npos ||
                 said.text.find("Verbindung") != std::string::npos;
        });
    EXPECT_EQ(spoken_links, level == config::Verbosity::Quiet ? 1u : 2u)
        << "verbosity " << static_cast<int>(level);
  }
}

// D.2.1: an occupancy-only pegboard cannot tell the promoted piece; the assistant types it from
// the announcement, and only then is the move made.
TEST(Station, ThePromotionPieceTypedOnTheConsoleCompletesTheMove) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.start_fen = "7k/1P5p/8/8/8/8/8/K7 w - - 0 1";
  StationDriver d(dir.path() / "record", false, config);
  ASSERT_TRUE(d.station);
  d.hand("b7", "b8");
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  EXPECT_TRUE(d.output.printed_containing("promotion on b8: which piece?"));
  d.console("Elefant");
  EXPECT_TRUE(d.output.printed_containing("\"Elefant\" names no piece"));
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  d.console("Springer");  // the profile's word, as announced
  d.wait(500ms);
  EXPECT_EQ(d.station->game().ply_count(), 0u);  // completed: announced after the pause (D.2.3)
  d.wait(2s);
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "b7b8n");
  EXPECT_EQ(d.station->clock().running(), core::BLACK);
}

// Art. 9.1.2: the offer follows the offerer's move; a move by the opponent declines it.
TEST(Station, ADrawOfferIsTheLastMoversAndAMoveDeclinesIt) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("draw-offer");
  EXPECT_TRUE(d.output.printed_containing("White offers a draw (Art. 9.1.2"));
  // Journaled, in the exports (Art. 9.1.2.2: "(=)" on the scoresheet), said privately to the VI
  // player with who offered it.
  EXPECT_NE(read_file(dir.path() / "record" / "game.journal").find("\toffer\tby=white"),
            std::string::npos);
  EXPECT_NE(read_file(dir.path() / "record" / "game.pgn").find("(=) White offers a draw"),
            std::string::npos)
      << read_file(dir.path() / "record" / "game.pgn");
  ASSERT_GE(d.output.said.size(), 2u);
  const Said& told = d.output.said[d.output.said.size() - 2];
  EXPECT_EQ(told.route, Route::Private);
  EXPECT_EQ(told.text, "Remisangebot von Weiss");
  // D.2.11: and to the sighted player in his language (German here); his keypad shows nothing.
  EXPECT_EQ(d.output.said.back().route, Route::Public);
  EXPECT_EQ(d.output.said.back().text, "Remisangebot von Weiss");
  d.console("e5");  // Black plays on
  d.hand("e7", "e5");
  d.console("draw-accept");
  EXPECT_TRUE(d.output.printed_containing("no draw has been offered"));
  EXPECT_FALSE(d.station->game().is_over());
  d.console("draw-offer blue");
  EXPECT_TRUE(d.output.printed_containing("draw-offer: who offers?"));
  d.console("do black");
  EXPECT_TRUE(d.output.printed_containing("Black offers a draw"));
  d.console("da");
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().result, core::GameResult::Draw);
}

// Tester's defect 19 (Art. 6.10, 6.11.1, D.2.10.2, D.2.10.3): with his pegboard unplugged the VI
// player could not make any move while his clock ran, and the console only refused "it is
// White's move, made on the pegboard". Now the console says what may be done, he is told to
// announce his move aloud, and the assistant enters it at the console (journaled by=console):
// made, announced, the clock started; the board is judged against the game once it is back.
// Tester 14f: a pegboard absent from the start (pegboard.port names no device) lost no
// connection: he hears that it is not connected and what to do, the console says to check the
// cable and pegboard.port; once it was connected, a Disconnected is a connection lost.
TEST(Station, APegboardAbsentFromTheStartIsNotConnectedNotLost) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  ASSERT_TRUE(d.station);
  const auto private_said = [&d](const std::string& text) {
    return std::any_of(d.output.said.begin(), d.output.said.end(), [&](const Said& said) {
      return said.route == Route::Private && said.text == text;
    });
  };
  tactile::BoardInput absent;
  absent.kind = tactile::BoardInput::Kind::Disconnected;
  absent.detail = "/dev/ttyUSB9: No such file or directory";
  absent.time = d.now += 1s;
  d.station->handle(StationEvent::pegboard(absent));
  EXPECT_TRUE(d.output.printed_containing(
      "pegboard not connected since the station started: /dev/ttyUSB9: No such file or "
      "directory; check its cable and pegboard.port"))
      << d.output.printed.back();
  EXPECT_TRUE(
      private_said("Steckbrett: seit dem Start der Station nicht verbunden. Bitten Sie "
                   "den Schiedsrichter, das Kabel zu pruefen"));
  EXPECT_FALSE(private_said("Steckbrett: Verbindung verloren"));
  // Connected, then unplugged: lost.
  link_pegboard(d, d.station->game().position());
  tactile::BoardInput lost;
  lost.kind = tactile::BoardInput::Kind::Disconnected;
  lost.time = d.now += 1s;
  d.station->handle(StationEvent::pegboard(lost));
  EXPECT_TRUE(private_said("Steckbrett: Verbindung verloren"));
}

TEST(Station, WithThePegboardDisconnectedTheAssistantEntersTheViPlayersAnnouncedMove) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  ASSERT_TRUE(d.station);
  d.console("e4");  // linked: his own move is made on the pegboard
  EXPECT_TRUE(d.output.printed_containing("it is White's move, made on the pegboard (D.2.3)"));
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  tactile::BoardInput lost;
  lost.kind = tactile::BoardInput::Kind::Disconnected;
  lost.time = d.now += 1s;
  d.station->handle(StationEvent::pegboard(lost));
  EXPECT_TRUE(d.output.printed_containing(
      "the VI player cannot make his move on a disconnected pegboard: the arbiter may pause the "
      "clocks (pause, Art. 6.11.1)"));
  EXPECT_TRUE(std::any_of(d.output.said.begin(), d.output.said.end(), [](const Said& said) {
    return said.route == Route::Private &&
           said.text == "Ohne das Brett den Zug laut ansagen; der Assistent gibt ihn ein";
  }));
  const std::size_t said_before = d.output.said.size();
  d.console("move e4");
  ASSERT_EQ(d.station->game().ply_count(), 1u) << d.output.printed.back();
  EXPECT_EQ(d.station->record().moves().back().by, MoveSource::Console);
  EXPECT_EQ(d.station->clock().running(), core::BLACK);  // D.2.10.3: the clock started
  EXPECT_TRUE(d.output.printed_containing(
      "White's move entered by the assistant as the VI player announced it, his pegboard being "
      "disconnected (D.2.10.2, D.2.10.3)"));
  EXPECT_TRUE(std::any_of(
      d.output.said.begin() + static_cast<std::ptrdiff_t>(said_before), d.output.said.end(),
      [](const Said& said) { return said.route == Route::Public && said.text == "Eva vier"; }));
  EXPECT_NE(read_file(dir.path() / "record" / "game.journal").find("by=console"),
            std::string::npos);
  // The board comes back showing his move: in step; the sighted player's reply is executed on
  // it and play goes on from it.
  link_pegboard(d, d.station->game().position());
  d.wait(1s);
  EXPECT_TRUE(d.station->pegboard().in_sync());
  d.console("e5");
  d.hand("e7", "e5");
  d.hand("g1", "f3");
  EXPECT_EQ(d.station->game().ply_count(), 3u) << d.output.printed.back();
  EXPECT_EQ(d.station->record().moves().back().by, MoveSource::Pegboard);

  // Unplugged again on his turn: he makes his move on the dead board and announces it, the
  // assistant enters it; the opponent's reply is entered and executed there too. The board comes
  // back showing both: completed, in step, and play goes on from it.
  tactile::BoardInput again;
  again.kind = tactile::BoardInput::Kind::Disconnected;
  again.time = d.now += 1s;
  d.station->handle(StationEvent::pegboard(again));
  d.console("Nc6");  // Black's, on the sighted player's turn: entered as always
  d.console("Bb5");
  d.console("a6");
  ASSERT_EQ(d.station->game().ply_count(), 6u) << d.output.printed.back();
  link_pegboard(d, d.station->game().position());
  d.wait(2s);
  EXPECT_TRUE(d.station->pegboard().in_sync()) << d.output.printed.back();
  d.hand("b5", "a4");
  EXPECT_EQ(d.station->game().ply_count(), 7u) << d.output.printed.back();
}

}  // namespace
}  // namespace station_test
}  // namespace annabella::app

namespace annabella::app {
namespace station_test {
namespace {

// Tester D12: the whole game read back to the VI player privately gives each move's number and
// side in his language (white.language), the moves in the D.2.1 words.
TEST(Station, TheWholeGameReadBackHasMoveNumbersAndSidesInThePlayersLanguage) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.white.language = "mk";
  StationDriver d(dir.path() / "record", false, config);
  d.hand("e2", "e4");
  d.console("e5");
  d.hand("e7", "e5");
  d.hand("g1", "f3");
  d.console("game");
  ASSERT_FALSE(d.output.said.empty());
  const Said& read = d.output.said.back();
  EXPECT_EQ(read.route, Route::Private);
  EXPECT_EQ(read.text,
            "Потег еден. Белите: Eva vier; Црните: Eva fuenf. Потег два. Белите: Springer Felix "
            "drei");
}

// D.2.11: the sound fails mid-game. The VI player, playing alone, is told privately in his
// language: on his braille display only when no private speech remains (one device for both
// routes), by speech too when his earpiece still plays; the arbiter reads it on the console.
TEST(Station, SoundLostMidGameIsToldToTheVIPlayerPrivatelyInHisLanguage) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.white.language = "mk";
  StationDriver d(dir.path(), false, config);
  ASSERT_TRUE(d.station);
  const auto mk = speech::Language::load("mk");
  ASSERT_TRUE(mk);
  const auto lost =
      speech::phrase_board_link(*mk, speech::DeviceKind::Sound, speech::BoardLink::Lost);
  d.output.said.clear();
  d.now += 1s;
  speech::SoundLink link;
  link.lost = true;
  link.public_route = link.private_route = true;
  link.private_speech = false;
  d.station->handle(StationEvent::sound_link(d.now, link));
  ASSERT_EQ(d.output.said.size(), 1u);
  EXPECT_EQ(d.output.said[0].route, Route::Private);
  EXPECT_EQ(d.output.said[0].text, lost.text);
  EXPECT_TRUE(d.output.said[0].display_only);  // nothing can speak to him: his display shows it
  EXPECT_TRUE(d.output.printed_containing("braille display only"));
  // His own earpiece still plays (the public device failed): he hears it too.
  link.private_route = false;
  link.private_speech = true;
  d.station->handle(StationEvent::sound_link(d.now, link));
  ASSERT_EQ(d.output.said.size(), 2u);
  EXPECT_FALSE(d.output.said[1].display_only);
  EXPECT_EQ(d.output.said[1].route, Route::Private);
  link.lost = false;
  d.station->handle(StationEvent::sound_link(d.now, link));
  ASSERT_EQ(d.output.said.size(), 3u);
  EXPECT_EQ(d.output.said[2].text, speech::phrase_board_link(*mk, speech::DeviceKind::Sound,
                                                             speech::BoardLink::Reconnected)
                                       .text);
}

}  // namespace
}  // namespace station_test
}  // namespace annabella::app
