#include "app/arbiter_desk.h"

#include <algorithm>

#include "app/clock_text.h"
#include "app/console.h"
#include "app/game_text.h"
#include "app/i18n.h"
#include "app/move_text.h"
#include "app/player_requests.h"
#include "app/record.h"
#include "app/recording_seal.h"
#include "app/station_text.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/text.h"
#include "core/time_control.h"
#include "core/unwinnability.h"
#include "speech/menu_phrases.h"

namespace annabella::app {

using i18n::format;
using i18n::tr;
using i18n::tr_n;

namespace {

// D.2.11: the VI player's own keys, buttons and voice.
bool is_players_own(InputSource source) {
  return source == InputSource::BrailleKeys || source == InputSource::BoardButton ||
         source == InputSource::TactileClock || source == InputSource::Voice;
}

}  // namespace

void ArbiterDesk::handle(const Command& command, InputSource source, TimePoint time) {
  source_ = source;
  s_.refused.reset();
  s_.refused_line.clear();
  const std::size_t said = s_.phrases_said();
  std::visit([&](const auto& c) { on(c, time); }, command);
  if (source == InputSource::Keypad && s_.refused) {
    entry_refused(time);
    return;
  }
  // D.2.11: the VI player alone reads no console. Every request from his own keys, buttons or
  // voice that the station refused (StationState::refuse, the one way a handler refuses) is
  // answered in his ear and on his braille display with the reason, in his language: "Nicht
  // moeglich: Partie beendet".
  if (!is_players_own(source)) return;
  if (s_.refused) {
    s_.say(speech::phrase_not_possible(s_.language, *s_.refused), Route::Private, time);
    return;
  }
  // A request that, carried out, always says something and said nothing was refused by a path
  // that gave no reason: still never only on the console (a declined offer or a call of the
  // arbiter is confirmed by the menu itself and says nothing more).
  const bool silent_when_done = std::holds_alternative<cmd::DrawDecline>(command) ||
                                std::holds_alternative<cmd::CallArbiter>(command) ||
                                std::holds_alternative<cmd::Adjourn>(command) ||
                                std::holds_alternative<cmd::VerifyClaim>(command);
  if (!silent_when_done && s_.phrases_said() == said)
    s_.say(speech::phrase_not_possible(s_.language, speech::Refusal::Other), Route::Private, time);
}

void ArbiterDesk::entry_refused(TimePoint time) {
  // D.2.11 with no assistant at the table: the sighted player's entry on his own keypad was
  // refused (an illegal move or a typo: nothing recorded, his clock runs on, D.2.4). Both players
  // learn it. The VI player, who waits for the announcement (D.2.1), hears it privately in his
  // language: an illegal move completed on the sighted player's board is the arbiter's to rule
  // on (Art. 7.5), and he may call him. The sighted player reads why on his keypad's terminal;
  // with a keypad that shows nothing it is said publicly, for both to hear (D.2.3).
  // Both in his own language (D.2.11: his `language`, as the VI player has his).
  const core::Color sighted = ~s_.vi_color;
  s_.say(speech::phrase_entry_refused(s_.language, sighted), Route::Private, time);
  s_.to_opponent(s_.refused_words, speech::phrase_entry_refused(s_.opponent_language, sighted),
                 time);
}

bool ArbiterDesk::refused_after_end(std::string_view command, TimePoint time) {
  if (!s_.game().is_over()) return false;
  s_.refuse(time,
            format(tr("{command}: the game is over ({result}, {reason}); nothing is changed"),
                   {{"command", std::string(command)},
                    {"result", core::result_text(s_.game().end().result)},
                    {"reason", text::end_reason(s_.game().end())}}),
            speech::Refusal::GameOver);
  return true;
}

bool ArbiterDesk::refused_out_of_turn(std::string_view command, std::string_view rule,
                                      TimePoint time) {
  if (!is_players_own(source_) || s_.game().position().side_to_move() == s_.vi_color) return false;
  s_.refuse(time,
            format(tr("{command}: {side} is not to move; only the player to move may ({rule})"),
                   {{"command", std::string(command)},
                    {"side", text::side(s_.vi_color)},
                    {"rule", std::string(rule)}}),
            speech::Refusal::NotYourMove);
  return true;
}

void ArbiterDesk::on(const cmd::Help& c, TimePoint time) {
  if (c.topic.empty()) {
    s_.print(time, console_help());
    return;
  }
  auto help = console_help(c.topic);
  s_.print(time, help ? *help : help.error().message);
}

void ArbiterDesk::on(const cmd::Time&, TimePoint time) {
  requests::say_time(s_, time);
}

void ArbiterDesk::on(const cmd::Repeat&, TimePoint time) {
  requests::repeat_last_move(s_, time);
}

void ArbiterDesk::on(const cmd::Moves& c, TimePoint time) {
  requests::read_game(s_, time, c.last_moves);
}

void ArbiterDesk::on(const cmd::Board& c, TimePoint time) {
  requests::read_board(s_, time, c.query);
}

void ArbiterDesk::on(const cmd::Captured&, TimePoint time) {
  requests::read_captured(s_, time);
}

void ArbiterDesk::on(const cmd::EnterMove& c, TimePoint time) {
  // A move typed while the station asks which piece a pawn promotes to, or which reading of a
  // move was meant, may be the answer ("e8=Q"; "2" or "Bf8c5"), from wherever the move was typed
  // (D.2.11: his keypad as well as the console).
  if (s_.question.kind != PendingQuestion::Kind::None && flow_.answer(c.text, time)) return;
  // D.2.11, D.2.4: the braille display is the VI player's own. A move typed there on the sighted
  // player's turn is never entered as the sighted player's move (which would stop his clock, Art.
  // 6.2); refused, the reason said to the VI player privately. (The intended move of his draw
  // claim, Art. 9.2.1.1, is taken by Station::handle before this; his own move is made on the
  // pegboard, D.2.3, and refused as such by enter_sighted_move.)
  if (source_ == InputSource::BrailleKeys && !s_.game().is_over() &&
      refused_out_of_turn(c.text, "D.2.4, D.2.11", time))
    return;
  if (s_.question.kind == PendingQuestion::Kind::Reading) s_.question = {};
  // D.2.10.2, D.2.10.3, Art. 6.10: the VI player's pegboard is not connected (unplugged, dead,
  // absent), so he cannot make his move on it: the assistant at the console enters the move he
  // announces, and starts the clock with it (docs/assistants-guide.md). Journaled by=console.
  if ((source_ == InputSource::Keyboard || source_ == InputSource::Assistant) &&
      !s_.pegboard.linked() && !s_.game().is_over() &&
      s_.game().position().side_to_move() == s_.vi_color) {
    flow_.enter_vi_move(c.text, time);
    return;
  }
  // D.2.11: the record and the log say where the sighted player's move came from.
  MoveSource by = MoveSource::Console;
  if (source_ == InputSource::Voice) by = MoveSource::Voice;
  if (source_ == InputSource::Keypad) by = MoveSource::Keypad;
  flow_.enter_sighted_move(c.text, by, time);
}

void ArbiterDesk::on(const cmd::Answer& c, TimePoint time) {
  if (flow_.answer(c.text, time)) return;
  if (flow_.asks_promotion())
    flow_.refuse_answer(c.text, time);
  else
    s_.refuse(time, format(tr("\"{text}\": no question is open"), {{"text", c.text}}),
              speech::Refusal::NoQuestion);
}

void ArbiterDesk::on(const cmd::Flag& c, TimePoint time) {
  if (refused_after_end("flag", time)) return;
  // D.2.10.5 / Art. 6.9
  const auto flags = s_.clock.flags(time);
  if (flags.empty()) {
    // D.2.10.5: the claimant hears both times, which show that no flag has fallen.
    requests::say_time(s_, time);
    s_.print(time, format(tr("flag: no flag has fallen; {clocks} (Art. 6.9)"),
                          {{"clocks", text::clocks(s_.clock.remaining(core::WHITE, time),
                                                   s_.clock.remaining(core::BLACK, time))}}));
    return;
  }
  if (flags.size() > 1) say_flag_order(flags, time);
  const core::Color flagged = flags.front().side;
  // Guidelines III.5.2: the arbiter decides the postponed claim "very soon after a flag fell".
  if (const auto& claim = s_.record.postponed_claim(); claim && claim->by == flagged) {
    // TRANSLATORS: quickplay-claim, accepted and refused are the console's words: keep them.
    s_.print(time, format(tr("{side}'s flag has fallen, and {side}'s draw claim waits for your "
                             "decision (Guidelines III.5.2): quickplay-claim accepted (a draw) or "
                             "refused (then Art. 6.9 rules on the flag)"),
                          {{"side", text::side(flagged)}}));
    return;
  }
  rule_on_flag(flagged, time, c.opponent_can_mate);
}

void ArbiterDesk::rule_on_flag(core::Color flagged, TimePoint time,
                               std::optional<bool> opponent_can_mate) {
  core::Game game = s_.game();
  if (auto ended = game.flag_fall(flagged, opponent_can_mate); !ended) {
    s_.print(time, "flag: " + text::game_error(ended.error()));
    // Art. 6.9: where the station cannot decide, the arbiter does; the claimant hears that the
    // flag fell and that the arbiter is wanted.
    if (ended.error().kind == core::GameError::Kind::MateUndecided)
      s_.say(speech::phrase_joined(speech::phrase_flag_fall(s_.language, flagged),
                                   speech::phrase_call_arbiter(s_.language)),
             Route::Private, time);
    return;
  }
  flow_.end_game(game.end(), time);
}

void ArbiterDesk::say_flag_order(const std::vector<core::FlagFall>& flags, TimePoint time) {
  // Guidelines III.3.1 only when which fell first cannot be established: the station's clock
  // records the instant each flag fell.
  s_.print(time, format(tr("both flags have fallen; by the station's clock {first}'s fell first, "
                           "{first_at} into the game, and {second}'s at {second_at}: Guidelines "
                           "III.3.1 does not apply, Art. 6.9 rules on {first}'s flag"),
                        {{"first", text::side(flags[0].side)},
                         {"first_at", core::format_hms_ms(s_.timeline(flags[0].time))},
                         {"second", text::side(flags[1].side)},
                         {"second_at", core::format_hms_ms(s_.timeline(flags[1].time))}}));
}

void ArbiterDesk::on(const cmd::BothFlags& c, TimePoint time) {
  if (refused_after_end("both-flags", time)) return;
  const auto flags = s_.clock.flags(time);
  if (flags.size() > 1) {
    // The station's own record establishes the order: the flag command's ruling (it says it).
    on(cmd::Flag{}, time);
    return;
  }
  if (refused_outside_guidelines_iii("both-flags", "Guidelines III.3.1", time)) return;
  // III.3.1 applies only "if both flags have fallen and it is impossible to establish which flag
  // fell first". The station's own clock shows fewer than two down: only when the arbiter says
  // another clock is in use (and which period it is) does III.3.1 go on; otherwise the flag
  // command rules on what the station's clock shows.
  if (!c.last_period) {
    s_.print(time,
             // TRANSLATORS: both-flags, last, earlier and flag are the console's words: keep them.
             format(tr("both-flags: the station's clock shows {shown} ({clocks}); "
                       "Guidelines III.3.1 applies only when both flags have fallen and "
                       "which first cannot be established. If another clock is in use and "
                       "shows both down, type both-flags last or both-flags earlier; "
                       "otherwise flag rules on the station's clock (Art. 6.9)"),
                    {{"shown", flags.empty() ? tr("no flag down")
                                             : format(tr("only {side}'s flag down"),
                                                      {{"side", text::side(flags.front().side)}})},
                     {"clocks", text::clocks(s_.clock.remaining(core::WHITE, time),
                                             s_.clock.remaining(core::BLACK, time))}}));
    return;
  }
  // III.3.1: the order cannot be established on the clock in use, which is not the station's;
  // the arbiter says which period it is.
  const bool last = *c.last_period;
  const std::string shown = flags.empty()
                                ? tr("no flag down on the station's clock")
                                : format(tr("only {side}'s flag down on the station's clock"),
                                         {{"side", text::side(flags.front().side)}});
  if (last) {
    core::Game game = s_.game();
    if (auto ended = game.both_flags_fallen(); !ended) {
      s_.print(time, "both-flags: " + text::game_error(ended.error()));
      return;
    }
    s_.print(time, format(tr("both flags have fallen and which first cannot be established "
                             "({shown}); in the last period the game is drawn "
                             "(Guidelines III.3.1.2)"),
                          {{"shown", shown}}));
    flow_.end_game(game.end(), time);
    return;
  }
  rec::Note note{NoteKind::BothFlags,
                 s_.timeline(time),
                 core::SQ_NONE,
                 static_cast<int>(s_.game().ply_count()),
                 {}};
  if (auto recorded = s_.commit(note, time); !recorded) {
    s_.print(time, "both-flags: " + recorded.error().message);
    return;
  }
  flow_.write_exports(time);
  flow_.write_touch_log(time);
  // TRANSLATORS: adjust is a console command: keep it.
  s_.print(time, format(tr("both flags have fallen and which first cannot be established "
                           "({shown}); not in the last period, the game goes on (Guidelines "
                           "III.3.1.1): set the clocks with adjust (Art. 6.10.2)"),
                        {{"shown", shown}}));
}

void ArbiterDesk::on(const cmd::Touch& c, TimePoint time) {
  flow_.sighted_touch(c.square, time);
}

void ArbiterDesk::on(const cmd::DrawOffer& c, TimePoint time) {
  if (refused_after_end("draw-offer", time)) return;
  // Art. 9.1.2.1: the offer comes after the offerer's move; the station presses the clock itself
  // when the move is made, so by default it is the player who moved last.
  const auto& game = s_.game();
  // D.2.11: on his own keypad the sighted player offers for himself only.
  const core::Color sighted = ~s_.vi_color;
  if (source_ == InputSource::Keypad && c.by && *c.by != sighted) {
    s_.refuse(time,
              format(tr("draw-offer: on his keypad {side} offers a draw for himself only "
                        "(Art. 9.1.2)"),
                     {{"side", text::side(sighted)}}),
              speech::Refusal::Other);
    return;
  }
  const core::Color by = source_ == InputSource::Keypad ? sighted
                         : c.by                         ? *c.by
                         : game.ply_count() > 0         ? ~game.position().side_to_move()
                                                        : game.position().side_to_move();
  rec::DrawOffer offer{by, s_.timeline(time), static_cast<int>(game.ply_count())};
  if (auto recorded = s_.commit(offer, time); !recorded) {
    s_.print(time, "draw-offer: " + recorded.error().message);
    return;
  }
  flow_.write_exports(time);
  // Said privately to the VI player with who offered it (Art. 9.1.2).
  s_.say(speech::phrase_draw_offer(s_.language, by), Route::Private, time);
  // D.2.11: the VI player's offer (his menu, his voice) is a question to the sighted player,
  // who may have no assistant to read the console: it reaches him where he is, in his language
  // (his keypad's terminal, else said publicly), as a question about his entry does.
  if (by == s_.vi_color)
    s_.to_opponent(
        [by] {
          return format(tr("{side} offers you a draw (Art. 9.1.2); playing on declines it "
                           "(Art. 9.1.2.3)"),
                        {{"side", text::side(by)}});
        },
        speech::phrase_draw_offer(s_.opponent_language, by), time);
  // TRANSLATORS: draw-accept and draw-decline are console commands: keep them as they are.
  s_.print(time, format(tr("{side} offers a draw (Art. 9.1.2; marked (=) on the scoresheet, "
                           "Art. 9.1.2.2); {opponent} accepts with draw-accept, declines with "
                           "draw-decline or by playing on"),
                        {{"side", text::side(by)}, {"opponent", text::side(~by)}}));
}

bool ArbiterDesk::refused_own_offer(std::string_view command, core::Color offered_by,
                                    TimePoint time) {
  const core::Color answering = source_ == InputSource::Keypad ? ~s_.vi_color
                                : is_players_own(source_)      ? s_.vi_color
                                                               : ~offered_by;
  if (answering != offered_by) return false;
  s_.refuse(time,
            format(tr("{command}: the draw offer is {side}'s own; only {opponent} accepts or "
                      "declines it (Art. 9.1.2)"),
                   {{"command", std::string(command)},
                    {"side", text::side(offered_by)},
                    {"opponent", text::side(~offered_by)}}),
            speech::Refusal::NoDrawOffer);
  return true;
}

void ArbiterDesk::on(const cmd::DrawAccept&, TimePoint time) {
  if (refused_after_end("draw-accept", time)) return;
  if (!s_.record.open_draw_offer()) {
    s_.refuse(time, tr("draw-accept: no draw has been offered (Art. 9.1.2)"),
              speech::Refusal::NoDrawOffer);
    return;
  }
  if (refused_own_offer("draw-accept", *s_.record.open_draw_offer(), time)) return;
  core::Game game = s_.game();
  if (auto ended = game.agree_draw(); !ended) {
    s_.print(time, "draw-accept: " + text::game_error(ended.error()));
    return;
  }
  flow_.end_game(game.end(), time);
}

void ArbiterDesk::on(const cmd::DrawDecline&, TimePoint time) {
  const auto offer = s_.record.open_draw_offer();
  if (!offer) {
    s_.refuse(time, tr("draw-decline: no draw offer is open (Art. 9.1.2)"),
              speech::Refusal::NoDrawOffer);
    return;
  }
  if (refused_own_offer("draw-decline", *offer, time)) return;
  if (auto recorded = s_.commit(rec::DrawDecline{~*offer, s_.timeline(time)}, time); !recorded) {
    s_.print(time, "draw-decline: " + recorded.error().message);
    return;
  }
  s_.print(time, format(tr("{side} declines the draw offer (Art. 9.1.2.3); play goes on"),
                        {{"side", text::side(~*offer)}}));
}

void ArbiterDesk::on(const cmd::DrawClaim& c, TimePoint time) {
  if (refused_after_end("draw-claim", time)) return;
  const core::Position before = s_.game().position();
  // Art. 9.2, 9.3: the player to move claims; the VI player's own keys or voice claim for him.
  if (refused_out_of_turn("draw-claim", "Art. 9.2, 9.3", time)) return;
  std::optional<core::Move> intended;
  if (!c.intended.empty()) {
    auto move = core::read_move(before, c.intended);
    if (!move) {
      s_.refuse(time, "draw-claim: " + text::move_read_error(move.error()),
                speech::Refusal::NotLegal);
      return;
    }
    intended = *move;
  }
  core::Game game = s_.game();
  if (auto claimed = game.claim_draw(intended); !claimed) {
    reject_claim(s_.game(), intended, text::game_error(claimed.error()), time);
    return;
  }
  if (intended) {
    // Art. 9.2.1.1: the intended move, written and declared, is part of the game record.
    rec::Move entry;
    entry.ply = static_cast<int>(s_.game().ply_count()) + 1;
    entry.move = *intended;
    entry.san = core::to_san(before, *intended);
    entry.at = s_.timeline(time);
    entry.white_left = std::chrono::duration_cast<Millis>(s_.clock.remaining(core::WHITE, time));
    entry.black_left = std::chrono::duration_cast<Millis>(s_.clock.remaining(core::BLACK, time));
    entry.by = MoveSource::DrawClaim;
    if (auto recorded = s_.commit(entry, time); !recorded) {
      s_.print(time, "draw-claim: " + recorded.error().message);
      return;
    }
  }
  // D.2.3: the intended move completed on the VI player's pegboard and not announced is not made;
  // the final position is the one before it, and his pieces go back to it.
  const bool held =
      intended && before.side_to_move() == s_.vi_color && s_.pegboard.completed_move() == intended;
  flow_.end_game(game.end(), time);
  if (held) flow_.restore_after_claim(before, time);
}

void ArbiterDesk::reject_claim(const core::Game& game, std::optional<core::Move> intended,
                               const std::string& fallback_why, TimePoint time) {
  const core::Position before = game.position();
  const core::Color claimant = before.side_to_move();
  const auto why = game.incorrect_claim(intended);  // Art. 9.5: the facts, before the claim
  // Art. 9.5.3: an incorrect claim gives the opponent two minutes (B.2: one in blitz); the game
  // goes on, and an intended move must then be made (Art. 3, 4).
  const core::GameTypeRules rules = game_rules(s_.record.header());
  if (auto added =
          s_.clock.add_time(~claimant, rules.penalty(), time, "incorrect claim, Art. 9.5.3");
      !added)
    s_.print(time, "clock: " + text::clock_error(added.error()));
  const bool legal = intended && core::legal_moves(before).contains(*intended);
  const std::string intended_san = legal ? core::to_san(before, *intended) : std::string();
  rec::Clock entry;
  entry.reason = ClockReason::Claim;
  entry.by = claimant;
  entry.intended = intended_san;
  s_.clocks_changed(std::move(entry), time);
  std::string rejected = format(
      rules.type == core::GameType::Blitz
          ? tr("draw-claim rejected: {why}. One minute added to {side}'s clock (Art. 9.5.3, "
               "B.2)")
          : tr("draw-claim rejected: {why}. Two minutes added to {side}'s clock (Art. 9.5.3)"),
      {{"why", why ? text::incorrect_claim(*why, before) : fallback_why},
       {"side", text::side(~claimant)}});
  if (legal)
    rejected += format(tr("; {side}'s intended move {move} is made (Art. 9.5.3)"),
                       {{"side", text::side(claimant)}, {"move", intended_san}});
  s_.print(time, rejected);
  // The claimant hears the decision, whoever he is (D.2.11: no assistant to tell him).
  s_.say(speech::phrase_claim_rejected(s_.language, ~claimant), Route::Private, time);
  if (!legal) return;
  // Art. 9.5.3: the intended move is made. Completed on the VI player's pegboard and held
  // unannounced (D.2.3), it is announced now; written only, it is made and announced, and the VI
  // player executes it on his pegboard (D.2.1).
  if (claimant == s_.vi_color && s_.pegboard.completed_move() == intended)
    flow_.announce_held(time);
  else
    flow_.enter_move(*intended, time, MoveSource::DrawClaim);
}

void ArbiterDesk::on(const cmd::Resign& c, TimePoint time) {
  if (refused_after_end("resign", time)) return;
  core::Game game = s_.game();
  if (auto ended = game.resign(c.side); !ended) {
    s_.print(time, "resign: " + text::game_error(ended.error()));
    return;
  }
  flow_.end_game(game.end(), time);
}

void ArbiterDesk::on(const cmd::Pause&, TimePoint time) {
  if (auto done = s_.clock.pause(time, "arbiter"); !done) {
    s_.print(time, "pause: " + text::clock_error(done.error()));
    return;
  }
  s_.clocks_changed(ClockReason::Pause, time);
  s_.print(time, tr("clocks paused (Art. 6.11.1)"));
}

void ArbiterDesk::on(const cmd::Continue&, TimePoint time) {
  if (s_.record.adjourned()) {
    // TRANSLATORS: open-envelope is a console command: keep it as it is.
    s_.print(time, tr("continue: the game is adjourned; open the envelope first (open-envelope), "
                      "which makes the sealed move and starts the clock (Guidelines I.9.1)"));
    return;
  }
  if (auto done = s_.clock.resume(time); !done) {
    s_.print(time, "continue: " + text::clock_error(done.error()));
    return;
  }
  s_.clocks_changed(ClockReason::Resume, time);
  s_.print(time, tr("clocks running (Art. 6.11.1)"));
  flow_.clocks_resumed(time);
}

void ArbiterDesk::on(const cmd::Adjust& c, TimePoint time) {
  for (const auto& [side, value] : {std::pair{core::WHITE, c.white}, {core::BLACK, c.black}})
    if (auto set = s_.clock.set_remaining(side, value, time, "arbiter, Art. 6.10.2"); !set) {
      s_.print(time, "adjust: " + text::clock_error(set.error()));
      return;
    }
  s_.clocks_changed(ClockReason::Adjust, time);
  s_.print(time, format(tr("clocks set: {clocks} (Art. 6.10.2)"),
                        {{"clocks", text::clocks(c.white, c.black)}}));
  s_.flags_reported = 0;
}

void ArbiterDesk::on(const cmd::Penalty& c, TimePoint time) {
  if (refused_after_end("penalty", time)) return;
  // Without minutes, the game type's penalty: two minutes (Art. 7.5.5), one in blitz (B.2).
  const std::chrono::seconds added_time =
      c.time.count() > 0 ? c.time : std::chrono::seconds(game_rules(s_.record.header()).penalty());
  if (auto added = s_.clock.add_time(c.side, added_time, time, "penalty, Art. 12.9"); !added) {
    s_.print(time, "penalty: " + text::clock_error(added.error()));
    return;
  }
  s_.clocks_changed(ClockReason::Penalty, time);
  const auto minutes = std::chrono::duration_cast<std::chrono::minutes>(added_time).count();
  s_.print(time, format(tr_n("{n} minute added to {side}'s clock (Art. 12.9)",
                             "{n} minutes added to {side}'s clock (Art. 12.9)",
                             static_cast<unsigned long>(minutes)),
                        {{"n", std::to_string(minutes)}, {"side", text::side(c.side)}}));
}

bool ArbiterDesk::refused_illegal_move(const cmd::IllegalMove& c, TimePoint time) {
  const std::string word = c.side == core::WHITE ? "white" : "black";
  // Art. 7.5.1: the station never takes an illegal move, so the player who completed one is still
  // the player to move on it; a move it recorded that was played otherwise is D.2.9's matter.
  if (s_.game().position().side_to_move() != c.side) {
    // TRANSLATORS: reconcile is a console command: keep it.
    s_.print(time, format(tr("illegal-move: {side} is not to move. The station never takes an "
                             "illegal move, so the player who completed one is still to move "
                             "(Art. 7.5.1); if a move it recorded was played otherwise on a "
                             "board, use reconcile (D.2.9)"),
                          {{"side", text::side(c.side)}}));
    return true;
  }
  // Art. 7.5.5 counts completed illegal moves: one typed twice (a double Enter, two people
  // typing) must not count as two. A second one at the same point, no move made since, is
  // taken only when the arbiter says so.
  const int ply = static_cast<int>(s_.game().ply_count());
  const auto& penalised = s_.record.illegal_moves();
  const bool here = std::any_of(penalised.begin(), penalised.end(),
                                [&](const auto& e) { return e.by == c.side && e.ply == ply; });
  if (here && !c.again) {
    // TRANSLATORS: {command} is a console command: keep it.
    s_.print(time, format(tr("illegal-move: {side}'s illegal move at this point was penalised "
                             "already, and no move has been made since; if {side} completed "
                             "another one, type {command} again (Art. 7.5.5)"),
                          {{"side", text::side(c.side)}, {"command", "illegal-move " + word}}));
    return true;
  }
  return false;
}

void ArbiterDesk::second_illegal_move(const cmd::IllegalMove& c, const std::string& rule,
                                      TimePoint time) {
  // Art. 7.5.5: the second completed illegal move loses, unless the opponent cannot checkmate
  // by any series of legal moves: then a draw. Where the analysis gives up, the arbiter rules.
  std::optional<bool> can_mate = c.opponent_can_mate;
  if (!can_mate) {
    const auto verdict = core::analyse_mate(s_.game().position(), ~c.side).verdict;
    if (verdict != core::Winnability::Unknown) can_mate = verdict == core::Winnability::Winnable;
  }
  if (!can_mate) {
    const std::string typed = std::string("illegal-move ") +
                              (c.side == core::WHITE ? "white" : "black") +
                              (c.again ? " again" : "");
    // TRANSLATORS: {command} is a console command; win and draw its words: keep them.
    s_.print(time, format(tr("illegal-move: {side}'s second completed illegal move loses the "
                             "game unless {opponent} cannot checkmate by any series of legal "
                             "moves, which the station could not decide (the analysis gave "
                             "up): the arbiter rules with {command} win or {command} draw "
                             "({rule})"),
                          {{"side", text::side(c.side)},
                           {"opponent", text::side(~c.side)},
                           {"command", typed},
                           {"rule", rule}}));
    return;
  }
  core::Game game = s_.game();
  if (auto ended = game.second_illegal_move(c.side, *can_mate, rule); !ended) {
    s_.print(time, "illegal-move: " + text::game_error(ended.error()));
    return;
  }
  s_.print(
      time,
      format(*can_mate ? tr("{side}'s second completed illegal move: {side} loses the "
                            "game ({rule})")
                       : tr("{side}'s second completed illegal move: {opponent} "
                            "cannot checkmate by any series of legal moves, so the "
                            "game is drawn ({rule})"),
             {{"side", text::side(c.side)}, {"opponent", text::side(~c.side)}, {"rule", rule}}));
  flow_.end_game(game.end(), time);
}

void ArbiterDesk::on(const cmd::IllegalMove& c, TimePoint time) {
  if (refused_after_end("illegal-move", time)) return;
  const core::GameTypeRules rules = game_rules(s_.record.header());
  // Rapid and blitz under A.4 (B.4 through A.4): the arbiter acts by Art. 7.5.5 (A.4.2).
  const std::string rule = !rules.competition_rules() ? "Art. 7.5.5, A.4.2" : "Art. 7.5.5";
  if (refused_illegal_move(c, time)) return;
  if (s_.record.made_illegal_move(c.side)) {
    second_illegal_move(c, rule, time);
    return;
  }
  // Art. 7.5.1-7.5.4: the position before the illegal move is the station's (it never took the
  // move); Art. 7.5.5: the opponent gets the game type's penalty (B.2: one minute in blitz).
  const std::chrono::minutes added = rules.penalty();
  if (auto given = s_.clock.add_time(~c.side, added, time, "illegal move, Art. 7.5.5"); !given) {
    s_.print(time, "illegal-move: " + text::clock_error(given.error()));
    return;
  }
  s_.clocks_changed(ClockReason::IllegalMove, time, c.side);
  flow_.write_exports(time);
  flow_.write_touch_log(time);
  s_.print(
      time,
      format(tr_n("{side}'s first completed illegal move: the position before it stands on "
                  "the station (Art. 7.5.1); {n} minute added to {opponent}'s clock ({rule}); "
                  "a second one loses the game",
                  "{side}'s first completed illegal move: the position before it stands on "
                  "the station (Art. 7.5.1); {n} minutes added to {opponent}'s clock ({rule}); "
                  "a second one loses the game",
                  static_cast<unsigned long>(added.count())),
             {{"side", text::side(c.side)},
              {"opponent", text::side(~c.side)},
              {"n", std::to_string(added.count())},
              {"rule", rule}}));
  s_.show_clock(time);
  s_.flags_reported = 0;
}

namespace {

// Guidelines III.4, III.5: the player to move may ask only with less than two minutes left.
constexpr std::chrono::minutes kQuickplayLimit{2};
constexpr std::chrono::seconds kQuickplayIncrement{5};
constexpr std::chrono::minutes kQuickplayExtra{2};

bool has_increment_or_delay(const core::TimeControl& control) {
  for (const core::Period& period : control.periods)
    if (period.increment.count() > 0 || period.delay_kind != core::DelayKind::None) return true;
  return false;
}

}  // namespace

bool ArbiterDesk::refused_outside_guidelines_iii(std::string_view command, std::string_view rule,
                                                 TimePoint time) {
  const auto refuse = [&](std::string message) {
    s_.print(time, message);
    return true;
  };
  // III.2.1: only where the event announced them in advance.
  if (!s_.record.header().quickplay_guidelines)
    return refuse(format(tr("{command}: Guidelines III were not announced for this event "
                            "(game.quickplay_guidelines); they apply only where announced in "
                            "advance (Guidelines III.2.1, {rule})"),
                         {{"command", std::string(command)}, {"rule", std::string(rule)}}));
  const auto& control = s_.clock.control();
  if (control.kind == core::TimeControl::Kind::Periods && has_increment_or_delay(control))
    return refuse(
        format(tr("{command}: the time control already has an increment or a delay; Guidelines "
                  "III applies to games without increment only (Guidelines III.2.2, "
                  "{rule})"),
               {{"command", std::string(command)}, {"rule", std::string(rule)}}));
  // III.2.2: standard and rapid games only.
  if (game_rules(s_.record.header()).type == core::GameType::Blitz)
    return refuse(format(tr("{command}: this is a blitz game (B.1); Guidelines III applies to "
                            "standard and rapid games only (Guidelines III.2.2)"),
                         {{"command", std::string(command)}}));
  return false;
}

bool ArbiterDesk::refused_quickplay(std::string_view command, std::string_view rule, TimePoint time,
                                    bool unsupervised) {
  if (refused_after_end(command, time)) return true;
  const auto refuse = [&](std::string message) {
    s_.print(time, message);
    return true;
  };
  // Guidelines III.6: with no arbiter at the board the player claims himself (unsupervised-claim);
  // with one, III.4 and III.5 apply instead.
  if (!unsupervised && !s_.record.header().arbiter_present)
    return refuse(format(tr("{command}: no arbiter supervises this game (game.arbiter_present); "
                            "a player with less than two minutes claims a draw with "
                            "unsupervised-claim (Guidelines III.6.1, not {rule})"),
                         {{"command", std::string(command)}, {"rule", std::string(rule)}}));
  if (unsupervised && s_.record.header().arbiter_present)
    return refuse(format(tr("{command}: an arbiter supervises this game; he decides the draw claim "
                            "with quickplay-claim (Guidelines III.5, not {rule})"),
                         {{"command", std::string(command)}, {"rule", std::string(rule)}}));
  if (refused_outside_guidelines_iii(command, rule, time)) return true;
  const core::Color mover = s_.game().position().side_to_move();
  const auto& control = s_.clock.control();
  if (control.kind != core::TimeControl::Kind::Periods)
    return refuse(format(tr("{command}: the station keeps no time; only games without increment "
                            "on the station's clock ({rule})"),
                         {{"command", std::string(command)}, {"rule", std::string(rule)}}));
  // III.1: only in the last period, where all remaining moves must be made.
  const int completed = s_.clock.moves_completed(mover);
  if (!control.in_last_period(completed))
    return refuse(format(tr_n("{command}: {side} still has {n} move to make before the time "
                              "control; only in the last period, where all remaining moves must "
                              "be made (Guidelines III.1, {rule})",
                              "{command}: {side} still has {n} moves to make before the time "
                              "control; only in the last period, where all remaining moves must "
                              "be made (Guidelines III.1, {rule})",
                              static_cast<unsigned long>(control.moves_to_time_control(completed))),
                         {{"command", std::string(command)},
                          {"side", text::side(mover)},
                          {"n", std::to_string(control.moves_to_time_control(completed))},
                          {"rule", std::string(rule)}}));
  const auto left = s_.clock.remaining(mover, time);
  if (left >= kQuickplayLimit)
    return refuse(format(tr("{command}: {side}, to move, has {left}, not less than two minutes; "
                            "nothing is changed ({rule})"),
                         {{"command", std::string(command)},
                          {"side", text::side(mover)},
                          {"left", core::format_hms(left)},
                          {"rule", std::string(rule)}}));
  return false;
}

void ArbiterDesk::on(const cmd::Increment&, TimePoint time) {
  if (refused_quickplay("increment", "Guidelines III.4", time)) return;
  const core::Color mover = s_.game().position().side_to_move();
  // III.4: the request is also an offer of a draw; the increment is given once the opponent has
  // declined it and the arbiter agrees (which is what this command says).
  if (s_.record.open_draw_offer()) {
    s_.print(time, tr("increment: a draw offer is open; it is accepted or declined first "
                      "(Art. 9.1.2, Guidelines III.4)"));
    return;
  }
  const rec::DrawOffer offer{mover, s_.timeline(time), static_cast<int>(s_.game().ply_count())};
  if (auto recorded = s_.commit(offer, time); !recorded) {
    s_.print(time, "increment: " + recorded.error().message);
    return;
  }
  if (auto recorded = s_.commit(rec::DrawDecline{~mover, s_.timeline(time)}, time); !recorded) {
    s_.print(time, "increment: " + recorded.error().message);
    return;
  }
  if (auto added = s_.clock.add_increment(kQuickplayIncrement, time, "increment, Guidelines III.4");
      !added) {
    s_.print(time, "increment: " + text::clock_error(added.error()));
    return;
  }
  if (auto added = s_.clock.add_time(~mover, kQuickplayExtra, time, "Guidelines III.4"); !added)
    s_.print(time, "increment: " + text::clock_error(added.error()));
  rec::Clock entry;
  entry.reason = ClockReason::Increment;
  entry.increment = kQuickplayIncrement;
  entry.by = mover;
  s_.clocks_changed(std::move(entry), time);
  flow_.write_exports(time);
  flow_.write_touch_log(time);
  s_.print(time, format(tr("{side}'s request is also a draw offer, declined by {opponent} "
                           "(Guidelines III.4; marked (=) by {side}'s next move); five seconds' "
                           "increment for both players from now on; two minutes added to "
                           "{opponent}'s clock (Guidelines III.4)"),
                        {{"side", text::side(mover)}, {"opponent", text::side(~mover)}}));
  s_.flags_reported = 0;
}

void ArbiterDesk::on(const cmd::QuickplayClaim& c, TimePoint time) {
  // III.5.2: a postponed claim is decided later, whatever the clocks show by then.
  if (s_.record.postponed_claim()) {
    decide_postponed_claim(c.decision, time);
    return;
  }
  if (refused_quickplay("quickplay-claim", "Guidelines III.5", time)) return;
  const core::Color claimant = s_.game().position().side_to_move();
  if (c.decision == cmd::QuickplayDecision::Accepted) {
    // III.5.1: the opponent cannot win, or makes no effort to win, by normal means.
    uphold_claim(claimant, "Guidelines III.5.1", time);
    return;
  }
  // III.5.2: postponed, the opponent may be given two minutes; III.5.3: refused, he is.
  const bool postponed = c.decision == cmd::QuickplayDecision::Postponed;
  const char* rule = postponed ? "Guidelines III.5.2" : "Guidelines III.5.3";
  if (auto added = s_.clock.add_time(~claimant, kQuickplayExtra, time, rule); !added) {
    s_.print(time, "quickplay-claim: " + text::clock_error(added.error()));
    return;
  }
  s_.clocks_changed(postponed ? ClockReason::ClaimPostponed : ClockReason::ClaimRefused, time,
                    claimant);
  flow_.write_exports(time);
  flow_.write_touch_log(time);
  // TRANSLATORS: quickplay-claim, accepted and refused are the console's words: keep them.
  s_.print(time, format(postponed ? tr("{side}'s draw claim: decision postponed; two minutes added "
                                       "to {opponent}'s clock and play goes on (Guidelines "
                                       "III.5.2); decide it later with quickplay-claim accepted "
                                       "or refused")
                                  : tr("{side}'s draw claim refused; two minutes added to "
                                       "{opponent}'s clock (Guidelines III.5.3)"),
                        {{"side", text::side(claimant)}, {"opponent", text::side(~claimant)}}));
}

void ArbiterDesk::uphold_claim(core::Color claimant, std::string_view rule, TimePoint time) {
  core::Game game = s_.game();
  const std::string reason = std::string(claimant == core::WHITE ? "White" : "Black") +
                             "'s draw claim with less than two minutes left upheld";
  if (auto ended = game.arbiter_decision(core::GameResult::Draw, reason, std::string(rule));
      !ended) {
    s_.print(time, "quickplay-claim: " + text::game_error(ended.error()));
    return;
  }
  flow_.end_game(game.end(), time);
}

void ArbiterDesk::decide_postponed_claim(cmd::QuickplayDecision decision, TimePoint time) {
  if (refused_after_end("quickplay-claim", time)) return;
  const QuickplayEvent claim = *s_.record.postponed_claim();
  const std::string side = text::side(claim.by);
  const std::string at = core::format_hms(claim.at);
  switch (decision) {
    case cmd::QuickplayDecision::Postponed:
      // TRANSLATORS: accepted and refused are the command's arguments: keep them.
      s_.print(time, format(tr("quickplay-claim: {side}'s draw claim is postponed already (at "
                               "{at}); decide it with accepted or refused (Guidelines III.5.2)"),
                            {{"side", side}, {"at", at}}));
      return;
    case cmd::QuickplayDecision::Accepted:
      // III.5.2: a draw if the opponent of the player whose flag fell cannot win, or makes no
      // effort to win, by normal means.
      uphold_claim(claim.by, "Guidelines III.5.2", time);
      return;
    case cmd::QuickplayDecision::Refused:
      break;
  }
  // The two minutes came with the postponement: no time changes now.
  s_.clocks_changed(ClockReason::ClaimRefused, time, claim.by);
  flow_.write_exports(time);
  flow_.write_touch_log(time);
  s_.print(time, format(tr("{side}'s draw claim (postponed at {at}) refused; the clocks stay as "
                           "they are (Guidelines III.5.2)"),
                        {{"side", side}, {"at", at}}));
  // Art. 6.9: a flag that fell while the decision waited now counts.
  const auto flags = s_.clock.flags(time);
  if (!flags.empty() && flags.front().side == claim.by) rule_on_flag(flags.front().side, time);
}

void ArbiterDesk::on(const cmd::Reconcile&, TimePoint time) {
  flow_.reconcile_now(time);
}

void ArbiterDesk::on(const cmd::Adjourn& c, TimePoint time) {
  if (refused_after_end("adjourn", time)) return;
  // Guidelines I.1.1: the player to move seals his move; it must be a legal move written
  // unambiguously (I.8: an ambiguous or illegal sealed move loses the game), so the station
  // refuses anything else before anything is sealed.
  const core::Position before = s_.game().position();
  // Guidelines I.1.1: the player to move seals; the VI player's own keys seal for him.
  if (refused_out_of_turn("adjourn", "Guidelines I.1.1", time)) return;
  auto move = s_.parser.parse(before, c.sealed);
  if (!move) {
    s_.refuse(time,
              format(tr("adjourn: the sealed move \"{sealed}\" is not a legal move written "
                        "unambiguously: {why}; nothing is sealed (Guidelines I.8)"),
                     {{"sealed", c.sealed},
                      {"why", text::heard_move_error(move.error(), c.sealed, before)}}),
              speech::Refusal::NotLegal);
    return;
  }
  if (auto paused = s_.clock.pause(time, "adjourned"); !paused && !s_.clock.paused())
    s_.print(time, "adjourn: " + text::clock_error(paused.error()));
  rec::Adjourn entry;
  entry.sealed = c.sealed;
  entry.move = *move;
  entry.by = before.side_to_move();
  entry.at = s_.timeline(time);
  entry.white_left = std::chrono::duration_cast<Millis>(s_.clock.remaining(core::WHITE, time));
  entry.black_left = std::chrono::duration_cast<Millis>(s_.clock.remaining(core::BLACK, time));
  entry.utc = utc_time_text(s_.wall_now());  // Guidelines I.2: the time of day, signed in the seal
  if (auto recorded = s_.commit(entry, time); !recorded) {
    s_.print(time, "adjourn: " + recorded.error().message);
    return;
  }
  s_.show_clock(time);
  envelope(before, time);
  s_.request_seal("adjourn", time);  // D.2.7, Guidelines I
  s_.finished = true;
}

void ArbiterDesk::envelope(const core::Position& before, TimePoint time) {
  // Guidelines I.2: what the envelope must show.
  const auto& h = s_.record.header();
  const auto& game = s_.game();
  const auto& adjourned = *s_.record.adjourned();
  const std::size_t ply = game.ply_count();
  const std::string date = h.date.empty() ? tr("(date not set)") : h.date;
  // TRANSLATORS: the adjournment envelope (Guidelines I.2), one line each; the two-space indent
  // stays. open-envelope is a console command and `annabella play --resume` a command line.
  std::string lines = tr("adjourned (Guidelines I). Envelope:") + std::string("\n");
  lines +=
      format(tr("  White: {white}; Black: {black}"), {{"white", core::escape_controls(h.white)},
                                                      {"black", core::escape_controls(h.black)}}) +
      "\n";
  lines += format(tr("  event: {event}, round {round}, board {board}"),
                  {{"event", core::escape_controls(h.event)},
                   {"round", h.round},
                   {"board", std::to_string(h.board)}}) +
           "\n";
  // Guidelines I.2.3: the date and time of the adjournment: the time of day (UTC, as the seal
  // signs it) and the game's own time.
  if (adjourned.utc.empty())
    lines += format(tr("  adjourned on {date} at {time} into the game"),
                    {{"date", date}, {"time", core::format_hms(adjourned.at)}}) +
             "\n";
  else
    lines +=
        format(tr("  adjourned at {utc} (time of day, UTC), {time} into the game; game date "
                  "{date}"),
               {{"utc", adjourned.utc}, {"time", core::format_hms(adjourned.at)}, {"date", date}}) +
        "\n";
  lines += format(tr("  position before the sealed move: {fen}"), {{"fen", before.fen()}}) + "\n";
  lines += format(tr("  sealed move number: {number}({side} to move)"),
                  {{"number", text::move_number(game.start_position(), ply)},
                   {"side", text::side(adjourned.by)}}) +
           "\n";
  lines += format(tr("  clocks: {clocks}"),
                  {{"clocks", text::clocks(adjourned.white_left, adjourned.black_left)}}) +
           "\n";
  lines +=
      format(tr("  sealed by: {side} ({name})"),
             {{"side", text::side(adjourned.by)},
              {"name", core::escape_controls(adjourned.by == core::WHITE ? h.white : h.black)}}) +
      "\n";
  if (const auto offer = s_.record.open_draw_offer())
    lines += format(tr("  draw offer: by {side}, still open (Guidelines I.2.6)"),
                    {{"side", text::side(*offer)}}) +
             "\n";
  lines += tr("  resumption: date, time and place set by the arbiter (Guidelines I.2.7)") +
           std::string("\n");
  // Guidelines I.2, I.9.1: the sealed move stays secret until the envelope is opened at
  // resumption; the console is shared, so it is never printed here. The journal keeps it (the
  // resumption needs it): the arbiter keeps the journal like the envelope (docs/record.md).
  lines += tr("  sealed move: a legal move was sealed; it is not shown. It is in the envelope "
              "and in the record folder's game.journal, which the arbiter keeps like the "
              "envelope until it is opened (Guidelines I.9.1)") +
           std::string("\n");
  lines += tr("Resume with `annabella play --resume`; the arbiter then types open-envelope.");
  s_.print(time, lines);
}

void ArbiterDesk::on(const cmd::OpenEnvelope&, TimePoint time) {
  const auto adjourned = s_.record.adjourned();
  if (!adjourned) {
    s_.print(time, tr("open-envelope: the game is not adjourned"));
    return;
  }
  if (adjourned->move.is_none()) {
    s_.print(time, format(tr("open-envelope: the sealed move \"{sealed}\" is not a legal move "
                             "here; the arbiter decides (Guidelines I.8)"),
                          {{"sealed", adjourned->sealed}}));
    return;
  }
  // Guidelines I.9.1: the envelope is opened, the sealed move made on the board and announced,
  // and the clock of the player who replies to it started.
  const core::Move move = adjourned->move;
  s_.print(time, format(tr("envelope opened: the sealed move is {sealed} (Guidelines I.9.1)"),
                        {{"sealed", adjourned->sealed}}));
  if (!flow_.enter_move(move, time, MoveSource::Sealed)) return;
  if (!s_.game().is_over() && s_.clock.paused()) {
    if (auto resumed = s_.clock.resume(time); !resumed) {
      s_.print(time, "open-envelope: " + text::clock_error(resumed.error()));
      return;
    }
    s_.clocks_changed(ClockReason::Resume, time);
    s_.print(time, format(tr("clocks running: {side}'s clock (Guidelines I.9.1)"),
                          {{"side", text::side(s_.game().position().side_to_move())}}));
  }
}

void ArbiterDesk::on(const cmd::TakeBack& c, TimePoint time) {
  // Art. 7, D.2.9: a game-ending wrong move (a mistyped move giving mate) is corrected with the
  // end it made; an end made by the players or the arbiter is not undone by a take-back.
  if (!s_.game().ended_by_last_move() && refused_after_end("takeback", time)) return;
  flow_.take_back(c.count, c.arbiter, c.reason, time);  // D.2.8, D.2.9
}

void ArbiterDesk::on(const cmd::CallArbiter&, TimePoint time) {
  rec::Note note{NoteKind::ArbiterCalled,
                 s_.timeline(time),
                 core::SQ_NONE,
                 static_cast<int>(s_.game().ply_count()),
                 {}};
  if (auto recorded = s_.commit(note, time); !recorded)
    s_.print(time, "record: " + recorded.error().message);
  flow_.write_touch_log(time);
  if (s_.record.header().arbiter_present) {
    s_.print(time, format(tr("ARBITER CALLED to the board (by {source})"),
                          {{"source", std::string(input_source_name(source_))}}));
    return;
  }
  // Guidelines III.6 (game.arbiter_present = false): no arbiter supervises the game, so none is
  // called to the board. The call is kept for the arbiter the game is referred to (III.6.2), and
  // both players are told that none is present and to call the organiser.
  s_.print(time, format(tr("CALL FOR THE ARBITER (by {source}): no arbiter supervises this game "
                           "(game.arbiter_present = false, Guidelines III.6); call the organiser. "
                           "The call is recorded for the arbiter the game is referred to "
                           "(III.6.2)"),
                        {{"source", std::string(input_source_name(source_))}}));
  s_.say(speech::phrase_no_arbiter(s_.vocabulary.own_language()), Route::Public, time);
  s_.say(speech::phrase_no_arbiter(s_.language), Route::Private, time);
}

void ArbiterDesk::on(const cmd::Status&, TimePoint time) {
  requests::status(s_, time);
}

void ArbiterDesk::on(const cmd::Quit&, TimePoint time) {
  s_.print(time, format(tr("stopping; the record is kept in {folder} (`annabella play --resume` "
                           "continues)"),
                        {{"folder", s_.folder().string()}}));
  s_.request_seal("stop", time);  // D.2.7
  s_.finished = true;
}

void ArbiterDesk::on(const cmd::Talk&, TimePoint time) {
  // Handled by the voice input when push-to-talk is on (app/voice_station.h); here it is not.
  s_.refuse(time, tr("talk: push-to-talk is off (voice.push_to_talk) or there is no voice input"),
            speech::Refusal::NoPushToTalk);
}

}  // namespace annabella::app
