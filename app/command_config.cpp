// annabella config check FILE / annabella config example.
#include <ostream>

#include "app/commands.h"
#include "config/config.h"

namespace annabella::app {

int run_config_check(const ConfigCheckOptions& options, std::ostream& out, std::ostream& err) {
  auto config = config::load_config(options.file);
  if (!config) {
    err << config.error().message << '\n';
    return 1;
  }
  const auto& c = *config;
  out << options.file << ": ok. " << c.white.name << " (white"
      << (c.white.visually_impaired ? ", visually impaired" : "") << ") against " << c.black.name
      << " (black" << (c.black.visually_impaired ? ", visually impaired" : "") << "), board "
      << c.event.board << ", time control \"" << c.game.time_control << "\".\n";
  return 0;
}

int run_config_example(std::ostream& out) {
  out << config::example_toml();
  return 0;
}

}  // namespace annabella::app
