// Art. 6.9, 5.2.2 by material alone: whether the men a side has (and the opponent's men that
// could block his own king) can ever give mate. Exact for positions where the side has only
// kings, knights and bishops; true (no proof) whenever the side has a pawn, a rook or a queen.
#pragma once

#include "core/position.h"

namespace annabella::core {

// False only when `side` can never checkmate with the material on the board, whatever either
// player does: a bare king; a lone knight against a bare king; bishops all on one square colour
// when the defender has no man that could stand on a square of the other colour.
[[nodiscard]] bool mating_material(const Position& pos, Color side);

}  // namespace annabella::core
