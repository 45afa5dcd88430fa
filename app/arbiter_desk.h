// The desk that carries out the commands of the people at the board (app/station_commands.h),
// whoever gave them (keyboard, board button, tactile clock, braille keys, voice): one small
// handler per command. The player's requests go to app/player_requests.h, moves to the
// Appendix D flow; the arbiter's commands (clocks, penalties, adjournment) and the game's ends
// by agreement, resignation, claim or flag are handled here, each recorded before it is said.
#pragma once

#include "app/appendix_d.h"
#include "app/station_commands.h"
#include "app/station_state.h"

namespace annabella::app {

class ArbiterDesk {
 public:
  ArbiterDesk(StationState& state, AppendixDFlow& flow) : s_(state), flow_(flow) {}

  void handle(const Command& command, InputSource source, TimePoint time);

  // One handler per command.
  void on(const cmd::Help& c, TimePoint time);
  void on(const cmd::Time& c, TimePoint time);
  void on(const cmd::Repeat& c, TimePoint time);
  void on(const cmd::Moves& c, TimePoint time);
  void on(const cmd::Board& c, TimePoint time);
  void on(const cmd::Captured& c, TimePoint time);
  void on(const cmd::EnterMove& c, TimePoint time);
  void on(const cmd::Answer& c, TimePoint time);
  void on(const cmd::Flag& c, TimePoint time);
  void on(const cmd::Touch& c, TimePoint time);
  void on(const cmd::DrawOffer& c, TimePoint time);
  void on(const cmd::DrawAccept& c, TimePoint time);
  void on(const cmd::DrawDecline& c, TimePoint time);
  void on(const cmd::DrawClaim& c, TimePoint time);
  void on(const cmd::Resign& c, TimePoint time);
  void on(const cmd::Pause& c, TimePoint time);
  void on(const cmd::Continue& c, TimePoint time);
  void on(const cmd::Adjust& c, TimePoint time);
  void on(const cmd::Penalty& c, TimePoint time);
  void on(const cmd::IllegalMove& c, TimePoint time);
  void on(const cmd::Increment& c, TimePoint time);
  void on(const cmd::QuickplayClaim& c, TimePoint time);
  void on(const cmd::BothFlags& c, TimePoint time);
  // Guidelines III.6 (app/unsupervised_claim.cpp).
  void on(const cmd::UnsupervisedClaim& c, TimePoint time);
  void on(const cmd::VerifyClaim& c, TimePoint time);
  void on(const cmd::ClaimDecision& c, TimePoint time);
  void on(const cmd::Reconcile& c, TimePoint time);
  void on(const cmd::Adjourn& c, TimePoint time);
  void on(const cmd::OpenEnvelope& c, TimePoint time);
  void on(const cmd::TakeBack& c, TimePoint time);
  void on(const cmd::CallArbiter& c, TimePoint time);
  void on(const cmd::Status& c, TimePoint time);
  void on(const cmd::Quit& c, TimePoint time);
  void on(const cmd::Talk& c, TimePoint time);

 private:
  // The sighted player's keypad entry was refused: said to both players (D.2.11).
  void entry_refused(TimePoint time);
  // A command that changes the game is refused once it is over; true when refused.
  bool refused_after_end(std::string_view command, TimePoint time);
  // The VI player's own keys, buttons or voice (D.2.11) ask for what only the player to move may
  // do (`rule`: claim, Art. 9.2, 9.3; seal, Guidelines I.1.1) on his opponent's move; true when
  // refused.
  bool refused_out_of_turn(std::string_view command, std::string_view rule, TimePoint time);
  // Art. 9.1.2: only the opponent of the player who offered a draw accepts or declines it. Who
  // answers is the source's player (the sighted player's keypad, the VI player's own keys),
  // else the console's assistant or arbiter answers for the opponent. True when refused.
  bool refused_own_offer(std::string_view command, core::Color offered_by, TimePoint time);
  // Guidelines III.4, III.5: refused (with the message) after the end, in a control with an
  // increment or a delay, or when the player to move has two minutes or more; true when refused.
  // Without an arbiter (game.arbiter_present = false) III.4 and III.5 are refused, III.6 applies;
  // `unsupervised`: the command is III.6's own claim, which needs no arbiter.
  bool refused_quickplay(std::string_view command, std::string_view rule, TimePoint time,
                         bool unsupervised = false);
  // Guidelines III.2: not announced for the event (III.2.1), a blitz game or a control with an
  // increment or a delay (III.2.2). A control that keeps no time passes (the arbiter knows).
  bool refused_outside_guidelines_iii(std::string_view command, std::string_view rule,
                                      TimePoint time);
  // Art. 9.5.3: the draw claim incorrect: the opponent gets the game type's time, the claim is
  // recorded and said, and the intended move (legal) is made.
  void reject_claim(const core::Game& game, std::optional<core::Move> intended,
                    const std::string& fallback_why, TimePoint time);
  // Guidelines III.5.1, III.5.2: the draw claim of `claimant` upheld; the game ends drawn.
  void uphold_claim(core::Color claimant, std::string_view rule, TimePoint time);
  // Guidelines III.5.2: the arbiter's later decision on the claim he postponed.
  void decide_postponed_claim(cmd::QuickplayDecision decision, TimePoint time);
  // Art. 6.9: `flagged`'s flag fell: a loss, or a draw when the opponent cannot mate.
  // Art. 6.9 on `flagged`'s fallen flag; `opponent_can_mate` is the arbiter's ruling, needed
  // only where the analysis cannot decide (then the station asks for it and ends nothing).
  // Art. 7.5.1, 7.5.5: an illegal move named for a player who is not to move, or named again at
  // the point where his last one was penalised (without `again`), is refused with the reason.
  [[nodiscard]] bool refused_illegal_move(const cmd::IllegalMove& c, TimePoint time);
  // Art. 7.5.5: the second completed illegal move of a player: lost, or drawn when the opponent
  // cannot checkmate; where the analysis gives up, the arbiter is asked to rule.
  void second_illegal_move(const cmd::IllegalMove& c, const std::string& rule, TimePoint time);
  void rule_on_flag(core::Color flagged, TimePoint time,
                    std::optional<bool> opponent_can_mate = std::nullopt);
  // Both flags down on the station's clock: which fell first, and when (Guidelines III.3.1 does
  // not apply).
  void say_flag_order(const std::vector<core::FlagFall>& flags, TimePoint time);
  // Guidelines I.2: what the envelope shows; never the sealed move itself (Guidelines I.9.1).
  void envelope(const core::Position& before, TimePoint time);

  StationState& s_;
  AppendixDFlow& flow_;
  InputSource source_ = InputSource::Keyboard;  // of the command being handled
};

}  // namespace annabella::app
