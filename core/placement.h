// A physical board for D.2.9: what stands on it, read from a FEN, a FEN placement field, a piece
// list in a scoresheet language, or a board's sensors; and the log of moves made on it.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "core/result.h"

namespace annabella::core {

// One physical board: what stands on it (only the placement matters) and, when the station kept
// it, the log of the moves that were actually played on it from the start position.
struct PhysicalBoard {
  Position placement;
  std::optional<std::vector<Move>> log;
};

// Reads a board given as a full FEN, as the placement field alone ("rnbqkbnr/pppp..."), or as a
// piece list in a scoresheet language: "White: Kg1 Qd1 Ra1 a2 b2; Black: Kg8 Rf8 g7" (German
// "Weiß: Kg1 Dd1 Ta1; Schwarz: Kg8", letters in `letters`; groups separated by ';' or a new line,
// pawns without a letter). Side to move, castling and counters do not matter for a board; when
// no full FEN is given, either side to move is tried so that a board with a king in check reads.
// Why a board does not read, as the reader found it: the kind and its facts, never words; the
// application words it (app/fen_text.h, text::placement_error).
struct PlacementError {
  enum class Kind : std::uint8_t {
    NoSquare,     // the piece list's `item` has no square at its end
    NotALetter,   // the piece list's `item`: `letter` is no piece letter in `letters`
    NoSide,       // the piece list's group `item` does not start with a side
    NoPosition,   // the placement `item` (or the full FEN) is no possible position: `fen` says why
    ListedTwice,  // the piece list's `item` names `square`, which an earlier item already named
  };
  Kind kind = Kind::NoSquare;
  std::string item = {};
  std::string letter = {};
  std::string letters = {};  // the letters' name ("English", "Deutsch")
  Position::FenError fen = {};
  Square square = SQ_NONE;  // ListedTwice
  bool operator==(const PlacementError&) const = default;
};

[[nodiscard]] Result<Position, PlacementError> read_placement(
    std::string_view text, const PieceLetters& letters = english_letters());
// A board as its sensors see it (64 squares, a1 = index 0, e.g. tactile::Pegboard::board()),
// with the same rule for the side to move.
[[nodiscard]] Result<Position, PlacementError> read_placement(const std::array<Piece, 64>& squares);

}  // namespace annabella::core
