// DGT3000 clock frames (facts: ../shared/notes/eboard-protocols.md) and the clock on a DGT3000
// through a board, over a real pty.
#include "tactile/dgt_clock.h"

#include <gtest/gtest.h>

#include "tactile/dgt_protocol.h"

namespace annabella::tactile {
namespace dgt_clock_test {
namespace {

using Bytes = std::vector<std::uint8_t>;
using std::chrono::milliseconds;
using std::chrono::minutes;
using std::chrono::seconds;

TEST(DgtClockFrames, SetAndRunBothTimesAndTheMode) {
  // 0x2B, N = bytes after N, 0x03, 0x0A, left h m s, right h m s, mode, 0x00.
  const Bytes frame = dgt::encode_set_and_run(
      {.left = minutes(90) + seconds(5) + milliseconds(999), .right = minutes(3) + seconds(7)},
      dgt::kLeftRuns);
  EXPECT_EQ(frame, (Bytes{0x2B, 0x0A, 0x03, 0x0A, 1, 30, 5, 0, 3, 7, 0x01, 0x00}));
  EXPECT_EQ(frame[1], frame.size() - 2);
  // Below zero shows 0:00:00; more than the clock can show is 9:59:59; a paused clock.
  EXPECT_EQ(
      dgt::encode_set_and_run({.left = -seconds(3), .right = std::chrono::hours(12)}, dgt::kPaused),
      (Bytes{0x2B, 0x0A, 0x03, 0x0A, 0, 0, 0, 9, 59, 59, 0x04, 0x00}));
  EXPECT_EQ(dgt::kRightRuns, 0x02);
  EXPECT_EQ(dgt::kToggleOnLever, 0x08);
}

TEST(DgtClockFrames, EightCharacterTextBeepEndVersion) {
  EXPECT_EQ(dgt::encode_clock_text("FLAG W", 8),
            (Bytes{0x2B, 0x0C, 0x03, 0x0C, 'F', 'L', 'A', 'G', ' ', 'W', ' ', ' ', 8, 0x00}));
  EXPECT_EQ(dgt::encode_clock_text("annabella!", 0),
            (Bytes{0x2B, 0x0C, 0x03, 0x0C, 'a', 'n', 'n', 'a', 'b', 'e', 'l', 'l', 0, 0x00}));
  EXPECT_EQ(dgt::encode_clock_text("K\xc3\xb6nig"),  // "König": not ASCII
            (Bytes{0x2B, 0x0C, 0x03, 0x0C, 'K', '?', '?', 'n', 'i', 'g', ' ', ' ', 0, 0x00}));
  EXPECT_EQ(dgt::encode_end_text(), (Bytes{0x2B, 0x03, 0x03, 0x03, 0x00}));
  EXPECT_EQ(dgt::encode_beep(16), (Bytes{0x2B, 0x04, 0x03, 0x0B, 16, 0x00}));
  EXPECT_EQ(dgt::encode_clock_version_request(), (Bytes{0x2B, 0x03, 0x03, 0x09, 0x00}));
}

TEST(DgtClockReport, TimesInBcdFlagsStatusAndAcknowledgements) {
  // Right: 1:29:58 with its flag down; left: 0:05:07; status: running, battery low.
  const Bytes data = {0x11, 0x29, 0x58, 0x00, 0x05, 0x07, 0x05};
  const auto report = dgt::decode_clock_report(data);
  ASSERT_TRUE(report);
  EXPECT_FALSE(report->acknowledgement);
  EXPECT_EQ(report->right, (dgt::ClockFace{1, 29, 58, true}));
  EXPECT_EQ(report->left, (dgt::ClockFace{0, 5, 7, false}));
  EXPECT_TRUE(report->running);
  EXPECT_FALSE(report->lever);
  EXPECT_TRUE(report->battery_low);
  EXPECT_FALSE(report->no_clock);
  EXPECT_EQ(dgt::encode_clock_report(report->left, report->right, 0x05),
            (std::array<std::uint8_t, 7>{0x11, 0x29, 0x58, 0x00, 0x05, 0x07, 0x05}));
  // An acknowledgement: an hours nibble of 0xA on either side.
  const auto ack = dgt::decode_clock_report(Bytes{0x0A, 0x10, 0x0A, 0x00, 0, 0, 0});
  ASSERT_TRUE(ack);
  EXPECT_TRUE(ack->acknowledgement);
  EXPECT_TRUE(dgt::decode_clock_report(Bytes{0, 0, 0, 0x1A, 0, 0, 0})->acknowledgement);
  EXPECT_TRUE(dgt::decode_clock_report(Bytes{0, 0, 0, 0, 0, 0, 0x20})->no_clock);
  EXPECT_FALSE(dgt::decode_clock_report(Bytes{0, 0x5A, 0, 0, 0, 0, 0}));  // not BCD
  EXPECT_FALSE(dgt::decode_clock_report(Bytes{0, 0, 0}));                 // not 7 bytes
}

// What arrives at the simulated board, read from the pty master.
Bytes read_frames(PseudoTerminal& board, std::size_t at_least) {
  Bytes got;
  for (int tries = 0; tries < 50 && got.size() < at_least; ++tries) {
    std::uint8_t buffer[256];
    auto n = board.read(buffer, milliseconds(100));
    if (!n) break;
    got.insert(got.end(), buffer, buffer + *n);
  }
  return got;
}

TEST(DgtClockDisplay, EveryEventSetsBothTimesOnTheClockThroughTheBoard) {
  auto board = PseudoTerminal::create();
  ASSERT_TRUE(board) << board.error().message;
  DgtProtocol protocol;
  auto link = open_serial_link((*board)->slave_name(), protocol.line_settings());
  ASSERT_TRUE(link) << link.error().message;
  DgtClockDisplay display(**link, core::BLACK);  // Black sits on the clock's left

  core::ChessClock clock(*core::read_time_control("90+30"));
  const core::ClockInstant start{};
  ASSERT_TRUE(clock.start(start));
  display.show(clock.reading(start), ClockShowReason::Event);
  EXPECT_EQ(read_frames(**board, 12),
            (Bytes{0x2B, 0x0A, 0x03, 0x0A, 1, 30, 0, 1, 30, 0, dgt::kRightRuns, 0x00}));
  // Ticks and queries send nothing: the DGT3000 counts by itself.
  EXPECT_FALSE(display.next_update(clock.reading(start + seconds(1))));
  display.show(clock.reading(start + seconds(1)), ClockShowReason::Tick);
  display.show(clock.reading(start + seconds(1)), ClockShowReason::Query);
  ASSERT_TRUE(clock.press(core::WHITE, start + seconds(12)));
  display.show(clock.reading(start + seconds(12)), ClockShowReason::Event);
  // Only the press's frame arrives: Black (left) runs, White has 1:30:18.
  EXPECT_EQ(read_frames(**board, 12),
            (Bytes{0x2B, 0x0A, 0x03, 0x0A, 1, 30, 0, 1, 30, 18, dgt::kLeftRuns, 0x00}));
  ASSERT_TRUE(clock.pause(start + seconds(20)));
  display.show(clock.reading(start + seconds(20)), ClockShowReason::Event);
  EXPECT_EQ(read_frames(**board, 12),
            (Bytes{0x2B, 0x0A, 0x03, 0x0A, 1, 29, 52, 1, 30, 18, dgt::kPaused, 0x00}));
  EXPECT_EQ(display.last_error(), "");
}

TEST(DgtClockDisplay, AFlagIsShownAsText) {
  auto board = PseudoTerminal::create();
  ASSERT_TRUE(board) << board.error().message;
  auto link = open_serial_link((*board)->slave_name(), LineSettings{});
  ASSERT_TRUE(link) << link.error().message;
  DgtClockDisplay display(**link, core::WHITE);
  core::ChessClock clock(*core::read_time_control("1 min"));
  ASSERT_TRUE(clock.start(core::ClockInstant{}));
  ASSERT_TRUE(clock.pause(core::ClockInstant{} + seconds(61)));
  display.show(clock.reading(core::ClockInstant{} + seconds(61)), ClockShowReason::Event);
  Bytes expected = dgt::encode_set_and_run({.left = seconds(0), .right = minutes(1)}, dgt::kPaused);
  const Bytes text = dgt::encode_clock_text("FLAG W", 8);
  expected.insert(expected.end(), text.begin(), text.end());
  EXPECT_EQ(read_frames(**board, expected.size()), expected);
}

}  // namespace
}  // namespace dgt_clock_test
}  // namespace annabella::tactile
