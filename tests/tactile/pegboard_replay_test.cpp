// Whole games replayed into the Pegboard in synthetic time: the independent board emulator's
// hand orders (tests/tactile/hand_emulator.h) fed straight in, with no pty and no scheduler in
// between, so a game the recogniser misjudges is misjudged on every run (the pty-based
// BoardRecognition tests and bench_recognition play the same games in real time).
#include <gtest/gtest.h>

#include "core/notation.h"
#include "tactile/pegboard.h"
#include "tests/tactile/hand_emulator.h"

namespace annabella::tactile {
namespace {

using namespace std::chrono_literals;
using emulator::Wire;
using Kind = PegboardEvent::Kind;

struct Replay {
  std::vector<core::Move> played;
  std::vector<core::Move> made;
  std::vector<PegboardEvent> events;
  std::string log;
  bool time_ordered = true;
};

// Plays one random game's hand orders into a Pegboard as the bench's reading does.
Replay replay(Wire wire, PegboardSettings settings, std::uint32_t seed, int plies,
              emulator::Pace pace) {
  Replay r;
  r.played = emulator::random_game(seed, plies);
  emulator::HandOrders orders(wire, pace, seed + 1);
  emulator::OrderCounts counts;
  const auto actions = emulator::actions_of(r.played, orders, counts).actions;
  Pegboard board(core::Position{}, settings);
  TimePoint now{};
  std::vector<std::pair<TimePoint, std::string>> lines;
  const auto until = [&](TimePoint end) {
    while (const auto next = board.next_deadline()) {
      if (*next > end) break;
      board.tick(std::max(now, *next), r.events);
    }
    now = end;
  };
  const auto inputs = emulator::inputs_of(wire, actions, TimePoint{});
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    until(inputs[i].time);
    lines.emplace_back(now, "    hand: " + emulator::describe(actions[i]));
    board.feed(inputs[i], r.events);
  }
  until(now + 2s);
  // Nobody replies to the last move: it is announced when the board is quiet.
  if (board.completed_move()) board.announce(now, r.events);
  for (std::size_t i = 0; i < r.events.size(); ++i) {
    const PegboardEvent& e = r.events[i];
    if (e.kind == Kind::MoveMade) r.made.push_back(e.move);
    if (i > 0 && e.time < r.events[i - 1].time) r.time_ordered = false;
    lines.emplace_back(e.time, describe(e));
  }
  std::stable_sort(lines.begin(), lines.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [time, text] : lines)
    r.log += std::to_string((time - TimePoint{}) / 1ms) + " " + text + "\n";
  return r;
}

// The bench's games (bench_recognition --games 2 --plies 60 --seed 1..5: seeds s and s + 97)
// at its pace (2.5 times a person's, settle 100 ms), on both boards, in both readings. Peg board
// watch, seed 1, is where a bishop's slide through b4 once read as Nb4 Bxb4.
TEST(PegboardReplay, TheBenchsGamesAreRecognisedWhole) {
  for (const Wire wire : {Wire::Peg, Wire::Dgt}) {
    for (const bool watch : {true, false}) {
      for (std::uint32_t first = 1; first <= 5; ++first) {
        for (const std::uint32_t seed : {first, first + 97}) {
          PegboardSettings settings;
          settings.settle = 100ms;
          settings.made_by_reply = watch;
          settings.auto_announce = !watch;
          const Replay r = replay(wire, settings, seed, 60, emulator::Pace{}.faster(2.5));
          const std::string what = std::string(wire == Wire::Peg ? "peg " : "DGT ") +
                                   (watch ? "board watch" : "e-board") + ", seed " +
                                   std::to_string(seed);
          EXPECT_EQ(emulator::numbered_uci(r.made), emulator::numbered_uci(r.played))
              << what << "\n"
              << r.log;
          EXPECT_TRUE(r.time_ordered) << what << "\n" << r.log;
          EXPECT_EQ(r.log.find("out of sync"), std::string::npos) << what << "\n" << r.log;
          EXPECT_EQ(r.log.find("illegal"), std::string::npos) << what << "\n" << r.log;
        }
      }
    }
  }
}

}  // namespace
}  // namespace annabella::tactile
