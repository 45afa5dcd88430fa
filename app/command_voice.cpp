// annabella voice adapt: the player reads the adaptation prompts (docs/voice.md, "Speaker
// adaptation"), live through the microphone (each prompt said aloud first, then one utterance
// cut by voice activity detection) or from sound files, and the recogniser's model is adapted to
// his voice; the transform is kept in his folder and loaded by `listen --player` and by
// `play` with voice.speaker.
#include <cstdio>
#include <filesystem>
#include <ostream>

#include "app/commands.h"
#include "speech/espeak_synth.h"
#include "speech/portaudio_sink.h"
#include "speech/portaudio_source.h"
#include "speech/recognizer.h"
#include "speech/resample.h"
#include "speech/sound_file.h"
#include "speech/speaker_adaptation.h"
#include "speech/voice_activity.h"
#include "speech/voice_listener.h"

namespace annabella::app {
namespace {

namespace fs = std::filesystem;

std::string numbered(std::size_t i) {
  char text[24];  // any std::size_t fits
  std::snprintf(text, sizeof text, "%02zu", i + 1);
  return text;
}

// The prompts read from DIR/01.wav, 02.wav ... (any sample rate; resampled to 16 kHz).
Result<std::vector<speech::AdaptationSample>> from_files(
    const std::vector<speech::AdaptationPrompt>& prompts, const fs::path& dir) {
  std::vector<speech::AdaptationSample> samples;
  for (std::size_t i = 0; i < prompts.size(); ++i) {
    const fs::path file = dir / (numbered(i) + ".wav");
    auto sound = speech::read_sound_file(file);
    if (!sound)
      return fail(file.string() + " (prompt " + numbered(i) + ", \"" + prompts[i].text +
                  "\"): " + sound.error().message);
    samples.push_back(
        {speech::resample(sound->samples, sound->sample_rate_hz, speech::kRecognizerSampleRateHz),
         prompts[i].tokens});
  }
  return samples;
}

// One utterance from the microphone: read until voice activity detection has cut one, or fail
// after `seconds` without speech.
Result<std::vector<std::int16_t>> one_utterance(speech::AudioSource& source, int seconds) {
  speech::VoiceActivity activity;
  std::vector<speech::Utterance> done;
  std::vector<std::int16_t> block(speech::kRecognizerSampleRateHz / 50);  // 20 ms
  for (int read = 0; read < seconds * 50; ++read) {
    if (auto ok = source.read(block); !ok) return fail(ok.error());
    activity.push(block, done);
    if (!done.empty()) return std::move(done.front().samples);
  }
  return fail("nothing was heard within " + std::to_string(seconds) + " s");
}

// Live: each prompt printed and said aloud, then the player's reading captured. A prompt heard
// as nothing is asked once more.
Result<std::vector<speech::AdaptationSample>> live(
    const std::vector<speech::AdaptationPrompt>& prompts, const VoiceAdaptOptions& o,
    const speech::Vocabulary& v, speech::EspeakSynthesizer& synth, std::ostream& out) {
  std::unique_ptr<speech::AudioSink> sink;
  if (!o.silent) {
    auto opened = speech::open_portaudio_sink(o.output, synth.sample_rate_hz());
    if (!opened) return fail(opened.error());
    sink = std::move(*opened);
  }
  std::vector<speech::AdaptationSample> samples;
  for (std::size_t i = 0; i < prompts.size(); ++i) {
    out << numbered(i) << '/' << prompts.size() << ": " << prompts[i].text << '\n' << std::flush;
    if (sink) {
      Status played;
      auto said = synth.synthesize(prompts[i].spoken, {v.voice(), v.rate()},
                                   [&](std::span<const std::int16_t> pcm) {
                                     played = sink->write(pcm);
                                     return bool(played);
                                   });
      if (!said) return fail(said.error());
      if (!played) return fail(played.error());
    }
    // The microphone is opened after the prompt was said, so that the station's own voice is
    // not taken for the player's.
    auto source = speech::open_portaudio_source(o.device, speech::kRecognizerSampleRateHz);
    if (!source) return fail(source.error());
    auto heard = one_utterance(**source, 10);
    if (!heard) {
      out << "  " << heard.error().message << "; once more, please\n" << std::flush;
      heard = one_utterance(**source, 10);
      if (!heard) return fail("prompt " + numbered(i) + ": " + heard.error().message);
    }
    samples.push_back({std::move(*heard), prompts[i].tokens});
  }
  return samples;
}

}  // namespace

int run_voice_adapt(const VoiceAdaptOptions& o, std::ostream& out, std::ostream& err) {
  auto vocabulary = speech::Vocabulary::load(o.profile);
  if (!vocabulary) {
    err << "annabella voice adapt: " << vocabulary.error().message << '\n';
    return 2;
  }
  const auto prompts = speech::adaptation_prompts(*vocabulary);
  if (o.prompts) {
    for (std::size_t i = 0; i < prompts.size(); ++i)
      out << numbered(i) << ' ' << prompts[i].text << '\n';
    return 0;
  }
  fs::path target = o.out;
  if (target.empty()) {
    auto path = speech::speaker_voice_folder(o.player);
    if (!path) {
      err << "annabella voice adapt: " << path.error().message << '\n';
      return 2;
    }
    target = *path;
  }
  auto synth = speech::EspeakSynthesizer::create();
  if (!synth) {
    err << "annabella voice adapt: " << synth.error().message << '\n';
    return 2;
  }
  auto dictionary =
      speech::pronunciations_for(*vocabulary, [&](std::string_view text, std::string_view voice) {
        return (*synth)->phonemes(text, voice);
      });
  if (!dictionary) {
    err << "annabella voice adapt: " << dictionary.error().message << '\n';
    return 2;
  }
  if (o.wav_dir.empty())
    out << "Read each move aloud after it is said, as you announce a move (" << prompts.size()
        << " moves).\n";
  auto samples = o.wav_dir.empty() ? live(prompts, o, *vocabulary, **synth, out)
                                   : from_files(prompts, o.wav_dir);
  if (!samples) {
    err << "annabella voice adapt: " << samples.error().message << '\n';
    return 2;
  }
  if (auto ok = speech::adapt_to_speaker(*samples, *dictionary, target); !ok) {
    err << "annabella voice adapt: " << ok.error().message << '\n';
    return 1;
  }
  out << "adapted to " << o.player << "'s voice from " << samples->size()
      << " moves: " << target.string() << '\n';
  return 0;
}

}  // namespace annabella::app
