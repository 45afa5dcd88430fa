// Whole games replayed into the Pegboard in synthetic time: the independent board emulator's
// hand orders (tests/tactile/hand_emulator.h) fed straight in, with no pty and no scheduler in
// between, so a game the recogniser misjudges is misjudged on every run. Shared by
// tests/tactile/pegboard_replay_test.cpp and `bench_recognition --replay` (many more games).
//
// Header only.
#pragma once

#include <algorithm>
#include <string>
#include <vector>

#include "core/notation.h"
#include "tactile/pegboard.h"
#include "tests/tactile/hand_emulator.h"

namespace annabella::emulator {

struct Replay {
  std::vector<core::Move> played;
  std::vector<core::Move> made;
  std::vector<tactile::PegboardEvent> events;
  std::string log;  // the board's events and the hands' actions, by time
  bool time_ordered = true;
  OrderCounts counts;

  // Moves made in the game's order before the first difference.
  [[nodiscard]] std::size_t recognised() const {
    std::size_t k = 0;
    while (k < made.size() && k < played.size() && made[k] == played[k]) ++k;
    return k;
  }
  // A move recorded that was not played: worse than any question (D.2.1).
  [[nodiscard]] bool wrong_record() const { return recognised() < made.size(); }
  [[nodiscard]] bool says(const std::string& what) const {
    return log.find(what) != std::string::npos;
  }
};

// The recogniser's times for hands `factor` times a person's pace (Pace::faster): the settle
// time and the sensor-bounce window divided alike. A window left at 30 ms while the hands' pauses
// within a move (100 ms at a person's pace) are divided swallows real touches from a factor of
// 3.3 on: a capture's removal and placement on one square 28 ms apart read as bounce.
inline tactile::PegboardSettings settings_at(double factor, bool watch) {
  const tactile::PegboardSettings person;
  tactile::PegboardSettings s;
  s.settle = std::chrono::milliseconds(
      static_cast<long>(static_cast<double>(person.settle.count()) / factor));
  s.bounce = std::chrono::milliseconds(
      static_cast<long>(static_cast<double>(person.bounce.count()) / factor));
  s.made_by_reply = watch;
  s.auto_announce = !watch;
  return s;
}

// Plays one random game's hand orders into a Pegboard as the bench's reading does.
inline Replay replay(Wire wire, tactile::PegboardSettings settings, std::uint32_t seed, int plies,
                     Pace pace) {
  using namespace std::chrono_literals;
  using tactile::TimePoint;
  Replay r;
  r.played = random_game({seed, plies});
  HandOrders orders(wire, pace, seed + 1);
  const auto actions = actions_of(r.played, orders, r.counts).actions;
  tactile::Pegboard board(core::Position{}, settings);
  TimePoint now{};
  std::vector<std::pair<TimePoint, std::string>> lines;
  const auto until = [&](TimePoint end) {
    while (const auto next = board.next_deadline()) {
      if (*next > end) break;
      board.tick(std::max(now, *next), r.events);
    }
    now = end;
  };
  const auto inputs = inputs_of(wire, actions, TimePoint{});
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    until(inputs[i].time);
    lines.emplace_back(now, "    hand: " + describe(actions[i]));
    board.feed(inputs[i], r.events);
  }
  until(now + 2s);
  // Nobody replies to the last move: it is announced when the board is quiet.
  if (board.completed_move()) board.announce(now, r.events);
  for (std::size_t i = 0; i < r.events.size(); ++i) {
    const tactile::PegboardEvent& e = r.events[i];
    if (e.kind == tactile::PegboardEvent::Kind::MoveMade) r.made.push_back(e.move);
    if (i > 0 && e.time < r.events[i - 1].time) r.time_ordered = false;
    lines.emplace_back(e.time, describe(e));
  }
  std::stable_sort(lines.begin(), lines.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [time, text] : lines)
    r.log += std::to_string((time - TimePoint{}) / 1ms) + " " + text + "\n";
  return r;
}

}  // namespace annabella::emulator
