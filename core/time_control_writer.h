// Writing time controls: FIDE-style descriptions and the PGN TimeControl tag (PGN standard 9.6.1).
#pragma once

#include <string>

#include "core/result.h"
#include "core/time_control_model.h"

namespace annabella::core {

// "90 min/40 moves + 30 min + 30 s/move"; a per-period increment or delay that differs from the
// others is written in brackets after its period: "90 min/40 moves + 30 min (30 s/move)".
[[nodiscard]] std::string to_fide_text(const TimeControl& control);
// "40/5400+30:1800+30". Fails for delays, which the PGN tag cannot express.
[[nodiscard]] TimeControlResult<std::string> to_pgn_time_control(const TimeControl& control);

// For the application's wording of a control in other languages (text::time_control): a time in
// seconds as a number ("5400", "1.5"), whether a period has a delay, and whether every period has
// the first one's increment and delay (then they are written once, at the end).
[[nodiscard]] std::string seconds_number(std::chrono::milliseconds time);
[[nodiscard]] bool has_delay(const Period& period);
[[nodiscard]] bool extras_in_common(const std::vector<Period>& periods);

}  // namespace annabella::core
