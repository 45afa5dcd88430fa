// Voice input at the station with typed events and no audio (app/voice_station.h): the sighted
// player's heard move repeated aloud and entered by the confirmation rule, a slip corrected
// before the clock (D.2.8), `unsure` asked again naming both readings, `nothing` logged only, the
// VI player's requests through the same path as his menu, and everything heard journaled.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>

#include "app/journal.h"
#include "core/movegen.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace voice_station_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::StationDriver;
using annabella::testing::TempDir;
using K = speech::VoiceCommandKind;

config::StationConfig with_rule(config::VoiceConfirm rule, bool push_to_talk = false) {
  config::StationConfig c;
  c.voice.confirm = rule;
  c.voice.confirm_seconds = 10;
  c.voice.push_to_talk = push_to_talk;
  return c;
}

// A move's tokens as the grammar of `pos` has them ("bauer", "eva", "vier").
std::vector<std::string> tokens_of(const core::Position& pos, std::string_view san) {
  auto v = speech::Vocabulary::load("fide");
  auto grammar = speech::VoiceGrammar::build(*v, pos, speech::CommandWords::for_profile(*v));
  const core::Move move = *core::read_move(pos, san);
  for (const auto& phrase : grammar->phrases())
    if (phrase.move == move) return phrase.tokens;
  return {};
}

// A game where the VI player (White) has played 1. e4 on the pegboard: Black, the sighted
// player, is to move.
struct VoiceGame {
  explicit VoiceGame(config::VoiceConfirm rule = config::VoiceConfirm::Word,
                     bool push_to_talk = false)
      : driver(dir.path(), false, with_rule(rule, push_to_talk)) {
    driver.station->voice().set_hooks(
        {[this](const core::Position& p) { positions.push_back(p.fen()); },
         [this](const std::string& line, TimePoint at) {
           cue_lines.push_back(line);
           cue_times.push_back(at);
         },
         [this](bool held, TimePoint) { talk.push_back(held); }});
    driver.hand("e2", "e4");
    driver.output.said.clear();
  }

  core::Move move(std::string_view text) const {
    return *core::read_move(driver.station->game().position(), text);
  }
  VoiceGame& heard(speech::Heard h, std::chrono::milliseconds after = 1s) {
    driver.now += after;
    driver.station->handle(StationEvent::heard(driver.now, std::move(h), driver.now));
    return *this;
  }
  VoiceGame& heard_move(std::string_view text, bool correction = false) {
    speech::Heard h;
    h.kind = speech::HeardKind::Move;
    h.move = move(text);
    h.correction = correction;
    h.confidence = 0.9;
    h.margin = 0.2;
    h.sure = true;
    return heard(h);
  }
  VoiceGame& heard_command(K kind, int value = -1) {
    speech::Heard h;
    h.kind = speech::HeardKind::Command;
    h.command = speech::VoiceCommand{kind, value};
    h.confidence = 0.9;
    h.margin = 0.2;
    h.sure = true;
    return heard(h);
  }
  // "Remis Reklamation" (Art. 9.2, 9.3), with the intended move said after it or not.
  VoiceGame& heard_claim(std::optional<std::string_view> intended = std::nullopt) {
    speech::Heard h;
    h.kind = speech::HeardKind::Command;
    h.command = speech::VoiceCommand{K::DrawClaim, -1};
    if (intended) h.move = move(*intended);
    h.confidence = 0.9;
    return heard(h);
  }
  std::size_t plies() const { return driver.station->game().ply_count(); }
  // A key of the VI player's menu (his braille display's, here).
  VoiceGame& key(MenuKey k) {
    driver.now += 200ms;
    driver.station->handle(StationEvent::menu_key(driver.now, k, InputSource::BrailleKeys));
    return *this;
  }
  // The journal's entries of one kind, in order, as "kind: action" lines for heard entries.
  std::vector<std::string> journal_kinds() const {
    std::vector<std::string> out;
    auto contents = read_journal(dir.path() / "game.journal");
    if (!contents) return out;
    for (const auto& e : contents->entries)
      out.push_back(e.kind == "heard" ? "heard: " + e.get("action") : e.kind);
    return out;
  }
  bool said(Route route, std::string_view part) const {
    for (const auto& s : driver.output.said)
      if (s.route == route && s.text.find(part) != std::string::npos) return true;
    return false;
  }

  TempDir dir;
  StationDriver driver;
  std::vector<std::string> positions;
  std::vector<std::string> cue_lines;
  std::vector<TimePoint> cue_times;
  std::vector<bool> talk;
};

TEST(VoiceStation, TheHeardMoveIsRepeatedAloudAndEnteredOnJa) {
  VoiceGame g;
  g.heard_move("e5");
  // D.2.1: repeated on the public route; not on the clock yet.
  EXPECT_TRUE(g.said(Route::Public, "Bauer Eva fuenf") || g.said(Route::Public, "Eva fuenf"))
      << (g.driver.output.said.empty() ? "" : g.driver.output.said.back().text);
  EXPECT_EQ(g.plies(), 1u);
  EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("e5"));
  g.heard_command(K::Yes);
  ASSERT_EQ(g.plies(), 2u);
  EXPECT_EQ(g.driver.station->record().moves().back().by, MoveSource::Voice);
  EXPECT_TRUE(g.driver.output.printed_containing("made 1... e5"));
  EXPECT_FALSE(g.driver.station->voice().waiting_move());
  // The listener follows the game: the start, after 1. e4, after 1... e5.
  EXPECT_EQ(g.positions.size(), 3u);
}

TEST(VoiceStation, ASlipCorrectedBeforeTheClockReplacesTheMove) {
  VoiceGame g;
  g.heard_move("Nf6").heard_move("Nc6", true);  // "nein, Springer Cesar sechs" (D.2.8)
  EXPECT_EQ(g.plies(), 1u);
  EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("Nc6"));
  EXPECT_TRUE(g.driver.output.printed_containing("correction replaces the move"));
  g.heard_command(K::Yes);
  ASSERT_EQ(g.plies(), 2u);
  EXPECT_EQ(core::to_uci(g.driver.station->record().moves().back().move), "b8c6");
}

TEST(VoiceStation, ACorrectionAfterTheClockIsOnlyLogged) {
  VoiceGame g(config::VoiceConfirm::AtOnce);
  g.heard_move("Nf6");
  ASSERT_EQ(g.plies(), 2u);  // entered at once: on the clock
  speech::Heard late;
  late.kind = speech::HeardKind::Move;
  late.correction = true;
  late.move = *core::read_move(g.driver.station->game().position_at(1), "Nc6");
  g.heard(late);
  EXPECT_EQ(g.plies(), 2u);
  EXPECT_TRUE(g.driver.output.printed_containing("not replaced, logged for the arbiter (D.2.8)"));
}

// "Anna sechs oder Bella sechs": an unsure utterance with two readings.
speech::Heard two_readings(const VoiceGame& g) {
  speech::Heard h;
  h.kind = speech::HeardKind::Unsure;
  h.alternatives = {g.move("a6"), g.move("b6")};
  h.confidence = 0.3;
  h.why = "two close readings";
  return h;
}

TEST(VoiceStation, UnsureIsNeverEnteredAndTheTwoReadingsAreNamed) {
  VoiceGame g;
  speech::Heard h = two_readings(g);
  g.heard(h);
  EXPECT_EQ(g.plies(), 1u);
  EXPECT_FALSE(g.driver.station->voice().waiting_move());
  EXPECT_TRUE(g.said(Route::Public, "Anna sechs oder Bella sechs?"))
      << (g.driver.output.said.empty() ? "" : g.driver.output.said.back().text);
  EXPECT_TRUE(g.driver.output.printed_containing("not sure enough, asked again"));
  // Nothing readable: "Bitte wiederholen".
  h.alternatives.clear();
  g.heard(h);
  EXPECT_TRUE(g.said(Route::Public, "Bitte wiederholen"));
  EXPECT_EQ(g.plies(), 1u);
}

TEST(VoiceStation, NothingIsLoggedOnly) {
  VoiceGame g;
  speech::Heard h;
  h.why = "speech outside the grammar";
  g.heard(h);
  EXPECT_TRUE(g.driver.output.said.empty());
  EXPECT_TRUE(g.driver.output.printed_containing("voice: heard nothing"));
  EXPECT_EQ(g.cue_lines.size(), 1u);
}

TEST(VoiceStation, NeinDropsTheMoveAndAsksAgain) {
  VoiceGame g;
  g.heard_move("d5").heard_command(K::No);
  EXPECT_FALSE(g.driver.station->voice().waiting_move());
  EXPECT_TRUE(g.said(Route::Public, "Bitte wiederholen"));
  g.heard_command(K::Yes);  // nothing waits any more
  EXPECT_EQ(g.plies(), 1u);
}

TEST(VoiceStation, AnUnconfirmedMoveIsDroppedAfterTheWait) {
  VoiceGame g;
  g.heard_move("d5");
  g.driver.wait(11s);
  EXPECT_FALSE(g.driver.station->voice().waiting_move());
  EXPECT_TRUE(g.driver.output.printed_containing("no confirmation within 10 s"));
  g.heard_command(K::Yes);
  EXPECT_EQ(g.plies(), 1u);
}

TEST(VoiceStation, AtOnceEntersWithoutWaiting) {
  VoiceGame g(config::VoiceConfirm::AtOnce);
  g.heard_move("c5");
  ASSERT_EQ(g.plies(), 2u);
  EXPECT_TRUE(g.driver.output.printed_containing("made 1... c5"));
}

// A move over the threshold but under the sure margin.
speech::Heard not_sure(core::Move move) {
  speech::Heard h;
  h.kind = speech::HeardKind::Move;
  h.move = move;
  h.confidence = 1.0;
  h.margin = 0.06;
  h.sure = false;
  return h;
}

TEST(VoiceStation, AtOnceReadsBackAMoveNotSureEnoughAndEntersItOnlyOnJa) {
  // D.2.1: a reading over the threshold but under the sure margin (a speaker transform makes
  // wrong readings surer too) is never entered silently, whatever the rule.
  VoiceGame g(config::VoiceConfirm::AtOnce);
  g.heard(not_sure(g.move("c5")));
  EXPECT_EQ(g.plies(), 1u);
  EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("c5"));
  EXPECT_TRUE(g.said(Route::Public, "Cesar fuenf"))
      << (g.driver.output.said.empty() ? "" : g.driver.output.said.back().text);
  EXPECT_TRUE(g.driver.output.printed_containing("not sure enough to enter at once"));
  g.heard_command(K::Yes);
  ASSERT_EQ(g.plies(), 2u);
  EXPECT_EQ(core::to_uci(g.driver.station->record().moves().back().move), "c7c5");
}

// A "ja" as the recogniser reads it when its margin over the runner-up ("nein", a move, speech
// outside the grammar) is under the sure margin: over the threshold, but not sure.
speech::Heard unsure_ja(double margin = 0.08) {
  speech::Heard h;
  h.kind = speech::HeardKind::Command;
  h.command = speech::VoiceCommand{K::Yes, -1};
  h.words = {"ja"};
  h.margin = margin;
  h.confidence = 1.0;
  h.sure = false;
  return h;
}

std::size_t said_count(const VoiceGame& g, Route route, std::string_view part) {
  std::size_t n = 0;
  for (const auto& s : g.driver.output.said)
    if (s.route == route && s.text.find(part) != std::string::npos) ++n;
  return n;
}

TEST(VoiceStation, AJaNotSureEnoughConfirmsNothingAndTheMoveIsReadBackAgain) {
  // D.2.1: a misheard "ja" (noise, another word) never enters the read-back move.
  VoiceGame g;
  g.heard_move("e5");
  ASSERT_EQ(said_count(g, Route::Public, "Eva fuenf"), 1u);
  g.heard(unsure_ja());
  EXPECT_EQ(g.plies(), 1u);
  EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("e5"));
  EXPECT_TRUE(g.driver.output.printed_containing("a confirmation not sure enough"));
  EXPECT_EQ(said_count(g, Route::Public, "Eva fuenf"), 2u);  // read back again
  // Below the threshold the judge says Unsure; noise is Nothing: neither confirms.
  speech::Heard low = unsure_ja(0.01);
  low.kind = speech::HeardKind::Unsure;
  low.confidence = 0.2;
  g.heard(low).heard(speech::Heard{});
  EXPECT_EQ(g.plies(), 1u);
  EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("e5"));
  g.heard_command(K::Yes);  // a sure "ja"
  ASSERT_EQ(g.plies(), 2u);
  EXPECT_EQ(core::to_uci(g.driver.station->record().moves().back().move), "e7e5");
}

TEST(VoiceStation, AtOnceAMoveNotSureIsEnteredOnlyOnASureJa) {
  VoiceGame g(config::VoiceConfirm::AtOnce);
  g.heard(not_sure(g.move("c5"))).heard(unsure_ja(0.149));
  EXPECT_EQ(g.plies(), 1u);
  EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("c5"));
  g.heard(unsure_ja(0.15)).heard(speech::Heard{});
  EXPECT_EQ(g.plies(), 1u);  // `sure` is the judge's: the margin alone does not confirm
  g.heard_command(K::Yes);
  EXPECT_EQ(g.plies(), 2u);
}

// Art. 5.1.2: only the player resigns. One microphone hears both players, and no "ja", sure
// or not, tells the VI player's from his opponent's: his spoken "Aufgabe" is asked privately
// and carried out by his CONFIRM key only; a "ja" tells him so, privately.
TEST(VoiceStation, ASpokenJaNeverResignsOnlyHisConfirmKeyDoes) {
  VoiceGame g;
  g.heard_command(K::Resign);
  EXPECT_TRUE(g.said(Route::Private, "Aufgeben? Bestaetigen oder abbrechen"));
  g.driver.output.said.clear();
  g.heard(unsure_ja());
  g.heard_command(K::Yes);
  EXPECT_FALSE(g.driver.station->game().is_over());
  EXPECT_TRUE(g.driver.station->voice().waiting_request());
  EXPECT_EQ(said_count(g, Route::Private, "Aufgeben: nur mit der Taste Bestaetigen"), 2u);
  EXPECT_FALSE(g.said(Route::Public, "Aufgeben"));  // his question stays private
  EXPECT_TRUE(g.driver.output.printed_containing("only his CONFIRM key does"));
  g.key(MenuKey::Confirm);
  ASSERT_TRUE(g.driver.station->game().is_over());
  EXPECT_EQ(g.driver.station->game().end().result, core::GameResult::BlackWins);
}

TEST(VoiceStation, AMoveHeardInAnotherPositionIsNotEnteredEvenWhenLegalNow) {
  // Decoded in the position after 1. e4 while the assistant typed 1... c5 and the VI player
  // answered 2. Nf3: "h6" is legal again, but it was not heard as a move of this position.
  VoiceGame g(config::VoiceConfirm::AtOnce);
  const core::Position after_e4 = g.driver.station->game().position();
  g.driver.console("c5");
  g.driver.hand("c7", "c5").hand("g1", "f3");  // copied onto the pegboard, then his own
  ASSERT_EQ(g.plies(), 3u);
  speech::Heard stale;
  stale.kind = speech::HeardKind::Move;
  stale.move = *core::read_move(after_e4, "h6");
  stale.confidence = 1.0;
  stale.margin = 0.5;
  stale.sure = true;
  stale.position_key = after_e4.key();
  ASSERT_TRUE(core::legal_moves(g.driver.station->game().position()).contains(*stale.move));
  g.heard(stale);
  EXPECT_EQ(g.plies(), 3u);
  EXPECT_FALSE(g.driver.station->voice().waiting_move());
  EXPECT_TRUE(g.driver.output.printed_containing("heard in another position"));
  EXPECT_TRUE(g.said(Route::Public, "Bitte wiederholen"));
  // The same reading judged in this position is entered.
  stale.position_key = g.driver.station->game().position().key();
  g.heard(stale);
  EXPECT_EQ(g.plies(), 4u);
}

TEST(VoiceStation, TheAssistantRuleWaitsForTheConsole) {
  VoiceGame g(config::VoiceConfirm::Assistant);
  g.heard_move("c5").heard_command(K::Yes);  // the speaker's "ja" is not enough
  EXPECT_EQ(g.plies(), 1u);
  EXPECT_TRUE(g.driver.output.printed_containing("the assistant confirms"));
  g.driver.console("yes");
  ASSERT_EQ(g.plies(), 2u);
  EXPECT_EQ(g.driver.station->record().moves().back().by, MoveSource::Voice);
}

TEST(VoiceStation, TheAssistantsYesConfirmsUnderTheWordRuleToo) {
  VoiceGame g;
  g.heard_move("c5");
  g.driver.console("yes");
  EXPECT_EQ(g.plies(), 2u);
}

TEST(VoiceStation, AMoveTypedMeanwhileEndsTheWait) {
  VoiceGame g;
  g.heard_move("c5");
  g.driver.console("e5");  // the assistant typed the move played
  ASSERT_EQ(g.plies(), 2u);
  EXPECT_FALSE(g.driver.station->voice().waiting_move());
}

TEST(VoiceStation, AMoveHeardOnTheViPlayersTurnIsNotEntered) {
  VoiceGame g(config::VoiceConfirm::AtOnce);
  g.heard_move("e5");
  ASSERT_EQ(g.plies(), 2u);
  speech::Heard own;  // the VI player announces his own move (D.2.3): made on the pegboard
  own.kind = speech::HeardKind::Move;
  own.move = *core::read_move(g.driver.station->game().position(), "Nf3");
  g.heard(own);
  EXPECT_EQ(g.plies(), 2u);
  EXPECT_TRUE(g.driver.output.printed_containing("not the sighted player's turn"));
}

TEST(VoiceStation, AMoveHeardInAnEarlierPositionIsAskedAgain) {
  VoiceGame g;
  speech::Heard stale;  // decoded just before 1. e4 was made: White's move, not legal now
  stale.kind = speech::HeardKind::Move;
  stale.move = *core::read_move(g.driver.station->game().position_at(0), "d4");
  stale.confidence = 0.9;
  g.heard(stale);
  EXPECT_EQ(g.plies(), 1u);
  EXPECT_FALSE(g.driver.station->voice().waiting_move());
  EXPECT_TRUE(g.driver.output.printed_containing("move d2d4"));
  EXPECT_TRUE(g.driver.output.printed_containing("not legal now, asked again"));
  EXPECT_TRUE(g.said(Route::Public, "Bitte wiederholen"));
}

TEST(VoiceStation, TheViPlayersRequestsGoThroughHisMenusPath) {
  VoiceGame g;
  g.heard_command(K::Time);  // D.2.10.4: privately
  EXPECT_FALSE(g.driver.output.said.empty());
  EXPECT_EQ(g.driver.output.said.back().route, Route::Private);
  g.driver.output.said.clear();
  g.heard_command(K::Resign);  // Art. 5.1.2: asked first, as the menu asks
  EXPECT_TRUE(g.driver.station->voice().waiting_request());
  EXPECT_TRUE(g.said(Route::Private, "Bestaetigen oder abbrechen"));
  EXPECT_FALSE(g.driver.station->game().is_over());
  g.heard_command(K::No);
  EXPECT_FALSE(g.driver.station->voice().waiting_request());
  EXPECT_FALSE(g.driver.station->game().is_over());
  g.heard_command(K::Resign).key(MenuKey::Confirm);  // his CONFIRM key
  ASSERT_TRUE(g.driver.station->game().is_over());
  EXPECT_EQ(g.driver.station->game().end().result, core::GameResult::BlackWins);
}

TEST(VoiceStation, RemisOffersADrawOnHisConfirmKey) {
  VoiceGame g;
  g.heard_command(K::DrawOffer).heard_command(K::Yes);  // Art. 9.1.2: his own word only
  EXPECT_FALSE(g.driver.station->record().open_draw_offer());
  g.key(MenuKey::Confirm);
  EXPECT_EQ(g.driver.station->record().open_draw_offer(), core::WHITE);
}

TEST(VoiceStation, EverythingHeardIsJournaledAndTheGameResumes) {
  {
    VoiceGame g;
    g.heard_move("e5").heard_command(K::Yes);
    speech::Heard h;
    g.heard(h);
    EXPECT_EQ(g.cue_lines.size(), 3u);
    auto contents = read_journal(g.dir.path() / "game.journal");
    ASSERT_TRUE(contents) << contents.error().message;
    int heard = 0;
    for (const auto& entry : contents->entries)
      if (entry.kind == "heard") {
        ++heard;
        EXPECT_FALSE(entry.get("reading").empty());
        EXPECT_FALSE(entry.get("action").empty());
      }
    EXPECT_EQ(heard, 3);
    g.driver.station.reset();
    StationDriver resumed(g.dir.path(), true);
    ASSERT_TRUE(resumed.station);
    EXPECT_EQ(resumed.station->game().ply_count(), 2u);
  }
}

// The journal's last `heard` entry, or nullopt (a failure named).
std::optional<JournalEntry> last_heard(const std::filesystem::path& journal) {
  auto contents = read_journal(journal);
  EXPECT_TRUE(contents) << contents.error().message;
  std::optional<JournalEntry> entry;
  if (contents)
    for (const auto& e : contents->entries)
      if (e.kind == "heard") entry = e;
  return entry;
}

// Every event carries its time: the heard entry and the cue line keep the end of the speech as
// the capture path measured it, not the time its decoding ended (0.7 s later here), and a move
// entered at once is on the clock from the end of the speech.
TEST(VoiceStation, TheHeardEntryKeepsTheEndOfSpeechNotTheDecodeTime) {
  VoiceGame g(config::VoiceConfirm::AtOnce);
  const TimePoint ended = g.driver.now + 2s;
  speech::Heard h;
  h.kind = speech::HeardKind::Move;
  h.move = g.move("e5");
  h.confidence = 0.9;
  h.sure = true;
  h.speech_began = ended - 1400ms;
  h.speech_ended = ended;
  g.driver.now = ended + 700ms;  // decoded
  g.driver.station->handle(StationEvent::heard(ended, h, g.driver.now));
  ASSERT_EQ(g.plies(), 2u);
  const auto entry = last_heard(g.dir.path() / "game.journal");
  ASSERT_TRUE(entry);
  // The move entered at once is made at the end of the speech (the clock charges from it); the
  // entry says the same time, the start 1.4 s before it, the decoding 0.7 s after it.
  const auto ended_ms = g.driver.station->record().moves().back().at.count();
  EXPECT_EQ(entry->get("at_ms"), std::to_string(ended_ms));
  EXPECT_EQ(entry->get("from_ms"), std::to_string(ended_ms - 1400));
  EXPECT_EQ(entry->get("decoded_ms"), std::to_string(ended_ms + 700));
  ASSERT_EQ(g.cue_times.size(), 1u);
  EXPECT_EQ(g.cue_times[0], ended);
  EXPECT_NE(g.cue_lines[0].find("speech 1.40 s, decoded 0.70 s after its end"), std::string::npos)
      << g.cue_lines[0];
}

// Tester s15, finding 4: the record keeps the margin beside the confidence, so that "100 %"
// beside "a confirmation not sure enough" is no contradiction (the confidence stops at 100 % at
// the clear margin, 0.05; a "ja" is sure only from 0.3): in the journal's own field, in the
// reading and in the cue list's heard line.
TEST(VoiceStation, TheRecordKeepsTheMarginBesideTheConfidence) {
  VoiceGame g;
  g.heard_move("e5");
  speech::Heard ja;
  ja.kind = speech::HeardKind::Command;
  ja.command = speech::VoiceCommand{K::Yes, -1};
  ja.words = {"ja"};
  ja.confidence = 1.0;
  ja.margin = 0.12;
  g.heard(ja);
  EXPECT_EQ(g.plies(), 1u);  // not sure: nothing confirmed
  const auto entry = last_heard(g.dir.path() / "game.journal");
  ASSERT_TRUE(entry);
  EXPECT_EQ(entry->get("margin"), "0.120");
  EXPECT_EQ(entry->get("confidence"), "100");  // the field keeps its meaning
  EXPECT_NE(entry->get("reading").find("command yes \"ja\" 100% margin 0.120"), std::string::npos)
      << entry->get("reading");
  EXPECT_NE(entry->get("action").find("its margin under the confirmation's sure margin"),
            std::string::npos)
      << entry->get("action");
  ASSERT_FALSE(g.cue_lines.empty());
  EXPECT_NE(g.cue_lines.back().find("margin 0.120"), std::string::npos) << g.cue_lines.back();
}

// D.2.3 (3): the VI player (White) made 1. e4 on his pegboard and announces it himself.
TEST(VoiceStation, TheViPlayersOwnAnnouncementAsThePegboardShowsItIsOnlyLogged) {
  VoiceGame g;
  speech::Heard own;  // "Bauer Eva vier": no legal move of Black's now
  own.kind = speech::HeardKind::Unsure;
  own.why = "a move that is not legal here";
  own.words = tokens_of(g.driver.station->game().position_at(0), "e4");
  ASSERT_FALSE(own.words.empty());
  g.heard(own);
  EXPECT_TRUE(g.driver.output.printed_containing("as his pegboard shows it (D.2.3)"));
  EXPECT_TRUE(g.driver.output.said.empty()) << g.driver.output.said.front().text;
  EXPECT_EQ(g.plies(), 1u);
}

TEST(VoiceStation, TheViPlayersOwnAnnouncementThatDiffersIsSaidPrivately) {
  VoiceGame g;
  speech::Heard own;  // "Bauer David vier", but the pegboard shows e4
  own.kind = speech::HeardKind::Unsure;
  own.why = "a move that is not legal here";
  own.words = tokens_of(g.driver.station->game().position_at(0), "d4");
  g.heard(own);
  EXPECT_TRUE(g.driver.output.printed_containing("announced d4, but his pegboard shows e4"));
  ASSERT_EQ(g.driver.output.said.size(), 1u);
  EXPECT_EQ(g.driver.output.said[0].route, Route::Private);  // the earpiece, not the hall
  EXPECT_NE(g.driver.output.said[0].text.find("Angesagt"), std::string::npos);
  EXPECT_NE(g.driver.output.said[0].text.find("Das Brett zeigt"), std::string::npos);
  EXPECT_FALSE(g.said(Route::Public, "Bitte wiederholen"));  // the sighted player is not asked
  EXPECT_EQ(g.plies(), 1u);
}

// D.2.3 (3): "Kurze Rochade" names the VI player's castling just made on the pegboard and
// Black's castling too. The first time after his move it is his announcement; said again, it is
// the sighted player's move.
TEST(VoiceStation, WordsThatNameTheViPlayersMoveAndALegalOneAreHisFirstThenTheOpponents) {
  VoiceGame g(config::VoiceConfirm::AtOnce);
  // The sighted player's moves are heard and entered; the VI player copies each onto his
  // pegboard before making his own.
  g.heard_move("e5");
  g.driver.hand("e7", "e5").hand("g1", "f3");
  ASSERT_EQ(g.plies(), 3u);
  g.heard_move("Nf6");
  g.driver.hand("g8", "f6").hand("f1", "c4");
  ASSERT_EQ(g.plies(), 5u);
  g.heard_move("Bc5");
  g.driver.hand("f8", "c5");
  g.driver.lift("e1").place("g1").lift("h1").place("f1");
  g.driver.button(tactile::BoardButton::Announce).wait(400ms);  // he announces it (D.2.3)
  ASSERT_EQ(g.plies(), 7u);
  const auto& game = g.driver.station->game();
  speech::Heard castles;  // Black's short castling, legal now, in the same words as White's
  castles.kind = speech::HeardKind::Move;
  castles.move = g.move("O-O");
  castles.words = tokens_of(game.position(), "O-O");
  castles.confidence = 0.9;
  castles.sure = true;
  ASSERT_EQ(castles.words, tokens_of(game.position_at(6), "O-O"));
  g.heard(castles);
  EXPECT_EQ(g.plies(), 7u);  // not entered for Black
  EXPECT_TRUE(g.driver.output.printed_containing("as his pegboard shows it (D.2.3)"));
  g.heard(castles);  // the sighted player says it: his move now
  EXPECT_EQ(g.plies(), 8u);
}

TEST(VoiceStation, PushToTalkGoesToTheListenerOnlyWhenItIsOn) {
  {
    VoiceGame g(config::VoiceConfirm::Word, true);
    g.driver.console("talk");
    g.driver.console("talk end");
    EXPECT_EQ(g.talk, (std::vector<bool>{true, false}));
    EXPECT_TRUE(g.driver.output.printed_containing("push-to-talk held: listening"));
  }
  VoiceGame off;
  off.driver.console("talk");
  EXPECT_TRUE(off.talk.empty());
  EXPECT_TRUE(off.driver.output.printed_containing("push-to-talk is off"));
}

// Tester 15-12: a release with nothing held, or a second press, says that nothing changed, never
// that listening began or that what was said is heard now.
TEST(VoiceStation, PushToTalkSaysOnlyWhatHappened) {
  VoiceGame g(config::VoiceConfirm::Word, true);
  g.driver.console("talk end");
  EXPECT_TRUE(g.talk.empty());
  EXPECT_TRUE(g.driver.output.printed_containing("push-to-talk was not held: nothing to release"));
  EXPECT_FALSE(g.driver.output.printed_containing("what was said is heard now"));
  g.driver.console("talk");
  g.driver.console("talk");
  EXPECT_EQ(g.talk, (std::vector<bool>{true}));
  EXPECT_TRUE(g.driver.output.printed_containing("push-to-talk is already held: still listening"));
  g.driver.console("talk end");
  EXPECT_EQ(g.talk, (std::vector<bool>{true, false}));
  EXPECT_TRUE(g.driver.output.printed_containing("what was said is heard now"));
}

// Peg protocol version 3: the pegboard's push-to-talk button, TALK when pressed and TALK-END when
// released, is the same button as the console's "talk" and "talk end" (D.2.11: the VI player's
// spoken requests without an assistant at the console).
TEST(VoiceStation, ThePegboardsTalkButtonIsPushToTalk) {
  VoiceGame g(config::VoiceConfirm::Word, true);
  for (const auto button : {tactile::BoardButton::Talk, tactile::BoardButton::TalkEnd}) {
    tactile::BoardInput in;
    in.kind = tactile::BoardInput::Kind::Button;
    in.button = button;
    g.driver.now += 300ms;
    in.time = g.driver.now;
    g.driver.station->handle(StationEvent::pegboard(in));
  }
  EXPECT_EQ(g.talk, (std::vector<bool>{true, false}));
  EXPECT_TRUE(g.driver.output.printed_containing("push-to-talk held: listening"));
}

}  // namespace
}  // namespace voice_station_test
}  // namespace annabella::app

namespace annabella::app {
namespace voice_station_test {
namespace {

// Art. 9.2.1.1 by voice: his menu waits for the move he intends for a draw claim; the move he
// says is that move (on his own turn, where it is otherwise only logged), "nein" cancels, "ja"
// claims. The claim is incorrect here: Black gets two minutes and the move is made (Art. 9.5.3).
TEST(VoiceStation, TheIntendedMoveOfADrawClaimSaidAndConfirmedByJa) {
  VoiceGame g;
  g.heard_move("e5").heard_command(K::Yes);
  g.driver.hand("e7", "e5");
  ASSERT_EQ(g.plies(), 2u);
  const auto key = [&](MenuKey k) {
    g.driver.now += 200ms;
    g.driver.station->handle(StationEvent::menu_key(g.driver.now, k, InputSource::BrailleKeys));
  };
  const auto choose_claim = [&] {
    key(MenuKey::Open);
    for (int i = 0; i < 16; ++i) {
      if (g.driver.output.menu.back().text.starts_with("Menue: Remis mit dem naechsten Zug")) break;
      key(MenuKey::Next);
    }
    key(MenuKey::Select);
  };
  choose_claim();
  g.heard_move("Nf3");
  EXPECT_TRUE(g.said(Route::Private, "Remis mit dem naechsten Zug beanspruchen? Bestaetigen"));
  g.heard_command(K::No);
  EXPECT_FALSE(g.driver.station->record().rejected_claims().size());
  EXPECT_EQ(g.plies(), 2u);
  choose_claim();
  g.heard_move("Nf3");
  g.heard_command(K::Yes);
  ASSERT_EQ(g.driver.station->record().rejected_claims().size(), 1u);
  EXPECT_EQ(g.driver.station->record().rejected_claims()[0].intended, "Nf3");
  ASSERT_EQ(g.plies(), 3u);
  EXPECT_TRUE(g.said(Route::Private, "Remisanspruch abgelehnt"));
  EXPECT_TRUE(g.driver.output.printed_containing("player's menu (voice): draw-claim"));
}

// Art. 9.2, 9.3 by voice: "Remis Reklamation Springer Felix drei" starts the claim with the
// intended move (Art. 9.2.1.1, 9.3.1) and asks, naming the move; "ja" claims. Said alone, the menu
// waits for the move, which he says next. Anything but "ja" cancels (only Confirm claims).
TEST(VoiceStation, ADrawClaimSaidWithTheIntendedMoveIsAskedAndClaimedByJa) {
  VoiceGame g;
  g.heard_move("e5").heard_command(K::Yes);
  g.driver.hand("e7", "e5");
  ASSERT_EQ(g.plies(), 2u);
  // Said alone: the move is asked for; "Zeit" then cancels the claim (not a claim, not a reading).
  g.heard_claim();
  EXPECT_TRUE(g.said(Route::Private, "Zug auf dem Brett ausfuehren, tippen oder sagen"));
  EXPECT_TRUE(g.driver.station->menu().awaiting_move());
  g.driver.output.said.clear();
  g.heard_command(K::Time);
  EXPECT_TRUE(g.said(Route::Private, "Abgebrochen"));
  EXPECT_FALSE(g.driver.station->menu().claiming_with_move());
  EXPECT_TRUE(g.driver.station->record().rejected_claims().empty());
  // Alone, then the move, then "nein": cancelled.
  g.heard_claim().heard_move("Nf3");
  EXPECT_TRUE(g.said(Route::Private, "Remis mit dem naechsten Zug beanspruchen? Bestaetigen"));
  g.heard_command(K::No);
  EXPECT_FALSE(g.driver.station->menu().claiming_with_move());
  EXPECT_TRUE(g.driver.station->record().rejected_claims().empty());
  // With the move in one breath: asked at once naming it; "ja" claims (incorrect here: Art.
  // 9.5.3, Black gets time and the move is made).
  g.driver.output.said.clear();
  g.heard_claim("Nf3");
  EXPECT_TRUE(g.said(Route::Private, "Springer Felix drei"));
  EXPECT_TRUE(g.said(Route::Private, "Remis mit dem naechsten Zug beanspruchen? Bestaetigen"));
  EXPECT_EQ(g.plies(), 2u);
  g.heard_command(K::Yes);
  ASSERT_EQ(g.driver.station->record().rejected_claims().size(), 1u);
  EXPECT_EQ(g.driver.station->record().rejected_claims()[0].intended, "Nf3");
  EXPECT_EQ(g.plies(), 3u);
  EXPECT_TRUE(g.said(Route::Private, "Remisanspruch abgelehnt"));
  EXPECT_TRUE(
      g.driver.output.printed_containing("player's menu (voice): draw claim with the "
                                         "intended move (Art. 9.2.1.1, 9.3.1)"));
}

// Only the player to move claims (Art. 9.2, 9.3): said on the opponent's turn, he hears why; the
// same for what he says after the end of the game (D.2.11: never only in the log).
TEST(VoiceStation, ADrawClaimSaidOnTheOpponentsTurnIsNotPossibleAndHeHearsWhy) {
  VoiceGame g;
  g.heard_claim("e5");
  EXPECT_TRUE(g.said(Route::Private, "Nicht moeglich: Sie sind nicht am Zug"));
  EXPECT_FALSE(g.driver.station->menu().is_open());
  EXPECT_TRUE(g.driver.output.printed_containing("only the player to move claims (Art. 9.2"));
  EXPECT_EQ(g.plies(), 1u);
  // After the end: "Remis", "Aufgabe" and the claim are not possible, and he hears why.
  g.driver.console("resign black");
  ASSERT_TRUE(g.driver.station->game().is_over());
  for (const K kind : {K::DrawOffer, K::Resign, K::DrawClaim}) {
    g.driver.output.said.clear();
    g.heard_command(kind);
    EXPECT_TRUE(g.said(Route::Private, "Nicht moeglich: Partie beendet")) << static_cast<int>(kind);
  }
}

// Tester s15 #1: one microphone, two people waiting for a confirmation. The sighted player
// (Black) announces e5, read back for his "ja"; the VI player says "Aufgabe" (asked privately).
// A "ja" now may be either's: it resigns nobody and enters nothing; the sighted player hears
// publicly that the assistant confirms, the VI player privately that only his key confirms.
TEST(VoiceStation, TheSightedPlayersJaForHisMoveDoesNotResignTheViPlayer) {
  VoiceGame g;
  g.heard_move("e5");
  ASSERT_EQ(g.driver.station->voice().waiting_move(), g.move("e5"));
  g.heard_command(K::Resign);  // the VI player, on the sighted player's turn
  EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("e5")) << "his question replaced it";
  g.driver.output.said.clear();
  g.heard_command(K::Yes);  // the sighted player confirms e5, or the VI player resigns?
  EXPECT_FALSE(g.driver.station->game().is_over()) << "the sighted player's ja resigned him";
  EXPECT_EQ(g.plies(), 1u) << "a ja that may be the VI player's entered the move";
  EXPECT_TRUE(g.said(Route::Public, "Der Assistent bestaetigt den Zug"));
  EXPECT_TRUE(g.said(Route::Private, "Aufgeben: nur mit der Taste Bestaetigen"));
  EXPECT_FALSE(g.said(Route::Public, "Aufgeben"));
  EXPECT_TRUE(g.driver.output.printed_containing("cannot tell who answered"));
  EXPECT_EQ(g.journal_kinds().back(),
            "heard: the sighted player's move and the VI player's question both wait: answers "
            "neither (the microphone cannot tell who said it)");
  // "nein" is as ambiguous: it drops nothing and cancels nothing.
  g.heard_command(K::No);
  EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("e5"));
  EXPECT_TRUE(g.driver.station->voice().waiting_request());
  // The assistant's yes is the sighted player's: e5 is entered; the move withdraws the VI
  // player's question, and he hears so privately.
  g.driver.output.said.clear();
  g.driver.console("yes");
  ASSERT_EQ(g.plies(), 2u);
  EXPECT_FALSE(g.driver.station->game().is_over());
  EXPECT_FALSE(g.driver.station->voice().waiting_request());
  EXPECT_TRUE(g.said(Route::Private, "Aufgeben: abgebrochen"));
}

// Tester s15 #1: the VI player's "Remis" waits (asked privately); the sighted player's move is
// read back meanwhile. Neither replaces the other; a "ja" answers neither; his CONFIRM key
// offers the draw and the assistant's yes enters the move.
TEST(VoiceStation, TheViPlayersQuestionIsNotDroppedSilentlyByAHeardMove) {
  VoiceGame g;
  g.heard_command(K::DrawOffer);
  ASSERT_TRUE(g.driver.station->voice().waiting_request());
  g.heard_move("e5");  // the sighted player's announcement, read back
  EXPECT_TRUE(g.driver.station->voice().waiting_request()) << "the heard move dropped it";
  g.heard_command(K::Yes);  // the VI player's "ja" to "Remis anbieten?", or the opponent's?
  EXPECT_EQ(g.plies(), 1u) << "the VI player's ja entered the sighted player's move";
  EXPECT_FALSE(g.driver.station->record().open_draw_offer());
  g.key(MenuKey::Confirm);
  EXPECT_EQ(g.driver.station->record().open_draw_offer(), core::WHITE);
  EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("e5"));
  g.driver.console("yes");
  EXPECT_EQ(g.plies(), 2u);
}

// Tester s15 #1: his menu's resignation asks him to confirm with CONFIRM; a spoken "ja" (the
// sighted player's, to nothing of his) does not confirm it.
TEST(VoiceStation, ASpokenJaDoesNotConfirmTheViPlayersMenuResignation) {
  VoiceGame g;
  g.driver.button(tactile::BoardButton::Menu);
  bool found = false;
  for (int i = 0; i < 20 && !found; ++i) {
    const auto& said = g.driver.output.said;
    if (!said.empty() && said.back().text.find("Aufgeben") != std::string::npos)
      found = true;
    else
      g.driver.button(tactile::BoardButton::Next);
  }
  ASSERT_TRUE(found) << "no Aufgabe item";
  g.driver.button(tactile::BoardButton::Select);
  ASSERT_FALSE(g.driver.station->game().is_over());
  g.heard_command(K::Yes);  // the microphone: a sure "ja", whoever said it
  EXPECT_FALSE(g.driver.station->game().is_over())
      << "a spoken ja confirmed the resignation his menu asks him to confirm with CONFIRM";
  EXPECT_TRUE(g.said(Route::Private, "Aufgeben: nur mit der Taste Bestaetigen"));
  g.key(MenuKey::Confirm);
  EXPECT_TRUE(g.driver.station->game().is_over());
}

// Tester s15 #2: the read-back c5 overtaken by the assistant's typed e5 is dropped with a word:
// printed (console and station.log) and said publicly (the sighted player heard it read back;
// the recording keeps the phrase). The assistant's
// `yes` after it hears that nothing waits.
TEST(VoiceStation, AReadBackMoveOvertakenByATypedMoveIsSaidToBeDropped) {
  VoiceGame g;
  g.heard_move("c5");
  g.driver.output.said.clear();
  g.driver.console("e5");
  ASSERT_EQ(g.plies(), 2u);
  EXPECT_TRUE(g.driver.output.printed_containing(
      "the read-back c5 is dropped, not entered: e5 was made meanwhile"));
  EXPECT_TRUE(g.said(Route::Public, "Cesar fuenf: verworfen"));
  g.driver.console("yes");
  EXPECT_TRUE(g.driver.output.printed_containing("yes: no heard move waits for confirmation"));
  EXPECT_FALSE(g.driver.output.printed_containing("is not a command or a move"));
  EXPECT_EQ(g.plies(), 2u);
}

// Tester s15 #2: another move heard while one waits replaces it, and the one dropped is named.
TEST(VoiceStation, AMoveHeardWhileAnotherWaitsNamesTheOneDropped) {
  VoiceGame g;
  g.heard_move("c5").heard_move("d5");
  EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("d5"));
  EXPECT_TRUE(g.driver.output.printed_containing("the read-back c5 is dropped, not entered: d5"));
  EXPECT_TRUE(g.said(Route::Public, "Cesar fuenf: verworfen"));
}

// Tester s15 #3: "Eva fuenf?" (one reading, not sure) is a question: the speaker's "ja" answers
// it as it answers a read-back move (D.2.1), and so does the assistant's yes.
TEST(VoiceStation, AJaToTheQuestionOfOneReadingIsAnswered) {
  const auto one_reading = [](VoiceGame& g) {
    speech::Heard h;
    h.kind = speech::HeardKind::Unsure;
    h.move = g.move("e5");
    h.alternatives = {g.move("e5")};
    h.confidence = 0.2;
    h.why = "one reading";
    g.heard(h);
  };
  {
    VoiceGame g;
    one_reading(g);
    ASSERT_TRUE(g.said(Route::Public, "Eva fuenf?"));
    EXPECT_EQ(g.driver.station->voice().waiting_move(), g.move("e5"));
    g.heard_command(K::Yes);
    ASSERT_EQ(g.plies(), 2u);
    EXPECT_EQ(core::to_uci(g.driver.station->record().moves().back().move), "e7e5");
  }
  VoiceGame g(config::VoiceConfirm::Assistant);
  one_reading(g);
  g.driver.console("yes");
  EXPECT_EQ(g.plies(), 2u);
}

// Tester s15 #3: "Anna sechs oder Bella sechs?" is not answered by "ja": he hears that the move
// is to be said again (D.2.11: never only in the log).
TEST(VoiceStation, AJaToTheQuestionOfTwoReadingsAsksForTheMoveAgain) {
  VoiceGame g;
  g.heard(two_readings(g));
  g.driver.output.said.clear();
  g.heard_command(K::Yes);
  EXPECT_EQ(g.plies(), 1u);
  EXPECT_TRUE(g.said(Route::Public, "Bitte wiederholen"));
  EXPECT_TRUE(g.driver.output.printed_containing("does not answer the question of two readings"));
}

// Tester s15 #6: the heard entry that says a move was entered is written after the move's own
// entry, so a journal cut between the two (a kill, a power cut) never claims a move it does not
// hold: every prefix resumes with the moves its heard entries say were entered.
TEST(VoiceStation, TheHeardEntryThatSaysEnteredFollowsTheMoveAndACutJournalResumesWithIt) {
  TempDir cuts;
  std::vector<std::string> lines;
  {
    VoiceGame g(config::VoiceConfirm::AtOnce);
    g.heard_move("e5");
    ASSERT_EQ(g.plies(), 2u);
    const auto kinds = g.journal_kinds();
    const auto heard = std::find(kinds.begin(), kinds.end(), "heard: entered");
    ASSERT_NE(heard, kinds.end());
    ASSERT_NE(heard, kinds.begin());
    EXPECT_EQ(*(heard - 1), "move") << "the heard entry came before the move's";
    g.driver.station.reset();
    std::ifstream in(g.dir.path() / "game.journal");
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    // Cut right after the heard entry that says "entered": it holds the move.
    std::size_t cut = 0;
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (lines[i].find("action=entered") != std::string::npos) cut = i + 1;
    ASSERT_GT(cut, 0u);
    std::filesystem::copy(g.dir.path(), cuts.path() / "rec",
                          std::filesystem::copy_options::recursive);
    std::ofstream out(cuts.path() / "rec" / "game.journal", std::ios::trunc);
    for (std::size_t i = 0; i < cut; ++i) out << lines[i] << '\n';
  }
  StationDriver resumed(cuts.path() / "rec", true);
  ASSERT_TRUE(resumed.station);
  EXPECT_EQ(resumed.station->game().ply_count(), 2u)
      << "the journal says e5 was entered but does not hold it";
}

// Tester s15 #13: the sighted player's move said (entered at once) and the arbiter's `pause`
// typed 0.5 s after the end of its speech, its decoding finishing only after the pause. D.2.3
// (3), D.2.4: the move was made when announced and the VI player's clock started then; the
// pause (Art. 6.11.1) stopped his clock, not the sighted player's. The move is dated at the end
// of its speech and charged up to it ([%emt] within its own time); the VI player's clock ran
// the half second up to the pause.
TEST(VoiceStation, AMoveSaidBeforeThePauseAndDecodedAfterItIsChargedUpToItsSpeech) {
  VoiceGame g(config::VoiceConfirm::AtOnce);
  const auto white_before = g.driver.station->clock().remaining(core::WHITE, g.driver.now);
  const TimePoint black_started = g.driver.station->clock().log().back().time;  // after 1. e4
  const TimePoint ended = g.driver.now + 3s;  // the end of the sighted player's speech
  g.driver.now = ended;
  g.driver.console("pause", 500ms);  // typed 0.5 s after the end of the speech
  ASSERT_TRUE(g.driver.station->clock().paused());
  speech::Heard h;
  h.kind = speech::HeardKind::Move;
  h.move = g.move("e5");
  h.confidence = 0.9;
  h.margin = 0.2;
  h.sure = true;
  h.speech_began = ended - 1s;
  g.driver.now = ended + 800ms;  // decoded after the pause
  g.driver.station->handle(StationEvent::heard(ended, h, g.driver.now));
  ASSERT_EQ(g.plies(), 2u);
  const auto& made = g.driver.station->record().moves().back();
  EXPECT_EQ(made.at, g.driver.station->record().moves().front().at +
                         std::chrono::duration_cast<Millis>(ended - black_started));
  EXPECT_EQ(made.elapsed, std::chrono::duration_cast<Millis>(ended - black_started))
      << "the sighted player is charged past the end of his announcement";
  // Still paused; the VI player's clock ran from the move to the pause, 0.5 s.
  const auto& clock = g.driver.station->clock();
  EXPECT_TRUE(clock.paused());
  EXPECT_EQ(clock.remaining(core::WHITE, g.driver.now), white_before - 500ms);
  // The clock's log keeps the time order: the move, then the pause.
  ASSERT_GE(clock.log().size(), 2u);
  EXPECT_EQ(clock.log().back().event, core::ClockEvent::Pause);
  EXPECT_EQ(clock.log()[clock.log().size() - 2].event, core::ClockEvent::Press);
  EXPECT_EQ(clock.log()[clock.log().size() - 2].time, ended);
}

}  // namespace
}  // namespace voice_station_test
}  // namespace annabella::app
