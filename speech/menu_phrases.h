// The words of the VI player's menu and confirmations, in the player's language: item names,
// "1 von 9" positions, setting values, yes / no, confirm / cancel (docs/languages.md). The menu
// itself (what it holds, how it is moved through) belongs to the station; this is its wording.
//
// Menu lines are Warnings on the topic "menu": moving on through the menu replaces a line that
// is still waiting instead of queueing behind it.
#pragma once

#include "speech/language.h"
#include "speech/phrases.h"

namespace annabella::speech {

// In this order; kMenuItems lists them all.
enum class MenuItem {
  Title,             // the menu itself ("Menue")
  Time,              // the time readout (D.2.10.4)
  Board,             // read the board aloud
  Captured,          // the captured pieces
  LastMove,          // the last move again
  OfferDraw,         // Art. 9.1.2
  CallArbiter,       //
  Resign,            // Art. 5.1.2
  Language,          // the player's language
  Volume,            //
  SpeechRate,        //
  Warnings,          // the low-time warnings (D.2.6)
  AnnouncementForm,  // short or long (D.2.1)
  Back,              // up one level
  Close,             // leave the menu
};
inline constexpr MenuItem kMenuItems[] = {MenuItem::Title,
                                          MenuItem::Time,
                                          MenuItem::Board,
                                          MenuItem::Captured,
                                          MenuItem::LastMove,
                                          MenuItem::OfferDraw,
                                          MenuItem::CallArbiter,
                                          MenuItem::Resign,
                                          MenuItem::Language,
                                          MenuItem::Volume,
                                          MenuItem::SpeechRate,
                                          MenuItem::Warnings,
                                          MenuItem::AnnouncementForm,
                                          MenuItem::Back,
                                          MenuItem::Close};

enum class Answer { Yes, No, Confirm, Cancel, On, Off, Short, Long };
inline constexpr Answer kAnswers[] = {Answer::Yes, Answer::No,  Answer::Confirm, Answer::Cancel,
                                      Answer::On,  Answer::Off, Answer::Short,   Answer::Long};

// The words alone ("Zeit", "Ja"), to build other lines with.
[[nodiscard]] Word menu_words(const Language& lang, MenuItem item);
[[nodiscard]] Word answer_words(const Language& lang, Answer answer);
// The language's name in itself ("Македонски"), said in its own voice by phrase_setting.
[[nodiscard]] Word language_name_words(const Language& lang);

// "{index} von {count}" with both numbers as words, in the cases the language asks for
// ("один из девяти").
[[nodiscard]] Word position_words(const Language& lang, int index, int count);
// A menu line: "Zeit, eins von neun".
[[nodiscard]] Phrase phrase_menu_item(const Language& lang, MenuItem item, int index, int count);
// A setting and its value: "Ansageform: Kurz", "Sprache: Deutsch".
[[nodiscard]] Phrase phrase_setting(const Language& lang, MenuItem setting, Answer value);
// The language setting with a language's own name, said in that language's voice, so that a
// player who does not understand the current one still recognizes his own.
[[nodiscard]] Phrase phrase_setting(const Language& lang, MenuItem setting, const Language& value);
// An answer alone ("Ja"), e.g. the value under the cursor.
[[nodiscard]] Phrase phrase_answer(const Language& lang, Answer answer);
// "Aufgeben? Bestaetigen oder abbrechen" (a Message: it waits for the player).
[[nodiscard]] Phrase phrase_confirm_question(const Language& lang, MenuItem item);
// "Bestaetigt" or "Abgebrochen" (a Message).
[[nodiscard]] Phrase phrase_confirmation(const Language& lang, bool confirmed);

}  // namespace annabella::speech
