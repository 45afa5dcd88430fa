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

void VoiceStation::log(const speech::Heard& heard, const std::string& action, TimePoint time) {
  const std::string reading = voice_text::reading(heard, s_.game().position());
  s_.print(time, voice_text::heard_line(reading, action));
  const int percent = static_cast<int>(std::lround(heard.confidence * 100));
  // Every event carries its time: the journal and the cue list keep the end of the speech (the
  // event's time), its start and when it was decoded.
  rec::Heard entry{s_.timeline(time),
                   s_.timeline(speech_began_),
                   s_.timeline(decoded_),
                   reading,
                   percent,
                   action,
                   speech::margin_text(heard.margin)};
  if (auto recorded = s_.commit(entry, time); !recorded)
    s_.print(time, "record: " + recorded.error().message);
  if (hooks_.heard)
    hooks_.heard(reading + "; " + action + "; " +
                     voice_text::speech_times(time - speech_began_, decoded_ - time),
                 time);
}

void VoiceStation::on_heard(const speech::Heard& heard, TimePoint time,
                            std::optional<TimePoint> decoded) {
  speech_began_ = heard.speech_began == TimePoint{} ? time : heard.speech_began;
  decoded_ = decoded.value_or(time);
  tick(time);
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
  if (!sighted_to_move() && s_.menu.claiming_with_move() && !waiting_) {
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
  const bool replaces = heard.correction && waiting_ && waiting_->move;
  const bool at_once = s_.config().voice.confirm == VoiceConfirm::AtOnce;
  if (at_once && heard.sure) {
    log(heard, replaces ? action::kReplaced : action::kEntered, time);
    waiting_.reset();
    enter(move, time);
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
  const core::Position& pos = s_.game().position();
  s_.say(speech::phrase_for_move(s_.vocabulary, pos, move, s_.wording), Route::Public, time);
  const auto seconds = std::chrono::seconds(s_.config().voice.confirm_seconds);
  waiting_ = Waiting{move, std::nullopt, {}, time + seconds, s_.game().ply_count()};
  const std::string san = core::to_san(pos, move);
  s_.print(time, s_.config().voice.confirm == VoiceConfirm::Assistant
                     ? voice_text::waiting_for_assistant(san)
                     : voice_text::waiting_for_word(san));
}

void VoiceStation::enter(core::Move move, TimePoint time) {
  // The same request as a typed move, from InputSource::Voice (journaled "by voice").
  s_.requests.push_back({cmd::EnterMove{core::to_uci(move)}, time, InputSource::Voice});
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
  if (!waiting_ && s_.menu.claiming_with_move()) {
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
    log(heard, action::kAsking, time);
    const core::Color vi = s_.vi_color;
    if (kind == VoiceCommandKind::Resign) {
      ask_player(cmd::Resign{vi}, speech::MenuItem::Resign, time);  // Art. 5.1.2
    } else if (const auto offer = s_.record.open_draw_offer(); offer && *offer != vi) {
      ask_player(cmd::DrawAccept{}, speech::MenuItem::AcceptDraw, time);  // Art. 9.1.2
    } else {
      ask_player(cmd::DrawOffer{vi}, speech::MenuItem::OfferDraw, time);  // Art. 9.1.2
    }
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
  waiting_.reset();
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

void VoiceStation::ask_player(Command request, speech::MenuItem item, TimePoint time) {
  // As the menu's Confirm: a step that cannot be taken back is asked privately first.
  s_.say(speech::phrase_confirm_question(s_.language, item), Route::Private, time);
  const auto seconds = std::chrono::seconds(s_.config().voice.confirm_seconds);
  waiting_ = Waiting{std::nullopt, std::move(request), item, time + seconds, s_.game().ply_count()};
  s_.print(time, voice_text::waiting_for_player(item == speech::MenuItem::Resign));
}

void VoiceStation::on_yes(const speech::Heard& heard, TimePoint time) {
  // D.2.1, never a wrong move silently: a "ja" confirms only when it was heard surely (its
  // margin over the runner-up, which is "nein", any move, a command or speech outside the
  // grammar, reaches JudgeSettings::confirm_margin). Noise or another word read as "ja" is asked
  // again.
  if (!waiting_ && s_.menu.asking()) {
    // His menu asks to confirm (the claim with the move he said, Art. 9.2.1.1; a claim without
    // an arbiter, Guidelines III.6.1; a resignation ...): a sure "ja" confirms, as Confirm does.
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
    log(heard, action::kNothingToConfirm, time);
    return;
  }
  if (waiting_->request) {
    if (!heard.sure) return confirm_not_sure(heard, time);
    log(heard, action::kConfirmed, time);
    s_.say(speech::phrase_confirmation(s_.language, true), Route::Private, time);
    s_.requests.push_back({*waiting_->request, time, InputSource::Voice});
    waiting_.reset();
    return;
  }
  if (s_.config().voice.confirm == VoiceConfirm::Assistant) {
    log(heard, action::kAssistantConfirms, time);
    return;
  }
  if (!heard.sure) return confirm_not_sure(heard, time);
  log(heard, action::kConfirmed, time);
  const core::Move move = *waiting_->move;
  waiting_.reset();
  enter(move, time);
}

void VoiceStation::confirm_not_sure(const speech::Heard& heard, TimePoint time) {
  log(heard, action::kConfirmNotSure, time);
  if (waiting_ && waiting_->move) {
    // The move is read back again on the public route and waits for a surer "ja" (D.2.1).
    repeat_and_wait(*waiting_->move, time);
    return;
  }
  if (waiting_ && waiting_->request) {
    // His draw offer or resignation is asked again, privately, as at first.
    s_.say(speech::phrase_confirm_question(s_.language, waiting_->item), Route::Private, time);
    return;
  }
  // His menu's claim with a move (Art. 9.2.1.1) still waits for its confirmation.
  s_.say(voice_text::ask_again(s_.vocabulary, s_.game().position(), {}), Route::Private, time);
}

void VoiceStation::on_no(const speech::Heard& heard, TimePoint time) {
  if (!waiting_ && (s_.menu.claiming_with_move() || s_.menu.asking())) {
    log(heard, action::kCancelled, time);
    press_menu_key(s_, MenuKey::Back, InputSource::Voice, time);  // any other key cancels
    return;
  }
  if (!waiting_) {
    log(heard, action::kNothingToConfirm, time);
    return;
  }
  if (waiting_->request) {
    log(heard, action::kCancelled, time);
    s_.say(speech::phrase_confirmation(s_.language, false), Route::Private, time);
    waiting_.reset();
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
  if (!waiting_ || !waiting_->move) return false;
  const std::string word = core::ascii_lower(std::string(core::trim(line)));
  if (word != "yes" && word != "no") return false;
  const core::Move move = *waiting_->move;
  waiting_.reset();
  if (word == "no") {
    s_.print(time, voice_text::assistant_answered(core::to_uci(move), false));
    s_.say(voice_text::ask_again(s_.vocabulary, s_.game().position(), {}), Route::Public, time);
    return true;
  }
  s_.print(time, voice_text::assistant_answered(core::to_uci(move), true));
  enter(move, time);
  return true;
}

void VoiceStation::tick(TimePoint now) {
  if (waiting_ && (s_.game().ply_count() != waiting_->ply || !running())) {
    waiting_.reset();  // a move was made (or the game ended): what waited is moot
  } else if (waiting_ && now >= waiting_->until) {
    s_.print(now, voice_text::not_confirmed(s_.config().voice.confirm_seconds));
    if (waiting_->move)
      s_.say(voice_text::ask_again(s_.vocabulary, s_.game().position(), {}), Route::Public, now);
    else
      s_.say(speech::phrase_confirmation(s_.language, false), Route::Private, now);
    waiting_.reset();
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
