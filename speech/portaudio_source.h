// PortAudio input devices (microphones) as AudioSources; portaudio_source.cpp and
// portaudio_sink.cpp are the two adapter files that include PortAudio (one for each direction).
// Each source keeps PortAudio initialised while it lives (PortAudio counts them).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "speech/audio_source.h"

namespace annabella::speech {

// The names of the input devices PortAudio sees.
std::vector<std::string> portaudio_input_devices();

// Opens an input device: "default" (the system's default input), an exact device name, or a part
// of one (case-insensitive; it must fit one device). Blocking reads, mono, 16-bit. The error says
// why and lists the devices there are.
Result<std::unique_ptr<AudioSource>> open_portaudio_source(std::string_view device,
                                                           int sample_rate_hz);

}  // namespace annabella::speech
