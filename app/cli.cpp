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

  // annabella reconcile --board-a FEN --board-b FEN --sheet-a FILE --sheet-b FILE ... (D.2.9)
  ReconcileOptions reconcile;
  auto* rc = cli.add_subcommand(
      "reconcile", "D.2.9: the two boards differ; compare both scoresheets and say what to set up");
  rc->add_option("--board-a", reconcile.board_a, "Board A: FEN or placement")->required();
  rc->add_option("--board-b", reconcile.board_b, "Board B: FEN or placement")->required();
  rc->add_option("--sheet-a", reconcile.sheet_a, "Player A's scoresheet (move list file)")
      ->required();
  rc->add_option("--sheet-b", reconcile.sheet_b, "Player B's scoresheet (move list file)")
      ->required();
  rc->add_option("--lang-a", reconcile.lang_a, "Language of sheet A (en, de, fr, ...)");
  rc->add_option("--lang-b", reconcile.lang_b, "Language of sheet B");
  rc->add_option("--clock-log", reconcile.clock_log, "Clock log: 'ply white_ms black_ms' lines");
  rc->add_option("--log-a", reconcile.log_a, "Moves actually played on board A (move list file)");
  rc->add_option("--log-b", reconcile.log_b, "Moves actually played on board B (move list file)");
  rc->add_option("--start", reconcile.start_fen, "Start position FEN (default: the initial one)");
  rc->add_option("--a-plays", reconcile.a_plays, "The colour player A plays: white or black");
  rc->add_flag("--json", reconcile.json, "Write every finding as JSON instead of text");
  rc->add_option("--html", reconcile.html, "Also write an HTML report to FILE");
  rc->callback([&] { exit_code = run_reconcile(reconcile, std::cout, std::cerr); });

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return cli.exit(e);
  }
  return exit_code;
}

}  // namespace annabella::app
