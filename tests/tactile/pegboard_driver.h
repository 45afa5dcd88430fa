// A Pegboard driven with synthetic inputs in synthetic time (the pegboard tests' harness).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tactile/pegboard.h"

namespace annabella::tactile::driver {

using namespace std::chrono_literals;

inline core::Square sq(std::string_view name) {
  return *core::parse_square(name);
}

inline core::Position fen(std::string_view text) {
  auto pos = core::Position::from_fen(text);
  EXPECT_TRUE(pos) << int(pos.error().fault);
  return pos.value_or(core::Position());
}

// Drives a Pegboard with inputs spaced in synthetic time and collects its events.
class Driver {
 public:
  explicit Driver(const core::Position& pos, PegboardSettings settings = {},
                  bool identifying = false)
      : board_(pos, settings), identifying_(identifying), settings_(settings) {}

  Driver& lift(std::string_view square, std::chrono::milliseconds after = 400ms) {
    return input(BoardInput::Kind::Lift, square, core::NO_PIECE, after);
  }
  // On a piece-identifying board the piece is what the board reports; else it is ignored.
  Driver& place(std::string_view square, core::Piece piece = core::NO_PIECE,
                std::chrono::milliseconds after = 400ms) {
    return input(BoardInput::Kind::Place, square, identifying_ ? piece : core::NO_PIECE, after);
  }
  Driver& button(BoardButton b) {
    BoardInput in;
    in.kind = BoardInput::Kind::Button;
    in.button = b;
    now_ += 100ms;
    in.time = now_;
    board_.feed(in, events_);
    return *this;
  }
  Driver& feed(BoardInput in, std::chrono::milliseconds after = 100ms) {
    now_ += after;
    in.time = now_;
    board_.feed(in, events_);
    return *this;
  }
  // Lets time pass, firing every timer due on the way.
  Driver& wait(std::chrono::milliseconds span) {
    const TimePoint end = now_ + span;
    while (auto next = board_.next_deadline()) {
      if (*next > end) break;
      now_ = std::max(now_, *next);
      board_.tick(now_, events_);
    }
    now_ = end;
    board_.tick(now_, events_);
    return *this;
  }
  Driver& settle() { return wait(settings_.settle + 1ms); }
  Driver& announce() {
    board_.announce(now_, events_);
    return *this;
  }

  // The events so far as describe() lines, then forgotten.
  std::vector<std::string> take() {
    std::vector<std::string> lines;
    for (const auto& e : events_) lines.push_back(describe(e));
    taken_.insert(taken_.end(), events_.begin(), events_.end());
    events_.clear();
    return lines;
  }
  const std::vector<PegboardEvent>& taken() const { return taken_; }
  Pegboard& board() { return board_; }
  TimePoint now() const { return now_; }

 private:
  Driver& input(BoardInput::Kind kind, std::string_view square, core::Piece piece,
                std::chrono::milliseconds after) {
    BoardInput in;
    in.kind = kind;
    in.square = sq(square);
    in.piece = piece;
    now_ += after;
    in.time = now_;
    board_.feed(in, events_);
    return *this;
  }
  Pegboard board_;
  bool identifying_;
  PegboardSettings settings_;
  TimePoint now_{};
  std::vector<PegboardEvent> events_;
  std::vector<PegboardEvent> taken_;
};

using Lines = std::vector<std::string>;

// A board button pressed, as the board reports it.
inline BoardInput pressed(BoardButton button) {
  BoardInput input;
  input.kind = BoardInput::Kind::Button;
  input.button = button;
  return input;
}

// The moves made, in order (MoveMade events).
inline std::vector<std::string> made_moves(const Lines& lines) {
  std::vector<std::string> made;
  for (const std::string& line : lines)
    if (line.starts_with("made ")) made.push_back(line.substr(5));
  return made;
}

}  // namespace annabella::tactile::driver
