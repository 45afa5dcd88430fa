// The tactile clock device protocol (docs/tactile-clock-protocol.md) and its host driver.
#include "tactile/tactile_clock.h"

#include <charconv>

namespace annabella::tactile {

namespace tclk {

using core::ClockDuration;
using std::chrono::minutes;

namespace {

constexpr int kPulseMs = 300;     // one dot
constexpr int kPulseGapMs = 200;  // between the two dots of a 15-minute mark
constexpr int kLongMs = 800;      // the start of a last-five-minutes cue
constexpr int kShortMs = 150;     // a counted minute
constexpr int kShortGapMs = 250;
constexpr int kFlagMs = 2000;
constexpr int kReadoutLongMs = 600;  // a quarter hour in the readout
constexpr int kReadoutGapMs = 300;
constexpr int kGroupGapMs = 700;  // between the quarter hours and the five minutes
constexpr int kTickMs = 60;

Vibration last_minutes(int minutes_left) {
  Vibration v{Cue::Last, minutes_left, {kLongMs}};
  for (int i = 0; i < minutes_left; ++i) {
    v.steps_ms.push_back(kShortGapMs);
    v.steps_ms.push_back(kShortMs);
  }
  return v;
}

// The cue for a mark (a remaining time that is a mark).
Vibration cue_for_mark(ClockDuration mark) {
  if (mark <= ClockDuration::zero()) return Vibration{Cue::Flag, 0, {kFlagMs}};
  if (mark <= minutes(5))
    return last_minutes(static_cast<int>(std::chrono::duration_cast<minutes>(mark).count()));
  if (mark % minutes(15) == ClockDuration::zero())
    return Vibration{Cue::Fifteen, 0, {kPulseMs, kPulseGapMs, kPulseMs}};
  return Vibration{Cue::Five, 0, {kPulseMs}};
}

// Smallest n with n * unit >= value (value > 0).
long long ceil_div(ClockDuration value, ClockDuration unit) {
  return (value.count() + unit.count() - 1) / unit.count();
}

}  // namespace

std::string_view cue_token(Cue cue) {
  switch (cue) {
    case Cue::Five:
      return "FIVE";
    case Cue::Fifteen:
      return "FIFTEEN";
    case Cue::Last:
      return "LAST";
    case Cue::Flag:
      return "FLAG";
    case Cue::Time:
      return "TIME";
    case Cue::Press:
      return "PRESS";
  }
  return "FIVE";
}

std::optional<Cue> parse_cue(std::string_view token) {
  for (const Cue c : {Cue::Five, Cue::Fifteen, Cue::Last, Cue::Flag, Cue::Time, Cue::Press})
    if (cue_token(c) == token) return c;
  return std::nullopt;
}

std::string_view button_token(Button button) {
  switch (button) {
    case Button::Query:
      return "QUERY";
    case Button::Press:
      return "PRESS";
    case Button::QueryHold:
      return "QUERY-HOLD";
    case Button::PressHold:
      return "PRESS-HOLD";
  }
  return "QUERY";
}

std::optional<Button> parse_button(std::string_view token, int version) {
  for (const Button b : {Button::Query, Button::Press, Button::QueryHold, Button::PressHold}) {
    const int since = b == Button::Query || b == Button::Press ? 1 : 2;
    if (since <= version && button_token(b) == token) return b;
  }
  return std::nullopt;
}

std::string pattern_text(const std::vector<int>& steps_ms) {
  std::string text;
  for (const int step : steps_ms) {
    if (!text.empty()) text += '.';
    text += std::to_string(step);
  }
  return text;
}

std::optional<std::vector<int>> parse_pattern(std::string_view text) {
  std::vector<int> steps;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = text.find('.', start);
    const std::string_view part =
        text.substr(start, dot == std::string_view::npos ? dot : dot - start);
    int value = 0;
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (part.empty() || part.size() > 4 || error != std::errc() ||
        end != part.data() + part.size() || value < 1 || value > kMaxStepMs)
      return std::nullopt;
    steps.push_back(value);
    if (steps.size() > kMaxPatternSteps) return std::nullopt;
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
  if (steps.size() % 2 == 0) return std::nullopt;  // starts and ends with a pulse
  return steps;
}

std::optional<core::ClockDuration> next_mark(ClockDuration remaining) {
  if (remaining <= ClockDuration::zero()) return std::nullopt;
  if (remaining > minutes(5)) return (ceil_div(remaining, minutes(5)) - 1) * minutes(5);
  return (ceil_div(remaining, minutes(1)) - 1) * minutes(1);
}

std::optional<Vibration> cue_between(ClockDuration before, ClockDuration after) {
  if (after >= before) return std::nullopt;
  // The lowest mark passed: walk the marks down from `before` while they are >= after.
  std::optional<ClockDuration> lowest;
  for (auto mark = next_mark(before); mark && *mark >= after; mark = next_mark(*mark))
    lowest = mark;
  if (!lowest) return std::nullopt;
  return cue_for_mark(*lowest);
}

Vibration time_readout(ClockDuration remaining) {
  if (remaining <= ClockDuration::zero()) return Vibration{Cue::Time, 0, {kFlagMs}};
  if (remaining <= minutes(5)) {
    Vibration v = last_minutes(static_cast<int>(ceil_div(remaining, minutes(1))));
    v.cue = Cue::Time;
    return v;
  }
  Vibration v{Cue::Time, 0, {}};
  const auto quarters = std::min<long long>(remaining / minutes(15), 20);  // 5 hours at most
  const auto fives = (remaining % minutes(15)) / minutes(5);
  for (long long i = 0; i < quarters; ++i) {
    if (!v.steps_ms.empty()) v.steps_ms.push_back(kReadoutGapMs);
    v.steps_ms.push_back(kReadoutLongMs);
  }
  for (long long i = 0; i < fives; ++i) {
    if (!v.steps_ms.empty()) v.steps_ms.push_back(i == 0 ? kGroupGapMs : kReadoutGapMs);
    v.steps_ms.push_back(kShortMs);
  }
  return v;
}

Vibration press_tick() {
  return Vibration{Cue::Press, 0, {kTickMs}};
}

std::string encode_host_hello(int max_version) {
  return peg::frame("HELLO " + std::to_string(max_version));
}
std::string encode_vibrate(std::uint8_t id, const Vibration& vibration) {
  return peg::frame("V " + peg::hex2(id) + " " + std::string(cue_token(vibration.cue)) + " " +
                    pattern_text(vibration.steps_ms));
}
std::string encode_stop(std::uint8_t id) {
  return peg::frame("X " + peg::hex2(id));
}
std::string encode_device_hello(std::string_view name, std::string_view buttons, int version) {
  return peg::frame("TCLK " + std::to_string(version) + " " + std::string(name) + " " +
                    std::string(buttons.empty() ? "-" : buttons));
}
std::string encode_button(std::uint8_t seq, Button button) {
  return peg::frame("B " + peg::hex2(seq) + " " + std::string(button_token(button)));
}
std::string encode_ack(std::uint8_t id) {
  return peg::frame("A " + peg::hex2(id));
}
std::string encode_device_error(std::string_view text) {
  return peg::frame("E " + std::string(text));
}

std::optional<HostCommand> parse_host_line(std::string_view line) {
  const auto body = peg::unframe(line);
  if (!body) return std::nullopt;
  const auto tokens = peg::tokens_of(*body);
  HostCommand command;
  if (tokens[0] == "HELLO" && tokens.size() == 2) {
    int version = 0;
    const auto [end, error] =
        std::from_chars(tokens[1].data(), tokens[1].data() + tokens[1].size(), version);
    if (error != std::errc() || end != tokens[1].data() + tokens[1].size() || version < 1)
      return std::nullopt;
    command.kind = HostCommand::Kind::Hello;
    command.version = version;
    return command;
  }
  if ((tokens[0] == "V" && tokens.size() == 4) || (tokens[0] == "X" && tokens.size() == 2)) {
    const auto id = peg::parse_hex2(tokens[1]);
    if (!id) return std::nullopt;
    command.id = *id;
    if (tokens[0] == "X") {
      command.kind = HostCommand::Kind::Stop;
      return command;
    }
    const auto cue = parse_cue(tokens[2]);
    auto steps = parse_pattern(tokens[3]);
    if (!cue || !steps) return std::nullopt;
    command.kind = HostCommand::Kind::Vibrate;
    command.cue = *cue;
    command.steps_ms = std::move(*steps);
    return command;
  }
  return std::nullopt;
}

}  // namespace tclk

// ---------------------------------------------------------------------------------------------
// Host side: the device's lines

void TactileClockDecoder::garbage(TimePoint time, std::vector<TactileClockInput>& out,
                                  std::string_view why) {
  ++stats_.bad_messages;
  last_seq_.reset();  // the lost line may have been a button: do not report a gap for it too
  if (garbage_reported_) return;
  garbage_reported_ = true;
  TactileClockInput input;
  input.kind = TactileClockInput::Kind::Garbage;
  input.time = time;
  input.detail = "tactile clock: " + std::string(why);
  out.push_back(std::move(input));
}

void TactileClockDecoder::decode(std::span<const std::uint8_t> bytes, TimePoint time,
                                 std::vector<TactileClockInput>& out) {
  splitter_.feed_framed(
      bytes, [&](std::string_view body) { interpret(body, time, out); },
      [&](std::string_view why, std::size_t bytes_lost) {
        stats_.garbage_bytes += bytes_lost;
        garbage(time, out, why);
      });
}

// B <seq> <button>: a press (a held button only from a version 2 device; from a version 1
// device its token is a malformed line, as it was for a version 1 host).
void TactileClockDecoder::on_button(const std::vector<std::string_view>& tokens, TimePoint time,
                                    std::vector<TactileClockInput>& out) {
  const auto seq = peg::parse_hex2(tokens[1]);
  const auto button = tclk::parse_button(tokens[2], version_);
  if (!seq || !button) return garbage(time, out, "a malformed button line");
  ++stats_.messages;
  garbage_reported_ = false;
  if (last_seq_ && static_cast<std::uint8_t>(*last_seq_ + 1) != *seq) {
    TactileClockInput lost;
    lost.kind = TactileClockInput::Kind::Lost;
    lost.time = time;
    lost.detail = "tactile clock: a button press was lost on the line";
    out.push_back(std::move(lost));
  }
  last_seq_ = *seq;
  TactileClockInput input;
  input.time = time;
  input.kind = TactileClockInput::Kind::Button;
  input.button = *button;
  out.push_back(std::move(input));
}

void TactileClockDecoder::interpret(std::string_view body, TimePoint time,
                                    std::vector<TactileClockInput>& out) {
  const auto tokens = peg::tokens_of(body);
  TactileClockInput input;
  input.time = time;
  const std::string_view type = tokens[0];
  if (type == "B" && tokens.size() == 3) return on_button(tokens, time, out);
  if (type == "A" && tokens.size() == 2) {
    const auto id = peg::parse_hex2(tokens[1]);
    if (!id) return garbage(time, out, "a malformed acknowledgement");
    ++stats_.other_messages;
    input.kind = TactileClockInput::Kind::Ack;
    input.id = *id;
    out.push_back(std::move(input));
    return;
  }
  if (type == "TCLK" && tokens.size() >= 2) {
    ++stats_.messages;
    garbage_reported_ = false;
    last_seq_.reset();  // a device (re)starts its sequence at power-up
    input.kind = TactileClockInput::Kind::Hello;
    int version = 0;
    std::from_chars(tokens[1].data(), tokens[1].data() + tokens[1].size(), version);
    input.version = version;
    input.said = std::string(body.substr(5));
    input.detail = "tactile clock: " + input.said;
    // Version 2 adds the held buttons; any other version is read as version 1.
    version_ = version == 2 ? 2 : 1;
    if (version != 1 && version != 2)
      input.detail += " (version " + std::string(tokens[1]) + ", read as version 1)";
    out.push_back(std::move(input));
    return;
  }
  if (type == "E") {
    ++stats_.other_messages;
    input.kind = TactileClockInput::Kind::DeviceError;
    input.said = std::string(body.size() > 2 ? body.substr(2) : "");
    input.detail = "tactile clock reports: " + input.said;
    out.push_back(std::move(input));
    return;
  }
  ++stats_.other_messages;  // unknown types are ignored (forward compatibility)
}

// ---------------------------------------------------------------------------------------------
// Host side: the cues

TactileClockDevice::TactileClockDevice(SerialLink& link, core::Color own_side)
    : link_(link), own_side_(own_side) {}

Status TactileClockDevice::greet() {
  const std::string hello = tclk::encode_host_hello();
  return link_.write(std::span(reinterpret_cast<const std::uint8_t*>(hello.data()), hello.size()));
}

void TactileClockDevice::send(const tclk::Vibration& vibration) {
  const std::string line = tclk::encode_vibrate(next_id_++, vibration);
  if (auto ok =
          link_.write(std::span(reinterpret_cast<const std::uint8_t*>(line.data()), line.size()));
      !ok)
    last_error_ = ok.error().message;
}

void TactileClockDevice::show(const core::ClockReading& reading, ClockShowReason why) {
  if (!reading.timed) return;
  const core::ClockDuration own = reading.remaining[own_side_];
  if (why == ClockShowReason::Query) send(tclk::time_readout(own));
  if (last_own_ && own < *last_own_) {
    // D.2.6: the own clock passed a mark (a dot on the dial) since the last reading.
    if (const auto cue = tclk::cue_between(*last_own_, own)) send(*cue);
  }
  // The player's own press was taken: a short tick (the clock button's feel).
  if (why == ClockShowReason::Event && reading.moves_completed[own_side_] > last_own_moves_)
    send(tclk::press_tick());
  last_own_ = own;
  last_own_moves_ = reading.moves_completed[own_side_];
}

std::optional<core::ClockInstant> TactileClockDevice::next_update(
    const core::ClockReading& reading) {
  if (!reading.timed || reading.running != own_side_) return std::nullopt;
  const core::ClockDuration own = reading.remaining[own_side_];
  const auto mark = tclk::next_mark(own);
  if (!mark) return std::nullopt;
  return reading.time + reading.delay_left + (own - *mark);
}

}  // namespace annabella::tactile
