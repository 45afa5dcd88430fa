// Why a written move is not legal in a position (internal to the notation files): the reason
// worked out from the board (Art. 3.x), typed, for the reader's Illegal error.
#pragma once

#include "core/illegal_move.h"
#include "core/notation_tokens.h"
#include "core/position.h"

namespace annabella::core::notation_detail {

// Why no legal move fits d (call it only when none does).
[[nodiscard]] IllegalMove explain_illegal(const Position& pos, const Description& d);

}  // namespace annabella::core::notation_detail
