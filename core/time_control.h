// Time controls (Art. 6): periods by move count, increment, delay, sudden death, hourglass.
//
// Two written forms are read and written:
//   - FIDE-style descriptions as arbiters and tournament rules write them:
//     "90 min/40 moves + 30 min + 30 s/move", "90+30", "G/60 d5", "40/120, SD/30 d5",
//     "25 min + 10 s Bronstein delay", "3 min hourglass";
//   - the PGN TimeControl tag (PGN standard 9.6.1): "40/5400+30:1800+30", "300+2", "*180",
//     "?" (unknown) and "-" (no time control).
// A period with a move count that is the last one repeats (40 moves in 2 h, then 40 more in
// another 2 h ...), as in the PGN standard's "40/7200" and in classic tournament rules.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
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
  const Period& period_of_move(int move_number) const;
  // The number of the period (0 = the first; a repeating last period counts on: 40 moves in 2 h
  // repeated gives 0 for moves 1..40, 1 for moves 41..80 ...) that move `move_number` belongs to.
  int period_number_of_move(int move_number) const;
  // Whether move `move_number` is the last of its period: completing it is reaching the time
  // control, and the next period's time is added (move 40 of "90 min/40 moves + 30 min").
  bool completes_period(int move_number) const;
  // How many moves a player who has completed `moves_completed` must still complete to reach the
  // next time control; 0 in a sudden-death period (none to reach).
  int moves_to_time_control(int moves_completed) const;
};

// Reads a FIDE-style description. The error names the token that could not be read and where.
Result<TimeControl> parse_time_control(std::string_view text);
// Reads a PGN TimeControl tag value.
Result<TimeControl> parse_pgn_time_control(std::string_view text);
// Reads either form. PGN when the text is "?", "-", or has only digits and "/+:*." and either a
// ":" or "*", or a base time above 180 (seconds, as PGN writes them: "300+2", "40/7200");
// otherwise a FIDE-style description, where a bare base is minutes ("90+30" = 90 min + 30 s,
// "40/120" = 40 moves in 120 min as US rules write it). PGN tags with a base of 3 minutes or
// less ("180+2") are unambiguous only through parse_pgn_time_control.
Result<TimeControl> read_time_control(std::string_view text);

// "90 min/40 moves + 30 min + 30 s/move"; a per-period increment or delay that differs from the
// others is written in brackets after its period: "90 min/40 moves + 30 min (30 s/move)".
std::string to_fide_text(const TimeControl& control);
// "40/5400+30:1800+30". Fails for delays, which the PGN tag cannot express.
Result<std::string> to_pgn_time_control(const TimeControl& control);

// "1:30:00", "0:05:07" (H:MM:SS, rounded down to the second; negative times as "-0:00:03").
std::string format_hms(std::chrono::nanoseconds time);
// "1:30:00.250" (with milliseconds).
std::string format_hms_ms(std::chrono::nanoseconds time);
// Reads "H:MM:SS", "MM:SS" or "SS" (an arbiter setting a clock); the error shows the text.
Result<std::chrono::milliseconds> parse_hms(std::string_view text);

}  // namespace annabella::core
