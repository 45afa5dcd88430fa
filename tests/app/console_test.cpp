// The console: both names of every command, moves typed alone, precise errors, help, and the
// board read aloud by rank, file, piece type and side.
#include "app/console.h"

#include <gtest/gtest.h>

#include <set>

namespace annabella::app {
namespace console_test {
namespace {

core::Position pos_of(const char* fen) {
  auto p = core::Position::from_fen(fen);
  EXPECT_TRUE(p) << int(p.error().fault);
  return p ? *p : core::Position();
}

// A valid argument list for every command, so that both names can be tried with it.
std::string example_arguments(CommandKind kind) {
  switch (kind) {
    case CommandKind::Move:
      return " Nf3";
    case CommandKind::Touch:
      return " g1";
    case CommandKind::Resign:
      return " white";
    case CommandKind::Adjust:
      return " 1:00:00 0:59:30";
    case CommandKind::Penalty:
      return " black 2";
    case CommandKind::IllegalMove:
      return " black";
    case CommandKind::Adjourn:
      return " Nf3";
    case CommandKind::Moves:
      return " 3";
    case CommandKind::Board:
      return " r4";
    case CommandKind::Help:
      return " time";
    case CommandKind::QuickplayClaim:
      return " postponed";
    case CommandKind::UnsupervisedClaim:
      return " both";
    case CommandKind::VerifyClaim:
      return " disputed";
    case CommandKind::ClaimDecision:
      return " black";
    default:
      return "";
  }
}

TEST(Console, EveryCommandHasTwoDistinctNamesThatReadAlike) {
  std::set<std::string_view> names;
  std::set<std::size_t> kinds;
  for (const auto& spec : console_commands()) {
    EXPECT_TRUE(names.insert(spec.short_name).second) << spec.short_name;
    EXPECT_TRUE(names.insert(spec.long_name).second) << spec.long_name;
    const std::string args = example_arguments(spec.kind);
    auto by_short = parse_console_line(std::string(spec.short_name) + args);
    auto by_long = parse_console_line(std::string(spec.long_name) + args);
    ASSERT_TRUE(by_short) << spec.short_name << ": " << by_short.error().message;
    ASSERT_TRUE(by_long) << spec.long_name << ": " << by_long.error().message;
    EXPECT_EQ(by_short->index(), by_long->index()) << spec.long_name;
    // Every command reads into a command type of its own.
    EXPECT_TRUE(kinds.insert(by_long->index()).second) << spec.long_name;
  }
}

TEST(Console, ArgumentsAreReadIntoTypedCommands) {
  auto penalty = parse_console_line("penalty black 2");
  ASSERT_TRUE(penalty) << penalty.error().message;
  ASSERT_TRUE(std::holds_alternative<cmd::Penalty>(*penalty));
  EXPECT_EQ(std::get<cmd::Penalty>(*penalty).side, core::BLACK);
  EXPECT_EQ(std::get<cmd::Penalty>(*penalty).time, std::chrono::minutes(2));
  auto adjust = parse_console_line("a 1:00:00 59:30");
  ASSERT_TRUE(adjust) << adjust.error().message;
  EXPECT_EQ(std::get<cmd::Adjust>(*adjust).white, std::chrono::hours(1));
  EXPECT_EQ(std::get<cmd::Adjust>(*adjust).black, std::chrono::seconds(59 * 60 + 30));
  auto offer = parse_console_line("do b");
  ASSERT_TRUE(offer);
  EXPECT_EQ(std::get<cmd::DrawOffer>(*offer).by, core::BLACK);
  auto game = parse_console_line("game 4");
  ASSERT_TRUE(game);
  EXPECT_EQ(std::get<cmd::Moves>(*game).last_moves, 4);
  auto touch = parse_console_line("touch g1");
  ASSERT_TRUE(touch);
  EXPECT_EQ(std::get<cmd::Touch>(*touch).square, core::SQ_G1);
  // Guidelines III.3.1: the period as the arbiter gives it, or none (the station's control).
  auto both = parse_console_line("ff");
  ASSERT_TRUE(both) << both.error().message;
  EXPECT_FALSE(std::get<cmd::BothFlags>(*both).last_period);
  auto last = parse_console_line("both-flags last");
  ASSERT_TRUE(last) << last.error().message;
  EXPECT_EQ(std::get<cmd::BothFlags>(*last).last_period, true);
  auto earlier = parse_console_line("both-flags Earlier");
  ASSERT_TRUE(earlier) << earlier.error().message;
  EXPECT_EQ(std::get<cmd::BothFlags>(*earlier).last_period, false);
  EXPECT_FALSE(parse_console_line("both-flags first"));
  // Art. 6.10.2: a clock time with its hours, always ("1:30" is read two ways by people).
  for (const char* ambiguous : {"adjust 1:30 0:05:00", "adjust 0:05:00 90", "a 1:30:00 5:00"}) {
    auto refused = parse_console_line(ambiguous);
    ASSERT_FALSE(refused) << ambiguous;
    EXPECT_NE(refused.error().message.find("write hours, minutes and seconds"), std::string::npos)
        << refused.error().message;
  }
  // Art. 6.9, 7.5.5: the arbiter's ruling where the station's analysis gave up, and "again" for a
  // second illegal move at the point of the first.
  auto flag = parse_console_line("flag");
  ASSERT_TRUE(flag) << flag.error().message;
  EXPECT_FALSE(std::get<cmd::Flag>(*flag).opponent_can_mate);
  auto flag_draw = parse_console_line("f Draw");
  ASSERT_TRUE(flag_draw) << flag_draw.error().message;
  EXPECT_EQ(std::get<cmd::Flag>(*flag_draw).opponent_can_mate, false);
  EXPECT_FALSE(parse_console_line("flag lost"));
  auto illegal = parse_console_line("illegal-move black again win");
  ASSERT_TRUE(illegal) << illegal.error().message;
  EXPECT_EQ(std::get<cmd::IllegalMove>(*illegal).side, core::BLACK);
  EXPECT_TRUE(std::get<cmd::IllegalMove>(*illegal).again);
  EXPECT_EQ(std::get<cmd::IllegalMove>(*illegal).opponent_can_mate, true);
  auto plain = parse_console_line("il white");
  ASSERT_TRUE(plain) << plain.error().message;
  EXPECT_FALSE(std::get<cmd::IllegalMove>(*plain).again);
  EXPECT_FALSE(std::get<cmd::IllegalMove>(*plain).opponent_can_mate);
  EXPECT_FALSE(parse_console_line("illegal-move black again again"));
  EXPECT_FALSE(parse_console_line("illegal-move black twice"));
}

// Console input is read strictly: a number with anything after it, a fraction, a word where a
// side is due, or extra words are refused with the reason, never read as something else.
TEST(Console, BadArgumentsAreRefusedWithTheReason) {
  struct Case {
    const char* line;
    const char* said;
  };
  for (const Case& c :
       {Case{"penalty black 5x", "\"5x\" is not a whole number"},
        Case{"penalty black 1.9", "\"1.9\" is not a whole number"},
        Case{"penalty black 0", "0 is not from 1 to 600"}, Case{"penalty green 2", "whose clock"},
        Case{"game 1.9", "\"1.9\" is not a whole number"},
        Case{"game -2", "-2 is not from 1 to 999"}, Case{"resign", "who resigns"},
        Case{"touch z9", "which square"}, Case{"time now", "takes no argument"},
        Case{"adjust 1:00:00", "give White's and Black's times"},
        Case{"adjust 1:00:00 1:75:00", "is more than 59"}}) {
    auto parsed = parse_console_line(c.line);
    ASSERT_FALSE(parsed) << c.line;
    EXPECT_NE(parsed.error().message.find(c.said), std::string::npos)
        << c.line << ": " << parsed.error().message;
  }
}

// A 10 MB line is refused (not echoed back): the message gives its length, not its text.
TEST(Console, AnOverlongLineIsRefusedWithoutEchoingIt) {
  const std::string line(10 * 1024 * 1024, 'x');
  auto parsed = parse_console_line(line);
  ASSERT_FALSE(parsed);
  EXPECT_LT(parsed.error().message.size(), 200u);
  EXPECT_NE(parsed.error().message.find("is refused"), std::string::npos);
}

// D.2.11 (doubt 6a of session 13): the sighted player's keypad takes his moves, his push-to-talk
// and his part in a draw agreement written in full; a short name that could be a mistyped move,
// and any other command, is read as a move (and refused as one).
TEST(Console, TheKeypadTakesMovesTalkAndTheDrawAgreementInFull) {
  EXPECT_TRUE(std::holds_alternative<cmd::DrawAccept>(parse_keypad_line("draw-accept")));
  EXPECT_TRUE(std::holds_alternative<cmd::DrawDecline>(parse_keypad_line(" draw-decline ")));
  EXPECT_TRUE(std::holds_alternative<cmd::DrawOffer>(parse_keypad_line("draw-offer")));
  EXPECT_TRUE(std::holds_alternative<cmd::Talk>(parse_keypad_line("talk end")));
  for (const char* line : {"e5", "da", "dc", "do", "resign black", "pause", "Nf6"}) {
    const Command c = parse_keypad_line(line);
    ASSERT_TRUE(std::holds_alternative<cmd::EnterMove>(c)) << line;
    EXPECT_EQ(std::get<cmd::EnterMove>(c).text, line);
  }
}

TEST(Console, NamesAreCaseInsensitive) {
  auto c = parse_console_line("  TIME  ");
  ASSERT_TRUE(c);
  EXPECT_TRUE(std::holds_alternative<cmd::Time>(*c));
}

TEST(Console, AMoveTypedAloneIsAMoveCommand) {
  for (const char* line : {"Nf3", "e2e4", "Ng1-f3", "O-O", "0-0-0", "Springer Felix drei",
                           "\u0435"
                           "4",
                           "\u0421"
                           "f3"}) {  // е4, Сf3 (Cyrillic)
    auto c = parse_console_line(line);
    ASSERT_TRUE(c) << line;
    ASSERT_TRUE(std::holds_alternative<cmd::EnterMove>(*c)) << line;
    EXPECT_EQ(std::get<cmd::EnterMove>(*c).text, line);
  }
}

TEST(Console, UnknownWordSuggestsTheClosestCommand) {
  auto c = parse_console_line("tiem");
  ASSERT_FALSE(c);
  EXPECT_NE(c.error().message.find("did you mean time?"), std::string::npos) << c.error().message;
  auto empty = parse_console_line("   ");
  ASSERT_FALSE(empty);
  EXPECT_NE(empty.error().message.find("empty line"), std::string::npos);
  auto no_move = parse_console_line("move");
  ASSERT_FALSE(no_move);
  EXPECT_NE(no_move.error().message.find("which move"), std::string::npos);
}

TEST(Console, HelpListsEveryCommandWithItsRule) {
  const std::string help = console_help();
  for (const auto& spec : console_commands()) {
    EXPECT_NE(help.find(std::string(spec.short_name) + ", " + std::string(spec.long_name)),
              std::string::npos)
        << spec.long_name;
  }
  EXPECT_NE(help.find("(D.2.10.4)"), std::string::npos);
  auto one = console_help("f");
  ASSERT_TRUE(one);
  EXPECT_EQ(*one,
            "flag (short: f) [win|draw]: claim that the opponent's flag has fallen; win or draw: "
            "the arbiter's ruling when the station cannot decide whether the opponent can still "
            "checkmate. Rule: D.2.10.5, Art. 6.9");
  EXPECT_FALSE(console_help("nonsense"));
}

struct BoardCase {
  const char* query;
  const char* text;
};

TEST(Console, ReadsTheBoardLikeLichessBlindMode) {
  const core::Position pos =
      pos_of("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const BoardCase cases[] = {
      {"r4", "rank 4: b4 black pawn, e4 white pawn"},
      {"rank 4", "rank 4: b4 black pawn, e4 white pawn"},
      {"fd", "file d: d2 white bishop, d5 white pawn, d7 black pawn"},
      {"file h", "file h: h1 white rook, h2 white pawn, h3 black pawn, h8 black rook"},
      {"knights", "knights: white c3, e5; black b6, f6"},
      {"pn", "knights: white c3, e5; black b6, f6"},
      {"queen", "queens: white f3; black e7"},
      {"white",
       "white: king e1; queen f3; rooks a1, h1; bishops d2, e2; knights c3, e5; pawns a2, b2, "
       "c2, f2, g2, h2, e4, d5"},
  };
  for (const auto& c : cases) {
    auto text = read_board(pos, c.query);
    ASSERT_TRUE(text) << c.query << ": " << text.error().message;
    EXPECT_EQ(*text, c.text) << c.query;
  }
  auto empty_rank = read_board(pos_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "r5");
  ASSERT_TRUE(empty_rank);
  EXPECT_EQ(*empty_rank, "rank 5: empty");
  auto all = read_board(pos_of("4k3/8/8/8/8/8/8/4K3 w - - 0 1"), "all");
  ASSERT_TRUE(all);
  EXPECT_EQ(all->substr(0, 23), "rank 8: e8 black king; ");
  auto bad = read_board(pos, "r9");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("\"r9\""), std::string::npos);
}

// Squares asked by name, empty ones too; "f4" is a square, "fe" a file.
TEST(Console, ReadsTheSquaresAsked) {
  const core::Position pos =
      pos_of("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  auto one = read_board(pos, "e4");
  ASSERT_TRUE(one) << one.error().message;
  EXPECT_EQ(*one, "e4: white pawn");
  auto several = read_board(pos, "square d5 f4 e7");
  ASSERT_TRUE(several) << several.error().message;
  EXPECT_EQ(*several, "f4: empty; d5: white pawn; e7: black queen");
  auto file = read_board(pos, "fe");
  ASSERT_TRUE(file);
  EXPECT_EQ(file->substr(0, 7), "file e:");
  auto asked = board_query_squares(pos, "d5 f4");
  ASSERT_TRUE(asked);
  EXPECT_TRUE(asked->each_square);
  EXPECT_EQ(asked->squares,
            core::square_bb(core::make_square(3, 4)) | core::square_bb(core::make_square(5, 3)));
  auto rank = board_query_squares(pos, "r4");
  ASSERT_TRUE(rank);
  EXPECT_FALSE(rank->each_square);
  auto bad = read_board(pos, "e9");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("squares (e4 d5)"), std::string::npos);
}

TEST(Console, ReadsTheCapturedPieces) {
  core::Game game;
  EXPECT_EQ(read_captured(game), "White has taken: nothing; Black has taken: nothing");
  for (const char* text : {"e2e4", "d7d5", "e4d5", "g8f6", "b1c3", "f6d5", "c3d5", "d8d5"}) {
    core::Move move = core::Move::none();
    for (core::Move m : core::legal_moves(game.position()))
      if (core::to_uci(m) == text) move = m;
    ASSERT_TRUE(game.play(move)) << text;
  }
  EXPECT_EQ(read_captured(game), "White has taken: knight, pawn; Black has taken: knight, pawn");
  auto command = parse_console_line("ca");
  ASSERT_TRUE(command);
  EXPECT_TRUE(std::holds_alternative<cmd::Captured>(*command));
}

}  // namespace
}  // namespace console_test
}  // namespace annabella::app
