// The game type from the time control (Appendix A.1 rapid, B.1 blitz) and what follows from it
// (B.2 penalties, A.2 recording, A.3/A.4 and B.3/B.4 by the event's choice, A.5 and B.5).
#include "core/game_type.h"

#include <gtest/gtest.h>

#include "core/time_control.h"

namespace annabella::core {
namespace game_type_test {
namespace {

using std::chrono::minutes;

struct TypeCase {
  const char* control;  // as the configuration gives it (FIDE style or a PGN TimeControl tag)
  std::optional<GameType> type;
  minutes for_sixty{0};  // the time for 60 moves (A.1, B.1), when there is one
};

class GameTypeOfControl : public ::testing::TestWithParam<TypeCase> {};

TEST_P(GameTypeOfControl, FollowsTheTimeForSixtyMoves) {
  const TypeCase& c = GetParam();
  const auto control = read_time_control(c.control);
  ASSERT_TRUE(control) << c.control << ": " << static_cast<int>(control.error().kind);
  EXPECT_EQ(game_type_of(*control), c.type) << c.control;
  const auto total = time_for_sixty_moves(*control);
  if (c.type) {
    ASSERT_TRUE(total) << c.control;
    EXPECT_EQ(*total, c.for_sixty) << c.control;
  } else {
    EXPECT_FALSE(total) << c.control;
  }
}

INSTANTIATE_TEST_SUITE_P(
    AppendicesAAndB, GameTypeOfControl,
    ::testing::Values(
        // B.1: ten minutes or less for 60 moves.
        TypeCase{"3 min + 2 s/move", GameType::Blitz, minutes(5)},
        TypeCase{"5 min", GameType::Blitz, minutes(5)},
        TypeCase{"10 min", GameType::Blitz, minutes(10)},
        TypeCase{"9 min + 1 s/move", GameType::Blitz, minutes(10)},
        // A.1: more than ten and less than sixty.
        TypeCase{"10 min + 1 s/move", GameType::Rapid, minutes(11)},
        TypeCase{"15 min + 10 s/move", GameType::Rapid, minutes(25)},
        TypeCase{"25 min + 10 s/move", GameType::Rapid, minutes(35)},
        TypeCase{"59 min", GameType::Rapid, minutes(59)},
        // Sixty or more: standard play.
        TypeCase{"45 min + 15 s/move", GameType::Standard, minutes(60)},
        TypeCase{"60 min", GameType::Standard, minutes(60)},
        // The time added at a control reached within 60 moves counts; one after it does not.
        TypeCase{"90 min/40 moves + 30 min + 30 s/move", GameType::Standard, minutes(150)},
        TypeCase{"40/5400+30:1800+30", GameType::Standard, minutes(150)},
        TypeCase{"5 min/20 moves + 4 min", GameType::Blitz, minutes(9)},
        TypeCase{"5 min/60 moves + 30 min", GameType::Blitz, minutes(5)},
        // No time for 60 moves: not classified (the configuration says).
        TypeCase{"*180", std::nullopt}, TypeCase{"-", std::nullopt}, TypeCase{"?", std::nullopt}));

TEST(GameTypeRules, BlitzPenaltiesAreOneMinuteAndTheOthersTwo) {
  // Art. 7.5.5 and 9.5.3: two minutes to the opponent; B.2: one minute in blitz.
  EXPECT_EQ(GameTypeRules{GameType::Standard}.penalty(), minutes(2));
  EXPECT_EQ(GameTypeRules{GameType::Rapid}.penalty(), minutes(2));
  EXPECT_EQ(GameTypeRules{GameType::Blitz}.penalty(), minutes(1));
}

TEST(GameTypeRules, OnlyStandardPlayersMustRecord) {
  // Art. 8.1; A.2 (and B.4 through A.2): rapid and blitz players need not record.
  EXPECT_TRUE(GameTypeRules{GameType::Standard}.players_record());
  EXPECT_FALSE(GameTypeRules{GameType::Rapid}.players_record());
  EXPECT_FALSE(GameTypeRules{GameType::Blitz}.players_record());
}

TEST(GameTypeRules, TheEventChoosesTheCompetitionRulesOrTheAppendix) {
  // A.5, B.5: the event's regulations say whether A.3 / B.3 or A.4 / B.4 apply.
  const GameTypeRules rapid_a3{GameType::Rapid, Supervision::Competition};
  const GameTypeRules rapid_a4{GameType::Rapid, Supervision::Appendix};
  const GameTypeRules blitz_b3{GameType::Blitz, Supervision::Competition};
  const GameTypeRules blitz_b4{GameType::Blitz, Supervision::Appendix};
  EXPECT_TRUE(rapid_a3.competition_rules());
  EXPECT_FALSE(rapid_a4.competition_rules());
  EXPECT_TRUE(GameTypeRules{GameType::Standard}.competition_rules());
  EXPECT_EQ(rapid_a3.supervision_article(), "A.3");
  EXPECT_EQ(rapid_a4.supervision_article(), "A.4");
  EXPECT_EQ(blitz_b3.supervision_article(), "B.3");
  EXPECT_EQ(blitz_b4.supervision_article(), "B.4");
  EXPECT_EQ(rapid_a4.defining_article(), "A.1");
  EXPECT_EQ(blitz_b4.defining_article(), "B.1");
  EXPECT_EQ(GameTypeRules{GameType::Standard}.supervision_article(), "");
}

TEST(GameTypeNames, ReadBackAndRefuseWhatIsNoType) {
  for (const GameType type : {GameType::Standard, GameType::Rapid, GameType::Blitz}) {
    const auto read = parse_game_type(game_type_name(type));
    ASSERT_TRUE(read);
    EXPECT_EQ(*read, type);
  }
  EXPECT_FALSE(parse_game_type("bullet"));
  EXPECT_FALSE(parse_game_type("Rapid"));
  EXPECT_EQ(*parse_supervision("competition"), Supervision::Competition);
  EXPECT_EQ(*parse_supervision("appendix"), Supervision::Appendix);
  EXPECT_FALSE(parse_supervision("A.4"));
  // The name comes back typed; the configuration words it (config/schema.cpp).
  EXPECT_EQ(parse_game_type("bullet").error().name, "bullet");
  EXPECT_EQ(parse_supervision("A.4").error().name, "A.4");
}

}  // namespace
}  // namespace game_type_test
}  // namespace annabella::core
