// A draw claim with the intended move from the VI player's own menu (issue 14, D.2.11; Art.
// 9.2.1.1, 9.3.1): he chooses "claim a draw with my next move", enters the move as he enters
// moves (completed on his pegboard and not announced, typed on his braille display, said), the
// menu asks naming it, and Confirm claims. The station rules as the arbiter would: a correct
// claim ends the game drawn without the move being played; an incorrect one gives the opponent
// the game type's time, is said to him privately and recorded (journal, PGN), and the move is
// made (Art. 9.5.3). In synthetic time, in process: no devices, no child processes.
#include <gtest/gtest.h>

#include <algorithm>

#include "app/braille_keys.h"
#include "app/game_record.h"
#include "app/journal.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace claim_station_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::read_file;
using annabella::testing::StationDriver;

// The VI player's keys, from his braille display.
class Player {
 public:
  explicit Player(StationDriver& d) : d_(d) {}

  void key(MenuKey k) {
    d_.now += 200ms;
    d_.station->handle(StationEvent::menu_key(d_.now, k, InputSource::BrailleKeys));
  }
  // Opens the menu and goes on until its line begins with `item`.
  [[nodiscard]] bool open_at(const std::string& item) {
    key(MenuKey::Open);
    for (int i = 0; i < 16; ++i) {
      if (!d_.output.menu.empty() && d_.output.menu.back().text.starts_with("Menue: " + item))
        return true;
      key(MenuKey::Next);
    }
    return false;
  }
  // Typed on the display's braille keyboard and entered (RETURN), as app/braille_keys.h makes it.
  void type(const std::string& text) {
    d_.now += 500ms;
    d_.station->handle(
        StationEvent::request(d_.now, typed_command(text), InputSource::BrailleKeys));
  }
  [[nodiscard]] const std::string& shown() const { return d_.output.menu.back().text; }
  [[nodiscard]] bool heard_privately(const std::string& part) const {
    return std::any_of(d_.output.said.begin(), d_.output.said.end(), [&](const auto& s) {
      return s.route == Route::Private && s.text.find(part) != std::string::npos;
    });
  }

 private:
  StationDriver& d_;
};

constexpr const char* kClaimItem = "Remis mit dem naechsten Zug beanspruchen";

// 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6: White (the VI player, on his pegboard)
// to move, and 6. Ng1 would make the position after it appear for the third time (Art. 9.2).
void knights_out_and_back(StationDriver& d) {
  for (int cycle = 0; cycle < 3; ++cycle) {
    d.hand("g1", "f3");
    d.console("Nf6");
    d.hand("g8", "f6");
    if (cycle == 2) break;
    d.hand("f3", "g1");
    d.console("Ng8");
    d.hand("f6", "g8");
  }
}

// The knights out and back, then his menu's claim with the intended move chosen (Select).
bool choose_the_claim(StationDriver& d, Player& vi) {
  knights_out_and_back(d);
  if (d.station->game().ply_count() != 10 || !vi.open_at(kClaimItem)) return false;
  vi.key(MenuKey::Select);
  return true;
}

// Art. 9.2.1.1: the knights go out and back; White's sixth move Ng1 would make the position
// after it appear for the third time. He types it on his display: the game ends drawn with the
// move recorded as declared, not made on the board (nothing was executed on his pegboard).
TEST(ClaimWithTheIntendedMove, TypedOnTheDisplayACorrectClaimEndsTheGameDrawn) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  ASSERT_TRUE(d.station);
  Player vi(d);
  ASSERT_TRUE(choose_the_claim(d, vi)) << vi.shown();
  EXPECT_TRUE(vi.heard_privately("Zug auf dem Brett ausfuehren, tippen oder sagen"));
  vi.type("Ke3");  // no legal move: said, and the move is awaited still
  EXPECT_TRUE(d.output.printed_containing("\"Ke3\" is no move here"));
  EXPECT_FALSE(d.station->game().is_over());
  vi.type("Sg1");  // his own letters (Appendix C): S is the German knight
  EXPECT_EQ(vi.shown(),
            "Springer Gustav eins: Remis mit dem naechsten Zug beanspruchen? "
            "Bestaetigen oder abbrechen");
  EXPECT_FALSE(d.station->game().is_over());  // not by the move alone
  vi.key(MenuKey::Confirm);
  ASSERT_TRUE(d.station->game().is_over()) << d.output.printed.back();
  EXPECT_EQ(d.station->game().end().termination, core::Termination::ThreefoldRepetitionClaim);
  EXPECT_TRUE(d.output.printed_containing("player's menu (braille keys): draw-claim"));
  // The result, to both players, then privately to the VI player in his language.
  ASSERT_GE(d.output.said.size(), 2u);
  EXPECT_EQ(d.output.said[d.output.said.size() - 2].route, Route::Public);
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_EQ(d.output.said.back().text, d.output.said[d.output.said.size() - 2].text);
  // The journal keeps the declared move (Art. 9.2.1.1) and the end; the PGN shows both.
  auto contents = read_journal(dir.path() / "record" / "game.journal");
  ASSERT_TRUE(contents) << contents.error().message;
  const auto record = replay_journal(*contents);
  ASSERT_TRUE(record) << record.error().message;
  ASSERT_EQ(record->moves().size(), 11u);
  EXPECT_EQ(record->moves().back().san, "Ng1");
  EXPECT_EQ(record->moves().back().by, MoveSource::DrawClaim);
  const std::string pgn = read_file(dir.path() / "record" / "game.pgn");
  EXPECT_NE(pgn.find("6. Ng1"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[Result \"1/2-1/2\"]"), std::string::npos) << pgn;
}

// Art. 9.5.3: incorrect claims, each with its move: one completed on his pegboard and held
// unannounced (D.2.3), which is announced and made once the claim is rejected; one typed on the
// display, which the station makes and announces and he executes on his pegboard (D.2.1). A
// question cancelled by a slip has the held move announced: it is his move after all. Black gets
// two minutes a claim; he hears the decision privately; the journal and the PGN keep both.
TEST(ClaimWithTheIntendedMove, IncorrectClaimsGiveTheOpponentTimeAndTheMoveIsMade) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  ASSERT_TRUE(d.station);
  Player vi(d);
  // A slip: the move completed for a claim, the question cancelled: the move is announced.
  ASSERT_TRUE(vi.open_at(kClaimItem)) << vi.shown();
  vi.key(MenuKey::Select);
  d.hand("e2", "e4");
  EXPECT_TRUE(d.output.printed_containing("completed e4 on the pegboard, not announced"));
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  vi.key(MenuKey::Next);  // cancels
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(d.output.said.back().route, Route::Public);  // "Bauer Eva vier", made (D.2.3 (3))
  d.console("e5");
  d.hand("e7", "e5");
  // On the pegboard: rejected, Black +2 minutes, the held move announced and made.
  const auto black_before = d.station->clock().remaining(core::BLACK, d.now);
  ASSERT_TRUE(vi.open_at(kClaimItem)) << vi.shown();
  vi.key(MenuKey::Select);
  d.hand("g1", "f3");
  EXPECT_EQ(d.station->game().ply_count(), 2u);
  EXPECT_EQ(vi.shown(),
            "Springer Felix drei: Remis mit dem naechsten Zug beanspruchen? "
            "Bestaetigen oder abbrechen");
  vi.key(MenuKey::Confirm);
  EXPECT_FALSE(d.station->game().is_over());
  EXPECT_TRUE(d.output.printed_containing(
      "Two minutes added to Black's clock (Art. 9.5.3); White's intended move Nf3 is made"));
  EXPECT_TRUE(vi.heard_privately("Remisanspruch abgelehnt, Zeitgutschrift fuer Schwarz"));
  ASSERT_EQ(d.station->game().ply_count(), 3u);
  EXPECT_EQ(d.station->clock().remaining(core::BLACK, d.now), black_before + 2min);
  EXPECT_EQ(d.station->clock().running(), core::BLACK);
  d.console("Nc6");
  d.hand("b8", "c6");
  // Typed: rejected, the station makes it; he executes it on his pegboard.
  ASSERT_TRUE(vi.open_at(kClaimItem)) << vi.shown();
  vi.key(MenuKey::Select);
  vi.type("Lc4");
  vi.key(MenuKey::Confirm);
  ASSERT_EQ(d.station->game().ply_count(), 5u);
  EXPECT_TRUE(d.output.printed_containing("White's intended move Bc4 is made"));
  d.hand("f1", "c4");
  EXPECT_TRUE(d.output.printed_containing("executed f1c4 on the pegboard"));
  EXPECT_EQ(d.station->game().ply_count(), 5u);
  // The record: two incorrect claims with their moves, the moves made after them.
  auto contents = read_journal(dir.path() / "record" / "game.journal");
  ASSERT_TRUE(contents) << contents.error().message;
  const auto record = replay_journal(*contents);
  ASSERT_TRUE(record) << record.error().message;
  ASSERT_EQ(record->rejected_claims().size(), 2u);
  EXPECT_EQ(record->rejected_claims()[0].intended, "Nf3");
  EXPECT_EQ(record->rejected_claims()[0].ply, 2);
  EXPECT_EQ(record->rejected_claims()[1].intended, "Bc4");
  EXPECT_EQ(record->moves()[2].by, MoveSource::Pegboard);
  EXPECT_EQ(record->moves()[4].by, MoveSource::DrawClaim);
  std::string pgn = read_file(dir.path() / "record" / "game.pgn");
  std::replace(pgn.begin(), pgn.end(), '\n', ' ');  // the movetext is wrapped
  // At the ply it was claimed: after 1... e5, before the move made after it.
  const auto claim = pgn.find(
      "White claims a draw with the intended move Nf3 (Art. 9.2.1.1, "
      "9.3.1): incorrect, 2 minutes added to Black; the move is made "
      "(Art. 9.5.3)");
  ASSERT_NE(claim, std::string::npos) << pgn;
  EXPECT_LT(pgn.find("1. e4"), claim) << pgn;
  EXPECT_LT(claim, pgn.find("2. Nf3")) << pgn;
}

}  // namespace
}  // namespace claim_station_test
}  // namespace annabella::app

namespace annabella::app {
namespace claim_station_test {
namespace {

// D.2.11, issue 14: the VI player alone reads no console. Whatever he asks from his own keys
// that the station refuses is answered in his ear as well: the last move before any move, a move
// typed on his display on his own turn (his moves are made on the pegboard, D.2.3), a fallen
// flag claimed when none has fallen (he hears both times, D.2.10.5).
TEST(ClaimWithTheIntendedMove, WhatTheStationRefusesHimIsSaidInHisEar) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  ASSERT_TRUE(d.station);
  Player vi(d);
  const auto said = [&] { return d.output.said.size(); };
  ASSERT_TRUE(vi.open_at("Letzter Zug")) << vi.shown();
  std::size_t before = said();
  vi.key(MenuKey::Select);
  EXPECT_TRUE(d.output.printed_containing("no move yet"));
  ASSERT_GT(said(), before);
  EXPECT_EQ(d.output.said.back().text, "Nicht moeglich: Noch kein Zug");
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  vi.key(MenuKey::Close);
  before = said();
  vi.type("Sf3");
  EXPECT_TRUE(d.output.printed_containing("made on the pegboard (D.2.3)"));
  ASSERT_GT(said(), before);
  EXPECT_EQ(d.output.said.back().text, "Nicht moeglich: Den eigenen Zug auf dem Brett ausfuehren");
  ASSERT_TRUE(vi.open_at("Zeitueberschreitung reklamieren")) << vi.shown();
  vi.key(MenuKey::Select);
  before = said();
  vi.key(MenuKey::Confirm);
  EXPECT_TRUE(d.output.printed_containing("flag: no flag has fallen"));
  EXPECT_FALSE(d.station->game().is_over());
  EXPECT_TRUE(vi.heard_privately("Schwarz: ")) << said() - before;  // both times
  // A request carried out is not followed by "not possible".
  before = said();
  vi.type("r2");
  ASSERT_EQ(said(), before + 1);
  EXPECT_EQ(d.output.said.back().text.find("Nicht moeglich"), std::string::npos);
}

// D.2.3, Art. 9.2.1.1: the intended move completed on his pegboard and held (not announced, not
// made); the claim is correct and the game ends drawn. He is told privately to put the pieces
// back to the position on the board when he claimed, step by step in his profile's words, and
// the station says once that the pegboard shows it again.
TEST(ClaimWithTheIntendedMove, HeldOnThePegboardACorrectClaimHasThePiecesPutBack) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  ASSERT_TRUE(d.station);
  Player vi(d);
  ASSERT_TRUE(choose_the_claim(d, vi)) << vi.shown();
  d.hand("f3", "g1");  // completed, not announced (D.2.3): the intended move
  EXPECT_TRUE(vi.heard_privately("Springer Gustav eins"));
  vi.key(MenuKey::Confirm);
  ASSERT_TRUE(d.station->game().is_over()) << d.output.printed.back();
  EXPECT_EQ(d.station->game().end().termination, core::Termination::ThreefoldRepetitionClaim);
  EXPECT_TRUE(vi.heard_privately("Figuren auf die Schlussstellung zurueckstellen"));
  EXPECT_TRUE(vi.heard_privately("Springer von Gustav eins nach Felix drei"));
  EXPECT_TRUE(d.output.printed_containing("the VI player puts the pieces back"));
  EXPECT_FALSE(vi.heard_privately("Brett zeigt wieder die Schlussstellung"));
  d.hand("g1", "f3");
  EXPECT_TRUE(vi.heard_privately("Brett zeigt wieder die Schlussstellung"));
  EXPECT_TRUE(d.output.printed_containing("the pegboard shows the final position again (D.2.3)"));
  const auto restored = std::count_if(
      d.output.said.begin(), d.output.said.end(),
      [](const auto& s) { return s.text == "Brett zeigt wieder die Schlussstellung"; });
  d.lift("a2").place("a2").wait(500ms);  // felt, put back: said once only
  EXPECT_EQ(std::count_if(
                d.output.said.begin(), d.output.said.end(),
                [](const auto& s) { return s.text == "Brett zeigt wieder die Schlussstellung"; }),
            restored);
}

// Art. 9.2, D.2.3 (tester's claim lost at a crash, D19): the claim with its intended move
// completed on his pegboard waits for his confirmation when the station is killed. The journal
// keeps it; on `play --resume` it is not carried out (nothing waiting for his confirmation is
// done by a restart) and not forgotten: it is reported as withdrawn by the interruption, on the
// console, in his ear and in the arbiter's notes, and he may claim again. A claim he cancelled
// is journaled as cancelled and not reported at the resumption.
TEST(ClaimWithTheIntendedMove, AClaimAwaitingConfirmationAtACrashIsWithdrawnByTheInterruption) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  {
    StationDriver d(folder);
    ASSERT_TRUE(d.station);
    Player vi(d);
    ASSERT_TRUE(choose_the_claim(d, vi)) << vi.shown();
    d.hand("f3", "g1");  // the intended move, completed, not announced
    ASSERT_TRUE(d.station->menu().asking());
  }  // killed before CONFIRM
  const std::string journal = read_file(folder / "game.journal");
  EXPECT_NE(journal.find("\tkind=claim asked\tply=10\tmove=f3g1"), std::string::npos) << journal;
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  Player vi(again);
  EXPECT_TRUE(again.output.printed_containing(
      "the VI player's draw claim with the intended move Ng1 awaited his confirmation when the "
      "station stopped: it was not made, and is withdrawn by the interruption"));
  // What was withdrawn and why, in his language (tester N7), not a bare "Abgebrochen".
  EXPECT_TRUE(vi.heard_privately(
      "Remis mit dem naechsten Zug beanspruchen: durch die Unterbrechung der Station "
      "zurueckgezogen"));
  EXPECT_FALSE(again.station->game().is_over());
  EXPECT_EQ(again.station->game().ply_count(), 10u);
  for (const auto& said : again.output.said) EXPECT_NE(said.route, Route::Public) << said.text;
  EXPECT_NE(read_file(folder / "game.journal").find("\tkind=claim interrupted\t"),
            std::string::npos);
  EXPECT_NE(read_file(folder / "touches.txt").find("withdrawn by the interruption"),
            std::string::npos)
      << read_file(folder / "touches.txt");
  EXPECT_FALSE(again.station->record().asked_claim());
  // He may claim again; this time he cancels: journaled so, and nothing at the next resumption.
  ASSERT_TRUE(vi.open_at("Remis beanspruchen")) << vi.shown();
  vi.key(MenuKey::Select);
  ASSERT_TRUE(again.station->menu().asking());
  vi.key(MenuKey::Back);
  EXPECT_NE(read_file(folder / "game.journal").find("\tkind=claim cancelled\t"), std::string::npos);
  again.station.reset();
  StationDriver third(folder, true);
  ASSERT_TRUE(third.station);
  EXPECT_FALSE(third.output.printed_containing("withdrawn by the interruption"));
}

}  // namespace
}  // namespace claim_station_test
}  // namespace annabella::app

namespace annabella::app {
namespace claim_station_test {
namespace {

// Tester N4, docs/players-guide.md (Confirming): a question of his menu is answered by his
// Confirm alone, right after it. His ANNOUNCE button while "Aufgeben?" is asked cancels the
// question and makes no move: he hears "Aufgeben: abgebrochen" first; a later Confirm (a slip,
// or meant for something else) resigns nothing; ANNOUNCE pressed again makes his move (D.2.3).
TEST(MenuQuestion, AnnounceCancelsAnOpenQuestionAndMakesNoMove) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.pegboard.announce = config::AnnounceMode::Button;
  StationDriver d(dir.path() / "record", false, config);
  ASSERT_TRUE(d.station);
  Player vi(d);
  d.lift("e2").place("e4").wait(500ms);  // completed, not announced (D.2.3)
  ASSERT_EQ(d.station->game().ply_count(), 0u);
  ASSERT_TRUE(vi.open_at("Aufgeben")) << vi.shown();
  vi.key(MenuKey::Select);
  ASSERT_TRUE(d.station->menu().asking());
  const std::size_t said = d.output.said.size();
  d.button(tactile::BoardButton::Announce);
  EXPECT_EQ(d.station->game().ply_count(), 0u);  // no move on the press that cancelled
  EXPECT_FALSE(d.station->menu().asking());
  ASSERT_EQ(d.output.said.size(), said + 1);
  EXPECT_EQ(d.output.said.back().text, "Aufgeben: abgebrochen");
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_EQ(vi.shown(), "Aufgeben: abgebrochen");
  EXPECT_TRUE(d.output.printed_containing(
      "player's menu: \"Aufgeben: abgebrochen\": the question is cancelled by his ANNOUNCE"));
  vi.key(MenuKey::Confirm);  // a slip: nothing is asked any more
  EXPECT_FALSE(d.station->game().is_over());
  d.button(tactile::BoardButton::Announce);  // again: his move is made (D.2.3 (3))
  EXPECT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_FALSE(d.station->game().is_over());
  vi.key(MenuKey::Confirm);
  EXPECT_FALSE(d.station->game().is_over());
  const std::string journal = read_file(dir.path() / "record" / "game.journal");
  EXPECT_EQ(journal.find("resign"), std::string::npos) << journal;
}

// The other things that cancel an open question: the opponent's move made while he is asked
// (the question belongs to the position it was asked in), and a piece lifted on his pegboard
// (D.2.2). Each is said, named; no later Confirm offers, resigns or claims anything.
TEST(MenuQuestion, AMoveMadeOrAPieceLiftedCancelsAnOpenQuestion) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  ASSERT_TRUE(d.station);
  Player vi(d);
  d.hand("e2", "e4");
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  ASSERT_TRUE(vi.open_at("Aufgeben")) << vi.shown();
  vi.key(MenuKey::Select);
  ASSERT_TRUE(d.station->menu().asking());
  d.console("e5");  // the opponent's move, made while the question waits
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  EXPECT_FALSE(d.station->menu().asking());
  EXPECT_TRUE(vi.heard_privately("Aufgeben: abgebrochen"));
  EXPECT_TRUE(
      d.output.printed_containing("the question is cancelled by a move made since it was asked"));
  vi.key(MenuKey::Confirm);
  EXPECT_FALSE(d.station->game().is_over());
  vi.key(MenuKey::Close);
  d.hand("e7", "e5");  // executed on his board
  ASSERT_TRUE(vi.open_at("Remis anbieten")) << vi.shown();
  vi.key(MenuKey::Select);
  ASSERT_TRUE(d.station->menu().asking());
  d.lift("g1");
  EXPECT_FALSE(d.station->menu().asking());
  EXPECT_TRUE(vi.heard_privately("Remis anbieten: abgebrochen"));
  EXPECT_TRUE(d.output.printed_containing("a piece lifted on his pegboard (D.2.2)"));
  vi.key(MenuKey::Confirm);
  EXPECT_FALSE(d.station->record().open_draw_offer());
  EXPECT_FALSE(d.station->game().is_over());
}

// Tester N3, D.2.3 (3): with pegboard.announce = "pause" his move completed while his menu is
// open is not made by the pause (he may be claiming with it). He is told so privately, once, in
// his language: it is made when the menu is closed, or by his ANNOUNCE; closing it makes it.
TEST(MenuQuestion, AMoveWaitingForTheMenuToCloseIsSaidOnce) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  ASSERT_TRUE(d.station);
  Player vi(d);
  vi.key(MenuKey::Open);
  d.lift("e2").place("e4").wait(3s);
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  constexpr const char* kWaits =
      "Auf dem Brett: Eva vier. Er wird gemacht, wenn das Menue geschlossen ist, oder mit der "
      "Ansagetaste";
  const auto told = [&] {
    return std::count_if(d.output.said.begin(), d.output.said.end(), [&](const auto& s) {
      return s.route == Route::Private && s.text == kWaits;
    });
  };
  EXPECT_EQ(told(), 1) << d.output.said.back().text;
  EXPECT_TRUE(d.output.printed_containing(
      "completed e4 stands on the pegboard while the player's menu is open"));
  d.wait(6s);
  EXPECT_EQ(told(), 1);  // once, not at every pause
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  vi.key(MenuKey::Close);
  d.wait(3s);
  EXPECT_EQ(d.station->game().ply_count(), 1u);
}

}  // namespace
}  // namespace claim_station_test
}  // namespace annabella::app
