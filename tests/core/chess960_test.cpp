// Chess960 (Guidelines II) in the core: start positions by number, X-FEN and Shredder-FEN,
// castling as II.3 defines it, and perft against published counts.
#include "core/chess960.h"

#include <gtest/gtest.h>

#include <set>

#include "core/movegen.h"

namespace annabella::core {
namespace chess960_test {
namespace {

Position fen960(const std::string& text) {
  auto pos = Position::from_fen(text, Variant::Chess960);
  EXPECT_TRUE(pos) << text << ": " << (pos ? -1 : int(pos.error().fault));
  return pos ? *pos : Position();
}

std::set<std::string> castling_moves(const Position& pos) {
  std::set<std::string> out;
  for (Move m : legal_moves(pos))
    if (m.kind() == MoveKind::Castling) out.insert(to_uci(m));
  return out;
}

// ---- Perft ---------------------------------------------------------------------------------

struct PerftCase {
  const char* fen;
  int depth;
  std::uint64_t nodes;
};

// The Chess960 perft suite of https://www.chessprogramming.org/Chess960_Perft_Results, as kept in
// Ethereal's src/perft/fischer.epd and python-chess's examples/perft/chess960.perft (the "id" is
// the position's number there). Chosen for their castling fields: Shredder letters, one right
// left, a king that has moved, an en passant square, a king next to its rook.
const PerftCase kPublished[] = {
    // id 0
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", 4, 326672},
    // id 3: White's king has moved (f2), Black keeps both rights
    {"qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", 4, 382958},
    // id 9
    {"qn1rbbkr/ppp2p1p/1n1pp1p1/8/3P4/P6P/1PP1PPPK/QNNRBB1R w hd - 2 9", 4, 679699},
    // id 17: an en passant square
    {"bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9", 4, 962591},
    // id 20: the king next to its rook (g1, h1)
    {"n1bb1rkr/qpnppppp/2p5/p7/P1P5/5P2/1P1PPRPP/NQBBN1KR w Hhf - 1 9", 4, 505089},
    // id 26: one right left
    {"nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9", 4, 248069},
    // id 33
    {"bnnqrbkr/pp1p2p1/2p1p2p/5p2/1P5P/1R6/P1PPPPP1/BNNQRBK1 w Ehe - 0 9", 4, 1024721},
    // id 46: no rights
    {"1nqr1rbb/pppkp1pp/1n3p2/3p4/1P6/5P1P/P1PPPKP1/NNQR1RBB w - - 1 9", 4, 429446},
    // id 62
    {"nnrqk1bb/p1ppp2p/5rp1/1p3p2/1P4P1/5P1P/P1PPP3/NNRQKRBB w FCc - 1 9", 4, 648945},
    // id 82
    {"b1nrkrqb/1p1npppp/p2p4/2p5/5P2/4P2P/PPPP1RP1/BNNRK1QB w Dfd - 1 9", 4, 270909},
    // id 87: Black castles with the d-rook, the king on f8
    {"nbnrbk2/p1pppp1p/1p3qr1/6p1/1B1P4/1N6/PPP1PPPP/1BNR1RKQ w d - 2 9", 4, 687302},
    // id 89
    {"nnrkbbrq/1pp2p1p/p2pp1p1/2P5/8/8/PP1PPPPP/NNRKBBRQ w Ggc - 0 9", 4, 624598},
    // id 93
    {"nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9", 4, 636041},
    // The same suite's position also in Stockfish's tests, one ply deeper.
    {"1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9", 5, 8652810},
};

class Chess960Perft : public ::testing::TestWithParam<PerftCase> {};

TEST_P(Chess960Perft, MatchesPublishedCount) {
  const Position pos = fen960(GetParam().fen);
  EXPECT_EQ(perft(pos, GetParam().depth), GetParam().nodes) << GetParam().fen;
}

INSTANTIATE_TEST_SUITE_P(Published, Chess960Perft, ::testing::ValuesIn(kPublished));

TEST(Chess960, StandardArrangementCountsAsStandardChess) {
  // Arrangement 518 is RNBQKBNR: the tree is standard chess's (only the encoding of castling
  // differs), 4,865,609 leaves at depth 5.
  auto pos = chess960_start_position(518);
  ASSERT_TRUE(pos);
  EXPECT_EQ(perft(*pos, 5), 4865609u);
}

// ---- Start positions -----------------------------------------------------------------------

TEST(Chess960, StartPositionsByNumber) {
  EXPECT_EQ(chess960_first_rank(0), "BBQNNRKR");
  EXPECT_EQ(chess960_first_rank(518), "RNBQKBNR");
  EXPECT_EQ(chess960_first_rank(959), "RKRNNQBB");
  auto pos = chess960_start_position(518);
  ASSERT_TRUE(pos);
  EXPECT_EQ(pos->fen(), std::string(kStartFen));
  EXPECT_TRUE(pos->is_chess960());
  EXPECT_EQ(chess960_number(*pos), 518);
  EXPECT_FALSE(chess960_start_position(960));
  EXPECT_FALSE(chess960_start_position(-1));
}

TEST(Chess960, EveryArrangementKeepsTheRulesOfII2) {
  std::set<std::string> seen;
  for (int n = 0; n < kChess960Positions; ++n) {
    const std::string rank = chess960_first_rank(n);
    seen.insert(rank);
    const auto k = rank.find('K'), r1 = rank.find('R'), r2 = rank.rfind('R');
    EXPECT_TRUE(r1 < k && k < r2) << n << " " << rank;  // II.2.1
    const auto b1 = rank.find('B'), b2 = rank.rfind('B');
    EXPECT_NE(b1 % 2, b2 % 2) << n << " " << rank;  // II.2.2
    auto pos = chess960_start_position(n);
    ASSERT_TRUE(pos) << n;
    EXPECT_EQ(chess960_number(*pos), n);
    EXPECT_EQ(pos->piece_on(make_square(int(k), 7)), B_KING);  // II.2.3: Black mirrors White
    EXPECT_EQ(perft(*pos, 1), count_legal_moves(*pos));
  }
  EXPECT_EQ(seen.size(), 960u);
}

// ---- FEN -----------------------------------------------------------------------------------

TEST(Chess960Fen, XFenAndShredderFenReadTheSame) {
  const Position shredder =
      fen960("1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9");
  const Position xfen =
      fen960("1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w KQkq - 0 9");
  EXPECT_EQ(shredder, xfen);
  EXPECT_EQ(shredder.castling_rook(WHITE_OO), SQ_F1);
  EXPECT_EQ(shredder.castling_rook(BLACK_OOO), SQ_B8);
  EXPECT_EQ(shredder.fen(), "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w KQkq - 0 9");
  EXPECT_EQ(shredder.fen(Position::CastlingField::Shredder),
            "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9");
}

TEST(Chess960Fen, XFenNamesAnInnerRookByItsFile) {
  // Two white rooks on the king's h-side: castling with the inner one (f1) is "F", with the
  // outer one (h1) "K".
  const Position inner = fen960("4k3/8/8/8/8/8/8/1K3R1R w F - 0 1");
  EXPECT_EQ(inner.castling_rook(WHITE_OO), SQ_F1);
  EXPECT_EQ(inner.fen(), "4k3/8/8/8/8/8/8/1K3R1R w F - 0 1");
  const Position outer = fen960("4k3/8/8/8/8/8/8/1K3R1R w K - 0 1");
  EXPECT_EQ(outer.castling_rook(WHITE_OO), SQ_H1);
  EXPECT_EQ(outer.fen(), "4k3/8/8/8/8/8/8/1K3R1R w K - 0 1");
  EXPECT_EQ(outer.fen(Position::CastlingField::Shredder), "4k3/8/8/8/8/8/8/1K3R1R w H - 0 1");
}

TEST(Chess960Fen, RoundTripsThePublishedPositions) {
  for (const PerftCase& c : kPublished) {
    const Position pos = fen960(c.fen);
    const Position again = fen960(pos.fen());
    EXPECT_EQ(again, pos) << c.fen;
    EXPECT_EQ(fen960(pos.fen(Position::CastlingField::Shredder)), pos) << c.fen;
  }
}

TEST(Chess960Fen, BadCastlingFieldsSayWhy) {
  using F = Position::FenError::Fault;
  struct Bad {
    const char* text;
    F fault;
    char right;
    Square square;
  };
  const Bad cases[] = {
      {"4k3/8/8/8/8/8/8/1K3N1R w F - 0 1", F::CastlingNoRook, 'F', SQ_F1},
      {"4k3/8/8/8/8/8/8/1K5N w K - 0 1", F::CastlingNoRookOnSide, 'K', SQ_NONE},
      {"4k3/8/8/8/8/8/1K6/R6R w A - 0 1", F::CastlingKingNotOnFirstRank, 'A', SQ_B2},
      {"4k3/8/8/8/8/8/8/RK5R w HK - 0 1", F::CastlingRightTwice, 'K', SQ_NONE},
      {"4k3/8/8/8/8/8/8/RK5R w I - 0 1", F::NotCastlingRight, 'I', SQ_NONE},
  };
  for (const auto& c : cases) {
    auto pos = Position::from_fen(c.text, Variant::Chess960);
    ASSERT_FALSE(pos) << c.text;
    EXPECT_EQ(pos.error().fault, c.fault) << c.text;
    EXPECT_EQ(pos.error().character, c.right) << c.text;
    EXPECT_EQ(pos.error().square, c.square) << c.text;
    EXPECT_EQ(pos.error().color, WHITE) << c.text;
  }
  auto side = Position::from_fen("4k3/8/8/8/8/8/8/1K5N w K - 0 1", Variant::Chess960);
  ASSERT_FALSE(side);
  EXPECT_TRUE(side.error().king_side);
  auto letter = Position::from_fen("4k3/8/8/8/8/8/8/RK5R w I - 0 1", Variant::Chess960);
  ASSERT_FALSE(letter);
  EXPECT_TRUE(letter.error().chess960);
  // Shredder letters are Chess960 only; a standard game says so.
  auto standard = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
  ASSERT_FALSE(standard);
  EXPECT_EQ(standard.error().fault, F::Chess960CastlingRight);
  EXPECT_EQ(standard.error().character, 'H');
}

// ---- Castling (II.3) -----------------------------------------------------------------------

struct CastlingCase {
  const char* name;
  const char* fen;
  std::set<std::string> castling;  // the castling moves that must be legal, UCI king-to-rook
};

// Each row one condition of II.3 (with Art. 3.8.2, which II.3.1 keeps).
const CastlingCase kCastling[] = {
    {"BothSidesFree", "1r2k1r1/1p4p1/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", {"e1b1", "e1g1"}},
    {"NoRightNoCastling", "1r2k1r1/1p4p1/8/8/8/8/8/1R2K1R1 w gb - 0 1", {}},
    // II.3.2.7.4: every square between the king's start and end empty (c1: O-O from b1) ...
    {"KingPathBlocked", "4k3/8/8/8/8/8/8/1KN2R2 w F - 0 1", {}},
    // ... including the king's end square (g1) ...
    {"KingEndSquareTaken", "4k3/8/8/8/8/8/8/1KR3N1 w C - 0 1", {}},
    // ... and every square between the rook's start and end (b1: a1 -> d1) ...
    {"RookPathBlocked", "4k3/8/8/8/8/8/8/RN2K3 w A - 0 1", {}},
    // ... including the rook's end square (d1, with the king going from b1 to c1) ...
    {"RookEndSquareTaken", "4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", {}},
    // ... except for the king and the castling rook themselves: the king lands where the rook
    // stood, or passes over it.
    {"KingLandsOnTheRooksSquare", "4k3/8/8/8/8/8/8/1R1K2R1 w G - 0 1", {"d1g1"}},
    {"KingPassesOverTheRook", "4k3/8/8/8/8/8/8/1KR5 w C - 0 1", {"b1c1"}},
    // II.3.2.7.2: only the rook moves (the king already on g1) ...
    {"OnlyTheRookMoves", "6k1/8/8/8/8/8/8/6KR w H - 0 1", {"g1h1"}},
    // ... or only the king (the rook already on d1).
    {"OnlyTheKingMoves", "4k3/8/8/8/8/8/8/3RK3 w D - 0 1", {"e1d1"}},
    // II.3.2.7.5: squares outside both paths may stay occupied (a1 and h1 here).
    {"OtherSquaresMayStayOccupied", "4k3/8/8/8/8/8/8/NR2K1RN w GB - 0 1", {"e1b1", "e1g1"}},
    // II.3.1 keeps Art. 3.8.2.2.1: not out of check ...
    {"NotInCheck", "4k3/8/8/8/8/8/4r3/1R2K1R1 w GB - 0 1", {}},
    // ... not over an attacked square (f1 by the black rook on f8) ...
    {"NotThroughAnAttackedSquare", "4kr2/8/8/8/8/8/8/1R2K1R1 w GB - 0 1", {"e1b1"}},
    // ... not onto one (c1 by the bishop on h6).
    {"NotOntoAnAttackedSquare", "4k3/8/7b/8/8/8/8/1R2K1R1 w GB - 0 1", {"e1g1"}},
    // A square only the rook crosses may be attacked (b1, as in standard chess).
    {"TheRooksPathMayBeAttacked", "1r2k3/8/8/8/8/8/8/R3K3 w A - 0 1", {"e1a1"}},
    // The castling rook shields its king from a queen on the first rank; once it has gone to d1
    // the king on c1 would be in check: illegal.
    {"TheRookMayNotLeaveItsKingInCheck", "4k3/8/8/8/8/8/8/qRK5 w B - 0 1", {}},
};

class Chess960Castling : public ::testing::TestWithParam<CastlingCase> {};

TEST_P(Chess960Castling, ExactlyTheLegalCastlingMoves) {
  const CastlingCase& c = GetParam();
  const Position pos = fen960(c.fen);
  EXPECT_EQ(castling_moves(pos), c.castling) << c.fen;
}

INSTANTIATE_TEST_SUITE_P(II3, Chess960Castling, ::testing::ValuesIn(kCastling),
                         [](const auto& test_info) { return std::string(test_info.param.name); });

TEST(Chess960Castling, KingAndRookEndOnTheStandardSquares) {
  // II.3.2.6: after O-O-O the king is on c1 and the rook on d1; after O-O on g1 and f1.
  const Position pos = fen960("1r2k1r1/1p4p1/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
  ASSERT_EQ(castling_moves(pos), (std::set<std::string>{"e1b1", "e1g1"}));
  const Position long_side = pos.after(Move(SQ_E1, SQ_B1, MoveKind::Castling));
  EXPECT_EQ(long_side.fen(), "1r2k1r1/1p4p1/8/8/8/8/8/2KR2R1 b kq - 1 1");
  const Position short_side = pos.after(Move(SQ_E1, SQ_G1, MoveKind::Castling));
  EXPECT_EQ(short_side.fen(), "1r2k1r1/1p4p1/8/8/8/8/8/1R3RK1 b kq - 1 1");
  const auto squares = pos.castling_squares(Move(SQ_E1, SQ_B1, MoveKind::Castling));
  EXPECT_EQ(squares.king_to, SQ_C1);
  EXPECT_EQ(squares.rook_from, SQ_B1);
  EXPECT_EQ(squares.rook_to, SQ_D1);
  // Only the rook moved; the king lands where the rook stood.
  const Position rook_only = fen960("6k1/8/8/8/8/8/8/6KR w H - 0 1");
  EXPECT_EQ(rook_only.after(Move(SQ_G1, SQ_H1, MoveKind::Castling)).fen(),
            "6k1/8/8/8/8/8/8/5RK1 b - - 1 1");
  const Position onto_rook = fen960("4k3/8/8/8/8/8/8/1R1K2R1 w G - 0 1");
  EXPECT_EQ(onto_rook.after(Move(SQ_D1, SQ_G1, MoveKind::Castling)).fen(),
            "4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1");
}

TEST(Chess960Castling, RightsLostByKingRookAndCapture) {
  const Position pos = fen960("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1");
  EXPECT_EQ(pos.after(Move(SQ_E1, SQ_E2)).castling_rights(), BLACK_OO | BLACK_OOO);
  EXPECT_EQ(pos.after(Move(SQ_G1, SQ_G2)).castling_rights(), WHITE_OOO | BLACK_OO | BLACK_OOO);
  // The white rook takes the black g-rook on its square: Black's O-O right goes with it.
  EXPECT_EQ(pos.after(Move(SQ_G1, SQ_G8)).castling_rights(), WHITE_OOO | BLACK_OOO);
  // Castling encodes king-to-rook in Chess960 and king-to-destination in standard chess.
  const Position standard = Position();
  const Position same960 = chess960_start_position(518).value();
  const Position open_standard = Position::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").value();
  const Position open960 = fen960("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(castling_moves(open_standard), (std::set<std::string>{"e1c1", "e1g1"}));
  EXPECT_EQ(castling_moves(open960), (std::set<std::string>{"e1a1", "e1h1"}));
  EXPECT_TRUE(castling_moves(standard).empty());
  EXPECT_TRUE(castling_moves(same960).empty());
  EXPECT_TRUE(open_standard.after(Move(SQ_E1, SQ_G1, MoveKind::Castling))
                  .same_placement(open960.after(Move(SQ_E1, SQ_H1, MoveKind::Castling))));
}

}  // namespace
}  // namespace chess960_test
}  // namespace annabella::core
