// Fuzzes the peg protocol decoder (tactile/peg_protocol.h) and the Pegboard behind it (the
// checks: tests/fuzz/protocol_fuzz.h).
#include <string>

#include "tactile/peg_protocol.h"
#include "tests/fuzz/protocol_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using annabella::fuzz::check;
  const auto reply =
      annabella::fuzz::fuzz_protocol(annabella::tactile::ProtocolKind::Peg, data, size);
  // The host's only answer to a board is a full-scan request (after a bad or lost line).
  const std::string scan = annabella::tactile::peg::encode_scan_request();
  check(reply.size() % scan.size() == 0);
  for (std::size_t at = 0; at < reply.size(); at += scan.size())
    check(std::equal(scan.begin(), scan.end(), reply.begin() + static_cast<std::ptrdiff_t>(at)));
  return 0;
}
