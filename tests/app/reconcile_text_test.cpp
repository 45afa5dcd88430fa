// The arbiter's words for the D.2.9 reconciliation (app/reconcile_text.h): what to do comes first,
// D.2.9 only where the boards differ, a wrong sheet named with how to correct it (Art. 8.1), a
// language that stops early named before anything is proposed, each difference on a line.
#include "app/reconcile_text.h"

#include <gtest/gtest.h>

#include "support/reconcile_fixtures.h"

namespace annabella::app {
namespace reconcile_text_test {
namespace {

using namespace annabella::testing;
using core::Reconciliation;

const std::string kOpera15 = first(kOpera, 15);  // up to 8. Nc3
const std::string kOpera20 = first(kOpera, 20);
const std::string kOpera24 = first(kOpera, 24);

Reconciliation reconciled(const std::string& sheet_a, const std::string& sheet_b,
                          const std::string& board_a, const std::string& board_b,
                          const std::array<std::string, 2>& langs = {"", ""}) {
  return core::reconcile(reconcile_input("", {sheet_a, sheet_b}, langs, {board_a, board_b}));
}

// Where `needle` stands in `text` (npos when absent), for checking the order of the report.
std::size_t at(const std::string& text, const std::string& needle) {
  return text.find(needle);
}

TEST(ReconcileText, BoardsThatDifferOpenWithD29AndWhatToDo) {
  // Player A (White) wrote 8. Nc3 but made 8. Nd2 on his own board (D.2.9).
  const Reconciliation r = reconciled(kOpera15, kOpera15, first(kOpera, 14) + "Nd2", kOpera15);
  const std::string text = arbiter_text(r);
  EXPECT_EQ(text.rfind("D.2.9 reconciliation: the two boards show different positions.\n", 0), 0u)
      << text;
  EXPECT_NE(at(text,
               "Board A went wrong at White's move 8: Nd2 was made where the sheets have "
               "Nc3 (inferred from the board)."),
            std::string::npos)
      << text;
  EXPECT_NE(at(text,
               "Player A wrote the correct move but made a different one on his board: "
               "under D.2.9 he must adjust his position"),
            std::string::npos);
  EXPECT_NE(at(text, "Step 1: move white knight d2 c3."), std::string::npos);
  EXPECT_NE(at(text, "Board B (player B, Black): already right"), std::string::npos);
  EXPECT_NE(at(text, "4. Clocks: No moves are retraced: the clocks are not readjusted."),
            std::string::npos);
  // What to do comes before the finding and the details.
  EXPECT_LT(at(text, "What to do"), at(text, "Finding"));
  EXPECT_LT(at(text, "Finding"), at(text, "Where the boards stand"));
}

TEST(ReconcileText, BoardsThatAgreeAreSaidToAgreeAndTheWrongSheetIsCorrected) {
  // Both boards show 8. Nc3; sheet B left out 5. Qxf3. D.2.9 does not apply: nothing is done on
  // the boards and the clocks stay; sheet B is corrected (Art. 8.1).
  const std::string b = first(kOpera, 8) + kOpera15.substr(first(kOpera, 9).size());
  const Reconciliation r = reconciled(kOpera15, b, kOpera15, kOpera15);
  const std::string text = arbiter_text(r);
  EXPECT_EQ(text.find("the two boards show different positions"), std::string::npos) << text;
  EXPECT_EQ(text.rfind("D.2.9 reconciliation: both boards show the same position, so D.2.9 does "
                       "not apply",
                       0),
            0u)
      << text;
  EXPECT_NE(at(text,
               "1. Position: Leave both boards as they are: they show the position after "
               "White's move 8, Nc3."),
            std::string::npos)
      << text;
  EXPECT_NE(at(text, "Board A (player A, White): leave it as it is."), std::string::npos);
  EXPECT_NE(at(text,
               "3. Scoresheets: Sheet B is wrong: sheet A's moves lead to the position on "
               "both boards, sheet B's do not. Player B corrects his scoresheet (Art. 8.1):"
               "\n  Sheet B: Write in White's move 5 Qxf3, before the cell for White's move 5 "
               "(\"dxe5\")."),
            std::string::npos)
      << text;
  EXPECT_NE(at(text, "4. Clocks: No moves are retraced: the clocks are not readjusted."),
            std::string::npos);
  EXPECT_EQ(text.find("Step 1:"), std::string::npos) << text;
  EXPECT_EQ(text.find("Retraced"), std::string::npos) << text;
}

TEST(ReconcileText, ASheetInTheWrongLanguageIsNamedBeforeAnythingIsProposed) {
  const std::string mk =
      "1. e4 e5 2. Сf3 d6 3. d4 Лg4 4. dxe5 Лxf3 5. Дxf3 dxe5 6. Лc4 Сf6 7. Дb3 Дe7 8. Сc3";
  const std::string ru =
      "1. e4 e5 2. Кf3 d6 3. d4 Сg4 4. dxe5 Сxf3 5. Фxf3 dxe5 6. Сc4 Кf6 7. Фb3 Фe7 8. Кc3";
  // The languages swapped, board B one move behind: the procedure would retrace 13 plies.
  const Reconciliation r = reconciled(mk, ru, kOpera15, first(kOpera, 14), {"ru", "mk"});
  const std::string text = arbiter_text(r);
  const std::string warning =
      "Check first: Sheet A was given as Русский (ru), which reads only 2 of its 15 written moves "
      "(it stops at White's move 2); Македонски (mk) reads the whole sheet.";
  EXPECT_NE(at(text, warning), std::string::npos) << text;
  EXPECT_LT(at(text, warning), at(text, "What to do")) << text;
  EXPECT_NE(at(text, "Check first: Sheet B was given as Македонски (mk)"), std::string::npos);
}

TEST(ReconcileText, ABoardAheadOfTheSheetsIsSaid) {
  // Both sheets end with 8. Nc3; board B shows 8... c6 played too, or 8... c6 9. Bg5.
  for (const auto& [board_b, ahead] : {std::pair<std::string, std::string>{kOpera15 + "c6", "c6"},
                                       {kOpera15 + "c6 Bg5", "c6 Bg5"}}) {
    SCOPED_TRACE(board_b);
    const std::string text = arbiter_text(reconciled(kOpera15, kOpera15, kOpera15, board_b));
    EXPECT_NE(at(text, std::string("Board B shows ") + (ahead == "c6" ? "one move" : "two moves") +
                           " more than the sheets: Black's move 8 c6"),
              std::string::npos)
        << text;
  }
}

TEST(ReconcileText, BothSheetsBehindTheBoardsAreCompleted) {
  // Both boards show 8... c6, both sheets end with 8. Nc3: each player writes 8... c6 in.
  const std::string text =
      arbiter_text(reconciled(kOpera15, kOpera15, kOpera15 + "c6", kOpera15 + "c6"));
  EXPECT_NE(
      at(text,
         "Both scoresheets lack the last moves on the boards: each player writes "
         "them in (Art. 8.1).\n  Sheet A: Write in Black's move 8 c6, at the end.\n  Sheet B: "
         "Write in Black's move 8 c6, at the end."),
      std::string::npos)
      << text;
}

// Both sheets behind the boards by different amounts (A two plies short, B one): neither sheet is
// "wrong" (sheet B does not lead to the boards either), and each line says whose sheet it is for.
TEST(ReconcileText, SheetsBehindByDifferentAmountsAreBothCompleted) {
  const Reconciliation r =
      reconciled(kOpera15, first(kOpera, 16), first(kOpera, 17), first(kOpera, 17));
  EXPECT_EQ(r.right_sheet, -1);
  const std::string text = arbiter_text(r);
  EXPECT_EQ(text.find("is wrong"), std::string::npos) << text;
  EXPECT_NE(at(text,
               "Both scoresheets lack the last moves on the boards: each player writes "
               "them in (Art. 8.1).\n  Sheet A: Write in Black's move 8"),
            std::string::npos)
      << text;
  EXPECT_NE(at(text, "\n  Sheet B: Write in White's move 9"), std::string::npos) << text;
  EXPECT_EQ(text.find("\n  Write in"), std::string::npos) << text;
}

TEST(ReconcileText, ClockProposalInWords) {
  core::ReconcileInput in = reconcile_input("", {kOpera15, first(kOpera, 12) + "Qb4 Qe7 Nc3"},
                                            {"", ""}, {kOpera15, first(kOpera, 14)});
  in.clock_log = std::vector<core::ClockPly>{core::clock_ply(
      12, {std::chrono::milliseconds(4950000), std::chrono::milliseconds(4900000)})};
  EXPECT_EQ(clock_text(core::reconcile(in)),
            "Set the clocks to White 1 h 22 min 30 s, Black 1 h 21 min 40 s (clock log, at that "
            "point; D.2.9).");
  in.clock_log = std::vector<core::ClockPly>{
      core::clock_ply(11, {std::chrono::minutes(80), std::chrono::minutes(70)})};
  EXPECT_NE(clock_text(core::reconcile(in)).find("nearest earlier reading, ply 11"),
            std::string::npos);
  in.clock_log.reset();
  EXPECT_EQ(clock_text(core::reconcile(in)),
            "No clock log: the arbiter decides the times (D.2.9).");
}

// A copy written twice among moves retraced for another difference is named as a copy.
TEST(ReconcileText, ACopyAmongTheRetracedMovesIsNamedAsACopy) {
  const std::string text = arbiter_text(
      reconciled(kOpera20, without(twice(kOpera20, 10), {17}), kOpera20, first(kOpera, 19) + "h6"));
  EXPECT_NE(at(text,
               "Retraced from sheet B: Bc4 in the cell for Black's move 6 (a copy of "
               "White's move 6), Black's move 6 Nf6 (in the cell for White's move 7)"),
            std::string::npos)
      << text;
}

TEST(ReconcileText, StandingsRetracedMovesAndWhereTheSheetsAgreeAgain) {
  const std::string text = arbiter_text(
      reconciled(kOpera20, without(kOpera20, {12, 13, 14}), kOpera20, first(kOpera, 19)));
  EXPECT_NE(at(text,
               "Sheet B has left out 3 plies that sheet A has: White's move 7 Qb3, "
               "Black's move 7 Qe7, White's move 8 Nc3 (board A shows the position sheet "
               "A's moves lead to). After that the sheets agree again from Black's move 8 "
               "on (sheet B has it in the cell for White's move 7)."),
            std::string::npos)
      << text;
  EXPECT_NE(at(text, "Board A matches sheet A after Black's move 10, cxb5."), std::string::npos);
  EXPECT_NE(at(text, "Retraced from sheet A: White's move 7 Qb3"), std::string::npos) << text;
  // Sheet B's moves taken back are named by the moves they stand for, as the finding places
  // them (tester's defect 13: not by the cells of the faulty sheet).
  EXPECT_NE(at(text,
               "Retraced from sheet B: Black's move 8 c6 (in the cell for White's move 7), "
               "White's move 9 Bg5 (in the cell for Black's move 7), Black's move 9 b5 (in the "
               "cell for White's move 8)"),
            std::string::npos)
      << text;
  EXPECT_NE(at(text,
               "That is for your information: D.2.9 retraces the moves to the last point "
               "where both sheets agree"),
            std::string::npos);
}

TEST(ReconcileText, EachDifferenceOnALine) {
  std::string b = without(kOpera24, {6, 7});
  b.replace(b.find("Bg5"), 3, "XXX");
  b.replace(b.find("Nxb5"), 4, "Bg5");
  b.replace(b.find("XXX"), 3, "Nxb5");
  const std::string text = arbiter_text(reconciled(kOpera24, b, kOpera24, kOpera24));
  EXPECT_NE(at(text, "\nThen: move left out. Sheet B has left out a move pair"), std::string::npos)
      << text;
  EXPECT_NE(at(text,
               "\nFurther on: two moves swapped. The sheets have White's move 9 and White's "
               "move 10 in opposite orders"),
            std::string::npos)
      << text;
}

TEST(ReconcileText, BeyondTheBoundNothingIsGuessed) {
  const std::string kOpera33 = first(kOpera, 33);
  const std::string text = arbiter_text(
      reconciled(kOpera33, without(kOpera33, {8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}), kOpera33,
                 first(kOpera, 32)));
  EXPECT_NE(at(text,
               "cannot be explained by left-out, extra or swapped moves (more than 10 "
               "differences, or a run of more than 10 plies)"),
            std::string::npos)
      << text;
}

TEST(ReconcileText, LogFindingsAndStepsInWords) {
  core::ReconcileInput in = reconcile_input(
      "", {kOpera15, kOpera15}, {"", ""},
      {kOpera15, "fen:" + edit(after(core::Position(), kOpera15).fen(), {{"h2", '.'}})});
  in.boards[1].log = moves_of(core::Position(), kOpera15);
  const Reconciliation r = core::reconcile(in);
  EXPECT_EQ(log_text(r, 1),
            "Board B does not show the position its own log leads to: pieces were displaced "
            "after the last logged move.");
  EXPECT_EQ(step_text(r.corrections[1].steps.at(0)), "place white pawn h2");
  EXPECT_EQ(step_sentence(r.corrections[1].steps.at(0)), "Place a white pawn on h2.");
}

TEST(ReconcileText, CountsOfOneAreSingularAndSheetsThatPartAtOnceAreSaidSo) {
  // The sheets agree for one ply (1. e4), then sheet B has 1... c5; sheet C has one written move.
  Reconciliation r = reconciled("1. e4 e5 2. Nf3", "1. e4 c5 2. Nf3", "e4 e5 Nf3", "e4 e5 Nf3");
  std::string text = arbiter_text(r);
  EXPECT_NE(at(text, "The two scoresheets agree up to after White's move 1, e4 (1 ply).\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(at(text, "1 plies"), std::string::npos) << text;
  r = reconciled("1. e4 e5", "1. e4", "e4 e5", "e4 e5");
  text = arbiter_text(r);
  EXPECT_NE(at(text, "Sheet B: 1 written move, read as"), std::string::npos) << text;
  // They differ from the first move: not "agree up to at the start of the game (0 plies)".
  r = reconciled("1. d4 d5", "1. e4 d5", "d4 d5", "d4 d5");
  text = arbiter_text(r);
  EXPECT_NE(at(text, "The two scoresheets differ from White's move 1 on.\n"), std::string::npos)
      << text;
  EXPECT_EQ(at(text, "agree up to at the start"), std::string::npos) << text;
}

TEST(ReconcileText, ALanguageFoundNamesTheLanguagesWithTheSameLetters) {
  // A Serbian sheet (K D T L S) reads as German too, a Macedonian one as Serbian Cyrillic: the
  // report names both, so a Serbian sheet is not simply called German.
  const std::string sr = "1. e4 e5 2. Sf3 d6 3. d4 Lg4";
  const std::string mk = "1. e4 e5 2. \u0421f3 d6 3. d4 \u041bg4";
  const std::string board = "e4 e5 Nf3 d6 d4 Bg4";
  const std::string text = arbiter_text(reconciled(sr, mk, board, board));
  EXPECT_NE(at(text,
               "Sheet A: 6 written moves, read as Deutsch (found: Deutsch (de) reads every "
               "written move; the same piece letters as Srpski (latinica) (sr))."),
            std::string::npos)
      << text;
  EXPECT_NE(at(text, "the same piece letters as \u0421\u0440\u043f\u0441\u043a\u0438"),
            std::string::npos)
      << text;
  // A language given is named alone.
  const std::string given = arbiter_text(reconciled(sr, mk, board, board, {"sr", ""}));
  EXPECT_NE(at(given, "read as Srpski (latinica) (given: Srpski (latinica) (sr))."),
            std::string::npos)
      << given;
}

TEST(ReconcileText, TextThatIsNotUtf8IsShownEscaped) {
  EXPECT_EQ(printable_utf8("F\xE9"
                           "4 \xC3\xA9"),
            "F\\xE94 \xC3\xA9");
  const auto fault = first_utf8_fault(
      "e4\nLf3 F\xE9"
      "4");
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->line, 2);
  EXPECT_EQ(fault->column, 6);
  EXPECT_EQ(fault->byte, 0xE9);
  EXPECT_FALSE(first_utf8_fault("Weiß: Кf3"));
  EXPECT_TRUE(first_utf8_fault("\xED\xA0\x80"));  // a surrogate
  EXPECT_TRUE(first_utf8_fault("\xC0\xAF"));      // an overlong form
}

TEST(ReconcileText, ABlankCellInAnUnexplainedDifferenceIsSaidToBeBlank) {
  // A German sheet numbered by hand left out White's move 6: "6. b5 7. Lb3" leaves the cell for
  // Black's move 6 blank. Quoting that cell said "Black's move 6 ," (nothing); it is "(blank)".
  const std::string a =
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O "
      "9. h3 Nb8 10. d4 Nbd7";
  const std::string b =
      "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. 0-0 Le7 6. b5 7. Lb3 d6 8. c3 0-0 9. h3 Sb8 "
      "10. d4 Sbd7";
  const std::string text = arbiter_text(reconciled(a, b, a, a, {"en", "de"}));
  EXPECT_EQ(at(text, "move 6 ,"), std::string::npos) << text;
  EXPECT_NE(at(text, "Black's move 6 (blank)"), std::string::npos) << text;
}

}  // namespace
}  // namespace reconcile_text_test
}  // namespace annabella::app
