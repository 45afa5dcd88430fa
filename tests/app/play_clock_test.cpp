// `annabella play` with a tactile clock on a serial line (a real pty standing in for the device):
// the station greets it, the device's QUERY button asks for the time (D.2.10.4) exactly as the
// console's `time` does, and the device is told the readout as a vibration (D.2.6).
#include <gtest/gtest.h>

#include <fstream>

#include "support/child_process.h"
#include "support/temp_dir.h"
#include "support/virtual_brltty.h"
#include "tactile/serial_link.h"
#include "tactile/tactile_clock.h"

namespace annabella::app {
namespace play_clock_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::TempDir;

// Reads the device side until a line containing `text` arrives (or the time is up).
bool device_reads(tactile::SerialLink& device, std::string& seen, std::string_view text,
                  std::chrono::milliseconds timeout) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  std::array<std::uint8_t, 256> buffer{};
  while (seen.find(text) == std::string::npos) {
    if (std::chrono::steady_clock::now() > end) return false;
    auto n = device.read(buffer, 200ms);
    if (!n) return false;
    seen.append(reinterpret_cast<const char*>(buffer.data()), *n);
  }
  return true;
}

void device_sends(tactile::SerialLink& device, const std::string& line) {
  ASSERT_TRUE(
      device.write(std::span(reinterpret_cast<const std::uint8_t*>(line.data()), line.size())));
}

TEST(PlayWithTactileClock, TheQueryButtonTellsTheTimeAndTheDeviceFeelsIt) {
  TempDir dir;
  auto device = tactile::PseudoTerminal::create(dir.path() / "tactile-clock");
  ASSERT_TRUE(device) << device.error().message;
  const auto config = dir.path() / "board.toml";
  std::ofstream(config) << "[tactile_clock]\nport = \"" << (dir.path() / "tactile-clock").string()
                        << "\"\n";
  ChildProcess station({ANNABELLA_BINARY, "play", "--silent", "--config", config.string(),
                        "--record", (dir.path() / "record").string()});
  std::string from_station;
  ASSERT_TRUE(device_reads(**device, from_station, "HELLO", 20s)) << station.output();
  device_sends(**device, tactile::tclk::encode_device_hello("test-clock", "QUERY,PRESS"));
  ASSERT_TRUE(station.wait_for("connected: the board", 20s)) << station.output();
  device_sends(**device, tactile::tclk::encode_button(0, tactile::tclk::Button::Query));
  ASSERT_TRUE(station.wait_for("time: White 1:", 20s)) << station.output();
  EXPECT_TRUE(device_reads(**device, from_station, "TIME", 20s)) << from_station;
  EXPECT_TRUE(station.wait_for("tactile clock connected: 2 test-clock QUERY,PRESS", 20s))
      << station.output();
  // What the device says besides its buttons is said on the console (it once went nowhere):
  // its own error report, and a press lost on the line (sequence 1 never arrived), which was
  // not carried out.
  device_sends(**device, tactile::tclk::encode_device_error("line too long"));
  EXPECT_TRUE(station.wait_for("the tactile clock reports: line too long", 20s))
      << station.output();
  device_sends(**device, tactile::tclk::encode_button(2, tactile::tclk::Button::Press));
  EXPECT_TRUE(station.wait_for("tactile clock: a button press was lost on the line", 20s))
      << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(20s), 0) << station.output();
}

// The braille display through a real BRLTTY (Virtual driver): both times and the move number,
// the VI player's side first, refreshed as the game goes (D.2.6).
TEST(PlayWithBrailleDisplay, TheClockIsShownAndFollowsTheMoves) {
  TempDir dir;
  annabella::testing::VirtualBrltty brltty;
  ASSERT_FALSE(brltty.host().empty()) << brltty.error();
  const auto config = dir.path() / "board.toml";
  std::ofstream(config) << "[braille_display]\nenabled = true\nhost = \"" << brltty.host()
                        << "\"\n";
  ChildProcess station({ANNABELLA_BINARY, "play", "--silent", "--config", config.string(),
                        "--record", (dir.path() / "record").string()});
  ASSERT_TRUE(station.wait_for("connected: the board", 20s)) << station.output();
  // White's clock runs from the start: its hours, not a second it may have passed on a loaded
  // machine before the display first shows it.
  EXPECT_NE(brltty.wait_for_visual("W 1:", 20s), "") << station.output();
  station.send("sim play e4");
  ASSERT_TRUE(station.wait_for("made 1. e4", 20s)) << station.output();
  // White's 30 s increment is added at the press (the default control), Black's clock runs.
  const std::string line = brltty.wait_for_visual("W 1:30:", 20s);
  EXPECT_EQ(line.rfind("W ", 0), 0u) << line;  // own side first
  // The player's language (German by default, tester D2): S for Schwarz, "Zug" for the move.
  EXPECT_NE(line.find(" S 1:"), std::string::npos) << line;
  EXPECT_NE(line.find(" Zug 1"), std::string::npos) << line;
  station.send("quit");
  EXPECT_EQ(station.wait(20s), 0) << station.output();
  EXPECT_EQ(station.output().find("braille_display:"), std::string::npos) << station.output();
}

TEST(PlayWithTactileClock, AMissingDeviceIsSaidAndTheGameGoesOn) {
  TempDir dir;
  const auto config = dir.path() / "board.toml";
  std::ofstream(config) << "[tactile_clock]\nport = \"/dev/no-such-tactile-clock\"\n";
  ChildProcess station({ANNABELLA_BINARY, "play", "--silent", "--config", config.string(),
                        "--record", (dir.path() / "record").string()});
  ASSERT_TRUE(station.wait_for("tactile_clock.port: ", 20s)) << station.output();
  ASSERT_TRUE(station.wait_for("connected: the board", 20s)) << station.output();
  station.send("sim play e4");
  ASSERT_TRUE(station.wait_for("made 1. e4", 20s)) << station.output();
  station.send("quit");
  EXPECT_EQ(station.wait(20s), 0);
}

}  // namespace
}  // namespace play_clock_test
}  // namespace annabella::app
