// The game rebuilt from its journal: moves, clocks, touches, ends, adjournment; damaged
// entries named by their number.
#include "app/record.h"

#include <gtest/gtest.h>

#include "core/notation.h"
#include "support/temp_dir.h"

namespace annabella::app {
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

JournalContents contents_of(const std::vector<JournalEntry>& entries) {
  JournalContents c;
  c.entries = entries;
  return c;
}

std::vector<JournalEntry> game_entries(const std::vector<std::string>& sans) {
  std::vector<JournalEntry> entries{begin_entry(header())};
  core::Game game;
  milliseconds white{5400000}, black{5400000};
  for (std::size_t i = 0; i < sans.size(); ++i) {
    auto m = core::read_move(game.position(), sans[i]);
    EXPECT_TRUE(m) << sans[i];
    RecordedMove r;
    r.move = *m;
    r.san = core::to_san(game.position(), *m);
    r.at = milliseconds(10000 * static_cast<int>(i + 1));
    (i % 2 ? black : white) -= milliseconds(10000 - 30000);
    r.white_left = white;
    r.black_left = black;
    r.by = i % 2 ? "console" : "pegboard";
    EXPECT_TRUE(game.play(*m));
    entries.push_back(move_entry(r, i + 1));
  }
  return entries;
}

TEST(Record, RebuildsMovesAndClocks) {
  auto entries = game_entries({"e4", "e5", "Nf3", "Nc6", "Bb5"});
  RecordedTouch touch{core::SQ_A7, core::B_PAWN, milliseconds(51000), 5, true, false};
  entries.push_back(touch_entry(touch));
  auto game = rebuild_game(contents_of(entries));
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->header.white, "Anna Blind");
  EXPECT_EQ(game->game.ply_count(), 5u);
  EXPECT_EQ(game->moves.back().san, "Bb5");
  EXPECT_EQ(game->moves.back().by, "pegboard");
  EXPECT_TRUE(game->clocks_known);
  EXPECT_EQ(game->white_left, milliseconds(5400000 + 3 * 20000));
  // Black's clock ran from Bb5 (50 s) to the touch (51 s).
  EXPECT_EQ(game->black_left, milliseconds(5400000 + 2 * 20000 - 1000));
  ASSERT_EQ(game->touches.size(), 1u);
  EXPECT_EQ(game->touches[0].square, core::SQ_A7);
  EXPECT_EQ(game->touches[0].piece, core::B_PAWN);
  EXPECT_EQ(game->last_event_at, milliseconds(51000));
  EXPECT_EQ(describe_restored(*game),
            "Restored the game Anna Blind - Bert Sighted after 5 half-moves (last move 3. Bb5); "
            "clocks White 1:31:00, Black 1:30:39 as at the last recorded event (0:00:51 into the "
            "game); Black's clock charged 0:00:01 from 0:00:50 up to the last recorded event at "
            "0:00:51; the time the station was down after it is charged to nobody (the arbiter "
            "may adjust the clocks, Art. 6.10.2).");
}

TEST(Record, ClockAdjustmentsAndAdjournmentAreRestored) {
  auto entries = game_entries({"d4", "d5"});
  entries.push_back(
      clock_entry(milliseconds(100000), milliseconds(220000), milliseconds(30000), "penalty"));
  entries.push_back(
      adjourn_entry("Nf3", milliseconds(40000), milliseconds(90000), milliseconds(220000)));
  auto game = rebuild_game(contents_of(entries));
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->white_left, milliseconds(90000));
  EXPECT_EQ(game->black_left, milliseconds(220000));
  ASSERT_TRUE(game->sealed_move);
  EXPECT_EQ(*game->sealed_move, "Nf3");
}

TEST(Record, AResignationEndsTheRebuiltGame) {
  auto entries = game_entries({"f3", "e5", "g4"});
  core::GameEnd end{core::GameResult::WhiteWins, core::Termination::Resignation, "Art. 5.1.2",
                    "Black resigns"};
  entries.push_back(end_entry(end, milliseconds(60000)));
  auto game = rebuild_game(contents_of(entries));
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_TRUE(game->game.is_over());
  EXPECT_EQ(game->game.end().result, core::GameResult::WhiteWins);
  EXPECT_EQ(game->game.end().termination, core::Termination::Resignation);
}

TEST(Record, AnIllegalRecordedMoveNamesTheEntry) {
  auto entries = game_entries({"e4", "e5"});
  RecordedMove bad;
  bad.move = core::Move(core::SQ_E1, core::SQ_E3);
  bad.san = "Ke3";
  entries.push_back(move_entry(bad, 3));
  auto contents = contents_of(entries);
  contents.name = "games/r3/game.journal";
  auto game = rebuild_game(contents);
  ASSERT_FALSE(game);
  EXPECT_NE(game.error().message.find("games/r3/game.journal: entry 4 (line 4, move): "),
            std::string::npos)
      << game.error().message;
}

// Every message about an entry names the file: read_journal() passes its path along.
TEST(Record, ErrorsNameTheJournalFile) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  {
    auto journal = Journal::create(path);
    ASSERT_TRUE(journal);
    auto entries = game_entries({"e4", "e5"});
    entries[2].set("black_ms", "soon");
    for (const auto& e : entries) ASSERT_TRUE(journal->append(e));
  }
  auto read = read_journal(path);
  ASSERT_TRUE(read) << read.error().message;
  auto game = rebuild_game(*read);
  ASSERT_FALSE(game);
  EXPECT_EQ(game.error().message, path.string() +
                                      ": entry 3 (line 3, move): field black_ms is \"soon\", "
                                      "not a number");
}

// A player thinks 20 minutes and touches pieces, then the power fails: the touches prove that
// his clock ran, so the restored clock is charged up to the last of them (not given back).
TEST(Record, TheRunningClockIsChargedUpToTheLastRecordedEvent) {
  auto entries = game_entries({"e4"});  // at 10 s; Black's clock runs from then
  const milliseconds thought = 20min + 3s;
  RecordedTouch touch{core::SQ_G8, core::B_KNIGHT, 10s + thought, 1, true, false};
  entries.push_back(touch_entry(touch));
  auto game = rebuild_game(contents_of(entries));
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->white_left, milliseconds(5400000 + 20000));
  EXPECT_EQ(game->black_left, milliseconds(5400000) - thought);
  EXPECT_EQ(game->charged_side, core::BLACK);
  EXPECT_EQ(game->charged, thought);
  EXPECT_NE(describe_restored(*game).find("Black's clock charged 0:20:03 from 0:00:10 up to the "
                                          "last recorded event at 0:20:13"),
            std::string::npos)
      << describe_restored(*game);
  // The clock as the station continues it: at the last event it shows the same, still running.
  const core::ClockInstant origin{};
  auto clock = restore_clock(*game, origin);
  ASSERT_TRUE(clock) << clock.error().message;
  EXPECT_EQ(clock->running(), core::BLACK);
  EXPECT_EQ(clock->remaining(core::BLACK, origin + game->last_event_at),
            milliseconds(5400000) - thought);
}

// Before the first move the clock ran from 0 (Art. 6.5) with the control's time.
TEST(Record, TouchesBeforeTheFirstMoveChargeTheFirstPlayer) {
  std::vector<JournalEntry> entries{begin_entry(header())};
  entries.push_back(touch_entry({core::SQ_E2, core::W_PAWN, 90s, 0, true, false}));
  auto game = rebuild_game(contents_of(entries));
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->white_left, milliseconds(5400000) - 90s);
  EXPECT_EQ(game->black_left, milliseconds(5400000));
}

// A simple delay (Art. 6.2) is waited out before the clock counts down, as on the real clock.
TEST(Record, TheChargeRespectsASimpleDelay) {
  std::vector<JournalEntry> entries{begin_entry(header())};
  entries[0].set("control", "60 min + 5 s delay");
  entries.push_back(touch_entry({core::SQ_E2, core::W_PAWN, 65s, 0, true, false}));
  auto game = rebuild_game(contents_of(entries));
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->white_left, 60min - 60s);
  EXPECT_EQ(game->charged, 60s);
}

// Paused clocks (Art. 6.11.2) and a finished game charge nobody for what follows.
TEST(Record, PausedOrStoppedClocksAreNotCharged) {
  auto entries = game_entries({"e4"});
  entries.push_back(clock_entry(milliseconds(5420000), milliseconds(5395000), 15s, "pause"));
  entries.push_back(touch_entry({core::SQ_G8, core::B_KNIGHT, 15min, 1, true, false}));
  auto paused = rebuild_game(contents_of(entries));
  ASSERT_TRUE(paused) << paused.error().message;
  EXPECT_TRUE(paused->paused);
  EXPECT_EQ(paused->black_left, milliseconds(5395000));
  EXPECT_EQ(paused->charged, milliseconds(0));
  // Restarted at 20 min: charged from then on.
  entries.push_back(clock_entry(milliseconds(5420000), milliseconds(5395000), 20min, "resume"));
  entries.push_back(touch_entry({core::SQ_G8, core::B_KNIGHT, 21min, 1, true, false}));
  auto resumed = rebuild_game(contents_of(entries));
  ASSERT_TRUE(resumed) << resumed.error().message;
  EXPECT_FALSE(resumed->paused);
  EXPECT_EQ(resumed->black_left, milliseconds(5395000) - 1min);

  auto over = game_entries({"f3", "e5", "g4", "Qh4#"});
  over.push_back(touch_entry({core::SQ_E1, core::W_KING, 10min, 4, true, false}));
  auto mated = rebuild_game(contents_of(over));
  ASSERT_TRUE(mated) << mated.error().message;
  EXPECT_TRUE(mated->game.is_over());
  EXPECT_EQ(mated->white_left, mated->moves.back().white_left);
  EXPECT_EQ(mated->charged, milliseconds(0));
}

// On resume the journal's header, not the configuration given now, defines the game.
TEST(Record, TheHeaderIsAdoptedAndEachDifferenceSaid) {
  RecordHeader h = header();
  h.visually_impaired = core::BLACK;
  config::StationConfig config;  // defaults: White is the VI player, 90/40+30+30s
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

TEST(Record, ABrokenNumberNamesTheField) {
  auto entries = game_entries({"e4"});
  entries[1].set("white_ms", "12x");
  auto game = rebuild_game(contents_of(entries));
  ASSERT_FALSE(game);
  EXPECT_NE(game.error().message.find("field white_ms is \"12x\""), std::string::npos)
      << game.error().message;
}

TEST(Record, NotAGameJournal) {
  JournalEntry e;
  e.kind = "move";
  auto game = rebuild_game(contents_of({e}));
  ASSERT_FALSE(game);
  EXPECT_NE(game.error().message.find("not a game journal"), std::string::npos);
}

// Through a real file: written by Journal, read back by read_journal, rebuilt.
TEST(Record, RoundTripThroughTheJournalFile) {
  annabella::testing::TempDir dir;
  const auto path = dir.path() / "game.journal";
  {
    auto journal = Journal::create(path);
    ASSERT_TRUE(journal);
    for (const auto& e : game_entries({"e4", "c5", "Nf3", "d6", "d4", "cxd4"}))
      ASSERT_TRUE(journal->append(e));
  }
  auto read = read_journal(path);
  ASSERT_TRUE(read) << read.error().message;
  auto game = rebuild_game(*read);
  ASSERT_TRUE(game) << game.error().message;
  EXPECT_EQ(game->game.ply_count(), 6u);
  EXPECT_EQ(game->moves.back().san, "cxd4");
}

}  // namespace
}  // namespace annabella::app
