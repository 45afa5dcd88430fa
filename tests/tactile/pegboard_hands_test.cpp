// The Pegboard recogniser against the hand orders that once went wrong in the replayed games
// (bench_recognition --replay), each replayed here input by input as the board said it: what the
// hands did is evidence of the moves made (D.2.3), whichever move the game was at when a peg
// was lifted, and a reading the hands contradict is never recorded (issue 12).
#include <gtest/gtest.h>

#include <algorithm>

#include "support/reconcile_fixtures.h"
#include "tactile/pegboard.h"
#include "tactile/pegboard_driver.h"

namespace annabella::tactile {
namespace pegboard_hands_test {
namespace {

using namespace std::chrono_literals;
using core::Position;
using driver::Driver;
using driver::Lines;
using driver::made_moves;
using driver::pressed;

bool says(const Lines& lines, std::string_view start) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& line) { return line.starts_with(start); });
}

PegboardSettings board_watch() {
  return {.settle = 100ms, .made_by_reply = true};
}

TEST(PegboardEvidence, APegLiftedBeforeTheMoveBeforeWasMadeStillRulesOutASequence) {
  // DGT board watch (bench_recognition --replay, seed 217): 4.g3, and Black's Nxf2 reported as
  // a DGT board scans a capture (the knight on f2, then e4 empty, no lift of the pawn); White at
  // once takes the knight off f2 and lifts his king to take back. Lifted 22 ms after e4, the
  // knight's lift came before the touch that made g3 was known: as a peg lifted "before the
  // position moved on" it was no evidence, and the board (e4, f2 empty; the king still on e1)
  // read as Nxg3 fxg3: a move nobody made recorded. The knight came out of f2, where no piece of
  // that sequence ever stood (D.2.3): the capture is under way until the king lands on f2.
  const Position start =
      testing::after(Position{}, "c2c4 c7c5 a2a3 g8f6 b2b3 f6e4");  // 4.g3 to come
  Driver d(start, board_watch(), true);
  d.lift("g2").place("g3", core::W_PAWN, 81ms).settle();
  d.place("f2", core::B_KNIGHT, 76ms).lift("e4", 54ms);
  d.lift("f2", 22ms).lift("e1", 52ms).place("f2", core::W_KING, 96ms).settle();
  d.lift("e7", 178ms).place("e6", core::B_PAWN, 61ms).settle().announce();
  const Lines lines = d.take();
  EXPECT_EQ(made_moves(lines), std::vector<std::string>({"g2g3", "e4f2", "e1f2", "e7e6"}))
      << ::testing::PrintToString(lines);
  EXPECT_FALSE(says(lines, "illegal")) << ::testing::PrintToString(lines);
}

TEST(PegboardEvidence, APromotedPieceCapturedBeforeTheBoardSettledKeepsItsName) {
  // DGT board watch (bench_recognition --replay, seed 354): after 13...Ra4, White's gxf8=B
  // reported as a DGT board scans a capture (the bishop on f8 before g7 empties), and Black
  // takes it back at once the same way (the king on f8, then e8 empty). The board named the
  // bishop (D.2.1), but it was lifted before the touch that made Ra4 was known: no evidence,
  // so all four promotions read alike and the board waited for "which piece?" for ever. The
  // bishop lifted from f8 stood there only after gxf8=B; the reply's touch is Black's hand.
  const Position start = testing::after(
      Position{}, "f2f4 e7e5 f4e5 a7a5 c2c4 a5a4 g1f3 f7f5 e5f6 a4a3 b2b3 b7b5 f6g7");
  Driver d(start, board_watch(), true);
  d.lift("a8").place("a4", core::B_ROOK, 76ms).settle();
  d.place("f8", core::W_BISHOP, 126ms).lift("g7", 86ms);
  d.place("f8", core::B_KING, 12ms).lift("e8", 76ms).settle();
  d.lift("h2", 231ms).place("h3", core::W_PAWN, 82ms).settle().announce();
  const Lines lines = d.take();
  EXPECT_EQ(made_moves(lines), std::vector<std::string>({"a8a4", "g7f8b", "e8f8", "h2h3"}))
      << ::testing::PrintToString(lines);
  EXPECT_FALSE(says(lines, "promotion on")) << ::testing::PrintToString(lines);
  EXPECT_TRUE(says(lines, "touched f8 white bishop (opponent's piece)"))
      << ::testing::PrintToString(lines);
}

TEST(PegboardEvidence, AnOccupancyBoardKnowsThePegAHandCarriedAlone) {
  // Peg e-board (bench_recognition --replay, seed 268): 37.Re6 and Black's Kd8 begun within the
  // settle time. The occupancy (e8, d7 empty; e6, d8 filled) is that of Re6 Kd8 and of Rd8+
  // Ke6 alike; the board took neither and stopped for the rest of the game. But the peg put
  // into e6 was the only one in the hand, lifted from e8: the rook; and the king's from d7 went
  // into d8 (D.2.3 (2): the hands placed them).
  const Position start = testing::after(
      Position{},
      "d2d4 e7e5 d4d5 h7h5 f2f4 e5f4 c1f4 f8c5 f4c7 b8c6 g1h3 f7f5 c7d8 b7b5 c2c4 c6d8 a2a3 b5c4 "
      "e2e3 c5e3 h3g1 g7g6 e1e2 h5h4 e2e3 d7d6 g2g4 h4g3 h2g3 c4c3 b1c3 h8h1 f1b5 e8f8 a1c1 d8f7 "
      "e3f4 a7a5 b5d3 f8e8 d3f5 f7h8 d1b3 g6f5 c3b1 h1g1 c1g1 e8d7 a3a4 g8h6 g1c1 a8a6 c1e1 h8g6 "
      "f4g5 a6a8 g5g6 a8b8 b3b5 b8b5 g6h6 c8a6 e1e5 b5b2 g3g4 b2b6 e5e8 a6b7 g4f5 b6b1 f5f6 b7d5");
  for (const bool watch : {false, true}) {
    Driver d(start, {.settle = 100ms, .auto_announce = !watch, .made_by_reply = watch});
    d.lift("e8").place("e6", core::NO_PIECE, 50ms).lift("d7", 41ms);
    d.place("d8", core::NO_PIECE, 54ms).settle();
    d.lift("f6", 285ms).place("f7", core::NO_PIECE, 95ms).settle();
    if (d.board().completed_move()) d.announce();
    const Lines lines = d.take();
    EXPECT_EQ(made_moves(lines), std::vector<std::string>({"e8e6", "d7d8", "f6f7"}))
        << (watch ? "board watch: " : "e-board: ") << ::testing::PrintToString(lines);
  }
}

TEST(PegboardEvidence, AReplyBegunOnASettledBoardIsJudgedWhenItsPieceGoesOn) {
  // DGT board watch (bench_recognition --replay, seed 15): 9...Qxa2 settled; White lifts the
  // rook h1, puts it down on h2 and lifts it again to slide on to h6. The lift from h1 was not
  // taken as the reply's beginning (nothing was waiting to be judged), so the lift from h2 was:
  // the board judged as it stood, and Rh1-h2 recorded for Rh1-h6 once Black touched the rook.
  const Position start = testing::after(
      Position{},
      "f2f3 d7d5 f3f4 f7f6 e2e3 g7g5 e3e4 a7a5 e4d5 g5f4 d2d4 d8d5 g2g3 f4g3 h2g3 b7b6 d1e2");
  Driver d(start, board_watch(), true);
  d.lift("d5").lift("a2", 46ms).place("a2", core::B_QUEEN, 74ms).settle();
  d.lift("h1", 198ms);
  for (const char* square : {"h2", "h3", "h4", "h5"})
    d.place(square, core::W_ROOK, 60ms).lift(square, 60ms);
  d.place("h6", core::W_ROOK, 80ms);
  d.lift("h6", 73ms).lift("g8", 57ms).place("h6", core::B_KNIGHT, 44ms).settle().announce();
  const Lines lines = d.take();
  EXPECT_EQ(made_moves(lines), std::vector<std::string>({"d5a2", "h1h6", "g8h6"}))
      << ::testing::PrintToString(lines);
}

TEST(PegboardEvidence, TwoPromotionsNamedWithinTheSettleTimeEachKeepTheirPiece) {
  // Peg board (bench_recognition --replay, seed 2243): White presses the bishop button and
  // plays g7-g8; 13 ms after the pawn goes into g8 Black presses the rook button and plays
  // a2-a1. Both moves settled together and the second piece named overwrote the first: g8=R
  // was recorded for g8=B (D.2.1: each promotion's piece is the one named for it).
  const Position start = testing::after(
      Position{},
      "c2c3 e7e5 c3c4 b7b5 b2b4 a7a6 c4b5 a6b5 a2a3 f8b4 a3b4 a8a1 d2d3 d8g5 c1g5 a1b1 e2e3 "
      "h7h5 d1b1 g8e7 g5e7 e8e7 g2g4 h5g4 h2h3 h8h7 h3g4 h7h1 g4g5 f7f6 g5f6 e7f6 e3e4 h1g1 "
      "d3d4 g1f1 e1f1 e5d4 b1a2 g7g6 f2f4 d7d5 e4d5 c7c6 d5d6 b8a6 a2a6 c6c5 f4f5 c5b4 f5g6 "
      "c8d7 a6a2 b4b3 g6g7 b3a2");
  for (const bool watch : {false, true}) {
    Driver d(start, {.settle = 100ms, .auto_announce = !watch, .made_by_reply = watch});
    d.feed(pressed(BoardButton::PromoteBishop), 400ms).lift("g7", 49ms);
    d.place("g8", core::NO_PIECE, 95ms).feed(pressed(BoardButton::PromoteRook), 13ms);
    d.lift("a2", 81ms).place("a1", core::NO_PIECE, 84ms).settle();
    d.lift("f1", 231ms).place("f2", core::NO_PIECE, 40ms).settle();
    if (d.board().completed_move()) d.announce();
    const Lines lines = d.take();
    EXPECT_EQ(made_moves(lines), std::vector<std::string>({"g7g8b", "a2a1r", "f1f2"}))
        << (watch ? "board watch: " : "e-board: ") << ::testing::PrintToString(lines);
    EXPECT_FALSE(says(lines, "promotion on")) << ::testing::PrintToString(lines);
  }
}

}  // namespace
}  // namespace pegboard_hands_test
}  // namespace annabella::tactile
