// The ends of a game as the Laws keep them apart: automatic (Art. 5, 9.6), claimable (Art. 9.2,
// 9.3) and decided (Art. 5.1.2, 6.9, 9.1).
#include "core/game.h"

#include "core/clock.h"
#include "core/movegen.h"

#include <gtest/gtest.h>

namespace annabella::core {
namespace game_test {
namespace {

Position fen(const char* text) {
  auto pos = Position::from_fen(text);
  EXPECT_TRUE(pos) << text << ": " << (pos ? -1 : int(pos.error().fault));
  return pos ? *pos : Position();
}

Move uci(const Position& pos, const std::string& text) {
  for (Move m : legal_moves(pos))
    if (to_uci(m) == text) return m;
  ADD_FAILURE() << text << " is not legal in " << pos.fen();
  return Move::none();
}

void play_uci(Game& game, std::initializer_list<const char*> moves) {
  for (const char* text : moves) ASSERT_TRUE(game.play(uci(game.position(), text))) << text;
}

// Knights out and back: each cycle of four plies repeats the start position.
void shuffle_knights(Game& game, int cycles) {
  for (int i = 0; i < cycles; ++i) play_uci(game, {"g1f3", "g8f6", "f3g1", "f6g8"});
}

TEST(GameEnd, CheckmateEndsTheGame) {
  Game game;
  play_uci(game, {"f2f3", "e7e5", "g2g4", "d8h4"});
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(game.end().result, GameResult::BlackWins);
  EXPECT_EQ(game.end().termination, Termination::Checkmate);
  EXPECT_EQ(game.end().rule, "Art. 5.1.1");
  EXPECT_TRUE(legal_moves(game.position()).empty());
  EXPECT_FALSE(game.play(Move(SQ_A2, SQ_A3)));
}

TEST(GameEnd, StalemateIsADraw) {
  Game game(fen("7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"));
  EXPECT_FALSE(game.is_over());
  play_uci(game, {"f7f8"});  // not stalemate: Qf8 is check
  EXPECT_EQ(game.end().termination, Termination::Checkmate);
  Game stale(fen("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"));
  play_uci(stale, {"f1f7"});
  EXPECT_EQ(stale.end().result, GameResult::Draw);
  EXPECT_EQ(stale.end().termination, Termination::Stalemate);
}

TEST(GameEnd, ThreefoldIsOnlyClaimable) {
  Game game;
  shuffle_knights(game, 2);  // the start position has now stood three times
  EXPECT_EQ(game.repetition_count(), 3);
  EXPECT_FALSE(game.is_over());
  EXPECT_TRUE(game.can_claim_threefold());
  EXPECT_TRUE(game.claim_draw());
  EXPECT_EQ(game.end().termination, Termination::ThreefoldRepetitionClaim);
  EXPECT_EQ(game.end().rule, "Art. 9.2");
}

TEST(GameEnd, ThreefoldClaimWithTheIntendedMove) {
  Game game;
  shuffle_knights(game, 1);
  play_uci(game, {"g1f3", "g8f6", "f3g1"});
  // Black writes ...Nf6-g8 and claims: the start position would stand for the third time.
  const Move intended = uci(game.position(), "f6g8");
  EXPECT_FALSE(game.can_claim_threefold());
  EXPECT_TRUE(game.can_claim_threefold(intended));
  EXPECT_TRUE(game.claim_draw(intended));
  EXPECT_EQ(game.ply_count(), 8u);
}

TEST(GameEnd, IncorrectClaimSaysWhy) {
  Game game;
  shuffle_knights(game, 1);
  // Art. 9.5: incorrect; the facts for the words (Art. 9.2, 9.3), typed.
  const auto why = game.incorrect_claim();
  ASSERT_TRUE(why);
  EXPECT_FALSE(why->intended);
  EXPECT_FALSE(why->intended_illegal);
  EXPECT_EQ(why->repetitions, 2);
  EXPECT_EQ(why->moves_without, 2);
  const GameStatus claim = game.claim_draw();
  ASSERT_FALSE(claim);
  EXPECT_EQ(claim.error().kind, GameError::Kind::IncorrectClaim);
  EXPECT_FALSE(game.is_over());
}

TEST(GameEnd, IncorrectClaimNamesTheIntendedMove) {
  Game game;
  shuffle_knights(game, 1);
  const Move nc3 = uci(game.position(), "b1c3");
  const auto why = game.incorrect_claim(nc3);
  ASSERT_TRUE(why);
  EXPECT_EQ(why->intended, nc3);
  EXPECT_EQ(why->repetitions, 1);
  EXPECT_EQ(why->moves_without, 2);  // 4 plies, then Nc3: 5 half-moves, 2 moves by each player
  EXPECT_FALSE(game.claim_draw(nc3));
  // Art. 9.5: an intended move that is not legal makes the claim incorrect.
  const auto illegal = game.incorrect_claim(Move(SQ_E2, SQ_E5));
  ASSERT_TRUE(illegal);
  EXPECT_TRUE(illegal->intended_illegal);
  EXPECT_FALSE(game.claim_draw(Move(SQ_E2, SQ_E5)));
  EXPECT_FALSE(game.is_over());
  EXPECT_EQ(game.ply_count(), 4u);
  // A correct claim has no reason against it.
  shuffle_knights(game, 1);
  EXPECT_FALSE(game.incorrect_claim());
}

TEST(GameEnd, FivefoldEndsAutomatically) {
  Game game;
  shuffle_knights(game, 3);
  EXPECT_FALSE(game.is_over());
  play_uci(game, {"g1f3", "g8f6", "f3g1"});
  EXPECT_FALSE(game.is_over());
  play_uci(game, {"f6g8"});
  EXPECT_EQ(game.repetition_count(), 5);
  EXPECT_EQ(game.end().termination, Termination::FivefoldRepetition);
  EXPECT_EQ(game.end().rule, "Art. 9.6.1");
  EXPECT_TRUE(game.take_back());
  EXPECT_FALSE(game.is_over());
}

TEST(GameEnd, EnPassantRightCountsOnlyWhenTheCaptureIsLegal) {
  // Art. 9.2.3: after ...d7-d5 with a white pawn on e5 the position differs from the same
  // placement without the e.p. right, but only if exd6 is legal. With the white king on a5 and
  // a black rook on h5, exd6 e.p. would expose the king along the fifth rank.
  const Position pinned = fen("4k3/3p4/8/K3P2r/8/8/8/8 b - - 0 1");
  const Position after_push = pinned.after(uci(pinned, "d7d5"));
  EXPECT_EQ(after_push.en_passant_square(), SQ_NONE);
  const Position free = fen("4k3/3p4/8/4P3/8/8/7r/K7 b - - 0 1");
  const Position after_free_push = free.after(uci(free, "d7d5"));
  EXPECT_EQ(after_free_push.en_passant_square(), SQ_D6);
  // Same placement, side and rights; different only by the legal e.p. right.
  const Position same_without = fen("4k3/8/8/3pP3/8/8/7r/K7 w - - 0 2");
  EXPECT_TRUE(same_without.same_placement(after_free_push));
  EXPECT_NE(same_without.key(), after_free_push.key());
  const Position pinned_without = fen("4k3/8/8/K2pP2r/8/8/8/8 w - - 0 2");
  EXPECT_EQ(pinned_without.key(), after_push.key());
}

// Art. 4.3.1, 4.3.2 (tester 20): whether a touched piece binds its toucher: his own piece that a
// legal move moves, the opponent's piece that a legal move captures (en passant included); a
// rook only by a rook move (touched first, it may not castle, Art. 4.4.2).
TEST(TouchMove, ATouchedPieceBindsOnlyWhenALegalMoveMovesOrCapturesIt) {
  const Position start = fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  EXPECT_TRUE(can_move_piece(start, SQ_E7));
  EXPECT_TRUE(can_move_piece(start, SQ_G8));
  EXPECT_FALSE(can_move_piece(start, SQ_D8));  // the queen is shut in (Art. 4.5)
  EXPECT_FALSE(can_move_piece(start, SQ_E5));  // an empty square
  EXPECT_FALSE(can_capture_piece(start, SQ_E4));
  const Position ep = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_TRUE(can_capture_piece(ep, SQ_D5));  // exd6 e.p. takes the pawn on d5
  const Position castle = fen("4k3/8/8/8/8/8/6PP/4K2R w K - 0 1");
  EXPECT_TRUE(can_move_piece(castle, SQ_E1));  // O-O moves the king
  EXPECT_TRUE(can_move_piece(castle, SQ_H1));  // Rg1, Rf1
  const Position boxed = fen("4k3/8/8/8/8/8/7P/4KBNR w K - 0 1");
  EXPECT_FALSE(can_move_piece(boxed, SQ_H1));  // no rook move, and no castling through pieces
}

TEST(GameEnd, FiftyMovesClaimableSeventyFiveAutomatic) {
  Game game(fen("8/8/8/3k4/8/8/R7/4K3 w - - 99 80"));
  EXPECT_FALSE(game.can_claim_fifty_moves());
  const Move rook_move = uci(game.position(), "a2a3");
  EXPECT_TRUE(game.can_claim_fifty_moves(rook_move));
  play_uci(game, {"a2a3"});
  EXPECT_TRUE(game.can_claim_fifty_moves());
  EXPECT_FALSE(game.is_over());

  Game long_game(fen("8/8/8/3k4/8/8/R7/4K3 w - - 149 120"));
  play_uci(long_game, {"a2a3"});
  EXPECT_EQ(long_game.end().termination, Termination::SeventyFiveMoves);
  EXPECT_EQ(long_game.end().rule, "Art. 9.6.2");
}

TEST(GameEnd, MateOnThe75thMoveTakesPrecedence) {
  // Art. 9.6.2: if the last move resulted in checkmate, that takes precedence.
  Game game(fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 149 120"));
  play_uci(game, {"a1a8"});
  EXPECT_EQ(game.end().termination, Termination::Checkmate);
  EXPECT_EQ(game.end().result, GameResult::WhiteWins);
}

struct MaterialCase {
  const char* fen;
  bool white_can_mate;
  bool black_can_mate;
};

TEST(CanCheckmate, InsufficientMaterialCasesAreExact) {
  const MaterialCase cases[] = {
      {"8/8/8/4k3/8/8/8/4K3 w - - 0 1", false, false},      // K v K
      {"8/8/8/4k3/8/8/8/3NK3 w - - 0 1", false, false},     // K+N v K
      {"8/8/8/4k3/8/8/8/3BK3 w - - 0 1", false, false},     // K+B v K
      {"8/8/8/4k3/8/8/8/2NNK3 w - - 0 1", true, false},     // K+N+N v K: a helpmate exists
      {"8/8/8/4k3/8/8/8/2BNK3 w - - 0 1", true, false},     // K+B+N v K
      {"8/8/8/4k3/8/8/8/2B1KB2 w - - 0 1", true, false},    // bishops on both colours
      {"8/8/8/4k3/8/8/8/1B1BK3 w - - 0 1", false, false},   // two bishops, both light squares
      {"8/8/3b4/4k3/8/8/8/2B1K3 w - - 0 1", false, false},  // same-coloured bishops: dead
      {"8/8/4b3/4k3/8/8/8/2B1K3 w - - 0 1", true, true},    // opposite colours: mate possible
      {"8/8/8/4k3/8/8/p7/3NK3 w - - 0 1", true, true},      // lone knight v king and pawn
      {"8/8/2n5/4k3/8/8/8/3NK3 w - - 0 1", true, true},     // knight v knight
      {"8/8/8/4k3/8/8/8/3QK3 w - - 0 1", true, false},      // K+Q v K
      {"8/8/8/4k3/8/8/4P3/4K3 w - - 0 1", true, false},     // a pawn can promote
  };
  for (const auto& c : cases) {
    const Position pos = fen(c.fen);
    EXPECT_EQ(can_checkmate(pos, WHITE), c.white_can_mate) << c.fen;
    EXPECT_EQ(can_checkmate(pos, BLACK), c.black_can_mate) << c.fen;
    EXPECT_EQ(is_dead_position(pos), !c.white_can_mate && !c.black_can_mate) << c.fen;
  }
}

TEST(GameEnd, DeadPositionAfterLastCapture) {
  Game game(fen("8/8/8/4k3/8/8/3p4/4K3 w - - 0 1"));
  play_uci(game, {"e1d2"});
  EXPECT_EQ(game.end().termination, Termination::DeadPosition);
  EXPECT_EQ(game.end().rule, "Art. 5.2.2");
}

TEST(GameEnd, DeadPositionBehindALockedPawnWall) {
  // Art. 5.2.2 beyond material: ...h7-h6 closes the wall; neither king can ever cross it, and
  // the game ends at once.
  Game game(fen("8/3k3p/1p1p1p2/pPpPpPpP/P1P1P1P1/3K4/8/8 b - - 0 1"));
  EXPECT_FALSE(game.is_over());
  play_uci(game, {"h7h6"});
  EXPECT_EQ(game.end().termination, Termination::DeadPosition);
  EXPECT_EQ(game.end().result, GameResult::Draw);
}

TEST(GameEnd, DeadPositionWhenTheOnlyLineLeadsToBareKings) {
  // Black's only move takes the last white man: a forced line, dead from the start.
  Game game(fen("k7/1R6/8/8/8/8/8/7K b - - 0 1"));
  EXPECT_EQ(game.end().termination, Termination::DeadPosition);
}

TEST(GameEnd, FlagFallBehindALockedWallIsADraw) {
  // Art. 6.9: White's bishop and Black's pawns are no use behind the locked wall; a flag fall
  // is a draw whoever's flag it is (the position is dead anyway).
  const Position walled = fen("3b4/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/2B5/8 w - - 0 1");
  EXPECT_FALSE(can_checkmate(walled, WHITE));
  EXPECT_FALSE(can_checkmate(walled, BLACK));
  EXPECT_EQ(flag_fall_result(walled, WHITE), GameResult::Draw);
  EXPECT_EQ(flag_fall_result(walled, BLACK), GameResult::Draw);
}

TEST(GameEnd, FlagFallIsADrawWhenTheOpponentCannotMate) {
  Game bare(fen("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"));
  ASSERT_TRUE(bare.flag_fall(WHITE));
  EXPECT_EQ(bare.end().termination, Termination::TimeForfeitDraw);
  EXPECT_EQ(bare.end().result, GameResult::Draw);
  Game winning(fen("8/8/8/4k3/8/8/4P3/4K3 w - - 0 1"));
  ASSERT_TRUE(winning.flag_fall(BLACK));
  EXPECT_EQ(winning.end().termination, Termination::TimeForfeit);
  EXPECT_EQ(winning.end().result, GameResult::WhiteWins);
  EXPECT_EQ(winning.end().rule, "Art. 6.9");
}

TEST(GameEnd, ResignationAndAgreementAreFinal) {
  Game game;
  ASSERT_TRUE(game.resign(BLACK));
  EXPECT_EQ(game.end().result, GameResult::WhiteWins);
  EXPECT_FALSE(game.agree_draw());
  Game other;
  ASSERT_TRUE(other.agree_draw());
  EXPECT_EQ(result_text(other.end().result), "1/2-1/2");
}

// Guidelines III.6.1: a claim without an arbiter ends the game with no result ("*"); nothing but
// the arbiter's decision (III.6.2) replaces that end, and only once.
TEST(GameEnd, AReferredClaimEndsTheGameUntilTheArbiterDecides) {
  Game game;
  ASSERT_TRUE(game.refer_claim(WHITE, "Guidelines III.6.1.1"));
  EXPECT_TRUE(game.is_over());
  EXPECT_EQ(game.end().result, GameResult::Undecided);
  EXPECT_EQ(game.end().termination, Termination::ClaimReferred);
  EXPECT_EQ(game.end().side, WHITE);
  EXPECT_EQ(result_text(game.end().result), "*");
  const GameStatus move = game.play(Move(SQ_E2, SQ_E4));
  ASSERT_FALSE(move);
  EXPECT_EQ(move.error().kind, GameError::Kind::MoveAfterEnd);
  EXPECT_EQ(move.error().end.termination, Termination::ClaimReferred);
  EXPECT_FALSE(game.resign(WHITE));
  EXPECT_FALSE(game.agree_draw());
  EXPECT_FALSE(game.refer_claim(WHITE, "Guidelines III.6.1.2"));
  ASSERT_TRUE(game.arbiter_decision(GameResult::Draw, "upheld", "Guidelines III.6.2"));
  EXPECT_EQ(game.end().result, GameResult::Draw);
  EXPECT_EQ(game.end().rule, "Guidelines III.6.2");
  EXPECT_FALSE(game.arbiter_decision(GameResult::BlackWins, "again", "Guidelines III.6.2"));
  EXPECT_EQ(game.end().result, GameResult::Draw);
}

// The pieces off the board, by the colour they belonged to: plain captures, en passant, and a
// promoted piece taken as what it had become; most valuable first.
TEST(CapturedPieces, CountsEveryCaptureByTheOwnersColour) {
  Game game;
  EXPECT_TRUE(captured_pieces(game)[WHITE].empty());
  EXPECT_TRUE(captured_pieces(game)[BLACK].empty());
  // 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 c5 5. d5 e5 6. dxe6 (en passant)
  play_uci(game, {"e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a5", "d2d4", "c7c5", "d4d5", "e7e5",
                  "d5e6"});
  auto captured = captured_pieces(game);
  EXPECT_EQ(captured[WHITE], (std::vector<PieceType>{PAWN}));
  EXPECT_EQ(captured[BLACK], (std::vector<PieceType>{PAWN, PAWN}));
  // 6... Qxc3+ 7. bxc3: a queen for a knight, listed before the pawns.
  play_uci(game, {"a5c3", "b2c3"});
  captured = captured_pieces(game);
  EXPECT_EQ(captured[WHITE], (std::vector<PieceType>{KNIGHT, PAWN}));
  EXPECT_EQ(captured[BLACK], (std::vector<PieceType>{QUEEN, PAWN, PAWN}));
  // Taking back the last move gives the queen back.
  ASSERT_TRUE(game.take_back());
  EXPECT_EQ(captured_pieces(game)[BLACK], (std::vector<PieceType>{PAWN, PAWN}));
}

TEST(CapturedPieces, APromotedPieceIsCountedAsWhatItBecame) {
  Game game(fen("1n5r/P7/8/8/8/8/7k/4K3 w - - 0 1"));
  play_uci(game, {"a7b8q", "h8b8"});  // axb8=Q Rxb8: White lost a queen, not a pawn
  const auto captured = captured_pieces(game);
  EXPECT_EQ(captured[BLACK], (std::vector<PieceType>{KNIGHT}));
  EXPECT_EQ(captured[WHITE], (std::vector<PieceType>{QUEEN}));
}

}  // namespace
}  // namespace game_test
}  // namespace annabella::core
