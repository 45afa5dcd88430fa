// The recording of everything announced (D.2.7: the VI player may keep score "by recording the
// moves on a recording device"): one sound file (WAV or FLAC) holding every phrase in order,
// and beside it a cue list, `<audio file>.cues.txt`, one line a phrase, written as the game goes.
//
// Tamper evidence: each cue line ends with a SHA-256 hash chain value over the previous value,
// the line itself and the audio samples of that phrase, so changing any sample or any line
// breaks every digest from there on. The last digest (said at the end of the game, kept in the
// journal or on the scoresheet) also seals the end. Format and check: docs/speech.md.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "core/result.h"
#include "speech/sound_file.h"

namespace annabella::speech {

class Recorder {
 public:
  // Silence before each phrase in the recording, so phrases do not run together.
  static constexpr std::chrono::milliseconds kGap{250};

  // Creates the sound file and its cue list (both replaced if they exist).
  static Result<std::unique_ptr<Recorder>> create(const std::filesystem::path& audio_path,
                                                  int sample_rate_hz);
  ~Recorder();

  // Appends one phrase: `at` is when it was announced (since the announcer started), `route`
  // and `kind` are labels ("public", "move"). Returns the new chain digest (hex).
  Result<std::string> record(std::chrono::milliseconds at, std::string_view route,
                             std::string_view kind, std::string_view text,
                             std::span<const std::int16_t> audio);
  // Appends a marker line that holds no samples (an empty range): `kind` is kCutMarker for a
  // phrase cut off while it played, `text` says what happened, `at` is when. Chained like a
  // phrase, so a changed or removed marker shows. Returns the new chain digest (hex).
  Result<std::string> mark(std::chrono::milliseconds at, std::string_view route,
                           std::string_view kind, std::string_view text);
  static constexpr std::string_view kCutMarker = "cut";
  const std::string& last_digest() const { return digest_; }
  // The sequence number of the last line written (0 before the first).
  int sequence() const { return sequence_; }
  // Samples in the sound file so far (the last phrase ends here).
  std::int64_t samples_written() const { return audio_->samples_written(); }
  static std::filesystem::path cue_path(const std::filesystem::path& audio_path);

 private:
  Recorder(std::unique_ptr<SoundFileWriter> audio, std::FILE* cues, int sample_rate_hz);
  std::string append_line(std::chrono::milliseconds at, std::string_view route,
                          std::string_view kind, std::string_view text, std::int64_t first,
                          std::int64_t end, std::span<const std::int16_t> samples);
  std::unique_ptr<SoundFileWriter> audio_;
  std::FILE* cues_;
  int sample_rate_hz_;
  int sequence_ = 0;
  std::string digest_;
};

struct RecordingCheck {
  int phrases = 0;
  int cut_markers = 0;  // phrases cut off while they played (lines of kind "cut")
  std::string last_digest;
};
// Recomputes the chain from the sound file and its cue list. The error names the first line
// whose digest does not match (or whose samples are missing).
Result<RecordingCheck> verify_recording(const std::filesystem::path& audio_path);
// The same check on a cue list's text and the sound file's samples (`name` for the messages):
// comment lines only before the first cue line, every number whole, every line chained.
Result<RecordingCheck> verify_cue_list(std::string_view cue_list,
                                       std::span<const std::int16_t> samples,
                                       std::string_view name);

// A time since the session's start as "hh:mm:ss.mmm" (cue lists and the announcer's text lines).
std::string session_time_text(std::chrono::milliseconds since_start);

// The digest chain step: SHA-256 of the previous digest (hex), a newline, the cue line without
// its digest field, a newline, and the phrase's samples as 16-bit little-endian bytes.
std::string chain_digest(std::string_view previous, std::string_view cue_line,
                         std::span<const std::int16_t> samples);

}  // namespace annabella::speech
