// Chess960 castling on the boards (Guidelines II.3.2), table by table: for several start
// arrangements and both sides, every order a hand castles in, on an occupancy-only board and on a
// piece-identifying one: king first, rook first (II.3.2.1), the two exchanging squares (II.3.2.2),
// only the king (II.3.2.3) or only the rook moving (II.3.2.4), and the king lifted off, the rook
// moved and the king put down last (II.3.2.5.1).
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>

#include "core/movegen.h"
#include "core/notation_writer.h"
#include "speech/phrases.h"
#include "speech/vocabulary.h"
#include "tactile/pegboard.h"
#include "tactile/pegboard_driver.h"

namespace annabella::tactile {
namespace pegboard_chess960_test {
namespace {

using namespace std::chrono_literals;
using core::Move;
using core::Position;
using driver::Driver;
using driver::Lines;

// White's first rank with only the king and the rooks of a start arrangement left (the other
// pieces already developed), Black's mirroring it, pawns unmoved; X-FEN castling rights.
Position arrangement(std::string_view first_rank) {
  std::string black(first_rank);
  for (char& c : black) c = char(std::tolower(static_cast<unsigned char>(c)));
  const std::string fen =
      black + "/pppppppp/8/8/8/8/PPPPPPPP/" + std::string(first_rank) + " w KQkq - 0 1";
  auto pos = Position::from_fen(fen, core::Variant::Chess960);
  EXPECT_TRUE(pos) << fen << ": " << int(pos.error().fault);
  return pos.value_or(Position());
}

struct Arrangement {
  const char* name;
  const char* first_rank;  // FEN of White's first rank
};

// II.2: the arrangements by number with their minor pieces and queen developed, and ones where
// the king or a rook already stands on its castling square or the two exchange squares.
constexpr Arrangement kArrangements[] = {
    {"0 BBQNNRKR: O-O-O with the king crossing the rook", "5RKR"},
    {"518 RNBQKBNR, the standard one", "R3K2R"},
    {"959 RKRNNQBB: O-O with the king on b1", "RKR5"},
    {"king b1: O-O onto the rook's square g1", "RK4R1"},
    {"king g1: O-O moves only the rook (II.3.2.4)", "1R4KR"},
    {"rook f1: O-O moves only the king (II.3.2.3)", "2R1KR2"},
    {"king f1 rook g1: O-O exchanges them (II.3.2.2)", "4RKR1"},
    {"king d1 rook c1: O-O-O exchanges them (II.3.2.2)", "2RK3R"},
};

enum class Hand { KingFirst, RookFirst, KingOffFirst };

const char* hand_name(Hand h) {
  switch (h) {
    case Hand::KingFirst:
      return "king first";
    case Hand::RookFirst:
      return "rook first";
    case Hand::KingOffFirst:
      return "king off first, put down last (II.3.2.5.1)";
  }
  return "";
}

// Castles in `pos` with `castle` as a hand does it in order `hand`. A piece that does not move is
// not touched, except the king lifted off and put back in II.3.2.5.1's order.
void castle_by_hand(Driver& d, const Position& pos, Move castle, Hand hand) {
  const auto c = pos.castling_squares(castle);
  const std::string kf = core::square_name(c.king_from), kt = core::square_name(c.king_to);
  const std::string rf = core::square_name(c.rook_from), rt = core::square_name(c.rook_to);
  const core::Piece king = pos.piece_on(c.king_from), rook = pos.piece_on(c.rook_from);
  const bool king_moves = c.king_from != c.king_to, rook_moves = c.rook_from != c.rook_to;
  bool king_up = false, rook_up = false;
  const auto move_king = [&] {
    if (!king_moves) return;
    if (!king_up) d.lift(kf, 100ms);
    if (c.king_to == c.rook_from && !rook_up) {
      d.lift(rf, 100ms);  // II.3.2.2: the rook makes room
      rook_up = true;
    }
    d.place(kt, king, 100ms);
  };
  const auto move_rook = [&] {
    if (!rook_moves) return;
    if (!rook_up) d.lift(rf, 100ms);
    if (c.rook_to == c.king_from && !king_up) {
      d.lift(kf, 100ms);
      king_up = true;
    }
    d.place(rt, rook, 100ms);
  };
  switch (hand) {
    case Hand::KingFirst:
      move_king();
      move_rook();
      break;
    case Hand::RookFirst:
      move_rook();
      move_king();
      break;
    case Hand::KingOffFirst:
      d.lift(kf, 100ms);
      king_up = true;
      move_rook();
      d.place(kt, king, 100ms);
      break;
  }
  d.settle().wait(1s);
}

std::vector<Move> castlings(const Position& pos) {
  std::vector<Move> found;
  for (const Move m : core::legal_moves(pos))
    if (m.kind() == core::MoveKind::Castling) found.push_back(m);
  return found;
}

TEST(PegboardChess960, EveryArrangementHasACastlingToTry) {
  for (const auto& a : kArrangements) EXPECT_FALSE(castlings(arrangement(a.first_rank)).empty());
}

TEST(PegboardChess960, CastlingInEveryHandOrderOnBothBoards) {
  for (const auto& a : kArrangements) {
    const Position pos = arrangement(a.first_rank);
    for (const Move castle : castlings(pos)) {
      for (const Hand hand : {Hand::KingFirst, Hand::RookFirst, Hand::KingOffFirst}) {
        for (const bool identifying : {false, true}) {
          SCOPED_TRACE(std::string(a.name) + ", " + core::to_san(pos, castle) + ", " +
                       hand_name(hand) + (identifying ? ", identifying" : ", occupancy"));
          Driver d(pos, {}, identifying);
          castle_by_hand(d, pos, castle, hand);
          const Lines lines = d.take();
          for (const auto& line : lines) {
            EXPECT_EQ(line.find("illegal"), std::string::npos) << line;
            EXPECT_EQ(line.find("out of sync"), std::string::npos) << line;
          }
          ASSERT_TRUE(d.board().completed_move()) << ::testing::PrintToString(lines);
          EXPECT_EQ(*d.board().completed_move(), castle) << ::testing::PrintToString(lines);
          // Art. 4.4.2: the record notes castling begun with the rook, and only then.
          const bool noted = lines.back().find("begun with the rook") != std::string::npos;
          const auto c = pos.castling_squares(castle);
          const bool rook_touched_first = (hand == Hand::RookFirst && c.rook_from != c.rook_to) ||
                                          (hand == Hand::KingFirst && c.king_from == c.king_to);
          EXPECT_EQ(noted, rook_touched_first) << lines.back();
          d.announce();
          EXPECT_EQ(d.board().position(), pos.after(castle));
        }
      }
    }
  }
}

TEST(PegboardChess960, TheRookAloneJumpingOverTheKingIsCastling) {
  // II.3.2.4: with the king on g1 (or c1) the castling rook passes the king's square, which no
  // rook move does: the rook moved alone, the king untouched, is castling.
  const Position pos = arrangement("1R4KR");
  for (const bool identifying : {false, true}) {
    Driver d(pos, {}, identifying);
    d.lift("h1").place("f1", core::W_ROOK, 100ms).settle().wait(1s);
    const Lines lines = d.take();
    ASSERT_TRUE(d.board().completed_move()) << ::testing::PrintToString(lines);
    EXPECT_EQ(d.board().completed_move()->kind(), core::MoveKind::Castling) << identifying;
    EXPECT_EQ(lines.back(), "completed g1h1 (begun with the rook h1, Art. 4.4.2)");
  }
}

// Tester #5: K e1, R g1: O-O (king onto the rook's square g1, rook to f1) and Kf1 leave the same
// occupancy. The rook lifted first, then the king, the pegs put into f1 and g1: which peg went
// where cannot be sensed, so neither is known; the hands touched g1 too, which only the castling
// changes (II.3.2.1: rook first, then the king). It was completed as Kf1 without a word.
TEST(PegboardChess960, RookAndKingBothInHandOntoTheRooksSquareIsCastlingNotAKingMove) {
  const auto pos = Position::from_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
                                      core::Variant::Chess960);
  ASSERT_TRUE(pos);
  for (const bool rook_first : {true, false}) {
    Driver d(*pos);
    d.lift(rook_first ? "g1" : "e1").lift(rook_first ? "e1" : "g1");
    d.place("f1").place("g1").settle().wait(1s);
    const Lines lines = d.take();
    ASSERT_TRUE(d.board().completed_move()) << ::testing::PrintToString(lines);
    EXPECT_EQ(d.board().completed_move()->kind(), core::MoveKind::Castling)
        << rook_first << ::testing::PrintToString(lines);
    // Which peg is still in the hand is a guess: the one going into g1 is not "put back" (the
    // touch log said the rook was put back, though it went to f1).
    for (const auto& line : lines) EXPECT_FALSE(line.starts_with("put back")) << line;
  }
  // The king alone to f1 is Kf1, and the rook put back alone before the king moved leaves it so.
  Driver alone(*pos);
  alone.lift("e1").place("f1").settle().wait(1s);
  ASSERT_TRUE(alone.board().completed_move());
  EXPECT_EQ(core::to_uci(*alone.board().completed_move()), "e1f1");
  Driver back(*pos);
  back.lift("g1").place("g1").lift("e1").place("f1").settle().wait(1s);
  ASSERT_TRUE(back.board().completed_move()) << ::testing::PrintToString(back.take());
  EXPECT_EQ(core::to_uci(*back.board().completed_move()), "e1f1");
}

// Tester #5, the class: where the hands cannot tell Kf1 from O-O (the board read whole after it
// was away), the station does not choose: it asks which move and completes nothing until the
// answer (D.2.3: the move made is the one the player announces; Guidelines II.3.2).
TEST(PegboardChess960, MovesLeavingTheSameOccupancyAreAskedNotChosen) {
  const auto pos = Position::from_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
                                      core::Variant::Chess960);
  ASSERT_TRUE(pos);
  Driver d(*pos);
  BoardInput scan;
  scan.kind = BoardInput::Kind::Scan;
  scan.scan.occupied = pos->pieces();
  d.feed(scan);
  BoardInput gone;
  gone.kind = BoardInput::Kind::Disconnected;
  gone.detail = "the device hung up";
  d.feed(gone);
  scan.scan.occupied =
      (pos->pieces() & ~core::square_bb(core::SQ_E1)) | core::square_bb(core::SQ_F1);
  d.feed(scan, 2s);
  d.settle().wait(5s);
  const Lines lines = d.take();
  EXPECT_FALSE(d.board().completed_move()) << ::testing::PrintToString(lines);
  const auto asked = std::find_if(d.taken().begin(), d.taken().end(), [](const PegboardEvent& e) {
    return e.kind == PegboardEvent::Kind::MoveNeeded;
  });
  ASSERT_NE(asked, d.taken().end()) << ::testing::PrintToString(lines);
  EXPECT_EQ(asked->candidates.size(), 2u);
  for (const auto& line : lines) EXPECT_FALSE(line.starts_with("out of sync")) << line;
  // The answer completes the move named.
  Move castle = Move::none();
  for (const Move m : asked->candidates)
    if (m.kind() == core::MoveKind::Castling) castle = m;
  std::vector<PegboardEvent> out;
  d.board().choose_move(castle, d.now() + 100ms, out);
  ASSERT_TRUE(d.board().completed_move());
  EXPECT_EQ(*d.board().completed_move(), castle);
}

// Tester #6: the opponent's announced move to execute (D.2.1): a board showing the position after
// it is that move whatever order the pegs went in. King e8 and rook g8 both in hand, pegs into f8
// and g8: the announced O-O, and the announced Kf8 alike.
TEST(PegboardChess960, TheAnnouncedMoveIsExecutedWhateverOrderThePegsWentIn) {
  const auto pos = Position::from_fen("1r2k1r1/pppppppp/8/8/8/P7/1PPPPPPP/4KR1R b Fgb - 0 1",
                                      core::Variant::Chess960);
  ASSERT_TRUE(pos);
  int tried = 0;
  for (const Move m : core::legal_moves(*pos)) {
    const bool short_castling =
        m.kind() == core::MoveKind::Castling && pos->castling_squares(m).king_to == core::SQ_G8;
    if (m.from() != core::SQ_E8 || (!short_castling && m.to() != core::SQ_F8)) continue;
    for (const bool rook_first : {true, false}) {
      Driver d(*pos);
      d.board().expect_move(m);
      d.lift(rook_first ? "g8" : "e8").lift(rook_first ? "e8" : "g8");
      d.place("f8").place("g8").settle().wait(5s);
      const Lines lines = d.take();
      EXPECT_EQ(d.board().position(), pos->after(m))
          << core::to_uci(m) << " " << rook_first << ::testing::PrintToString(lines);
      for (const auto& line : lines) EXPECT_FALSE(line.starts_with("illegal")) << line;
    }
    ++tried;
  }
  EXPECT_EQ(tried, 2);  // O-O and Kf8
}

TEST(PegboardChess960, CastlingIsAnnouncedAsKurzeOrLangeRochade) {
  auto v = speech::Vocabulary::load("fide");
  ASSERT_TRUE(v) << v.error().message;
  for (const auto& a : kArrangements) {
    const Position pos = arrangement(a.first_rank);
    for (const Move castle : castlings(pos)) {
      const auto c = pos.castling_squares(castle);
      const bool king_side = core::file_of(c.king_to) == 6;
      EXPECT_EQ(speech::phrase_for_move(*v, pos, castle).text,
                king_side ? "Kurze Rochade" : "Lange Rochade")
          << a.name;
    }
  }
}

}  // namespace
}  // namespace pegboard_chess960_test
}  // namespace annabella::tactile
