#include "support/voice_corpus.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>

#include "speech/recognizer.h"
#include "speech/resample.h"
#include "support/temp_dir.h"

namespace annabella::testing {

bool write_raw(const std::string& path, const std::vector<std::int16_t>& samples) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(samples.data()),
            static_cast<std::streamsize>(samples.size() * 2));
  return bool(out);
}

std::vector<std::int16_t> read_raw(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::vector<std::int16_t> samples(bytes.size() / 2);
  std::copy_n(bytes.data(), samples.size() * 2, reinterpret_cast<char*>(samples.data()));
  return samples;
}

Result<std::vector<std::int16_t>> sox_effects(const std::vector<std::int16_t>& samples,
                                              const std::string& effects) {
  static int counter = 0;
  const auto dir = std::filesystem::temp_directory_path();
  const std::string stem =
      (dir / ("annabella-sox-" + std::to_string(::getpid()) + "-" + std::to_string(++counter)))
          .string();
  const std::string in = stem + ".in.raw", out = stem + ".out.raw";
  if (!write_raw(in, samples)) return fail("cannot write " + in);
  const std::string format = "-t raw -r 16000 -e signed -b 16 -c 1 ";
  const std::string command =
      "sox -q " + format + in + " " + format + out + " " + effects + " 2>&1";
  std::string output;
  const int status = run_command(command, output, true);
  auto result = read_raw(out);
  std::filesystem::remove(in);
  std::filesystem::remove(out);
  if (status != 0) return fail("sox " + effects + " failed: " + output);
  return result;
}

void add_white_noise(std::vector<std::int16_t>& samples, double snr_db, unsigned seed) {
  if (!std::isfinite(snr_db) || samples.empty()) return;
  int peak = 1;
  for (auto s : samples) peak = std::max(peak, std::abs(int(s)));
  double power = 0;
  std::size_t counted = 0;
  for (auto s : samples) {
    if (std::abs(int(s)) * 100 < peak) continue;
    power += double(s) * s;
    ++counted;
  }
  if (counted == 0) return;
  const double noise_rms = std::sqrt(power / double(counted) / std::pow(10.0, snr_db / 10));
  std::mt19937 rng(seed);
  std::normal_distribution<double> noise(0.0, noise_rms);
  for (auto& s : samples)
    s = static_cast<std::int16_t>(std::clamp(std::lround(s + noise(rng)), -32768L, 32767L));
}

Result<std::vector<std::int16_t>> speak(speech::EspeakSynthesizer& synth, const std::string& spoken,
                                        const SpeakingCondition& condition, int lead_ms,
                                        int tail_ms) {
  std::vector<std::int16_t> raw;
  auto ok = synth.synthesize(spoken, {condition.voice, condition.rate_wpm},
                             [&](std::span<const std::int16_t> chunk) {
                               raw.insert(raw.end(), chunk.begin(), chunk.end());
                               return true;
                             });
  if (!ok) return fail(ok.error());
  constexpr int kRate = speech::kRecognizerSampleRateHz;
  auto speech16 = speech::resample(raw, synth.sample_rate_hz(), kRate);
  std::vector<std::int16_t> samples(std::size_t(lead_ms * kRate / 1000), 0);
  samples.insert(samples.end(), speech16.begin(), speech16.end());
  samples.resize(samples.size() + std::size_t(tail_ms * kRate / 1000), 0);
  std::string effects;
  if (condition.pitch_cents != 0) effects += "pitch " + std::to_string(condition.pitch_cents);
  if (condition.reverb) effects += std::string(effects.empty() ? "" : " ") + "reverb 40 50 60";
  if (!effects.empty()) {
    const auto size = samples.size();
    auto processed = sox_effects(samples, effects);
    if (!processed) return fail(processed.error());
    samples = std::move(*processed);
    samples.resize(size, 0);  // reverb's tail stays within the utterance's silence
  }
  add_white_noise(samples, condition.snr_db, condition.seed);
  return samples;
}

}  // namespace annabella::testing
