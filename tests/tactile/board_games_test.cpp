// The whole chain over real kernel ptys, in both protocols: BoardSimulator -> pty -> BoardReader
// -> queue -> Pegboard. Whole games with the simulated hand's habits, every special move, every
// order of a capture, slides, bounce, wrong squares corrected, the opponent's announced move
// misplaced (D.2.1), and unplugging and replugging in the middle of a move.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/movegen.h"
#include "core/notation.h"
#include "support/temp_dir.h"
#include "tactile/board_reader.h"
#include "tactile/board_simulator.h"

namespace annabella::tactile {
namespace board_games_test {
namespace {

using namespace std::chrono_literals;
using core::Move;
using core::Position;
using core::Square;
using Kind = PegboardEvent::Kind;

constexpr auto kPatience = 10s;  // a hang guard only

Square sq(std::string_view name) {
  return *core::parse_square(name);
}

Position fen(std::string_view text) {
  auto pos = Position::from_fen(text);
  EXPECT_TRUE(pos) << int(pos.error().fault);
  return pos.value_or(Position());
}

Move move_of(const Position& pos, std::string_view text) {
  auto move = core::read_move(pos, text);
  EXPECT_TRUE(move) << text << ": not read (kind " << (move ? 0 : int(move.error().kind)) << ")";
  return move.value_or(Move::none());
}

// A station's board chain: simulator, pty, reader thread, queue, and the game thread's Pegboard
// (this test's thread).
class Chain {
 public:
  Chain(ProtocolKind protocol, const Position& start, SimulatorHabits habits = {0, 0, 0, 1},
        double speed = 0, PegboardSettings recogniser = {.settle = 20ms})
      : pegboard_(start, recogniser) {
    BoardSimulatorSettings sim;
    sim.protocol = protocol;
    sim.link = dir_ / "board";
    sim.start = start;
    sim.pace.speed = speed;
    sim.pace.hand = 30ms;
    sim.pace.rest = 60ms;
    sim.habits = habits;
    auto made = BoardSimulator::create(sim);
    EXPECT_TRUE(made) << made.error().message;
    sim_ = std::move(*made);
    BoardReaderSettings settings;
    settings.port = dir_ / "board";
    settings.protocol = protocol;
    settings.retry_first = 10ms;
    settings.retry_max = 50ms;
    reader_ = std::make_unique<BoardReader>(settings, queue_.sink());
    // The Pegboard's Connected: the first full scan arrived and was compared with the game.
    connected_ = next(Kind::Connected).has_value();
  }

  bool connected() const { return connected_; }
  BoardSimulator& sim() { return *sim_; }
  Pegboard& pegboard() { return pegboard_; }
  BoardReader& reader() { return *reader_; }

  // Pumps until an event of `kind` comes; returns it (earlier events stay in log()).
  std::optional<PegboardEvent> next(Kind kind) {
    const auto give_up = SteadyClock::now() + kPatience;
    for (;;) {
      for (; cursor_ < events_.size(); ++cursor_)
        if (events_[cursor_].kind == kind) return events_[cursor_++];
      if (SteadyClock::now() > give_up) return std::nullopt;
      pump(queue_, pegboard_, SteadyClock::now() + 100ms, events_);
    }
  }
  // Pumps until the board settled on `move` completed (and not yet made).
  bool completed(Move move) {
    const auto give_up = SteadyClock::now() + kPatience;
    while (SteadyClock::now() < give_up) {
      if (pegboard_.completed_move() == move && !pegboard_.next_deadline()) return true;
      pump(queue_, pegboard_, SteadyClock::now() + 100ms, events_);
    }
    return false;
  }
  // The simulated player executes `move` in `style`; the station sees it completed and
  // announces it (D.2.3 (3)). Returns false if it was not completed.
  bool play(Move move, const MoveStyle& style) {
    if (!sim_->play(move, style)) return false;
    if (!completed(move)) return false;
    pegboard_.announce(SteadyClock::now(), events_);
    return pegboard_.position() == sim_->position();
  }
  bool play(std::string_view text, const MoveStyle& style = {}) {
    return play(move_of(pegboard_.position(), text), style);
  }
  std::vector<PegboardEvent>& events() { return events_; }
  std::vector<PegboardEvent> events_of(Kind kind) const {
    std::vector<PegboardEvent> found;
    std::copy_if(events_.begin(), events_.end(), std::back_inserter(found),
                 [&](const PegboardEvent& e) { return e.kind == kind; });
    return found;
  }
  std::string log() const {
    std::string text;
    for (const auto& e : events_) text += describe(e) + "\n";
    return text;
  }

 private:
  testing::TempDir dir_;
  BoardInputQueue queue_;
  Pegboard pegboard_;
  std::unique_ptr<BoardSimulator> sim_;
  std::unique_ptr<BoardReader> reader_;
  std::vector<PegboardEvent> events_;
  std::size_t cursor_ = 0;
  bool connected_ = false;
};

class BoardGames : public ::testing::TestWithParam<ProtocolKind> {};

INSTANTIATE_TEST_SUITE_P(Protocols, BoardGames,
                         ::testing::Values(ProtocolKind::Dgt, ProtocolKind::Peg),
                         [](const auto& param_info) {
                           return std::string(protocol_name(param_info.param));
                         });

// A whole game with every special move: en passant (3. exd6), castling on both wings, captures
// of every piece, an under-promotion with capture and check (25...bxc1=N+), promotions on both
// sides (37. h8=Q, 36...g1=Q), and mate.
constexpr const char* kGame[] = {
    "e4",    "Nf6",   "e5",    "d5",    "exd6", "Qxd6", "Nf3",  "Bg4",  "Be2",  "Nc6",
    "O-O",   "O-O-O", "d4",    "g5",    "Bxg5", "Rg8",  "Bxf6", "exf6", "Nc3",  "h5",
    "Nb5",   "Qd7",   "Nxa7+", "Nxa7",  "c4",   "Bxf3", "Bxf3", "Qxd4", "Qxd4", "Rxd4",
    "Bxb7+", "Kxb7",  "b4",    "Rxc4",  "b5",   "Rc2",  "b6",   "cxb6", "a4",   "b5",
    "a5",    "b4",    "Rfc1",  "Rxc1+", "Rxc1", "b3",   "Kf1",  "b2",   "Ke2",  "bxc1=N+",
    "Kd2",   "Nc6",   "Kxc1",  "Nxa5",  "Kc2",  "Kb6",  "h4",   "Kb5",  "g3",   "Kb4",
    "Kd3",   "Nc4",   "f4",    "Bd6",   "g4",   "hxg4", "h5",   "g3",   "h6",   "g2",
    "h7",    "g1=Q",  "h8=Q",  "Rxh8",  "Ke2",  "Rh2+", "Kd3",  "Qe3#",
};

TEST_P(BoardGames, AWholeGameWithTheHandsHabits) {
  Chain chain(GetParam(), Position{},
              {.slide = 0.3, .wrong_square = 0.15, .bounce = 0.3, .seed = 2026});
  ASSERT_TRUE(chain.connected());
  int moves = 0;
  for (const char* san : kGame) {
    const Move move = move_of(chain.pegboard().position(), san);
    ASSERT_FALSE(move.is_none()) << san;
    ASSERT_TRUE(chain.play(move, chain.sim().pick_style(move)))
        << "move " << moves + 1 << " " << san << "\n"
        << chain.log();
    ++moves;
  }
  EXPECT_EQ(chain.events_of(Kind::MoveMade).size(), std::size(kGame));
  EXPECT_TRUE(core::legal_moves(chain.pegboard().position()).size() == 0);  // mate
  EXPECT_TRUE(chain.pegboard().position().in_check());
  // Every promotion ended as the piece chosen (a DGT board shows it; a peg board's button).
  std::string promotions;
  for (const auto& made : chain.events_of(Kind::MoveMade))
    if (made.move.kind() == core::MoveKind::Promotion) promotions += core::to_uci(made.move) + " ";
  EXPECT_EQ(promotions, "b2c1n g2g1q h7h8q ");
  EXPECT_EQ(chain.reader().stats().garbage_bytes, 0u);
}

const char* kAfterE4D5 = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";

TEST_P(BoardGames, EveryOrderOfACapture) {
  for (const auto order : {MoveStyle::Capture::CapturedFirst, MoveStyle::Capture::CapturingFirst,
                           MoveStyle::Capture::ScanOrder}) {
    if (order == MoveStyle::Capture::ScanOrder && GetParam() == ProtocolKind::Peg) continue;
    Chain chain(GetParam(), fen(kAfterE4D5));
    ASSERT_TRUE(chain.connected());
    ASSERT_TRUE(chain.play("exd5", {.capture = order})) << chain.log();
    const auto removed = chain.events_of(Kind::Removed);
    ASSERT_EQ(removed.size(), 1u) << chain.log();  // D.2.3 (1)
    EXPECT_EQ(describe(removed[0]), "removed d5 black pawn");
    EXPECT_TRUE(chain.events_of(Kind::Illegal).empty()) << chain.log();
  }
}

TEST_P(BoardGames, EnPassantInBothOrders) {
  for (const auto order : {MoveStyle::Capture::CapturedFirst, MoveStyle::Capture::CapturingFirst}) {
    Chain chain(GetParam(), fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"));
    ASSERT_TRUE(chain.connected());
    ASSERT_TRUE(chain.play("exf6", {.capture = order})) << chain.log();
    ASSERT_EQ(chain.events_of(Kind::Removed).size(), 1u);
    EXPECT_EQ(describe(chain.events_of(Kind::Removed)[0]), "removed f5 black pawn");
    EXPECT_EQ(chain.events_of(Kind::MoveMade)[0].move.kind(), core::MoveKind::EnPassant);
  }
}

TEST_P(BoardGames, CastlingKingFirstOnBothWings) {
  // Art. 4.4: the king first, then the rook; half-way is neither illegal nor a king move.
  Chain chain(GetParam(),
              fen("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"), {}, 1);
  ASSERT_TRUE(chain.connected());
  for (const char* castling : {"O-O", "O-O-O"}) ASSERT_TRUE(chain.play(castling)) << chain.log();
  EXPECT_TRUE(chain.events_of(Kind::Illegal).empty()) << chain.log();
  EXPECT_EQ(chain.events_of(Kind::MoveCompleted).size(), 2u) << chain.log();
}

TEST_P(BoardGames, CastlingRookFirstIsCompletedAsCastlingWithTheRookNoted) {
  // Art. 4.4.2 is the arbiter's: the rook's move completes first, the king's replaces it with
  // castling, and the completion says it was begun with the rook.
  Chain chain(GetParam(),
              fen("r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1"), {}, 1);
  ASSERT_TRUE(chain.connected());
  ASSERT_TRUE(chain.play("O-O", {.castling_rook_first = true})) << chain.log();
  const auto completed = chain.events_of(Kind::MoveCompleted);
  ASSERT_FALSE(completed.empty());
  EXPECT_EQ(core::to_uci(completed.back().move), "e1g1") << chain.log();
  EXPECT_EQ(completed.back().first_square, sq("h1")) << chain.log();
  EXPECT_TRUE(chain.events_of(Kind::Illegal).empty()) << chain.log();
}

TEST_P(BoardGames, PromotionsToEveryPieceWithAndWithoutACapture) {
  for (const char* promotion : {"e8=Q", "e8=R", "e8=B", "e8=N", "dxe8=Q", "dxe8=N"}) {
    Chain chain(GetParam(), fen("k3r3/3PP3/8/8/8/8/8/4K3 w - - 0 1"));
    ASSERT_TRUE(chain.connected());
    ASSERT_TRUE(chain.play(promotion)) << promotion << "\n" << chain.log();
  }
}

TEST_P(BoardGames, ASlidPieceOnlyTheFinalSquareIsMade) {
  Chain chain(GetParam(), Position{});
  ASSERT_TRUE(chain.connected());
  ASSERT_TRUE(chain.play("e4", {.slide_via = sq("e3")})) << chain.log();
  ASSERT_TRUE(chain.play("Nf6"));
  ASSERT_TRUE(chain.play("Qg4", {.slide_via = sq("f3")})) << chain.log();
  const auto made = chain.events_of(Kind::MoveMade);
  ASSERT_EQ(made.size(), 3u);
  EXPECT_EQ(core::to_uci(made[0].move), "e2e4");
  EXPECT_EQ(core::to_uci(made[2].move), "d1g4");
}

TEST_P(BoardGames, APieceRestingOnItsWayCompletesAMoveThatTheSlideReplaces) {
  Chain chain(GetParam(), Position{});
  ASSERT_TRUE(chain.connected());
  ASSERT_TRUE(chain.sim().lift(sq("e2")));
  ASSERT_TRUE(chain.sim().place(sq("e3")));
  const auto rested = chain.next(Kind::MoveCompleted);  // the board settled with the pawn on e3
  ASSERT_TRUE(rested) << chain.log();
  EXPECT_EQ(core::to_uci(rested->move), "e2e3");
  ASSERT_TRUE(chain.sim().lift(sq("e3")));
  ASSERT_TRUE(chain.sim().place(sq("e4")));
  const auto slid = chain.next(Kind::MoveCompleted);
  ASSERT_TRUE(slid) << chain.log();
  EXPECT_EQ(core::to_uci(slid->move), "e2e4");
  EXPECT_EQ(core::to_uci(slid->replaces), "e2e3");  // not made yet: replaced (D.2.3)
  chain.pegboard().announce(SteadyClock::now(), chain.events());
  EXPECT_EQ(chain.events_of(Kind::MoveMade).size(), 1u);
}

TEST_P(BoardGames, SensorBounceIsNoTouch) {
  // The simulated reed switch flickers for 2 ms; the recogniser's bounce window is wide here so
  // that a busy machine delaying the reader cannot stretch the flicker into a touch.
  Chain chain(GetParam(), Position{}, {0, 0, 0, 1}, 0, {.settle = 20ms, .bounce = 200ms});
  ASSERT_TRUE(chain.connected());
  ASSERT_TRUE(chain.play("Nf3", {.bounce = true})) << chain.log();
  ASSERT_EQ(chain.pegboard().touch_log().size(), 1u) << chain.log();  // the lift, not the flicker
  EXPECT_FALSE(chain.pegboard().touch_log()[0].put_back);
}

TEST_P(BoardGames, AWrongSquareIsReportedThenCorrected) {
  Chain chain(GetParam(), Position{});
  ASSERT_TRUE(chain.connected());
  ASSERT_TRUE(chain.sim().lift(sq("g1")));
  ASSERT_TRUE(chain.sim().place(sq("g3")));
  const auto illegal = chain.next(Kind::Illegal);
  ASSERT_TRUE(illegal) << chain.log();
  EXPECT_EQ(illegal->square, sq("g3"));
  EXPECT_EQ(describe(*illegal),
            "illegal: white knight g1 to g3 is not a legal move (Art. 3); nothing enters the "
            "record");
  ASSERT_TRUE(chain.sim().lift(sq("g3")));
  ASSERT_TRUE(chain.sim().place(sq("f3")));
  ASSERT_TRUE(chain.next(Kind::InSync)) << chain.log();
  ASSERT_TRUE(chain.completed(move_of(Position{}, "Nf3"))) << chain.log();
  EXPECT_EQ(chain.events_of(Kind::Illegal).size(), 1u) << chain.log();
}

TEST_P(BoardGames, TheOpponentsAnnouncedMoveMisplacedIsReportedAtOnce) {
  // D.2.1: the VI player executes the opponent's announced move on his own board.
  Chain chain(GetParam(), fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
  ASSERT_TRUE(chain.connected());
  chain.pegboard().expect_move(move_of(chain.pegboard().position(), "e5"));
  ASSERT_TRUE(chain.sim().lift(sq("e7")));
  ASSERT_TRUE(chain.sim().place(sq("e6")));
  const auto wrong = chain.next(Kind::Illegal);
  ASSERT_TRUE(wrong) << chain.log();
  EXPECT_EQ(wrong->detail,
            "the announced move is e7e5 (D.2.1): a piece was placed on e6, which stays empty");
  ASSERT_TRUE(chain.sim().lift(sq("e6")));
  ASSERT_TRUE(chain.sim().place(sq("e5")));
  ASSERT_TRUE(chain.next(Kind::MoveCompleted)) << chain.log();
  EXPECT_EQ(chain.pegboard().position().side_to_move(), core::WHITE);
}

TEST_P(BoardGames, UnpluggedMidMoveThenReplugged) {
  Chain chain(GetParam(), Position{});
  ASSERT_TRUE(chain.connected());
  ASSERT_TRUE(chain.sim().lift(sq("e2")));
  ASSERT_TRUE(chain.next(Kind::Touched));
  chain.sim().unplug();
  ASSERT_TRUE(chain.next(Kind::Disconnected));
  ASSERT_TRUE(chain.sim().place(sq("e4")));  // finished while the cable was out
  ASSERT_TRUE(chain.sim().replug());
  const auto back = chain.next(Kind::Reconnected);
  ASSERT_TRUE(back) << chain.log();
  // Said once: the move the board shows is completed, not called a difference to undo.
  EXPECT_TRUE(back->hints.empty()) << chain.log();
  EXPECT_EQ(describe(*back), "reconnected: the board shows a move completed meanwhile");
  ASSERT_TRUE(chain.completed(move_of(Position{}, "e4"))) << chain.log();
}

TEST_P(BoardGames, UnpluggedMidCaptureThenReplugged) {
  Chain chain(GetParam(), fen(kAfterE4D5));
  ASSERT_TRUE(chain.connected());
  ASSERT_TRUE(chain.sim().lift(sq("d5")));  // the captured pawn is off
  ASSERT_TRUE(chain.next(Kind::Touched));
  chain.sim().unplug();
  ASSERT_TRUE(chain.next(Kind::Disconnected));
  ASSERT_TRUE(chain.sim().replug());  // replugged before the capture is finished
  ASSERT_TRUE(chain.next(Kind::Reconnected));
  ASSERT_TRUE(chain.sim().lift(sq("e4")));
  ASSERT_TRUE(chain.sim().place(sq("d5")));
  ASSERT_TRUE(chain.completed(move_of(fen(kAfterE4D5), "exd5"))) << chain.log();
  EXPECT_TRUE(chain.events_of(Kind::Illegal).empty()) << chain.log();
}

}  // namespace
}  // namespace board_games_test
}  // namespace annabella::tactile
