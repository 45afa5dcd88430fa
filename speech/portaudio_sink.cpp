// The PortAudio adapter for output (with portaudio_source.cpp for input and
// portaudio_devices.cpp, the part they share: the only files that include PortAudio).
#include "speech/portaudio_sink.h"

#include <portaudio.h>

#include "speech/portaudio_devices.h"

namespace annabella::speech {
namespace {

class PortAudioSink final : public AudioSink {
 public:
  PortAudioSink(std::unique_ptr<portaudio::Session> session, PaStream* stream, std::string name)
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
  std::unique_ptr<portaudio::Session> session_;
  PaStream* stream_;
  std::string name_;
};

}  // namespace

std::vector<std::string> portaudio_output_devices() {
  const portaudio::Session session;
  if (!session.ok()) return {};
  return portaudio::device_names(portaudio::Direction::Output);
}

Result<std::unique_ptr<AudioSink>> open_portaudio_sink(std::string_view device,
                                                       int sample_rate_hz) {
  auto session = std::make_unique<portaudio::Session>();
  if (!session->ok()) return fail(session->failure());
  const auto index = portaudio::choose_device(portaudio::Direction::Output, device);
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
