// The PortAudio adapter's shared part (see portaudio_devices.h).
#include "speech/portaudio_devices.h"

#include <fcntl.h>
#include <portaudio.h>
#include <unistd.h>

#include <cctype>
#include <utility>

namespace annabella::speech::portaudio {
namespace {

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

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::vector<std::pair<PaDeviceIndex, std::string>> devices(Direction direction) {
  std::vector<std::pair<PaDeviceIndex, std::string>> found;
  for (PaDeviceIndex i = 0; i < Pa_GetDeviceCount(); ++i) {
    const PaDeviceInfo* info = Pa_GetDeviceInfo(i);
    if (!info) continue;
    const int channels =
        direction == Direction::Output ? info->maxOutputChannels : info->maxInputChannels;
    if (channels > 0) found.emplace_back(i, info->name);
  }
  return found;
}

}  // namespace

Session::Session() : error_(quiet_initialize()) {}

Session::~Session() {
  if (error_ == paNoError) Pa_Terminate();
}

std::string Session::failure() const {
  return std::string("PortAudio did not start: ") + Pa_GetErrorText(error_);
}

std::vector<std::string> device_names(Direction direction) {
  std::vector<std::string> names;
  for (auto& [index, name] : devices(direction)) names.push_back(std::move(name));
  return names;
}

Result<int> choose_device(Direction direction, std::string_view device) {
  const bool output = direction == Direction::Output;
  if (device.empty() || lower(device) == "default") {
    const PaDeviceIndex index = output ? Pa_GetDefaultOutputDevice() : Pa_GetDefaultInputDevice();
    if (index == paNoDevice)
      return fail(output ? "there is no default output device"
                         : "there is no default input device (microphone)");
    return index;
  }
  std::vector<PaDeviceIndex> partial;
  std::string list;
  for (const auto& [i, name] : devices(direction)) {
    if (name == device) return i;
    if (lower(name).find(lower(device)) != std::string::npos) partial.push_back(i);
    list += (list.empty() ? "" : ", ") + name;
  }
  if (partial.size() == 1) return partial.front();
  return fail(std::string("no ") + (output ? "output" : "input") + " device " +
              (partial.empty() ? "named" : "uniquely named") + " \"" + std::string(device) +
              "\"; devices: " + (list.empty() ? "none" : list));
}

}  // namespace annabella::speech::portaudio
