// Reading a scoresheet for `annabella reconcile` is bounded in time and memory (issue 12): the
// file read (app::read_bounded, at most kMaxSheetBytes + 1 bytes), its written moves
// (app::scoresheet_of, at most core::kMaxSheetPlies) and their reading in every language
// (core::read_sheet, each written move at most core::kMaxWrittenBytes). Per scenario: wall and
// CPU time percentiles over many trials, and the peak resident memory of a child process that
// reads the sheet once, against a peer in the same run (a real 15-move sheet).
//
//   build/dev/bench/bench_sheet_bound [--trials N]
//
// Exits 1 when a scenario's CPU p99 is 1 s or more or its peak memory 64 MiB or more (before
// the bounds, a 10 MB sheet took 51 s and 1.28 GB).
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "app/reconcile_inputs.h"
#include "core/sheet_reading.h"

namespace {

namespace fs = std::filesystem;
using namespace annabella;

double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double pct(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, std::size_t(p * double(v.size())))];
}

// What became of the sheet: "read N of M" or "refused".
std::string read_once(const std::string& path) {
  auto text = app::read_bounded({.path = path, .what = "sheet", .option = "--sheet-a"},
                                app::kMaxSheetBytes);
  if (!text) return "refused: larger than 1 MiB";
  auto sheet = app::scoresheet_of(*text);
  if (!sheet) return "refused: more than 2000 written moves";
  const core::SheetReading r = core::read_sheet(core::Position(), {*sheet, std::nullopt});
  return "read " + std::to_string(r.read_plies) + " of " + std::to_string(r.plies.size()) +
         " written moves";
}

// Peak resident memory (KiB) of a child that reads the sheet once (nothing when `path` is "").
long child_peak_kib(const std::string& path) {
  const pid_t pid = fork();
  if (pid == 0) _exit(path.empty() || !read_once(path).empty() ? 0 : 1);
  int status = 0;
  rusage usage{};
  if (pid < 0 || wait4(pid, &status, 0, &usage) != pid) return -1;
  return usage.ru_maxrss;
}

void write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

struct Scenario {
  const char* name;
  std::string file;
};

}  // namespace

int main(int argc, char** argv) {
  int trials = 20;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--trials") == 0) {
      const std::string_view n(argv[i + 1]);
      if (std::from_chars(n.data(), n.data() + n.size(), trials).ec != std::errc() || trials < 1)
        return 2;
    }
  char dir_template[] = "/tmp/bench_sheet_bound.XXXXXX";
  if (mkdtemp(dir_template) == nullptr) return 2;
  const fs::path dir(dir_template);

  {  // the sheets, written and freed before any child is measured
    const std::string opera =
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3\n";
    std::string shuffle;  // 2000 legal written moves: knights out and back
    for (int k = 0; k < 500; ++k) shuffle += "Nf3 Nf6 Ng1 Ng8\n";
    // The same with its last move illegal: no language reads it whole, every one is tried.
    std::string unreadable = shuffle.substr(0, shuffle.size() - 4) + "Qh8\n";
    std::string many;  // 1 MiB of written moves (about 260,000)
    while (many.size() + 4 <= app::kMaxSheetBytes) many += "Nf3 ";
    const std::string word = "1. e4 " + std::string(app::kMaxSheetBytes - 7, 'N') + "\n";
    std::string huge;  // 10 MB, the Opera game again and again
    while (huge.size() < 10000000) huge += opera;
    write(dir / "opera.txt", opera);
    write(dir / "shuffle.txt", shuffle);
    write(dir / "unreadable.txt", unreadable);
    write(dir / "many.txt", many);
    write(dir / "word.txt", word);
    write(dir / "huge.txt", huge);
  }
  const std::vector<Scenario> scenarios = {
      {"peer: the Opera game, 15 written moves", (dir / "opera.txt").string()},
      {"2000 written moves (the most read)", (dir / "shuffle.txt").string()},
      {"2000 written moves, none reads whole: every language tried",
       (dir / "unreadable.txt").string()},
      {"1 MiB of written moves (about 262,000)", (dir / "many.txt").string()},
      {"1 MiB that is one written move", (dir / "word.txt").string()},
      {"10 MB sheet", (dir / "huge.txt").string()},
  };

  const long base_kib = child_peak_kib("");
  std::printf("trials per scenario: %d; a child that reads nothing peaks at %ld KiB\n\n", trials,
              base_kib);
  std::printf(
      "| scenario | outcome | wall p50 ms | wall p99 ms | cpu p50 ms | cpu p99 ms | cpu p50 / "
      "peer | peak KiB |\n|---|---|---|---|---|---|---|---|\n");
  double peer = 0;
  bool within = true;
  for (const Scenario& s : scenarios) {
    std::vector<double> wall, cpu;
    std::string outcome;
    for (int t = 0; t < trials; ++t) {
      const auto w0 = std::chrono::steady_clock::now();
      const double c0 = thread_cpu_ms();
      outcome = read_once(s.file);
      cpu.push_back(thread_cpu_ms() - c0);
      wall.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - w0).count());
    }
    const long peak = child_peak_kib(s.file);
    if (peer == 0) peer = std::max(pct(cpu, 0.5), 1e-3);
    std::printf("| %s | %s | %.3f | %.3f | %.3f | %.3f | %.0f | %ld |\n", s.name, outcome.c_str(),
                pct(wall, 0.5), pct(wall, 0.99), pct(cpu, 0.5), pct(cpu, 0.99),
                pct(cpu, 0.5) / peer, peak);
    within = within && pct(cpu, 0.99) < 1000 && peak >= 0 && peak < 64 * 1024;
  }
  fs::remove_all(dir);
  std::printf("\n%s\n", within ? "every scenario within 1 s CPU and 64 MiB"
                               : "a scenario took 1 s CPU or 64 MiB or more");
  return within ? 0 : 1;
}
