// Sound files through libsndfile (sound_file.cpp is the only file that includes it): the game
// recording and `annabella say --wav`. WAV (PCM 16-bit) or FLAC by the file name's ending.
#pragma once

#include <fcntl.h>

#include <filesystem>
#include <memory>
#include <span>

#include "core/result.h"
#include "speech/audio.h"

namespace annabella::speech {

// Opens `path` for writing, emptied (created when missing), as a file of a game's record
// folder: relative to its folder, never through a symbolic link standing in its place (refused,
// naming the file; its target stays untouched), created readable and writable by its owner and
// readable by its group only (0640, whatever the umask). `access` is O_WRONLY or O_RDWR. The
// descriptor is the caller's to close.
Result<int> open_record_file(const std::filesystem::path& path, int access = O_WRONLY);

class SoundFileWriter {
 public:
  // Creates (replaces) the file, as open_record_file() opens it. The header is kept up to date
  // after every write, so the file is readable even if the station stops without closing it.
  static Result<std::unique_ptr<SoundFileWriter>> create(const std::filesystem::path& path,
                                                         int sample_rate_hz);
  SoundFileWriter(const SoundFileWriter&) = delete;
  SoundFileWriter& operator=(const SoundFileWriter&) = delete;

  Status write(std::span<const std::int16_t> samples);
  std::int64_t samples_written() const { return written_; }
  // Goes on after a failed write (tester 14j): cuts the file back to its first `samples`
  // samples (what the cue list covers; a failed write may have left a part of a phrase, or
  // nothing the cue list knows), opens it again and writes after them. A WAV file only, whose
  // samples follow its header at a fixed place; fails for FLAC, or when the file cannot be cut
  // or opened again (then the writer stays as it was).
  Status resume_at(std::int64_t samples);
  ~SoundFileWriter();

 private:
  // What resume_at needs: the file's own descriptor and where its samples begin.
  struct Place {
    int fd = -1;
    std::int64_t data_offset = -1;
  };
  SoundFileWriter(void* file, std::filesystem::path path, Place place)
      : file_(file), path_(std::move(path)), fd_(place.fd), data_offset_(place.data_offset) {}
  void* file_;  // SNDFILE*
  std::filesystem::path path_;
  int fd_ = -1;                    // the file, for resume_at (libsndfile has its own descriptor)
  std::int64_t data_offset_ = -1;  // where the samples begin (WAV); -1: cannot resume
  std::int64_t written_ = 0;
};

struct SoundFileContents {
  int sample_rate_hz = 0;
  Samples samples;  // the first channel, 16-bit
};
Result<SoundFileContents> read_sound_file(const std::filesystem::path& path);
// A sound file of speech to be heard (`listen --wav`, `voice adapt --wav-dir`), resampled to the
// recogniser's rate after: read_sound_file, but a header with a rate no microphone gives or more
// channels than a sound card has is refused first.
inline constexpr int kMinSpeechRateHz = 8000;
inline constexpr int kMaxSpeechRateHz = 192000;
inline constexpr int kMaxSpeechChannels = 32;
Result<SoundFileContents> read_speech_file(const std::filesystem::path& path);
// What the sound file's header says, without reading its samples: "format 0x10002, 22050 Hz, 1
// channel" (libsndfile's format code). A version 3 seal signs it (D.2.7).
Result<std::string> sound_file_format(const std::filesystem::path& path);

}  // namespace annabella::speech
