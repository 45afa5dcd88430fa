// The Pegboard recogniser with synthetic inputs and synthetic time: D.2.2 touched, D.2.3
// completed and made, every special move, every capture order, slides, bounces, illegal and
// wrong placements, out of sync, disconnection.
#include "tactile/pegboard.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/notation.h"
#include "tactile/pegboard_driver.h"

namespace annabella::tactile {
namespace pegboard_test {
namespace {

using namespace std::chrono_literals;
using core::Move;
using core::MoveKind;
using core::Position;
using core::Square;
using Kind = PegboardEvent::Kind;
using driver::Driver;
using driver::fen;
using driver::Lines;
using driver::sq;

TEST(Pegboard, LiftIsTouchedAndPlacementCompletesThenAnnouncementMakes) {
  Driver d(Position{});
  d.lift("e2");
  d.wait(50ms);
  EXPECT_EQ(d.take(), Lines({"touched e2 white pawn"}));  // D.2.2, before any placement
  d.place("e4").settle();
  EXPECT_EQ(d.take(), Lines({"placed e4 white pawn", "completed e2e4"}));
  EXPECT_EQ(d.board().position(), Position{});  // not made before the announcement (D.2.3)
  d.announce();
  EXPECT_EQ(d.take(), Lines({"made e2e4"}));
  EXPECT_EQ(d.board().position(), Position{}.after(Move(core::SQ_E2, core::SQ_E4)));
  ASSERT_EQ(d.board().touch_log().size(), 1u);
  EXPECT_TRUE(d.board().touch_log()[0].own_piece);
  EXPECT_FALSE(d.board().touch_log()[0].put_back);
}

TEST(Pegboard, TouchedEventCarriesTheTimeOfTheLift) {
  Driver d(Position{});
  d.lift("g1");
  const TimePoint lifted = d.now();
  d.wait(1s);
  ASSERT_EQ(d.take().size(), 1u);
  EXPECT_EQ(d.taken()[0].time, lifted);
}

TEST(Pegboard, PutBackIntoTheSameHoleIsATouchWithoutAMove) {
  Driver d(Position{});
  d.lift("g1").place("g1").settle();
  EXPECT_EQ(d.take(), Lines({"touched g1 white knight", "put back g1 white knight"}));
  EXPECT_FALSE(d.board().completed_move());
  ASSERT_EQ(d.board().touch_log().size(), 1u);
  EXPECT_TRUE(d.board().touch_log()[0].put_back);  // evidence for Art. 4.3
}

TEST(Pegboard, SensorBounceIsNoTouch) {
  Driver d(Position{});
  d.lift("e2").place("e2", core::NO_PIECE, 5ms).settle();
  EXPECT_TRUE(d.take().empty());
  EXPECT_TRUE(d.board().touch_log().empty());
}

TEST(Pegboard, TouchingAnOpponentsPieceIsRecorded) {
  Driver d(Position{});
  d.lift("e7").place("e7").settle();
  EXPECT_EQ(d.take(),
            Lines({"touched e7 black pawn (opponent's piece)", "put back e7 black pawn"}));
  ASSERT_EQ(d.board().touch_log().size(), 1u);
  EXPECT_FALSE(d.board().touch_log()[0].own_piece);
}

const char* kAfterE4D5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

TEST(Pegboard, CaptureWithTheCapturedPieceRemovedFirst) {
  Driver d(fen(kAfterE4D5), {.auto_announce = true});
  d.lift("d5").lift("e4").place("d5").settle();
  EXPECT_EQ(d.take(), Lines({"touched d5 black pawn (opponent's piece)", "touched e4 white pawn",
                             "placed d5 white pawn", "removed d5 black pawn", "completed e4d5",
                             "made e4d5"}));
}

TEST(Pegboard, CaptureWithTheCapturingPieceLiftedFirst) {
  Driver d(fen(kAfterE4D5), {.auto_announce = true});
  d.lift("e4").lift("d5").place("d5").settle();
  EXPECT_EQ(d.take(), Lines({"touched e4 white pawn", "touched d5 black pawn (opponent's piece)",
                             "placed d5 white pawn", "removed d5 black pawn", "completed e4d5",
                             "made e4d5"}));
}

TEST(Pegboard, CaptureReportedByADgtBoardAsReplacementThenLift) {
  // "new piece on d5, then e4 empty" with no "d5 empty" in between (docs/dgt-board.md).
  Driver d(fen(kAfterE4D5), {}, true);
  BoardInput replacement;
  replacement.kind = BoardInput::Kind::Place;
  replacement.square = core::SQ_D5;
  replacement.piece = core::W_PAWN;
  d.feed(replacement);
  d.lift("e4").settle();
  const auto lines = d.take();
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "completed e4d5");
  EXPECT_EQ(lines.front(), "touched d5 black pawn (opponent's piece)");
}

const char* kEnPassant = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";

TEST(Pegboard, EnPassantInEitherOrder) {
  for (const bool captured_first : {true, false}) {
    Driver d(fen(kEnPassant));
    if (captured_first)
      d.lift("f5").lift("e5").place("f6");
    else
      d.lift("e5").place("f6").settle().lift("f5");  // pawn placed, captured one still there
    d.settle();
    const auto lines = d.take();
    EXPECT_EQ(lines.back(), "completed e5f6") << captured_first;
    EXPECT_EQ(std::count(lines.begin(), lines.end(), "removed f5 black pawn"), 1);
    for (const auto& line : lines) EXPECT_EQ(line.find("illegal"), std::string::npos) << line;
    ASSERT_TRUE(d.board().completed_move());
    EXPECT_EQ(d.board().completed_move()->kind(), MoveKind::EnPassant);
  }
}

const char* kCastling = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1";

TEST(Pegboard, CastlingKingFirstIsNotReportedIllegalHalfWay) {
  Driver d(fen(kCastling));
  d.lift("e1").place("g1").settle().wait(1s);  // Art. 4.4: king first, rook a while later
  EXPECT_EQ(d.take(), Lines({"touched e1 white king", "placed g1 white king"}));
  d.lift("h1").place("f1").settle();
  EXPECT_EQ(d.take(), Lines({"touched h1 white rook", "placed f1 white rook", "completed e1g1"}));
  EXPECT_EQ(d.board().completed_move()->kind(), MoveKind::Castling);
}

TEST(Pegboard, LongCastlingAndBlackCastling) {
  Driver d(fen(kCastling), {.auto_announce = true});
  d.lift("e1").place("c1").lift("a1").place("d1").settle();
  EXPECT_EQ(d.take().back(), "made e1c1");
  d.lift("e8").place("g8").lift("h8").place("f8").settle();
  EXPECT_EQ(d.take().back(), "made e8g8");
}

TEST(Pegboard, RookFirstIsARookMove) {
  // Art. 4.4: touching the rook first is a rook move, not castling.
  Driver d(fen(kCastling));
  d.lift("h1").place("f1").settle();
  EXPECT_EQ(d.take().back(), "completed h1f1");
}

TEST(Pegboard, RookFirstThenTheKingBeforeTheRookMoveIsMadeIsCastling) {
  // Art. 4.4.2: the rook moved first stands completed, not made (no announcement yet, D.2.3);
  // the king placed beside it turns it into castling.
  Driver d(fen(kCastling));
  d.lift("h1").place("f1").settle();
  EXPECT_EQ(d.take().back(), "completed h1f1");
  d.lift("e1", 800ms).place("g1").settle();
  EXPECT_EQ(d.take().back(), "completed e1g1 (replaces h1f1) (begun with the rook h1, Art. 4.4.2)");
  ASSERT_TRUE(d.board().completed_move());
  EXPECT_EQ(d.board().completed_move()->kind(), MoveKind::Castling);
  EXPECT_FALSE(d.board().holding());
}

TEST(Pegboard, AnnouncePressedWhileTheBoardSettlesMakesTheMoveItSettlesOn) {
  // D.2.3 (3): the player presses ANNOUNCE as the peg goes in; the board is judged first.
  Driver d(Position{});
  d.lift("g1").place("f3").button(BoardButton::Announce).settle();
  EXPECT_EQ(d.take(), Lines({"touched g1 white knight", "placed f3 white knight", "completed g1f3",
                             "made g1f3"}));
  // With a peg still in the hand nothing is made; the press is reported as a button.
  d.lift("e7").button(BoardButton::Announce).settle();
  EXPECT_FALSE(d.board().completed_move());
  EXPECT_EQ(d.take().back(), "button announce");
  // A station announces itself: the press is reported after the move the board settled on.
  Driver station(Position{}, {.announce_button = false});
  station.lift("g1").place("f3").button(BoardButton::Announce).settle();
  EXPECT_EQ(station.take(), Lines({"touched g1 white knight", "placed f3 white knight",
                                   "completed g1f3", "button announce"}));
  EXPECT_TRUE(station.board().completed_move());
}

const char* kPromotion = "k7/4P3/8/8/8/8/8/4K3 w - - 0 1";
const char* kCapturePromotion = "k3r3/3P4/8/8/8/8/8/4K3 w - - 0 1";

TEST(Pegboard, PromotionOnAPieceIdentifyingBoardShowsThePiece) {
  Driver d(fen(kPromotion), {}, true);
  d.lift("e7").place("e8", core::W_KNIGHT).settle();  // an under-promotion
  EXPECT_EQ(d.take().back(), "completed e7e8n");
}

TEST(Pegboard, PromotionOnAnOccupancyBoardWaitsForThePiece) {
  Driver d(fen(kPromotion));
  d.lift("e7").place("e8").settle();
  EXPECT_EQ(d.take().back(), "promotion on e8: which piece? (D.2.1: the announcement names it)");
  EXPECT_FALSE(d.board().completed_move());
  std::vector<PegboardEvent> out;
  d.board().set_promotion(core::QUEEN, d.now(), out);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(describe(out[0]), "completed e7e8q");
}

TEST(Pegboard, PromotionPieceFromABoardButtonAlsoWithACapture) {
  Driver d(fen(kCapturePromotion));
  d.lift("e8").lift("d7").place("e8").settle();
  EXPECT_EQ(d.take().back(), "promotion on e8: which piece? (D.2.1: the announcement names it)");
  d.button(BoardButton::PromoteRook).settle();
  const auto lines = d.take();
  EXPECT_EQ(lines.front(), "button promote rook");
  EXPECT_EQ(lines.back(), "completed d7e8r");
  EXPECT_NE(std::find(lines.begin(), lines.end(), "removed e8 black rook"), lines.end());
}

TEST(Pegboard, ASlidPieceReplacesTheMoveUntilItIsMade) {
  Driver d(Position{});
  d.lift("e2").place("e3").settle();
  EXPECT_EQ(d.take().back(), "completed e2e3");
  d.lift("e3").place("e4").settle();
  EXPECT_EQ(d.take().back(), "completed e2e4 (replaces e2e3)");
  d.lift("e4").place("e2").settle();
  EXPECT_EQ(d.take().back(), "retracted e2e4");
  d.lift("g1").place("f3").settle();
  EXPECT_EQ(d.take().back(), "completed g1f3");
  d.button(BoardButton::Announce);  // the board's announce/confirm button, D.2.3 (3)
  EXPECT_EQ(d.take(), Lines({"made g1f3"}));
  // Once made, sliding on is no longer the same move: it is judged against the new position.
  d.lift("f3").place("g5").settle();
  EXPECT_EQ(d.take().back(),
            "illegal: white knight moved to g5, but Black is to move; nothing enters the record");
}

TEST(Pegboard, ASlideWithinTheSettleTimeIsOneMove) {
  Driver d(Position{});
  d.lift("e2")
      .place("e3", core::NO_PIECE, 100ms)
      .lift("e3", 50ms)
      .place("e4", core::NO_PIECE, 50ms);
  d.settle();
  EXPECT_EQ(d.take().back(), "completed e2e4");
}

TEST(Pegboard, AQuickCaptureSlidThroughASquareKeepsItsOrigin) {
  // Occupancy only, the hand fast: the captured pawn off d6, the queen from d8 through d7 into
  // d6. The queen lifted again from d7 still comes from d8: it is the capture, not the captured
  // pawn bouncing back into its hole.
  Driver d(fen("rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"),
           {.auto_announce = true});
  d.lift("d6").lift("d8", 5ms).place("d7", core::NO_PIECE, 5ms).lift("d7", 5ms);
  d.place("d6", core::NO_PIECE, 5ms).settle();
  EXPECT_EQ(d.take().back(), "made d8d6");
}

TEST(Pegboard, MadeByReplyWhenTheOtherSideTouchesAPiece) {
  Driver d(Position{}, {.made_by_reply = true});
  d.lift("e2").place("e3").settle().lift("e3").place("e4").settle();
  EXPECT_EQ(d.take().back(), "completed e2e4 (replaces e2e3)");  // a slide is no reply
  d.lift("d7");
  d.wait(50ms);
  EXPECT_EQ(d.take(), Lines({"made e2e4", "touched d7 black pawn"}));  // Black's own piece
  d.place("d5").settle();
  EXPECT_EQ(d.take().back(), "completed d7d5");
  // The reply is a capture with the captured piece taken off first: made at the capturing lift.
  // The captured pawn is lifted by White, the replier: the opponent's piece to him.
  d.lift("d5").lift("e4", 5ms).wait(50ms);
  EXPECT_EQ(d.take(), Lines({"touched d5 black pawn (opponent's piece)", "made d7d5",
                             "touched e4 white pawn"}));
  d.place("d5").settle();
  EXPECT_EQ(d.take().back(), "completed e4d5");
}

TEST(Pegboard, APegGoneInAScanAndPutBackHasNoTouchRecord) {
  // Found by fuzz_peg: the lift was never seen (only the scan), so there is no record to mark.
  Driver d(Position{});
  BoardInput scan;
  scan.kind = BoardInput::Kind::Scan;
  scan.scan.occupied = Position{}.pieces() & ~core::square_bb(core::SQ_E2);
  d.feed(scan);
  d.place("e2").settle();
  EXPECT_TRUE(d.board().touch_log().empty());
  EXPECT_TRUE(d.board().in_sync());
}

TEST(Pegboard, MadeByReplyEvenWhenTheReplyBeginsBeforeTheBoardSettled) {
  Driver d(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), {.made_by_reply = true});
  d.lift("e1").place("g1").lift("h1").place("f1");
  d.lift("e8", 10ms).wait(50ms);  // Black starts at once, well within the settle time
  const auto lines = d.take();
  ASSERT_GE(lines.size(), 3u);
  EXPECT_EQ(lines[lines.size() - 3], "completed e1g1");
  EXPECT_EQ(lines[lines.size() - 2], "made e1g1");
  EXPECT_EQ(lines.back(), "touched e8 black king");
  d.place("c8").lift("a8").place("d8").settle();
  EXPECT_EQ(d.take().back(), "completed e8c8");
}

TEST(Pegboard, IllegalMoveIsReportedThenOneHintAfterTheGracePeriod) {
  Driver d(Position{});
  d.lift("b1").place("b3").settle();
  EXPECT_EQ(d.take().back(),
            "illegal: white knight b1 to b3 is not a legal move (Art. 3); "
            "nothing enters the record");
  d.wait(3s);
  EXPECT_EQ(d.take(), Lines({"out of sync: move white knight b3 b1"}));
  d.wait(10s);
  EXPECT_TRUE(d.take().empty());  // not on every repeat
  d.lift("b3").place("b1").settle();
  // No hint for the board in between (the knight in the hand), judged or not.
  EXPECT_EQ(d.take(), Lines({"touched b3 white knight", "placed b1 white knight", "in sync"}));
  EXPECT_EQ(d.board().position(), Position{});
}

TEST(Pegboard, MovingTheWrongColourIsIllegal) {
  Driver d(Position{});
  d.lift("e7").place("e5").settle();
  EXPECT_EQ(d.take().back(),
            "illegal: black pawn moved to e5, but White is to move; nothing enters the record");
}

TEST(Pegboard, AnOwnPieceHeldWhileThePlayerDeliberatesGetsNoHint) {
  // Art. 4.3: the VI player lifts his knight and thinks where to put it; telling him to put it
  // back would invite a touch-move violation. D.2.2: it is touched, nothing more.
  Driver d(Position{});
  d.lift("g1").settle().wait(30s);
  EXPECT_EQ(d.take(), Lines({"touched g1 white knight"}));
  EXPECT_TRUE(d.board().in_sync());
  EXPECT_FALSE(d.board().next_deadline());  // no grace period running
  d.place("f3").settle().announce();
  EXPECT_EQ(d.take(), Lines({"placed f3 white knight", "completed g1f3", "made g1f3"}));
}

TEST(Pegboard, AHeldPiecePlacedOnAWrongSquareGetsTheHintAfterTheGracePeriod) {
  Driver d(Position{});
  d.lift("g1").settle().wait(30s);
  EXPECT_EQ(d.take(), Lines({"touched g1 white knight"}));
  d.place("g4").settle();  // no knight move goes there
  EXPECT_EQ(d.take(), Lines({"placed g4 white knight",
                             "illegal: white knight g1 to g4 is not a legal move (Art. 3); "
                             "nothing enters the record"}));
  d.wait(2500ms);
  EXPECT_TRUE(d.take().empty());  // still within the grace period
  d.wait(1s);
  EXPECT_EQ(d.take(), Lines({"out of sync: move white knight g4 g1"}));
  // Lifted again to correct it and held: no second hint while it is in the hand.
  d.lift("g4").settle().wait(30s);
  EXPECT_EQ(d.take(), Lines({"touched g4 white knight"}));
  d.place("g1").settle();
  EXPECT_EQ(d.take(), Lines({"placed g1 white knight", "in sync"}));
}

TEST(Pegboard, ACaptureWithTheCapturedPieceRemovedAndTheCapturingOneHeldGetsNoHint) {
  // D.2.3 (1): the captured piece may come off first; the capturing piece then stays in the hand
  // while the player deliberates.
  Driver d(fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2"));
  d.lift("d5").lift("e4").settle().wait(30s);
  EXPECT_EQ(d.take(), Lines({"touched d5 black pawn (opponent's piece)", "touched e4 white pawn"}));
  d.place("d5").settle();
  EXPECT_EQ(d.take(), Lines({"placed d5 white pawn", "removed d5 black pawn", "completed e4d5"}));
}

TEST(Pegboard, AnOpponentsPieceMissingUnexplainedGetsTheHint) {
  // A piece of the side not to move lifted and held is no move under way, and only a capture
  // explains an opponent's piece gone: both get the hint after the grace period.
  Driver d(Position{});
  d.lift("e7").settle().wait(4s);
  EXPECT_EQ(d.take(), Lines({"touched e7 black pawn (opponent's piece)",
                             "out of sync: place black pawn e7"}));
  d.place("e7").settle();
  EXPECT_EQ(d.take(), Lines({"put back e7 black pawn", "in sync"}));
  // White holds his knight and a black pawn that no white move captures is gone as well.
  d.lift("g1").lift("a7").settle().wait(4s);
  const auto lines = d.take();
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "out of sync: place white knight g1; place black pawn a7");
}

TEST(Pegboard, AnnouncedOpponentMoveWrongPlacementIsReportedAtOnce) {
  // D.2.1: the VI player executes the opponent's announced move on his own board.
  Driver d(Position{}.after(Move(core::SQ_E2, core::SQ_E4)));
  d.board().expect_move(Move(core::SQ_E7, core::SQ_E5));
  d.lift("e7").place("e6");
  EXPECT_EQ(d.take(), Lines({"touched e7 black pawn", "placed e6 black pawn",
                             "illegal: the announced move is e7e5 (D.2.1): a piece was placed on "
                             "e6, which stays empty"}));
  d.settle();
  d.take();
  d.lift("e6").place("e5").settle();
  EXPECT_EQ(d.take().back(), "completed e7e5");
  // Announced already by the opponent: the position moves on without another announcement.
  EXPECT_EQ(d.board().position().side_to_move(), core::WHITE);
  EXPECT_FALSE(d.board().completed_move());
}

TEST(Pegboard, AnnouncedOpponentMoveExecutedAsAnotherLegalMoveIsIllegal) {
  Driver d(Position{}.after(Move(core::SQ_E2, core::SQ_E4)));
  d.board().expect_move(Move(core::SQ_E7, core::SQ_E5));
  d.lift("d7").place("d5").settle();
  const auto lines = d.take();
  // Said once, at the first wrong placement; the settled board is not reported again.
  const auto illegal = std::count_if(lines.begin(), lines.end(), [](const std::string& line) {
    return line.starts_with("illegal:");
  });
  EXPECT_EQ(illegal, 1) << ::testing::PrintToString(lines);
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      "illegal: the announced move is e7e5 (D.2.1): a piece was placed on d5, "
                      "which stays empty"),
            lines.end())
      << ::testing::PrintToString(lines);
  EXPECT_EQ(d.board().position().side_to_move(), core::BLACK);
  EXPECT_FALSE(d.board().completed_move());
}

// The pawn of the announced move put one square short: said at once, not again once settled.
TEST(Pegboard, AnAnnouncedMoveExecutedOneSquareShortIsSaidOnce) {
  Driver d(Position{}.after(Move(core::SQ_E2, core::SQ_E4)));
  d.board().expect_move(Move(core::SQ_E7, core::SQ_E5));
  d.lift("e7").place("e6").settle();
  auto lines = d.take();
  EXPECT_EQ(std::count_if(lines.begin(), lines.end(),
                          [](const std::string& line) { return line.starts_with("illegal:"); }),
            1)
      << ::testing::PrintToString(lines);
}

TEST(Pegboard, AMoveFinishedWhileUnpluggedIsCompletedAtTheReconnection) {
  Driver d(Position{}, {.auto_announce = true});
  BoardInput scan;
  scan.kind = BoardInput::Kind::Scan;
  scan.scan.occupied = Position{}.pieces();
  d.feed(scan);
  EXPECT_EQ(d.take(), Lines({"connected: the board agrees with the game"}));
  d.lift("e2").wait(100ms);
  BoardInput gone;
  gone.kind = BoardInput::Kind::Disconnected;
  gone.detail = "the device hung up";
  d.feed(gone);
  // While unplugged the pawn goes to e4.
  scan.scan.occupied = Position{}.after(Move(core::SQ_E2, core::SQ_E4)).pieces();
  d.feed(scan, 2s);
  d.settle();
  EXPECT_EQ(d.take(), Lines({"touched e2 white pawn", "disconnected: the device hung up",
                             "reconnected: the board shows a move completed meanwhile",
                             "completed e2e4", "made e2e4"}));
}

// An occupancy-only board away: the pegs it finds on new squares at the reconnection were not
// seen going there, so the correction names no piece on them (it named the pieces the station
// guessed, the knight on d4 and the pawn on f3 here, wrong on each square). The game's pieces
// are named where they must go back (D.2.3, D.2.9).
TEST(Pegboard, AfterTheBoardWasAwayTheCorrectionNamesNoPieceItDidNotSee) {
  Driver d(Position{}, {.auto_announce = true});
  BoardInput scan;
  scan.kind = BoardInput::Kind::Scan;
  scan.scan.occupied = Position{}.pieces();
  d.feed(scan);
  d.take();
  BoardInput gone;
  gone.kind = BoardInput::Kind::Disconnected;
  gone.detail = "the device hung up";
  d.feed(gone);
  EXPECT_FALSE(d.board().in_sync()) << "a board away is not in step";
  // While unplugged: the knight g1 to f3 and the pawn d2 to d4, no legal sequence.
  scan.scan.occupied =
      (Position{}.pieces() & ~core::square_bb(core::SQ_G1) & ~core::square_bb(core::SQ_D2)) |
      core::square_bb(core::SQ_F3) | core::square_bb(core::SQ_D4);
  d.feed(scan, 2s);
  d.settle();
  const auto lines = d.take();
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(),
            "reconnected: the board differs from the game: remove the piece on f3; remove the "
            "piece on d4; place white knight g1; place white pawn d2")
      << ::testing::PrintToString(lines);
}

TEST(Pegboard, ATurnedRoundDgtBoardIsDetected) {
  Driver d(Position{}, {}, true);
  BoardInput scan;
  scan.kind = BoardInput::Kind::Scan;
  scan.scan.identifies_pieces = true;
  for (int s = 0; s < 64; ++s) {
    scan.scan.pieces[s] = Position{}.piece_on(Square(s ^ 63));
    if (scan.scan.pieces[s] != core::NO_PIECE) scan.scan.occupied |= core::square_bb(Square(s));
  }
  d.feed(scan);
  EXPECT_TRUE(d.board().rotated());
  // The board reports what it calls d7 (its own numbering): that is e2 seen from White.
  d.lift("d7").place("d5", core::W_PAWN).settle();
  const auto lines = d.take();
  EXPECT_EQ(lines.back(), "completed e2e4");
}

TEST(Pegboard, SettleZeroJudgesAtTheCompletingPlacement) {
  Driver d(Position{}, {.settle = 0ms, .auto_announce = true});
  d.lift("g1").place("f3");
  EXPECT_EQ(d.take(), Lines({"touched g1 white knight", "placed f3 white knight", "completed g1f3",
                             "made g1f3"}));
}

// Issue 12: every event carries its time and the times never run backwards, also when a timer
// is decided later than it fell due. The first event stamped before one already reported, or "".
std::string time_disorder(const std::vector<PegboardEvent>& events) {
  for (std::size_t i = 1; i < events.size(); ++i)
    if (events[i].time < events[i - 1].time)
      return describe(events[i - 1]) + " then, earlier, " + describe(events[i]);
  return "";
}

TEST(Pegboard, AHintPutOffWhileTheBoardChangesCarriesTheTimeItIsGiven) {
  // The grace period ends while a pawn is lifted and put back (the board changing is judged
  // before it gets a hint); the hint comes after the put-back, not at the end of the grace.
  Driver d(Position{});
  d.lift("b1").place("b3").settle();  // illegal, judged at 1050 ms: the grace ends at 4050 ms
  d.wait(2849ms).lift("h2", 100ms).place("h2", core::NO_PIECE, 100ms).settle();
  const auto lines = d.take();
  ASSERT_FALSE(lines.empty());
  EXPECT_EQ(lines.back(), "out of sync: move white knight b3 b1");
  EXPECT_EQ(time_disorder(d.taken()), "");
}

TEST(Pegboard, AnAnnouncementFiresTheTimersDueBeforeIt) {
  // The reply completed on the board before the announcement is completed before it too.
  Driver d(Position{}, {.settle = 250ms});
  d.lift("e2").place("e4").settle();
  d.lift("e7", 100ms).place("e5", core::NO_PIECE, 100ms);  // to be judged at 1501 ms
  std::vector<PegboardEvent> events;
  d.board().announce(d.now() + 300ms, events);
  d.board().tick(d.now() + 400ms, events);
  d.take();
  std::vector<PegboardEvent> all = d.taken();
  all.insert(all.end(), events.begin(), events.end());
  EXPECT_EQ(time_disorder(all), "");
  EXPECT_EQ(d.board().completed_move(), core::read_move(d.board().position(), "e5").value());
}

TEST(Pegboard, AScanReadBeforeTheLatestTickCountsFromThatTick) {
  // The reader stamped the scan before the game thread's last tick (a loaded machine): its
  // settle time runs from the tick, not from the stamp.
  Driver d(Position{}, {.settle = 250ms, .auto_announce = true});
  BoardInput scan;
  scan.kind = BoardInput::Kind::Scan;
  scan.scan.occupied = Position{}.pieces();
  d.feed(scan);
  d.lift("e2").place("e4").settle();  // made at 1150 ms
  scan.time = d.now() - 400ms;        // read at 751 ms with e7-e5 played, fed at 1151 ms
  scan.scan.occupied = Position{}.after(core::read_move(Position{}, "e4").value()).pieces() ^
                       core::square_bb(sq("e7")) ^ core::square_bb(sq("e5"));
  std::vector<PegboardEvent> events;
  d.board().feed(scan, events);
  d.board().tick(d.now() + 300ms, events);
  d.take();
  std::vector<PegboardEvent> all = d.taken();
  all.insert(all.end(), events.begin(), events.end());
  EXPECT_EQ(time_disorder(all), "");
  EXPECT_EQ(d.board().position().game_ply(), 2);
}

TEST(Pegboard, NothingIllegalEntersThePosition) {
  // A random walk of arbitrary lifts and placements never makes position() illegal.
  Driver d(Position{}, {.auto_announce = true});
  std::uint32_t seed = 12345;
  const auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
  for (int i = 0; i < 2000; ++i) {
    const Square s = Square((next() >> 8) % 64);
    if (d.board().occupied() & core::square_bb(s))
      d.lift(core::square_name(s), std::chrono::milliseconds(next() % 400));
    else
      d.place(core::square_name(s), core::NO_PIECE, std::chrono::milliseconds(next() % 400));
  }
  d.settle().take();
  for (const auto& e : d.taken())
    if (e.kind == Kind::MoveMade) {
      EXPECT_FALSE(e.move.is_none());
    }
  EXPECT_TRUE(Position::from_fen(d.board().position().fen()));
}

}  // namespace
}  // namespace pegboard_test
}  // namespace annabella::tactile
