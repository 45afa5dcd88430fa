// D.2.9 reconciliation time on a 150-move game (300 plies) with the divergence near the end:
// percentiles over many trials, per scenario. Target: under 5 ms (issue 6).
//
//   build/release/bench/bench_reconcile [--trials N]
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "app/reconcile_report.h"
#include "app/reconcile_text.h"
#include "core/movegen.h"
#include "core/reconcile.h"

namespace {

using namespace annabella::core;

// A deterministic legal game of exactly `plies` plies that has not ended.
std::vector<Move> long_game(std::size_t plies, std::uint32_t seed) {
  for (;; ++seed) {
    std::uint32_t state = seed;
    Position pos;
    std::vector<Move> moves;
    while (moves.size() < plies) {
      const MoveList list = legal_moves(pos);
      if (list.empty()) break;
      state = state * 1664525u + 1013904223u;
      const Move m = list[(state >> 8) % list.size()];
      moves.push_back(m);
      pos.play(m);
    }
    if (moves.size() == plies && !legal_moves(pos).empty()) return moves;
  }
}

// The game as a scoresheet in the given letters, one move a line; `skip` is left out.
Scoresheet written(const std::vector<Move>& moves, const PieceLetters& letters,
                   std::size_t skip = SIZE_MAX) {
  std::string text;
  Position pos;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i != skip) text += to_san(pos, moves[i], letters) + "\n";
    pos.play(moves[i]);
  }
  return *read_scoresheet(text);
}

Position final_position(const std::vector<Move>& moves, std::size_t plies) {
  Position pos;
  for (std::size_t i = 0; i < plies; ++i) pos.play(moves[i]);
  return pos;
}

struct Scenario {
  const char* name;
  ReconcileInput input;
  bool with_reports = false;  // also write the JSON and HTML
};

// CPU time of this thread: the work itself, without the time other processes had the core.
double thread_cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e3 + double(ts.tv_nsec) / 1e6;
}

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  const std::size_t i = std::min(v.size() - 1, std::size_t(p / 100.0 * double(v.size())));
  return v[i];
}

}  // namespace

int main(int argc, char** argv) {
  int trials = 2000;
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], "--trials") == 0 && i + 1 < argc) trials = std::atoi(argv[++i]);

  constexpr std::size_t kPlies = 300;  // 150 moves
  const std::vector<Move> game = long_game(kPlies, 2024);
  const PieceLetters& en = english_letters();
  const PieceLetters de = *piece_letters_for("de");
  const Position end = final_position(game, kPlies);

  std::vector<Scenario> scenarios;
  {
    // Sheet B left out the ply at 290; both boards at the game's end; clock log for every ply.
    Scenario s{"left out at ply 290, languages given", {}};
    s.input.sheets[0] = {written(game, en), en};
    s.input.sheets[1] = {written(game, de, 290), de};
    s.input.boards[0].placement = end;
    s.input.boards[1].placement = end;
    s.input.clock_log = std::vector<ClockPly>{};
    for (std::size_t p = 0; p <= kPlies; ++p)
      s.input.clock_log->push_back(clock_ply(int(p),
                                             std::chrono::milliseconds(5400000 - 9000 * long(p)),
                                             std::chrono::milliseconds(5400000 - 8000 * long(p))));
    scenarios.push_back(s);
    Scenario found = s;
    found.name = "left out at ply 290, languages found";
    found.input.sheets[0].letters.reset();
    found.input.sheets[1].letters.reset();
    scenarios.push_back(found);
    Scenario reports = s;
    reports.name = "left out at ply 290, + JSON + HTML";
    reports.with_reports = true;
    scenarios.push_back(reports);
  }
  {
    // Sheets agree; board B made another legal move at the last ply (inferred).
    Scenario s{"sheets agree, board B wrong at ply 299", {}};
    s.input.sheets[0] = {written(game, en), en};
    s.input.sheets[1] = {written(game, de), de};
    s.input.boards[0].placement = end;
    const Position before = final_position(game, kPlies - 1);
    for (const Move m : legal_moves(before))
      if (m != game.back()) s.input.boards[1].placement = before.after(m);
    scenarios.push_back(s);
  }
  {
    // Two moves swapped at ply 292 on sheet B (a transposition), boards at the end.
    Scenario s{"moves swapped at ply 292", {}};
    s.input.sheets[0] = {written(game, en), en};
    Scoresheet b = written(game, en);
    std::swap(b.entries[292].text, b.entries[294].text);
    s.input.sheets[1] = {b, en};
    s.input.boards[0].placement = end;
    s.input.boards[1].placement = end;
    scenarios.push_back(s);
  }
  // The alignment after the sheets part (D.2.9): a run near the end, and its worst cases.
  auto erased = [&](std::vector<std::size_t> plies) {
    Scoresheet b = written(game, de);
    std::sort(plies.rbegin(), plies.rend());
    for (const std::size_t i : plies) b.entries.erase(b.entries.begin() + long(i));
    return b;
  };
  auto aligned = [&](const char* name, Scoresheet b) {
    Scenario s{name, {}};
    s.input.sheets[0] = {written(game, en), en};
    s.input.sheets[1] = {std::move(b), de};
    s.input.boards[0].placement = end;
    s.input.boards[1].placement = end;
    scenarios.push_back(s);
  };
  aligned("6 plies left out at ply 280", erased({280, 281, 282, 283, 284, 285}));
  {
    // Ten single plies left out, 25 plies apart from ply 20 on: ten windows of the alignment.
    std::vector<std::size_t> plies;
    for (std::size_t i = 20; i < 270; i += 25) plies.push_back(i);
    aligned("10 plies left out, 25 apart, from ply 20", erased(plies));
  }
  {
    // Sheet B is another game from the first move on: every ply differs, nothing explains it.
    const std::vector<Move> other = long_game(kPlies, 77);
    aligned("sheet B another game (not explained)", written(other, de));
  }

  std::printf("D.2.9 reconciliation, %zu-ply game, %d trials per scenario (milliseconds)\n", kPlies,
              trials);
  std::printf(
      "wall = elapsed time (includes time other processes held the core); cpu = this "
      "thread's CPU time\n");
  std::printf("%-40s %7s %7s %7s %7s %7s %7s  %s\n", "scenario", "wall50", "wall90", "wall99",
              "cpu50", "cpu90", "cpu99", "finding");
  bool all_under = true;
  for (const Scenario& s : scenarios) {
    std::vector<double> wall, cpu;
    wall.reserve(std::size_t(trials));
    cpu.reserve(std::size_t(trials));
    std::size_t sink = 0;
    Reconciliation last;
    for (int t = 0; t < trials; ++t) {
      const double c0 = thread_cpu_ms();
      const auto t0 = std::chrono::steady_clock::now();
      Reconciliation r = reconcile(s.input);
      if (s.with_reports)
        sink += annabella::app::reconciliation_json(r).size() +
                annabella::app::reconciliation_html(r).size() +
                annabella::app::arbiter_text(r).size();
      const auto t1 = std::chrono::steady_clock::now();
      cpu.push_back(thread_cpu_ms() - c0);
      wall.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
      sink += r.agreed_plies + r.divergence.alignment.size() + 1;
      if (t == 0) last = std::move(r);
    }
    all_under = all_under && percentile(cpu, 99) < 5.0;
    const std::size_t more =
        last.divergence.findings.empty() ? 0 : last.divergence.findings.size() - 1;
    const std::string finding =
        (last.sheets_agree ? "agree"
                           : std::string(annabella::app::difference_label(last.divergence.kind))) +
        (more ? " (+" + std::to_string(more) + " more)" : "");
    std::printf("%-40s %7.3f %7.3f %7.3f %7.3f %7.3f %7.3f  %s at ply %zu%s\n", s.name,
                percentile(wall, 50), percentile(wall, 90), percentile(wall, 99),
                percentile(cpu, 50), percentile(cpu, 90), percentile(cpu, 99), finding.c_str(),
                last.agreed_plies, sink == 0 ? "?" : "");
  }

  // The live check (check_board) as the station calls it: the whole game searched.
  struct Live {
    const char* name;
    Position board;
  };
  std::vector<Live> live;
  {
    // The earliest ply from 150 on where another legal move leaves the rest of the game legal.
    for (std::size_t k = 150; k < kPlies && live.empty(); ++k) {
      Position before;
      for (std::size_t i = 0; i < k; ++i) before.play(game[i]);
      for (const Move other : legal_moves(before)) {
        if (other == game[k]) continue;
        Position q = before.after(other);
        bool legal = true;
        for (std::size_t i = k + 1; i < kPlies && legal; ++i) {
          legal = legal_moves(q).contains(game[i]);
          if (legal) q.play(game[i]);
        }
        if (!legal || q.same_placement(end)) continue;
        live.push_back({"check_board: wrong move far back", q});
        break;
      }
    }
    // Two pieces displaced by hand: nothing explains it, every ply is tried.
    Position displaced = end;
    for (const Move m : legal_moves(end))
      if (!end.is_capture(m) && m.kind() == MoveKind::Normal) {
        displaced = end.after(m);
        break;
      }
    live.push_back({"check_board: displaced piece, none found", displaced});
    live.push_back({"check_board: board matches", end});
  }
  std::printf("\n%-40s %7s %7s %7s %7s %7s %7s  %s\n", "live check (300 plies searched)", "wall50",
              "wall90", "wall99", "cpu50", "cpu90", "cpu99", "finding");
  for (const Live& l : live) {
    std::vector<double> wall, cpu;
    BoardCheck last;
    for (int t = 0; t < trials; ++t) {
      const double c0 = thread_cpu_ms();
      const auto t0 = std::chrono::steady_clock::now();
      BoardCheck check = check_board(Position(), game, l.board, kPlies);
      const auto t1 = std::chrono::steady_clock::now();
      cpu.push_back(thread_cpu_ms() - c0);
      wall.push_back(std::chrono::duration<double, std::milli>(t1 - t0).count());
      if (t == 0) last = std::move(check);
    }
    all_under = all_under && percentile(cpu, 99) < 5.0;
    const std::string finding = last.matches ? "matches"
                                : last.went_wrong
                                    ? "went wrong at ply " + std::to_string(last.went_wrong->ply)
                                    : std::to_string(last.steps.size()) + " steps, no move named";
    std::printf("%-40s %7.3f %7.3f %7.3f %7.3f %7.3f %7.3f  %s\n", l.name, percentile(wall, 50),
                percentile(wall, 90), percentile(wall, 99), percentile(cpu, 50),
                percentile(cpu, 90), percentile(cpu, 99), finding.c_str());
  }
  std::printf("target: cpu p99 < 5 ms in every scenario: %s\n", all_under ? "met" : "NOT met");
  return all_under ? 0 : 1;
}
