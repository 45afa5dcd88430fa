// The time-control model: which period a move belongs to, and whether a control is well formed.
#include "core/time_control_model.h"

#include <algorithm>
#include <cassert>

namespace annabella::core {

using std::chrono::milliseconds;

namespace {

// The index into `periods` and the repetition count of move `move_number` (1-based).
struct PeriodPosition {
  std::size_t index = 0;
  int number = 0;     // period number counting repetitions of the last period
  int last_move = 0;  // the last move number of this period; 0 = sudden death
};

PeriodPosition locate(const std::vector<Period>& periods, int move_number) {
  assert(!periods.empty());
  int first = 1;  // first move number of the period under inspection
  for (std::size_t i = 0; i < periods.size(); ++i) {
    const Period& p = periods[i];
    if (p.moves <= 0) return {i, static_cast<int>(i), 0};
    if (move_number < first + p.moves) return {i, static_cast<int>(i), first + p.moves - 1};
    if (i + 1 == periods.size()) {
      // The last period has a move count: it repeats.
      const int beyond = move_number - first;
      const int repeat = beyond / p.moves;
      return {i, static_cast<int>(i) + repeat, first + (repeat + 1) * p.moves - 1};
    }
    first += p.moves;
  }
  return {periods.size() - 1, static_cast<int>(periods.size()) - 1, 0};
}

}  // namespace

const Period& TimeControl::period_of_move(int move_number) const {
  return periods[locate(periods, std::max(move_number, 1)).index];
}

int TimeControl::period_number_of_move(int move_number) const {
  return locate(periods, std::max(move_number, 1)).number;
}

bool TimeControl::completes_period(int move_number) const {
  if (kind != Kind::Periods || periods.empty() || move_number < 1) return false;
  return locate(periods, move_number).last_move == move_number;
}

int TimeControl::moves_to_time_control(int moves_completed) const {
  if (kind != Kind::Periods || periods.empty()) return 0;
  const PeriodPosition at = locate(periods, std::max(moves_completed, 0) + 1);
  return at.last_move == 0 ? 0 : at.last_move - moves_completed;
}

bool TimeControl::in_last_period(int moves_completed) const {
  if (kind != Kind::Periods || periods.empty()) return false;
  return locate(periods, std::max(moves_completed, 0) + 1).last_move == 0;
}

Result<void, TimeControlError> check_time_control(const TimeControl& control) {
  using Kind = TimeControlError::Kind;
  const auto wrong = [](Kind kind, std::size_t period = 0) {
    return fail_with(TimeControlError{.kind = kind, .number = static_cast<long long>(period)});
  };
  constexpr milliseconds kLongest = std::chrono::hours(1000);  // both forms can write it
  if (control.kind == TimeControl::Kind::Hourglass) {
    if (control.periods.empty() || control.periods.front().time <= milliseconds::zero())
      return wrong(Kind::HourglassWithoutTime);
    if (control.periods.front().time > kLongest) return wrong(Kind::OverThousandHours);
  }
  if (control.kind != TimeControl::Kind::Periods) return {};
  if (control.periods.empty()) return wrong(Kind::NoPeriod);
  for (std::size_t i = 0; i < control.periods.size(); ++i) {
    const Period& p = control.periods[i];
    if (p.moves == 0 && i + 1 != control.periods.size())
      return wrong(Kind::SuddenDeathNotLast, i + 1);
    if (p.moves < 0) return wrong(Kind::NegativeMoveCount, i + 1);
    if (p.time < milliseconds::zero() || p.increment < milliseconds::zero() ||
        p.delay < milliseconds::zero())
      return wrong(Kind::NegativeTime, i + 1);
    if (p.time > kLongest || p.increment > kLongest || p.delay > kLongest)
      return wrong(Kind::OverThousandHours, i + 1);
    if (p.moves > 100'000) return wrong(Kind::TooManyMoves, i + 1);
  }
  if (control.periods.front().time <= milliseconds::zero())
    return wrong(Kind::FirstPeriodWithoutTime);
  return {};
}

}  // namespace annabella::core
