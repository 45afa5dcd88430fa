// The serial transports over real kernel pseudo-terminals.
#include "tactile/serial_link.h"

#include <gtest/gtest.h>

#include <array>
#include <fstream>
#include <thread>

#include "support/temp_dir.h"

namespace annabella::tactile {
namespace serial_link_test {
namespace {

using namespace std::chrono_literals;

std::vector<std::uint8_t> bytes_of(std::string_view text) {
  return {text.begin(), text.end()};
}

// Reads until `count` bytes have come (each read waits up to a second).
std::string read_exactly(SerialLink& link, std::size_t count) {
  std::string got;
  std::array<std::uint8_t, 64> buffer{};
  while (got.size() < count) {
    auto n = link.read(buffer, 1000ms);
    if (!n || *n == 0) break;
    got.append(buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(*n));
  }
  return got;
}

TEST(SerialLink, PtyRoundTripThroughSymlinkUsesTermios) {
  testing::TempDir dir;
  auto pty = PseudoTerminal::create(dir / "board");
  ASSERT_TRUE(pty) << pty.error().message;
  EXPECT_TRUE(is_pseudo_terminal(dir / "board"));
  EXPECT_FALSE(is_pseudo_terminal(dir.path()));
  auto link = open_serial_link(dir / "board", LineSettings{});
  ASSERT_TRUE(link) << link.error().message;
  EXPECT_EQ((*link)->name(), (dir / "board").string());

  ASSERT_TRUE((*pty)->write(bytes_of("hello")));
  EXPECT_EQ(read_exactly(**link, 5), "hello");
  ASSERT_TRUE((*link)->write(bytes_of("\x42\x80")));
  EXPECT_EQ(read_exactly(**pty, 2), "\x42\x80");
}

TEST(SerialLink, ReadTimesOutWithZeroBytes) {
  auto pty = PseudoTerminal::create();
  ASSERT_TRUE(pty);
  auto link = open_serial_link((*pty)->slave_name(), LineSettings{});
  ASSERT_TRUE(link) << link.error().message;
  std::array<std::uint8_t, 8> buffer{};
  auto n = (*link)->read(buffer, 5ms);
  ASSERT_TRUE(n);
  EXPECT_EQ(*n, 0u);
  EXPECT_TRUE((*link)->connected());
}

TEST(SerialLink, InterruptWakesABlockedRead) {
  auto pty = PseudoTerminal::create();
  ASSERT_TRUE(pty);
  auto link = open_serial_link((*pty)->slave_name(), LineSettings{});
  ASSERT_TRUE(link);
  Result<std::size_t> got = std::size_t{99};
  std::thread reader([&] {
    std::array<std::uint8_t, 8> buffer{};
    got = (*link)->read(buffer, 60000ms);
  });
  (*link)->interrupt();
  reader.join();
  ASSERT_TRUE(got);
  EXPECT_EQ(*got, 0u);
}

TEST(SerialLink, HangUpIsReportedAsDisconnectionAndRemovesTheLink) {
  testing::TempDir dir;
  auto pty = PseudoTerminal::create(dir / "board");
  ASSERT_TRUE(pty);
  auto link = open_serial_link(dir / "board", LineSettings{});
  ASSERT_TRUE(link);
  ASSERT_TRUE((*pty)->write(bytes_of("ab")));
  (*pty)->hang_up();
  EXPECT_FALSE(std::filesystem::exists(std::filesystem::symlink_status(dir / "board")));
  // Bytes sent before the hang-up may still arrive; then the read must fail, not spin or block.
  std::array<std::uint8_t, 8> buffer{};
  Result<std::size_t> n = std::size_t{0};
  for (int i = 0; i < 4; ++i) {
    n = (*link)->read(buffer, 60000ms);
    if (!n) break;
  }
  ASSERT_FALSE(n);
  EXPECT_FALSE((*link)->connected());
  EXPECT_FALSE((*link)->write(bytes_of("x")));
  auto reopened = open_serial_link(dir / "board", LineSettings{});
  ASSERT_FALSE(reopened);
  EXPECT_NE(reopened.error().message.find((dir / "board").string()), std::string::npos);
}

TEST(SerialLink, LibSerialPortCannotOpenAPtyAndSaysWhich) {
  auto pty = PseudoTerminal::create();
  ASSERT_TRUE(pty);
  auto link = open_serial_link((*pty)->slave_name(), LineSettings{}, Transport::LibSerialPort);
  ASSERT_FALSE(link);
  EXPECT_NE(link.error().message.find((*pty)->slave_name()), std::string::npos);
}

TEST(SerialLink, MissingDeviceIsNamed) {
  auto link = open_serial_link("/dev/ttyUSB-annabella-none", LineSettings{});
  ASSERT_FALSE(link);
  EXPECT_EQ(link.error().message,
            "/dev/ttyUSB-annabella-none: no such device (not plugged in, or not started yet)");
}

TEST(SerialLink, SymlinkRefusesToReplaceARegularFile) {
  testing::TempDir dir;
  { std::ofstream(dir / "file") << "x"; }
  auto pty = PseudoTerminal::create(dir / "file");
  ASSERT_FALSE(pty);
  EXPECT_NE(pty.error().message.find("not a symlink"), std::string::npos);
}

TEST(SerialLink, DescribesLineSettings) {
  EXPECT_EQ(describe(LineSettings{}), "9600 8N1");
  EXPECT_EQ(describe(LineSettings{38400, 7, Parity::Odd, 1}), "38400 7O1");
}

}  // namespace
}  // namespace serial_link_test
}  // namespace annabella::tactile
