// Which language a set of written moves is in (Appendix C.3), from the letters alone.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/notation_letters.h"

namespace annabella::core {

// Which built-in language a set of written moves is in, when only one fits; otherwise nullopt
// (the caller must ask). `why` says what decided it or why it could not be decided.
std::optional<PieceLetters> detect_language(const std::vector<std::string>& tokens,
                                            std::string* why = nullptr);

}  // namespace annabella::core
