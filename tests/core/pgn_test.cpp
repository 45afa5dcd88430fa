// PGN: the streaming reader (tags, escapes, comments, NAGs, variations, clocks, results, move
// numbers, precise problems), the export-format writer, and round trips through both.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <regex>
#include <sstream>

#include "core/movegen.h"
#include "core/pgn.h"

namespace annabella::core {
namespace pgn_test {
namespace {

using std::chrono::milliseconds;

// The shape of a Lichess export: [%eval] and [%clk] in comments with blanks inside the braces,
// "1..." after each comment, a suffix annotation.
const char* const kLichess = R"([Event "Rated Blitz game"]
[Site "https://lichess.org/abcdefgh"]
[Date "2023.01.15"]
[Round "-"]
[White "alice"]
[Black "bob"]
[Result "1-0"]
[UTCDate "2023.01.15"]
[WhiteElo "1850"]
[BlackElo "1790"]
[TimeControl "180+2"]
[ECO "C57"]
[Termination "Normal"]

1. e4 { [%eval 0.36] [%clk 0:03:00] } 1... e5 { [%eval 0.31] [%clk 0:03:00] } 2. Nf3 { [%clk 0:02:59] } 2... Nc6 { [%clk 0:02:58] } 3. Bc4 { [%clk 0:02:57] } 3... Nf6?! { [%clk 0:02:50.4] } 4. Ng5 { [%clk 0:02:55] } 4... d5 5. exd5 Na5 6. Bb5+ c6 7. dxc6 bxc6 8. Qf3 { [%clk 0:02:30] } 1-0

[Event "Rated Blitz game"]
[Site "https://lichess.org/ijklmnop"]
[Date "2023.01.15"]
[Round "-"]
[White "bob"]
[Black "alice"]
[Result "0-1"]

1. f3 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 2. g4 { [%clk 0:02:58] } 2... Qh4# { [%clk 0:02:59] } 0-1

)";

// The shape of a ChessBase export: escaped quotes in a tag, several comments in a row, [%emt],
// nested variations with comments and NAGs, a comment before the first move.
const char* const kChessBase = R"([Event "Club \"Open\" 2024"]
[Site "Skopje"]
[Date "2024.03.02"]
[Round "4.1"]
[White "Petrov, Ivan"]
[Black "Novak, Jana"]
[Result "1/2-1/2"]
[Annotator "Petrov"]
[PlyCount "6"]

{Opening comment} 1. d4 {[%emt 0:00:05]} {A solid start.} {Second comment.} 1...
Nf6 2. c4 e6 (2... g6 {King's Indian} 3. Nc3 Bg7 (3... d5 $5 {Grünfeld}) 4. e4)
3. Nf3 $1 b6 $14 {Queen's Indian} 1/2-1/2
)";

std::vector<std::string> sans(const PgnLine& line) {
  std::vector<std::string> out;
  for (const PgnNode& n : line.moves) out.push_back(n.text);
  return out;
}

// The problems' places, kinds and texts, for a failing check to show (app/pgn_text.h words them;
// tests/app/reader_wording_test.cpp checks every kind where it is found).
std::string problems_of(const PgnGame& g) {
  std::string s;
  for (const PgnProblem& p : g.problems)
    s += "game " + std::to_string(p.game) + " line " + std::to_string(p.line) + " kind " +
         std::to_string(int(p.kind)) + " '" + p.text + "'\n";
  return s;
}

TEST(PgnRead, LichessExportWithClocksAndEvals) {
  const auto games = read_pgn_games(kLichess);
  ASSERT_EQ(games.size(), 2u);
  const PgnGame& g = games[0];
  EXPECT_TRUE(g.problems.empty()) << problems_of(g);
  EXPECT_EQ(g.number, 1);
  EXPECT_EQ(g.tag("White"), "alice");
  EXPECT_EQ(g.tag("TimeControl"), "180+2");
  EXPECT_EQ(g.tags.size(), 13u);
  EXPECT_EQ(g.result, "1-0");
  ASSERT_EQ(g.moves.moves.size(), 15u);
  EXPECT_EQ(g.summary.plies, 15);
  const PgnNode& e4 = g.moves.moves[0];
  EXPECT_EQ(e4.text, "e4");
  EXPECT_EQ(to_uci(e4.move), "e2e4");
  ASSERT_TRUE(e4.clock);
  EXPECT_EQ(*e4.clock, milliseconds(180000));
  ASSERT_EQ(e4.comments.size(), 1u);
  EXPECT_EQ(e4.comments[0], "[%eval 0.36]");  // other commands stay in the text
  const PgnNode& nf6 = g.moves.moves[5];
  EXPECT_EQ(nf6.text, "Nf6");
  EXPECT_EQ(nf6.nags, std::vector<int>{6});  // "?!"
  EXPECT_EQ(*nf6.clock, milliseconds(170400));
  EXPECT_TRUE(nf6.comments.empty());
  EXPECT_FALSE(g.moves.moves[7].clock);  // d5 has no comment
  EXPECT_EQ(g.moves.moves[10].text, "Bb5+");

  const PgnGame& g2 = games[1];
  EXPECT_EQ(g2.number, 2);
  EXPECT_TRUE(g2.problems.empty()) << problems_of(g2);
  EXPECT_EQ(g2.result, "0-1");
  EXPECT_EQ(sans(g2.moves), (std::vector<std::string>{"f3", "e5", "g4", "Qh4#"}));
}

TEST(PgnRead, ChessBaseExportWithSeveralCommentsInARowAndNestedVariations) {
  const auto games = read_pgn_games(kChessBase);
  ASSERT_EQ(games.size(), 1u);
  const PgnGame& g = games[0];
  EXPECT_TRUE(g.problems.empty()) << problems_of(g);
  EXPECT_EQ(g.tag("Event"), "Club \"Open\" 2024");
  EXPECT_EQ(g.tag("White"), "Petrov, Ivan");
  EXPECT_EQ(g.result, "1/2-1/2");
  EXPECT_EQ(g.moves.comments, std::vector<std::string>{"Opening comment"});
  EXPECT_EQ(sans(g.moves), (std::vector<std::string>{"d4", "Nf6", "c4", "e6", "Nf3", "b6"}));
  const PgnNode& d4 = g.moves.moves[0];
  EXPECT_EQ(d4.comments, (std::vector<std::string>{"A solid start.", "Second comment."}));
  ASSERT_TRUE(d4.elapsed);
  EXPECT_EQ(*d4.elapsed, milliseconds(5000));
  const PgnNode& e6 = g.moves.moves[3];
  ASSERT_EQ(e6.variations.size(), 1u);
  const PgnLine& kid = e6.variations[0];
  EXPECT_EQ(sans(kid), (std::vector<std::string>{"g6", "Nc3", "Bg7", "e4"}));
  EXPECT_EQ(kid.moves[0].comments, std::vector<std::string>{"King's Indian"});
  ASSERT_EQ(kid.moves[2].variations.size(), 1u);
  const PgnNode& d5 = kid.moves[2].variations[0].moves[0];
  EXPECT_EQ(d5.text, "d5");
  EXPECT_EQ(d5.nags, std::vector<int>{5});
  EXPECT_EQ(d5.comments, std::vector<std::string>{"Grünfeld"});
  EXPECT_EQ(g.moves.moves[4].nags, std::vector<int>{1});
  EXPECT_EQ(g.moves.moves[5].nags, std::vector<int>{14});
  EXPECT_EQ(g.summary.variations, 2);
  EXPECT_EQ(g.summary.plies, 6);
}

TEST(PgnRead, SkippedVariationsAreCountedNotLost) {
  PgnReadOptions options;
  options.keep_variations = false;
  const auto games = read_pgn_games(kChessBase, options);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].problems.empty()) << problems_of(games[0]);
  EXPECT_EQ(games[0].summary.skipped_variations, 1);  // the outermost one (holding a second)
  EXPECT_EQ(games[0].summary.variations, 0);
  EXPECT_EQ(games[0].summary.plies, 6);
  EXPECT_TRUE(games[0].moves.moves[3].variations.empty());
}

TEST(PgnRead, OneByteChunksReadTheSameAsTheWholeText) {
  const std::string text = std::string(kLichess) + kChessBase;
  std::vector<PgnGame> games;
  PgnGameBuilder builder(games);
  PgnReader reader(builder);
  for (char c : text) reader.feed(std::string_view(&c, 1));
  reader.finish();
  const auto whole = read_pgn_games(text);
  ASSERT_EQ(games.size(), 3u);
  ASSERT_EQ(whole.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(write_pgn(games[i]), write_pgn(whole[i]));
    EXPECT_EQ(games[i].tags, whole[i].tags);
  }
  EXPECT_EQ(reader.games(), 3);
  EXPECT_EQ(reader.problems(), 0);
}

TEST(PgnRead, GameStreamPullsOneGameAtATime) {
  std::istringstream in(std::string(kLichess) + kChessBase);
  PgnGameStream stream(in);
  std::vector<std::string> results;
  while (auto g = stream.next()) results.push_back(g->result);
  EXPECT_TRUE(stream.status());
  EXPECT_EQ(results, (std::vector<std::string>{"1-0", "0-1", "1/2-1/2"}));
}

TEST(PgnRead, ByteOrderMarkCrLfEscapeLinesAndSemicolonComments) {
  const std::string text =
      "\xEF\xBB\xBF% an escaped line: 1. Ke8 is ignored\r\n"
      "[Event \"E\"]\r\n[Result \"*\"]\r\n\r\n"
      "1. e4 ; to the end of the line\r\n"
      "1... c5 2.Nf3 *\r\n";
  const auto games = read_pgn_games(text);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].problems.empty()) << problems_of(games[0]);
  EXPECT_EQ(games[0].tag("Event"), "E");
  EXPECT_EQ(sans(games[0].moves), (std::vector<std::string>{"e4", "c5", "Nf3"}));
  EXPECT_EQ(games[0].moves.moves[0].comments, std::vector<std::string>{"to the end of the line"});
}

TEST(PgnRead, FenTagSetsTheStartPosition) {
  const auto games = read_pgn_games(
      "[SetUp \"1\"]\n[FEN \"4k3/P7/8/8/8/8/8/4K3 w - - 0 40\"]\n\n40. a8=Q+ Kd7 *\n");
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].problems.empty()) << problems_of(games[0]);
  EXPECT_EQ(games[0].start.fullmove_number(), 40);
  EXPECT_EQ(to_uci(games[0].moves.moves[0].move), "a7a8q");
}

TEST(PgnRead, LenientScoresheetInGerman) {
  PgnReadOptions options;
  options.strictness = Strictness::Lenient;
  options.letters = *piece_letters_for("de");
  const auto games = read_pgn_games("1. e2-e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. 0-0 *", options);
  ASSERT_EQ(games.size(), 1u);
  EXPECT_TRUE(games[0].problems.empty()) << problems_of(games[0]);
  ASSERT_EQ(games[0].moves.moves.size(), 7u);
  EXPECT_EQ(to_uci(games[0].moves.moves[6].move), "e1g1");
  // Written in export format: canonical English SAN.
  EXPECT_NE(write_pgn(games[0]).find("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *"), std::string::npos);
}

TEST(PgnRead, AfterAFailedMoveTheRestOfTheLineIsCountedUnchecked) {
  const auto games = read_pgn_games("1. e4 e5 2. Ke3 Nc6 3. Nf3 (3. d4) Nf6 *\n1. d4 *");
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games[0].problems.size(), 1u) << problems_of(games[0]);
  EXPECT_EQ(games[0].summary.plies, 2);
  EXPECT_EQ(games[0].summary.unchecked_moves, 4);  // Nc6 Nf3 d4 Nf6
  EXPECT_EQ(games[0].result, "*");
  EXPECT_TRUE(games[1].problems.empty());
  EXPECT_EQ(games[0].problems[0].move_number, 2);
  EXPECT_EQ(games[0].problems[0].side, WHITE);
  EXPECT_EQ(games[0].problems[0].line, 1);
  EXPECT_EQ(games[0].problems[0].kind, PgnProblem::Kind::Move);
}

TEST(PgnRead, MovesAfterAnAutomaticEndAreCountedUnchecked) {
  const auto games = read_pgn_games(
      "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
      "9. e4 e5 1/2-1/2\n"
      "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 "
      "1/2-1/2");
  ASSERT_EQ(games.size(), 2u);
  ASSERT_EQ(games[0].problems.size(), 1u) << problems_of(games[0]);
  EXPECT_EQ(games[0].summary.plies, 16);
  EXPECT_EQ(games[0].summary.unchecked_moves, 1);                   // e5
  EXPECT_TRUE(games[1].problems.empty()) << problems_of(games[1]);  // four times only
  EXPECT_EQ(games[1].summary.plies, 15);
}

TEST(PgnRead, ProblemsReachTheVisitorWithTheirGame) {
  struct Collect : PgnVisitor {
    std::vector<std::string> events;
    void begin_game(int game) override { events.push_back("begin " + std::to_string(game)); }
    void move(const Position& before, Move m, std::string_view text) override {
      events.push_back(std::string(text) + "=" + to_san(before, m));
    }
    void begin_variation() override { events.push_back("("); }
    void end_variation() override { events.push_back(")"); }
    void problem(const PgnProblem& p) override { events.push_back("problem " + p.text); }
    void end_game(const PgnGameSummary& s) override { events.push_back("end " + s.result); }
  } visitor;
  std::istringstream in("1. e4 (1. d4) e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n1. Kf1 *");
  ASSERT_TRUE(read_pgn(in, visitor));
  EXPECT_EQ(visitor.events,
            (std::vector<std::string>{"begin 1", "e4=e4", "(", "d4=d4", ")", "e5=e5", "Qh5=Qh5",
                                      "Nc6=Nc6", "Bc4=Bc4", "Nf6=Nf6", "Qxf7#=Qxf7#", "end 1-0",
                                      "begin 2", "problem Kf1", "end *"}));
}

struct ClockCase {
  const char* text;
  long long ms;  // -1: not a time
};

TEST(PgnClock, ParseAndFormat) {
  const ClockCase cases[] = {
      {"0:03:00", 180000},
      {"1:23:45", 5025000},
      {"0:00:09.5", 9500},
      {"0:00:09.25", 9250},
      {"12:34", 754000},
      {"0:00:00.001", 1},
      {"0:60:00", -1},
      {"0:00:60", -1},
      {"", -1},
      {"1:2:3:4", -1},
      {"a:00:00", -1},
      {"0:00:01.", -1},
      {"5", -1},
  };
  for (const ClockCase& c : cases) {
    const auto t = parse_clock(c.text);
    if (c.ms < 0) {
      EXPECT_FALSE(t) << c.text;
    } else {
      ASSERT_TRUE(t) << c.text;
      EXPECT_EQ(t->count(), c.ms) << c.text;
    }
  }
  // One format throughout: H:MM:SS.s, always one decimal, the tenths cut (never ".48", ".178").
  EXPECT_EQ(format_clock(milliseconds(180000)), "0:03:00.0");
  EXPECT_EQ(format_clock(milliseconds(5025000)), "1:23:45.0");
  EXPECT_EQ(format_clock(milliseconds(9500)), "0:00:09.5");
  EXPECT_EQ(format_clock(milliseconds(9250)), "0:00:09.2");
  EXPECT_EQ(format_clock(milliseconds(9001)), "0:00:09.0");
  EXPECT_EQ(format_clock(milliseconds(480)), "0:00:00.4");
  EXPECT_EQ(format_clock(milliseconds(178)), "0:00:00.1");
  EXPECT_EQ(format_clock(milliseconds(99)), "0:00:00.0");
  EXPECT_EQ(format_clock(milliseconds(-5)), "0:00:00.0");
  EXPECT_EQ(format_clock(milliseconds(36000000)), "10:00:00.0");
}

// Every [%clk] and [%emt] the writer puts out has the one format, whatever the times.
TEST(PgnWrite, EveryClockAndElapsedTimeHasOneFormat) {
  PgnGame game;
  game.moves = line_from_moves(Position(), {});
  Position pos;
  const long long times[] = {480, 178, 5025000, 9001, 0, 59999};
  for (const char* uci : {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5"}) {
    PgnNode node;
    for (Move m : legal_moves(pos))
      if (to_uci(m) == uci) node.move = m;
    node.text = to_san(pos, node.move);
    const auto index = game.moves.moves.size();
    node.clock = milliseconds(5400000 - times[index]);
    node.elapsed = milliseconds(times[index]);
    pos.play(node.move);
    game.moves.moves.push_back(node);
  }
  std::string pgn = write_pgn(game);
  std::replace(pgn.begin(), pgn.end(), '\n', ' ');  // a comment may be wrapped
  std::size_t commands = 0;
  for (std::size_t at = pgn.find("[%"); at != std::string::npos; at = pgn.find("[%", at + 1)) {
    const std::size_t close = pgn.find(']', at);
    const std::string value = pgn.substr(at + 6, close - at - 6);  // after "[%clk " / "[%emt "
    EXPECT_TRUE(std::regex_match(value, std::regex(R"(\d+:\d\d:\d\d\.\d)"))) << value;
    ++commands;
  }
  EXPECT_EQ(commands, 12u) << pgn;
  EXPECT_NE(pgn.find("[%emt 0:00:00.4]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[%emt 0:00:00.1]"), std::string::npos) << pgn;
  EXPECT_NE(pgn.find("[%clk 1:29:59.5]"), std::string::npos) << pgn;
}

TEST(PgnWrite, TerminationTakesTheStandardsValues) {
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::Checkmate)), "normal");
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::FivefoldRepetition)), "normal");
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::Agreement)), "normal");
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::Resignation)), "normal");
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::TimeForfeit)), "time forfeit");
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::TimeForfeitDraw)), "time forfeit");
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::ArbiterDecision)), "adjudication");
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::ClaimReferred)), "adjudication");
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::IllegalMoves)), "rules infraction");
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::BothFlagsFallen)), "time forfeit");
  EXPECT_EQ(pgn_termination_value(pgn_termination(Termination::None)), "unterminated");
  EXPECT_EQ(pgn_termination_value(PgnTermination::RulesInfraction), "rules infraction");
  EXPECT_EQ(pgn_termination_value(PgnTermination::Abandoned), "abandoned");
  // The game's own end, as the station gives it.
  Game game;
  for (const char* uci : {"f2f3", "e7e5", "g2g4", "d8h4"})
    for (Move m : legal_moves(game.position()))
      if (to_uci(m) == uci) {
        ASSERT_TRUE(game.play(m));
        break;
      }
  ASSERT_TRUE(game.is_over());
  EXPECT_EQ(pgn_termination_value(pgn_termination(game.end().termination)), "normal");
}

TEST(PgnComment, ClockAndElapsedTakenOutOtherCommandsKept) {
  auto c = parse_comment("  Nice [%eval 1.2]\n [%clk 1:00:00]  [%emt 0:00:12.3] move ");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->text, "Nice [%eval 1.2] move");
  EXPECT_EQ(*c->clock, milliseconds(3600000));
  EXPECT_EQ(*c->elapsed, milliseconds(12300));
  auto plain = parse_comment("no commands");
  ASSERT_TRUE(plain);
  EXPECT_FALSE(plain->clock);
  EXPECT_FALSE(parse_comment("[%clk soon]"));
  // An opened command without its ']' before the next command (or the end) is text, unless it
  // is a clock command (found by fuzz_pgn: such text could read as a command once written).
  auto open = parse_comment("[%cal Ge2e4 [%clk 0:03:00] [%csl");
  ASSERT_TRUE(open);
  EXPECT_EQ(open->text, "[%cal Ge2e4 [%csl");
  EXPECT_EQ(*open->clock, milliseconds(180000));
  auto unclosed = parse_comment("[%clk 0:0 [%clk 0:03:00]");
  ASSERT_FALSE(unclosed);
  EXPECT_EQ(unclosed.error().kind, PgnClockProblem::Kind::NotClosed);
  EXPECT_EQ(unclosed.error().command, "clk");
  auto soon = parse_comment("[%emt soon]");
  ASSERT_FALSE(soon);
  EXPECT_EQ(soon.error().kind, PgnClockProblem::Kind::NotATime);
  EXPECT_EQ(soon.error().value, "soon");
  EXPECT_FALSE(parse_comment("time [%emt 0:00:01"));
}

// ---------------------------------------------------------------------------------------------
// Writing

TEST(PgnWrite, ExportFormatGolden) {
  PgnGame g;
  g.tags = {{"White", "A \"the\" \\ B"}, {"Annotator", "Z"}, {"Event", "Test"}, {"Black", "C"}};
  const Position start;
  g.moves = line_from_moves(start, {Move(SQ_E2, SQ_E4), Move(SQ_E7, SQ_E5), Move(SQ_G1, SQ_F3)});
  g.moves.comments = {"Game comment"};
  g.moves.moves[0].comments = {"Best by test"};
  PgnLine sicilian = line_from_moves(start.after(Move(SQ_E2, SQ_E4)), {Move(SQ_C7, SQ_C5)});
  sicilian.moves[0].nags = {1};
  g.moves.moves[1].variations.push_back(sicilian);
  g.moves.moves[2].clock = milliseconds(179500);
  g.result = "*";
  EXPECT_EQ(write_pgn(g),
            "[Event \"Test\"]\n"
            "[Site \"?\"]\n"
            "[Date \"????.??.??\"]\n"
            "[Round \"?\"]\n"
            "[White \"A \\\"the\\\" \\\\ B\"]\n"
            "[Black \"C\"]\n"
            "[Result \"*\"]\n"
            "[Annotator \"Z\"]\n"
            "\n"
            "{Game comment} 1. e4 {Best by test} 1... e5 (1... c5 $1) 2. Nf3\n"
            "{[%clk 0:02:59.5]} *\n"
            "\n");
}

TEST(PgnWrite, SetUpAndFenForANonInitialStart) {
  PgnGame g;
  g.start = *Position::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 30");
  g.moves = line_from_moves(g.start, {Move(SQ_E8, SQ_D7), Move(SQ_E2, SQ_E4)});
  g.result = "1/2-1/2";
  const std::string out = write_pgn(g);
  EXPECT_NE(out.find("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 30\"]\n[SetUp \"1\"]\n"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("\n30... Kd7 31. e4 1/2-1/2\n"), std::string::npos) << out;
  // And back.
  const auto again = read_pgn_games(out);
  ASSERT_EQ(again.size(), 1u);
  EXPECT_TRUE(again[0].problems.empty()) << problems_of(again[0]);
  EXPECT_EQ(write_pgn(again[0]), out);
}

// A long game by deterministic random playout.
PgnGame random_game(unsigned seed, int max_plies) {
  std::mt19937 rng(seed);
  PgnGame g;
  g.number = 1;
  Position pos;
  std::vector<Move> moves;
  for (int i = 0; i < max_plies; ++i) {
    const MoveList list = legal_moves(pos);
    if (list.empty()) break;
    const Move m = list[rng() % list.size()];
    moves.push_back(m);
    pos.play(m);
  }
  g.moves = line_from_moves(Position(), moves);
  for (std::size_t i = 0; i < g.moves.moves.size(); ++i) {
    g.moves.moves[i].clock = milliseconds(600000 - long(i) * 1700);
    if (i % 7 == 3) g.moves.moves[i].comments = {"a comment that is long enough to need wrapping"};
    if (i % 11 == 5) g.moves.moves[i].nags = {int(i % 20)};
  }
  return g;
}

TEST(PgnWrite, LinesHoldAtMost79Characters) {
  const std::string out = write_pgn(random_game(7, 300));
  std::istringstream in(out);
  std::string line;
  int lines = 0;
  while (std::getline(in, line)) {
    ++lines;
    if (line.starts_with("[")) continue;
    EXPECT_LE(line.size(), 79u) << line;
  }
  EXPECT_GT(lines, 50);
}

// Tree equality: moves, texts, NAGs, comments, clocks, variations.
void expect_same_line(const PgnLine& a, const PgnLine& b) {
  EXPECT_EQ(a.comments, b.comments);
  ASSERT_EQ(a.moves.size(), b.moves.size());
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    const PgnNode& x = a.moves[i];
    const PgnNode& y = b.moves[i];
    EXPECT_EQ(x.move, y.move) << i;
    EXPECT_EQ(x.nags, y.nags) << i;
    EXPECT_EQ(x.comments, y.comments) << i;
    EXPECT_EQ(x.clock, y.clock) << i;
    EXPECT_EQ(x.elapsed, y.elapsed) << i;
    ASSERT_EQ(x.variations.size(), y.variations.size()) << i;
    for (std::size_t v = 0; v < x.variations.size(); ++v)
      expect_same_line(x.variations[v], y.variations[v]);
  }
}

TEST(PgnRoundTrip, ReadWriteReadKeepsEverything) {
  for (const char* text : {kLichess, kChessBase}) {
    const auto first = read_pgn_games(text);
    std::string written;
    for (const PgnGame& g : first) written += write_pgn(g);
    const auto second = read_pgn_games(written);
    ASSERT_EQ(first.size(), second.size()) << written;
    for (std::size_t i = 0; i < first.size(); ++i) {
      EXPECT_TRUE(second[i].problems.empty()) << problems_of(second[i]) << written;
      expect_same_line(first[i].moves, second[i].moves);
      EXPECT_EQ(first[i].result, second[i].result);
      for (const auto& [name, value] : first[i].tags) EXPECT_EQ(second[i].tag(name), value);
      // Writing is a fixed point.
      EXPECT_EQ(write_pgn(second[i]), write_pgn(first[i]));
    }
  }
}

TEST(PgnRead, GameStreamOverManyChunks) {
  std::string text;
  std::vector<std::string> written;
  for (unsigned seed = 100; seed < 160; ++seed) {
    written.push_back(write_pgn(random_game(seed, 120)));
    text += written.back();
  }
  ASSERT_GT(text.size(), 3u * 16 * 1024);  // more than the stream's read size
  std::istringstream in(text);
  PgnGameStream stream(in);
  std::size_t count = 0;
  while (auto g = stream.next()) {
    ASSERT_LT(count, written.size());
    EXPECT_EQ(g->number, int(count) + 1);
    EXPECT_TRUE(g->problems.empty()) << problems_of(*g);
    EXPECT_EQ(write_pgn(*g), written[count]);
    ++count;
  }
  EXPECT_EQ(count, written.size());
  EXPECT_TRUE(stream.status());
}

TEST(PgnRoundTrip, RandomGamesThroughWriterAndReader) {
  for (unsigned seed = 1; seed <= 20; ++seed) {
    const PgnGame g = random_game(seed, 250);
    const std::string out = write_pgn(g);
    const auto back = read_pgn_games(out);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_TRUE(back[0].problems.empty()) << problems_of(back[0]) << out;
    expect_same_line(g.moves, back[0].moves);
    EXPECT_EQ(write_pgn(back[0]), out);
  }
}

}  // namespace
}  // namespace pgn_test
}  // namespace annabella::core
