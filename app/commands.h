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

// annabella clock --control "DESCRIPTION" --events FILE [--json]: replays presses ("SECONDS
// white|black" a line; "SECONDS pause|resume" for the arbiter; White's clock starts at 0) and
// prints the times after each press, period changes and flag falls (Art. 6, 6.9).
struct ClockOptions {
  std::string control;  // FIDE-style or PGN TimeControl (core::read_time_control)
  std::string events;
  bool json = false;
};
int run_clock(const ClockOptions& options, std::ostream& out, std::ostream& err);

}  // namespace annabella::app
