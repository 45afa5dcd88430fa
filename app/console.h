// The assistant's and arbiter's console: line commands, each with a short and a long name, read
// the same way from the keyboard, from board buttons and from the tactile clock's buttons.
// Output is plain text lines (screen readers and braille displays read them as they come).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"

namespace annabella::app {

enum class CommandKind {
  Help,        // help [COMMAND]
  Time,        // D.2.10.4: the times and moves completed, on the player's request
  Repeat,      // repeat the last move
  Moves,       // read the game so far
  Board,       // read the board: a rank, a file, a piece type, one side, or everything
  Move,        // enter the sighted player's move (SAN, UCI, long algebraic or vocabulary words)
  Flag,        // D.2.10.5: claim a flag fall
  Touch,       // report a touch by the sighted player (Art. 4.3)
  DrawOffer,   // Art. 9.1.2
  DrawClaim,   // Art. 9.2 / 9.3: the station checks threefold and 50 moves
  DrawAccept,  // Art. 9.1.2: the opponent accepts the offer
  Resign,      // Art. 5.1.2
  Pause,       // arbiter: stop the clocks (Art. 6.11.1)
  Resume,      // arbiter: restart the clocks
  Adjust,      // arbiter: set both clocks (Art. 6.10.2)
  Penalty,     // arbiter: Art. 7 / 12.9 penalty, e.g. two minutes to the opponent
  Reconcile,   // arbiter: compare the boards with the record now (D.2.9)
  Adjourn,     // arbiter: seal a move and adjourn (Guidelines I)
  Status,      // one line: position, whose move, clocks, board state
  Quit,        // end the program (the record stays, `play --resume` continues)
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
const std::vector<CommandSpec>& console_commands();

struct ConsoleCommand {
  CommandKind kind = CommandKind::Help;
  std::vector<std::string> arguments;
  std::string line;  // the line as typed
};

// Reads one console line. A line that is no command name but reads as a move ("Nf3", "e2e4",
// "Springer f3") is a Move command with the whole line as its argument. Errors name the word
// and suggest the closest command.
Result<ConsoleCommand> parse_console_line(std::string_view line);

// `help`: every command with both names and its rule; `help NAME`: that command in full.
std::string console_help();
Result<std::string> console_help(std::string_view name);

// Reading the board aloud, after Lichess's blind mode: what stands on a rank ("rank 4", "r4"),
// a file ("file e", "fe"), where the pieces of one type are ("knights", "pn"), one side's
// pieces ("white", "black"), or everything ("all"). One line, squares in order, "empty" for
// none; English words (the station speaks it in the profile's words).
Result<std::string> read_board(const core::Position& position, std::string_view query);
// The squares a board query is about (occupied ones only), for saying it in the profile's words.
Result<core::Bitboard> board_query_squares(const core::Position& position, std::string_view query);

}  // namespace annabella::app
