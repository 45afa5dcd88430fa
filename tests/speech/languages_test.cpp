// The player's languages (speech/language.h): every shipped language loads complete, every
// private phrase kind comes out in every language with no gap and no word of another language,
// numbers and durations follow each language's grammar, and the move words inside a private
// phrase stay the profile's, marked for the profile's voice.
#include "speech/language.h"

#include <gtest/gtest.h>

#include <map>

#include "speech/fixtures.h"
#include "speech/menu_phrases.h"
#include "speech/phrases.h"
#include "speech/private_phrase_catalog.h"

namespace annabella::speech {
namespace languages_test {
namespace {

using namespace std::chrono_literals;
using fixtures::position;
using fixtures::profile;

Language language(const char* code) {
  auto l = Language::load(code);
  EXPECT_TRUE(l) << code << ": " << (l ? "" : l.error().message);
  return l ? *l : *Language::load("en");
}

TEST(Languages, ShipsTheLanguagesOfIssue17) {
  const auto codes = Language::codes();
  for (const char* code : {"bg", "de", "en", "mk", "ru", "sq", "sr", "sr-Cyrl"})
    EXPECT_NE(std::find(codes.begin(), codes.end(), code), codes.end()) << code;
  for (const auto& code : codes) {
    auto l = Language::load(code);
    ASSERT_TRUE(l) << l.error().message;
    EXPECT_EQ(l->code(), code);
    EXPECT_FALSE(l->name().empty());
    EXPECT_FALSE(l->english_name().empty());
    EXPECT_FALSE(l->voice().empty());
  }
}

TEST(Languages, UnknownLanguageNamesTheSupportedOnes) {
  auto l = Language::load("klingon");
  ASSERT_FALSE(l);
  for (const char* part : {"klingon", "mk (Macedonian)", "sr-Cyrl (Serbian, Cyrillic script)",
                           "sq (Albanian)", "de (German)"})
    EXPECT_NE(l.error().message.find(part), std::string::npos) << l.error().message;
  EXPECT_EQ(language("SR-LATN").code(), "sr");
  EXPECT_EQ(language("sr-cyrl").code(), "sr-Cyrl");
}

// Every private phrase kind, in every language: no place left unfilled, no missing key shown as
// <key>, no digits, said in the language's own voice. (A language lacking a key does not load at
// all, which the test above catches.)
TEST(Languages, EveryPrivatePhraseKindInEveryLanguage) {
  const Vocabulary fide = profile("fide");
  for (const auto& code : Language::codes()) {
    const Language lang = language(code.c_str());
    const auto phrases = every_private_phrase(lang, fide);
    EXPECT_GE(phrases.size(), 40U);
    for (const auto& [kind, p] : phrases) {
      const std::string what = code + " " + kind + ": " + p.text;
      EXPECT_FALSE(p.text.empty()) << what;
      EXPECT_EQ(p.text.find_first_of("<>{}"), std::string::npos) << what;
      EXPECT_EQ(p.spoken.find('{'), std::string::npos) << what;
      EXPECT_EQ(p.spoken.find("<piece"), std::string::npos) << what;
      EXPECT_EQ(p.spoken.find("<say"), std::string::npos) << what;
      if (kind != "no_sound") {
        EXPECT_EQ(p.text.find_first_of("0123456789"), std::string::npos) << what;
      }
      EXPECT_EQ(p.voice, lang.voice()) << what;
    }
  }
}

// No silent fallback: outside German, no template, menu word, answer, result or reason is the
// German one (what a copied or forgotten translation would look like).
TEST(Languages, NoPhraseIsAnotherLanguagesWord) {
  const Language de = language("de");
  for (const auto& code : Language::codes()) {
    if (code == "de") continue;
    const Language lang = language(code.c_str());
    int compared = 0;
    for (const auto& [key, word] : lang.words()) {
      const bool wording = key.starts_with("say.") || key.starts_with("menu.") ||
                           key.starts_with("answer.") || key.starts_with("result.") ||
                           key.starts_with("reason.") || key.starts_with("board.") ||
                           key.starts_with("device.");
      if (!wording) continue;
      // Templates made of places and signs only are the same everywhere.
      if (word.display.find_first_not_of("{}:;,. abcdefghijklmnopqrstuvwxyz_") ==
              std::string::npos &&
          word.display.find_first_of("{") != std::string::npos)
        continue;
      ++compared;
      EXPECT_NE(word.display, de.word(key).display) << code << " " << key;
    }
    EXPECT_GT(compared, 50) << code;
  }
}

// Serbian in both scripts says the same: the Cyrillic file is the Latin one letter by letter.
std::string latin_to_cyrillic(std::string_view latin) {
  static const std::pair<const char*, const char*> letters[] = {
      {"Lj", "Љ"}, {"lj", "љ"}, {"Nj", "Њ"}, {"nj", "њ"}, {"Dž", "Џ"}, {"dž", "џ"}, {"a", "а"},
      {"b", "б"},  {"c", "ц"},  {"č", "ч"},  {"ć", "ћ"},  {"d", "д"},  {"đ", "ђ"},  {"e", "е"},
      {"f", "ф"},  {"g", "г"},  {"h", "х"},  {"i", "и"},  {"j", "ј"},  {"k", "к"},  {"l", "л"},
      {"m", "м"},  {"n", "н"},  {"o", "о"},  {"p", "п"},  {"r", "р"},  {"s", "с"},  {"š", "ш"},
      {"t", "т"},  {"u", "у"},  {"v", "в"},  {"z", "з"},  {"ž", "ж"},  {"A", "А"},  {"B", "Б"},
      {"C", "Ц"},  {"Č", "Ч"},  {"Ć", "Ћ"},  {"D", "Д"},  {"Đ", "Ђ"},  {"E", "Е"},  {"F", "Ф"},
      {"G", "Г"},  {"H", "Х"},  {"I", "И"},  {"J", "Ј"},  {"K", "К"},  {"L", "Л"},  {"M", "М"},
      {"N", "Н"},  {"O", "О"},  {"P", "П"},  {"R", "Р"},  {"S", "С"},  {"Š", "Ш"},  {"T", "Т"},
      {"U", "У"},  {"V", "В"},  {"Z", "З"},  {"Ž", "Ж"}};
  std::string out;
  for (std::size_t i = 0; i < latin.size();) {
    if (latin[i] == '{') {  // places stay as written
      const auto close = latin.find('}', i);
      out += latin.substr(i, close - i + 1);
      i = close + 1;
      continue;
    }
    bool done = false;
    for (const auto& [from, to] : letters) {
      if (latin.substr(i).starts_with(from)) {
        out += to;
        i += std::string_view(from).size();
        done = true;
        break;
      }
    }
    if (!done) out += latin[i++];
  }
  return out;
}

TEST(Languages, SerbianCyrillicIsSerbianLatinLetterByLetter) {
  const Language latin = language("sr"), cyrillic = language("sr-Cyrl");
  ASSERT_EQ(latin.words().size(), cyrillic.words().size());
  for (const auto& [key, word] : latin.words()) {
    if (key.starts_with("meta.") || key.ends_with(".gender")) continue;
    EXPECT_EQ(latin_to_cyrillic(word.display), cyrillic.word(key).display) << key;
    EXPECT_EQ(latin_to_cyrillic(word.spoken), cyrillic.word(key).spoken) << key;
  }
}

// Numbers and counted units in each language's grammar: gender, plural forms, the joining words.
TEST(Languages, NumbersAndCountsInEachLanguagesGrammar) {
  struct Case {
    const char* code;
    const char* unit;  // "" = the number alone
    int n;
    const char* text;
  };
  const Case cases[] = {
      {"mk", "minute", 1, "една минута"},
      {"mk", "minute", 2, "две минути"},
      {"mk", "minute", 5, "пет минути"},
      {"mk", "minute", 21, "дваесет и една минута"},
      {"mk", "minute", 11, "единаесет минути"},
      {"mk", "hour", 1, "еден час"},
      {"mk", "hour", 2, "два часа"},
      {"mk", "hour", 5, "пет часа"},
      {"mk", "move", 1, "еден потег"},
      {"mk", "move", 2, "два потега"},
      {"mk", "move", 3, "три потега"},
      {"mk", "move", 4, "четири потега"},
      {"mk", "move", 5, "пет потега"},
      {"mk", "move", 21, "дваесет и еден потег"},
      {"mk", "move", 40, "четириесет потега"},
      {"mk", "", 101, "сто и еден"},
      {"mk", "", 120, "сто и дваесет"},
      {"mk", "", 121, "сто дваесет и еден"},
      {"mk", "", 400, "четиристотини"},
      {"bg", "minute", 1, "една минута"},
      {"bg", "minute", 2, "две минути"},
      {"bg", "minute", 5, "пет минути"},
      {"bg", "minute", 21, "двадесет и една минути"},
      {"bg", "hour", 1, "един час"},
      {"bg", "hour", 2, "два часа"},
      {"bg", "move", 1, "един ход"},
      {"bg", "move", 2, "два хода"},
      {"bg", "move", 5, "пет хода"},
      {"bg", "hour", 5, "пет часа"},
      {"bg", "", 1, "едно"},
      {"bg", "", 101, "сто и едно"},
      {"bg", "", 121, "сто двадесет и едно"},
      {"ru", "minute", 1, "одна минута"},
      {"ru", "minute", 2, "две минуты"},
      {"ru", "minute", 5, "пять минут"},
      {"ru", "minute", 22, "двадцать две минуты"},
      {"ru", "second", 14, "четырнадцать секунд"},
      {"ru", "hour", 1, "один час"},
      {"ru", "hour", 3, "три часа"},
      {"ru", "move", 111, "сто одиннадцать ходов"},
      {"sr", "minute", 1, "jedna minuta"},
      {"sr", "minute", 2, "dve minute"},
      {"sr", "minute", 5, "pet minuta"},
      {"sr", "minute", 21, "dvadeset jedna minuta"},
      {"sr", "second", 3, "tri sekunde"},
      {"sr", "hour", 1, "jedan sat"},
      {"sr", "hour", 2, "dva sata"},
      {"sr", "hour", 5, "pet sati"},
      {"sr", "move", 42, "četrdeset dva poteza"},
      {"sr", "move", 2, "dva poteza"},
      {"sr", "move", 5, "pet poteza"},
      {"sr", "move", 21, "dvadeset jedan potez"},
      {"sr-Cyrl", "minute", 2, "две минуте"},
      {"sr-Cyrl", "move", 2, "два потеза"},
      {"sr-Cyrl", "hour", 1, "један сат"},
      {"sq", "minute", 1, "një minutë"},
      {"sq", "minute", 3, "tri minuta"},
      {"sq", "minute", 23, "njëzet e tri minuta"},
      {"sq", "hour", 2, "dy orë"},
      {"sq", "", 3, "tre"},
      {"sq", "", 121, "njëqind e njëzet e një"},
      {"de", "hour", 1, "eine Stunde"},
      {"de", "hour", 2, "zwei Stunden"},
      {"de", "move", 1, "ein Zug"},
      {"de", "minute", 21, "einundzwanzig Minuten"},
      {"de", "", 1, "eins"},
      {"de", "", 101, "einhunderteins"},
      {"de", "", 999, "neunhundertneunundneunzig"},
      {"en", "hour", 1, "one hour"},
      {"en", "move", 42, "forty-two moves"},
      {"en", "", 101, "one hundred and one"},
  };
  for (const auto& c : cases) {
    const Language lang = language(c.code);
    const Word w = *c.unit ? count_words(lang, c.unit, c.n) : number_words(lang, c.n);
    EXPECT_EQ(w.display, c.text) << c.code << " " << c.unit << " " << c.n;
  }
  EXPECT_EQ(number_words(language("de"), 43).spoken, "dreiund vierzig");  // eSpeak reads 43 so
}

// Macedonian and Bulgarian masculine nouns take their count form after a number of 2 and more
// (два часа, два потега, два хода; not the plain plurals потези, ходове); it ends in "а".
TEST(Languages, MasculineUnitsTakeTheCountFormAfterNumbers) {
  const std::string count_ending = "а";
  for (const char* code : {"mk", "bg"}) {
    const Language lang = language(code);
    for (const char* unit : {"hour", "minute", "second", "move"}) {
      if (lang.word(std::string("unit.") + unit + ".gender").spoken != "m") continue;
      for (int n : {2, 3, 4, 5, 11, 40, 100}) {
        const std::string said = count_words(lang, unit, n).display;
        EXPECT_TRUE(said.ends_with(count_ending))
            << code << " " << unit << " " << n << ": " << said;
      }
    }
  }
}

TEST(Languages, DurationsInEachLanguage) {
  const std::pair<const char*, const char*> cases[] = {
      {"de", "eine Stunde einundzwanzig Minuten eine Sekunde"},
      {"en", "one hour twenty-one minutes one second"},
      {"mk", "еден час дваесет и една минута една секунда"},
      {"bg", "един час двадесет и една минути една секунда"},
      {"ru", "один час двадцать одна минута одна секунда"},
      {"sr", "jedan sat dvadeset jedna minuta jedna sekunda"},
      {"sr-Cyrl", "један сат двадесет једна минута једна секунда"},
      {"sq", "një orë njëzet e një minuta një sekondë"},
  };
  for (const auto& [code, text] : cases)
    EXPECT_EQ(duration_words(language(code), 1h + 21min + 1s).display, text) << code;
  EXPECT_EQ(duration_words(language("mk"), 0s).display, "нула секунди");
  EXPECT_EQ(duration_words(language("ru"), 2h + 2min + 2s).display,
            "два часа две минуты две секунды");
}

TEST(Languages, TheMenusPositionInTheCasesTheLanguageAsks) {
  EXPECT_EQ(position_words(language("de"), 1, 9).display, "eins von neun");
  EXPECT_EQ(position_words(language("ru"), 1, 9).display, "один из девяти");
  EXPECT_EQ(position_words(language("ru"), 3, 12).display, "три из двенадцати");
  EXPECT_EQ(position_words(language("mk"), 2, 9).display, "два од девет");
  EXPECT_EQ(phrase_menu_item(language("en"), MenuItem::Time, 1, 9).text, "Time, one of nine");
  EXPECT_EQ(phrase_menu_item(language("bg"), MenuItem::Resign, 9, 9).text,
            "Предай партията, девет от девет");
  const Phrase line = phrase_menu_item(language("sq"), MenuItem::Language, 2, 3);
  EXPECT_EQ(line.kind, PhraseKind::Warning);
  EXPECT_EQ(line.topic, "menu");
}

TEST(Languages, ALanguagesNameIsSaidInItsOwnVoice) {
  const Phrase p = phrase_setting(language("de"), MenuItem::Language, language("mk"));
  EXPECT_EQ(p.text, "Sprache: Македонски");
  EXPECT_EQ(p.spoken, "Sprache: <voice name=\"mk\">Македонски</voice>");
  EXPECT_EQ(phrase_setting(language("mk"), MenuItem::AnnouncementForm, Answer::Short).text,
            "Форма на најавата: Кратка");
}

// The move words inside a private phrase are the profile's (D.2.1), read in the profile's voice.
TEST(Languages, MoveWordsStayTheArbitersInPrivatePhrases) {
  const Vocabulary fide = profile("fide");
  const auto start = position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const core::Move e4 = fixtures::move(start, "e4");
  const Phrase mk = phrase_illegal_move(language("mk"), fide, start, e4);
  EXPECT_EQ(mk.text, "Неправилен потег. Очекуван: Eva vier");
  EXPECT_EQ(mk.spoken, "Неправилен потег. Очекуван: <voice name=\"de\">Eva vier</voice>");
  EXPECT_EQ(mk.voice, "mk");
  const Phrase step = phrase_correction_step(
      language("ru"), fide,
      {core::CorrectionStep::Kind::Move, core::W_KNIGHT, core::SQ_F3, core::SQ_G5});
  EXPECT_EQ(step.text, "конь с Felix drei на Gustav fuenf");
  EXPECT_EQ(step.spoken,
            "конь с <voice name=\"de\">Felix drei</voice> на <voice name=\"de\">Gustav "
            "fünf</voice>");
  // The profile's own language needs no marks.
  const Phrase de = phrase_illegal_move(fide, start, e4);
  EXPECT_EQ(de.spoken, "Regelwidriger Zug. Erwartet: Eva vier");
  EXPECT_EQ(de.voice, "de");
  // A national move-word profile: Macedonian moves in a Macedonian phrase, one voice.
  const Vocabulary macedonian = profile("macedonian");
  const Phrase all_mk = phrase_illegal_move(language("mk"), macedonian, start, e4);
  EXPECT_EQ(all_mk.spoken, "Неправилен потег. Очекуван: Ева четири");
  const auto pos = position("4k3/8/8/8/1p2P3/8/8/4K3 w - - 0 1");
  EXPECT_EQ(phrase_square_reading(language("mk"), macedonian, pos,
                                  core::square_bb(core::make_square(4, 3)))
                .text,
            "Ева четири: бел пешак");
  EXPECT_EQ(phrase_board_reading(language("sr"), fide, pos, core::rank_bb(3) & pos.pieces()).text,
            "Beli: pešak Eva vier; Crni: pešak Bella vier");
}

TEST(Languages, EveryProfileNamesAShippedLanguage) {
  const auto codes = Language::codes();
  for (const auto& name : Vocabulary::profile_names()) {
    const Vocabulary v = profile(name.c_str());
    EXPECT_NE(std::find(codes.begin(), codes.end(), v.own_language().code()), codes.end()) << name;
  }
}

}  // namespace
}  // namespace languages_test
}  // namespace annabella::speech
