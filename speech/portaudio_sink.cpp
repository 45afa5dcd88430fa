// The PortAudio adapter: the only file that includes PortAudio.
#include "speech/portaudio_sink.h"

#include <fcntl.h>
#include <portaudio.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>

namespace annabella::speech {
namespace {

// Debian's PortAudio is linked with JACK and ALSA, which print probing noise on stderr at every
// Pa_Initialize; it is kept out of the user's way (real errors come back as PaError values).
PaError quiet_initialize() {
  const int saved = ::dup(STDERR_FILENO);
  const int null = ::open("/dev/null", O_WRONLY);
  if (saved >= 0 && null >= 0) ::dup2(null, STDERR_FILENO);
  const PaError err = Pa_Initialize();
  if (saved >= 0 && null >= 0) ::dup2(saved, STDERR_FILENO);
  if (null >= 0) ::close(null);
  if (saved >= 0) ::close(saved);
  return err;
}

// Pa_Initialize / Pa_Terminate, paired.
class PortAudioSession {
 public:
  PortAudioSession() : error_(quiet_initialize()) {}
  ~PortAudioSession() {
    if (error_ == paNoError) Pa_Terminate();
  }
  PortAudioSession(const PortAudioSession&) = delete;
  PortAudioSession& operator=(const PortAudioSession&) = delete;
  PaError error() const { return error_; }

 private:
  PaError error_;
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::pair<PaDeviceIndex, std::string>> output_devices() {
  std::vector<std::pair<PaDeviceIndex, std::string>> devices;
  for (PaDeviceIndex i = 0; i < Pa_GetDeviceCount(); ++i) {
    const PaDeviceInfo* info = Pa_GetDeviceInfo(i);
    if (info && info->maxOutputChannels > 0) devices.emplace_back(i, info->name);
  }
  return devices;
}

std::string device_list() {
  std::string out;
  for (const auto& [index, name] : output_devices()) out += (out.empty() ? "" : ", ") + name;
  return out.empty() ? "none" : out;
}

class PortAudioSink final : public AudioSink {
 public:
  PortAudioSink(std::unique_ptr<PortAudioSession> session, PaStream* stream, std::string name)
      : session_(std::move(session)), stream_(stream), name_(std::move(name)) {}
  ~PortAudioSink() override {
    Pa_StopStream(stream_);  // plays out what is buffered
    Pa_CloseStream(stream_);
  }
  const std::string& name() const override { return name_; }
  Status write(std::span<const std::int16_t> samples) override {
    const PaError err =
        Pa_WriteStream(stream_, samples.data(), static_cast<unsigned long>(samples.size()));
    if (err != paNoError && err != paOutputUnderflowed)
      return fail("sound device \"" + name_ + "\": " + Pa_GetErrorText(err));
    return {};
  }

 private:
  std::unique_ptr<PortAudioSession> session_;
  PaStream* stream_;
  std::string name_;
};

}  // namespace

std::vector<std::string> portaudio_output_devices() {
  PortAudioSession session;
  std::vector<std::string> names;
  if (session.error() != paNoError) return names;
  for (const auto& [index, name] : output_devices()) names.push_back(name);
  return names;
}

namespace {

// The output device named `device`: "" or "default" is the default one; otherwise the one of
// that exact name, or the only one whose name contains it (ignoring case).
Result<PaDeviceIndex> find_output_device(std::string_view device) {
  if (device.empty() || lower(device) == "default") {
    const PaDeviceIndex index = Pa_GetDefaultOutputDevice();
    if (index == paNoDevice) return fail("there is no default output device");
    return index;
  }
  std::vector<PaDeviceIndex> partial;
  for (const auto& [i, name] : output_devices()) {
    if (name == device) return i;
    if (lower(name).find(lower(device)) != std::string::npos) partial.push_back(i);
  }
  if (partial.size() == 1) return partial.front();
  return fail("no output device " + std::string(partial.empty() ? "named" : "uniquely named") +
              " \"" + std::string(device) + "\"; devices: " + device_list());
}

}  // namespace

Result<std::unique_ptr<AudioSink>> open_portaudio_sink(std::string_view device,
                                                       int sample_rate_hz) {
  auto session = std::make_unique<PortAudioSession>();
  if (session->error() != paNoError)
    return fail(std::string("PortAudio did not start: ") + Pa_GetErrorText(session->error()));
  const auto index = find_output_device(device);
  if (!index) return fail(index.error());
  const PaDeviceInfo* info = Pa_GetDeviceInfo(*index);
  PaStreamParameters out{};
  out.device = *index;
  out.channelCount = 1;
  out.sampleFormat = paInt16;
  out.suggestedLatency = info ? info->defaultLowOutputLatency : 0.05;
  PaStream* stream = nullptr;
  PaError err = Pa_OpenStream(&stream, nullptr, &out, sample_rate_hz, paFramesPerBufferUnspecified,
                              paNoFlag, nullptr, nullptr);
  if (err == paNoError) err = Pa_StartStream(stream);
  if (err != paNoError) {
    if (stream) Pa_CloseStream(stream);
    return fail("cannot open output device \"" + std::string(info ? info->name : "?") +
                "\": " + Pa_GetErrorText(err));
  }
  return std::unique_ptr<AudioSink>(
      new PortAudioSink(std::move(session), stream, info ? info->name : std::string(device)));
}

}  // namespace annabella::speech
