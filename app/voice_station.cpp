#include "app/voice_station.h"

#include <algorithm>
#include <cmath>

#include "app/player_menu_keys.h"
#include "app/voice_requests.h"
#include "app/voice_text.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/text.h"
#include "speech/menu_phrases.h"
#include "speech/voice_grammar.h"

namespace annabella::app {
namespace {

namespace action = voice_text::action;
using config::VoiceConfirm;
using speech::HeardKind;
using speech::VoiceCommandKind;

}  // namespace

void VoiceStation::set_hooks(Hooks hooks) {
  hooks_ = std::move(hooks);
  position_fen_.clear();
  follow_position();
}

bool VoiceStation::running() const {
  return !s_.game().is_over() && !s_.record.adjourned();
}

bool VoiceStation::sighted_to_move() const {
  return running() && s_.game().position().side_to_move() != s_.vi_color;
}

std::optional<core::Move> VoiceStation::waiting_move() const {
  if (!waiting_) return std::nullopt;
  return waiting_->move;
}

bool VoiceStation::waiting_request() const {
  return s_.menu.asking() || s_.menu.claiming_with_move();
}

bool VoiceStation::player_asked() const {
  // His resignation and his answers on a draw are his alone (Art. 5.1.2, 9.1.2): never a spoken
  // word. On the sighted player's turn no question of his is answered by voice either: the
  // sighted player speaks then (his moves, his "ja"). On his own turn nothing of the sighted
  // player's waits, and his claims (the claim with the intended move, "Remis Reklamation
  // Springer Felix drei", "ja", Art. 9.2.1.1; without an arbiter, Guidelines III.6.1) keep their
  // spoken "ja".
  const auto item = s_.menu.asked();
  if (!item) return false;
  using speech::MenuItem;
  if (*item == MenuItem::Resign || *item == MenuItem::OfferDraw || *item == MenuItem::AcceptDraw ||
      *item == MenuItem::DeclineDraw)
    return true;
  return !running() || s_.game().position().side_to_move() != s_.vi_color;
}

void VoiceStation::log(const speech::Heard& heard, const std::string& action, TimePoint time) {
  log_reading(voice_text::reading(heard, s_.game().position()),
              static_cast<int>(std::lround(heard.confidence * 100)),
              speech::margin_text(heard.margin), action, time, speech_began_, decoded_);
}

void VoiceStation::log_reading(const std::string& reading, int percent, const std::string& margin,
                               const std::string& action, TimePoint time, TimePoint began,
                               TimePoint decoded) {
  s_.print(time, voice_text::heard_line(reading, action));
  // Every event carries its time: the journal and the cue list keep the end of the speech (the
  // event's time), its start and when it was decoded.
  rec::Heard entry{s_.timeline(time),
                   s_.timeline(began),
                   s_.timeline(decoded),
                   reading,
                   percent,
                   action,
                   margin};
  if (auto recorded = s_.commit(entry, time); !recorded)
    s_.print(time, "record: " + recorded.error().message);
  if (hooks_.heard)
    hooks_.heard(
        reading + "; " + action + "; " + voice_text::speech_times(time - began, decoded - time),
        time);
}

void VoiceStation::on_heard(const speech::Heard& heard, TimePoint time,
                            std::optional<TimePoint> decoded) {
  tick(time);
  speech_began_ = heard.speech_began == TimePoint{} ? time : heard.speech_began;
  decoded_ = decoded.value_or(time);
  if (own_announcement(heard, time)) return;
  switch (heard.kind) {
    case HeardKind::Move:
      on_move(heard, time);
      return;
    case HeardKind::Command:
      on_command(heard, time);
      return;
    case HeardKind::Unsure:
      if (!running()) {
        log(heard, action::kGameOver, time);
        return;
      }
      if (sighted_to_move()) {
        // One reading is asked as a question ("Eva vier?"): it waits for his "ja" as a read-back
        // move does (D.2.1); two are asked as a choice, none as "Bitte wiederholen".
        std::vector<core::Move> legal;
        for (core::Move m : heard.alternatives)
          if (core::legal_moves(s_.game().position()).contains(m)) legal.push_back(m);
        if (legal.size() == 1) return ask_one_reading(heard, legal.front(), time);
        if (legal.size() > 1) asked_two_at_ = s_.game().ply_count();
      }
      log(heard, action::kAskedAgain, time);
      ask_again(heard, time);
      return;
    case HeardKind::Nothing:
      log(heard, action::kLogged, time);
      return;
  }
}

bool VoiceStation::own_announcement(const speech::Heard& heard, TimePoint time) {
  // After the VI player's move it is the sighted player's turn; a legal move of his is his own
  // announcement (on_move). Words that are no legal move now are read in the position before the
  // VI player's move: his announcement of it (D.2.3 (3)), checked against what the pegboard
  // shows (the move it completed).
  if (heard.kind != HeardKind::Move && heard.kind != HeardKind::Unsure) return false;
  if (heard.words.empty() || !sighted_to_move() || s_.game().ply_count() == 0) return false;
  const auto legal_now = [&](core::Move m) {
    return core::legal_moves(s_.game().position()).contains(m);
  };
  const bool legal_for_sighted = heard.kind == HeardKind::Move && legal_now(*heard.move);
  // An unsure reading that names a legal move now is the sighted player's, asked again.
  if (!legal_for_sighted &&
      std::any_of(heard.alternatives.begin(), heard.alternatives.end(), legal_now))
    return false;
  const std::size_t ply = s_.game().ply_count() - 1;
  if (legal_for_sighted && own_heard_at_ == ply + 1) return false;
  const core::Position& before = s_.game().position_at(ply);
  auto grammar = speech::VoiceGrammar::build(s_.vocabulary, before,
                                             speech::CommandWords::for_profile(s_.vocabulary));
  if (!grammar) return false;
  const auto said = grammar->read(heard.words);
  if (!said || !said->move) return false;
  const core::Move shown = s_.game().moves()[ply];
  // Words that name the move the VI player just made and a legal move of the sighted player's
  // ("Kurze Rochade" after his castling, when the opponent may castle too): the first time
  // after his move they are his announcement (D.2.3 (3)); said again, the sighted player's.
  if (legal_for_sighted && *said->move != shown) return false;
  own_heard_at_ = ply + 1;
  if (*said->move == shown) {
    log(heard, action::kOwnMatches, time);
    return true;
  }
  log(heard, action::kOwnDiffers, time);
  s_.print(time, voice_text::own_announcement_differs(core::to_san(before, *said->move),
                                                      core::to_san(before, shown)));
  s_.say(voice_text::announcement_differs(s_.vocabulary, before, {*said->move, shown}),
         Route::Private, time);
  return true;
}

void VoiceStation::on_move(const speech::Heard& heard, TimePoint time) {
  if (!running()) {
    log(heard, action::kGameOver, time);
    return;
  }
  if (!sighted_to_move() && s_.menu.awaiting_move()) {
    // Art. 9.2.1.1, 9.3.1: his menu waits for the move he intends for a draw claim.
    log(heard, action::kIntended, time);
    enter_intended_move(s_, *heard.move, InputSource::Voice, time);
    return;
  }
  if (!sighted_to_move() && s_.menu.claiming_with_move()) {
    // The claim asks for his "ja": another move said cancels it (only Confirm claims).
    log(heard, action::kCancelled, time);
    press_menu_key(s_, MenuKey::Back, InputSource::Voice, time);
    return;
  }
  if (!sighted_to_move()) {
    // Said after the sighted player's move went on the clock: D.2.8 leaves it to the arbiter.
    log(heard, heard.correction ? action::kTooLate : action::kNotTurn, time);
    return;
  }
  const core::Move move = *heard.move;
  // Judged in another position's grammar: whatever it names, it was not heard as a move of this
  // one (D.2.1: never a wrong move silently), even when the same move is legal here too.
  if (heard.position_key != 0 && heard.position_key != s_.game().position().key()) {
    log(heard, action::kOtherPosition, time);
    ask_again(heard, time);
    return;
  }
  if (!core::legal_moves(s_.game().position()).contains(move)) {
    log(heard, action::kNotLegal, time);  // heard in an earlier position
    ask_again(heard, time);
    return;
  }
  const bool replaces = heard.correction && waiting_;
  const bool at_once = s_.config().voice.confirm == VoiceConfirm::AtOnce;
  // Another move (not a correction) said while one waits: the one read back before is dropped,
  // and said so (the new one is read back, or entered).
  if (waiting_ && !replaces && waiting_->move != move)
    drop_waiting(voice_text::because_new_move(core::to_san(s_.game().position(), move)), time);
  if (at_once && heard.sure) {
    waiting_.reset();
    enter(heard, replaces ? action::kReplaced : action::kEntered, move, time);
    return;
  }
  // Not sure enough to enter without the speaker: read back and entered on his "ja" (D.2.1).
  log(heard,
      replaces  ? action::kReplaced
      : at_once ? action::kRepeatedNotSure
                : action::kRepeated,
      time);
  repeat_and_wait(move, time);
}

void VoiceStation::repeat_and_wait(core::Move move, TimePoint time) {
  // D.2.1: repeated aloud on the public route, so both players hear what the station heard.
  s_.say(speech::phrase_for_move(s_.vocabulary, s_.game().position(), move, s_.wording),
         Route::Public, time);
  wait_for(move, time);
}

void VoiceStation::ask_one_reading(const speech::Heard& heard, core::Move move, TimePoint time) {
  const core::Position& pos = s_.game().position();
  if (waiting_ && waiting_->move != move)
    drop_waiting(voice_text::because_new_move(core::to_san(pos, move)), time);
  log(heard, action::kAskedOne, time);
  // D.2.1: "Eva vier?" on the public route; entered only when confirmed by the rule.
  s_.say(voice_text::ask_again(s_.vocabulary, pos, {move}), Route::Public, time);
  wait_for(move, time);
}

void VoiceStation::wait_for(core::Move move, TimePoint time) {
  const auto seconds = std::chrono::seconds(s_.config().voice.confirm_seconds);
  waiting_ = Waiting{move, time + seconds, s_.game().ply_count()};
  const std::string san = core::to_san(s_.game().position(), move);
  s_.print(time, s_.config().voice.confirm == VoiceConfirm::Assistant
                     ? voice_text::waiting_for_assistant(san)
                     : voice_text::waiting_for_word(san));
}

void VoiceStation::drop_waiting(const std::string& why, TimePoint time) {
  if (!waiting_) return;
  const Waiting dropped = *waiting_;
  waiting_.reset();
  const core::Position& before = s_.game().position_at(dropped.ply);
  s_.print(time, voice_text::dropped_line(core::to_san(before, dropped.move), why));
  // The sighted player heard it read back publicly: he hears publicly that it was dropped.
  s_.say(voice_text::dropped(s_.vocabulary, before, dropped.move), Route::Public, time);
}

void VoiceStation::enter(const speech::Heard& heard, const std::string& action, core::Move move,
                         TimePoint time) {
  // The same request as a typed move, from InputSource::Voice (journaled "by voice"). Its heard
  // entry is written after the move's (write_entering): a stop between the two leaves a journal
  // with the move and without the word that it was entered, never the reverse.
  write_entering();
  entering_ = Entering{voice_text::reading(heard, s_.game().position()),
                       static_cast<int>(std::lround(heard.confidence * 100)),
                       speech::margin_text(heard.margin),
                       action,
                       time,
                       speech_began_,
                       decoded_,
                       move,
                       s_.game().ply_count()};
  s_.requests.push_back({cmd::EnterMove{core::to_uci(move)}, time, InputSource::Voice});
}

void VoiceStation::write_entering() {
  if (!entering_) return;
  const Entering e = std::move(*entering_);
  entering_.reset();
  const auto& moves = s_.game().moves();
  const bool made = moves.size() > e.ply && moves[e.ply] == e.move;
  if (!made)
    s_.print(e.time, voice_text::not_entered(core::to_san(s_.game().position_at(e.ply), e.move)));
  log_reading(e.reading, e.percent, e.margin, made ? e.action : std::string(action::kNotEntered),
              e.time, e.began, e.decoded);
}

void VoiceStation::ask_again(const speech::Heard& heard, TimePoint time) {
  // D.2.1: never a wrong move silently; the speaker says it again. The readings are named only
  // when it is the sighted player's move (the VI player's own are made on his pegboard).
  // On the VI player's turn it was most likely his request: he is asked privately.
  const bool sighted = sighted_to_move();
  std::vector<core::Move> readings;
  if (sighted) readings = heard.alternatives;
  s_.say(voice_text::ask_again(s_.vocabulary, s_.game().position(), readings),
         sighted ? Route::Public : Route::Private, time);
}

void VoiceStation::on_command(const speech::Heard& heard, TimePoint time) {
  const auto kind = heard.command->kind;
  if (kind == VoiceCommandKind::Yes) return on_yes(heard, time);
  if (kind == VoiceCommandKind::No) return on_no(heard, time);
  if (kind == VoiceCommandKind::DrawClaim) return on_claim(heard, time);
  if (s_.menu.claiming_with_move()) {
    // His draw claim asks for the move or for Confirm: only his "ja" claims; anything else said
    // cancels it, as any other key does in the menu (a slip never claims).
    log(heard, action::kCancelled, time);
    press_menu_key(s_, MenuKey::Back, InputSource::Voice, time);
    return;
  }
  if (kind == VoiceCommandKind::DrawOffer || kind == VoiceCommandKind::Resign) {
    if (!running()) {
      // D.2.11: never only in the log: he hears why (the game over, or adjourned).
      log(heard, action::kGameOver, time);
      s_.say(
          speech::phrase_not_possible(s_.language, s_.game().is_over() ? speech::Refusal::GameOver
                                                                       : speech::Refusal::Other),
          Route::Private, time);
      return;
    }
    // His menu's question, asked privately: only his CONFIRM key carries it out (Art. 5.1.2,
    // 9.1.2: the microphone cannot tell his "ja" from his opponent's). The sighted player's move
    // waiting meanwhile keeps waiting.
    const core::Color vi = s_.vi_color;
    const auto offer = s_.record.open_draw_offer();
    const speech::MenuItem item = kind == VoiceCommandKind::Resign ? speech::MenuItem::Resign
                                  : offer && *offer != vi          ? speech::MenuItem::AcceptDraw
                                                                   : speech::MenuItem::OfferDraw;
    if (start_question(s_, item, InputSource::Voice, time)) {
      log(heard, action::kAsking, time);
      return;
    }
    log(heard, action::kRefused, time);  // a draw offer of his own stands already
    s_.say(speech::phrase_not_possible(s_.language, speech::Refusal::Other), Route::Private, time);
    return;
  }
  // The player's menu requests (D.2.6, D.2.10.4, D.2.1): the same typed requests.
  if (auto request = voice_request(heard, s_.vi_color, time)) {
    log(heard, action::kRequest, time);
    const auto& body = std::get<ev::Request>(request->body);
    s_.requests.push_back({body.command, time, InputSource::Voice});
    return;
  }
  log(heard, action::kLogged, time);
}

void VoiceStation::on_claim(const speech::Heard& heard, TimePoint time) {
  // Art. 9.2, 9.3: "Remis Reklamation" [move]: his menu's claim with the intended move
  // (Art. 9.2.1.1, 9.3.1), the move said in the same breath or next, then his "ja".
  if (start_draw_claim(s_, heard.move, InputSource::Voice, time)) {
    log(heard, action::kClaim, time);
    return;
  }
  // Not offered now: the game is over, or it is not his move (only the player to move claims).
  log(heard, action::kRefused, time);
  const auto reason =
      !s_.game().is_over() ? speech::Refusal::NotYourMove : speech::Refusal::GameOver;
  s_.print(time, reason == speech::Refusal::GameOver ? voice_text::claim_refused_game_over()
                                                     : voice_text::claim_refused_not_to_move());
  s_.say(speech::phrase_not_possible(s_.language, reason), Route::Private, time);
}

void VoiceStation::ambiguous(const speech::Heard& heard, TimePoint time) {
  // One microphone hears both players: a "ja" or "nein" now may be the sighted player's answer
  // to his read-back move or the VI player's to his question. It answers neither (Art. 5.1.2:
  // only the player resigns; D.2.1: the move is entered on its speaker's word); the sighted
  // player hears publicly that the assistant confirms his move, the VI player privately that
  // his question waits for his CONFIRM key.
  log(heard, action::kAmbiguous, time);
  const speech::MenuItem item = *s_.menu.asked();
  const speech::Phrase question = speech::phrase_confirm_question(s_.language, item);
  s_.print(time, voice_text::ambiguous_line(core::to_san(s_.game().position(), waiting_->move),
                                            question.text));
  s_.say(voice_text::assistant_confirms(s_.vocabulary), Route::Public, time);
  s_.say(speech::phrase_confirm_by_key(s_.language, item), Route::Private, time);
}

void VoiceStation::on_yes(const speech::Heard& heard, TimePoint time) {
  // D.2.1, never a wrong move silently: a "ja" confirms only when it was heard surely (its
  // margin over the runner-up, which is "nein", any move, a command or speech outside the
  // grammar, reaches JudgeSettings::confirm_margin). Noise or another word read as "ja" is asked
  // again.
  if (waiting_ && s_.menu.asking()) return ambiguous(heard, time);
  if (player_asked()) {
    // His menu's question (resign, a draw, a flag ...) is his alone: the microphone cannot tell
    // his "ja" from his opponent's (Art. 5.1.2), so only his CONFIRM key carries it out.
    log(heard, action::kKeyOnly, time);
    const speech::MenuItem item = *s_.menu.asked();
    s_.print(time,
             voice_text::key_only_line(speech::phrase_confirm_question(s_.language, item).text));
    s_.say(speech::phrase_confirm_by_key(s_.language, item), Route::Private, time);
    return;
  }
  if (s_.menu.asking()) {
    // His claim on his own turn (with the move he said, Art. 9.2.1.1; without an arbiter,
    // Guidelines III.6.1): a sure "ja" claims, as Confirm does.
    if (!heard.sure && !s_.menu.claiming_with_move()) {
      log(heard, action::kConfirmNotSure, time);
      press_menu_key(s_, MenuKey::Repeat, InputSource::Voice, time);  // the question again
      return;
    }
    if (!heard.sure) return confirm_not_sure(heard, time);
    log(heard, action::kConfirmed, time);
    press_menu_key(s_, MenuKey::Confirm, InputSource::Voice, time);
    return;
  }
  if (!waiting_) {
    if (asked_two_at_ == s_.game().ply_count() && sighted_to_move()) {
      // D.2.11: the question "A oder B?" is not answered by "ja"; he hears so.
      log(heard, action::kJaToTwoReadings, time);
      s_.print(time, voice_text::ja_to_two_readings());
      s_.say(voice_text::ask_again(s_.vocabulary, s_.game().position(), {}), Route::Public, time);
      return;
    }
    log(heard, action::kNothingToConfirm, time);
    return;
  }
  if (s_.config().voice.confirm == VoiceConfirm::Assistant) {
    log(heard, action::kAssistantConfirms, time);
    return;
  }
  if (!heard.sure) return confirm_not_sure(heard, time);
  const core::Move move = waiting_->move;
  waiting_.reset();
  enter(heard, action::kConfirmed, move, time);
}

void VoiceStation::confirm_not_sure(const speech::Heard& heard, TimePoint time) {
  log(heard, action::kConfirmNotSure, time);
  if (waiting_) {
    // The move is read back again on the public route and waits for a surer "ja" (D.2.1).
    repeat_and_wait(waiting_->move, time);
    return;
  }
  // His menu's claim with a move (Art. 9.2.1.1) still waits for its confirmation.
  s_.say(voice_text::ask_again(s_.vocabulary, s_.game().position(), {}), Route::Private, time);
}

void VoiceStation::on_no(const speech::Heard& heard, TimePoint time) {
  if (waiting_ && s_.menu.asking()) return ambiguous(heard, time);
  if (s_.menu.claiming_with_move() || s_.menu.asking()) {
    log(heard, action::kCancelled, time);
    press_menu_key(s_, MenuKey::Back, InputSource::Voice, time);  // any other key cancels
    return;
  }
  if (!waiting_) {
    log(heard, action::kNothingToConfirm, time);
    return;
  }
  log(heard, action::kDropped, time);
  waiting_.reset();
  s_.say(voice_text::ask_again(s_.vocabulary, s_.game().position(), {}), Route::Public, time);
}

bool VoiceStation::on_talk(bool held, TimePoint time) {
  if (!hooks_.talk || !s_.config().voice.push_to_talk) return false;
  // Only what happened is said: a release with nothing held, or a second press, changes nothing
  // (tester 15-12).
  if (held == talk_held_) {
    s_.print(time, voice_text::talk_unchanged(held));
    return true;
  }
  talk_held_ = held;
  hooks_.talk(held, time);
  s_.print(time, voice_text::talk_line(held));
  return true;
}

bool VoiceStation::console_answer(const std::string& line, TimePoint time) {
  const std::string word = core::ascii_lower(std::string(core::trim(line)));
  if (word != "yes" && word != "no") return false;
  // The assistant answers the sighted player's heard move, never the VI player's question
  // (his CONFIRM key answers that). With none waiting and voice input on, he is told so, unless
  // another question of the station's is open (it reads the line).
  if (!waiting_) {
    if (!hooks_.heard || s_.question.kind != PendingQuestion::Kind::None) return false;
    s_.print(time, voice_text::nothing_waits(word == "yes"));
    return true;
  }
  const core::Move move = waiting_->move;
  waiting_.reset();
  if (word == "no") {
    s_.print(time, voice_text::assistant_answered(core::to_uci(move), false));
    s_.say(voice_text::ask_again(s_.vocabulary, s_.game().position(), {}), Route::Public, time);
    return true;
  }
  s_.print(time, voice_text::assistant_answered(core::to_uci(move), true));
  write_entering();
  s_.requests.push_back({cmd::EnterMove{core::to_uci(move)}, time, InputSource::Voice});
  return true;
}

void VoiceStation::tick(TimePoint now) {
  write_entering();  // the move handed over is recorded by now (or refused)
  if (waiting_ && !running()) {
    drop_waiting(voice_text::because_not_running(), now);
  } else if (waiting_ && s_.game().ply_count() != waiting_->ply) {
    // A move was made meanwhile (typed by the assistant, or on a board): the read-back one is
    // not entered, and the speaker, who heard it read back, hears so (D.2.11).
    const auto& game = s_.game();
    const std::size_t ply = waiting_->ply;
    const std::string made = ply < game.moves().size()
                                 ? core::to_san(game.position_at(ply), game.moves()[ply])
                                 : std::string();
    drop_waiting(voice_text::because_move_made(made), now);
  } else if (waiting_ && now >= waiting_->until) {
    s_.print(now, voice_text::not_confirmed(s_.config().voice.confirm_seconds));
    waiting_.reset();
    s_.say(voice_text::ask_again(s_.vocabulary, s_.game().position(), {}), Route::Public, now);
  }
  follow_position();
}

std::optional<TimePoint> VoiceStation::next_deadline() const {
  if (!waiting_) return std::nullopt;
  return waiting_->until;
}

void VoiceStation::follow_position() {
  if (!hooks_.position) return;
  const core::Position& pos = s_.game().position();
  std::string fen = pos.fen();
  if (fen == position_fen_) return;
  position_fen_ = std::move(fen);
  hooks_.position(pos);
}

}  // namespace annabella::app
