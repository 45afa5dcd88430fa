// BoardInput: what a board said, in protocol-neutral terms, with the time it was received.
//
// The protocol decoders (tactile/dgt_protocol.h, tactile/peg_protocol.h) turn bytes into these;
// the device thread (tactile/board_reader.h) pushes them to the game thread, where the Pegboard
// recogniser (tactile/pegboard.h) gives them their meaning under the Laws (D.2.2, D.2.3).
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <string>

#include "core/types.h"

namespace annabella::tactile {

using SteadyClock = std::chrono::steady_clock;
using TimePoint = SteadyClock::time_point;

// The buttons an open-protocol pegboard may have (docs/peg-protocol.md).
enum class BoardButton : std::uint8_t {
  Announce,  // announce / confirm the move just completed (D.2.3 (3))
  Time,      // ask for the clocks' times (D.2.6)
  Repeat,    // repeat the last move
  PromoteQueen,
  PromoteRook,
  PromoteBishop,
  PromoteKnight,
  // Peg protocol version 2: the keys of the player's own menu (app/player_menu.h).
  Menu,      // open the menu (in it: say the line again)
  Next,      // the next item
  Previous,  // the item before
  Select,    // enter, carry out, or ask to confirm
  Back,      // up one level; at the top, close
  Confirm,   // carry out what the menu asked about; used for nothing else
  // Peg protocol version 3: push-to-talk for voice input (voice.push_to_talk), held and released.
  Talk,     // held down: the microphone listens
  TalkEnd,  // released: what was said is heard now
};
inline constexpr BoardButton kBoardButtons[] = {
    BoardButton::Announce,      BoardButton::Time,        BoardButton::Repeat,
    BoardButton::PromoteQueen,  BoardButton::PromoteRook, BoardButton::PromoteBishop,
    BoardButton::PromoteKnight, BoardButton::Menu,        BoardButton::Next,
    BoardButton::Previous,      BoardButton::Select,      BoardButton::Back,
    BoardButton::Confirm,       BoardButton::Talk,        BoardButton::TalkEnd};
std::string_view button_name(BoardButton button);
// The lowest peg protocol version that has the button: 1, or 2 for the menu keys.
[[nodiscard]] int button_version(BoardButton button);

// What stands on the 64 apertures. A piece-identifying board (DGT) fills `pieces`; an
// occupancy-only board (reed/hall sensors) fills `occupied` only (pieces are then NO_PIECE).
struct BoardScan {
  bool identifies_pieces = false;
  std::array<core::Piece, 64> pieces{};  // by core::Square (a1 = 0)
  core::Bitboard occupied = 0;

  friend bool operator==(const BoardScan&, const BoardScan&) = default;
};

// What a board's link or protocol remarks (BoardInput and PegboardEvent of kind Info or
// Garbage), typed for the application to word; `said` holds the device's own words, `detail` the
// whole remark in English for logs, `board watch` and tests.
enum class BoardRemark : std::uint8_t {
  Other,            // detail only
  LinkOpen,         // the device is open (said: the device); the full scan is awaited
  Unreadable,       // a line or bytes that are no message were skipped; the board is re-read
  LineLost,         // an event line was lost (a gap in the sequence); the board is re-read
  Hello,            // the peg board greets (said: its version, name and buttons)
  HelloOddVersion,  // the same with a version other than 1, 2 or 3: read as version 1
  BoardError,       // the peg board could not read a host line (said: its text)
  DgtVersion,       // the DGT board's version (said: "major.minor")
  Turned,           // the board is turned round (a1 at the far right): squares are read rotated
  Upright,          // the board is the right way round again
};

struct BoardInput {
  enum class Kind : std::uint8_t {
    Lift,          // a peg left `square` (D.2.2)
    Place,         // a peg went into `square`; `piece` when the board identifies pieces
    Scan,          // the whole board (`scan`), after a request or a reconnection
    Button,        // a board button (`button`)
    Connected,     // the device is open and the handshake was sent (`detail` = device)
    Disconnected,  // the device went away (`detail` = why)
    Garbage,       // bytes that are no message; reported once per run of garbage
    Info,          // a protocol fact worth a log line (handshake reply, version, lost line)
  };
  Kind kind = Kind::Info;
  TimePoint time{};
  core::Square square = core::SQ_NONE;
  core::Piece piece = core::NO_PIECE;
  BoardButton button = BoardButton::Announce;
  BoardScan scan{};
  BoardRemark remark = BoardRemark::Other;  // Info, Garbage
  std::string said;                         // Info: the device's own words (see BoardRemark)
  std::string detail;
};

// Counts kept by each decoder (fuzzing and diagnosis).
struct DecoderStats {
  std::uint64_t messages = 0;        // well-formed messages decoded
  std::uint64_t garbage_bytes = 0;   // bytes outside any well-formed message
  std::uint64_t bad_messages = 0;    // messages dropped (bad checksum, bad length, bad field)
  std::uint64_t other_messages = 0;  // well-formed but not about the pieces (counted, ignored)
};

}  // namespace annabella::tactile
