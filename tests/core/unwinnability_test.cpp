// Art. 6.9 and 5.2.2 decided (core/unwinnability.h): a table of positions of each kind with the
// verdict for both sides, each verdict cross-checked (a mating line is replayed; a proof that a
// side cannot mate is checked against a brute-force search), and random positions cross-checked
// the same way.
#include "core/unwinnability.h"

#include <gtest/gtest.h>

#include <random>
#include <unordered_map>

#include "core/blockade.h"
#include "core/helpmate.h"
#include "core/mating_material.h"
#include "core/movegen.h"
#include "support/sanitized.h"

namespace annabella::core {
namespace unwinnability_test {
namespace {

Position fen(const std::string& text) {
  auto pos = Position::from_fen(text);
  EXPECT_TRUE(pos) << text << ": " << (pos ? -1 : int(pos.error().fault));
  return pos ? *pos : Position();
}

// Brute force: can `winner` mate within `depth` plies, every move of both sides tried?
class BruteForce {
 public:
  explicit BruteForce(Color winner) : winner_(winner) {}
  bool mates(const Position& pos, int depth) {
    if (pos.side_to_move() != winner_ && is_checkmate(pos)) return true;
    if (depth == 0) return false;
    auto& seen = failed_[pos.key()];
    if (seen >= depth) return false;
    for (Move m : legal_moves(pos))
      if (mates(pos.after(m), depth - 1)) return true;
    seen = depth;
    return false;
  }

 private:
  Color winner_;
  std::unordered_map<std::uint64_t, int> failed_;
};

// Every verdict is checked: a line must be legal and end in mate by the side; "cannot" must
// survive a brute-force search of `depth` plies.
void cross_check(const Position& pos, const MateAnalysis& a, int depth) {
  if (a.verdict == Winnability::Winnable) {
    Position p = pos;
    for (Move m : a.line) {
      ASSERT_TRUE(legal_moves(p).contains(m)) << pos.fen() << ": " << to_uci(m);
      p.play(m);
    }
    EXPECT_TRUE(is_checkmate(p)) << pos.fen();
    EXPECT_NE(p.side_to_move(), a.side) << pos.fen();
  }
  if (a.verdict == Winnability::Unwinnable) {
    EXPECT_FALSE(BruteForce(a.side).mates(pos, depth))
        << pos.fen() << ": called unwinnable for " << color_name(a.side);
  }
}

struct Case {
  const char* name;
  const char* fen;
  Winnability white;
  Winnability black;
  WinnabilityReason white_reason;
  WinnabilityReason black_reason;
};

using enum Winnability;
using enum WinnabilityReason;

const Case kCases[] = {
    // Mate and stalemate: the game is over.
    {"FoolsMate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Unwinnable,
     Winnable, GameOver, MateOnBoard},
    {"Stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Unwinnable, Unwinnable, GameOver, GameOver},
    // Material alone.
    {"KingAgainstKing", "8/8/4k3/8/8/3K4/8/8 w - - 0 1", Unwinnable, Unwinnable,
     InsufficientMaterial, InsufficientMaterial},
    {"BishopAgainstKing", "8/8/4k3/8/8/3KB3/8/8 b - - 0 1", Unwinnable, Unwinnable,
     InsufficientMaterial, InsufficientMaterial},
    {"BishopsOfOneColour", "8/2b5/4k3/8/8/3KB3/8/8 w - - 0 1", Unwinnable, Unwinnable,
     InsufficientMaterial, InsufficientMaterial},
    // Winnable for one side only, with the mating line.
    {"QueenAgainstKing", "8/8/8/4k3/8/8/8/3QK3 w - - 0 1", Winnable, Unwinnable, MatingLine,
     InsufficientMaterial},
    {"RookAgainstKing", "8/8/8/4k3/8/8/8/R3K3 b - - 0 1", Winnable, Unwinnable, MatingLine,
     InsufficientMaterial},
    {"BishopAndKnight", "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1", Winnable, Unwinnable, MatingLine,
     InsufficientMaterial},
    // A lone knight mates only with the defender's own man blocking his king: here a pawn.
    {"KnightAgainstPawn", "k7/p7/8/8/8/8/8/4KN2 w - - 0 1", Winnable, Winnable, MatingLine,
     MatingLine},
    // A pawn wall neither king can cross.
    {"PawnWall", "8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/8 w - - 0 1", Unwinnable, Unwinnable,
     LockedPawns, LockedPawns},
    // Behind the wall, bishops that can never reach a square where a pawn could take them.
    {"BishopsBehindTheWall", "3b4/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/2B5/8 w - - 0 1", Unwinnable,
     Unwinnable, LockedPawns, LockedPawns},
    // Behind the wall, a man that can be offered to a pawn opens it for both sides (a guided
    // search that breaks walls by sacrifice finds both lines; the mate follows a promotion on
    // the file the capture opened). The rook's lines were not found before (issue 16).
    {"RookBehindTheWall", "8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/R7 w - - 0 1", Winnable, Winnable,
     MatingLine, MatingLine},
    {"KnightBehindTheWall", "8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/1N6 w - - 0 1", Winnable,
     Winnable, MatingLine, MatingLine},
    {"BlackRookBehindTheWall", "r7/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/8 w - - 0 1", Winnable,
     Winnable, MatingLine, MatingLine},
    // Walls that the loser must open (issue 16; each side marked was given up on before): his
    // king takes the winner's pawn that blocks one of his (a3 blocks a2), his freed pawn is
    // given to a pawn of the winner (a5, bxa5), and the winner's new passed pawn promotes (Black
    // here; White's line goes the same way through a3).
    {"WallTheLosersKingOpens", "8/2k5/1p1p1p1p/1PpPpPpP/2P1P1P1/p7/P2K4/8 w - - 0 1", Winnable,
     Winnable, MatingLine, MatingLine},
    // The same with colours reversed, and with the loser's king far from the pawn it must take.
    {"WallTheLosersKingOpensReversed", "8/p2k4/P7/2p1p1p1/1pPpPpPp/1P1P1P1P/2K5/8 b - - 0 1",
     Winnable, Winnable, MatingLine, MatingLine},
    {"WallTheLosersKingOpensFromAfar", "8/2k5/1p1p1p1p/1PpPpPpP/2P1P1P1/p7/P7/7K w - - 0 1",
     Winnable, Winnable, MatingLine, MatingLine},
    // A free man of the loser beside the winner's one: the loser's rook is given to a pawn too
    // (White's line: Rh5 gxh5, then Rb4 cxb4), or the loser's queen alone opens the wall.
    {"WallARookEach", "8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/R6r w - - 0 1", Winnable, Winnable,
     MatingLine, MatingLine},
    {"WallRooksInTheOtherCamp", "r6R/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/8 w - - 0 1", Winnable,
     Winnable, MatingLine, MatingLine},
    {"WallTheLosersQueenOpens", "8/2k5/1p1p1p1p/pPpPpPpP/P1P1P1P1/2q5/2K5/8 w - - 0 1", Winnable,
     Winnable, MatingLine, MatingLine},
    // A light-squared bishop never stands where a pawn could take it: still dead.
    {"LightBishopBehindTheWall", "8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/1B6 w - - 0 1", Unwinnable,
     Unwinnable, LockedPawns, LockedPawns},
    // The only move takes the last white man: a forced line to a bare king.
    {"ForcedLine", "k7/1R6/8/8/8/8/8/7K b - - 0 1", Unwinnable, Unwinnable, EveryLineTried,
     InsufficientMaterial},
};

class Verdicts : public ::testing::TestWithParam<Case> {};

TEST_P(Verdicts, BothSidesAsExpectedAndCrossChecked) {
  const Case& c = GetParam();
  const Position pos = fen(c.fen);
  const DeadPositionAnalysis d = analyse_dead_position(pos);
  EXPECT_EQ(d.white.verdict, c.white) << c.fen;
  EXPECT_EQ(d.black.verdict, c.black) << c.fen;
  EXPECT_EQ(d.white.reason, c.white_reason) << c.fen;
  EXPECT_EQ(d.black.reason, c.black_reason) << c.fen;
  cross_check(pos, d.white, 5);
  cross_check(pos, d.black, 5);
  const bool dead = c.white == Unwinnable && c.black == Unwinnable;
  ASSERT_TRUE(d.dead().has_value());
  EXPECT_EQ(*d.dead(), dead);
}

INSTANTIATE_TEST_SUITE_P(Kinds, Verdicts, ::testing::ValuesIn(kCases),
                         [](const auto& test_info) { return std::string(test_info.param.name); });

TEST(Unwinnability, ABishopThatCanBeOfferedOpensTheWall) {
  // The same wall with a dark-squared white bishop: it can stand on b4, d4, f4 or h4, where a
  // black pawn could take it and so open the wall. Not provably dead.
  const Position pos = fen("3b4/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/2B5 w - - 0 1");
  EXPECT_FALSE(analyse_blockade(pos, WHITE).proved());
  const MateAnalysis white = analyse_mate(pos, WHITE);
  EXPECT_NE(white.verdict, Unwinnable);
  cross_check(pos, white, 4);
}

TEST(Unwinnability, GivesUpWhenTheBudgetRunsOut) {
  // The start position with almost no search allowed: neither a line nor a proof.
  const MateAnalysis a = analyse_mate(Position(), WHITE, {0, 50});
  EXPECT_EQ(a.verdict, Unknown);
  EXPECT_EQ(a.reason, SearchLimit);
  const DeadPositionAnalysis d = analyse_dead_position(Position(), {0, 50});
  EXPECT_FALSE(d.dead().has_value());
  // With the full effort a helpmate is found at once.
  const MateAnalysis found = analyse_mate(Position(), WHITE);
  EXPECT_EQ(found.verdict, Winnable);
  cross_check(Position(), found, 0);
}

TEST(Unwinnability, LockedPawnsAreNamed) {
  const Position pos = fen("8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/8 w - - 0 1");
  const Blockade b = analyse_blockade(pos, WHITE);
  EXPECT_TRUE(b.proved());
  EXPECT_EQ(popcount(b.locked_pawns), 16);
  EXPECT_EQ(b.king_region[WHITE] & rank_bb(3), 0u);  // White's king stays below the wall
  EXPECT_EQ(b.king_region[BLACK] & rank_bb(5), 0u);
}

TEST(Unwinnability, EnPassantKeepsAPawnFromBeingLocked) {
  // Black has just played d7-d5 beside the white pawn on e5: exd6 is possible now, so the wall
  // is not closed.
  const Position pos = fen("8/4k3/4p3/3pP3/3P4/4K3/8/8 w - d6 0 2");
  EXPECT_FALSE(analyse_blockade(pos, WHITE).proved());
}

// Random positions: kings, pawns locked in pairs and a few pieces, so that many verdicts rest
// on the locked-pawn proof. Every "cannot" must survive a brute-force search.
TEST(Unwinnability, RandomPositionsNeverCalledUnwinnableWhenAMateIsNear) {
  std::mt19937 random(20261124);
  int checked = 0, unwinnable = 0;
  // A hundred and twenty verdicts in the Release run, thirty under the sanitizers.
  const int wanted = annabella::testing::kSanitized ? 30 : 120;
  for (int trial = 0; trial < 400 && checked < wanted; ++trial) {
    Piece board[64] = {};
    const auto empty_square = [&](int lo, int hi) {
      for (int tries = 0; tries < 100; ++tries) {
        const int s = lo + int(random() % unsigned(hi - lo));
        if (board[s] == NO_PIECE) return s;
      }
      return -1;
    };
    const int pairs = int(random() % 5);
    for (int i = 0; i < pairs; ++i) {
      const int s = empty_square(8, 48);
      if (s < 0 || board[s + 8] != NO_PIECE) continue;
      board[s] = W_PAWN;
      board[s + 8] = B_PAWN;
    }
    const Piece extras[] = {W_BISHOP, B_BISHOP, W_KNIGHT, B_KNIGHT, W_ROOK, B_PAWN, W_PAWN};
    const int pieces = int(random() % 3);
    for (int i = 0; i < pieces; ++i) {
      const Piece pc = extras[random() % std::size(extras)];
      const int s = type_of(pc) == PAWN ? empty_square(8, 56) : empty_square(0, 64);
      if (s >= 0) board[s] = pc;
    }
    for (Piece k : {W_KING, B_KING}) {
      const int s = empty_square(0, 64);
      if (s >= 0) board[s] = k;
    }
    std::string placement;
    for (int rank = 7; rank >= 0; --rank) {
      int run = 0;
      for (int file = 0; file < 8; ++file) {
        const Piece pc = board[rank * 8 + file];
        if (pc == NO_PIECE) {
          ++run;
          continue;
        }
        if (run) placement += char('0' + run);
        run = 0;
        placement += " PNBRQK  pnbrqk"[pc];
      }
      if (run) placement += char('0' + run);
      if (rank) placement += '/';
    }
    auto pos = Position::from_fen(placement + (random() % 2 ? " w" : " b") + " - - 0 1");
    if (!pos) continue;  // kings adjacent, a pawn on the last rank, side not to move in check
    ++checked;
    for (Color side : {WHITE, BLACK}) {
      const MateAnalysis a = analyse_mate(*pos, side, {2000, 4000});
      unwinnable += a.verdict == Unwinnable;
      cross_check(*pos, a, 4);
      if (!mating_material(*pos, side)) {
        EXPECT_EQ(a.verdict, Unwinnable) << pos->fen();
      }
    }
  }
  EXPECT_GE(checked, wanted * 5 / 6);
  EXPECT_GE(unwinnable, wanted / 6);  // the test exercises the proofs, not only the searches
}

// The bound by which the game's quick check skips an exhaustive search: whenever it says the
// search must keep more positions than its budget, the search (run anyway) never ends in a
// proof. Positions with few legal moves from random games, where the quick check searches.
TEST(Unwinnability, TheSearchIsSkippedOnlyWhereItCouldNotProveAnything) {
  std::mt19937 random(20261125);
  int compared = 0, skipped = 0, proofs = 0;
  for (int game = 0; game < 300; ++game) {
    Position pos = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    for (int ply = 0; ply < 160; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      if (moves.size() <= 6) {
        for (Color side : {WHITE, BLACK}) {
          constexpr std::size_t kBudget = 150;
          const bool skip = exhaustive_search_must_keep(pos, side, kBudget) > kBudget;
          const auto outcome = exhaustive_helpmate_search(pos, side, kBudget).outcome;
          ++compared;
          skipped += skip;
          proofs += outcome == HelpmateSearch::Outcome::NoMate;
          if (skip) {
            EXPECT_NE(outcome, HelpmateSearch::Outcome::NoMate) << pos.fen();
          }
        }
      }
      pos.play(moves[random() % moves.size()]);
    }
  }
  EXPECT_GE(compared, 500);
  EXPECT_GE(skipped, compared / 2);  // the bound does skip most searches
  EXPECT_GE(proofs, 5);              // and the sample holds searches that do prove
}

// The game's quick check (Art. 5.2.2 after every move) never calls a position dead that the
// thorough analysis finds winnable, and finds the dead positions of random endgames that the
// static proofs or a small search settle.
TEST(Unwinnability, TheQuickCheckAgreesWithTheThoroughAnalysis) {
  std::mt19937 random(20261126);
  int dead = 0, positions = 0;
  // Two hundred and fifty games in the Release run, sixty under the sanitizers.
  const int games = annabella::testing::kSanitized ? 60 : 250;
  for (int game = 0; game < games; ++game) {
    Position pos = fen("4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1");
    for (int ply = 0; ply < 200; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      const auto quick = analyse_dead_position(pos, WinnabilityEffort::quick()).dead();
      if (quick == true) {
        ++dead;
        const auto thorough = analyse_dead_position(pos, {2000, 4000});
        EXPECT_NE(thorough.white.verdict, Winnability::Winnable) << pos.fen();
        EXPECT_NE(thorough.black.verdict, Winnability::Winnable) << pos.fen();
        break;
      }
      ++positions;
      pos.play(moves[random() % moves.size()]);
    }
  }
  EXPECT_GE(positions, 4 * games) << dead;
  EXPECT_GE(dead, games / 25) << positions;
}

}  // namespace
}  // namespace unwinnability_test
}  // namespace annabella::core
