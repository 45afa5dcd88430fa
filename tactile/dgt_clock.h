// A DGT3000 (or DGT XL) clock driven through a DGT e-board, so that a sighted opponent sees a
// normal clock showing annabella's times (facts: ../shared/notes/eboard-protocols.md, from
// public implementations; unverified on real hardware).
//
// Clock commands travel through the board as one frame: 0x2B, N, 0x03, command, payload...,
// 0x00, where N counts the bytes after itself. Set-and-run (0x0A) sets both times (hours,
// minutes, seconds as plain binary numbers) and which side counts down; 0x0C shows 8 ASCII
// characters on a DGT3000 (until 0x03 ends the text); 0x0B beeps (units of 64 ms). The clock
// acknowledges each command only while the board is in an update mode; wait for an
// acknowledgement (1 to 2 s) before the next command on real hardware.
//
// The board reports the clock in its BWTIME message (0x8D, 7 data bytes): right-hand player
// d0..d2, left-hand player d3..d5 (hours in the low nibble, flag in bit 4, minutes and seconds
// in BCD), status in d6; an acknowledgement instead when either hours nibble is 0xA. Sources
// disagree on which player is left and right and on the status bits: the reading here follows
// the notes, and which colour sits on the left is the station's setting.
//
// DGT's protocol header says the protocol may not be used commercially without DGT's written
// permission; annabella interoperates as open-source projects (PicoChess and others) do.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/clock.h"
#include "tactile/clock_output.h"
#include "tactile/serial_link.h"

namespace annabella::tactile {

namespace dgt {
inline constexpr std::uint8_t kClockStartMessage = 0x03;
inline constexpr std::uint8_t kClockEndMessage = 0x00;
inline constexpr std::uint8_t kClockEndDisplay = 0x03;
inline constexpr std::uint8_t kClockVersion = 0x09;
inline constexpr std::uint8_t kClockSetAndRun = 0x0A;
inline constexpr std::uint8_t kClockBeep = 0x0B;
inline constexpr std::uint8_t kClockAscii = 0x0C;
// Set-and-run mode bits.
inline constexpr std::uint8_t kLeftRuns = 0x01;
inline constexpr std::uint8_t kRightRuns = 0x02;
inline constexpr std::uint8_t kPaused = 0x04;
inline constexpr std::uint8_t kToggleOnLever = 0x08;

// 0x2B, N, 0x03, command, payload..., 0x00
std::vector<std::uint8_t> encode_clock_command(std::uint8_t command,
                                               std::span<const std::uint8_t> payload);
// The times on the clock's two faces, as the players sit (a struct, so that the two are never
// passed the wrong way round).
struct FaceTimes {
  core::ClockDuration left{};
  core::ClockDuration right{};
};
// Both times (rounded down to the second; below zero as 0:00:00; at most 9:59:59) and the mode.
[[nodiscard]] std::vector<std::uint8_t> encode_set_and_run(const FaceTimes& times,
                                                           std::uint8_t mode);
// Eight characters on a DGT3000 (shorter text is padded with spaces, longer cut; anything
// outside printable ASCII becomes '?'), with a beep of beep_64ms x 64 ms (0 = none).
std::vector<std::uint8_t> encode_clock_text(std::string_view text, std::uint8_t beep_64ms = 0);
std::vector<std::uint8_t> encode_end_text();
std::vector<std::uint8_t> encode_beep(std::uint8_t units_64ms);
std::vector<std::uint8_t> encode_clock_version_request();

// One side of a BWTIME message.
struct ClockFace {
  int hours = 0, minutes = 0, seconds = 0;
  bool flag = false;
  friend bool operator==(const ClockFace&, const ClockFace&) = default;
};
struct ClockReport {
  bool acknowledgement = false;  // the data acknowledge a command (raw bytes in `data`)
  ClockFace left, right;
  bool running = false, lever = false, battery_low = false, no_clock = false;
  std::array<std::uint8_t, 7> data{};
};
// Reads the 7 data bytes of a BWTIME (0x8D) message; nullopt for any other length or a
// malformed BCD digit.
std::optional<ClockReport> decode_clock_report(std::span<const std::uint8_t> data);
// The board side (simulators, tests): BWTIME data bytes for two faces.
std::array<std::uint8_t, 7> encode_clock_report(const ClockFace& left, const ClockFace& right,
                                                std::uint8_t status);
}  // namespace dgt

// annabella's clock on a DGT3000 through the board: at every event, set-and-run with both times
// and the running side (paused when no clock runs); between events the DGT3000 counts by
// itself, so there are no ticks. At a flag fall the text "FLAG" and the colour are shown.
class DgtClockDisplay final : public ClockDisplay {
 public:
  // `left_side`: the colour of the player on the clock's left.
  DgtClockDisplay(SerialLink& link, core::Color left_side);
  void show(const core::ClockReading& reading, ClockShowReason why) override;
  std::optional<core::ClockInstant> next_update(const core::ClockReading& reading) override;
  const std::string& last_error() const { return last_error_; }

 private:
  void send(const std::vector<std::uint8_t>& bytes);
  SerialLink& link_;
  core::Color left_side_;
  std::array<bool, 2> flag_shown_{};
  std::string last_error_;
};

}  // namespace annabella::tactile
