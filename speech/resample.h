// Sample-rate conversion of mono 16-bit audio: eSpeak NG speaks at 22050 Hz, the recogniser's
// acoustic model hears 16 kHz, a sound card may capture at 44.1 or 48 kHz.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace annabella::speech {

// Converts `in` from `from_hz` to `to_hz` with a windowed-sinc low-pass (no aliasing of what
// lies above the lower rate's Nyquist frequency). Equal rates return a copy.
std::vector<std::int16_t> resample(std::span<const std::int16_t> in, int from_hz, int to_hz);

}  // namespace annabella::speech
