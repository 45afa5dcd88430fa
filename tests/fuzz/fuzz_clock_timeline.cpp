// Fuzzes the clock timeline reader (core/clock_timeline.h, `annabella clock --events FILE`) and
// replays what it accepts on a ChessClock: nothing crashes or overflows (UBSan), accepted
// events are in time order with increasing line numbers, a refusal names the line.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/clock.h"
#include "core/clock_timeline.h"
#include "core/time_control.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace annabella;
  using fuzz::check;
  if (size == 0) return 0;
  // The first byte chooses the time control.
  static constexpr std::string_view kControls[] = {"90 min/40 moves + 30 min + 30 s/move",
                                                   "5 min + 3 s/move", "G/60; d5", "3 min",
                                                   "40/5400+30:1800+30"};
  const std::string_view control_text = kControls[data[0] % std::size(kControls)];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);

  auto events = core::parse_clock_timeline({.text = text, .source = "fuzz"});
  if (!events) {
    check(events.error().source == "fuzz" && events.error().line >= 1);
    return 0;
  }
  for (std::size_t i = 1; i < events->size(); ++i) {
    check((*events)[i - 1].at <= (*events)[i].at);
    check((*events)[i - 1].line < (*events)[i].line);
  }
  auto control = core::read_time_control(control_text);
  if (!control) control = core::parse_pgn_time_control(control_text);
  check(control.has_value());
  core::ChessClock clock(*control);
  const core::ClockInstant origin{};
  check(clock.start(origin, core::WHITE).has_value());
  for (const auto& event : *events) {
    const core::ClockInstant now = origin + event.at;
    switch (event.kind) {
      case core::ClockTimelineEvent::Kind::Press:
        (void)clock.press(event.side, now);
        break;
      case core::ClockTimelineEvent::Kind::Pause:
        (void)clock.pause(now);
        break;
      case core::ClockTimelineEvent::Kind::Resume:
        (void)clock.resume(now);
        break;
    }
    (void)clock.flags(now);
  }
  return 0;
}
