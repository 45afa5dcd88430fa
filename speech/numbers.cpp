#include "speech/numbers.h"

#include <string>

#include "speech/wording.h"

namespace annabella::speech {
namespace {

// The word for a number the language lists itself, in the form asked for if it has one; the
// compound form ("ein" in "einundzwanzig") first when `compound`.
const Word* listed(const Language& language, int n, std::string_view form, bool compound = false) {
  const std::string key = "number." + std::to_string(n);
  if (compound)
    if (const auto* w = language.find(key + ".compound")) return w;
  if (!form.empty())
    if (const auto* w = language.find(key + "." + std::string(form))) return w;
  return language.find(key);
}

Word digit_by_digit(const Language& language, int n) {
  wording::Words digits;
  for (char c : std::to_string(n < 0 ? -static_cast<long long>(n) : n))
    digits.add(number_words(language, c - '0'));
  return digits.word();
}

}  // namespace

Word number_words(const Language& language, int n, std::string_view form) {
  if (n < 0 || n > 999) return digit_by_digit(language, n);  // never for times and move counts
  if (const auto* w = listed(language, n, form)) return *w;
  if (n >= 100) {
    const Word* hundreds = listed(language, n / 100 * 100, form);
    const int rest = n % 100;
    // "сто и еден" but "сто дваесет и еден": some languages join a one-word rest with "и".
    const Word* simple =
        listed(language, rest, "") ? language.find("number.compose_hundreds.simple") : nullptr;
    return wording::fill(simple ? *simple : language.word("number.compose_hundreds"),
                         {{"hundreds", hundreds ? *hundreds : Word{}, -1},
                          {"rest", number_words(language, rest, form), -1}},
                         language);
  }
  const Word* unit = listed(language, n % 10, form, /*compound=*/true);
  const Word* ten = listed(language, n / 10 * 10, form);
  return wording::fill(language.word("number.compose"),
                       {{"unit", unit ? *unit : Word{}, -1}, {"ten", ten ? *ten : Word{}, -1}},
                       language);
}

std::string_view plural_category(const Language& language, int n) {
  const std::string rule = language.plural_rule();
  const int last = n % 10, last_two = n % 100;
  if (rule == "slavic") {
    if (last == 1 && last_two != 11) return "one";
    if (last >= 2 && last <= 4 && (last_two < 12 || last_two > 14)) return "few";
    return "many";
  }
  if (rule == "ones-other") return last == 1 && last_two != 11 ? "one" : "other";
  return n == 1 ? "one" : "other";
}

Word count_words(const Language& language, std::string_view unit, int n) {
  const std::string base = "unit." + std::string(unit);
  const Word* gender = language.find(base + ".gender");
  const Word* name = language.find(base + "." + std::string(plural_category(language, n)));
  const Word unit_word = name ? *name : language.word(base + ".other");
  return wording::Words()
      .add(number_words(language, n, gender ? gender->spoken : ""))
      .add(unit_word)
      .word();
}

Word duration_words(const Language& language, std::chrono::seconds d) {
  const auto total = d.count() < 0 ? 0 : d.count();
  const int hours = static_cast<int>(total / 3600);
  const int minutes = static_cast<int>(total / 60 % 60);
  const int seconds = static_cast<int>(total % 60);
  wording::Words w;
  if (hours) w.add(count_words(language, "hour", hours));
  if (minutes) w.add(count_words(language, "minute", minutes));
  if (seconds || (!hours && !minutes)) w.add(count_words(language, "second", seconds));
  return w.word();
}

}  // namespace annabella::speech
