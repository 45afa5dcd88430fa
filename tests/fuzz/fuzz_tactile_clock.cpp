// Fuzzes both readers of the tactile clock protocol (docs/tactile-clock-protocol.md): the host's
// decoder of the device's lines (tactile::TactileClockDecoder) and the device's reference parser
// of the host's lines (tactile::tclk::parse_host_line). Any bytes never crash either; decoding
// does not depend on how the bytes are split; garbage is counted and reported once per run of
// garbage; a host line that parses is written back the same by the host's encoders.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "tactile/tactile_clock.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace annabella::tactile;
using annabella::fuzz::check;

bool same(const TactileClockInput& a, const TactileClockInput& b) {
  return a.kind == b.kind && a.button == b.button && a.version == b.version && a.id == b.id &&
         a.detail == b.detail;
}

// The host's encoders write a parsed host line back to a line that parses the same.
void check_host_line(std::string_view line) {
  const auto command = tclk::parse_host_line(line);
  if (!command) return;
  std::string again;
  switch (command->kind) {
    case tclk::HostCommand::Kind::Hello:
      again = tclk::encode_host_hello(command->version);
      break;
    case tclk::HostCommand::Kind::Vibrate: {
      tclk::Vibration vibration;
      vibration.cue = command->cue;
      vibration.steps_ms = command->steps_ms;
      again = tclk::encode_vibrate(command->id, vibration);
      break;
    }
    case tclk::HostCommand::Kind::Stop:
      again = tclk::encode_stop(command->id);
      break;
  }
  while (!again.empty() && (again.back() == '\n' || again.back() == '\r')) again.pop_back();
  const auto reparsed = tclk::parse_host_line(again);
  check(reparsed.has_value());
  check(reparsed->kind == command->kind && reparsed->version == command->version &&
        reparsed->id == command->id && reparsed->cue == command->cue &&
        reparsed->steps_ms == command->steps_ms);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  // The first byte chooses the chunk size (1..16): the decoder must not care.
  const std::size_t chunk = data[0] % 16 + 1;
  const std::span<const std::uint8_t> bytes(data + 1, size - 1);

  TactileClockDecoder bytewise;
  std::vector<TactileClockInput> one_by_one;
  std::uint64_t messages_at_last_report = 0;
  bool reported = false;
  for (const std::uint8_t byte : bytes) {
    const std::size_t before = one_by_one.size();
    bytewise.decode(std::span(&byte, 1), {}, one_by_one);
    for (std::size_t i = before; i < one_by_one.size(); ++i) {
      if (one_by_one[i].kind != TactileClockInput::Kind::Garbage) continue;
      check(bytewise.stats().bad_messages > 0 || bytewise.stats().garbage_bytes > 0);
      check(!reported || bytewise.stats().messages > messages_at_last_report);
      messages_at_last_report = bytewise.stats().messages;
      reported = true;
    }
  }

  TactileClockDecoder chunked;
  std::vector<TactileClockInput> in_chunks;
  for (std::size_t at = 0; at < bytes.size(); at += chunk)
    chunked.decode(bytes.subspan(at, std::min(chunk, bytes.size() - at)), {}, in_chunks);
  check(in_chunks.size() == one_by_one.size());
  for (std::size_t i = 0; i < in_chunks.size(); ++i) check(same(in_chunks[i], one_by_one[i]));
  check(chunked.stats().messages == bytewise.stats().messages);
  check(chunked.stats().bad_messages == bytewise.stats().bad_messages);
  check(chunked.stats().garbage_bytes == bytewise.stats().garbage_bytes);

  // The same bytes as host lines, as a device's firmware reads them.
  const std::string_view text(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  std::size_t from = 0;
  while (from <= text.size()) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(from, end - from);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    check_host_line(line);
    from = end + 1;
  }
  return 0;
}
