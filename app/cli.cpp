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

  // annabella notation --fen FEN [--lang L] [--out-lang L] [--to san|uci|lan] MOVE...
  NotationOptions notation;
  auto* notation_cmd = cli.add_subcommand(
      "notation", "Read moves in any language and print them in SAN, UCI or LAN");
  notation_cmd->add_option("--fen", notation.fen, "Start position (default: the initial position)");
  notation_cmd->add_option("--lang", notation.lang,
                           "Language of the moves: en de fr es it nl ru mk sr sr-Cyrl bg, "
                           "custom:K D T L S, or auto (default en)");
  notation_cmd->add_option("--out-lang", notation.out_lang,
                           "Piece letters of the output SAN/LAN (default en)");
  notation_cmd->add_option("--to", notation.to, "Output form: san, uci or lan (default san)")
      ->check(CLI::IsMember({"san", "uci", "lan"}));
  notation_cmd->add_option("MOVE", notation.moves, "The moves, in order")->required();
  notation_cmd->callback([&] { exit_code = run_notation(notation, std::cout, std::cerr); });

  // annabella pgn check FILE [--lenient] [--lang L]
  PgnCheckOptions pgn_check;
  auto* pgn_cmd = cli.add_subcommand("pgn", "Work with PGN files");
  pgn_cmd->require_subcommand(1);
  auto* pgn_check_cmd =
      pgn_cmd->add_subcommand("check", "Validate every game and list each problem");
  pgn_check_cmd->add_option("FILE", pgn_check.file, "The PGN file")->required();
  pgn_check_cmd->add_flag("--lenient", pgn_check.lenient,
                          "Accept scoresheet forms (Ng1-f3, 0-0, e8Q) instead of strict SAN");
  pgn_check_cmd->add_option("--lang", pgn_check.lang,
                            "Piece letters of the moves with --lenient (default en)");
  pgn_check_cmd->callback([&] { exit_code = run_pgn_check(pgn_check, std::cout, std::cerr); });

  // annabella board-sim --protocol dgt|peg --link PATH [--pgn FILE] [--speed X] [--fen FEN]
  BoardSimOptions board_sim;
  auto* sim_cmd = cli.add_subcommand(
      "board-sim", "Simulate a DGT or peg board on a pseudo-terminal (commands on stdin)");
  sim_cmd->add_option("--protocol", board_sim.protocol, "dgt or peg")
      ->check(CLI::IsMember({"dgt", "peg"}));
  sim_cmd->add_option("--link", board_sim.link, "Make PATH a symlink to the pseudo-terminal")
      ->required();
  sim_cmd->add_option("--pgn", board_sim.pgn, "Play this game (PGN or a list of SAN/UCI moves)");
  sim_cmd->add_option("--fen", board_sim.fen, "Start position (default: the initial position)");
  sim_cmd->add_option("--speed", board_sim.speed,
                      "Hand speed factor (2 = twice as fast, 0 = no "
                      "pauses)");
  sim_cmd->add_option("--seed", board_sim.seed, "Seed of the hand's fumbles");
  sim_cmd->add_flag("--steady", board_sim.steady, "No slides, bounce or wrong squares");
  sim_cmd->callback([&] { exit_code = run_board_sim(board_sim, std::cin, std::cout, std::cerr); });

  // annabella board watch --port PATH --protocol dgt|peg [--fen FEN]
  BoardWatchOptions board_watch;
  auto* board_cmd = cli.add_subcommand("board", "Electronic board tools");
  board_cmd->require_subcommand(1);
  auto* watch_cmd =
      board_cmd->add_subcommand("watch", "Follow a game on a board and print every event");
  watch_cmd->add_option("--port", board_watch.port, "Serial device or pseudo-terminal")->required();
  watch_cmd->add_option("--protocol", board_watch.protocol, "dgt or peg")
      ->check(CLI::IsMember({"dgt", "peg"}));
  watch_cmd->add_option("--fen", board_watch.fen, "Start position (default: the initial position)");
  watch_cmd->add_option("--settle", board_watch.settle_ms, "Settle time in milliseconds");
  watch_cmd->add_option("--announce", board_watch.announce_ms,
                        "A completed move is made after this many quiet milliseconds");
  watch_cmd->add_option("--moves", board_watch.moves, "Exit after this many moves made");
  watch_cmd->add_option("--timeout", board_watch.timeout_s,
                        "Exit (status 1) after this many "
                        "seconds");
  watch_cmd->callback([&] { exit_code = run_board_watch(board_watch, std::cout, std::cerr); });

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return cli.exit(e);
  }
  return exit_code;
}

}  // namespace annabella::app
