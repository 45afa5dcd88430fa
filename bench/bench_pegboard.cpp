// Pegboard latency and idle CPU over a real kernel pty, in both protocols.
//
// Latency: the simulated board (tactile::BoardSimulator) lifts a piece, the bench waits until the
// recogniser has seen the lift, then the board places it on its target square; the clock starts
// just before the write of that completing placement (so the write of its last byte is inside)
// and stops when the game thread sees the "move made" event (BoardReader thread -> queue -> pump ->
// Pegboard). Settle is 0 here, so no configured waiting is included, and every completed move
// counts as made at once (auto_announce). Percentiles over --moves moves (default 1000) a protocol.
//
// CPU: getrusage(RUSAGE_SELF) (user + system time of the whole process: reader thread, simulator
// thread, game thread) over --idle seconds (default 5) while the board is connected and nobody
// touches it, and again while it is unplugged (the reader retrying with back-off).
//
// Usage: bench_pegboard [--moves N] [--idle SECONDS]      (docs/benchmarks.md)
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "core/notation.h"
#include "tactile/board_reader.h"
#include "tactile/board_simulator.h"

namespace {

using namespace annabella;
using namespace annabella::tactile;
using namespace std::chrono_literals;

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6;
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

double percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(p * static_cast<double>(values.size()) + 0.999999);
  return values[std::min(values.size(), std::max<std::size_t>(rank, 1)) - 1];
}

// Knight moves back and forth: quiet, reversible, legal for ever.
constexpr const char* kCycle[] = {"Nf3", "Nf6", "Nc3", "Nc6", "Ng1", "Ng8", "Nb1", "Nb8"};

struct Figures {
  std::vector<double> latency_ms;
  double idle_cpu_ms = 0;
  double unplugged_cpu_ms = 0;
  double idle_seconds = 0;
};

bool run(ProtocolKind protocol, int moves, double idle_seconds, Figures& figures) {
  char pattern[] = "/tmp/annabella-bench-XXXXXX";
  if (!mkdtemp(pattern)) return false;
  const std::filesystem::path dir = pattern;
  BoardSimulatorSettings sim_settings;
  sim_settings.protocol = protocol;
  sim_settings.link = dir / "board";
  sim_settings.pace.speed = 0;
  sim_settings.habits = {0, 0, 0, 1};
  auto sim = BoardSimulator::create(sim_settings);
  if (!sim) {
    std::fprintf(stderr, "bench_pegboard: %s\n", sim.error().message.c_str());
    return false;
  }
  BoardInputQueue queue;
  BoardReaderSettings reader_settings;
  reader_settings.port = dir / "board";
  reader_settings.protocol = protocol;
  BoardReader reader(reader_settings, queue.sink());
  Pegboard pegboard(core::Position{}, {.settle = 0ms, .auto_announce = true});
  std::vector<PegboardEvent> events;
  const auto wait_until = [&](auto&& done) {
    const auto give_up = SteadyClock::now() + 10s;
    while (!done()) {
      if (SteadyClock::now() > give_up) return false;
      pump(queue, pegboard, SteadyClock::now() + 1s, events);
    }
    return true;
  };
  const auto saw = [&](PegboardEvent::Kind kind) {
    return std::any_of(events.begin(), events.end(),
                       [&](const PegboardEvent& e) { return e.kind == kind; });
  };
  if (!wait_until([&] { return saw(PegboardEvent::Kind::Connected); })) {
    std::fprintf(stderr, "bench_pegboard: the reader did not connect\n");
    return false;
  }
  events.clear();
  for (int i = 0; i < moves; ++i) {
    const core::Position before = pegboard.position();
    const auto move = core::read_move(before, kCycle[i % std::size(kCycle)]);
    if (!move) return false;
    if (!(*sim)->lift(move->from())) return false;
    // The lift is in before the timed placement.
    if (!wait_until([&] { return !(pegboard.occupied() & core::square_bb(move->from())); }))
      return false;
    events.clear();
    // Conservative: the clock starts before the write of the placement (its last byte), so the
    // write system call itself is inside the figure.
    const auto written = SteadyClock::now();
    if (!(*sim)->place(move->to())) return false;
    if (!wait_until([&] { return saw(PegboardEvent::Kind::MoveMade); })) {
      std::fprintf(stderr, "bench_pegboard: move %d was not made\n", i + 1);
      return false;
    }
    const auto made = SteadyClock::now();
    figures.latency_ms.push_back(std::chrono::duration<double, std::milli>(made - written).count());
    events.clear();
  }

  // Connected and idle: the reader blocks in poll(); nothing should run.
  const auto idle = std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::duration<double>(idle_seconds));
  figures.idle_seconds = idle_seconds;
  double start = cpu_seconds();
  const auto idle_end = SteadyClock::now() + idle;
  while (SteadyClock::now() < idle_end) pump(queue, pegboard, idle_end, events);
  figures.idle_cpu_ms = (cpu_seconds() - start) * 1000;

  // Unplugged: the reader retries with back-off, it must not spin.
  (*sim)->unplug();
  if (!wait_until([&] { return saw(PegboardEvent::Kind::Disconnected); })) return false;
  start = cpu_seconds();
  const auto unplugged_end = SteadyClock::now() + idle;
  while (SteadyClock::now() < unplugged_end) pump(queue, pegboard, unplugged_end, events);
  figures.unplugged_cpu_ms = (cpu_seconds() - start) * 1000;
  reader.stop();
  sim->reset();
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  int moves = 1000;
  double idle = 5;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (std::strcmp(argv[i], "--moves") == 0) moves = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--idle") == 0) idle = std::atof(argv[i + 1]);
  }
  std::printf(
      "Pegboard: last byte of the completing placement -> \"move made\" (settle 0), "
      "%d moves a protocol, over a kernel pty\n\n",
      moves);
  // Other processes on the machine delay the two threads' wake-ups: say how busy it was.
  if (FILE* load = std::fopen("/proc/loadavg", "r")) {
    double one_minute = 0;
    if (std::fscanf(load, "%lf", &one_minute) == 1)
      std::printf("load average (1 min) at the start: %.2f on %u cores\n\n", one_minute,
                  std::thread::hardware_concurrency());
    std::fclose(load);
  }
  std::printf(
      "| protocol | p50 ms | p90 ms | p99 ms | max ms | CPU idle %.0f s (ms) | CPU "
      "unplugged %.0f s (ms) |\n",
      idle, idle);
  std::printf("|---|---|---|---|---|---|---|\n");
  bool ok = true;
  for (const ProtocolKind protocol : {ProtocolKind::Dgt, ProtocolKind::Peg}) {
    Figures f;
    if (!run(protocol, moves, idle, f)) {
      std::printf("| %s | failed |\n", std::string(protocol_name(protocol)).c_str());
      ok = false;
      continue;
    }
    std::printf("| %s | %.3f | %.3f | %.3f | %.3f | %.1f | %.1f |\n",
                std::string(protocol_name(protocol)).c_str(), percentile(f.latency_ms, 0.5),
                percentile(f.latency_ms, 0.9), percentile(f.latency_ms, 0.99),
                percentile(f.latency_ms, 1.0), f.idle_cpu_ms, f.unplugged_cpu_ms);
    if (percentile(f.latency_ms, 0.99) >= 2.0) {
      std::printf("  (p99 over the 2 ms target)\n");
      ok = false;
    }
  }
  return ok ? 0 : 1;
}
