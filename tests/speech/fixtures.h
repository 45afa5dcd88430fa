// Helpers shared by the speech tests: a shipped profile, a position from FEN, a move from SAN.
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "core/notation.h"
#include "core/position.h"
#include "speech/vocabulary.h"

namespace annabella::speech::fixtures {

inline Vocabulary profile(const char* name) {
  auto v = Vocabulary::load(name);
  EXPECT_TRUE(v) << name;
  return v ? *v : Vocabulary();
}

inline core::Position position(std::string_view fen) {
  auto pos = core::Position::from_fen(fen);
  EXPECT_TRUE(pos) << fen;
  return pos ? *pos : core::Position();
}

inline core::Move move(const core::Position& pos, std::string_view san) {
  auto m = core::read_move(pos, san);
  EXPECT_TRUE(m) << san;
  return m ? *m : core::Move();
}

}  // namespace annabella::speech::fixtures
