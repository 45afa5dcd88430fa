// The tactile clock device protocol (docs/tactile-clock-protocol.md): D.2.6 cues, the readout,
// the line codec, and the host driver talking to a simulated device over a real kernel pty.
#include "tactile/tactile_clock.h"

#include <gtest/gtest.h>

namespace annabella::tactile {
namespace tactile_clock_test {
namespace {

using core::ClockDuration;
using std::chrono::milliseconds;
using std::chrono::minutes;
using std::chrono::seconds;
using tclk::Cue;

struct CueCase {
  ClockDuration before, after;
  std::optional<Cue> cue;
  int minutes_left = 0;
};

TEST(TactileCues, TheMarksOfTheAnalogueDial) {
  const std::vector<CueCase> cases = {
      {minutes(16), minutes(15), Cue::Fifteen},                 // two dots every 15 minutes
      {minutes(11), minutes(10) - milliseconds(1), Cue::Five},  // a dot every 5 minutes
      {minutes(14) + seconds(59), minutes(14) + seconds(58), std::nullopt},
      {minutes(5) + milliseconds(500), minutes(4) + seconds(59), Cue::Last, 5},  // last five
      {minutes(4) + milliseconds(1), minutes(4), Cue::Last, 4},
      {minutes(1) + seconds(1), seconds(59), Cue::Last, 1},
      {milliseconds(500), -milliseconds(100), Cue::Flag},  // the flag falls
      {minutes(20), minutes(3), Cue::Last, 3},             // a jump: the lowest mark passed
      {minutes(31), minutes(29), Cue::Fifteen},
      {minutes(3), minutes(4), std::nullopt},  // time added: no mark passed
  };
  for (const CueCase& c : cases) {
    const auto cue = tclk::cue_between(c.before, c.after);
    ASSERT_EQ(cue.has_value(), c.cue.has_value())
        << core::format_hms_ms(c.before) << " -> " << core::format_hms_ms(c.after);
    if (!cue) continue;
    EXPECT_EQ(cue->cue, *c.cue) << core::format_hms_ms(c.before);
    EXPECT_EQ(cue->minutes, c.minutes_left) << core::format_hms_ms(c.before);
  }
  EXPECT_EQ(tclk::cue_between(minutes(16), minutes(15))->steps_ms,
            (std::vector<int>{300, 200, 300}));
  EXPECT_EQ(tclk::cue_between(minutes(11), minutes(10))->steps_ms, (std::vector<int>{300}));
  EXPECT_EQ(tclk::cue_between(minutes(3) + seconds(1), minutes(3))->steps_ms,
            (std::vector<int>{800, 250, 150, 250, 150, 250, 150}));
  EXPECT_EQ(tclk::cue_between(seconds(1), seconds(0))->steps_ms, (std::vector<int>{2000}));
}

TEST(TactileCues, NextMark) {
  EXPECT_EQ(tclk::next_mark(minutes(16)), minutes(15));
  EXPECT_EQ(tclk::next_mark(minutes(15)), minutes(10));
  EXPECT_EQ(tclk::next_mark(minutes(5) + milliseconds(1)), minutes(5));
  EXPECT_EQ(tclk::next_mark(minutes(5)), minutes(4));
  EXPECT_EQ(tclk::next_mark(seconds(30)), minutes(0));
  EXPECT_FALSE(tclk::next_mark(minutes(0)));
}

TEST(TactileCues, TimeReadout) {
  // 40 minutes: two quarter hours (long) and two five-minute dots (short).
  EXPECT_EQ(tclk::time_readout(minutes(40) + seconds(59)).steps_ms,
            (std::vector<int>{600, 300, 600, 700, 150, 300, 150}));
  EXPECT_EQ(tclk::time_readout(minutes(45)).steps_ms, (std::vector<int>{600, 300, 600, 300, 600}));
  const auto last = tclk::time_readout(minutes(3) + seconds(30));  // 4 minutes, rounded up
  EXPECT_EQ(last.cue, Cue::Time);
  EXPECT_EQ(last.minutes, 4);
  EXPECT_EQ(tclk::time_readout(-seconds(1)).steps_ms, (std::vector<int>{2000}));
  // Even 10 hours fits the pattern limit.
  EXPECT_LE(tclk::time_readout(std::chrono::hours(10)).steps_ms.size(), tclk::kMaxPatternSteps);
}

TEST(TactileClockCodec, PatternsAndHostLines) {
  EXPECT_EQ(tclk::pattern_text({300, 200, 300}), "300.200.300");
  EXPECT_EQ(tclk::parse_pattern("300.200.300"), (std::vector<int>{300, 200, 300}));
  for (const char* bad : {"", "300.200", "0", "10000", "3a0", "300..300", ".300", "-5"})
    EXPECT_FALSE(tclk::parse_pattern(bad)) << bad;
  EXPECT_FALSE(tclk::parse_pattern(std::string(64 * 2, '1')));
  std::string too_many = "1";
  for (int i = 0; i < 64; ++i) too_many += ".1";
  EXPECT_FALSE(tclk::parse_pattern(too_many));

  const std::string line = tclk::encode_vibrate(0x2A, tclk::time_readout(minutes(20)));
  EXPECT_EQ(line.back(), '\n');
  const auto command = tclk::parse_host_line(line.substr(0, line.size() - 1));
  ASSERT_TRUE(command);
  EXPECT_EQ(command->kind, tclk::HostCommand::Kind::Vibrate);
  EXPECT_EQ(command->id, 0x2A);
  EXPECT_EQ(command->cue, Cue::Time);
  EXPECT_EQ(command->steps_ms, (std::vector<int>{600, 700, 150}));
  std::string corrupted = line.substr(0, line.size() - 1);
  corrupted[4] = corrupted[4] == '1' ? '2' : '1';
  EXPECT_FALSE(tclk::parse_host_line(corrupted));
  const auto hello = tclk::encode_host_hello();
  EXPECT_EQ(tclk::parse_host_line(hello.substr(0, hello.size() - 1))->version, 2);
  const auto stop = tclk::encode_stop(7);
  EXPECT_EQ(tclk::parse_host_line(stop.substr(0, stop.size() - 1))->kind,
            tclk::HostCommand::Kind::Stop);
}

// The session printed in docs/tactile-clock-protocol.md, byte for byte.
TEST(TactileClockCodec, TheDocumentedSession) {
  EXPECT_EQ(peg::crc8("123456789"), 0xF4);  // CRC-8/SMBUS check value
  EXPECT_EQ(tclk::encode_host_hello(), "HELLO 2*88\n");
  EXPECT_EQ(tclk::encode_device_hello("vibro", "QUERY,PRESS", 1), "TCLK 1 vibro QUERY,PRESS*E3\n");
  EXPECT_EQ(tclk::encode_vibrate(0, *tclk::cue_between(minutes(15) + seconds(1), minutes(15))),
            "V 00 FIFTEEN 300.200.300*44\n");
  EXPECT_EQ(tclk::encode_ack(0), "A 00*A7\n");
  EXPECT_EQ(tclk::encode_button(0, tclk::Button::Query), "B 00 QUERY*49\n");
  EXPECT_EQ(tclk::encode_vibrate(1, tclk::time_readout(minutes(12) + seconds(10))),
            "V 01 TIME 150.300.150*20\n");
  EXPECT_EQ(tclk::encode_ack(1), "A 01*A0\n");
  // The version 2 session.
  EXPECT_EQ(tclk::encode_device_hello("band", "QUERY,PRESS", 2), "TCLK 2 band QUERY,PRESS*D0\n");
  EXPECT_EQ(tclk::encode_button(1, tclk::Button::Query), "B 01 QUERY*96\n");
  EXPECT_EQ(tclk::encode_button(2, tclk::Button::Press), "B 02 PRESS*D3\n");
}

std::vector<std::uint8_t> bytes_of(const std::string& text) {
  return {text.begin(), text.end()};
}

// Version 2 (docs/tactile-clock-protocol.md, "Versioning"): a device that answers TCLK 2 may send
// the held buttons (the player's menu); from a version 1 device their tokens are malformed lines,
// exactly as for a version 1 host, and its QUERY and PRESS mean what they always meant.
TEST(TactileClockDecoder, HeldButtonsOnlyFromAVersion2Device) {
  const TimePoint t = TimePoint{} + seconds(1);
  TactileClockDecoder v2;
  std::vector<TactileClockInput> in;
  v2.decode(bytes_of(tclk::encode_device_hello("band", "QUERY,PRESS", 2) +
                     tclk::encode_button(0, tclk::Button::QueryHold) +
                     tclk::encode_button(1, tclk::Button::PressHold) +
                     tclk::encode_button(2, tclk::Button::Query)),
            t, in);
  EXPECT_EQ(v2.version(), 2);
  ASSERT_EQ(in.size(), 4u);
  EXPECT_EQ(in[1].button, tclk::Button::QueryHold);
  EXPECT_EQ(in[2].button, tclk::Button::PressHold);
  EXPECT_EQ(in[3].button, tclk::Button::Query);
  EXPECT_EQ(tclk::encode_button(0, tclk::Button::QueryHold), "B 00 QUERY-HOLD*B5\n");

  TactileClockDecoder v1;
  in.clear();
  v1.decode(bytes_of(tclk::encode_device_hello("vibro", "QUERY,PRESS", 1) +
                     tclk::encode_button(0, tclk::Button::PressHold) +
                     tclk::encode_button(1, tclk::Button::Press)),
            t, in);
  EXPECT_EQ(v1.version(), 1);
  ASSERT_EQ(in.size(), 3u);
  EXPECT_EQ(in[1].kind, TactileClockInput::Kind::Garbage);
  EXPECT_EQ(in[2].kind, TactileClockInput::Kind::Button);
  EXPECT_EQ(in[2].button, tclk::Button::Press);
}

TEST(TactileClockDecoder, ButtonsHelloAcksAndLostLines) {
  TactileClockDecoder decoder;
  std::vector<TactileClockInput> in;
  const TimePoint t = TimePoint{} + seconds(5);
  std::string stream = tclk::encode_device_hello("vibro", "QUERY,PRESS", 1) +
                       tclk::encode_button(0, tclk::Button::Press) +
                       tclk::encode_button(1, tclk::Button::Query) +
                       tclk::encode_button(3, tclk::Button::Press) + tclk::encode_ack(5) +
                       "garbage*00\n" + tclk::encode_device_error("bad checksum");
  decoder.decode(bytes_of(stream), t, in);
  ASSERT_EQ(in.size(), 8u);
  EXPECT_EQ(in[0].kind, TactileClockInput::Kind::Hello);
  EXPECT_EQ(in[0].version, 1);
  EXPECT_EQ(in[0].detail, "tactile clock: 1 vibro QUERY,PRESS");
  EXPECT_EQ(in[1].kind, TactileClockInput::Kind::Button);
  EXPECT_EQ(in[1].button, tclk::Button::Press);
  EXPECT_EQ(in[1].time, t);  // the time the bytes were received
  EXPECT_EQ(in[2].button, tclk::Button::Query);
  EXPECT_EQ(in[3].kind, TactileClockInput::Kind::Lost);  // 02 never came
  EXPECT_EQ(in[4].kind, TactileClockInput::Kind::Button);
  EXPECT_EQ(in[5].kind, TactileClockInput::Kind::Ack);
  EXPECT_EQ(in[5].id, 5);
  EXPECT_EQ(in[6].kind, TactileClockInput::Kind::Garbage);
  EXPECT_EQ(in[7].kind, TactileClockInput::Kind::DeviceError);
  EXPECT_EQ(decoder.stats().messages, 4u);
  // Bytes split anywhere decode the same.
  TactileClockDecoder split;
  std::vector<TactileClockInput> in2;
  const auto all = bytes_of(stream);
  for (std::size_t i = 0; i < all.size(); ++i) split.decode(std::span(&all[i], 1), t, in2);
  EXPECT_EQ(in2.size(), in.size());
}

TEST(TactileClockDecoder, EveryShortBodyWithAValidChecksumIsDecodedWithoutThrowing) {
  // The same check as the peg decoder's (a bare "PEG" used to throw there): every device line
  // cut short, with and without a trailing empty field, never reads past the end.
  for (const std::string_view full : {"TCLK 1 vibro QUERY,PRESS", "B 01 PRESS", "A 05", "E bad"}) {
    for (std::size_t length = 1; length <= full.size(); ++length) {
      const std::string cut(full.substr(0, length));
      for (const std::string& body : {cut, cut + " "}) {
        TactileClockDecoder decoder;
        std::vector<TactileClockInput> in;
        EXPECT_NO_THROW(decoder.decode(bytes_of(peg::frame(body)), TimePoint{}, in)) << body;
      }
    }
  }
}

// The simulated device: reads the host's lines from the pty master.
class SimulatedDevice {
 public:
  explicit SimulatedDevice(PseudoTerminal& pty) : pty_(pty) {}
  // The next host line (without LF), waiting at most 5 s for it.
  std::optional<tclk::HostCommand> next_command() {
    for (int tries = 0; tries < 50; ++tries) {
      const auto lf = pending_.find('\n');
      if (lf != std::string::npos) {
        const std::string line = pending_.substr(0, lf);
        pending_.erase(0, lf + 1);
        return tclk::parse_host_line(line);
      }
      std::uint8_t buffer[256];
      auto n = pty_.read(buffer, milliseconds(100));
      if (!n) return std::nullopt;
      pending_.append(reinterpret_cast<const char*>(buffer), *n);
    }
    return std::nullopt;
  }
  void send(const std::string& line) { ASSERT_TRUE(pty_.write(bytes_of(line))); }

 private:
  PseudoTerminal& pty_;
  std::string pending_;
};

core::ClockReading reading(core::ChessClock& clock, core::ClockInstant when) {
  return clock.reading(when);
}

TEST(TactileClockDevice, OverARealPty) {
  auto pty = PseudoTerminal::create();
  ASSERT_TRUE(pty) << pty.error().message;
  auto link = open_serial_link((*pty)->slave_name(), LineSettings{115200});
  ASSERT_TRUE(link) << link.error().message;
  SimulatedDevice device(**pty);
  TactileClockDevice host(**link, core::WHITE);

  // Handshake.
  ASSERT_TRUE(host.greet());
  const auto hello = device.next_command();
  ASSERT_TRUE(hello);
  EXPECT_EQ(hello->kind, tclk::HostCommand::Kind::Hello);
  EXPECT_EQ(hello->version, 2);
  device.send(tclk::encode_device_hello("vibro", "QUERY,PRESS", 1));
  device.send(tclk::encode_button(0, tclk::Button::Press));
  TactileClockDecoder decoder;
  std::vector<TactileClockInput> inputs;
  for (int tries = 0; tries < 50 && inputs.size() < 2; ++tries) {
    std::uint8_t buffer[256];
    auto n = (*link)->read(buffer, milliseconds(100));
    ASSERT_TRUE(n);
    decoder.decode(std::span(buffer, *n), TimePoint{} + seconds(42), inputs);
  }
  ASSERT_EQ(inputs.size(), 2u);
  EXPECT_EQ(inputs[0].kind, TactileClockInput::Kind::Hello);
  EXPECT_EQ(inputs[1].kind, TactileClockInput::Kind::Button);
  EXPECT_EQ(inputs[1].button, tclk::Button::Press);
  EXPECT_EQ(inputs[1].time, TimePoint{} + seconds(42));

  // White (the VI player) has 10 min 30 s; his clock runs.
  core::ChessClock clock(*core::read_time_control("10 min + 30 s/move"));
  const core::ClockInstant start{};
  ASSERT_TRUE(clock.start(start));
  host.show(reading(clock, start), ClockShowReason::Event);
  // The next cue is due when White's clock reaches 5:00 (the first mark below 10:00).
  const auto due = host.next_update(reading(clock, start));
  ASSERT_TRUE(due);
  EXPECT_EQ(*due, start + minutes(5));
  host.show(reading(clock, *due), ClockShowReason::Tick);
  auto cue = device.next_command();
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->cue, Cue::Last);  // the last five minutes begin: long, then five short
  EXPECT_EQ(cue->steps_ms.size(), 11u);
  EXPECT_EQ(cue->id, 0);

  // His press: a tick; no cue for time added by the increment.
  ASSERT_TRUE(clock.press(core::WHITE, start + minutes(5) + seconds(10)));
  host.show(reading(clock, start + minutes(5) + seconds(10)), ClockShowReason::Event);
  cue = device.next_command();
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->cue, Cue::Press);
  EXPECT_FALSE(host.next_update(reading(clock, start + minutes(5) + seconds(11))));  // Black runs

  // The QUERY button: the time as pulses (5:20 left: one five-minute dot).
  host.show(reading(clock, start + minutes(6)), ClockShowReason::Query);
  cue = device.next_command();
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->cue, Cue::Time);
  EXPECT_EQ(cue->steps_ms, (std::vector<int>{150}));
  EXPECT_EQ(host.last_error(), "");
}

TEST(TactileClockDevice, CuesComeFromTheWorkerThread) {
  auto pty = PseudoTerminal::create();
  ASSERT_TRUE(pty) << pty.error().message;
  auto link = open_serial_link((*pty)->slave_name(), LineSettings{115200});
  ASSERT_TRUE(link) << link.error().message;
  SimulatedDevice device(**pty);
  std::vector<std::unique_ptr<ClockDisplay>> displays;
  displays.push_back(std::make_unique<TactileClockDevice>(**link, core::BLACK));
  ClockOutputWorker worker(std::move(displays));
  // Black (the VI player) has 15 min 0.3 s and his clock runs: two pulses are due in 0.3 s.
  core::ChessClock clock(*core::read_time_control("15 min"));
  const auto now = std::chrono::steady_clock::now();
  ASSERT_TRUE(clock.start(now - milliseconds(100), core::BLACK));
  ASSERT_TRUE(clock.set_remaining(core::BLACK, minutes(15) + milliseconds(300), now, ""));
  worker.post(clock.reading(now));
  const auto cue = device.next_command();
  worker.stop();
  ASSERT_TRUE(cue);
  EXPECT_EQ(cue->cue, Cue::Fifteen);
  EXPECT_EQ(cue->steps_ms, (std::vector<int>{300, 200, 300}));
}

}  // namespace
}  // namespace tactile_clock_test
}  // namespace annabella::tactile
