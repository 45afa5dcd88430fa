#include "core/clock_log.h"

#include <algorithm>
#include <cctype>
#include <string>

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

}  // namespace annabella::core
