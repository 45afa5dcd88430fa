// The time-control model (Art. 6): periods by move count, increment, delay, sudden death,
// hourglass; which period a move belongs to; whether a control is well formed.
// A period with a move count that is the last one repeats (40 moves in 2 h, then 40 more in
// another 2 h ...), as in the PGN standard's "40/7200" and in classic tournament rules.
#pragma once

#include <chrono>
#include <vector>

#include "core/result.h"

namespace annabella::core {

enum class DelayKind : unsigned char {
  None,
  Simple,     // US delay: the clock waits `delay` before it starts to count down (Art. 6.2)
  Bronstein,  // after the move, the time used is given back, at most `delay`
};

// One period of a time control. moves == 0: the rest of the game (sudden death).
struct Period {
  int moves = 0;
  std::chrono::milliseconds time{0};       // time added when the period begins
  std::chrono::milliseconds increment{0};  // Fischer increment, added after every move made in it
  std::chrono::milliseconds delay{0};
  DelayKind delay_kind = DelayKind::None;

  friend bool operator==(const Period&, const Period&) = default;
};

struct TimeControl {
  enum class Kind : unsigned char {
    Periods,    // the usual: one or more periods
    Hourglass,  // the time one player uses is added to the other's (PGN "*180")
    Unknown,    // PGN "?"
    Untimed,    // PGN "-"
  };
  Kind kind = Kind::Periods;
  std::vector<Period> periods;  // Periods: at least one; Hourglass: one, time only

  friend bool operator==(const TimeControl&, const TimeControl&) = default;

  // The period that move `move_number` (1-based) of a player belongs to, repeating the last
  // period when it has a move count.
  [[nodiscard]] const Period& period_of_move(int move_number) const;
  // The number of the period (0 = the first; a repeating last period counts on: 40 moves in 2 h
  // repeated gives 0 for moves 1..40, 1 for moves 41..80 ...) that move `move_number` belongs to.
  [[nodiscard]] int period_number_of_move(int move_number) const;
  // Whether move `move_number` is the last of its period: completing it is reaching the time
  // control, and the next period's time is added (move 40 of "90 min/40 moves + 30 min").
  [[nodiscard]] bool completes_period(int move_number) const;
  // How many moves a player who has completed `moves_completed` must still complete to reach the
  // next time control; 0 in a sudden-death period (none to reach).
  [[nodiscard]] int moves_to_time_control(int moves_completed) const;
  // Whether a player who has completed `moves_completed` moves plays in the period in which all
  // remaining moves must be made (sudden death: the "quickplay finish" of Guidelines III.1).
  // False for an hourglass, an unknown or an untimed control, which have no such period.
  [[nodiscard]] bool in_last_period(int moves_completed) const;
};

// Whether `control` is one both written forms can hold: periods in order (sudden death last),
// times from zero to 1000 hours, a first period with time. The error says what is wrong.
[[nodiscard]] Status check_time_control(const TimeControl& control);

}  // namespace annabella::core
