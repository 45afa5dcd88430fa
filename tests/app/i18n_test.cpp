// The message catalogs of the command line (app/i18n.h, po/): the language from --lang or the
// usual locale variables, English under "C" as POSIX asks, German and Macedonian help texts and
// command outputs, and the catalog check failing when a complete language lacks a message.
#include "app/i18n.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "support/temp_dir.h"

namespace annabella::app {
namespace i18n_test {
namespace {

using annabella::testing::run_command;
using annabella::testing::TempDir;
using i18n::languages_from_environment;
using Languages = std::vector<std::string>;

TEST(Messages, TheLanguageComesFromTheLocaleVariablesInGettextsOrder) {
  EXPECT_EQ(languages_from_environment("mk:de", "", "", "C.UTF-8"), (Languages{"mk", "de"}));
  EXPECT_EQ(languages_from_environment("", "", "", "de_AT.UTF-8"), (Languages{"de_AT"}));
  EXPECT_EQ(languages_from_environment("", "mk_MK.UTF-8", "de_DE", "en_US"), (Languages{"mk_MK"}));
  EXPECT_EQ(languages_from_environment("", "", "de_DE", "en_US"), (Languages{"de_DE"}));
  EXPECT_EQ(languages_from_environment("", "", "", "sr_RS.UTF-8@latin"),
            (Languages{"sr_RS@latin"}));
  // POSIX: under the "C" locale the messages are as written, whatever LANGUAGE says.
  EXPECT_EQ(languages_from_environment("de", "C", "", ""), Languages{});
  EXPECT_EQ(languages_from_environment("de", "", "", "POSIX"), Languages{});
  EXPECT_EQ(languages_from_environment("", "", "", "C.UTF-8"), Languages{});
  EXPECT_EQ(languages_from_environment("", "", "", ""), Languages{});
}

TEST(Messages, PlacesAreFilledByName) {
  EXPECT_EQ(i18n::format("{file}: {n} games, {n} left {unknown}", {{"file", "a.pgn"}, {"n", "2"}}),
            "a.pgn: 2 games, 2 left {unknown}");
}

// Runs the binary with the locale variables given (and no others from the test's environment).
std::string run(const std::string& locale, const std::string& arguments, int* status = nullptr) {
  std::string out;
  const int code = run_command("env -u LANGUAGE -u LC_ALL -u LC_MESSAGES -u LANG " + locale + " " +
                                   std::string(ANNABELLA_BINARY) + " " + arguments,
                               out, true);
  if (status) *status = code;
  return out;
}

struct Config {
  TempDir dir;
  std::string file = (dir / "board.toml").string();
  Config() { std::ofstream(file) << "[white]\nname = \"Blind, Bea\"\n"; }
};

TEST(Messages, CommandOutputsInGermanAndMacedonian) {
  Config c;
  EXPECT_EQ(run("LANG=C.UTF-8", "--lang mk config check " + c.file),
            c.file +
                ": во ред. Blind, Bea (бели, со оштетен вид) против Black player (црни), "
                "табла 1, контрола на времето \"90 min/40 moves + 30 min + 30 s/move\".\n");
  EXPECT_EQ(run("LANGUAGE=de LANG=C.UTF-8", "config check " + c.file),
            c.file +
                ": in Ordnung. Blind, Bea (Weiß, sehbehindert) gegen Black player "
                "(Schwarz), Brett 1, Bedenkzeit \"90 min/40 moves + 30 min + 30 s/move\".\n");
  // A locale that is not installed here still chooses the language of the messages.
  EXPECT_NE(run("LANG=de_DE.UTF-8", "config check " + c.file).find("in Ordnung"),
            std::string::npos);
  EXPECT_NE(run("LC_ALL=mk_MK.UTF-8 LANG=de_DE.UTF-8", "config check " + c.file).find("во ред"),
            std::string::npos);
  const std::string pgn = (c.dir / "g.pgn").string();
  std::ofstream(pgn) << "[Event \"a\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
  EXPECT_EQ(run("LANG=C.UTF-8", "--lang=de pgn check " + pgn),
            pgn + ": 1 Partie, 2 Züge der Hauptvariante gelesen, keine Probleme\n");
  EXPECT_EQ(run("LANG=C.UTF-8", "--lang mk pgn check " + pgn),
            pgn + ": 1 партија, прочитани 2 потези од главната линија, нема проблеми\n");
}

TEST(Messages, FileFaultsInTheUsersLanguage) {
  // The reason a file cannot be read (errno, app/file_error.h) is worded in the catalogs, not
  // left in strerror's English.
  Config c;
  int status = 0;
  const std::string de = run("LANG=C.UTF-8", "--lang de pgn check /nonexistent/x.pgn", &status);
  EXPECT_EQ(status, 2) << de;
  EXPECT_NE(de.find("/nonexistent/x.pgn“ kann nicht gelesen werden: Datei oder Ordner nicht "
                    "gefunden"),
            std::string::npos)
      << de;
  const std::string folder = c.dir.path().string();
  const std::string mk =
      run("LANG=C.UTF-8", "--lang mk reconcile --board-a x --board-b x --sheet-a " + folder +
                              " --sheet-b " + folder);
  EXPECT_NE(mk.find("--sheet-a: „" + folder + "“ не може да се прочита: Ова е папка, не датотека"),
            std::string::npos)
      << mk;
  const std::string en = run("LANG=C.UTF-8", "pgn check /nonexistent/x.pgn");
  EXPECT_NE(en.find("\"/nonexistent/x.pgn\": No such file or directory"), std::string::npos) << en;
}

TEST(Messages, EnglishUnderTheCLocaleAndForEnglishSpeakers) {
  Config c;
  const std::string english = c.file +
                              ": ok. Blind, Bea (white, visually impaired) against Black player "
                              "(black), board 1, time control \"90 min/40 moves + 30 min + 30 "
                              "s/move\".\n";
  EXPECT_EQ(run("LC_ALL=C LANGUAGE=de", "config check " + c.file), english);
  EXPECT_EQ(run("LANG=C.UTF-8", "config check " + c.file), english);
  EXPECT_EQ(run("LANGUAGE=de LANG=C.UTF-8", "--lang en config check " + c.file), english);
  EXPECT_EQ(run("LANG=en_GB.UTF-8", "config check " + c.file), english);
}

TEST(Messages, AnAskedLanguageWithoutCatalogIsSaidAndEnglishUsed) {
  Config c;
  const std::string out = run("LANG=C.UTF-8", "--lang sq config check " + c.file);
  EXPECT_NE(out.find("no messages in \"sq\" (catalogs: "), std::string::npos) << out;
  EXPECT_NE(out.find(": ok. Blind, Bea"), std::string::npos) << out;
}

TEST(Messages, HelpTextsAreTranslatedAndTheNotationKeepsItsOwnLang) {
  const std::string help = run("LANG=C.UTF-8", "--lang de --help");
  EXPECT_NE(help.find("Aufruf:"), std::string::npos) << help;
  EXPECT_NE(help.find("Unterbefehle:"), std::string::npos) << help;
  EXPECT_NE(help.find("Die Ansage jedes Zuges ausgeben und sprechen (D.2.1)"), std::string::npos);
  const std::string mk = run("LANG=C.UTF-8", "--lang mk recording --help");
  EXPECT_NE(mk.find("Провери снимка (D.2.7): нејзиниот синџир на контролни суми"),
            std::string::npos)
      << mk;
  // `notation --lang` after the sub-command is the notation's language, not the messages'.
  int status = -1;
  EXPECT_EQ(run("LANG=C.UTF-8", "--lang mk notation --lang de Sf3", &status), "Nf3\n");
  EXPECT_EQ(status, 0);
}

// The check CI runs: it passes on the tree, and fails naming the message when a complete
// language lacks one (a copy of the tree with one more marked message).
TEST(Messages, TheCatalogCheckFailsWhenACompleteLanguageLacksAMessage) {
  const std::filesystem::path source = ANNABELLA_SOURCE_DIR;
  const std::string script = (source / "scripts" / "check-catalogs.sh").string();
  std::string out;
  EXPECT_EQ(run_command(script, out, true), 0) << out;
  TempDir copy;
  std::filesystem::copy(source / "app", copy / "app", std::filesystem::copy_options::recursive);
  std::filesystem::copy(source / "po", copy / "po", std::filesystem::copy_options::recursive);
  std::ofstream(copy / "app" / "extra.cpp")
      << "const char* x() { return tr(\"A new message\"); }\n"
      << "const char* y() { return tr_noop(\"A message in a table\"); }\n";
  const std::string in_copy = "ANNABELLA_CATALOG_ROOT=" + copy.path().string() + " " + script;
  EXPECT_NE(run_command(in_copy, out, true), 0);
  EXPECT_NE(out.find("po/annabella.pot is not what the sources mark"), std::string::npos) << out;
  EXPECT_NE(out.find("untranslated: msgid \"A new message\""), std::string::npos) << out;
  // A message marked in a table (translated where it is shown) is checked the same way.
  EXPECT_NE(out.find("untranslated: msgid \"A message in a table\""), std::string::npos) << out;
  EXPECT_NE(out.find("po/de.po"), std::string::npos) << out;
  EXPECT_NE(out.find("po/mk.po"), std::string::npos) << out;
}

// D.2.11: a catalog in an explicit language, apart from the process's (the sighted player's
// keypad): tr() with it, tr_n() by its own plural rule (Macedonian: one for 1, 21, 31 ... not 11),
// InLanguage for the wording functions on this thread only; a language with no catalog is
// English, never another language.
TEST(Messages, AnExplicitLanguagesCatalogWordsOneLineApartFromTheProcesss) {
  using i18n::Catalog;
  using i18n::InLanguage;
  using i18n::tr;
  using i18n::tr_n;
  const Catalog mk = Catalog::load("mk");
  ASSERT_EQ(mk.language(), "mk");
  EXPECT_STREQ(tr(mk, "{why} (nothing recorded)"), "{why} (ништо не е запишано)");
  const char* one = "reconcile: {board} agrees with the game after {n} half-move (D.2.9)";
  const char* many = "reconcile: {board} agrees with the game after {n} half-moves (D.2.9)";
  const std::string singular = tr_n(mk, one, many, 21);
  const std::string plural = tr_n(mk, one, many, 11);
  EXPECT_NE(singular, plural);
  EXPECT_EQ(singular, tr_n(mk, one, many, 1));
  EXPECT_NE(singular.find("полупотег "), std::string::npos) << singular;
  EXPECT_EQ(Catalog::load("sr-Cyrl").language(), "");  // no Serbian catalog: English
  EXPECT_STREQ(tr(Catalog::load("sq"), "{why} (nothing recorded)"), "{why} (nothing recorded)");
  const Catalog de = Catalog::load("de");
  {
    const InLanguage german(de);
    EXPECT_STREQ(tr("{why} (nothing recorded)"), "{why} (nichts aufgezeichnet)");
    {
      const InLanguage macedonian(mk);
      EXPECT_STREQ(tr("{why} (nothing recorded)"), "{why} (ништо не е запишано)");
    }
    EXPECT_STREQ(tr("{why} (nothing recorded)"), "{why} (nichts aufgezeichnet)");
  }
}

}  // namespace
}  // namespace i18n_test
}  // namespace annabella::app
