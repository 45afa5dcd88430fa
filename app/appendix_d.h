// The Appendix D flow: the VI player's move made on the pegboard (D.2.3: captured piece off,
// piece into a different aperture, announced; only then the clock switches, D.2.4); the sighted
// player's move entered (console, e-board, voice), announced (D.2.1) and executed by the VI
// player on his pegboard, the first wrong placement reported at once; touches kept as evidence
// (D.2.2, Art. 4); the boards reconciled live with the record (D.2.9); the end of the game.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/player_menu.h"
#include "app/station_state.h"
#include "tactile/pegboard.h"

namespace annabella::app {

class AppendixDFlow {
 public:
  explicit AppendixDFlow(StationState& state) : s_(state) {}

  void on_pegboard(const std::vector<tactile::PegboardEvent>& events);
  // D.2.3, D.2.4: the VI player's ANNOUNCE button with the sighted opponent's move set up on his
  // pegboard (the side to move is the opponent's): that move is the opponent's to make and
  // announce, so the button does not make it. True when refused (said privately, printed).
  bool refused_announce(const tactile::BoardInput& input, TimePoint time);
  void on_sighted_board(const std::vector<tactile::PegboardEvent>& events);
  // His menu's rule (docs/players-guide.md, Confirming): his ANNOUNCE button or a piece lifted on
  // his pegboard while a question of his menu is open cancels it, said first. The claim with the
  // intended move is the exception: its move is made on the pegboard and its ANNOUNCE belongs to
  // it (Art. 9.2.1.1). True when the input is spent on it: the ANNOUNCE does nothing else, so no
  // move is made on a press that also cancelled what he was asked.
  bool withdraws_question(const tactile::BoardInput& input, TimePoint time);
  // A question asked in an earlier position (a move made since, by either player) no longer
  // applies: cancelled and said, so that no later Confirm can answer it.
  void withdraw_outdated_question(TimePoint time);

  // D.2.1: the sighted player's move as typed or said; a text that reads as two different legal
  // moves is never decided silently: the station asks which one.
  void enter_sighted_move(const std::string& text, MoveSource by, TimePoint time);
  // D.2.10.2, D.2.10.3: the VI player's move as he announced it, typed by the assistant while his
  // pegboard is not connected: made (by=console), announced, his pegboard judged against it once
  // it is connected again.
  void enter_vi_move(const std::string& text, TimePoint time);
  // The answer to the question the station asked (the promotion piece, which reading of a
  // move). False when `text` is no answer to it (the console then reads it as a command).
  bool answer(const std::string& text, TimePoint time);
  // His own promotion's piece is asked for (Art. 3.7.5, D.2.1): the question is open.
  [[nodiscard]] bool asks_promotion() const;
  // `text` answers no open promotion question: printed with what would answer it.
  void refuse_answer(const std::string& text, TimePoint time);
  // The sighted player's touch, reported by the assistant (Art. 4.3).
  void sighted_touch(core::Square square, TimePoint time);
  // Plays `move` for the side to move, already announced (the VI player's, D.2.3): the record
  // (journal first), the clock (D.2.4), the exports, the end of the game. False when it was not
  // made (the reason is printed).
  bool make_move(core::Move move, TimePoint time, MoveSource by);
  // The same for a move entered at the console, the keypad, by voice, on the e-board, or the
  // sealed move: made, then announced to both players and executed by the VI player on his
  // pegboard (D.2.1), and only then the end of the game said (a mate after the move's words).
  bool enter_move(core::Move move, TimePoint time, MoveSource by);
  // The game ends with `end` (decided by a move, an agreement, a resignation, a claim, a flag):
  // recorded, the clocks stopped, said to both players, the exports written.
  void end_game(const core::GameEnd& end, TimePoint time);
  // D.2.9, live: both boards against the record.
  void reconcile_now(TimePoint time);
  // D.2.8, D.2.9, Art. 7.4-7.5: the last `count` moves taken back (`takeback`): journaled, the
  // clocks set back as the record then says (restore_clock, as on resume), said publicly and to
  // the VI player privately with what his pegboard must show. `arbiter`: the arbiter confirmed
  // it (needed for a move made on his pegboard, D.2.3).
  void take_back(int count, bool arbiter, const std::string& reason, TimePoint time);
  // The clocks run again (Art. 6.11.1), or a draw claim with the intended move ended without a
  // draw (Art. 9.5.3): the VI player's move completed and held unannounced is announced now. False
  // when there is none to announce.
  bool announce_held(TimePoint time);
  // Art. 6.11.1: the arbiter has restarted the clocks. His move completed while they were
  // stopped is announced now, except in pegboard.announce = "button" when he did not press
  // ANNOUNCE for it while they were stopped: then it waits for his press (D.2.3 (3)).
  void clocks_resumed(TimePoint time);
  // pegboard.announce = "pause" (D.2.3 (3)): the board changed (the pause starts again), and
  // the pause is over (the completed move is announced).
  void board_changed(const std::vector<tactile::PegboardEvent>& events);
  // Art. 9.2: a draw claim his menu asks him to confirm is journaled, and so is its cancel, so
  // that a claim under way survives a crash (AppendixDFlow::claim_interrupted on resumption).
  void track_claim(TimePoint time);
  // On resumption: a claim that awaited his confirmation was not made; it is withdrawn by the
  // interruption, journaled and said (docs/record.md).
  void claim_interrupted(TimePoint time);
  void announce_due(TimePoint now);
  // pegboard.announce = "pause" with his menu open: the completed move `held` waits; said to him
  // once (tester N3).
  void tell_move_waits_menu(std::optional<core::Move> held, TimePoint time);
  // D.2.3, Art. 9.2.1.1: a correct draw claim ended the game with the intended move completed on
  // the VI player's pegboard and not announced (not made on the board, though written in the
  // record): he is told privately to put the pieces back to `final_position` (the position on
  // the board when he claimed), step by step in his profile's words, and the station watches
  // the pegboard until it shows that position again (then says so, once).
  void restore_after_claim(const core::Position& final_position, TimePoint time);
  // A key of the VI player's menu (app/player_menu_keys.h); a claim with the intended move left
  // without a claim has the move held on his pegboard announced.
  void menu_key(MenuKey key, InputSource source, TimePoint time);
  // D.2.11 after `play --resume`: the VI player, who reads no console, hears privately (and reads
  // on his braille display, as one line) what was restored: the move and who is to move, both
  // clocks, and a move still to execute or held on his board (D.2.1, D.2.3). Said once.
  void tell_resumed(TimePoint time);
  // Flags (Art. 6.8) and the player's low-time warnings (D.2.6), due at `now`.
  void clock_due(TimePoint now);
  // Rewrites the game's files (PGN, braille scoresheet); a failure is printed.
  void write_exports(TimePoint time);
  void write_touch_log(TimePoint time);

 private:
  // The pegboard shows the final position again after restore_after_claim: said once.
  void check_restored(TimePoint time);
  // make_move's first part: the record, the clock, the exports; false when not made.
  bool record_move(core::Move move, TimePoint time, MoveSource by);
  // make_move's last part: the end of the game when the move ended it, else the private note
  // that a draw can be claimed.
  void finish_move(TimePoint time);
  // Art. 4.3, 4.8: the sighted player's move just made left a piece he touched and was bound to
  // move or capture: said on the console and privately to the VI player.
  void tell_touch_not_moved(TimePoint time);
  // Guidelines I: an adjourned game takes no move until the envelope is opened; true when
  // refused (said why, naming the `typed` move refused, if any).
  bool refused_adjourned(TimePoint time, const std::string& typed);
  void announce_entered(const core::Position& before, core::Move move, TimePoint time);
  void on_touched(const tactile::PegboardEvent& e);
  void on_completed(const tactile::PegboardEvent& e);
  void say_and_make(core::Move move, TimePoint time);
  // Whether the pegboard shows exactly the position after `held` (D.2.3 (2)).
  [[nodiscard]] bool board_shows(core::Move held) const;
  // Whether the piece `move` moves was lifted before the game's last move was made (tester N2).
  [[nodiscard]] bool touched_before_his_turn(core::Move move) const;
  [[nodiscard]] bool announceable(TimePoint time) const;
  void on_made(const tactile::PegboardEvent& e);
  void on_link(const tactile::PegboardEvent& e);
  void on_button(const tactile::PegboardEvent& e);
  void on_sighted_made(const tactile::PegboardEvent& e);
  // D.2.11: his ANNOUNCE or PROMOTE button with nothing to act on: answered privately with the
  // reason (and printed), never silent.
  void announce_pressed(TimePoint time);
  void promotion_pressed(TimePoint time);
  void refuse_button(std::string_view button, speech::Refusal reason, TimePoint time);
  // D.2.2: a touch journaled, with whose piece it is relative to the player who touched it.
  rec::Touch record_touch(core::Square square, core::Piece piece, Toucher by, TimePoint time);
  void complete_touch(int number, TouchOutcome outcome, core::Square to, TimePoint time);
  void complete_touch(std::map<core::Square, int>& open, core::Square from, TouchOutcome outcome,
                      core::Square to, TimePoint time);
  // D.2.2, Art. 4 (tester N5): every touch of the VI player ends with what became of its piece,
  // decided from what the game and his board show after each batch of board events, never from
  // which event happened to come: moved (also on from a hole it only passed through) or taken
  // off by a move made on his board since the touch, or put back once his board shows its
  // position again with no move made from the piece's square.
  void settle_touches(TimePoint time);
  // A peg put back into the hole it was lifted from: its touch put back, at once (D.2.2).
  void put_back(core::Square square, TimePoint time);
  // What `move` (played in `before`) did to the piece standing on `origin`: moved (where to),
  // taken off, or nothing.
  [[nodiscard]] static std::pair<std::optional<TouchOutcome>, core::Square> what_became(
      const core::Position& before, core::Move move, core::Square origin);
  // The half-moves of the game his pegboard is to show (its position).
  [[nodiscard]] std::size_t board_ply() const;
  // Where the piece lifted from `square` stands in the position his board is to show.
  [[nodiscard]] core::Square origin_of(core::Square square) const;
  [[nodiscard]] const StationState::OpenTouch* open_touch_from(core::Square origin) const;
  // Closes every touch a move ends (D.2.2), whoever's move it is: the captured piece (beside the
  // target square en passant) taken off, the mover moved, and in castling the king and the rook
  // (Art. 3.8.2; the rook wherever it started, Guidelines II). `before` is the position the move
  // was played in.
  void complete_move_touches(std::map<core::Square, int>& open, const core::Position& before,
                             core::Move move, TimePoint time);
  void note_rook_first(core::Move move, TimePoint time);
  void expect_on_pegboard(core::Move move, TimePoint time);
  void check_board(const tactile::Pegboard& board, const std::string& name, TimePoint time);
  void choose_promotion(core::PieceType piece, TimePoint time);
  // The pegboard's occupancy fits more than one move (tactile MoveNeeded): asked (D.2.3).
  void ask_board_move(const tactile::PegboardEvent& e);
  bool answer_board_move(const std::string& text, TimePoint time);
  void ask_reading(const std::string& text, std::vector<core::MoveReading> readings, MoveSource by,
                   TimePoint time);
  void after_move_said(TimePoint time);

  StationState& s_;
};

}  // namespace annabella::app
