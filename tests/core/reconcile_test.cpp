// D.2.9 reconciliation: a table of scenarios, each with the typed findings an arbiter must get
// (which procedure applies, the kinds of difference, the position, the steps, the sheet edits),
// and the live board check. The wording is tested in tests/app/reconcile_text_test.cpp.
#include "core/reconcile.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>

#include "core/movegen.h"
#include "support/reconcile_fixtures.h"

namespace annabella::core {
namespace reconcile_test {
namespace {

using namespace annabella::testing;

struct Expected {
  Procedure procedure = Procedure::NothingToCorrect;
  bool agree = false;
  DifferenceKind kind = DifferenceKind::None;
  int sheet = -1;
  std::size_t agreed = 0;
  std::size_t target = 0;
  std::size_t steps_a = 0;
  std::size_t steps_b = 0;
  std::string wrong_a{};  // "<ply> <played SAN>" of the board's first wrong move, "" for none
  std::string wrong_b{};
  // Every finding of the alignment (findings_text), checked when not empty.
  std::string findings{};
  int right = -1;  // CorrectSheets: the sheet that leads to the boards' position
};

struct Scenario {
  std::string name{};
  std::string start_fen{};  // "" = the initial position
  std::string sheet_a{}, sheet_b{};
  std::string lang_a{}, lang_b{};  // "" = found by reading
  // A board: an English move list played from the start, or "fen:" and a placement.
  std::string board_a{}, board_b{};
  Expected expected{};
};

// gtest prints a scenario by its name (not as bytes).
void PrintTo(const Scenario& sc, std::ostream* os) {
  *os << sc.name;
}

ReconcileInput input_of(const Scenario& sc) {
  return reconcile_input(sc.start_fen, {sc.sheet_a, sc.sheet_b}, {sc.lang_a, sc.lang_b},
                         {sc.board_a, sc.board_b});
}

// Short names of the kinds for the findings' summary (the arbiter's words are in app/).
std::string kind_name(DifferenceKind kind) {
  switch (kind) {
    case DifferenceKind::None:
      return "none";
    case DifferenceKind::SheetBehind:
      return "one sheet behind";
    case DifferenceKind::MoveLeftOut:
      return "move left out";
    case DifferenceKind::ExtraMove:
      return "extra move";
    case DifferenceKind::MovesSwapped:
      return "two moves swapped";
    case DifferenceKind::IllegalMove:
      return "illegal move written";
    case DifferenceKind::UnreadableMove:
      return "unreadable move written";
    case DifferenceKind::DifferentMove:
      return "different moves";
    case DifferenceKind::DuplicateMove:
      return "move written twice";
    case DifferenceKind::OwnMovesOnly:
      return "only one side's moves written";
    case DifferenceKind::Unexplained:
      return "cannot be explained";
  }
  return "?";
}

std::string wrong_text(const std::optional<WrongMove>& w) {
  return w ? std::to_string(w->ply) + " " + w->played_san : "";
}

// The findings in short: "<kind> <sheet> @<ply> x<count> =<A>/<B>" each (the last part: the
// written moves of sheet A and B from which the sheets agree again), separated by "; ".
std::string findings_text(const Divergence& d) {
  std::string out;
  for (const SheetFinding& f : d.findings) {
    if (!out.empty()) out += "; ";
    out += kind_name(f.kind) + " " + (f.sheet < 0 ? '-' : char('A' + f.sheet)) + " @" +
           std::to_string(f.ply) + " x" + std::to_string(f.count);
    if (f.agree_again)
      out += " =" + std::to_string((*f.agree_again)[0]) + "/" + std::to_string((*f.agree_again)[1]);
  }
  return out;
}

const std::string kOpera15 = first(kOpera, 15);  // up to 8. Nc3
const std::string kOpera20 = first(kOpera, 20);  // up to 10... cxb5
const std::string kOpera24 = first(kOpera, 24);  // up to 12... Rd8

std::vector<Scenario> scenarios() {
  const std::string castled = after(Position(), first(kOpera, 23)).fen();
  // A 115-move game (230 plies), one English move a line.
  std::string kLong;
  for (const std::string& w : san_list(long_game(230, 5), english_letters())) kLong += w + "\n";
  return {
      {.name = "SheetsAgreeOneBoardWrong",
       .sheet_a = kOpera15,
       .sheet_b = kOpera15,
       .board_a = kOpera15,
       .board_b = first(kOpera, 14) + "Nd2",
       // Board B (Black's) executed White's 8. Nc3 as Nd2: one move back to c3.
       .expected = {.procedure = Procedure::AdjustBoards,
                    .agree = true,
                    .agreed = 15,
                    .target = 15,
                    .steps_b = 1,
                    .wrong_b = "14 Nd2"}},
      {.name = "BothBoardsWrong",
       .sheet_a = kOpera15,
       .sheet_b = kOpera15,
       .board_a = first(kOpera, 12) + "Qe2 Qe7 Nc3",
       .board_b = first(kOpera, 13) + "Qd7 Nc3",
       .expected = {.procedure = Procedure::AdjustBoards,
                    .agree = true,
                    .agreed = 15,
                    .target = 15,
                    .steps_a = 1,
                    .steps_b = 1,
                    .wrong_a = "12 Qe2",
                    .wrong_b = "13 Qd7"}},
      {.name = "WrongCaptureOnOneBoard",
       .sheet_a = first(kOpera, 26),
       .sheet_b = first(kOpera, 26),
       // 13... Nxd7 made on board A where both sheets have 13... Rxd7.
       .board_a = first(kOpera, 25) + "Nxd7",
       .board_b = first(kOpera, 26),
       .expected = {.procedure = Procedure::AdjustBoards,
                    .agree = true,
                    .agreed = 26,
                    .target = 26,
                    .steps_a = 2,
                    .wrong_a = "25 Nxd7"}},
      {.name = "CastlingWithTheWrongRook",
       .sheet_a = first(kOpera, 23),
       .sheet_b = first(kOpera, 23),
       // O-O-O made with the h1 rook to d1: the a1 rook stands where the h1 rook should.
       .board_a = "fen:" + edit(castled, {{"a1", 'R'}, {"h1", '.'}}),
       .board_b = first(kOpera, 23),
       .expected = {.procedure = Procedure::AdjustBoards,
                    .agree = true,
                    .agreed = 23,
                    .target = 23,
                    .steps_a = 1}},
      {.name = "PromotionToTheWrongPiece",
       .start_fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 40",
       .sheet_a = "40. Kd2 Kd7 41. a8=Q",
       .sheet_b = "40. Kd2 Kd7 41. a8Q",
       .board_a = "Kd2 Kd7 a8=N",
       .board_b = "Kd2 Kd7 a8=Q",
       // Remove the knight, place the queen: two steps.
       .expected = {.procedure = Procedure::AdjustBoards,
                    .agree = true,
                    .agreed = 3,
                    .target = 3,
                    .steps_a = 2,
                    .wrong_a = "2 a8=N"}},
      {.name = "MoveLeftOutOfOneSheet",
       .sheet_a = kOpera15,
       .sheet_b = first(kOpera, 8) + first(kOpera, 15).substr(first(kOpera, 9).size()),
       .board_a = kOpera15,
       .board_b = first(kOpera, 14) + "Nd2",
       // Sheet B lacks 5. Qxf3: retrace to where both agree, after 4... Bxf3 (8 plies).
       .expected = {.procedure = Procedure::Retrace,
                    .kind = DifferenceKind::MoveLeftOut,
                    .sheet = 1,
                    .agreed = 8,
                    .target = 8,
                    .steps_a = 8,
                    .steps_b = 8}},
      {.name = "BlankCellOnOneSheet",
       .sheet_a = kOpera15,
       .sheet_b = "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3",
       .board_a = kOpera15,
       .board_b = kOpera15,
       // Black's cell of move 5 (dxe5) left blank on sheet B.
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::MoveLeftOut,
                    .sheet = 1,
                    .agreed = 9,
                    .target = 15,
                    .right = 0}},
      {.name = "ExtraMove",
       .sheet_a = first(kOpera, 10) + "h3\n" + kOpera15.substr(first(kOpera, 10).size()),
       .sheet_b = kOpera15,
       .board_a = kOpera15,
       .board_b = kOpera15,
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::ExtraMove,
                    .sheet = 0,
                    .agreed = 10,
                    .target = 15,
                    .right = 1}},
      {.name = "TwoMovesSwapped",
       .sheet_a = first(kOpera, 16),
       .sheet_b = first(kOpera, 12) + "Nc3 Qe7 Qb3 c6",
       .board_a = first(kOpera, 16),
       .board_b = first(kOpera, 16),
       // 8. Qb3 is illegal in sheet B's order (the knight on c3 blocks the queen): B is wrong.
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::MovesSwapped,
                    .sheet = 1,
                    .agreed = 12,
                    .target = 16,
                    .right = 0}},
      {.name = "IllegalMoveWritten",
       .sheet_a = kOpera15,
       .sheet_b = first(kOpera, 12) + "Qb4 Qe7 Nc3",
       .board_a = kOpera15,
       .board_b = kOpera15,
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::IllegalMove,
                    .sheet = 1,
                    .agreed = 12,
                    .target = 15,
                    .right = 0}},
      {.name = "UnreadableMoveWritten",
       .sheet_a = kOpera15,
       .sheet_b = first(kOpera, 12) + "Xq9 Qe7 Nc3",
       .board_a = kOpera15,
       .board_b = kOpera15,
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::UnreadableMove,
                    .sheet = 1,
                    .agreed = 12,
                    .target = 15,
                    .right = 0}},
      {.name = "OneSheetBehindBoardsRight",
       .sheet_a = kOpera15,
       .sheet_b = first(kOpera, 14),
       .board_a = kOpera15,
       .board_b = kOpera15,
       // Nothing to retrace: sheet B is completed.
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::SheetBehind,
                    .sheet = 1,
                    .agreed = 14,
                    .target = 15,
                    .right = 0}},
      {.name = "OneSheetBehindBoardWrong",
       .sheet_a = kOpera15,
       .sheet_b = first(kOpera, 14),
       .board_a = kOpera15,
       .board_b = first(kOpera, 14) + "Nd2",
       .expected = {.procedure = Procedure::Retrace,
                    .kind = DifferenceKind::SheetBehind,
                    .sheet = 1,
                    .agreed = 14,
                    .target = 14,
                    .steps_a = 1,
                    .steps_b = 1}},
      {.name = "SheetsInDifferentLanguages",
       .sheet_a =
           "1. e4 e5 2. Sf3 d6 3. d4 Lg4 4. dxe5 Lxf3 5. Dxf3 dxe5 6. Lc4 Sf6 7. Db3 De7 8. Sc3",
       .sheet_b =
           "1. e4 e5 2. Cf3 d6 3. d4 Fg4 4. dxe5 Fxf3+ 5. Dxf3 dxe5 6. Fc4 Cf6 7. Db3 De7 8. Cc3",
       .board_a = kOpera15,
       .board_b = first(kOpera, 14) + "Na3",
       .expected = {.procedure = Procedure::AdjustBoards,
                    .agree = true,
                    .agreed = 15,
                    .target = 15,
                    .steps_b = 1,
                    .wrong_b = "14 Na3"}},
      {.name = "DifferentLanguagesGiven",
       .sheet_a =
           "1. e4 e5 2. Sf3 d6 3. d4 Lg4 4. dxe5 Lxf3 5. Dxf3 dxe5 6. Lc4 Sf6 7. Db3 De7 8. Sc3",
       .sheet_b =
           "1. e4 e5 2. Кf3 d6 3. d4 Сg4 4. dxe5 Сxf3 5. Фxf3 dxe5 6. Сc4 Кf6 7. Фb3 Фe7 8. Кd2",
       .lang_a = "de",
       .lang_b = "ru",
       .board_a = kOpera15,
       .board_b = kOpera15,
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::DifferentMove,
                    .agreed = 14,
                    .target = 15,
                    .right = 0}},
      // Real sheets written in a hurry: the alignment after the point where the sheets part.
      {.name = "ThreeMovesLeftOut",
       .sheet_a = kOpera20,
       .sheet_b = without(kOpera20, {12, 13, 14}),
       .board_a = kOpera20,
       .board_b = kOpera20,
       // Sheet B lacks 7. Qb3 Qe7 8. Nc3 and goes on with 8... c6 in White's cell of move 7.
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::MoveLeftOut,
                    .sheet = 1,
                    .agreed = 12,
                    .target = 20,
                    .findings = "move left out B @12 x3 =15/12",
                    .right = 0}},
      {.name = "SixMovesLeftOut",
       .sheet_a = kOpera24,
       .sheet_b = without(kOpera24, {12, 13, 14, 15, 16, 17}),
       .board_a = kOpera24,
       .board_b = kOpera24,
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::MoveLeftOut,
                    .sheet = 1,
                    .agreed = 12,
                    .target = 24,
                    .findings = "move left out B @12 x6 =18/12",
                    .right = 0}},
      {.name = "MoveWrittenTwice",
       .sheet_a = kOpera20,
       .sheet_b = twice(kOpera20, 10),
       .board_a = kOpera20,
       .board_b = kOpera20,
       // Sheet B has 6. Bc4 twice (the copy in Black's cell); 6... Nf6 follows in White's.
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::DuplicateMove,
                    .sheet = 1,
                    .agreed = 11,
                    .target = 20,
                    .findings = "move written twice B @10 x1 =11/12",
                    .right = 0}},
      // The boards differ and the sheets differ only by a copy: D.2.9's first case once the copy
      // is struck out (tester's defect 13): board B is adjusted, nothing is retraced.
      {.name = "MoveWrittenTwiceBoardsDiffer",
       .sheet_a = kOpera20,
       .sheet_b = twice(kOpera20, 10),
       .board_a = kOpera20,
       .board_b = first(kOpera, 19) + "h6",
       .expected = {.procedure = Procedure::AdjustBoards,
                    .kind = DifferenceKind::DuplicateMove,
                    .sheet = 1,
                    .agreed = 11,
                    .target = 20,
                    .steps_b = 3,
                    .wrong_b = "19 h6",
                    .findings = "move written twice B @10 x1 =11/12",
                    .right = 0}},
      {.name = "MovePairWrittenTwiceOnTheLongerSheetBoardsDiffer",
       // "5. Qxf3 dxe5 5. Qxf3 dxe5" on sheet A.
       .sheet_a = first(kOpera, 10) + "Qxf3\ndxe5\n" + kOpera20.substr(first(kOpera, 10).size()),
       .sheet_b = kOpera20,
       .board_a = first(kOpera, 19) + "h6",
       .board_b = kOpera20,
       .expected = {.procedure = Procedure::AdjustBoards,
                    .kind = DifferenceKind::DuplicateMove,
                    .sheet = 0,
                    .agreed = 10,
                    .target = 20,
                    .steps_a = 3,
                    .wrong_a = "19 h6",
                    .right = 1}},
      // A copy and, later, a move left out: a move is in dispute, D.2.9 retraces.
      {.name = "MoveWrittenTwiceAndMoveLeftOutBoardsDiffer",
       .sheet_a = kOpera20,
       .sheet_b = without(twice(kOpera20, 10), {17}),
       .board_a = kOpera20,
       .board_b = first(kOpera, 19) + "h6",
       .expected = {.procedure = Procedure::Retrace,
                    .kind = DifferenceKind::DuplicateMove,
                    .sheet = 1,
                    .agreed = 11,
                    .target = 11,
                    .steps_a = 7,
                    .steps_b = 8,
                    .findings = "move written twice B @10 x1 =11/12; move left out B @16 x1 "
                                "=17/17"}},
      {.name = "ExtraMovePair",
       .sheet_a = first(kOpera, 10) + "h3 h6\n" + kOpera20.substr(first(kOpera, 10).size()),
       .sheet_b = kOpera20,
       .board_a = kOpera20,
       .board_b = kOpera20,
       // Both sheets read; the boards show sheet B's game: 6. h3 h6 on sheet A was not played.
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::ExtraMove,
                    .sheet = 0,
                    .agreed = 10,
                    .target = 20,
                    .findings = "extra move A @10 x2 =12/10",
                    .right = 1}},
      {.name = "OwnMovesOnlyForFourMoves",
       .sheet_a = kOpera24,
       .sheet_b = without(kOpera24, {13, 15, 17, 19}),
       .board_a = kOpera24,
       .board_b = kOpera24,
       // Player B wrote only White's moves 8 to 11 (Black's 7... Qe7 to 10... cxb5 missing).
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::OwnMovesOnly,
                    .sheet = 1,
                    .agreed = 13,
                    .target = 24,
                    .findings = "only one side's moves written B @13 x4 =20/16",
                    .right = 0}},
      {.name = "OwnMovesOnlyWithMoveNumbers",
       .sheet_a = kOpera24,
       .sheet_b =
           "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 8. Nc3 9. Bg5 "
           "10. Nxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8",
       .board_a = kOpera24,
       .board_b = kOpera24,
       // Numbered moves leave Black's cells 7 to 10 blank: the same finding.
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::OwnMovesOnly,
                    .sheet = 1,
                    .agreed = 13,
                    .target = 24,
                    .findings = "only one side's moves written B @13 x4 =20/20",
                    .right = 0}},
      {.name = "LanguagesDifferAndThreeMovesLeftOut",
       .sheet_a = kOpera20,
       .sheet_b = without(translated(kOpera20, "de"), {8, 9, 10}),
       .board_a = kOpera20,
       .board_b = kOpera20,
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::MoveLeftOut,
                    .sheet = 1,
                    .agreed = 8,
                    .target = 20,
                    .findings = "move left out B @8 x3 =11/8",
                    .right = 0}},
      {.name = "LongGameFiveMovesLeftOutNearTheEnd",
       .sheet_a = kLong,
       .sheet_b = without(kLong, {215, 216, 217, 218, 219}),
       .board_a = kLong,
       .board_b = kLong,
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::MoveLeftOut,
                    .sheet = 1,
                    .agreed = 215,
                    .target = 230,
                    .findings = "move left out B @215 x5 =220/215",
                    .right = 0}},
      {.name = "TwoLeftOutThenADifferentMove",
       .sheet_a = kOpera24,
       .sheet_b =
           [] {
             std::string b = without(kOpera24, {6, 7});
             return b.replace(b.find("Bxb5+"), 5, "Bd3");
           }(),
       .board_a = kOpera24,
       .board_b = kOpera24,
       // 4. dxe5 Bxf3 missing on sheet B, and 11. Bd3 where sheet A has 11. Bxb5+ (the text
       // says each on a line of its own: see ReconcileAlignment.EachDifferenceOnALine).
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::MoveLeftOut,
                    .sheet = 1,
                    .agreed = 6,
                    .target = 24,
                    .findings = "move left out B @6 x2 =8/6; different moves - @20 x1 =21/19",
                    .right = 0}},
      {.name = "AdjacentMovesExchangedIsAmbiguous",
       .sheet_a = kOpera20,
       .sheet_b = first(kOpera, 12) + "Qe7\nQb3\n" + kOpera20.substr(first(kOpera, 14).size()),
       .board_a = kOpera20,
       .board_b = kOpera20,
       // 7. Qb3 Qe7 written as Qe7 Qb3: left out and extra, or two different moves? Not guessed.
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::Unexplained,
                    .agreed = 12,
                    .target = 20,
                    .findings = "cannot be explained - @12 x0",
                    .right = 0}},
      {.name = "DifferentGamesAreNotExplained",
       .sheet_a = kOpera20,
       .sheet_b =
           "1. e4 e5 2. Nf3 d6 3. Bc4 Be7 4. c3 Nf6 5. d3 O-O 6. O-O c6 7. Re1 Nbd7 8. Nbd2 Re8 "
           "9. Nf1 Bf8 10. Ng3 g6",
       .board_a = kOpera20,
       .board_b = kOpera20,
       .expected = {.procedure = Procedure::CorrectSheets,
                    .kind = DifferenceKind::Unexplained,
                    .agreed = 4,
                    .target = 20,
                    .findings = "cannot be explained - @4 x0",
                    .right = 0}},
  };
}

class ReconcileScenario : public ::testing::TestWithParam<Scenario> {};

// The moves a sheet's written moves read as (in its letters), as UCI.
std::string moves_text(const std::vector<std::string>& written, const PieceLetters& letters,
                       const Position& start) {
  std::string text;
  for (const std::string& w : written) text += (w.empty() ? "-" : w) + "\n";
  const SheetReading s = read_sheet(start, {*read_scoresheet(text), letters});
  std::string out;
  for (std::size_t i = 0; i < s.read_plies; ++i) out += to_uci(s.move(i)) + " ";
  return s.fully_read() ? out : out + "(stops)";
}

TEST_P(ReconcileScenario, FindsWhatTheArbiterNeeds) {
  const Scenario& sc = GetParam();
  const ReconcileInput in = input_of(sc);
  const Reconciliation r = reconcile(in);
  const Expected& e = sc.expected;
  EXPECT_EQ(r.procedure, e.procedure);
  EXPECT_EQ(r.right_sheet, e.right);
  EXPECT_EQ(r.sheets_agree, e.agree);
  EXPECT_EQ(r.divergence.kind, e.kind) << kind_name(r.divergence.kind);
  EXPECT_EQ(r.divergence.sheet, e.sheet);
  EXPECT_EQ(r.agreed_plies, e.agreed);
  EXPECT_EQ(r.target_plies, e.target);
  EXPECT_EQ(r.corrections[0].steps.size(), e.steps_a);
  EXPECT_EQ(r.corrections[1].steps.size(), e.steps_b);
  EXPECT_EQ(wrong_text(r.corrections[0].went_wrong), e.wrong_a);
  EXPECT_EQ(wrong_text(r.corrections[1].went_wrong), e.wrong_b);
  if (!e.findings.empty()) {
    EXPECT_EQ(findings_text(r.divergence), e.findings);
  }
  // The corrections really turn each board into the target.
  for (std::size_t b = 0; b < 2; ++b) {
    char squares[64];
    for (int s = 0; s < 64; ++s) squares[s] = char(in.boards[b].placement.piece_on(Square(s)));
    for (const CorrectionStep& st : r.corrections[b].steps) {
      if (st.kind != CorrectionStep::Kind::Place) squares[st.from] = NO_PIECE;
      if (st.kind != CorrectionStep::Kind::Remove) squares[st.to] = char(st.piece);
    }
    for (int s = 0; s < 64; ++s) EXPECT_EQ(squares[s], char(r.target.piece_on(Square(s))));
  }
  // The target is the position the right sheet reaches at that point.
  const SheetReading& ref = r.sheets[std::size_t(std::max(r.right_sheet, 0))];
  if (e.target < ref.positions.size()) {
    EXPECT_EQ(r.target.fen(), ref.positions[e.target].fen());
  }
  // D.2.9 only when the boards differ: otherwise nothing on the boards and no clock change.
  EXPECT_EQ(r.boards_agree, e.procedure == Procedure::CorrectSheets ||
                                e.procedure == Procedure::NothingToCorrect ||
                                e.procedure == Procedure::BoardsUnexplained);
  EXPECT_EQ(r.clock.readjust, e.procedure == Procedure::Retrace);
  // Retraced plies are exactly those past the agreement when moves are taken back.
  for (std::size_t s = 0; s < 2; ++s) {
    const std::size_t taken =
        e.procedure == Procedure::Retrace ? r.sheets[s].plies.size() - r.agreed_plies : 0;
    EXPECT_EQ(r.retraced[s].size(), taken) << "sheet " << s;
  }
  // A wrong sheet, edited as the report says, has the right sheet's moves (Art. 8.1); so has a
  // sheet with copies when only the boards are adjusted.
  if ((r.procedure == Procedure::CorrectSheets || r.procedure == Procedure::AdjustBoards) &&
      r.right_sheet >= 0) {
    const int right = r.right_sheet, wrong = 1 - right;
    EXPECT_FALSE(r.sheet_edits[std::size_t(wrong)].empty());
    const SheetReading& R = r.sheets[std::size_t(right)];
    const SheetReading& W = r.sheets[std::size_t(wrong)];
    EXPECT_EQ(
        moves_text(edited(r.sheets, wrong, r.sheet_edits[std::size_t(wrong)]), W.letters, r.start),
        moves_text(edited(r.sheets, right, r.sheet_edits[std::size_t(right)]), R.letters, r.start));
  }
}

INSTANTIATE_TEST_SUITE_P(D29, ReconcileScenario, ::testing::ValuesIn(scenarios()),
                         [](const auto& param_info) { return param_info.param.name; });

// ---------------------------------------------------------------------------------------------
// Details of single findings

TEST(Reconcile, AgreeingSheetsNameThePlayerWhoMadeADifferentMove) {
  // Player A (White) wrote 8. Nc3 but made 8. Nd2 on his own board (D.2.9).
  ReconcileInput in =
      input_of({"", "", kOpera15, kOpera15, "", "", first(kOpera, 14) + "Nd2", kOpera15, {}});
  const Reconciliation r = reconcile(in);
  ASSERT_TRUE(r.corrections[0].went_wrong);
  EXPECT_FALSE(r.corrections[0].went_wrong->from_log);
  EXPECT_EQ(r.corrections[0].went_wrong->expected_san, "Nc3");
  EXPECT_EQ(r.corrections[0].went_wrong->played_san, "Nd2");
  EXPECT_EQ(r.corrections[0].went_wrong->ply, 14u);
  EXPECT_EQ(r.procedure, Procedure::AdjustBoards);
  ASSERT_EQ(r.corrections[0].steps.size(), 1u);
  EXPECT_EQ(r.corrections[0].steps[0],
            (CorrectionStep{CorrectionStep::Kind::Move, W_KNIGHT, SQ_D2, SQ_C3}));
  EXPECT_FALSE(r.corrections[1].needed());
  EXPECT_EQ(r.clock.basis, ClockProposal::Basis::NotRetraced);
}

TEST(Reconcile, ABoardAheadOfTheSheetsIsSaid) {
  // Both sheets end with 8. Nc3; board B shows 8... c6 played too, or 8... c6 9. Bg5.
  for (const auto& [board_b, ahead] : {std::pair<std::string, std::string>{kOpera15 + "c6", "c6"},
                                       {kOpera15 + "c6 Bg5", "c6 Bg5"}}) {
    SCOPED_TRACE(board_b);
    const Reconciliation r =
        reconcile(input_of({"", "", kOpera15, kOpera15, "", "", kOpera15, board_b, {}}));
    EXPECT_TRUE(r.sheets_agree);
    EXPECT_FALSE(r.corrections[1].went_wrong);
    std::string sans;
    for (const std::string& san : r.corrections[1].ahead_san)
      sans += (sans.empty() ? "" : " ") + san;
    EXPECT_EQ(sans, ahead);
    EXPECT_TRUE(r.corrections[0].ahead.empty());
  }
}

// Tester session 13, 14i: a sheet of words that are no moves (noise, a wrong file) or an empty
// one is no record of the game: no cell of it is ordered corrected; a sheet with a few illegible
// cells among moves still is one.
TEST(Reconcile, NoCellOfASheetOnWhichNothingReadsAsMovesIsCorrected) {
  for (const std::string& sheet : {std::string("|!x ir zW2 qe ZZ% kk"), std::string()}) {
    SCOPED_TRACE(sheet);
    const Reconciliation r =
        reconcile(input_of({"", "", sheet, kOpera15, "", "", kOpera15, kOpera15, {}}));
    EXPECT_TRUE(r.sheets[0].no_moves());
    EXPECT_FALSE(r.sheets[1].no_moves());
    EXPECT_EQ(r.procedure, Procedure::CorrectSheets);
    EXPECT_TRUE(r.sheet_edits[0].empty());
  }
  // Moves past where reading stops count by their form: "Bb5" is a move even where illegal.
  const Reconciliation r = reconcile(
      input_of({"", "", "e4 e5 Nf3 ??? Bb5 a6 Ba4 Nf6", kOpera15, "", "", kOpera15, kOpera15, {}}));
  EXPECT_EQ(r.sheets[0].moves_in_form, 7u);
  EXPECT_FALSE(r.sheets[0].no_moves());
  EXPECT_FALSE(r.sheet_edits[0].empty());
}

TEST(Reconcile, BoardLogNamesTheWrongMoveEvenLongAgo) {
  // Board B executed 2... d6 as d5 then played on (an illegal game on that board is possible:
  // only the log knows). Its log says so; inference alone would search 8 plies only.
  ReconcileInput in = input_of({"", "", kOpera15, kOpera15, "", "", kOpera15, kOpera15, {}});
  std::vector<Move> log = moves_of(Position(), kOpera15);
  log[3] = Move(SQ_D7, SQ_D5);  // 2... d5 instead of 2... d6; the board stands as the sheets
  in.boards[1].log = log;
  const Reconciliation r = reconcile(in);
  ASSERT_TRUE(r.corrections[1].went_wrong);
  EXPECT_TRUE(r.corrections[1].went_wrong->from_log);
  EXPECT_EQ(r.corrections[1].went_wrong->ply, 3u);
  EXPECT_EQ(r.corrections[1].went_wrong->played_san, "d5");
  EXPECT_EQ(r.corrections[1].went_wrong->expected_san, "d6");
  // The log then goes on with moves that are illegal after d5 (3. d4 is fine, 3... Bg4 fine,
  // 4. dxe5 fine, but the board is the sheets' board): the log does not fit the board.
  EXPECT_NE(r.corrections[1].log, LogFinding::None);
  // Both boards show the sheets' position: nothing to correct on them (D.2.9 does not apply).
  EXPECT_EQ(r.procedure, Procedure::NothingToCorrect);
  EXPECT_FALSE(r.corrections[1].needed());
}

TEST(Reconcile, BoardLogThatDisagreesWithTheBoardMeansDisplacedPieces) {
  ReconcileInput in = input_of({"",
                                "",
                                kOpera15,
                                kOpera15,
                                "",
                                "",
                                kOpera15,
                                "fen:" + edit(after(Position(), kOpera15).fen(), {{"h2", '.'}}),
                                {}});
  in.boards[1].log = moves_of(Position(), kOpera15);
  const Reconciliation r = reconcile(in);
  EXPECT_FALSE(r.corrections[1].went_wrong);
  EXPECT_EQ(r.corrections[1].steps.size(), 1u);
  EXPECT_EQ(r.corrections[1].log, LogFinding::Displaced);
  // Board A shows the sheets' position and its log stops 5 plies before it: the log ends early;
  // it does not say that pieces were displaced.
  in.boards[0].log = moves_of(Position(), first(kOpera15, 10));
  const Reconciliation early = reconcile(in);
  EXPECT_FALSE(early.corrections[0].went_wrong);
  EXPECT_EQ(early.corrections[0].log, LogFinding::EndsEarly);
  EXPECT_EQ(early.corrections[0].logged, 10u);
}

TEST(Reconcile, LeftOutOrExtraIsDecidedByTheBoardLog) {
  // Sheet B has 6. h3 h6 (a move pair), or a run of 4 plies, that sheet A lacks; both sheets
  // read through. The board log shows h3 was played, so it was left out of sheet A.
  const std::pair<std::string, std::size_t> inserted[] = {{"h3 h6", 2}, {"h3 h6 a3 a6", 4}};
  for (const auto& [moves, count] : inserted) {
    SCOPED_TRACE(moves);
    const std::string b =
        first(kOpera, 10) + moves + "\n" + kOpera15.substr(first(kOpera, 10).size());
    ReconcileInput in = input_of({"", "", kOpera15, b, "", "", kOpera15, b, {}});
    in.boards[1].log = moves_of(Position(), b);
    Reconciliation r = reconcile(in);
    EXPECT_EQ(r.divergence.kind, DifferenceKind::MoveLeftOut);
    EXPECT_EQ(r.divergence.sheet, 0);
    EXPECT_EQ(r.divergence.count, count);
    const Evidence& ev = r.divergence.findings.front().evidence;
    EXPECT_EQ(ev.source, Evidence::Source::BoardLog);
    EXPECT_EQ(ev.board, 1);
    EXPECT_EQ(ev.sheet, 1);
    EXPECT_EQ(ev.san, "h3");
    // The same sheets with board A's log (no h3 h6): extra on sheet B.
    in.boards[1].log.reset();
    in.boards[0].log = moves_of(Position(), kOpera15);
    r = reconcile(in);
    EXPECT_EQ(r.divergence.kind, DifferenceKind::ExtraMove);
    EXPECT_EQ(r.divergence.sheet, 1);
    EXPECT_EQ(r.divergence.count, count);
  }
}

TEST(Reconcile, ClockTimesComeFromTheLogAtTheRetracedPoint) {
  // Board B has not executed 8. Nc3 yet: the boards differ, the sheets too (D.2.9 retraces).
  ReconcileInput in = input_of({.sheet_a = kOpera15,
                                .sheet_b = first(kOpera, 12) + "Qb4 Qe7 Nc3",
                                .board_a = kOpera15,
                                .board_b = first(kOpera, 14)});
  auto log = parse_clock_log(
      "# ply white_ms black_ms\n0 5400000 5400000\n11 5000000 4900000\n12 4950000 4900000\n"
      "13 4950000 4800000\n");
  ASSERT_TRUE(log) << static_cast<int>(log.error().kind);
  in.clock_log = *log;
  Reconciliation r = reconcile(in);
  EXPECT_TRUE(r.clock.readjust);
  EXPECT_EQ(r.clock.ply, 12u);
  ASSERT_TRUE(r.clock.reading);
  EXPECT_EQ(r.clock.reading->remaining[WHITE], std::chrono::milliseconds(4950000));
  EXPECT_EQ(r.clock.basis, ClockProposal::Basis::AtPoint);
  // A gap in the log: the nearest earlier reading, said so.
  in.clock_log =
      std::vector<ClockPly>{clock_ply(0, {std::chrono::minutes(90), std::chrono::minutes(90)}),
                            clock_ply(11, {std::chrono::minutes(80), std::chrono::minutes(70)})};
  r = reconcile(in);
  EXPECT_EQ(r.clock.basis, ClockProposal::Basis::Earlier);
  ASSERT_TRUE(r.clock.reading);
  EXPECT_EQ(r.clock.reading->ply, 11);
  in.clock_log.reset();
  r = reconcile(in);
  EXPECT_FALSE(r.clock.reading);
  EXPECT_EQ(r.clock.basis, ClockProposal::Basis::NoLog);
}

TEST(Reconcile, ClockTimesFromTheStationsChessClock) {
  // A real core::ChessClock, 90 min + 30 s, pressed for each of the 15 plies 10 s apart.
  auto control = parse_pgn_time_control("5400+30");
  ASSERT_TRUE(control) << static_cast<int>(control.error().kind);
  ChessClock clock(*control);
  const ClockInstant t0{};
  ASSERT_TRUE(clock.start(t0));
  for (int ply = 0; ply < 15; ++ply)
    ASSERT_TRUE(clock.press(ply % 2 ? BLACK : WHITE, t0 + std::chrono::seconds(10 * (ply + 1))));
  ReconcileInput in = input_of({.sheet_a = kOpera15,
                                .sheet_b = first(kOpera, 12) + "Qb4 Qe7 Nc3",
                                .board_a = kOpera15,
                                .board_b = first(kOpera, 14)});
  in.clock_log = clock_plies(clock);
  ASSERT_EQ(in.clock_log->size(), 16u);
  const Reconciliation r = reconcile(in);
  ASSERT_TRUE(r.clock.reading);
  EXPECT_EQ(r.clock.reading->ply, 12);
  // After 12 plies each side has made 6 moves of 10 s with 30 s increment: +20 s each.
  EXPECT_EQ(r.clock.reading->remaining[WHITE], std::chrono::seconds(5400 + 6 * 20));
  EXPECT_EQ(r.clock.reading->remaining[BLACK], std::chrono::seconds(5400 + 6 * 20));
  // The station then sets its clock back with ChessClock::readjust_to_ply(r.clock.ply, ...).
  EXPECT_TRUE(clock.readjust_to_ply(int(r.clock.ply), t0 + std::chrono::seconds(200), "D.2.9"));
  EXPECT_EQ(clock.remaining(WHITE, t0 + std::chrono::seconds(200)), std::chrono::seconds(5520));
}

TEST(Reconcile, StandingsSayWhereEachBoardIsOnEachSheet) {
  // Sheet B lacks 5. Qxf3; board B stands after 7... Qe7 by both sheets' moves.
  const std::string sheet_b = first(kOpera, 8) + kOpera15.substr(first(kOpera, 9).size());
  const Reconciliation r =
      reconcile(input_of({"", "", kOpera15, sheet_b, "", "", kOpera15, first(kOpera, 14), {}}));
  ASSERT_EQ(r.standings.size(), 4u);
  EXPECT_EQ(r.standings[0].matches_after, 15u);  // board A on sheet A
  EXPECT_EQ(r.standings[2].matches_after, 14u);  // board B on sheet A
  EXPECT_FALSE(r.standings[3].matches_after);    // sheet B reads only up to 4... Bxf3
  EXPECT_EQ(r.standings[3].nearest_after, 8u);
  EXPECT_EQ(r.retraced[0].front(), 8u);
}

TEST(ReconcileAlignment, GapRowsAndWhereTheSheetsAgreeAgain) {
  // Sheet B lacks 7. Qb3 Qe7 8. Nc3; board A shows sheet A's game, board B one ply less.
  const Reconciliation r = reconcile(input_of({.sheet_a = kOpera20,
                                               .sheet_b = without(kOpera20, {12, 13, 14}),
                                               .board_a = kOpera20,
                                               .board_b = first(kOpera, 19)}));
  const Divergence& d = r.divergence;
  EXPECT_EQ(d.reference, 0);
  ASSERT_EQ(d.alignment.size(), 8u);  // plies 12 to 19 of sheet A
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(d.alignment[k].status, AlignedRow::Status::OneSheetOnly);
    EXPECT_EQ(d.alignment[k].ply[0], 12 + k);
    EXPECT_FALSE(d.alignment[k].ply[1]);
    EXPECT_EQ(d.alignment[k].finding, 0);
  }
  EXPECT_EQ(d.alignment[3].status, AlignedRow::Status::Agree);
  EXPECT_EQ(d.alignment[3].ply[0], 15u);
  EXPECT_EQ(d.alignment[3].ply[1], 12u);
  ASSERT_TRUE(d.agree_again);
  EXPECT_EQ((*d.agree_again)[0], 15u);
  EXPECT_EQ((*d.agree_again)[1], 12u);
  // D.2.9: the position to set up and the clocks stay at the last agreement.
  EXPECT_EQ(r.target_plies, 12u);
  EXPECT_EQ(r.clock.ply, 12u);
  EXPECT_EQ(r.procedure, Procedure::Retrace);
  const SheetFinding& f = r.divergence.findings.front();
  EXPECT_EQ(f.has, 0);
  EXPECT_EQ(f.cell, 12u);
  EXPECT_EQ(f.evidence.source, Evidence::Source::BoardPosition);
  EXPECT_EQ(f.evidence.board, 0);
}

TEST(ReconcileAlignment, EachDifferenceOnALine) {
  // Sheet B lacks 4. dxe5 Bxf3 and has White's 9. Bg5 and 10. Nxb5 in the opposite order (which
  // the lenient reader can play from the position before 9. Bg5: neither sheet is blamed).
  std::string b = without(kOpera24, {6, 7});
  b.replace(b.find("Bg5"), 3, "XXX");
  b.replace(b.find("Nxb5"), 4, "Bg5");
  b.replace(b.find("XXX"), 3, "Nxb5");
  const Reconciliation r =
      reconcile(input_of({"", "", kOpera24, b, "", "", kOpera24, kOpera24, {}}));
  EXPECT_EQ(findings_text(r.divergence),
            "move left out B @6 x2 =8/6; two moves swapped - @16 x3 =19/17");
  EXPECT_FALSE(r.divergence.findings[1].unplayable);
}

TEST(ReconcileAlignment, MoreThanTheBoundIsNotGuessed) {
  // Eleven plies left out: one more than kMaxRunPlies.
  static_assert(kMaxRunPlies == 10);
  const std::string kOpera33 = first(kOpera, 33);
  const Reconciliation r =
      reconcile(input_of({"",
                          "",
                          kOpera33,
                          without(kOpera33, {8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18}),
                          "",
                          "",
                          kOpera33,
                          kOpera33,
                          {}}));
  EXPECT_EQ(r.divergence.kind, DifferenceKind::Unexplained);
  EXPECT_FALSE(r.divergence.findings.back().ambiguous);
  EXPECT_EQ(r.agreed_plies, 8u);
  // Both boards show sheet A's game: sheet B is rewritten from White's move 5 on (Art. 8.1).
  EXPECT_EQ(r.procedure, Procedure::CorrectSheets);
  EXPECT_EQ(r.right_sheet, 0);
  EXPECT_EQ(r.target_plies, 33u);
  // Ten are still recognised.
  const Reconciliation ten =
      reconcile(input_of({"",
                          "",
                          kOpera33,
                          without(kOpera33, {8, 9, 10, 11, 12, 13, 14, 15, 16, 17}),
                          "",
                          "",
                          kOpera33,
                          kOpera33,
                          {}}));
  EXPECT_EQ(ten.divergence.kind, DifferenceKind::MoveLeftOut);
  EXPECT_EQ(ten.divergence.count, 10u);
}

// ---------------------------------------------------------------------------------------------
// Long games

TEST(ReconcileLongGame, AgreeingSheetsOver100MovesBoardWrongNearTheEnd) {
  const std::vector<Move> game = long_game(230, 7);
  ReconcileInput in;
  in.sheets[0] = {sheet_of(san_list(game, english_letters())), std::nullopt};
  in.sheets[1] = {sheet_of(san_list(game, *piece_letters_for("de"))), std::nullopt};
  Position pos;
  for (const Move m : game) pos.play(m);
  in.boards[0].placement = pos;
  // Board B: the last move replaced by another legal one.
  Position before;
  for (std::size_t i = 0; i + 1 < game.size(); ++i) before.play(game[i]);
  Move other;
  for (const Move m : legal_moves(before))
    if (m != game.back() && m.to() != game.back().to()) other = m;
  in.boards[1].placement = before.after(other);
  const Reconciliation r = reconcile(in);
  EXPECT_TRUE(r.sheets_agree);
  EXPECT_EQ(r.agreed_plies, 230u);
  EXPECT_EQ(r.sheets[1].letters.code == "de" || r.sheets[1].letters.code == "sr", true);
  EXPECT_TRUE(r.corrections[0].steps.empty());
  ASSERT_TRUE(r.corrections[1].went_wrong);
  EXPECT_EQ(r.corrections[1].went_wrong->ply, 229u);
  EXPECT_EQ(r.corrections[1].went_wrong->played, other);
  EXPECT_EQ(r.standings[2].matches_after, std::nullopt);
}

TEST(ReconcileLongGame, MoveLeftOutNearTheEndOfA115MoveGame) {
  const std::vector<Move> game = long_game(230, 11);
  std::vector<std::string> a = san_list(game, english_letters());
  std::vector<std::string> b = a;
  b.erase(b.begin() + 221);  // sheet B lacks White's or Black's move at ply 221
  ReconcileInput in;
  in.sheets[0] = {sheet_of(a), english_letters()};
  in.sheets[1] = {sheet_of(b), english_letters()};
  Position pos;
  for (const Move m : game) pos.play(m);
  in.boards[0].placement = pos;
  // Board B has not executed the last move yet: the boards differ (D.2.9).
  Position before_last;
  for (std::size_t i = 0; i + 1 < game.size(); ++i) before_last.play(game[i]);
  in.boards[1].placement = before_last;
  in.clock_log = std::vector<ClockPly>{};
  for (std::size_t ply = 0; ply <= 230; ++ply)
    in.clock_log->push_back(
        clock_ply(int(ply), {std::chrono::milliseconds(5400000 - 10000 * long(ply)),
                             std::chrono::milliseconds(5400000 - 9000 * long(ply))}));
  const Reconciliation r = reconcile(in);
  EXPECT_FALSE(r.sheets_agree);
  EXPECT_EQ(r.agreed_plies, 221u);
  // b.erase may also fit a swap or a shift of two; the reader must call it what it is.
  EXPECT_EQ(r.divergence.kind, DifferenceKind::MoveLeftOut);
  EXPECT_EQ(r.divergence.sheet, 1);
  EXPECT_EQ(r.retraced[0].size(), 9u);
  EXPECT_EQ(r.retraced[1].size(), 8u);
  ASSERT_TRUE(r.clock.reading);
  EXPECT_EQ(r.clock.reading->ply, 221);
}

TEST(ReconcileLongGame, LiveCheckFindsAWrongMoveFarBack) {
  // A 230-ply game and a board that shows it with one move from ply 150 on replaced by another
  // legal move and the rest played on, chosen so that no explanation lies within the default
  // 8 plies: searching the whole game still names the move.
  const std::vector<Move> game = long_game(230, 3);
  Position end;
  for (const Move m : game) end.play(m);
  std::optional<Position> board;
  std::size_t wrong_ply = 0;
  for (std::size_t k = 150; k + 8 < game.size() && !board; ++k) {
    Position before;
    for (std::size_t i = 0; i < k; ++i) before.play(game[i]);
    for (const Move other : legal_moves(before)) {
      if (other == game[k]) continue;
      Position q = before.after(other);
      bool legal = true;
      for (std::size_t i = k + 1; i < game.size() && legal; ++i) {
        legal = legal_moves(q).contains(game[i]);
        if (legal) q.play(game[i]);
      }
      if (!legal || q.same_placement(end) || check_board(Position(), game, q).went_wrong) continue;
      board = q;
      wrong_ply = k;
      break;
    }
  }
  ASSERT_TRUE(board);
  const BoardCheck check = check_board(Position(), game, *board, game.size());
  ASSERT_TRUE(check.went_wrong);
  EXPECT_GE(check.went_wrong->ply, wrong_ply);
  EXPECT_LT(check.went_wrong->ply + 8, game.size());
  // The move named explains the board: that ply replaced, the rest played on.
  Position replay;
  for (std::size_t i = 0; i < game.size(); ++i)
    replay.play(i == check.went_wrong->ply ? check.went_wrong->played : game[i]);
  EXPECT_TRUE(replay.same_placement(*board));
}

// ---------------------------------------------------------------------------------------------
// Inputs

TEST(ReconcileInputs, ClockLogFormat) {
  auto log = parse_clock_log("# comment\n\n0 60000 60000\n  1 59000 60000  \n");
  ASSERT_TRUE(log);
  ASSERT_EQ(log->size(), 2u);
  EXPECT_EQ((*log)[1].ply, 1);
  EXPECT_EQ((*log)[1].remaining[WHITE], std::chrono::milliseconds(59000));
  EXPECT_EQ((*log)[1].remaining[BLACK], std::chrono::milliseconds(60000));
  auto bad = parse_clock_log("0 60000 60000\n1 59000\n");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().kind, ClockLogError::Kind::NotThreeNumbers);
  EXPECT_EQ(bad.error().line, 2);
  auto back = parse_clock_log("3 1 1\n2 1 1\n");
  ASSERT_FALSE(back);
  EXPECT_EQ(back.error().kind, ClockLogError::Kind::NotIncreasing);
  EXPECT_EQ(back.error().line, 2);
  EXPECT_EQ(back.error().ply, 2);
  EXPECT_EQ(back.error().previous, 3);
}

TEST(ReconcileInputs, ClockLogFromThePgnsClockComments) {
  // As the station writes game.pgn: [%clk] after each move is the mover's time left.
  auto log = clock_log_from_pgn(
      "[Event \"x\"]\n[TimeControl \"5400+30\"]\n\n1. e4 {[%clk 1:30:20]} e5 {[%clk 1:30:25]} "
      "2. Nf3 {[%emt 0:00:05] [%clk 1:30:45]} (2. Nc3 {[%clk 0:00:01]}) Nc6 {[%clk 1:30:50]} *\n");
  ASSERT_TRUE(log) << static_cast<int>(log.error().kind);
  ASSERT_EQ(log->size(), 5u);
  EXPECT_EQ((*log)[0].ply, 0);
  EXPECT_EQ((*log)[0].remaining[WHITE], std::chrono::minutes(90));
  EXPECT_EQ((*log)[1].ply, 1);
  EXPECT_EQ((*log)[1].remaining[WHITE], std::chrono::seconds(5420));
  EXPECT_EQ((*log)[1].remaining[BLACK], std::chrono::minutes(90));
  EXPECT_EQ((*log)[3].remaining[WHITE], std::chrono::seconds(5445));  // not the variation's
  EXPECT_EQ((*log)[4].remaining[BLACK], std::chrono::seconds(5450));
  // Without a TimeControl tag, a ply is given once both sides have a reading.
  auto untagged = clock_log_from_pgn("1. e4 {[%clk 0:10:00]} e5 {[%clk 0:09:58]} 2. d4 *");
  ASSERT_TRUE(untagged) << static_cast<int>(untagged.error().kind);
  ASSERT_EQ(untagged->size(), 1u);
  EXPECT_EQ((*untagged)[0].ply, 2);
  EXPECT_FALSE(clock_log_from_pgn("1. e4 e5 *"));
}

TEST(ReconcileInputs, AGivenLanguageThatStopsEarlyNamesTheOneThatReadsTheSheet) {
  // A Macedonian sheet given as Russian (and the other way round): the knight letters differ,
  // so the given language stops at 2. Nf3 while the other reads the whole sheet.
  const std::string mk =
      "1. e4 e5 2. Сf3 d6 3. d4 Лg4 4. dxe5 Лxf3 5. Дxf3 dxe5 6. Лc4 Сf6 7. Дb3 Дe7 8. Сc3";
  WrittenSheet given{*read_scoresheet(mk), *piece_letters_for("ru")};
  const SheetReading s = read_sheet(Position(), given);
  EXPECT_EQ(s.language, LanguageChoice::Given);
  EXPECT_EQ(s.read_plies, 2u);
  ASSERT_TRUE(s.other_language);
  EXPECT_EQ(s.other_language->letters.code, "mk");
  EXPECT_EQ(s.other_language->read_plies, 15u);
  // A given language that reads everything has no rival.
  given.letters = *piece_letters_for("mk");
  EXPECT_FALSE(read_sheet(Position(), given).other_language);
}

TEST(ReconcileInputs, ASheetIsReadUpToTheBoundOnly) {
  // 100,000 written moves: reading keeps kMaxSheetPlies of them and says how many there were.
  Scoresheet huge;
  huge.entries.resize(100000);
  for (auto& e : huge.entries) e.text = "Nf3";
  const SheetReading s = read_sheet(Position(), {huge, std::nullopt});
  EXPECT_EQ(s.written, 100000u);
  EXPECT_EQ(s.plies.size(), kMaxSheetPlies);
  EXPECT_TRUE(s.cut());
  EXPECT_EQ(s.read_plies, 1u);
}

TEST(ReconcileInputs, AWrittenMoveIsKeptUpToTheBoundOnly) {
  // A cell of a megabyte (a sheet that is one long word) is kept as its first bytes and "…" and
  // reads as no move: what the report shows of it, and the reader's reason, stay short.
  Scoresheet sheet;
  sheet.entries.resize(2);
  sheet.entries[0].text = "e4";
  sheet.entries[1].text = std::string(std::size_t(1) << 20, 'N');
  SheetReading s = read_sheet(Position(), {sheet, std::nullopt});
  ASSERT_EQ(s.plies.size(), 2u);
  EXPECT_EQ(s.read_plies, 1u);
  EXPECT_EQ(s.plies[1].written, std::string(kMaxWrittenBytes - 3, 'N') + "\u2026");
  EXPECT_EQ(s.plies[1].problem, PlyProblem::NotAMove);
  ASSERT_TRUE(s.plies[1].reason);
  EXPECT_LT(s.plies[1].reason->token.size(), 4 * kMaxWrittenBytes);
  // Cut between letters, never inside one (Cyrillic letters are two bytes each).
  std::string cyrillic;
  for (int k = 0; k < 100; ++k) cyrillic += "\u0414";
  sheet.entries[1].text = cyrillic;
  s = read_sheet(Position(), {sheet, *piece_letters_for("mk")});
  EXPECT_EQ(s.plies[1].written, cyrillic.substr(0, 2 * ((kMaxWrittenBytes - 3) / 2)) + "\u2026");
  // A written move as long as the bound is kept whole.
  sheet.entries[1].text = std::string(kMaxWrittenBytes, 'e');
  s = read_sheet(Position(), {sheet, std::nullopt});
  EXPECT_EQ(s.plies[1].written, sheet.entries[1].text);
}

// D.2.9: a piece list naming one square twice is refused with the square, never read with the
// later piece on it (a black king on g1 replaced the white king: "White has 0 kings").
TEST(ReconcileInputs, APieceListNamingASquareTwiceIsRefused) {
  auto same_side = read_placement("White: Kg1 Qb3 Nb3; Black: Kb8");
  ASSERT_FALSE(same_side);
  EXPECT_EQ(
      same_side.error(),
      (PlacementError{.kind = PlacementError::Kind::ListedTwice, .item = "Nb3", .square = SQ_B3}));
  auto other_side = read_placement("White: Kg1; Black: Kb8 Kg1");
  ASSERT_FALSE(other_side);
  EXPECT_EQ(
      other_side.error(),
      (PlacementError{.kind = PlacementError::Kind::ListedTwice, .item = "Kg1", .square = SQ_G1}));
}

TEST(ReconcileInputs, BoardsAsPlacementOrFen) {
  auto placement = read_placement("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
  ASSERT_TRUE(placement);
  EXPECT_EQ(placement->piece_on(SQ_E4), W_PAWN);
  // White in check with White to move is not a FEN fault; the same placement with Black to move
  // would be: the placement reader tries both.
  auto check = read_placement("4k3/8/8/8/8/8/8/4K2r");
  ASSERT_TRUE(check) << int(check.error().kind);
  EXPECT_FALSE(read_placement("8/8/8/8/8/8/8/8"));
  // A piece list in a scoresheet language.
  auto list = read_placement("White: Kg1 Qd1 Ra1 a2 b2; Black: Kg8 Rf8 g7");
  ASSERT_TRUE(list) << int(list.error().kind);
  EXPECT_EQ(list->fen().substr(0, list->fen().find(' ')), "5rk1/6p1/8/8/8/8/PP6/R2Q2K1");
  auto german =
      read_placement("Weiß: Kg1 Dd1 Ta1 Sf3 a2\nSchwarz: Kg8 Lc8 Tf8", *piece_letters_for("de"));
  ASSERT_TRUE(german) << int(german.error().kind);
  EXPECT_EQ(german->piece_on(SQ_D1), W_QUEEN);
  EXPECT_EQ(german->piece_on(SQ_F3), W_KNIGHT);
  EXPECT_EQ(german->piece_on(SQ_C8), B_BISHOP);
  auto russian = read_placement("Белые: Крg1 Фd1 Кf3; Черные: Крg8 Сc8", *piece_letters_for("ru"));
  ASSERT_TRUE(russian) << int(russian.error().kind);
  EXPECT_EQ(russian->piece_on(SQ_F3), W_KNIGHT);
  EXPECT_EQ(russian->piece_on(SQ_C8), B_BISHOP);
  // Serbian and Croatian Latin, Bulgarian (tester, session 13: "Beli:" was refused).
  for (const char* list_text : {"Beli: Kg1 Df3; Crni: Kg8", "Bijeli: Kg1 Df3; Crni: Kg8",
                                "Бял: Kg1 Df3; Черен: Kg8", "Белите: Kg1 Df3; Черните: Kg8"}) {
    auto sides = read_placement(list_text, *piece_letters_for("sr"));
    ASSERT_TRUE(sides) << list_text << ": " << int(sides.error().kind);
    EXPECT_EQ(sides->piece_on(SQ_F3), W_QUEEN) << list_text;
    EXPECT_EQ(sides->piece_on(SQ_G8), B_KING) << list_text;
  }
  auto bad = read_placement("White: Kg1 Xd1; Black: Kg8");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error(), (PlacementError{.kind = PlacementError::Kind::NotALetter,
                                         .item = "Xd1",
                                         .letter = "X",
                                         .letters = "English"}));
  auto empty = read_placement("8/8/8/8/8/8/8/8");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().kind, PlacementError::Kind::NoPosition);
  EXPECT_EQ(empty.error().item, "8/8/8/8/8/8/8/8");
  EXPECT_EQ(empty.error().fen.fault, Position::FenError::Fault::KingCount);
  EXPECT_FALSE(read_placement("Kg1 Kg8 : x"));
  // From sensor squares.
  std::array<Piece, 64> squares{};
  squares[SQ_E1] = W_KING;
  squares[SQ_E8] = B_KING;
  squares[SQ_E2] = B_QUEEN;  // White in check: read with White to move
  auto sensed = read_placement(squares);
  ASSERT_TRUE(sensed) << int(sensed.error().kind);
  EXPECT_EQ(sensed->fen(), "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1");
  squares[SQ_E8] = NO_PIECE;
  ASSERT_FALSE(read_placement(squares));
  EXPECT_TRUE(read_placement(std::string(kStartFen)));
}

// ---------------------------------------------------------------------------------------------
// Live

TEST(CheckBoard, TheFirstWrongMoveIsFoundWhenTheBoardSettles) {
  const Position start;
  const std::vector<Move> game = moves_of(start, kOpera15);
  EXPECT_TRUE(check_board(start, game, after(start, kOpera15)).matches);
  // Not yet executed: the board shows the point before the last move.
  const BoardCheck behind = check_board(start, game, after(start, first(kOpera, 14)));
  EXPECT_FALSE(behind.matches);
  EXPECT_EQ(behind.matches_after, 14u);
  EXPECT_FALSE(behind.went_wrong);
  EXPECT_EQ(behind.steps.size(), 1u);
  // 7. Qe2 instead of 7. Qb3, and play went on: caught three plies back.
  const BoardCheck wrong =
      check_board(start, game, after(start, first(kOpera, 12) + "Qe2 Qe7 Nc3"));
  EXPECT_FALSE(wrong.matches_after);
  ASSERT_TRUE(wrong.went_wrong);
  EXPECT_EQ(wrong.went_wrong->ply, 12u);
  EXPECT_EQ(wrong.went_wrong->played_san, "Qe2");
  EXPECT_EQ(wrong.went_wrong->expected_san, "Qb3");
  // Beyond the search depth nothing is inferred, but the steps are still exact.
  const BoardCheck shallow =
      check_board(start, game, after(start, first(kOpera, 12) + "Qe2 Qe7 Nc3"), 2);
  EXPECT_FALSE(shallow.went_wrong);
  EXPECT_EQ(shallow.steps.size(), 1u);
}

}  // namespace
}  // namespace reconcile_test
}  // namespace annabella::core
