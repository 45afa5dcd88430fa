// Recognition against an independent board emulator (tests/tactile/hand_emulator.h) over real
// kernel ptys, in both protocols: random legal games played in every order real hands use,
// quick replies begun within the settle time among them, read by the BoardReader and the
// Pegboard as `annabella board watch` (made by the reply) and the station's e-board (made at
// once) do. The events' times never run backwards (issue 12), however loaded the machine; every
// move must be made, in order, with no "out of sync" and no "illegal", when the hands kept their
// pace (a run in which the machine held them back longer than the settle time is tried again).
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>

#include "core/notation.h"
#include "support/temp_dir.h"
#include "tactile/board_reader.h"
#include "tests/tactile/hand_emulator.h"

namespace annabella::tactile {
namespace board_recognition_test {
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
  std::string time_disorder;  // the first event stamped before the one reported before it
  // Why the hands did not keep the pace the game is judged at (empty: they kept it).
  std::string pace_broken;
};

// When the reader stamped each hand's action and when the recogniser could have it.
struct Arrival {
  TimePoint stamped;
  TimePoint queued;
};

// Whether the recogniser saw the hands' actions at the pace they were meant at (a loaded machine
// can hold either thread back for longer than the settle time): the actions of one move each
// reached it within the settle time of the one before, and a move not begun as a quick reply
// began after the settle time. A pause longer than that is what the recogniser must judge as a
// completed move, whatever the hand meant (a slide resting on e2 makes Be2); only the order of
// times holds whatever the pace.
std::string pace_broken(const std::vector<emulator::Action>& actions,
                        const std::vector<Arrival>& arrivals,
                        const std::vector<std::size_t>& move_starts, emulator::Pace pace,
                        std::chrono::milliseconds settle) {
  if (arrivals.size() != actions.size())
    return std::to_string(arrivals.size()) + " actions read of " + std::to_string(actions.size());
  for (std::size_t i = 1; i < actions.size(); ++i) {
    const bool starts = std::binary_search(move_starts.begin(), move_starts.end(), i);
    const auto gap = arrivals[i].stamped - arrivals[i - 1].stamped;
    const auto reached = arrivals[i].queued - arrivals[i - 1].stamped;
    const std::string what = "action " + std::to_string(i) + " (" + emulator::describe(actions[i]) +
                             ") read " + std::to_string(gap / 1ms) + " ms, queued " +
                             std::to_string(reached / 1ms) + " ms after the one before it";
    if (!starts && reached >= settle) return what + ", within a move";
    if (starts && actions[i].pause > pace.quick_max && gap < settle)
      return what + ", the start of a move not meant as a quick reply";
  }
  return "";
}

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
  std::mutex arrivals_mutex;
  std::vector<Arrival> arrivals;
  BoardReader reader(reader_settings, [&](BoardInput input) {
    if (input.kind == BoardInput::Kind::Lift || input.kind == BoardInput::Kind::Place ||
        input.kind == BoardInput::Kind::Button) {
      std::lock_guard lock(arrivals_mutex);
      arrivals.push_back({input.time, SteadyClock::now()});
    }
    queue.push(std::move(input));
  });
  Pegboard pegboard(core::Position{}, settings);
  std::vector<PegboardEvent> events;
  if (!board.wait_for_host(5s)) return outcome;

  outcome.played = emulator::random_game({seed, plies});
  emulator::HandOrders orders(wire, pace, seed + 1);
  const emulator::GameActions game = emulator::actions_of(outcome.played, orders, outcome.counts);
  const std::vector<emulator::Action>& actions = game.actions;
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
  {
    std::lock_guard lock(arrivals_mutex);
    outcome.pace_broken = pace_broken(actions, arrivals, game.move_starts, pace, settings.settle);
  }
  // The board's events and the hands' actions, by time.
  std::vector<std::pair<TimePoint, std::string>> lines;
  for (std::size_t i = 0; i < events.size(); ++i) {
    lines.emplace_back(events[i].time, describe(events[i]));
    if (i > 0 && events[i].time < events[i - 1].time && outcome.time_disorder.empty())
      outcome.time_disorder = describe(events[i - 1]) + " then, " +
                              std::to_string((events[i - 1].time - events[i].time) / 1us) +
                              " us before it, " + describe(events[i]);
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
    // Times in order on every run; the moves only from a run whose hands kept their pace (a
    // loaded machine may hold them back: tried again, at most three times).
    Outcome outcome;
    std::string broken;
    for (int attempt = 0; attempt < 3; ++attempt) {
      outcome = play_game(c.wire, settings, seed, 70, pace);
      ASSERT_FALSE(outcome.played.empty());
      EXPECT_EQ(outcome.time_disorder, "") << outcome.log;
      if (outcome.pace_broken.empty()) break;
      broken += "\n  " + outcome.pace_broken;
    }
    if (!broken.empty()) RecordProperty("pace_broken", broken);  // in the XML report
    if (!outcome.pace_broken.empty())
      GTEST_SKIP() << "seed " << seed
                   << ": the hands did not keep their pace in three runs:" << broken;
    EXPECT_EQ(emulator::numbered_uci(outcome.made), emulator::numbered_uci(outcome.played))
        << "seed " << seed << "\n"
        << outcome.log;
    EXPECT_EQ(outcome.log.find("out of sync"), std::string::npos) << outcome.log;
    EXPECT_EQ(outcome.log.find("illegal"), std::string::npos) << outcome.log;
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
    const auto game = emulator::random_game({31, 40});
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
}  // namespace board_recognition_test
}  // namespace annabella::tactile
