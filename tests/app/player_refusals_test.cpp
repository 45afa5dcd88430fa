// D.2.11: the VI player on his own reads no console. Every command of his (from his braille keys,
// board buttons, tactile clock or voice) that the station refuses is answered privately, in his
// language, with the reason: "Nicht moeglich: Partie beendet". One table holds every kind of
// command (app/station_commands.h): a player's command with a state in which it is refused and
// the reason he must hear, one that is never refused, or one that is the arbiter's alone; a new
// command kind fails the test until it is put in the table. In synthetic time, in process.
#include <gtest/gtest.h>

#include <set>
#include <variant>

#include "support/station_driver.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace player_refusals_test {
namespace {

using annabella::testing::StationDriver;
using annabella::testing::TempDir;
using speech::Refusal;

// The states a refusal is tried in.
enum class State {
  Start,     // White (the VI player) to move, no move yet
  Opponent,  // after 1. e4: Black, the sighted player, to move
  Over,      // the game over (Black resigned)
};

struct Row {
  Command command;
  InputSource source = InputSource::BrailleKeys;
  State state = State::Start;
  Refusal reason = Refusal::Other;
};

// Every player's command, refused.
std::vector<Row> refused_rows() {
  using S = State;
  using I = InputSource;
  return {
      {cmd::Repeat{}, I::BoardButton, S::Start, Refusal::NoMoveYet},  // D.2.1
      {cmd::Moves{0}, I::BrailleKeys, S::Start, Refusal::NoMoveYet},
      {cmd::Board{"r9"}, I::BrailleKeys, S::Start, Refusal::UnknownReading},
      {cmd::EnterMove{"e4"}, I::BrailleKeys, S::Start, Refusal::MoveOnBoard},  // D.2.3
      {cmd::EnterMove{"Ke5"}, I::Voice, S::Opponent, Refusal::NotLegal},
      {cmd::EnterMove{"e7e5"}, I::BrailleKeys, S::Opponent, Refusal::NotYourMove},  // D.2.4
      {cmd::Answer{"1"}, I::BrailleKeys, S::Start, Refusal::NoQuestion},
      {cmd::Flag{}, I::TactileClock, S::Over, Refusal::GameOver},  // D.2.10.5
      {cmd::DrawOffer{core::WHITE}, I::BrailleKeys, S::Over, Refusal::GameOver},
      {cmd::DrawAccept{}, I::BrailleKeys, S::Start, Refusal::NoDrawOffer},  // Art. 9.1.2
      {cmd::DrawDecline{}, I::BoardButton, S::Start, Refusal::NoDrawOffer},
      {cmd::DrawClaim{}, I::BrailleKeys, S::Opponent, Refusal::NotYourMove},  // Art. 9.2, 9.3
      {cmd::DrawClaim{"Nf3"}, I::Voice, S::Over, Refusal::GameOver},
      {cmd::Resign{core::WHITE}, I::BrailleKeys, S::Over, Refusal::GameOver},   // Art. 5.1.2
      {cmd::Adjourn{"e5"}, I::BrailleKeys, S::Opponent, Refusal::NotYourMove},  // Guidelines I
      {cmd::Adjourn{"Ke2"}, I::BrailleKeys, S::Start, Refusal::NotLegal},
      {cmd::Talk{true}, I::BoardButton, S::Start, Refusal::NoPushToTalk},
      // Guidelines III.6.1 (no arbiter present): the claim and its verification, from his menu.
      {cmd::UnsupervisedClaim{}, I::BoardButton, S::Over, Refusal::GameOver},
      {cmd::VerifyClaim{}, I::BrailleKeys, S::Start, Refusal::Other},
  };
}

// A player's commands that the station always carries out.
std::vector<Command> never_refused() {
  return {cmd::Time{}, cmd::Captured{}, cmd::CallArbiter{}};
}

// The arbiter's and the assistant's commands (the console's), not the VI player's.
std::vector<Command> arbiters_only() {
  return {cmd::Help{}, cmd::Touch{}, cmd::Pause{}, cmd::Continue{}, cmd::Adjust{}, cmd::Penalty{},
          cmd::IllegalMove{}, cmd::Increment{}, cmd::QuickplayClaim{}, cmd::BothFlags{},
          cmd::Reconcile{}, cmd::OpenEnvelope{}, cmd::Status{}, cmd::Quit{},
          // Guidelines III.6.2: the arbiter's decision of a claim made without him.
          cmd::ClaimDecision{},
          // D.2.8, D.2.9: a slip corrected, or the position the arbiter restores.
          cmd::TakeBack{}};
}

void reach(StationDriver& d, State state) {
  if (state == State::Opponent) d.hand("e2", "e4");
  if (state == State::Over) d.console("resign black");
}

TEST(PlayerRefusals, EveryCommandKindIsInTheTable) {
  std::set<std::size_t> kinds;
  for (const auto& row : refused_rows()) kinds.insert(row.command.index());
  for (const auto& c : never_refused()) kinds.insert(c.index());
  for (const auto& c : arbiters_only()) kinds.insert(c.index());
  EXPECT_EQ(kinds.size(), std::variant_size_v<Command>)
      << "a command kind is in no list of tests/app/player_refusals_test.cpp: is it the VI "
         "player's, and is its refusal said to him privately?";
}

TEST(PlayerRefusals, EveryRefusedPlayerCommandIsSaidPrivatelyWithTheReason) {
  const auto german = speech::Language::load("de");
  ASSERT_TRUE(german) << german.error().message;
  for (const auto& row : refused_rows()) {
    TempDir dir;
    StationDriver d(dir.path());
    ASSERT_TRUE(d.station);
    reach(d, row.state);
    d.output.said.clear();
    const std::size_t printed = d.output.printed.size();
    d.now += std::chrono::seconds(1);
    d.station->handle(StationEvent::request(d.now, row.command, row.source));
    const std::string expected = speech::phrase_not_possible(*german, row.reason).text;
    const std::string what = "command #" + std::to_string(row.command.index()) + " from " +
                             std::string(input_source_name(row.source));
    ASSERT_FALSE(d.output.said.empty()) << what << ": nothing said";
    EXPECT_EQ(d.output.said.back().text, expected) << what;
    EXPECT_EQ(d.output.said.back().route, Route::Private) << what;
    EXPECT_GT(d.output.printed.size(), printed) << what << ": the arbiter's line is missing";
  }
}

TEST(PlayerRefusals, TheCommandsNeverRefusedSayNoNotPossible) {
  for (const auto& command : never_refused()) {
    TempDir dir;
    StationDriver d(dir.path());
    ASSERT_TRUE(d.station);
    d.output.said.clear();
    d.now += std::chrono::seconds(1);
    d.station->handle(StationEvent::request(d.now, command, InputSource::BrailleKeys));
    for (const auto& s : d.output.said)
      EXPECT_EQ(s.text.find("Nicht moeglich"), std::string::npos) << command.index();
  }
}

// D17. D.2.11: his board's ANNOUNCE and PROMOTE buttons and his CONFIRM with nothing to act on
// are answered privately with the reason, never silence (he believes his move announced while
// his clock runs, D.2.3).
void press(StationDriver& d, tactile::BoardButton button,
           std::chrono::milliseconds after = std::chrono::milliseconds(300)) {
  tactile::BoardInput in;
  in.kind = tactile::BoardInput::Kind::Button;
  in.button = button;
  d.now += after;
  in.time = d.now;
  d.station->handle(StationEvent::pegboard(in));
}

std::string last_private(const StationDriver& d) {
  for (auto it = d.output.said.rbegin(); it != d.output.said.rend(); ++it)
    if (it->route == Route::Private) return it->text;
  return "";
}

TEST(PlayerRefusals, ButtonsWithNothingToActOnAreAnswered) {
  const auto german = speech::Language::load("de");
  ASSERT_TRUE(german);
  const auto not_possible = [&](Refusal reason) {
    return speech::phrase_not_possible(*german, reason).text;
  };
  TempDir dir;
  StationDriver d(dir.path());
  ASSERT_TRUE(d.station);
  press(d, tactile::BoardButton::Announce);  // nothing moved
  d.wait(std::chrono::milliseconds(500));
  EXPECT_EQ(last_private(d), not_possible(Refusal::NoCompletedMove));
  d.output.said.clear();
  d.lift("g1");  // the knight in his hand
  press(d, tactile::BoardButton::Announce);
  d.wait(std::chrono::milliseconds(500));
  EXPECT_EQ(last_private(d), not_possible(Refusal::NoCompletedMove));
  d.output.said.clear();
  press(d, tactile::BoardButton::PromoteQueen);  // no pawn of his near the last rank
  EXPECT_EQ(last_private(d), not_possible(Refusal::NoPromotion));
  d.output.said.clear();
  d.now += std::chrono::seconds(1);
  d.station->handle(StationEvent::menu_key(d.now, MenuKey::Confirm, InputSource::BoardButton));
  EXPECT_EQ(last_private(d), not_possible(Refusal::NoQuestion));
  // ANNOUNCE pressed just as the peg goes in: the move is made and announced, no refusal.
  d.output.said.clear();
  d.place("f3");
  press(d, tactile::BoardButton::Announce, std::chrono::milliseconds(100));  // still settling
  d.wait(std::chrono::milliseconds(500));
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  for (const auto& s : d.output.said) EXPECT_EQ(s.text.find("Nicht moeglich"), std::string::npos);
  // On the opponent's move his ANNOUNCE has nothing of his to announce.
  press(d, tactile::BoardButton::Announce);
  EXPECT_EQ(last_private(d), not_possible(Refusal::NotYourMove));
  EXPECT_TRUE(d.output.printed_containing("board button ANNOUNCE: nothing to act on"));
}

// The reason is said in the player's language: every language has every reason.
TEST(PlayerRefusals, EveryLanguageWordsEveryReason) {
  for (const auto& code : speech::Language::codes()) {
    const auto language = speech::Language::load(code);
    ASSERT_TRUE(language) << language.error().message;
    for (const Refusal reason : speech::kRefusals) {
      const auto phrase = speech::phrase_not_possible(*language, reason);
      EXPECT_GT(phrase.text.size(), language->word("say.not_possible").display.size() + 2) << code;
    }
  }
}

}  // namespace
}  // namespace player_refusals_test
}  // namespace annabella::app
