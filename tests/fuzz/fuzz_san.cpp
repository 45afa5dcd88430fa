// libFuzzer target for the move reader and writers. The first bytes walk a random game from the
// initial position (each byte picks a legal move); there, every legal move written in SAN and in
// long algebraic, in every built-in language, must read back (SAN strictly, LAN leniently) as the
// same move. The rest of the input is read as a move in every language, strictly and leniently:
// it may be refused (with a message), but a move read must be legal, and a strict read must be
// canonical SAN.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/movegen.h"
#include "core/notation.h"

#include "tests/fuzz/fuzz_check.h"

using namespace annabella::core;

using annabella::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t walk = std::min<std::size_t>(data[0] % 64, size - 1);
  Position pos;
  for (std::size_t i = 1; i <= walk; ++i) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    pos.play(moves[data[i] % moves.size()]);
  }
  const MoveList moves = legal_moves(pos);
  for (const PieceLetters& letters : builtin_piece_letters()) {
    for (Move m : moves) {
      auto san = read_move(pos, to_san(pos, m, letters), letters, Strictness::Strict);
      check(san.has_value() && *san == m);
      auto lan = read_move(pos, to_lan(pos, m, letters), letters, Strictness::Lenient);
      check(lan.has_value() && *lan == m);
    }
  }
  const std::string_view text(reinterpret_cast<const char*>(data) + walk + 1, size - walk - 1);
  for (const PieceLetters& letters : builtin_piece_letters()) {
    for (Strictness s : {Strictness::Strict, Strictness::Lenient}) {
      auto m = read_move(pos, text, letters, s);
      if (!m) {
        check(!m.error().message.empty());
        if (m.error().kind == MoveReadError::Kind::Ambiguous)
          check(m.error().candidates.size() >= 2);
        continue;
      }
      check(moves.contains(*m));
      if (s == Strictness::Strict) {
        auto back = read_move(pos, to_san(pos, *m, letters), letters, Strictness::Strict);
        check(back.has_value() && *back == *m);
      }
    }
  }
  return 0;
}
