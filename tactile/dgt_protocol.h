// The DGT e-board protocol (facts: docs/dgt-board.md), host side and board side.
//
// Board -> host messages: a header byte with the top bit set (0x80 | id), two length bytes (total
// length including the header = b1 << 7 | b2), then data bytes with the top bit clear. A byte
// with the top bit set therefore always starts a message: the framer resynchronises on it.
// Squares: DGT numbers a8 = 0 ... h8 = 7, a7 = 8 ... h1 = 63 (it never renumbers when the board
// is turned round; the Pegboard detects rotation from a full scan).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "core/types.h"
#include "tactile/board_protocol.h"

namespace annabella::tactile {

namespace dgt {
// Host -> board commands (one byte). Never send 0x4E (bootloader) or 0x51/0x53/0x54 (EEPROM).
inline constexpr std::uint8_t kReset = 0x40;
inline constexpr std::uint8_t kSendClock = 0x41;
inline constexpr std::uint8_t kSendBoard = 0x42;
inline constexpr std::uint8_t kSendUpdates = 0x43;
inline constexpr std::uint8_t kSendFieldUpdates = 0x44;
inline constexpr std::uint8_t kSendSerialNumber = 0x45;
inline constexpr std::uint8_t kSendTrademark = 0x47;
inline constexpr std::uint8_t kSendUpdatesNice = 0x4B;
inline constexpr std::uint8_t kSendVersion = 0x4D;
inline constexpr std::uint8_t kClockMessage = 0x2B;
// Board -> host message ids (the header byte).
inline constexpr std::uint8_t kBoardDump = 0x86;
inline constexpr std::uint8_t kClockTime = 0x8D;
inline constexpr std::uint8_t kFieldUpdate = 0x8E;
inline constexpr std::uint8_t kSerialNumber = 0x91;
inline constexpr std::uint8_t kTrademark = 0x92;
inline constexpr std::uint8_t kVersion = 0x93;
inline constexpr std::uint8_t kLongSerialNumber = 0xA2;

// DGT square index (a8 = 0 ... h1 = 63) <-> core::Square (a1 = 0 ... h8 = 63).
constexpr core::Square to_square(int dgt_index) {
  return core::make_square(dgt_index % 8, 7 - dgt_index / 8);
}
constexpr int to_index(core::Square s) {
  return (7 - core::rank_of(s)) * 8 + core::file_of(s);
}
// DGT piece codes: 0 empty; 1..6 white pawn, rook, knight, bishop, king, queen; 7..12 black.
// nullopt for the special markers 13..15 and anything larger.
std::optional<core::Piece> to_piece(std::uint8_t code);
std::uint8_t to_code(core::Piece piece);

// One framed message: its id (header byte) and data bytes (after the three header bytes).
struct Message {
  std::uint8_t id = 0;
  std::vector<std::uint8_t> data;
};

// Splits a byte stream into messages, resynchronising on header bytes.
class Framer {
 public:
  // Feeds one byte; returns true when `message()` holds a complete message.
  bool feed(std::uint8_t byte, DecoderStats& stats);
  const Message& message() const { return message_; }
  // True from a garbage byte or dropped message until the next good message.
  bool in_garbage() const { return in_garbage_; }
  void reset();

 private:
  void drop(DecoderStats& stats);
  Message message_;
  std::vector<std::uint8_t> partial_;
  std::size_t total_ = 0;
  bool in_garbage_ = false;
};

// Board side (the simulator): the messages a DGT board sends.
std::vector<std::uint8_t> encode_board_dump(const std::array<core::Piece, 64>& by_square);
std::vector<std::uint8_t> encode_field_update(core::Square square, core::Piece piece);
struct Version {
  std::uint8_t major = 1;
  std::uint8_t minor = 0;
};
std::vector<std::uint8_t> encode_version(Version version);
std::vector<std::uint8_t> encode_serial_number(std::string_view five_digits);
}  // namespace dgt

// The host side of the DGT protocol as a BoardProtocol.
class DgtProtocol final : public BoardProtocol {
 public:
  ProtocolKind kind() const override { return ProtocolKind::Dgt; }
  // 9600 baud, 8 data bits, no parity, 1 stop bit, no flow control.
  LineSettings line_settings() const override { return LineSettings{}; }
  bool identifies_pieces() const override { return true; }
  // Reset to single-board idle, field updates on, then one board dump.
  std::vector<std::uint8_t> connect_bytes() override;
  std::vector<std::uint8_t> scan_request() const override { return {dgt::kSendBoard}; }
  void decode(std::span<const std::uint8_t> bytes, TimePoint time, std::vector<BoardInput>& out,
              std::vector<std::uint8_t>& reply) override;
  const DecoderStats& stats() const override { return stats_; }

 private:
  void interpret(const dgt::Message& message, TimePoint time, std::vector<BoardInput>& out);
  dgt::Framer framer_;
  DecoderStats stats_;
  bool garbage_reported_ = false;
};

}  // namespace annabella::tactile
