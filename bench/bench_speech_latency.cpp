// Announcement latency: from Announcer::announce() to the first audio sample handed to PortAudio
// (Pa_WriteStream), through the real eSpeak NG and the real PortAudio -> ALSA path into an ALSA
// file sink (the machine has no sound card; the sink takes audio at once, so this measures the
// station's own delay, not a device's buffer).
//
// Each request waits for the previous one to finish (moves come seconds apart in a game), so a
// figure is one announcement's delay, not time spent queueing. Scenarios:
//   - "move, fresh synthesis": every phrase synthesized on request (phrase cache off);
//   - "readout, fresh synthesis": the longest phrases the station says;
//   - "move, cached": the same phrases again with the phrase cache on (a repeated phrase, e.g.
//     a readout asked twice or a move repeated in a repetition, is not synthesized again).
// Percentiles over --requests requests each (default 1000).
//
// Usage: bench_speech_latency [--requests N]       (docs/benchmarks.md)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "speech/announcer.h"
#include "speech/espeak_synth.h"
#include "speech/portaudio_sink.h"

namespace {

using namespace annabella;
using Clock = speech::Announcer::Clock;

std::vector<speech::Phrase> move_phrases(const speech::Vocabulary& v, std::size_t count) {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
      "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
  };
  std::vector<speech::Phrase> phrases;
  while (phrases.size() < count) {
    for (const char* fen : fens) {
      const auto pos = *core::Position::from_fen(fen);
      for (core::Move m : core::legal_moves(pos)) {
        const auto form = phrases.size() % 2 ? speech::MoveForm::Long : speech::MoveForm::Short;
        phrases.push_back(speech::phrase_for_move(v, pos, m, {form, false}));
      }
    }
  }
  phrases.resize(count);
  return phrases;
}

std::vector<speech::Phrase> readouts(const speech::Vocabulary& v, std::size_t count) {
  std::vector<speech::Phrase> phrases;
  for (std::size_t i = 0; i < count; ++i)
    phrases.push_back(speech::phrase_time_readout(
        v, std::chrono::seconds(3600 + 37 * i), std::chrono::seconds(7000 - 29 * i), int(i % 120)));
  return phrases;
}

struct Figures {
  double p50, p90, p99, max;
};

Figures percentiles(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  auto at = [&](double q) {
    return ms[std::min(ms.size() - 1, std::size_t(q * double(ms.size())))];
  };
  return {at(0.50), at(0.90), at(0.99), ms.back()};
}

Figures run(const speech::Vocabulary& v, const std::vector<speech::Phrase>& phrases,
            std::size_t cache, bool warm) {
  std::mutex mutex;
  std::vector<double> latencies;
  speech::Announcer::Settings settings;
  settings.public_device = "default";
  settings.private_device = "none";
  settings.cache_phrases = cache;
  settings.on_first_sample = [&](const speech::Phrase&, speech::Route, Clock::time_point requested,
                                 Clock::time_point first) {
    std::lock_guard lock(mutex);
    latencies.push_back(std::chrono::duration<double, std::milli>(first - requested).count());
  };
  auto synth = speech::EspeakSynthesizer::create();
  if (!synth) {
    std::fprintf(stderr, "%s\n", synth.error().message.c_str());
    std::exit(1);
  }
  auto announcer = speech::Announcer::start(v, settings, std::move(*synth),
                                            speech::open_portaudio_sink, Clock::now());
  if (!announcer || !(*announcer)->sound_problems().empty()) {
    std::fprintf(stderr, "no sound device: %s\n",
                 announcer ? (*announcer)->sound_problems().front().c_str()
                           : announcer.error().message.c_str());
    std::exit(1);
  }
  if (warm) {
    for (const auto& p : phrases) (*announcer)->announce(p, speech::Route::Public, Clock::now());
    (*announcer)->wait_until_idle();
    std::lock_guard lock(mutex);
    latencies.clear();
  }
  for (const auto& p : phrases) {
    (*announcer)->announce(p, speech::Route::Public, Clock::now());
    (*announcer)->wait_until_idle();
  }
  std::lock_guard lock(mutex);
  return percentiles(latencies);
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t requests = 1000;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--requests") == 0) requests = std::size_t(std::atol(argv[i + 1]));

  // An ALSA file sink as the default device, unless the caller chose a real one.
  const auto dir = std::filesystem::temp_directory_path() / "annabella-bench-speech";
  std::filesystem::create_directories(dir);
  if (!std::getenv("ALSA_CONFIG_PATH")) {
    std::ofstream(dir / "asound.conf")
        << "pcm.!default { type file slave { pcm { type null } } file \""
        << (dir / "played.raw").string() << "\" format \"raw\" }\n";
    ::setenv("ALSA_CONFIG_PATH", (dir / "asound.conf").c_str(), 1);
  }

  const auto v = *speech::Vocabulary::load("fide");
  const auto moves = move_phrases(v, requests);
  const auto long_phrases = readouts(v, requests);
  struct Scenario {
    const char* name;
    const std::vector<speech::Phrase>* phrases;
    std::size_t cache;
    bool warm;
  } scenarios[] = {
      {"move, fresh synthesis", &moves, 0, false},
      {"readout, fresh synthesis", &long_phrases, 0, false},
      {"move, cached", &moves, requests, true},
  };
  std::printf("announce() to first sample handed to PortAudio, %zu requests each (ms)\n", requests);
  std::printf("%-26s %8s %8s %8s %8s\n", "scenario", "p50", "p90", "p99", "max");
  bool ok = true;
  for (const auto& s : scenarios) {
    const Figures f = run(v, *s.phrases, s.cache, s.warm);
    std::printf("%-26s %8.3f %8.3f %8.3f %8.3f\n", s.name, f.p50, f.p90, f.p99, f.max);
    ok &= f.p99 < 10.0;
  }
  std::printf("target p99 < 10 ms: %s\n", ok ? "met" : "NOT met");
  std::ifstream load("/proc/loadavg");
  std::string one, five;
  if (load >> one >> five)
    std::printf("load average during the run: %s (1 min), %s (5 min)\n", one.c_str(), five.c_str());
  std::filesystem::remove_all(dir);
  return 0;
}
