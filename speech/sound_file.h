// Sound files through libsndfile (sound_file.cpp is the only file that includes it): the game
// recording and `annabella say --wav`. WAV (PCM 16-bit) or FLAC by the file name's ending.
#pragma once

#include <filesystem>
#include <memory>
#include <span>

#include "core/result.h"
#include "speech/audio.h"

namespace annabella::speech {

class SoundFileWriter {
 public:
  // Creates (replaces) the file. The header is kept up to date after every write, so the file
  // is readable even if the station stops without closing it.
  static Result<std::unique_ptr<SoundFileWriter>> create(const std::filesystem::path& path,
                                                         int sample_rate_hz);
  ~SoundFileWriter();
  SoundFileWriter(const SoundFileWriter&) = delete;
  SoundFileWriter& operator=(const SoundFileWriter&) = delete;

  Status write(std::span<const std::int16_t> samples);
  std::int64_t samples_written() const { return written_; }

 private:
  SoundFileWriter(void* file, std::filesystem::path path) : file_(file), path_(std::move(path)) {}
  void* file_;  // SNDFILE*
  std::filesystem::path path_;
  std::int64_t written_ = 0;
};

struct SoundFileContents {
  int sample_rate_hz = 0;
  Samples samples;  // the first channel, 16-bit
};
Result<SoundFileContents> read_sound_file(const std::filesystem::path& path);

}  // namespace annabella::speech
