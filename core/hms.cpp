// Clock times as H:MM:SS.
#include "core/hms.h"

#include <cstdint>
#include <string>

namespace annabella::core {

namespace {

std::string hms(std::chrono::nanoseconds time, bool with_ms) {
  using namespace std::chrono;
  const bool negative = time < nanoseconds::zero();
  const auto magnitude = negative ? -time : time;
  const auto total_ms = duration_cast<milliseconds>(magnitude).count();
  const auto total_s = total_ms / 1000;
  // A sign only where a digit shown is not zero: never "-0:00:00".
  const bool shows_nonzero = with_ms ? total_ms > 0 : total_s > 0;
  std::string text = negative && shows_nonzero ? "-" : "";
  text += std::to_string(total_s / 3600) + ":";
  const auto two = [](std::int64_t v) {
    return std::string(v < 10 ? "0" : "") + std::to_string(v);
  };
  text += two(total_s / 60 % 60) + ":" + two(total_s % 60);
  if (with_ms) text += "." + std::to_string(1000 + total_ms % 1000).substr(1);
  return text;
}

}  // namespace

std::string format_hms(std::chrono::nanoseconds time) {
  return hms(time, false);
}
std::string format_hms_ms(std::chrono::nanoseconds time) {
  return hms(time, true);
}

Result<std::chrono::milliseconds, HmsError> parse_hms(std::string_view text) {
  std::int64_t parts[3] = {0, 0, 0};
  int count = 0;
  std::size_t digits = 0;
  for (std::size_t i = 0; i <= text.size(); ++i) {
    if (i == text.size() || text[i] == ':') {
      if (digits == 0 || count == 3) break;
      ++count;
      digits = 0;
      if (i == text.size()) {
        std::int64_t seconds = 0;
        for (int k = 0; k < count; ++k) {
          if (k > 0 && parts[k] >= 60)
            return fail_with(HmsError{HmsError::Kind::Over59, std::string(text), parts[k]});
          seconds = seconds * 60 + parts[k];
        }
        return std::chrono::milliseconds(seconds * 1000);
      }
      continue;
    }
    if (count == 3 || text[i] < '0' || text[i] > '9' || ++digits > 6) break;
    parts[count] = parts[count] * 10 + (text[i] - '0');
  }
  return fail_with(HmsError{HmsError::Kind::NotATime, std::string(text), 0});
}

}  // namespace annabella::core
