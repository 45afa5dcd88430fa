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

  // annabella say --fen FEN [--profile P] [--long] [--silent] [--wav FILE] MOVE...
  SayOptions say;
  auto* say_cmd =
      cli.add_subcommand("say", "Print and speak the announcement of each move (D.2.1)");
  say_cmd->add_option("--fen", say.fen, "Start position (default: the initial position)");
  say_cmd->add_option("--profile", say.profile,
                      "Vocabulary profile or profile file (default fide)");
  say_cmd->add_flag("--long", say.long_form, "Long form, with the departure square");
  say_cmd->add_flag("--silent", say.silent, "Only print, do not speak");
  say_cmd->add_option("--wav", say.wav, "Also write the audio to FILE (.wav or .flac)");
  say_cmd->add_option("--device", say.device, "Sound device name (default: the default device)");
  say_cmd->add_option("MOVE", say.moves, "Moves in order: SAN, UCI, long algebraic or words")
      ->required();
  say_cmd->callback([&] { exit_code = run_say(say, std::cout, std::cerr); });

  // annabella hear --fen FEN [--profile P] "PHRASE"
  HearOptions hear;
  auto* hear_cmd = cli.add_subcommand("hear", "Read a spoken move back: print it as SAN and UCI");
  hear_cmd->add_option("--fen", hear.fen, "Position (default: the initial position)");
  hear_cmd->add_option("--profile", hear.profile, "Vocabulary profile whose words come first");
  hear_cmd->add_option("PHRASE", hear.phrase, "The move in words, e.g. \"Springer Felix drei\"")
      ->required();
  hear_cmd->callback([&] { exit_code = run_hear(hear, std::cout, std::cerr); });

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return cli.exit(e);
  }
  return exit_code;
}

}  // namespace annabella::app
