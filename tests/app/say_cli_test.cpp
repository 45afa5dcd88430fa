// `annabella say` and `annabella hear` as README documents them.
#include <gtest/gtest.h>

#include <fstream>

#include "support/temp_dir.h"

namespace annabella::app {
namespace say_cli_test {
namespace {

using annabella::testing::read_file;
using annabella::testing::run_command;
using annabella::testing::TempDir;

const std::string kBinary = ANNABELLA_BINARY;

TEST(SayCommand, PrintsOnePhraseAMoveInOrder) {
  std::string out;
  ASSERT_EQ(run_command(kBinary + " say --silent e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O", out), 0);
  EXPECT_EQ(out,
            "Eva vier\nEva fuenf\nSpringer Felix drei\nSpringer Cesar sechs\n"
            "Laeufer Bella fuenf\nAnna sechs\nLaeufer schlaegt Cesar sechs\n"
            "Bauer David schlaegt Cesar sechs\nKurze Rochade\n");
}

TEST(SayCommand, LongFormOtherProfilesAndAnyNotation) {
  std::string out;
  ASSERT_EQ(run_command(kBinary + " say --silent --long e2e4 e7-e5 Ng1-f3", out), 0);
  EXPECT_EQ(out, "Eva zwei Eva vier\nEva sieben Eva fuenf\nSpringer Gustav eins Felix drei\n");
  ASSERT_EQ(run_command(kBinary + " say --silent --profile nato --fen "
                                  "\"3r4/4P3/8/8/k7/8/8/7K w - - 0 1\" exd8=N",
                        out),
            0);
  EXPECT_EQ(out, "Pawn takes Delta eight promotes to Knight\n");
}

TEST(SayCommand, AnIllegalMoveStopsWithTheReason) {
  std::string out;
  EXPECT_EQ(run_command(kBinary + " say --silent e4 e4", out, true), 1);
  EXPECT_NE(out.find("Eva vier\n"), std::string::npos) << out;
  EXPECT_NE(out.find("move 2:"), std::string::npos) << out;
  EXPECT_EQ(run_command(kBinary + " say --silent --profile klingon e4", out, true), 2);
  EXPECT_NE(out.find("fide"), std::string::npos) << out;
}

// The real sound path: PortAudio into an ALSA file sink, and the recording beside it.
TEST(SayCommand, SpeaksAndWritesTheAudio) {
  TempDir dir;
  std::ofstream(dir / "asound.conf")
      << "pcm.!default { type file slave { pcm { type null } } file \""
      << (dir / "played.raw").string() << "\" format \"raw\" }\n";
  std::string out;
  ASSERT_EQ(run_command("ALSA_CONFIG_PATH=" + (dir / "asound.conf").string() + " " + kBinary +
                            " say --wav " + (dir / "game.wav").string() + " Nf3",
                        out, true),
            0);
  EXPECT_EQ(out, "Springer Felix drei\n");  // nothing about a missing sound device
  const auto played = read_file(dir / "played.raw").size() / 2;
  EXPECT_GT(played, 22050u / 2) << "half a second of speech at least";
  const std::string wav = read_file(dir / "game.wav");
  EXPECT_EQ(wav.substr(0, 4), "RIFF");
  EXPECT_GT(wav.size(), played * 2);  // the recording also holds a short lead-in gap
  EXPECT_NE(read_file(dir / "game.wav.cues.txt").find("\tpublic\tmove\tSpringer Felix drei\t"),
            std::string::npos);
}

TEST(SayCommand, NoSoundDeviceIsSaidAndTheWavIsWrittenAnyway) {
  TempDir dir;
  std::string out;
  ASSERT_EQ(run_command(kBinary + " say --device no-such-device --wav " +
                            (dir / "game.flac").string() + " e4",
                        out, true),
            0);
  EXPECT_NE(out.find("Eva vier\n"), std::string::npos) << out;
  EXPECT_NE(out.find("Kein Tonausgabegeraet"), std::string::npos) << out;
  EXPECT_EQ(read_file(dir / "game.flac").substr(0, 4), "fLaC");
}

TEST(RecordingCommand, VerifiesTheDigestChainAndFindsAChange) {
  TempDir dir;
  const std::string wav = (dir / "game.wav").string();
  std::string out;
  ASSERT_EQ(run_command(kBinary + " say --silent --wav " + wav + " e4 e5 Nf3", out), 0);
  // `say --wav` keeps no journal: nothing seals the recording, so only the chain is checked, and
  // that is accepted only when asked for (docs/record.md).
  EXPECT_EQ(run_command(kBinary + " recording verify " + wav, out, true), 1);
  EXPECT_NE(out.find("not sealed: no seal of this recording"), std::string::npos) << out;
  ASSERT_EQ(run_command(kBinary + " recording verify --unsealed-ok " + wav, out), 0);
  EXPECT_NE(out.find("3 cue lines (3 phrases), digest chain intact"), std::string::npos) << out;
  EXPECT_NE(out.find("result: verified"), std::string::npos) << out;
  std::string cues = read_file(wav + ".cues.txt");
  cues.replace(cues.find("Eva fuenf"), 9, "Eva vier ");
  std::ofstream(wav + ".cues.txt") << cues;
  EXPECT_EQ(run_command(kBinary + " recording verify --unsealed-ok " + wav, out, true), 1);
  EXPECT_NE(out.find("digest mismatch"), std::string::npos) << out;
}

TEST(HearCommand, PrintsSanAndUci) {
  std::string out;
  ASSERT_EQ(run_command(kBinary + " hear \"Springer Felix drei\"", out), 0);
  EXPECT_EQ(out, "Nf3 g1f3\n");
  ASSERT_EQ(run_command(kBinary + " hear \"springer f3\"", out), 0);
  EXPECT_EQ(out, "Nf3 g1f3\n");
  ASSERT_EQ(run_command(kBinary + " hear --profile russian \"конь Феликс три\"", out), 0);
  EXPECT_EQ(out, "Nf3 g1f3\n");
  ASSERT_EQ(run_command(kBinary + " hear --fen \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\" "
                                  "\"Lange Rochade\"",
                        out),
            0);
  EXPECT_EQ(out, "O-O-O e1c1\n");
}

TEST(HearCommand, AmbiguityAndErrorsExitNonZero) {
  std::string out;
  EXPECT_EQ(run_command(kBinary + " hear --fen \"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1\" "
                                  "\"Springer David zwei\"",
                        out, true),
            1);
  EXPECT_NE(out.find("Springer Bella David zwei, Springer Felix David zwei"), std::string::npos)
      << out;
  EXPECT_EQ(run_command(kBinary + " hear \"Dame David vier\"", out, true), 1);
  EXPECT_NE(out.find("no legal move"), std::string::npos) << out;
}

// D.2.1: with the fide profile, "B" is the German pawn (Bauer) and the English bishop; where both
// are legal, say and hear name both readings and exit 1, never choosing one.
TEST(SayCommand, AMoveReadingAsTwoLegalMovesStopsNamingBoth) {
  std::string out;
  EXPECT_EQ(run_command(kBinary + " say --silent e4 e5 Bc4", out, true), 1);
  EXPECT_EQ(out,
            "Eva vier\nEva fuenf\nannabella say: move 3: Bc4: bishop f1-c4 (English letters) or "
            "pawn c2-c4 (German letters)\n");
  ASSERT_EQ(run_command(kBinary + " say --silent e4 e5 Lc4 Nf6 Bc3", out), 0);  // one reading each
  EXPECT_EQ(out, "Eva vier\nEva fuenf\nLaeufer Cesar vier\nSpringer Felix sechs\nCesar drei\n");
}

TEST(HearCommand, AMoveReadingAsTwoLegalMovesExitsOneNamingBoth) {
  std::string out;
  EXPECT_EQ(
      run_command(kBinary + " hear --fen \"rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b "
                            "KQkq - 1 2\" Bc5",
                  out, true),
      1);
  EXPECT_EQ(out,
            "annabella hear: Bc5: bishop f8-c5 (English letters) or pawn c7-c5 (German "
            "letters)\n");
}

}  // namespace
}  // namespace say_cli_test
}  // namespace annabella::app
