// The chess clock (Art. 6, D.2.4, D.2.6, D.2.9): a model with time passed in, never read.
//
// Every call carries the instant it happened (the time stamp of the event that caused it: the
// pegboard's "made" of D.2.3, an arbiter's key); the clock charges time from those instants
// only, so it is exact whatever thread or device delivered the event and however late.
//
// What it keeps:
//   - both players' remaining times and moves completed; the running side (none before start,
//     while paused and after stop);
//   - time controls by period: the next period's time is added when the last move of a period
//     is completed (the 40th of "90 min/40 moves + 30 min"); Fischer increments are added after
//     each move; simple (US) delay: the clock waits `delay` before it counts down; Bronstein:
//     the time used is given back after the move, at most `delay`; hourglass: the time one
//     player uses is added to the other's;
//   - flags: the instant each flag fell (when the display reached 0:00:00), in the order they
//     fell, found whenever the clock is asked or pressed, however late (Art. 6.9, Art. 6.11.1);
//   - the clock log: one entry for every start, press, pause, resume, adjustment and flag, with
//     its time stamp, who, and both times after it; and the times after every ply, from which
//     PGN [%clk]/[%emt] comments and the D.2.9 readjustment are made.
//
// Remaining times may go below zero after a flag fell: the clock keeps counting, as the arbiter
// may not have seen the flag (Art. 6.9: a flag counts when the arbiter observes it or a player
// claims it); the game's decision is the caller's (flag_fall_result, core::Game::flag_fall).
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/result.h"
#include "core/time_control.h"
#include "core/types.h"

namespace annabella::core {

using ClockInstant = std::chrono::steady_clock::time_point;
using ClockDuration = std::chrono::steady_clock::duration;  // nanoseconds: no rounding anywhere

// What the clock shows at one instant, and enough to project it forward (displays refresh from
// a reading without asking the clock again until the next event).
struct ClockReading {
  ClockInstant time{};
  std::array<ClockDuration, 2> remaining{};  // as displayed at `time`, by colour
  std::array<int, 2> moves_completed{};
  std::array<int, 2> moves_to_time_control{};  // 0 in a sudden-death period
  std::array<int, 2> period{};                 // the period (0 = first) of each side's next move
  std::optional<Color> running;                // the side whose clock runs (none if paused)
  bool paused = false;
  ClockDuration delay_left{};  // simple delay still to wait before the running clock counts down
  bool hourglass = false;      // the waiting side's time grows while the other's runs
  bool timed = true;           // false for an Unknown or Untimed control: no flag ever falls

  // The reading at a later instant, assuming no event in between.
  [[nodiscard]] ClockReading at(ClockInstant later) const;
  // When the running side's flag falls if nobody presses; none when no clock runs.
  [[nodiscard]] std::optional<ClockInstant> expiry() const;
};

struct FlagFall {
  Color side = WHITE;
  ClockInstant time{};      // the instant the display reached zero
  int period = 0;           // the period (0 = first) the flag fell in
  int moves_completed = 0;  // moves the flagged player had completed
};

enum class ClockEvent : unsigned char {
  Start,      // the arbiter starts the first player's clock (Art. 6.6)
  Press,      // a move made (D.2.3, D.2.4): the mover's clock stops, the opponent's starts
  Pause,      // the arbiter pauses the clocks (Art. 6.11.1)
  Resume,     // the arbiter restarts them
  SetTime,    // the arbiter sets a time (Art. 6.10.2)
  AddTime,    // the arbiter adds time (Art. 7.5.5: two minutes to the opponent)
  Increment,  // Guidelines III.4: an increment introduced for both players mid-game
  SetMoves,   // the arbiter corrects a move counter (Art. 6.10.2)
  Readjust,   // D.2.9: the clocks set back to the times after an earlier ply
  Flag,       // a flag fell
  Stop,       // the game ended; the clocks stop
};
// "press", "flag", ...
[[nodiscard]] std::string_view clock_event_name(ClockEvent event);

struct ClockLogEntry {
  ClockEvent event = ClockEvent::Start;
  ClockInstant time{};
  Color side = WHITE;                        // who pressed, whose time was set or whose flag fell
  std::array<ClockDuration, 2> remaining{};  // both times after the event, as displayed
  std::array<int, 2> moves_completed{};
  int ply = 0;                 // plies completed after the event
  ClockDuration elapsed{};     // Press: how long the mover's clock ran for this move ([%emt])
  ClockDuration added{};       // Press: the next period's time added; AddTime: the time added;
                               // Increment: the increment
  int period = 0;              // Press: the mover's period for his next move
  bool period_change = false;  // Press: this move reached a time control
  // The arbiter's reason as given (empty when none): what happened is the entry's kind and
  // facts, worded by the application (app/command_clock.cpp).
  std::string note;
};

// The times after one ply (ply 0: at the start), for [%clk]/[%emt] and D.2.9.
struct ClockPly {
  int ply = 0;
  ClockInstant time{};
  Color to_move = WHITE;  // the side whose clock ran after this ply
  std::array<ClockDuration, 2> remaining{};
  std::array<int, 2> moves_completed{};
  ClockDuration elapsed{};  // the time the ply's move took (0 for ply 0)
};

// Why the clock refused an operation, worded by the application (app/clock_text.h).
struct ClockError {
  enum class Kind : unsigned char {
    EarlierInstant,           // `operation` at an instant before the last clock event
    AlreadyStarted,           // start
    NotStarted,               // a press before the arbiter started the clock (Art. 6.6)
    Stopped,                  // a press after the game's end
    NotToMove,                // `side`'s clock runs; the mover has no clock to stop (D.2.4)
    NothingToPause,           // no clock runs
    AlreadyPaused,            //
    NotPaused,                // a restart
    NothingToStop,            // no clock runs
    IncrementNotPositive,     // add_increment
    IncrementNeedsPeriods,    // Guidelines III.4
    IncrementOrDelayAlready,  // Guidelines III.4
    NegativeMoveCounter,      // set_moves_completed
    NoSuchPly,                // `ply` is not 0 to `plies`
  };
  enum class Operation : unsigned char {
    Press,
    Pause,
    Restart,
    Stop,
    Adjustment,
    Increment,
    Readjustment
  };
  Kind kind = Kind::NotStarted;
  Operation operation = Operation::Press;  // EarlierInstant
  Color side = WHITE;                      // NotToMove: the side whose clock runs
  int ply = 0, plies = 0;                  // NoSuchPly
};
using ClockStatus = Result<void, ClockError>;

class ChessClock {
 public:
  // Both clocks are set to the first period's time (the hourglass time); nothing runs yet.
  // An Unknown or Untimed control keeps no time: the clock counts moves and time used only.
  explicit ChessClock(TimeControl control);

  [[nodiscard]] const TimeControl& control() const { return control_; }

  // The arbiter starts the clock of `first` (White, Art. 6.6; Black when the game starts from a
  // position with Black to move).
  [[nodiscard]] ClockStatus start(ClockInstant now, Color first = WHITE);
  // D.2.3 / D.2.4: `mover` has made his move at `now`. His clock stops (delay and increment
  // applied, the next period's time added at a time control) and the opponent's starts. While
  // the arbiter has paused the clocks (Art. 6.11.1) the move is counted the same way with no
  // further time charged, and the opponent's clock is the one that runs when they are restarted
  // (Guidelines I: the sealed move made on resumption, then the opponent's clock started). A move
  // made before the arbiter paused the clocks that reaches the clock only after the pause (a
  // spoken move decoded after it, D.2.3 (3)) is made at `now` (made_before_pause): the mover is
  // charged up to `now`, the opponent from `now` to the pause (D.2.4: his clock starts when the
  // move is made), and the pause then stops the opponent's clock. Fails, changing nothing, when
  // it is not `mover`'s turn, or when `now` is earlier than the last event otherwise.
  [[nodiscard]] Result<ClockLogEntry, ClockError> press(Color mover, ClockInstant now);
  // `now` lies within the run the arbiter's pause (the last event) ended: a press at `now` is
  // counted as made before the pause.
  [[nodiscard]] bool made_before_pause(ClockInstant now) const;
  // Art. 6.11.1: the arbiter pauses the clocks; resume() restarts the same side.
  [[nodiscard]] ClockStatus pause(ClockInstant now, std::string reason = {});
  ClockStatus resume(ClockInstant now);
  // The game has ended (result, claim upheld): no clock runs any more.
  [[nodiscard]] ClockStatus stop(ClockInstant now, std::string reason = {});

  // Art. 6.10.2: the arbiter sets `side`'s displayed time at `now`. A flag fallen on that side is
  // raised again when the new time is above zero (the log keeps the flag).
  [[nodiscard]] ClockStatus set_remaining(Color side, ClockDuration time, ClockInstant now,
                                          std::string reason);
  // Art. 7.5.5 and others: adds `time` (negative to deduct) to `side`'s clock.
  [[nodiscard]] ClockStatus add_time(Color side, ClockDuration time, ClockInstant now,
                                     std::string reason);
  // Guidelines III.4: from `now` on, every move of either player (in every period) gets
  // `increment` added, as a Fischer increment. Fails, changing nothing, when the control keeps no
  // time, is an hourglass, or already has an increment or a delay, or when `increment` is not
  // positive. May be called before the clock starts (a resumption restoring it).
  [[nodiscard]] ClockStatus add_increment(ClockDuration increment, ClockInstant now,
                                          std::string reason);
  // Art. 6.10.2: sets `side`'s move counter (which decides the period and time controls).
  [[nodiscard]] ClockStatus set_moves_completed(Color side, int moves, ClockInstant now,
                                                std::string reason);
  // D.2.9: the moves are retraced to ply `ply`; both times and move counters are set back to what
  // they were after it, and the clock of the side to move then runs (unless paused). Later plies
  // are forgotten by times_at_ply (the log keeps them).
  [[nodiscard]] ClockStatus readjust_to_ply(int ply, ClockInstant now, std::string reason);

  [[nodiscard]] ClockReading reading(ClockInstant now) const;
  [[nodiscard]] ClockDuration remaining(Color side, ClockInstant now) const;
  [[nodiscard]] int moves_completed(Color side) const { return moves_[side]; }
  // D.2.10.4: the time `side` has used so far in the game: the sum of his thinking times (the
  // time his clock ran for each move of his, [%emt], in the plies kept after a D.2.9
  // readjustment), and the running time of his current turn. Increments, delays and periods
  // added play no part; a pause does not count.
  [[nodiscard]] ClockDuration used(Color side, ClockInstant now) const;
  std::optional<Color> running() const;
  [[nodiscard]] bool started() const { return started_; }
  bool paused() const { return paused_; }
  [[nodiscard]] bool stopped() const { return stopped_; }
  // Flags down at `now`, in the order they fell (the running side's included if it has fallen).
  [[nodiscard]] std::vector<FlagFall> flags(ClockInstant now) const;
  // When the running side's flag falls if nobody presses; none when no clock runs or the
  // control keeps no time.
  [[nodiscard]] std::optional<ClockInstant> expiry() const;

  [[nodiscard]] const std::vector<ClockLogEntry>& log() const { return log_; }
  int ply() const { return static_cast<int>(plies_.size()) - 1; }
  // The times after ply `ply` (0 = at the start; up to ply()).
  [[nodiscard]] Result<ClockPly, ClockError> times_at_ply(int ply) const;

 private:
  [[nodiscard]] bool timed() const;
  const Period& period_of(Color side) const;
  [[nodiscard]] ClockDuration elapsed_at(
      ClockInstant now) const;  // the running side's time in this turn
  [[nodiscard]] ClockDuration shown(Color side, ClockInstant now) const;
  [[nodiscard]] std::optional<ClockInstant> expiry_of_running() const;
  // Records the running side's flag if it fell by `now` (the log entry at the instant it fell).
  void note_flag(ClockInstant now);
  [[nodiscard]] ClockStatus check_time(ClockInstant now, ClockError::Operation operation) const;
  void fold_segment(ClockInstant now);  // ends the current run segment at `now`
  ClockLogEntry& append(ClockEvent event, ClockInstant now, Color side, std::string note);
  void raise_flag_if_time(Color side, ClockInstant now);

  TimeControl control_;
  std::array<ClockDuration, 2> base_{};  // remaining before the current turn's charge
  std::array<int, 2> moves_{};
  Color turn_ = WHITE;  // the side whose clock runs (or ran, while paused)
  bool started_ = false;
  bool paused_ = false;
  bool stopped_ = false;
  ClockInstant segment_start_{};  // when the running clock last started (press or resume)
  ClockDuration turn_elapsed_{};  // run time of this turn before segment_start_
  ClockInstant last_event_{};
  std::vector<FlagFall> flags_;  // flags down, in order
  std::vector<ClockLogEntry> log_;
  std::vector<ClockPly> plies_;
};

// Art. 6.9: the result when `flagged`'s flag has fallen in `pos`: a loss, or a draw when the
// opponent cannot checkmate by any series of legal moves (core::can_checkmate). Game::flag_fall
// applies the same rule to a Game.
[[nodiscard]] GameResult flag_fall_result(const Position& pos, Color flagged);

// PGN move comments from the clock log: "[%clk 1:29:45.0]" (the mover's time after the move) and
// "[%emt 0:00:15.0]" (the time the move took), in the one format of core::format_clock.
[[nodiscard]] std::string pgn_clk(const ClockPly& ply);
std::string pgn_emt(const ClockPly& ply);

}  // namespace annabella::core
