// The narrow interface between voice input and a microphone: mono 16-bit samples, read blocking.
// speech/portaudio_source.h is the real one; tests may feed samples from memory.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/result.h"

namespace annabella::speech {

class AudioSource {
 public:
  virtual ~AudioSource() = default;
  // The device's name as the sound system reports it.
  virtual const std::string& name() const = 0;
  virtual int sample_rate_hz() const = 0;
  // Fills `into`, blocking until the device has delivered that many samples; fails when the
  // device is gone.
  virtual Status read(std::span<std::int16_t> into) = 0;
  // How long before a read returns its last sample was captured: the device's own input
  // latency (its buffers and converter), which a read's return time must be corrected by to
  // say when a sound was made. Zero when unknown.
  [[nodiscard]] virtual std::chrono::microseconds input_latency() const { return {}; }
};

// Opens an input device by name ("default", a full name or part of one) at a sample rate.
using SourceOpener = std::function<Result<std::unique_ptr<AudioSource>>(std::string_view device,
                                                                        int sample_rate_hz)>;

}  // namespace annabella::speech
