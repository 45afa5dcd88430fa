// What the PGN reader found wrong (core::PgnProblem), in the language of the messages
// (app/i18n.h): the core gives the kind, the place and the facts; this file words them for
// `pgn check`, the console and the logs.
#pragma once

#include <string>

#include "core/pgn_reader.h"

namespace annabella::app::text {

// "game 2, move 14 (Black), line 37: 'Nxe5' is illegal: ...", "game 1, tags, line 3: the tag
// '[Event' has no closing '"' on its line".
[[nodiscard]] std::string pgn_problem(const core::PgnProblem& problem);
// What is wrong, without the place: "'Nxe5' is illegal: ...".
[[nodiscard]] std::string pgn_problem_what(const core::PgnProblem& problem);
// A [%clk] or [%emt] command that does not read: "[%clk soon] is not a time: write H:MM:SS,
// optionally with tenths (1:05:30.5)".
[[nodiscard]] std::string pgn_clock_problem(const core::PgnClockProblem& problem);
// Why a PGN stream could not be read at all: "the PGN input could not be read (I/O error)".
[[nodiscard]] std::string pgn_input_error(const core::PgnInputError& error);

}  // namespace annabella::app::text
