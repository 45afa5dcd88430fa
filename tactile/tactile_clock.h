// The tactile clock device (docs/tactile-clock-protocol.md is the specification; this is its
// reference implementation, host side and device side).
//
// A small vibrating device the VI player wears or keeps by the board. It carries D.2.6's
// analogue clock to the fingers: as the player's own clock runs down, one pulse at every
// 5 minutes, two at every 15 minutes (the raised dots of the dial), a distinct long-then-short
// pattern at each of the last 5 minutes (the minute hand felt in the last five minutes), a long
// buzz when the flag falls; on its QUERY button, the remaining time as pulses; its PRESS button
// is the player's clock button.
//
// Lines use the peg protocol's framing (tactile/peg_protocol.h: BODY "*" CRC-8 LF):
//   host -> device   HELLO <max-version>
//                    V <id> <cue> <pattern>     vibrate; cue FIVE FIFTEEN LAST FLAG TIME PRESS;
//                                               pattern "on.off.on..." in ms (odd count)
//                    X <id>                     stop vibrating
//   device -> host   TCLK <version> <name> <buttons>
//                    B <seq> QUERY|PRESS        a button (seq: 2 hex digits, +1 a press);
//                                               version 2 also QUERY-HOLD|PRESS-HOLD (held 1 s)
//                    A <id>                     command <id> accepted
//                    E <text>                   the device could not read a host line
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "tactile/board_input.h"
#include "tactile/clock_output.h"
#include "tactile/peg_protocol.h"
#include "tactile/serial_link.h"

namespace annabella::tactile {

namespace tclk {
inline constexpr int kVersion = 2;  // the highest version this implementation speaks
inline constexpr std::size_t kMaxPatternSteps = 63;
inline constexpr int kMaxStepMs = 9999;

enum class Cue : std::uint8_t { Five, Fifteen, Last, Flag, Time, Press };
std::string_view cue_token(Cue cue);  // "FIVE" ...
std::optional<Cue> parse_cue(std::string_view token);

// Version 2 adds a button held for a second (the keys of the player's menu, app/player_menu.h).
enum class Button : std::uint8_t { Query, Press, QueryHold, PressHold };
std::string_view button_token(Button button);  // "QUERY", "PRESS", "QUERY-HOLD", "PRESS-HOLD"
// A button token of protocol `version` (the holds from version 2 on).
std::optional<Button> parse_button(std::string_view token, int version = kVersion);

// A vibration: what it means and how it feels (on, off, on ... in milliseconds).
struct Vibration {
  Cue cue = Cue::Five;
  int minutes = 0;  // Last: minutes left (1..5)
  std::vector<int> steps_ms;

  friend bool operator==(const Vibration&, const Vibration&) = default;
};
// "300.200.300"
std::string pattern_text(const std::vector<int>& steps_ms);
std::optional<std::vector<int>> parse_pattern(std::string_view text);

// The D.2.6 marks: the cue for the own clock running down from `before` to `after` (the lowest
// mark passed: a remaining time of k x 5 min, then each whole minute of the last five, then
// zero), or none if no mark was passed.
std::optional<Vibration> cue_between(core::ClockDuration before, core::ClockDuration after);
// The next mark below `remaining` (none once the flag has fallen).
std::optional<core::ClockDuration> next_mark(core::ClockDuration remaining);
// The QUERY answer: one long pulse per full 15 minutes and one short pulse per further full
// 5 minutes; in the last five minutes the LAST pattern for the minutes left (rounded up); FLAG
// when the time has run out.
Vibration time_readout(core::ClockDuration remaining);
Vibration press_tick();

// Host side.
std::string encode_host_hello(int max_version = kVersion);
std::string encode_vibrate(std::uint8_t id, const Vibration& vibration);
std::string encode_stop(std::uint8_t id);
// Device side (simulators, firmware tests).
std::string encode_device_hello(std::string_view name, std::string_view buttons,
                                int version = kVersion);
std::string encode_button(std::uint8_t seq, Button button);
std::string encode_ack(std::uint8_t id);
std::string encode_device_error(std::string_view text);

// A host line as a device reads it (firmware authors: the reference parser).
struct HostCommand {
  enum class Kind : std::uint8_t { Hello, Vibrate, Stop } kind = Kind::Hello;
  int version = 0;            // Hello
  std::uint8_t id = 0;        // Vibrate, Stop
  Cue cue = Cue::Five;        // Vibrate
  std::vector<int> steps_ms;  // Vibrate
};
// Reads one framed line (without the LF); nullopt if it is not a valid host line.
std::optional<HostCommand> parse_host_line(std::string_view line);
}  // namespace tclk

// What the device said, with the time it was received.
struct TactileClockInput {
  enum class Kind : std::uint8_t {
    Hello,        // handshake reply: `version`, `detail` = name and buttons
    Button,       // `button` pressed (QUERY: tell the time; PRESS: the clock button)
    Ack,          // command `id` accepted
    DeviceError,  // the device could not read a line (`detail`)
    Lost,         // a button line was lost (sequence gap)
    Garbage,      // an unreadable line (reported once per run)
  };
  Kind kind = Kind::Hello;
  TimePoint time{};
  tclk::Button button = tclk::Button::Query;
  int version = 0;  // Hello: the version the device said (read as 1 unless it is 1 or 2)
  std::uint8_t id = 0;
  // Hello: what follows "TCLK " (its version, name and buttons); DeviceError: the device's own
  // text. The device's words, shown as they are (escaped by whoever prints them).
  std::string said;
  std::string detail;  // the whole remark in English, for logs and tests
};

// Decodes the device's lines (host side). No I/O: feed it what the link read.
class TactileClockDecoder {
 public:
  void decode(std::span<const std::uint8_t> bytes, TimePoint time,
              std::vector<TactileClockInput>& out);
  const DecoderStats& stats() const { return stats_; }
  // The version the device said it speaks (1 until its TCLK line).
  [[nodiscard]] int version() const { return version_; }

 private:
  void interpret(std::string_view body, TimePoint time, std::vector<TactileClockInput>& out);
  void on_button(const std::vector<std::string_view>& tokens, TimePoint time,
                 std::vector<TactileClockInput>& out);
  void garbage(TimePoint time, std::vector<TactileClockInput>& out, std::string_view why);
  peg::LineSplitter splitter_;
  DecoderStats stats_;
  std::optional<std::uint8_t> last_seq_;
  bool garbage_reported_ = false;
  int version_ = 1;
};

// The tactile clock as a ClockDisplay: D.2.6 cues as the player's own clock passes the marks,
// the time readout on a Query, a short tick after each of the player's own presses. Runs on the
// clock output worker; writes to `link` (which a reader thread may read at the same time).
class TactileClockDevice final : public ClockDisplay {
 public:
  TactileClockDevice(SerialLink& link, core::Color own_side);
  // Sends the handshake (HELLO); the device answers with TCLK (read by the reader thread).
  Status greet();
  void show(const core::ClockReading& reading, ClockShowReason why) override;
  std::optional<core::ClockInstant> next_update(const core::ClockReading& reading) override;

  const std::string& last_error() const { return last_error_; }
  std::uint8_t last_id() const { return next_id_ - 1; }

 private:
  void send(const tclk::Vibration& vibration);
  SerialLink& link_;
  core::Color own_side_;
  std::optional<core::ClockDuration> last_own_;
  int last_own_moves_ = 0;
  std::uint8_t next_id_ = 0;
  std::string last_error_;
};

}  // namespace annabella::tactile
