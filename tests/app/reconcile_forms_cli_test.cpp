// `annabella reconcile` with scoresheets in the handwriting forms docs/notation.md lists (an
// arbiter's test, D.2.9): each form used to shift, drop or invent a written move and so order long
// retractions where one step on one board is right. The game: sheet A in German, sheet B in
// Russian; board B has Black's 18th move made wrongly (Ne7 for Na5).
#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace annabella::app {
namespace reconcile_forms_cli_test {
namespace {

using annabella::testing::run_command;
using annabella::testing::TempDir;

constexpr const char* kBoardA = "1k1rbb1r/p1q2ppp/Pp2p3/nB1pP3/3P4/BQP2N2/5PPP/R1R3K1";
constexpr const char* kBoardB = "1k1rbb1r/p1q1nppp/Pp2p3/1B1pP3/3P4/BQP2N2/5PPP/R1R3K1";

// The German sheet's plies, the clean form (de2.txt of the arbiter's test).
const std::vector<std::string> kGerman = {
    "e2-e4", "e6",  "d4",  "d5",  "e5",  "c5",    "c3", "Sc6",      "Sf3",  "Db6",  "a3",   "c4",
    "Sbd2",  "Sa5", "Le2", "Ld7", "0-0", "0-0-0", "b4", "cxb3e.p.", "S:b3", "S:b3", "D:b3", "Kb8",
    "a4",    "Se7", "a5",  "Dc7", "La3", "Sc6",   "a6", "b6",       "Tfc1", "Le8",  "Lb5",  "Sa5"};
constexpr const char* kRussian =
    "1. e4 e6 2. d4 d5 3. e5 c5 4. c3 Кc6 5. Кf3 Фb6 6. a3 c4 7. Кbd2 Кa5 8. Сe2 Сd7 9. 0-0 0-0-0 "
    "10. b4 cb\n11. К:b3 К:b3 12. Ф:b3 Крb8 13. a4 Кe7 14. a5 Фc7 15. Сa3 Кc6 16. a6 b6 17. Лfc1 "
    "Сe8 18. Сb5 Кa5\n";

// The German sheet, one move pair a line, with plies replaced by other forms.
std::string german(const std::map<std::size_t, std::string>& forms = {}) {
  std::string s;
  for (std::size_t i = 0; i < kGerman.size(); ++i) {
    if (i % 2 == 0) s += std::to_string(i / 2 + 1) + ". ";
    s += forms.count(i) ? forms.at(i) : kGerman[i];
    s += i % 2 == 0 ? " " : "\n";
  }
  return s;
}

// A UTF-8 text in Windows-1251, as a Cyrillic sheet typed on Windows is saved (ASCII and А to я).
std::string windows1251(const std::string& utf8) {
  std::string out;
  for (std::size_t i = 0; i < utf8.size(); ++i) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    if (b < 0x80) {
      out += char(b);
      continue;
    }
    const char32_t c = ((b & 0x1FU) << 6) | (static_cast<unsigned char>(utf8[++i]) & 0x3FU);
    EXPECT_TRUE(c >= 0x410 && c <= 0x44F) << "not in the table: " << unsigned(c);
    out += char(0xC0 + (c - 0x410));
  }
  return out;
}

struct Case {
  TempDir dir;
  std::string out;
  int status = -1;
  void write(const char* name, const std::string& text) {
    std::ofstream(dir / name, std::ios::binary) << text;
  }
  std::string path(const char* name) const { return "'" + (dir / name).string() + "'"; }
  // Sheet A is `sheet_a`, sheet B the Russian sheet; board A from `board_a` when given.
  std::string board_a = kBoardA;
  std::string extra;  // more options
  std::string sheet_b = kRussian;
  void reconcile(const std::string& sheet_a) {
    write("a.txt", sheet_a);
    write("b.txt", sheet_b);
    run("--board-a '" + board_a + "' --board-b " + kBoardB + " --sheet-a " + path("a.txt") +
        " --sheet-b " + path("b.txt") + " " + extra);
  }
  // `annabella reconcile ARGS`.
  void run(const std::string& args) {
    status = run_command(std::string(ANNABELLA_BINARY) + " reconcile " + args, out, true);
  }
  // Boards after 1. e4 e5 2. Nf3: A right, B with the knight on e2.
  static constexpr const char* kNf3 =
      "--board-a rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R"
      " --board-b rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPPNPPP/RNBQKB1R";
  // The right answer: the sheets agree, board B gets one step, clocks untouched.
  void expect_one_step() const {
    EXPECT_EQ(status, 0) << out;
    EXPECT_NE(out.find("The two scoresheets agree (36 plies, after Black's move 18, Na5)."),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("Board A (player A, White): already right, nothing to change."),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("Board B (player B, Black): 1 step.\n  Step 1: move black knight e7 a5.\n"),
              std::string::npos)
        << out;
    EXPECT_NE(out.find("read as Deutsch"), std::string::npos) << out;
    EXPECT_NE(out.find("No moves are retraced: the clocks are not readjusted."), std::string::npos)
        << out;
  }
};

TEST(ReconcileForms, CleanSheetsOrderOneStep) {
  Case r;
  r.reconcile(german());
  r.expect_one_step();
}

TEST(ReconcileForms, ByteOrderMarkIsSkippedInSheetsLogsAndClockLogs) {
  Case r;
  r.write("log.txt", "\xEF\xBB\xBF" + german());
  r.write("clock.txt", "\xEF\xBB\xBF# ply white_ms black_ms\n0 5400000 5400000\n");
  r.extra = "--log-a " + r.path("log.txt") + " --clock-log " + r.path("clock.txt");
  r.reconcile("\xEF\xBB\xBF" + german());
  r.expect_one_step();
  EXPECT_NE(r.out.find("Check first: Sheet A starts with a byte order mark (U+FEFF"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Check first: Board log A starts with a byte order mark"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\" starts with a byte order mark"), std::string::npos) << r.out;  // clock
  // Two identical sheets with a byte order mark agree: nothing is reset.
  Case same;
  same.write("s.txt",
             "\xEF\xBB\xBF"
             "1. e4 e5 2. Nf3\n");
  same.run(std::string(Case::kNf3) + " --sheet-a " + same.path("s.txt") + " --sheet-b " +
           same.path("s.txt"));
  EXPECT_EQ(same.status, 0) << same.out;
  EXPECT_NE(same.out.find("The two scoresheets agree (3 plies"), std::string::npos) << same.out;
  EXPECT_NE(same.out.find("Board B (player B, Black): 1 step."), std::string::npos) << same.out;
}

TEST(ReconcileForms, OnePlyALineWithNumberSpaceDots) {
  std::string lines;
  for (std::size_t i = 0; i < kGerman.size(); ++i)
    lines += std::to_string(i / 2 + 1) + (i % 2 ? ". ... " : ". ") + kGerman[i] + "\n";
  Case r;
  r.reconcile(lines);
  r.expect_one_step();
  Case paren;
  paren.reconcile(german({{1, "… e6"}}).replace(0, 2, "1)"));
  paren.expect_one_step();
}

TEST(ReconcileForms, BlackToMoveStartWithNumberSpaceDots) {
  // From a start with Black to move, "1. ... e5" is Black's first cell: no blank White cell to
  // strike out; the sheets agree.
  Case r;
  r.write("a.txt", "1. ... e5\n2. Nf3\n");
  r.write("b.txt", "1... e5 2. Nf3\n");
  r.run(std::string(Case::kNf3) +
        " --start 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' --sheet-a " +
        r.path("a.txt") + " --sheet-b " + r.path("b.txt"));
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("The two scoresheets agree (2 plies"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Nothing to change on the scoresheets."), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("Strike out"), std::string::npos) << r.out;
}

TEST(ReconcileForms, CastlingWrittenWithZerosOrBlanks) {
  Case zeros;
  zeros.reconcile(german({{16, "00"}, {17, "000"}}));
  zeros.expect_one_step();
  Case blanks;
  blanks.reconcile(german({{16, "O - O"}, {17, "O - O - O"}}));
  blanks.expect_one_step();
}

TEST(ReconcileForms, EnPassantWrittenAfterABlank) {
  for (const char* ep : {"cxb3 e.p.", "cxb3 ep", "c:b3 e. p."}) {
    SCOPED_TRACE(ep);
    Case r;
    r.reconcile(german({{19, ep}}));
    r.expect_one_step();
  }
}

TEST(ReconcileForms, BlanksInsideMovesAndStrayTokens) {
  Case r;
  r.reconcile(german({{13, "S a5"}, {19, "c x b3"}, {28, "L a3 !"}, {35, "Sa5 1/2 ="}}) +
              "Remis —\n");
  r.expect_one_step();
  EXPECT_NE(r.out.find("Check first: Sheet A, line 7: \"S a5\" read as one move"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"!\" read as an annotation, not as a move."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"Remis\" read as the result, not as a move."), std::string::npos) << r.out;
}

TEST(ReconcileForms, ADashBetweenBlanksSeparatesTwoMoves) {
  // "1. e2-e4 - e6": the dash between blanks separates White's move from Black's (joined they
  // are no move); said in a Check first line, not read as one move.
  const std::string sheet = german();
  Case r;
  r.reconcile("1. e2-e4 - e6\n" + sheet.substr(sheet.find('\n') + 1));
  r.expect_one_step();
  EXPECT_NE(r.out.find("Check first: Sheet A, line 1: \"e2-e4 - e6\" read as two moves"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("read as one move"), std::string::npos) << r.out;
}

TEST(ReconcileForms, TitleLineIsAHeading) {
  Case r;
  r.reconcile("Partie: Cafe\n" + german());
  r.expect_one_step();
  EXPECT_NE(r.out.find("Check first: Sheet A, line 1: \"Partie: Cafe\" holds no move before the "
                       "first move; read as a heading, not as moves."),
            std::string::npos)
      << r.out;
}

TEST(ReconcileForms, SemicolonsAndCommasSeparateMoves) {
  std::string sheet;
  for (std::size_t i = 0; i < kGerman.size(); i += 2)
    sheet += std::to_string(i / 2 + 1) + ". " + kGerman[i] + ", " + kGerman[i + 1] + "; ";
  Case r;
  r.reconcile(sheet);
  r.expect_one_step();
}

TEST(ReconcileForms, SheetNotInUtf8IsACheckFirstLine) {
  Case r;
  // "Läufer" in Latin-1 in a heading line: the sheet is decoded as Latin-1 (the moves read the
  // same either way; the word mixes a-z with such bytes); the arbiter checks it first.
  r.reconcile("Partie L\xE4ufer\n" + german());
  r.expect_one_step();
  EXPECT_NE(r.out.find("Check first: Sheet A \""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("is not UTF-8: line 1, column 9 has the byte 0xE4. It was read as Latin-1 "
                       "(Windows-1252): its moves read the same in Windows-1251 (Cyrillic)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"Partie Läufer\" holds no move"), std::string::npos) << r.out;
}

TEST(ReconcileForms, GermanSheetInLatin1WithItsLanguageGiven) {
  Case r;
  r.extra = "--lang-a de --json";
  r.reconcile(
      "Sch\xE4"
      "fer \x96 Wei\xDF\n" +
      german());
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("It was read as Latin-1 (Windows-1252), the encoding of its language, "
                       "Deutsch"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Schäfer – Weiß"), std::string::npos) << r.out;  // UTF-8 in the JSON
  EXPECT_EQ(r.out.find("\\xE4"), std::string::npos) << r.out;
}

TEST(ReconcileForms, CentralEuropeanSheetInWindows1250IsReadAndTheGuessNamed) {
  // A Croatian heading typed on Windows (Windows-1250): "Đukić – Petrović"; the note names the
  // encoding and the word that decided it, and the JSON is UTF-8.
  Case r;
  r.extra = "--json";
  r.reconcile("\xD0uki\xE6 \x96 Petrovi\xE6\n" + german());
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("It was read as Windows-1250 (Central European)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("2 are words of a language written in Windows-1250 (Central European) and "
                       "1 of one written in Latin-1 (Windows-1252) (\\\"Đukić\\\", not "
                       "\\\"Ðukiæ\\\")"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Đukić – Petrović"), std::string::npos) << r.out;
  // Nothing tells "Petrović" from "Petroviæ": Latin-1 is assumed and called a guess.
  Case guess;
  guess.reconcile("Petrovi\xE6\n" + german());
  EXPECT_NE(guess.out.find("do not tell which is right: Latin-1 (Windows-1252) was assumed, a "
                           "guess"),
            std::string::npos)
      << guess.out;
}

TEST(ReconcileForms, CyrillicSheetsInWindows1251AreRead) {
  // The Russian sheet as typed on Windows: "Кf3", "Крb8" in Windows-1251 (D.2.9 reads it whole).
  Case r;
  r.sheet_b = windows1251(kRussian);
  r.reconcile(german());
  r.expect_one_step();
  EXPECT_NE(r.out.find("Check first: Sheet B \""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("It was read as Windows-1251 (Cyrillic): 36 written moves read in it, 7 in "
                       "Latin-1 (Windows-1252)"),
            std::string::npos)
      << r.out;
  // Given as Russian, the language decides; the JSON is UTF-8 with the moves as written.
  Case given;
  given.sheet_b = windows1251(kRussian);
  given.extra = "--lang-b ru --json";
  given.reconcile(german());
  EXPECT_EQ(given.status, 0) << given.out;
  EXPECT_NE(given.out.find("the encoding of its language, Русский"), std::string::npos)
      << given.out;
  EXPECT_NE(given.out.find("Крb8"), std::string::npos) << given.out;
  // A Macedonian sheet ("Сf3": С is the knight) against a Russian one ("Кf3"), both Windows-1251.
  Case mk;
  mk.write("mk.txt", windows1251("1. e4 e5 2. Сf3\n"));
  mk.write("ru.txt", windows1251("1. e4 e5 2. Кf3\n"));
  mk.run(std::string(Case::kNf3) + " --sheet-a " + mk.path("mk.txt") + " --sheet-b " +
         mk.path("ru.txt"));
  EXPECT_EQ(mk.status, 0) << mk.out;
  EXPECT_NE(mk.out.find("The two scoresheets agree (3 plies"), std::string::npos) << mk.out;
  EXPECT_NE(mk.out.find("Board B (player B, Black): 1 step."), std::string::npos) << mk.out;
  EXPECT_NE(mk.out.find("Sheet A \"" + (mk.dir / "mk.txt").string() + "\" is not UTF-8"),
            std::string::npos)
      << mk.out;
}

// Tester 14o: Cyrillic files read for certain ("Сф3": ф is f only as the Latin letters sound)
// get no "Check first" line, so the ones that matter stand out; a guess ("д4 д5": d4 d5 or e4 e5)
// still gets one.
TEST(ReconcileForms, CyrillicFilesAreACheckFirstLineOnlyWhenUncertain) {
  Case certain;
  certain.write("mk.txt", "1. е4 е5 2. Сф3\n");
  certain.write("en.txt", "1. e4 e5 2. Nf3\n");
  certain.run(std::string(Case::kNf3) + " --sheet-a " + certain.path("mk.txt") + " --sheet-b " +
              certain.path("en.txt") + " --lang-a mk");
  EXPECT_EQ(certain.status, 0) << certain.out;
  EXPECT_NE(certain.out.find("The two scoresheets agree (3 plies"), std::string::npos)
      << certain.out;
  EXPECT_EQ(certain.out.find("writes a file in a Cyrillic letter"), std::string::npos)
      << certain.out;
  Case guess;
  guess.write("ru.txt", "1. д4 д5\n");
  guess.write("en.txt", "1. d4 d5\n");
  guess.run(
      "--board-a rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR --board-b "
      "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR --sheet-a " +
      guess.path("ru.txt") + " --sheet-b " + guess.path("en.txt") + " --lang-a ru");
  EXPECT_EQ(guess.status, 0) << guess.out;
  EXPECT_NE(guess.out.find("Check first: Sheet A, line 1: \"д4\" writes a file in a Cyrillic "
                           "letter"),
            std::string::npos)
      << guess.out;
}

TEST(ReconcileForms, PieceListInTheSheetsDetectedLanguage) {
  Case r;
  r.board_a =
      "Weiß: Kg1 Db3 Ta1 Tc1 La3 Lb5 Sf3 a6 c3 d4 e5 f2 g2 h2; "
      "Schwarz: Kb8 Dc7 Td8 Th8 Le8 Lf8 Sa5 a7 b6 d5 e6 f7 g7 h7";
  r.reconcile(german());
  r.expect_one_step();
}

TEST(ReconcileForms, BoardLogThatStopsEarlyIsSaidToEndEarly) {
  Case r;
  std::string log;
  for (std::size_t i = 0; i < 20; ++i) log += kGerman[i] + "\n";
  r.write("log.txt", log);
  r.extra = "--log-a " + r.path("log.txt");
  r.reconcile(german());
  r.expect_one_step();
  EXPECT_NE(r.out.find("The log of board A ends early: it holds 20 half-moves"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("displaced"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace reconcile_forms_cli_test
}  // namespace annabella::app
