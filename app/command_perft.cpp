#include <ostream>

#include "app/commands.h"
#include "app/fen_text.h"
#include "core/chess960.h"
#include "core/movegen.h"

namespace annabella::app {
namespace {

Result<core::Position> start_position(const PerftOptions& options) {
  if (options.number != -1) {  // Guidelines II.2: a Chess960 start position by number
    if (!options.fen.empty()) return fail(std::string("give either --fen or --number, not both"));
    if (auto start = core::chess960_start_position(options.number)) return std::move(*start);
    return fail(text::chess960_number_error(options.number));
  }
  auto pos = core::Position::from_fen(
      options.fen.empty() ? core::kStartFen : options.fen,
      options.chess960 ? core::Variant::Chess960 : core::Variant::Standard);
  if (!pos) return fail(text::fen_error(pos.error()));
  return std::move(*pos);
}

}  // namespace

int run_perft(const PerftOptions& options, std::ostream& out, std::ostream& err) {
  auto pos = start_position(options);
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
