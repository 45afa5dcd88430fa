// The recording of everything announced (D.2.7: the VI player may keep score "by recording the
// moves on a recording device"): one sound file (WAV or FLAC) holding every phrase in order,
// and beside it a cue list, `<audio file>.cues.txt`, one line a phrase, written as the game goes.
//
// Tamper evidence: each cue line ends with a SHA-256 hash chain value over the previous value,
// the line itself and the audio samples of that phrase (speech/cue_list.h), so changing any
// sample or any line breaks every digest from there on. The end is anchored outside the files:
// anchor() gives the chain's state for a signed seal (app/recording_seal.h).
//
// Write order and faults: a phrase's audio is written and flushed to the disk first, then its
// cue line, so a stop in between leaves audio without a cue line (a torn tail the check
// recognises). When a write fails (a full disk), the recording is cut there: an `interrupted`
// marker line, chained like a phrase, says where and why (written as soon as the cue list can be
// written), and nothing is recorded until a phrase can be written again (tester 14j): then a
// `resumed` marker line (cue list v4) says how many phrases from when to when are missing, and
// the recording goes on in the same file (WAV; a FLAC recording stays cut). Format:
// docs/speech.md.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/result.h"
#include "speech/cue_list.h"
#include "speech/sound_file.h"

namespace annabella::speech {

// The chain's state at one moment: what a seal signs (app/recording_seal.h).
struct RecordingAnchor {
  std::filesystem::path file;  // the sound file ("" when nothing is recorded)
  int cue_lines = 0;           // lines written: phrases and markers (the last sequence number)
  std::string digest;          // the chain after the last line
  bool interrupted = false;    // a write failed: the recording was cut
};

class Recorder {
 public:
  // Silence before each phrase in the recording, so phrases do not run together.
  static constexpr std::chrono::milliseconds kGap{250};
  static constexpr std::string_view kCutMarker = speech::kCutMarker;

  struct Options {
    // Called after a phrase's audio is on the disk and before its cue line is written, with
    // the sequence number the line will have. A test seam: the crash tests stop the process
    // here.
    std::function<void(int sequence)> after_audio;
  };

  // Creates the sound file and its cue list (both replaced if they exist; readable by the owner
  // and group only; a symbolic link in their place is refused).
  [[nodiscard]] static Result<std::unique_ptr<Recorder>> create(
      const std::filesystem::path& audio_path, int sample_rate_hz, Options options);
  [[nodiscard]] static Result<std::unique_ptr<Recorder>> create(
      const std::filesystem::path& audio_path, int sample_rate_hz) {
    return create(audio_path, sample_rate_hz, Options{});
  }
  ~Recorder();
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // Appends one phrase: `at` is when it was announced (since the announcer started), `route`
  // and `kind` are labels ("public", "move"). Returns the new chain digest (hex). Fails when it
  // is not recorded: on the write that fails (the error says what failed and that the
  // recording is cut there) and on every call after it (the same error) until a phrase can be
  // written again, which resumes the recording after a `resumed` marker.
  [[nodiscard]] Result<std::string> record(std::chrono::milliseconds at, std::string_view route,
                                           std::string_view kind, std::string_view text,
                                           std::span<const std::int16_t> audio);
  // Appends a marker line that holds no samples (an empty range): `kind` is kCutMarker for a
  // phrase cut off while it played, `text` says what happened, `at` is when. Chained like a
  // phrase, so a changed or removed marker shows. Returns the new chain digest (hex).
  [[nodiscard]] Result<std::string> mark(std::chrono::milliseconds at, std::string_view route,
                                         std::string_view kind, std::string_view text);
  // The chain's state now, for a seal (a pending `interrupted` marker is written first when the
  // cue list can take it).
  [[nodiscard]] RecordingAnchor anchor();

  [[nodiscard]] const std::string& last_digest() const { return digest_; }
  // The sequence number of the last line written (0 before the first).
  [[nodiscard]] int sequence() const { return sequence_; }
  // Samples in the sound file so far (the last phrase ends here).
  [[nodiscard]] std::int64_t samples_written() const { return audio_->samples_written(); }
  // The sound file's name, without its folder.
  [[nodiscard]] std::string audio_name() const { return audio_path_.filename().string(); }
  // "" while recording; else why the recording was cut.
  [[nodiscard]] const std::string& cut_reason() const { return cut_reason_; }
  [[nodiscard]] static std::filesystem::path cue_path(const std::filesystem::path& audio_path) {
    return cue_list_path(audio_path);
  }

 private:
  struct Marker {  // an `interrupted` marker not yet in the cue list
    std::chrono::milliseconds at{0};
    std::string route, text;
    Samples samples;  // what the sound file holds after the last cue line
  };
  Recorder(std::filesystem::path audio_path, std::unique_ptr<SoundFileWriter> audio,
           int sample_rate_hz, Options options, int cue_fd);
  Status append_line(std::chrono::milliseconds at, std::string_view route, std::string_view kind,
                     std::string_view text, std::span<const std::int16_t> samples);
  Status write_cue_line(const std::string& line);
  void cut(std::string reason, Marker marker);
  void write_pending_marker();
  [[nodiscard]] Failure<Error> not_recorded() const;
  Result<std::string> resume(std::chrono::milliseconds at, std::string_view route,
                             std::string_view kind, std::string_view text,
                             std::span<const std::int16_t> segment);

  std::filesystem::path audio_path_;
  std::unique_ptr<SoundFileWriter> audio_;
  int cue_fd_ = -1;
  std::int64_t cue_size_ = 0;  // the cue list's length after its last whole line
  int sample_rate_hz_;
  Options options_;
  int sequence_ = 0;
  std::int64_t cued_end_ = 0;  // the sample the last cue line ends at
  std::string digest_;
  std::string cut_reason_;
  std::string cut_at_;  // "after cue line N (hh:mm:ss.mmm)"
  std::unique_ptr<Marker> pending_;
  std::chrono::milliseconds cut_time_{0};  // when the recording was cut
  int lost_ = 0;                           // phrases not recorded since
};

}  // namespace annabella::speech
