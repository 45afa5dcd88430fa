// How a game ended and why it refused a move (core/game.h: kinds and facts), worded by the app
// (app/game_text.h): in English exactly as the journals and PGNs have always kept it, read back
// from those words to the same facts, and translated (de, mk) with the Laws' citations kept.
#include <gtest/gtest.h>

#include "app/game_text.h"
#include "core/game.h"
#include "support/messages_language.h"

namespace annabella::app {
namespace game_text_test {
namespace {

using core::Color;
using core::Game;
using core::GameError;
using core::Move;
using core::Position;
using core::Termination;
using testing::use_language;

Game from(const char* fen) {
  auto pos = Position::from_fen(fen);
  EXPECT_TRUE(pos) << fen;
  return Game(pos ? *pos : Position());
}

// Every end the core makes, as the journal keeps its words (docs/record.md: never changed).
std::vector<std::pair<core::GameEnd, std::string>> ends() {
  std::vector<std::pair<core::GameEnd, std::string>> all;
  Game mate = from("7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
  all.emplace_back(mate.end(), "Black is checkmated");
  Game stalemate = from("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  all.emplace_back(stalemate.end(), "Black has no legal move and is not in check");
  Game dead = from("7k/8/6K1/8/8/8/8/8 w - - 0 1");
  all.emplace_back(dead.end(),
                   "dead position: neither player can checkmate by any series of legal moves");
  Game fifty = from("7k/8/6K1/8/8/8/8/R7 w - - 100 80");
  EXPECT_TRUE(fifty.claim_draw());
  all.emplace_back(fifty.end(),
                   "draw claimed: 50 moves by each player without a pawn move or a capture");
  Game agreed;
  EXPECT_TRUE(agreed.agree_draw());
  all.emplace_back(agreed.end(), "draw agreed");
  Game resigned;
  EXPECT_TRUE(resigned.resign(core::BLACK));
  all.emplace_back(resigned.end(), "Black resigns");
  Game flag;
  EXPECT_TRUE(flag.flag_fall(core::WHITE));
  all.emplace_back(flag.end(), "White lost on time");
  Game bare = from("7k/8/6K1/8/8/8/8/R7 w - - 0 1");
  EXPECT_TRUE(bare.flag_fall(core::WHITE));
  all.emplace_back(bare.end(),
                   "White's flag fell, but Black cannot checkmate by any series of legal moves: "
                   "draw");
  Game referred;
  EXPECT_TRUE(referred.refer_claim(core::BLACK, "Guidelines III.6.1.1"));
  all.emplace_back(referred.end(),
                   "Black's draw claim with less than two minutes left, no "
                   "arbiter present: referred to an arbiter");
  return all;
}

TEST(GameEndText, EveryEndIsWordedAsTheRecordsKeepItAndReadBack) {
  use_language("en");
  for (const auto& [end, words] : ends()) {
    SCOPED_TRACE(words);
    EXPECT_TRUE(end.reason.empty());  // the core gives the kind and facts, no words
    EXPECT_EQ(text::end_reason_record(end), words);
    EXPECT_EQ(text::end_reason(end), words);
    // A journal's end line: the words and the kind, read back to the same facts.
    core::GameEnd read;
    read.termination = end.termination;
    read.reason = words;
    read.side = end.side == core::WHITE ? core::BLACK : core::WHITE;
    text::read_end_reason(read);
    EXPECT_EQ(read.side, end.side);
    EXPECT_EQ(text::end_reason_record(read), words);
  }
}

TEST(GameEndText, IsTranslatedWithTheRulesKept) {
  for (const char* language : {"de", "mk"}) {
    use_language(language);
    for (const auto& [end, words] : ends()) {
      const std::string said = text::end_reason(end);
      EXPECT_NE(said, words) << language << ": " << words;
      EXPECT_EQ(said.find('{'), std::string::npos) << said;
      // The recorded words stay English in every language; read back, they are translated too.
      EXPECT_EQ(text::end_reason_record(end), words);
      core::GameEnd read = end;
      read.reason = words;
      EXPECT_EQ(text::end_reason(read), said) << language;
    }
    Game game;
    ASSERT_TRUE(game.resign(core::WHITE));
    const auto refused = game.play(Move(core::SQ_E2, core::SQ_E4));
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().kind, GameError::Kind::MoveAfterEnd);
    EXPECT_NE(text::game_error(refused.error()).find("Art. 5.1.2"), std::string::npos);
  }
  use_language("en");
}

TEST(GameErrorText, EachRefusalIsTypedAndWordedAsBefore) {
  use_language("en");
  Game game;
  const auto illegal = game.play(Move(core::SQ_E2, core::SQ_E5));
  ASSERT_FALSE(illegal);
  EXPECT_EQ(illegal.error().kind, GameError::Kind::IllegalMove);
  EXPECT_EQ(text::game_error(illegal.error()),
            "the move e2e5 is not legal in this position (Art. 3)");
  const auto claim = game.claim_draw();
  ASSERT_FALSE(claim);
  EXPECT_EQ(text::game_error(claim.error()), "the draw claim is incorrect (Art. 9.5)");
  ASSERT_TRUE(game.resign(core::BLACK));
  const auto again = game.agree_draw();
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error().kind, GameError::Kind::AlreadyOver);
  EXPECT_EQ(text::game_error(again.error()),
            "the game is already over (Black resigns, Art. 5.1.2)");
  const auto move = game.play(Move(core::SQ_E2, core::SQ_E4));
  ASSERT_FALSE(move);
  EXPECT_EQ(text::game_error(move.error()),
            "the game is over (Black resigns, Art. 5.1.2); no more moves");
}

}  // namespace
}  // namespace game_text_test
}  // namespace annabella::app
