// The PortAudio adapter for input (portaudio_sink.cpp is the one for output).
#include "speech/portaudio_source.h"

#include <portaudio.h>

#include <cmath>

#include "speech/portaudio_devices.h"

namespace annabella::speech {
namespace {

class PortAudioSource final : public AudioSource {
 public:
  PortAudioSource(std::unique_ptr<portaudio::Session> session, PaStream* stream, std::string name,
                  int rate)
      : session_(std::move(session)), stream_(stream), name_(std::move(name)), rate_(rate) {
    // PortAudio's own measure of the stream's input latency (its buffers and the host API's),
    // fixed once the stream is open.
    if (const PaStreamInfo* info = Pa_GetStreamInfo(stream_); info && info->inputLatency > 0)
      latency_ = std::chrono::microseconds(std::llround(info->inputLatency * 1e6));
  }
  ~PortAudioSource() override {
    Pa_AbortStream(stream_);
    Pa_CloseStream(stream_);
  }
  PortAudioSource(const PortAudioSource&) = delete;
  PortAudioSource& operator=(const PortAudioSource&) = delete;
  const std::string& name() const override { return name_; }
  int sample_rate_hz() const override { return rate_; }
  std::chrono::microseconds input_latency() const override { return latency_; }
  Status read(std::span<std::int16_t> into) override {
    const PaError err =
        Pa_ReadStream(stream_, into.data(), static_cast<unsigned long>(into.size()));
    // An overflow lost samples while the reader was late: the ones read are still good.
    if (err != paNoError && err != paInputOverflowed)
      return fail("input device \"" + name_ + "\": " + Pa_GetErrorText(err));
    return {};
  }

 private:
  std::unique_ptr<portaudio::Session> session_;
  PaStream* stream_;
  std::string name_;
  int rate_;
  std::chrono::microseconds latency_{0};
};

}  // namespace

std::vector<std::string> portaudio_input_devices() {
  const portaudio::Session session;
  if (!session.ok()) return {};
  return portaudio::device_names(portaudio::Direction::Input);
}

Result<std::unique_ptr<AudioSource>> open_portaudio_source(std::string_view device,
                                                           int sample_rate_hz) {
  auto session = std::make_unique<portaudio::Session>();
  if (!session->ok()) return fail(session->failure());
  auto index = portaudio::choose_device(portaudio::Direction::Input, device);
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
