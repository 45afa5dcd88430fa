// The cue list's check (`annabella recording verify`): the digest chain over every line and its
// samples, comments only in the header, numbers read whole, sequence numbers in order; what a
// stop between a phrase's audio and its cue line leaves (a torn tail) told from tampering; the
// `interrupted` marker of a recording cut by a write failure.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "speech/cue_list.h"

namespace annabella::speech {
namespace cue_list_test {
namespace {

struct CueListFixture {
  std::vector<std::int16_t> samples;
  std::vector<std::string> lines;  // header, then the cue lines with their digests
};

struct CueSpec {
  int first, end;
  const char* kind;
  const char* text;
};

// A signed cue list over 40 samples with the given lines.
CueListFixture cue_list(const std::vector<CueSpec>& cues) {
  CueListFixture f;
  for (int i = 0; i < 40; ++i) f.samples.push_back(static_cast<std::int16_t>(i * 97));
  f.lines = {"# annabella cue list v2", "# seq\ttime\tfirst\tend\troute\tkind\ttext\tdigest"};
  std::string previous(64, '0');
  int seq = 0;
  for (const auto& c : cues) {
    const std::string body = std::to_string(seq + 1) + "\t00:00:0" + std::to_string(seq) +
                             ".000\t" + std::to_string(c.first) + "\t" + std::to_string(c.end) +
                             "\tpublic\t" + c.kind + "\t" + c.text;
    previous = chain_digest(
        {previous, body,
         std::span(f.samples).subspan(std::size_t(c.first), std::size_t(c.end - c.first))});
    f.lines.push_back(body + "\t" + previous);
    ++seq;
  }
  return f;
}

CueListFixture cue_list() {
  return cue_list({{0, 10, "move", "Eva vier"},
                   {10, 25, "readout", "Weiss: eine Stunde"},
                   {25, 25, "cut", "phrase 2 cut off by a move after 15 samples"},
                   {25, 40, "move", "Springer Felix drei"}});
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

// What the check finds wrong, as facts (app/recording_text.cpp words them): "c:4
// cue_lines_missing 3 2" is the file and line, the kind's key, the cue line read and the one
// expected; "verified" when nothing is.
std::string error_of(const std::vector<std::string>& lines,
                     const std::vector<std::int16_t>& samples) {
  auto check = verify_cue_list(joined(lines), samples, "c");
  if (check) return "verified";
  const CueListFault& e = check.error();
  return e.file + ":" + std::to_string(e.line) + " " + std::string(fault_key(e.kind)) + " " +
         std::to_string(e.cue) + " " + std::to_string(e.expected);
}

TEST(CueList, AnIntactListVerifiesAndCountsPhrasesAndCuts) {
  const auto f = cue_list();
  auto check = verify_cue_list(joined(f.lines), f.samples, "game.cues");
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->phrases, 3);
  EXPECT_EQ(check->cut_markers, 1);
  EXPECT_EQ(check->last_digest, f.lines.back().substr(f.lines.back().rfind('\t') + 1));
}

// Voice input (docs/voice.md): what the microphone heard is a marker without samples.
TEST(CueList, HeardLinesAreCountedAndHoldNoSamples) {
  const auto f = cue_list({{0, 10, "move", "Eva vier"},
                           {10, 10, "heard", "move Nf3 g1f3 \"springer felix drei\" 90%"},
                           {10, 40, "move", "Springer Felix drei"}});
  auto check = verify_cue_list(joined(f.lines), f.samples, "game.cues");
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->phrases, 2);
  EXPECT_EQ(check->heard_lines, 1);
  const auto bad = cue_list({{0, 10, "move", "Eva vier"}, {10, 40, "heard", "move Nf3"}});
  EXPECT_EQ(error_of(bad.lines, bad.samples), "c:4 cue_marker_with_samples 2 0");
}

TEST(CueList, ACommentPutBetweenCueLinesIsRefused) {
  auto f = cue_list();
  f.lines.insert(f.lines.begin() + 4, "# inserted later");
  auto check = verify_cue_list(joined(f.lines), f.samples, "game.cues");
  ASSERT_FALSE(check);
  EXPECT_EQ(check.error().kind, CueListFault::Kind::CommentAfterCues);
  EXPECT_EQ(check.error().file, "game.cues");
  EXPECT_EQ(check.error().line, 5);
}

TEST(CueList, SampleNumbersMustBeWholeNumbers) {
  auto f = cue_list();
  // "10x" would read as 10 with a stream; the digest then fails only by luck.
  auto& line = f.lines[3];
  line.replace(line.find("\t10\t"), 4, "\t10x\t");
  auto check = verify_cue_list(joined(f.lines), f.samples, "game.cues");
  ASSERT_FALSE(check);
  EXPECT_EQ(check.error().kind, CueListFault::Kind::SamplesNotWhole);
  EXPECT_EQ(check.error().line, 4);
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
  EXPECT_EQ(check.error().kind, CueListFault::Kind::DigestMismatch);
  EXPECT_EQ(check.error().line, 4);
  auto removed = f.lines;
  removed.erase(removed.begin() + 3);
  EXPECT_FALSE(verify_cue_list(joined(removed), f.samples, "c"));
}

// The chain's bytes, fixed: this digest was computed with coreutils' sha256sum (docs/speech.md,
// "How to verify"), so recordings made before libsodium replaced the hand-written SHA-256, and
// any tool, agree with the chain.
TEST(CueList, TheChainDigestIsTheDocumentedSha256) {
  const std::vector<std::int16_t> samples = {1, -2, 300};
  EXPECT_EQ(
      chain_digest({genesis_digest(), "1\t00:00:00.000\t0\t3\tpublic\tmove\tEva vier", samples}),
      "26830ba8f2dcaf13809032e5c088c53db8904ea60f369d85d71e95bab7c3438e");
}

TEST(CueList, EachLinesDigestIsKeptForTheSealsAnchor) {
  const auto f = cue_list();
  auto check = verify_cue_list(joined(f.lines), f.samples, "c");
  ASSERT_TRUE(check);
  EXPECT_EQ(check->lines, 4);
  EXPECT_EQ(check->digest_at(0), genesis_digest());
  for (int line = 1; line <= 4; ++line) {
    const auto& text = f.lines[std::size_t(line + 1)];
    EXPECT_EQ(check->digest_at(line), text.substr(text.rfind('\t') + 1));
  }
  EXPECT_EQ(check->digest_at(5), "");
  EXPECT_EQ(check->version, 2);  // "# annabella cue list v2"
}

// A removed, repeated or moved line is named as such (before, only by a digest mismatch or
// "samples do not follow on", and a removed last line not at all).
TEST(CueList, ARemovedCopiedOrMovedLineIsNamedBySequence) {
  const auto f = cue_list();
  auto removed = f.lines;
  removed.erase(removed.begin() + 3);  // cue line 2
  EXPECT_EQ(error_of(removed, f.samples), "c:4 cue_lines_missing 3 2");
  auto two_removed = f.lines;
  two_removed.erase(two_removed.begin() + 3, two_removed.begin() + 5);
  EXPECT_EQ(error_of(two_removed, f.samples), "c:4 cue_lines_missing 4 2");
  auto swapped = f.lines;
  std::swap(swapped[3], swapped[4]);
  EXPECT_EQ(error_of(swapped, f.samples), "c:4 cue_lines_swapped 3 2");
  auto copied = f.lines;
  copied.insert(copied.begin() + 4, copied[3]);
  EXPECT_EQ(error_of(copied, f.samples), "c:5 cue_line_repeated 2 3");
}

// What a kill leaves: audio after the last cue line, an unfinished last line, or a last line
// whose audio is not (all) in the file. Reported as a torn tail; the lines before verify.
TEST(CueList, WhatAStopBetweenAudioAndCueLineLeavesIsATornTail) {
  const auto f = cue_list();
  auto audio_only = f.samples;  // a phrase's audio written, its cue line not
  audio_only.insert(audio_only.end(), {5, 5, 5, 5, 5});
  auto check = verify_cue_list(joined(f.lines), audio_only, "c");
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->lines, 4);
  EXPECT_EQ(check->torn_tail,
            "5 samples after the last cue line (audio whose cue line was never written)");

  std::string unfinished = joined(f.lines) + "5\t00:00:09.000\t40\t4";  // no line end
  check = verify_cue_list(unfinished, audio_only, "c");
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->lines, 4);
  EXPECT_NE(check->torn_tail.find("c:7: the last line is unfinished (no line end)"),
            std::string::npos)
      << check->torn_tail;

  auto short_audio = f.samples;  // the last line's audio is not all there
  short_audio.resize(30);
  check = verify_cue_list(joined(f.lines), short_audio, "c");
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  EXPECT_EQ(check->lines, 3);
  EXPECT_EQ(check->last_digest, check->digest_at(3));
  EXPECT_NE(check->torn_tail.find("cue line 4 (move 'Springer Felix drei') has no audio"),
            std::string::npos)
      << check->torn_tail;
  EXPECT_NE(check->torn_tail.find("5 samples after the last cue line"), std::string::npos);
}

TEST(CueList, AudioMissingBeforeTheLastLineIsTampering) {
  auto f = cue_list();
  auto short_audio = f.samples;
  short_audio.resize(20);  // line 2's audio (10..25) cut short; lines 3 and 4 follow
  // The check stops at line 3 (line 2 has no audio, and it is not the last).
  EXPECT_EQ(error_of(f.lines, short_audio), "c:4 cue_no_audio 2 0");
  const auto no_audio = verify_cue_list(joined(f.lines), short_audio, "c");
  ASSERT_FALSE(no_audio);
  EXPECT_EQ(no_audio.error().marker, "readout");
  EXPECT_EQ(no_audio.error().text, "Weiss: eine Stunde");
  EXPECT_EQ(no_audio.error().first, "10");
  EXPECT_EQ(no_audio.error().end, "25");
  // A complete last line with a wrong digest is tampering too, not a torn write.
  auto changed = f.lines;
  changed.back().back() = changed.back().back() == '0' ? '1' : '0';
  EXPECT_EQ(error_of(changed, f.samples), "c:6 digest_mismatch 4 0");
}

// Cue list v3: a write failure cut the recording; the marker is chained and nothing follows it.
TEST(CueList, AnInterruptedMarkerEndsTheRecording) {
  auto f = cue_list();
  const std::string body =
      "5\t00:00:04.000\t40\t42\tpublic\tinterrupted\trecording "
      "interrupted: writing sound file: No space left on device";
  f.samples.insert(f.samples.end(), {7, 7});  // what the failed write left
  const auto previous = f.lines.back().substr(f.lines.back().rfind('\t') + 1);
  const auto digest = chain_digest({previous, body, std::span(f.samples).subspan(40)});
  f.lines.push_back(body + "\t" + digest);
  auto check = verify_cue_list(joined(f.lines), f.samples, "c");
  ASSERT_TRUE(check) << fault_key(check.error().kind);
  ASSERT_TRUE(check->interrupted);
  EXPECT_EQ(check->interrupted->line, 5);
  EXPECT_EQ(check->interrupted->time, "00:00:04.000");
  EXPECT_EQ(check->phrases, 3);
  EXPECT_EQ(check->lines, 5);
  EXPECT_EQ(check->torn_tail, "");

  const std::string after = "6\t00:00:05.000\t42\t42\tpublic\tmessage\tlater";
  f.lines.push_back(after + "\t" + chain_digest({digest, after, {}}));
  EXPECT_EQ(error_of(f.lines, f.samples), "c:8 cue_after_interruption 6 5");
}

}  // namespace
}  // namespace cue_list_test
}  // namespace annabella::speech
