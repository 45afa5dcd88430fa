#include "core/sheet_alignment.h"

#include <algorithm>
#include <limits>
#include <optional>

namespace annabella::core {
namespace {

// Cost of an alignment in half differences: a ply left out, an extra ply, a different move or a
// swap costs 2; a ply past the end of the other sheet costs 1 (a sheet may simply be behind),
// so that "different move" beats "left out here and one ply more at the end".
constexpr int kEditCost = 2;
constexpr int kTailCost = 1;
// Matches in a row that show the sheets run on together after a difference.
constexpr std::size_t kRunOn = 3;
// Written moves of the other sheet aligned at once: room for every difference the bound allows,
// each followed by fewer than kRunOn matches, and the run that ends the window.
constexpr std::size_t kWindow = std::size_t(kMaxDifferences) * kRunOn + kRunOn + 1;

class Aligner {
 public:
  Aligner(const std::array<SheetReading, 2>& sheets, int reference, std::size_t p)
      : ref_(sheets[reference]), other_(sheets[1 - reference]), p_(p) {
    same_letters_ = ref_.letters.code == other_.letters.code;
    for (int t = 0; t < PIECE_TYPE_NB && same_letters_; ++t)
      same_letters_ = ref_.letters.letters[t] == other_.letters.letters[t];
    a_.reference = reference;
  }

  Alignment run() {
    std::size_t i = p_, j = p_;
    const std::size_t other_len = other_.plies.size(), ref_len = ref_.read_plies;
    for (;;) {
      while (i < other_len && j < ref_len && same(i, j))
        a_.steps.push_back({AlignOp::Match, i++, j++});
      if (i == other_len || j == ref_len) break;
      if (!window(i, j)) break;
    }
    a_.other_end = i;
    a_.ref_end = j;
    return std::move(a_);
  }

 private:
  // Whether the other sheet's written move i means the reference's move j, read in the
  // reference's position before it.
  bool same(std::size_t i, std::size_t j) const {
    const ReadPly& o = other_.plies[i];
    const ReadPly& r = ref_.plies[j];
    if (same_letters_ && o.written == r.written) return true;  // read alike in that position
    if (o.move && i < other_.positions.size() - 1 && other_.positions[i] == ref_.positions[j])
      return *o.move == *r.move;
    return written_means(o.written, other_.letters, ref_.positions[j], *r.move);
  }

  // Sheet `other` has the reference's plies j, j+1, j+2 as j+2, j+1, j (one side's two moves in
  // the opposite order).
  bool swapped(std::size_t i, std::size_t j) const {
    return *ref_.plies[j].move != *ref_.plies[j + 2].move && same(i, j + 2) && same(i + 1, j + 1) &&
           same(i + 2, j);
  }

  // Aligns from (i0, j0), where the sheets do not match, to the first point from which they run
  // on together, within the differences left; appends the steps. False when there is none or
  // several equally good ones (the alignment then stops there).
  bool window(std::size_t& i0, std::size_t& j0) {
    const std::size_t other_len = other_.plies.size(), ref_len = ref_.read_plies;
    const int budget = kEditCost * (kMaxDifferences - a_.differences);
    const std::size_t i_end = std::min(other_len, i0 + kWindow);
    const std::size_t j_end = std::min(ref_len, j0 + (i_end - i0) + kMaxRunPlies);
    constexpr int kBand = int(2 * kMaxRunPlies + 1);
    const std::size_t rows = i_end - i0 + 1;
    struct Cell {
      int cost = std::numeric_limits<int>::max();
      std::uint8_t ways = 0;        // optimal ways in, capped at 2
      AlignOp op = AlignOp::Match;  // the step into the cell on an optimal way
      std::int8_t match = -1;
    };
    std::vector<Cell> cells(rows * std::size_t(kBand));
    // (i, j) to its cell, when inside the window and the band.
    auto at = [&](std::size_t i, std::size_t j) -> Cell* {
      if (i < i0 || j < j0 || i > i_end || j > j_end) return nullptr;
      const long k = long(i - i0) - long(j - j0) + long(kMaxRunPlies);
      if (k < 0 || k >= kBand) return nullptr;
      return &cells[(i - i0) * std::size_t(kBand) + std::size_t(k)];
    };
    auto matches = [&](std::size_t i, std::size_t j) {
      Cell* c = at(i, j);
      if (c == nullptr) return same(i, j);
      if (c->match < 0) c->match = same(i, j) ? 1 : 0;
      return c->match == 1;
    };
    auto reach = [&](std::size_t i, std::size_t j, int cost, std::uint8_t ways, AlignOp op) {
      Cell* c = at(i, j);
      if (c == nullptr || cost > budget) return;
      if (cost < c->cost) {
        *c = Cell{cost, ways, op, c->match};
      } else if (cost == c->cost) {
        c->ways = std::uint8_t(std::min(2, c->ways + ways));
      }
    };
    // The sheets run on together from (i, j) (or reach an end, all matching): with the cost of
    // the plies left over at the end.
    auto runs_on = [&](std::size_t i, std::size_t j) -> std::optional<int> {
      for (std::size_t k = 0;; ++k) {
        if (i + k == other_len) return kTailCost * int(ref_len - (j + k));
        if (j + k == ref_len) return kTailCost * int(other_len - (i + k));
        if (k == kRunOn) return 0;
        if (!matches(i + k, j + k)) return std::nullopt;
      }
    };
    at(i0, j0)->cost = 0;
    at(i0, j0)->ways = 1;
    struct Landing {
      std::size_t i = 0, j = 0;
      int cost = std::numeric_limits<int>::max();
      long diagonal = 0;
    };
    Landing best;
    bool tie = false;
    for (std::size_t i = i0; i <= i_end; ++i)
      for (long k = kBand - 1; k >= 0; --k) {  // j ascending
        const long dj = long(i - i0) + long(kMaxRunPlies) - k;
        if (dj < 0) continue;
        const std::size_t j = j0 + std::size_t(dj);
        Cell* c = at(i, j);
        // A cell dearer than the best landing so far leads to no better or equal landing.
        if (c == nullptr || c->cost > budget || c->cost > best.cost) continue;
        const int cost = c->cost;
        const std::uint8_t ways = c->ways;
        if (!(i == i0 && j == j0))
          if (const auto tail = runs_on(i, j)) {
            const int total = cost + *tail;
            const long diagonal = long(i) - long(j);
            if (total < best.cost) {
              best = {i, j, total, diagonal};
              tie = ways > 1;
            } else if (total == best.cost && diagonal != best.diagonal) {
              tie = true;
            }
          }
        if (i < other_len && j < ref_len && matches(i, j)) {
          reach(i + 1, j + 1, cost, ways, AlignOp::Match);  // what matches is never left out
          continue;
        }
        if (j < ref_len) reach(i, j + 1, cost + kEditCost, ways, AlignOp::Gap);
        if (i < other_len) reach(i + 1, j, cost + kEditCost, ways, AlignOp::Extra);
        if (i < other_len && j < ref_len)
          reach(i + 1, j + 1, cost + kEditCost, ways, AlignOp::Different);
        if (i + 3 <= other_len && j + 3 <= ref_len && swapped(i, j))
          reach(i + 3, j + 3, cost + kEditCost, ways, AlignOp::Swap);
      }
    if (best.cost == std::numeric_limits<int>::max()) {
      a_.too_many = true;
      return false;
    }
    if (tie) {
      a_.ambiguous = true;
      return false;
    }
    // Back from the landing to (i0, j0).
    std::vector<AlignStep> back;
    for (std::size_t i = best.i, j = best.j; i != i0 || j != j0;) {
      const AlignOp op = at(i, j)->op;
      const std::size_t di = op == AlignOp::Gap ? 0 : op == AlignOp::Swap ? 3 : 1;
      const std::size_t dj = op == AlignOp::Extra ? 0 : op == AlignOp::Swap ? 3 : 1;
      i -= di;
      j -= dj;
      back.push_back({op, i, j});
      if (op != AlignOp::Match) ++a_.differences;
    }
    a_.steps.insert(a_.steps.end(), back.rbegin(), back.rend());
    i0 = best.i;
    j0 = best.j;
    return true;
  }

  const SheetReading& ref_;
  const SheetReading& other_;
  std::size_t p_;
  bool same_letters_ = false;
  Alignment a_;
};

}  // namespace

Alignment align_sheets(const std::array<SheetReading, 2>& sheets, int reference, std::size_t p) {
  return Aligner(sheets, reference, p).run();
}

bool better(const Alignment& x, const Alignment& y, const std::array<SheetReading, 2>& sheets) {
  if (x.explained() != y.explained()) return x.explained();
  if (sheets[x.reference].read_plies != sheets[y.reference].read_plies)
    return sheets[x.reference].read_plies > sheets[y.reference].read_plies;
  return x.differences < y.differences;
}

}  // namespace annabella::core
