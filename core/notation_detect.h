// Which language a set of written moves is in (Appendix C.3): from the letters alone, or from
// the letters and the moves' legality when the start position is known.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/notation_letters.h"
#include "core/position.h"

namespace annabella::core {

// What decided the language or why it could not be decided: every built-in language whose
// letters explain every written move, in the built-in order (one: it decided; none or several:
// the language must be given). The application words it.
struct LanguageDetection {
  std::vector<const PieceLetters*> fitting;  // into builtin_piece_letters()
};

// Which built-in language a set of written moves is in, when only one fits; otherwise nullopt
// (the caller must ask). `why` gets what decided it or why it could not be decided.
[[nodiscard]] std::optional<PieceLetters> detect_language(const std::vector<std::string>& tokens,
                                                          LanguageDetection* why = nullptr);

// A built-in language in which every written move reads as a legal move, the moves played one
// after the other from the start position.
struct LanguageReading {
  PieceLetters letters;
  std::vector<Move> moves;  // one a written move
};
// Every built-in language (in the built-in order) in which all `tokens`, read leniently and
// played in turn from `start`, are legal moves. Languages that read a move differently stay
// apart: the caller must not choose between different readings silently (D.2.1).
[[nodiscard]] std::vector<LanguageReading> legal_language_readings(
    const Position& start, const std::vector<std::string>& tokens);

}  // namespace annabella::core
