// The open peg protocol for occupancy-only sensor pegboards (docs/peg-protocol.md is the
// specification; this is its reference implementation, host side and board side).
//
// Lines of printable ASCII: BODY "*" CC LF, CC = CRC-8/SMBUS (polynomial 0x07, initial value 0,
// no reflection, no final XOR) of BODY as two upper-case hex digits.
//
// Board -> host:
//   PEG <version> <name> <buttons>   handshake reply (and at power-up)
//   L <seq> <square>                 a peg left a square (seq: 2 hex digits, +1 per event)
//   P <seq> <square>                 a peg went into a square
//   B <seq> <button>                 ANNOUNCE TIME REPEAT PROMOTE-Q PROMOTE-R PROMOTE-B PROMOTE-N;
//                                    version 2 also MENU NEXT PREV SELECT BACK CONFIRM;
//                                    version 3 also TALK (held) and TALK-END (released)
//   S <seq> <16 hex digits>          full scan: ranks 1..8, two digits a rank, bit 0 = file a
//   E <text>                         the board could not read a host line
// Host -> board: HELLO <max-version>, SCAN.
//
// Versions: the host sends the highest it speaks (3); the board answers PEG with the one it will
// speak, at most that. Version 2 adds the menu buttons, version 3 the push-to-talk button; a
// board never sends a button of a later version than the one agreed, and a host reads one from
// it as a malformed line, exactly as an older host did.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/types.h"
#include "tactile/board_protocol.h"

namespace annabella::tactile {

namespace peg {
inline constexpr int kVersion = 3;           // the highest version this implementation speaks
inline constexpr std::size_t kMaxLine = 96;  // characters before CR LF; longer lines are garbage
// A SCAN still unanswered after this long is sent again when the next line needs the board
// read (docs/peg-protocol.md, "Resynchronisation"); the time is the lines' receive time.
inline constexpr std::chrono::milliseconds kScanRetry{1000};

// CRC-8/SMBUS: polynomial 0x07, initial 0x00, no reflection, no final XOR.
std::uint8_t crc8(std::string_view body);
// BODY "*" CC "\n"
std::string frame(std::string_view body);
// The body of a framed line (without CR/LF); nullopt if the checksum or the form is wrong.
std::optional<std::string_view> unframe(std::string_view line);
// Two upper-case hex digits and back (sequence numbers, checksums).
std::string hex2(std::uint8_t value);
std::optional<std::uint8_t> parse_hex2(std::string_view text);
// The fields of a body, split on single spaces (an empty field marks a malformed line).
std::vector<std::string_view> tokens_of(std::string_view body);

// Occupancy as 16 hex digits (rank 1 first, bit 0 = file a) and back.
std::string occupancy_hex(core::Bitboard occupied);
std::optional<core::Bitboard> parse_occupancy(std::string_view hex);

std::string_view button_token(BoardButton button);
// A button token of protocol `version` (the menu buttons from version 2 on).
std::optional<BoardButton> parse_button(std::string_view token, int version = kVersion);
// Every button a board of `version` may have, as its PEG line lists them: "ANNOUNCE,TIME,...",
// and in version 2 ",MENU" for the six menu keys together.
std::string all_buttons(int version);

// Splits a byte stream into lines (LF-terminated, CR dropped); over-long lines and bytes outside
// printable ASCII make the line bad.
class LineSplitter {
 public:
  enum class Outcome { None, Line, BadLine };
  Outcome feed(std::uint8_t byte);
  const std::string& line() const { return line_; }
  void reset();
  // Feeds `bytes`, checking each line's frame: calls on_body(body) for every good line and
  // on_bad(why, garbage_bytes) for every unreadable one (the framing every line protocol of
  // annabella shares: the peg protocol, the tactile clock).
  template <class OnBody, class OnBad>
  void feed_framed(std::span<const std::uint8_t> bytes, OnBody&& on_body, OnBad&& on_bad) {
    for (const std::uint8_t byte : bytes) {
      switch (feed(byte)) {
        case Outcome::None:
          break;
        case Outcome::BadLine:
          on_bad(std::string_view("an unreadable line (too long or not printable ASCII)"),
                 std::size_t{1});
          break;
        case Outcome::Line:
          if (const auto body = unframe(line_))
            on_body(*body);
          else
            on_bad(std::string_view("a line with a wrong checksum or form"), line_.size());
          reset();
          break;
      }
    }
  }

 private:
  std::string line_;
  bool bad_ = false;
};

// Board side (simulator, firmware tests): the lines a pegboard sends.
std::string encode_hello(std::string_view name, std::string_view buttons, int version = kVersion);
std::string encode_lift(std::uint8_t seq, core::Square square);
std::string encode_place(std::uint8_t seq, core::Square square);
std::string encode_button(std::uint8_t seq, BoardButton button);
std::string encode_scan(std::uint8_t seq, core::Bitboard occupied);

// Host side requests.
std::string encode_host_hello(int max_version = kVersion);
std::string encode_scan_request();
}  // namespace peg

// The host side of the peg protocol as a BoardProtocol.
class PegProtocol final : public BoardProtocol {
 public:
  ProtocolKind kind() const override { return ProtocolKind::Peg; }
  // 115200 baud 8N1 (USB CDC boards ignore the rate; UART/Bluetooth modules must match).
  LineSettings line_settings() const override { return LineSettings{115200, 8, Parity::None, 1}; }
  bool identifies_pieces() const override { return false; }
  // HELLO then SCAN.
  std::vector<std::uint8_t> connect_bytes() override;
  std::vector<std::uint8_t> scan_request() const override;
  void decode(std::span<const std::uint8_t> bytes, TimePoint time, std::vector<BoardInput>& out,
              std::vector<std::uint8_t>& reply) override;
  const DecoderStats& stats() const override { return stats_; }
  // The version the board said it speaks in its PEG line (1 until it has said one).
  [[nodiscard]] int version() const { return version_; }

 private:
  // One line being interpreted: its body, fields, receive time and where its results go.
  struct Line {
    std::string_view body;
    const std::vector<std::string_view>& tokens;
    TimePoint time;
    std::vector<BoardInput>& out;
    std::vector<std::uint8_t>& reply;
  };
  void interpret(std::string_view body, TimePoint time, std::vector<BoardInput>& out,
                 std::vector<std::uint8_t>& reply);
  void on_scan(const Line& line);
  void on_event(const Line& line);
  void on_hello(const Line& line);
  void on_error(const Line& line);
  bool in_sequence(std::uint8_t seq, const Line& line);
  void malformed(const Line& line);
  void good_message();
  void bad_line(TimePoint time, std::vector<BoardInput>& out, std::vector<std::uint8_t>& reply,
                std::string_view why);
  // Appends a SCAN to `reply` unless one is outstanding and younger than peg::kScanRetry at
  // `time` (a lost SCAN or S line is retried, never a timer: only a line arriving asks).
  void request_scan(TimePoint time, std::vector<std::uint8_t>& reply);
  peg::LineSplitter splitter_;
  DecoderStats stats_;
  std::optional<std::uint8_t> last_seq_;  // unknown until the first scan
  bool scan_outstanding_ = false;         // a SCAN was sent and no S line has come since
  std::optional<TimePoint> scan_sent_;    // when; none for connect_bytes() (time unknown)
  bool garbage_reported_ = false;
  int version_ = 1;
};

}  // namespace annabella::tactile
