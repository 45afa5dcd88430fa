// The command line of annabella (the only file that includes CLI11 is app/cli.cpp).
#pragma once

namespace annabella::app {

// Parses the command line, runs the sub-command and returns the process exit code.
int run_cli(int argc, char** argv);

}  // namespace annabella::app
