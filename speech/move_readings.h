// The readings of an ambiguous written move in words for people (D.2.1: a move is never
// misread silently): "Bc5: bishop f8-c5 (English letters) or pawn c7-c5 (German letters)".
// core::move_readings and speech::MoveParser::readings give the readings; this words them for
// the console, `say`, `hear` and `notation`.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/notation.h"
#include "core/position.h"

namespace annabella::speech {

// Where a reading comes from, in words: "en" -> "English letters", "de" -> "German letters",
// "custom" -> "custom letters", "profile fide" -> "the fide profile's words".
[[nodiscard]] std::string letters_label(std::string_view letters);

// One reading: "bishop f8-c5 (English letters)", "pawn d5xe6 (German letters)",
// "pawn e7-e8 promoting to a queen (English letters)", "castling short (English letters)".
[[nodiscard]] std::string describe_reading(const core::Position& pos,
                                           const core::MoveReading& reading);

// "Bc5: bishop f8-c5 (English letters) or pawn c7-c5 (German letters)".
[[nodiscard]] std::string describe_readings(const core::Position& pos, std::string_view text,
                                            const std::vector<core::MoveReading>& readings);

}  // namespace annabella::speech
