// The configuration: defaults, every key read, errors that name the key, the line and what is
// allowed, and the example file identical to docs/example.toml.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "config/config.h"
#include "support/temp_dir.h"

namespace annabella::config {
namespace config_test {
namespace {

std::string error_of(std::string_view text) {
  auto c = parse_config(text, "board.toml");
  EXPECT_FALSE(c.has_value()) << text;
  return c ? std::string() : c.error().message;
}

TEST(Config, EmptyFileGivesTheDefaults) {
  auto c = parse_config("", "empty.toml");
  ASSERT_TRUE(c.has_value()) << c.error().message;
  EXPECT_EQ(c->pegboard.port, "simulator");
  EXPECT_EQ(c->pegboard.protocol, BoardWire::Peg);
  EXPECT_EQ(c->sighted_board.input, SightedInput::Keyboard);
  EXPECT_EQ(c->speech.profile, "fide");
  EXPECT_TRUE(c->white.visually_impaired);
  EXPECT_FALSE(c->black.visually_impaired);
  EXPECT_TRUE(c->warnings.minutes_left.empty());
}

// A file that cannot be read is named with the reason, as every other unreadable file is
// (tester, session 13: "cannot read the configuration file" and nothing more).
TEST(Config, AnUnreadableFileIsNamedWithTheReason) {
  annabella::testing::TempDir dir;
  auto missing = load_config(dir.path() / "nonexist.toml");
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().message.find("nonexist.toml: cannot read the configuration file: no "
                                         "such file"),
            std::string::npos)
      << missing.error().message;
  auto folder = load_config(dir.path());
  ASSERT_FALSE(folder);
  EXPECT_NE(folder.error().message.find("it is a folder"), std::string::npos)
      << folder.error().message;
}

TEST(Config, ReadsEverySection) {
  auto c = parse_config(R"(
[event]
name = "Open"
date = "2026.11.22"
round = "3"
board = 7
[white]
name = "Sighted, Sam"
fide_id = 1234567
visually_impaired = false
[black]
name = "Blind, Bea"
federation = "GER"
visually_impaired = true
[game]
time_control = "40/5400+30:1800+30"
[pegboard]
port = "/dev/ttyUSB0"
protocol = "dgt"
settle_ms = 300
[sighted_board]
input = "dgt"
port = "/dev/ttyUSB1"
[audio]
public_device = "none"
private_device = "USB Audio"
[speech]
profile = "nato"
form = "long"
verbosity = "verbose"
name_captured_piece = true
[speech.words]
file_e = "Emil"
[warnings]
minutes_left = [10, 5, 1]
moves_before_control = 5
[braille_display]
enabled = true
host = "127.0.0.1:1"
[tactile_clock]
port = "/dev/ttyACM0"
[record]
folder = "games/board7"
braille_table = "de-g0.utb"
)",
                        "full.toml");
  ASSERT_TRUE(c.has_value()) << c.error().message;
  EXPECT_EQ(c->event.board, 7);
  EXPECT_EQ(c->event.date, "2026.11.22");
  EXPECT_EQ(c->white.fide_id, 1234567);
  EXPECT_TRUE(c->black.visually_impaired);
  EXPECT_EQ(c->black.federation, "GER");
  EXPECT_EQ(c->game.time_control, "40/5400+30:1800+30");
  EXPECT_EQ(c->pegboard.protocol, BoardWire::Dgt);
  EXPECT_EQ(c->pegboard.settle_ms, 300);
  EXPECT_EQ(c->sighted_board.input, SightedInput::Dgt);
  EXPECT_EQ(c->audio.public_device, "none");
  EXPECT_EQ(c->speech.form, AnnouncementForm::Long);
  EXPECT_EQ(c->speech.verbosity, Verbosity::Verbose);
  EXPECT_TRUE(c->speech.name_captured_piece);
  EXPECT_EQ(c->speech.words.at("file_e"), "Emil");
  EXPECT_EQ(c->warnings.minutes_left, (std::vector<int>{10, 5, 1}));
  EXPECT_TRUE(c->braille_display.enabled);
  EXPECT_EQ(c->tactile_clock.port, "/dev/ttyACM0");
  EXPECT_EQ(c->record.braille_table, "de-g0.utb");
}

TEST(Config, UnknownKeyNamesLineAndSuggests) {
  const std::string e = error_of("[pegboard]\n\nsettle_sm = 200\n");
  EXPECT_NE(e.find("board.toml:3: pegboard.settle_sm: unknown key (did you mean settle_ms?)"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("allowed in [pegboard]: port, protocol, settle_ms"), std::string::npos) << e;
}

TEST(Config, UnknownSectionSuggests) {
  const std::string e = error_of("[pegbord]\nport = \"x\"\n");
  EXPECT_NE(e.find("board.toml:1: [pegbord]: unknown section (did you mean [pegboard]?)"),
            std::string::npos)
      << e;
}

TEST(Config, WrongEnumerationListsWhatIsAllowed) {
  const std::string e = error_of("[pegboard]\nprotocol = \"millennium\"\n");
  EXPECT_NE(e.find("board.toml:2: pegboard.protocol: \"millennium\" is not allowed; allowed: "
                   "dgt, peg"),
            std::string::npos)
      << e;
}

// D.2.3 (3): how the VI player's move is announced; a DGT pegboard has no ANNOUNCE button.
TEST(Config, TheAnnouncementOfThePegboardMoveIsChecked) {
  auto c = parse_config("[pegboard]\nannounce = \"button\"\n", "board.toml");
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->pegboard.announce, AnnounceMode::Button);
  EXPECT_EQ(parse_config("", "board.toml")->pegboard.announce, AnnounceMode::Pause);
  EXPECT_EQ(parse_config("", "board.toml")->pegboard.announce_pause_ms, 2000);
  EXPECT_NE(error_of("[pegboard]\nannounce = \"auto\"\n").find("pegboard.announce"),
            std::string::npos);
  EXPECT_NE(error_of("[pegboard]\nannounce_pause_ms = 100\n")
                .find("pegboard.announce_pause_ms: 100 is out of range; allowed: 500..10000"),
            std::string::npos);
  EXPECT_NE(error_of("[pegboard]\nprotocol = \"dgt\"\nannounce = \"button\"\n")
                .find("pegboard.announce: \"button\" needs the board's ANNOUNCE button"),
            std::string::npos);
}

TEST(Config, WrongTypeAndRange) {
  EXPECT_NE(error_of("[pegboard]\nsettle_ms = \"fast\"\n")
                .find("board.toml:2: pegboard.settle_ms: expected an integer, got a string"),
            std::string::npos);
  EXPECT_NE(error_of("[pegboard]\nsettle_ms = 9000\n")
                .find("pegboard.settle_ms: 9000 is out of range; allowed: 0..5000"),
            std::string::npos);
  EXPECT_NE(error_of("[warnings]\nminutes_left = [5, \"one\"]\n")
                .find("warnings.minutes_left: expected a list of integers, got a string"),
            std::string::npos);
  EXPECT_NE(error_of("[event]\ndate = \"22/11/2026\"\n").find("allowed: YYYY.MM.DD"),
            std::string::npos);
}

TEST(Config, ReportsEveryProblemNotJustTheFirst) {
  const std::string e = error_of("[pegboard]\nprotocol = 1\n[audio]\nvolume = 3\n");
  EXPECT_NE(e.find(":2: pegboard.protocol"), std::string::npos) << e;
  EXPECT_NE(e.find(":4: audio.volume: unknown key"), std::string::npos) << e;
}

TEST(Config, SyntaxErrorHasLineAndColumn) {
  const std::string e = error_of("[event]\nname = \"unterminated\n");
  EXPECT_NE(e.find("board.toml:2:"), std::string::npos) << e;
  EXPECT_NE(e.find("not valid TOML"), std::string::npos) << e;
}

TEST(Config, CrossChecksNameTheKeys) {
  EXPECT_NE(error_of("[white]\nvisually_impaired = false\n").find("neither player is visually"),
            std::string::npos);
  EXPECT_NE(error_of("[sighted_board]\ninput = \"dgt\"\n").find("sighted_board.port"),
            std::string::npos);
}

TEST(Config, WordOverridesMustBeStrings) {
  EXPECT_NE(
      error_of("[speech.words]\nfile_e = 5\n").find(":2: speech.words.file_e: expected a string"),
      std::string::npos);
}

// The time control is checked, and its fault worded, by the application (app/config_check.h:
// ConfigCheck.TheTimeControlIsReadAsTheClockReadsItInTheLanguageOfTheMessages).
TEST(Config, TheStartPositionIsReadAsTheGameReadsIt) {
  const std::string e =
      error_of("[game]\ntime_control = \"90 minutes maybe\"\nstart_fen = \"8/8/8 w - - 0 1\"\n");
  EXPECT_NE(e.find("board.toml:3: game.start_fen: "), std::string::npos) << e;
  auto good = parse_config(
      "[game]\ntime_control = \"40/5400+30:1800+30\"\nstart_fen = \"4k3/8/8/8/8/8/8/4K3 w - - "
      "0 1\"\n",
      "board.toml");
  ASSERT_TRUE(good) << good.error().message;
  EXPECT_EQ(good->game.start_fen, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

// A line break in a name would forge a line in the station log (issue 12, section 3).
TEST(Config, TextsWithControlCharactersAreRefused) {
  std::string e = error_of("[white]\nname = \"Anna\\n[0:00:01.000] made 1. e4\"\n");
  EXPECT_NE(e.find("board.toml:2: white.name: holds a control character, a line break"),
            std::string::npos)
      << e;
  e = error_of("[event]\nsite = \"Bad\\u001b[2J\"\n");
  EXPECT_NE(e.find("board.toml:2: event.site: holds a control character, the byte 0x1B"),
            std::string::npos)
      << e;
  e = error_of("[speech.words]\nfile_e = \"Emil\\r\"\n");
  EXPECT_NE(e.find("board.toml:2: speech.words.file_e: the word holds a control character"),
            std::string::npos)
      << e;
  // Line and paragraph separators, C1 controls (NEL) and bidirectional overrides end or turn a
  // line for a log viewer or a terminal though they are no ASCII control: refused too (they
  // once reached the station log, the console and the PGN).
  for (const char* bad : {"\\u2028", "\\u2029", "\\u0085", "\\u202E", "\\u2066"}) {
    e = error_of(std::string("[white]\nname = \"Anna") + bad + "Blind\"\n");
    EXPECT_NE(e.find("board.toml:2: white.name: holds a control character, the character \\u"),
              std::string::npos)
        << bad << ": " << e;
  }
  EXPECT_TRUE(parse_config("[white]\nname = \"Müller, Jürgen\"\n", "board.toml"));
  EXPECT_TRUE(parse_config("[white]\nname = \"Иванов, Żółć, 李\"\n", "board.toml"));
}

TEST(Config, ProblemsComeInTheFilesOrderWithTheCallersChecks) {
  const ExtraChecks more = [](const StationConfig& c) {
    return std::vector<std::string>{c.source.where("speech.words.file_x") +
                                    "speech.words.file_x: not a word"};
  };
  auto c =
      parse_config("[white]\nname = \"A\\nB\"\n[speech.words]\nfile_x = \"X\"\n[event]\nbord = 1\n",
                   "board.toml", more);
  ASSERT_FALSE(c);
  EXPECT_EQ(c.error().message.substr(0, c.error().message.find('\n')),
            "board.toml:2: white.name: holds a control character, a line break (\\n), after "
            "\"A\": texts reach the station log and the record, where it could forge a line");
  const auto words = c.error().message.find("board.toml:4: speech.words.file_x: not a word");
  const auto bord = c.error().message.find("board.toml:6: event.bord");
  EXPECT_NE(words, std::string::npos) << c.error().message;
  EXPECT_LT(words, bord) << c.error().message;
}

TEST(Config, TheSourceNamesTheLineOfEachKeySet) {
  auto c = parse_config("[event]\nboard = 3\n\n[speech.words]\nfile_e = \"Emil\"\n", "b.toml");
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->source.where("event.board"), "b.toml:2: ");
  EXPECT_EQ(c->source.where("speech.words.file_e"), "b.toml:5: ");
  EXPECT_EQ(c->source.where("record.braille_table"), "b.toml: ");
  EXPECT_EQ(StationConfig{}.source.where("event.board"), "");
}

TEST(Config, ExampleParsesToTheDefaults) {
  auto c = parse_config(example_toml(), "example.toml");
  ASSERT_TRUE(c.has_value()) << c.error().message;
  const StationConfig defaults;
  for (const auto& k : schema()) EXPECT_EQ(k.show(*c), k.show(defaults)) << k.full_name();
}

TEST(Config, ExampleIsDocsExampleToml) {
  const auto docs =
      testing::read_file(std::filesystem::path(ANNABELLA_SOURCE_DIR) / "docs" / "example.toml");
  EXPECT_EQ(docs, example_toml())
      << "regenerate with: annabella config example > docs/example.toml";
}

TEST(Config, EveryKeyIsInTheReference) {
  const auto docs =
      testing::read_file(std::filesystem::path(ANNABELLA_SOURCE_DIR) / "docs" / "configuration.md");
  for (const auto& k : schema()) {
    std::string needle = "`";  // built step by step: g++ 12 warns falsely on "`" + s + "`"
    needle += k.full_name();
    needle += '`';
    EXPECT_NE(docs.find(needle), std::string::npos) << k.full_name();
  }
}

TEST(Config, CheckCommandReportsOkAndErrors) {
  annabella::testing::TempDir dir;
  {
    std::ofstream(dir / "good.toml") << "[event]\nboard = 4\n";
    std::ofstream(dir / "bad.toml") << "[event]\nbord = 4\n";
  }
  std::string output;
  EXPECT_EQ(testing::run_command(
                std::string(ANNABELLA_BINARY) + " config check " + (dir / "good.toml").string(),
                output, true),
            0)
      << output;
  EXPECT_NE(output.find("ok"), std::string::npos);
  EXPECT_EQ(testing::run_command(
                std::string(ANNABELLA_BINARY) + " config check " + (dir / "bad.toml").string(),
                output, true),
            1);
  EXPECT_NE(output.find("bad.toml:2: event.bord: unknown key (did you mean board?)"),
            std::string::npos)
      << output;
  EXPECT_EQ(testing::run_command(
                std::string(ANNABELLA_BINARY) + " config check " + (dir / "missing.toml").string(),
                output, true),
            2);  // unreadable input (README "Exit status")
  EXPECT_NE(output.find("cannot read"), std::string::npos) << output;
}

}  // namespace
}  // namespace config_test
}  // namespace annabella::config

namespace annabella::config {
namespace config_test {
namespace {

// Each player's language for everything private (issue 17): German unless set; any shipped
// language by its code (case does not matter); an unknown one is refused naming the supported.
TEST(Config, EachPlayerHasALanguage) {
  auto defaults = parse_config("", "empty.toml");
  ASSERT_TRUE(defaults.has_value());
  EXPECT_EQ(defaults->white.language, "de");
  EXPECT_EQ(defaults->black.language, "de");
  auto c = parse_config("[white]\nlanguage = \"mk\"\n[black]\nlanguage = \"SR-cyrl\"\n", "b.toml");
  ASSERT_TRUE(c.has_value()) << c.error().message;
  EXPECT_EQ(c->white.language, "mk");
  EXPECT_EQ(c->black.language, "sr-Cyrl");
  const std::string e = error_of("[white]\nname = \"A\"\nlanguage = \"klingon\"\n");
  EXPECT_NE(e.find("board.toml:3: white.language: \"klingon\" is not a supported language"),
            std::string::npos)
      << e;
  for (const char* named : {"mk (Macedonian)", "sr (Serbian, Latin script)", "bg (Bulgarian)",
                            "sq (Albanian)", "ru (Russian)", "en (English)", "de (German)"})
    EXPECT_NE(e.find(named), std::string::npos) << named << " in " << e;
}

}  // namespace
}  // namespace config_test
}  // namespace annabella::config
