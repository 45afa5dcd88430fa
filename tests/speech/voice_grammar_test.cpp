// The voice grammar and its pronunciations, without audio: eSpeak NG phonemes mapped to CMU phones,
// every legal move of several positions read back from its spoken tokens (short and long forms,
// with and without the check word) in three profiles, slips corrected with "nein" (D.2.8), the
// command words, and the judge's rules on decodings built by hand.
#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/notation.h"
#include "speech/espeak_synth.h"
#include "speech/fixtures.h"
#include "speech/heard.h"
#include "speech/phrases.h"
#include "speech/voice_activity.h"
#include "speech/voice_listener.h"

namespace annabella::speech {
namespace {

using fixtures::move;
using fixtures::position;

std::vector<std::string> tokens(std::string_view text) {
  std::vector<std::string> out;
  std::string current;
  for (char c : std::string(text) + " ") {
    if (c == ' ' || c == ',') {
      if (!current.empty()) out.push_back(voice_token(current));
      current.clear();
    } else {
      current += c;
    }
  }
  return out;
}

TEST(Pronunciation, EspeakPhonemesBecomeCmuPhonesWithVariants) {
  auto springer = cmu_phones("Spr'IN3", "de");
  ASSERT_TRUE(springer) << springer.error().message;
  EXPECT_EQ(springer->front(), (Phones{"SH", "P", "R", "IH", "NG", "ER"}));
  EXPECT_EQ(springer->at(1), (Phones{"SH", "P", "R", "IH", "NG", "AH"}));  // German final -er
  // German a is AA, English a is AE ("Anna").
  EXPECT_EQ(cmu_phones("_!'anA:", "de")->front(), (Phones{"AA", "N", "AA"}));
  EXPECT_EQ(cmu_phones("'an@", "en")->front(), (Phones{"AE", "N", "AH"}));
  // The ach-Laut has a K and an HH reading; "Schach".
  const auto schach = *cmu_phones("S'ax", "de");
  EXPECT_NE(std::find(schach.begin(), schach.end(), Phones{"SH", "AA", "K"}), schach.end());
  EXPECT_NE(std::find(schach.begin(), schach.end(), Phones{"SH", "AA", "HH"}), schach.end());
  auto unknown = cmu_phones("a$b", "de");
  ASSERT_FALSE(unknown);
  EXPECT_NE(unknown.error().message.find("\"$\""), std::string::npos);
}

TEST(Pronunciation, EveryWordOfTheFideGrammarHasGermanAndEnglishReadings) {
  auto synth = EspeakSynthesizer::create();
  ASSERT_TRUE(synth);
  const auto v = fixtures::profile("fide");
  auto d = pronunciations_for(v, [&](std::string_view text, std::string_view voice) {
    return (*synth)->phonemes(text, voice);
  });
  ASSERT_TRUE(d) << d.error().message;
  for (const char* word : {"anna", "bella", "funf", "konig", "laufer", "schlagt", "rochade", "zeit",
                           "nein", "wiederholen"})
    EXPECT_GE(d->variants(word).size(), 2u) << word;
  EXPECT_EQ(d->variants("funf").front(), (Phones{"F", "UW", "N", "F"}));  // fünf, from f'ynf
  const std::string text = d->sphinx_text();
  EXPECT_NE(text.find("\nanna(2) "), std::string::npos);
}

class GrammarRoundTrip : public ::testing::TestWithParam<const char*> {};

TEST_P(GrammarRoundTrip, EveryLegalMoveInEveryFormReadsBack) {
  const auto v = fixtures::profile(GetParam());
  const std::string_view fens[] = {
      core::kStartFen,
      "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",  // both castlings
      "4k3/1P6/8/3pP3/8/8/6p1/4K2R w K d6 0 1",  // promotions, en passant, check
      "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",  // mate, captures
  };
  int phrases = 0;
  for (std::string_view fen : fens) {
    const auto pos = position(fen);
    auto g = VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
    ASSERT_TRUE(g) << g.error().message;
    for (core::Move m : core::legal_moves(pos)) {
      for (MoveForm form : {MoveForm::Short, MoveForm::Long}) {
        const Phrase p = phrase_for_move(v, pos, m, {form, false});
        const auto reading = g->read(tokens(p.spoken));
        ASSERT_TRUE(reading && reading->move) << p.spoken << " in " << fen;
        EXPECT_EQ(*reading->move, m) << p.spoken;
        EXPECT_FALSE(reading->correction);
        ++phrases;
      }
    }
  }
  EXPECT_GT(phrases, 200);
}

INSTANTIATE_TEST_SUITE_P(Profiles, GrammarRoundTrip,
                         ::testing::Values("fide", "english-anna", "nato"));

TEST(VoiceGrammar, ASlipCorrectedWithNeinGivesTheCorrection) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  // D.2.8: "nein, Springer Gustav drei" - alone, or right after the slip in one breath.
  for (const char* said :
       {"nein Springer Cesar drei", "Springer Felix drei nein Springer Cesar drei"}) {
    const auto r = g.read(tokens(said));
    ASSERT_TRUE(r && r->move) << said;
    EXPECT_TRUE(r->correction);
    EXPECT_EQ(*r->move, move(pos, "Nc3"));
  }
  const auto no = g.read(tokens("nein"));
  ASSERT_TRUE(no && no->command);
  EXPECT_EQ(no->command->kind, VoiceCommandKind::No);
  EXPECT_FALSE(g.read(tokens("nein Zeit")));            // only a move can correct a move
  EXPECT_FALSE(g.read(tokens("Springer Felix vier")));  // not legal here
  EXPECT_FALSE(g.read(tokens("Springer Felix drei drei")));
}

TEST(VoiceGrammar, CommandWordsOfThePlayersMenu) {
  const auto v = fixtures::profile("fide");
  auto g = *VoiceGrammar::build(v, position(core::kStartFen), CommandWords::for_profile(v));
  const std::pair<const char*, VoiceCommand> said[] = {
      {"Zeit", {VoiceCommandKind::Time, -1}},
      {"Wiederholen", {VoiceCommandKind::Repeat, -1}},
      {"Brett Reihe vier", {VoiceCommandKind::BoardRank, 3}},
      {"Brett Linie Eva", {VoiceCommandKind::BoardFile, 4}},
      {"Remis", {VoiceCommandKind::DrawOffer, -1}},
      {"Aufgabe", {VoiceCommandKind::Resign, -1}},
      {"ja", {VoiceCommandKind::Yes, -1}}};
  for (const auto& [text, command] : said) {
    const auto r = g.read(tokens(text));
    ASSERT_TRUE(r && r->command) << text;
    EXPECT_EQ(*r->command, command) << text;
  }
  const auto en = fixtures::profile("nato");
  auto ge = *VoiceGrammar::build(en, position(core::kStartFen), CommandWords::for_profile(en));
  EXPECT_EQ(ge.read(tokens("board file Echo"))->command,
            (VoiceCommand{VoiceCommandKind::BoardFile, 4}));
  EXPECT_EQ(ge.read(tokens("Knight Foxtrot three"))->move, move(position(core::kStartFen), "Nf3"));
}

TEST(VoiceGrammar, AProfileInAnotherScriptIsRefusedWithTheWord) {
  const auto v = fixtures::profile("russian");
  auto g = VoiceGrammar::build(v, position(core::kStartFen), CommandWords::for_profile(v));
  ASSERT_FALSE(g);
  EXPECT_NE(g.error().message.find("en-us acoustic model"), std::string::npos);
}

TEST(VoiceGrammar, JsgfHasTheMovesTheCorrectionAndTheGarbagePath) {
  const auto v = fixtures::profile("fide");
  auto g = *VoiceGrammar::build(v, position(core::kStartFen), CommandWords::for_profile(v));
  const std::string jsgf = g.jsgf();
  EXPECT_NE(jsgf.find("springer felix drei"), std::string::npos);
  EXPECT_NE(jsgf.find("[ <move> ] nein <move>"), std::string::npos);
  EXPECT_NE(jsgf.find("<garbage>"), std::string::npos);
  EXPECT_EQ(jsgf.find("springer felix vier"), std::string::npos);  // not legal
  EXPECT_NE(g.jsgf_syntax().find("<square> = <file> <rank>"), std::string::npos);
}

// The judge: agreement enters, disagreement asks with both readings, garbage is nothing.
Decoding decoding(std::string_view grammar, std::string_view syntax) {
  Decoding d;
  d.grammar.tokens = tokens(grammar);
  d.syntax.tokens = tokens(syntax);
  d.first_frame = 20;
  d.end_frame = 120;
  d.frames = 150;
  return d;
}

TEST(Judge, BothDecodesAgreeingEnterTheMove) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  const Heard h = judge(decoding("Springer Felix drei", "Springer Felix drei"), g, {},
                        std::chrono::milliseconds(1000));
  EXPECT_EQ(h.kind, HeardKind::Move);
  EXPECT_EQ(h.move, move(pos, "Nf3"));
  EXPECT_GE(h.confidence, 0.6);
  EXPECT_EQ(h.start, std::chrono::milliseconds(1200));
  EXPECT_EQ(h.end, std::chrono::milliseconds(2200));
  EXPECT_EQ(describe(h, pos), "move Nf3 g1f3 \"springer felix drei\" 90%");
}

TEST(Judge, TwoReadingsAreNamedAndNotEntered) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  const Heard h = judge(decoding("Anna drei", "Bella drei"), g, {});
  EXPECT_EQ(h.kind, HeardKind::Unsure);
  EXPECT_EQ(h.alternatives, (std::vector<core::Move>{move(pos, "a3"), move(pos, "b3")}));
  EXPECT_LT(h.confidence, 0.6);
  // A threshold of zero enters whatever the grammar heard (the rule "after confirmation").
  EXPECT_EQ(judge(decoding("Anna drei", "Bella drei"), g, {0.0}).kind, HeardKind::Move);
  const Heard illegal = judge(decoding("Anna drei", "Anna fünf"), g, {});
  EXPECT_EQ(illegal.kind, HeardKind::Unsure);
  EXPECT_EQ(illegal.alternatives, (std::vector<core::Move>{move(pos, "a3")}));
}

TEST(Judge, ARunnerUpCloseBehindMakesTwoCloseReadings) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  Decoding d = decoding("Bella drei", "Bella drei");
  d.runner_up.tokens = tokens("Anna drei");
  d.grammar.score_per_frame = -0.0040;
  d.runner_up.score_per_frame = -0.0041;  // a margin of 0.0001: too close
  const Heard close = judge(d, g, {});
  EXPECT_EQ(close.kind, HeardKind::Unsure);
  EXPECT_EQ(close.why, "two close readings");
  EXPECT_EQ(close.alternatives, (std::vector<core::Move>{move(pos, "b3"), move(pos, "a3")}));
  d.runner_up.score_per_frame = -0.0050;  // a clear margin
  const Heard clear = judge(d, g, {});
  EXPECT_EQ(clear.kind, HeardKind::Move);
  EXPECT_EQ(clear.move, move(pos, "b3"));
  EXPECT_DOUBLE_EQ(clear.confidence, 0.9);
}

TEST(Judge, GarbageIsNothingButNoiseAroundTheWordsIsDropped) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  EXPECT_EQ(judge(decoding("gbgspeech gbgspeech", "gbgspeech"), g, {}).kind, HeardKind::Nothing);
  EXPECT_EQ(judge(decoding("Anna gbgspeech drei", "Anna drei"), g, {}).kind, HeardKind::Nothing);
  EXPECT_EQ(judge(decoding("", ""), g, {}).kind, HeardKind::Nothing);
  const Heard h = judge(decoding("gbgnoise Zeit gbgnoise", "Zeit"), g, {});
  EXPECT_EQ(h.kind, HeardKind::Command);
  EXPECT_EQ(h.command, (VoiceCommand{VoiceCommandKind::Time, -1}));
}

// Voice activity: speech is found between quiet stretches, with pre-roll and hangover.
std::vector<std::int16_t> tone(int ms, int amplitude) {
  std::vector<std::int16_t> out(std::size_t(ms * 16));
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = std::int16_t(amplitude * ((i / 8) % 2 ? 1 : -1));  // 1 kHz square wave
  return out;
}

TEST(VoiceActivity, CutsOneUtterancePerBurstWithPreRollAndHangover) {
  VoiceActivity vad;
  std::vector<Utterance> done;
  auto quiet = tone(1000, 40);  // room noise below the floor's threshold
  vad.push(quiet, done);
  vad.push(tone(600, 3000), done);
  vad.push(quiet, done);
  vad.push(tone(400, 3000), done);
  vad.push(quiet, done);
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(done[0].first_sample, 16000 - 200 * 16);  // 200 ms of pre-roll
  EXPECT_EQ(done[0].speech_end_sample, 16000 + 600 * 16);
  EXPECT_EQ(done[0].samples.size(), std::size_t((200 + 600 + 300) * 16));  // + 300 ms hangover
  EXPECT_EQ(done[1].speech_end_sample, 16000 * 2 + 1000 * 16);
  EXPECT_FALSE(vad.in_speech());
}

TEST(VoiceActivity, SilenceAloneDecodesNothing) {
  VoiceActivity vad;
  std::vector<Utterance> done;
  for (int i = 0; i < 50; ++i) vad.push(tone(100, 60), done);
  EXPECT_TRUE(done.empty());
}

TEST(VoiceActivity, PushToTalkTakesEverythingBetweenPressAndRelease) {
  VoiceActivity vad;
  std::vector<Utterance> done;
  vad.push(tone(500, 40), done);
  vad.press(done);
  vad.push(tone(300, 40), done);  // quiet, yet kept: the button decides
  vad.push(tone(200, 3000), done);
  vad.release(done);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].first_sample, 500 * 16);
  EXPECT_EQ(done[0].samples.size(), std::size_t(500 * 16));
  EXPECT_FALSE(vad.pressed());
}

}  // namespace
}  // namespace annabella::speech
