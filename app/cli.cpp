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
  rc->add_option("--profile", reconcile.profile,
                 "Also give the steps in a vocabulary profile's words (fide, ...)");
  rc->callback([&] { exit_code = run_reconcile(reconcile, std::cout, std::cerr); });

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
  // annabella listen --fen FEN [--profile P] [--wav FILE | --device D]
  ListenOptions listen;
  auto* listen_cmd = cli.add_subcommand("listen", "Hear spoken moves and commands (D.2.1)");
  listen_cmd->add_option("--fen", listen.fen, "Position (default: the initial position)");
  listen_cmd->add_option("--profile", listen.profile, "Vocabulary profile (default fide)");
  listen_cmd->add_option("--wav", listen.wav, "Decode this sound file instead of a microphone");
  listen_cmd->add_option("--device", listen.device, "Input device (default: the default one)");
  listen_cmd->add_option("--seconds", listen.seconds, "Stop listening after this many seconds");
  listen_cmd->add_option("--threshold", listen.threshold, "Confidence to enter, 0..1 (0.6)");
  listen_cmd->callback([&] { exit_code = run_listen(listen, std::cout, std::cerr); });
  // annabella play --config FILE [--resume] [--record DIR] [--silent]
  PlayOptions play;
  auto* play_cmd = cli.add_subcommand("play", "Run a game: pegboard, voice, clock, record");
  play_cmd->add_option("--config", play.config_file,
                       "The TOML configuration (default: all "
                       "defaults, the simulated pegboard)");
  play_cmd->add_option("--record", play.record_folder,
                       "The record folder (default: "
                       "record.folder of the configuration)");
  play_cmd->add_flag("--resume", play.resume, "Continue the game recorded in the record folder");
  play_cmd->add_flag("--silent", play.silent, "No sound device: text and recording only");
  play_cmd->callback([&] { exit_code = run_play(play, std::cout, std::cerr); });

  // annabella demo [--folder DIR] [--speed X] [--silent]
  DemoOptions demo;
  auto* demo_cmd =
      cli.add_subcommand("demo", "Play a short demonstration game, no hardware needed");
  demo_cmd->add_option("--folder", demo.folder,
                       "Where the record goes (default: "
                       "annabella-demo-DATE-TIME)");
  demo_cmd->add_option("--speed", demo.speed, "Pace: 2 is twice as fast");
  demo_cmd->add_flag("--silent", demo.silent, "No sound device: text and recording only");
  demo_cmd->callback([&] { exit_code = run_demo(demo, std::cout, std::cerr); });

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
