// The VI player hears everything private in his own language (white.language / black.language,
// docs/languages.md), spoken in its voice, while the move words stay the D.2.1 words: `play` as a
// process, its built-in simulated pegboard, the console on stdin.
#include <gtest/gtest.h>

#include <fstream>

#include "support/child_process.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace player_language_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::TempDir;

constexpr auto kWait = 20s;  // generous: CI runs these under ASan on two busy cores

// Plays White's first move (`first_move`: a console line, "sim play e4" on the pegboard or "e4"
// entered for the sighted player), then asks the time, reads e4 and offers a draw.
std::string play_and_ask(const std::string& config_text, const std::string& first_move) {
  TempDir dir;
  const auto config = dir.path() / "station.toml";
  std::ofstream(config) << config_text << "[record]\nkey_folder = \""
                        << (dir.path() / "keys").string() << "\"\n";
  ChildProcess station({ANNABELLA_BINARY, "play", "--silent", "--config", config.string(),
                        "--record", (dir.path() / "record").string()});
  if (!station.wait_for("connected: the board agrees with the game", kWait))
    return station.output();
  station.send(first_move);
  if (!station.wait_for("say public: Eva vier", kWait)) return station.output();
  for (const char* line : {"t", "b e4", "do", "quit"}) station.send(line);
  station.wait(kWait);
  return station.output();
}

TEST(PlayerLanguage, PrivatePhrasesInTheVIPlayersLanguageMovesInTheD21Words) {
  const std::string out = play_and_ask("[white]\nlanguage = \"mk\"\n", "sim play e4");
  // The move, said publicly, keeps the D.2.1 words.
  EXPECT_NE(out.find("say public: Eva vier"), std::string::npos) << out;
  // The board's connection, the time readout, the square reading and the draw offer are his.
  EXPECT_NE(out.find("say private: Тактилна табла: врската е воспоставена"), std::string::npos)
      << out;
  EXPECT_NE(out.find("say private: Белите: еден час триесет минути"), std::string::npos) << out;
  EXPECT_NE(out.find("say private: Eva vier: бел пешак"), std::string::npos) << out;
  EXPECT_NE(out.find("say private: Белите нудат реми"), std::string::npos) << out;
  EXPECT_EQ(out.find("say private: Weiss"), std::string::npos) << out;
}

TEST(PlayerLanguage, TheBlackVIPlayersLanguageIsBlacksSetting) {
  const std::string out = play_and_ask(
      "[white]\nvisually_impaired = false\nlanguage = \"mk\"\n"
      "[black]\nvisually_impaired = true\nlanguage = \"en\"\n",
      "e4");
  EXPECT_NE(out.find("say private: White: one hour thirty minutes"), std::string::npos) << out;
  EXPECT_NE(out.find("say private: White offers a draw"), std::string::npos) << out;
  EXPECT_EQ(out.find("нудат реми"), std::string::npos) << out;
}

}  // namespace
}  // namespace player_language_test
}  // namespace annabella::app
