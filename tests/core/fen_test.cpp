// FEN reading is strict: every fault gets its own message naming what and where.
#include <gtest/gtest.h>

#include "core/correction.h"
#include "core/movegen.h"

namespace annabella::core {
namespace {

TEST(Fen, RoundTripsStandardPositions) {
  for (const char* text : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
       }) {
    auto pos = Position::from_fen(text);
    ASSERT_TRUE(pos) << pos.error().message;
    EXPECT_EQ(pos->fen(), text);
  }
}

TEST(Fen, CountersMayBeLeftOut) {
  auto pos = Position::from_fen("8/8/8/4k3/8/8/8/4K3 b - -");
  ASSERT_TRUE(pos) << pos.error().message;
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
  ASSERT_TRUE(no_capturer) << no_capturer.error().message;
  EXPECT_EQ(no_capturer->en_passant_square(), SQ_NONE);
  EXPECT_EQ(no_capturer->fen(), "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2");
}

struct BadFen {
  const char* fen;
  const char* message_part;
};

TEST(Fen, EveryFaultHasItsOwnMessage) {
  const BadFen cases[] = {
      {"", "FEN has 0 fields"},
      {"8/8/8/8/8/8/8/8 w - - 0", "FEN has 5 fields"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
       "column 58: unexpected text"},
      {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       "column 19: '9' is not a piece letter"},
      {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 has 7 squares"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "only 7 ranks"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
       "column 43: 'X' is not a piece letter"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "column 45: side to move"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
       "column 50: 'z' is not a castling"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", "given twice"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
       "halfmove clock must be a whole number"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "move number must be 1 or more"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "White has 0 kings"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "White has 2 kings"},
      {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "White has 9 pawns"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/QQBQKBNR w Kkq - 0 1", "more promoted pieces"},
      {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", "pawn stands on h8"},
      {"rnbqkbnr/1ppppppp/8/8/8/8/PPPPPPPP/pNBQKBNR w Kkq - 0 1", "pawn stands on a1"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
       "castling right 'K' but there is no rook on h1"},
      {"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       "castling right 'k' but the king is not on e8"},
      {"rnbqkbnr/ppppp1pp/8/5p1Q/8/4P3/PPPP1PPP/RNB1KBNR w KQkq - 0 3",
       "Black is in check, but it is White's move"},
      {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "impossible: no Black pawn"},
      {"4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1", "must be on rank 6"},
      {"4k3/8/8/4pP2/8/8/8/4K3 w - e6 5 1", "halfmove clock must be 0"},
      {"4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "en passant square must be a square"},
      {"4k3/8/8/8/8/8/8/r3K3 b - - 0 1", "White is in check, but it is Black's move"},
      {"4k3/8/8/8/8/3n1n2/4r3/4K3 w - - 0 1", "attacked by 3 pieces"},
  };
  for (const auto& c : cases) {
    auto pos = Position::from_fen(c.fen);
    ASSERT_FALSE(pos) << "accepted: " << c.fen;
    EXPECT_NE(pos.error().message.find(c.message_part), std::string::npos)
        << c.fen << "\n  message: " << pos.error().message
        << "\n  expected to contain: " << c.message_part;
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
}  // namespace annabella::core
