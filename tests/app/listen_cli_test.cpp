// `annabella listen --wav`: a sound file of spoken moves and commands, one line per utterance.
#include <gtest/gtest.h>

#include "support/temp_dir.h"

namespace annabella::app {
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

}  // namespace
}  // namespace annabella::app
