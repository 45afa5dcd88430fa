// Fuzzes the spoken-move parser (speech/move_parser.h) with arbitrary text, including invalid
// UTF-8, in positions with castling, en passant and promotions. Any result is fine; a crash,
// a sanitizer report or a "move" that is not legal is not; and a text is never decided silently
// (D.2.1): parse gives a move exactly when there is one reading, else Ambiguous with every
// reading. With the assistant's letters set, only those letters (and the words) are read.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/movegen.h"
#include "speech/move_parser.h"

namespace {

using namespace annabella;

struct Fixture {
  speech::MoveParser parser{*speech::Vocabulary::load("fide")};
  speech::MoveParser english{*speech::Vocabulary::load("fide"),
                             speech::MoveParser::letters_setting("en")};
  core::Position positions[3] = {
      core::Position(),
      *core::Position::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
      *core::Position::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"),
  };
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const Fixture fixture;
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  const core::Position& pos = fixture.positions[data[0] % 3];
  const core::MoveList legal = core::legal_moves(pos);
  for (const speech::MoveParser* parser : {&fixture.parser, &fixture.english}) {
    const auto readings = parser->readings(pos, text);
    for (std::size_t i = 0; i < readings.size(); ++i) {
      if (!legal.contains(readings[i].move)) __builtin_trap();
      for (std::size_t j = 0; j < i; ++j)
        if (readings[j].move == readings[i].move) __builtin_trap();
      if (parser == &fixture.english && readings[i].letters != "en" &&
          readings[i].letters != "profile fide")
        __builtin_trap();
    }
    auto move = parser->parse(pos, text);
    if (move) {
      if (!legal.contains(*move) || readings.size() != 1 || readings.front().move != *move)
        __builtin_trap();
    } else if (move.error().kind == speech::HeardMoveError::Kind::Ambiguous) {
      if (readings.size() < 2 || move.error().readings != readings) __builtin_trap();
    } else if (!readings.empty() ||
               (move.error().detail == speech::HeardMoveError::Detail::UnknownWord &&
                move.error().word.empty())) {
      __builtin_trap();
    }
  }
  (void)speech::MoveParser::fold(text);
  return 0;
}
