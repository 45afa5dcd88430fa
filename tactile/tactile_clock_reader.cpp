#include "tactile/tactile_clock_reader.h"

#include <array>
#include <vector>

namespace annabella::tactile {

TactileClockReader::TactileClockReader(SerialLink& link, Sink sink)
    : link_(link), sink_(std::move(sink)), thread_([this] { run(); }) {}

TactileClockReader::~TactileClockReader() {
  stop();
}

void TactileClockReader::stop() {
  stopping_ = true;
  link_.interrupt();
  if (thread_.joinable()) thread_.join();
}

void TactileClockReader::run() {
  TactileClockDecoder decoder;
  std::vector<TactileClockInput> inputs;
  std::array<std::uint8_t, 256> buffer{};
  while (!stopping_) {
    auto n = link_.read(buffer, std::chrono::seconds(60));
    if (!n) return;  // the device is gone; the clock's writer says so on its next write
    const auto time = std::chrono::steady_clock::now();
    inputs.clear();
    decoder.decode(std::span(buffer.data(), *n), time, inputs);
    for (const auto& in : inputs)
      if (!stopping_) sink_(in);
  }
}

}  // namespace annabella::tactile
