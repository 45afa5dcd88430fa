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

  // annabella recording verify FILE
  RecordingVerifyOptions recording_verify;
  auto* recording_cmd = cli.add_subcommand("recording", "The recording of what was announced");
  recording_cmd->require_subcommand(1);
  auto* verify_cmd = recording_cmd->add_subcommand(
      "verify", "Check the digest chain of a recording and its cue list (D.2.7)");
  verify_cmd->add_option("FILE", recording_verify.file, "The .wav or .flac file")->required();
  verify_cmd->callback(
      [&] { exit_code = run_recording_verify(recording_verify, std::cout, std::cerr); });

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return cli.exit(e);
  }
  return exit_code;
}

}  // namespace annabella::app
