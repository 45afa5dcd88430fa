// The dead-position decision (core/unwinnability.h, Art. 5.2.2, 6.9): what the bounded search
// costs. Per position of each kind: the thread CPU time of the full analysis (both sides, the
// effort `annabella position` and a flag fall use) and of the quick one the game runs after every
// move, as percentiles over many runs, against a peer in the same run: generating the legal moves
// of the same position (core::legal_moves). Also positions per second over the whole set.
//
//   build/dev/bench/bench_unwinnability [--runs N]
//
// Exits 1 when a full analysis takes 2 s of CPU or more (the budget must bound it).
#include <time.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/unwinnability.h"

namespace {

using namespace annabella;

double thread_cpu_us() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e6 + double(ts.tv_nsec) / 1e3;
}

struct Kind {
  const char* name;
  const char* fen;
};

const Kind kKinds[] = {
    {"start position (mate found)", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"K+B v K (material)", "8/8/4k3/8/8/3KB3/8/8 w - - 0 1"},
    {"K+Q v K (mating line)", "8/8/8/4k3/8/8/8/3QK3 w - - 0 1"},
    {"B+N v K (mating line)", "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1"},
    {"pawn wall (locked)", "8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/8 w - - 0 1"},
    {"bishops behind wall", "3b4/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/2B5/8 w - - 0 1"},
    {"bishop opens wall", "3b4/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/2B5 w - - 0 1"},
    {"forced line", "k7/1R6/8/8/8/8/8/7K b - - 0 1"},
    // Constructed fortresses (issue 16): a man behind the wall that can be offered to a pawn
    // opens it (Rb4 axb4; Nd2-b3-d4 cxd4).
    {"rook behind wall", "8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/R7 w - - 0 1"},
    {"knight behind wall", "8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/1N6 w - - 0 1"},
    {"black rook behind wall", "r7/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/8 w - - 0 1"},
    // Walls the loser must open: his king takes a pawn (a3), his rook or queen is given. Given up
    // on for one side each until session 13.
    {"wall, pawn on a3", "8/2k5/1p1p1p1p/1PpPpPpP/2P1P1P1/p7/P2K4/8 w - - 0 1"},
    {"wall, two rooks", "8/3k4/1p1p1p1p/pPpPpPpP/P1P1P1P1/3K4/8/R6r w - - 0 1"},
    {"wall, pawn on a3, Kh1", "8/2k5/1p1p1p1p/1PpPpPpP/2P1P1P1/p7/P7/7K w - - 0 1"},
    {"wall, black queen opens", "8/2k5/1p1p1p1p/pPpPpPpP/P1P1P1P1/2q5/2K5/8 w - - 0 1"},
    {"side-by-side pawns (dead)", "8/8/5k2/1p1p1p1p/1P1P1P1P/8/3K4/8 w - - 0 1"},
    // Given up on for Black (session 13): both bishops on the dark squares, every black pawn on
    // a dark square, every white one on a light square; Black mates only after a very long
    // series of captures and promotions.
    {"wall, dark bishops (gives up)", "1k3B1b/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/7K/8 w - - 0 1"},
    // Endgames as they come in games.
    {"Lucena (rook endgame)", "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1"},
    {"Philidor (rook endgame)", "4k3/8/r7/3PK3/8/8/8/7R b - - 0 1"},
    {"queen against rook", "8/8/8/3k4/8/8/2r5/KQ6 w - - 0 1"},
    {"wrong bishop, rook pawn", "7k/8/6K1/7P/8/8/8/5B2 w - - 0 1"},
    {"two knights against pawn", "k7/8/1K6/8/p7/8/8/N1N5 w - - 0 1"},
    {"knight against pawns", "8/8/4k3/p5p1/P5P1/4K3/8/6N1 w - - 0 1"},
    {"opposite bishops", "8/5k2/3b4/1p1P4/1P6/3B1K2/8/8 w - - 0 1"},
    {"bishops, blocked pawns", "8/8/1b1k4/1p1p1p2/1P1P1P2/2BK4/8/8 w - - 0 1"},
    {"middlegame", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9"},
};

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, std::size_t(std::lround(p * double(v.size() - 1))))];
}

template <class Fn>
std::vector<double> times(int runs, Fn fn) {
  std::vector<double> out;
  for (int i = 0; i < runs; ++i) {
    const double t0 = thread_cpu_us();
    fn();
    out.push_back(thread_cpu_us() - t0);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 20;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--runs") == 0)
      std::from_chars(argv[i + 1], argv[i + 1] + std::strlen(argv[i + 1]), runs);
  runs = std::max(runs, 1);
  std::printf("%-30s %10s %10s %10s %10s %10s %8s %7s\n", "position", "movegen", "quick p50",
              "quick p99", "full p50", "full p99", "verdict", "gave up");
  double slowest = 0, total_us = 0;
  int analysed = 0, gave_up = 0, sides_given_up = 0;
  std::vector<double> every_full;
  for (const Kind& k : kKinds) {
    auto pos = core::Position::from_fen(k.fen);
    if (!pos) {
      std::fprintf(stderr, "bench_unwinnability: bad FEN %s\n", k.fen);
      return 2;
    }
    const auto movegen = times(runs * 10, [&] {
      const auto moves = core::legal_moves(*pos);
      if (moves.empty()) std::fputc(0, stderr);
    });
    const auto quick = times(runs, [&] {
      const auto d = core::analyse_dead_position(*pos, core::WinnabilityEffort::quick());
      if (d.white.nodes > (1U << 30)) std::fputc(0, stderr);
    });
    const char* verdict = "unknown";
    int sides_unknown = 0;  // Art. 6.9 per side: where the procedure gave up
    const auto full = times(runs, [&] {
      const auto d = core::analyse_dead_position(*pos);
      const auto dead = d.dead();
      verdict = !dead ? "unknown" : *dead ? "dead" : "alive";
      sides_unknown = int(d.white.verdict == core::Winnability::Unknown) +
                      int(d.black.verdict == core::Winnability::Unknown);
    });
    for (double t : full) total_us += t;
    every_full.insert(every_full.end(), full.begin(), full.end());
    if (std::strcmp(verdict, "unknown") == 0) ++gave_up;
    sides_given_up += sides_unknown;
    analysed += runs;
    slowest = std::max(slowest, percentile(full, 1.0));
    // The last column: the sides (Art. 6.9) left undecided, each after the whole budget.
    std::printf("%-30s %8.1fus %8.1fus %8.1fus %8.1fus %8.1fus %8s %7d\n", k.name,
                percentile(movegen, 0.5), percentile(quick, 0.5), percentile(quick, 0.99),
                percentile(full, 0.5), percentile(full, 0.99), verdict, sides_unknown);
  }
  std::printf(
      "full analysis: %.0f positions per second; p99 over the set %.1f ms (target 50 ms); "
      "slowest %.1f ms; Art. 5.2.2 given up on %d of %zu; Art. 6.9 sides given up: %d of "
      "%zu\n",
      double(analysed) / (total_us / 1e6), percentile(every_full, 0.99) / 1e3, slowest / 1e3,
      gave_up, std::size(kKinds), sides_given_up, 2 * std::size(kKinds));
  return slowest >= 2e6 ? 1 : 0;
}
