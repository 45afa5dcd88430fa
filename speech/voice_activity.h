// Voice activity detection: cuts the microphone's stream into utterances so that nothing is
// decoded while nobody speaks. Energy against a noise floor that follows the room (a hall's hum
// and murmur raise it), with a start of a few frames, a pre-roll kept from before the start (the
// first sound of "Springer" is soft) and a hangover after the last loud frame. In push-to-talk
// mode the button decides instead: everything between press and release is one utterance.
#pragma once

#include <cstdint>
#include <deque>
#include <span>
#include <vector>

namespace annabella::speech {

struct VadSettings {
  int sample_rate_hz = 16000;
  int frame_ms = 20;
  double start_ratio = 2.0;  // a frame's level over the noise floor that counts as speech (6 dB)
  double stop_ratio = 1.5;   // below this, a frame counts as quiet again
  int start_frames = 3;      // this many speech frames in a row start an utterance
  int hangover_ms = 300;     // this much quiet ends it
  int preroll_ms = 200;      // kept from before the start
  int max_utterance_ms = 8000;
  double min_level = 150;  // RMS below this is never speech (digital silence, a muted mic)
  // Push-to-talk only (voice.push_to_talk): nothing is an utterance unless the button is held.
  bool push_to_talk = false;
};

struct Utterance {
  std::vector<std::int16_t> samples;
  std::int64_t first_sample = 0;         // in the stream, counted from the start of listening
  std::int64_t speech_start_sample = 0;  // the first loud frame (or the button's press)
  std::int64_t speech_end_sample = 0;    // the end of the last loud frame (or the release)
};

class VoiceActivity {
 public:
  explicit VoiceActivity(VadSettings settings = {});

  // Feeds samples; appends each utterance that ended to `done`.
  void push(std::span<const std::int16_t> samples, std::vector<Utterance>& done);
  // Push-to-talk (the station routes a button here): while pressed, everything is one utterance;
  // releasing it ends the utterance at once (no hangover).
  void press(std::vector<Utterance>& done);
  void release(std::vector<Utterance>& done);
  // `count` samples the detector must not hear (the station's own speech, speech/own_speech.h):
  // they count in the stream but are not listened to. An utterance whose speech had already
  // ended (in its hangover) is finished into `done` as it was; one still loud is dropped (true):
  // nothing the station said is part of an utterance. With the button held, what is said after
  // them is a new utterance.
  bool skip(std::size_t count, std::vector<Utterance>& done);
  bool pressed() const { return pressed_; }
  // The utterance in progress (speech found or the button held, not ended yet): its samples so
  // far, which only grow until it ends, for a decoder that decodes while it is said; nullptr
  // between utterances.
  const Utterance* open_utterance() const { return in_speech_ ? &current_ : nullptr; }
  bool in_speech() const { return in_speech_; }
  double noise_floor() const { return floor_; }

 private:
  void frame(std::span<const std::int16_t> frame, std::vector<Utterance>& done);
  void finish(std::vector<Utterance>& done);

  VadSettings s_;
  std::size_t frame_samples_;
  std::vector<std::int16_t> partial_;
  std::deque<std::int16_t> preroll_;
  Utterance current_;
  std::int64_t position_ = 0;  // samples seen
  double floor_ = 0;
  int loud_run_ = 0, quiet_run_ = 0;
  bool in_speech_ = false, pressed_ = false;
};

}  // namespace annabella::speech
