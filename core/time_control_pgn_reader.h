// Reading the PGN TimeControl tag (PGN standard 9.6.1): "40/5400+30:1800+30", "300+2", "*180",
// "?" (unknown) and "-" (no time control); and reading text in either written form.
#pragma once

#include <chrono>
#include <optional>
#include <string_view>

#include "core/result.h"
#include "core/time_control_model.h"

namespace annabella::core {

// Reads a PGN TimeControl tag value.
[[nodiscard]] TimeControlResult<TimeControl> parse_pgn_time_control(std::string_view text);
// Reads either form. PGN when the text is "?", "-", or has only digits and "/+:*." and either a
// ":" or "*", or a base time above 180 (seconds, as PGN writes them: "300+2", "40/7200");
// otherwise a FIDE-style description, where a bare base is minutes ("90+30" = 90 min + 30 s,
// "40/120" = 40 moves in 120 min as US rules write it). PGN tags with a base of 3 minutes or
// less ("180+2") are unambiguous only through parse_pgn_time_control.
// Digits that make a real game both ways ("180+2", "60+1", "120": whole minutes up to three,
// an increment under 10 s) are refused (TimeControlError::Kind::TwoReadings), unless `two` is
// TwoReadings::Minutes: a text already recorded (a journal's header), which stations before
// this rule ran as minutes.
enum class TwoReadings : unsigned char { Refuse, Minutes };
[[nodiscard]] TimeControlResult<TimeControl> read_time_control(
    std::string_view text, TwoReadings two = TwoReadings::Refuse);

}  // namespace annabella::core
