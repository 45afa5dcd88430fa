// Vocabulary profiles: the shipped ones load with every required key, D.2.1's words are exactly
// the rulebook's, display and spoken spellings differ where they must, overrides work.
#include "speech/vocabulary.h"

#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace annabella::speech {
namespace vocabulary_test {
namespace {

TEST(Vocabulary, ShipsTheProfiles) {
  const auto names = Vocabulary::profile_names();
  for (const char* expected : {"english-anna", "fide", "letters", "nato", "russian"})
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
}

TEST(Vocabulary, EveryShippedProfileLoadsWithEveryRequiredKey) {
  for (const auto& name : Vocabulary::profile_names()) {
    auto v = Vocabulary::load(name);
    ASSERT_TRUE(v) << v.error().message;
    EXPECT_EQ(v->name(), name);
    for (const auto& key : Vocabulary::required_keys()) EXPECT_TRUE(v->find(key)) << name << key;
    EXPECT_FALSE(v->voice().empty());
    EXPECT_GE(v->rate(), 80);
  }
}

// D.2.1: files, ranks, pieces, castling, as the rulebook writes them, and how they are spoken.
TEST(Vocabulary, FideIsAppendixD21) {
  auto v = Vocabulary::load("fide");
  ASSERT_TRUE(v);
  const char* files[] = {"Anna", "Bella", "Cesar", "David", "Eva", "Felix", "Gustav", "Hector"};
  for (int f = 0; f < 8; ++f)
    EXPECT_EQ(v->word(std::string("file.") + char('a' + f)), (Word{files[f], files[f]}));
  const char* ranks[] = {"eins", "zwei", "drei", "vier", "fuenf", "sechs", "sieben", "acht"};
  for (int r = 0; r < 8; ++r)
    EXPECT_EQ(v->word(std::string("rank.") + char('1' + r)).display, ranks[r]);
  EXPECT_EQ(v->word("rank.5"), (Word{"fuenf", "fünf"}));
  EXPECT_EQ(v->word("piece.king"), (Word{"Koenig", "König"}));
  EXPECT_EQ(v->word("piece.bishop"), (Word{"Laeufer", "Läufer"}));
  EXPECT_EQ(v->word("piece.queen").display, "Dame");
  EXPECT_EQ(v->word("piece.rook").display, "Turm");
  EXPECT_EQ(v->word("piece.knight").display, "Springer");
  EXPECT_EQ(v->word("piece.pawn").display, "Bauer");
  EXPECT_EQ(v->word("castle.short").display, "Kurze Rochade");
  EXPECT_EQ(v->word("castle.long").display, "Lange Rochade");
  EXPECT_EQ(v->voice(), "de");
  EXPECT_EQ(v->language(), "de");
}

TEST(Vocabulary, BaseProfilesAreInherited) {
  auto nato = Vocabulary::load("nato");
  ASSERT_TRUE(nato);
  EXPECT_EQ(nato->word("file.f").display, "Foxtrot");
  EXPECT_EQ(nato->word("piece.knight").display, "Knight");
  EXPECT_EQ(nato->voice(), "en");
  auto letters = Vocabulary::load("letters");
  ASSERT_TRUE(letters);
  EXPECT_EQ(letters->word("file.a"), (Word{"a", "ay"}));
}

TEST(Vocabulary, OverridesUnlessTheArbiterDecidesOtherwise) {
  auto v = Vocabulary::load("fide");
  ASSERT_TRUE(v);
  ASSERT_TRUE(v->apply_overrides({{"file_e", "Emil"}, {"piece.bishop", "Laufer | Läufer"}}));
  EXPECT_EQ(v->word("file.e"), (Word{"Emil", "Emil"}));
  EXPECT_EQ(v->word("piece.bishop"), (Word{"Laufer", "Läufer"}));
  auto bad = v->apply_overrides({{"file_x", "Xaver"}, {"file_a", "Anton"}});
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().message.find("file_x"), std::string::npos);
  EXPECT_NE(bad.error().message.find("did you mean"), std::string::npos);
  EXPECT_EQ(v->word("file.a").display, "Anna");  // nothing changed
}

TEST(Vocabulary, ErrorsNameTheProblem) {
  auto unknown = Vocabulary::load("klingon");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("fide"), std::string::npos);
  auto syntax = Vocabulary::parse("meta.base = fide\nthis line has no equals sign\n", "mine");
  ASSERT_FALSE(syntax);
  EXPECT_NE(syntax.error().message.find("mine:2:"), std::string::npos);
  auto missing = Vocabulary::parse("file.a = A\n", "tiny");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("rank.1"), std::string::npos);
}

TEST(Vocabulary, LoadsAProfileFile) {
  ::annabella::testing::TempDir dir;
  const auto path = dir / "emil.txt";
  std::ofstream(path) << "meta.base = fide\nfile.e = Emil\n";
  auto v = Vocabulary::load(path.string());
  ASSERT_TRUE(v) << v.error().message;
  EXPECT_EQ(v->name(), "emil");
  EXPECT_EQ(v->word("file.e").display, "Emil");
  EXPECT_EQ(v->word("file.f").display, "Felix");
}

}  // namespace
}  // namespace vocabulary_test
}  // namespace annabella::speech

namespace annabella::speech {
namespace vocabulary_test {
namespace {

// A profile holds the move words; the rest comes from its language (meta.language), unless the
// profile gives it; a language that is not shipped leaves the profile to give everything.
TEST(Vocabulary, TheRestComesFromTheProfilesLanguage) {
  std::string moves = "meta.rate = 150\n";
  for (const auto& key : Vocabulary::move_keys()) moves += key + " = w" + key + "\n";
  auto mk = Vocabulary::parse(moves + "meta.language = mk\nmeta.voice = mk\n", "mine");
  ASSERT_TRUE(mk) << mk.error().message;
  EXPECT_EQ(mk->word("say.illegal_move").display, "Неправилен потег");
  EXPECT_EQ(mk->word("piece.knight").display, "wpiece.knight");  // the profile's own word
  EXPECT_EQ(mk->own_language().code(), "mk");
  EXPECT_EQ(mk->plural_rule(), "ones-other");
  auto own = Vocabulary::parse(moves + "meta.language = de\nsay.illegal_move = Falsch\n", "own");
  ASSERT_TRUE(own) << own.error().message;
  EXPECT_EQ(own->word("say.illegal_move").display, "Falsch");
  auto french = Vocabulary::parse(moves + "meta.language = fr\nmeta.voice = fr\n", "french");
  ASSERT_FALSE(french);
  EXPECT_NE(french.error().message.find("lacks the keys"), std::string::npos);
  EXPECT_NE(french.error().message.find("say.illegal_move"), std::string::npos);
  const auto names = Vocabulary::profile_names();
  EXPECT_NE(std::find(names.begin(), names.end(), "macedonian"), names.end());
}

}  // namespace
}  // namespace vocabulary_test
}  // namespace annabella::speech
