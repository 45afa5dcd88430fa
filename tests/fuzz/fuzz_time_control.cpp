// Fuzzes the time control readers (FIDE text, PGN tag) and the tactile clock's line codec.
// Properties: nothing crashes; whatever is read is written back and read again to the same
// control, in both forms.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "core/time_control.h"
#include "tactile/tactile_clock.h"

using namespace annabella;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (const auto& read : {core::parse_time_control(text), core::parse_pgn_time_control(text),
                           core::read_time_control(text)}) {
    if (!read) continue;
    const auto again = core::parse_time_control(core::to_fide_text(*read));
    if (!again || !(*again == *read)) std::abort();
    if (const auto pgn = core::to_pgn_time_control(*read)) {
      const auto from_pgn = core::parse_pgn_time_control(*pgn);
      if (!from_pgn || !(*from_pgn == *read)) std::abort();
    }
  }
  (void)tactile::tclk::parse_host_line(text);
  (void)tactile::tclk::parse_pattern(text);
  tactile::TactileClockDecoder decoder;
  std::vector<tactile::TactileClockInput> out;
  decoder.decode(std::span(data, size), tactile::TimePoint{}, out);
  return 0;
}
