// The station's microphone (voice.input, `play --voice-input`): a VoiceListener
// (speech/voice_listener.h) on its own threads, whose results go onto the game thread's queue as
// ev::Heard; the game thread (app/voice_station.h) gives it each new position. Built in two steps
// because eSpeak NG is not thread-safe: the pronunciations are made from the announcer's
// synthesizer before its speech thread starts, the listener once the game is open.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "app/event_queue.h"
#include "app/station_events.h"
#include "config/config.h"
#include "speech/espeak_synth.h"
#include "speech/voice_listener.h"

namespace annabella::app {

class VoiceInput {
 public:
  // The pronunciations of the profile's words, from `synth` (on this thread, before anything
  // else uses it).
  [[nodiscard]] static Result<std::unique_ptr<VoiceInput>> prepare(
      const config::VoiceSettings& settings, const speech::Vocabulary& vocabulary,
      speech::EspeakSynthesizer& synth);
  ~VoiceInput();
  VoiceInput(const VoiceInput&) = delete;
  VoiceInput& operator=(const VoiceInput&) = delete;

  // Opens the microphone and the recogniser and starts listening in `position`; each result is
  // pushed onto `queue` as ev::Heard, stamped with the end of its speech as the capture path
  // measured it (and with the time it was decoded).
  [[nodiscard]] Status start(const core::Position& position, EventQueue<StationEvent>& queue);
  // The same on a given microphone and recogniser, with a time source (empty: the steady
  // clock); tests pass an in-memory source and a decoder delayed on purpose.
  [[nodiscard]] Status start_with(std::unique_ptr<speech::AudioSource> source,
                                  std::unique_ptr<speech::Recognizer> recognizer,
                                  const core::Position& position, EventQueue<StationEvent>& queue,
                                  std::function<TimePoint()> clock = {});
  // Push-to-talk (voice.push_to_talk): the button held or released; only speech while it is
  // held is decoded. Does nothing without push-to-talk.
  void talk(bool held);
  // The position the next utterance is heard in (the game thread, after every move). A grammar
  // that cannot be built is said through `queue`.
  void follow(const core::Position& position);
  void stop();

  [[nodiscard]] const config::VoiceSettings& settings() const { return settings_; }
  // The station's own speech on the routes the microphone can hear: the announcer says when
  // each phrase begins and ends (speech::Announcer::Settings::on_first_sample, on_last_sample),
  // and the listener does not listen meanwhile (half-duplex, D.2.1). Shared: the announcer's
  // player threads may outlive the listener.
  [[nodiscard]] std::shared_ptr<speech::OwnSpeech> own_speech() const { return own_speech_; }

 private:
  VoiceInput(config::VoiceSettings settings, speech::Vocabulary vocabulary,
             speech::PronunciationDictionary dictionary)
      : settings_(std::move(settings)),
        vocabulary_(std::move(vocabulary)),
        dictionary_(std::move(dictionary)) {}

  config::VoiceSettings settings_;
  speech::Vocabulary vocabulary_;
  speech::PronunciationDictionary dictionary_;
  EventQueue<StationEvent>* queue_ = nullptr;
  std::shared_ptr<speech::OwnSpeech> own_speech_ = std::make_shared<speech::OwnSpeech>();
  std::unique_ptr<speech::VoiceListener> listener_;
};

}  // namespace annabella::app
