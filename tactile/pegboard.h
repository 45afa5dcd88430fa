// Pegboard: gives the board's lifts and placements their meaning under the Laws.
//
//   Touched (D.2.2)   a peg taken out of its securing aperture: piece, square, time. Lifting and
//                     putting back into the same hole is a touch without a move (PutBack);
//                     touching an opponent's piece is recorded too. Every touch goes into the
//                     touch log, the evidence for touch-move questions (Art. 4.3, 4.4).
//   MoveCompleted     the board settled on the position after a legal move: for a capture the
//                     captured piece was removed (D.2.3 (1)), a piece was placed into a different
//                     aperture (D.2.3 (2)). Captures in either order, en passant, castling king
//                     or rook first (Art. 4.4), promotions (a piece-identifying board shows the
//                     piece; an occupancy-only board needs it from the announcement, a board
//                     button or the assistant: set_promotion()). A board showing the position
//                     two legal moves on (a reply begun before the board settled) completes both,
//                     in order (tactile/board_match.h).
//   MoveMade          D.2.3 (3): the completed move was announced. The recogniser does not decide
//                     that alone: the station calls announce() (after speaking it, or when the
//                     player presses the board's announce button, which the recogniser handles
//                     itself; pressed while the board settles, it announces the move the board
//                     settles on), or auto_announce makes every completed move made at once, or
//                     made_by_reply makes it made when the other side touches a piece or the
//                     board shows the reply.
//                     Until a move is made, a piece that slides on replaces it (a new
//                     MoveCompleted with `replaces` set); putting it back retracts it.
//
// Single-threaded and deterministic: time is passed in with every input (the time the board
// said it), and timers (settle, touch debounce, out-of-sync grace) fire from tick(now); the
// caller asks next_deadline() when to call it. Nothing illegal ever changes position().
//
// Time never runs backwards in what it reports: the events come out in the order of their times
// (a touch is known only once its bounce window has passed, so what follows a lift waits that
// long, at most PegboardSettings::bounce), an input stamped before a time the recogniser has
// already reached (a reader thread stamping bytes while the game thread ticked) counts as
// happening at that time, every call (an input, a tick, an announcement, a promotion piece, a
// new position) first fires the timers due before its time, and a timer decided later than it
// fell due (a hint put off while the board changed) carries the time it was decided.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "tactile/board_input.h"
#include "tactile/board_match.h"
#include "tactile/pegboard_event.h"

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
  // moved piece could not capture instead (no legal move from its origin to that square), or the
  // board shows the reply: the reply has begun, so the move must have been announced. For
  // following a game that no station announces (`annabella board watch`); a station announces.
  bool made_by_reply = false;
  // The board's ANNOUNCE button makes the completed move itself (D.2.3 (3); `board watch`).
  // false: the press is reported as a Button event and the owner of the recogniser (a station)
  // announces the move; pressed while the board settles, it is reported once the board is
  // judged, so the move it settles on is the one completed by then.
  bool announce_button = true;
  // Whose board it is: the player who touches its pieces (the VI player's pegboard). A touch is
  // then of his own piece or the opponent's relative to him, whoever is to move. None (a board
  // both players use): relative to the side to move.
  std::optional<core::Color> owner = std::nullopt;
};

class Pegboard {
 public:
  explicit Pegboard(const core::Position& position, PegboardSettings settings = {});

  // One input from the board (in time order). Appends what it means to `out`.
  void feed(const BoardInput& input, std::vector<PegboardEvent>& out);
  // Fires the timers that are due at `now`.
  void tick(TimePoint now, std::vector<PegboardEvent>& out);
  // When tick() has something to do next; nullopt when nothing is waiting.
  [[nodiscard]] std::optional<TimePoint> next_deadline() const;

  // D.2.3 (3): the completed move was announced: it is made (MoveMade) and position() moves on.
  // Does nothing when no move is completed. A move the board shows after it is completed next.
  void announce(TimePoint now, std::vector<PegboardEvent>& out);
  // The piece an occupancy-only board's pawn promotes to (from the announcement, D.2.1).
  void set_promotion(core::PieceType piece, TimePoint now, std::vector<PegboardEvent>& out);
  // The opponent's announced move that the player executes on this board (D.2.1): only it may
  // complete, and the first placement that does not fit it is reported at once. When it is
  // completed, position() moves on without an announcement (it was announced already).
  void expect_move(core::Move move);
  // The player's answer to MoveNeeded: the move the board shows (D.2.3). Taken when the board
  // shows it; forgotten when the game's position moves on.
  void choose_move(core::Move move, TimePoint now, std::vector<PegboardEvent>& out);
  // The game's position changed elsewhere (new game, take-back, arbiter's correction): forget
  // any completed move, judge the board against it.
  void set_position(const core::Position& position, TimePoint now, std::vector<PegboardEvent>& out);

  // The game's position (moves made so far).
  [[nodiscard]] const core::Position& position() const { return position_; }
  // The board shows a promotion whose piece it cannot tell (PromotionNeeded) and waits for it.
  [[nodiscard]] bool asks_promotion() const { return promotion_asked_; }
  // The move completed on the board but not yet made.
  [[nodiscard]] std::optional<core::Move> completed_move() const { return pending_; }
  // A peg is out of its hole (in the hand): a move may be under way.
  [[nodiscard]] bool holding() const { return !in_hand_.empty(); }
  [[nodiscard]] const std::vector<TouchRecord>& touch_log() const { return touch_log_; }
  // The board is linked and no unexplained board is waiting for its grace period (a move under
  // way in the hand is not unexplained).
  [[nodiscard]] bool in_sync() const { return !link_down_ && !unexplained_since_.has_value(); }
  // Whether the board is linked: false from a disconnection to the first scan after it (what it
  // shows meanwhile is not known, so it is not in step either).
  [[nodiscard]] bool linked() const { return !link_down_; }
  [[nodiscard]] bool rotated() const { return rotated_; }
  // What the board shows as the recogniser understands it (identities guessed from the game's
  // history on an occupancy-only board).
  [[nodiscard]] const std::array<core::Piece, 64>& board() const { return board_.pieces; }
  [[nodiscard]] core::Bitboard occupied() const { return board_.occupied; }
  // Whether board() holds the pieces the board reported (a piece-identifying board), not ones
  // inferred from the game record (an occupancy-only pegboard senses occupied squares only).
  [[nodiscard]] bool identifies_pieces() const { return board_.identifies_pieces; }

 private:
  struct InHand {
    core::Piece piece = core::NO_PIECE;
    core::Square from = core::SQ_NONE;    // the hole it was lifted from
    core::Square origin = core::SQ_NONE;  // where it stood in the judged position (a piece
                                          // slid on or corrected keeps its origin)
    TimePoint time{};
    std::uint64_t order = 0;  // its place in the order of events (see Staged)
    bool touch_reported = false;
    std::optional<std::size_t> log_index;  // its touch record; none when the lift was unseen
    // With no owner, whose hand presumably lifted it (presumed_toucher()); unsure: the piece
    // just moved, lifted again from a square on a slide's way where the reply can take it.
    core::Color toucher = core::WHITE;
    bool toucher_unsure = false;
    std::uint64_t lifted_in = 0;  // position_epoch_ when it was lifted
    core::Position game_then;     // position_ when it was lifted
    // On an occupancy-only board, lifted from a hole a peg was put into since the board was last
    // matched, empty in the game's position and after the completed move (a slide's square on
    // the way): which peg it is was guessed, so its hole says nothing of the game's position.
    bool from_placed = false;
    // Its piece is known (BoardView::known): lifted from a hole whose piece was known.
    bool known = false;
    // Occupancy only: a peg of another piece went in while this one was in the hand, so which of
    // them is still held is a guess: put into its own hole it is not said to be put back.
    bool guessed = false;
  };
  // An event waiting for its turn: events come out sorted by (time, order); `order` counts the
  // inputs and events as they came, and a touch keeps the order of its lift.
  struct Staged {
    PegboardEvent event;
    std::uint64_t order = 0;
  };

  // The hands (tactile/pegboard_hands.cpp): what stands where and what is held.
  InHand taken_from(core::Square square, TimePoint time);
  [[nodiscard]] core::Color presumed_toucher() const;
  [[nodiscard]] bool on_a_slides_way(core::Square square) const;
  [[nodiscard]] bool reply_can_take(core::Square square) const;
  void settle_toucher(InHand& held, core::Color toucher);
  void reply_begins(core::Piece piece, TimePoint time);
  void lift(core::Square square, TimePoint time);
  void place(core::Square square, core::Piece piece, TimePoint time);
  bool bounced(core::Square square, std::size_t index, TimePoint time);
  core::Square put_down(core::Square square, std::size_t index, PegboardEvent& event);
  std::optional<std::size_t> held_for(core::Square square, core::Piece piece) const;
  std::optional<std::size_t> flickered(core::Square square, core::Piece piece,
                                       TimePoint time) const;
  std::optional<std::size_t> promoted_pawn(core::Square square, core::Piece piece);
  void apply_scan(const BoardScan& scan, TimePoint time);
  std::array<core::Piece, 64> unrotated(const BoardScan& scan, TimePoint time);
  void take_pieces_gone(core::Bitboard occupied, TimePoint time);
  void guess_new_peg(core::Square square);
  void report_link(TimePoint time);
  void report_touches(TimePoint now);
  void report_touch(InHand& held);
  void press(BoardButton button, TimePoint time);
  void check_expected_placement(core::Square square, core::Piece piece, core::Square from,
                                TimePoint time);
  void sync_to(const core::Position& pos);

  // The judgement (tactile/pegboard.cpp).
  void changed(TimePoint time);
  void fire(TimePoint now);
  void judge(TimePoint now);
  void judge_board(TimePoint now);
  void back_in_sync(TimePoint now);
  void take_sequences(const std::vector<MoveSequence>& sequences, TimePoint now);
  // Tester #5: moves the occupancy cannot tell apart are asked (MoveNeeded), never chosen.
  void ask_which_move(const std::vector<MoveSequence>& sequences, TimePoint now);
  std::optional<MoveSequence> choose(std::vector<MoveSequence> sequences, TimePoint now);
  std::vector<std::optional<std::size_t>> named_for(const MoveSequence& moves) const;
  bool named_fit(const MoveSequence& moves) const;
  void name_promotion(core::PieceType piece, TimePoint time);
  void take_named(core::Move move);
  void follow(const MoveSequence& moves, TimePoint now);
  void complete(core::Move move, TimePoint now, std::size_t touches_from);
  // Emits MoveMade, in the place of `order` among the events when given (a touch that made it).
  void make(TimePoint now, std::optional<std::uint64_t> order = std::nullopt);
  void announced(TimePoint now);
  // `made`: the move that took the game on (none: a position set anew, set_position()).
  void position_moved_on(core::Move made = core::Move::none());
  bool waiting_for_announcement() const;
  std::vector<MoveSequence> shown_sequences() const;
  bool hands_allow(const MoveSequence& moves) const;
  bool move_under_way() const;
  void report_misplaced(TimePoint now);
  bool executed_wrongly(core::Square to, TimePoint now);
  bool move_or_reply_under_way(const std::vector<core::Square>& vacated, core::Square to) const;
  void report_unexplained(TimePoint now);
  const core::Position& target() const {
    return pending_position_ ? *pending_position_ : position_;
  }
  std::uint64_t board_signature() const;
  // The first touch since touch_log_[from] of a piece standing on `squares` in `before`.
  const TouchRecord* first_touch(std::size_t from, const core::Position& before,
                                 core::Bitboard squares) const;

  // Events in time order (tactile/pegboard.cpp).
  void emit(PegboardEvent event);
  void emit_for(const InHand& held, PegboardEvent event);
  void release(std::vector<PegboardEvent>& out);
  TimePoint advance(TimePoint time);

  PegboardSettings settings_;
  core::Position position_;
  std::optional<core::Move> pending_;
  std::optional<core::Position> pending_position_;
  std::optional<core::Move> expected_;
  bool expected_misplaced_reported_ = false;
  // The promotion pieces named (a board button, the announcement, a piece-identifying board
  // showing it), in order, not yet taken by a completed move (named_for()).
  struct Named {
    core::PieceType piece = core::QUEEN;
    TimePoint time{};
  };
  std::vector<Named> named_;
  std::array<TimePoint, 64> placed_at_{};  // when a peg last went into each hole
  bool promotion_asked_ = false;
  bool move_asked_ = false;           // MoveNeeded emitted for the board as it stands
  std::optional<core::Move> chosen_;  // the answer to MoveNeeded (choose_move())
  bool announce_asked_ = false;       // ANNOUNCE pressed while the board settled (press())

  bool rotated_ = false;
  BoardView board_;
  std::array<core::Square, 64> origin_{};  // for a peg placed since the last match: its origin
  std::vector<InHand> in_hand_;
  std::vector<TouchRecord> touch_log_;
  std::size_t touches_this_move_ = 0;  // touch_log_ index of the first touch since position_
                                       // last moved on
  std::uint64_t position_epoch_ = 0;   // counts position_ moving on (InHand::lifted_in)
  // The move that took position_ from epoch k to k + 1 (none where it was set anew): what
  // happened to the game since a peg still in hand was lifted (hands_allow()).
  std::vector<core::Move> epoch_moves_;
  // The game's position and completed move when the reply last began (reply_begins()).
  std::optional<std::pair<std::uint64_t, core::Move>> reply_begun_;

  std::optional<TimePoint> judge_at_;
  std::optional<TimePoint> unexplained_since_;
  std::vector<std::uint64_t> hinted_;   // board states already hinted since last in sync
  std::uint64_t illegal_reported_ = 0;  // board state last reported illegal
  std::uint64_t last_unexplained_ = 0;  // board state the grace period runs for
  bool connected_before_ = false;
  bool awaiting_scan_ = true;
  bool link_down_ = false;  // disconnected: the next scan judges the board

  std::vector<Staged> staged_;
  std::uint64_t order_ = 0;
  TimePoint now_{};             // the latest time seen
  TimePoint judged_at_{};       // when the board was last judged
  TimePoint released_until_{};  // the time of the last event reported
};

}  // namespace annabella::tactile
