// The Pegboard recogniser, issue 12 and issue 11: boards one or two legal moves on brought back
// in step (a reply begun before the board settled), a move finished around an unplugging said
// one way, events that never run backwards in time, and the facts the record needs (put back,
// the first piece touched for a move, whose piece a touch was relative to the board's owner).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/movegen.h"
#include "tactile/pegboard.h"
#include "tactile/pegboard_driver.h"

namespace annabella::tactile {
namespace pegboard_record_test {
namespace {

using namespace std::chrono_literals;
using core::Move;
using core::Position;
using driver::Driver;
using driver::fen;
using driver::Lines;
using driver::made_moves;
using driver::pressed;
using driver::sq;
using Kind = PegboardEvent::Kind;

const char* kAfterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";

bool has(const Lines& lines, const std::string& line) {
  return std::find(lines.begin(), lines.end(), line) != lines.end();
}

// Every event's time is at or after the one before it.
::testing::AssertionResult in_time_order(const std::vector<PegboardEvent>& events) {
  for (std::size_t i = 1; i < events.size(); ++i)
    if (events[i].time < events[i - 1].time)
      return ::testing::AssertionFailure()
             << "'" << describe(events[i]) << "' comes after '" << describe(events[i - 1])
             << "' but is " << (events[i - 1].time - events[i].time).count() << " ns earlier";
  return ::testing::AssertionSuccess();
}

// ---- a reply begun before the board settled (issue 12, section 2) ---------------------------

// The independent emulator's game went out of sync here: Black's d5 and, before the board
// settled, White takes the d5 pawn off and captures it.
TEST(PegboardSequences, TheReplyTakesTheCapturedPieceOffBeforeTheMoveSettled) {
  for (const bool identifying : {true, false}) {
    Driver d(fen(kAfterE4), {.made_by_reply = true}, identifying);
    d.lift("d7").place("d5", core::B_PAWN, 300ms);
    d.lift("d5", 100ms).lift("e4", 100ms).place("d5", core::W_PAWN, 100ms).settle().wait(5s);
    const Lines lines = d.take();
    EXPECT_TRUE(has(lines, "made d7d5")) << identifying << ::testing::PrintToString(lines);
    EXPECT_TRUE(has(lines, "removed d5 black pawn")) << ::testing::PrintToString(lines);
    EXPECT_EQ(lines.back(), "completed e4d5") << identifying << ::testing::PrintToString(lines);
    for (const auto& line : lines) EXPECT_EQ(line.find("out of sync"), std::string::npos) << line;
    EXPECT_EQ(d.board().position(), fen(kAfterE4).after(Move(core::SQ_D7, core::SQ_D5)));
    EXPECT_EQ(d.board().completed_move(), Move(core::SQ_E4, core::SQ_D5));
  }
}

TEST(PegboardSequences, TwoWholeMovesWithinTheSettleTimeAreMadeInOrder) {
  Driver d(Position{}, {.auto_announce = true}, true);
  d.lift("e2").place("e4", core::W_PAWN, 50ms).lift("e7", 50ms).place("e5", core::B_PAWN, 50ms);
  d.settle();
  const Lines lines = d.take();
  const Lines moves = [&] {
    Lines found;
    for (const auto& line : lines)
      if (line.starts_with("completed") || line.starts_with("made")) found.push_back(line);
    return found;
  }();
  EXPECT_EQ(moves, Lines({"completed e2e4", "made e2e4", "completed e7e5", "made e7e5"}));
}

TEST(PegboardSequences, ThreeMovesOnIsOutOfSync) {
  Driver d(Position{}, {.auto_announce = true}, true);
  d.lift("e2").place("e4", core::W_PAWN, 20ms).lift("e7", 20ms).place("e5", core::B_PAWN, 20ms);
  d.lift("g1", 20ms).place("f3", core::W_KNIGHT, 20ms).settle().wait(4s);
  const Lines lines = d.take();
  EXPECT_FALSE(has(lines, "made e2e4")) << ::testing::PrintToString(lines);
  EXPECT_EQ(lines.back().rfind("out of sync: ", 0), 0u) << ::testing::PrintToString(lines);
  EXPECT_EQ(d.board().position(), Position{});
}

TEST(PegboardSequences, TheAnnouncedMoveExecutedAndTheOwnReplyAtOnce) {
  // D.2.1: the VI player executes the opponent's announced move and makes his own at once.
  Driver d(fen(kAfterE4));
  d.board().expect_move(Move(core::SQ_D7, core::SQ_D5));
  d.lift("d7").place("d5", core::NO_PIECE, 100ms);
  d.lift("d5", 50ms).lift("e4", 50ms).place("d5", core::NO_PIECE, 50ms).settle();
  const Lines lines = d.take();
  EXPECT_EQ(lines.back(), "completed e4d5") << ::testing::PrintToString(lines);
  EXPECT_TRUE(has(lines, "completed d7d5")) << ::testing::PrintToString(lines);
  for (const auto& line : lines) EXPECT_EQ(line.find("illegal"), std::string::npos) << line;
  d.announce();
  EXPECT_EQ(d.take(), Lines({"made e4d5"}));
}

TEST(PegboardSequences, AStationAnnouncesTheFirstMoveBeforeTheSecondIsCompleted) {
  // No announcer of its own: the first move waits for the station's announcement (D.2.3 (3)),
  // then the move the board shows after it is completed.
  Driver d(Position{});
  d.lift("g1").place("f3", core::NO_PIECE, 50ms).lift("g8", 50ms).place("f6", core::NO_PIECE, 50ms);
  d.settle().wait(5s);
  EXPECT_EQ(d.take().back(), "completed g1f3");
  EXPECT_TRUE(d.board().in_sync());
  d.announce();
  EXPECT_EQ(d.take(), Lines({"made g1f3", "completed g8f6"}));
}

TEST(PegboardSequences, CastlingEitherPieceFirstAndTheRecordSaysWhich) {
  const char* castling = "r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1";
  Driver rook_first(fen(castling));
  rook_first.lift("h1").place("f1", core::NO_PIECE, 100ms).lift("e1", 100ms);
  rook_first.place("g1", core::NO_PIECE, 100ms).settle();
  EXPECT_EQ(rook_first.take().back(), "completed e1g1 (begun with the rook h1, Art. 4.4.2)");
  const auto& completed = rook_first.taken().back();
  EXPECT_EQ(completed.first_square, core::SQ_H1);
  EXPECT_EQ(completed.first_piece, core::W_ROOK);
  Driver king_first(fen(castling));
  king_first.lift("e1").place("g1").lift("h1").place("f1").settle();
  EXPECT_EQ(king_first.take().back(), "completed e1g1");
  EXPECT_EQ(king_first.taken().back().first_square, core::SQ_E1);
}

TEST(PegboardSequences, ACaptureBegunWithTheCapturedPieceSaysSo) {
  Driver d(fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));
  d.lift("d5");
  const TimePoint taken_off = d.now();
  d.lift("e4").place("d5").settle();
  d.take();
  const auto& events = d.taken();
  const auto completed = std::find_if(events.begin(), events.end(),
                                      [](const auto& e) { return e.kind == Kind::MoveCompleted; });
  ASSERT_NE(completed, events.end());
  EXPECT_EQ(completed->first_square, core::SQ_D5);
  EXPECT_EQ(completed->first_piece, core::B_PAWN);
  EXPECT_EQ(completed->lifted_at, taken_off);
  const auto removed = std::find_if(events.begin(), events.end(),
                                    [](const auto& e) { return e.kind == Kind::Removed; });
  ASSERT_NE(removed, events.end());
  EXPECT_EQ(removed->lifted_at, taken_off);
}

// ---- put back (issue 11, section 2) ----------------------------------------------------------

TEST(PegboardRecord, APutBackIsItsOwnEventWithTheLiftsTime) {
  Driver d(Position{});
  d.lift("g1");
  const TimePoint lifted = d.now();
  d.place("g1", core::NO_PIECE, 2s).settle();
  EXPECT_EQ(d.take(), Lines({"touched g1 white knight", "put back g1 white knight"}));
  const PegboardEvent& back = d.taken().back();
  EXPECT_EQ(back.kind, Kind::PutBack);
  EXPECT_EQ(back.lifted_at, lifted);
  EXPECT_EQ(back.time, lifted + 2s);
  ASSERT_EQ(d.board().touch_log().size(), 1u);
  EXPECT_TRUE(d.board().touch_log()[0].put_back);
  EXPECT_EQ(d.board().touch_log()[0].put_back_time, lifted + 2s);
  // Lifted and moved is no put back.
  d.lift("g1").place("f3").settle();
  EXPECT_EQ(d.take(),
            Lines({"touched g1 white knight", "placed f3 white knight", "completed g1f3"}));
  EXPECT_FALSE(d.board().touch_log()[1].put_back);
}

TEST(PegboardRecord, SensorBounceIsNeitherTouchNorPutBack) {
  Driver d(Position{});
  d.lift("g1").place("g1", core::NO_PIECE, 10ms).settle();
  EXPECT_TRUE(d.take().empty());
}

// ---- whose piece (issue 11, section 2) -------------------------------------------------------

TEST(PegboardRecord, ATouchIsOwnOrTheOpponentsRelativeToTheBoardsOwner) {
  // The VI player (White) lifts his own pawn while Black is to move: his own piece, not the
  // side to move's.
  Driver d(fen(kAfterE4), {.owner = core::WHITE});
  d.lift("d2").place("d2").settle();
  EXPECT_EQ(d.take(), Lines({"touched d2 white pawn", "put back d2 white pawn"}));
  const TouchRecord& own = d.board().touch_log().back();
  EXPECT_TRUE(own.own_piece);
  EXPECT_FALSE(own.mover_piece);
  EXPECT_FALSE(d.taken().front().mover_piece);
  // Executing Black's move on his board, he touches the opponent's piece.
  d.lift("e7").place("e5").settle();
  const Lines lines = d.take();
  EXPECT_EQ(lines.front(), "touched e7 black pawn (opponent's piece)");
  EXPECT_TRUE(d.board().touch_log().back().mover_piece);
  EXPECT_FALSE(d.board().touch_log().back().own_piece);
  // With no owner the label is relative to the side to move, as before.
  Driver shared(fen(kAfterE4));
  shared.lift("d2").wait(50ms);
  EXPECT_EQ(shared.take(), Lines({"touched d2 white pawn (opponent's piece)"}));
}

TEST(PegboardRecord, WithNoOwnerAQuickCaptureOfThePieceJustMovedIsTheRepliersTouch) {
  // Board watch (no owner): White's pawn has just taken on d5 and the board has not settled when
  // Black lifts it to take it back. The toucher is Black, to move once exd5 is made: the pawn is
  // the opponent's piece, and it is the white pawn (not the black one it took).
  for (const bool identifying : {false, true}) {
    Driver d(fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
             {.made_by_reply = true}, identifying);
    d.lift("d5").lift("e4", 40ms).place("d5", core::W_PAWN, 40ms);
    d.lift("d5", 60ms).lift("d8", 40ms).place("d5", core::B_QUEEN, 40ms).settle().settle();
    const Lines lines = d.take();
    EXPECT_TRUE(has(lines, "touched d5 white pawn (opponent's piece)"))
        << (identifying ? "identifying: " : "occupancy: ") << ::testing::PrintToString(lines);
    EXPECT_TRUE(has(lines, "touched d8 black queen"))
        << (identifying ? "identifying: " : "occupancy: ") << ::testing::PrintToString(lines);
    EXPECT_TRUE(has(lines, "completed d8d5")) << ::testing::PrintToString(lines);
    // White's reply at a human pace is White's own again.
    d.lift("g1", 400ms).place("f3", core::W_KNIGHT, 60ms).settle();
    EXPECT_TRUE(has(d.take(), "touched g1 white knight")) << ::testing::PrintToString(lines);
  }
  // A capture made and announced (the captured piece kept in the hand), then the reply: the
  // replier's own piece is his own.
  Driver announced(fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
                   {.auto_announce = true});
  announced.lift("e4").lift("d5", 40ms).place("d5", core::NO_PIECE, 40ms).settle().settle();
  announced.lift("d8", 400ms).place("d5", core::NO_PIECE, 60ms).settle();
  const Lines replies = announced.take();
  EXPECT_TRUE(has(replies, "touched d8 black queen")) << ::testing::PrintToString(replies);
}

// A slide's piece put down on a square on the way and lifted again (D.2.2, D.2.3): with no owner
// that lift is the mover's going on, or the replier's taking the piece just moved. Where no reply
// can take it there, it is the mover's own piece; where one can, the lift is not labelled at all
// (nothing wrong said), and the record learns whose it was when the piece is placed.
TEST(PegboardRecord, WithNoOwnerASlidesLiftOnTheWayIsNotTheOpponentsPiece) {
  for (const bool identifying : {false, true}) {
    const std::string board = identifying ? "identifying: " : "occupancy: ";
    // 1.e4 e5: Bf1 put down on e2 and d3 on the way to c4; no black piece reaches e2 or d3.
    Driver d(fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
             {.made_by_reply = true}, identifying);
    d.lift("f1").place("e2", core::W_BISHOP, 40ms).lift("e2", 40ms);
    d.place("d3", core::W_BISHOP, 40ms).lift("d3", 40ms).place("c4", core::W_BISHOP, 40ms);
    d.settle().settle();
    Lines lines = d.take();
    for (const char* square : {"e2", "d3"})
      EXPECT_TRUE(has(lines, std::string("touched ") + square + " white bishop"))
          << board << ::testing::PrintToString(lines);
    for (const auto& line : lines)
      EXPECT_EQ(line.find("opponent's piece"), std::string::npos) << board << line;
    EXPECT_EQ(d.board().completed_move(), Move(core::SQ_F1, core::SQ_C4)) << board;
    for (const TouchRecord& touch : d.board().touch_log()) EXPECT_TRUE(touch.own_piece) << board;
    // The knight on f4 could take on e2 and d3: those lifts are not labelled either way; the
    // bishop placed on c4 shows they were White's own (the record says so).
    Driver k(fen("rnbqkb1r/pppp1ppp/8/4p3/4Pn2/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"),
             {.made_by_reply = true}, identifying);
    k.lift("f1").place("e2", core::W_BISHOP, 40ms).lift("e2", 40ms);
    k.place("d3", core::W_BISHOP, 40ms).lift("d3", 40ms).place("c4", core::W_BISHOP, 40ms);
    k.settle().settle();
    lines = k.take();
    for (const auto& line : lines)
      EXPECT_EQ(line.find("opponent's piece"), std::string::npos) << board << line;
    EXPECT_TRUE(has(lines, "touched e2 white bishop")) << board << ::testing::PrintToString(lines);
    EXPECT_EQ(k.board().completed_move(), Move(core::SQ_F1, core::SQ_C4)) << board;
    ASSERT_EQ(k.board().touch_log().size(), 3U) << board;
    for (const TouchRecord& touch : k.board().touch_log()) EXPECT_TRUE(touch.own_piece) << board;
    // And when Black does take the bishop on e2 at once, that lift was Black's: the opponent's
    // piece to him, in the record.
    Driver x(fen("rnbqkb1r/pppp1ppp/8/4p3/4Pn2/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"),
             {.made_by_reply = true}, identifying);
    x.lift("f1").place("e2", core::W_BISHOP, 40ms).lift("e2", 40ms).lift("f4", 40ms);
    x.place("e2", core::B_KNIGHT, 40ms).settle().settle();
    lines = x.take();
    EXPECT_TRUE(has(lines, "made f1e2")) << board << ::testing::PrintToString(lines);
    EXPECT_TRUE(has(lines, "completed f4e2")) << board << ::testing::PrintToString(lines);
    const auto& log = x.board().touch_log();
    const auto bishop = std::find_if(log.begin(), log.end(),
                                     [](const TouchRecord& t) { return t.square == core::SQ_E2; });
    ASSERT_NE(bishop, log.end()) << board;
    EXPECT_FALSE(bishop->own_piece) << board;
  }
}

// A castling rook lifted while the king's move waits out the settle time is still the mover's.
TEST(PegboardRecord, WithNoOwnerTheCastlingRookAfterTheKingIsTheMoversTouch) {
  Driver d(fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"), {.made_by_reply = true});
  d.lift("e1").place("g1", core::NO_PIECE, 40ms).lift("h1", 40ms).place("f1", core::NO_PIECE, 40ms);
  d.settle().settle();
  const Lines lines = d.take();
  EXPECT_TRUE(has(lines, "touched h1 white rook")) << ::testing::PrintToString(lines);
  EXPECT_TRUE(has(lines, "completed e1g1")) << ::testing::PrintToString(lines);
}

// ---- the pegs in hand (issue 12, section 2) ---------------------------------------------------

// The readings a quick reply is seen under: board watch (made by the reply), the station's
// e-board (made at once), and a board whose owner is the replier.
std::vector<PegboardSettings> quick_reply_readings(core::Color replier) {
  return {{.settle = 100ms, .made_by_reply = true},
          {.settle = 100ms, .auto_announce = true},
          {.settle = 100ms, .auto_announce = true, .owner = replier}};
}

TEST(PegboardHands, AQuickRecaptureOnAnOccupancyBoardPlacesTheRecapturingPiece) {
  // 1.e4 d5 2.exd5 Qxd5: Black lifts the pawn that has just taken on d5 and the queen before
  // exd5 has settled (in either order), and puts the queen on d5. The queen is the peg placed:
  // the pawn lifted from d5 is in his hand (D.2.3 (1)); "placed d5 white pawn" was said for it.
  const char* after_d5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
  for (const bool pawn_first : {true, false}) {
    for (const PegboardSettings& settings : quick_reply_readings(core::BLACK)) {
      Driver d(fen(after_d5), settings);
      d.lift("d5").lift("e4", 40ms).place("d5", core::NO_PIECE, 40ms);
      if (pawn_first)
        d.lift("d5", 30ms).lift("d8", 30ms);
      else
        d.lift("d8", 30ms).lift("d5", 30ms);
      d.place("d5", core::NO_PIECE, 30ms).settle().settle();
      if (d.board().completed_move()) d.announce();
      const Lines lines = d.take();
      const std::string reading = (settings.made_by_reply ? "board watch, " : "e-board, ") +
                                  std::string(pawn_first ? "pawn first: " : "queen first: ") +
                                  ::testing::PrintToString(lines);
      EXPECT_EQ(std::count(lines.begin(), lines.end(), "placed d5 white pawn"), 1) << reading;
      EXPECT_EQ(std::count(lines.begin(), lines.end(), "placed d5 black queen"), 1) << reading;
      EXPECT_TRUE(has(lines, "made e4d5")) << reading;
      EXPECT_TRUE(has(lines, "made d8d5")) << reading;
      EXPECT_TRUE(in_time_order(d.taken())) << reading;
      EXPECT_EQ(d.board().position().fen(),
                "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3")
          << reading;
    }
  }
}

TEST(PegboardHands, TwoMovesThatNeedAPegStillInHandDoNotExplainTheBoard) {
  // Black's knight a6-c5, and White at once takes it with the bishop a3, sliding through b4 on
  // the way (bench_recognition, peg board watch, seed 1). With the bishop on b4 and the knight
  // lifted from c5 still in hand, the board's occupancy is that of Nb4 Bxb4; but that knight
  // never stood on c5, where its peg came from: no explanation (D.2.3).
  for (const PegboardSettings& settings : quick_reply_readings(core::WHITE)) {
    Driver d(fen("2kr1bn1/7r/n2p1p2/4p2p/8/B6N/6KP/7R b - - 1 25"), settings);
    d.lift("a6").place("c5", core::NO_PIECE, 80ms);
    d.lift("c5", 23ms).lift("a3", 44ms).place("b4", core::NO_PIECE, 92ms);
    d.lift("b4", 53ms).place("c5", core::NO_PIECE, 88ms).settle().settle();
    if (d.board().completed_move()) d.announce();
    const Lines lines = d.take();
    const std::string reading =
        (settings.made_by_reply ? "board watch: " : "e-board: ") + ::testing::PrintToString(lines);
    EXPECT_TRUE(has(lines, "placed b4 white bishop")) << reading;
    EXPECT_TRUE(has(lines, "placed c5 white bishop")) << reading;
    EXPECT_FALSE(has(lines, "completed a6b4")) << reading;
    EXPECT_TRUE(has(lines, "made a6c5")) << reading;
    EXPECT_TRUE(has(lines, "made a3c5")) << reading;
    EXPECT_TRUE(in_time_order(d.taken())) << reading;
    EXPECT_EQ(d.board().position().fen(), "2kr1bn1/7r/3p1p2/2B1p2p/8/7N/6KP/7R b - - 0 26")
        << reading;
  }
}

TEST(PegboardHands, AQuickReplySlidingOnIsNoIllegalMove) {
  // 1.e4 e5 2.h4 and Black at once takes the pawn off h4 and slides the queen d8-e7-f6-g5 to
  // take it (bench_recognition, seed 98): each square on the way is the reply under way, not
  // "black queen moved to e7, but White is to move".
  for (const PegboardSettings& settings : quick_reply_readings(core::BLACK)) {
    Driver d(fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"), settings);
    d.lift("h2")
        .place("h3", core::NO_PIECE, 44ms)
        .lift("h3", 52ms)
        .place("h4", core::NO_PIECE, 73ms);
    d.lift("h4", 16ms).lift("d8", 48ms);
    for (const char* via : {"e7", "f6", "g5"}) d.place(via, core::NO_PIECE, 73ms).lift(via, 46ms);
    d.place("h4", core::NO_PIECE, 73ms).settle().settle();
    if (d.board().completed_move()) d.announce();
    const Lines lines = d.take();
    const std::string reading =
        (settings.made_by_reply ? "board watch: " : "e-board: ") + ::testing::PrintToString(lines);
    for (const std::string& line : lines) EXPECT_FALSE(line.starts_with("illegal")) << reading;
    EXPECT_TRUE(has(lines, "made h2h4")) << reading;
    EXPECT_TRUE(has(lines, "made d8h4")) << reading;
    EXPECT_TRUE(in_time_order(d.taken())) << reading;
  }
}

TEST(PegboardHands, APromotionButtonPressedBeforeTheMoveBeforeSettledIsTheReplys) {
  // White's h2-h4, and before it settles Black presses the rook button for his e2xd1 (D.2.1:
  // the piece named). Completing h2-h4 dropped the press: the capture then waited for "which
  // piece?" for ever (the emulator's games, seeds 200 to 400: 27 of 800 boards).
  for (const PegboardSettings& settings : quick_reply_readings(core::BLACK)) {
    Driver d(fen("4k3/8/8/8/8/8/4p2P/3QK3 w - - 0 1"), settings);
    d.lift("h2").place("h4", core::NO_PIECE, 60ms);
    d.feed(pressed(BoardButton::PromoteRook), 70ms).settle();
    d.lift("e2", 50ms).lift("d1", 50ms).place("d1", core::NO_PIECE, 50ms).settle().settle();
    if (d.board().completed_move()) d.announce();
    const Lines lines = d.take();
    const std::string reading =
        (settings.made_by_reply ? "board watch: " : "e-board: ") + ::testing::PrintToString(lines);
    EXPECT_TRUE(has(lines, "made h2h4")) << reading;
    EXPECT_TRUE(has(lines, "made e2d1r")) << reading;
    for (const std::string& line : lines) EXPECT_FALSE(line.starts_with("promotion on")) << reading;
  }
  // A piece named before a move that is no promotion is not kept for a later one.
  Driver d(fen("4k3/8/8/8/8/8/4p2P/3QK3 w - - 0 1"), {.settle = 100ms, .auto_announce = true});
  d.feed(pressed(BoardButton::PromoteKnight))
      .lift("h2", 50ms)
      .place("h4", core::NO_PIECE, 60ms)
      .settle();
  d.lift("e2", 400ms).lift("d1", 50ms).place("d1", core::NO_PIECE, 50ms).settle().settle();
  EXPECT_TRUE(has(d.take(), "promotion on d1: which piece? (D.2.1: the announcement names it)"));
}

TEST(PegboardHands, ASlideThatRestedTheSettleTimeIsMadeWhereItWentWhenTheReplyBegins) {
  // Board watch: Black's pawn rests on h6 for the settle time (completed h7-h6), goes on to h5,
  // and White's reply begins before that settles. The reply's touch makes the move the board
  // shows (h7-h5), not the one it showed before: h7-h6 was recorded, then h6-h5 after White's
  // move (the emulator's games, seeds 200 to 399: D.2.3 (3)).
  Driver d(fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"),
           {.settle = 100ms, .made_by_reply = true});
  d.lift("h7").place("h6", core::NO_PIECE, 50ms).settle();
  d.lift("h6", 5ms).place("h5", core::NO_PIECE, 50ms);
  d.lift("d2", 30ms).place("d4", core::NO_PIECE, 50ms).settle();
  d.lift("a7", 400ms).place("a6", core::NO_PIECE, 50ms).settle();
  const Lines lines = d.take();
  EXPECT_EQ(made_moves(lines), std::vector<std::string>({"h7h5", "d2d4"}))
      << ::testing::PrintToString(lines);
}

TEST(PegboardHands, APegLiftedAgainFromASlidesSquareIsNoEvidenceOfTheGamesPosition) {
  // Peg board watch: 1.Rxe6+ and Black recaptures Qxe6, taking the rook off first and sliding
  // the queen through d5. Which peg went into d5 is a guess (the rook, by the hole it came
  // from); lifted again from d5, a hole empty in the game, it ruled out every move: Qxe6 was
  // never made (the emulator's games, seed 272).
  Driver d(fen("4k3/8/4b3/8/2q1R3/8/8/6K1 w - - 0 1"), {.settle = 100ms, .made_by_reply = true});
  d.lift("e6").lift("e4", 60ms).place("e6", core::NO_PIECE, 60ms).settle();
  d.lift("e6", 70ms).lift("c4", 60ms).place("d5", core::NO_PIECE, 50ms);
  d.lift("d5", 60ms).place("e6", core::NO_PIECE, 60ms).settle();
  d.lift("g1", 400ms).place("h1", core::NO_PIECE, 60ms).settle();
  const Lines lines = d.take();
  EXPECT_EQ(made_moves(lines), std::vector<std::string>({"e4e6", "c4e6"}))
      << ::testing::PrintToString(lines);
}

TEST(PegboardHands, AQuickReplySlidingThroughTheSquareJustLeftIsNoIllegalMove) {
  // Peg board watch: White's Re7-e3, and before it settles Black takes the a3 pawn off and
  // slides the bishop f8 through e7 to a3. The lift on e7 ended the settling and judged a board
  // half the reply's: "white rook to e3 is not a legal move" (the emulator's games, seed 284).
  Driver d(fen("5b1k/4R3/8/8/8/P7/8/7K w - - 0 1"), {.settle = 100ms, .made_by_reply = true});
  d.lift("e7").place("e3", core::NO_PIECE, 60ms);
  d.lift("a3", 40ms).lift("f8", 50ms).place("e7", core::NO_PIECE, 50ms);
  for (const char* square : {"e7", "d6", "c5", "b4"}) {
    d.lift(square, 50ms);
    const char next[] = {static_cast<char>(square[0] - 1), static_cast<char>(square[1] - 1), 0};
    d.place(next, core::NO_PIECE, 50ms);
  }
  d.settle();
  d.lift("h1", 400ms).place("g1", core::NO_PIECE, 60ms).settle();
  const Lines lines = d.take();
  for (const std::string& line : lines)
    EXPECT_FALSE(line.starts_with("illegal")) << ::testing::PrintToString(lines);
  EXPECT_EQ(made_moves(lines), std::vector<std::string>({"e7e3", "f8a3"}))
      << ::testing::PrintToString(lines);
}

TEST(PegboardHands, ASensorBounceBesideAPegInHandIsNoCapture) {
  // After 1.e4 d5 White holds the e4 pawn; d5's sensor flickers (out and back in 2 ms). The peg
  // back in d5 is the black pawn, not the white pawn taking it (D.2.2: no touch, no move).
  Driver d(fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
           {.auto_announce = true});
  d.lift("e4").lift("d5", 100ms).place("d5", core::NO_PIECE, 2ms).settle();
  Lines lines = d.take();
  EXPECT_EQ(lines, Lines({"touched e4 white pawn"}));
  d.place("e5", core::NO_PIECE, 100ms).settle();
  lines = d.take();
  EXPECT_EQ(lines, Lines({"placed e5 white pawn", "completed e4e5", "made e4e5"}));
}

// ---- events in time order (issue 12, section 3) ---------------------------------------------

TEST(PegboardTime, AQuickCaptureIsReportedInTimeOrder) {
  // The captured pawn off, then the capturing pawn lifted and placed within the bounce window:
  // the touch of the captured pawn used to come after the placement with an earlier time, and
  // "removed" with the time of its lift after "placed".
  for (const bool identifying : {false, true}) {
    Driver d(fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
             {.auto_announce = true}, identifying);
    d.lift("d5").lift("e4", 5ms).place("d5", core::W_PAWN, 5ms).settle();
    const Lines lines = d.take();
    EXPECT_TRUE(in_time_order(d.taken())) << ::testing::PrintToString(lines);
    EXPECT_EQ(lines, Lines({"touched d5 black pawn (opponent's piece)", "touched e4 white pawn",
                            "placed d5 white pawn", "removed d5 black pawn", "completed e4d5",
                            "made e4d5"}));
  }
}

TEST(PegboardTime, AnInputStampedBeforeATickDoesNotGoBack) {
  // A reader thread stamps bytes while the game thread ticks a little later: the input counts
  // as happening at the tick.
  Driver d(Position{}, {.settle = 0ms, .auto_announce = true});
  d.lift("e2").wait(100ms);
  std::vector<PegboardEvent> out;
  d.board().tick(d.now() + 50ms, out);
  BoardInput late;
  late.kind = BoardInput::Kind::Place;
  late.square = core::SQ_E4;
  late.time = d.now() + 10ms;  // before the tick
  d.board().feed(late, out);
  ASSERT_FALSE(out.empty());
  for (const auto& e : out) EXPECT_GE(e.time, d.now() + 50ms) << describe(e);
}

TEST(PegboardTime, ARandomWalkOfHandsNeverRunsBackwards) {
  for (const bool identifying : {false, true}) {
    Driver d(Position{}, {.made_by_reply = true}, identifying);
    std::uint32_t seed = 777;
    const auto next = [&] { return seed = seed * 1664525u + 1013904223u; };
    for (int i = 0; i < 3000; ++i) {
      const auto s = core::Square((next() >> 8) % 64);
      const auto gap = std::chrono::milliseconds(next() % 60);
      if (d.board().occupied() & core::square_bb(s))
        d.lift(core::square_name(s), gap);
      else
        d.place(core::square_name(s), core::Piece(1 + (next() >> 5) % 6), gap);
      if (next() % 50 == 0) d.announce();
    }
    d.settle().take();
    EXPECT_TRUE(in_time_order(d.taken())) << identifying;
  }
}

// ---- unplugged (issue 12, section 2) ----------------------------------------------------------

BoardInput scan_of(const Position& pos) {
  BoardInput scan;
  scan.kind = BoardInput::Kind::Scan;
  scan.scan.occupied = pos.pieces();
  return scan;
}

BoardInput gone() {
  BoardInput input;
  input.kind = BoardInput::Kind::Disconnected;
  input.detail = "the device hung up";
  return input;
}

TEST(PegboardLink, AMoveFinishedJustBeforeOrWhileUnpluggedIsSaidOneWay) {
  const Position after = Position{}.after(Move(core::SQ_E2, core::SQ_E4));
  Driver before_unplug(Position{}, {.auto_announce = true});
  before_unplug.feed(scan_of(Position{}));
  before_unplug.lift("e2").place("e4", core::NO_PIECE, 100ms);
  before_unplug.feed(gone(), 50ms);  // within the settle time: not judged yet
  before_unplug.wait(2s).feed(scan_of(after)).settle();
  Driver while_unplugged(Position{}, {.auto_announce = true});
  while_unplugged.feed(scan_of(Position{}));
  while_unplugged.lift("e2").wait(100ms).feed(gone(), 50ms);
  while_unplugged.wait(2s).feed(scan_of(after)).settle();
  Lines a = before_unplug.take();
  Lines b = while_unplugged.take();
  std::erase(a, "placed e4 white pawn");  // the only thing the board said before it went away
  EXPECT_EQ(a, b);
  EXPECT_EQ(b, Lines({"connected: the board agrees with the game", "touched e2 white pawn",
                      "disconnected: the device hung up",
                      "reconnected: the board shows a move completed meanwhile", "completed e2e4",
                      "made e2e4"}));
}

TEST(PegboardLink, NoHintWhileTheBoardIsAway) {
  Driver d(Position{});
  d.feed(scan_of(Position{}));
  d.lift("b1").place("b3").wait(100ms).feed(gone()).wait(10s);
  const Lines lines = d.take();
  for (const auto& line : lines) EXPECT_EQ(line.find("out of sync"), std::string::npos) << line;
}

}  // namespace
}  // namespace pegboard_record_test
}  // namespace annabella::tactile
