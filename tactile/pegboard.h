// Pegboard: gives the board's lifts and placements their meaning under the Laws.
//
//   Touched (D.2.2)   a peg taken out of its securing aperture: piece, square, time. Lifting and
//                     putting back into the same hole is a touch without a move; touching an
//                     opponent's piece is recorded too. Every touch goes into the touch log, the
//                     evidence for touch-move questions (Art. 4.3, 4.4).
//   MoveCompleted     the board settled on the position after a legal move: for a capture the
//                     captured piece was removed (D.2.3 (1)), a piece was placed into a different
//                     aperture (D.2.3 (2)). Captures in either order, en passant, castling king
//                     first (Art. 4.4), promotions (a piece-identifying board shows the piece; an
//                     occupancy-only board needs it from the announcement, a board button or
//                     the assistant: set_promotion()).
//   MoveMade          D.2.3 (3): the completed move was announced. The recogniser does not decide
//                     that alone: the station calls announce() (after speaking it, or when the
//                     player presses the board's announce button, which the recogniser handles
//                     itself), or auto_announce makes every completed move made at once, or
//                     made_by_reply makes it made when the other side touches a piece.
//                     Until a move is made, a piece that slides on replaces it (a new
//                     MoveCompleted with `replaces` set); putting it back retracts it.
//
// Single-threaded and deterministic: time is passed in with every input (the time the board
// said it), and timers (settle, touch debounce, out-of-sync grace) fire from tick(now); the
// caller asks next_deadline() when to call it. Nothing illegal ever changes position().
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/correction.h"
#include "core/position.h"
#include "tactile/board_input.h"

namespace annabella::tactile {

struct PegboardSettings {
  // Quiet time after the last change before the board is judged. 250 ms: a DGT board needs one
  // full scan (200-250 ms) to report a change, so a capture's second update can lag the first
  // by that much; a hand sliding a piece on takes longer than that between squares. The peg
  // firmware debounces its sensors itself (docs/peg-protocol.md).
  std::chrono::milliseconds settle{250};
  // A lift followed by a put-back into the same hole within this time is sensor bounce, not a
  // touch (D.2.2 counts a peg taken out of its aperture, not a contact flickering).
  std::chrono::milliseconds bounce{30};
  // An unexplained position gets one correction hint after this long (not on every repeat).
  std::chrono::milliseconds out_of_sync_grace{3000};
  // Every completed move counts as announced at once (D.2.3 (3) done by the station itself).
  bool auto_announce = false;
  // A completed move counts as made as soon as a piece of the other side is touched that the
  // moved piece could not capture instead (no legal move from its origin to that square): the
  // reply has begun, so the move must have been announced. For following a game that no
  // station announces (`annabella board watch`); a station announces instead.
  bool made_by_reply = false;
};

struct TouchRecord {
  TimePoint time{};
  core::Square square = core::SQ_NONE;
  core::Piece piece = core::NO_PIECE;  // NO_PIECE if the board could not tell
  int ply = 0;                         // the game ply (position().game_ply()) when touched
  bool own_piece = false;              // a piece of the side to move (else the opponent's)
  bool put_back = false;               // placed back into the same aperture: no move (D.2.2)
};

struct PegboardEvent {
  enum class Kind {
    Touched,          // D.2.2 (square, piece, own_piece)
    Placed,           // a peg put into an aperture (square, piece if known)
    Removed,          // a captured piece taken off the board, D.2.3 (1) (square, piece)
    MoveCompleted,    // move (and `replaces`, the slid move it replaces) completed on the board
    MoveRetracted,    // the not yet made move `move` was undone on the board
    MoveMade,         // D.2.3 (3): move announced; position() now includes it
    PromotionNeeded,  // occupancy-only board: which piece? (D.2.1: the announcement names it)
    Illegal,          // detail says what is wrong; nothing enters the record
    OutOfSync,        // unexplained position after the grace period; hints say how to fix it
                      // (pieces of the side to move held in hand, and a captured piece taken
                      // off first, are a move under way: never out of sync, D.2.2, Art. 4.3)
    InSync,           // the board agrees with the game again
    Disconnected,     // the board went away (detail: why)
    Connected,        // first full scan after connecting; hints = differences from the game
    Reconnected,      // first full scan after a reconnection; hints = differences
    Button,           // a board button (button)
    Info,             // a protocol remark (detail): garbage skipped, board turned round...
  };
  Kind kind = Kind::Info;
  TimePoint time{};
  core::Square square = core::SQ_NONE;
  core::Piece piece = core::NO_PIECE;
  bool own_piece = false;
  core::Move move = core::Move::none();
  core::Move replaces = core::Move::none();
  BoardButton button = BoardButton::Announce;
  std::vector<core::CorrectionStep> hints;
  std::string detail;
};

// "touched e2 white pawn", "made e2e4", "out of sync: remove white pawn e4; ..." (English; for
// logs, board watch and tests).
std::string describe(const PegboardEvent& event);

class Pegboard {
 public:
  explicit Pegboard(const core::Position& position, PegboardSettings settings = {});

  // One input from the board (in time order). Appends what it means to `out`.
  void feed(const BoardInput& input, std::vector<PegboardEvent>& out);
  // Fires the timers that are due at `now`.
  void tick(TimePoint now, std::vector<PegboardEvent>& out);
  // When tick() has something to do next; nullopt when nothing is waiting.
  std::optional<TimePoint> next_deadline() const;

  // D.2.3 (3): the completed move was announced: it is made (MoveMade) and position() moves on.
  // Does nothing when no move is completed.
  void announce(TimePoint now, std::vector<PegboardEvent>& out);
  // The piece an occupancy-only board's pawn promotes to (from the announcement, D.2.1).
  void set_promotion(core::PieceType piece, TimePoint now, std::vector<PegboardEvent>& out);
  // The opponent's announced move that the player executes on this board (D.2.1): only it may
  // complete, and the first placement that does not fit it is reported at once. When it is
  // completed, position() moves on without an announcement (it was announced already).
  void expect_move(core::Move move);
  // The game's position changed elsewhere (new game, take-back, arbiter's correction): forget
  // any completed move, judge the board against it.
  void set_position(const core::Position& position, TimePoint now, std::vector<PegboardEvent>& out);

  // The game's position (moves made so far).
  const core::Position& position() const { return position_; }
  // The move completed on the board but not yet made.
  std::optional<core::Move> completed_move() const { return pending_; }
  const std::vector<TouchRecord>& touch_log() const { return touch_log_; }
  // No unexplained board is waiting for its grace period (a move under way in the hand is not
  // unexplained).
  bool in_sync() const { return !unexplained_since_.has_value(); }
  bool rotated() const { return rotated_; }
  // What the board shows as the recogniser understands it (identities guessed from the game's
  // history on an occupancy-only board).
  const std::array<core::Piece, 64>& board() const { return board_; }
  core::Bitboard occupied() const { return occupied_; }

 private:
  struct InHand {
    core::Piece piece = core::NO_PIECE;
    core::Square from = core::SQ_NONE;    // the hole it was lifted from
    core::Square origin = core::SQ_NONE;  // where it stood in the judged position (a piece
                                          // slid on or corrected keeps its origin)
    TimePoint time{};
    bool touch_reported = false;
    std::optional<std::size_t> log_index;  // its touch record; none when the lift was unseen
  };
  void lift(core::Square square, TimePoint time, std::vector<PegboardEvent>& out);
  void place(core::Square square, core::Piece piece, TimePoint time,
             std::vector<PegboardEvent>& out);
  void apply_scan(const BoardInput& input, std::vector<PegboardEvent>& out);
  void report_touches(TimePoint now, std::vector<PegboardEvent>& out);
  void report_touch(InHand& held, std::vector<PegboardEvent>& out);
  void check_expected_placement(core::Square square, core::Piece piece, core::Square from,
                                TimePoint time, std::vector<PegboardEvent>& out);
  void changed(TimePoint time);
  void judge(TimePoint now, std::vector<PegboardEvent>& out);
  void complete(core::Move move, TimePoint now, std::vector<PegboardEvent>& out);
  void make(TimePoint now, std::vector<PegboardEvent>& out);
  bool shows(const core::Position& pos) const;
  bool only_held(const core::Position& reference, bool capture_allowed) const;
  void report_unexplained(TimePoint now, std::vector<PegboardEvent>& out);
  std::vector<core::CorrectionStep> hints_towards(const core::Position& target) const;
  const core::Position& target() const {
    return pending_position_ ? *pending_position_ : position_;
  }
  void sync_to(const core::Position& pos);
  std::uint64_t board_signature() const;

  PegboardSettings settings_;
  core::Position position_;
  std::optional<core::Move> pending_;
  std::optional<core::Position> pending_position_;
  std::optional<core::Move> expected_;
  bool expected_misplaced_reported_ = false;
  std::optional<core::PieceType> promotion_;
  bool promotion_asked_ = false;

  bool identifies_pieces_ = false;
  bool rotated_ = false;
  std::array<core::Piece, 64> board_{};
  std::array<core::Square, 64> origin_{};  // for a peg placed since the last match: its origin
  core::Bitboard occupied_ = 0;
  core::Bitboard placed_since_sync_ = 0;  // holes that received a peg since the last match
  std::vector<InHand> in_hand_;
  std::vector<TouchRecord> touch_log_;

  std::optional<TimePoint> judge_at_;
  std::optional<TimePoint> unexplained_since_;
  std::vector<std::uint64_t> hinted_;   // board states already hinted since last in sync
  std::uint64_t illegal_reported_ = 0;  // board state last reported illegal
  std::uint64_t last_unexplained_ = 0;  // board state the grace period runs for
  bool connected_before_ = false;
  bool awaiting_scan_ = true;
};

}  // namespace annabella::tactile
