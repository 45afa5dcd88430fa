// FEN reading is strict: every fault gets its own kind with the facts of what and where
// (app/fen_text.h words them; tests/app/core_wording_test.cpp checks the wording).
#include <gtest/gtest.h>

#include "core/correction.h"
#include "core/movegen.h"

namespace annabella::core {
namespace fen_test {
namespace {

TEST(Fen, RoundTripsStandardPositions) {
  for (const char* text : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
       }) {
    auto pos = Position::from_fen(text);
    ASSERT_TRUE(pos) << int(pos.error().fault);
    EXPECT_EQ(pos->fen(), text);
  }
}

TEST(Fen, CountersMayBeLeftOut) {
  auto pos = Position::from_fen("8/8/8/4k3/8/8/8/4K3 b - -");
  ASSERT_TRUE(pos) << int(pos.error().fault);
  EXPECT_EQ(pos->fen(), "8/8/8/4k3/8/8/8/4K3 b - - 0 1");
}

TEST(Fen, EnPassantSquareKeptOnlyWhenTheCaptureIsLegal) {
  // Written after any double step by many programs; annabella keeps it only if exf6 is legal.
  auto pos = Position::from_fen("4k3/8/8/4P3/8/8/8/4K3 b - - 0 1");
  ASSERT_TRUE(pos);
  const Position after = pos->after(Move(SQ_E8, SQ_E7));
  EXPECT_EQ(after.en_passant_square(), SQ_NONE);
  auto no_capturer =
      Position::from_fen("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2");
  ASSERT_TRUE(no_capturer) << int(no_capturer.error().fault);
  EXPECT_EQ(no_capturer->en_passant_square(), SQ_NONE);
  EXPECT_EQ(no_capturer->fen(), "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2");
}

// A record and the fault the reader must find in it, with the facts that matter for it.
struct BadFen {
  const char* fen;
  Position::FenError want;
};

using K = Position::FenError::Kind;
using F = Position::FenError::Fault;

Position::FenError syntax(F fault, int column) {
  return {.kind = K::Syntax, .fault = fault, .column = column};
}
Position::FenError illegal(F fault) {
  return {.kind = K::Illegal, .fault = fault};
}
template <class Set>
Position::FenError with(Position::FenError e, Set set) {
  set(e);
  return e;
}

TEST(Fen, EveryFaultHasItsOwnKindAndFacts) {
  const BadFen cases[] = {
      {"", with(syntax(F::FieldCount, -1), [](auto& e) { e.count = 0; })},
      {"8/8/8/8/8/8/8/8 w - - 0", with(syntax(F::FieldCount, -1), [](auto& e) { e.count = 5; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
       with(syntax(F::TextAfterSixthField, 57), [](auto& e) { e.text = "extra"; })},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       with(syntax(F::NotPieceOrDigit, 18), [](auto& e) { e.character = '9'; })},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       with(syntax(F::RankShort, 16), [](auto& e) { e.rank = 7, e.count = 7; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
       with(syntax(F::TooFewRanks, 34), [](auto& e) { e.rank = 1, e.count = 7; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
       with(syntax(F::NotPieceOrDigit, 42), [](auto& e) { e.character = 'X'; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
       with(syntax(F::SideToMove, 44), [](auto& e) { e.text = "x"; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
       with(syntax(F::NotCastlingRight, 49), [](auto& e) { e.character = 'z'; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1",
       with(syntax(F::CastlingRightTwice, 47), [](auto& e) { e.character = 'K'; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
       with(syntax(F::HalfmoveClockNotNumber, 53), [](auto& e) { e.text = "x"; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", syntax(F::MoveNumberZero, 55)},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
       with(illegal(F::KingCount), [](auto& e) { e.color = WHITE, e.count = 0; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1",
       with(illegal(F::KingCount), [](auto& e) { e.color = WHITE, e.count = 2; })},
      {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       with(illegal(F::TooManyPawns), [](auto& e) { e.color = WHITE, e.count = 9; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/QQBQKBNR w Kkq - 0 1",
       with(illegal(F::TooManyPromoted), [](auto& e) { e.color = WHITE, e.count = 2; })},
      {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1",
       with(illegal(F::PawnOnEdgeRank), [](auto& e) { e.square = SQ_H8; })},
      {"rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/pNBQKBNR w Kkq - 0 1",
       with(illegal(F::PawnOnEdgeRank), [](auto& e) { e.square = SQ_A1; })},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
       with(illegal(F::CastlingNoRook),
            [](auto& e) { e.character = 'K', e.color = WHITE, e.square = SQ_H1; })},
      {"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       with(illegal(F::CastlingKingNotHome),
            [](auto& e) { e.character = 'k', e.color = BLACK, e.square = SQ_E8; })},
      {"rnbqkbnr/ppppp1pp/8/5p1Q/8/4P3/PPPP1PPP/RNB1KBNR w KQkq - 0 3",
       with(illegal(F::SideNotToMoveInCheck), [](auto& e) { e.color = BLACK; })},
      {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", with(illegal(F::EnPassantNoPawn),
                                              [](auto& e) {
                                                e.column = 24, e.square = SQ_E6, e.color = BLACK,
                                                e.from = SQ_E7, e.to = SQ_E5;
                                              })},
      {"4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1",
       with(illegal(F::EnPassantWrongRank),
            [](auto& e) { e.column = 26, e.square = SQ_E3, e.color = WHITE, e.rank = 6; })},
      {"4k3/8/8/4pP2/8/8/8/4K3 w - e6 5 1", with(illegal(F::HalfmoveClockAfterPawnMove),
                                                 [](auto& e) { e.column = 30, e.square = SQ_E6; })},
      {"4k3/8/8/8/8/8/8/4K3 w - z9 0 1",
       with(syntax(F::EnPassantNotSquare, 24), [](auto& e) { e.text = "z9"; })},
      {"4k3/8/8/8/8/8/8/r3K3 b - - 0 1",
       with(illegal(F::SideNotToMoveInCheck), [](auto& e) { e.color = WHITE; })},
      {"4k3/8/8/8/8/3n1n2/4r3/4K3 w - - 0 1",
       with(illegal(F::TooManyCheckers), [](auto& e) { e.color = WHITE, e.count = 3; })},
  };
  for (const auto& c : cases) {
    auto pos = Position::from_fen(c.fen);
    ASSERT_FALSE(pos) << "accepted: " << c.fen;
    const auto& got = pos.error();
    EXPECT_EQ(got.kind, c.want.kind) << c.fen;
    EXPECT_EQ(got.fault, c.want.fault) << c.fen;
    EXPECT_EQ(got.column, c.want.column) << c.fen;
    EXPECT_EQ(got.text, c.want.text) << c.fen;
    EXPECT_EQ(got.character, c.want.character) << c.fen;
    if (c.want.kind == K::Illegal) {
      EXPECT_EQ(got.color, c.want.color) << c.fen;
    }
    if (c.want.count) {
      EXPECT_EQ(got.count, c.want.count) << c.fen;
    }
    if (c.want.rank) {
      EXPECT_EQ(got.rank, c.want.rank) << c.fen;
    }
    EXPECT_EQ(got.square, c.want.square) << c.fen;
    EXPECT_EQ(got.from, c.want.from) << c.fen;
    EXPECT_EQ(got.to, c.want.to) << c.fen;
  }
}

// Carries out the steps on a copy of the board's squares and checks each step is possible.
void expect_steps_reach(const Position& board, const Position& target,
                        const std::vector<CorrectionStep>& steps) {
  Piece squares[SQUARE_NB];
  for (int s = 0; s < 64; ++s) squares[s] = board.piece_on(Square(s));
  for (const auto& step : steps) {
    if (step.kind != CorrectionStep::Kind::Place) {
      ASSERT_EQ(squares[step.from], step.piece) << describe(step);
      squares[step.from] = NO_PIECE;
    }
    if (step.kind != CorrectionStep::Kind::Remove) {
      ASSERT_EQ(squares[step.to], NO_PIECE) << describe(step) << ": square occupied";
      squares[step.to] = step.piece;
    }
  }
  for (int s = 0; s < 64; ++s)
    EXPECT_EQ(squares[s], target.piece_on(Square(s))) << square_name(Square(s));
}

TEST(Correction, FewestStepsBetweenPlacements) {
  auto board = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  auto target = Position::from_fen("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
  ASSERT_TRUE(board && target);
  // The e-pawn went to e4 instead of the d-pawn to d4: two moves put it right.
  const auto steps = correction_steps(*board, *target);
  ASSERT_EQ(steps.size(), 2u);
  for (const auto& step : steps) EXPECT_EQ(step.kind, CorrectionStep::Kind::Move);
  // Nearest pairs first: each pawn travels one square.
  EXPECT_EQ(describe(steps[0]) + "; " + describe(steps[1]),
            "move white pawn d2 e2; move white pawn e4 d4");
  expect_steps_reach(*board, *target, steps);
}

TEST(Correction, RemovalsFirstPlacementsLast) {
  auto board = Position::from_fen("4k3/8/8/4n3/8/8/8/4K3 w - - 0 1");
  auto target = Position::from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
  ASSERT_TRUE(board && target);
  const auto steps = correction_steps(*board, *target);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(describe(steps[0]), "remove black knight e5");
  EXPECT_EQ(describe(steps[1]), "place white queen d1");
  expect_steps_reach(*board, *target, steps);
}

TEST(Correction, SwappedPiecesGoThroughTheHand) {
  auto board = Position::from_fen("4k3/8/8/8/8/8/8/1BN1K3 w - - 0 1");
  auto target = Position::from_fen("4k3/8/8/8/8/8/8/1NB1K3 w - - 0 1");
  ASSERT_TRUE(board && target);
  const auto steps = correction_steps(*board, *target);
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].kind, CorrectionStep::Kind::Remove);
  EXPECT_EQ(steps[1].kind, CorrectionStep::Kind::Move);
  EXPECT_EQ(steps[2].kind, CorrectionStep::Kind::Place);
  expect_steps_reach(*board, *target, steps);
  EXPECT_TRUE(correction_steps(*target, *target).empty());
}

}  // namespace
}  // namespace fen_test
}  // namespace annabella::core
