// The game header the recording tests seal and verify: one fixed game (two players, an event, a
// round and a board), so that every suite's seals name the same game.
#pragma once

#include "app/journal_records.h"
#include "core/game.h"

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

// The end the recording tests record: Black resigns (Art. 5.1.2), 1-0.
inline core::GameEnd resignation() {
  core::GameEnd end;
  end.result = core::GameResult::WhiteWins;
  end.termination = core::Termination::Resignation;
  end.rule = "Art. 5.1.2";
  end.reason = "Black resigns";
  return end;
}

}  // namespace annabella::testing
