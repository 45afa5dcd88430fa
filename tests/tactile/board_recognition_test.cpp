// Recognition against an independent board emulator (tests/tactile/hand_emulator.h) over real
// kernel ptys, in both protocols: random legal games played in every order real hands use,
// quick replies begun within the settle time among them, read by the BoardReader and the
// Pegboard as `annabella board watch` (made by the reply) and the station's e-board (made at
// once) do. Every move must be made, in order, with no "out of sync" and no "illegal".
#include <gtest/gtest.h>

#include "core/notation.h"
#include "support/temp_dir.h"
#include "tactile/board_reader.h"
#include "tests/tactile/hand_emulator.h"

namespace annabella::tactile {
namespace {

using namespace std::chrono_literals;
using emulator::Wire;
using Kind = PegboardEvent::Kind;

constexpr auto kPatience = 30s;  // a hang guard only

struct Outcome {
  std::vector<core::Move> played;
  std::vector<core::Move> made;
  std::string log;
  emulator::OrderCounts counts;
  bool time_ordered = true;
};

// Plays one random game through the emulator and the whole reading chain.
Outcome play_game(Wire wire, PegboardSettings settings, std::uint32_t seed, int plies,
                  emulator::Pace pace) {
  Outcome outcome;
  ::annabella::testing::TempDir dir;
  emulator::EmulatedBoard board(wire, dir / "board", core::Position{});
  EXPECT_TRUE(board.ok());
  BoardInputQueue queue;
  BoardReaderSettings reader_settings;
  reader_settings.port = dir / "board";
  reader_settings.protocol = wire == Wire::Dgt ? ProtocolKind::Dgt : ProtocolKind::Peg;
  BoardReader reader(reader_settings, queue.sink());
  Pegboard pegboard(core::Position{}, settings);
  std::vector<PegboardEvent> events;
  if (!board.wait_for_host(5s)) return outcome;

  outcome.played = emulator::random_game(seed, plies);
  emulator::HandOrders orders(wire, pace, seed + 1);
  std::vector<emulator::Action> actions;
  core::Position pos;
  core::Move previous = core::Move::none();
  for (const core::Move m : outcome.played) {
    const auto more = orders.actions(pos, m, previous, outcome.counts);
    actions.insert(actions.end(), more.begin(), more.end());
    pos.play(m);
    previous = m;
  }
  std::thread hands([&] { board.perform(actions); });
  auto give_up = SteadyClock::now() + kPatience;
  bool hands_done = false;
  std::size_t seen = 0;
  while (outcome.made.size() < outcome.played.size() && SteadyClock::now() < give_up) {
    pump(queue, pegboard, SteadyClock::now() + 50ms, events);
    for (; seen < events.size(); ++seen)
      if (events[seen].kind == Kind::MoveMade) outcome.made.push_back(events[seen].move);
    if (!hands_done) {
      hands_done = board.writes().size() == actions.size();
      give_up = SteadyClock::now() + 5s;  // once the hands are done, nothing more comes
    }
    // Nobody announces the last move in board watch: it is made when the board is quiet.
    if (hands_done && pegboard.completed_move() && !pegboard.next_deadline())
      pegboard.announce(SteadyClock::now(), events);
  }
  hands.join();
  // The board's events and the hands' actions, by time.
  std::vector<std::pair<TimePoint, std::string>> lines;
  for (std::size_t i = 0; i < events.size(); ++i) {
    lines.emplace_back(events[i].time, describe(events[i]));
    if (i > 0 && events[i].time < events[i - 1].time) outcome.time_ordered = false;
  }
  const auto writes = board.writes();
  for (std::size_t i = 0; i < writes.size() && i < actions.size(); ++i)
    lines.emplace_back(writes[i], "    hand: " + emulator::describe(actions[i]));
  std::stable_sort(lines.begin(), lines.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [time, text] : lines)
    outcome.log += std::to_string((time - lines.front().first) / 1ms) + " " + text + "\n";
  return outcome;
}

struct Case {
  Wire wire;
  bool made_by_reply;
};

class BoardRecognition : public ::testing::TestWithParam<Case> {};

INSTANTIATE_TEST_SUITE_P(Boards, BoardRecognition,
                         ::testing::Values(Case{Wire::Dgt, true}, Case{Wire::Dgt, false},
                                           Case{Wire::Peg, true}, Case{Wire::Peg, false}),
                         [](const auto& param_info) {
                           return std::string(param_info.param.wire == Wire::Dgt ? "dgt" : "peg") +
                                  (param_info.param.made_by_reply ? "_watch" : "_eboard");
                         });

TEST_P(BoardRecognition, RandomGamesInEveryOrderOfHands) {
  const Case c = GetParam();
  PegboardSettings settings;
  settings.settle = 150ms;
  settings.made_by_reply = c.made_by_reply;
  settings.auto_announce = !c.made_by_reply;
  emulator::Pace pace;
  // Hands at a third of a human pace, the settle time scaled with them: no two actions in one
  // hole closer than the bounce window (a hand cannot), quick replies well within the settle
  // time, other moves well after it.
  pace.within_min = 35ms;
  pace.within_max = 60ms;
  pace.between_min = 220ms;
  pace.between_max = 300ms;
  pace.quick_max = 60ms;
  emulator::OrderCounts total;
  // Seed 31's game has castling, en passant, two promotions and a score of quick replies, seven
  // of them begun by taking off the piece just moved.
  for (const std::uint32_t seed : {31u}) {
    const Outcome outcome = play_game(c.wire, settings, seed, 70, pace);
    ASSERT_FALSE(outcome.played.empty());
    EXPECT_EQ(emulator::numbered_uci(outcome.made), emulator::numbered_uci(outcome.played))
        << "seed " << seed << "\n"
        << outcome.log;
    EXPECT_EQ(outcome.log.find("out of sync"), std::string::npos) << outcome.log;
    EXPECT_EQ(outcome.log.find("illegal"), std::string::npos) << outcome.log;
    EXPECT_TRUE(outcome.time_ordered) << outcome.log;
    total.quick_replies += outcome.counts.quick_replies;
    total.reply_takes_moved_piece += outcome.counts.reply_takes_moved_piece;
    total.captured_first += outcome.counts.captured_first;
    total.capturing_first += outcome.counts.capturing_first;
    total.castling_rook_first += outcome.counts.castling_rook_first;
    total.castling_king_first += outcome.counts.castling_king_first;
    total.promotions += outcome.counts.promotions;
    total.slides += outcome.counts.slides;
    total.en_passant += outcome.counts.en_passant;
  }
  // The games did exercise what they are for.
  EXPECT_GT(total.quick_replies, 10);
  EXPECT_GT(total.reply_takes_moved_piece, 0);
  EXPECT_GT(total.captured_first, 0);
  EXPECT_GT(total.capturing_first, 0);
  EXPECT_GT(total.castling_rook_first + total.castling_king_first, 0);
  EXPECT_GT(total.promotions, 0);
  EXPECT_GT(total.slides, 0);
  EXPECT_GT(total.en_passant, 0);
}

// `annabella board watch` itself, the way the independent emulator found it going out of sync:
// the emulator's DGT board and peg board, the watch as a separate process reading the pty.
TEST(BoardWatch, FollowsTheEmulatorsGameToTheEnd) {
  for (const Wire wire : {Wire::Dgt, Wire::Peg}) {
    ::annabella::testing::TempDir dir;
    const auto link = dir / "board";
    emulator::EmulatedBoard board(wire, link, core::Position{});
    ASSERT_TRUE(board.ok());
    const auto game = emulator::random_game(31, 40);
    emulator::Pace pace;
    pace.within_min = 35ms;
    pace.within_max = 60ms;
    pace.between_min = 220ms;
    pace.between_max = 300ms;
    pace.quick_max = 60ms;
    emulator::HandOrders orders(wire, pace, 32);
    emulator::OrderCounts counts;
    std::vector<emulator::Action> actions;
    std::string expected;
    core::Position pos;
    core::Move previous = core::Move::none();
    for (const core::Move m : game) {
      const auto more = orders.actions(pos, m, previous, counts);
      actions.insert(actions.end(), more.begin(), more.end());
      expected += "made " + core::to_san(pos, m) + " (" + core::to_uci(m) + ")\n";
      pos.play(m);
      previous = m;
    }
    std::string out;
    int status = -1;
    std::thread watch([&] {
      status = ::annabella::testing::run_command(
          std::string(ANNABELLA_BINARY) + " board watch --protocol " +
              (wire == Wire::Dgt ? "dgt" : "peg") + " --port " + link.string() +
              " --settle 150 --announce 500 --moves " + std::to_string(game.size()) +
              " --timeout 120",
          out);
    });
    ASSERT_TRUE(board.wait_for_host(10s));
    board.perform(actions);
    watch.join();
    EXPECT_EQ(status, 0) << out;
    std::string made;
    std::istringstream lines(out);
    for (std::string line; std::getline(lines, line);)
      if (line.starts_with("made ")) made += line + "\n";
    EXPECT_EQ(made, expected) << out;
    EXPECT_EQ(out.find("out of sync"), std::string::npos) << out;
  }
}

}  // namespace
}  // namespace annabella::tactile
