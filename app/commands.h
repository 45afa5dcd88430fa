// The sub-commands of annabella, each a plain function of its options, so that the command
// line parser (app/cli.cpp) is the only place that knows CLI11. Each returns the exit code and
// writes results to `out`, errors to `err`.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace annabella::app {

struct PerftOptions {
  std::string fen;
  int depth = 1;
  bool divide = false;
};
int run_perft(const PerftOptions& options, std::ostream& out, std::ostream& err);

// annabella config check FILE: reads the file and reports every problem (key, line, allowed).
struct ConfigCheckOptions {
  std::string file;
};
int run_config_check(const ConfigCheckOptions& options, std::ostream& out, std::ostream& err);
// annabella config example: the fully commented example (docs/example.toml).
int run_config_example(std::ostream& out);

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

}  // namespace annabella::app
