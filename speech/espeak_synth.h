// eSpeak NG as the Synthesizer (the only file that includes eSpeak NG is espeak_synth.cpp).
//
// eSpeak NG keeps process-global state and is not thread-safe: it is initialised once per
// process (the first create() does it, later ones share it; it is never terminated, because
// re-initialising after espeak_Terminate hangs), and every call is serialised. The announcer's
// speech thread is the one thread that synthesizes during a game.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"
#include "speech/audio.h"

namespace annabella::speech {

class EspeakSynthesizer final : public Synthesizer {
 public:
  static Result<std::unique_ptr<EspeakSynthesizer>> create();

  int sample_rate_hz() const override { return sample_rate_hz_; }
  // `spoken` may mark words of another language as SSML (`<voice name="de">...</voice>`,
  // speech/phrases.h): they are read in that voice.
  Status synthesize(std::string_view spoken, const Voice& voice,
                    const std::function<bool(std::span<const std::int16_t>)>& chunk) override;

  // Whether eSpeak NG has the voice ("mk"); it becomes the current voice.
  [[nodiscard]] bool has_voice(std::string_view voice);

  // eSpeak's phoneme transcription in its ASCII phoneme names, clause by clause joined by
  // blanks: "Springer Felix drei" -> "Spr'IN3 f'e:lIks dr'aI", "fünf" -> "f'ynf".
  [[nodiscard]] Result<std::string> phonemes(std::string_view text, std::string_view voice);

 private:
  explicit EspeakSynthesizer(int sample_rate_hz) : sample_rate_hz_(sample_rate_hz) {}
  int sample_rate_hz_;
};

}  // namespace annabella::speech
