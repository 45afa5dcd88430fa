// The chess clock (Art. 6, D.2.4, D.2.9).
#include "core/clock.h"

#include <algorithm>

#include "core/pgn_comment.h"

namespace annabella::core {

namespace {

const Period kNoPeriod{};

}  // namespace

std::string_view clock_event_name(ClockEvent event) {
  switch (event) {
    case ClockEvent::Start:
      return "start";
    case ClockEvent::Press:
      return "press";
    case ClockEvent::Pause:
      return "pause";
    case ClockEvent::Resume:
      return "resume";
    case ClockEvent::SetTime:
      return "set time";
    case ClockEvent::AddTime:
      return "add time";
    case ClockEvent::Increment:
      return "increment";
    case ClockEvent::SetMoves:
      return "set moves";
    case ClockEvent::Readjust:
      return "readjust";
    case ClockEvent::Flag:
      return "flag";
    case ClockEvent::Stop:
      return "stop";
  }
  return "press";
}

// ---------------------------------------------------------------------------------------------
// ClockReading

ClockReading ClockReading::at(ClockInstant later) const {
  ClockReading r = *this;
  r.time = later;
  if (!running || !timed || later <= time) return r;
  const ClockDuration passed = later - time;
  const Color side = *running;
  r.remaining[side] -= std::max(ClockDuration::zero(), passed - delay_left);
  r.delay_left = std::max(ClockDuration::zero(), delay_left - passed);
  if (hourglass) r.remaining[~side] += passed;
  return r;
}

std::optional<ClockInstant> ClockReading::expiry() const {
  if (!running || !timed) return std::nullopt;
  return time + delay_left + remaining[*running];
}

// ---------------------------------------------------------------------------------------------
// ChessClock

ChessClock::ChessClock(TimeControl control) : control_(std::move(control)) {
  if (timed() && !control_.periods.empty()) base_.fill(control_.periods.front().time);
  plies_.push_back(ClockPly{0, {}, WHITE, base_, moves_, {}});
}

bool ChessClock::timed() const {
  return (control_.kind == TimeControl::Kind::Periods ||
          control_.kind == TimeControl::Kind::Hourglass) &&
         !control_.periods.empty();
}

const Period& ChessClock::period_of(Color side) const {
  if (control_.kind != TimeControl::Kind::Periods || control_.periods.empty()) return kNoPeriod;
  return control_.period_of_move(moves_[side] + 1);
}

std::optional<Color> ChessClock::running() const {
  if (!started_ || paused_ || stopped_) return std::nullopt;
  return turn_;
}

ClockDuration ChessClock::elapsed_at(ClockInstant now) const {
  if (!running()) return turn_elapsed_;
  return turn_elapsed_ + std::max(ClockDuration::zero(), now - segment_start_);
}

ClockDuration ChessClock::shown(Color side, ClockInstant now) const {
  if (!timed() || !started_ || stopped_) return base_[side];
  const ClockDuration elapsed = elapsed_at(now);
  if (side == turn_) {
    const Period& p = period_of(side);
    if (p.delay_kind == DelayKind::Simple)
      return base_[side] - std::max(ClockDuration::zero(), elapsed - p.delay);  // Art. 6.2 delay
    return base_[side] - elapsed;  // Bronstein gives the time back only after the move
  }
  if (control_.kind == TimeControl::Kind::Hourglass) return base_[side] + elapsed;
  return base_[side];
}

ClockDuration ChessClock::remaining(Color side, ClockInstant now) const {
  return shown(side, now);
}

ClockDuration ChessClock::used(Color side, ClockInstant now) const {
  ClockDuration total{};
  for (std::size_t i = 1; i < plies_.size(); ++i)
    if (plies_[i - 1].to_move == side) total += plies_[i].elapsed;  // the mover of ply i
  if (started_ && !stopped_ && turn_ == side) total += elapsed_at(now);
  return total;
}

std::optional<ClockInstant> ChessClock::expiry_of_running() const {
  if (!timed() || !running()) return std::nullopt;
  const Period& p = period_of(turn_);
  const ClockDuration wait = p.delay_kind == DelayKind::Simple ? p.delay : ClockDuration::zero();
  return segment_start_ + (base_[turn_] + wait - turn_elapsed_);
}

std::optional<ClockInstant> ChessClock::expiry() const {
  return expiry_of_running();
}

ClockReading ChessClock::reading(ClockInstant now) const {
  ClockReading r;
  r.time = now;
  r.remaining = {shown(WHITE, now), shown(BLACK, now)};
  r.moves_completed = moves_;
  r.moves_to_time_control = {control_.moves_to_time_control(moves_[WHITE]),
                             control_.moves_to_time_control(moves_[BLACK])};
  if (control_.kind == TimeControl::Kind::Periods && timed())
    r.period = {control_.period_number_of_move(moves_[WHITE] + 1),
                control_.period_number_of_move(moves_[BLACK] + 1)};
  r.running = running();
  r.paused = started_ && paused_ && !stopped_;
  r.hourglass = control_.kind == TimeControl::Kind::Hourglass;
  r.timed = timed();
  if (r.running) {
    const Period& p = period_of(turn_);
    if (p.delay_kind == DelayKind::Simple)
      r.delay_left = std::max(ClockDuration::zero(), p.delay - elapsed_at(now));
  }
  return r;
}

std::vector<FlagFall> ChessClock::flags(ClockInstant now) const {
  std::vector<FlagFall> down = flags_;
  const auto when = expiry_of_running();
  const bool already =
      std::any_of(down.begin(), down.end(), [&](const FlagFall& f) { return f.side == turn_; });
  if (when && *when <= now && !already)
    down.push_back(
        FlagFall{turn_, *when, control_.period_number_of_move(moves_[turn_] + 1), moves_[turn_]});
  return down;
}

ClockLogEntry& ChessClock::append(ClockEvent event, ClockInstant now, Color side,
                                  std::string note) {
  ClockLogEntry entry;
  entry.event = event;
  entry.time = now;
  entry.side = side;
  entry.remaining = {shown(WHITE, now), shown(BLACK, now)};
  entry.moves_completed = moves_;
  entry.ply = ply();
  entry.note = std::move(note);
  log_.push_back(std::move(entry));
  last_event_ = std::max(last_event_, now);
  return log_.back();
}

void ChessClock::note_flag(ClockInstant now) {
  const auto down = flags(now);
  if (down.size() == flags_.size()) return;
  const FlagFall fell = down.back();
  flags_.push_back(fell);
  // Art. 6.9: the flag fell at the instant the display reached zero, whenever it is noticed.
  append(ClockEvent::Flag, fell.time, fell.side, {});
}

ClockStatus ChessClock::check_time(ClockInstant now, ClockError::Operation operation) const {
  if (started_ && now < last_event_)
    return fail_with(ClockError{.kind = ClockError::Kind::EarlierInstant, .operation = operation});
  return {};
}

void ChessClock::fold_segment(ClockInstant now) {
  if (!running()) return;
  turn_elapsed_ += std::max(ClockDuration::zero(), now - segment_start_);
  segment_start_ = now;
}

void ChessClock::raise_flag_if_time(Color side, ClockInstant now) {
  if (shown(side, now) <= ClockDuration::zero()) return;
  std::erase_if(flags_, [&](const FlagFall& f) { return f.side == side; });
}

ClockStatus ChessClock::start(ClockInstant now, Color first) {
  if (started_) return fail_with(ClockError{.kind = ClockError::Kind::AlreadyStarted});
  started_ = true;
  turn_ = first;
  segment_start_ = now;
  turn_elapsed_ = ClockDuration::zero();
  last_event_ = now;
  plies_.front().time = now;
  plies_.front().to_move = first;
  plies_.front().remaining = base_;
  append(ClockEvent::Start, now, first, {});  // Art. 6.6
  return {};
}

bool ChessClock::made_before_pause(ClockInstant now) const {
  if (!started_ || stopped_ || !paused_ || log_.size() < 2 || now >= last_event_) return false;
  const ClockLogEntry& pause = log_.back();
  return pause.event == ClockEvent::Pause && pause.time == last_event_ &&
         now >= log_[log_.size() - 2].time;
}

Result<ClockLogEntry, ClockError> ChessClock::press(Color mover, ClockInstant now) {
  if (!started_) return fail_with(ClockError{.kind = ClockError::Kind::NotStarted});
  if (stopped_) return fail_with(ClockError{.kind = ClockError::Kind::Stopped});
  if (mover != turn_)
    return fail_with(ClockError{.kind = ClockError::Kind::NotToMove, .side = turn_});
  if (made_before_pause(now)) {
    // D.2.4: the move was made at `now`, before the pause: the pause is taken back, the move
    // pressed at `now`, and the pause made again at its instant, where it now stops the
    // opponent's clock (Art. 6.11.1). The log keeps the time order.
    const ClockLogEntry pause = log_.back();
    log_.pop_back();
    paused_ = false;
    turn_elapsed_ -= pause.time - now;  // the run up to the move only
    segment_start_ = now;
    last_event_ = log_.back().time;
    auto pressed = press(mover, now);
    [[maybe_unused]] auto paused = this->pause(pause.time, pause.note);
    return pressed;
  }
  if (auto ok = check_time(now, ClockError::Operation::Press); !ok) return fail_with(ok.error());

  note_flag(now);
  const ClockDuration elapsed = elapsed_at(now);
  const Period period = period_of(mover);
  if (control_.kind == TimeControl::Kind::Hourglass) {
    base_[mover] -= elapsed;
    base_[~mover] += elapsed;
  } else if (timed()) {
    ClockDuration used = elapsed;
    if (period.delay_kind == DelayKind::Simple)
      used = std::max(ClockDuration::zero(), elapsed - period.delay);
    else if (period.delay_kind == DelayKind::Bronstein)
      used = elapsed - std::min(elapsed, ClockDuration(period.delay));
    base_[mover] -= used;
    base_[mover] += period.increment;  // Fischer increment, after every move
  }
  ++moves_[mover];
  ClockDuration added{};
  const bool control_reached = control_.kind == TimeControl::Kind::Periods && timed() &&
                               control_.completes_period(moves_[mover]);
  if (control_reached) {
    added = control_.period_of_move(moves_[mover] + 1).time;
    base_[mover] += added;
  }
  turn_ = ~mover;
  segment_start_ = now;
  turn_elapsed_ = ClockDuration::zero();

  const int next_period = control_.kind == TimeControl::Kind::Periods && timed()
                              ? control_.period_number_of_move(moves_[mover] + 1)
                              : 0;
  plies_.push_back(
      ClockPly{ply() + 1, now, turn_, {shown(WHITE, now), shown(BLACK, now)}, moves_, elapsed});
  ClockLogEntry& entry = append(ClockEvent::Press, now, mover, {});
  entry.elapsed = elapsed;
  entry.added = added;
  entry.period = next_period;
  entry.period_change = control_reached;
  return entry;
}

ClockStatus ChessClock::pause(ClockInstant now, std::string reason) {
  if (!started_ || stopped_) return fail_with(ClockError{.kind = ClockError::Kind::NothingToPause});
  if (paused_) return fail_with(ClockError{.kind = ClockError::Kind::AlreadyPaused});
  if (auto ok = check_time(now, ClockError::Operation::Pause); !ok) return ok;
  note_flag(now);
  fold_segment(now);
  paused_ = true;
  append(ClockEvent::Pause, now, turn_, std::move(reason));  // Art. 6.11.1
  return {};
}

ClockStatus ChessClock::resume(ClockInstant now) {
  if (!paused_ || stopped_) return fail_with(ClockError{.kind = ClockError::Kind::NotPaused});
  if (auto ok = check_time(now, ClockError::Operation::Restart); !ok) return ok;
  paused_ = false;
  segment_start_ = now;
  append(ClockEvent::Resume, now, turn_, {});
  return {};
}

ClockStatus ChessClock::stop(ClockInstant now, std::string reason) {
  if (!started_ || stopped_) return fail_with(ClockError{.kind = ClockError::Kind::NothingToStop});
  if (auto ok = check_time(now, ClockError::Operation::Stop); !ok) return ok;
  note_flag(now);
  const std::array<ClockDuration, 2> final_times{shown(WHITE, now), shown(BLACK, now)};
  base_ = final_times;
  turn_elapsed_ = ClockDuration::zero();
  stopped_ = true;
  append(ClockEvent::Stop, now, turn_, std::move(reason));
  return {};
}

ClockStatus ChessClock::set_remaining(Color side, ClockDuration time, ClockInstant now,
                                      std::string reason) {
  if (auto ok = check_time(now, ClockError::Operation::Adjustment); !ok) return ok;
  note_flag(now);
  fold_segment(now);
  base_[side] += time - shown(side, now);
  raise_flag_if_time(side, now);
  if (!started_) plies_.front().remaining = base_;
  append(ClockEvent::SetTime, now, side, std::move(reason));  // Art. 6.10.2
  return {};
}

ClockStatus ChessClock::add_time(Color side, ClockDuration time, ClockInstant now,
                                 std::string reason) {
  if (auto ok = check_time(now, ClockError::Operation::Adjustment); !ok) return ok;
  note_flag(now);
  fold_segment(now);
  base_[side] += time;
  raise_flag_if_time(side, now);
  if (!started_) plies_.front().remaining = base_;
  ClockLogEntry& entry = append(ClockEvent::AddTime, now, side, std::move(reason));
  entry.added = time;
  return {};
}

ClockStatus ChessClock::add_increment(ClockDuration increment, ClockInstant now,
                                      std::string reason) {
  if (increment <= ClockDuration::zero())
    return fail_with(ClockError{.kind = ClockError::Kind::IncrementNotPositive});
  if (control_.kind != TimeControl::Kind::Periods || !timed())
    return fail_with(ClockError{.kind = ClockError::Kind::IncrementNeedsPeriods});
  for (const Period& period : control_.periods)
    if (period.increment.count() > 0 || period.delay_kind != DelayKind::None)
      return fail_with(ClockError{.kind = ClockError::Kind::IncrementOrDelayAlready});
  if (auto ok = check_time(now, ClockError::Operation::Increment); !ok) return ok;
  note_flag(now);
  fold_segment(now);
  for (Period& period : control_.periods)
    period.increment = std::chrono::duration_cast<std::chrono::milliseconds>(increment);
  ClockLogEntry& entry = append(ClockEvent::Increment, now, turn_, std::move(reason));
  entry.added = increment;
  return {};
}

ClockStatus ChessClock::set_moves_completed(Color side, int moves, ClockInstant now,
                                            std::string reason) {
  if (moves < 0) return fail_with(ClockError{.kind = ClockError::Kind::NegativeMoveCounter});
  if (auto ok = check_time(now, ClockError::Operation::Adjustment); !ok) return ok;
  note_flag(now);
  fold_segment(now);
  // Keep the displayed time across a change of period (and so of delay).
  const ClockDuration before = shown(side, now);
  moves_[side] = moves;
  base_[side] += before - shown(side, now);
  append(ClockEvent::SetMoves, now, side, std::move(reason));  // Art. 6.10.2
  return {};
}

ClockStatus ChessClock::readjust_to_ply(int ply, ClockInstant now, std::string reason) {
  if (ply < 0 || ply > this->ply())
    return fail_with(
        ClockError{.kind = ClockError::Kind::NoSuchPly, .ply = ply, .plies = this->ply()});
  if (auto ok = check_time(now, ClockError::Operation::Readjustment); !ok) return ok;
  if (running()) note_flag(now);
  const ClockPly target = plies_[static_cast<std::size_t>(ply)];
  base_ = target.remaining;
  moves_ = target.moves_completed;
  turn_ = target.to_move;
  turn_elapsed_ = ClockDuration::zero();
  segment_start_ = now;
  if (started_) stopped_ = false;
  plies_.resize(static_cast<std::size_t>(ply) + 1);
  raise_flag_if_time(WHITE, now);
  raise_flag_if_time(BLACK, now);
  append(ClockEvent::Readjust, now, turn_, std::move(reason));  // D.2.9: to `ply` (entry.ply)
  return {};
}

Result<ClockPly, ClockError> ChessClock::times_at_ply(int ply) const {
  if (ply < 0 || ply > this->ply())
    return fail_with(
        ClockError{.kind = ClockError::Kind::NoSuchPly, .ply = ply, .plies = this->ply()});
  return plies_[static_cast<std::size_t>(ply)];
}

GameResult flag_fall_result(const Position& pos, Color flagged) {
  if (!can_checkmate(pos, ~flagged)) return GameResult::Draw;  // Art. 6.9
  return flagged == WHITE ? GameResult::BlackWins : GameResult::WhiteWins;
}

std::string pgn_clk(const ClockPly& ply) {
  return "[%clk " +
         format_clock(
             std::chrono::duration_cast<std::chrono::milliseconds>(ply.remaining[~ply.to_move])) +
         "]";
}

std::string pgn_emt(const ClockPly& ply) {
  return "[%emt " +
         format_clock(std::chrono::duration_cast<std::chrono::milliseconds>(ply.elapsed)) + "]";
}

}  // namespace annabella::core
