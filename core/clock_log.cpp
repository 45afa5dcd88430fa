#include "core/clock_log.h"

#include <cctype>
#include <charconv>
#include <optional>
#include <string>

#include "core/pgn.h"
#include "core/time_control.h"

namespace annabella::core {
namespace {

bool blank(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0;
}

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// The whole numbers of a line separated by blanks; nullopt unless there are exactly three, each
// of 1 to 12 digits.
std::optional<std::array<long long, 3>> three_numbers(std::string_view line) {
  std::array<long long, 3> values{};
  std::size_t count = 0;
  while (!line.empty()) {
    std::size_t k = 0;
    while (k < line.size() && !blank(line[k])) ++k;
    const std::string_view field = line.substr(0, k);
    line = trimmed(line.substr(k));
    if (count == 3 || field.size() > 12) return std::nullopt;
    const auto [end, error] =
        std::from_chars(field.data(), field.data() + field.size(), values[count]);
    if (error != std::errc() || end != field.data() + field.size() || field.front() == '-')
      return std::nullopt;
    ++count;
  }
  if (count != 3) return std::nullopt;
  return values;
}

// The games of a PGN, read leniently without variations.
std::vector<PgnGame> pgn_games(std::string_view text) {
  std::vector<PgnGame> games;
  PgnGameBuilder builder(games);
  PgnReadOptions options;
  options.strictness = Strictness::Lenient;
  options.keep_variations = false;
  PgnReader reader(builder, options);
  reader.feed(text);
  reader.finish();
  return games;
}

// Whether a comment speaks of the clocks: a time added or taken, a penalty, an adjustment.
bool speaks_of_clocks(std::string_view comment) {
  std::string lower(comment);
  for (char& c : lower) c = char(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view word : {"added", "minute", "clock", "penalty"})
    if (lower.find(word) != std::string::npos) return true;
  return false;
}

}  // namespace

std::vector<ClockPly> clock_plies(const ChessClock& clock) {
  std::vector<ClockPly> plies;
  for (int ply = 0; ply <= clock.ply(); ++ply)
    if (auto p = clock.times_at_ply(ply)) plies.push_back(*p);
  return plies;
}

ClockPly clock_ply(int ply, const std::array<std::chrono::milliseconds, 2>& remaining) {
  ClockPly p;
  p.ply = ply;
  p.remaining[WHITE] = remaining[WHITE];
  p.remaining[BLACK] = remaining[BLACK];
  return p;
}

Result<std::vector<ClockPly>, ClockLogError> parse_clock_log(std::string_view text) {
  std::vector<ClockPly> log;
  std::size_t line_no = 0;
  while (!text.empty()) {
    ++line_no;
    const std::size_t eol = text.find('\n');
    const std::string_view line = trimmed(text.substr(0, eol));
    text.remove_prefix(eol == std::string_view::npos ? text.size() : eol + 1);
    if (line.empty() || line.front() == '#') continue;
    const int at = static_cast<int>(line_no);
    const auto values = three_numbers(line);
    if (!values)
      return fail_with(ClockLogError{.kind = ClockLogError::Kind::NotThreeNumbers, .line = at});
    const long long ply = (*values)[0];
    if (ply > 100000)
      return fail_with(
          ClockLogError{.kind = ClockLogError::Kind::PlyTooLarge, .line = at, .ply = ply});
    if (!log.empty() && ply <= log.back().ply)
      return fail_with(ClockLogError{.kind = ClockLogError::Kind::NotIncreasing,
                                     .line = at,
                                     .ply = ply,
                                     .previous = log.back().ply});
    log.push_back(clock_ply(int(ply), {std::chrono::milliseconds((*values)[1]),
                                       std::chrono::milliseconds((*values)[2])}));
  }
  return log;
}

Result<std::vector<ClockPly>, ClockLogError> clock_log_from_pgn(std::string_view text) {
  const std::vector<PgnGame> games = pgn_games(text);
  if (games.empty()) return fail_with(ClockLogError{.kind = ClockLogError::Kind::NoGame});
  const PgnGame& game = games.front();
  std::array<std::optional<std::chrono::milliseconds>, 2> left;
  std::vector<ClockPly> log;
  if (auto control = parse_pgn_time_control(game.tag("TimeControl"));
      control && control->kind == TimeControl::Kind::Periods && !control->periods.empty()) {
    left = {control->periods.front().time, control->periods.front().time};
    log.push_back(clock_ply(0, {*left[WHITE], *left[BLACK]}));
  }
  bool any = false;
  Color mover = game.start.side_to_move();
  for (std::size_t i = 0; i < game.moves.moves.size(); ++i, mover = ~mover) {
    const PgnNode& node = game.moves.moves[i];
    if (!node.clock) continue;
    any = true;
    left[std::size_t(mover)] = node.clock;
    if (left[WHITE] && left[BLACK])
      log.push_back(clock_ply(int(i + 1), {*left[WHITE], *left[BLACK]}));
  }
  if (!any)
    return fail_with(ClockLogError{
        .kind = ClockLogError::Kind::NoClockComment,
        .line = game.problems.empty() ? 0 : static_cast<int>(game.problems.front().line)});
  return log;
}

std::vector<ClockChange> clock_changes_from_pgn(std::string_view text) {
  const std::vector<PgnGame> games = pgn_games(text);
  std::vector<ClockChange> changes;
  if (games.empty()) return changes;
  const auto add = [&](int ply, const std::vector<std::string>& comments) {
    for (const std::string& c : comments)
      if (speaks_of_clocks(c))
        changes.push_back({.kind = ClockChange::Kind::Comment, .ply = ply, .comment = c});
  };
  const PgnGame& game = games.front();
  add(0, game.moves.comments);
  for (std::size_t i = 0; i < game.moves.moves.size(); ++i)
    add(int(i + 1), game.moves.moves[i].comments);
  return changes;
}

std::vector<ClockPly> clock_log_from_moves(
    const std::optional<std::array<std::chrono::milliseconds, 2>>& initial,
    const std::vector<std::array<std::chrono::milliseconds, 2>>& after_each_move) {
  std::vector<ClockPly> log;
  if (initial) log.push_back(clock_ply(0, *initial));
  for (std::size_t i = 0; i < after_each_move.size(); ++i)
    log.push_back(clock_ply(int(i + 1), after_each_move[i]));
  return log;
}

}  // namespace annabella::core
