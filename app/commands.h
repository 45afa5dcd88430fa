// The sub-commands of annabella, each a plain function of its options, so that the command
// line parser (app/cli.cpp) is the only place that knows CLI11. Each returns the exit code and
// writes results to `out`, errors to `err`.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace annabella::app {

// One exit status scheme for every sub-command (README, the man page):
inline constexpr int kExitSuccess = 0;   // done, nothing wrong found
inline constexpr int kExitProblems = 1;  // problems found: a check found some, a move did not
                                         // read, a game or a verification failed
inline constexpr int kExitUsage = 2;     // a usage error (an unknown sub-command or option, a bad
                                         // option value) or input that cannot be read

struct PerftOptions {
  std::string fen;
  int depth = 1;
  bool divide = false;
  bool chess960 = false;  // the FEN is a Chess960 position (X-FEN or Shredder-FEN castling)
  int number = -1;        // a Chess960 start position by number (0-959) instead of a FEN
};
int run_perft(const PerftOptions& options, std::ostream& out, std::ostream& err);

// annabella position --fen FEN [--json] [--chess960] [--nodes N]: what the Laws say about a
// position (legal, check, mate, stalemate, dead position Art. 5.2.2, whether each side can still
// checkmate Art. 6.9). Exit 0 when answered (an illegal position included), 2 for bad input.
struct PositionOptions {
  std::string fen;
  bool json = false;
  bool chess960 = false;
  std::size_t nodes = 0;  // the most positions each search may examine (0: the full effort)
};
int run_position(const PositionOptions& options, std::ostream& out, std::ostream& err);

// annabella config check FILE: reads the file and reports every problem (key, line, allowed).
struct ConfigCheckOptions {
  std::string file;
};
int run_config_check(const ConfigCheckOptions& options, std::ostream& out, std::ostream& err);
// annabella config example: the fully commented example (docs/example.toml).
int run_config_example(std::ostream& out);

// annabella reconcile: the D.2.9 reconciliation of two boards and two scoresheets. Boards are FEN
// or placement; sheets and board logs are files with move lists in any supported language; the
// clock log is "ply white_ms black_ms" per line. Writes the arbiter's text, or JSON (--json),
// and optionally an HTML report (--html FILE).
struct ReconcileOptions {
  std::string board_a, board_b;   // FEN or placement
  std::string sheet_a, sheet_b;   // files
  std::string lang_a, lang_b;     // "" = found by reading
  std::string clock_log;          // file, optional
  std::string log_a, log_b;       // board logs (move lists), optional
  std::string start_fen;          // "" = the initial position
  std::string a_plays = "white";  // the colour player A plays
  bool json = false;
  std::string html;     // file, optional
  std::string profile;  // vocabulary profile for the spoken steps, optional
};
int run_reconcile(const ReconcileOptions& options, std::ostream& out, std::ostream& err);
// annabella clock --control "DESCRIPTION" --events FILE [--json]: replays presses ("SECONDS
// white|black" a line; "SECONDS pause|resume" for the arbiter; White's clock starts at 0) and
// prints the times after each press, period changes and flag falls (Art. 6, 6.9).
struct ClockOptions {
  std::string control;  // FIDE-style or PGN TimeControl (core::read_time_control)
  std::string events;
  bool json = false;
};
int run_clock(const ClockOptions& options, std::ostream& out, std::ostream& err);

// annabella notation --fen FEN [--lang L] [--out-lang L] [--to san|uci|lan] MOVE...: reads each
// move leniently in language L (or "auto": detected from the moves where only one language fits),
// plays it, and prints it in the requested form, one per line.
struct NotationOptions {
  std::string fen;
  std::string lang = "en";
  std::string out_lang = "en";
  std::string to = "san";
  std::vector<std::string> moves;
};
int run_notation(const NotationOptions& options, std::ostream& out, std::ostream& err);

// annabella pgn check FILE: reads every game and prints each problem (game number, move number,
// line, offending text); exit 0 when the file is clean, 1 when it has problems, 2 when it cannot
// be read.
struct PgnCheckOptions {
  std::string file;
  bool lenient = false;     // scoresheet forms instead of import-format SAN
  std::string lang = "en";  // piece letters of the movetext (with --lenient)
};
int run_pgn_check(const PgnCheckOptions& options, std::ostream& out, std::ostream& err);
// annabella say --fen FEN [--profile P] [--long] [--silent] [--wav FILE] [--device D] MOVE...
// Prints each move's announcement (D.2.1), one line a move, in order, and speaks it.
struct SayOptions {
  std::string fen;
  std::string profile = "fide";
  bool long_form = false;
  bool silent = false;  // only print
  std::string wav;      // also write the audio (and its cue list) to this .wav or .flac file
  std::string device = "default";
  std::vector<std::string> moves;  // SAN, UCI, long algebraic, or the profile's words
};
int run_say(const SayOptions& options, std::ostream& out, std::ostream& err);

// annabella hear --fen FEN [--profile P] "PHRASE": the move the words describe, as SAN and UCI.
struct HearOptions {
  std::string fen;
  std::string profile = "fide";
  std::string phrase;
};
int run_hear(const HearOptions& options, std::ostream& out, std::ostream& err);
// annabella listen --fen FEN [--profile P] [--wav FILE | --device D] [--seconds N]: voice input
// from a sound file or a microphone, each heard result as a line (docs/voice.md).
struct ListenOptions {
  std::string fen;
  std::string profile = "fide";
  std::string wav;                 // decode this file instead of listening
  std::string device = "default";  // the microphone
  double seconds = 0;              // stop listening after this long (0: at end of input)
  double threshold = 0.6;          // confidence needed to enter
  std::string player;              // adapted to this player's voice (annabella voice adapt)
};
int run_listen(const ListenOptions& options, std::ostream& out, std::ostream& err);
// annabella voice adapt --player NAME [--profile P] [--wav-dir DIR | --device D] [--prompts]:
// the player reads the adaptation prompts, and the recogniser is adapted to his voice (adapted
// means or a transform, kept in his folder; docs/voice.md, "Speaker adaptation").
struct VoiceAdaptOptions {
  std::string player;
  std::string profile = "fide";
  std::string wav_dir;             // the prompts read into 01.wav, 02.wav ... instead of live
  std::string device = "default";  // the microphone
  std::string output = "default";  // where the prompts are said aloud
  bool silent = false;             // print the prompts only, do not say them
  bool prompts = false;            // only print the numbered prompts
  std::string out;                 // the adapted voice's folder; "" = the player's own
};
int run_voice_adapt(const VoiceAdaptOptions& options, std::ostream& out, std::ostream& err);
// annabella play --config FILE [--resume] [--record DIR] [--silent]: a rated game end to end.
struct PlayOptions {
  std::string config_file;    // "" = every default (the demo hardware)
  std::string record_folder;  // "" = record.folder of the configuration
  bool resume = false;        // continue the game recorded in the record folder
  bool silent = false;        // text and recording only, no sound device
  std::string public_page;    // "" = none; else every public announcement in large text there
  std::string
      opponent_input;       // "" = none; else the sighted player's keypad: his moves, a line each
  std::string voice_input;  // "" = voice.input of the configuration; else the microphone
};
int run_play(const PlayOptions& options, std::ostream& out, std::ostream& err);

// annabella demo [--folder DIR] [--speed X] [--silent] [--chess960 N]: a short real game with the
// simulated pegboard and a simulated sighted opponent, through the real station (with
// --chess960, a Chess960 game in which both castle).
struct DemoOptions {
  std::string folder;  // "" = annabella-demo-<date>-<time> under the current folder
  double speed = 1.0;  // 2 = twice as fast
  bool silent = false;
  int chess960 = -1;  // a Chess960 game from start position 0-959 (Guidelines II); -1: the show
};
int run_demo(const DemoOptions& options, std::ostream& out, std::ostream& err);

// annabella board-sim --protocol dgt|peg --link PATH [--pgn FILE] [--speed X] [--fen FEN]:
// a simulated board on a pseudo-terminal (PATH becomes a symlink to it) that waits for a host to
// read it, then plays the game of FILE (PGN, or a plain list of SAN/UCI moves) as a hand does,
// or takes commands from `in` ("lift e2", "place e4", "button time", "move Nf3", "unplug"...).
struct BoardSimOptions {
  std::string protocol = "dgt";
  std::string link;
  std::string pgn;
  std::string fen;
  double speed = 1.0;      // 2 = twice as fast; 0 = no pauses
  std::uint32_t seed = 1;  // the hand's fumbles (slides, bounce, wrong squares) are seeded
  bool steady = false;     // no fumbles at all
};
int run_board_sim(const BoardSimOptions& options, std::istream& in, std::ostream& out,
                  std::ostream& err);

// annabella board watch --port PATH --protocol dgt|peg [--fen FEN]: follows a game on a board
// and prints every event as a text line (touched, removed, placed, completed, "made SAN (UCI)",
// illegal, out of sync, disconnected, reconnected). Runs until interrupted, --moves N made
// (exit 0) or --timeout seconds passed (exit 1).
struct BoardWatchOptions {
  std::string port;
  std::string protocol = "dgt";
  std::string fen;
  int settle_ms = 250;     // tactile::PegboardSettings::settle
  int announce_ms = 1000;  // a completed move is made after this quiet time (or the reply)
  int moves = 0;
  double timeout_s = 0;
};
int run_board_watch(const BoardWatchOptions& options, std::ostream& out, std::ostream& err);

// annabella recording verify FILE [--code CODE] [--key FINGERPRINT] [--unsealed-ok]
// [--journal FILE] [--pgn FILE]: checks the recording's digest chain (D.2.7, docs/record.md), its
// seals in the journal and PGN beside it (anchor, signature, key, game) and the scoresheet's
// code. Exit 0 verified, 1 tampered, inconsistent or not sealed, 2 unreadable or wrong options.
struct RecordingVerifyOptions {
  std::string file;
  std::string code;               // the code from the paper scoresheet
  std::vector<std::string> keys;  // the stations' keys (fingerprints or public keys), --key
  std::string key_list;           // a file listing them, --keys
  bool unsealed_ok = false;
  std::string journal;  // "" = game.journal beside FILE
  std::string pgn;      // "" = game.pgn beside FILE
  bool json = false;    // the report as JSON on standard output (recording_report_json)
};
int run_recording_verify(const RecordingVerifyOptions& options, std::ostream& out,
                         std::ostream& err);

}  // namespace annabella::app
