// The recording's cue list (D.2.7, docs/speech.md): one line a phrase beside the sound file,
// each ending in a SHA-256 hash chain value over the previous value, the line and the phrase's
// samples; and its check, which recomputes the chain from the two files.
//
// What the check tells apart:
//  - tampering: a changed line or sample (digest mismatch), a removed, repeated or moved line
//    (the sequence numbers), samples missing from the middle;
//  - a recording cut by a write failure: an `interrupted` marker line (cue list v3), inside the
//    chain, says where and why; nothing follows it, or (v4) a `resumed` marker line, which says
//    what was not recorded, and the recording after it;
//  - a torn tail: what a stop (kill, power cut) between a phrase's audio and its cue line
//    leaves, that is samples after the last cue line, an unfinished last line, or a last line
//    whose audio is missing. It is reported, not counted and not called tampering: the chain
//    never covered it.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "speech/sound_file.h"

namespace annabella::speech {

// Marker lines: they hold no samples of their own, or (interrupted) only what a failed write
// left, and are chained like phrases.
inline constexpr std::string_view kCutMarker = "cut";                  // a readout cut off (v2)
inline constexpr std::string_view kInterruptedMarker = "interrupted";  // the recording cut (v3)
inline constexpr std::string_view kHeardMarker = "heard";  // what the microphone heard (D.2.1)
// The recording goes on after an `interrupted` marker (v4, tester 14j): it says what was not
// recorded in between (how many phrases, from when to when).
inline constexpr std::string_view kResumedMarker = "resumed";

// `<audio file>.cues.txt`
[[nodiscard]] std::filesystem::path cue_list_path(const std::filesystem::path& audio_path);

// A time since the session's start as "hh:mm:ss.mmm" (cue lists and the announcer's text lines).
[[nodiscard]] std::string session_time_text(std::chrono::milliseconds since_start);

// The chain's start: 64 zeros.
[[nodiscard]] std::string genesis_digest();

// One step of the digest chain: the previous digest (hex), the cue line without its digest
// field, and the phrase's samples.
struct ChainStep {
  std::string_view previous;
  std::string_view cue_line;
  std::span<const std::int16_t> samples;
};
// SHA-256 of the previous digest, a newline, the cue line, a newline, and the samples as 16-bit
// little-endian bytes; as 64 lower-case hex digits.
[[nodiscard]] std::string chain_digest(const ChainStep& step);

// Where a write failure cut the recording.
struct CueInterruption {
  int line = 0;      // the marker's sequence number
  std::string time;  // when ("hh:mm:ss.mmm" since the start)
  std::string text;  // what happened
};

// A gap in the recording (v4): cut at one cue line (an `interrupted` marker), resumed at a later
// one (a `resumed` marker); what was said in between is not in it.
struct CueGap {
  CueInterruption cut;  // the `interrupted` marker
  int line = 0;         // the `resumed` marker's sequence number
  std::string time;     // when the recording resumed
  std::string text;     // what was not recorded
};

struct RecordingCheck {
  int version = 0;      // the cue list's format (1 to 4; 0 when its header does not say)
  int lines = 0;        // cue lines verified: phrases and markers (the last sequence number)
  int phrases = 0;      // of which phrases
  int cut_markers = 0;  // readouts cut off by a move
  int heard_lines = 0;  // utterances the station heard (voice input)
  std::vector<std::string> digests;            // the chain after each line: digests[0] after line 1
  std::string last_digest;                     // after the last line (genesis_digest() when none)
  std::optional<CueInterruption> interrupted;  // the last cut, when nothing resumed after it
  std::vector<CueGap> gaps;                    // the cuts the recording resumed after (v4)
  std::string torn_tail;  // "" or what a stop between an audio write and its cue line left

  // The chain's value after `line` (0: the genesis); "" past the last line.
  [[nodiscard]] std::string digest_at(int line) const;
};

// Why a cue list does not verify: the file and line, the kind and its facts; worded by the
// application (app/recording_text.cpp, the findings of `recording verify`).
struct CueListFault {
  enum class Kind : unsigned char {
    CommentAfterCues,   // a comment line after the first cue line
    EmptyLine,          //
    NotEightFields,     // not 8 tab-separated fields
    SequenceNotWhole,   // the sequence number is not a whole number
    SamplesNotWhole,    // the sample numbers are not whole numbers
    LineRepeated,       // cue line `cue` appears again (copied or moved)
    LinesSwapped,       // cue line `cue` comes before cue line `expected`
    LinesMissing,       // cue lines `expected` to `cue` - 1 are missing (removed)
    SamplesOutOfOrder,  // the samples `first`..`end` do not follow on from the line before
    NoAudio,  // cue line `cue` (`marker` '`text`'): samples `first`..`end` not in the file
    AfterInterruption,  // a cue line after the recording was interrupted at cue line `expected`
    DigestMismatch,     // the cue line or its audio has been changed
    MarkerWithSamples,  // a `marker` marker holds samples
    Unreadable,         // verify_recording: a file cannot be read (`detail`, the reader's words)
  };
  Kind kind = Kind::DigestMismatch;
  std::string file{};            // the cue list's name
  int line = 0;                  // the line of the file (1-based)
  std::int64_t cue = 0;          // the sequence number read
  std::int64_t expected = 0;     // the one expected (see the kinds)
  std::string first{}, end{};    // sample numbers as written
  std::string marker{}, text{};  // the line's kind field and text
  std::string detail{};          // Unreadable
};

// The kind's stable key, for machines and logs ("digest_mismatch", "cue_lines_missing"): the
// finding's key in `recording verify --json`.
[[nodiscard]] std::string_view fault_key(CueListFault::Kind kind);

// Recomputes the chain of a cue list's text over the sound file's samples (`name` for the
// messages). Comment lines only before the first cue line; every number whole; sequence numbers
// 1, 2, 3 ... The error names the line and what is wrong: its digest, its sequence (a removed,
// repeated or moved line), its samples.
[[nodiscard]] Result<RecordingCheck, CueListFault> verify_cue_list(
    std::string_view cue_list, std::span<const std::int16_t> samples, std::string_view name);

// The two files of a recording, read.
struct RecordingFiles {
  SoundFileContents audio;
  std::string cue_list;
  std::filesystem::path cue_path;
};
// Fails only when a file cannot be read (missing, not a sound file, no permission).
[[nodiscard]] Result<RecordingFiles> read_recording(const std::filesystem::path& audio_path);

// The recording's headers, as a version 3 seal signs them (D.2.7): the sound file's format
// (sound_file_format) and the cue list's header lines, "format 0x10002, 22050 Hz, 1 channel; #
// annabella recording cue list v3: ...". Fails when a file cannot be read.
[[nodiscard]] Result<std::string> recording_headers(const std::filesystem::path& audio_path);

// read_recording() and verify_cue_list() together (a file that cannot be read: Unreadable).
[[nodiscard]] Result<RecordingCheck, CueListFault> verify_recording(
    const std::filesystem::path& audio_path);

}  // namespace annabella::speech
