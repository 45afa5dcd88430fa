// The announcer (D.2.1): speaks phrases on two routes, writes each as a timestamped text line,
// and records everything said. The game thread calls announce() and never waits for speech.
//
// Threads: one speech thread owns the synthesizer (eSpeak NG is not thread-safe); one player
// thread per sound device writes the samples to it. Queue rules (docs/speech.md):
//  - a move announcement is never dropped and never cut off; it goes ahead of waiting phrases
//    that are not moves;
//  - a requested time readout is cut off (or dropped while it waits) when a move comes;
//  - a warning that repeats a waiting warning on the same topic is merged into it (the newer
//    wording replaces the older);
//  - everything else is spoken in order.
// Routes: public (both players hear moves) and private (the VI player's earpiece: readouts,
// warnings, corrections), each a device by name or "none"; both may name the same device.
// No sound device: the announcer says so once, as a text line, and goes on with text and the
// recording. A device that fails during the game (unplugged) is said once, reopened by name with
// back-off on its player thread, and said to be back; meanwhile text and recording go on, and on
// its return the latest move is played again (D.2.1) while stale readouts and warnings are
// dropped with a text line (docs/speech.md, "A device that fails during the game").
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "core/result.h"
#include "speech/audio.h"
#include "speech/phrases.h"
#include "speech/recorder.h"
#include "speech/vocabulary.h"

namespace annabella::speech {

enum class Route { Public, Private };
std::string_view route_name(Route route);     // "public", "private"
std::string_view kind_name(PhraseKind kind);  // "move", "readout", "warning", "message"

// A sound device lost or back during the game, as a typed fact for the station (which tells the
// VI player in his language, D.2.11): which routes it played, and whether the private route
// can still speak to him afterwards (its device plays).
struct SoundLink {
  bool lost = true;  // false: back
  bool public_route = false;
  bool private_route = false;
  bool private_speech = false;  // private phrases are heard now
};

class Announcer {
 public:
  using Clock = std::chrono::steady_clock;

  struct Settings {
    std::string public_device = "default";   // a device name, part of one, or "none" (no sound)
    std::string private_device = "default";  // or "none": private phrases use the public device
    std::filesystem::path recording;         // "" = no recording; else a .wav or .flac file
    // true: a recording that cannot be created (a full disk) does not fail start(); it is said
    // in recording_problem() and nothing is recorded until a later phrase finds room: then it
    // begins, its cue list opening with the gap (`interrupted`, `resumed`). The station's
    // choice: its journal, the game's record, matters more than the audio (D.2.7). No file of
    // a recording that cannot be created is left.
    bool without_recording_if_it_fails = false;
    std::ostream* text = nullptr;     // each phrase as a timestamped line (e.g. stdout)
    std::filesystem::path text_log;   // and appended to this file, if set
    bool sound = true;                // false: text (and recording) only
    std::size_t cache_phrases = 256;  // synthesized phrases kept for reuse (0: synthesize always)
    // A device that fails is reopened after this wait, then after twice as long each time it
    // still fails, up to the longest wait (never a busy loop; the destructor interrupts it).
    std::chrono::milliseconds reopen_first_wait{100};
    std::chrono::milliseconds reopen_longest_wait{2000};
    // Each sound status line ("sound: ...": a device lost or back, phrases it did not play) is
    // written to `text` and the log, and handed here too, without its time stamp, with the time
    // it happened. Called on a player thread; must not block (push it onto a queue).
    std::function<void(Clock::time_point at, const std::string& line)> on_sound_line;
    // The same event typed: a device lost or back, after its sound line. Called on a player
    // thread; must not block.
    std::function<void(Clock::time_point at, const SoundLink& link)> on_sound_link;
    // Called on a player thread just before a phrase's first samples go to its device, with the
    // time announce() was called and the time now (latency measurements).
    std::function<void(const Phrase&, Route, Clock::time_point requested,
                       Clock::time_point first_sample)>
        on_first_sample;
    // Called on a player thread once a phrase's last samples were taken by its device (or it was
    // cut off, or the device failed while playing it), with the route and the time now: with
    // on_first_sample, when the station's own voice can be heard (speech/own_speech.h).
    std::function<void(Route, Clock::time_point last_sample)> on_last_sample;
    // Called on the speech thread for each seal() request, once everything announced before it
    // has been recorded (or dropped by the queue rules): the recording's file, its cue lines
    // so far and the chain's digest (an empty file without a recording), with seal()'s label.
    // The app signs it (app/recording_seal.h). Must not block: push it onto a queue.
    std::function<void(const RecordingAnchor& anchor, const std::string& label)> on_seal;
  };

  // Opens the devices (`open_sink`, e.g. open_portaudio_sink) and starts the threads. Times in
  // text lines and the recording count from `origin`. Fails only when the recording cannot be
  // created (unless Settings::without_recording_if_it_fails); a missing sound device is said
  // once and is not an error.
  static Result<std::unique_ptr<Announcer>> start(const Vocabulary& vocabulary, Settings settings,
                                                  std::unique_ptr<Synthesizer> synthesizer,
                                                  SinkOpener open_sink, Clock::time_point origin);
  // Speaks what is still queued, then stops. A device that is away is not waited for.
  ~Announcer();
  Announcer(const Announcer&) = delete;
  Announcer& operator=(const Announcer&) = delete;

  // Queues a phrase that happened at `at` (the time printed in its text line). Never blocks on
  // speech: writes the text line and returns.
  void announce(Phrase phrase, Route route, Clock::time_point at);
  // The private route's voice as the VI player set it (his menu): speaking rate in words a
  // minute (0: the profile's) and volume in per cent (100: as synthesized). Applies to private
  // phrases synthesized from now on; public phrases keep the profile's voice.
  void set_private_voice(const PrivateVoice& voice);
  // Blocks until everything queued has been played, or cannot be while its device is away (the
  // command line and tests use it).
  void wait_until_idle();

  // The sound problems met so far (a device missing at the start or failing later), each once.
  std::vector<std::string> sound_problems() const;
  // Why the recording asked for could not be created ("" when it was, or none was asked for).
  std::string recording_problem() const;
  // The recording's latest chain digest ("" without a recording).
  std::string recording_digest() const;
  // Asks for the recording's state once everything announced so far is recorded: queued like a
  // phrase, and nothing announced later passes it (a move does not go ahead of it); a readout
  // being cut off before it has its cut-off mark first. Settings::on_seal receives it, with
  // `label` ("end", "adjourn"). Never blocks.
  void seal(std::string label);
  // Writes a marker line of `kind` into the recording's cue list, in order with the phrases
  // (it holds no samples; the public route's label): what the microphone heard (kind
  // speech::kHeardMarker), so that an arbiter can check a disputed announcement. Never blocks.
  void note(std::string kind, std::string text, Clock::time_point at);

  struct Impl;

 private:
  explicit Announcer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace annabella::speech
