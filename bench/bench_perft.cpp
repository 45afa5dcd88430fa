// Perft speed beside Stockfish (Debian's stockfish package, `go perft`), measured in the same run.
//
// For each position both engines count the same tree several times; the median time of each
// gives nodes per second and the ratio annabella / Stockfish. Stockfish runs as a child process
// speaking UCI; its clock starts when "go perft" is sent after "readyok" (so its start-up and
// network loading are not counted) and stops at its "Nodes searched" line.
//
// Usage: bench_perft [--runs N] [--stockfish PATH]       (docs/benchmarks.md)
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/movegen.h"

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;

struct Case {
  const char* name;
  const char* fen;
  int depth;
  bool chess960 = false;
};

// A UCI engine in a child process, talked to over two pipes.
class UciEngine {
 public:
  explicit UciEngine(const std::string& path) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0 || pipe(from_child) != 0) return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, to_child[0], 0);
    posix_spawn_file_actions_adddup2(&actions, from_child[1], 1);
    posix_spawn_file_actions_addclose(&actions, to_child[1]);
    posix_spawn_file_actions_addclose(&actions, from_child[0]);
    char* argv[] = {const_cast<char*>(path.c_str()), nullptr};
    if (posix_spawn(&pid_, path.c_str(), &actions, nullptr, argv, environ) != 0) pid_ = -1;
    posix_spawn_file_actions_destroy(&actions);
    close(to_child[0]);
    close(from_child[1]);
    in_ = to_child[1];
    out_ = from_child[0];
  }
  ~UciEngine() {
    if (pid_ > 0) {
      send("quit\n");
      waitpid(pid_, nullptr, 0);
    }
    close(in_);
    close(out_);
  }
  bool ok() const { return pid_ > 0; }
  void send(const std::string& text) {
    const ssize_t n = write(in_, text.data(), text.size());
    (void)n;
  }
  // Reads lines until one starts with `prefix`; returns it ("" on end of output).
  std::string wait_for(const std::string& prefix) {
    for (;;) {
      const auto nl = buffer_.find('\n');
      if (nl != std::string::npos) {
        std::string line = buffer_.substr(0, nl);
        buffer_.erase(0, nl + 1);
        if (line.rfind(prefix, 0) == 0) return line;
        continue;
      }
      char chunk[4096];
      const ssize_t n = read(out_, chunk, sizeof chunk);
      if (n <= 0) return "";
      buffer_.append(chunk, std::size_t(n));
    }
  }

 private:
  pid_t pid_ = -1;
  int in_ = -1, out_ = -1;
  std::string buffer_;
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  std::string stockfish = "/usr/games/stockfish";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--runs") == 0) runs = std::max(1, std::atoi(argv[i + 1]));
    if (std::strcmp(argv[i], "--stockfish") == 0) stockfish = argv[i + 1];
  }
  const Case cases[] = {
      {"start position, depth 6", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6},
      {"Kiwipete, depth 5", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
       5},
      // Chess960 (Guidelines II): a position of the chessprogramming.org Chess960 perft suite
      // with every castling right (Shredder-FEN), both engines in their Chess960 mode.
      {"Chess960 FBfb, depth 6",
       "1rqbkrbn/1ppppp1p/1n6/p1N3p1/8/2P4P/PP1PPPP1/1RQBKRBN w FBfb - 0 9", 6, true},
  };
  UciEngine engine(stockfish);
  if (!engine.ok()) {
    std::fprintf(stderr, "bench_perft: cannot start %s (install the stockfish package)\n",
                 stockfish.c_str());
    return 2;
  }
  engine.send("uci\n");
  if (engine.wait_for("uciok").empty()) {
    std::fprintf(stderr, "bench_perft: %s did not answer uci\n", stockfish.c_str());
    return 2;
  }
  std::printf("%-26s %12s %14s %14s %8s\n", "position", "nodes", "annabella M/s", "Stockfish M/s",
              "ratio");
  bool all_fast = true;
  for (const Case& c : cases) {
    auto pos =
        annabella::core::Position::from_fen(c.fen, c.chess960 ? annabella::core::Variant::Chess960
                                                              : annabella::core::Variant::Standard);
    if (!pos) return 2;
    engine.send(std::string("setoption name UCI_Chess960 value ") +
                (c.chess960 ? "true" : "false") + "\n");
    std::vector<double> ours, theirs;
    std::uint64_t nodes = 0, their_nodes = 0;
    for (int r = 0; r < runs; ++r) {
      const auto t0 = Clock::now();
      nodes = annabella::core::perft(*pos, c.depth);
      ours.push_back(std::chrono::duration<double>(Clock::now() - t0).count());

      engine.send(std::string("position fen ") + c.fen + "\nisready\n");
      engine.wait_for("readyok");
      const auto t1 = Clock::now();
      engine.send("go perft " + std::to_string(c.depth) + "\n");
      const std::string line = engine.wait_for("Nodes searched");
      theirs.push_back(std::chrono::duration<double>(Clock::now() - t1).count());
      their_nodes = std::strtoull(line.c_str() + std::strlen("Nodes searched: "), nullptr, 10);
    }
    if (nodes != their_nodes) {
      std::fprintf(stderr, "bench_perft: node counts differ for %s: %llu vs Stockfish %llu\n",
                   c.name, static_cast<unsigned long long>(nodes),
                   static_cast<unsigned long long>(their_nodes));
      return 1;
    }
    const double our_rate = double(nodes) / median(ours) / 1e6;
    const double their_rate = double(nodes) / median(theirs) / 1e6;
    const double ratio = our_rate / their_rate;
    all_fast = all_fast && ratio >= 1.0;
    std::printf("%-26s %12llu %14.1f %14.1f %7.2fx\n", c.name,
                static_cast<unsigned long long>(nodes), our_rate, their_rate, ratio);
  }
  std::printf("target: at least 1.0x Stockfish 15.1 on every row: %s\n",
              all_fast ? "met" : "NOT met");
  return 0;
}
