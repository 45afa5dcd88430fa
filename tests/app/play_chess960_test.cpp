// `annabella play` a Chess960 game end to end (Guidelines II, issue 16): the start position by
// number (game.chess960) or as a Chess960 FEN, the VI player castling on his pegboard (the
// built-in simulator is his hand: king lifted off, rook moved, king put back, II.3.2.5.1), the
// sighted player's castling typed by his assistant, and the PGN saying Variant, SetUp and FEN.
#include <gtest/gtest.h>

#include "core/chess960.h"
#include "support/menu_game.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace play_chess960_test {
namespace {

using annabella::testing::TempDir;

// The arrangement with the king on g1 beside the h1 rook and a bishop on f1: after the bishop
// is out, O-O moves only the rook (II.3.2.4).
int king_on_g1_number() {
  for (int n = 0; n < core::kChess960Positions; ++n)
    if (core::chess960_first_rank(n) == "RNBQNBKR") return n;
  return -1;
}

TEST(PlayChess960, TheViPlayerCastlesOnHisPegboardAndThePgnSaysChess960) {
  const int number = king_on_g1_number();
  ASSERT_GE(number, 0);
  TempDir dir;
  MenuGame g(dir.path() / "record", "[game]\nchess960 = " + std::to_string(number) + "\n");
  ASSERT_TRUE(g.ready()) << g.station().output();
  ASSERT_TRUE(g.vi_move("g3", "1. g3")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("g6", "1... g6")) << g.station().output();
  ASSERT_TRUE(g.vi_move("Bg2", "2. Bg2")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("Bg7", "2... Bg7")) << g.station().output();
  ASSERT_TRUE(g.vi_move("O-O", "3. O-O")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("O-O", "3... O-O")) << g.station().output();
  ASSERT_TRUE(g.vi_move("Nd3", "4. Nd3")) << g.station().output();
  EXPECT_TRUE(g.quit()) << g.station().output();
  const std::string pgn = g.pgn();
  EXPECT_NE(pgn.find("[Variant \"Chess960\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[SetUp \"1\"]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[FEN \"rnbqnbkr/pppppppp/8/8/8/8/PPPPPPPP/RNBQNBKR w KQkq - 0 1\"]"),
            std::string::npos)
      << pgn;
  for (const char* move : {"3. O-O {", "3... O-O {", "4. Nd3 {"})
    EXPECT_NE(pgn.find(move), std::string::npos) << move << "\n" << pgn;
  // The journal knows the game is Chess960: replayed (as `play --resume` does), its castling
  // moves are legal.
  const auto record = g.journal();
  ASSERT_TRUE(record) << record.error().message;
  EXPECT_TRUE(record->header().chess960);
  EXPECT_EQ(record->game().ply_count(), 7u);
  EXPECT_TRUE(record->game().start_position().is_chess960());
  // `play --resume` with the same configuration: the journal agrees with game.chess960.
  annabella::testing::ChildProcess resumed({ANNABELLA_BINARY, "play", "--silent", "--resume",
                                            "--record", (dir.path() / "record").string(),
                                            "--config", (dir.path() / "record.toml").string()});
  ASSERT_TRUE(resumed.wait_for("connected: the board agrees", kWait)) << resumed.output();
  for (const char* key : {"config says game.start_fen", "config says game.chess960"})
    EXPECT_EQ(resumed.output().find(key), std::string::npos) << resumed.output();
  resumed.send("quit");
  EXPECT_EQ(resumed.wait(kWait), 0) << resumed.output();
}

TEST(PlayChess960, AChess960FenWithTheKingCastlingOntoTheRooksSquare) {
  // King b1, rook g1: O-O puts the king on the rook's square (II.3.2.6); start_fen read as
  // Chess960 because game.chess960 is set.
  TempDir dir;
  MenuGame g(dir.path() / "record",
             "[game]\nchess960 = 0\nstart_fen = \"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w "
             "KQkq - 0 1\"\n");
  ASSERT_TRUE(g.ready()) << g.station().output();
  ASSERT_TRUE(g.vi_move("O-O", "1. O-O")) << g.station().output();
  ASSERT_TRUE(g.sighted_move("O-O-O", "1... O-O-O")) << g.station().output();
  EXPECT_TRUE(g.quit()) << g.station().output();
  const std::string pgn = g.pgn();
  EXPECT_NE(pgn.find("[Variant \"Chess960\"]"), std::string::npos) << pgn;
  for (const char* move : {"1. O-O {", "1... O-O-O {"})
    EXPECT_NE(pgn.find(move), std::string::npos) << move << "\n" << pgn;
}

}  // namespace
}  // namespace play_chess960_test
}  // namespace annabella::app
