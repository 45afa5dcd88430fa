// The two narrow interfaces between the announcer and sound hardware: a synthesizer that turns
// spoken text into samples, and an audio sink that plays them. Audio is mono, signed 16-bit.
// speech/espeak_synth.h and speech/portaudio_sink.h are the real ones; tests may add their own.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace annabella::speech {

using Samples = std::vector<std::int16_t>;

struct Voice {
  std::string name = "de";  // the synthesizer's voice ("de", "en", "ru")
  int rate_wpm = 160;       // words a minute
};

// The private route's voice as the VI player sets it (his menu, app/player_menu.h).
struct PrivateVoice {
  int rate_wpm = 0;          // words a minute; 0: the profile's rate
  int volume_percent = 100;  // of the synthesized level
  friend bool operator==(const PrivateVoice&, const PrivateVoice&) = default;
};

class Synthesizer {
 public:
  virtual ~Synthesizer() = default;
  virtual int sample_rate_hz() const = 0;
  // Synthesizes `spoken`, handing the samples to `chunk` as they come; `chunk` returns false to
  // stop early. Must be called from one thread only (the speech thread).
  virtual Status synthesize(std::string_view spoken, const Voice& voice,
                            const std::function<bool(std::span<const std::int16_t>)>& chunk) = 0;
};

class AudioSink {
 public:
  virtual ~AudioSink() = default;
  // The device's name as the sound system reports it.
  virtual const std::string& name() const = 0;
  // Plays samples, blocking until the device has taken them; fails when the device is gone.
  virtual Status write(std::span<const std::int16_t> samples) = 0;
};

// Opens an output device by name ("default", a full name or part of one) at a sample rate.
using SinkOpener =
    std::function<Result<std::unique_ptr<AudioSink>>(std::string_view device, int sample_rate_hz)>;

}  // namespace annabella::speech
