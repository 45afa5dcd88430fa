// Fuzzes the DGT decoder (tactile/dgt_protocol.h) and the Pegboard behind it: any bytes, in any
// chunking, never crash; garbage is counted and reported once per run of garbage (between two
// reports a well-formed message came); every input the decoder produces is well-formed; nothing
// illegal enters the game (the Pegboard's position stays a legal position).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "tactile/dgt_protocol.h"
#include "tactile/pegboard.h"

namespace {

using namespace annabella;
using namespace annabella::tactile;

void check(bool ok) {
  if (!ok) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // The first byte chooses the chunk size (1..16): the decoder must not care.
  const std::size_t chunk = data[0] % 16 + 1;
  const std::span<const std::uint8_t> bytes(data + 1, size - 1);
  std::vector<std::uint8_t> reply;

  // Byte by byte: garbage is counted, and reported again only after a well-formed message.
  DgtProtocol bytewise;
  (void)bytewise.connect_bytes();
  std::vector<BoardInput> one_by_one;
  std::uint64_t messages_at_last_report = 0;
  bool reported = false;
  for (const std::uint8_t byte : bytes) {
    const std::size_t before = one_by_one.size();
    bytewise.decode(std::span(&byte, 1), TimePoint{}, one_by_one, reply);
    for (std::size_t i = before; i < one_by_one.size(); ++i) {
      const BoardInput& input = one_by_one[i];
      if (input.kind == BoardInput::Kind::Garbage) {
        check(bytewise.stats().garbage_bytes > 0 || bytewise.stats().bad_messages > 0);
        check(!reported || bytewise.stats().messages > messages_at_last_report);
        messages_at_last_report = bytewise.stats().messages;
        reported = true;
      }
      if (input.kind == BoardInput::Kind::Lift || input.kind == BoardInput::Kind::Place)
        check(core::is_ok(input.square));
      if (input.kind == BoardInput::Kind::Scan) check(input.scan.identifies_pieces);
    }
  }

  // In chunks: the same inputs, the same counts; fed on to a Pegboard.
  DgtProtocol chunked;
  (void)chunked.connect_bytes();
  Pegboard pegboard(core::Position{},
                    {.settle = std::chrono::milliseconds(0), .auto_announce = true});
  TimePoint now{};
  std::vector<BoardInput> inputs;
  std::vector<PegboardEvent> events;
  std::size_t compared = 0;
  for (std::size_t at = 0; at < bytes.size(); at += chunk) {
    now += std::chrono::milliseconds(7);
    inputs.clear();
    chunked.decode(bytes.subspan(at, std::min(chunk, bytes.size() - at)), now, inputs, reply);
    for (const auto& input : inputs) {
      check(compared < one_by_one.size());
      const BoardInput& same = one_by_one[compared++];
      check(input.kind == same.kind && input.square == same.square && input.piece == same.piece &&
            input.scan == same.scan && input.detail == same.detail);
      pegboard.feed(input, events);
    }
    pegboard.tick(now, events);
    events.clear();
  }
  check(compared == one_by_one.size());
  check(chunked.stats().messages == bytewise.stats().messages &&
        chunked.stats().garbage_bytes == bytewise.stats().garbage_bytes &&
        chunked.stats().bad_messages == bytewise.stats().bad_messages);
  check(reply.empty());  // a DGT host never answers a board message
  check(core::Position::from_fen(pegboard.position().fen()).has_value());
  return 0;
}
