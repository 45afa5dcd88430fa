// Games no arbiter supervises (issue 16, Guidelines III.6): with game.arbiter_present = false the
// player to move, with less than two minutes and his flag not fallen, claims a draw himself
// (`unsupervised-claim`, III.6.1.1 and/or III.6.1.2); the claim ends the game with the result
// left to an arbiter ("*", Termination "adjudication"), the final position (and under III.6.1.2
// the scoresheet) is written to claim.txt, the opponent verifies or disputes it (`verify-claim`),
// and the arbiter gives the result later (`claim-decision`, III.6.2), also after a resumption.
// Every refusal, each with its reason. The controls are rapid ("15 min", A.1).
#include <gtest/gtest.h>

#include <algorithm>

#include "app/player_menu.h"
#include "support/game_config.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace unsupervised_claim_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::read_file;
using annabella::testing::StationDriver;
using annabella::testing::TempDir;

config::StationConfig unsupervised(const std::string& control = "15 min") {
  return annabella::testing::game_config(
      control, {.type = "", .supervision = "", .arbiter_present = false});  // Guidelines III.6
}

std::string record_file(const TempDir& dir, const std::string& name) {
  return read_file(dir.path() / "record" / name);
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

struct Refusal {
  const char* name;
  config::StationConfig config;
  const char* clocks;              // the arbiter's adjust before the claim ("" for none)
  std::chrono::milliseconds wait;  // time passing before the claim
  const char* line;
  const char* reason;  // a part of the refusal's message
};

TEST(UnsupervisedClaim, EachRefusalSaysWhyAndChangesNothingGuidelinesIII6) {
  config::StationConfig supervised = unsupervised();
  supervised.game.arbiter_present = true;
  config::StationConfig not_announced = unsupervised();
  not_announced.game.quickplay_guidelines = false;
  const Refusal refusals[] = {
      {"two minutes or more", unsupervised(), "0:02:00 0:04:00", 0ms,
       "unsupervised-claim cannot-win", "not less than two minutes"},
      {"flag fallen", unsupervised(), "0:00:01 0:04:00", 3s, "unsupervised-claim cannot-win",
       "flag has fallen"},
      {"increment in the control", unsupervised("15 min + 2 s/move"), "0:01:00 0:04:00", 0ms,
       "unsupervised-claim both", "already has an increment or a delay"},
      {"an arbiter present", supervised, "0:01:00 0:04:00", 0ms, "unsupervised-claim no-effort",
       "an arbiter supervises this game"},
      {"not announced", not_announced, "0:01:00 0:04:00", 0ms, "unsupervised-claim cannot-win",
       "were not announced"},
      {"blitz", unsupervised("5 min"), "0:01:00 0:04:00", 0ms, "unsupervised-claim cannot-win",
       "blitz game"},
      {"not the last period", unsupervised("40 moves/90 min + 30 min"), "0:01:00 0:04:00", 0ms,
       "unsupervised-claim cannot-win", "still has 40 moves"},
      {"III.4 without an arbiter", unsupervised(), "0:01:00 0:04:00", 0ms, "increment",
       "no arbiter supervises this game"},
      {"III.5 without an arbiter", unsupervised(), "0:01:00 0:04:00", 0ms,
       "quickplay-claim accepted", "no arbiter supervises this game"},
      {"nothing to verify", unsupervised(), "", 0ms, "verify-claim verified",
       "no draw claim made without an arbiter"},
      {"nothing to decide", unsupervised(), "", 0ms, "claim-decision draw",
       "no draw claim made without an arbiter"},
  };
  for (const Refusal& r : refusals) {
    SCOPED_TRACE(r.name);
    TempDir dir;
    StationDriver d(dir.path() / "record", false, r.config);
    ASSERT_TRUE(d.station);
    if (*r.clocks) d.console(std::string("adjust ") + r.clocks);
    d.console(r.line, r.wait);
    EXPECT_TRUE(d.output.printed_containing(r.reason)) << d.output.printed.back();
    EXPECT_NE(d.station->game().end().termination, core::Termination::ClaimReferred);
    EXPECT_FALSE(d.station->record().referred_claim());
  }
}

TEST(UnsupervisedClaim, TheConsoleReadsTheGroundsAndRefusesOthers) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, unsupervised());
  ASSERT_TRUE(d.station);
  d.console("unsupervised-claim perhaps");
  EXPECT_TRUE(d.output.printed_containing("cannot-win")) << d.output.printed.back();
  d.console("verify-claim maybe");
  EXPECT_TRUE(d.output.printed_containing("verified or disputed")) << d.output.printed.back();
  d.console("claim-decision later");
  EXPECT_TRUE(d.output.printed_containing("draw, or the winner")) << d.output.printed.back();
}

TEST(UnsupervisedClaim, TheClaimEndsTheGameAndIsReferredGuidelinesIII611) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, unsupervised());
  ASSERT_TRUE(d.station);
  d.console("adjust 0:01:30 0:04:00");
  d.wait(20s);  // White's clock runs: 0:01:10 at the claim
  d.console("unsupervised-claim cannot-win", 0ms);
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().result, core::GameResult::Undecided);
  EXPECT_EQ(d.station->game().end().termination, core::Termination::ClaimReferred);
  EXPECT_EQ(d.station->game().end().rule, "Guidelines III.6.1.1");
  EXPECT_TRUE(d.output.printed_containing("claim.txt")) << d.output.printed.back();
  const std::string journal = record_file(dir, "game.journal");
  EXPECT_TRUE(contains(journal, "\tend\tresult=*")) << journal;
  const std::string pgn = record_file(dir, "game.pgn");
  EXPECT_TRUE(contains(pgn, "[Result \"*\"]")) << pgn;
  EXPECT_TRUE(contains(pgn, "[Termination \"adjudication\"]")) << pgn;
  std::string claim = record_file(dir, "claim.txt");
  EXPECT_TRUE(contains(claim, "Grounds: Guidelines III.6.1.1")) << claim;
  EXPECT_TRUE(contains(claim, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")) << claim;
  EXPECT_TRUE(contains(claim, "White: King e1, Queen d1, Rooks a1 h1")) << claim;
  EXPECT_FALSE(contains(claim, "Scoresheet")) << claim;  // III.6.1.2 only
  EXPECT_TRUE(contains(claim, "Verification by Black: not yet given")) << claim;
  // III.6.1 ("less than two minutes"): the clocks at the claim, for the arbiter (tester 14p).
  EXPECT_TRUE(contains(claim,
                       "Clocks at the claim: White 0:01:10, Black 0:04:00 (White's clock "
                       "running)"))
      << claim;
  EXPECT_TRUE(contains(claim, "Time control: ")) << claim;
  // The game stays over: no move, no second claim.
  d.console("e4");
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  d.console("unsupervised-claim both");
  EXPECT_TRUE(d.output.printed_containing("the game is over")) << d.output.printed.back();

  // III.6.1: the opponent verifies, once.
  d.console("verify-claim verified");
  ASSERT_TRUE(d.station->record().referred_claim());
  EXPECT_EQ(d.station->record().referred_claim()->verified, true);
  EXPECT_TRUE(contains(record_file(dir, "game.journal"), "kind=claim verified"));
  EXPECT_TRUE(contains(record_file(dir, "claim.txt"), "Verification by Black: verified"));
  d.console("verify-claim disputed");
  EXPECT_TRUE(d.output.printed_containing("has verified the claim already"));

  // III.6.2: the arbiter's result replaces the open end; once.
  d.console("claim-decision draw");
  EXPECT_EQ(d.station->game().end().result, core::GameResult::Draw);
  EXPECT_EQ(d.station->game().end().rule, "Guidelines III.6.2");
  EXPECT_TRUE(contains(record_file(dir, "game.pgn"), "[Result \"1/2-1/2\"]"));
  claim = record_file(dir, "claim.txt");
  EXPECT_TRUE(contains(claim, "Arbiter's decision (Guidelines III.6.2): 1/2-1/2")) << claim;
  EXPECT_TRUE(contains(claim, "Clocks at the claim: White 0:01:10, Black 0:04:00")) << claim;
  d.console("claim-decision white");
  EXPECT_TRUE(d.output.printed_containing("has decided the claim already"));
  EXPECT_EQ(d.station->game().end().result, core::GameResult::Draw);
}

// III.6.2: the arbiter's decision reads as what it is: upheld, rejected with the opponent
// winning, or the game given to the claimant himself; never "rejected" with the claimant winning
// (tester, session 13).
TEST(UnsupervisedClaim, TheDecisionReadsAsWhatItIs) {
  for (const auto& [typed, reason] :
       {std::pair{"claim-decision black",
                  "White's draw claim made without an arbiter rejected by "
                  "the arbiter: Black wins"},
        std::pair{"claim-decision white",
                  "White's draw claim made without an arbiter decided by "
                  "the arbiter: White wins"},
        std::pair{"claim-decision draw",
                  "White's draw claim made without an arbiter upheld by the "
                  "arbiter"}}) {
    TempDir dir;
    StationDriver d(dir.path() / "record", false, unsupervised());
    ASSERT_TRUE(d.station);
    d.console("adjust 0:01:30 0:04:00");
    d.console("unsupervised-claim cannot-win", 0ms);
    d.console(typed);
    EXPECT_EQ(d.station->game().end().reason, reason) << typed;
    EXPECT_TRUE(d.output.printed_containing(reason)) << d.output.printed.back();
  }
}

TEST(UnsupervisedClaim, NoEffortAlsoWritesTheScoresheetGuidelinesIII612) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, unsupervised());
  ASSERT_TRUE(d.station);
  d.hand("e2", "e4");
  d.console("e5");
  d.hand("e7", "e5");
  d.console("adjust 0:01:30 0:01:00");
  d.console("unsupervised-claim both", 0ms);
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().rule, "Guidelines III.6.1.1, III.6.1.2");
  const std::string claim = record_file(dir, "claim.txt");
  EXPECT_TRUE(contains(claim, "Scoresheet (Guidelines III.6.1.2)")) << claim;
  EXPECT_TRUE(contains(claim, "e4")) << claim;
  EXPECT_TRUE(contains(claim, "after 2 half-moves")) << claim;
  d.console("verify-claim disputed");
  EXPECT_EQ(d.station->record().referred_claim()->verified, false);
  EXPECT_TRUE(contains(record_file(dir, "claim.txt"), "Verification by Black: disputed"));
}

TEST(UnsupervisedClaim, ResumedTheClaimWaitsForVerificationAndTheArbiterGuidelinesIII62) {
  TempDir dir;
  {
    StationDriver d(dir.path() / "record", false, unsupervised());
    ASSERT_TRUE(d.station);
    d.console("adjust 0:01:30 0:04:00");
    d.console("unsupervised-claim no-effort", 0ms);
    ASSERT_TRUE(d.station->game().is_over());
    d.console("quit");
  }
  {
    // The journal says no arbiter was present, whatever the configuration says now.
    StationDriver resumed(dir.path() / "record", true, config::StationConfig{});
    ASSERT_TRUE(resumed.station);
    ASSERT_TRUE(resumed.station->record().referred_claim());
    EXPECT_FALSE(resumed.station->record().header().arbiter_present);
    EXPECT_EQ(resumed.station->game().end().result, core::GameResult::Undecided);
    EXPECT_EQ(resumed.station->record().referred_claim()->rule, "Guidelines III.6.1.2");
    resumed.console("verify-claim verified");
    resumed.console("claim-decision black");
    EXPECT_EQ(resumed.station->game().end().result, core::GameResult::BlackWins);
    resumed.console("quit");
  }
  StationDriver again(dir.path() / "record", true, unsupervised());
  ASSERT_TRUE(again.station);
  const auto& claim = again.station->record().referred_claim();
  ASSERT_TRUE(claim);
  EXPECT_EQ(claim->by, core::WHITE);
  EXPECT_EQ(claim->verified, true);
  ASSERT_TRUE(claim->decision);
  EXPECT_EQ(claim->decision->result, core::GameResult::BlackWins);
  EXPECT_EQ(again.station->game().end().rule, "Guidelines III.6.2");
  // The clocks at the claim, from the journal after two resumptions.
  EXPECT_EQ(claim->white_left, std::optional<Millis>(90s));
  EXPECT_EQ(claim->black_left, std::optional<Millis>(4min));
}

}  // namespace
}  // namespace unsupervised_claim_test
}  // namespace annabella::app

namespace annabella::app {
namespace unsupervised_claim_test {
namespace {

// Presses one key of the VI player's menu as a board button does (peg protocol version 2).
void press(StationDriver& d, MenuKey key) {
  d.now += 200ms;
  d.station->handle(StationEvent::menu_key(d.now, key, InputSource::BoardButton));
}

// Opens the menu and puts the cursor on `item` of its top level, as the player does with Next.
void open_on(StationDriver& d, speech::MenuItem item, const MenuContext& context) {
  press(d, MenuKey::Open);
  const auto top = PlayerMenu::entries({}, context);
  const auto at = std::find(top.begin(), top.end(), PlayerMenu::Entry{item, std::nullopt});
  ASSERT_NE(at, top.end()) << "not offered";
  for (auto i = top.begin(); i != at; ++i) press(d, MenuKey::Next);
}

// Issue 14, D.2.11: the VI player on his own claims a draw without an arbiter (Guidelines III.6.1)
// from his private menu, with his board's buttons: the item, its grounds, the question, and only
// Confirm ends the game; a second Select cancels.
TEST(UnsupervisedClaim, TheViPlayerClaimsFromHisMenuWithTheBoardsButtons) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, unsupervised());
  ASSERT_TRUE(d.station);
  d.console("adjust 0:01:30 0:04:00");
  MenuContext context;
  context.player = core::WHITE;
  context.player_to_move = true;
  context.arbiter_present = false;
  open_on(d, speech::MenuItem::ClaimNoArbiter, context);
  EXPECT_NE(d.output.menu.back().text.find("Remis ohne Schiedsrichter beanspruchen"),
            std::string::npos)
      << d.output.menu.back().text;
  press(d, MenuKey::Select);  // the grounds: III.6.1.1 first
  EXPECT_NE(d.output.menu.back().text.find("Gegner kann nicht gewinnen"), std::string::npos)
      << d.output.menu.back().text;
  press(d, MenuKey::Select);  // asks
  press(d, MenuKey::Select);  // a slip: cancels
  EXPECT_FALSE(d.station->game().is_over());
  press(d, MenuKey::Next);    // III.6.1.2
  press(d, MenuKey::Select);  // asks
  EXPECT_FALSE(d.station->game().is_over());
  press(d, MenuKey::Confirm);
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().termination, core::Termination::ClaimReferred);
  EXPECT_EQ(d.station->game().end().rule, "Guidelines III.6.1.2");
  EXPECT_TRUE(contains(record_file(dir, "claim.txt"), "Scoresheet")) << "III.6.1.2";
}

// The claim is the player's to move (III.6.1): not offered, and refused privately, when his
// opponent is to move; with an arbiter present it is not offered at all.
TEST(UnsupervisedClaim, TheMenuOffersTheClaimOnlyToThePlayerToMoveWithNoArbiter) {
  MenuContext context;
  context.player_to_move = true;
  const auto offered = [](const MenuContext& c) {
    const auto top = PlayerMenu::entries({}, c);
    return std::find(top.begin(), top.end(),
                     PlayerMenu::Entry{speech::MenuItem::ClaimNoArbiter, std::nullopt}) !=
           top.end();
  };
  EXPECT_FALSE(offered(context));  // an arbiter is present: III.4 and III.5 instead
  context.arbiter_present = false;
  EXPECT_TRUE(offered(context));
  context.player_to_move = false;
  EXPECT_FALSE(offered(context));
  context.player_to_move = true;
  context.game_over = true;
  EXPECT_FALSE(offered(context));

  TempDir dir;
  StationDriver d(dir.path() / "record", false, unsupervised());
  ASSERT_TRUE(d.station);
  d.hand("e2", "e4");  // Black, the sighted player, to move
  d.console("adjust 0:04:00 0:01:30");
  d.output.said.clear();
  d.now += 1s;
  d.station->handle(
      StationEvent::request(d.now, cmd::UnsupervisedClaim{true, false}, InputSource::BrailleKeys));
  EXPECT_FALSE(d.station->game().is_over()) << "claimed for his opponent";
  ASSERT_FALSE(d.output.said.empty());
  EXPECT_EQ(d.output.said.back().route, Route::Private);
  EXPECT_NE(d.output.said.back().text.find("Nicht"), std::string::npos)
      << d.output.said.back().text;
}

// III.6.1: the sighted opponent's claim ended the game; the VI player verifies or disputes the
// final position from his menu, only by Confirm, once.
TEST(UnsupervisedClaim, TheViPlayerDisputesTheOpponentsClaimFromHisMenu) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, unsupervised());
  ASSERT_TRUE(d.station);
  d.hand("e2", "e4");
  d.console("adjust 0:04:00 0:01:30");
  d.console("unsupervised-claim cannot-win", 0ms);
  ASSERT_TRUE(d.station->game().is_over());
  MenuContext context;
  context.game_over = true;
  context.claim_to_verify = true;
  open_on(d, speech::MenuItem::DisputeClaim, context);
  press(d, MenuKey::Select);
  EXPECT_FALSE(d.station->record().referred_claim()->verified);
  press(d, MenuKey::Confirm);
  ASSERT_TRUE(d.station->record().referred_claim()->verified.has_value());
  EXPECT_FALSE(*d.station->record().referred_claim()->verified);
  EXPECT_TRUE(contains(record_file(dir, "claim.txt"), "Verification by White: disputed"));
  // Given once: the items are gone.
  context.claim_to_verify = false;
  const auto top = PlayerMenu::entries({}, context);
  EXPECT_EQ(std::find(top.begin(), top.end(),
                      PlayerMenu::Entry{speech::MenuItem::VerifyClaim, std::nullopt}),
            top.end());
}

// "Nein" and "ja" (voice input) answer the menu's question as Cancel and Confirm do: the claim
// without an arbiter is confirmed by a sure "ja"; "nein" and a "ja" not heard surely do not claim.
TEST(UnsupervisedClaim, TheViPlayersJaConfirmsTheClaimHisMenuAsks) {
  TempDir dir;
  StationDriver d(dir.path() / "record", false, unsupervised());
  ASSERT_TRUE(d.station);
  d.console("adjust 0:01:30 0:04:00");
  const auto heard = [&](speech::VoiceCommandKind kind, bool sure) {
    speech::Heard h;
    h.kind = speech::HeardKind::Command;
    h.command = speech::VoiceCommand{kind, -1};
    h.confidence = 0.9;
    h.margin = sure ? 0.2 : 0.01;
    h.sure = sure;
    d.now += 1s;
    d.station->handle(StationEvent::heard(d.now, h, d.now));
  };
  MenuContext context;
  context.player_to_move = true;
  context.arbiter_present = false;
  const auto ask = [&] {
    press(d, MenuKey::Close);  // from the top again
    open_on(d, speech::MenuItem::ClaimNoArbiter, context);
    press(d, MenuKey::Select);
    press(d, MenuKey::Select);  // "Gegner kann nicht gewinnen? Bestaetigen oder abbrechen"
  };
  ask();
  heard(speech::VoiceCommandKind::No, true);
  EXPECT_FALSE(d.station->game().is_over());
  ask();
  heard(speech::VoiceCommandKind::Yes, false);  // not sure: asked again
  EXPECT_FALSE(d.station->game().is_over());
  heard(speech::VoiceCommandKind::Yes, true);
  ASSERT_TRUE(d.station->game().is_over());
  EXPECT_EQ(d.station->game().end().rule, "Guidelines III.6.1.1");
  EXPECT_TRUE(d.output.printed_containing("player's menu (voice): unsupervised-claim"));
}

}  // namespace
}  // namespace unsupervised_claim_test
}  // namespace annabella::app
