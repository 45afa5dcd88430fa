// The clock times after each ply, for D.2.9's "the arbiter readjusts the clocks accordingly":
// from the station's own clock (clock_plies), from a clock log file (parse_clock_log), or from a
// PGN's [%clk] comments, such as the station's own game.pgn (clock_log_from_pgn). The station's
// journal is read in app/ (app/reconcile_inputs.h).
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "core/result.h"

namespace annabella::core {

// The clock times after each ply (core/clock.h ClockPly: `ply` half-moves played from the start,
// 0 = before the first move; `remaining` by colour).
[[nodiscard]] std::vector<ClockPly> clock_plies(const ChessClock& clock);
// A ClockPly with only the ply and both remaining times set (indexed by colour: White's first).
[[nodiscard]] ClockPly clock_ply(int ply,
                                 const std::array<std::chrono::milliseconds, 2>& remaining);

// A change of the clocks recorded after a ply's move and before the next one: an arbiter's
// adjustment or a penalty (Art. 7.5.5, 9.5.3, Guidelines III.4, III.5). D.2.9's readjustment
// goes back to a point of the game; a change recorded there belongs to it, one recorded later is
// undone with the moves, and the arbiter decides (he is told of both).
struct ClockChange {
  enum class Kind : unsigned char {
    Adjusted,        // the arbiter set the times
    Penalty,         // a time penalty
    IllegalMove,     // Art. 7.5.5: time added to the opponent of `by`
    IncorrectClaim,  // Art. 9.5.3: time added to the opponent of `by`
    Increment,       // Guidelines III.4, asked by `by`
    ClaimPostponed,  // Guidelines III.5.2, claimed by `by`
    ClaimRefused,    // Guidelines III.5.3, claimed by `by`
    Comment,         // a PGN comment that speaks of the clocks; its times are not recorded
  };
  Kind kind = Kind::Adjusted;
  int ply = 0;  // the plies played when it was recorded
  std::optional<std::array<std::chrono::milliseconds, 2>> remaining{};  // both times after it
  std::optional<Color> by{};
  std::string comment{};  // Comment: the comment as written
};

// Why a clock log cannot be read, worded by the application (app/reconcile_inputs.cpp).
struct ClockLogError {
  enum class Kind : unsigned char {
    NotThreeNumbers,  // `line` is not "ply white_ms black_ms"
    PlyTooLarge,      // `ply` on `line` is above 100000
    NotIncreasing,    // `ply` on `line` does not follow `previous`
    NoGame,           // the PGN holds no game
    NoClockComment,   // no [%clk] on the first game's main line; `line`: where the PGN cannot be
                      // read from (0: it can be read)
  };
  Kind kind = Kind::NoGame;
  int line = 0;
  long long ply = 0;
  int previous = 0;
};

// Reads the clock log text format: one line per ply, "ply white_ms black_ms" (three whole
// numbers separated by blanks), e.g. "46 1742000 1655000". Blank lines and lines starting with
// '#' are ignored. Plies must increase. The error names the line.
[[nodiscard]] Result<std::vector<ClockPly>, ClockLogError> parse_clock_log(std::string_view text);

// The clock times of the first game of a PGN: each [%clk] comment after a main-line move is the
// mover's time left after it; the other side's time is its own last reading, or, before its first
// move, the first period's time of the TimeControl tag. A ply with a side's time still unknown is
// left out. Fails when the PGN has no [%clk] comment on its main line, naming the problem.
[[nodiscard]] Result<std::vector<ClockPly>, ClockLogError> clock_log_from_pgn(
    std::string_view text);

// The comments of the first game's main line that speak of the clocks (a time added, a penalty,
// an adjustment: the station writes "2 minutes added to White (Art. 7.5.5)"), at the ply they
// follow; [%clk] and [%emt] are not among them. Empty when the PGN holds no game.
[[nodiscard]] std::vector<ClockChange> clock_changes_from_pgn(std::string_view text);

// The clock times after each ply from the moves' times (`white_left`/`black_left` after each
// move, in order from the first) and, when known, the times at the start.
[[nodiscard]] std::vector<ClockPly> clock_log_from_moves(
    const std::optional<std::array<std::chrono::milliseconds, 2>>& initial,
    const std::vector<std::array<std::chrono::milliseconds, 2>>& after_each_move);

}  // namespace annabella::core
