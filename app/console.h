// The assistant's and arbiter's console: line commands, each with a short and a long name, read
// into the typed commands of app/station_commands.h (the same commands board buttons, the
// tactile clock, braille keys and voice push directly). Every argument is checked strictly:
// "penalty black 5x" and "game 1.9" are refused with the reason, never read as 5 or 1.
// Output is plain text lines (screen readers and braille displays read them as they come).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/board_reading.h"
#include "app/station_commands.h"
#include "core/result.h"

namespace annabella::app {

enum class CommandKind {
  Help,            // help [COMMAND]
  Time,            // D.2.10.4: the times and moves completed, on the player's request
  Repeat,          // repeat the last move
  Moves,           // read the game so far
  Board,           // read the board: a rank, a file, a piece type, one side, squares, or everything
  Captured,        // the pieces taken so far, by side (what a sighted player sees beside the board)
  Move,            // enter the sighted player's move (SAN, UCI, long algebraic or vocabulary words)
  Flag,            // D.2.10.5: claim a flag fall
  Touch,           // report a touch by the sighted player (Art. 4.3)
  DrawOffer,       // Art. 9.1.2
  DrawClaim,       // Art. 9.2 / 9.3: the station checks threefold and 50 moves
  DrawAccept,      // Art. 9.1.2: the opponent accepts the offer
  DrawDecline,     // Art. 9.1.2.3: the opponent declines it
  Resign,          // Art. 5.1.2
  CallArbiter,     // the player or the assistant calls the arbiter
  Pause,           // arbiter: stop the clocks (Art. 6.11.1)
  Resume,          // arbiter: restart the clocks
  Adjust,          // arbiter: set both clocks (Art. 6.10.2)
  Penalty,         // arbiter: Art. 7 / 12.9 penalty, e.g. two minutes to the opponent
  IllegalMove,     // arbiter: a completed illegal move (Art. 7.5.5; A.4.2 in rapid and blitz)
  Increment,       // arbiter: five seconds' increment for both, two minutes to the opponent (III.4)
  QuickplayClaim,  // arbiter: the decision on a draw claim under two minutes (Guidelines III.5)
  BothFlags,       // arbiter: both flags down, which first? (Guidelines III.3.1)
  UnsupervisedClaim,  // no arbiter present: a draw claim under two minutes (Guidelines III.6.1)
  VerifyClaim,        // the opponent verifies that claim's position and scoresheet (III.6.1)
  ClaimDecision,      // arbiter: the result of a claim referred to him (Guidelines III.6.2)
  Reconcile,          // arbiter: compare the boards with the record now (D.2.9)
  TakeBack,           // a slip corrected, or the arbiter's position restored (D.2.8, D.2.9)
  Adjourn,            // arbiter: seal a move and adjourn (Guidelines I)
  OpenEnvelope,       // arbiter: open the envelope at the resumption (Guidelines I)
  Status,             // one line: position, whose move, clocks, board state
  Quit,               // end the program (the record stays, `play --resume` continues)
  Talk,               // push-to-talk held ("talk") or released ("talk end") (voice.push_to_talk)
};

struct CommandSpec {
  CommandKind kind;
  std::string_view short_name;  // "t"
  std::string_view long_name;   // "time"
  std::string_view arguments;   // "[white|black]", "" when none
  std::string_view help;        // one sentence
  std::string_view rule;        // "D.2.10.4", "" when none
  bool arbiter_only = false;
};

// Every command, in the order `help` lists them.
[[nodiscard]] const std::vector<CommandSpec>& console_commands();

// The longest console line read; a longer one is refused, not echoed back.
inline constexpr std::size_t kMaxConsoleLine = 1024;

// Reads one console line into a command. A line that is no command name but reads as a move
// ("Nf3", "e2e4", "Springer f3") is an EnterMove with the whole line. Errors name the word or
// argument at fault and say what is expected (the closest command for an unknown word).
[[nodiscard]] Result<Command> parse_console_line(std::string_view line);

// D.2.11: a line typed on the sighted player's own keypad (play --opponent-input): his move
// (an EnterMove with the whole line), or one of the few commands that are his own: push-to-talk
// (`talk`, `talk end`) and his part in a draw agreement (Art. 9.1.2: `draw-offer`, `draw-accept`,
// `draw-decline`, written in full: a short name such as "dc" could be a mistyped move). Nothing
// else is a command there: he cannot resign, pause or read the board through it.
[[nodiscard]] Command parse_keypad_line(std::string_view line);

// `help`: every command with both names and its rule; `help NAME`: that command in full.
[[nodiscard]] std::string console_help();
[[nodiscard]] Result<std::string> console_help(std::string_view name);

}  // namespace annabella::app
