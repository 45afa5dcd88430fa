// A spoken corpus built by the tests and the benchmark, never recorded by hand: eSpeak NG's voices
// say each phrase, at a rate, with the pitch shifted and reverberation added by sox, and white
// noise mixed in at a signal-to-noise ratio. Audio comes out as the recogniser hears it: 16 kHz
// mono 16-bit, with silence before and after as a microphone would pick up.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/result.h"
#include "speech/espeak_synth.h"

namespace annabella::testing {

struct SpeakingCondition {
  std::string name = "clean";  // for reports
  std::string voice = "de";    // an eSpeak NG voice and variant ("de+f2", "en")
  int rate_wpm = 160;
  int pitch_cents = 0;                                      // sox pitch
  bool reverb = false;                                      // sox reverb (a hall)
  double snr_db = std::numeric_limits<double>::infinity();  // white noise; inf = none
  unsigned seed = 1;                                        // of the noise
};

// Synthesizes `spoken` in the condition: 16 kHz samples with `lead_ms` of silence (or noise,
// when the condition has noise) before and `tail_ms` after.
Result<std::vector<std::int16_t>> speak(speech::EspeakSynthesizer& synth, const std::string& spoken,
                                        const SpeakingCondition& condition, int lead_ms = 300,
                                        int tail_ms = 400);

// Mixes white noise into `samples` at `snr_db` relative to the speech's power (the samples
// above a hundredth of the peak count as speech). Deterministic for a seed.
void add_white_noise(std::vector<std::int16_t>& samples, double snr_db, unsigned seed);

// Runs sox over 16 kHz raw samples with effects ("pitch 300", "reverb 50").
Result<std::vector<std::int16_t>> sox_effects(const std::vector<std::int16_t>& samples,
                                              const std::string& effects);

// Writes samples as raw S16_LE (the ALSA file source's `infile`) or reads them back.
bool write_raw(const std::string& path, const std::vector<std::int16_t>& samples);
std::vector<std::int16_t> read_raw(const std::string& path);

}  // namespace annabella::testing
