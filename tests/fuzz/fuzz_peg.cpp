// Fuzzes the peg protocol decoder (tactile/peg_protocol.h) and the Pegboard behind it (the
// checks: tests/fuzz/protocol_fuzz.h), twice per input:
//   - the bytes as they are (framing, checksums, garbage);
//   - the bytes as message bodies: every line is given its correct CRC-8 before it is fed. A
//     mutated line almost never keeps a valid checksum (1 in 256), so on raw bytes libFuzzer
//     spends its time on checksum failures and hardly reaches the message interpreter; a bare
//     "PEG" body (std::out_of_range on the reader's thread) stayed hidden that way.
#include <string>
#include <string_view>
#include <vector>

#include "tactile/peg_protocol.h"
#include "tests/fuzz/protocol_fuzz.h"

namespace {

using annabella::fuzz::check;

// The host's only answer to a board is a full-scan request (after a PEG, a bad or lost line, or
// events while the board is unknown).
void check_reply(const std::vector<std::uint8_t>& reply) {
  const std::string scan = annabella::tactile::peg::encode_scan_request();
  check(reply.size() % scan.size() == 0);
  for (std::size_t at = 0; at < reply.size(); at += scan.size())
    check(std::equal(scan.begin(), scan.end(), reply.begin() + static_cast<std::ptrdiff_t>(at)));
}

// data[0] (the chunk size) kept; every LF-separated line of the rest framed with its correct
// checksum (a line that already ends in "*CC" has those three characters replaced, so framed
// seeds stay meaningful).
std::vector<std::uint8_t> reframed(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint8_t> out{data[0]};
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  std::size_t from = 0;
  while (from < text.size()) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    std::string_view body = text.substr(from, end - from);
    if (body.size() >= 3 && body[body.size() - 3] == '*') body.remove_suffix(3);
    const std::string line = annabella::tactile::peg::frame(body);
    out.insert(out.end(), line.begin(), line.end());
    from = end + 1;
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using annabella::tactile::ProtocolKind;
  check_reply(annabella::fuzz::fuzz_protocol(ProtocolKind::Peg, data, size));
  if (size == 0) return 0;
  const auto bodies = reframed(data, size);
  check_reply(annabella::fuzz::fuzz_protocol(ProtocolKind::Peg, bodies.data(), bodies.size()));
  return 0;
}
