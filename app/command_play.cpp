// annabella play --config FILE [--resume] and annabella demo: the station wired to its devices
// (app/station_rig.h), run on this thread.
#include <pthread.h>

#include <atomic>
#include <csignal>
#include <thread>

#include "app/commands.h"
#include "app/config_check.h"
#include "app/i18n.h"
#include "app/play_start.h"
#include "app/station_rig.h"

namespace annabella::app {
namespace {

// Ctrl-C, a hang-up and `kill` (SIGINT, SIGHUP, SIGTERM) stop the station as `quit` does: what
// was said since the last seal is sealed (D.2.7) and the process ends with status 0. This is how
// a station is stopped when its console is gone (input closed after the game: it keeps running
// for the board's buttons and the braille display). The signals are blocked before any thread
// starts, so every thread inherits the mask and only the watcher takes them.
class StopSignals {
 public:
  StopSignals() {
    sigemptyset(&set_);
    // SIGUSR2 only wakes the watcher when it is to end (stop_watching).
    for (const int signal : {SIGINT, SIGHUP, SIGTERM, SIGUSR2}) sigaddset(&set_, signal);
    pthread_sigmask(SIG_BLOCK, &set_, nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;
  ~StopSignals() { stop_watching(); }

  void watch(StationRig& rig) {
    watcher_ = std::thread([this, &rig] {
      int signal = 0;
      while (sigwait(&set_, &signal) == 0 && !done_) {
        if (signal == SIGUSR2) continue;
        rig.stop(i18n::format(i18n::tr("stopping: {signal} received, as quit; the record is kept "
                                       "(`annabella play --resume` continues)"),
                              {{"signal", sigabbrev(signal)}}));
      }
    });
  }
  // Before the rig goes: no signal reaches it after this.
  void stop_watching() {
    if (!watcher_.joinable()) return;
    done_ = true;
    pthread_kill(watcher_.native_handle(), SIGUSR2);
    watcher_.join();
  }

 private:
  static std::string sigabbrev(int signal) {
    switch (signal) {
      case SIGINT:
        return "SIGINT";
      case SIGHUP:
        return "SIGHUP";
      default:
        return "SIGTERM";
    }
  }
  sigset_t set_{};
  std::atomic<bool> done_{false};
  std::thread watcher_;
};

}  // namespace

int run_play(const PlayOptions& options, std::ostream& out, std::ostream& err) {
  config::StationConfig cfg;
  if (!options.config_file.empty()) {
    auto loaded = config::load_config(options.config_file, station_problems);
    if (!loaded) {
      err << loaded.error().message << '\n';
      return 2;
    }
    cfg = *loaded;
  }
  if (!options.voice_input.empty()) cfg.voice.input = options.voice_input;
  RigOptions rig_options;
  rig_options.station.config = cfg;
  rig_options.station.record_folder = options.record_folder.empty()
                                          ? std::filesystem::path(cfg.record.folder)
                                          : std::filesystem::path(options.record_folder);
  rig_options.station.resume = options.resume;
  rig_options.sound = !options.silent;
  rig_options.public_page = options.public_page;
  rig_options.opponent_input = options.opponent_input;
  // Everything a start could be refused for, before any file is written.
  if (auto ready = check_play_start(rig_options.station); !ready) {
    err << ready.error().message << '\n';
    return kExitUsage;
  }
  for (const std::string& note : game_notes(cfg)) out << note << '\n';  // A.5, B.5, II.2
  StopSignals signals;  // before the rig starts its threads
  auto rig = StationRig::build(rig_options, out);
  if (!rig) {
    err << rig.error().message << '\n';
    return 1;
  }
  signals.watch(**rig);
  // TRANSLATORS: help is a console command: keep it as it is.
  (*rig)->printer().print(SteadyClock::now(), i18n::tr("ready; type help for the commands"));
  (*rig)->run();
  signals.stop_watching();
  return 0;
}

}  // namespace annabella::app
