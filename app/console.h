// The assistant's and arbiter's console: line commands, each with a short and a long name, read
// the same way from the keyboard, from board buttons and from the tactile clock's buttons.
// Output is plain text lines (screen readers and braille displays read them as they come).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/position.h"
#include "core/result.h"

namespace annabella::app {

enum class CommandKind {
  Help,        // help [COMMAND]
  Time,        // D.2.10.4: the times and moves completed, on the player's request
  Repeat,      // repeat the last move
  Moves,       // read the game so far
  Board,       // read the board: a rank, a file, a piece type, one side, squares, or everything
  Captured,    // the pieces taken so far, by side (what a sighted player sees beside the board)
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

// A piece type in English words or letters, any case: "n", "knight", "knights".
std::optional<core::PieceType> piece_type_of_word(std::string_view word);

// Reading the board aloud, after Lichess's blind mode: what stands on a rank ("rank 4", "r4"),
// a file ("file e", "fe"), where the pieces of one type are ("knights", "pn"), one side's
// pieces ("white", "black"), what stands on given squares ("e4", "e4 d5", "square e4"), or
// everything ("all"). One line, squares in order, "empty" for none; English words (the station
// speaks it in the profile's words). Only what a sighted player sees on the board: no legal
// moves, attacks or other help (Art. 11.3).
Result<std::string> read_board(const core::Position& position, std::string_view query);
// The squares a board query is about, for saying it in the profile's words: the occupied ones,
// or for a query of squares every square asked, empty ones too (`each_square`).
struct BoardQuerySquares {
  core::Bitboard squares = 0;
  bool each_square = false;  // name every square, "empty" where nothing stands
};
Result<BoardQuerySquares> board_query_squares(const core::Position& position,
                                              std::string_view query);
// The pieces captured so far (core::captured_pieces), as one line: "captured: white knight,
// pawn; black none" (English words; the station speaks it in the profile's words).
std::string read_captured(const core::Game& game);

}  // namespace annabella::app
