// Time warnings (D.2.6): which are due at a clock reading, each once per side and period.
#include "core/clock_warnings.h"

#include <algorithm>
#include <functional>

namespace annabella::core {

ClockWarnings::ClockWarnings(WarningThresholds thresholds) : thresholds_(std::move(thresholds)) {
  std::sort(thresholds_.time_left.begin(), thresholds_.time_left.end(), std::greater<>());
}

void ClockWarnings::enter_period(SideState& state, int period) const {
  state.period = period;
  state.armed.assign(thresholds_.time_left.size(), false);
  state.time_fired.assign(thresholds_.time_left.size(), false);
  state.moves_fired.assign(thresholds_.moves_to_time_control.size(), false);
}

std::vector<ClockWarning> ClockWarnings::due(const ClockReading& reading) {
  std::vector<ClockWarning> out;
  if (!reading.timed) return out;
  for (const Color side : {WHITE, BLACK}) {
    if (!thresholds_.sides[side]) continue;
    SideState& state = state_[side];
    if (state.period != reading.period[side]) enter_period(state, reading.period[side]);
    const ClockDuration left = reading.remaining[side];
    for (std::size_t i = 0; i < thresholds_.time_left.size(); ++i) {
      const ClockDuration threshold = thresholds_.time_left[i];
      if (left > threshold) {
        state.armed[i] = true;
      } else if (state.armed[i] && !state.time_fired[i]) {
        state.time_fired[i] = true;
        // A lower threshold passed at the same time makes the higher one stale: say the lowest.
        for (std::size_t j = 0; j < i; ++j) state.time_fired[j] = true;
        std::erase_if(out, [&](const ClockWarning& w) {
          return w.side == side && w.kind == ClockWarning::Kind::TimeLeft;
        });
        out.push_back({ClockWarning::Kind::TimeLeft, side, threshold, 0, reading.time, left});
      }
    }
    const int to_go = reading.moves_to_time_control[side];
    for (std::size_t i = 0; i < thresholds_.moves_to_time_control.size(); ++i) {
      if (to_go > 0 && to_go == thresholds_.moves_to_time_control[i] && !state.moves_fired[i]) {
        state.moves_fired[i] = true;
        out.push_back(
            {ClockWarning::Kind::MovesToTimeControl, side, {}, to_go, reading.time, left});
      }
    }
  }
  return out;
}

std::optional<ClockInstant> ClockWarnings::next_due(const ClockReading& reading) const {
  if (!reading.running || !reading.timed) return std::nullopt;
  const Color side = *reading.running;
  if (!thresholds_.sides[side]) return std::nullopt;
  const SideState& state = state_[side];
  const bool fresh = state.period != reading.period[side];
  std::optional<ClockInstant> next;
  for (std::size_t i = 0; i < thresholds_.time_left.size(); ++i) {
    const ClockDuration threshold = thresholds_.time_left[i];
    const bool fired = !fresh && state.time_fired[i];
    if (fired || reading.remaining[side] <= threshold) continue;
    const ClockInstant when =
        reading.time + reading.delay_left + (reading.remaining[side] - threshold);
    if (!next || when < *next) next = when;
  }
  return next;
}

}  // namespace annabella::core
