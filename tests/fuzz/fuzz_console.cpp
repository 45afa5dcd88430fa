// libFuzzer target for the console's line reader and board reading (what an assistant types, or
// a board button or tactile clock sends): never a crash; every line is a command or refused with
// a message; a line holding control bytes is refused naming it; a board query is answered or
// refused with a message that quotes it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include "app/board_reading.h"
#include "app/console.h"
#include "app/station_runner.h"
#include "core/text.h"
#include "tests/fuzz/fuzz_check.h"

using namespace annabella;
using annabella::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string line(reinterpret_cast<const char*>(data), size);
  auto command = app::parse_console_line(line);
  if (!command) {
    check(!command.error().message.empty());
  } else {
    // One reading per line: the same line parses to the same command kind again.
    auto again = app::parse_console_line(line);
    check(again && again->index() == command->index());
    // A move is entered as typed (its words joined by single spaces): every other character of
    // its text comes from the line, never made up.
    if (const auto* move = std::get_if<app::cmd::EnterMove>(&*command)) {
      check(!move->text.empty());
      for (const char c : move->text) check(c == ' ' || line.find(c) != std::string::npos);
    }
  }
  // A line with an escape sequence or another control byte is refused before any command: the
  // message names the line with its bytes made visible and holds no control byte itself.
  if (const auto problem = app::console_line_problem(line)) {
    for (const char c : *problem)
      check(static_cast<unsigned char>(c) >= 0x20 && static_cast<unsigned char>(c) != 0x7F);
    check(problem->find(core::escape_controls(line)) != std::string::npos);
  }
  static const core::Position kiwipete = *core::Position::from_fen(
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  auto text = app::read_board(kiwipete, line);
  if (text)
    check(!text->empty());
  else
    check(!text.error().message.empty());
  return 0;
}
