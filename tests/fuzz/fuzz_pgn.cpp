// libFuzzer target for the PGN reader and writer and the scoresheet reader. Invariants:
// - reading in chunks (cut where the input says) gives exactly what reading it whole gives;
// - a game read without problems, written in export format and read again, has no problems and
//   writes the same text (the writer is a fixed point);
// - the main line of a game holds as many moves as its summary counts;
// - a game read without problems has no move after an automatic end (core::Game agrees), and
//   its clock times write in the one format H:MM:SS.s and read back cut to tenths;
// - a scoresheet replay reads at most as many moves as it has entries, and every move read is
//   legal where it was played.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/movegen.h"
#include "core/pgn.h"
#include "core/scoresheet.h"

#include "tests/fuzz/fuzz_check.h"

using namespace annabella::core;

using annabella::fuzz::check;

namespace {

std::string describe(const std::vector<PgnGame>& games) {
  std::string s;
  for (const PgnGame& g : games) {
    s += write_pgn(g);
    for (const PgnProblem& p : g.problems)
      s += std::to_string(int(p.kind)) + " line " + std::to_string(p.line) + " " + p.text + "\n";
    s += std::to_string(g.summary.plies) + " " + std::to_string(g.summary.unchecked_moves) + " " +
         std::to_string(g.summary.variations) + "\n";
  }
  return s;
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t step = 1 + data[0] % 17;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  PgnReadOptions options;
  if (data[0] & 0x80) options.strictness = Strictness::Lenient;

  const std::vector<PgnGame> whole = read_pgn_games(text, options);
  std::vector<PgnGame> chunked;
  {
    PgnGameBuilder builder(chunked);
    PgnReader reader(builder, options);
    for (std::size_t i = 0; i < text.size(); i += step) reader.feed(text.substr(i, step));
    reader.finish();
    check(reader.games() == int(whole.size()));
  }
  check(describe(whole) == describe(chunked));

  for (const PgnGame& g : whole) {
    check(int(g.moves.moves.size()) == g.summary.plies);
    check(int(g.problems.size()) == g.summary.problems);
    if (!g.problems.empty()) continue;
    Game game(g.start);
    for (const PgnNode& node : g.moves.moves) {
      check(!game.is_over());
      check(game.play(node.move).has_value());
      for (const auto& t : {node.clock, node.elapsed}) {
        if (!t) continue;
        const auto back = parse_clock(format_clock(*t));
        check(back.has_value() && back->count() == std::max<long long>(0, t->count()) / 100 * 100);
      }
    }
    const std::string out = write_pgn(g);
    const std::vector<PgnGame> again = read_pgn_games(out);
    check(again.size() == 1);
    check(again[0].problems.empty());
    check(write_pgn(again[0]) == out);
  }

  if (auto sheet = read_scoresheet(text)) {
    const ScoresheetReplay r = replay_scoresheet(*sheet, Position());
    check(r.plies.size() == sheet->entries.size());
    check(r.moves_read <= int(sheet->entries.size()));
    Position pos;
    for (int i = 0; i < r.moves_read; ++i) {
      check(r.plies[std::size_t(i)].status == ScoresheetPly::Status::Read);
      check(legal_moves(pos).contains(r.plies[std::size_t(i)].move));
      pos.play(r.plies[std::size_t(i)].move);
    }
  }
  return 0;
}
