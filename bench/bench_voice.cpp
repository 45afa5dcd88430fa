#include <cstdio>
#include <iostream>
#include <chrono>
#include "core/movegen.h"
#include "core/notation.h"
#include "speech/espeak_synth.h"
#include "speech/pocketsphinx_recognizer.h"
#include "speech/phrases.h"
#include "speech/voice_grammar.h"
#include "support/voice_corpus.h"

using namespace annabella;
int main(int argc, char** argv) {
  auto synth = *speech::EspeakSynthesizer::create();
  speech::PocketsphinxSettings st; if (getenv("DEFB")) { st.beam="1e-48"; st.word_beam="7e-29"; st.phone_beam="1e-48"; st.top_gaussians=4; }
  auto v = *speech::Vocabulary::load("fide");
  const auto commands = speech::CommandWords::for_profile(v);
  speech::PronunciationDictionary dict;
  auto phon = [&](std::string_view t, std::string_view voice) { return synth->phonemes(t, voice); };
  { auto g0 = *speech::VoiceGrammar::build(v, *core::Position::from_fen(core::kStartFen), commands); auto ok = dict.add(g0.spoken(), {"de", "en"}, phon); }
  auto rec = speech::PocketsphinxRecognizer::create(dict, st);
  if (!rec) { std::cerr << rec.error().message << "\n"; return 1; }
  testing::SpeakingCondition cond;
  if (argc > 1) cond.voice = argv[1];
  if (argc > 2) cond.snr_db = std::atof(argv[2]);
  for (std::string_view fen : {core::kStartFen, std::string_view("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")}) {
    auto pos = *core::Position::from_fen(fen);
    auto g = *speech::VoiceGrammar::build(v, pos, commands);
    speech::add_garbage_words(dict);
    { auto ok = dict.add(g.spoken(), {"de", "en"}, phon); if (!ok) { std::cerr << ok.error().message << "\n"; return 1; } }
    auto ok = (*rec)->set_grammar(g, dict);
    if (!ok) { std::cerr << ok.error().message << "\n"; return 1; }
    for (auto m : core::legal_moves(pos)) {
      auto ph = speech::phrase_for_move(v, pos, m);
      auto audio = *testing::speak(*synth, ph.spoken, cond);
      auto t0 = std::chrono::steady_clock::now();
      auto d = (*rec)->decode(audio);
      auto ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (!d) { std::cerr << d.error().message << "\n"; return 1; }
      std::string best = speech::join_tokens(d->grammar.tokens);
      core::Move heard_move; bool has = false;
      if (auto r = g.read(d->grammar.tokens); r && r->move) { heard_move = *r->move; has = true; }
      bool right = has && heard_move == m;
      bool agree = false;
      if (auto lr = g.read(d->syntax.tokens); lr && lr->move && has) agree = *lr->move == heard_move;
      std::printf("%d %d %-32s | %-32s | g=%.3f s=%.3f frames=%d %.0fms syn=%s\n", right, agree, ph.text.c_str(), best.c_str(), d->grammar.score_per_frame, d->syntax.score_per_frame,
        d->end_frame - d->first_frame, ms, speech::join_tokens(d->syntax.tokens).c_str());
    }
  }
  
}
