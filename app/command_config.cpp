// annabella config check FILE / annabella config example.
#include <fstream>
#include <ostream>
#include <sstream>

#include "app/commands.h"
#include "config/config.h"

namespace annabella::app {

int run_config_check(const ConfigCheckOptions& options, std::ostream& out, std::ostream& err) {
  // A file that cannot be read is exit 2; a file with problems (TOML syntax included) exit 1.
  std::ifstream in(options.file, std::ios::binary);
  if (!in) {
    err << "annabella config check: " << options.file << ": cannot read the configuration file\n";
    return kExitUsage;
  }
  std::ostringstream text;
  text << in.rdbuf();
  auto config = config::parse_config(text.str(), options.file);
  if (!config) {
    err << config.error().message << '\n';
    return kExitProblems;
  }
  const auto& c = *config;
  out << options.file << ": ok. " << c.white.name << " (white"
      << (c.white.visually_impaired ? ", visually impaired" : "") << ") against " << c.black.name
      << " (black" << (c.black.visually_impaired ? ", visually impaired" : "") << "), board "
      << c.event.board << ", time control \"" << c.game.time_control << "\".\n";
  return kExitSuccess;
}

int run_config_example(std::ostream& out) {
  out << config::example_toml();
  return kExitSuccess;
}

}  // namespace annabella::app
