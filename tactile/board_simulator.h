// BoardSimulator: a board on the far end of a pseudo-terminal, for demonstrations, tests and
// benchmarks. It speaks the DGT e-board protocol (docs/dgt-board.md) or the open peg protocol
// (docs/peg-protocol.md) exactly as a board does: it answers the handshake, full-scan requests
// and board dumps from its own thread, and sends a lift or placement the moment one happens.
//
// Two levels of use:
//   - physical actions, one at a time: lift(e2), place(e4), press(Announce) (the stdin commands
//     of `annabella board-sim`);
//   - play(move): a legal move of the simulated game as the event sequence a hand makes, with
//     pauses at the chosen speed: captures with the captured piece removed first or last (and a
//     DGT board's scan order, where the new piece is reported on the captured square before the
//     origin empties), castling king first (Art. 4.4) or rook first, en passant, promotions (a DGT
//     board shows the new piece; a peg board's player presses a promotion button), and the fumbles
//     real hands make: a piece slid on through a square on its way, sensor bounce when a peg is
//     lifted, a piece put on a wrong square and then corrected. pick_style() chooses them
//     deterministically (seeded) at the rates in SimulatorHabits.
//
// unplug() hangs the pty up (a reader sees the device vanish, as with a USB cable pulled) and
// replug() makes a new one behind the same link path. The physical board survives both: pegs
// moved while unplugged are seen in the full scan after the reader reconnects.
//
// Thread-safety: every member may be called from any thread; play() and the pauses run in the
// caller's thread.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>

#include "core/position.h"
#include "core/result.h"
#include "tactile/board_input.h"
#include "tactile/board_protocol.h"

namespace annabella::tactile {

// How fast the simulated hand is. The pauses are divided by `speed`; speed 0 means no pauses
// at all (every event of a move written back to back).
struct SimulatorPace {
  double speed = 1.0;
  std::chrono::milliseconds hand{350};     // between the actions of one move
  std::chrono::milliseconds think{1200};   // before each move of a game (think())
  std::chrono::milliseconds rest{500};     // a slid or misplaced piece rests before it moves on
  std::chrono::microseconds bounce{2000};  // a bouncing sensor's flicker (never scaled)
};

// How often the simulated player fumbles (0..1 each), chosen by a seeded generator.
struct SimulatorHabits {
  double slide = 0.15;         // a long move slid on through a square on its way
  double wrong_square = 0.05;  // placed next to the target first, then corrected
  double bounce = 0.2;         // the origin's sensor flickers before the lift
  std::uint32_t seed = 1;
  // Castling begun with the rook. 0 by default: a station announcing each completed move makes
  // the rook's move once it settles (Art. 4.4.2), so a hand with this habit must be quick.
  double rook_first = 0;
};

// How one move is executed on the board.
struct MoveStyle {
  enum class Capture : std::uint8_t {
    CapturedFirst,   // the captured piece taken off, then the capturing piece moved
    CapturingFirst,  // the capturing piece lifted first (en passant: placed before the removal)
    ScanOrder,       // DGT only: the new piece reported on the captured square, then the
                     // origin empty, with no lift of the captured piece in between
  };
  Capture capture = Capture::CapturedFirst;
  core::Square slide_via = core::SQ_NONE;     // placed here first, then slid on to the target
  core::Square wrong_square = core::SQ_NONE;  // placed here first by mistake, then corrected
  bool bounce = false;                        // the origin's sensor flickers before the lift
  bool castling_rook_first = false;           // castling begun with the rook (Art. 4.4.2)
};

struct BoardSimulatorSettings {
  ProtocolKind protocol = ProtocolKind::Dgt;
  std::filesystem::path link;          // a symlink made to the pty (empty: none)
  std::string name = "annabella-sim";  // the peg handshake's board name
  // The highest peg protocol version the board speaks: 3 has the push-to-talk button, 2 the menu
  // buttons, 1 is a board built before them (docs/peg-protocol.md, "Versioning").
  int peg_version = 3;
  core::Position start{};  // what stands on the board at first
  SimulatorPace pace{};
  SimulatorHabits habits{};
};

class BoardSimulator {
 public:
  // Creates the pty (and the link) and starts answering the host.
  static Result<std::unique_ptr<BoardSimulator>> create(BoardSimulatorSettings settings);
  ~BoardSimulator();
  BoardSimulator(const BoardSimulator&) = delete;
  BoardSimulator& operator=(const BoardSimulator&) = delete;

  // "/dev/pts/N" (a new one after replug()); empty while unplugged.
  std::string device() const;
  ProtocolKind protocol() const { return settings_.protocol; }

  // Physical actions. Each changes the board and sends what the board would (nothing while
  // unplugged or, on a DGT board, before the host asked for updates). Errors say why the hand
  // cannot do it: lifting from an empty square, placing onto an occupied one, placing from an
  // empty hand without naming the piece.
  Status lift(core::Square square);
  // Places `piece`, or (NO_PIECE) the piece lifted last.
  Status place(core::Square square, core::Piece piece = core::NO_PIECE);
  // A button; fails for a button the board's peg version has not got, or one the version agreed
  // with the host has not (a version 2 board talking to a version 1 host sends no menu key).
  Status press(BoardButton button);

  // The game the simulator plays (moves played with play()).
  core::Position position() const;
  // Plays a legal move of position() as a hand does it, with pauses at the chosen speed.
  // The error names the move if it is not legal here.
  Status play(core::Move move, const MoveStyle& style);
  Status play(core::Move move) { return play(move, pick_style(move)); }
  // The hand has already made `move` by physical actions (lift() and place(), a wrong square
  // corrected, say); the simulated game follows it. Fails, changing nothing, when the move is
  // not legal in position() or the board does not show the position after it.
  Status follow(core::Move move);
  // A style for `move` drawn from the habits (capture orders alternate).
  MoveStyle pick_style(core::Move move);
  // Waits the pace's thinking time (at the chosen speed).
  void think() const;

  // Waits until the host has asked for the whole board (handshake done) since the last plug-in;
  // false if `timeout` passed first.
  bool wait_for_host(std::chrono::milliseconds timeout) const;

  // Hangs the pty up (the host sees the device vanish) / makes a new one behind the link.
  void unplug();
  Status replug();
  bool plugged() const;

  // DGT: clock messages the host sent for a DGT3000 (no clock is connected to the simulated
  // board; they are counted and skipped).
  int clock_messages() const;

  // What stands on the board (a1 = 0).
  std::array<core::Piece, 64> board() const;

 private:
  explicit BoardSimulator(BoardSimulatorSettings settings);
  struct State;
  struct Hand;
  class HostCommands;
  void respond();  // the host-facing thread
  void pause(std::chrono::milliseconds base) const;

  BoardSimulatorSettings settings_;
  std::unique_ptr<State> state_;
};

}  // namespace annabella::tactile
