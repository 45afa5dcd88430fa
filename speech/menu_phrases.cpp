#include "speech/menu_phrases.h"

#include <iterator>
#include <string>

#include "speech/wording.h"

namespace annabella::speech {
namespace {

using wording::fill;
using wording::make;

// The keys in the order of the enumerations (speech/menu_phrases.h).
constexpr const char* kMenuKeys[] = {"menu.title",
                                     "menu.time",
                                     "menu.board",
                                     "menu.captured",
                                     "menu.last_move",
                                     "menu.offer_draw",
                                     "menu.call_arbiter",
                                     "menu.resign",
                                     "menu.language",
                                     "menu.volume",
                                     "menu.speech_rate",
                                     "menu.warnings",
                                     "menu.announcement_form",
                                     "menu.back",
                                     "menu.close",
                                     "menu.moves",
                                     "menu.game",
                                     "menu.accept_draw",
                                     "menu.decline_draw",
                                     "menu.claim_draw",
                                     "menu.claim_flag",
                                     "menu.seal",
                                     "menu.settings",
                                     "menu.rank",
                                     "menu.file",
                                     "menu.pieces",
                                     "menu.side",
                                     "menu.claim_draw_move",
                                     "menu.claim_no_arbiter",
                                     "menu.grounds_cannot_win",
                                     "menu.grounds_no_effort",
                                     "menu.grounds_both",
                                     "menu.verify_claim",
                                     "menu.dispute_claim",
                                     "menu.promote"};
static_assert(std::size(kMenuKeys) == std::size(kMenuItems));
constexpr const char* kAnswerKeys[] = {"answer.yes",    "answer.no",  "answer.confirm",
                                       "answer.cancel", "answer.on",  "answer.off",
                                       "answer.short",  "answer.long"};
static_assert(std::size(kAnswerKeys) == std::size(kAnswers));

const char* menu_key(MenuItem item) {
  return kMenuKeys[static_cast<std::size_t>(item)];
}
const char* answer_key(Answer answer) {
  return kAnswerKeys[static_cast<std::size_t>(answer)];
}

Phrase menu_line(const Language& lang, const Word& w) {
  return make(PhraseKind::Warning, w, lang.voice(), "menu");
}

}  // namespace

Word menu_words(const Language& lang, MenuItem item) {
  return lang.word(menu_key(item));
}
Word answer_words(const Language& lang, Answer answer) {
  return lang.word(answer_key(answer));
}
Word language_name_words(const Language& lang) {
  return lang.word("meta.title");
}

Word position_words(const Language& lang, int index, int count) {
  return fill(
      lang.word("say.menu_position"),
      {{"index", number_words(lang, index), index}, {"count", number_words(lang, count), count}},
      lang);
}

Phrase phrase_menu_item(const Language& lang, MenuItem item, int index, int count) {
  return menu_line(lang, fill(lang.word("say.menu_item"),
                              {{"item", menu_words(lang, item)},
                               {"position", position_words(lang, index, count)}},
                              lang));
}

Phrase phrase_setting(const Language& lang, MenuItem setting, Answer value) {
  return menu_line(
      lang,
      fill(lang.word("say.setting_value"),
           {{"setting", menu_words(lang, setting)}, {"value", answer_words(lang, value)}}, lang));
}

Phrase phrase_setting(const Language& lang, MenuItem setting, const Language& value) {
  const Word name = wording::in_voice(language_name_words(value), value.voice(), lang.voice());
  return menu_line(lang, fill(lang.word("say.setting_value"),
                              {{"setting", menu_words(lang, setting)}, {"value", name}}, lang));
}

Phrase phrase_answer(const Language& lang, Answer answer) {
  return menu_line(lang, answer_words(lang, answer));
}

Phrase phrase_confirm_question(const Language& lang, MenuItem item) {
  return make(PhraseKind::Message,
              fill(lang.word("say.confirm_question"), {{"item", menu_words(lang, item)}}, lang),
              lang.voice());
}

Phrase phrase_confirm_by_key(const Language& lang, MenuItem item) {
  return make(PhraseKind::Message,
              fill(lang.word("say.confirm_by_key"), {{"item", menu_words(lang, item)}}, lang),
              lang.voice());
}

Phrase phrase_confirmation(const Language& lang, bool confirmed) {
  return make(PhraseKind::Message, lang.word(confirmed ? "say.confirmed" : "say.cancelled"),
              lang.voice());
}

Phrase phrase_not_possible(const Language& lang) {
  return make(PhraseKind::Message, lang.word("say.not_possible"), lang.voice());
}

namespace {
constexpr const char* kRefusalKeys[] = {
    "refusal.game_over",     "refusal.not_your_move",     "refusal.no_move_yet",
    "refusal.no_draw_offer", "refusal.no_question",       "refusal.unknown_reading",
    "refusal.not_legal",     "refusal.no_push_to_talk",   "refusal.move_on_board",
    "refusal.other",         "refusal.no_completed_move", "refusal.no_promotion"};
static_assert(std::size(kRefusalKeys) == std::size(kRefusals));
}  // namespace

Word refusal_words(const Language& lang, Refusal reason) {
  return lang.word(kRefusalKeys[static_cast<std::size_t>(reason)]);
}

Phrase phrase_not_possible(const Language& lang, Refusal reason) {
  return make(PhraseKind::Message,
              wording::Words()
                  .add(lang.word("say.not_possible"))
                  .add(refusal_words(lang, reason), ": ")
                  .word(),
              lang.voice());
}

Phrase phrase_call_arbiter(const Language& lang) {
  return make(PhraseKind::Message, refusal_words(lang, Refusal::Other), lang.voice());
}

Phrase phrase_restore_board(const Language& lang, bool restored) {
  return make(PhraseKind::Message, lang.word(restored ? "say.board_restored" : "say.restore_board"),
              lang.voice());
}

Phrase phrase_no_arbiter(const Language& lang) {
  return make(PhraseKind::Message, lang.word("say.no_arbiter"), lang.voice());
}

Phrase phrase_claim_rejected(const Language& lang, core::Color opponent) {
  return make(PhraseKind::Message,
              fill(lang.word("say.claim_rejected"), {{"color", color_words(lang, opponent)}}, lang),
              lang.voice());
}

Word menu_value_words(const Language& lang, const Vocabulary& moves, const MenuValue& value) {
  const auto move_word = [&](const std::string& key) {
    return wording::in_voice(moves.word(key), moves.voice(), lang.voice());
  };
  switch (value.kind) {
    case MenuValue::Kind::Rank:
      return move_word("rank." + std::to_string(value.number));
    case MenuValue::Kind::File:
      return move_word(std::string("file.") + static_cast<char>('a' + value.number));
    case MenuValue::Kind::Piece:
      return piece_words(lang, static_cast<core::PieceType>(value.number));
    case MenuValue::Kind::Side:
      return color_words(lang, static_cast<core::Color>(value.number));
    case MenuValue::Kind::Count:
    case MenuValue::Kind::Rate:
    case MenuValue::Kind::Volume:
      break;
  }
  return number_words(lang, value.number);
}

Phrase phrase_menu_line(const Language& lang, const Vocabulary& moves, const MenuLine& line) {
  switch (line.kind) {
    case MenuLine::Kind::Question:
      return phrase_confirm_question(lang, line.item);
    case MenuLine::Kind::Confirmed:
    case MenuLine::Kind::Cancelled:
      return phrase_confirmation(lang, line.kind == MenuLine::Kind::Confirmed);
    case MenuLine::Kind::Withdrawn:
      return make(
          PhraseKind::Message,
          fill(lang.word("say.question_cancelled"), {{"item", menu_words(lang, line.item)}}, lang),
          lang.voice());
    case MenuLine::Kind::Interrupted:
      return make(PhraseKind::Message,
                  fill(lang.word("say.question_interrupted"),
                       {{"item", menu_words(lang, line.item)}}, lang),
                  lang.voice());
    case MenuLine::Kind::Closed:
      return menu_line(lang, lang.word("say.menu_closed"));
    case MenuLine::Kind::EnterMove:
      return make(PhraseKind::Message, lang.word("say.enter_move"), lang.voice());
    case MenuLine::Kind::Setting:
      return menu_line(
          lang, fill(lang.word("say.setting_value"),
                     {{"setting", menu_words(lang, line.item)},
                      {"value", line.value ? menu_value_words(lang, moves, *line.value) : Word{}}},
                     lang));
    case MenuLine::Kind::Item:
      break;
  }
  // "{level}: {item}, {index} von {count}"
  const Word item =
      line.value ? menu_value_words(lang, moves, *line.value) : menu_words(lang, line.item);
  const Word placed =
      fill(lang.word("say.menu_item"),
           {{"item", item}, {"position", position_words(lang, line.index, line.count)}}, lang);
  return menu_line(lang,
                   fill(lang.word("say.setting_value"),
                        {{"setting", menu_words(lang, line.level)}, {"value", placed}}, lang));
}

}  // namespace annabella::speech
