// Voice input, end to end: a microphone (AudioSource) cut into utterances by voice activity
// detection or a push-to-talk button, each decoded against the grammar of the current position
// and judged into a typed `Heard` (speech/heard.h). This is the station's whole view of voice
// input: set_position after every move, press / release for the button, Heard results out.
//
// Threads: a capture thread reads the device and detects speech (cheap: nothing is decoded while
// nobody speaks); a decoding thread owns the recogniser, switches grammars between utterances and
// decodes. An utterance is handed to the decoder while it is said, block by block (streaming), so
// that the first decode is done by the end of the speech and only the runner-up is left. Each
// block is stamped with the steady clock at its read's return less the device's input latency
// (AudioSource::input_latency): the time its last sample was captured. `on_heard` is called on
// the decoding thread; the station puts the result on its own event queue.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "core/position.h"
#include "speech/audio_source.h"
#include "speech/heard.h"
#include "speech/own_speech.h"
#include "speech/recognizer.h"
#include "speech/voice_activity.h"

namespace annabella::speech {

struct ListenerSettings {
  using Clock = std::chrono::steady_clock;
  VadSettings vad;  // vad.push_to_talk: only speech while the button is held (press / release)
  JudgeSettings judge;
  int read_ms = 20;  // the capture thread reads the device in blocks of this length
  // The time source the capture thread stamps each block with when its read returns (the
  // block's last sample was captured then); empty: Clock::now. Tests pass their own.
  std::function<Clock::time_point()> clock;
  // The station's own speech (half-duplex): blocks captured while it can be heard, and for its
  // tail, are not listened to (VoiceActivity::skip). Null: the microphone hears no loudspeaker
  // of the station's (an earpiece, push-to-talk alone).
  std::shared_ptr<const OwnSpeech> own_speech;
};

// The pronunciations of every word the grammars of `v` can use (moves, commands), from eSpeak
// NG's phonemes in the profile's own voice and in the other of German / English.
Result<PronunciationDictionary> pronunciations_for(const Vocabulary& v,
                                                   const Phonemizer& phonemizer);

class VoiceListener {
 public:
  using OnHeard = std::function<void(const Heard&)>;

  // Starts listening on `source` (which must deliver 16 kHz mono) in `position`.
  static Result<std::unique_ptr<VoiceListener>> start(std::unique_ptr<AudioSource> source,
                                                      std::unique_ptr<Recognizer> recognizer,
                                                      PronunciationDictionary dictionary,
                                                      Vocabulary vocabulary,
                                                      const core::Position& position,
                                                      ListenerSettings settings, OnHeard on_heard);
  ~VoiceListener();
  VoiceListener(const VoiceListener&) = delete;
  VoiceListener& operator=(const VoiceListener&) = delete;

  // The position the next utterance is heard in (after every move). Fails when its grammar
  // cannot be built; the previous one stays.
  Status set_position(const core::Position& position);
  // Push-to-talk: speech between press and release is one utterance, the detector is bypassed.
  void press();
  void release();
  // Stops both threads; utterances not yet decoded are dropped. Called by the destructor.
  void stop();
  // Why the capture stopped (a device that went away), if it did.
  std::optional<std::string> capture_error() const;
  // Utterances decoded so far.
  std::size_t decoded() const { return decoded_.load(); }
  // Blocks not listened to because the station's own speech could be heard in them.
  std::size_t own_speech_blocks() const { return own_blocks_.load(); }

 private:
  VoiceListener(std::unique_ptr<AudioSource> source, std::unique_ptr<Recognizer> recognizer,
                PronunciationDictionary dictionary, Vocabulary vocabulary,
                ListenerSettings settings, OnHeard on_heard);
  void capture_loop();
  void decode_loop();
  Status apply_grammar(VoiceGrammar grammar);

  std::unique_ptr<AudioSource> source_;
  std::unique_ptr<Recognizer> recognizer_;
  PronunciationDictionary dictionary_;
  Vocabulary vocabulary_;
  CommandWords commands_;
  ListenerSettings settings_;
  OnHeard on_heard_;

  // A piece of an utterance for the decoder: the samples captured since the last piece of the
  // same utterance; the last piece of each carries where it began and its speech's times,
  // stamped on the capture thread. The pieces of one utterance come one after another.
  struct Ended {
    std::int64_t first_sample = 0;
    ListenerSettings::Clock::time_point began, ended;
    // The utterance was cut by the station's own speech: what was fed of it is dropped, not
    // decoded.
    bool dropped = false;
  };
  struct Piece {
    std::vector<std::int16_t> samples;
    std::optional<Ended> end;
  };
  // The steady time of a sample of the stream, from the last block read (under lock_).
  [[nodiscard]] ListenerSettings::Clock::time_point time_of(std::int64_t sample) const;
  // The end of an utterance on the decoding thread: its last decode, judged and handed on.
  void finish(const Ended& ended, const Status& fed);
  // Hands the decoder what the detector added since last time: the rest of each utterance that
  // ended (`done`) and the samples so far of the one in progress (under lock_).
  void queue_pieces(std::vector<Utterance>& done);

  mutable std::mutex lock_;
  std::condition_variable wake_;
  std::deque<Piece> pieces_;
  // The utterance whose samples were handed over so far (its first sample), and how many.
  std::int64_t streamed_first_ = -1;
  std::size_t streamed_ = 0;
  std::optional<VoiceGrammar> pending_grammar_;  // built once, by set_position
  std::optional<VoiceGrammar> grammar_;          // the decoding thread's
  VoiceActivity activity_;         // the capture thread's, under lock_ for press/release
  std::int64_t samples_read_ = 0;  // under lock_
  ListenerSettings::Clock::time_point last_read_;  // when the last block's read returned
  std::optional<std::string> capture_error_;
  std::atomic<bool> stopping_{false};
  std::atomic<std::size_t> decoded_{0};
  std::atomic<std::size_t> own_blocks_{0};
  std::thread capture_, decoder_;
};

}  // namespace annabella::speech
