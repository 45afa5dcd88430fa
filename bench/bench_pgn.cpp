// PGN reading and replaying speed, beside pgn-extract (Debian's pgn-extract package) in the same
// run.
//
// A PGN file is generated deterministically (seeded random playouts of up to 200 plies, written
// with core::write_pgn; every other game carries a Lichess-style [%clk] comment on each move), so
// every run reads the same text. annabella streams it from the file with core::read_pgn, reading
// every move strictly (canonical SAN) and replaying it; pgn-extract -r reads and checks every
// game of the same file. Each is timed over several trials; the report gives plies per second at
// the median and the spread (minimum, median, maximum time) and the ratio annabella/pgn-extract.
// Target: at least one million plies per second.
//
// Usage: bench_pgn [--games N] [--runs N] [--peer PATH] [--keep FILE]      (docs/benchmarks.md)
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/movegen.h"
#include "core/pgn.h"

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;
using namespace annabella::core;

// Writes `games` games and returns the number of plies written.
long generate(const std::string& path, int games) {
  std::ofstream out(path, std::ios::binary);
  std::mt19937 rng(20240601);
  long plies = 0;
  for (int g = 1; g <= games; ++g) {
    PgnGame game;
    game.tags = {{"Event", "bench_pgn"},       {"Site", "annabella"},   {"Date", "2024.06.01"},
                 {"Round", std::to_string(g)}, {"White", "Random, A."}, {"Black", "Random, B."}};
    // Random legal moves until the length or an automatic end (mate, stalemate, dead position,
    // fivefold repetition, 75 moves): no move after the game's end, which the reader reports.
    Game played;
    const int length = 40 + int(rng() % 161);
    for (int i = 0; i < length && !played.is_over(); ++i) {
      const MoveList list = legal_moves(played.position());
      if (!played.play(list[rng() % list.size()])) break;
    }
    const Position& pos = played.position();
    const std::vector<Move>& moves = played.moves();
    game.moves = line_from_moves(Position(), moves);
    if (g % 2 == 0) {
      long clock_ms = 180000;
      for (PgnNode& node : game.moves.moves) {
        clock_ms = std::max(0L, clock_ms - long(rng() % 8) * 1000 + 2000);  // +2 s increment
        node.clock = std::chrono::milliseconds(clock_ms);
      }
    }
    game.result = is_checkmate(pos) ? (pos.side_to_move() == WHITE ? "0-1" : "1-0") : "*";
    plies += long(moves.size());
    out << write_pgn(game);
  }
  return plies;
}

struct Counter : PgnVisitor {
  long plies = 0;
  long problems = 0;
  void move(const Position&, Move, std::string_view) override { ++plies; }
  void problem(const PgnProblem& p) override {
    if (problems++ == 0)
      std::fprintf(stderr, "bench_pgn: game %d, line %d: problem kind %d at '%s'\n", p.game, p.line,
                   int(p.kind), p.text.c_str());
  }
};

// Runs `peer -r -s path` with its output thrown away; returns the exit status or -1.
int run_peer(const std::string& peer, const std::string& path) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::string a0 = peer, a1 = "-r", a2 = "-s", a3 = path;
  char* argv[] = {a0.data(), a1.data(), a2.data(), a3.data(), nullptr};
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, peer.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) return -1;
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

struct Spread {
  double min, median, max;
};
Spread spread(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v.front(), v[v.size() / 2], v.back()};
}

}  // namespace

int main(int argc, char** argv) {
  int games = 20000;
  int runs = 5;
  std::string peer = "/usr/games/pgn-extract";
  std::string keep;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--games") == 0) games = std::max(1, std::atoi(argv[i + 1]));
    if (std::strcmp(argv[i], "--runs") == 0) runs = std::max(1, std::atoi(argv[i + 1]));
    if (std::strcmp(argv[i], "--peer") == 0) peer = argv[i + 1];
    if (std::strcmp(argv[i], "--keep") == 0) keep = argv[i + 1];
  }
  const std::string path = keep.empty() ? (std::filesystem::temp_directory_path() /
                                           ("bench_pgn-" + std::to_string(getpid()) + ".pgn"))
                                              .string()
                                        : keep;
  const long plies = generate(path, games);
  const auto bytes = std::filesystem::file_size(path);
  std::printf("input: %d games, %ld plies, %.1f MB (generated, seed 20240601)\n", games, plies,
              double(bytes) / 1e6);

  std::vector<double> ours, theirs;
  bool peer_ok = access(peer.c_str(), X_OK) == 0;
  for (int r = 0; r < runs; ++r) {
    Counter counter;
    std::ifstream in(path, std::ios::binary);
    const auto t0 = Clock::now();
    const auto status = read_pgn(in, counter);
    ours.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    if (!status || counter.plies != plies || counter.problems != 0) {
      std::fprintf(stderr, "bench_pgn: read %ld of %ld plies with %ld problems\n", counter.plies,
                   plies, counter.problems);
      return 1;
    }
    if (peer_ok) {
      const auto t1 = Clock::now();
      const int rc = run_peer(peer, path);
      theirs.push_back(std::chrono::duration<double>(Clock::now() - t1).count());
      if (rc != 0) {
        std::fprintf(stderr, "bench_pgn: %s -r exited with %d; no comparison\n", peer.c_str(), rc);
        peer_ok = false;
      }
    }
  }
  if (keep.empty()) std::filesystem::remove(path);

  const Spread o = spread(ours);
  std::printf("%-12s %10s %10s %10s %14s\n", "reader", "min s", "median s", "max s",
              "plies/s (med)");
  std::printf("%-12s %10.3f %10.3f %10.3f %14.0f\n", "annabella", o.min, o.median, o.max,
              double(plies) / o.median);
  if (peer_ok && !theirs.empty()) {
    const Spread t = spread(theirs);
    std::printf("%-12s %10.3f %10.3f %10.3f %14.0f\n", "pgn-extract", t.min, t.median, t.max,
                double(plies) / t.median);
    std::printf("ratio annabella / pgn-extract (median): %.2fx\n", t.median / o.median);
  } else {
    std::printf("pgn-extract: not available (%s); no comparison\n", peer.c_str());
  }
  const bool met = double(plies) / o.median >= 1e6;
  std::printf("target: at least 1,000,000 plies per second: %s\n", met ? "met" : "NOT met");
  return 0;
}
