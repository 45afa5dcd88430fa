// Whole games replayed into the Pegboard in synthetic time: the independent board emulator's
// hand orders (tests/tactile/hand_emulator.h) fed straight in, with no pty and no scheduler in
// between, so a game the recogniser misjudges is misjudged on every run (the pty-based
// BoardRecognition tests and bench_recognition play the same games in real time).
#include <gtest/gtest.h>

#include "core/notation.h"
#include "tactile/pegboard.h"
#include "tests/tactile/replay.h"

namespace annabella::tactile {
namespace {

using namespace std::chrono_literals;
using emulator::Replay;
using emulator::replay;
using emulator::Wire;

// The bench's games (bench_recognition --games 2 --plies 60 --seed 1..5: seeds s and s + 97)
// at its pace (2.5 times a person's, settle 100 ms), on both boards, in both readings. Peg board
// watch, seed 1, is where a bishop's slide through b4 once read as Nb4 Bxb4.
TEST(PegboardReplay, TheBenchsGamesAreRecognisedWhole) {
  for (const Wire wire : {Wire::Peg, Wire::Dgt}) {
    for (const bool watch : {true, false}) {
      for (std::uint32_t first = 1; first <= 5; ++first) {
        for (const std::uint32_t seed : {first, first + 97}) {
          PegboardSettings settings;
          settings.settle = 100ms;
          settings.made_by_reply = watch;
          settings.auto_announce = !watch;
          const Replay r = replay(wire, settings, seed, 60, emulator::Pace{}.faster(2.5));
          const std::string what = std::string(wire == Wire::Peg ? "peg " : "DGT ") +
                                   (watch ? "board watch" : "e-board") + ", seed " +
                                   std::to_string(seed);
          EXPECT_EQ(emulator::numbered_uci(r.made), emulator::numbered_uci(r.played))
              << what << "\n"
              << r.log;
          EXPECT_TRUE(r.time_ordered) << what << "\n" << r.log;
          EXPECT_EQ(r.log.find("out of sync"), std::string::npos) << what << "\n" << r.log;
          EXPECT_EQ(r.log.find("illegal"), std::string::npos) << what << "\n" << r.log;
        }
      }
    }
  }
}

}  // namespace
}  // namespace annabella::tactile
