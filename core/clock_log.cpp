#include "core/clock_log.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "core/pgn.h"
#include "core/time_control.h"

namespace annabella::core {

std::vector<ClockPly> clock_plies(const ChessClock& clock) {
  std::vector<ClockPly> plies;
  for (int ply = 0; ply <= clock.ply(); ++ply)
    if (auto p = clock.times_at_ply(ply)) plies.push_back(*p);
  return plies;
}

ClockPly clock_ply(int ply, std::chrono::milliseconds white, std::chrono::milliseconds black) {
  ClockPly p;
  p.ply = ply;
  p.remaining[WHITE] = white;
  p.remaining[BLACK] = black;
  return p;
}

Result<std::vector<ClockPly>> parse_clock_log(std::string_view text) {
  std::vector<ClockPly> log;
  std::size_t line_no = 0;
  while (!text.empty()) {
    ++line_no;
    const std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
      line.remove_prefix(1);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back())))
      line.remove_suffix(1);
    if (line.empty() || line.front() == '#') continue;
    long long values[3];
    int count = 0;
    bool ok = true;
    while (!line.empty() && ok) {
      std::size_t k = 0;
      while (k < line.size() && !std::isspace(static_cast<unsigned char>(line[k]))) ++k;
      const std::string_view field = line.substr(0, k);
      line.remove_prefix(k);
      while (!line.empty() && std::isspace(static_cast<unsigned char>(line.front())))
        line.remove_prefix(1);
      ok = count < 3 && !field.empty() && field.size() <= 12 &&
           std::all_of(field.begin(), field.end(),
                       [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
      if (ok) values[count++] = std::stoll(std::string(field));
    }
    if (!ok || count != 3)
      return fail("clock log line " + std::to_string(line_no) +
                  ": expected \"ply white_ms black_ms\" (three whole numbers)");
    if (values[0] > 100000)
      return fail("clock log line " + std::to_string(line_no) + ": ply " +
                  std::to_string(values[0]) + " is too large");
    if (!log.empty() && values[0] <= log.back().ply)
      return fail("clock log line " + std::to_string(line_no) + ": ply " +
                  std::to_string(values[0]) + " does not follow ply " +
                  std::to_string(log.back().ply));
    log.push_back(clock_ply(int(values[0]), std::chrono::milliseconds(values[1]),
                            std::chrono::milliseconds(values[2])));
  }
  return log;
}

namespace {

// Collects the main line's [%clk] readings of the first game of a PGN.
class ClockVisitor : public PgnVisitor {
 public:
  void begin_game(int game) override { in_first_ = game == 1; }
  void tag(std::string_view name, std::string_view value) override {
    if (!in_first_ || name != "TimeControl") return;
    if (auto control = parse_pgn_time_control(value);
        control && control->kind == TimeControl::Kind::Periods && !control->periods.empty())
      initial_ = control->periods.front().time;
  }
  void move(const Position& before, Move /*move*/, std::string_view /*text*/) override {
    if (!in_first_ || depth_ > 0) return;
    mover_ = before.side_to_move();
    ++plies_;
  }
  void comment(const PgnComment& comment) override {
    if (!in_first_ || depth_ > 0 || plies_ == 0 || !comment.clock) return;
    readings_.push_back({plies_, mover_, *comment.clock});
  }
  void begin_variation() override { ++depth_; }
  void end_variation() override { --depth_; }
  void problem(const PgnProblem& problem) override {
    if (in_first_ && first_problem_.empty()) first_problem_ = to_string(problem);
  }
  void end_game(const PgnGameSummary& /*summary*/) override { in_first_ = false; }

  struct Reading {
    int ply = 0;
    Color side = WHITE;
    std::chrono::milliseconds left{0};
  };
  std::vector<Reading> readings_;
  std::optional<std::chrono::milliseconds> initial_;
  std::string first_problem_;

 private:
  bool in_first_ = false;
  int depth_ = 0;
  int plies_ = 0;
  Color mover_ = WHITE;
};

}  // namespace

Result<std::vector<ClockPly>> clock_log_from_pgn(std::string_view text) {
  ClockVisitor visitor;
  PgnReadOptions options;
  options.strictness = Strictness::Lenient;
  options.keep_variations = false;
  PgnReader reader(visitor, options);
  reader.feed(text);
  reader.finish();
  if (visitor.readings_.empty())
    return fail(
        "no [%clk] comment on the main line of the PGN's first game" +
        (visitor.first_problem_.empty() ? std::string() : " (" + visitor.first_problem_ + ")"));
  std::array<std::optional<std::chrono::milliseconds>, 2> left;
  if (visitor.initial_) left = {visitor.initial_, visitor.initial_};
  std::vector<ClockPly> log;
  if (visitor.initial_) log.push_back(clock_ply(0, *visitor.initial_, *visitor.initial_));
  for (const auto& r : visitor.readings_) {
    left[std::size_t(r.side)] = r.left;
    if (left[WHITE] && left[BLACK] && (log.empty() || log.back().ply < r.ply))
      log.push_back(clock_ply(r.ply, *left[WHITE], *left[BLACK]));
  }
  return log;
}

std::vector<ClockPly> clock_log_from_moves(
    const std::optional<std::array<std::chrono::milliseconds, 2>>& initial,
    const std::vector<std::array<std::chrono::milliseconds, 2>>& after_each_move) {
  std::vector<ClockPly> log;
  if (initial) log.push_back(clock_ply(0, (*initial)[WHITE], (*initial)[BLACK]));
  for (std::size_t i = 0; i < after_each_move.size(); ++i)
    log.push_back(clock_ply(int(i + 1), after_each_move[i][WHITE], after_each_move[i][BLACK]));
  return log;
}

}  // namespace annabella::core
