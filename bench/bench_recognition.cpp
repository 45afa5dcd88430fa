// Recognition of whole games over real kernel ptys (issue 12): moves recognised / moves played,
// and how long recognition lags behind the board.
//
// Random legal games (seeded, tests/tactile/hand_emulator.h) are played by the independent
// board emulator in every order real hands use (captured piece first or last, a DGT board's
// replacement without a lift, slides, sensor bounce, castling king first, rook first or with
// two hands, promotions, en passant) with quick replies begun within the settle time, on a DGT
// board and on a peg board. The BoardReader thread and the Pegboard read them as
// `annabella board watch` does (made when the reply begins) and as the station's e-board does
// (made at once).
//
// Figures:
//   recognised   moves made in the game's order / moves played (target: all of them);
//   lag          from the last write to the board before the move was recognised to the game
//                thread seeing it (MoveCompleted): the settle time plus the chain's latency,
//                so never more than the settle time plus a few milliseconds;
//   own lag      from the placement that completed the move itself: the same, except for a
//                move whose reply began within the settle time, recognised together with it;
//   to made      from that placement to the game thread seeing the move made: the e-board
//                reading makes it at once (the settle time plus the chain's latency); board
//                watch makes it when the reply begins (D.2.3 (3)), so this includes the
//                opponent's thinking time.
//
// Usage: bench_recognition [--games N] [--plies N] [--factor X] [--seed N] [--replay]
//   --games   games per board and reading (default 6)
//   --plies   plies per game at most (default 80)
//   --factor  hands, settle time and sensor-bounce window X times faster than a person and the
//             defaults (250 ms, 30 ms)
//             (default 2.5: settle 100 ms; 1 is real time)
//   --replay  the same games fed straight into the Pegboard in synthetic time (no pty, no
//             threads: deterministic and fast, for hundreds of games), seeds N to N + games - 1;
//             reports, for each board and reading, the games whose record went wrong (a move
//             recorded that was not played: worse than any question) and the games that stopped
//             at a question (out of sync, an illegal move said, a piece asked for).
// docs/benchmarks.md says how to rerun it and what it printed.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tactile/board_reader.h"
#include "tests/tactile/replay.h"

namespace {

using namespace annabella;
using namespace annabella::tactile;
using namespace std::chrono_literals;
using emulator::Wire;

double percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(p * static_cast<double>(values.size()) + 0.999999);
  return values[std::min(values.size(), std::max<std::size_t>(rank, 1)) - 1];
}

double ms(SteadyClock::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

struct Figures {
  int played = 0;
  int recognised = 0;
  int games = 0;
  int games_whole = 0;
  std::vector<double> lag_ms;
  std::vector<double> own_lag_ms;
  std::vector<double> made_ms;
  emulator::OrderCounts counts;
};

void add(emulator::OrderCounts& total, const emulator::OrderCounts& c) {
  total.captured_first += c.captured_first;
  total.capturing_first += c.capturing_first;
  total.replaced += c.replaced;
  total.slides += c.slides;
  total.bounces += c.bounces;
  total.castling_king_first += c.castling_king_first;
  total.castling_rook_first += c.castling_rook_first;
  total.castling_two_hands += c.castling_two_hands;
  total.promotions += c.promotions;
  total.en_passant += c.en_passant;
  total.quick_replies += c.quick_replies;
  total.reply_takes_moved_piece += c.reply_takes_moved_piece;
}

const char* board_name(Wire wire) {
  return wire == Wire::Dgt ? "DGT" : "peg";
}

// The log file for a game that went wrong, in $BENCH_RECOGNITION_LOGS (none when unset):
// "<prefix>dgt-watch-7.log".
FILE* open_log(const std::string& prefix, Wire wire, bool watch, std::uint32_t seed) {
  const char* folder = std::getenv("BENCH_RECOGNITION_LOGS");
  if (folder == nullptr) return nullptr;
  const std::string name = std::string(folder) + "/" + prefix +
                           (wire == Wire::Dgt ? "dgt" : "peg") + (watch ? "-watch-" : "-eboard-") +
                           std::to_string(seed) + ".log";
  return std::fopen(name.c_str(), "w");
}

// What the game thread saw of one game over the pty chain.
struct Watched {
  std::vector<PegboardEvent> events;
  std::vector<core::Move> made;
  std::vector<SteadyClock::time_point> recognised_at;  // of each move made, in order
  std::vector<SteadyClock::time_point> made_at;        // when the game thread saw it made
};

// How much a game holds: its plies and the hands' actions.
struct GameSize {
  std::size_t plies = 0;
  std::size_t actions = 0;
};

// Runs the game thread until every move is made, or 10 s after the hands stopped.
Watched watch_game(const emulator::EmulatedBoard& board, BoardInputQueue& queue, Pegboard& pegboard,
                   GameSize size) {
  const auto [plies, actions] = size;
  Watched w;
  std::vector<std::pair<core::Move, SteadyClock::time_point>> completions;
  std::size_t seen = 0;
  auto give_up = SteadyClock::now() + 10s;
  while (w.made.size() < plies && SteadyClock::now() < give_up) {
    pump(queue, pegboard, SteadyClock::now() + 20ms, w.events);
    const auto now = SteadyClock::now();
    for (; seen < w.events.size(); ++seen) {
      const PegboardEvent& e = w.events[seen];
      if (e.kind == PegboardEvent::Kind::MoveCompleted) completions.emplace_back(e.move, now);
      if (e.kind != PegboardEvent::Kind::MoveMade) continue;
      w.made.push_back(e.move);
      w.made_at.push_back(now);
      // Recognised when last completed (a slid move completes again on its way).
      const auto last = std::find_if(completions.rbegin(), completions.rend(),
                                     [&](const auto& c) { return c.first == e.move; });
      w.recognised_at.push_back(last == completions.rend() ? now : last->second);
    }
    const bool hands_done = board.writes().size() == actions;
    if (!hands_done) give_up = now + 10s;
    if (hands_done && pegboard.completed_move() && !pegboard.next_deadline())
      pegboard.announce(now, w.events);  // the last move: nobody replies
  }
  return w;
}

// The board's events and the hands' writes in time order, into the game's log file.
void write_event_log(FILE* log, const std::vector<PegboardEvent>& events,
                     const std::vector<SteadyClock::time_point>& writes,
                     const std::vector<emulator::Action>& actions) {
  std::vector<std::pair<SteadyClock::time_point, std::string>> lines;
  for (const auto& e : events) lines.emplace_back(e.time, describe(e));
  for (std::size_t i = 0; i < writes.size() && i < actions.size(); ++i)
    lines.emplace_back(writes[i], "    hand: " + emulator::describe(actions[i]));
  std::stable_sort(lines.begin(), lines.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [time, text] : lines)
    std::fprintf(log, "%.1f %s\n", ms(time - lines.front().first), text.c_str());
  std::fclose(log);
}

// How many of the game's moves were made, in order, from the first.
int recognised_in_order(const std::vector<core::Move>& made, const std::vector<core::Move>& game) {
  std::size_t k = 0;
  while (k < made.size() && k < game.size() && made[k] == game[k]) ++k;
  return static_cast<int>(k);
}

// When the hands wrote to the board: every write, and the writes that completed a move.
struct HandTimes {
  std::vector<SteadyClock::time_point> writes;
  std::vector<SteadyClock::time_point> completing;
};

// The lags of each move recognised (see the top of this file).
void add_lags(const Watched& w, const HandTimes& hands, Figures& figures) {
  const auto& [writes, completing] = hands;
  const std::size_t n = std::min(w.recognised_at.size(), completing.size());
  for (std::size_t k = 0; k < n; ++k) {
    const auto at = w.recognised_at[k];
    const auto last_write = std::upper_bound(writes.begin(), writes.end(), at);
    if (last_write != writes.begin()) figures.lag_ms.push_back(ms(at - *(last_write - 1)));
    figures.own_lag_ms.push_back(ms(at - completing[k]));
    figures.made_ms.push_back(ms(w.made_at[k] - completing[k]));
  }
}

// One game over a connected chain: the hands play, the game thread watches; adds its figures.
struct LiveGame {
  Wire wire;
  bool watch;
  std::uint32_t seed;
  const std::vector<core::Move>& game;
  const std::vector<emulator::Action>& actions;
};
void play_connected(const LiveGame& g, emulator::EmulatedBoard& board, BoardInputQueue& queue,
                    Pegboard& pegboard, Figures& figures) {
  std::thread hands([&] { board.perform(g.actions); });
  const Watched w = watch_game(board, queue, pegboard, {g.game.size(), g.actions.size()});
  hands.join();
  HandTimes times{board.writes(), {}};
  const auto& writes = times.writes;
  for (std::size_t i = 0; i < g.actions.size() && i < writes.size(); ++i)
    if (g.actions[i].completes) times.completing.push_back(writes[i]);
  const int recognised = recognised_in_order(w.made, g.game);
  if (recognised < static_cast<int>(g.game.size())) {
    // Where it went wrong, with what the board said around it.
    std::fprintf(stderr, "%s %s seed %u: %d of %zu plies; ply %d (%s) not made\n",
                 board_name(g.wire), g.watch ? "watch" : "e-board", g.seed, recognised,
                 g.game.size(), recognised + 1,
                 core::to_uci(g.game[static_cast<std::size_t>(recognised)]).c_str());
    if (FILE* log = open_log("", g.wire, g.watch, g.seed))
      write_event_log(log, w.events, writes, g.actions);
  }
  figures.played += static_cast<int>(g.game.size());
  figures.recognised += recognised;
  ++figures.games;
  if (recognised == static_cast<int>(g.game.size())) ++figures.games_whole;
  add_lags(w, times, figures);
}

// One game of the live run: its board, reading, seed, length and pace.
struct GameSpec {
  Wire wire = Wire::Dgt;
  bool watch = false;
  std::uint32_t seed = 0;
  int plies = 0;
  double factor = 1;
};

// One game: returns false if the chain could not be set up.
bool play_game(const GameSpec& spec, Figures& figures) {
  const auto [wire, watch, seed, plies, factor] = spec;
  char pattern[] = "/tmp/annabella-recognition-XXXXXX";
  if (!mkdtemp(pattern)) return false;
  const std::filesystem::path dir = pattern;
  const auto game = emulator::random_game({seed, plies});
  emulator::HandOrders orders(wire, emulator::Pace{}.faster(factor), seed + 1);
  emulator::OrderCounts counts;
  const auto actions = emulator::actions_of(game, orders, counts).actions;
  bool ok = true;
  {
    emulator::EmulatedBoard board(wire, dir / "board", core::Position{});
    BoardInputQueue queue;
    BoardReaderSettings reader_settings;
    reader_settings.port = dir / "board";
    reader_settings.protocol = wire == Wire::Dgt ? ProtocolKind::Dgt : ProtocolKind::Peg;
    BoardReader reader(reader_settings, queue.sink());
    // The settle time and the bounce window scaled with the hands (emulator::settings_at).
    Pegboard pegboard(core::Position{}, emulator::settings_at(factor, watch));
    if (!board.ok() || !board.wait_for_host(5s)) {
      ok = false;
    } else {
      play_connected({wire, watch, seed, game, actions}, board, queue, pegboard, figures);
      add(figures.counts, counts);
    }
  }
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  return ok;
}

// One board and reading of the replayed games: the table row's counts.
struct ReplayRow {
  int played = 0, recognised = 0, whole = 0, wrong = 0, stopped = 0, illegal = 0, out_of_sync = 0,
      disorder = 0;
};

// A replayed game that went wrong, on stderr and in its log file.
void report_replay(const emulator::Replay& r, Wire wire, bool watch, std::uint32_t seed) {
  const std::size_t k = r.recognised();
  const std::string what = std::string(board_name(wire)) + (watch ? " watch" : " e-board") +
                           " seed " + std::to_string(seed);
  std::fprintf(stderr, "%s: %zu of %zu plies%s%s%s\n", what.c_str(), k, r.played.size(),
               k < r.played.size()
                   ? ("; ply " + std::to_string(k + 1) + " (" + core::to_uci(r.played[k]) + ") " +
                      (k < r.made.size() ? "recorded as " + core::to_uci(r.made[k])
                                         : std::string("not made")))
                         .c_str()
                   : "",
               r.says("illegal") ? "; said illegal" : "",
               r.says("out of sync") ? "; said out of sync" : "");
  if (FILE* log = open_log("replay-", wire, watch, seed)) {
    std::fprintf(log, "played: %s\nmade:   %s\n%s", emulator::numbered_uci(r.played).c_str(),
                 emulator::numbered_uci(r.made).c_str(), r.log.c_str());
    std::fclose(log);
  }
}

// Adds one replayed game to its row; whether it went right.
bool count_replay(const emulator::Replay& r, ReplayRow& row) {
  const std::size_t k = r.recognised();
  row.played += static_cast<int>(r.played.size());
  row.recognised += static_cast<int>(k);
  const bool ok = k == r.played.size() && r.made.size() == r.played.size() && !r.says("illegal") &&
                  !r.says("out of sync") && r.time_ordered;
  if (ok) {
    ++row.whole;
    return true;
  }
  if (r.wrong_record())
    ++row.wrong;
  else if (k < r.played.size())
    ++row.stopped;
  if (r.says("illegal")) ++row.illegal;
  if (r.says("out of sync")) ++row.out_of_sync;
  if (!r.time_ordered) ++row.disorder;
  return false;
}

// The games fed straight into the recogniser in synthetic time (--replay): how many went wrong,
// and how. Returns whether every move of every game was made.
bool replay_games(int games, int plies, double factor, std::uint32_t first_seed) {
  const auto settle = std::chrono::milliseconds(static_cast<long>(250.0 / factor));
  std::printf(
      "Recognition replayed in synthetic time: seeds %u to %u, up to %d plies, hands %.1f times "
      "a person's pace, settle %lld ms\n\n"
      "| board | reading | recognised / played | whole games | wrong record | stopped at a "
      "question | said illegal | said out of sync | times out of order |\n"
      "|---|---|---|---|---|---|---|---|---|\n",
      first_seed, first_seed + static_cast<std::uint32_t>(games) - 1, plies, factor,
      static_cast<long long>(settle.count()));
  bool all = true;
  int boards = 0, wrong_boards = 0;
  for (const Wire wire : {Wire::Dgt, Wire::Peg}) {
    for (const bool watch : {true, false}) {
      ReplayRow row;
      for (int g = 0; g < games; ++g) {
        const std::uint32_t seed = first_seed + static_cast<std::uint32_t>(g);
        const emulator::Replay r = emulator::replay(wire, emulator::settings_at(factor, watch),
                                                    seed, plies, emulator::Pace{}.faster(factor));
        ++boards;
        if (count_replay(r, row)) continue;
        ++wrong_boards;
        report_replay(r, wire, watch, seed);
      }
      std::printf("| %s | %s | %d / %d | %d / %d | %d | %d | %d | %d | %d |\n", board_name(wire),
                  watch ? "board watch" : "e-board", row.recognised, row.played, row.whole, games,
                  row.wrong, row.stopped, row.illegal, row.out_of_sync, row.disorder);
      all = all && row.whole == games;
    }
  }
  std::printf("\nboards that went wrong: %d of %d\n", wrong_boards, boards);
  return all;
}

bool number(const char* text, double& value) {
  const char* end = text + std::strlen(text);
  return std::from_chars(text, end, value).ptr == end;
}

// The command line's values.
struct Options {
  double games = 6, plies = 80, factor = 2.5, seed = 1;
  bool synthetic = false;
};

// Reads the command line; false (said on stderr) when it cannot.
bool read_options(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; i += 2) {
    if (std::strcmp(argv[i], "--replay") == 0) {
      o.synthetic = true;
      --i;
      continue;
    }
    if (i + 1 >= argc) {
      std::fprintf(stderr, "bench_recognition: %s wants a value\n", argv[i]);
      return false;
    }
    double* target = std::strcmp(argv[i], "--games") == 0    ? &o.games
                     : std::strcmp(argv[i], "--plies") == 0  ? &o.plies
                     : std::strcmp(argv[i], "--factor") == 0 ? &o.factor
                     : std::strcmp(argv[i], "--seed") == 0   ? &o.seed
                                                             : nullptr;
    if (!target || !number(argv[i + 1], *target) || *target <= 0) {
      std::fprintf(stderr, "bench_recognition: cannot read %s %s\n", argv[i], argv[i + 1]);
      return false;
    }
  }
  return true;
}

void print_load() {
  if (FILE* load = std::fopen("/proc/loadavg", "r")) {
    double one_minute = 0;
    if (std::fscanf(load, "%lf", &one_minute) == 1)
      std::printf("load average (1 min) at the start: %.2f on %u cores\n", one_minute,
                  std::thread::hardware_concurrency());
    std::fclose(load);
  }
}

void print_row(Wire wire, bool watch, const Figures& f) {
  std::printf(
      "| %s | %s | %d / %d | %d / %d | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f "
      "| %.1f | %.1f |\n",
      board_name(wire), watch ? "board watch" : "e-board", f.recognised, f.played, f.games_whole,
      f.games, percentile(f.lag_ms, 0.5), percentile(f.lag_ms, 0.99), percentile(f.lag_ms, 1.0),
      percentile(f.own_lag_ms, 0.5), percentile(f.own_lag_ms, 0.99), percentile(f.own_lag_ms, 1.0),
      percentile(f.made_ms, 0.5), percentile(f.made_ms, 0.99), percentile(f.made_ms, 1.0));
}

void print_orders(const emulator::OrderCounts& orders) {
  std::printf(
      "\nhand orders played: captured piece first %d, capturing piece first %d, replaced "
      "without a lift (DGT) %d, slides %d, sensor bounces %d, castling king first %d, rook "
      "first %d, two hands %d, promotions %d, en passant %d, quick replies %d (%d begun by "
      "taking off the piece just moved)\n",
      orders.captured_first, orders.capturing_first, orders.replaced, orders.slides, orders.bounces,
      orders.castling_king_first, orders.castling_rook_first, orders.castling_two_hands,
      orders.promotions, orders.en_passant, orders.quick_replies, orders.reply_takes_moved_piece);
}

// The games over kernel ptys: 0 when every move was recognised, 1 otherwise or when a chain
// could not be set up.
int run_live(const Options& o) {
  const double settle_ms = 250.0 / o.factor;
  std::printf(
      "Recognition: %d random games of up to %d plies a board and reading, hands %.1f times a "
      "person's pace, settle %.0f ms, over kernel ptys\n",
      static_cast<int>(o.games), static_cast<int>(o.plies), o.factor, settle_ms);
  print_load();
  std::printf(
      "\n| board | reading | recognised / played | whole games | lag p50 ms | p99 ms | max ms "
      "| own lag p50 ms | p99 ms | max ms | to made p50 ms | p99 ms | max ms |\n"
      "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  bool all = true;
  double worst_over = 0;
  emulator::OrderCounts orders;
  for (const Wire wire : {Wire::Dgt, Wire::Peg}) {
    for (const bool watch : {true, false}) {
      Figures f;
      for (int g = 0; g < static_cast<int>(o.games); ++g)
        if (!play_game({wire, watch,
                        static_cast<std::uint32_t>(o.seed) + 97u * static_cast<std::uint32_t>(g),
                        static_cast<int>(o.plies), o.factor},
                       f)) {
          std::fprintf(stderr, "bench_recognition: the board chain could not be set up\n");
          return 1;
        }
      add(orders, f.counts);
      print_row(wire, watch, f);
      all = all && f.recognised == f.played;
      worst_over = std::max(worst_over, percentile(f.lag_ms, 1.0) - settle_ms);
    }
  }
  print_orders(orders);
  std::printf("largest lag beyond the settle time: %.1f ms\n", worst_over);
  return all ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  if (!read_options(argc, argv, o)) return 2;
  if (o.synthetic)
    return replay_games(static_cast<int>(o.games), static_cast<int>(o.plies), o.factor,
                        static_cast<std::uint32_t>(o.seed))
               ? 0
               : 1;
  return run_live(o);
}
