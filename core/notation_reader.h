// Reading one written move in a position (Appendix C): SAN, long algebraic, UCI, castling as O-O
// or 0-0, figurines, annotation glyphs, in the piece letters of the player's country (C.3), as
// real, handwritten scoresheets contain them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/illegal_move.h"
#include "core/movegen.h"
#include "core/not_a_move.h"
#include "core/notation_letters.h"
#include "core/position.h"
#include "core/result.h"

namespace annabella::core {

enum class Strictness {
  Strict,   // canonical SAN only (PGN import format)
  Lenient,  // what handwritten scoresheets contain (see notation_tokens.cpp)
};

// One way a written move reads: a legal move and the letter set it was read in.
struct MoveReading {
  Move move;
  // The set's code ("en", "de", "custom"), or a caller's label for words ("profile fide").
  std::string letters;
  bool operator==(const MoveReading&) const = default;
};

// Why a text is not a move in this position: a kind and the facts; the application words it
// (text::move_read_error).
struct MoveReadError {
  enum class Kind { NotAMove, Illegal, Ambiguous };
  Kind kind = Kind::NotAMove;
  std::string token;             // the offending text
  NotAMove not_a_move;           // for NotAMove: why
  IllegalMove illegal;           // for Illegal: why (Art. 3), as the board shows it
  std::vector<Move> candidates;  // for Ambiguous: every legal move the text fits
  // For Ambiguous: each candidate as written for people (SAN in the letters it was read in, or
  // long algebraic when the readings differ in letters), in the order of `candidates`.
  std::vector<std::string> written;
  // For Ambiguous: only the promotion piece is missing (Art. 3.7.5: name it).
  bool promotion_piece_missing = false;
  // For Ambiguous: each candidate with the letters it was read in. When these name more than
  // one set, the text means different moves in different letters (see notation_readings.h).
  std::vector<MoveReading> readings;
};

// Reads one move (SAN, long algebraic, UCI, castling as O-O / 0-0, figurines, annotation
// glyphs...) in the given letters.
[[nodiscard]] Result<Move, MoveReadError> read_move(const Position& pos, std::string_view text,
                                                    const PieceLetters& letters = english_letters(),
                                                    Strictness strictness = Strictness::Lenient);

}  // namespace annabella::core
