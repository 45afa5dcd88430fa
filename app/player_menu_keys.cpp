#include "app/player_menu_keys.h"

#include <iterator>
#include <string>

#include "app/i18n.h"
#include "app/move_text.h"
#include "core/movegen.h"
#include "core/notation_writer.h"

namespace annabella::app {
namespace {

// The console's name of each command (app/console.h), for the log: in the order of Command.
constexpr std::string_view kCommandWords[] = {"help",          "time",
                                              "repeat",        "moves",
                                              "board",         "captured",
                                              "move",          "answer",
                                              "flag",          "touch",
                                              "draw-offer",    "draw-accept",
                                              "draw-decline",  "draw-claim",
                                              "resign",        "pause",
                                              "continue",      "adjust",
                                              "penalty",       "illegal-move",
                                              "increment",     "quickplay-claim",
                                              "both-flags",    "unsupervised-claim",
                                              "verify-claim",  "claim-decision",
                                              "reconcile",     "adjourn",
                                              "open-envelope", "arbiter",
                                              "status",        "quit",
                                              "talk",          "takeback"};
static_assert(std::size(kCommandWords) == std::variant_size_v<Command>);

}  // namespace

std::optional<MenuKey> menu_key_of(tactile::BoardButton button) {
  switch (button) {
    case tactile::BoardButton::Menu:
      return MenuKey::Open;
    case tactile::BoardButton::Next:
      return MenuKey::Next;
    case tactile::BoardButton::Previous:
      return MenuKey::Previous;
    case tactile::BoardButton::Select:
      return MenuKey::Select;
    case tactile::BoardButton::Back:
      return MenuKey::Back;
    case tactile::BoardButton::Confirm:
      return MenuKey::Confirm;
    default:
      return std::nullopt;
  }
}

ClockKeyMeaning clock_key_meaning(tactile::tclk::Button button, bool menu_open) {
  using tactile::tclk::Button;
  if (menu_open) {
    switch (button) {
      case Button::Query:
        return {MenuKey::Next, std::nullopt};
      case Button::Press:
        return {MenuKey::Select, std::nullopt};
      case Button::QueryHold:
        return {MenuKey::Back, std::nullopt};
      case Button::PressHold:
        return {MenuKey::Confirm, std::nullopt};
    }
  }
  if (button == Button::Query) return {std::nullopt, cmd::Time{}};  // D.2.10.4
  if (button == Button::QueryHold) return {MenuKey::Open, std::nullopt};
  return {};
}

MenuContext menu_context(const StationState& s) {
  MenuContext c;
  const auto& game = s.game();
  c.player = s.vi_color;
  c.game_over = game.is_over();
  const auto offer = s.record.open_draw_offer();
  c.draw_offer_open = offer.has_value();
  c.offer_by_opponent = offer && *offer != s.vi_color;
  c.player_to_move = game.position().side_to_move() == s.vi_color;
  // Guidelines I.1.1: the arbiter has stopped the clocks and the player to move has completed
  // his move on his board without announcing it (app/appendix_d.cpp holds it): that is the move
  // he may seal.
  if (!c.game_over && c.player_to_move && s.clock.paused() && !s.record.adjourned())
    if (const auto move = s.pegboard.completed_move())
      c.sealable_move = core::to_san(game.position(), *move);
  // Guidelines III.6: no arbiter present; the opponent's claim waiting for the player's word.
  c.arbiter_present = s.record.header().arbiter_present;
  const auto& claim = s.record.referred_claim();
  c.claim_to_verify = claim && claim->by != s.vi_color && !claim->verified;
  // Art. 3.7.5.1: the station asked him which piece his pawn becomes and waits for it.
  c.promotion_pending = s.question.kind == PendingQuestion::Kind::Promotion && c.player_to_move;
  c.ply = game.ply_count();
  c.position_key = game.position().key();
  return c;
}

bool withdraw_question(StationState& s, Withdrawal cause, TimePoint time) {
  const MenuOutput out = s.menu.withdraw();
  if (!out.line) return false;
  // His menu's rule (docs/players-guide.md, Confirming): a question is answered by his Confirm
  // alone, right after it; anything else he does (or a move made meanwhile) cancels it, and he
  // hears what was cancelled before anything else is done.
  const speech::Phrase said = speech::phrase_menu_line(s.language, s.vocabulary, *out.line);
  s.say(said, Route::Private, time);
  s.out.menu_line(*out.line, said.text, s.menu.is_open());
  const std::string why =
      cause == Withdrawal::Announce ? i18n::tr(
                                          "his ANNOUNCE button, which makes no move now; "
                                          "pressed again, it announces his move (D.2.3)")
      : cause == Withdrawal::PieceLifted ? i18n::tr("a piece lifted on his pegboard (D.2.2)")
                                         : i18n::tr("a move made since it was asked");
  s.print(time,
          i18n::format(i18n::tr("player's menu: \"{said}\": the question is cancelled by "
                                "{why}; nothing is confirmed (the player hears it privately)"),
                       {{"said", said.text}, {"why", why}}));
  return true;
}

void press_menu_key(StationState& s, MenuKey key, InputSource source, TimePoint time) {
  const bool was_open = s.menu.is_open();
  const MenuOutput out = s.menu.press(key, menu_context(s));
  if (key == MenuKey::Confirm && !was_open && !out.line && !out.command) {
    // D.2.11: CONFIRM with the menu closed confirms nothing; he hears so, never silence.
    s.print(time, i18n::format(i18n::tr("player's menu ({source}): confirm: nothing is asked (the "
                                        "menu is closed); the player hears it privately"),
                               {{"source", std::string(input_source_name(source))}}));
    s.say(speech::phrase_not_possible(s.language, speech::Refusal::NoQuestion), Route::Private,
          time);
    return;
  }
  if (out.line) {
    const speech::Phrase phrase = speech::phrase_menu_line(s.language, s.vocabulary, *out.line);
    s.say(phrase, Route::Private, time);  // the earpiece only, never the public speaker
    s.out.menu_line(*out.line, phrase.text, s.menu.is_open());
  }
  if (out.voice) s.out.private_voice(*out.voice);
  if (out.command) {
    s.print(time, i18n::format(i18n::tr("player's menu ({source}): {command}"),
                               {{"source", std::string(input_source_name(source))},
                                {"command", std::string(kCommandWords[out.command->index()])}}));
    s.requests.push_back({*out.command, time, source});
  }
}

bool enter_intended_move(StationState& s, core::Move move, InputSource source, TimePoint time) {
  if (!s.menu.awaiting_move()) return false;
  const core::Position& position = s.game().position();
  if (!core::legal_moves(position).contains(move)) return false;
  const MenuOutput out = s.menu.intended_move(core::to_uci(move), menu_context(s));
  if (!out.line) return true;
  const std::string san = core::to_san(position, move);
  s.print(time, i18n::format(i18n::tr("player's menu ({source}): the intended move of a draw "
                                      "claim is {move}; confirm to claim (Art. 9.2.1.1, 9.3.1)"),
                             {{"source", std::string(input_source_name(source))}, {"move", san}}));
  // The move in his words first, then the question: what he confirms is heard and shown whole.
  const speech::Phrase words = speech::phrase_for_move(s.vocabulary, position, move, s.wording);
  const speech::Phrase question = speech::phrase_menu_line(s.language, s.vocabulary, *out.line);
  if (out.line->kind == speech::MenuLine::Kind::Question) s.say(words, Route::Private, time);
  s.say(question, Route::Private, time);
  s.out.menu_line(*out.line,
                  out.line->kind == speech::MenuLine::Kind::Question
                      ? words.text + ": " + question.text
                      : question.text,
                  s.menu.is_open());
  return true;
}

bool enter_intended_move(StationState& s, const std::string& text, InputSource source,
                         TimePoint time) {
  if (!s.menu.awaiting_move()) return false;
  auto move = s.parser.parse(s.game().position(), text);
  if (!move) {
    // Not a claim yet: he enters the move again (or leaves with any menu key).
    s.print(time, i18n::format(
                      i18n::tr("player's menu ({source}): \"{text}\" is no move here "
                               "({why}); the intended move is awaited (Art. 9.2.1.1)"),
                      {{"source", std::string(input_source_name(source))},
                       {"text", text},
                       {"why", text::heard_move_error(move.error(), text, s.game().position())}}));
    s.say(speech::phrase_illegal_move(s.language), Route::Private, time);
    speech::MenuLine again;
    again.kind = speech::MenuLine::Kind::EnterMove;
    again.item = speech::MenuItem::ClaimDrawWithMove;
    const speech::Phrase prompt = speech::phrase_menu_line(s.language, s.vocabulary, again);
    s.say(prompt, Route::Private, time);
    s.out.menu_line(again, prompt.text, s.menu.is_open());
    return true;
  }
  return enter_intended_move(s, *move, source, time);
}

bool start_draw_claim(StationState& s, std::optional<core::Move> move, InputSource source,
                      TimePoint time) {
  const MenuOutput out = s.menu.claim_with_move(menu_context(s));
  if (!out.line) return false;
  s.print(time, i18n::format(i18n::tr("player's menu ({source}): draw claim with the intended "
                                      "move (Art. 9.2.1.1, 9.3.1)"),
                             {{"source", std::string(input_source_name(source))}}));
  if (move && enter_intended_move(s, *move, source, time)) return true;
  const speech::Phrase phrase = speech::phrase_menu_line(s.language, s.vocabulary, *out.line);
  s.say(phrase, Route::Private, time);  // the earpiece only, never the public speaker
  s.out.menu_line(*out.line, phrase.text, s.menu.is_open());
  return true;
}

bool start_question(StationState& s, speech::MenuItem item, InputSource source, TimePoint time) {
  const MenuOutput out = s.menu.ask_item(item, menu_context(s));
  if (!out.line) return false;
  const speech::Phrase phrase = speech::phrase_menu_line(s.language, s.vocabulary, *out.line);
  s.say(phrase, Route::Private, time);  // the earpiece only, never the public speaker
  s.out.menu_line(*out.line, phrase.text, s.menu.is_open());
  s.print(time, i18n::format(
                    i18n::tr("player's menu ({source}): \"{said}\" asked; only his "
                             "CONFIRM key carries it out"),
                    {{"source", std::string(input_source_name(source))}, {"said", phrase.text}}));
  return true;
}

}  // namespace annabella::app
