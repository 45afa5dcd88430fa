// The command line as a Debian tool: --version, an unknown sub-command named as such, and one
// exit status scheme for every sub-command (0 success, 1 problems found, 2 usage error or
// unreadable input; README "Exit status").
#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace annabella::app {
namespace main_cli_test {
namespace {

using annabella::testing::read_file;
using annabella::testing::run_command;
using annabella::testing::TempDir;

const std::string kBinary = ANNABELLA_BINARY;

// The exit status of `annabella ARGS` (stderr merged into `out`).
int annabella(const std::string& args, std::string& out) {
  return run_command(kBinary + " " + args, out, true);
}

TEST(CommandLine, VersionIsTheProjectVersion) {
  std::string out;
  ASSERT_EQ(annabella("--version", out), 0);
  EXPECT_EQ(out, std::string("annabella ") + ANNABELLA_VERSION + "\n");
}

TEST(CommandLine, AnUnknownSubCommandIsNamedWithTheList) {
  std::string out;
  EXPECT_EQ(annabella("prft --depth 1", out), 2);
  EXPECT_NE(out.find("\"prft\" is not a sub-command"), std::string::npos) << out;
  for (const char* name : {"perft", "config", "reconcile", "play", "recording"})
    EXPECT_NE(out.find(name), std::string::npos) << name << " missing from: " << out;
  EXPECT_EQ(out.find("A subcommand is required"), std::string::npos) << out;

  EXPECT_EQ(annabella("config chek x.toml", out), 2);
  EXPECT_NE(out.find("annabella config: \"chek\" is not a sub-command"), std::string::npos) << out;
  EXPECT_NE(out.find("check, example"), std::string::npos) << out;
}

TEST(CommandLine, AMissingSubCommandListsTheChoices) {
  std::string out;
  EXPECT_EQ(annabella("", out), 2);
  EXPECT_NE(out.find("a sub-command is needed"), std::string::npos) << out;
  EXPECT_NE(out.find("perft"), std::string::npos) << out;
  EXPECT_EQ(annabella("pgn", out), 2);
  EXPECT_NE(out.find("annabella pgn: a sub-command is needed, one of: check"), std::string::npos)
      << out;
}

TEST(CommandLine, UsageErrorsExitTwo) {
  std::string out;
  EXPECT_EQ(annabella("perft", out), 2) << out;  // a required option missing
  EXPECT_NE(out.find("--depth is required"), std::string::npos) << out;
  EXPECT_EQ(annabella("perft --depth 1 --bogus", out), 2) << out;  // an unknown option
  EXPECT_EQ(annabella("perft --depth x", out), 2) << out;          // a value of the wrong kind
  EXPECT_EQ(annabella("notation --to xml e4", out), 2) << out;     // a value not allowed
  EXPECT_EQ(annabella("play extra-word", out), 2) << out;          // an extra argument
}

TEST(CommandLine, AnUnknownOptionIsNamedAsSuch) {
  // CLI11 alone said "--board-a is required" for `reconcile --bogus`, and "A subcommand is
  // required" for `annabella --bogus`.
  std::string out;
  EXPECT_EQ(annabella("reconcile --bogus", out), 2) << out;
  EXPECT_NE(out.find("annabella reconcile: --bogus is not an option of annabella reconcile"),
            std::string::npos)
      << out;
  EXPECT_EQ(annabella("--bogus", out), 2) << out;
  EXPECT_NE(out.find("annabella: --bogus is not an option"), std::string::npos) << out;
  EXPECT_EQ(annabella("pgn check --lenient=yes --nonsense=1 x.pgn", out), 2) << out;
  EXPECT_NE(out.find("--nonsense is not an option of annabella pgn check"), std::string::npos)
      << out;
  // A known option's value that starts with '-' is a value, not an option.
  EXPECT_EQ(annabella("perft --depth -1", out), 2) << out;
  EXPECT_NE(out.find("--depth must be 0 or more"), std::string::npos) << out;
  EXPECT_EQ(annabella("--lang en --version", out), 0) << out;
}

TEST(CommandLine, HelpExitsZeroAndTheFullHelpHasEverySubCommand) {
  std::string out;
  EXPECT_EQ(annabella("--help", out), 0);
  EXPECT_NE(out.find("Exit status"), std::string::npos) << out;
  EXPECT_EQ(annabella("perft --help", out), 0);
  EXPECT_NE(out.find("--depth"), std::string::npos) << out;
  ASSERT_EQ(annabella("--help-all", out), 0);
  for (const char* section :
       {"annabella perft:", "annabella config check:", "annabella config example:",
        "annabella reconcile:", "annabella clock:", "annabella notation:", "annabella pgn check:",
        "annabella say:", "annabella hear:", "annabella play:", "annabella demo:",
        "annabella board-sim:", "annabella board watch:", "annabella recording verify:",
        "*Exit status*"})
    EXPECT_NE(out.find(section), std::string::npos) << section;
}

// Each sub-command's success, problems found and unreadable input.
TEST(CommandLine, EverySubCommandFollowsTheExitStatusScheme) {
  TempDir dir;
  const std::string d = dir.path().string() + "/";
  std::ofstream(dir / "good.toml") << "[event]\nboard = 4\n";
  std::ofstream(dir / "bad.toml") << "[event]\nbord = 4\n";
  std::ofstream(dir / "good.pgn") << "[Result \"*\"]\n\n1. e4 e5 *\n";
  std::ofstream(dir / "bad.pgn") << "[Result \"*\"]\n\n1. e4 e4 *\n";
  std::ofstream(dir / "presses.txt") << "10 white\n20 black\n";
  std::ofstream(dir / "bad-presses.txt") << "10 white\nten black\n";
  struct Case {
    std::string args;
    int status;
  };
  const Case cases[] = {
      {"perft --depth 2", 0},
      {"perft --depth 1 --fen nonsense", 2},
      {"config check " + d + "good.toml", 0},
      {"config check " + d + "bad.toml", 1},
      {"config check " + d + "missing.toml", 2},
      {"config example", 0},
      {"notation e4 e5", 0},
      {"notation e4 e4", 1},
      {"notation --lang xx e4", 2},
      {"say --silent e4", 0},
      {"say --silent e4 e4", 1},
      {"say --silent --profile nosuch e4", 2},
      {"hear \"Eva vier\"", 0},
      {"hear \"Eva acht\"", 1},
      {"hear --fen nonsense \"Eva vier\"", 2},
      {"pgn check " + d + "good.pgn", 0},
      {"pgn check " + d + "bad.pgn", 1},
      {"pgn check " + d + "missing.pgn", 2},
      {"clock --control \"5 min\" --events " + d + "presses.txt", 0},
      {"clock --control \"5 min\" --events " + d + "bad-presses.txt", 2},
      {"clock --control \"5 min\" --events " + d + "missing.txt", 2},
      {"clock --control \"five minutes\" --events " + d + "presses.txt", 2},
      {"reconcile --board-a start --board-b start --sheet-a " + d + "missing.txt --sheet-b " + d +
           "missing.txt",
       2},
      {"recording verify " + d + "missing.wav", 2},
      {"play --config " + d + "bad.toml --record " + d + "game", 2},
  };
  for (const Case& c : cases) {
    std::string out;
    EXPECT_EQ(annabella(c.args, out), c.status) << "annabella " << c.args << "\n" << out;
  }
}

TEST(CommandLine, ARecordingThatDoesNotVerifyExitsOneAnUnreadableOneTwo) {
  TempDir dir;
  const std::string wav = (dir / "say.wav").string();
  std::string out;
  ASSERT_EQ(annabella("say --silent --wav " + wav + " e4 e5", out), 0) << out;
  // `say --wav` keeps no journal, so nothing seals its recording: not verified (exit 1) unless
  // accepted (docs/record.md, "Checking a recording").
  EXPECT_EQ(annabella("recording verify " + wav, out), 1) << out;
  ASSERT_EQ(annabella("recording verify --unsealed-ok " + wav, out), 0) << out;
  // A phrase's text changed in the cue list: tampered, exit 1.
  std::string cues = read_file(wav + ".cues.txt");
  const auto at = cues.find("Eva vier");
  ASSERT_NE(at, std::string::npos) << cues;
  cues.replace(at, 8, "Eva drei");
  std::ofstream(wav + ".cues.txt", std::ios::trunc) << cues;
  EXPECT_EQ(annabella("recording verify --unsealed-ok " + wav, out), 1) << out;
  // The cue list gone: unreadable, exit 2.
  std::filesystem::remove(wav + ".cues.txt");
  EXPECT_EQ(annabella("recording verify --unsealed-ok " + wav, out), 2) << out;
  EXPECT_NE(out.find("cannot read the cue list"), std::string::npos) << out;
}

}  // namespace
}  // namespace main_cli_test
}  // namespace annabella::app
