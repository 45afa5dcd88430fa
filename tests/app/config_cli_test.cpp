// `config check` refuses everything `play` would refuse, with file, line and key, and a refused
// start leaves no file behind (issue 11, section 9).
#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace annabella::app {
namespace config_cli_test {
namespace {

namespace fs = std::filesystem;
using annabella::testing::names_in;
using annabella::testing::run_command;
using annabella::testing::TempDir;

const std::string kBinary = ANNABELLA_BINARY;

TEST(ConfigCommand, CheckRefusesWhatPlayRefusesAndPlayWritesNothing) {
  struct Case {
    std::string toml;
    std::string where;  // "LINE: key"
  };
  const Case cases[] = {
      {"[game]\nstart_fen = \"8/8/8 w - - 0 1\"\n", ":2: game.start_fen: "},
      {"[game]\ntime_control = \"90 minutes or so\"\n", ":2: game.time_control: "},
      {"[speech.words]\nfile_e = \"Emil\"\nfile_x = \"Xaver\"\n", ":3: speech.words.file_x: "},
      {"[record]\nbraille_table = \"../../../../etc/passwd\"\n", ":2: record.braille_table: "},
      {"[record]\nbraille_table = \"xx-no-such.ctb\"\n", ":2: record.braille_table: "},
      {"[white]\nname = \"Anna\\n[0:00:01.000] made 1. e4\"\n", ":2: white.name: "},
  };
  for (const Case& c : cases) {
    TempDir dir;
    const fs::path file = dir / "board.toml";
    std::ofstream(file) << c.toml;
    std::string out;
    EXPECT_EQ(run_command(kBinary + " config check " + file.string(), out, true), 1) << c.toml;
    EXPECT_NE(out.find(file.string() + c.where), std::string::npos) << out;
    EXPECT_EQ(out.find("root:"), std::string::npos) << out;  // /etc/passwd is never read
    const fs::path record = dir / "record";
    EXPECT_EQ(run_command("timeout 60 " + kBinary + " play --silent --config " + file.string() +
                              " --record " + record.string() + " </dev/null",
                          out, true),
              2)
        << c.toml << out;
    EXPECT_NE(out.find(file.string() + c.where), std::string::npos) << out;
    EXPECT_FALSE(fs::exists(record)) << c.toml << " left " << record;
  }
}

TEST(ConfigCommand, ARefusedStartAddsNoFileToTheRecordFolder) {
  TempDir dir;
  std::string out;
  // --resume where there is no game: the folder is not even created.
  const fs::path none = dir / "none";
  EXPECT_EQ(run_command("timeout 60 " + kBinary + " play --silent --resume --record " +
                            none.string() + " </dev/null",
                        out, true),
            2)
      << out;
  EXPECT_NE(out.find("there is no game to resume"), std::string::npos) << out;
  EXPECT_FALSE(fs::exists(none));
  // A folder that holds a game, started again without --resume; and one whose journal is
  // damaged, resumed: both refused, nothing added (no log, no new recording).
  const fs::path held = dir / "held";
  fs::create_directory(held);
  std::ofstream(held / "game.journal") << "1\t00000000\tbegin\n";
  std::ofstream(held / "game.pgn") << "*\n";
  EXPECT_EQ(run_command("timeout 60 " + kBinary + " play --silent --record " + held.string() +
                            " </dev/null",
                        out, true),
            2)
      << out;
  EXPECT_NE(out.find("already holds a game"), std::string::npos) << out;
  EXPECT_EQ(names_in(held), (std::vector<std::string>{"game.journal", "game.pgn"}));
  std::ofstream(held / "game.journal", std::ios::trunc) << "garbage\nmore garbage\n";
  EXPECT_EQ(run_command("timeout 60 " + kBinary + " play --silent --resume --record " +
                            held.string() + " </dev/null",
                        out, true),
            2)
      << out;
  EXPECT_NE(out.find("game.journal"), std::string::npos) << out;
  EXPECT_EQ(names_in(held), (std::vector<std::string>{"game.journal", "game.pgn"}));
}

}  // namespace
}  // namespace config_cli_test
}  // namespace annabella::app
