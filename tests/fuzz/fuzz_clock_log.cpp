// Fuzzes the clock log reader of `annabella reconcile --clock-log FILE` (core/reconcile.h
// parse_clock_log): any text never crashes; what is accepted has increasing plies, and a refusal
// names the line.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/reconcile.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace annabella;
  using fuzz::check;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto plies = core::parse_clock_log(text);
  if (!plies) {
    check(plies.error().message.find("line") != std::string::npos);
    return 0;
  }
  for (std::size_t i = 1; i < plies->size(); ++i) check((*plies)[i - 1].ply < (*plies)[i].ply);
  return 0;
}
