// The eSpeak NG adapter: the only file that includes eSpeak NG.
#include "speech/espeak_synth.h"

#include <espeak-ng/speak_lib.h>

#include <mutex>

namespace annabella::speech {
namespace {

// eSpeak NG's state is the process's, so this mirror of it is too: one lock, the voice and rate
// last set. (The one place annabella keeps process-wide state, because the library does.)
struct EspeakState {
  std::mutex lock;
  std::string voice;
  int rate = 0;
};
EspeakState& espeak_state() {
  static EspeakState state;
  return state;
}

struct SynthJob {
  const std::function<bool(std::span<const std::int16_t>)>* chunk = nullptr;
  bool stopped = false;
};

int on_samples(short* wav, int count, espeak_EVENT* events) {
  auto* job = events ? static_cast<SynthJob*>(events->user_data) : nullptr;
  if (!job || job->stopped) return 1;
  if (wav && count > 0 && !(*job->chunk)(std::span<const std::int16_t>(wav, std::size_t(count)))) {
    job->stopped = true;
    return 1;  // stops the synthesis (how a newer phrase can cut off an older one)
  }
  return 0;
}

// Called with the lock held.
Status select_voice(const Voice& voice) {
  auto& state = espeak_state();
  if (voice.name != state.voice) {
    if (espeak_SetVoiceByName(voice.name.c_str()) != EE_OK)
      return fail("eSpeak NG has no voice \"" + voice.name + "\" (espeak-ng --voices lists them)");
    state.voice = voice.name;
    state.rate = 0;
  }
  if (voice.rate_wpm != state.rate) {
    espeak_SetParameter(espeakRATE, voice.rate_wpm, 0);
    state.rate = voice.rate_wpm;
  }
  return {};
}

}  // namespace

Result<std::unique_ptr<EspeakSynthesizer>> EspeakSynthesizer::create() {
  std::lock_guard lock(espeak_state().lock);
  static const int sample_rate = [] {
    // 50 ms buffers: the first samples come out sooner than with the 200 ms default.
    const int rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 50, nullptr, 0);
    if (rate > 0) espeak_SetSynthCallback(on_samples);
    return rate;
  }();
  if (sample_rate <= 0)
    return fail("eSpeak NG did not start (espeak-ng-data missing?): error " +
                std::to_string(sample_rate));
  return std::unique_ptr<EspeakSynthesizer>(new EspeakSynthesizer(sample_rate));
}

Status EspeakSynthesizer::synthesize(
    std::string_view spoken, const Voice& voice,
    const std::function<bool(std::span<const std::int16_t>)>& chunk) {
  std::lock_guard lock(espeak_state().lock);
  if (auto ok = select_voice(voice); !ok) return ok;
  const std::string text(spoken);
  SynthJob job{&chunk};
  // Words of another language come marked as SSML (`<voice name="de">Felix drei</voice>`):
  // eSpeak NG then reads them with that voice and returns to the phrase's own.
  const unsigned int flags =
      espeakCHARS_UTF8 | (text.find("<voice") != std::string::npos ? espeakSSML : 0U);
  const auto result =
      espeak_Synth(text.c_str(), text.size() + 1, 0, POS_CHARACTER, 0, flags, nullptr, &job);
  if (result != EE_OK) return fail("eSpeak NG could not synthesize \"" + text + "\"");
  return {};
}

bool EspeakSynthesizer::has_voice(std::string_view voice) {
  std::lock_guard lock(espeak_state().lock);
  return static_cast<bool>(
      select_voice({std::string(voice), espeak_state().rate ? espeak_state().rate : 160}));
}

// A phrase and a voice code, told apart by name and kept in the signature its callers use:
// NOLINTNEXTLINE(bugprone-easily-swappable-parameters)
Result<std::string> EspeakSynthesizer::phonemes(std::string_view text, std::string_view voice) {
  std::lock_guard lock(espeak_state().lock);
  if (auto ok = select_voice({std::string(voice), espeak_state().rate ? espeak_state().rate : 160});
      !ok)
    return fail(ok.error());
  const std::string input(text);
  const void* cursor = input.c_str();
  std::string out;
  while (cursor) {
    const char* clause = espeak_TextToPhonemes(&cursor, espeakCHARS_UTF8, 0);
    if (!clause) break;
    std::string piece(clause);
    while (!piece.empty() && piece.front() == ' ') piece.erase(0, 1);
    if (piece.empty()) continue;
    if (!out.empty()) out += ' ';
    out += piece;
  }
  return out;
}

}  // namespace annabella::speech
