// annabella play --config FILE [--resume] and annabella demo: the station wired to its devices
// (app/station_rig.h), run on this thread.
#include "app/commands.h"
#include "app/config_check.h"
#include "app/i18n.h"
#include "app/play_start.h"
#include "app/station_rig.h"

namespace annabella::app {

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
  auto rig = StationRig::build(rig_options, out);
  if (!rig) {
    err << rig.error().message << '\n';
    return 1;
  }
  // TRANSLATORS: help is a console command: keep it as it is.
  (*rig)->printer().print(SteadyClock::now(), i18n::tr("ready; type help for the commands"));
  (*rig)->run();
  return 0;
}

}  // namespace annabella::app
