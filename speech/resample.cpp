#include "speech/resample.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace annabella::speech {

std::vector<std::int16_t> resample(std::span<const std::int16_t> in, int from_hz, int to_hz) {
  if (from_hz == to_hz || in.empty() || from_hz <= 0 || to_hz <= 0) return {in.begin(), in.end()};
  constexpr int kHalfTaps = 16;  // taps on each side of the output point, at the input rate
  const double step = double(from_hz) / to_hz;
  const double cutoff = std::min(1.0, double(to_hz) / from_hz);  // of the input's Nyquist
  const auto out_size = static_cast<std::size_t>(double(in.size()) * to_hz / from_hz);
  std::vector<std::int16_t> out(out_size);
  const auto n = static_cast<long>(in.size());
  for (std::size_t i = 0; i < out_size; ++i) {
    const double centre = double(i) * step;
    const auto first = static_cast<long>(std::floor(centre)) - kHalfTaps + 1;
    double sum = 0, weights = 0;
    for (long k = first; k < first + 2L * kHalfTaps; ++k) {
      const double x = centre - double(k);
      const double arg = std::numbers::pi * x * cutoff;
      const double sinc = std::abs(arg) < 1e-9 ? 1.0 : std::sin(arg) / arg;
      const double window = 0.5 + 0.5 * std::cos(std::numbers::pi * x / kHalfTaps);  // Hann
      const double w = sinc * window;
      weights += w;
      if (k >= 0 && k < n) sum += w * in[std::size_t(k)];
    }
    const double value = weights > 0 ? sum / weights : 0;
    out[i] = static_cast<std::int16_t>(std::clamp(std::lround(value), -32768L, 32767L));
  }
  return out;
}

}  // namespace annabella::speech
