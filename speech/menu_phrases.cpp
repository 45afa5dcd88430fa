#include "speech/menu_phrases.h"

#include <iterator>

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
                                     "menu.close"};
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

Phrase phrase_confirmation(const Language& lang, bool confirmed) {
  return make(PhraseKind::Message, lang.word(confirmed ? "say.confirmed" : "say.cancelled"),
              lang.voice());
}

}  // namespace annabella::speech
