// Writing moves in Appendix C notation: canonical SAN (PGN export) and long algebraic.
#pragma once

#include <string>
#include <string_view>

#include "core/notation_letters.h"
#include "core/position.h"

namespace annabella::core {

// Canonical SAN (Appendix C / PGN export): "Nf3", "exd5", "O-O", "e8=Q+", "Qh4#", with minimal
// disambiguation, in the given letters (English by default).
[[nodiscard]] std::string to_san(const Position& pos, Move m);
std::string to_san(const Position& pos, Move m, const PieceLetters& letters);
// Long algebraic with the departure square: "Ng1-f3", "e2-e4", "Bb5xc6", "e7-e8=Q", "O-O".
[[nodiscard]] std::string to_lan(const Position& pos, Move m);
std::string to_lan(const Position& pos, Move m, const PieceLetters& letters);
// A move written by to_san (or to_lan) in English letters, written in `letters` instead: each
// piece letter (K Q R B N, the only capitals English SAN has besides castling's O) is replaced
// ("Nbd7" -> "Sbd7", "e8=Q" -> "e8=D"); anything else is kept as it is.
[[nodiscard]] std::string san_in_letters(std::string_view english_san, const PieceLetters& letters);

}  // namespace annabella::core
