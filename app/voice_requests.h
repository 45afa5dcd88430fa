// Voice input at the station's seam: a heard result (speech/heard.h) as the typed request the
// station already takes from keys and buttons (app/station_events.h), from InputSource::Voice.
// Only what the judge entered becomes a request; `unsure` and `nothing` stay with the caller,
// which repeats what it heard and asks again (docs/voice.md). Yes / No answer the confirmation
// rule, which the station does not have yet, so they give no request.
#pragma once

#include <optional>

#include "app/station_events.h"
#include "speech/heard.h"

namespace annabella::app {

// The request for `heard`, said by the player of colour `speaker` (the draw offer and the
// resignation are that player's), stamped with `time` (when the words ended). A move is entered
// as UCI, read by the station in the position it was heard in. A slip's correction (D.2.8) gives
// none: it must replace a move not yet on the clock, which the station cannot do yet.
[[nodiscard]] std::optional<StationEvent> voice_request(const speech::Heard& heard,
                                                        core::Color speaker, TimePoint time);

}  // namespace annabella::app
