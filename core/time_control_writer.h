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
[[nodiscard]] Result<std::string> to_pgn_time_control(const TimeControl& control);

}  // namespace annabella::core
