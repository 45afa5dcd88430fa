// The game rebuilt from its journal: moves, clocks, touches, ends, adjournment; damaged
// entries named by their number.
#include "app/record.h"

#include <gtest/gtest.h>

#include "core/notation.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace {

using std::chrono::milliseconds;

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
  EXPECT_EQ(game->black_left, milliseconds(5400000 + 2 * 20000));
  ASSERT_EQ(game->touches.size(), 1u);
  EXPECT_EQ(game->touches[0].square, core::SQ_A7);
  EXPECT_EQ(game->touches[0].piece, core::B_PAWN);
  EXPECT_EQ(game->last_event_at, milliseconds(51000));
  EXPECT_EQ(describe_restored(*game),
            "Restored the game Anna Blind - Bert Sighted after 5 half-moves (last move 3. Bb5); "
            "clocks White 5460 s, Black 5440 s as at the last recorded event.");
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
  auto game = rebuild_game(contents_of(entries));
  ASSERT_FALSE(game);
  EXPECT_NE(game.error().message.find("journal entry 4 (move)"), std::string::npos)
      << game.error().message;
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
