// The DGT e-board protocol: framing with resynchronisation, interpretation, and the board side.
#include "tactile/dgt_protocol.h"

#include <string>

namespace annabella::tactile {

namespace dgt {
namespace {

using core::Piece;

constexpr Piece kCodeToPiece[13] = {core::NO_PIECE, core::W_PAWN,   core::W_ROOK,   core::W_KNIGHT,
                                    core::W_BISHOP, core::W_KING,   core::W_QUEEN,  core::B_PAWN,
                                    core::B_ROOK,   core::B_KNIGHT, core::B_BISHOP, core::B_KING,
                                    core::B_QUEEN};

// The total length (header included) a known message id must have; 0 = any plausible length.
std::size_t expected_length(std::uint8_t id) {
  switch (id) {
    case kBoardDump:
      return 67;
    case kFieldUpdate:
      return 5;
    case kClockTime:
      return 10;
    case kSerialNumber:
      return 8;
    case kVersion:
      return 5;
    case kLongSerialNumber:
      return 13;
    default:
      return 0;
  }
}

constexpr std::size_t kMaxLength = 1024;

std::vector<std::uint8_t> header(std::uint8_t id, std::size_t total) {
  return {id, static_cast<std::uint8_t>((total >> 7) & 0x7F),
          static_cast<std::uint8_t>(total & 0x7F)};
}

}  // namespace

std::optional<core::Piece> to_piece(std::uint8_t code) {
  if (code > 12) return std::nullopt;
  return kCodeToPiece[code];
}

std::uint8_t to_code(core::Piece piece) {
  for (std::uint8_t code = 0; code <= 12; ++code)
    if (kCodeToPiece[code] == piece) return code;
  return 0;
}

void Framer::reset() {
  partial_.clear();
  total_ = 0;
  in_garbage_ = false;
}

void Framer::drop(DecoderStats& stats) {
  ++stats.bad_messages;
  stats.garbage_bytes += partial_.size();
  partial_.clear();
  total_ = 0;
  in_garbage_ = true;
}

bool Framer::feed(std::uint8_t byte, DecoderStats& stats) {
  if (byte & 0x80) {
    // A header byte always starts a message: an unfinished one is dropped (resynchronisation).
    if (!partial_.empty()) drop(stats);
    partial_.push_back(byte);
    return false;
  }
  if (partial_.empty()) {
    ++stats.garbage_bytes;
    in_garbage_ = true;
    return false;
  }
  partial_.push_back(byte);
  if (partial_.size() == 3) {
    total_ = (std::size_t{partial_[1]} << 7) | partial_[2];
    const std::size_t expected = expected_length(partial_[0]);
    if (total_ < 3 || total_ > kMaxLength || (expected != 0 && total_ != expected)) {
      drop(stats);
      return false;
    }
  }
  if (partial_.size() < 3 || partial_.size() < total_) return false;
  message_.id = partial_[0];
  message_.data.assign(partial_.begin() + 3, partial_.end());
  partial_.clear();
  total_ = 0;
  in_garbage_ = false;
  ++stats.messages;
  return true;
}

std::vector<std::uint8_t> encode_board_dump(const std::array<core::Piece, 64>& by_square) {
  auto bytes = header(kBoardDump, 67);
  for (int index = 0; index < 64; ++index) bytes.push_back(to_code(by_square[to_square(index)]));
  return bytes;
}

std::vector<std::uint8_t> encode_field_update(core::Square square, core::Piece piece) {
  auto bytes = header(kFieldUpdate, 5);
  bytes.push_back(static_cast<std::uint8_t>(to_index(square)));
  bytes.push_back(to_code(piece));
  return bytes;
}

std::vector<std::uint8_t> encode_version(Version version) {
  auto bytes = header(kVersion, 5);
  bytes.push_back(version.major & 0x7F);
  bytes.push_back(version.minor & 0x7F);
  return bytes;
}

std::vector<std::uint8_t> encode_serial_number(std::string_view five_digits) {
  auto bytes = header(kSerialNumber, 8);
  for (std::size_t i = 0; i < 5; ++i)
    bytes.push_back(i < five_digits.size() ? static_cast<std::uint8_t>(five_digits[i] & 0x7F)
                                           : '0');
  return bytes;
}

}  // namespace dgt

std::vector<std::uint8_t> DgtProtocol::connect_bytes() {
  framer_.reset();
  garbage_reported_ = false;
  return {dgt::kReset, dgt::kSendFieldUpdates, dgt::kSendBoard};
}

// Nothing to reply: a DGT board resends nothing on request; a lost update shows in the next dump.
void DgtProtocol::decode(std::span<const std::uint8_t> bytes, TimePoint time,
                         std::vector<BoardInput>& out, std::vector<std::uint8_t>& /*reply*/) {
  for (const std::uint8_t byte : bytes) {
    const bool complete = framer_.feed(byte, stats_);
    if (framer_.in_garbage() && !garbage_reported_) {
      garbage_reported_ = true;
      BoardInput input;
      input.kind = BoardInput::Kind::Garbage;
      input.time = time;
      input.remark = BoardRemark::Unreadable;
      input.detail =
          "DGT: bytes that are no message were skipped (resynchronising on the next "
          "header byte)";
      out.push_back(std::move(input));
    }
    if (complete) {
      garbage_reported_ = false;
      interpret(framer_.message(), time, out);
    }
  }
}

void DgtProtocol::interpret(const dgt::Message& message, TimePoint time,
                            std::vector<BoardInput>& out) {
  BoardInput input;
  input.time = time;
  switch (message.id) {
    case dgt::kFieldUpdate: {
      const auto piece = dgt::to_piece(message.data[1]);
      if (message.data[0] >= 64 || !piece) {
        ++stats_.bad_messages;
        return;
      }
      input.square = dgt::to_square(message.data[0]);
      input.kind = *piece == core::NO_PIECE ? BoardInput::Kind::Lift : BoardInput::Kind::Place;
      input.piece = *piece;
      out.push_back(std::move(input));
      return;
    }
    case dgt::kBoardDump: {
      input.kind = BoardInput::Kind::Scan;
      input.scan.identifies_pieces = true;
      for (int index = 0; index < 64; ++index) {
        const auto piece = dgt::to_piece(message.data[static_cast<std::size_t>(index)]);
        if (!piece) {
          ++stats_.bad_messages;
          return;
        }
        const core::Square s = dgt::to_square(index);
        input.scan.pieces[s] = *piece;
        if (*piece != core::NO_PIECE) input.scan.occupied |= core::square_bb(s);
      }
      out.push_back(std::move(input));
      return;
    }
    case dgt::kVersion:
      input.kind = BoardInput::Kind::Info;
      input.remark = BoardRemark::DgtVersion;
      input.said = std::to_string(message.data[0]) + "." + std::to_string(message.data[1]);
      input.detail = "DGT board version " + input.said;
      out.push_back(std::move(input));
      return;
    default:
      ++stats_.other_messages;
      return;  // clock, serial number...: counted, ignored
  }
}

}  // namespace annabella::tactile
