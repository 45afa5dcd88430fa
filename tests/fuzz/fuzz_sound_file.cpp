// Fuzzes the sound file reader behind `annabella listen --wav` and `annabella voice adapt
// --wav-dir` (speech/sound_file.h read_speech_file, libsndfile), and the resampling to the
// recogniser's rate after it: any bytes never crash; what is read has a rate a microphone has
// and no more samples than the bytes can hold, and its resampling stays in proportion (a header
// saying 1 Hz once made a 28 KB file gigabytes, tester 15-7).
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "speech/recognizer.h"
#include "speech/resample.h"
#include "speech/sound_file.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace annabella;
  using fuzz::check;
  const int fd = memfd_create("fuzz.wav", 0);
  check(fd >= 0);
  for (std::size_t done = 0; done < size;) {
    const auto n = write(fd, data + done, size - done);
    check(n > 0);
    done += static_cast<std::size_t>(n);
  }
  const auto read = speech::read_speech_file("/proc/self/fd/" + std::to_string(fd));
  close(fd);
  if (!read) {
    check(!read.error().message.empty());
    return 0;
  }
  check(read->sample_rate_hz >= speech::kMinSpeechRateHz &&
        read->sample_rate_hz <= speech::kMaxSpeechRateHz);
  // libsndfile decodes compressed formats too; none gives more than a few hundred samples a byte.
  check(read->samples.size() <= size * 512 + 1024);
  const auto resampled =
      speech::resample(read->samples, read->sample_rate_hz, speech::kRecognizerSampleRateHz);
  const std::size_t most =
      read->samples.size() * speech::kRecognizerSampleRateHz / speech::kMinSpeechRateHz + 2;
  check(resampled.size() <= most);
  return 0;
}
