// Art. 3.10.3 (core/reachability.h): a double check is legal only when some last move of the
// side that gave it could have given both checks. Every double check met in many random games
// must be found reachable (the analysis never calls a game's position impossible), and the
// classic impossible ones are found.
#include "core/reachability.h"

#include <gtest/gtest.h>

#include <random>

#include "core/movegen.h"

namespace annabella::core {
namespace reachability_test {
namespace {

Position fen(const std::string& text) {
  auto pos = Position::from_fen(text);
  EXPECT_TRUE(pos) << text;
  return pos ? *pos : Position();
}

std::optional<Unreachable::Kind> verdict(const std::string& text) {
  const auto u = unreachable(fen(text));
  return u ? std::optional(u->kind) : std::nullopt;
}

// Random games that prefer double checks, then checks (so that double checks come often): every
// position with two checkers is reachable, so the analysis must find a last move for it.
TEST(Reachability, EveryDoubleCheckOfRandomGamesHasALastMove) {
  std::mt19937 rng(20261125);
  int double_checks = 0;
  for (int game = 0; game < 1500; ++game) {
    Position pos;
    for (int ply = 0; ply < 120; ++ply) {
      const MoveList moves = legal_moves(pos);
      if (moves.empty()) break;
      std::vector<Move> checks, doubles;
      for (Move m : moves) {
        if (!pos.gives_check(m)) continue;
        checks.push_back(m);
        if (popcount(pos.after(m).checkers()) == 2) doubles.push_back(m);
      }
      const Move m = !doubles.empty()                    ? doubles[rng() % doubles.size()]
                     : !checks.empty() && rng() % 3 != 0 ? checks[rng() % checks.size()]
                                                         : moves[rng() % moves.size()];
      const std::string before = pos.fen();
      pos.play(m);
      if (popcount(pos.checkers()) < 2) continue;
      ++double_checks;
      const auto u = unreachable(pos);
      ASSERT_FALSE(u.has_value()) << pos.fen() << " after " << before << " " << to_uci(m);
    }
  }
  // The test is only worth something if it met many double checks.
  EXPECT_GT(double_checks, 200);
}

TEST(Reachability, TwoLinesNoMoveCouldHaveOpenedAreImpossible) {
  // Two rooks, on the file and on the rank: whichever moved last was checking before.
  EXPECT_EQ(verdict("R3k3/8/8/8/8/8/8/4R1K1 b - - 0 1"), Unreachable::Kind::NoLastMove);
  // A rook on the file and a bishop on a diagonal: neither stood on the other's line.
  EXPECT_EQ(verdict("4k3/8/8/8/B7/8/8/4R1K1 b - - 0 1"), Unreachable::Kind::NoLastMove);
  // Two bishops on both diagonals of the king: no bishop's move leads from one to the other.
  EXPECT_EQ(verdict("4k3/8/2B3B1/8/8/8/8/6K1 b - - 0 1"), Unreachable::Kind::NoLastMove);
  // Black giving them: a queen and a rook on the rank, from both sides (promotions on a1 or h1
  // open nothing either).
  EXPECT_EQ(verdict("6k1/8/8/8/8/8/8/q3K2r w - - 0 1"), Unreachable::Kind::NoLastMove);
}

TEST(Reachability, DiscoveredDoubleChecksOfEveryKindAreReachable) {
  // A bishop leaving the rook's file (Bb5 from e2).
  EXPECT_EQ(verdict("4k3/8/8/1B6/8/8/8/4R1K1 b - - 0 1"), std::nullopt);
  // A knight leaving the rook's file (Nd6 from e4).
  EXPECT_EQ(verdict("4k3/8/3N4/8/8/8/8/3KR3 b - - 0 1"), std::nullopt);
  // A pawn taking from e5 to d6, checking and opening the file.
  EXPECT_EQ(verdict("8/4k3/3P4/8/8/8/8/4R1K1 b - - 0 1"), std::nullopt);
  // A knight leaving the seventh rank (from d7), or a pawn promoting on f8 to a knight.
  EXPECT_EQ(verdict("5N2/R6k/8/8/8/8/8/6K1 b - - 0 1"), std::nullopt);
}

}  // namespace
}  // namespace reachability_test
}  // namespace annabella::core
