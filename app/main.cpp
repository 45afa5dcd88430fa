// The annabella executable: every sub-command is parsed in app/cli.cpp.
#include "app/cli.h"

int main(int argc, char** argv) {
  return annabella::app::run_cli(argc, argv);
}
