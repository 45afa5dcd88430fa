// BoardProtocol: one board protocol as the host speaks it (DGT e-board, or the open peg protocol
// of docs/peg-protocol.md). A protocol object is a decoder with state; it does no I/O itself: the
// reader (tactile/board_reader.h) sends what it asks to send and feeds it what arrives.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "tactile/board_input.h"
#include "tactile/serial_link.h"

namespace annabella::tactile {

enum class ProtocolKind : std::uint8_t { Dgt, Peg };
// "dgt" / "peg"
std::string_view protocol_name(ProtocolKind kind);
std::optional<ProtocolKind> parse_protocol(std::string_view name);

class BoardProtocol {
 public:
  virtual ~BoardProtocol() = default;
  virtual ProtocolKind kind() const = 0;
  virtual LineSettings line_settings() const = 0;
  // Whether the board reports which piece stands where (DGT) or only occupancy (peg boards).
  virtual bool identifies_pieces() const = 0;
  // What to send after (re)connecting: the handshake and a full-scan request. Resets the decoder.
  virtual std::vector<std::uint8_t> connect_bytes() = 0;
  // What to send to have the whole board read again (a DGT board dump, a peg SCAN).
  virtual std::vector<std::uint8_t> scan_request() const = 0;
  // Decodes bytes received at `time`, appending inputs to `out`; appends to `reply` anything the
  // host must send back now (a full-scan request after a lost line). Never throws, never fails:
  // garbage is counted and reported once per run (BoardInput::Kind::Garbage).
  virtual void decode(std::span<const std::uint8_t> bytes, TimePoint time,
                      std::vector<BoardInput>& out, std::vector<std::uint8_t>& reply) = 0;
  virtual const DecoderStats& stats() const = 0;
};

std::unique_ptr<BoardProtocol> make_protocol(ProtocolKind kind);

}  // namespace annabella::tactile
