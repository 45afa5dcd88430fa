// PortAudio output devices as AudioSinks (portaudio_sink.cpp; with portaudio_source.cpp and
// portaudio_devices.cpp, the only files that include PortAudio). Each sink keeps PortAudio
// initialised while it lives (PortAudio counts them).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "speech/audio.h"

namespace annabella::speech {

// The names of the output devices PortAudio sees (for messages and `--help`).
std::vector<std::string> portaudio_output_devices();

// Opens an output device: "default" (the system's default output), an exact device name, or a
// part of one (case-insensitive; it must fit one device). Blocking writes, mono, 16-bit. The
// error says why and lists the devices there are.
Result<std::unique_ptr<AudioSink>> open_portaudio_sink(std::string_view device, int sample_rate_hz);

}  // namespace annabella::speech
