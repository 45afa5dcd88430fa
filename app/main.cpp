// The annabella executable: every sub-command is parsed in app/cli.cpp.
#include <csignal>

#include "app/cli.h"

int main(int argc, char** argv) {
  // A file size limit (ulimit -f, RLIMIT_FSIZE) must not kill the station with SIGXFSZ in the
  // middle of a game, or before it has written anything: ignored, a write past the limit fails
  // with EFBIG instead, and the record takes it as it takes a full disk (said once, the journal's
  // entries and the log's lines kept waiting, D.2.7; docs/record.md).
  std::signal(SIGXFSZ, SIG_IGN);
  return annabella::app::run_cli(argc, argv);
}
