// Fuzzes the DGT decoder (tactile/dgt_protocol.h) and the Pegboard behind it (the checks:
// tests/fuzz/protocol_fuzz.h).
#include "tests/fuzz/protocol_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto reply =
      annabella::fuzz::fuzz_protocol(annabella::tactile::ProtocolKind::Dgt, data, size);
  annabella::fuzz::check(reply.empty());  // a DGT host never answers a board message
  return 0;
}
