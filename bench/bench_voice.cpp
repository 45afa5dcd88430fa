// Voice input benchmark (docs/benchmarks.md, docs/voice.md): a spoken corpus built here, never
// recorded by hand - every legal move of ten positions said by eSpeak NG's German voices (male and
// female variants), an English voice saying the German words, three rates, pitch shifts,
// reverberation and white noise at 20 and 10 dB (sox) - plus command words among the moves and
// speech outside the grammar (sentences, moves that are illegal in the position). Each utterance
// is decoded as the station decodes it (VoiceGrammar of the position, both decodes, the judge);
// the bulk decodes the synthesized PCM directly, the capture path itself is exercised by
// tests/speech/voice_capture_test.cpp. Reports per condition: entered correctly, asked again,
// confident wrong entries, nothing; decode time percentiles; CPU of voice activity detection on
// silence.
//
// Run: nice -n 10 build/dev/bench/bench_voice [--quick | --calibrate] [--only CONDITION]
//      [--limit N] [--beams B,W,P,TOPN] [--legal-only] [--no-ahead] [--paced]   (--quick: a
//      tenth; --no-ahead: the runner-up started only after the utterance, as before session 10;
//      --paced: each 20 ms piece fed when a microphone would deliver it, not as fast as possible;
//      --calibrate: as many other utterances of the same kinds, to tune the confidence rule on;
//      --only adapted: the speaker adaptation condition alone; --legal-only: grammars of the
//      legal moves, commands and garbage only, without the illegal moves the words describe;
//      docs/benchmarks.md)
#include <unistd.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"
#include "speech/espeak_synth.h"
#include "speech/heard.h"
#include "speech/phrases.h"
#include "speech/pocketsphinx_recognizer.h"
#include "speech/speaker_adaptation.h"
#include "speech/voice_activity.h"
#include "speech/voice_listener.h"
#include "support/voice_corpus.h"

using namespace annabella;
using testing::SpeakingCondition;

namespace {

// Openings, captures, checks, both castlings, promotions with and without capture, en passant.
const char* const kPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
    "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 0 4",
    "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    "r3k2r/pppq1ppp/2npbn2/4p3/2B1P3/2NP1N2/PPPQ1PPP/R3K2R b KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
    "4k3/1P6/8/3pP3/8/8/6p1/4K2R w K d6 0 1",
    "r3k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1",
    "2r3k1/1P3ppp/8/8/8/8/5PPP/6K1 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
};

struct Item {
  std::string spoken, shown;
  int position = 0;
  std::optional<core::Move> move;               // the move meant
  std::optional<speech::VoiceCommand> command;  // or the command
  bool in_grammar = true;                       // false: must not be entered at all
};

struct Tally {
  int total = 0, right = 0, asked = 0, wrong = 0, nothing = 0, right_among_asked = 0;
  int read_right = 0;  // the first reading names the move meant, entered or asked back
  // What voice.confirm = "at once" enters without reading back (Heard::sure), right and wrong.
  int sure_right = 0, sure_wrong = 0;
  std::vector<double> decode_ms, cpu_ms;
  std::vector<double> finish_ms;  // streaming: what is left after the utterance's last sample
  // The same in CPU time of the process (every decoding thread): on a loaded machine wall times
  // say more about the other processes than about the decoder.
  std::vector<double> finish_cpu_ms;
};

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, std::size_t(p * double(v.size() - 1) + 0.5))];
}

double thread_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// The decoding may run on more than one thread (the runner-up's own): its CPU is the process's.
double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

std::vector<Item> moves_of(const speech::Vocabulary& v, int stride, int offset) {
  std::vector<Item> items;
  int n = 0;
  for (int p = 0; p < int(std::size(kPositions)); ++p) {
    const auto pos = *core::Position::from_fen(kPositions[p]);
    for (core::Move m : core::legal_moves(pos)) {
      if (n++ % stride != offset) continue;
      const auto form = n % 4 == 0 ? speech::MoveForm::Long : speech::MoveForm::Short;
      const auto phrase = speech::phrase_for_move(v, pos, m, {form, false});
      items.push_back({phrase.spoken, phrase.text, p, m, std::nullopt, true});
    }
  }
  return items;
}

std::vector<Item> commands_and_outside(int positions) {
  std::vector<Item> items;
  using K = speech::VoiceCommandKind;
  const std::pair<const char*, speech::VoiceCommand> commands[] = {
      {"Zeit", {K::Time, -1}},
      {"Wiederholen", {K::Repeat, -1}},
      {"Partie", {K::Moves, -1}},
      {"Geschlagen", {K::Captured, -1}},
      {"Remis", {K::DrawOffer, -1}},
      {"Aufgabe", {K::Resign, -1}},
      {"ja", {K::Yes, -1}},
      {"nein", {K::No, -1}},
      {"Brett Reihe vier", {K::BoardRank, 3}},
      {"Brett Linie Eva", {K::BoardFile, 4}},
      {"Brett Reihe sieben", {K::BoardRank, 6}},
      {"Brett Linie Bella", {K::BoardFile, 1}}};
  for (int p = 0; p < positions; ++p)
    for (const auto& [text, command] : commands)
      items.push_back({text, text, p, std::nullopt, command, true});
  const char* outside[] = {"Guten Morgen, wie geht es Ihnen",
                           "Das Wetter ist heute schön",
                           "Ich habe Hunger",
                           "Wo ist die Toilette",
                           "Entschuldigung, ist hier noch frei",
                           "Hector neun",
                           "Springer Zebra vier",
                           "Dame Hector neun",
                           "Turm Anna neun",
                           "Kaffee mit Milch bitte"};
  for (int p = 0; p < positions; ++p)
    for (const char* text : outside)
      items.push_back({text, text, p, std::nullopt, std::nullopt, false});
  // Moves that are legal in no position of the corpus: "Koenig Eva fuenf" in the opening.
  for (const char* text :
       {"König Eva fünf", "Dame Anna acht", "Springer Hector acht", "Turm David fünf"})
    for (int p = 0; p < 2; ++p) items.push_back({text, text, p, std::nullopt, std::nullopt, false});
  return items;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false, calibrate = false, legal_only = false, no_ahead = false, paced = false;
  speech::AdaptationMethod method = speech::AdaptationSettings{}.method;
  std::string beams;
  std::size_t limit = std::numeric_limits<std::size_t>::max();
  std::string only;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--quick")
      quick = true;
    else if (arg == "--calibrate")
      quick = calibrate = true;
    else if (arg == "--beams" && i + 1 < argc)
      beams = argv[++i];
    else if (arg == "--limit" && i + 1 < argc)
      limit = std::size_t(std::atoi(argv[++i]));
    else if (arg == "--legal-only")
      legal_only = true;
    else if (arg == "--no-ahead")
      no_ahead = true;
    else if (arg == "--paced")
      paced = true;
    else if (arg == "--only" && i + 1 < argc)
      only = argv[++i];
    else if (arg == "--adapt" && i + 1 < argc) {
      const std::string m = argv[++i];
      if (m == "mllr")
        method = speech::AdaptationMethod::Mllr;
      else if (m == "mllr2")
        method = speech::AdaptationMethod::MllrTwice;
      else if (m == "map")
        method = speech::AdaptationMethod::Map;
      else if (m == "mllr+map")
        method = speech::AdaptationMethod::MllrMap;
      else
        return std::fprintf(stderr, "--adapt mllr | mllr2 | map | mllr+map\n"), 2;
    } else
      return std::fprintf(stderr,
                          "usage: bench_voice [--quick | --calibrate] [--limit N] [--only TEXT] "
                          "[--beams B,W,P,TOPN] [--legal-only] [--no-ahead] [--paced] "
                          "[--adapt mllr|mllr2|map|mllr+map]\n"),
             2;
  }
  const auto setup_start = std::chrono::steady_clock::now();
  auto synth = speech::EspeakSynthesizer::create();
  if (!synth) return std::fprintf(stderr, "%s\n", synth.error().message.c_str()), 2;
  auto v = *speech::Vocabulary::load("fide");
  const auto commands = speech::CommandWords::for_profile(v);
  auto dict = speech::pronunciations_for(
      v, [&](std::string_view t, std::string_view voice) { return (*synth)->phonemes(t, voice); });
  if (!dict) return std::fprintf(stderr, "%s\n", dict.error().message.c_str()), 2;
  speech::PocketsphinxSettings ps_settings;
  if (!beams.empty()) {  // "beam,word beam,phone beam,top gaussians"
    std::vector<std::string> parts(1);
    for (char c : beams) {
      if (c == ',')
        parts.emplace_back();
      else
        parts.back().push_back(c);
    }
    if (parts.size() != 4) return std::fprintf(stderr, "--beams B,W,P,TOPN\n"), 2;
    ps_settings.beam = parts[0];
    ps_settings.word_beam = parts[1];
    ps_settings.phone_beam = parts[2];
    ps_settings.top_gaussians = std::atoi(parts[3].c_str());
  }
  ps_settings.runner_up_ahead = !no_ahead;
  // 0: a lost runner-up search is not decoded again (as before session 15).
  if (const char* retry = std::getenv("BENCH_VOICE_RETRY_BEAM"))
    ps_settings.adapted_retry_beam = std::atof(retry);
  auto rec = speech::PocketsphinxRecognizer::create(*dict, ps_settings);
  if (!rec) return std::fprintf(stderr, "%s\n", rec.error().message.c_str()), 2;
  std::vector<speech::VoiceGrammar> grammars;
  for (const char* fen : kPositions)
    grammars.push_back(
        *speech::VoiceGrammar::build(v, *core::Position::from_fen(fen), commands, !legal_only));

  const int q = quick ? 10 : 1;
  // The calibration corpus (--calibrate): the same conditions with other moves of the same
  // positions (and other voices for the commands and outside speech), none of them in --quick.
  const int shift = calibrate ? 5 : 0;
  const char* german_voices[] = {"de", "de+m3", "de+f2", "de+f4"};
  struct Condition {
    SpeakingCondition speaking;
    std::vector<Item> items;
  };
  std::vector<Condition> conditions;
  auto add = [&](SpeakingCondition c, std::vector<Item> items) {
    conditions.push_back({std::move(c), std::move(items)});
  };
  const double inf = std::numeric_limits<double>::infinity();
  add({"clean, 4 German voices", "de", 160, 0, false, inf}, moves_of(v, q, 0 + shift));
  add({"English voice, German words", "en", 160, 0, false, inf}, moves_of(v, 2 * q, 1 + shift));
  add({"rate 120 wpm", "de+m3", 120, 0, false, inf}, moves_of(v, 2 * q, 0 + shift));
  add({"rate 200 wpm", "de+f2", 200, 0, false, inf}, moves_of(v, 2 * q, 1 + shift));
  add({"pitch +300 cents", "de", 160, 300, false, inf}, moves_of(v, 3 * q, 2 + shift));
  add({"pitch -300 cents", "de+f4", 160, -300, false, inf}, moves_of(v, 3 * q, 1 + shift));
  add({"reverberation", "de+m3", 160, 0, true, inf}, moves_of(v, 3 * q, 0 + shift));
  add({"white noise 20 dB", "de", 160, 0, false, 20}, moves_of(v, 2 * q, 0 + shift));
  add({"white noise 10 dB", "de+f2", 160, 0, false, 10}, moves_of(v, q, 0 + shift));
  add({"commands and outside speech", "de", 160, 0, false, inf},
      commands_and_outside(quick ? 1 : 5));
  // The voices the adaptation conditions adapt to, each in turn: the four German voices, the
  // English voice saying the German words, and the one that scores worst.
  const SpeakingCondition adapt_voices[] = {
      {"de", "de", 160, 0, false, inf},
      {"de+m3", "de+m3", 160, 0, false, inf},
      {"de+f2", "de+f2", 160, 0, false, inf},
      {"de+f4", "de+f4", 160, 0, false, inf},
      {"English voice, German words", "en", 160, 0, false, inf},
      {"pitch +300 cents", "de", 160, 300, false, inf}};

  std::printf("%-30s %6s %8s %7s %9s %8s %9s %9s %8s %8s %8s %8s\n", "condition", "n", "entered",
              "asked", "confident", "nothing", "p50 ms", "p99 ms", "at once", "at once", "p50 ms",
              "p99 ms");
  std::printf("%-30s %6s %8s %7s %9s %8s %9s %9s %8s %8s %8s %8s\n", "", "", "right %", "%",
              "wrong %", "%", "decode", "decode", "right %", "wrong %", "after", "after");
  Tally all;
  int grammar_position = -1;
  std::fprintf(
      stderr, "setup %.0f ms\n",
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - setup_start)
          .count());
  // Decodes every item of a condition as the station does and prints its row.
  auto evaluate = [&](const std::string& name, const SpeakingCondition& speaking,
                      const std::vector<Item>& items) -> bool {
    Tally t;
    int k = 0;
    for (const auto& item : items) {
      SpeakingCondition c = speaking;
      if (c.name.starts_with("clean") || c.name.starts_with("commands"))
        c.voice = german_voices[(k + shift) % 4];
      c.seed = unsigned(++k + 1000 * shift);
      auto audio = testing::speak(**synth, item.spoken, c);
      if (!audio) return std::fprintf(stderr, "%s\n", audio.error().message.c_str()), false;
      if (item.position != grammar_position) {
        grammar_position = item.position;
        if (auto ok = (*rec)->set_grammar(grammars[std::size_t(item.position)], *dict); !ok)
          return std::fprintf(stderr, "%s\n", ok.error().message.c_str()), false;
      }
      // Fed in 20 ms pieces as the listener feeds it while the utterance is said (streaming);
      // the time after the last piece is what is left once the utterance has ended.
      // --paced: each piece when a microphone would have delivered it (20 ms after the one
      // before), so that work done while the speech comes in is not counted after its end.
      const auto wall = std::chrono::steady_clock::now();
      const double cpu = process_cpu_ms();
      if (auto begun = (*rec)->begin_utterance(); !begun)
        return std::fprintf(stderr, "%s\n", begun.error().message.c_str()), false;
      const std::span<const std::int16_t> pcm(*audio);
      for (std::size_t at = 0; at < pcm.size(); at += 320) {
        if (paced) std::this_thread::sleep_until(wall + std::chrono::milliseconds(at / 16 + 20));
        if (auto fed = (*rec)->feed(pcm.subspan(at, std::min<std::size_t>(320, pcm.size() - at)));
            !fed)
          return std::fprintf(stderr, "%s\n", fed.error().message.c_str()), false;
      }
      const auto fed_all = std::chrono::steady_clock::now();
      const double fed_cpu = process_cpu_ms();
      auto d = (*rec)->finish_utterance();
      const auto done = std::chrono::steady_clock::now();
      t.finish_cpu_ms.push_back(process_cpu_ms() - fed_cpu);
      t.cpu_ms.push_back(process_cpu_ms() - cpu);
      t.decode_ms.push_back(std::chrono::duration<double, std::milli>(done - wall).count());
      t.finish_ms.push_back(std::chrono::duration<double, std::milli>(done - fed_all).count());
      if (!d) return std::fprintf(stderr, "%s\n", d.error().message.c_str()), false;
      const auto heard = speech::judge(*d, grammars[std::size_t(item.position)], {});
      ++t.total;
      const bool entered =
          heard.kind == speech::HeardKind::Move || heard.kind == speech::HeardKind::Command;
      const bool correct = item.in_grammar && heard.move == item.move &&
                           heard.command == item.command && !heard.correction;
      const auto g = grammars[std::size_t(item.position)].read(
          speech::without_edge_garbage(d->grammar.tokens));
      const bool first_right =
          item.in_grammar && g && g->move == item.move && g->command == item.command;
      if (first_right) ++t.read_right;
      if (std::getenv("BENCH_VOICE_MARGINS")) {
        // For calibration: whether the first reading was right, whether the item is in the
        // grammar, whether the first reading was a legal phrase, its margin, the words.
        std::fprintf(stderr, "margin %d %d %d %.5f %d %d %s | %s | %s\n", first_right ? 1 : 0,
                     item.in_grammar ? 1 : 0, g ? 1 : 0, g ? speech::margin_of(*d) : -1.0,
                     d->filler_frames, d->end_frame - d->first_frame, item.shown.c_str(),
                     speech::join_tokens(d->grammar.tokens).c_str(),
                     speech::join_tokens(d->runner_up.tokens).c_str());
      }
      if (entered && heard.sure) ++(correct ? t.sure_right : t.sure_wrong);
      if (entered && correct) {
        ++t.right;
      } else if (entered) {
        ++t.wrong;
        if (std::getenv("BENCH_VOICE_VERBOSE"))
          std::fprintf(stderr, "wrong: %s -> %s (%s)\n", item.shown.c_str(),
                       speech::join_tokens(heard.words).c_str(), c.voice.c_str());
      } else if (heard.kind == speech::HeardKind::Unsure) {
        ++t.asked;
        if (item.move && std::find(heard.alternatives.begin(), heard.alternatives.end(),
                                   *item.move) != heard.alternatives.end())
          ++t.right_among_asked;
      } else {
        ++t.nothing;
      }
    }
    auto pct = [&](int n) { return 100.0 * n / std::max(1, t.total); };
    std::printf("%-30s %6d %8.1f %7.1f %9.2f %8.1f %9.0f %9.0f %8.1f %8.2f %8.0f %8.0f\n",
                name.c_str(), t.total, pct(t.right), pct(t.asked), pct(t.wrong), pct(t.nothing),
                percentile(t.decode_ms, 0.5), percentile(t.decode_ms, 0.99), pct(t.sure_right),
                pct(t.sure_wrong), percentile(t.finish_ms, 0.5), percentile(t.finish_ms, 0.99));
    std::fflush(stdout);
    std::fprintf(stderr, "%s: first reading right %d of %d\n", name.c_str(), t.read_right, t.total);
    all.total += t.total;
    all.decode_ms.insert(all.decode_ms.end(), t.decode_ms.begin(), t.decode_ms.end());
    all.cpu_ms.insert(all.cpu_ms.end(), t.cpu_ms.begin(), t.cpu_ms.end());
    all.finish_ms.insert(all.finish_ms.end(), t.finish_ms.begin(), t.finish_ms.end());
    all.finish_cpu_ms.insert(all.finish_cpu_ms.end(), t.finish_cpu_ms.begin(),
                             t.finish_cpu_ms.end());
    return true;
  };
  for (auto& condition : conditions) {
    if (!only.empty() && condition.speaking.name.find(only) == std::string::npos) continue;
    if (condition.items.size() > limit) condition.items.resize(limit);
    if (!evaluate(condition.speaking.name, condition.speaking, condition.items)) return 2;
  }

  // Speaker adaptation (docs/voice.md): for each voice in turn, the adaptation prompts said in
  // that voice, the model adapted to them with sphinxtrain, then held-out moves of the same voice
  // decoded without and with the adaptation; then the model as shipped is loaded again. The
  // held-out moves are other utterances than the prompts (a move whose words are a prompt's is
  // left out); --calibrate takes other moves than --quick.
  const auto prompts = speech::adaptation_prompts(v);
  std::vector<Item> held_out;
  for (auto& item : moves_of(v, q, (2 + shift) % q)) {
    const bool is_prompt = std::any_of(prompts.begin(), prompts.end(), [&](const auto& p) {
      return speech::voice_tokens(p.spoken) == speech::voice_tokens(item.spoken);
    });
    if (!is_prompt) held_out.push_back(std::move(item));
  }
  if (held_out.size() > limit) held_out.resize(limit);
  for (const auto& adapt : adapt_voices) {
    const std::string adapted_name = "adapted: " + adapt.name;
    if (!only.empty() && adapted_name.find(only) == std::string::npos) continue;
    if (auto ok = (*rec)->use_speaker_transform(""); !ok)  // the model as shipped
      return std::fprintf(stderr, "%s\n", ok.error().message.c_str()), 2;
    grammar_position = -1;
    std::vector<speech::AdaptationSample> samples;
    SpeakingCondition reading = adapt;
    for (const auto& p : prompts) {
      reading.seed = unsigned(samples.size() + 7000);
      auto audio = testing::speak(**synth, p.spoken, reading);
      if (!audio) return std::fprintf(stderr, "%s\n", audio.error().message.c_str()), 2;
      samples.push_back({std::move(*audio), p.tokens});
    }
    if (!evaluate("not adapted: " + adapt.name, adapt, held_out)) return 2;
    const auto adapt_start = std::chrono::steady_clock::now();
    // The speaker's folder, as `annabella voice adapt` writes it: `means` (MAP) or `mllr_matrix`.
    const std::string folder = "/tmp/bench_voice_adapted_" + std::to_string(::getpid());
    speech::AdaptationSettings settings;
    settings.method = method;
    if (const char* tau = std::getenv("BENCH_VOICE_MAP_TAU")) settings.map_tau = std::atof(tau);
    if (const char* keep = std::getenv("BENCH_VOICE_ADAPT_DIR"))  // the tools' files and logs
      settings.work_dir = std::string(keep) + "/" + adapt.voice + std::to_string(adapt.pitch_cents);
    if (auto ok = speech::adapt_to_speaker(samples, *dict, folder, settings); !ok)
      return std::fprintf(stderr, "%s\n", ok.error().message.c_str()), 2;
    std::fprintf(
        stderr, "adaptation (%s): %zu utterances, %.1f s\n", adapt.name.c_str(), samples.size(),
        std::chrono::duration<double>(std::chrono::steady_clock::now() - adapt_start).count());
    if (auto ok = (*rec)->use_speaker_transform(folder); !ok)
      return std::fprintf(stderr, "%s\n", ok.error().message.c_str()), 2;
    std::filesystem::remove_all(folder);
    grammar_position = -1;
    if (!evaluate(adapted_name, adapt, held_out)) return 2;
  }
  if (auto ok = (*rec)->use_speaker_transform(""); !ok)
    return std::fprintf(stderr, "%s\n", ok.error().message.c_str()), 2;
  std::printf(
      "utterances: %d; decode wall p50 %.0f ms, p99 %.0f ms; decode CPU p50 %.0f ms, p99 %.0f ms; "
      "after the utterance's end (streaming) p50 %.0f ms, p99 %.0f ms (CPU p50 %.0f ms, p99 %.0f "
      "ms)\n",
      all.total, percentile(all.decode_ms, 0.5), percentile(all.decode_ms, 0.99),
      percentile(all.cpu_ms, 0.5), percentile(all.cpu_ms, 0.99), percentile(all.finish_ms, 0.5),
      percentile(all.finish_ms, 0.99), percentile(all.finish_cpu_ms, 0.5),
      percentile(all.finish_cpu_ms, 0.99));

  // Listening to silence: the voice activity detector over 60 s of a quiet room (40 dB below
  // speech level), as the capture thread runs it in 20 ms blocks.
  std::vector<std::int16_t> room(16000 * 60, 0);
  for (std::size_t i = 0; i < room.size(); i += 97) room[i] = 3000;  // a reference level
  testing::add_white_noise(room, 40, 3);
  for (std::size_t i = 0; i < room.size(); i += 97) room[i] = 0;
  speech::VoiceActivity vad;
  std::vector<speech::Utterance> done;
  const double cpu = thread_cpu_ms();
  for (std::size_t at = 0; at < room.size(); at += 320)
    vad.push(std::span<const std::int16_t>(room).subspan(at, 320), done);
  const double vad_ms = thread_cpu_ms() - cpu;
  std::printf(
      "listening to silence: %.1f ms CPU for 60 s of audio = %.3f %% of one core; "
      "utterances cut: %zu\n",
      vad_ms, vad_ms / 600.0, done.size());
  return 0;
}
