// Crash safety: the real station is killed with SIGKILL at random moments of a scripted game,
// at least 50 times; after each kill the journal rebuilds every move the station had reported
// made, with the clock times it reported, and `play --resume` continues the game. Now and then
// a torn entry is left at the journal's end (as a power cut mid-write would): it is dropped and
// said, never misread.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <regex>

#include "app/game_record.h"
#include "app/journal.h"
#include "core/notation.h"
#include "core/time_control.h"
#include "support/child_process.h"
#include "support/sanitized.h"
#include "support/temp_dir.h"

namespace annabella::app {
namespace crash_test {
namespace {

using namespace std::chrono_literals;
using annabella::testing::ChildProcess;
using annabella::testing::TempDir;

// A Ruy Lopez: White (the VI player) on the pegboard, Black typed by the assistant.
const std::vector<std::string> kScript = {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4",
                                          "g8f6", "e1g1", "f8e7", "f1e1", "b7b5", "a4b3", "d7d6",
                                          "c2c3", "e8g8", "h2h3", "c6b8", "d2d4", "b8d7"};

struct Seen {
  int made = 0;             // "made" lines printed before the kill
  std::string last_clocks;  // "White H:MM:SS, Black H:MM:SS" of the last one
};

Seen seen_in(const std::string& output) {
  static const std::regex kMade(
      R"(made \d+\.(?:\.\.)? \S+ \(\w+\) by \w+; (White \S+, Black \S+))");
  Seen seen;
  for (auto it = std::sregex_iterator(output.begin(), output.end(), kMade);
       it != std::sregex_iterator(); ++it) {
    ++seen.made;
    seen.last_clocks = (*it)[1];
  }
  return seen;
}

// Fifty kills in the Release run, twenty under the sanitizers (each kill there is a slower
// start of an instrumented station); a torn last entry every tenth kill in both.
TEST(CrashSafety, KilledAtRandomMomentsNothingCompletedIsLost) {
  const int wanted = annabella::testing::kSanitized ? 20 : 50;
  TempDir dir;
  std::mt19937 random(20261123);
  int kills = 0, torn = 0, games = 0;
  std::filesystem::path record = dir.path() / "game-0";
  const auto deadline = std::chrono::steady_clock::now() + 240s;
  while (kills < wanted) {
    ASSERT_LT(std::chrono::steady_clock::now(), deadline) << "after " << kills << " kills";
    const bool resume = std::filesystem::exists(record / "game.journal");
    std::size_t done = 0;
    if (resume) {
      auto journal = read_journal(record / "game.journal");
      ASSERT_TRUE(journal) << journal.error().message;
      auto game = replay_journal(*journal);
      ASSERT_TRUE(game) << game.error().message;
      done = game->game().ply_count();
    }
    if (done == kScript.size()) {  // the scripted game is over: the next one
      record = dir.path() / ("game-" + std::to_string(++games));
      continue;
    }
    std::vector<std::string> args = {ANNABELLA_BINARY, "play", "--silent", "--record",
                                     record.string()};
    if (resume) args.push_back("--resume");
    ChildProcess station(args);
    ASSERT_TRUE(station.wait_for("connected: the board", 30s)) << station.output();
    if (resume) {
      EXPECT_NE(station.output().find("Restored the game"), std::string::npos);
    }
    // Play on for a random number of plies, then kill at a random moment of the next one.
    const std::size_t plies = std::uniform_int_distribution<std::size_t>(0, 3)(random);
    bool in_step = true;
    for (std::size_t k = 0; k < plies + 1 && done + k < kScript.size() && in_step; ++k) {
      const std::size_t ply = done + k;
      const std::string& uci = kScript[ply];
      const bool last = k == plies;  // the one the kill interrupts
      if (ply % 2 == 0) {
        station.send("sim play " + uci);
      } else {
        station.send(uci);  // the assistant types the sighted player's move
        if (!last) {
          in_step = station.wait_for("(" + uci + ") by console", 30s);
          station.send("sim play " + uci);
        }
      }
      if (last) {
        std::this_thread::sleep_for(
            std::chrono::milliseconds(std::uniform_int_distribution<int>(0, 300)(random)));
      } else {
        in_step =
            in_step &&
            station.wait_for(ply % 2 == 0 ? "(" + uci + ") by pegboard" : "executed " + uci, 30s);
      }
    }
    ASSERT_TRUE(in_step) << station.output();
    station.kill9();
    ++kills;
    const Seen seen = seen_in(station.output());

    // Everything reported made is in the journal, with the clock times reported.
    auto journal = read_journal(record / "game.journal");
    ASSERT_TRUE(journal) << "kill " << kills << ": " << journal.error().message;
    auto game = replay_journal(*journal);
    ASSERT_TRUE(game) << "kill " << kills << ": " << game.error().message;
    const std::size_t recorded = game->game().ply_count();
    ASSERT_GE(recorded, done + std::size_t(seen.made)) << station.output();
    for (std::size_t i = 0; i < recorded; ++i)
      ASSERT_EQ(core::to_uci(game->game().moves()[i]), kScript[i]) << "ply " << i;
    if (seen.made > 0 && recorded == done + std::size_t(seen.made)) {
      const std::string clocks = "White " + core::format_hms(game->moves().back().white_left) +
                                 ", Black " + core::format_hms(game->moves().back().black_left);
      EXPECT_EQ(clocks, seen.last_clocks) << "kill " << kills;
    }
    // Now and then a torn last entry, as a power cut in the middle of a write leaves it.
    if (kills % 10 == 5) {
      std::ofstream(record / "game.journal", std::ios::app) << "999\tdeadbeef\tmove\tply=";
      ++torn;
      ChildProcess check(
          {ANNABELLA_BINARY, "play", "--silent", "--resume", "--record", record.string()});
      ASSERT_TRUE(check.wait_for("Dropped a torn last entry", 30s)) << check.output();
      check.send("quit");
      EXPECT_EQ(check.wait(30s), 0);
    }
  }
  EXPECT_GE(kills, wanted);
  EXPECT_EQ(torn, wanted / 10);
}

}  // namespace
}  // namespace crash_test
}  // namespace annabella::app
