// CLI11 adapter: declares every sub-command and its options, and dispatches to app/commands.h.
#include "app/cli.h"

#include <CLI/CLI.hpp>
#include <iostream>

#include "app/commands.h"

namespace annabella::app {

int run_cli(int argc, char** argv) {
  CLI::App cli{"annabella: a play station for visually impaired chess players (FIDE Appendix D)"};
  cli.require_subcommand(1);
  int exit_code = 0;

  // annabella perft --fen FEN --depth N [--divide]
  PerftOptions perft;
  auto* perft_cmd = cli.add_subcommand("perft", "Count the leaf nodes of the legal move tree");
  perft_cmd->add_option("--fen", perft.fen, "Start position (default: the initial position)");
  perft_cmd->add_option("--depth", perft.depth, "Depth in half-moves")->required();
  perft_cmd->add_flag("--divide", perft.divide, "Print the count below each root move first");
  perft_cmd->callback([&] { exit_code = run_perft(perft, std::cout, std::cerr); });

  // annabella config check FILE | annabella config example
  ConfigCheckOptions config_check;
  auto* config_cmd = cli.add_subcommand("config", "Check a configuration file or print an example");
  config_cmd->require_subcommand(1);
  auto* check_cmd = config_cmd->add_subcommand("check", "Read FILE and report every problem");
  check_cmd->add_option("FILE", config_check.file, "The TOML configuration")->required();
  check_cmd->callback([&] { exit_code = run_config_check(config_check, std::cout, std::cerr); });
  config_cmd->add_subcommand("example", "Print the fully commented example configuration")
      ->callback([&] { exit_code = run_config_example(std::cout); });

  // annabella clock --control "DESCRIPTION" --events FILE [--json]
  ClockOptions clock;
  auto* clock_cmd =
      cli.add_subcommand("clock", "Replay clock presses under a time control (Art. 6, D.2.4)");
  clock_cmd
      ->add_option("--control", clock.control,
                   "Time control, FIDE-style (\"90 min/40 moves + 30 min + 30 s/move\") or PGN "
                   "(\"40/5400+30:1800+30\")")
      ->required();
  clock_cmd
      ->add_option("--events", clock.events,
                   "File with one press a line: SECONDS white|black (also SECONDS pause|resume)")
      ->required();
  clock_cmd->add_flag("--json", clock.json, "Print JSON for tools");
  clock_cmd->callback([&] { exit_code = run_clock(clock, std::cout, std::cerr); });

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return cli.exit(e);
  }
  return exit_code;
}

}  // namespace annabella::app
