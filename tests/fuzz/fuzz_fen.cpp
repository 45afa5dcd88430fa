// libFuzzer target for the FEN reader: any input is refused with a message or read into a
// position that writes back to a FEN that reads back to the same position, whose legal moves
// never leave the mover's king in check.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/movegen.h"
#include "core/position.h"

#include "tests/fuzz/fuzz_check.h"

using namespace annabella::core;

using annabella::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto pos = Position::from_fen(text);
  if (!pos) {
    check(!pos.error().message.empty());
    return 0;
  }
  const std::string fen = pos->fen();
  auto again = Position::from_fen(fen);
  check(again.has_value());
  check(*again == *pos);
  check(again->fen() == fen);
  const Color us = pos->side_to_move();
  for (Move m : legal_moves(*pos)) {
    const Position next = pos->after(m);
    check(!(next.attackers_to(next.king_square(us)) & next.pieces(~us)));
    check(next.side_to_move() == ~us);
  }
  check(count_legal_moves(*pos) == legal_moves(*pos).size());
  return 0;
}
