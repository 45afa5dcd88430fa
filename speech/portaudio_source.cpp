// The PortAudio adapter for input (portaudio_sink.cpp is the one for output).
#include "speech/portaudio_source.h"

#include <fcntl.h>
#include <portaudio.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>

namespace annabella::speech {
namespace {

// Pa_Initialize with stderr silenced: Debian's PortAudio prints JACK and ALSA probing noise at
// every start (real errors come back as PaError values). Paired with Pa_Terminate.
class InputSession {
 public:
  InputSession() {
    const int saved = ::dup(STDERR_FILENO);
    const int null = ::open("/dev/null", O_WRONLY);
    if (saved >= 0 && null >= 0) ::dup2(null, STDERR_FILENO);
    error_ = Pa_Initialize();
    if (saved >= 0 && null >= 0) ::dup2(saved, STDERR_FILENO);
    if (null >= 0) ::close(null);
    if (saved >= 0) ::close(saved);
  }
  ~InputSession() {
    if (error_ == paNoError) Pa_Terminate();
  }
  InputSession(const InputSession&) = delete;
  InputSession& operator=(const InputSession&) = delete;
  PaError error() const { return error_; }

 private:
  PaError error_ = paNoError;
};

std::string folded(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::pair<PaDeviceIndex, std::string>> inputs() {
  std::vector<std::pair<PaDeviceIndex, std::string>> devices;
  for (PaDeviceIndex i = 0; i < Pa_GetDeviceCount(); ++i) {
    const PaDeviceInfo* info = Pa_GetDeviceInfo(i);
    if (info && info->maxInputChannels > 0) devices.emplace_back(i, info->name);
  }
  return devices;
}

std::string input_list() {
  std::string out;
  for (const auto& [index, name] : inputs()) out += (out.empty() ? "" : ", ") + name;
  return out.empty() ? "none" : out;
}

Result<PaDeviceIndex> find_input(std::string_view device) {
  if (device.empty() || folded(device) == "default") {
    const PaDeviceIndex index = Pa_GetDefaultInputDevice();
    if (index == paNoDevice) return fail("there is no default input device (microphone)");
    return index;
  }
  std::vector<PaDeviceIndex> partial;
  for (const auto& [i, name] : inputs()) {
    if (name == device) return i;
    if (folded(name).find(folded(device)) != std::string::npos) partial.push_back(i);
  }
  if (partial.size() == 1) return partial.front();
  return fail("no input device " + std::string(partial.empty() ? "named" : "uniquely named") +
              " \"" + std::string(device) + "\"; devices: " + input_list());
}

class PortAudioSource final : public AudioSource {
 public:
  PortAudioSource(std::unique_ptr<InputSession> session, PaStream* stream, std::string name,
                  int rate)
      : session_(std::move(session)), stream_(stream), name_(std::move(name)), rate_(rate) {}
  ~PortAudioSource() override {
    Pa_AbortStream(stream_);
    Pa_CloseStream(stream_);
  }
  PortAudioSource(const PortAudioSource&) = delete;
  PortAudioSource& operator=(const PortAudioSource&) = delete;
  const std::string& name() const override { return name_; }
  int sample_rate_hz() const override { return rate_; }
  Status read(std::span<std::int16_t> into) override {
    const PaError err =
        Pa_ReadStream(stream_, into.data(), static_cast<unsigned long>(into.size()));
    // An overflow lost samples while the reader was late: the ones read are still good.
    if (err != paNoError && err != paInputOverflowed)
      return fail("input device \"" + name_ + "\": " + Pa_GetErrorText(err));
    return {};
  }

 private:
  std::unique_ptr<InputSession> session_;
  PaStream* stream_;
  std::string name_;
  int rate_;
};

}  // namespace

std::vector<std::string> portaudio_input_devices() {
  InputSession session;
  std::vector<std::string> names;
  if (session.error() != paNoError) return names;
  for (const auto& [index, name] : inputs()) names.push_back(name);
  return names;
}

Result<std::unique_ptr<AudioSource>> open_portaudio_source(std::string_view device,
                                                           int sample_rate_hz) {
  auto session = std::make_unique<InputSession>();
  if (session->error() != paNoError)
    return fail(std::string("PortAudio did not start: ") + Pa_GetErrorText(session->error()));
  auto index = find_input(device);
  if (!index) return fail(index.error());
  const PaDeviceInfo* info = Pa_GetDeviceInfo(*index);
  PaStreamParameters in{};
  in.device = *index;
  in.channelCount = 1;
  in.sampleFormat = paInt16;
  in.suggestedLatency = info ? info->defaultLowInputLatency : 0.05;
  PaStream* stream = nullptr;
  PaError err = Pa_OpenStream(&stream, &in, nullptr, sample_rate_hz, paFramesPerBufferUnspecified,
                              paNoFlag, nullptr, nullptr);
  if (err == paNoError) err = Pa_StartStream(stream);
  if (err != paNoError) {
    if (stream) Pa_CloseStream(stream);
    return fail("cannot open input device \"" + std::string(info ? info->name : "?") +
                "\": " + Pa_GetErrorText(err));
  }
  return std::unique_ptr<AudioSource>(new PortAudioSource(
      std::move(session), stream, info ? info->name : std::string(device), sample_rate_hz));
}

}  // namespace annabella::speech
