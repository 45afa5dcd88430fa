// CLI11 adapter: declares every sub-command and its options, and dispatches to app/commands.h.
#include "app/cli.h"

#include <CLI/CLI.hpp>
#include <iostream>
#include <string_view>

#include "app/commands.h"
#include "app/i18n.h"

#ifndef ANNABELLA_VERSION
#error "ANNABELLA_VERSION is set by app/CMakeLists.txt from the CMake project version"
#endif

namespace annabella::app {
namespace {

// The names of `app`'s sub-commands, "a, b, c".
std::string subcommand_list(CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands(nullptr))
    names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

// A sub-command that is missing or unknown, said as such with the list of sub-commands (CLI11
// alone says "A subcommand is required" for both); "" when the words name known sub-commands.
std::string subcommand_problem(CLI::App& cli, int argc, char** argv) {
  CLI::App* app = &cli;
  std::string path = "annabella";
  for (int i = 1;; ++i) {
    if (app->get_subcommands(nullptr).empty()) return "";
    if (i >= argc || argv[i][0] == '-') {
      if (app->get_require_subcommand_min() == 0 || i < argc) return "";  // --help, --version
      return path + ": a sub-command is needed, one of: " + subcommand_list(*app) + " (" + path +
             " --help tells more)";
    }
    const std::string_view word = argv[i];
    CLI::App* next = nullptr;
    for (CLI::App* sub : app->get_subcommands(nullptr))
      if (sub->get_name() == word) next = sub;
    if (next == nullptr)
      return path + ": \"" + std::string(word) +
             "\" is not a sub-command; the sub-commands are: " + subcommand_list(*app) + " (" +
             path + " --help tells more)";
    path += " " + std::string(word);
    app = next;
  }
}

// An option the sub-command does not have, named as such before the parse (CLI11 first says
// "--board-a is required" for `reconcile --bogus`, and "A subcommand is required" for
// `annabella --bogus`); "" when every option is known. A known option's value is skipped
// (`perft --depth -1`); "--" ends the options.
std::string unknown_option(CLI::App& cli, int argc, char** argv) {
  CLI::App* app = &cli;
  std::string path = "annabella";
  for (int i = 1; i < argc; ++i) {
    const std::string_view word = argv[i];
    if (word == "--") return "";
    if (word.size() < 2 || word[0] != '-') {
      for (CLI::App* sub : app->get_subcommands(nullptr))
        if (sub->get_name() == word) {
          app = sub;
          path += " " + std::string(word);
        }
      continue;
    }
    const std::string name(word.substr(0, word.find('=')));
    const CLI::Option* option = app->get_option_no_throw(name);
    if (option == nullptr && app == &cli && (name == "--help-all" || name == "--version")) continue;
    if (option == nullptr)
      return path + ": " + name + " is not an option of " + path + " (" + path +
             " --help lists them)";
    if (word.find('=') == std::string_view::npos && option->get_items_expected_min() > 0) ++i;
  }
  return "";
}

constexpr const char* kExitStatusLines[] = {
    "0   success: the sub-command did what was asked and found nothing wrong",
    "1   problems found: a check found problems (config check, pgn check), a move did not read "
    "(notation, say, hear), a recording does not verify, a game or a board session failed",
    "2   a usage error (an unknown sub-command or option, a bad option value) or input that "
    "cannot be read (a missing file, a configuration that play refuses)",
};

// "--fen TEXT", "FILE", "MOVE...", with "(required)" where it is.
std::string option_synopsis(const CLI::Option& option) {
  std::string text =
      option.get_positional() ? option.get_name(true, false) : option.get_name(false, true);
  if (!option.get_positional() && option.get_items_expected() > 0)
    text += " " + option.get_type_name();
  if (option.get_items_expected_max() > 1) text += "...";
  if (option.get_required()) text += " (required)";
  return text;
}

// One sub-command and those below it, in the form help2man turns into a man page section
// ("annabella perft:" a sub-section, each option a tagged paragraph).
void describe(const CLI::App& app, const std::string& path, std::ostream& out) {
  const auto subs = app.get_subcommands([](const CLI::App*) { return true; });
  if (!subs.empty()) {
    for (const CLI::App* sub : subs) describe(*sub, path + " " + sub->get_name(), out);
    return;
  }
  out << path << ":\n  " << app.get_description() << ".\n\n";
  for (const CLI::Option* option : app.get_options()) {
    const std::string name = option_synopsis(*option);
    if (name.rfind("-h,--help", 0) == 0) continue;
    out << "  " << name << std::string(name.size() < 30 ? 32 - name.size() : 2, ' ')
        << option->get_description() << '\n';
  }
  out << '\n';
}

// `annabella --help-all`: every sub-command with its options, and the exit status; the source of
// the man page (help2man, app/CMakeLists.txt).
void print_full_help(CLI::App& cli, std::ostream& out) {
  out << cli.get_description() << "\n\nUsage: annabella [OPTIONS] SUBCOMMAND [OPTIONS]\n\n"
      << "Options:\n";
  for (const CLI::Option* option : cli.get_options())
    out << "  " << option->get_name(false, true)
        << std::string(30 - std::min<std::size_t>(28, option->get_name(false, true).size()), ' ')
        << option->get_description() << '\n';
  out << "\n*Sub-commands*\n";
  for (CLI::App* sub : cli.get_subcommands(nullptr))
    describe(*sub, "annabella " + sub->get_name(), out);
  out << "*Exit status*\n";
  for (const char* line : kExitStatusLines) out << "  " << line << '\n';
}

using i18n::tr;

// The value of the global `--lang L` (or `--lang=L`), given before the sub-command: the
// messages' language must be known before the help texts are made. `notation --lang L` after
// the sub-command is the notation's own option.
std::string messages_language(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--lang" && i + 1 < argc) return argv[i + 1];
    if (arg.starts_with("--lang=")) return std::string(arg.substr(7));
    if (!arg.starts_with("-")) break;  // the sub-command
  }
  return {};
}

// CLI11's own words in its help texts.
void translate_help_labels(CLI::App& cli) {
  const auto formatter = cli.get_formatter();
  // TRANSLATORS: CLI11's help texts: "Usage: annabella [OPTIONS] SUBCOMMAND".
  formatter->label("Usage", tr("Usage"));
  formatter->label("OPTIONS", tr("OPTIONS"));
  formatter->label("SUBCOMMAND", tr("SUBCOMMAND"));
  formatter->label("SUBCOMMANDS", tr("SUBCOMMANDS"));
  formatter->label("REQUIRED", tr("REQUIRED"));
  formatter->label("Positionals", tr("Positionals"));
  // TRANSLATORS: the kinds of values options take, in the help texts.
  formatter->label("TEXT", tr("TEXT"));
  formatter->label("INT", tr("INT"));
  formatter->label("UINT", tr("UINT"));
  formatter->label("FLOAT", tr("FLOAT"));
  cli.option_defaults()->group(tr("Options"));
  cli.set_help_flag("-h,--help", tr("Print this help message and exit"));
}

}  // namespace

int run_cli(int argc, char** argv) {
  std::string language = messages_language(argc, argv);
  if (const auto choice = i18n::start(language); !choice.note.empty())
    std::cerr << "annabella: " << choice.note << '\n';
  CLI::App cli{
      tr("annabella: a play station for visually impaired chess players (FIDE Appendix D)")};
  translate_help_labels(cli);
  cli.require_subcommand(1);
  cli.set_version_flag("--version", std::string("annabella ") + ANNABELLA_VERSION);
  cli.name("annabella");
  bool help_all = false;  // handled before parsing (print_full_help)
  cli.add_flag("--help-all", help_all,
               tr("Print the help of every sub-command and the exit status"));
  cli.footer(
      tr("Exit status: 0 success; 1 problems found (a check found problems, a move did not read, "
         "a game or a verification failed); 2 usage error or unreadable input.\n"));
  cli.add_option("--lang", language,
                 tr("Language of the messages, before the sub-command: de, mk or en (default: the "
                    "locale variables LANGUAGE, LC_ALL, LC_MESSAGES, LANG)"));
  int exit_code = 0;

  // annabella perft --fen FEN --depth N [--divide]
  PerftOptions perft;
  auto* perft_cmd = cli.add_subcommand("perft", tr("Count the leaf nodes of the legal move tree"));
  perft_cmd->add_option("--fen", perft.fen, tr("Start position (default: the initial position)"));
  perft_cmd->add_option("--depth", perft.depth, tr("Depth in half-moves"))->required();
  perft_cmd->add_flag("--divide", perft.divide, tr("Print the count below each root move first"));
  perft_cmd->add_flag("--chess960", perft.chess960, tr("Chess960: X-FEN or Shredder-FEN castling"));
  perft_cmd->add_option("--number", perft.number, tr("Chess960 start position 0-959 (no --fen)"));
  perft_cmd->callback([&] { exit_code = run_perft(perft, std::cout, std::cerr); });

  // annabella position --fen FEN [--json] [--chess960] [--nodes N] (Art. 5.2.2, 6.9)
  PositionOptions position;
  auto* position_cmd = cli.add_subcommand(
      "position", "What the Laws say about a position: legal, mate, dead (Art. 5.2.2, 6.9)");
  position_cmd->add_option("--fen", position.fen, "The position")->required();
  position_cmd->add_flag("--json", position.json, "Print JSON for tools");
  position_cmd->add_flag("--chess960", position.chess960, "Chess960: X-FEN or Shredder-FEN");
  position_cmd->add_option("--nodes", position.nodes, "Search budget in positions (default: full)");
  position_cmd->callback([&] { exit_code = run_position(position, std::cout, std::cerr); });

  // annabella config check FILE | annabella config example
  ConfigCheckOptions config_check;
  auto* config_cmd =
      cli.add_subcommand("config", tr("Check a configuration file or print an example"));
  config_cmd->require_subcommand(1);
  auto* check_cmd = config_cmd->add_subcommand("check", tr("Read FILE and report every problem"));
  check_cmd->add_option("FILE", config_check.file, tr("The TOML configuration"))->required();
  check_cmd->callback([&] { exit_code = run_config_check(config_check, std::cout, std::cerr); });
  config_cmd->add_subcommand("example", tr("Print the fully commented example configuration"))
      ->callback([&] { exit_code = run_config_example(std::cout); });

  // annabella reconcile --board-a FEN --board-b FEN --sheet-a FILE --sheet-b FILE ... (D.2.9)
  ReconcileOptions reconcile;
  auto* rc = cli.add_subcommand(
      "reconcile",
      tr("D.2.9: the two boards differ; compare both scoresheets and say what to set up"));
  rc->add_option("--board-a", reconcile.board_a, tr("Board A: FEN or placement"))->required();
  rc->add_option("--board-b", reconcile.board_b, tr("Board B: FEN or placement"))->required();
  rc->add_option("--sheet-a", reconcile.sheet_a, tr("Player A's scoresheet (move list file)"))
      ->required();
  rc->add_option("--sheet-b", reconcile.sheet_b, tr("Player B's scoresheet (move list file)"))
      ->required();
  rc->add_option("--lang-a", reconcile.lang_a, tr("Language of sheet A (en, de, fr, ...)"));
  rc->add_option("--lang-b", reconcile.lang_b, tr("Language of sheet B"));
  rc->add_option("--clock-log", reconcile.clock_log,
                 tr("Clock log: 'ply white_ms black_ms' lines"));
  rc->add_option("--log-a", reconcile.log_a,
                 tr("Moves actually played on board A (move list file)"));
  rc->add_option("--log-b", reconcile.log_b,
                 tr("Moves actually played on board B (move list file)"));
  rc->add_option("--start", reconcile.start_fen,
                 tr("Start position FEN (default: the initial one)"));
  rc->add_option("--a-plays", reconcile.a_plays, tr("The colour player A plays: white or black"));
  rc->add_flag("--json", reconcile.json, tr("Write every finding as JSON instead of text"));
  rc->add_option("--html", reconcile.html, tr("Also write an HTML report to FILE"));
  rc->add_option("--profile", reconcile.profile,
                 tr("Also give the steps in a vocabulary profile's words (fide, ...)"));
  rc->callback([&] { exit_code = run_reconcile(reconcile, std::cout, std::cerr); });

  // annabella clock --control "DESCRIPTION" --events FILE [--json]
  ClockOptions clock;
  auto* clock_cmd =
      cli.add_subcommand("clock", tr("Replay clock presses under a time control (Art. 6, D.2.4)"));
  clock_cmd
      ->add_option("--control", clock.control,
                   tr("Time control, FIDE-style (\"90 min/40 moves + 30 min + 30 s/move\") or PGN "
                      "(\"40/5400+30:1800+30\")"))
      ->required();
  clock_cmd
      ->add_option(
          "--events", clock.events,
          tr("File with one press a line: SECONDS white|black (also SECONDS pause|resume)"))
      ->required();
  clock_cmd->add_flag("--json", clock.json, tr("Print JSON for tools"));
  clock_cmd->callback([&] { exit_code = run_clock(clock, std::cout, std::cerr); });

  // annabella notation --fen FEN [--lang L] [--out-lang L] [--to san|uci|lan] MOVE...
  NotationOptions notation;
  auto* notation_cmd = cli.add_subcommand(
      "notation", tr("Read moves in any language and print them in SAN, UCI or LAN"));
  notation_cmd->add_option("--fen", notation.fen,
                           tr("Start position (default: the initial position)"));
  notation_cmd->add_option("--lang", notation.lang,
                           tr("Language of the moves: en de fr es it nl ru mk sr sr-Cyrl bg, "
                              "custom:K D T L S, or auto (default en)"));
  notation_cmd->add_option("--out-lang", notation.out_lang,
                           tr("Piece letters of the output SAN/LAN (default en)"));
  notation_cmd->add_option("--to", notation.to, tr("Output form: san, uci or lan (default san)"))
      ->check(CLI::IsMember({"san", "uci", "lan"}));
  notation_cmd->add_option("MOVE", notation.moves, tr("The moves, in order"))->required();
  notation_cmd->callback([&] { exit_code = run_notation(notation, std::cout, std::cerr); });

  // annabella pgn check FILE [--lenient] [--lang L]
  PgnCheckOptions pgn_check;
  auto* pgn_cmd = cli.add_subcommand("pgn", tr("Work with PGN files"));
  pgn_cmd->require_subcommand(1);
  auto* pgn_check_cmd =
      pgn_cmd->add_subcommand("check", tr("Validate every game and list each problem"));
  pgn_check_cmd->add_option("FILE", pgn_check.file, tr("The PGN file"))->required();
  pgn_check_cmd->add_flag("--lenient", pgn_check.lenient,
                          tr("Accept scoresheet forms (Ng1-f3, 0-0, e8Q) instead of strict SAN"));
  pgn_check_cmd->add_option("--lang", pgn_check.lang,
                            tr("Piece letters of the moves with --lenient (default en)"));
  pgn_check_cmd->callback([&] { exit_code = run_pgn_check(pgn_check, std::cout, std::cerr); });
  // annabella say --fen FEN [--profile P] [--long] [--silent] [--wav FILE] MOVE...
  SayOptions say;
  auto* say_cmd =
      cli.add_subcommand("say", tr("Print and speak the announcement of each move (D.2.1)"));
  say_cmd->add_option("--fen", say.fen, tr("Start position (default: the initial position)"));
  say_cmd->add_option("--profile", say.profile,
                      tr("Vocabulary profile or profile file (default fide)"));
  say_cmd->add_flag("--long", say.long_form, tr("Long form, with the departure square"));
  say_cmd->add_flag("--silent", say.silent, tr("Only print, do not speak"));
  say_cmd->add_option("--wav", say.wav, tr("Also write the audio to FILE (.wav or .flac)"));
  say_cmd->add_option("--device", say.device,
                      tr("Sound device name (default: the default device)"));
  say_cmd->add_option("MOVE", say.moves, tr("Moves in order: SAN, UCI, long algebraic or words"))
      ->required();
  say_cmd->callback([&] { exit_code = run_say(say, std::cout, std::cerr); });

  // annabella hear --fen FEN [--profile P] "PHRASE"
  HearOptions hear;
  auto* hear_cmd =
      cli.add_subcommand("hear", tr("Read a spoken move back: print it as SAN and UCI"));
  hear_cmd->add_option("--fen", hear.fen, tr("Position (default: the initial position)"));
  hear_cmd->add_option("--profile", hear.profile, tr("Vocabulary profile whose words come first"));
  hear_cmd->add_option("PHRASE", hear.phrase, tr("The move in words, e.g. \"Springer Felix drei\""))
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
  listen_cmd->add_option("--player", listen.player,
                         "Use this player's adapted voice (annabella voice adapt)");
  listen_cmd->callback([&] { exit_code = run_listen(listen, std::cout, std::cerr); });
  // annabella voice adapt --player NAME [--wav-dir DIR | --device D]
  VoiceAdaptOptions adapt;
  auto* voice_cmd = cli.add_subcommand("voice", "Voice input tools (docs/voice.md)");
  voice_cmd->require_subcommand(1);
  auto* adapt_cmd =
      voice_cmd->add_subcommand("adapt", "Adapt the recogniser to a player's voice (31 moves)");
  adapt_cmd->add_option("--player", adapt.player, "The player's name")->required();
  adapt_cmd->add_option("--profile", adapt.profile, "Vocabulary profile (default fide)");
  adapt_cmd->add_option("--wav-dir", adapt.wav_dir,
                        "Read the prompts from DIR/01.wav, 02.wav ... instead of a microphone");
  adapt_cmd->add_option("--device", adapt.device, "Input device (default: the default one)");
  adapt_cmd->add_option("--output", adapt.output, "Where the prompts are said (default device)");
  adapt_cmd->add_flag("--silent", adapt.silent, "Only print the prompts, do not say them");
  adapt_cmd->add_flag("--prompts", adapt.prompts, "Only print the numbered prompts");
  adapt_cmd->add_option("--out", adapt.out,
                        "Write the adapted voice into this folder, not the player's own");
  adapt_cmd->callback([&] { exit_code = run_voice_adapt(adapt, std::cout, std::cerr); });
  // annabella play --config FILE [--resume] [--record DIR] [--silent]
  PlayOptions play;
  auto* play_cmd = cli.add_subcommand("play", tr("Run a game: pegboard, voice, clock, record"));
  play_cmd->add_option("--config", play.config_file,
                       tr("The TOML configuration (default: all "
                          "defaults, the simulated pegboard)"));
  play_cmd->add_option("--record", play.record_folder,
                       tr("The record folder (default: "
                          "record.folder of the configuration)"));
  play_cmd->add_flag("--resume", play.resume,
                     tr("Continue the game recorded in the record folder"));
  play_cmd->add_flag("--silent", play.silent, tr("No sound device: text and recording only"));
  play_cmd->add_option(
      "--public-page", play.public_page,
      tr("Also show every public announcement in large text in this HTML file, "
         "for a browser on a second screen (a hearing-impaired opponent, D.2.11)"));
  play_cmd->add_option("--opponent-input", play.opponent_input,
                       tr("The sighted player's own keypad or keyboard (a terminal device): each "
                          "line is his move (D.2.11)"));
  play_cmd->add_option("--voice-input", play.voice_input,
                       tr("The microphone that hears spoken moves and requests (voice.input; "
                          "docs/voice.md)"));
  play_cmd->callback([&] { exit_code = run_play(play, std::cout, std::cerr); });

  // annabella demo [--folder DIR] [--speed X] [--silent] [--chess960 N]
  DemoOptions demo;
  auto* demo_cmd =
      cli.add_subcommand("demo", tr("Play a short demonstration game, no hardware needed"));
  demo_cmd->add_option("--folder", demo.folder,
                       tr("Where the record goes (default: "
                          "annabella-demo-DATE-TIME)"));
  demo_cmd->add_option("--speed", demo.speed, tr("Pace: 2 is twice as fast"));
  demo_cmd->add_flag("--silent", demo.silent, tr("No sound device: text and recording only"));
  demo_cmd
      ->add_option("--chess960", demo.chess960,
                   tr("A Chess960 game from start position N (0-959; Guidelines II): both "
                      "sides castle on the boards"))
      ->check(CLI::Range(0, 959));
  demo_cmd->callback([&] { exit_code = run_demo(demo, std::cout, std::cerr); });

  // annabella board-sim --protocol dgt|peg --link PATH [--pgn FILE] [--speed X] [--fen FEN]
  BoardSimOptions board_sim;
  auto* sim_cmd = cli.add_subcommand(
      "board-sim", tr("Simulate a DGT or peg board on a pseudo-terminal (commands on stdin)"));
  sim_cmd->add_option("--protocol", board_sim.protocol, tr("dgt or peg"))
      ->check(CLI::IsMember({"dgt", "peg"}));
  sim_cmd->add_option("--link", board_sim.link, tr("Make PATH a symlink to the pseudo-terminal"))
      ->required();
  sim_cmd->add_option("--pgn", board_sim.pgn,
                      tr("Play this game (PGN or a list of SAN/UCI moves)"));
  sim_cmd->add_option("--fen", board_sim.fen, tr("Start position (default: the initial position)"));
  sim_cmd->add_option("--speed", board_sim.speed,
                      tr("Hand speed factor (2 = twice as fast, 0 = no "
                         "pauses)"));
  sim_cmd->add_option("--seed", board_sim.seed, tr("Seed of the hand's fumbles"));
  sim_cmd->add_flag("--steady", board_sim.steady, tr("No slides, bounce or wrong squares"));
  sim_cmd->callback([&] { exit_code = run_board_sim(board_sim, std::cin, std::cout, std::cerr); });

  // annabella board watch --port PATH --protocol dgt|peg [--fen FEN]
  BoardWatchOptions board_watch;
  auto* board_cmd = cli.add_subcommand("board", tr("Electronic board tools"));
  board_cmd->require_subcommand(1);
  auto* watch_cmd =
      board_cmd->add_subcommand("watch", tr("Follow a game on a board and print every event"));
  watch_cmd->add_option("--port", board_watch.port, tr("Serial device or pseudo-terminal"))
      ->required();
  watch_cmd->add_option("--protocol", board_watch.protocol, tr("dgt or peg"))
      ->check(CLI::IsMember({"dgt", "peg"}));
  watch_cmd->add_option("--fen", board_watch.fen,
                        tr("Start position (default: the initial position)"));
  watch_cmd->add_option("--settle", board_watch.settle_ms, tr("Settle time in milliseconds"));
  watch_cmd->add_option("--announce", board_watch.announce_ms,
                        tr("A completed move is made after this many quiet milliseconds"));
  watch_cmd->add_option("--moves", board_watch.moves, tr("Exit after this many moves made"));
  watch_cmd->add_option("--timeout", board_watch.timeout_s,
                        tr("Exit (status 1) after this many "
                           "seconds"));
  watch_cmd->callback([&] { exit_code = run_board_watch(board_watch, std::cout, std::cerr); });

  // annabella recording verify FILE [--code CODE] [--key FINGERPRINT]... [--keys FILE] ...
  RecordingVerifyOptions recording_verify;
  auto* recording_cmd = cli.add_subcommand("recording", tr("The recording of what was announced"));
  recording_cmd->require_subcommand(1);
  auto* verify_cmd = recording_cmd->add_subcommand(
      "verify",
      tr("Check a recording (D.2.7): its digest chain, its seal in the journal and PGN beside it, "
         "the station's signature; exit 0 verified, 1 tampered or not sealed, 2 unreadable"));
  verify_cmd->add_option("FILE", recording_verify.file, tr("The .wav or .flac file"))->required();
  verify_cmd->add_option("--code", recording_verify.code,
                         tr("The code written on the paper scoresheet (123-456-789-012)"));
  verify_cmd
      ->add_option("--key", recording_verify.keys,
                   tr("A station key the seals may be signed by: its fingerprint "
                      "(3f2a-91c4-0b7e-55d2); give it again for each station of the game"))
      ->allow_extra_args(false);  // one key each --key: FILE is never taken for a key
  verify_cmd->add_option("--keys", recording_verify.key_list,
                         tr("A file listing the stations' keys: a fingerprint a line, the "
                            "station's name after it"));
  verify_cmd->add_flag("--unsealed-ok", recording_verify.unsealed_ok,
                       tr("Accept a recording not sealed to its end (a running or crashed game)"));
  verify_cmd->add_option("--journal", recording_verify.journal,
                         tr("The game's journal (default: game.journal beside FILE)"));
  verify_cmd->add_option("--pgn", recording_verify.pgn,
                         tr("The game's PGN (default: game.pgn beside FILE)"));
  verify_cmd->add_flag("--json", recording_verify.json,
                       tr("Write the report as JSON: each finding's key, facts and message"));
  verify_cmd->callback(
      [&] { exit_code = run_recording_verify(recording_verify, std::cout, std::cerr); });

  // TRANSLATORS: the heading over the sub-commands in the help texts.
  const std::string subcommands = tr("Subcommands");
  const std::string options = tr("Options");
  auto group_subcommands = [&](auto& self, CLI::App& app) -> void {
    for (CLI::App* sub : app.get_subcommands({})) {
      sub->group(subcommands);
      for (CLI::Option* option : sub->get_options())  // the help flag each one is made with
        if (option->get_group() == "Options") option->group(options);
      self(self, *sub);
    }
  };
  group_subcommands(group_subcommands, cli);

  if (argc == 2 && std::string_view(argv[1]) == "--help-all") {
    print_full_help(cli, std::cout);
    return kExitSuccess;
  }
  if (std::string problem = subcommand_problem(cli, argc, argv);
      !problem.empty() || !(problem = unknown_option(cli, argc, argv)).empty()) {
    std::cerr << problem << '\n';
    return kExitUsage;
  }
  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version end here with CLI11's success; every other parse error is a usage
    // error (CLI11's own codes, 105 to 116, are folded into one).
    return cli.exit(e) == static_cast<int>(CLI::ExitCodes::Success) ? kExitSuccess : kExitUsage;
  }
  return exit_code;
}

}  // namespace annabella::app
