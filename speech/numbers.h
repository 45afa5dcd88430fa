// Numbers and durations as words, in a language's grammar (docs/languages.md): the words up to
// 20, the tens and the hundreds come from the language's data (speech/languages/*.txt), with
// their gender and case forms; two templates compose the rest ("{unit}und{ten}", "{ten} и
// {unit}", "{hundreds} и {rest}"); a plural rule picks the unit's form ("две минути", "пять
// минут", "zwei Stunden"). Numbers are words, never digits a synthesizer may misread.
#pragma once

#include <chrono>
#include <string_view>

#include "speech/language.h"
#include "speech/word_table.h"

namespace annabella::speech {

// A whole number 0 .. 999 as words (beyond, digit by digit), in a form the language gives as
// `number.N.FORM`: a gender ("f": "eine", "одна", "tri"; "m", "n") or a case ("gen": "девяти");
// "" is the form a number has standing alone. Parts the language gives no form for keep theirs.
[[nodiscard]] Word number_words(const Language& language, int n, std::string_view form = "");

// The plural category of a count under the language's rule: "one", "few", "many" or "other".
[[nodiscard]] std::string_view plural_category(const Language& language, int n);

// A count with its unit in the right form, the number agreeing with the unit's gender:
// ("minute", 2) -> "две минути"; ("move", 23) -> "dreiundzwanzig Zuege". Units: "hour",
// "minute", "second", "move".
[[nodiscard]] Word count_words(const Language& language, std::string_view unit, int n);

// A duration as hours, minutes and seconds in words, zero parts left out, rounded down to whole
// seconds; zero is zero seconds ("null Sekunden").
[[nodiscard]] Word duration_words(const Language& language, std::chrono::seconds d);

}  // namespace annabella::speech
