// Events in time order under load, deterministically: the Pegboard fed as the game thread's
// pump() feeds it (tactile/board_reader.cpp), but on a simulated time line where the reader
// thread stamps each input when the board said it and the game thread takes it late (a loaded
// machine wakes either thread late), ticks at times beyond inputs still on their way, and
// announces when the board is quiet (as `annabella board watch` and the recognition test do).
// Every event carries its time and the times never run backwards (issue 12), whatever the lag.
#include <gtest/gtest.h>

#include <random>

#include "core/notation.h"
#include "support/sanitized.h"
#include "tactile/pegboard.h"
#include "tests/tactile/hand_emulator.h"

namespace annabella::tactile {
namespace pegboard_time_order_test {
namespace {

using namespace std::chrono_literals;
using emulator::Action;
using emulator::Wire;
using std::chrono::milliseconds;

struct Load {
  milliseconds reader_lag;  // most an input waits between its stamp and the queue
  milliseconds wake_lag;    // most the game thread wakes after it meant to
};

struct GameRun {
  std::string disorder;  // the first event stamped before the one reported before it
  std::vector<core::Move> played;
  std::vector<core::Move> made;
  std::string log;
};

// One game through the Pegboard on a simulated loaded machine.
// Who makes the completed moves: the reply (board watch), the e-board at once, or the station
// after saying them.
enum class Mode { Watch, EBoard, Station };

GameRun run_game(Wire wire, Mode mode, std::uint32_t seed, Load load) {
  PegboardSettings settings;
  settings.settle = 150ms;
  settings.made_by_reply = mode == Mode::Watch;
  settings.auto_announce = mode == Mode::EBoard;
  emulator::Pace pace;  // the recognition test's (tests/tactile/board_recognition_test.cpp)
  pace.within_min = 35ms;
  pace.within_max = 60ms;
  pace.between_min = 220ms;
  pace.between_max = 300ms;
  pace.quick_max = 60ms;
  const auto game = emulator::random_game({seed, 70});
  emulator::HandOrders orders(wire, pace, seed + 1);
  emulator::OrderCounts counts;
  const std::vector<Action> actions = emulator::actions_of(game, orders, counts).actions;
  const TimePoint start{};
  std::vector<BoardInput> inputs;
  BoardInput scan;  // the first full scan (the host's request after the handshake)
  scan.kind = BoardInput::Kind::Scan;
  scan.time = start + 1s;
  scan.scan.identifies_pieces = wire == Wire::Dgt;
  const core::Position initial;
  for (int s = 0; s < 64; ++s)
    scan.scan.pieces[s] = wire == Wire::Dgt ? initial.piece_on(core::Square(s)) : core::NO_PIECE;
  scan.scan.occupied = initial.pieces();
  inputs.push_back(scan);
  for (auto& input : emulator::inputs_of(wire, actions, scan.time + 500ms)) inputs.push_back(input);

  // When each input reaches the queue: its stamp plus the reader's lag, in order.
  std::mt19937 random(seed * 7919u + static_cast<std::uint32_t>(load.reader_lag.count()));
  const auto lag = [&](milliseconds most) {
    return milliseconds(std::uniform_int_distribution<long>(0, most.count())(random));
  };
  // The reader stamps what it reads when it reads it (tactile/board_reader.cpp): a late wake
  // reads several actions at once, under one time.
  std::vector<TimePoint> queued;
  for (auto& input : inputs) {
    const TimePoint at = input.time + lag(load.reader_lag);
    queued.push_back(queued.empty() ? at : std::max(queued.back(), at));
    input.time = queued.back();
  }

  Pegboard pegboard(core::Position{}, settings);
  std::vector<PegboardEvent> events;
  GameRun run;
  run.played = game;
  std::size_t next = 0, seen = 0;
  TimePoint now = start;
  const TimePoint end = queued.back() + 30s;
  while (now < end && run.made.size() < game.size()) {
    // pump(): wait for inputs until the next deadline or 50 ms, take what is queued, feed it,
    // tick at the clock's time; every wake-up may come late.
    TimePoint until = now + 50ms;
    if (const auto deadline = pegboard.next_deadline(); deadline && *deadline < until)
      until = std::max(now, *deadline);
    if (next < inputs.size() && queued[next] < until) until = queued[next];
    now = until + lag(load.wake_lag);
    for (; next < inputs.size() && queued[next] <= now; ++next) pegboard.feed(inputs[next], events);
    now += lag(load.wake_lag / 4);
    pegboard.tick(now, events);
    for (; seen < events.size(); ++seen)
      if (events[seen].kind == PegboardEvent::Kind::MoveMade) run.made.push_back(events[seen].move);
    if (mode == Mode::Station && pegboard.completed_move()) {
      // The station announces the completed move once it has said it (D.2.3 (3)), the board
      // going on meanwhile; no tick between.
      now += 20ms + lag(300ms);
      pegboard.announce(now, events);
    }
    // Nobody announces the last move in board watch: it is made when the board is quiet.
    if (next == inputs.size() && pegboard.completed_move() && !pegboard.next_deadline())
      pegboard.announce(now + lag(load.wake_lag / 4), events);
  }
  for (std::size_t i = 0; i < events.size(); ++i) {
    run.log += std::to_string((events[i].time - start) / 1ms) + " " + describe(events[i]) + "\n";
    if (i > 0 && events[i].time < events[i - 1].time && run.disorder.empty())
      run.disorder = describe(events[i - 1]) + " then, " +
                     std::to_string((events[i - 1].time - events[i].time) / 1us) +
                     " us before it, " + describe(events[i]);
  }
  return run;
}

TEST(PegboardTimeOrder, EventsNeverRunBackwardsHoweverLateTheThreadsWake) {
  for (const Wire wire : {Wire::Dgt, Wire::Peg})
    for (const Mode mode : {Mode::Watch, Mode::EBoard, Mode::Station})
      for (const Load load :
           {Load{0ms, 0ms}, Load{5ms, 20ms}, Load{40ms, 120ms}, Load{120ms, 300ms},
            Load{400ms, 1000ms}, Load{0ms, 600ms}, Load{600ms, 0ms}})
        // Sixty games per case in the Release run; every tenth of them under the sanitizers.
        for (std::uint32_t seed = 1; seed <= 60; seed += annabella::testing::kSanitized ? 10 : 1) {
          const GameRun run = run_game(wire, mode, seed, load);
          ASSERT_EQ(run.disorder, "")
              << (wire == Wire::Dgt ? "dgt" : "peg") << " mode " << static_cast<int>(mode)
              << " seed " << seed << " lags " << load.reader_lag.count() << "/"
              << load.wake_lag.count() << " ms\n"
              << run.log;
        }
}

// Any inputs and calls in any order, stamped late or early, on boards of both kinds and in
// every reading: the events' times never run backwards (the fuzz targets' Pegboard, in order).
TEST(PegboardTimeOrder, RandomInputsAndCallsNeverRunTimeBackwards) {
  std::mt19937 random(20261124);
  const auto below = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  for (int round = 0; round < 300; ++round) {
    PegboardSettings settings;
    settings.settle = std::chrono::milliseconds(below(3) * 100);
    settings.out_of_sync_grace = std::chrono::milliseconds(200 + below(800));
    settings.made_by_reply = below(2) == 0;
    settings.auto_announce = !settings.made_by_reply && below(2) == 0;
    const bool identifying = below(2) == 0;
    Pegboard pegboard(core::Position{}, settings);
    std::vector<PegboardEvent> events;
    std::array<core::Piece, 64> board{};
    for (int s = 0; s < 64; ++s) board[s] = core::Position{}.piece_on(core::Square(s));
    core::Piece held = core::NO_PIECE;
    TimePoint now{};
    for (int step = 0; step < 400; ++step) {
      now += std::chrono::milliseconds(below(250));
      BoardInput input;
      input.time = now - std::chrono::milliseconds(below(4) == 0 ? below(400) : 0);  // read late
      const auto s = core::Square(below(64));
      switch (below(12)) {
        case 0:
        case 1:
        case 2:
          if (board[s] == core::NO_PIECE) continue;
          input.kind = BoardInput::Kind::Lift;
          held = board[s];
          board[s] = core::NO_PIECE;
          break;
        case 3:
        case 4:
        case 5:
          if (board[s] != core::NO_PIECE || held == core::NO_PIECE) continue;
          input.kind = BoardInput::Kind::Place;
          board[s] = held;
          if (identifying) input.piece = held;
          break;
        case 6:
          input.kind = BoardInput::Kind::Scan;
          input.scan.identifies_pieces = identifying;
          for (int q = 0; q < 64; ++q) {
            if (identifying) input.scan.pieces[q] = board[q];
            if (board[q] != core::NO_PIECE) input.scan.occupied |= core::square_bb(core::Square(q));
          }
          break;
        case 7:
          input.kind = BoardInput::Kind::Button;
          input.button = kBoardButtons[below(7)];
          break;
        case 8:
          pegboard.announce(now, events);
          continue;
        case 9:
          pegboard.set_promotion(core::QUEEN, now, events);
          continue;
        case 10:
          if (below(10) == 0) pegboard.set_position(core::Position{}, now, events);
          continue;
        default:
          pegboard.tick(now, events);
          continue;
      }
      input.square = s;
      pegboard.feed(input, events);
    }
    pegboard.tick(now + 10s, events);
    for (std::size_t i = 1; i < events.size(); ++i)
      ASSERT_GE(events[i].time, events[i - 1].time)
          << "round " << round << ": " << describe(events[i - 1]) << " then, earlier, "
          << describe(events[i]);
  }
}

}  // namespace
}  // namespace pegboard_time_order_test
}  // namespace annabella::tactile
