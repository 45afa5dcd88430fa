// The whole station, measured (issue 7):
//   1. latency from the completing placement at the simulated pegboard to the first audio
//      sample of the move's announcement handed to PortAudio (Pa_WriteStream), excluding the
//      configured settle time: board simulator -> real pty -> BoardReader -> Pegboard (D.2.3)
//      -> Station -> Announcer -> real eSpeak NG -> real PortAudio -> ALSA file sink.
//      Percentiles over --moves moves of the VI player (default 1000), phrase cache off (every
//      announcement synthesized fresh), settle 0 (so nothing needs subtracting); then a shorter
//      run with the default 250 ms settle, subtracted, to show the timer adds nothing.
//      The clock starts when the simulator begins the move (its events are written back to back,
//      the completing placement last), so the figure slightly overstates the latency.
//   2. CPU over --idle-seconds (default 60) of an idle game: board connected, clock running,
//      nothing happening: process CPU time / wall time (getrusage), target < 1 % of a core.
//   3. Resident memory: the process's peak (VmHWM) after all of it, target < 50 MB.
//   4. Start to ready: `annabella play` started --starts times (default 20) as a child process,
//      from fork to the line that says the pegboard is connected; percentiles, target < 300 ms.
//
// Usage: bench_station [--moves N] [--idle-seconds S] [--starts N] [--binary PATH]
// (docs/benchmarks.md)
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <mutex>
#include <random>
#include <thread>

#include "app/station_runner.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "speech/espeak_synth.h"
#include "speech/portaudio_sink.h"
#include "tactile/board_reader.h"
#include "tactile/board_simulator.h"

namespace {

using namespace annabella;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

struct Figures {
  double p50 = 0, p90 = 0, p99 = 0, max = 0;
};

Figures percentiles(std::vector<double> ms) {
  if (ms.empty()) return {};
  std::sort(ms.begin(), ms.end());
  auto at = [&](double q) {
    return ms[std::min(ms.size() - 1, std::size_t(q * double(ms.size())))];
  };
  return {at(0.50), at(0.90), at(0.99), ms.back()};
}

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

long peak_rss_kb() {
  std::ifstream status("/proc/self/status");
  std::string key;
  long value = 0;
  while (status >> key) {
    if (key == "VmHWM:") {
      status >> value;
      return value;
    }
    status.ignore(1 << 10, '\n');
  }
  return 0;
}

// A running station wired as `annabella play` wires it, with hooks for measuring.
struct Rig {
  app::EventQueue<app::StationEvent> queue;
  std::unique_ptr<speech::Announcer> announcer;
  std::unique_ptr<app::StationPrinter> printer;
  std::unique_ptr<app::Station> station;
  std::unique_ptr<tactile::BoardSimulator> board;
  std::unique_ptr<tactile::BoardReader> reader;
  std::thread game_thread;

  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> lines;
  std::vector<Clock::time_point> first_samples;  // of move announcements

  ~Rig() {
    queue.push(app::StationEvent::stop(Clock::now()));
    if (game_thread.joinable()) game_thread.join();
    reader.reset();
    board.reset();
  }
  bool wait_line(std::string_view text, std::size_t& from) {
    std::unique_lock lock(mutex);
    bool found = false;
    changed.wait_for(lock, 10s, [&] {
      for (std::size_t i = from; i < lines.size(); ++i)
        if (lines[i].find(text) != std::string::npos) return found = true, from = i + 1, true;
      return false;
    });
    return found;
  }
  std::size_t samples_seen() {
    std::lock_guard lock(mutex);
    return first_samples.size();
  }
  std::optional<Clock::time_point> wait_first_sample(std::size_t count) {
    std::unique_lock lock(mutex);
    if (!changed.wait_for(lock, 10s, [&] { return first_samples.size() >= count; }))
      return std::nullopt;
    return first_samples[count - 1];
  }
};

std::unique_ptr<Rig> start_rig(const std::filesystem::path& folder, int settle_ms,
                               std::ostream& out) {
  auto rig = std::make_unique<Rig>();
  app::StationOptions options;
  options.record_folder = folder;
  options.config.pegboard.settle_ms = settle_ms;
  options.config.game.time_control = "90 min/40 moves + 30 min + 30 s/move";
  const auto origin = Clock::now();
  auto vocabulary = *speech::Vocabulary::load("fide");
  speech::Announcer::Settings settings;
  settings.public_device = "default";
  settings.private_device = "none";
  settings.cache_phrases = 0;  // every announcement synthesized fresh
  Rig* r = rig.get();
  settings.on_first_sample = [r](const speech::Phrase& phrase, speech::Route, Clock::time_point,
                                 Clock::time_point first) {
    if (phrase.kind != speech::PhraseKind::Move) return;
    {
      std::lock_guard lock(r->mutex);
      r->first_samples.push_back(first);
    }
    r->changed.notify_all();
  };
  auto announcer = speech::Announcer::start(vocabulary, settings,
                                            std::move(*speech::EspeakSynthesizer::create()),
                                            speech::open_portaudio_sink, origin);
  if (!announcer || !(*announcer)->sound_problems().empty()) {
    std::fprintf(stderr, "no sound device for the benchmark\n");
    std::exit(1);
  }
  rig->announcer = std::move(*announcer);
  speech::Announcer* voice = rig->announcer.get();
  rig->printer = std::make_unique<app::StationPrinter>(
      out, origin, [voice](const speech::Phrase& p, app::Route route, app::TimePoint at) {
        voice->announce(p, route, at);
      });
  rig->printer->set_line_listener([r](std::string_view line) {
    {
      std::lock_guard lock(r->mutex);
      r->lines.emplace_back(line);
    }
    r->changed.notify_all();
  });
  auto station = app::Station::open(options, *rig->printer, origin);
  if (!station) {
    std::fprintf(stderr, "%s\n", station.error().message.c_str());
    std::exit(1);
  }
  rig->station = std::move(*station);
  tactile::BoardSimulatorSettings sim;
  sim.protocol = tactile::ProtocolKind::Peg;
  sim.link = folder / "pegboard";
  sim.pace.speed = 0;  // every event of a move written back to back
  sim.habits = {0, 0, 0, 7};
  rig->board = std::move(*tactile::BoardSimulator::create(sim));
  tactile::BoardReaderSettings reader;
  reader.port = sim.link;
  reader.protocol = tactile::ProtocolKind::Peg;
  rig->reader = std::make_unique<tactile::BoardReader>(reader, [r](tactile::BoardInput in) {
    r->queue.push(app::StationEvent::pegboard(std::move(in)));
  });
  rig->game_thread = std::thread([r] { app::run_station_loop(*r->station, r->queue); });
  std::size_t from = 0;
  if (!rig->board->wait_for_host(5s) || !rig->wait_line("connected", from)) {
    std::fprintf(stderr, "the station did not connect to the simulated pegboard\n");
    std::exit(1);
  }
  return rig;
}

// Plays random games; for each move of the VI player (White), the latency in ms.
std::vector<double> measure_moves(Rig& rig, std::size_t count, double subtract_ms) {
  std::mt19937 random(42);
  std::vector<double> latencies;
  std::size_t from = 0;
  while (latencies.size() < count) {
    const core::Position pos = rig.board->position();
    const core::MoveList moves = core::legal_moves(pos);
    const bool game_over =
        moves.size() == 0 || pos.halfmove_clock() >= 80 || pos.fullmove_number() > 60;
    if (game_over) return latencies;  // the caller starts a new game
    const core::Move move =
        moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(random)];
    if (pos.side_to_move() == core::WHITE) {
      const std::size_t seen = rig.samples_seen();
      const auto start = Clock::now();
      if (!rig.board->play(move, tactile::MoveStyle{})) return latencies;
      auto first = rig.wait_first_sample(seen + 1);
      if (!first) return latencies;
      rig.announcer->wait_until_idle();
      latencies.push_back(std::chrono::duration<double, std::milli>(*first - start).count() -
                          subtract_ms);
      if (!rig.wait_line("by pegboard", from)) return latencies;
    } else {
      rig.queue.push(app::StationEvent::console(Clock::now(), core::to_uci(move),
                                                app::InputSource::Assistant));
      if (!rig.wait_line("by console", from)) return latencies;
      if (!rig.board->play(move, tactile::MoveStyle{})) return latencies;
      if (!rig.wait_line("executed", from)) return latencies;
      rig.announcer->wait_until_idle();
    }
    if (rig.station->game().is_over()) return latencies;
  }
  return latencies;
}

std::vector<double> latency_run(const std::filesystem::path& dir, std::size_t moves, int settle_ms,
                                std::ostream& log) {
  std::vector<double> all;
  for (int game = 0; all.size() < moves; ++game) {
    const auto folder = dir / ("game-" + std::to_string(settle_ms) + "-" + std::to_string(game));
    std::filesystem::remove_all(folder);
    auto rig = start_rig(folder, settle_ms, log);
    auto some = measure_moves(*rig, moves - all.size(), settle_ms);
    if (some.empty()) {
      std::fprintf(stderr, "no move measured in game %d\n", game);
      std::exit(1);
    }
    all.insert(all.end(), some.begin(), some.end());
  }
  return all;
}

std::vector<double> start_to_ready(const std::string& binary, const std::filesystem::path& dir,
                                   int starts) {
  std::vector<double> ms;
  for (int i = 0; i < starts; ++i) {
    const auto folder = dir / ("start-" + std::to_string(i));
    std::filesystem::remove_all(folder);
    int out[2];
    if (pipe(out) != 0) break;
    const auto begin = Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
      dup2(out[1], STDOUT_FILENO);
      close(out[0]);
      execl(binary.c_str(), binary.c_str(), "play", "--silent", "--record", folder.c_str(),
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    std::string text;
    char buffer[4096];
    ssize_t n;
    while (text.find("connected: the board") == std::string::npos &&
           (n = read(out[0], buffer, sizeof buffer)) > 0)
      text.append(buffer, std::size_t(n));
    const auto ready = Clock::now();
    kill(pid, SIGTERM);
    waitpid(pid, nullptr, 0);
    close(out[0]);
    if (text.find("connected: the board") == std::string::npos) {
      std::fprintf(stderr, "annabella play did not get ready:\n%s\n", text.c_str());
      std::exit(1);
    }
    ms.push_back(std::chrono::duration<double, std::milli>(ready - begin).count());
  }
  return ms;
}

void print(const char* what, const Figures& f, std::size_t n, const char* target) {
  std::printf("%-58s n=%-5zu p50 %7.2f  p90 %7.2f  p99 %7.2f  max %7.2f ms   (target: %s)\n", what,
              n, f.p50, f.p90, f.p99, f.max, target);
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t moves = 1000;
  int idle_seconds = 60, starts = 20;
  std::string binary = ANNABELLA_SOURCE_DIR "/build/release/app/annabella";
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--moves")) moves = std::size_t(std::atol(argv[i + 1]));
    if (!std::strcmp(argv[i], "--idle-seconds")) idle_seconds = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--starts")) starts = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--binary")) binary = argv[i + 1];
  }
  const auto dir = std::filesystem::temp_directory_path() / "annabella-bench-station";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  // An ALSA file sink as the default device (the machine has no sound card), as in the tests.
  if (!std::getenv("ALSA_CONFIG_PATH")) {
    std::ofstream(dir / "asound.conf")
        << "pcm.!default { type file slave { pcm { type null } } file \""
        << (dir / "played.raw").string() << "\" format \"raw\" }\n";
    ::setenv("ALSA_CONFIG_PATH", (dir / "asound.conf").c_str(), 1);
  }
  std::ofstream log(dir / "station.log");

  const auto fast = latency_run(dir, moves, 0, log);
  print("placement -> first audio sample, settle 0", percentiles(fast), fast.size(), "p99 < 20");
  const auto settled = latency_run(dir, std::max<std::size_t>(50, moves / 5), 250, log);
  print("placement -> first audio sample, settle 250 ms subtracted", percentiles(settled),
        settled.size(), "p99 < 20");

  {
    auto rig = start_rig(dir / "idle", 250, log);
    const double cpu0 = cpu_seconds();
    const auto wall0 = Clock::now();
    std::this_thread::sleep_for(std::chrono::seconds(idle_seconds));
    const double cpu = cpu_seconds() - cpu0;
    const double wall = std::chrono::duration<double>(Clock::now() - wall0).count();
    std::printf("%-58s %.3f %% of one core over %.0f s (target: < 1 %%)\n",
                "CPU of an idle game (board connected, clock running)", 100.0 * cpu / wall, wall);
  }
  std::printf("%-58s %.1f MB (target: < 50 MB)\n", "peak resident memory (VmHWM)",
              double(peak_rss_kb()) / 1024.0);
  if (access(binary.c_str(), X_OK) == 0) {
    const auto ready = start_to_ready(binary, dir, starts);
    print("start to ready (annabella play, pegboard connected)", percentiles(ready), ready.size(),
          "< 300");
  } else {
    std::printf("start to ready: skipped, no executable at %s (give --binary PATH)\n",
                binary.c_str());
  }
  return 0;
}
