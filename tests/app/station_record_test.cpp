// The station's record is whole and never wrong: touches labelled by who touched them and
// completed by what became of them (D.2.2, Art. 4), castling begun with the rook noted
// (Art. 4.4.2), Black moving first numbered as Black's move, the game's date, a full disk that
// loses nothing, a damaged journal that is never cut, the promotion answer "Q" that does not quit.
#include <gtest/gtest.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <optional>
#include <tuple>

#include "app/brf.h"
#include "app/exports.h"
#include "app/journal.h"
#include "app/recording_seal.h"
#include "app/station.h"
#include "app/station_key.h"
#include "core/notation.h"
#include "speech/announcer.h"
#include "speech/espeak_synth.h"
#include "speech/phrases.h"
#include "support/file_size_limit.h"
#include "support/full_disk.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace station_record_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::read_file;
using annabella::testing::StationDriver;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = text.find('\n', start);
    lines.push_back(text.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 1;
  }
  return lines;
}

std::string line_with(const std::string& text, std::string_view part) {
  for (const auto& line : lines_of(text))
    if (line.find(part) != std::string::npos) return line;
  return "";
}

// D.2.2: on his own pegboard the VI player is the one who touches; his own pawn lifted while
// the opponent is to move is his own piece, not "the opponent's piece".
TEST(StationRecord, ATouchIsLabelledRelativeToThePlayerWhoTouchedIt) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");  // made: Black (the sighted player) is to move
  d.lift("d2").wait(100ms);
  d.place("d2").wait(400ms);
  const std::string touched = [&] {
    for (const auto& line : d.output.printed)
      if (line.find("touched d2") != std::string::npos) return line;
    return std::string();
  }();
  EXPECT_EQ(touched, "touched d2 white pawn (D.2.2)");
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  const std::string d2 = line_with(log, "\td2\t");
  ASSERT_FALSE(d2.empty()) << log;
  EXPECT_EQ(d2.find("opponent"), std::string::npos) << d2;
  EXPECT_NE(d2.find("VI player"), std::string::npos) << d2;
  // The opponent's piece lifted (executing his move) is labelled so.
  d.console("e5");
  d.lift("e7").wait(100ms);
  EXPECT_TRUE(d.output.printed_containing("touched e7 black pawn (the opponent's piece) (D.2.2)"));
}

// What became of a lift is recorded: the pieces moved are completed as moved (with where to),
// the captured piece as taken off; the journal's touches no longer stay open.
TEST(StationRecord, ATouchIsCompletedByTheMoveItBecame) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("d5");
  d.hand("d7", "d5");
  d.hand("e4", "d5", true);  // the captured pawn lifted first, then the capturing one
  const auto& touches = d.station->record().touches();
  ASSERT_GE(touches.size(), 4u);
  const auto find = [&](core::Square square, int ply) -> const RecordedTouch* {
    for (const auto& t : touches)
      if (t.touch.square == square && t.touch.ply == ply) return &t;
    return nullptr;
  };
  const auto* e2 = find(core::SQ_E2, 0);
  ASSERT_NE(e2, nullptr);
  ASSERT_TRUE(e2->outcome);
  EXPECT_EQ(*e2->outcome, TouchOutcome::Moved);
  EXPECT_EQ(e2->went_to, core::SQ_E4);
  const auto* captured = find(core::SQ_D5, 2);
  ASSERT_NE(captured, nullptr);
  ASSERT_TRUE(captured->outcome);
  EXPECT_EQ(*captured->outcome, TouchOutcome::Removed);
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(line_with(log, "\te2\t").find("moved to e4 at"), std::string::npos) << log;
  EXPECT_NE(log.find("taken off the board at"), std::string::npos) << log;
  // The journal says the same: untouch entries complete the touches.
  EXPECT_NE(read_file(dir.path() / "record" / "game.journal").find("\tuntouch\t"),
            std::string::npos);
}

// D.2.2: the VI player executing the opponent's announced move (D.2.1) closes every touch that
// move ends, as his own moves do: the pawn taken en passant is taken off the board, and in the
// opponent's castling the rook moved too (Art. 3.8.2). Before, only the piece on the move's
// departure square was completed; the others stayed open ("-") in the touch log and the journal.
TEST(StationRecord, ExecutingTheOpponentsMoveClosesEveryTouchItEnds) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.start_fen = "r3k2r/pppp1ppp/8/8/5p2/8/PPPPP1PP/R3K2R w KQkq - 0 1";
  StationDriver d(dir.path() / "record", false, config);
  d.hand("e2", "e4");
  d.console("fxe3");  // en passant (Art. 3.7.3.2), executed on the pegboard
  d.lift("e4").lift("f4").place("e3").wait(600ms);
  ASSERT_TRUE(d.output.printed_containing("executed f4e3 on the pegboard"));
  d.hand("d2", "e3", true);
  d.console("O-O-O");  // executed king first, then the rook
  d.lift("e8").place("c8").lift("a8").place("d8").wait(600ms);
  ASSERT_TRUE(d.output.printed_containing("executed e8c8 on the pegboard"));
  ASSERT_EQ(d.station->game().ply_count(), 4u);
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(line_with(log, "	e4	white pawn").find("taken off the board at"),
            std::string::npos)
      << log;
  EXPECT_NE(line_with(log, "	f4	black pawn").find("moved to e3 at"), std::string::npos)
      << log;
  EXPECT_NE(line_with(log, "	e8	black king").find("moved to c8 at"), std::string::npos)
      << log;
  EXPECT_NE(line_with(log, "	a8	black rook").find("moved to d8 at"), std::string::npos)
      << log;
  for (const auto& t : d.station->record().touches())
    EXPECT_TRUE(t.outcome) << core::square_name(t.touch.square) << " at ply " << t.touch.ply;
}

// Art. 4.4.2: castling begun by touching the rook is noted for the arbiter (console and touch
// log); the station does not rule on it.
TEST(StationRecord, CastlingBegunWithTheRookIsNotedForTheArbiter) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.start_fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
  StationDriver d(dir.path() / "record", false, config);
  d.lift("h1").wait(100ms);
  d.board(tactile::BoardInput::Kind::Lift, "e1", 50ms);
  d.board(tactile::BoardInput::Kind::Place, "g1", 50ms);
  d.board(tactile::BoardInput::Kind::Place, "f1", 50ms);
  d.wait(2500ms);  // announced after the pause (pegboard.announce = "pause", D.2.3)
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(d.station->game().moves()[0].kind(), core::MoveKind::Castling);
  EXPECT_TRUE(d.output.printed_containing(
      "note for the arbiter: castling begun by touching the rook on h1 (Art. 4.4.2)"));
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(log.find("castling begun by touching the rook on h1 (Art. 4.4.2)"), std::string::npos)
      << log;
  // King first: nothing to note.
  annabella::testing::TempDir dir2;
  StationDriver k(dir2.path() / "record", false, config);
  k.lift("e1").wait(100ms);
  k.board(tactile::BoardInput::Kind::Place, "g1", 50ms);
  k.board(tactile::BoardInput::Kind::Lift, "h1", 50ms);
  k.board(tactile::BoardInput::Kind::Place, "f1", 50ms);
  k.wait(2500ms);
  ASSERT_EQ(k.station->game().ply_count(), 1u);
  EXPECT_FALSE(k.output.printed_containing("note for the arbiter"));
}

// Tester #4: Chess960 (II.3.2.4), the king on g1 lifted and put back, then the rook h1 moved to
// f1: castling, the king touched first, so no note of castling begun with the rook (Art. 4.4.2).
// The put-back king's touch was no longer open, and the note accused him of a touch he did not
// make. The rook lifted first, with the king then lifted and put back, is noted.
TEST(StationRecord, CastlingWithTheKingPutBackFirstIsNotNotedAsBegunWithTheRook) {
  for (const bool king_first : {true, false}) {
    annabella::testing::TempDir dir;
    config::StationConfig config;
    config.game.chess960 = 0;
    config.game.start_fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAgb - 0 1";
    StationDriver d(dir.path() / "record", false, config);
    if (king_first)
      d.lift("g1").place("g1", 100ms).lift("h1", 100ms).place("f1", 100ms);
    else
      d.lift("h1").lift("g1", 100ms).place("g1", 100ms).place("f1", 100ms);
    d.button(tactile::BoardButton::Announce).wait(400ms);
    ASSERT_EQ(d.station->game().ply_count(), 1u) << king_first;
    EXPECT_EQ(d.station->game().moves()[0].kind(), core::MoveKind::Castling);
    EXPECT_EQ(d.output.printed_containing("castling begun by touching the rook on h1"), !king_first)
        << king_first;
    const std::string log = read_file(dir.path() / "record" / "touches.txt");
    EXPECT_EQ(log.find("castling begun by touching the rook") != std::string::npos, !king_first)
        << log;
  }
}

// The pegboard's first link after a resumption, showing the game's position after `from`-`to`
// (moved while the station was down).
// The pegboard's first link, its scan showing `occupied`.
void link_with(StationDriver& d, core::Bitboard occupied) {
  tactile::BoardInput linked;
  linked.kind = tactile::BoardInput::Kind::Connected;
  linked.time = d.now += 1s;
  d.station->handle(StationEvent::pegboard(linked));
  tactile::BoardInput scan;
  scan.kind = tactile::BoardInput::Kind::Scan;
  scan.time = d.now += 100ms;
  scan.scan.occupied = occupied;
  d.station->handle(StationEvent::pegboard(scan));
}

void link_showing(StationDriver& d, std::string_view from, std::string_view to) {
  core::Position after = d.station->game().position();
  after.play(core::Move(*core::parse_square(from), *core::parse_square(to)));
  link_with(d, after.pieces());
}

// The sighted player on a DGT e-board (sighted_board.input = "dgt").
config::StationConfig with_eboard() {
  config::StationConfig config;
  config.sighted_board.input = config::SightedInput::Dgt;
  config.sighted_board.port = "/dev/ttyUSB1";
  return config;
}

// D.2.2, Art. 4.4 (tester D9 a): the castling rook's touch says where it went, as the king's
// does, castling king first and rook first. The rook's square was looked up in the position
// after the move, where the king is no longer on its square: its touch stayed open ("-").
TEST(StationRecord, TheCastlingRooksTouchSaysWhereItWent) {
  for (const bool rook_first : {false, true}) {
    annabella::testing::TempDir dir;
    config::StationConfig config;
    config.game.start_fen = "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    StationDriver d(dir.path() / "record", false, config);
    if (rook_first)
      d.lift("h1").place("f1", 100ms).lift("e1", 100ms).place("g1", 100ms);
    else
      d.lift("e1").place("c1", 100ms).lift("a1", 100ms).place("d1", 100ms);
    d.button(tactile::BoardButton::Announce).wait(400ms);
    ASSERT_EQ(d.station->game().ply_count(), 1u) << rook_first;
    const std::string log = read_file(dir.path() / "record" / "touches.txt");
    const std::string rook = rook_first ? "\th1\twhite rook\tVI player\tmoved to f1 at"
                                        : "\ta1\twhite rook\tVI player\tmoved to d1 at";
    const std::string king = rook_first ? "\te1\twhite king\tVI player\tmoved to g1 at"
                                        : "\te1\twhite king\tVI player\tmoved to c1 at";
    EXPECT_NE(log.find(rook), std::string::npos) << log;
    EXPECT_NE(log.find(king), std::string::npos) << log;
    for (const auto& t : d.station->record().touches()) EXPECT_TRUE(t.outcome);
  }
}

// D.2.2 (tester D9 b): a piece in the hand when the station stopped (kill -9), put down
// meanwhile; after `play --resume` the move it became is linked to its touch, and the touch log
// says it was open at the interruption.
TEST(StationRecord, ATouchOpenAtACrashIsLinkedToTheMoveItBecameAfterTheResumption) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  {
    StationDriver d(folder);
    annabella::testing::play_e4_e5(d);
    d.lift("f1").wait(100ms);  // the bishop in his hand
    ASSERT_TRUE(d.output.printed_containing("touched f1 white bishop"));
  }  // killed
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  EXPECT_NE(read_file(folder / "touches.txt")
                .find("f1\twhite bishop\tVI player\topen at the "
                      "interruption (resumed at "),
            std::string::npos)
      << read_file(folder / "touches.txt");
  link_showing(again, "f1", "c4");  // placed on c4 while the station was down
  again.wait(1s);
  again.button(tactile::BoardButton::Announce).wait(500ms);
  ASSERT_EQ(again.station->game().ply_count(), 3u);
  const std::string log = read_file(folder / "touches.txt");
  const std::string f1 = line_with(log, "\tf1\twhite bishop");
  EXPECT_NE(f1.find("open at the interruption (resumed at "), std::string::npos) << log;
  EXPECT_NE(f1.find("; then moved to c4 at "), std::string::npos) << log;
}

// D.2.2, D.2.5, Art. 4.3 (tester D9 c): the sighted player's touches on his e-board say what
// became of them, as the VI player's do: moved (a capture too), or put back.
TEST(StationRecord, TheSightedPlayersEBoardTouchesSayWhatBecameOfThem) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record", false, with_eboard());
  using K = tactile::BoardInput::Kind;
  d.hand("e2", "e4");
  d.eboard(K::Lift, "e2").eboard(K::Place, "e4", core::W_PAWN).wait(400ms);
  d.eboard(K::Lift, "d7").eboard(K::Place, "d7", core::B_PAWN).wait(400ms);  // put back
  d.eboard(K::Lift, "c7").eboard(K::Place, "c5", core::B_PAWN).wait(400ms);
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  d.hand("c7", "c5");
  d.hand("d2", "d4");
  d.eboard(K::Lift, "d2").eboard(K::Place, "d4", core::W_PAWN).wait(400ms);
  d.eboard(K::Lift, "d4").eboard(K::Lift, "c5").eboard(K::Place, "d4", core::B_PAWN).wait(400ms);
  ASSERT_EQ(d.station->game().ply_count(), 4u) << d.output.printed.back();
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(line_with(log, "\td7\tblack pawn\tsighted player").find("put back at"),
            std::string::npos)
      << log;
  EXPECT_NE(line_with(log, "\tc7\tblack pawn\tsighted player").find("moved to c5 at"),
            std::string::npos)
      << log;
  EXPECT_NE(line_with(log, "\tc5\tblack pawn\tsighted player").find("moved to d4 at"),
            std::string::npos)
      << log;
  for (const auto& t : d.station->record().touches())
    EXPECT_TRUE(t.outcome) << core::square_name(t.touch.square) << " at ply " << t.touch.ply;
}

// D.2.1 after a power cut, the opponent on his e-board (the counterpart of tester D7): his move
// made on the e-board and not yet executed on the pegboard is still expected after the
// resumption; the VI player's next move waits for it.
TEST(StationRecord, AnEBoardMoveNotExecutedOnThePegboardIsStillExpectedAfterResumption) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  const config::StationConfig config = with_eboard();
  using K = tactile::BoardInput::Kind;
  {
    StationDriver d(folder, false, config);
    d.hand("e2", "e4");
    d.eboard(K::Lift, "e2").eboard(K::Place, "e4", core::W_PAWN).wait(400ms);
    d.eboard(K::Lift, "b8").eboard(K::Place, "c6", core::B_KNIGHT).wait(400ms);
    ASSERT_EQ(d.station->game().ply_count(), 2u);
  }  // killed before b8-c6 is executed on the pegboard
  StationDriver again(folder, true, config);
  ASSERT_TRUE(again.station);
  again.hand("d2", "d4");
  again.wait(3s);
  EXPECT_EQ(again.station->game().ply_count(), 2u);
  again.lift("d4").place("d2").wait(3s);
  again.hand("b8", "c6");
  EXPECT_TRUE(again.output.printed_containing("executed b8c6 on the pegboard"));
  again.hand("d2", "d4");
  ASSERT_EQ(again.station->game().ply_count(), 3u);
  EXPECT_FALSE(again.output.printed_containing("by pegboard; White") &&
               again.output.printed_containing("Nb8"));
  // ... and the VI player's move made on the pegboard but not yet executed on the e-board when
  // the station stopped is still expected there: executing it there is no move.
  again.station.reset();
  StationDriver third(folder, true, config);
  ASSERT_TRUE(third.station);
  third.eboard(K::Lift, "d2").eboard(K::Place, "d4", core::W_PAWN).wait(400ms);
  EXPECT_TRUE(third.output.printed_containing("e-board: executed d2d4"));
  third.eboard(K::Lift, "d7").eboard(K::Place, "d5", core::B_PAWN).wait(400ms);
  ASSERT_EQ(third.station->game().ply_count(), 4u);
}

// Art. 8: a game that starts with Black to move numbers Black's move as "1... d5", on the
// console and on the scoresheet (Black's moves in Black's column).
TEST(StationRecord, BlackMovingFirstIsNumberedAsBlacksMove) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.start_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  StationDriver d(dir.path() / "record", false, config);
  d.console("d5");
  EXPECT_TRUE(d.output.printed_containing("made 1... d5 (d7d5) by console"));
  d.hand("d7", "d5");
  d.hand("e4", "d5", true);
  EXPECT_TRUE(d.output.printed_containing("made 2. exd5 (e4d5) by pegboard"));
  const auto lines = scoresheet_lines(d.station->record());
  ASSERT_GE(lines.size(), 4u);
  EXPECT_EQ(lines[2], "1... d5");
  EXPECT_EQ(lines[3], "2. exd5");
  d.console("repeat");
  EXPECT_TRUE(d.output.printed_containing("last move: 2. exd5"));
}

// The PGN's Date is the game's day when the configuration names none (the PGN standard's
// "????.??.??" only for an unknown date).
TEST(StationRecord, ThePgnDateIsTheGamesDayWhenNoneIsConfigured) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  localtime_r(&now, &tm);
  char today[16];
  std::strftime(today, sizeof today, "%Y.%m.%d", &tm);
  const std::string pgn = read_file(dir.path() / "record" / "game.pgn");
  EXPECT_NE(pgn.find("[Date \"" + std::string(today) + "\"]"), std::string::npos) << pgn;
}

// The disk fills during the game and has room again later: no entry is lost or reordered, the
// arbiter is told once, and a resumption restores the game and the clocks as they were.
TEST(StationRecord, AFullDiskLosesNothingAndTheResumedGameIsTheSame) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  std::chrono::milliseconds white{}, black{};
  {
    StationDriver d(folder);
    annabella::testing::play_e4_e5(d);
    {
      const annabella::testing::JournalDiskFull full(folder);
      ASSERT_TRUE(full.ok());
      d.wait(30s);
      d.hand("g1", "f3");
      d.console("Nc6");
      d.hand("b8", "c6");
      d.wait(45s);
      d.hand("f1", "b5");
      EXPECT_EQ(d.station->game().ply_count(), 5u);
      white = std::chrono::duration_cast<std::chrono::milliseconds>(
          d.station->clock().remaining(core::WHITE, d.now));
      black = std::chrono::duration_cast<std::chrono::milliseconds>(
          d.station->clock().remaining(core::BLACK, d.now));
      EXPECT_GT(d.station->journal_waiting(), 0u);
      EXPECT_EQ(std::filesystem::file_size(folder / "game.journal"), full.journal_size());
      const auto errors = std::count_if(
          d.output.printed.begin(), d.output.printed.end(),
          [](const std::string& line) { return line.find("RECORD ERROR") != std::string::npos; });
      EXPECT_EQ(errors, 1);  // said once
    }
    d.wait(3s);  // room again: the waiting entries are written at the next try
    EXPECT_EQ(d.station->journal_waiting(), 0u);
    EXPECT_TRUE(d.output.printed_containing("the disk has room again; the journal is complete"));
  }
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  ASSERT_EQ(again.station->game().ply_count(), 5u);
  EXPECT_EQ(core::to_uci(again.station->game().moves().back()), "f1b5");
  EXPECT_EQ(again.station->clock().remaining(core::WHITE, again.now), white);
  // Black's clock as at the last recorded event, Bb5 (the board settled a little before the
  // time read above); the time after it is downtime, charged to nobody.
  const auto black_now = again.station->clock().remaining(core::BLACK, again.now);
  EXPECT_GE(black_now, black);
  EXPECT_LE(black_now, black + 500ms);
}

// The disk is still full when the station stops (quit, a signal): the entries it kept waiting
// are not lost with the process. They are shown as the journal would hold them, after a RECORD
// ERROR that says the seal code among them is not valid; appended to the journal once there is
// room, they resume the game whole. (They were once dropped without a word, and a seal code that
// the journal never held was given for the paper scoresheet.)
TEST(StationRecord, StoppingWithAFullDiskShowsEveryEntryTheJournalCouldNotTake) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  std::vector<std::string> shown;
  {
    StationDriver d(folder);
    annabella::testing::play_e4_e5(d);
    const annabella::testing::JournalDiskFull full(folder);
    ASSERT_TRUE(full.ok());
    d.hand("g1", "f3");
    d.console("Nc6");
    d.hand("b8", "c6");
    d.console("quit");
    const std::size_t waiting = d.station->journal_waiting();
    ASSERT_GT(waiting, 0u);
    const std::size_t before = d.output.printed.size();
    d.station->close(d.now);
    const std::vector<std::string> said(d.output.printed.begin() + long(before),
                                        d.output.printed.end());
    ASSERT_EQ(said.size(), waiting + 1);
    EXPECT_NE(said.front().find("RECORD ERROR: the station stops and " + std::to_string(waiting) +
                                " entries are still not in"),
              std::string::npos)
        << said.front();
    shown.assign(said.begin() + 1, said.end());
    EXPECT_EQ(std::filesystem::file_size(folder / "game.journal"), full.journal_size());
  }
  std::ofstream(folder / "game.journal", std::ios::app) << [&] {
    std::string lines;
    for (const auto& line : shown) lines += line + "\n";
    return lines;
  }();
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  ASSERT_EQ(again.station->game().ply_count(), 4u);
  EXPECT_EQ(core::to_uci(again.station->game().moves().back()), "b8c6");
}

// The anchors the announcer hands over for seal() (on its own thread, as the rig's queue gets
// them).
struct AnchorBox {
  std::mutex mutex;
  std::condition_variable arrived;
  std::vector<std::pair<speech::RecordingAnchor, std::string>> anchors;
  // The first anchor asked for `occasion` (the interim seals after the moves come before it).
  std::optional<std::pair<speech::RecordingAnchor, std::string>> wait(const std::string& occasion) {
    std::unique_lock lock(mutex);
    const auto found = [&] {
      return std::find_if(anchors.begin(), anchors.end(),
                          [&](const auto& anchor) { return anchor.second == occasion; });
    };
    if (!arrived.wait_for(lock, 20s, [&] { return found() != anchors.end(); })) return std::nullopt;
    return *found();
  }
};

// D.2.7: a seal made while the journal cannot take it (a full disk) gives no code: a code on the
// paper scoresheet for a seal the journal never holds could not be verified. With the announcer
// in process, recording into the record folder as `play` does: the game ends, the end's seal is
// signed while the disk is full, and its code is printed once, when the journal holds it.
TEST(StationRecord, ASealMadeWhileEntriesWaitGivesItsCodeOnlyOnceTheJournalHoldsIt) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  auto key = StationKey::load_or_create(dir.path() / "keys");
  ASSERT_TRUE(key) << key.error().message;
  StationDriver d(folder);
  ASSERT_TRUE(d.station);
  AnchorBox box;
  speech::Announcer::Settings settings;
  settings.public_device = "none";
  settings.private_device = "none";
  settings.recording = folder / "announcements.wav";
  settings.on_seal = [&box](const speech::RecordingAnchor& anchor, const std::string& occasion) {
    {
      std::lock_guard lock(box.mutex);
      box.anchors.emplace_back(anchor, occasion);
    }
    box.arrived.notify_all();
  };
  auto synthesizer = speech::EspeakSynthesizer::create();
  ASSERT_TRUE(synthesizer) << synthesizer.error().message;
  auto vocabulary = speech::Vocabulary::load("fide");
  ASSERT_TRUE(vocabulary);
  auto announcer = speech::Announcer::start(*vocabulary, settings, std::move(*synthesizer), nullptr,
                                            SteadyClock::now());
  ASSERT_TRUE(announcer) << announcer.error().message;
  d.station->set_sealing(
      {&*key, [voice = announcer->get()](std::string occasion) { voice->seal(occasion); }});
  // Fool's mate; the station's words are recorded as `play` records them.
  d.fools_mate();
  ASSERT_TRUE(d.station->game().is_over());
  for (const auto& said : d.output.said)
    (*announcer)
        ->announce({speech::PhraseKind::Move, said.text, "", "", ""}, said.route,
                   SteadyClock::now());
  const auto anchor = box.wait("end");  // the end's seal, asked for at the mate
  ASSERT_TRUE(anchor);
  EXPECT_EQ(anchor->second, "end");
  (*announcer)->wait_until_idle();
  const auto coded = [&] {
    return std::count_if(d.output.printed.begin(), d.output.printed.end(), [](const auto& line) {
      return line.find("; code ") != std::string::npos;
    });
  };
  {
    annabella::testing::FileSizeLimit full(std::filesystem::file_size(folder / "game.journal"));
    ASSERT_TRUE(full.ok());
    d.station->handle(StationEvent::sealed(d.now, anchor->first, anchor->second));
    EXPECT_TRUE(d.output.printed_containing("the seal waits in memory"));
    EXPECT_EQ(coded(), 0) << "a code for a seal the journal does not hold";
    EXPECT_EQ(d.station->journal_waiting(), 1u);
    d.wait(3s);  // the journal is tried again: still full
    EXPECT_EQ(coded(), 0);
  }
  d.wait(3s);
  EXPECT_EQ(d.station->journal_waiting(), 0u);
  ASSERT_EQ(coded(), 1);
  const auto journal = read_journal(folder / "game.journal");
  ASSERT_TRUE(journal) << journal.error().message;
  EXPECT_EQ(journal->entries.back().kind, "seal");
  announcer->reset();
}

// D.2.7 (tester 14k): the recording is sealed during the game, so that a crash leaves it proven
// up to a recent move: after a move, at most once in record.seal_every_seconds, and that long
// after a later move at the latest; not while the journal's entries wait for a full disk (the
// seal would only wait with them). Before, only the end, an adjournment and a stop were sealed.
TEST(StationRecord, TheRecordingIsSealedAfterAMoveAtMostOnceAMinuteAndNotWhileTheJournalWaits) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  auto key = StationKey::load_or_create(dir.path() / "keys");
  ASSERT_TRUE(key) << key.error().message;
  StationDriver d(folder);
  ASSERT_TRUE(d.station);
  std::vector<std::string> asked;
  d.station->set_sealing({&*key, [&asked](std::string occasion) { asked.push_back(occasion); }});
  d.wait(90s);
  EXPECT_TRUE(asked.empty()) << "no move, nothing to seal";
  d.hand("e2", "e4");
  EXPECT_EQ(asked, std::vector<std::string>{"interim"});
  d.console("e5").hand("e7", "e5");
  EXPECT_EQ(asked.size(), 1u) << "within the minute";
  d.wait(61s);
  EXPECT_EQ(asked, (std::vector<std::string>{"interim", "interim"})) << "e5, a minute later";
  {
    annabella::testing::FileSizeLimit full(std::filesystem::file_size(folder / "game.journal"));
    ASSERT_TRUE(full.ok());
    d.hand("g1", "f3");
    ASSERT_GT(d.station->journal_waiting(), 0u);
    d.wait(61s);
    EXPECT_EQ(asked.size(), 2u) << "none while the journal waits";
  }
}

// A full disk keeps the game's files (PGN, braille scoresheet) from being written after each
// event: said once, not at every move (it was printed a hundred times, a flood for a screen
// reader), and said again once they are written.
TEST(StationRecord, AGameFileThatCannotBeWrittenIsSaidOnceAndItsRecoveryOnce) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  StationDriver d(folder);
  d.hand("e2", "e4");
  const auto failing = [&] {
    return std::count_if(d.output.printed.begin(), d.output.printed.end(), [](const auto& line) {
      return line.find("record: ") == 0 && line.find("(said once;") != std::string::npos;
    });
  };
  {
    annabella::testing::FileSizeLimit full(200);
    ASSERT_TRUE(full.ok());
    d.console("e5");
    d.hand("e7", "e5");
    d.hand("g1", "f3");
    d.console("Nc6");
    d.hand("b8", "c6");
    EXPECT_EQ(failing(), 2) << "once for the game files and once for the touch log";
    EXPECT_FALSE(d.output.printed_containing("record: written again"));
  }
  d.hand("f1", "b5");
  EXPECT_EQ(failing(), 2);
  EXPECT_EQ(std::count_if(d.output.printed.begin(), d.output.printed.end(),
                          [](const auto& line) { return line.find("record: written again") == 0; }),
            2);
  EXPECT_NE(read_file(folder / "game.pgn").find("3. Bb5"), std::string::npos);
}

// A player's name the braille scoresheet's table has no letters for: the scoresheet is written
// all the same (it was refused for the whole game, at every move, blaming the table), and what
// it does with the name is said once (D.2.7).
TEST(StationRecord, ANameInAnotherScriptIsWrittenOnTheScoresheetAndSaidOnce) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  config::StationConfig config;
  config.white.name = "Иванов";
  config.black.name = "李";
  config.record.braille_table = "en-ueb-g1.ctb";
  StationDriver d(folder, false, config);
  d.hand("e2", "e4");
  d.console("e5");
  d.hand("e7", "e5");
  d.hand("g1", "f3");
  const auto said = [&](std::string_view part) {
    return std::count_if(d.output.printed.begin(), d.output.printed.end(),
                         [&](const auto& line) { return line.find(part) != std::string::npos; });
  };
  EXPECT_EQ(said("white.name: \"Иванов\""), 1);
  EXPECT_EQ(said("black.name: \"李\""), 1);
  EXPECT_EQ(said("eight-dot"), 0);
  const std::string brf = read_file(folder / "scoresheet.brf");
  auto ivanov = app::to_brf({"Иванов"}, "ru-litbrl.ctb", {40, 25, false});
  ASSERT_TRUE(ivanov);
  EXPECT_NE(brf.find(ivanov->substr(0, ivanov->size() - 2)), std::string::npos) << brf;
}

// D.2.7 (tester 14a): the braille scoresheet is in the VI player's language: his catalog's words
// ("Runde", not "round") and his piece letters (a Macedonian's knight С, a German's S), through
// his language's braille table.
TEST(StationRecord, TheBrailleScoresheetIsInTheViPlayersWordsAndLetters) {
  for (const auto& [language, table, event, move] :
       {std::tuple{"mk", "sr-g1.ctb", "Open, коло 3", "2. Сf3"},
        std::tuple{"de", "de-g0.utb", "Open, Runde 3", "2. Sf3"}}) {
    SCOPED_TRACE(language);
    annabella::testing::TempDir dir;
    const auto folder = dir.path() / "record";
    config::StationConfig config;
    config.white.visually_impaired = true;
    config.white.language = language;
    config.event.name = "Open";
    config.event.round = "3";
    StationDriver d(folder, false, config);
    d.hand("e2", "e4");
    d.console("e5");
    d.hand("e7", "e5");
    d.hand("g1", "f3");
    const auto lines = scoresheet_lines(d.station->record(), language);
    ASSERT_GE(lines.size(), 4u);
    EXPECT_EQ(lines[1], event);
    EXPECT_EQ(lines[3], move);
    const std::string brf = read_file(folder / "scoresheet.brf");
    // A structured binding is not captured by a lambda before C++20's clang 16: named here.
    const std::string braille_table = table;
    const auto cells = [&](const std::string& line) {
      auto out = app::to_brf({line}, braille_table, {40, 25, false});
      EXPECT_TRUE(out) << line;
      return out ? out->substr(0, out->size() - 2) : std::string("?");
    };
    EXPECT_NE(brf.find(cells(event)), std::string::npos) << brf;
    EXPECT_NE(brf.find(cells(move)), std::string::npos) << brf;
    EXPECT_EQ(brf.find(cells("2. Nf3")), std::string::npos) << brf;
  }
}

// A whole journal line whose checksum is wrong is damage, not a torn write: the resumption stops
// and names the line, and the file is left exactly as it was.
TEST(StationRecord, ADamagedLastEntryStopsTheResumptionAndLeavesTheFileAsItWas) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  {
    StationDriver d(folder);
    d.hand("e2", "e4");
    d.console("e5");
  }
  const auto path = folder / "game.journal";
  std::string text = read_file(path);
  const auto last_line = text.rfind('\n', text.size() - 2) + 1;
  const auto at = text.find("e7e5", last_line);
  ASSERT_NE(at, std::string::npos) << text;
  text[at + 1] = '6';  // e7e6: the checksum no longer matches
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
  StationOptions options;
  options.record_folder = folder;
  options.resume = true;
  annabella::testing::RecordingOutput output;
  auto station = Station::open(options, output, TimePoint(2h));
  ASSERT_FALSE(station);
  EXPECT_NE(station.error().message.find("checksum"), std::string::npos) << station.error().message;
  EXPECT_NE(station.error().message.find("nothing was changed"), std::string::npos)
      << station.error().message;
  EXPECT_EQ(read_file(path), text);
}

// D.2.1 after a power cut: the sighted player's move was entered but the VI player had not yet
// executed it on his pegboard. The resumed station still waits for it, as it did live: his next
// move is not made while the board does not show the opponent's move, and the knight left on b8
// never becomes a move of the sighted player "by pegboard" (tester's D7).
class ResumedWithNc6NotExecuted : public ::testing::Test {
 protected:
  void SetUp() override {
    {
      StationDriver d(folder);
      d.hand("e2", "e4");
      d.console("Nc6");  // announced; the VI player has not moved b8-c6 on his pegboard yet
      ASSERT_EQ(d.station->game().ply_count(), 2u);
    }  // the station is gone (kill -9: the journal is flushed at every entry)
    again.emplace(folder, true);
    ASSERT_TRUE(again->station);
  }
  annabella::testing::TempDir dir;
  std::filesystem::path folder = dir.path() / "record";
  std::optional<StationDriver> again;
};

TEST_F(ResumedWithNc6NotExecuted, TheVIPlayersNextMoveWaitsForIt) {
  again->hand("d2", "d4");  // his own move, with Nc6 not executed
  again->wait(3s);
  EXPECT_EQ(again->station->game().ply_count(), 2u);
  EXPECT_FALSE(again->output.printed_containing("made 2. d4"));
  EXPECT_FALSE(again->output.printed_containing("by pegboard"));
}

// D15. D.2.11: he reads no console; at the pegboard's first link after the resumption he hears
// privately (one braille line) the move, who is to move, both clocks, and the opponent's move
// still to execute; a board that shows the position before it is no illegal move.
TEST_F(ResumedWithNc6NotExecuted, HeIsToldWhatWasRestored) {
  const std::size_t said_before = again->output.said.size();
  tactile::BoardInput linked;
  linked.kind = tactile::BoardInput::Kind::Connected;
  linked.time = again->now += 1s;
  again->station->handle(StationEvent::pegboard(linked));
  core::Position after_e4 = again->station->game().position_at(1);
  tactile::BoardInput scan;
  scan.kind = tactile::BoardInput::Kind::Scan;
  scan.time = again->now += 100ms;
  scan.scan.occupied = after_e4.pieces();
  again->station->handle(StationEvent::pegboard(scan));
  again->wait(4s);
  std::vector<std::string> told;
  for (std::size_t i = said_before; i < again->output.said.size(); ++i) {
    EXPECT_EQ(again->output.said[i].route, Route::Private) << again->output.said[i].text;
    told.push_back(again->output.said[i].text);
  }
  const auto german = speech::Language::load("de");
  ASSERT_TRUE(german);
  const std::string illegal = speech::phrase_illegal_move(*german).text;
  const auto has = [&](const std::string& part) {
    return std::any_of(told.begin(), told.end(),
                       [&](const std::string& t) { return t.find(part) != std::string::npos; });
  };
  EXPECT_TRUE(has("Partie fortgesetzt bei Zug zwei, Weiss am Zug"))
      << ::testing::PrintToString(told);
  EXPECT_TRUE(has("Weiss: ")) << ::testing::PrintToString(told);  // the clocks (D.2.6)
  EXPECT_TRUE(has("Noch auf dem Brett auszufuehren: Springer Cesar sechs"))
      << ::testing::PrintToString(told);
  EXPECT_FALSE(has(illegal)) << ::testing::PrintToString(told);
  // Said once.
  again->wait(10s);
  EXPECT_EQ(std::count_if(again->output.said.begin(), again->output.said.end(),
                          [](const auto& s) { return s.text.find("fortgesetzt") != s.text.npos; }),
            1);
}

// With no pegboard link at all he is told all the same, a few seconds after the start.
TEST_F(ResumedWithNc6NotExecuted, HeIsToldEvenWithoutTheBoard) {
  again->wait(6s);
  EXPECT_TRUE(std::any_of(again->output.said.begin(), again->output.said.end(), [](const auto& s) {
    return s.route == Route::Private && s.text.find("Partie fortgesetzt bei Zug zwei") == 0;
  }));
}

TEST_F(ResumedWithNc6NotExecuted, ItIsExecutedThenTheNextMoveIsMade) {
  again->hand("b8", "c6");  // D.2.1: executed now
  EXPECT_TRUE(again->output.printed_containing("executed b8c6 on the pegboard"));
  EXPECT_EQ(again->station->game().ply_count(), 2u);
  again->hand("d2", "d4");
  ASSERT_EQ(again->station->game().ply_count(), 3u);
  EXPECT_EQ(core::to_uci(again->station->game().moves().back()), "d2d4");
}

// D.2.3, Art. 9.2.1.1 after a power cut: the VI player had completed Nf3 on his pegboard as the
// intended move of a draw claim waiting for his confirmation. The resumed station does not
// announce or make it when the board first links (tester's D19): it is held until he announces
// it with the board's button, and only then is it said to both players and made.
TEST(StationRecord, AMoveShownAtTheFirstLinkAfterAResumptionIsHeldNotAnnounced) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  {
    StationDriver d(folder);
    annabella::testing::play_e4_e5(d);
    ASSERT_EQ(d.station->game().ply_count(), 2u);
  }  // killed while Nf3 stood on the pegboard unannounced
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  const std::size_t said_before = again.output.said.size();
  link_showing(again, "g1", "f3");
  again.wait(3s);
  EXPECT_EQ(again.station->game().ply_count(), 2u);
  EXPECT_TRUE(again.output.printed_containing("completed while the station was stopped"));
  for (std::size_t i = said_before; i < again.output.said.size(); ++i)
    EXPECT_NE(again.output.said[i].route, Route::Public) << again.output.said[i].text;
  // D.2.11: he is told privately too, with what was restored (tester's D15).
  EXPECT_TRUE(std::any_of(again.output.said.begin() + static_cast<long>(said_before),
                          again.output.said.end(), [](const auto& s) {
                            return s.text.find("Partie fortgesetzt bei Zug zwei") == 0 &&
                                   s.text.find(
                                       "Auf dem Brett: Springer Felix drei, nicht "
                                       "angesagt") != std::string::npos;
                          }));
  // His ANNOUNCE button: said publicly, then made.
  again.board(tactile::BoardInput::Kind::Button, "a1");
  again.wait(500ms);
  ASSERT_EQ(again.station->game().ply_count(), 3u);
  EXPECT_EQ(core::to_uci(again.station->game().moves().back()), "g1f3");
  EXPECT_EQ(again.output.said.back().route, Route::Public);
}

// "Q" answers "which piece?" (D.2.1); it used to be read as the short name of quit first and
// stopped the station in the middle of the move.
TEST(StationRecord, QTypedForThePromotionPromotesAndDoesNotQuit) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.start_fen = "7k/1P5p/8/8/8/8/8/K7 w - - 0 1";
  StationDriver d(dir.path() / "record", false, config);
  d.hand("b7", "b8");
  ASSERT_TRUE(d.output.printed_containing("promotion on b8: which piece?"));
  d.console("Q");
  d.wait(2500ms);  // the promoted piece named: the move is complete, announced after the pause
  EXPECT_FALSE(d.station->finished());
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "b7b8q");
}

// Tester #17: the question for his own promotion (Art. 3.7.5, D.2.1) takes only a piece: while it
// is open every other console command works (Art. 6.11.1 pause, D.2.10.5 flag, quit), and once
// answered nothing is held any more.
TEST(StationRecord, ThePromotionQuestionLeavesTheOtherCommandsWorking) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.start_fen = "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1";
  StationDriver d(dir.path() / "record", false, config);
  d.lift("b7").place("b8").wait(1s);
  ASSERT_TRUE(d.output.printed_containing("promotion on b8: which piece?"));
  d.console("pause");
  EXPECT_TRUE(d.station->clock().paused());  // Art. 6.11.1: the arbiter stops the clocks
  EXPECT_FALSE(d.output.printed_containing("names no piece"));
  d.console("continue");
  EXPECT_FALSE(d.station->clock().paused());
  const std::size_t printed = d.output.printed.size();
  d.console("status");
  EXPECT_GT(d.output.printed.size(), printed);
  EXPECT_FALSE(d.output.printed_containing("names no piece"));
  d.console("xyz");  // neither a piece nor a command: what answers the question is said
  EXPECT_TRUE(d.output.printed_containing("promotion: \"xyz\" names no piece"));
  d.console("Q");
  EXPECT_TRUE(d.output.printed_containing("promotion to queen"));
  // Answered: the question is over before he presses ANNOUNCE.
  d.console("abc");
  EXPECT_FALSE(d.output.printed_containing("promotion: \"abc\""));
  d.button(tactile::BoardButton::Announce).wait(1s);
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "b7b8q");
  d.console("quit");
  EXPECT_TRUE(d.station->finished());
}

// Tester #17: the opponent's promotion is announced with its piece (D.2.1): his pawn peg on g1
// executes g1=Q on an occupancy pegboard, no question is asked, and the console stays free;
// likewise when his peg went in before the move was typed.
TEST(StationRecord, TheOpponentsPromotionIsExecutedWithoutAQuestion) {
  for (const bool typed_first : {true, false}) {
    SCOPED_TRACE(typed_first ? "typed first" : "executed first");
    annabella::testing::TempDir dir;
    config::StationConfig config;
    config.game.start_fen = "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1";
    StationDriver d(dir.path() / "record", false, config);
    d.button(tactile::BoardButton::PromoteKnight).hand("b7", "b8");
    ASSERT_EQ(d.station->game().ply_count(), 1u);
    if (typed_first) d.console("g1=Q");
    d.lift("g2").place("g1").wait(1s);
    if (!typed_first) d.console("g1=Q").wait(1s);
    ASSERT_EQ(d.station->game().ply_count(), 2u);
    EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "g2g1q");
    EXPECT_FALSE(d.output.printed_containing("promotion on g1"));
    EXPECT_EQ(d.station->pegboard().position().side_to_move(), core::WHITE);  // executed
    EXPECT_EQ(d.station->pegboard().position().piece_on(core::SQ_G1), core::B_QUEEN);
    d.console("status");
    EXPECT_FALSE(d.output.printed_containing("names no piece"));
    d.console("quit");
    EXPECT_TRUE(d.station->finished());
  }
}

// Tester #16, D.2.8, D.2.9: the assistant typed 1... e6 where the sighted player played and
// announced 1... e5, and the VI player put e5 on his pegboard. `takeback` takes the slip back:
// journaled, the clocks set back (Black to move, White's clock as after 1. e4), said publicly and
// privately (his board is right: nothing to put back); the right move is then entered and found
// executed; the record keeps the move taken back and why, and a resumption rebuilds it all.
TEST(StationRecord, AMistypedMoveIsTakenBackAndTheRightOneEntered) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  {
    StationDriver d(folder);
    d.hand("e2", "e4");
    const Millis white_after_e4 = d.station->record().moves().back().white_left;
    const Millis black_after_e4 = d.station->record().moves().back().black_left;
    d.console("e6");  // the slip
    ASSERT_EQ(d.station->game().ply_count(), 2u);
    d.lift("e7").place("e5").wait(2s);  // he executes what he heard: e5
    d.wait(5s);                         // White's clock runs meanwhile
    d.output.said.clear();
    d.console("takeback announced e5, typed e6");
    ASSERT_EQ(d.station->game().ply_count(), 1u);
    EXPECT_TRUE(d.output.printed_containing("taken back (D.2.8, D.2.9): 1... e6 (e7e6)"));
    EXPECT_EQ(d.station->clock().running(), core::BLACK);
    EXPECT_EQ(std::chrono::duration_cast<Millis>(d.station->clock().remaining(core::WHITE, d.now)),
              white_after_e4);
    EXPECT_EQ(std::chrono::duration_cast<Millis>(d.station->clock().remaining(core::BLACK, d.now)),
              black_after_e4);
    const auto said = [&](Route route, std::string_view part) {
      return std::any_of(d.output.said.begin(), d.output.said.end(), [&](const auto& s) {
        return s.route == route && s.text.find(part) != std::string::npos;
      });
    };
    EXPECT_TRUE(said(Route::Public, "Zurueckgenommen: Eva sechs"));
    EXPECT_TRUE(said(Route::Private,
                     "Zurueckgenommen: Eva sechs. Dein Brett zeigt schon die richtige Stellung"));
    d.console("e5");
    ASSERT_EQ(d.station->game().ply_count(), 2u);
    EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "e7e5");
    EXPECT_TRUE(d.output.printed_containing("executed e7e5 on the pegboard"));
    EXPECT_EQ(d.station->pegboard().position().fen(), d.station->game().position().fen());
    const std::string pgn = read_file(folder / "game.pgn");
    EXPECT_NE(pgn.find("taken back: 1... e6 (e7e6, by console); reason: announced e5, typed e6"),
              std::string::npos)
        << pgn;
    EXPECT_NE(read_file(folder / "touches.txt").find("taken back: 1... e6"), std::string::npos);
    EXPECT_NE(read_file(folder / "game.journal").find("takeback\t"), std::string::npos);
    d.console("quit");
  }
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  EXPECT_EQ(again.station->game().ply_count(), 2u);
  EXPECT_EQ(core::to_uci(again.station->game().moves().back()), "e7e5");
  ASSERT_EQ(again.station->record().taken_back().size(), 1u);
  EXPECT_EQ(again.station->record().taken_back()[0].entry.reason, "announced e5, typed e6");
}

// Doubt 6c of session 13 (D.2.2): a peg still in the hand when the touch log is written had "-"
// as what became of it; the log says it is in the hand, lifted from its square.
TEST(StationRecord, ATouchStillInTheHandIsSaidSoInTheTouchLog) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  StationDriver d(folder);
  d.hand("e2", "e4");
  d.console("e5");
  d.lift("g1").wait(1s);
  d.console("quit");
  const std::string touches = read_file(folder / "touches.txt");
  EXPECT_NE(touches.find("g1\twhite knight\tVI player\tstill in the hand: lifted from g1, not put "
                         "into a hole so far"),
            std::string::npos)
      << touches;
  for (std::size_t at = touches.find('\n'); at != std::string::npos;
       at = touches.find('\n', at + 1))
    EXPECT_NE(touches.substr(at > 1 ? at - 2 : 0, 3), "\t-\n") << touches;
}

// Doubt 6b of session 13 (Art. 7, D.2.9): the assistant typed 2... Qh4, mate, where the sighted
// player played 2... Qg5. The end the wrong move made is withdrawn with it: the journal keeps the
// end and the take-back after it, the PGN says so, the replay and the after-end check accept it,
// and play goes on. An end a player made (a resignation) is not taken back.
TEST(StationRecord, AGameEndingWrongMoveIsTakenBackWithItsEnd) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  {
    StationDriver d(folder);
    d.fools_mate();  // 2... Qh4#, typed
    ASSERT_TRUE(d.station->game().is_over());
    d.console("takeback typed Qh4, played Qg5");
    ASSERT_FALSE(d.station->game().is_over()) << d.output.printed.back();
    EXPECT_EQ(d.station->game().ply_count(), 3u);
    EXPECT_EQ(d.station->clock().running(), core::BLACK);
    EXPECT_TRUE(
        d.output.printed_containing("the end of the game (0-1, White is checkmated, "
                                    "Art. 5.1.1) is withdrawn"))
        << d.output.printed.back();
    d.console("Qg5");
    ASSERT_EQ(d.station->game().ply_count(), 4u);
    EXPECT_FALSE(d.station->game().is_over());
    const std::string journal = read_file(folder / "game.journal");
    const auto end = journal.find("\tend\t");
    ASSERT_NE(end, std::string::npos) << journal;
    EXPECT_NE(journal.find("\ttakeback\t", end), std::string::npos) << journal;
    std::string pgn = read_file(folder / "game.pgn");
    std::replace(pgn.begin(), pgn.end(), '\n', ' ');
    EXPECT_NE(pgn.find("[Result \"*\"]"), std::string::npos) << pgn;
    EXPECT_NE(pgn.find("the end it made (0-1, White is checkmated, Art. 5.1.1) is withdrawn"),
              std::string::npos)
        << pgn;
    auto contents = read_journal(folder / "game.journal");
    ASSERT_TRUE(contents) << contents.error().message;
    EXPECT_TRUE(check_after_end(*contents));
    d.console("resign white");
    ASSERT_TRUE(d.station->game().is_over());
    d.console("takeback");
    EXPECT_TRUE(d.output.printed_containing("takeback: the game is over"))
        << d.output.printed.back();
    EXPECT_EQ(d.station->game().ply_count(), 4u);
    d.console("quit");
  }
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  EXPECT_EQ(again.station->game().ply_count(), 4u);
  EXPECT_EQ(again.station->game().end().termination, core::Termination::Resignation);
  ASSERT_EQ(again.station->record().taken_back().size(), 1u);
  ASSERT_TRUE(again.station->record().taken_back()[0].withdrawn_end);
  EXPECT_EQ(again.station->record().taken_back()[0].withdrawn_end->termination,
            core::Termination::Checkmate);
}

// D.2.3, D.2.9: a move made on the VI player's pegboard is his, made and announced: the assistant
// cannot take it back; the arbiter can ("takeback 1 arbiter"). The VI player hears what to put
// back: the pawn from e4 to e2.
TEST(StationRecord, APegboardMoveIsTakenBackOnlyByTheArbiter) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("takeback");
  EXPECT_TRUE(d.output.printed_containing(
      "takeback: 1. e4 was made on the VI player's pegboard (D.2.3); only the arbiter takes it "
      "back: takeback 1 arbiter (D.2.9)"));
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  d.output.said.clear();
  d.console("takeback 1 arbiter");
  ASSERT_EQ(d.station->game().ply_count(), 0u);
  EXPECT_EQ(d.station->clock().running(), core::WHITE);
  const auto said_private = [&](std::string_view part) {
    return std::any_of(d.output.said.begin(), d.output.said.end(), [&](const auto& s) {
      return s.route == Route::Private && s.text.find(part) != std::string::npos;
    });
  };
  EXPECT_TRUE(said_private("Zurueckgenommen: Eva vier. Brett zuruecksetzen:"));
  EXPECT_TRUE(said_private("Eva vier"));
  EXPECT_TRUE(d.output.printed_containing("the VI player puts his pegboard back"));
  d.console("takeback");  // nothing left to take back
  EXPECT_TRUE(d.output.printed_containing("takeback: 0 half-moves are made"));
  // Put back, he plays again.
  d.lift("e4").place("e2").wait(1s);
  d.hand("d2", "d4");
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(core::to_uci(d.station->game().moves().back()), "d2d4");
}

// The arbiter can be called from the console (and from the player's keys later); the call is
// printed and kept with the record.
TEST(StationRecord, CallingTheArbiterIsShownAndKept) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.console("arbiter");
  EXPECT_TRUE(d.output.printed_containing("ARBITER CALLED to the board (by keyboard)"));
  ASSERT_EQ(d.station->record().notes().size(), 1u);
  EXPECT_EQ(d.station->record().notes()[0].kind, NoteKind::ArbiterCalled);
  EXPECT_NE(read_file(dir.path() / "record" / "touches.txt").find("the arbiter was called"),
            std::string::npos);
}

// Tester D6, Guidelines III.6: in a game no arbiter supervises (game.arbiter_present = false)
// nobody comes to the board: the call is recorded for the arbiter the game is referred to
// (III.6.2), and both players hear (publicly, and he privately in his language) that no arbiter
// is present and to call the organiser; the console never says an arbiter was called to the board.
TEST(StationRecord, CallingTheArbiterWithoutOneSaysToCallTheOrganiser) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.game.arbiter_present = false;
  StationDriver d(dir.path() / "record", false, config);
  ASSERT_TRUE(d.station);
  d.console("arbiter");
  EXPECT_FALSE(d.output.printed_containing("ARBITER CALLED to the board"));
  EXPECT_TRUE(d.output.printed_containing(
      "CALL FOR THE ARBITER (by keyboard): no arbiter supervises this game"));
  const auto heard = [&](Route route) {
    return std::any_of(d.output.said.begin(), d.output.said.end(), [&](const auto& s) {
      return s.route == route &&
             s.text == "Kein Schiedsrichter anwesend: bitte den Veranstalter rufen";
    });
  };
  EXPECT_TRUE(heard(Route::Public));
  EXPECT_TRUE(heard(Route::Private));
  ASSERT_EQ(d.station->record().notes().size(), 1u);
  EXPECT_EQ(d.station->record().notes()[0].kind, NoteKind::ArbiterCalled);
  EXPECT_NE(read_file(dir.path() / "record" / "touches.txt")
                .find("the arbiter was called; no arbiter was present (Guidelines III.6)"),
            std::string::npos);
}

// Tester's defect 20 (Art. 4.3, 4.8, D.2.10.5): the sighted player's touch of his pawn e7 is
// reported at the console, then he plays Nf6. The station knows both facts and said nothing; the
// VI player, who cannot see it, loses his claim once he touches a piece (Art. 4.8). Now the
// console and the VI player (privately, in his language) are told at once, and touches.txt says
// what became of the touch, with a note for the arbiter. A touched piece that could not have
// moved binds nobody (Art. 4.5): nothing is said.
TEST(StationRecord, APieceTheSightedPlayerTouchedAndDidNotMoveIsToldAtOnceArt43) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.white.language = "de";
  StationDriver d(dir.path() / "record", false, config);
  d.hand("e2", "e4");
  d.console("touch e7");
  const std::size_t said_before = d.output.said.size();
  d.console("Nf6");
  EXPECT_TRUE(d.output.printed_containing(
      "Black touched e7 black pawn, which could be moved (Art. 4.3.1), and played 1... Nf6 "
      "(g8f6): the VI player is told that a claim must be made before he touches a piece "
      "(Art. 4.8)"))
      << d.output.printed.back();
  const bool told = std::any_of(d.output.said.begin() + static_cast<std::ptrdiff_t>(said_before),
                                d.output.said.end(), [](const annabella::testing::Said& s) {
                                  return s.route == Route::Private &&
                                         s.text.find(
                                             "Schwarz beruehrte Bauer auf Eva sieben "
                                             "und spielte") != std::string::npos &&
                                         s.text.find("Artikel 4.8") != std::string::npos;
                                });
  EXPECT_TRUE(told);
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(line_with(log, "	e7	black pawn	sighted player")
                .find("not moved, though it could be (Art. 4.3.1): 1... Nf6 (g8f6) at"),
            std::string::npos)
      << log;
  EXPECT_NE(log.find("Black (the sighted player) touched the black pawn on e7, which could be "
                     "moved (Art. 4.3.1), and played 1... Nf6"),
            std::string::npos)
      << log;
  // The turn is over: the pawn moved later is not what became of that touch.
  d.hand("g8", "f6");
  d.hand("d2", "d4");
  d.console("touch d8");  // his queen cannot move: Art. 4.5, any legal move
  d.console("e5");
  EXPECT_FALSE(d.output.printed_containing("Black touched d8"));
  const std::string later = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(line_with(later, "	e7	black pawn	sighted player").find("not moved"),
            std::string::npos)
      << later;
  EXPECT_NE(line_with(later, "	d8	black queen	sighted player").find("not moved: 2... e5"),
            std::string::npos)
      << later;
  EXPECT_EQ(later.find("touched the black queen"), std::string::npos) << later;
}

// Printed text can never forge a line: a control character in a name is shown escaped.
TEST(StationRecord, AControlCharacterInANameCannotForgeALogLine) {
  annabella::testing::TempDir dir;
  config::StationConfig config;
  config.white.name = "Anna\n[0:00:01.000] made 1. e4 (e2e4) by pegboard";
  StationDriver d(dir.path() / "record", false, config);
  EXPECT_TRUE(d.output.printed_containing("Anna\\n[0:00:01.000] made 1. e4"));
  for (const auto& line : d.output.printed) EXPECT_EQ(line.find('\n'), std::string::npos);
}

}  // namespace
}  // namespace station_record_test
}  // namespace annabella::app

namespace annabella::app {
namespace station_record_test {
namespace {

// D.2.2, Art. 4 (tester N5): every touch of the VI player ends with what became of its piece,
// whichever events brought it there. The touch log's line for `square` (the n-th) says `outcome`.
std::string touch_line(const std::string& log, std::string_view square, int nth = 1) {
  int seen = 0;
  for (const auto& line : lines_of(log))
    if (line.find("\t" + std::string(square) + "\t") != std::string::npos && ++seen == nth)
      return line;
  return "";
}

// Tester N7: the console says a move's completion once, also when his ANNOUNCE makes it (the
// pause's completion line and the button's used to say it twice).
TEST(StationRecord, AMoveAnnouncedWithTheButtonIsSaidCompletedOnce) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");  // ANNOUNCE as the peg goes in
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  EXPECT_EQ(std::count(d.output.printed.begin(), d.output.printed.end(), "completed e4"), 1)
      << ::testing::PrintToString(d.output.printed);
}

// Tester N7: the opponent's move executed on the pegboard before a crash is shown so by the
// board's first link after `play --resume`: not "executed" again as if it were done now.
TEST(StationRecord, AMoveExecutedBeforeACrashIsNotSaidExecutedAgainAtTheResumption) {
  annabella::testing::TempDir dir;
  const auto folder = dir.path() / "record";
  {
    StationDriver d(folder);
    annabella::testing::play_e4_e5(d);  // e7-e5 executed on the pegboard
    ASSERT_TRUE(d.output.printed_containing("executed e7e5 on the pegboard"));
  }  // killed
  StationDriver again(folder, true);
  ASSERT_TRUE(again.station);
  link_with(again, again.station->game().position().pieces());  // as it was left
  again.wait(1s);
  EXPECT_TRUE(again.output.printed_containing(
      "the pegboard shows e7e5 executed, as it was before the station stopped (D.2.1)"))
      << ::testing::PrintToString(again.output.printed);
  EXPECT_FALSE(again.output.printed_containing("executed e7e5 on the pegboard"));
  again.hand("g1", "f3");
  EXPECT_EQ(again.station->game().ply_count(), 3u);
}

// (a) His bishop lifted and put back into its own hole while another piece is in his hand (he
// executes the opponent's e7-e5 meanwhile), then moved later: put back, then moved; never
// "taken off" and never left open.
TEST(StationRecord, ABishopPutBackWhileAnotherPieceIsInTheHandIsPutBackThenMoved) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.console("e5");
  d.lift("e7").wait(100ms);
  d.lift("f1").wait(100ms);
  d.place("f1").wait(100ms);
  d.place("e5").wait(400ms);
  d.hand("f1", "c4");
  ASSERT_EQ(d.station->game().ply_count(), 3u);
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(touch_line(log, "f1", 1).find("put back at"), std::string::npos) << log;
  EXPECT_NE(touch_line(log, "f1", 2).find("moved to c4 at"), std::string::npos) << log;
  EXPECT_NE(touch_line(log, "e7").find("moved to e5 at"), std::string::npos) << log;
  EXPECT_EQ(log.find("taken off"), std::string::npos) << log;
  EXPECT_EQ(log.find("\t-\n"), std::string::npos) << log;
}

// (b) A peg into a wrong hole (e3), moved on to the right one (e4) within the pause: the touch
// of the intermediate hole is the same pawn, moved to e4 by the move.
TEST(StationRecord, TheIntermediateHoleOfACorrectedMoveIsMovedOnWithTheMove) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.lift("e2").place("e3").wait(100ms);
  d.lift("e3").place("e4").wait(3s);  // made by the pause (D.2.3 (3))
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(touch_line(log, "e2").find("moved to e4 at"), std::string::npos) << log;
  EXPECT_NE(touch_line(log, "e3").find("moved to e4 at"), std::string::npos) << log;
}

// (c) A move tried and taken back before its announcement (the knight to f3 and back to g1):
// both touches are put back; the move he then makes is logged as moved.
TEST(StationRecord, AMoveTriedAndTakenBackIsPutBack) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.lift("g1").place("f3").wait(100ms);
  d.lift("f3").place("g1").wait(3s);
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  d.hand("d2", "d4");
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(touch_line(log, "g1").find("put back at"), std::string::npos) << log;
  EXPECT_NE(touch_line(log, "f3").find("put back at"), std::string::npos) << log;
  EXPECT_NE(touch_line(log, "d2").find("moved to d4 at"), std::string::npos) << log;
}

// (d) Two of his pieces moved within the pause (the board shows no single move; nothing is
// made, tester N1), the second put back: the first is moved by the move made then, the second
// (both its touches) put back.
TEST(StationRecord, TheSecondPieceMovedWithinThePauseIsPutBack) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.lift("e2").place("e4").wait(100ms);
  d.lift("d2").place("d4").wait(3s);
  EXPECT_EQ(d.station->game().ply_count(), 0u);
  d.lift("d4").place("d2").wait(3s);
  ASSERT_EQ(d.station->game().ply_count(), 1u);
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(touch_line(log, "e2").find("moved to e4 at"), std::string::npos) << log;
  EXPECT_NE(touch_line(log, "d2").find("put back at"), std::string::npos) << log;
  EXPECT_NE(touch_line(log, "d4").find("put back at"), std::string::npos) << log;
}

// (e) The opponent's pawn lifted from e7 and put on e5 before his move was entered: once it is
// entered (and so executed on the pegboard), the touch is the pawn moved to e5.
TEST(StationRecord, ATouchBeforeTheOpponentsMoveWasEnteredIsMovedByIt) {
  annabella::testing::TempDir dir;
  StationDriver d(dir.path() / "record");
  d.hand("e2", "e4");
  d.lift("e7").place("e5").wait(500ms);
  d.console("e5");
  d.wait(1s);
  ASSERT_EQ(d.station->game().ply_count(), 2u);
  const std::string log = read_file(dir.path() / "record" / "touches.txt");
  EXPECT_NE(touch_line(log, "e7").find("moved to e5 at"), std::string::npos) << log;
}

}  // namespace
}  // namespace station_record_test
}  // namespace annabella::app
