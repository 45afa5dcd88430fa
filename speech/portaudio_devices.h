// What the PortAudio adapter's two halves share (portaudio_sink.cpp for output,
// portaudio_source.cpp for input): a PortAudio session and the choice of a device by name.
// portaudio_devices.cpp includes PortAudio; this header does not (indices and error codes are
// PortAudio's own ints: PaDeviceIndex, PaError).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"

namespace annabella::speech::portaudio {

// Pa_Initialize with stderr silenced, paired with Pa_Terminate: Debian's PortAudio is linked
// with JACK and ALSA, which print probing noise at every start (real errors come back as
// PaError values). PortAudio counts sessions: each stream keeps one while it lives.
class Session {
 public:
  Session();
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;
  [[nodiscard]] bool ok() const { return error_ == 0; }
  // Why PortAudio did not start ("PortAudio did not start: ...").
  [[nodiscard]] std::string failure() const;

 private:
  int error_ = 0;
};

enum class Direction { Output, Input };

// The names of the devices with channels in `direction`, in PortAudio's order (needs a
// Session).
[[nodiscard]] std::vector<std::string> device_names(Direction direction);

// The device named `device` in `direction`: "" or "default" is the system's default one;
// otherwise the one of that exact name, or the only one whose name contains it (ignoring case).
// The error says why and lists the devices there are (needs a Session).
[[nodiscard]] Result<int> choose_device(Direction direction, std::string_view device);

}  // namespace annabella::speech::portaudio
