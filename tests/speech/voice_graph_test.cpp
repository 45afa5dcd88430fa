// The word graphs the recogniser searches: phrases as a minimal automaton (shared beginnings and
// endings), a language without some of its phrases, and the grammar of a position built from
// them (legal moves, illegal moves the words describe, the runner-up without one meaning).
#include <gtest/gtest.h>

#include <algorithm>

#include "core/movegen.h"
#include "speech/fixtures.h"
#include "speech/phrases.h"
#include "speech/voice_grammar.h"
#include "speech/voice_graph.h"

namespace annabella::speech {
namespace voice_graph_test {
namespace {

using fixtures::position;

TEST(WordGraph, PhrasesShareTheirBeginningsAndEndings) {
  WordGraph g;
  const std::vector<std::vector<std::string>> phrases = {
      voice_tokens("springer felix drei"), voice_tokens("springer cesar drei"),
      voice_tokens("anna drei"), voice_tokens("anna vier"),
      voice_tokens("springer felix drei schach")};
  g.add_phrases({g.start, g.final}, phrases);
  for (const auto& p : phrases) EXPECT_TRUE(g.accepts(p));
  EXPECT_FALSE(g.accepts(voice_tokens("springer anna drei")));
  EXPECT_FALSE(g.accepts(voice_tokens("springer felix")));
  EXPECT_FALSE(g.accepts(voice_tokens("anna drei schach")));
  // springer, anna; felix, cesar; one drei after each; schach; drei and vier after anna: 9 words
  // (a tree of the phrases has 11, a list of them 14).
  EXPECT_EQ(g.word_arcs(), 9u);
}

TEST(WordGraph, ALanguageWithoutSomeOfItsPhrases) {
  WordGraph language;
  const int middle = language.add_state();
  for (const char* first : {"anna", "bella"}) language.add_arc(language.start, middle, first);
  for (const char* second : {"drei", "vier"}) language.add_arc(middle, language.final, second);
  WordGraph g;
  g.add_except({g.start, g.final}, language,
               {voice_tokens("anna drei"), voice_tokens("bella vier schach")});
  EXPECT_FALSE(g.accepts(voice_tokens("anna drei")));
  EXPECT_TRUE(g.accepts(voice_tokens("anna vier")));
  EXPECT_TRUE(g.accepts(voice_tokens("bella drei")));
  EXPECT_TRUE(g.accepts(voice_tokens("bella vier")));  // only its longer form was excluded
  EXPECT_FALSE(g.accepts(voice_tokens("anna")));
}

TEST(WordGraph, ACopyBetweenTwoStates) {
  WordGraph sub;
  sub.add_sequence({sub.start, sub.final}, voice_tokens("kurze rochade"));
  WordGraph g;
  const int middle = g.add_state();
  g.add_arc(g.start, middle, "nein");
  g.add_graph({middle, g.final}, sub);
  EXPECT_TRUE(g.accepts(voice_tokens("nein kurze rochade")));
  EXPECT_FALSE(g.accepts(voice_tokens("kurze rochade")));
}

TEST(PositionGraph, LegalMovesIllegalMovesCommandsAndCorrections) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto grammar = VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  ASSERT_TRUE(grammar) << grammar.error().message;
  const WordGraph g = grammar->graph();
  std::size_t phrase_words = 0;
  for (const auto& p : grammar->phrases()) {
    EXPECT_TRUE(g.accepts(p.tokens)) << join_tokens(p.tokens);
    phrase_words += p.tokens.size();
  }
  EXPECT_TRUE(g.accepts(voice_tokens("springer felix drei nein springer cesar drei")));  // D.2.8
  EXPECT_TRUE(g.accepts(voice_tokens("nein springer cesar drei")));
  EXPECT_TRUE(g.accepts(voice_tokens("zeit")));
  EXPECT_TRUE(g.accepts(voice_tokens("gbgspeech gbgnoise")));
  // Moves the words describe that are illegal here are in the graph, so that a wrong or misheard
  // announcement is not forced onto the nearest legal move; they read as no phrase.
  for (const char* illegal : {"springer felix vier", "dame anna acht", "anna funf", "kurze rochade",
                              "eva sieben wird dame schach"}) {
    EXPECT_TRUE(g.accepts(voice_tokens(illegal))) << illegal;
    EXPECT_FALSE(grammar->read(voice_tokens(illegal))) << illegal;
  }
  EXPECT_FALSE(g.accepts(voice_tokens("springer springer")));
  // The legal moves and commands share their words: far fewer word arcs than the phrases' words
  // (the illegal moves add a bounded, position-independent part).
  WordGraph legal_only;
  std::vector<std::vector<std::string>> phrases;
  for (const auto& p : grammar->phrases()) phrases.push_back(p.tokens);
  legal_only.add_phrases({legal_only.start, legal_only.final}, phrases);
  EXPECT_LT(legal_only.word_arcs() * 2, phrase_words);
}

TEST(PositionGraph, TheRunnerUpGraphHasNoFormOfTheReadingAnywhere) {
  const auto v = fixtures::profile("fide");
  const auto pos = position(core::kStartFen);
  auto grammar = *VoiceGrammar::build(v, pos, CommandWords::for_profile(v));
  const auto reading = grammar.read(voice_tokens("springer felix drei"));
  ASSERT_TRUE(reading && reading->move);
  const WordGraph without = grammar.graph_without(*reading);
  // Neither its short nor its long form, neither as a legal phrase nor through the illegal part.
  EXPECT_FALSE(without.accepts(voice_tokens("springer felix drei")));
  EXPECT_FALSE(without.accepts(voice_tokens("springer gustav eins felix drei")));
  EXPECT_TRUE(without.accepts(voice_tokens("springer cesar drei")));
  EXPECT_TRUE(without.accepts(voice_tokens("springer felix vier")));  // illegal, still a competitor
  EXPECT_TRUE(without.accepts(voice_tokens("zeit")));
  const auto time = grammar.read(voice_tokens("zeit"));
  ASSERT_TRUE(time && time->command);
  EXPECT_FALSE(grammar.graph_without(*time).accepts(voice_tokens("zeit")));
  EXPECT_TRUE(grammar.graph_without(*time).accepts(voice_tokens("springer felix drei")));
}

TEST(PositionGraph, OnlyTheRunnerUpHasThePhoneLoopAndWeighsIllegalMovesBySoundAlone) {
  const auto v = fixtures::profile("fide");
  auto grammar = *VoiceGrammar::build(v, position(core::kStartFen), CommandWords::for_profile(v));
  const auto reading = grammar.read(voice_tokens("springer felix drei"));
  ASSERT_TRUE(reading);
  const WordGraph first = grammar.graph(), runner_up = grammar.graph_without(*reading);
  // Speech outside the grammar: any phones (UH T N). The runner-up can follow it, as a stand-in
  // for what no phrase explains; the first decode cannot.
  const std::vector<std::string> loop = {"gbguh", "gbgt", "gbgn"};
  for (const auto& p : loop)
    EXPECT_NE(std::find(phone_loop_tokens().begin(), phone_loop_tokens().end(), p),
              phone_loop_tokens().end());
  EXPECT_TRUE(runner_up.accepts(loop));
  EXPECT_FALSE(first.accepts(loop));
  auto illegal_entries = [](const WordGraph& g) {
    return std::count_if(g.arcs.begin(), g.arcs.end(), [](const WordGraph::Arc& a) {
      return a.token.empty() && a.log_weight == kIllegalLogWeight;
    });
  };
  EXPECT_EQ(illegal_entries(first), 2);  // a move, and a move after "nein"
  EXPECT_EQ(illegal_entries(runner_up), 0);
}

}  // namespace
}  // namespace voice_graph_test
}  // namespace annabella::speech
