// The game's record: every journal record type through its one codec, and the one interpreter
// (GameRecord::apply) that rebuilds moves, clocks, touches, offers, ends and adjournments; old
// (format 1) journals still read; damaged entries named by their number.
#include "app/game_record.h"

#include <gtest/gtest.h>

#include "app/record.h"
#include "app/station_text.h"
#include "core/notation.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace game_record_test {
namespace {

using std::chrono::milliseconds;
using namespace std::chrono_literals;

RecordHeader header() {
  RecordHeader h;
  h.white = "Anna Blind";
  h.black = "Bert Sighted";
  h.control = "90 min/40 moves + 30 min + 30 s/move";
  h.event = "Test Open";
  return h;
}

JournalContents contents_of(const std::vector<JournalRecord>& records) {
  JournalContents c;
  for (const auto& r : records) c.entries.push_back(encode(r));
  return c;
}

rec::Touch touch(int number, core::Square square, core::Piece piece, milliseconds at, int ply) {
  rec::Touch t;
  t.number = number;
  t.square = square;
  t.piece = piece;
  t.at = at;
  t.ply = ply;
  return t;
}

std::vector<JournalRecord> game_records(const std::vector<std::string>& sans) {
  std::vector<JournalRecord> records{rec::Begin{header()}};
  core::Game game;
  milliseconds white{5400000}, black{5400000};
  for (std::size_t i = 0; i < sans.size(); ++i) {
    auto m = core::read_move(game.position(), sans[i]);
    EXPECT_TRUE(m) << sans[i];
    rec::Move r;
    r.ply = static_cast<int>(i + 1);
    r.move = *m;
    r.san = core::to_san(game.position(), *m);
    r.at = milliseconds(10000 * static_cast<int>(i + 1));
    (i % 2 ? black : white) -= milliseconds(10000 - 30000);
    r.white_left = white;
    r.black_left = black;
    r.by = i % 2 ? MoveSource::Console : MoveSource::Pegboard;
    EXPECT_TRUE(game.play(*m));
    records.push_back(r);
  }
  return records;
}

Result<GameRecord> replay(const std::vector<JournalRecord>& records) {
  return replay_journal(contents_of(records));
}

// A journal as an older program wrote it: its begin entry says `format`, then the moves.
JournalContents older_journal(const std::string& format, const std::vector<std::string>& sans) {
  JournalContents c;
  JournalEntry begin = encode(rec::Begin{header()});
  begin.set("format", format);
  c.entries.push_back(begin);
  for (const auto& record : game_records(sans))
    if (!std::holds_alternative<rec::Begin>(record)) c.entries.push_back(encode(record));
  return c;
}

// Every record type survives its codec: encoded to a journal line's fields and decoded back,
// nothing is lost (the typed journal's one codec).
TEST(JournalRecords, EveryKindRoundTripsThroughTheCodec) {
  rec::Move move{
      3, core::Move(core::SQ_G1, core::SQ_F3), "Nf3", 31s, 90min, 89min, 12s, MoveSource::EBoard};
  rec::Touch t = touch(7, core::SQ_H1, core::W_ROOK, 40s, 4);
  t.by = Toucher::SightedPlayer;
  t.own = false;
  rec::Adjourn adjourn{"Sf3", core::Move(core::SQ_G1, core::SQ_F3), core::BLACK, 5min, 1h, 2h};
  core::GameEnd end{core::GameResult::Draw, core::Termination::Agreement, "Art. 9.1.2", "agreed"};
  const std::vector<JournalRecord> all = {
      rec::Begin{header()},
      move,
      t,
      rec::Untouch{7, 41s, TouchOutcome::Moved, core::SQ_F1},
      rec::Clock{61min, 62min, 42s, ClockReason::Penalty},
      rec::Clock{61min, 64min, 42s, ClockReason::Increment, 5s},
      rec::Clock{61min, 66min, 42s, ClockReason::ClaimPostponed},
      rec::Clock{61min, 66min, 42s, ClockReason::ClaimRefused, 0s, core::BLACK},
      rec::DrawOffer{core::WHITE, 43s, 5},
      rec::DrawDecline{core::BLACK, 44s},
      rec::Note{NoteKind::RookFirst, 45s, core::SQ_H8, 6, {}},
      rec::Note{NoteKind::BothFlags, 45s, core::SQ_NONE, 6, {}},
      rec::End{end, 46s},
      adjourn,
      rec::Resume{47s, "restored\tafter a crash\n"},
      rec::Seal{48s, {{"digest", "ab12"}, {"phrases", "17"}}},
      rec::Heard{50s, 48600ms, 50300ms, "move Nf3 g1f3 \"springer felix drei\" 90%", 90, "entered"},
      rec::TakeBack{51s,
                    1,
                    {core::Move(core::SQ_E7, core::SQ_E6), core::Move(core::SQ_D2, core::SQ_D4)},
                    60min,
                    59min,
                    true,
                    "slip:\te5 announced"},
  };
  for (const auto& record : all) {
    const JournalEntry entry = encode(record);
    // Through the journal's text line as well: escapes and all.
    auto parsed = parse_journal({.name = "test", .text = journal_line(1, entry)});
    ASSERT_TRUE(parsed) << parsed.error().message;
    auto decoded = decode(parsed->entries.at(0));
    ASSERT_TRUE(decoded) << entry.kind << ": " << decoded.error().message;
    ASSERT_EQ(decoded->index(), record.index()) << entry.kind;
    EXPECT_EQ(encode(*decoded).fields, entry.fields) << entry.kind;
    EXPECT_EQ(record_time(*decoded), record_time(record)) << entry.kind;
  }
}

// D.2.11: a move from the sighted player's own keypad is journaled "by=keypad" and read back as
// such; a move source this program does not know reads as the console, the old meaning.
TEST(JournalRecords, AKeypadMoveKeepsItsSourceAndAnUnknownSourceReadsAsTheConsole) {
  rec::Move move{
      2, core::Move(core::SQ_E7, core::SQ_E5), "e5", 20s, 90min, 89min, 10s, MoveSource::Keypad};
  const JournalEntry entry = encode(move);
  EXPECT_EQ(entry.get("by"), "keypad");
  auto decoded = decode(entry);
  ASSERT_TRUE(decoded) << decoded.error().message;
  EXPECT_EQ(std::get<rec::Move>(*decoded).by, MoveSource::Keypad);
  EXPECT_EQ(text::move_source(MoveSource::Keypad), "keypad");
  JournalEntry later = entry;
  later.set("by", "telepathy");
  auto old_meaning = decode(later);
  ASSERT_TRUE(old_meaning) << old_meaning.error().message;
  EXPECT_EQ(std::get<rec::Move>(*old_meaning).by, MoveSource::Console);
}

TEST(JournalRecords, AnUnknownKindAndABadFieldAreNamed) {
  JournalEntry unknown;
  unknown.kind = "teleport";
  auto a = decode(unknown);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().message, "unknown entry kind \"teleport\"");
  JournalEntry offer = encode(rec::DrawOffer{core::WHITE, 1s, 0});
  offer.set("by", "green");
  auto b = decode(offer);
  ASSERT_FALSE(b);
  EXPECT_EQ(b.error().message, "field by is \"green\", not white or black");
  JournalEntry begin = encode(rec::Begin{header()});
  begin.set("format", "9");
  auto c = decode(begin);
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("newer than this program reads"), std::string::npos);
}

TEST(GameRecord, RebuildsMovesAndClocks) {
  auto records = game_records({"e4", "e5", "Nf3", "Nc6", "Bb5"});
  records.push_back(touch(1, core::SQ_A7, core::B_PAWN, 51s, 5));
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->header().white, "Anna Blind");
  EXPECT_EQ(game->game().ply_count(), 5u);
  EXPECT_EQ(game->moves().back().san, "Bb5");
  EXPECT_EQ(game->moves().back().by, MoveSource::Pegboard);
  auto clocks = restored_clocks(*game);
  ASSERT_TRUE(clocks) << clocks.error().message;
  EXPECT_EQ(clocks->white_left, milliseconds(5400000 + 3 * 20000));
  // Black's clock ran from Bb5 (50 s) to the touch (51 s).
  EXPECT_EQ(clocks->black_left, milliseconds(5400000 + 2 * 20000 - 1000));
  ASSERT_EQ(game->touches().size(), 1u);
  EXPECT_EQ(game->touches()[0].touch.square, core::SQ_A7);
  EXPECT_EQ(game->touches()[0].touch.piece, core::B_PAWN);
  EXPECT_EQ(game->last_event_at(), milliseconds(51000));
  EXPECT_EQ(text::restored(*game, &*clocks, ""),
            "Restored the game Anna Blind - Bert Sighted after 5 half-moves (last move 3. Bb5); "
            "clocks White 1:31:00, Black 1:30:39 as at the last recorded event (0:00:51 into the "
            "game); Black's clock charged 0:00:01 from 0:00:50 up to the last recorded event at "
            "0:00:51; the time the station was down after it is charged to nobody (the arbiter "
            "may adjust the clocks, Art. 6.10.2).");
}

TEST(GameRecord, ClockAdjustmentsAndAdjournmentAreRestored) {
  auto records = game_records({"d4", "d5"});
  records.push_back(rec::Clock{milliseconds(100000), milliseconds(220000), milliseconds(30000),
                               ClockReason::Penalty});
  records.push_back(rec::Adjourn{"Nf3", core::Move(core::SQ_G1, core::SQ_F3), core::WHITE,
                                 milliseconds(40000), milliseconds(90000), milliseconds(220000)});
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  auto clocks = restored_clocks(*game);
  ASSERT_TRUE(clocks);
  EXPECT_EQ(clocks->white_left, milliseconds(90000));
  EXPECT_EQ(clocks->black_left, milliseconds(220000));
  ASSERT_TRUE(game->adjourned());
  EXPECT_EQ(game->adjourned()->sealed, "Nf3");
  EXPECT_EQ(game->adjourned()->by, core::WHITE);
  EXPECT_TRUE(game->paused());
}

// Guidelines III.4: the increment introduced mid-game is restored with the clocks, once only.
TEST(GameRecord, TheIncrementIntroducedMidGameIsRestored) {
  RecordHeader h = header();
  h.control = "5 min";
  const std::vector<JournalRecord> records = {
      rec::Begin{h},
      rec::Clock{milliseconds(90000), milliseconds(240000), 30s, ClockReason::Increment, 5s}};
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->added_increment(), milliseconds(5000));
  auto clock = restore_clock(*game, core::ClockInstant{});
  ASSERT_TRUE(clock) << clock.error().message;
  EXPECT_EQ(clock->control().periods.front().increment, 5s);
  auto twice = records;
  twice.push_back(
      rec::Clock{milliseconds(90000), milliseconds(240000), 31s, ClockReason::Increment, 5s});
  EXPECT_FALSE(replay(twice));
  JournalEntry without = encode(records[1]);
  without.fields.erase(std::remove_if(without.fields.begin(), without.fields.end(),
                                      [](const auto& f) { return f.first == "increment_ms"; }),
                       without.fields.end());
  EXPECT_FALSE(decode(without));
}

// Guidelines III.3.1, III.4, III.5: the decisions at the ply they happened, who asked or claimed
// (the player to move in journals written before `by` was kept), and the claim postponed until
// decided (III.5.2).
TEST(GameRecord, QuickplayDecisionsAndThePostponedClaimAreReplayed) {
  RecordHeader h = header();
  h.control = "15 min";
  auto records = game_records({"e4"});
  records.front() = rec::Begin{h};
  // Black to move: a claim postponed with no `by` (an older journal) is Black's.
  records.push_back(rec::Clock{5min, 4min, 40s, ClockReason::ClaimPostponed});
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  ASSERT_TRUE(game->postponed_claim());
  EXPECT_EQ(game->postponed_claim()->by, core::BLACK);
  EXPECT_EQ(game->postponed_claim()->ply, 1);
  auto twice = records;
  twice.push_back(rec::Clock{5min, 4min, 41s, ClockReason::ClaimPostponed});
  EXPECT_FALSE(replay(twice));
  // Decided later, refused: the claim is closed; the note of both flags is kept at its ply.
  records.push_back(rec::Clock{5min, 4min, 50s, ClockReason::ClaimRefused, 0s, core::BLACK});
  records.push_back(rec::Note{NoteKind::BothFlags, 51s, core::SQ_NONE, 1, {}});
  records.push_back(rec::Clock{5min, 1min, 52s, ClockReason::Increment, 5s, core::BLACK});
  game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_FALSE(game->postponed_claim());
  using K = QuickplayEvent::Kind;
  const auto& events = game->quickplay_events();
  ASSERT_EQ(events.size(), 4u);
  EXPECT_EQ(events[0].kind, K::ClaimPostponed);
  EXPECT_EQ(events[1].kind, K::PostponedClaimRefused);
  EXPECT_EQ(events[1].by, core::BLACK);
  EXPECT_EQ(events[2].kind, K::BothFlagsPlayOn);
  EXPECT_EQ(events[3].kind, K::Increment);
  EXPECT_EQ(events[3].at, 52s);
  // A claim upheld later ends the game drawn and closes the claim.
  records.resize(records.size() - 3);
  records.push_back(rec::End{
      {core::GameResult::Draw, core::Termination::ArbiterDecision, "Guidelines III.5.2", "upheld"},
      60s});
  game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_FALSE(game->postponed_claim());
  EXPECT_EQ(game->quickplay_events().back().kind, K::ClaimUpheld);
  EXPECT_EQ(game->quickplay_events().back().by, core::BLACK);
}

// Guidelines I: the sealed move is legal when sealed, and no other move is made in its place.
TEST(GameRecord, TheSealedMoveIsLegalAndTheOnlyMoveAfterTheAdjournment) {
  auto records = game_records({"d4", "d5"});
  records.push_back(
      rec::Adjourn{"Ke3", core::Move(core::SQ_E1, core::SQ_E3), core::WHITE, 40s, 1h, 1h});
  auto illegal = replay(records);
  ASSERT_FALSE(illegal);
  EXPECT_NE(illegal.error().message.find("the sealed move"), std::string::npos)
      << illegal.error().message;

  records.back() =
      rec::Adjourn{"Nf3", core::Move(core::SQ_G1, core::SQ_F3), core::WHITE, 40s, 1h, 1h};
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  rec::Move other{
      3, core::Move(core::SQ_C2, core::SQ_C4), "c4", 50s, 1h, 1h, 0s, MoveSource::Console};
  auto refused = game->apply(other);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("the sealed move is Nf3"), std::string::npos)
      << refused.error().message;
  EXPECT_EQ(game->game().ply_count(), 2u);  // nothing changed
  rec::Move sealed{
      3, core::Move(core::SQ_G1, core::SQ_F3), "Nf3", 50s, 1h, 1h, 0s, MoveSource::Sealed};
  ASSERT_TRUE(game->apply(sealed));
  EXPECT_FALSE(game->adjourned());
  EXPECT_FALSE(game->paused());
}

TEST(GameRecord, AResignationEndsTheRebuiltGameExactlyAsItEnded) {
  auto records = game_records({"f3", "e5", "g4"});
  core::GameEnd end{core::GameResult::WhiteWins, core::Termination::Resignation, "Art. 5.1.2",
                    "Black resigns"};
  records.push_back(rec::End{end, milliseconds(60000)});
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_TRUE(game->game().is_over());
  EXPECT_EQ(game->game().end().result, core::GameResult::WhiteWins);
  EXPECT_EQ(game->game().end().termination, core::Termination::Resignation);
  EXPECT_EQ(game->game().end().reason, "Black resigns");
  // A flag fall keeps its own termination (not an arbiter's decision).
  records.back() = rec::End{{core::GameResult::BlackWins, core::Termination::TimeForfeit,
                             "Art. 6.9", "White's flag fell"},
                            60s};
  auto flagged = replay(records);
  ASSERT_TRUE(flagged);
  EXPECT_EQ(flagged->game().end().termination, core::Termination::TimeForfeit);
}

TEST(GameRecord, ATouchIsCompletedByWhatBecameOfIt) {
  auto records = game_records({"e4"});
  records.push_back(touch(1, core::SQ_G8, core::B_KNIGHT, 12s, 1));
  records.push_back(rec::Untouch{1, 13s, TouchOutcome::PutBack, core::SQ_NONE});
  records.push_back(touch(2, core::SQ_B8, core::B_KNIGHT, 14s, 1));
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  ASSERT_EQ(game->touches().size(), 2u);
  ASSERT_TRUE(game->touches()[0].outcome);
  EXPECT_EQ(*game->touches()[0].outcome, TouchOutcome::PutBack);
  EXPECT_FALSE(game->touches()[1].outcome);
  // Completing it twice, or a touch never recorded, is refused.
  EXPECT_FALSE(game->apply(rec::Untouch{1, 15s, TouchOutcome::Moved, core::SQ_F6}));
  EXPECT_FALSE(game->apply(rec::Untouch{9, 15s, TouchOutcome::Moved, core::SQ_F6}));
  // Touches are numbered in order.
  EXPECT_FALSE(game->apply(touch(5, core::SQ_A7, core::B_PAWN, 16s, 1)));
}

// Art. 9.1.2: an offer stays open until accepted, declined, or answered by a move.
TEST(GameRecord, ADrawOfferIsOpenUntilDeclinedOrAnsweredByAMove) {
  auto records = game_records({"e4"});
  records.push_back(rec::DrawOffer{core::WHITE, 11s, 1});
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  ASSERT_TRUE(game->open_draw_offer());
  EXPECT_EQ(*game->open_draw_offer(), core::WHITE);
  EXPECT_FALSE(game->apply(rec::DrawDecline{core::WHITE, 12s}));  // not his own
  ASSERT_TRUE(game->apply(rec::DrawDecline{core::BLACK, 12s}));
  EXPECT_FALSE(game->open_draw_offer());
  ASSERT_TRUE(game->apply(rec::DrawOffer{core::WHITE, 13s, 1}));
  rec::Move reply{
      2, core::Move(core::SQ_E7, core::SQ_E5), "e5", 20s, 90min, 90min, 9s, MoveSource::Console};
  ASSERT_TRUE(game->apply(reply));
  EXPECT_FALSE(game->open_draw_offer());
  EXPECT_EQ(game->draw_offers().size(), 2u);
}

TEST(GameRecord, AnIllegalRecordedMoveNamesTheEntry) {
  auto records = game_records({"e4", "e5"});
  rec::Move bad;
  bad.ply = 3;
  bad.move = core::Move(core::SQ_E1, core::SQ_E3);
  bad.san = "Ke3";
  records.push_back(bad);
  auto contents = contents_of(records);
  contents.name = "games/r3/game.journal";
  auto game = replay_journal(contents);
  ASSERT_FALSE(game);
  EXPECT_NE(game.error().message.find("games/r3/game.journal: entry 4 (line 4, move): "),
            std::string::npos)
      << game.error().message;
}

// Every message about an entry names the file: read_journal() passes its path along.
TEST(GameRecord, ErrorsNameTheJournalFile) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  {
    auto contents = contents_of(game_records({"e4", "e5"}));
    contents.entries[2].set("black_ms", "soon");
    auto journal = Journal::create(path, contents.entries[0]);
    ASSERT_TRUE(journal);
    for (std::size_t i = 1; i < contents.entries.size(); ++i)
      ASSERT_TRUE(journal->append(contents.entries[i]));
  }
  auto read = read_journal(path);
  ASSERT_TRUE(read) << read.error().message;
  auto game = replay_journal(*read);
  ASSERT_FALSE(game);
  EXPECT_EQ(game.error().message, path.string() +
                                      ": entry 3 (line 3, move): field black_ms is \"soon\", "
                                      "not a number");
}

// A player thinks 20 minutes and touches pieces, then the power fails: the touches prove that
// his clock ran, so the restored clock is charged up to the last of them (not given back).
TEST(GameRecord, TheRunningClockIsChargedUpToTheLastRecordedEvent) {
  auto records = game_records({"e4"});  // at 10 s; Black's clock runs from then
  const milliseconds thought = 20min + 3s;
  records.push_back(touch(1, core::SQ_G8, core::B_KNIGHT, 10s + thought, 1));
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  auto clocks = restored_clocks(*game);
  ASSERT_TRUE(clocks);
  EXPECT_EQ(clocks->white_left, milliseconds(5400000 + 20000));
  EXPECT_EQ(clocks->black_left, milliseconds(5400000) - thought);
  EXPECT_EQ(clocks->charged_side, core::BLACK);
  EXPECT_EQ(clocks->charged, thought);
  const std::string said = text::restored(*game, &*clocks, "");
  EXPECT_NE(said.find("Black's clock charged 0:20:03 from 0:00:10 up to the last recorded event "
                      "at 0:20:13"),
            std::string::npos)
      << said;
  // The clock as the station continues it: at the last event it shows the same, still running.
  const core::ClockInstant origin{};
  auto clock = restore_clock(*game, origin);
  ASSERT_TRUE(clock) << clock.error().message;
  EXPECT_EQ(clock->running(), core::BLACK);
  EXPECT_EQ(clock->remaining(core::BLACK, origin + game->last_event_at()),
            milliseconds(5400000) - thought);
}

// Before the first move the clock ran from 0 (Art. 6.5) with the control's time.
TEST(GameRecord, TouchesBeforeTheFirstMoveChargeTheFirstPlayer) {
  std::vector<JournalRecord> records{rec::Begin{header()}};
  records.push_back(touch(1, core::SQ_E2, core::W_PAWN, 90s, 0));
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  auto clocks = restored_clocks(*game);
  ASSERT_TRUE(clocks);
  EXPECT_EQ(clocks->white_left, milliseconds(5400000) - 90s);
  EXPECT_EQ(clocks->black_left, milliseconds(5400000));
}

// A simple delay (Art. 6.2) is waited out before the clock counts down, as on the real clock.
TEST(GameRecord, TheChargeRespectsASimpleDelay) {
  RecordHeader h = header();
  h.control = "60 min + 5 s delay";
  std::vector<JournalRecord> records{rec::Begin{h}};
  records.push_back(touch(1, core::SQ_E2, core::W_PAWN, 65s, 0));
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  auto clocks = restored_clocks(*game);
  ASSERT_TRUE(clocks);
  EXPECT_EQ(clocks->white_left, 60min - 60s);
  EXPECT_EQ(clocks->charged, 60s);
}

// Paused clocks (Art. 6.11.2) and a finished game charge nobody for what follows.
TEST(GameRecord, PausedOrStoppedClocksAreNotCharged) {
  auto records = game_records({"e4"});
  records.push_back(
      rec::Clock{milliseconds(5420000), milliseconds(5395000), 15s, ClockReason::Pause});
  records.push_back(touch(1, core::SQ_G8, core::B_KNIGHT, 15min, 1));
  auto paused = replay(records);
  ASSERT_TRUE(paused) << paused.error().message;
  EXPECT_TRUE(paused->paused());
  EXPECT_EQ(restored_clocks(*paused)->black_left, milliseconds(5395000));
  EXPECT_EQ(restored_clocks(*paused)->charged, milliseconds(0));
  // Restarted at 20 min: charged from then on.
  records.push_back(
      rec::Clock{milliseconds(5420000), milliseconds(5395000), 20min, ClockReason::Resume});
  records.push_back(touch(2, core::SQ_G8, core::B_KNIGHT, 21min, 1));
  auto resumed = replay(records);
  ASSERT_TRUE(resumed) << resumed.error().message;
  EXPECT_FALSE(resumed->paused());
  EXPECT_EQ(restored_clocks(*resumed)->black_left, milliseconds(5395000) - 1min);

  auto over = game_records({"f3", "e5", "g4", "Qh4#"});
  over.push_back(touch(1, core::SQ_E1, core::W_KING, 10min, 4));
  auto mated = replay(over);
  ASSERT_TRUE(mated) << mated.error().message;
  EXPECT_TRUE(mated->game().is_over());
  EXPECT_EQ(restored_clocks(*mated)->white_left, mated->moves().back().white_left);
  EXPECT_EQ(restored_clocks(*mated)->charged, milliseconds(0));
}

// A journal written before the typed records (format 1: no format field, touches with
// put_back, adjournments with the move as written only) is still read.
// An empty journal, as an older station killed while it began a game left it: said as what it
// is (nothing was recorded) and what to do, not "this is not a game journal".
TEST(GameRecord, AnEmptyJournalSaysTheGameNeverBegan) {
  auto read = parse_journal({"r3/game.journal", ""});
  ASSERT_TRUE(read) << read.error().message;
  auto replayed = replay_journal(*read);
  ASSERT_FALSE(replayed);
  EXPECT_EQ(replayed.error().message,
            "r3/game.journal: holds no entry: the station was stopped before the game began, and "
            "nothing was recorded; remove the empty file and start the game without --resume");
}

TEST(GameRecord, AFormatOneJournalIsStillRead) {
  const std::string v1 =
      "begin\tfen=\tcontrol=90 min/40 moves + 30 min + 30 s/move\twhite=Anna\tblack=Bert\t"
      "vi=white\tevent=Open\tsite=\tround=1\tdate=\tboard=1\n"
      "move\tply=1\tuci=e2e4\tsan=e4\tat_ms=10000\twhite_ms=5420000\tblack_ms=5400000\t"
      "emt_ms=10000\tby=pegboard\n"
      "touch\tsquare=g8\tpiece=n\tat_ms=12000\tply=1\town=1\tput_back=0\n"
      "clock\twhite_ms=5420000\tblack_ms=5510000\tat_ms=13000\treason=claim\n"
      "move\tply=2\tuci=g8f6\tsan=Nf6\tat_ms=20000\twhite_ms=5420000\tblack_ms=5502000\t"
      "emt_ms=8000\tby=console\n"
      "adjourn\tsealed=Nc3\tat_ms=30000\twhite_ms=5410000\tblack_ms=5502000\n";
  std::string text;
  std::uint64_t sequence = 1;
  std::size_t start = 0;
  while (start < v1.size()) {
    const std::size_t end = v1.find('\n', start);
    const std::string body = v1.substr(start, end - start);
    JournalEntry entry;
    const auto tab = body.find('\t');
    entry.kind = body.substr(0, tab);
    std::size_t field = tab;
    while (field != std::string::npos) {
      const std::size_t next = body.find('\t', field + 1);
      const std::string kv = body.substr(field + 1, next - field - 1);
      entry.fields.emplace_back(kv.substr(0, kv.find('=')), kv.substr(kv.find('=') + 1));
      field = next;
    }
    text += journal_line(sequence++, entry);
    start = end + 1;
  }
  auto contents = parse_journal({.name = "old.journal", .text = text});
  ASSERT_TRUE(contents) << contents.error().message;
  auto game = replay_journal(*contents);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->format(), 1);
  EXPECT_EQ(game->game().ply_count(), 2u);
  ASSERT_EQ(game->touches().size(), 1u);
  EXPECT_EQ(game->touches()[0].touch.number, 1);
  ASSERT_TRUE(game->adjourned());
  EXPECT_EQ(core::to_uci(game->adjourned()->move), "b1c3");
}

TEST(GameRecord, ABrokenNumberNamesTheField) {
  auto contents = contents_of(game_records({"e4"}));
  contents.entries[1].set("white_ms", "12x");
  auto game = replay_journal(contents);
  ASSERT_FALSE(game);
  EXPECT_NE(game.error().message.find("field white_ms is \"12x\""), std::string::npos)
      << game.error().message;
}

TEST(GameRecord, NotAGameJournal) {
  auto game = replay({rec::Resume{1s, "x"}});
  ASSERT_FALSE(game);
  EXPECT_NE(game.error().message.find("not a game journal"), std::string::npos);
}

// Through a real file: written by Journal, read back by read_journal, replayed.
TEST(GameRecord, RoundTripThroughTheJournalFile) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  {
    const auto records = game_records({"e4", "c5", "Nf3", "d6", "d4", "cxd4"});
    auto journal = Journal::create(path, encode(records.front()));
    ASSERT_TRUE(journal);
    for (std::size_t i = 1; i < records.size(); ++i)
      ASSERT_TRUE(journal->append(encode(records[i])));
  }
  auto read = read_journal(path);
  ASSERT_TRUE(read) << read.error().message;
  auto game = replay_journal(*read);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->game().ply_count(), 6u);
  EXPECT_EQ(game->moves().back().san, "cxd4");
}

// On resume the journal's header, not the configuration given now, defines the game.
TEST(Record, TheHeaderIsAdoptedAndEachDifferenceSaid) {
  RecordHeader h = header();
  h.visually_impaired = core::BLACK;
  h.date = "2026.11.25";
  config::StationConfig config;  // defaults: White is the VI player, 90/40+30+30s, no date
  config.game.time_control = "40/5400+30:1800+30";  // the same control, written the PGN way
  config.white.name = "Anna Blind";
  const auto warnings = adopt_recorded_header(h, config);
  EXPECT_EQ(config.black.name, "Bert Sighted");
  EXPECT_TRUE(config.black.visually_impaired);
  EXPECT_FALSE(config.white.visually_impaired);
  EXPECT_EQ(config.game.time_control, "40/5400+30:1800+30");
  EXPECT_EQ(config.event.name, "Test Open");
  std::string all;
  for (const auto& w : warnings) all += w + "\n";
  EXPECT_EQ(all.find("time_control"), std::string::npos) << all;
  EXPECT_EQ(all.find("white.name"), std::string::npos) << all;
  // An empty event.date is "the day the game starts": the journal's, without a word (tester,
  // session 13: every resume warned about it).
  EXPECT_EQ(all.find("event.date"), std::string::npos) << all;
  EXPECT_EQ(config.event.date, h.date);
  EXPECT_NE(all.find("config says black.name \"Black player\", the journal says \"Bert "
                     "Sighted\": the journal's is used"),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("is White, the journal says Black: the journal's is used"), std::string::npos)
      << all;
  config.game.time_control = "G/15+10";
  const auto again = adopt_recorded_header(h, config);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_EQ(again[0],
            "config says game.time_control \"G/15+10\", the journal says \"90 min/40 "
            "moves + 30 min + 30 s/move\": the journal's is used");
  EXPECT_EQ(config.game.time_control, h.control);
}

// Journal format versions (docs/record.md): format 3 added the `heard` entry's speech times,
// format 4 the draw claim's notes. A new journal says format 4 and keeps them; format 2 journals,
// whose heard entries were stamped when decoded, still read; a journal newer than the program is
// refused by name.
TEST(JournalFormat, ANewJournalIsFormatFiveAndKeepsTheSpeechTimes) {
  EXPECT_EQ(kJournalFormat, 5);
  EXPECT_EQ(encode(rec::Begin{header()}).get("format"), "5");
  auto records = game_records({"e4"});
  records.push_back(rec::Heard{12s, 10500ms, 12400ms, "move e5", 90, "entered"});
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->format(), 5);
  auto decoded = decode(encode(records.back()), 3);
  ASSERT_TRUE(decoded) << decoded.error().message;
  const auto& heard = std::get<rec::Heard>(*decoded);
  EXPECT_EQ(heard.at, 12s);
  EXPECT_EQ(heard.from, 10500ms);
  EXPECT_EQ(heard.decoded, 12400ms);
  EXPECT_EQ(heard.margin, "");  // an entry without a margin (written before it was kept)
  // The margin (tester s15, finding 4): a field of its own, read back as written.
  rec::Heard with_margin = std::get<rec::Heard>(records.back());
  with_margin.margin = "0.034";
  auto read = decode(encode(with_margin), 5);
  ASSERT_TRUE(read) << read.error().message;
  EXPECT_EQ(std::get<rec::Heard>(*read).margin, "0.034");
  EXPECT_EQ(std::get<rec::Heard>(*read).confidence_pct, 90);
  // Format 3 needs them.
  JournalEntry bare = encode(records.back());
  bare.fields.erase(bare.fields.begin() + 1);  // from_ms
  auto refused = decode(bare, 3);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("from_ms"), std::string::npos) << refused.error().message;
}

TEST(JournalFormat, AFormatTwoJournalWithAHeardEntryIsStillRead) {
  JournalContents c;
  JournalEntry begin = encode(rec::Begin{header()});
  begin.set("format", "2");
  c.entries.push_back(begin);
  JournalEntry heard;  // as the program before format 3 wrote it: stamped when decoded
  heard.kind = "heard";
  heard.set("at_ms", "7000").set("reading", "move Nf3 g1f3 \"springer felix drei\" 90%");
  heard.set("confidence", "90").set("action", "repeated, waiting for confirmation");
  c.entries.push_back(heard);
  auto game = replay_journal(c);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->format(), 2);
  auto decoded = decode(heard, 2);
  ASSERT_TRUE(decoded) << decoded.error().message;
  EXPECT_EQ(std::get<rec::Heard>(*decoded).from, 7s);  // no speech times: the entry's time
}

TEST(JournalFormat, AJournalNewerThanTheProgramIsRefusedByName) {
  JournalContents c;
  c.name = "r3/game.journal";
  JournalEntry begin = encode(rec::Begin{header()});
  begin.set("format", "6");
  c.entries.push_back(begin);
  auto game = replay_journal(c);
  ASSERT_FALSE(game);
  EXPECT_EQ(game.error().message,
            "r3/game.journal: entry 1 (line 1, begin): format 6 is newer than this program reads "
            "(5); use a newer annabella");
}

TEST(JournalFormat, TheDrawClaimNotesOfFormatFourReadBackAndAFormatThreeJournalStillReads) {
  // Art. 9.2: a claim asked to be confirmed, then interrupted by a crash (format 4).
  auto records = game_records({"e4", "e5"});
  records.push_back(rec::Note{NoteKind::ClaimAsked, 30s, core::SQ_NONE, 2, "g1f3"});
  auto asked = replay(records);
  ASSERT_TRUE(asked) << asked.error().message;
  ASSERT_TRUE(asked->asked_claim());
  EXPECT_EQ(asked->asked_claim()->move, "g1f3");
  auto decoded = decode(encode(records.back()));
  ASSERT_TRUE(decoded) << decoded.error().message;
  EXPECT_EQ(std::get<rec::Note>(*decoded).kind, NoteKind::ClaimAsked);
  EXPECT_EQ(std::get<rec::Note>(*decoded).move, "g1f3");
  EXPECT_EQ(encode(records.back()).get("kind"), "claim asked");
  records.push_back(rec::Note{NoteKind::ClaimInterrupted, 31s, core::SQ_NONE, 2, "g1f3"});
  auto interrupted = replay(records);
  ASSERT_TRUE(interrupted) << interrupted.error().message;
  EXPECT_FALSE(interrupted->asked_claim());
  // A format 3 journal (no claim notes) reads as before.
  auto old = replay_journal(older_journal("3", {"e4", "e5"}));
  ASSERT_TRUE(old) << old.error().message;
  EXPECT_EQ(old->format(), 3);
  EXPECT_EQ(old->game().ply_count(), 2u);
}

// D.2.8, D.2.9 (format 5): a take-back entry takes the last moves back in the one interpreter,
// keeps them and why as evidence, and sets the clocks it names; one that names other moves than
// the last ones made, or more moves than were made, is refused; a format 4 journal still reads.
TEST(JournalFormat, ATakeBackOfFormatFiveAppliesAndAFormatFourJournalStillReads) {
  auto records = game_records({"e4", "e6"});
  const auto& e4 = std::get<rec::Move>(records[1]);
  const core::Move e6 = std::get<rec::Move>(records[2]).move;
  records.push_back(rec::TakeBack{25s, 1, {e6}, e4.white_left, e4.black_left, false, "slip"});
  auto game = replay(records);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->game().ply_count(), 1u);
  EXPECT_EQ(game->game().position().side_to_move(), core::BLACK);
  ASSERT_EQ(game->taken_back().size(), 1u);
  EXPECT_EQ(game->taken_back()[0].moves.at(0).san, "e6");
  EXPECT_EQ(game->taken_back()[0].first_ply, 2);
  EXPECT_EQ(game->taken_back()[0].entry.reason, "slip");
  // The clocks restored: Black's turn starts again with the times after 1. e4.
  auto clocks = restored_clocks(*game);
  ASSERT_TRUE(clocks) << clocks.error().message;
  EXPECT_EQ(clocks->black_left, e4.black_left);
  EXPECT_EQ(clocks->white_left, e4.white_left);
  EXPECT_EQ(clocks->charged_side, core::BLACK);
  // The right move is made after it.
  rec::Move e5{2,
               core::Move(core::SQ_E7, core::SQ_E5),
               "e5",
               30s,
               e4.white_left,
               e4.black_left,
               5s,
               MoveSource::Console};
  records.push_back(e5);
  auto again = replay(records);
  ASSERT_TRUE(again) << again.error().message;
  EXPECT_EQ(again->game().ply_count(), 2u);
  EXPECT_EQ(core::to_uci(again->moves().back().move), "e7e5");
  // Another move than the last, or more moves than made: refused by name.
  auto wrong = game_records({"e4", "e6"});
  wrong.push_back(rec::TakeBack{25s, 1, {e5.move}, 1min, 1min, false, ""});
  auto refused = replay(wrong);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("move 2 is e7e6, not e7e5"), std::string::npos)
      << refused.error().message;
  auto too_many = game_records({"e4"});
  too_many.push_back(rec::TakeBack{25s, 0, {e6, e6}, 1min, 1min, false, ""});
  EXPECT_FALSE(replay(too_many));
  // A format 4 journal reads as before.
  auto old = replay_journal(older_journal("4", {"e4", "e5"}));
  ASSERT_TRUE(old) << old.error().message;
  EXPECT_EQ(old->format(), 4);
  EXPECT_EQ(old->game().ply_count(), 2u);
}

}  // namespace
}  // namespace game_record_test
}  // namespace annabella::app
