// annabella config check FILE / annabella config example.
#include <cerrno>
#include <fstream>
#include <ostream>
#include <sstream>

#include "app/commands.h"
#include "app/config_check.h"
#include "app/file_error.h"
#include "app/i18n.h"
#include "config/config.h"

namespace annabella::app {
namespace {

using i18n::format;
using i18n::tr;

std::string player_text(const config::Player& p, bool white) {
  if (white)
    return format(
        p.visually_impaired ? tr("{name} (white, visually impaired)") : tr("{name} (white)"),
        {{"name", p.name}});
  return format(
      p.visually_impaired ? tr("{name} (black, visually impaired)") : tr("{name} (black)"),
      {{"name", p.name}});
}

}  // namespace

int run_config_check(const ConfigCheckOptions& options, std::ostream& out, std::ostream& err) {
  // A file that cannot be read is exit 2; a file with problems (TOML syntax included) exit 1.
  std::ifstream in(options.file, std::ios::binary);
  if (!in) {
    err << "annabella config check: "
        << cannot_read("", options.file, read_fault(options.file, errno)) << '\n';
    return kExitUsage;
  }
  std::ostringstream text;
  text << in.rdbuf();
  // The reader's checks and the station's (what `play` would refuse), with file, line and key.
  auto config = config::parse_config(text.str(), options.file, station_problems);
  if (!config) {
    err << config.error().message << '\n';
    return kExitProblems;
  }
  const auto& c = *config;
  // TRANSLATORS: `annabella config check`: "board7.toml: ok. Blind, Bea (white, visually
  // impaired) against Sighted, Sam (black), board 7, time control "90 min/40 moves + 30 min"."
  out << format(tr("{file}: ok. {white} against {black}, board {board}, time control "
                   "\"{control}\"."),
                {{"file", options.file},
                 {"white", player_text(c.white, true)},
                 {"black", player_text(c.black, false)},
                 {"board", std::to_string(c.event.board)},
                 {"control", c.game.time_control}})
      << '\n';
  for (const std::string& note : game_notes(c)) out << note << '\n';
  for (const std::string& note : scoresheet_name_notes(c)) out << note << '\n';
  return kExitSuccess;
}

int run_config_example(std::ostream& out) {
  out << config::example_toml();
  return kExitSuccess;
}

}  // namespace annabella::app
