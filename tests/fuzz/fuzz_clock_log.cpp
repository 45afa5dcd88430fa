// Fuzzes the readers of `annabella reconcile --clock-log FILE` (app/reconcile_inputs.h
// clock_log_of): the "ply white_ms black_ms" lines (core::parse_clock_log), a PGN's [%clk]
// comments (core::clock_log_from_pgn, the station's game.pgn) and the station's journal (read
// with the journal's own codec). Any text never crashes; what is accepted has increasing plies;
// a refusal says why (the line, for the clock log's own format).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "app/reconcile_inputs.h"
#include "core/clock_log.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

void check_increasing(const std::vector<annabella::core::ClockPly>& plies) {
  for (std::size_t i = 1; i < plies.size(); ++i)
    annabella::fuzz::check(plies[i - 1].ply < plies[i].ply);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace annabella;
  using fuzz::check;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  if (auto plies = core::parse_clock_log(text))
    check_increasing(*plies);
  else
    check(plies.error().line > 0);
  if (auto plies = core::clock_log_from_pgn(text))
    check_increasing(*plies);
  else
    check(plies.error().kind == core::ClockLogError::Kind::NoGame ||
          plies.error().kind == core::ClockLogError::Kind::NoClockComment);
  // Whichever form the text looks like (a journal line, a PGN, clock log lines).
  if (auto plies = app::clock_log_of(text, "fuzz"))
    check_increasing(*plies);
  else
    check(!plies.error().message.empty());
  return 0;
}
