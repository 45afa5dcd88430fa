// What the assistant and the arbiter read, in German and Macedonian (app/i18n.h, po/): the
// station's console through `annabella play` with a console script (moves, requests, the
// arbiter's commands, the adjournment envelope, the resumption), and `annabella reconcile`'s
// text, HTML and JSON. Each run checks that translated lines appear and that none of the covered
// English messages leaks through; the English runs are the other suites' (the default language).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <utility>
#include <vector>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace i18n_station_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::read_file;
using annabella::testing::run_command;
using annabella::testing::TempDir;

constexpr auto kWait = 20s;  // generous: CI runs these under ASan on two busy cores
const std::string kBinary = ANNABELLA_BINARY;

// English messages of the station's console that a translated run must never show (each is
// the start of a message the catalogs translate).
const std::vector<std::string> kStationEnglish = {
    "ready; type help",
    "Game started:",
    "\nmade 1.",
    "say public:",
    "say private:",
    "\ntime: ",
    "\nstatus: ",
    "offers a draw",
    "added to White's clock",
    "is not a command or a move",
    "Commands (short name",
    "(short: ",
    "adjourned (Guidelines I). Envelope:",
    "  event: ",
    "  position before the sealed move",
    "  sealed move number",
    "  sealed by: ",
    "  draw offer: by",
    "  resumption: date, time and place",
    "  sealed move: a legal move was sealed",
    "Resume with `annabella play --resume`",
    "Restored the game",
    "envelope opened",
    "clocks running",
    "stopping; the record is kept",
    "recording sealed (",
    "station key made",
    "pegboard: the built-in simulator",
    "game over:",
    "rank 8:",
    "White has taken",
    "the sighted player's moves come from",
    "connected: the board",
    "\nplaced ",
    "the game is over",
    " resigns",
    " is illegal: ",
    "cannot capture the",
};

void expect_no_english(const std::string& out, const std::vector<std::string>& english) {
  for (const auto& line : english)
    EXPECT_EQ(out.find(line), std::string::npos) << line << "\n" << out;
}

std::filesystem::path write_config(const TempDir& dir) {
  const auto file = dir.path() / "station.toml";
  // No time stamps on the console (the log keeps them): each message starts its line.
  std::ofstream(file) << "[console]\ntimestamps = false\n[record]\nkey_folder = \""
                      << (dir.path() / "keys").string() << "\"\n";
  return file;
}

std::vector<std::string> play(const std::filesystem::path& config,
                              const std::filesystem::path& record,
                              std::vector<std::string> before = {}, bool resume = false) {
  std::vector<std::string> args = {kBinary};
  args.insert(args.end(), before.begin(), before.end());
  for (const std::string arg : {"play", "--silent", "--config"}) args.push_back(arg);
  args.push_back(config.string());
  args.push_back("--record");
  args.push_back(record.string());
  if (resume) args.emplace_back("--resume");
  return args;
}

// The messages' language from the locale variables alone, for the processes this test starts;
// the variables are put back as they were when the test ends, so that a later test in the same
// process (all of app_tests run at once) does not see its children speak this language.
class EnvironmentLanguage {
 public:
  explicit EnvironmentLanguage(const char* language) {
    for (const char* name : kNames) {
      const char* value = std::getenv(name);
      saved_.emplace_back(name, value ? std::optional<std::string>(value) : std::nullopt);
    }
    ::unsetenv("LC_ALL");
    ::unsetenv("LC_MESSAGES");
    ::setenv("LANG", "C.UTF-8", 1);
    ::setenv("LANGUAGE", language, 1);
  }
  ~EnvironmentLanguage() {
    for (const auto& [name, value] : saved_)
      if (value)
        ::setenv(name, value->c_str(), 1);
      else
        ::unsetenv(name);
  }
  EnvironmentLanguage(const EnvironmentLanguage&) = delete;
  EnvironmentLanguage& operator=(const EnvironmentLanguage&) = delete;

 private:
  static constexpr const char* kNames[] = {"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"};
  std::vector<std::pair<const char*, std::optional<std::string>>> saved_;
};

// A game to move 2, a draw offer, a penalty, a mistyped command and help, then White seals his
// move: every step's console line in German (`--lang de`), the envelope too (Guidelines I.2).
TEST(StationMessages, AGameAndItsAdjournmentEnvelopeInGerman) {
  TempDir dir;
  const auto record = dir.path() / "record";
  ChildProcess station(play(write_config(dir), record, {"--lang", "de"}));
  ASSERT_TRUE(station.wait_for("bereit; help tippen für die Befehle", kWait)) << station.output();
  ASSERT_TRUE(station.wait_for("verbunden: das Brett stimmt mit der Partie überein", kWait))
      << station.output();
  station.send("sim play e4");
  ASSERT_TRUE(station.wait_for("ausgeführt 1. e4 (e2e4) über Steckbrett; Weiß 1:", kWait))
      << station.output();
  ASSERT_TRUE(station.wait_for("öffentlich gesagt: Eva vier", kWait)) << station.output();
  station.send("Ke7");  // Art. 3.1: why the typed move is illegal, from the core's typed reason
  ASSERT_TRUE(
      station.wait_for("„Ke7“ ist regelwidrig: König e8 kann nicht nach e7: dort steht "
                       "ein eigener Stein, schwarzer Bauer (Art. 3.1) (nichts "
                       "aufgezeichnet)",
                       kWait))
      << station.output();
  station.send("e5");
  ASSERT_TRUE(station.wait_for("ausgeführt 1... e5 (e7e5) über Konsole", kWait))
      << station.output();
  station.send("sim play e5");
  ASSERT_TRUE(station.wait_for("e7e5 auf dem Steckbrett ausgeführt", kWait)) << station.output();
  station.send("b all");  // the board reading, one rank a line
  ASSERT_TRUE(station.wait_for("\nReihe 8: a8 schwarzer Turm, b8 schwarzer Springer", kWait))
      << station.output();
  ASSERT_TRUE(station.wait_for("\nReihe 6: leer\n", kWait)) << station.output();
  station.send("b white");
  ASSERT_TRUE(station.wait_for("\nWeiß: König e1; Dame d1; Türme a1, h1; Läufer c1, f1;", kWait))
      << station.output();
  station.send("captured");
  ASSERT_TRUE(
      station.wait_for("\nWeiß hat geschlagen: nichts; Schwarz hat geschlagen: nichts", kWait))
      << station.output();
  station.send("time");
  ASSERT_TRUE(station.wait_for("Zeit: Weiß 1:", kWait)) << station.output();
  ASSERT_TRUE(station.wait_for(", 1 Zug gespielt (D.2.10.4)", kWait)) << station.output();
  station.send("status");
  ASSERT_TRUE(station.wait_for("Stand: 2 Halbzüge, Weiß am Zug; Weiß 1:", kWait))
      << station.output();
  station.send("draw-offer");
  ASSERT_TRUE(
      station.wait_for("Schwarz bietet Remis an (Art. 9.1.2; mit (=) auf dem "
                       "Partieformular vermerkt, Art. 9.1.2.2); Weiß nimmt mit "
                       "draw-accept an",
                       kWait))
      << station.output();
  station.send("penalty white 5");
  ASSERT_TRUE(station.wait_for("5 Minuten zur Uhr von Weiß hinzugefügt (Art. 12.9)", kWait))
      << station.output();
  station.send("penalty white 1");
  ASSERT_TRUE(station.wait_for("1 Minute zur Uhr von Weiß hinzugefügt (Art. 12.9)", kWait))
      << station.output();
  station.send("xyzzy");
  ASSERT_TRUE(station.wait_for("„xyzzy“ ist weder ein Befehl noch ein Zug", kWait))
      << station.output();
  station.send("help time");
  ASSERT_TRUE(
      station.wait_for("time (kurz: t): die Zeiten beider Spieler und die gespielten "
                       "Züge sagen, nur dem Spieler. Regel: D.2.10.4",
                       kWait))
      << station.output();
  station.send("help");
  ASSERT_TRUE(station.wait_for("Befehle (Kurzname, langer Name, Argumente):", kWait))
      << station.output();
  ASSERT_TRUE(
      station.wait_for("  adj, adjourn SEALED_MOVE: den Zug abgeben (er muss "
                       "regelgemäß sein) und die Partie abbrechen (Guidelines I) "
                       "[Schiedsrichter]",
                       kWait))
      << station.output();
  station.send("adjourn Nf3");  // Guidelines I.1.1: White, to move, seals his move
  ASSERT_TRUE(station.wait_for("Fortsetzen mit `annabella play --resume`", kWait))
      << station.output();
  EXPECT_EQ(station.wait(kWait), 0) << station.output();
  const std::string& out = station.output();
  for (const char* line :
       {"abgebrochen, Hängepartie (Guidelines I). Umschlag:\n",
        "  Weiß: White player; Schwarz: Black player\n",
        "  Turnier: ",
        ", Runde ",
        ", Brett 1\n",
        "  abgebrochen um ",
        " (Uhrzeit, UTC), ",
        " Partiezeit; Partiedatum ",
        "  Stellung vor dem Abgabezug: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 "
        "2\n",
        "  Nummer des Abgabezugs: 2. (Weiß am Zug)\n",
        "  Uhren: Weiß 1:",
        "  abgegeben von: Weiß (White player)\n",
        "  Remisangebot: von Schwarz, noch offen (Guidelines I.2.6)\n",
        "  Wiederaufnahme: Datum, Zeit und Ort legt der Schiedsrichter fest (Guidelines I.2.7)\n",
        "  Abgabezug: ein regelgemäßer Zug wurde abgegeben; er wird nicht angezeigt.",
        "Fortsetzen mit `annabella play --resume`; der Schiedsrichter tippt dann open-envelope.",
        "Partie begonnen: White player (Weiß) - Black player (Schwarz), ",
        "Stationsschlüssel angelegt: ",
        "Aufnahme versiegelt (adjourn): ",
        "die Züge des sehenden Spielers kommen von (D.2.11): die Konsole des Assistenten\n"})
    EXPECT_NE(out.find(line), std::string::npos) << line << "\n" << out;
  expect_no_english(out, kStationEnglish);
  // The log keeps the same lines, with their times.
  const std::string log = read_file(record / "station.log");
  EXPECT_NE(log.find("] ausgeführt 1. e4 (e2e4) über Steckbrett"), std::string::npos) << log;
  EXPECT_NE(log.find("abgebrochen, Hängepartie (Guidelines I). Umschlag:"), std::string::npos)
      << log;
}

// The same in Macedonian, chosen by the locale variables (LANGUAGE): the adjournment, then the
// resumption, the envelope opened (Guidelines I.9.1) and the stop.
TEST(StationMessages, AnAdjournmentAndItsResumptionInMacedonian) {
  const EnvironmentLanguage environment("mk");
  TempDir dir;
  const auto record = dir.path() / "record";
  const auto config = write_config(dir);
  {
    ChildProcess station(play(config, record));
    ASSERT_TRUE(station.wait_for("подготвено; внесете help за командите", kWait))
        << station.output();
    ASSERT_TRUE(station.wait_for("поврзано: таблата се совпаѓа со партијата", kWait))
        << station.output();
    station.send("sim play e4");
    ASSERT_TRUE(station.wait_for("одиграно 1. e4 (e2e4) преку тактилна табла; Бели 1:", kWait))
        << station.output();
    station.send("Ke7");  // Art. 3.1: why the typed move is illegal
    ASSERT_TRUE(
        station.wait_for("„Ke7“ е неправилен потег: крал на e8 не може да оди на e7: "
                         "таму стои сопствена фигура, црн пешак (Art. 3.1) (ништо не е "
                         "запишано)",
                         kWait))
        << station.output();
    station.send("adj Nf6");  // Black seals his move (Guidelines I)
    ASSERT_TRUE(
        station.wait_for("Продолжете со `annabella play --resume`; судијата потоа "
                         "внесува open-envelope.",
                         kWait))
        << station.output();
    EXPECT_EQ(station.wait(kWait), 0) << station.output();
    const std::string& out = station.output();
    for (const char* line :
         {"прекината (Guidelines I). Коверт:\n", "  Бели: White player; Црни: Black player\n",
          "  позиција непосредно пред ковертираниот потег: ",
          "  број на ковертираниот потег: 1... (Црни на потег)\n",
          "  ковертирал: Црни (Black player)\n",
          "  продолжение: датум, време и место ги одредува судијата (Guidelines I.2.7)\n",
          "  ковертиран потег: ковертиран е правилен потег; не се прикажува.",
          "снимката е запечатена (adjourn): "})
      EXPECT_NE(out.find(line), std::string::npos) << line << "\n" << out;
    expect_no_english(out, kStationEnglish);
  }
  {
    ChildProcess station(play(config, record, {}, true));
    ASSERT_TRUE(
        station.wait_for("Партијата White player - Black player е обновена по 1 "
                         "полупотег (последен потег 1. e4)",
                         kWait))
        << station.output();
    ASSERT_TRUE(station.wait_for("; прекината: ковертираниот потег чека во својот коверт", kWait))
        << station.output();
    station.send("open-envelope");
    ASSERT_TRUE(
        station.wait_for("ковертот е отворен: ковертираниот потег е Nf6 (Guidelines I.9.1)", kWait))
        << station.output();
    ASSERT_TRUE(station.wait_for("одиграно 1... Nf6 (g8f6) преку ковертиран потег", kWait))
        << station.output();
    ASSERT_TRUE(
        station.wait_for("часовниците работат: часовникот на Бели (Guidelines I.9.1)", kWait))
        << station.output();
    station.send("status");
    ASSERT_TRUE(station.wait_for("состојба: 2 полупотези, Бели на потег; Бели 1:", kWait))
        << station.output();
    station.send("resign white");  // Art. 5.1.2: the reason in the language of the messages
    ASSERT_TRUE(
        station.wait_for("партијата е завршена: 0-1 (Art. 5.1.2: Бели се предаваат)", kWait))
        << station.output();
    station.send("penalty black 2");
    ASSERT_TRUE(
        station.wait_for("penalty: партијата е завршена (0-1, Бели се предаваат); ништо "
                         "не се менува",
                         kWait))
        << station.output();
    station.send("quit");
    ASSERT_TRUE(station.wait_for("се запира; записот се чува во ", kWait)) << station.output();
    EXPECT_EQ(station.wait(kWait), 0) << station.output();
    expect_no_english(station.output(), kStationEnglish);
  }
}

// The demonstration waits for the station's lines: it finds them in Macedonian too (LANGUAGE=mk),
// and ends the game as it does in English.
TEST(StationMessages, TheDemonstrationRunsInMacedonian) {
  const EnvironmentLanguage environment("mk");
  TempDir dir;
  ChildProcess demo(
      {kBinary, "demo", "--speed", "8", "--silent", "--folder", (dir.path() / "demo").string()});
  ASSERT_EQ(demo.wait(120s), 0) << demo.output();
  const std::string& out = demo.output();
  for (const char* line : {"поврзано: таблата се совпаѓа со партијата", "неправилно: ",
                           "усогласување (D.2.9): тактилната табла се разликува од партијата",
                           "партијата е завршена: 1-0 (Art. 5.1.2: Црни се предаваат)",
                           "Демонстрацијата заврши. Записот е во "})
    EXPECT_NE(out.find(line), std::string::npos) << line << "\n" << out;
  expect_no_english(out, kStationEnglish);
  EXPECT_EQ(out.find("demo script:"), std::string::npos) << out;
}

// Morphy's Opera game to 8. Nc3: sheet A in English, sheet B in German without 5. Qxf3 (the
// reconcile suite's example), and a clock log.
struct Sheets {
  TempDir dir;
  Sheets() {
    std::ofstream(dir / "a.txt")
        << "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3\n";
    std::ofstream(dir / "b.txt")
        << "1. e4 e5\n2. Sf3 d6\n3. d4 Lg4\n4. dxe5 Lxf3\n5. dxe5 Lc4\n6. Sf6 Db3\n7. De7 Sc3\n";
    std::ofstream(dir / "clock.txt") << "# ply white_ms black_ms\n0 5400000 5400000\n"
                                        "8 5200000 5100000\n";
  }
  // `annabella [--lang LANG] reconcile ...` ("" for the locale variables' language).
  std::string reconcile(const std::string& lang, const std::string& extra) const {
    return kBinary + (lang.empty() ? "" : " --lang " + lang) +
           " reconcile --board-a rn2kb1r/ppp1qppp/5n2/4p3/2B1P3/1QN5/PPP2PPP/R1B1K2R "
           "--board-b 'rn2kb1r/ppp1qppp/5n2/4p3/2B1P3/1Q6/PPPN1PPP/R1B1K2R b KQkq - 3 "
           "8' --sheet-a '" +
           (dir / "a.txt").string() + "' --sheet-b '" + (dir / "b.txt").string() +
           "' --clock-log '" + (dir / "clock.txt").string() + "' " + extra;
  }
};

// The arbiter's English that a translated report must never show.
const std::vector<std::string> kReportEnglish = {
    "D.2.9 reconciliation",
    "What to do",
    "Position:",
    "Boards:",
    "Board A (player A",
    "Step 1:",
    " steps.",
    "Scoresheets:",
    "Retraced from sheet",
    "Clocks:",
    "Set the clocks",
    "Finding",
    "The two scoresheets",
    "Then: ",
    "White's move",
    "Black's move",
    "has left out",
    "agrees with sheet",
    "Sheet A:",
    "written moves, read as",
    "Reading stops at",
    "Where the boards stand",
    "matches sheet",
    "matches no point",
    "squares differ",
};

// The moves found are in the report's letters (tester 14a: "Lxf3", "Лxf3"); the moves retraced
// from sheet A are shown as written there ("Qxf3").
TEST(ArbiterReports, TheReconciliationTextInGermanAndMacedonian) {
  Sheets s;
  std::string de;
  ASSERT_EQ(run_command(s.reconcile("de", ""), de, true), 0) << de;
  for (const char* line :
       {"Abgleich nach D.2.9: die beiden Bretter zeigen verschiedene Stellungen.\n",
        "\nWas zu tun ist\n1. Stellung: Nach D.2.9 werden die Züge bis dorthin zurückgenommen, "
        "wo beide Formulare übereinstimmen: auf beiden Brettern die Stellung nach Zug 4 von "
        "Schwarz, Lxf3 aufbauen.\n",
        "2. Bretter:\nBrett A (Spieler A, Weiß): 8 Schritte.\n"
        "  Schritt 1: weißer Springer c3 nach b1 ziehen.\n",
        "  Schritt 3: weiße Dame b3 nach d1 ziehen.\n",
        "3. Partieformulare: Von Formular A zurückgenommen: Zug 5 von Weiß Qxf3, ",
        "4. Uhren: Die Uhren stellen auf Weiß 1 h 26 min 40 s, Schwarz 1 h 25 min 0 s "
        "(Uhrenprotokoll, an dieser Stelle; D.2.9).\n",
        "\nBefund\nDie beiden Partieformulare stimmen bis nach Zug 4 von Schwarz, Lxf3 überein "
        "(8 Halbzüge).\n",
        "Dann: Zug ausgelassen. Formular B hat gegenüber Formular A einen Halbzug ausgelassen: "
        "Zug 5 von Weiß Dxf3",
        "\nPartieformulare\nFormular A: 15 geschriebene Züge, gelesen als English (",
        "\nWo die Bretter stehen\nBrett A entspricht Formular A nach Zug 8 von Weiß, Sc3.\n",
        "Felder weichen ab."})
    EXPECT_NE(de.find(line), std::string::npos) << line << "\n" << de;
  expect_no_english(de, kReportEnglish);

  // Macedonian from the locale variables.
  std::string mk;
  ASSERT_EQ(
      run_command("env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE=mk " + s.reconcile("", ""),
                  mk, true),
      0)
      << mk;
  for (const char* line :
       {"Усогласување според D.2.9: двете табли покажуваат различни позиции.\n",
        "\nШто да се направи\n1. Позиција: Според D.2.9 потезите се враќаат до местото каде "
        "двата формулари се совпаѓаат: поставете ја на двете табли позицијата по потег 4 на "
        "црните, Лxf3.\n",
        "Табла A (играч A, бели): 8 чекори.\n  Чекор 1: премести бел скокач c3 b1.\n",
        "  Чекор 3: премести бела дама b3 d1.\n",
        "4. Часовници: Наместете ги часовниците на Бели 1 ч 26 мин 40 с, Црни 1 ч 25 мин 0 с",
        "\nНаод\nДвата формулари се совпаѓаат до по потег 4 на црните, Лxf3 (8 полупотези).\n",
        "Формуларот B испуштил еден полупотег од формуларот A: потег 5 на белите Дxf3",
        "\nФормулари\nФормулар A: 15 запишани потези, читани како English (",
        "\nКаде се наоѓаат таблите\nТаблата A одговара на формуларот A по потег 8 на белите, "
        "Сc3.\n"})
    EXPECT_NE(mk.find(line), std::string::npos) << line << "\n" << mk;
  expect_no_english(mk, kReportEnglish);
}

TEST(ArbiterReports, TheHtmlReportInMacedonianAndTheJsonInGermanKeepTheirKeys) {
  Sheets s;
  const std::string html = (s.dir / "report.html").string();
  std::string out;
  ASSERT_EQ(run_command(s.reconcile("mk", "--html '" + html + "'"), out, true), 0) << out;
  const std::string page = read_file(html);
  for (const char* part :
       {"<html lang=\"mk\">", "<title>Усогласување според D.2.9</title>",
        "<h1>Усогласување според D.2.9: двете табли покажуваат различни позиции</h1>",
        "<h2 id=\"todo-h\">Што да се направи</h2>", "<h3>Позиција</h3>",
        "<h3>Табла A (играч A, бели)</h3>", "<p>8 чекори, најмалку што може:</p>",
        "Преместете: бел скокач од c3 на b1.", "<h3>Формулари</h3>", "<h3>Часовници</h3>",
        "<th scope=\"col\">Бели</th>", "<h2 id=\"summary-h\">Наод</h2>",
        "<h2 id=\"boards-h\">Таблите како што се најдени</h2>",
        "<h2 id=\"sheets-h\">Формулари, потег по потег</h2>", "<th scope=\"col\">Потег</th>",
        "<th scope=\"col\">Состојба</th>",
        "тука формуларите се разделуваат: ", "<h2 id=\"text-h\">Истото како обичен текст</h2>"})
    EXPECT_NE(page.find(part), std::string::npos) << part << "\n" << page;
  expect_no_english(page, kReportEnglish);
  for (const char* english :
       {"<html lang=\"en\">", ">Move<", ">Status<", "The boards as found", "the fewest there are",
        "Scoresheets, move by move", "The same in plain text", "sheets part here"})
    EXPECT_EQ(page.find(english), std::string::npos) << english;

  // JSON: the keys and the kinds stay English (an interface); the labels and texts translate.
  std::string json;
  ASSERT_EQ(run_command(s.reconcile("de", "--json"), json, false), 0) << json;
  for (const char* part :
       {"\"headline\": \"Abgleich nach D.2.9: die beiden Bretter zeigen verschiedene "
        "Stellungen.\"",
        "\"what_to_do\": \"Nach D.2.9 werden die Züge", "\"kind\": \"move_left_out\"",
        "\"label\": \"Zug ausgelassen\"", "\"name\": \"Zug 5 von Weiß\"",
        "\"text\": \"weißer Springer c3 nach b1 ziehen\""})
    EXPECT_NE(json.find(part), std::string::npos) << part << "\n" << json;
  expect_no_english(json, kReportEnglish);
}

// The other way round: the HTML report in German, the JSON in Macedonian (from LANGUAGE).
TEST(ArbiterReports, TheHtmlReportInGermanAndTheJsonInMacedonian) {
  Sheets s;
  const std::string html = (s.dir / "report.html").string();
  std::string out;
  ASSERT_EQ(run_command(s.reconcile("de", "--html '" + html + "'"), out, true), 0) << out;
  const std::string page = read_file(html);
  for (const char* part :
       {"<html lang=\"de\">", "<title>Abgleich nach D.2.9</title>",
        "<h2 id=\"todo-h\">Was zu tun ist</h2>", "<h3>Brett A (Spieler A, Weiß)</h3>",
        "<p>8 Schritte, so wenige wie möglich:</p>", "Ziehen: weißer Springer von c3 nach b1.",
        "<h2 id=\"summary-h\">Befund</h2>", "<th scope=\"col\">Formular A geschrieben</th>",
        "hier trennen sich die Formulare: ", "Weiß: König e1; Dame d1; Türme a1, h1;"})
    EXPECT_NE(page.find(part), std::string::npos) << part << "\n" << page;
  expect_no_english(page, kReportEnglish);
  EXPECT_EQ(page.find("<html lang=\"en\">"), std::string::npos);
  EXPECT_EQ(page.find("white: king e1"), std::string::npos);

  std::string json;
  ASSERT_EQ(run_command("env -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 LANGUAGE=mk " +
                            s.reconcile("", "--json"),
                        json, false),
            0)
      << json;
  for (const char* part :
       {"\"headline\": \"Усогласување според D.2.9: двете табли покажуваат различни позиции.\"",
        "\"kind\": \"move_left_out\"", "\"label\": \"испуштен потег\"",
        "\"name\": \"потег 5 на белите\"", "\"text\": \"премести бел скокач c3 b1\""})
    EXPECT_NE(json.find(part), std::string::npos) << part << "\n" << json;
  expect_no_english(json, kReportEnglish);
}

}  // namespace
}  // namespace i18n_station_test
}  // namespace annabella::app
