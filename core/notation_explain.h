// Why a written move is not legal in a position (internal to the notation files): the reason
// worked out from the board, citing the Law (Art. 3.x), for the reader's Illegal error.
#pragma once

#include <string>

#include "core/notation_tokens.h"
#include "core/position.h"

namespace annabella::core::notation_detail {

// Why no legal move fits d (call it only when none does).
[[nodiscard]] std::string explain_illegal(const Position& pos, const Description& d);

}  // namespace annabella::core::notation_detail
