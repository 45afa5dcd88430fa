// The cue list's check (`annabella recording verify`): the digest chain over every line and its
// samples, comments only in the header, numbers read whole.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "speech/recorder.h"

namespace annabella::speech {
namespace {

struct CueListFixture {
  std::vector<std::int16_t> samples;
  std::vector<std::string> lines;  // header, then the cue lines with their digests
};

CueListFixture cue_list() {
  CueListFixture f;
  for (int i = 0; i < 40; ++i) f.samples.push_back(static_cast<std::int16_t>(i * 97));
  f.lines = {"# annabella cue list v2", "# seq\ttime\tfirst\tend\troute\tkind\ttext\tdigest"};
  std::string previous(64, '0');
  const struct {
    int first, end;
    const char* kind;
    const char* text;
  } cues[] = {{0, 10, "move", "Eva vier"},
              {10, 25, "readout", "Weiss: eine Stunde"},
              {25, 25, "cut", "phrase 2 cut off by a move after 15 samples"},
              {25, 40, "move", "Springer Felix drei"}};
  int seq = 0;
  for (const auto& c : cues) {
    const std::string body = std::to_string(seq + 1) + "\t00:00:0" + std::to_string(seq) +
                             ".000\t" + std::to_string(c.first) + "\t" + std::to_string(c.end) +
                             "\tpublic\t" + c.kind + "\t" + c.text;
    previous = chain_digest(
        previous, body,
        std::span(f.samples).subspan(std::size_t(c.first), std::size_t(c.end - c.first)));
    f.lines.push_back(body + "\t" + previous);
    ++seq;
  }
  return f;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

TEST(CueList, AnIntactListVerifiesAndCountsPhrasesAndCuts) {
  const auto f = cue_list();
  auto check = verify_cue_list(joined(f.lines), f.samples, "game.cues");
  ASSERT_TRUE(check) << check.error().message;
  EXPECT_EQ(check->phrases, 3);
  EXPECT_EQ(check->cut_markers, 1);
  EXPECT_EQ(check->last_digest, f.lines.back().substr(f.lines.back().rfind('\t') + 1));
}

TEST(CueList, ACommentPutBetweenCueLinesIsRefused) {
  auto f = cue_list();
  f.lines.insert(f.lines.begin() + 4, "# inserted later");
  auto check = verify_cue_list(joined(f.lines), f.samples, "game.cues");
  ASSERT_FALSE(check);
  EXPECT_EQ(check.error().message, "game.cues:5: a comment line after the first cue line");
}

TEST(CueList, SampleNumbersMustBeWholeNumbers) {
  auto f = cue_list();
  // "10x" would read as 10 with a stream; the digest then fails only by luck.
  auto& line = f.lines[3];
  line.replace(line.find("\t10\t"), 4, "\t10x\t");
  auto check = verify_cue_list(joined(f.lines), f.samples, "game.cues");
  ASSERT_FALSE(check);
  EXPECT_EQ(check.error().message, "game.cues:4: the sample numbers are not whole numbers");
}

TEST(CueList, AChangedLineOrSampleOrARemovedLineIsCaught) {
  const auto f = cue_list();
  auto changed = f.lines;
  changed[2].replace(changed[2].find("Eva vier"), 8, "Eva fuenf");
  EXPECT_FALSE(verify_cue_list(joined(changed), f.samples, "c"));
  auto samples = f.samples;
  samples[12] = 0;
  auto check = verify_cue_list(joined(f.lines), samples, "c");
  ASSERT_FALSE(check);
  EXPECT_NE(check.error().message.find("c:4: digest mismatch"), std::string::npos);
  auto removed = f.lines;
  removed.erase(removed.begin() + 3);
  EXPECT_FALSE(verify_cue_list(joined(removed), f.samples, "c"));
}

}  // namespace
}  // namespace annabella::speech
