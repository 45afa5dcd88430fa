// The time-control model (Art. 6): periods by move count, increment, delay, sudden death,
// hourglass; which period a move belongs to; whether a control is well formed.
// A period with a move count that is the last one repeats (40 moves in 2 h, then 40 more in
// another 2 h ...), as in the PGN standard's "40/7200" and in classic tournament rules.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
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

// Why a time control could not be read, checked or written: the kind and its facts, worded by
// the application (text::time_control_error, app/time_control_text.h).
struct TimeControlError {
  enum class Kind : unsigned char {
    // Reading a FIDE-style description (core/time_control_fide_reader.h). `token` and
    // `position` name where it broke, when the kind has a place.
    Empty,                   // nothing written (either form)
    NumberTooLarge,          // the number at `position`
    UnreadableCharacter,     // `token` (one character) at `position`
    UnreadableToken,         // `token` at `position`: neither a number, a unit nor a marker
    IncrementFromLaterMove,  // "from move `number`": only from move 1
    TwoMoveCounts,           // in one part
    MoveCountNotWhole,       // not a whole number above 0
    NumbersUnclear,          // cannot tell what the numbers mean in the part starting there
    NoTime,                  // a part with no time
    SuddenDeathWithMoves,    // "SD" with a move count
    DelayNeedsOneTime,       //
    DelayWithMoves,          //
    IncrementNeedsOneTime,   //
    IncrementWithMoves,      //
    EmptyPart,               // two separators in a row
    BracketWithoutPeriod,    // a bracket with no period before it
    BracketInBracket,        //
    BracketNotClosed,        //
    ClosingBracketAlone,     // a closing bracket without an opening one
    BracketAfterNonPeriod,   // a bracket after something that is not a period
    HourglassWithExtras,     // an hourglass has one time and no increment or delay
    TwoIncrements,           //
    TwoDelays,               //
    HourglassNeedsOneTime,   // one time and no move count
    PeriodAfterSuddenDeath,  // a period after the period for the rest of the game
    BracketHoldsPeriod,      // a bracket may hold only an increment or a delay
    // Reading the PGN TimeControl tag (core/time_control_pgn_reader.h); `number` is the field
    // (1-based, fields are separated by ":") and `token` its text.
    PgnMoveCount,  // the move count before "/" is not a whole number above 0
    PgnIncrement,  // the increment after "+" is not seconds
    PgnSeconds,    // not seconds, "moves/seconds" or "seconds+increment"
    PgnHourglass,  // "*" without its seconds
    // Digits that read two ways (core::read_time_control): "180+2" is 180 minutes and 2 s as
    // FIDE texts shorten it, and 3 minutes and 2 s as a PGN tag (seconds). `number` is the base
    // time's number, `token` the increment ("" for none).
    TwoReadings,
    // The model (check_time_control); `number` is the period (1-based), 0 for an hourglass.
    HourglassWithoutTime,    // an hourglass needs a time above zero
    OverThousandHours,       // a time over 1000 hours
    NoPeriod,                //
    SuddenDeathNotLast,      // a period for the rest of the game that is not the last one
    NegativeMoveCount,       //
    NegativeTime,            //
    TooManyMoves,            // over 100000 moves in the period
    FirstPeriodWithoutTime,  //
    // Writing the PGN tag (core/time_control_writer.h).
    PgnCannotDelay,          // the tag cannot express a delay; `token` is the control's FIDE text
    HourglassWithoutPeriod,  // an hourglass control with no period to take its time from
  };
  // Which text was read, when one was: the message names it.
  enum class Form : unsigned char { None, Fide, Pgn };
  Kind kind = Kind::Empty;
  Form form = Form::None;
  std::string text{};        // the whole text read (Form::Fide and Form::Pgn)
  std::string token{};       // where it broke (a token, a PGN field, the FIDE text written)
  std::size_t position = 0;  // of `token` in `text`, 1-based; 0: no place
  long long number = 0;      // the move (IncrementFromLaterMove), field or period (see above)
};

template <class T>
using TimeControlResult = Result<T, TimeControlError>;

// Whether `control` is one both written forms can hold: periods in order (sudden death last),
// times from zero to 1000 hours, a first period with time. The error says what is wrong.
[[nodiscard]] Result<void, TimeControlError> check_time_control(const TimeControl& control);

}  // namespace annabella::core
