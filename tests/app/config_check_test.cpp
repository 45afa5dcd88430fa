// The station's checks of a configuration (app/config_check.h): the vocabulary's words and the
// braille table, with file, line and key, as `config check` reports and `play` refuses them.
#include "app/config_check.h"

#include <gtest/gtest.h>

#include "app/brf.h"
#include "support/messages_language.h"

namespace annabella::app {
namespace config_check_test {
namespace {

// All problems of `text` (the reader's and the station's), "" when there are none.
std::string problems_of(std::string_view text) {
  auto c = config::parse_config(text, "board.toml", station_problems);
  return c ? std::string() : c.error().message;
}

TEST(ConfigCheck, AnUnknownWordKeyIsNamedWithItsLine) {
  const std::string e =
      problems_of("[speech.words]\nfile_e = \"Emil\"\nfile_x = \"Xaver\"\nrank_9 = \"neun\"\n");
  EXPECT_NE(e.find("board.toml:3: speech.words.file_x: \"file_x\" is no word of profile fide"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("board.toml:4: speech.words.rank_9: "), std::string::npos) << e;
  EXPECT_EQ(e.find("file_e"), std::string::npos) << e;
  EXPECT_EQ(problems_of("[speech.words]\nfile_e = \"Emil\"\n"), "");
}

// The notes on a file that parses (game_notes), "" joined by newlines.
std::string notes_of(std::string_view text) {
  auto c = config::parse_config(text, "board.toml", station_problems);
  if (!c) return "problems: " + c.error().message;
  std::string all;
  for (const std::string& n : game_notes(*c)) all += n + "\n";
  return all;
}

// Tester session 13, 14l (bad/b4.toml, bad/b16.toml): a type set against its time control is
// named with the rule and what the station applies (A.1, B.1; the event may decide, A.5, B.5).
TEST(ConfigCheck, ATypeSetAgainstItsTimeControlIsNamedWithTheRuleAndWhatIsApplied) {
  std::string n = notes_of("[game]\ntype = \"blitz\"\ntime_control = \"90 min\"\n");
  EXPECT_NE(n.find("board.toml:2: game.type: the time control \"90 min\" makes the game standard "
                   "(60 minutes or more for 60 moves, A.1), not blitz; the station applies the "
                   "blitz rules, as the event may decide (A.5, B.5)"),
            std::string::npos)
      << n;
  n = notes_of(
      "[game]\ntime_control = \"90 min/40 moves + 30 min + 30 s/move\"\ntype = "
      "\"rapid\"\n");
  EXPECT_NE(n.find("board.toml:3: game.type: the time control \"90 min/40 moves + 30 min + 30 "
                   "s/move\" makes the game standard (60 minutes or more for 60 moves, A.1), not "
                   "rapid; the station applies the rapid rules"),
            std::string::npos)
      << n;
  testing::use_language("de");
  const std::string de = notes_of("[game]\ntime_control = \"5 min\"\ntype = \"rapid\"\n");
  testing::use_language("en");
  EXPECT_NE(de.find("B.1"), std::string::npos) << de;
  EXPECT_EQ(de.find("makes the game"), std::string::npos) << de;
  EXPECT_NE(notes_of("[game]\ntime_control = \"5 min\"\ntype = \"rapid\"\n")
                .find("makes the game blitz (B.1: 10 minutes or less for 60 moves), not rapid"),
            std::string::npos);
  // Agreeing, or auto: nothing to say.
  EXPECT_EQ(notes_of("[game]\ntime_control = \"5 min\"\ntype = \"blitz\"\n"), "");
  EXPECT_EQ(notes_of("[game]\ntime_control = \"15 min + 10 s/move\"\n"), "");
}

// Tester session 13, 14l (bad/b22.toml): a Chess960 number beside a start_fen that is another
// start array is refused (which one is played is not guessed, Guidelines II.2); beside a FEN that
// is no start array the number is said to be unused; beside its own array nothing is said.
TEST(ConfigCheck, AChess960NumberAgainstTheStartFenIsRefusedOrNamed) {
  const std::string standard = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const std::string e = problems_of("[game]\nchess960 = 12\nstart_fen = \"" + standard + "\"\n");
  EXPECT_NE(e.find("board.toml:2: game.chess960: start position 12 (QBNNRKBR) contradicts "
                   "game.start_fen, which is start position 518 (RNBQKBNR); give one of them "
                   "(Guidelines II.2)"),
            std::string::npos)
      << e;
  EXPECT_EQ(problems_of("[game]\nchess960 = 518\nstart_fen = \"" + standard + "\"\n"), "");
  EXPECT_EQ(notes_of("[game]\nchess960 = 518\nstart_fen = \"" + standard + "\"\n"), "");
  const std::string n = notes_of(
      "[game]\nchess960 = 0\nstart_fen = \"rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1\"\n");
  EXPECT_NE(n.find("board.toml:2: game.chess960: start position 0 is not used: the game starts "
                   "from game.start_fen, read as Chess960 (Guidelines II.2)"),
            std::string::npos)
      << n;
}

// Voice input with the profile's words (docs/voice.md): its grammar and pronunciations are made
// as the station makes them, so that a word the recogniser cannot hear is named before the game,
// with the profile and the word, not only when voice input starts.
TEST(ConfigCheck, VoiceInputIsCheckedWithTheProfilesWords) {
  EXPECT_EQ(problems_of("[speech]\nprofile = \"nato\"\n[voice]\ninput = \"default\"\n"), "");
  const std::string e = problems_of(
      "[speech]\nprofile = \"nato\"\n[speech.words]\nfile_a = "
      "\"\xd0\x90\xd0\xbb\xd1\x8c\xd1\x84\xd0\xb0\"\n"
      "[voice]\ninput = \"default\"\n");
  EXPECT_NE(e.find("voice.input: "), std::string::npos) << e;
  EXPECT_NE(e.find("en-us acoustic model"), std::string::npos) << e;
  // Without voice input the same words are only spoken: no problem.
  EXPECT_EQ(problems_of("[speech]\nprofile = \"nato\"\n[speech.words]\nfile_a = "
                        "\"\xd0\x90\xd0\xbb\xd1\x8c\xd1\x84\xd0\xb0\"\n"),
            "");
}

TEST(ConfigCheck, AnUnknownProfileIsNamed) {
  const std::string e = problems_of("[speech]\nprofile = \"klingon\"\n");
  EXPECT_NE(e.find("board.toml:2: speech.profile: "), std::string::npos) << e;
}

// The [game] keys the core reads (issue 17): the time control says where it broke, the game type
// and the supervision what they may be, in the language of the messages.
TEST(ConfigCheck, TheTimeControlIsReadAsTheClockReadsItInTheLanguageOfTheMessages) {
  const char* file =
      "[game]\ntime_control = \"90 minutes maybe\"\ntype = \"bullet\"\nsupervision = \"A.4\"\n";
  std::string e = problems_of(file);
  EXPECT_NE(e.find("board.toml:2: game.time_control: time control \"90 minutes maybe\": cannot "
                   "read \"maybe\" at position 12"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("board.toml:3: game.type: \"bullet\" is not a game type (standard, rapid or "
                   "blitz), or auto (from the time control, A.1, B.1)"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("board.toml:4: game.supervision: \"A.4\" is not a supervision: competition "
                   "(A.3, B.3) or appendix (A.4, B.4)"),
            std::string::npos)
      << e;
  testing::use_language("de");
  e = problems_of(file);
  testing::use_language("en");
  EXPECT_NE(e.find("board.toml:2: game.time_control: Bedenkzeit „90 minutes maybe“: „maybe“ an "
                   "Stelle 12 ist nicht lesbar"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("board.toml:3: game.type: „bullet“ ist keine Partieart (standard, rapid oder "
                   "blitz) und nicht auto (aus der Bedenkzeit, A.1, B.1)"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("board.toml:4: game.supervision: „A.4“ ist keine Aufsicht"), std::string::npos)
      << e;
  EXPECT_EQ(problems_of("[game]\ntime_control = \"40/5400+30:1800+30\"\ntype = \"blitz\"\n"
                        "supervision = \"competition\"\n"),
            "");
}

// Today "../../../../etc/passwd" is read and its first line printed (issue 11, section 5).
TEST(ConfigCheck, TheBrailleTableIsANameLiblouisShipsNeverAPath) {
  for (const char* table : {"../../../../etc/passwd", "/etc/passwd", "tables/en-us-g1.ctb",
                            "unicode.dis,/etc/passwd", ".hidden", ".."}) {
    const std::string e = problems_of(std::string("[record]\nbraille_table = \"") + table + "\"\n");
    EXPECT_NE(e.find("board.toml:2: record.braille_table: \"" + std::string(table) +
                     "\" is not a braille table name"),
              std::string::npos)
        << e;
    EXPECT_NE(e.find("ls /usr/share/liblouis/tables"), std::string::npos) << e;
  }
  const std::string e = problems_of("[record]\nbraille_table = \"xx-no-such.ctb\"\n");
  EXPECT_NE(e.find("\"xx-no-such.ctb\" is no braille table liblouis ships"), std::string::npos)
      << e;
  EXPECT_EQ(problems_of("[record]\nbraille_table = \"de-g0.utb\"\n"), "");
}

TEST(ConfigCheck, TheScoresheetIsNeverTranslatedWithAPath) {
  auto brf = to_brf({"1. e4"}, "../../../../etc/passwd");
  ASSERT_FALSE(brf);
  EXPECT_NE(brf.error().message.find("is not a braille table name"), std::string::npos)
      << brf.error().message;
  EXPECT_EQ(brf.error().message.find("root:"), std::string::npos) << brf.error().message;
}

// The braille scoresheet's page (record.braille_cells_per_line, record.braille_lines_per_page):
// a size no page can have is refused with its file, line and key, as `config check` and `play`
// report it; a notetaker's 32 by 28 is accepted.
TEST(ConfigCheck, TheBraillePageSizeIsCheckedWithItsLine) {
  std::string e =
      problems_of("[record]\nbraille_table = \"de-g0.utb\"\nbraille_cells_per_line = 12\n");
  EXPECT_NE(
      e.find("board.toml:3: record.braille_cells_per_line: 12 is out of range; allowed: 20..100"),
      std::string::npos)
      << e;
  e = problems_of("[record]\nbraille_lines_per_page = 0\n");
  EXPECT_NE(
      e.find("board.toml:2: record.braille_lines_per_page: 0 is out of range; allowed: 5..100"),
      std::string::npos)
      << e;
  e = problems_of("[record]\nbraille_lines_per_page = \"28\"\n");
  EXPECT_NE(e.find("board.toml:2: record.braille_lines_per_page: "), std::string::npos) << e;
  auto c =
      config::parse_config("[record]\nbraille_cells_per_line = 32\nbraille_lines_per_page = 28\n",
                           "board.toml", station_problems);
  ASSERT_TRUE(c) << c.error().message;
  EXPECT_EQ(c->record.braille_cells_per_line, 32);
  EXPECT_EQ(c->record.braille_lines_per_page, 28);
}

TEST(ConfigCheck, TheDefaultsHaveNoProblem) {
  EXPECT_TRUE(station_problems(config::StationConfig{}).empty());
}

}  // namespace
}  // namespace config_check_test
}  // namespace annabella::app

namespace annabella::app {
namespace config_check_test {
namespace {

// `config check` said ok to a name the braille scoresheet could not write; it now names the
// field and says what the scoresheet will do (D.2.7).
TEST(ConfigCheck, ANameTheScoresheetTableLacksLettersForIsNamedWithWhatWillHappen) {
  auto c = config::parse_config(
      "[white]\nname = \"Иванов\"\n[black]\nname = \"李\"\n[event]\nname = \"Ѓорѓиев Cup\"\n"
      "[record]\nbraille_table = \"en-ueb-g1.ctb\"\n",
      "board.toml", station_problems);
  ASSERT_TRUE(c) << c.error().message;
  const auto notes = scoresheet_name_notes(*c);
  ASSERT_EQ(notes.size(), 3U);
  EXPECT_EQ(notes[0].find("board.toml:2: white.name: \"Иванов\": "), 0U) << notes[0];
  EXPECT_NE(notes[0].find("ru-litbrl.ctb"), std::string::npos) << notes[0];
  EXPECT_EQ(notes[1].find("board.toml:4: black.name: \"李\": "), 0U) << notes[1];
  EXPECT_NE(notes[1].find("zhcn-g1.ctb"), std::string::npos) << notes[1];
  EXPECT_EQ(notes[2].find("board.toml:6: event.name: \"Ѓорѓиев\": "), 0U) << notes[2];
  EXPECT_NE(notes[2].find("Unicode code points"), std::string::npos) << notes[2];
  auto latin = config::parse_config("[white]\nname = \"Müller\"\n", "board.toml", station_problems);
  ASSERT_TRUE(latin);
  EXPECT_TRUE(scoresheet_name_notes(*latin).empty());
}

}  // namespace
}  // namespace config_check_test
}  // namespace annabella::app
