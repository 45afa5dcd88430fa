// A time control for people, in the language of the messages (app/i18n.h): "90 min/40 moves +
// 30 min + 30 s/move" in English, "90 min/40 Züge + 30 min + 30 s/Zug" in German. The core's
// FIDE text (core::to_fide_text) stays the notation that configurations and logs are written in.
#pragma once

#include <string>

#include "core/time_control_model.h"

namespace annabella::app::text {

[[nodiscard]] std::string time_control(const core::TimeControl& control);

// Why a time control could not be read, checked or written, naming the text and where it broke:
// "time control \"90 min + x\": cannot read \"x\" at position 10".
[[nodiscard]] std::string time_control_error(const core::TimeControlError& error);

}  // namespace annabella::app::text
