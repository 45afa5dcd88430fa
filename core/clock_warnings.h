// Time warnings the VI player chooses (D.2.6: a clock that tells the time; D.2.10.4: only on the
// player's request, so every warning is opt-in): "10 minutes left", "5 moves to the time
// control". Off unless thresholds are configured. This decides which warnings are due; speaking
// them is the speech side's job (speech/phrases).
//
// Each warning fires once per side and period: a time threshold when the side's remaining time
// falls to it or below (only if it was seen above it in that period, so a 3-minute game never
// says "5 minutes left"); a move threshold when the side has exactly that many moves left to
// complete before the next time control. A new period (time added at a time control) arms
// every warning again.
#pragma once

#include <array>
#include <optional>
#include <vector>

#include "core/clock.h"

namespace annabella::core {

struct WarningThresholds {
  std::vector<ClockDuration> time_left;    // e.g. 10, 5, 1 minutes
  std::vector<int> moves_to_time_control;  // e.g. 5
  std::array<bool, 2> sides{true, true};   // warn for White, for Black (usually the VI player)

  [[nodiscard]] bool empty() const { return time_left.empty() && moves_to_time_control.empty(); }
};

struct ClockWarning {
  enum class Kind : unsigned char { TimeLeft, MovesToTimeControl };
  Kind kind = Kind::TimeLeft;
  Color side = WHITE;
  ClockDuration threshold{};  // TimeLeft: the threshold passed
  int moves = 0;              // MovesToTimeControl: moves still to complete
  ClockInstant time{};        // when it was found due (the reading's time)
  ClockDuration remaining{};  // the side's time then

  friend bool operator==(const ClockWarning&, const ClockWarning&) = default;
};

class ClockWarnings {
 public:
  explicit ClockWarnings(WarningThresholds thresholds);

  // The warnings due at `reading` that have not fired yet, largest time threshold first; they
  // count as fired from now on. Call it at every clock event and at next_due().
  std::vector<ClockWarning> due(const ClockReading& reading);
  // When the next time warning falls due if no event comes first (for the worker that wakes up
  // to give it); none when nothing is pending.
  [[nodiscard]] std::optional<ClockInstant> next_due(const ClockReading& reading) const;

  [[nodiscard]] const WarningThresholds& thresholds() const { return thresholds_; }

 private:
  struct SideState {
    int period = -1;
    std::vector<bool> armed;       // by time threshold: seen above it in this period
    std::vector<bool> time_fired;  // by time threshold
    std::vector<bool> moves_fired;
  };
  void enter_period(SideState& state, int period) const;

  WarningThresholds thresholds_;
  std::array<SideState, 2> state_;
};

}  // namespace annabella::core
