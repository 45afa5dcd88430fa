// Chess960 start positions (Guidelines II.2): the pieces of the first rank arranged with the king
// between the two rooks (II.2.1) and the bishops on squares of different colours (II.2.2), Black's
// mirroring White's (II.2.3); numbered 0 to 959 in the standard (Scharnagl) numbering, in which
// 518 is the standard arrangement RNBQKBNR.
#pragma once

#include <optional>
#include <string>

#include "core/position.h"
#include "core/result.h"

namespace annabella::core {

constexpr int kChess960Positions = 960;

// White's first rank of arrangement `number` (0-959) as letters, a-file first ("RNBQKBNR").
// The number must be in range.
[[nodiscard]] std::string chess960_first_rank(int number);

// The start position of arrangement `number`, White to move, every castling right (X-FEN KQkq).
// Nothing for a number outside 0-959 (kChess960Positions).
[[nodiscard]] std::optional<Position> chess960_start_position(int number);

// The arrangement number of a Chess960 start position (pieces on their start squares, pawns
// unmoved, every castling right), or nothing for any other position.
[[nodiscard]] std::optional<int> chess960_number(const Position& pos);

}  // namespace annabella::core
