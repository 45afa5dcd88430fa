// annabella listen: voice input from the command line (docs/voice.md). Each utterance heard in
// the position is printed as one line: the move (SAN, UCI, words, confidence), a command, or why
// nothing was entered. Moves are not played: every line is heard in the given position.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <ostream>
#include <thread>

#include "app/commands.h"
#include "app/fen_text.h"
#include "app/i18n.h"
#include "core/notation.h"
#include "speech/espeak_synth.h"
#include "speech/pocketsphinx_recognizer.h"
#include "speech/portaudio_source.h"
#include "speech/resample.h"
#include "speech/sound_file.h"
#include "speech/speaker_adaptation.h"
#include "speech/voice_listener.h"

namespace annabella::app {
namespace {

struct Parts {
  speech::Vocabulary vocabulary;
  core::Position position;
  speech::PronunciationDictionary dictionary;
  std::unique_ptr<speech::Recognizer> recognizer;
};

Result<Parts> set_up(const ListenOptions& o) {
  auto vocabulary = speech::Vocabulary::load(o.profile);
  if (!vocabulary) return fail(vocabulary.error());
  auto position = core::Position::from_fen(o.fen.empty() ? core::kStartFen : o.fen);
  if (!position) return fail(text::fen_error(position.error()));
  auto synth = speech::EspeakSynthesizer::create();
  if (!synth) return fail(synth.error());
  auto dictionary =
      speech::pronunciations_for(*vocabulary, [&](std::string_view text, std::string_view voice) {
        return (*synth)->phonemes(text, voice);
      });
  if (!dictionary) return fail(dictionary.error());
  auto recognizer = speech::PocketsphinxRecognizer::create(*dictionary);
  if (!recognizer) return fail(recognizer.error());
  if (!o.player.empty()) {
    auto transform = speech::speaker_voice_folder(o.player);
    if (!transform) return fail(transform.error());
    if (!std::filesystem::exists(*transform))
      return fail("no adapted voice for " + o.player + " (" + transform->string() +
                  "): annabella voice adapt --player \"" + o.player + "\" makes it");
    if (auto ok = (*recognizer)->use_speaker_transform(transform->string()); !ok)
      return fail(ok.error());
  }
  return Parts{std::move(*vocabulary), *position, std::move(*dictionary), std::move(*recognizer)};
}

std::string stamp(std::chrono::milliseconds t) {
  char text[32];
  std::snprintf(text, sizeof text, "%02lld:%02lld.%03lld", (long long)(t.count() / 60000),
                (long long)(t.count() / 1000 % 60), (long long)(t.count() % 1000));
  return text;
}

std::string nothing_heard(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f", seconds);
  return i18n::format(i18n::tr("nothing heard in {seconds} s: no speech was found (is the "
                               "microphone on and near the speaker?)"),
                      {{"seconds", text}});
}

// A sound file: cut into utterances as the microphone would be, each decoded in turn.
int listen_to_file(const ListenOptions& o, Parts& parts, std::ostream& out, std::ostream& err) {
  auto sound = speech::read_speech_file(o.wav);
  if (!sound) {
    err << "annabella listen: " << sound.error().message << '\n';
    return 2;
  }
  auto samples =
      speech::resample(sound->samples, sound->sample_rate_hz, speech::kRecognizerSampleRateHz);
  samples.resize(samples.size() + speech::kRecognizerSampleRateHz, 0);  // ends the last one
  auto grammar = speech::VoiceGrammar::build(parts.vocabulary, parts.position,
                                             speech::CommandWords::for_profile(parts.vocabulary));
  if (!grammar) {
    err << "annabella listen: " << grammar.error().message << '\n';
    return 2;
  }
  if (auto ok = parts.recognizer->set_grammar(*grammar, parts.dictionary); !ok) {
    err << "annabella listen: " << ok.error().message << '\n';
    return 2;
  }
  speech::VoiceActivity activity;
  std::vector<speech::Utterance> utterances;
  activity.push(samples, utterances);
  for (const auto& u : utterances) {
    auto decoding = parts.recognizer->decode(u.samples);
    if (!decoding) {
      err << "annabella listen: " << decoding.error().message << '\n';
      return 2;
    }
    const auto offset =
        std::chrono::milliseconds(u.first_sample * 1000 / speech::kRecognizerSampleRateHz);
    const auto heard = speech::judge(*decoding, *grammar, {o.threshold}, offset);
    out << stamp(heard.start) << ' ' << speech::describe(heard, parts.position) << '\n';
  }
  // A dead microphone tested before the round, or a file of silence, is said to be one
  // (tester 15-8), never answered with no line at all.
  if (utterances.empty())
    out << nothing_heard(static_cast<double>(sound->samples.size()) / sound->sample_rate_hz)
        << '\n';
  return 0;
}

int listen_to_device(const ListenOptions& o, Parts& parts, std::ostream& out, std::ostream& err) {
  auto source = speech::open_portaudio_source(o.device, speech::kRecognizerSampleRateHz);
  if (!source) {
    err << "annabella listen: " << source.error().message << '\n';
    return 2;
  }
  std::mutex lock;
  std::condition_variable changed;
  std::size_t heard_count = 0;  // under lock
  speech::ListenerSettings settings;
  settings.judge.threshold = o.threshold;
  const core::Position pos = parts.position;
  auto listener = speech::VoiceListener::start(
      std::move(*source), std::move(parts.recognizer), parts.dictionary, parts.vocabulary, pos,
      settings, [&](const speech::Heard& heard) {
        std::lock_guard guard(lock);
        ++heard_count;
        out << stamp(heard.start) << ' ' << speech::describe(heard, pos) << '\n' << std::flush;
      });
  if (!listener) {
    err << "annabella listen: " << listener.error().message << '\n';
    return 2;
  }
  err << "annabella listen: listening on \"" << o.device << "\"" << '\n';
  const auto until = std::chrono::steady_clock::now() +
                     std::chrono::milliseconds(static_cast<long long>(o.seconds * 1000));
  std::unique_lock guard(lock);
  while ((o.seconds <= 0 || std::chrono::steady_clock::now() < until) &&
         !(*listener)->capture_error())
    changed.wait_for(guard, std::chrono::milliseconds(100));
  guard.unlock();
  (*listener)->stop();
  if (heard_count == 0 && !(*listener)->capture_error()) out << nothing_heard(o.seconds) << '\n';
  if (auto error = (*listener)->capture_error(); error && o.seconds <= 0) {
    err << "annabella listen: " << *error << '\n';
    return 1;
  }
  return 0;
}

}  // namespace

int run_listen(const ListenOptions& options, std::ostream& out, std::ostream& err) {
  // A confidence is a share (tester 15-10: 2, -0.5 and nan were taken).
  if (!(options.threshold >= 0 && options.threshold <= 1)) {
    err << "annabella listen: "
        << i18n::format(i18n::tr("--threshold {value}: a confidence between 0 and 1, like 0.6"),
                        {{"value", std::to_string(options.threshold)}})
        << '\n';
    return 2;
  }
  auto parts = set_up(options);
  if (!parts) {
    err << "annabella listen: " << parts.error().message << '\n';
    return 2;
  }
  return options.wav.empty() ? listen_to_device(options, *parts, out, err)
                             : listen_to_file(options, *parts, out, err);
}

}  // namespace annabella::app
