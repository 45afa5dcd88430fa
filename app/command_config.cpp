// annabella config check FILE / annabella config example.
#include <ostream>

#include "app/commands.h"
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
  auto config = config::load_config(options.file);
  if (!config) {
    err << config.error().message << '\n';
    return 1;
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
  return 0;
}

int run_config_example(std::ostream& out) {
  out << config::example_toml();
  return 0;
}

}  // namespace annabella::app
