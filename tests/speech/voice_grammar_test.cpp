// The voice grammar and its pronunciations, without audio: eSpeak NG phonemes mapped to CMU phones,
// every legal move of several positions read back from its spoken tokens (short and long forms,
// with and without the check word) in three profiles, slips corrected with "nein" (D.2.8), the
// command words, and the judge's rules on decodings built by hand.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/movegen.h"
#include "core/notation.h"
#include "speech/espeak_synth.h"
#include "speech/fixtures.h"
#include "speech/heard.h"
#include "speech/own_speech.h"
#include "speech/phrases.h"
#include "speech/voice_activity.h"
#include "speech/voice_listener.h"

namespace annabella::speech {
namespace voice_grammar_test {
namespace {

using namespace std::chrono_literals;

using fixtures::move;
using fixtures::position;

std::vector<std::string> tokens(std::string_view text) {
  return voice_tokens(text);
}

TEST(GrammarPronunciation, EspeakPhonemesBecomeCmuPhonesWithVariants) {
  auto springer = cmu_phones("Spr'IN3", "de");
  ASSERT_TRUE(springer) << springer.error().message;
  EXPECT_EQ(springer->front(), (Phones{"SH", "P", "R", "IH", "NG", "ER"}));
  auto has = [](const std::vector<Phones>& variants, const Phones& p) {
    return std::find(variants.begin(), variants.end(), p) != variants.end();
  };
  EXPECT_TRUE(has(*springer, {"SH", "P", "R", "IH", "NG", "AH"}));  // German final -er
  EXPECT_TRUE(has(*springer, {"SH", "P", "IH", "NG", "ER"}));       // a uvular r, not heard
  // German r is uvular: also without R ("drei" as D AY); English r stays.
  EXPECT_TRUE(has(*cmu_phones("dr'aI", "de"), {"D", "AY"}));
  EXPECT_FALSE(has(*cmu_phones("dr'eI", "en"), {"D", "EY"}));
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

TEST(GrammarPronunciation, EveryWordOfTheFideGrammarHasGermanAndEnglishReadings) {
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

// eSpeak NG's German voice writes an English word with language switches, "(en)b'o@d(de)":
// the marks carry no sound and the sounds between them are read in English.
TEST(GrammarPronunciation, ALanguageSwitchIsReadInTheLanguageSwitchedTo) {
  auto board = cmu_phones("(en)b'o@d(de)", "de");
  ASSERT_TRUE(board) << board.error().message;
  EXPECT_EQ(board->front(), (Phones{"B", "AO", "R", "D"}));
  // "a" is AE in English, AA in German: the switch decides, not the voice.
  EXPECT_EQ(cmu_phones("(en)'an@(de)", "de")->front(), (Phones{"AE", "N", "AH"}));
  EXPECT_EQ(cmu_phones("'an@(en)", "de")->front(), (Phones{"AA", "N", "AH"}));
  EXPECT_FALSE(cmu_phones("(enb'o@d", "de"));
}

// Every shipped profile whose grammar can be built (the words in Latin letters) gets its
// pronunciations from eSpeak NG: the English ones once failed on the German voice's "(en)".
TEST(GrammarPronunciation, EveryShippedProfileInLatinLettersHasItsPronunciations) {
  auto synth = EspeakSynthesizer::create();
  ASSERT_TRUE(synth);
  int built = 0;
  for (const auto& name : Vocabulary::profile_names()) {
    const auto v = fixtures::profile(name.c_str());
    if (!VoiceGrammar::build(v, core::Position{}, CommandWords::for_profile(v))) continue;
    ++built;
    auto d = pronunciations_for(v, [&](std::string_view text, std::string_view voice) {
      return (*synth)->phonemes(text, voice);
    });
    EXPECT_TRUE(d) << name << ": " << d.error().message;
  }
  EXPECT_GE(built, 4);  // fide, english-anna, nato, letters
}

// A word that cannot be transcribed is named with its profile, which the arbiter can change.
TEST(GrammarPronunciation, AWordWithoutSoundsIsNamedWithItsProfile) {
  const auto v = fixtures::profile("nato");
  auto d =
      pronunciations_for(v, [](std::string_view text, std::string_view) -> Result<std::string> {
        return text == "Foxtrot" ? std::string("f$") : std::string("'a");
      });
  ASSERT_FALSE(d);
  EXPECT_NE(d.error().message.find("vocabulary profile nato"), std::string::npos)
      << d.error().message;
  EXPECT_NE(d.error().message.find("\"Foxtrot\""), std::string::npos) << d.error().message;
  EXPECT_NE(d.error().message.find("speech.words"), std::string::npos) << d.error().message;
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

// Art. 9.2, 9.3: "Remis Reklamation" alone starts a draw claim; followed by a legal move in the
// same breath it is the claim with that intended move (Art. 9.2.1.1, 9.3.1). An illegal move after
// it is no reading, and the runner-up of a claim is anything but a claim.
// Tester s15, finding 9: `listen.draw = ja` made every "ja" a draw offer (the first phrase said
// so was kept, silently). Command words said alike, a command said as a move, and a no-word that
// is a move's word are refused, naming the two keys and where each was given.
TEST(VoiceGrammar, CommandWordsSaidAlikeAreRefusedWithTheirKeysAndLines) {
  const auto refusal = [](std::string_view lines) {
    auto v = Vocabulary::parse(std::string("meta.base = fide\n") + std::string(lines), "mine.txt");
    EXPECT_TRUE(v) << lines;
    if (!v) return std::string();
    auto g = VoiceGrammar::build(*v, core::Position{}, CommandWords::for_profile(*v));
    return g ? std::string() : g.error().message;
  };
  EXPECT_EQ(
      refusal("listen.draw = ja\n"),
      "vocabulary profile mine: listen.yes \"ja\" (its default) is said as listen.draw \"ja\" "
      "(mine.txt:2): voice input could not tell them apart; give one of them another word");
  const std::string zeit = refusal("# resign\nlisten.resign = Zeit\n");
  EXPECT_NE(zeit.find("listen.resign \"Zeit\" (mine.txt:3) is said as listen.time"),
            std::string::npos)
      << zeit;
  // Said alike once folded ("Zeit!" and "zeit"), and as a board command with a rank word.
  EXPECT_NE(refusal("listen.moves = zeit!\n").find("listen.moves"), std::string::npos);
  const std::string board = refusal("listen.time = Brett Reihe vier\n");
  EXPECT_NE(board.find("listen.board_rank + rank.4 \"Brett Reihe vier\" (its default, fide:"),
            std::string::npos)
      << board;
  EXPECT_NE(board.find("is said as listen.time \"Brett Reihe vier\" (mine.txt:2)"),
            std::string::npos)
      << board;
  EXPECT_NE(refusal("listen.time = Eva vier\n")
                .find("listen.time \"Eva vier\" (mine.txt:2) is said as a move"),
            std::string::npos);
  EXPECT_NE(refusal("listen.repeat = nein Eva vier\n").find("is said as a move corrected"),
            std::string::npos);
  EXPECT_NE(refusal("listen.no = Dame\n")
                .find("listen.no \"Dame\" (mine.txt:2) is a word of piece.queen \"Dame\""),
            std::string::npos)
      << refusal("listen.no = Dame\n");
  // Words of their own are fine, and so is every shipped profile's (GrammarPronunciation).
  EXPECT_EQ(refusal("listen.draw = Unentschieden\nlisten.yes = jawohl\n"), "");
}

TEST(VoiceGrammar, ADrawClaimSaidAloneOrWithTheIntendedMove) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  const VoiceCommand claim{VoiceCommandKind::DrawClaim, -1};
  const auto alone = g.read(tokens("Remis Reklamation"));
  ASSERT_TRUE(alone && alone->command);
  EXPECT_EQ(*alone->command, claim);
  EXPECT_FALSE(alone->move);
  const auto with_move = g.read(tokens("Remis Reklamation Springer Felix drei"));
  ASSERT_TRUE(with_move && with_move->command && with_move->move);
  EXPECT_EQ(*with_move->command, claim);
  EXPECT_EQ(*with_move->move, move(pos, "Nf3"));
  EXPECT_FALSE(g.read(tokens("Remis Reklamation Springer Felix vier")));  // not legal here
  EXPECT_FALSE(g.read(tokens("Remis Reklamation Zeit")));
  EXPECT_EQ(g.read(tokens("Remis"))->command, (VoiceCommand{VoiceCommandKind::DrawOffer, -1}));
  // The graph has the claim's words followed by a move; the runner-up graph of a claim has none.
  const auto has_token = [](const WordGraph& graph, const std::string& token) {
    return std::any_of(graph.arcs.begin(), graph.arcs.end(),
                       [&](const auto& arc) { return arc.token == token; });
  };
  EXPECT_TRUE(has_token(g.graph(), "reklamation"));
  EXPECT_FALSE(has_token(g.graph_without(*with_move), "reklamation"));
  const auto en = fixtures::profile("nato");
  auto ge = *VoiceGrammar::build(en, pos, CommandWords::for_profile(en));
  const auto said = ge.read(tokens("claim draw Knight Foxtrot three"));
  ASSERT_TRUE(said && said->command && said->move);
  EXPECT_EQ(said->command->kind, VoiceCommandKind::DrawClaim);
}

TEST(VoiceGrammar, AProfileInAnotherScriptIsRefusedWithTheWord) {
  const auto v = fixtures::profile("russian");
  auto g = VoiceGrammar::build(v, position(core::kStartFen), CommandWords::for_profile(v));
  ASSERT_FALSE(g);
  EXPECT_NE(g.error().message.find("en-us acoustic model"), std::string::npos);
}

// The judge: a clear margin over the runner-up enters, a small one asks with both readings, an
// illegal reading asks, garbage is nothing.
struct RunnerUp {
  std::string_view words;
  double margin_per_frame = 0.01;  // behind the reading
};
Decoding decoding(std::string_view grammar, RunnerUp runner_up = {}) {
  Decoding d;
  d.grammar.tokens = tokens(grammar);
  d.runner_up.tokens = tokens(runner_up.words);
  d.grammar.score_per_frame = -0.003;
  d.runner_up.score_per_frame = -0.003 - runner_up.margin_per_frame;
  d.first_frame = 20;
  d.end_frame = 120;
  d.frames = 150;
  return d;
}

TEST(Judge, AClearMarginOverTheRunnerUpEntersTheMove) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  const Heard h = judge(decoding("Springer Felix drei", {"Springer Felix vier"}), g, {},
                        std::chrono::milliseconds(1000));
  EXPECT_EQ(h.kind, HeardKind::Move);
  EXPECT_EQ(h.move, move(pos, "Nf3"));
  EXPECT_DOUBLE_EQ(h.confidence, 1.0);
  EXPECT_EQ(h.start, std::chrono::milliseconds(1200));
  EXPECT_EQ(h.end, std::chrono::milliseconds(2200));
  // The margin beside the confidence (which stops at 100 % at the clear margin): 0.01 x 150.
  EXPECT_EQ(describe(h, pos), "move Nf3 g1f3 \"springer felix drei\" 100% margin 1.500");
}

TEST(Judge, ARunnerUpCloseBehindMakesTwoCloseReadings) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  const JudgeSettings settings;
  // A margin of a fifth of the clear one over 150 frames: confidence 0.2.
  const double close = settings.clear_margin / 5 / 150;
  const Heard h = judge(decoding("Bella drei", {"Anna drei", close}), g, settings);
  EXPECT_EQ(h.kind, HeardKind::Unsure);
  EXPECT_EQ(h.why, "below the threshold: two close readings");
  EXPECT_NEAR(h.confidence, 0.2, 1e-9);
  EXPECT_EQ(h.alternatives, (std::vector<core::Move>{move(pos, "b3"), move(pos, "a3")}));
  // The runner-up ahead (a better path the first decode missed): no confidence at all.
  EXPECT_EQ(judge(decoding("Bella drei", {"Anna drei", -close}), g, settings).confidence, 0.0);
  // No runner-up at all (its search lost every path): no margin is known, so it is not entered.
  const Heard alone = judge(decoding("Bella drei", {""}), g, settings);
  EXPECT_EQ(alone.kind, HeardKind::Unsure);
  EXPECT_EQ(alone.confidence, 0.0);
  // A threshold of zero enters whatever the grammar heard (the rule "after confirmation").
  EXPECT_EQ(judge(decoding("Bella drei", {"Anna drei", close}), g, {0.0}).kind, HeardKind::Move);
  // Just at the threshold: entered.
  const double at_threshold = settings.clear_margin * settings.threshold / 150 + 1e-12;
  EXPECT_EQ(judge(decoding("Bella drei", {"Anna drei", at_threshold}), g, settings).kind,
            HeardKind::Move);
}

// Tester s15, finding 4: "two close readings" was written for every reading under the
// threshold, also when the runner-up was no move, or under a threshold above 100 %. The reason
// says what the runner-up was, and the line keeps the margin itself.
TEST(Judge, TheReasonSaysWhatCameCloseAndTheLineKeepsTheMargin) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  const JudgeSettings settings;
  const double close = settings.clear_margin / 5 / 150;  // margin 0.01, confidence 0.2
  const auto why = [&](std::string_view said, std::string_view runner_up,
                       JudgeSettings s = JudgeSettings{}) {
    const Heard h = judge(decoding(said, {runner_up, close}), g, s);
    EXPECT_EQ(h.kind, HeardKind::Unsure) << said;
    return h.why;
  };
  EXPECT_EQ(why("Anna drei", "Bella drei"), "below the threshold: two close readings");
  EXPECT_EQ(why("ja", "gbgy gbgaa"), "below the threshold: close to speech outside the grammar");
  EXPECT_EQ(why("ja", "nein"), "below the threshold: close to the command no");
  EXPECT_EQ(why("Zeit", "Springer Felix sechs"),
            "below the threshold: close to a move not legal here");
  EXPECT_EQ(why("Zeit", ""), "no runner-up reading was found, so no margin is known");
  // A clear margin, under a threshold above 100 % (listen --threshold 2): only the threshold.
  EXPECT_EQ(judge(decoding("ja", {"gbgy gbgaa"}), g, {2.0}).why, "below the threshold");
  // The line names the one reading, the margin and why; a command reading names no move.
  const Heard ja = judge(decoding("ja", {"gbgy gbgaa", close}), g, settings);
  EXPECT_TRUE(ja.alternatives.empty());
  EXPECT_EQ(describe(ja, pos),
            "unsure \"ja\" 20% margin 0.010 (below the threshold: close to speech outside the "
            "grammar; not entered, ask again)");
  const Heard alone = judge(decoding("Zeit", {""}), g, settings);
  EXPECT_NE(describe(alone, pos).find("0% margin none"), std::string::npos) << describe(alone, pos);
}

TEST(Judge, OnlyAMarginAtTheSureLevelMayBeEnteredWithoutConfirmation) {
  // Above the threshold but below JudgeSettings::sure_margin: a move to read back and confirm
  // (D.2.1), not one to enter at once; the heard result names the position it was judged in.
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  const JudgeSettings settings;
  const double entered = settings.clear_margin / 150;  // confidence 1, margin 0.05
  const Heard read_back = judge(decoding("Bella drei", {"Anna drei", entered}), g, settings);
  EXPECT_EQ(read_back.kind, HeardKind::Move);
  EXPECT_DOUBLE_EQ(read_back.confidence, 1.0);
  EXPECT_NEAR(read_back.margin, settings.clear_margin, 1e-9);
  EXPECT_FALSE(read_back.sure);
  EXPECT_EQ(read_back.position_key, pos.key());
  const double sure = settings.sure_margin / 150 + 1e-12;
  EXPECT_TRUE(judge(decoding("Bella drei", {"Anna drei", sure}), g, settings).sure);
  // Unsure is never sure, whatever its margin.
  EXPECT_FALSE(judge(decoding("Dame Anna acht", {"Anna drei", sure}), g, settings).sure);
}

// Tester s15 (retest): the English voice swallows the piece word ("Knight Foxtrot three" heard as
// the pawn's "foxtrot three" at a margin near the sure one; German voices too: "Springer Anna
// drei" as "Anna drei"). A move whose words end a longer legal phrase of another move is never
// sure: read back and confirmed, never entered unasked (D.2.1), whatever its margin.
TEST(Judge, AMoveWhoseWordsEndAnotherMovesPhraseIsNeverSure) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  const JudgeSettings settings;
  const double very_sure = 10 * settings.sure_margin / 150;
  const Heard pawn = judge(decoding("Felix drei", {"Felix vier", very_sure}), g, settings);
  EXPECT_EQ(pawn.kind, HeardKind::Move);
  EXPECT_EQ(pawn.move, move(pos, "f3"));
  EXPECT_FALSE(pawn.sure) << "\"Springer Felix drei\" ends in the same words";
  // The knight's own words, and a pawn move no piece's phrase ends in, stay sure.
  EXPECT_TRUE(judge(decoding("Springer Felix drei", {"Felix drei", very_sure}), g, settings).sure);
  EXPECT_TRUE(judge(decoding("Eva vier", {"Eva drei", very_sure}), g, settings).sure);
  const auto nato = fixtures::profile("nato");
  auto english = *VoiceGrammar::build(nato, pos, CommandWords::for_profile(nato));
  EXPECT_FALSE(
      judge(decoding("Foxtrot three", {"Foxtrot four", very_sure}), english, settings).sure);
}

TEST(Judge, AConfirmationWordIsSureOnlyAtTheConfirmMargin) {
  // D.2.1: "ja" confirms a read-back move only when sure; other words read as "ja" came to 0.155.
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  const JudgeSettings settings;
  const double at_sure = settings.sure_margin / 150 + 1e-12;
  const Heard ja = judge(decoding("ja", {"gbgy gbgaa", at_sure}), g, settings);
  EXPECT_EQ(ja.kind, HeardKind::Command);
  EXPECT_FALSE(ja.sure);
  EXPECT_TRUE(judge(decoding("Zeit", {"gbgy gbgaa", at_sure}), g, settings).sure);
  const double at_confirm = settings.confirm_margin / 150 + 1e-12;
  EXPECT_TRUE(judge(decoding("ja", {"gbgy gbgaa", at_confirm}), g, settings).sure);
}

TEST(Judge, AMoveTheWordsDescribeButIllegalHereIsAskedAgain) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  for (double threshold : {0.6, 0.0}) {
    const Heard h = judge(decoding("Dame Anna acht"), g, {threshold});
    EXPECT_EQ(h.kind, HeardKind::Unsure);
    EXPECT_EQ(h.why, "a move that is not legal here");
    EXPECT_TRUE(h.alternatives.empty());
    EXPECT_FALSE(h.move);
    // No runner-up was decoded: no margin, not a margin of 0.
    EXPECT_EQ(margin_text(h.margin), "none");
  }
}

TEST(Judge, GarbageIsNothingButNoiseAroundTheWordsIsDropped) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto g = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  EXPECT_EQ(judge(decoding("gbgspeech gbgspeech"), g, {}).kind, HeardKind::Nothing);
  EXPECT_EQ(judge(decoding("Anna gbgspeech drei"), g, {}).kind, HeardKind::Nothing);
  EXPECT_EQ(judge(decoding(""), g, {}).kind, HeardKind::Nothing);
  const Heard h = judge(decoding("gbgnoise Zeit gbgnoise", {"gbgspeech"}), g, {});
  EXPECT_EQ(h.kind, HeardKind::Command);
  EXPECT_EQ(h.command, (VoiceCommand{VoiceCommandKind::Time, -1}));
}

// Voice activity: speech is found between quiet stretches, with pre-roll and hangover.
std::vector<std::int16_t> tone(std::chrono::milliseconds length, int amplitude) {
  std::vector<std::int16_t> out(std::size_t(length.count() * 16));
  for (std::size_t i = 0; i < out.size(); ++i)
    out[i] = std::int16_t(amplitude * ((i / 8) % 2 ? 1 : -1));  // 1 kHz square wave
  return out;
}

TEST(VoiceActivity, CutsOneUtterancePerBurstWithPreRollAndHangover) {
  VoiceActivity vad;
  std::vector<Utterance> done;
  auto quiet = tone(1000ms, 40);  // room noise below the floor's threshold
  vad.push(quiet, done);
  vad.push(tone(600ms, 3000), done);
  vad.push(quiet, done);
  vad.push(tone(400ms, 3000), done);
  vad.push(quiet, done);
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(done[0].first_sample, 16000 - 200 * 16);  // 200 ms of pre-roll
  EXPECT_EQ(done[0].speech_start_sample, 16000);      // the first loud frame: the speech's start
  EXPECT_EQ(done[0].speech_end_sample, 16000 + 600 * 16);
  EXPECT_EQ(done[0].samples.size(), std::size_t((200 + 600 + 300) * 16));  // + 300 ms hangover
  EXPECT_EQ(done[1].speech_end_sample, 16000 * 2 + 1000 * 16);
  EXPECT_FALSE(vad.in_speech());
}

TEST(VoiceActivity, SilenceAloneDecodesNothing) {
  VoiceActivity vad;
  std::vector<Utterance> done;
  for (int i = 0; i < 50; ++i) vad.push(tone(100ms, 60), done);
  EXPECT_TRUE(done.empty());
}

TEST(VoiceActivity, PushToTalkTakesEverythingBetweenPressAndRelease) {
  VoiceActivity vad;
  std::vector<Utterance> done;
  vad.push(tone(500ms, 40), done);
  vad.press(done);
  vad.push(tone(300ms, 40), done);  // quiet, yet kept: the button decides
  vad.push(tone(200ms, 3000), done);
  vad.release(done);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].first_sample, 500 * 16);
  EXPECT_EQ(done[0].speech_start_sample, 500 * 16);  // the press
  EXPECT_EQ(done[0].speech_end_sample, 1000 * 16);   // the release
  EXPECT_EQ(done[0].samples.size(), std::size_t(500 * 16));
  EXPECT_FALSE(vad.pressed());
}

// Half-duplex (speech/own_speech.h): the station's own speech is skipped, not listened to.
TEST(VoiceActivity, SkippedSamplesDropALoudUtteranceAndEndOneInItsHangover) {
  VoiceActivity vad;
  std::vector<Utterance> done;
  vad.push(tone(1000ms, 40), done);
  vad.push(tone(400ms, 3000), done);  // still loud when the station begins to speak
  EXPECT_TRUE(vad.skip(600 * 16, done));
  EXPECT_TRUE(done.empty());
  EXPECT_FALSE(vad.in_speech());
  vad.push(tone(1000ms, 40), done);
  EXPECT_TRUE(done.empty());
  // Speech that ended (100 ms into its hangover) before the station spoke is kept as it was.
  vad.push(tone(400ms, 3000), done);
  vad.push(tone(100ms, 40), done);
  EXPECT_FALSE(vad.skip(600 * 16, done));
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].speech_start_sample, (1000 + 400 + 600 + 1000) * 16);
  EXPECT_EQ(done[0].speech_end_sample, (1000 + 400 + 600 + 1000 + 400) * 16);
  // The stream's count goes on through skipped samples.
  vad.push(tone(300ms, 3000), done);
  vad.push(tone(400ms, 40), done);
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(done[1].speech_start_sample, (1000 + 400 + 600 + 1000 + 400 + 100 + 600) * 16);
}

TEST(OwnSpeech, AudibleWhilePlayingAndForTheTailAfter) {
  using C = OwnSpeech::Clock;
  const C::time_point t0{std::chrono::hours(1)};
  OwnSpeech own(500ms);
  EXPECT_FALSE(own.audible(t0, t0 + 10s));
  own.began(t0 + 1s);
  EXPECT_FALSE(own.audible(t0, t0 + 999ms));  // before it began
  EXPECT_TRUE(own.audible(t0 + 980ms, t0 + 1s));
  EXPECT_TRUE(own.audible(t0 + 30s, t0 + 30s));  // not ended yet: still playing
  own.began(t0 + 1500ms);                        // the other route, overlapping
  own.ended(t0 + 2s);
  EXPECT_TRUE(own.audible(t0 + 5s, t0 + 5s));  // one still plays
  own.ended(t0 + 3s);
  EXPECT_TRUE(own.audible(t0 + 3480ms, t0 + 3500ms));   // the tail
  EXPECT_FALSE(own.audible(t0 + 3501ms, t0 + 3520ms));  // after it
  EXPECT_FALSE(own.audible(t0, t0 + 999ms));
  own.ended(t0 + 4s);  // an end without a beginning changes nothing
  EXPECT_FALSE(own.audible(t0 + 3600ms, t0 + 5s));
}

// voice.push_to_talk: speech without the button held is no utterance.
TEST(VoiceActivity, PushToTalkOnlyHearsNothingWithoutTheButton) {
  VadSettings settings;
  settings.push_to_talk = true;
  VoiceActivity vad(settings);
  std::vector<Utterance> done;
  vad.push(tone(500ms, 40), done);
  vad.push(tone(600ms, 3000), done);  // loud, but the button is not held
  vad.push(tone(1000ms, 40), done);
  EXPECT_TRUE(done.empty());
  vad.press(done);
  vad.push(tone(400ms, 3000), done);
  vad.release(done);
  ASSERT_EQ(done.size(), 1u);
  EXPECT_EQ(done[0].speech_start_sample, 2100 * 16);
  EXPECT_EQ(done[0].samples.size(), std::size_t(400 * 16));
}

}  // namespace
}  // namespace voice_grammar_test
}  // namespace annabella::speech
