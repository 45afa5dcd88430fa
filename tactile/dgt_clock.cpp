// DGT3000 clock frames through a DGT board.
#include "tactile/dgt_clock.h"

#include <algorithm>

#include "tactile/dgt_protocol.h"

namespace annabella::tactile {

namespace dgt {

namespace {

// Hours, minutes, seconds of a time on the clock's face.
std::array<std::uint8_t, 3> hms_bytes(core::ClockDuration time) {
  using namespace std::chrono;
  const long long total =
      std::clamp<long long>(duration_cast<seconds>(time).count(), 0, 9 * 3600 + 59 * 60 + 59);
  return {static_cast<std::uint8_t>(total / 3600), static_cast<std::uint8_t>(total / 60 % 60),
          static_cast<std::uint8_t>(total % 60)};
}

std::optional<int> from_bcd(std::uint8_t byte) {
  const int hi = byte >> 4, lo = byte & 0x0F;
  if (hi > 9 || lo > 9) return std::nullopt;
  return hi * 10 + lo;
}

std::uint8_t to_bcd(int value) {
  return static_cast<std::uint8_t>(((value / 10) << 4) | (value % 10));
}

std::optional<ClockFace> face(std::uint8_t d0, std::uint8_t d1, std::uint8_t d2) {
  const auto minutes = from_bcd(d1), seconds = from_bcd(d2);
  if (!minutes || !seconds) return std::nullopt;
  return ClockFace{d0 & 0x0F, *minutes, *seconds, (d0 & 0x10) != 0};
}

}  // namespace

std::vector<std::uint8_t> encode_clock_command(std::uint8_t command,
                                               std::span<const std::uint8_t> payload) {
  std::vector<std::uint8_t> frame = {kClockMessage, static_cast<std::uint8_t>(payload.size() + 3),
                                     kClockStartMessage, command};
  frame.reserve(payload.size() + 5);
  for (const std::uint8_t byte : payload) frame.push_back(byte);
  frame.push_back(kClockEndMessage);
  return frame;
}

std::vector<std::uint8_t> encode_set_and_run(const FaceTimes& times, std::uint8_t mode) {
  const auto l = hms_bytes(times.left), r = hms_bytes(times.right);
  const std::array<std::uint8_t, 7> payload = {l[0], l[1], l[2], r[0], r[1], r[2], mode};
  return encode_clock_command(kClockSetAndRun, payload);
}

std::vector<std::uint8_t> encode_clock_text(std::string_view text, std::uint8_t beep_64ms) {
  std::array<std::uint8_t, 9> payload{};
  for (std::size_t i = 0; i < 8; ++i) {
    const char c = i < text.size() ? text[i] : ' ';
    payload[i] = static_cast<std::uint8_t>(c >= 0x20 && c <= 0x7E ? c : '?');
  }
  payload[8] = beep_64ms;
  return encode_clock_command(kClockAscii, payload);
}

std::vector<std::uint8_t> encode_end_text() {
  return encode_clock_command(kClockEndDisplay, {});
}

std::vector<std::uint8_t> encode_beep(std::uint8_t units_64ms) {
  const std::array<std::uint8_t, 1> payload = {units_64ms};
  return encode_clock_command(kClockBeep, payload);
}

std::vector<std::uint8_t> encode_clock_version_request() {
  return encode_clock_command(kClockVersion, {});
}

std::optional<ClockReport> decode_clock_report(std::span<const std::uint8_t> data) {
  if (data.size() != 7) return std::nullopt;
  ClockReport report;
  std::copy(data.begin(), data.end(), report.data.begin());
  if ((data[0] & 0x0F) == 0x0A || (data[3] & 0x0F) == 0x0A) {
    report.acknowledgement = true;
    return report;
  }
  const auto right = face(data[0], data[1], data[2]);
  const auto left = face(data[3], data[4], data[5]);
  if (!right || !left) return std::nullopt;
  report.right = *right;
  report.left = *left;
  report.running = (data[6] & 0x01) != 0;
  report.lever = (data[6] & 0x02) != 0;
  report.battery_low = (data[6] & 0x04) != 0;
  report.no_clock = (data[6] & 0x20) != 0;
  return report;
}

std::array<std::uint8_t, 7> encode_clock_report(const ClockFace& left, const ClockFace& right,
                                                std::uint8_t status) {
  const auto hours = [](const ClockFace& f) {
    return static_cast<std::uint8_t>((f.hours & 0x0F) | (f.flag ? 0x10 : 0));
  };
  return {hours(right),
          to_bcd(right.minutes),
          to_bcd(right.seconds),
          hours(left),
          to_bcd(left.minutes),
          to_bcd(left.seconds),
          static_cast<std::uint8_t>(status & 0x7F)};
}

}  // namespace dgt

DgtClockDisplay::DgtClockDisplay(SerialLink& link, core::Color left_side)
    : link_(link), left_side_(left_side) {}

void DgtClockDisplay::send(const std::vector<std::uint8_t>& bytes) {
  if (auto ok = link_.write(bytes); !ok) last_error_ = ok.error().message;
}

void DgtClockDisplay::show(const core::ClockReading& reading, ClockShowReason why) {
  if (why != ClockShowReason::Event || !reading.timed) return;
  const core::Color right_side = ~left_side_;
  std::uint8_t mode = dgt::kPaused;
  if (reading.running == left_side_) mode = dgt::kLeftRuns;
  if (reading.running == right_side) mode = dgt::kRightRuns;
  send(dgt::encode_set_and_run(
      {.left = reading.remaining[left_side_], .right = reading.remaining[right_side]}, mode));
  for (const core::Color side : {core::WHITE, core::BLACK}) {
    const bool down = reading.remaining[side] <= core::ClockDuration::zero();
    if (down && !flag_shown_[side])
      send(dgt::encode_clock_text(side == core::WHITE ? "FLAG W" : "FLAG B", 8));  // Art. 6.9
    flag_shown_[side] = down;
  }
}

std::optional<core::ClockInstant> DgtClockDisplay::next_update(const core::ClockReading&) {
  return std::nullopt;  // the DGT3000 counts down by itself between events
}

}  // namespace annabella::tactile
