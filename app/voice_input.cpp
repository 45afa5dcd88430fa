#include "app/voice_input.h"

#include "app/i18n.h"
#include "speech/pocketsphinx_recognizer.h"
#include "speech/portaudio_source.h"
#include "speech/speaker_adaptation.h"

#include <filesystem>

namespace annabella::app {

Result<std::unique_ptr<VoiceInput>> VoiceInput::prepare(const config::VoiceSettings& settings,
                                                        const speech::Vocabulary& vocabulary,
                                                        speech::EspeakSynthesizer& synth) {
  auto dictionary = speech::pronunciations_for(
      vocabulary,
      [&](std::string_view text, std::string_view voice) { return synth.phonemes(text, voice); });
  if (!dictionary) return fail("voice.input: " + dictionary.error().message);
  return std::unique_ptr<VoiceInput>(new VoiceInput(settings, vocabulary, std::move(*dictionary)));
}

VoiceInput::~VoiceInput() {
  stop();
}

Status VoiceInput::start(const core::Position& position, EventQueue<StationEvent>& queue) {
  auto source = speech::open_portaudio_source(settings_.input, speech::kRecognizerSampleRateHz);
  if (!source) return fail("voice.input: " + source.error().message);
  auto recognizer = speech::PocketsphinxRecognizer::create(dictionary_);
  if (!recognizer) return fail("voice.input: " + recognizer.error().message);
  if (!settings_.speaker.empty()) {
    auto transform = speech::speaker_voice_folder(settings_.speaker);
    if (!transform) return fail("voice.speaker: " + transform.error().message);
    if (!std::filesystem::exists(*transform))
      return fail("voice.speaker: no adapted voice for " + settings_.speaker + " (" +
                  transform->string() + "): annabella voice adapt --player \"" + settings_.speaker +
                  "\" makes it");
    if (auto ok = (*recognizer)->use_speaker_transform(transform->string()); !ok)
      return fail("voice.speaker: " + ok.error().message);
  }
  return start_with(std::move(*source), std::move(*recognizer), position, queue);
}

Status VoiceInput::start_with(std::unique_ptr<speech::AudioSource> source,
                              std::unique_ptr<speech::Recognizer> recognizer,
                              const core::Position& position, EventQueue<StationEvent>& queue,
                              std::function<TimePoint()> clock) {
  queue_ = &queue;
  if (!clock) clock = [] { return SteadyClock::now(); };
  speech::ListenerSettings listening;
  listening.judge.threshold = settings_.threshold_percent / 100.0;
  listening.vad.push_to_talk = settings_.push_to_talk;
  listening.clock = clock;
  listening.own_speech = own_speech_;
  // Called on the listener's decoding thread: only a push onto the game thread's queue. Every
  // event carries its time: the end of the speech, not the end of the decoding.
  auto on_heard = [queue = &queue, clock](const speech::Heard& heard) {
    const TimePoint decoded = clock();
    const TimePoint ended = heard.speech_ended == TimePoint{} ? decoded : heard.speech_ended;
    queue->push(StationEvent::heard(ended, heard, decoded));
  };
  auto listener =
      speech::VoiceListener::start(std::move(source), std::move(recognizer), dictionary_,
                                   vocabulary_, position, listening, std::move(on_heard));
  if (!listener) return fail("voice.input: " + listener.error().message);
  listener_ = std::move(*listener);
  return {};
}

void VoiceInput::follow(const core::Position& position) {
  if (!listener_) return;
  if (auto set = listener_->set_position(position); !set && queue_)
    queue_->push(StationEvent::notice(
        SteadyClock::now(),
        i18n::format(i18n::tr("voice: the new position cannot be heard ({why}); the grammar of "
                              "the one before stays"),
                     {{"why", set.error().message}})));
}

void VoiceInput::talk(bool held) {
  if (!listener_ || !settings_.push_to_talk) return;
  if (held)
    listener_->press();
  else
    listener_->release();
}

void VoiceInput::stop() {
  if (listener_) listener_->stop();
}

}  // namespace annabella::app
