// Reading a written move under several letter sets at once (D.2.1, Art. 8, Appendix C.3).
//
// An input may accept more than one set of piece letters: the console takes the profile's
// language (German "B" = Bauer, pawn) and English ("B" = bishop). A text that reads as two
// different legal moves under the sets accepted at an input is never decided silently: these
// functions return every distinct legal reading with the set it was read in, and the caller asks
// which (or refuses), naming each reading. The wording is the caller's (speech/move_readings.h).
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "core/notation_letters.h"
#include "core/notation_reader.h"
#include "core/position.h"
#include "core/result.h"

namespace annabella::core {

// Every distinct legal move `text` reads as under `sets`, in the order of the sets; a move that
// several sets read alike is listed once, with the first set that reads it. A set in which the
// text fits several moves (two knights can reach d2) gives each of them. Empty when no set reads
// a legal move.
[[nodiscard]] std::vector<MoveReading> move_readings(const Position& pos, std::string_view text,
                                                     std::span<const PieceLetters> sets,
                                                     Strictness strictness = Strictness::Lenient);

// The move, when every set that reads `text` as a legal move reads the same one. Otherwise
// Ambiguous with every reading in error.readings (and its move in error.candidates); or, when no
// set reads a legal move, the most telling of the sets' errors (Illegal before NotAMove; among
// equals, the first set's). With one set, the same as read_move.
[[nodiscard]] Result<Move, MoveReadError> read_move_in(const Position& pos, std::string_view text,
                                                       std::span<const PieceLetters> sets,
                                                       Strictness strictness = Strictness::Lenient);

// Whether the readings come from more than one letter set: the text means different moves in
// different letters (ask which letters were meant), rather than fitting several moves in one set
// (ask which piece).
[[nodiscard]] bool readings_differ_in_letters(const std::vector<MoveReading>& readings);

}  // namespace annabella::core
