// `annabella listen --wav`: a sound file of spoken moves and commands, one line per utterance;
// `annabella voice adapt`.
#include <gtest/gtest.h>

#include "support/temp_dir.h"

namespace annabella::app {
namespace listen_cli_test {
namespace {

using annabella::testing::run_command;
using annabella::testing::TempDir;

const std::string kBinary = ANNABELLA_BINARY;

TEST(ListenCommand, PrintsALinePerUtteranceInThePosition) {
  TempDir dir;
  const auto wav = (dir / "said.wav").string();
  std::string out;
  // eSpeak NG speaks a move and a command with a pause between; the listener cuts them apart.
  ASSERT_EQ(run_command("espeak-ng -v de -w " + wav + " 'Springer Felix drei. . . . Zeit'", out),
            0);
  ASSERT_EQ(run_command(kBinary + " listen --wav " + wav, out), 0) << out;
  // The move and the command are named (entered at once, or asked again when the margin over
  // the runner-up is small: a one-word command has little of it), never another one.
  EXPECT_NE(out.find("\"springer felix drei\""), std::string::npos) << out;
  EXPECT_NE(out.find("Nf3 g1f3"), std::string::npos) << out;
  EXPECT_TRUE(out.find("command time \"zeit\"") != std::string::npos ||
              out.find("unsure \"zeit\"") != std::string::npos)
      << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 2) << out;
}

TEST(ListenCommand, BadInputIsNamed) {
  std::string out;
  EXPECT_EQ(run_command(kBinary + " listen --wav /nonexistent.wav 2>&1", out), 2) << out;
  EXPECT_NE(out.find("/nonexistent.wav"), std::string::npos) << out;
  EXPECT_EQ(run_command(kBinary + " listen --fen nonsense --wav x.wav 2>&1", out), 2) << out;
  EXPECT_EQ(run_command(kBinary + " listen --profile russian --wav x.wav 2>&1", out), 2);
  EXPECT_NE(out.find("en-us acoustic model"), std::string::npos) << out;
}

// `annabella voice adapt` (docs/voice.md, "Speaker adaptation"): the prompts it prints, a
// reading that is missing named with its prompt, and `listen --player` for a player never adapted
// (the adaptation itself, sphinxtrain's tools, is measured by bench_voice's adaptation
// condition: tens of seconds here).
TEST(VoiceAdaptCommand, PrintsItsPromptsAndNamesWhatIsMissing) {
  TempDir dir;
  std::string out;
  ASSERT_EQ(run_command(kBinary + " voice adapt --player Anna --prompts", out), 0) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 31) << out;
  EXPECT_EQ(out.substr(0, out.find('\n')), "01 Eva vier");
  EXPECT_NE(out.find("09 Kurze Rochade\n"), std::string::npos) << out;
  // The words the opening does not say (docs/voice.md, "Speaker adaptation").
  EXPECT_NE(out.find("30 Lange Rochade\n31 Koenig David eins\n"), std::string::npos) << out;
  EXPECT_EQ(run_command("XDG_DATA_HOME=" + dir.path().string() + " " + kBinary +
                            " voice adapt --player Anna --wav-dir " + dir.path().string() + " 2>&1",
                        out),
            2)
      << out;
  EXPECT_NE(out.find("01.wav (prompt 01, \"Eva vier\")"), std::string::npos) << out;
  EXPECT_FALSE(std::filesystem::exists(dir / "annabella")) << "nothing kept for the player";
  EXPECT_EQ(run_command("XDG_DATA_HOME=" + dir.path().string() + " " + kBinary +
                            " listen --player Anna --wav x.wav 2>&1",
                        out),
            2)
      << out;
  EXPECT_NE(out.find("no adapted voice for Anna"), std::string::npos) << out;
  EXPECT_NE(out.find("annabella voice adapt --player \"Anna\""), std::string::npos) << out;
}

}  // namespace
}  // namespace listen_cli_test
}  // namespace annabella::app
