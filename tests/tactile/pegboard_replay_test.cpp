// Whole games replayed into the Pegboard in synthetic time: the independent board emulator's
// hand orders (tests/tactile/hand_emulator.h) fed straight in, with no pty and no scheduler in
// between, so a game the recogniser misjudges is misjudged on every run (the pty-based
// BoardRecognition tests and bench_recognition play the same games in real time).
#include <gtest/gtest.h>

#include "core/notation.h"
#include "tactile/pegboard.h"
#include "tests/tactile/replay.h"

namespace annabella::tactile {
namespace pegboard_replay_test {
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

// Boards of the 800-board sweep (bench_recognition --replay --games 200 --seed 200 --plies 80)
// that went wrong, each for another cause, all in board watch: a touch of the reply made a
// completed move the board had slid on from (223: h7-h6 recorded for h7-h5), a crash playing a
// sequence from the position before that touch made the move (208), a peg lifted again from a
// slide's square ruled out every move (272: Qxe6 never made), the board judged early while the
// reply's bishop slid through the square just left (284: "illegal"), a piece-identifying
// board's capture with no lift not taken as the reply's start (364: e2-e3 recorded for e2-e4),
// and the reply's own slide judged when lifted again on its way (334: Re3-e4 for Re3-e7).
TEST(PegboardReplay, TheSweepsBoardsOnceWrongAreRecognisedWhole) {
  struct Board {
    Wire wire;
    std::uint32_t seed;
  };
  for (const Board b : {Board{Wire::Peg, 223}, Board{Wire::Dgt, 208}, Board{Wire::Peg, 272},
                        Board{Wire::Peg, 284}, Board{Wire::Dgt, 364}, Board{Wire::Peg, 334}}) {
    PegboardSettings settings;
    settings.settle = 100ms;
    settings.made_by_reply = true;
    const Replay r = replay(b.wire, settings, b.seed, 80, emulator::Pace{}.faster(2.5));
    const std::string what = std::string(b.wire == Wire::Peg ? "peg" : "DGT") +
                             " board watch, seed " + std::to_string(b.seed);
    EXPECT_EQ(emulator::numbered_uci(r.made), emulator::numbered_uci(r.played)) << what << "\n"
                                                                                << r.log;
    EXPECT_FALSE(r.says("illegal")) << what << "\n" << r.log;
    EXPECT_FALSE(r.says("out of sync")) << what << "\n" << r.log;
  }
}

// Hands 3.5 times a person's pace (bench_recognition --replay --games 300 --seed 1 --plies 80
// --factor 3.5 had 167 of 1,200 boards wrong, all on the peg board): a capture's removal and
// placement on one square 100 ms apart at a person's pace were 28 ms apart, under the unscaled
// 30 ms bounce window, and read as sensor bounce (peg board watch, seed 9: 15. Bxb2 never made).
// No hand is that fast; with the recogniser's times scaled as the hands' (settings_at), the
// boards that went wrong are recognised whole.
TEST(PegboardReplay, FasterHandsWithTheRecognisersTimesScaledAlike) {
  const emulator::Pace pace = emulator::Pace{}.faster(3.5);
  EXPECT_LT(emulator::settings_at(3.5, true).bounce, pace.within_min);
  EXPECT_GT(PegboardSettings{}.bounce, pace.within_min);  // unscaled: a touch could be bounce
  for (const std::uint32_t seed : {1U, 4U, 6U, 9U, 10U})
    for (const bool watch : {true, false}) {
      const Replay r = replay(Wire::Peg, emulator::settings_at(3.5, watch), seed, 80, pace);
      const std::string what = std::string("peg ") + (watch ? "board watch" : "e-board") +
                               ", seed " + std::to_string(seed);
      EXPECT_EQ(emulator::numbered_uci(r.made), emulator::numbered_uci(r.played)) << what << "\n"
                                                                                  << r.log;
      EXPECT_FALSE(r.says("illegal")) << what;
    }
}

}  // namespace
}  // namespace pegboard_replay_test
}  // namespace annabella::tactile
