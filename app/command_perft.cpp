#include <ostream>

#include "app/commands.h"
#include "core/movegen.h"

namespace annabella::app {

int run_perft(const PerftOptions& options, std::ostream& out, std::ostream& err) {
  auto pos = core::Position::from_fen(options.fen.empty() ? core::kStartFen : options.fen);
  if (!pos) {
    err << "annabella perft: " << pos.error().message << '\n';
    return 2;
  }
  if (options.depth < 0) {
    err << "annabella perft: --depth must be 0 or more\n";
    return 2;
  }
  std::uint64_t total = 0;
  if (options.divide && options.depth >= 1) {
    for (core::Move m : core::legal_moves(*pos)) {
      const std::uint64_t n = core::perft(pos->after(m), options.depth - 1);
      out << core::to_uci(m) << ": " << n << '\n';
      total += n;
    }
    out << '\n';
  } else {
    total = core::perft(*pos, options.depth);
  }
  out << total << '\n';
  return 0;
}

}  // namespace annabella::app
