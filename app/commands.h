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
  std::string html;  // file, optional
};
int run_reconcile(const ReconcileOptions& options, std::ostream& out, std::ostream& err);

}  // namespace annabella::app
