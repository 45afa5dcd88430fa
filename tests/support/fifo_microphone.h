// A microphone for tests of the real capture path: a FIFO that the ALSA default device reads as
// its `infile` (the `file` plugin; raw S16_LE, 16 kHz mono; platform-findings), set up by
// pointing ALSA_CONFIG_PATH at a configuration of its own, so that PortAudio in this process and
// in a child started afterwards captures what the test writes. The test holds the FIFO open for
// reading and writing, so neither side blocks on opening it, a program may open and close the
// device again and again, and the capture waits for what the test writes next. Set it up once
// per process, before PortAudio first starts.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "support/temp_dir.h"

namespace annabella::testing {

class FifoMicrophone {
 public:
  FifoMicrophone();
  ~FifoMicrophone();
  FifoMicrophone(const FifoMicrophone&) = delete;
  FifoMicrophone& operator=(const FifoMicrophone&) = delete;

  [[nodiscard]] bool ready() const { return fd_ >= 0; }
  // Writes the samples whole (blocking while the FIFO is full); false when a write fails.
  bool write(const std::vector<std::int16_t>& samples);
  // Drops what is left in the FIFO, then sets its capacity: at its smallest (a page, 128 ms of
  // audio) a write returns only once the capture has read all but that much of it.
  bool set_capacity(int bytes);

 private:
  TempDir dir_;
  std::filesystem::path fifo_;
  int fd_ = -1;
};

}  // namespace annabella::testing
