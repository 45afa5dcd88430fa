// The game header the recording tests seal and verify: one fixed game (two players, an event, a
// round and a board), so that every suite's seals name the same game.
#pragma once

#include "app/journal_records.h"

namespace annabella::testing {

inline app::RecordHeader game_header() {
  app::RecordHeader h;
  h.white = "Anna Blind";
  h.black = "Bert Sighted";
  h.event = "Open";
  h.round = "3";
  h.board = 2;
  return h;
}

}  // namespace annabella::testing
