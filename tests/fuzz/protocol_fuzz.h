// The checks both protocol fuzzers make (tests/fuzz/fuzz_dgt.cpp, tests/fuzz/fuzz_peg.cpp):
// any bytes, in any chunking, never crash the decoder or the Pegboard behind it; decoding does
// not depend on how the bytes are split (byte by byte and in chunks give the same inputs and
// counts); garbage is counted and reported once per run of garbage (between two reports a
// well-formed message came); every input is well-formed; nothing illegal enters the game.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "tactile/board_protocol.h"
#include "tactile/pegboard.h"
#include "tests/fuzz/fuzz_check.h"

namespace annabella::fuzz {

// Runs every check on `data` (its first byte chooses the chunk size) and returns what the host
// would have sent back, for the protocol's own checks.
inline std::vector<std::uint8_t> fuzz_protocol(tactile::ProtocolKind kind, const std::uint8_t* data,
                                               std::size_t size) {
  using namespace tactile;
  std::vector<std::uint8_t> reply;
  if (size == 0) return reply;
  // The first byte chooses the chunk size (1..16): the decoder must not care.
  const std::size_t chunk = data[0] % 16 + 1;
  const std::span<const std::uint8_t> bytes(data + 1, size - 1);

  // Byte by byte: garbage is counted, and reported again only after a well-formed message.
  const auto bytewise_protocol = make_protocol(kind);
  BoardProtocol& bytewise = *bytewise_protocol;
  (void)bytewise.connect_bytes();
  std::vector<BoardInput> one_by_one;
  std::vector<std::uint8_t> bytewise_reply;
  std::uint64_t messages_at_last_report = 0;
  bool reported = false;
  // Each byte carries the time of the chunk it is in below (7 ms a chunk): a decoder may use the
  // time stamps (the peg decoder rate-limits its scan requests by them), and both runs must
  // see the same ones.
  const auto time_of_chunk = [](std::size_t index) {
    return TimePoint{} + std::chrono::milliseconds(7) * static_cast<long long>(index + 1);
  };
  for (std::size_t at = 0; at < bytes.size(); ++at) {
    const std::size_t before = one_by_one.size();
    bytewise.decode(bytes.subspan(at, 1), time_of_chunk(at / chunk), one_by_one, bytewise_reply);
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
      if (input.kind == BoardInput::Kind::Scan)
        check(input.scan.identifies_pieces == bytewise.identifies_pieces());
    }
  }

  // In chunks: the same inputs, the same counts; fed on to a Pegboard.
  const auto chunked_protocol = make_protocol(kind);
  BoardProtocol& chunked = *chunked_protocol;
  (void)chunked.connect_bytes();
  Pegboard pegboard(core::Position{},
                    {.settle = std::chrono::milliseconds(0), .auto_announce = true});
  std::vector<BoardInput> inputs;
  std::vector<PegboardEvent> events;
  std::size_t compared = 0;
  for (std::size_t at = 0; at < bytes.size(); at += chunk) {
    const TimePoint now = time_of_chunk(at / chunk);
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
  check(reply == bytewise_reply);
  check(core::Position::from_fen(pegboard.position().fen()).has_value());
  return reply;
}

}  // namespace annabella::fuzz
