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

// A cell of the alignment: the other sheet's next written move i, the reference's next ply j.
struct Pos {
  std::size_t i = 0, j = 0;
  friend bool operator==(const Pos&, const Pos&) = default;
};

// Where the alignment starts: the reference sheet, and the ply where the sheets part.
struct AlignFrom {
  int reference = 0;
  std::size_t p = 0;
};

class Aligner {
 public:
  Aligner(const std::array<SheetReading, 2>& sheets, AlignFrom from)
      : ref_(sheets[std::size_t(from.reference)]),
        other_(sheets[std::size_t(1 - from.reference)]),
        p_(from.p) {
    same_letters_ = ref_.letters.code == other_.letters.code;
    for (int t = 0; t < PIECE_TYPE_NB && same_letters_; ++t)
      same_letters_ = ref_.letters.letters[t] == other_.letters.letters[t];
    a_.reference = from.reference;
  }

  Alignment run() {
    Pos at{p_, p_};
    for (;;) {
      while (at.i < other_len() && at.j < ref_len() && same(at)) {
        a_.steps.push_back({AlignOp::Match, at.i, at.j});
        ++at.i;
        ++at.j;
      }
      if (at.i == other_len() || at.j == ref_len()) break;
      if (!window(at)) break;
    }
    a_.other_end = at.i;
    a_.ref_end = at.j;
    return std::move(a_);
  }

  // Whether the other sheet's written move i means the reference's move j, read in the
  // reference's position before it.
  [[nodiscard]] bool same(Pos at) const {
    const ReadPly& o = other_.plies[at.i];
    const ReadPly& r = ref_.plies[at.j];
    if (same_letters_ && o.written == r.written) return true;  // read alike in that position
    if (o.move && at.i < other_.positions.size() - 1 &&
        other_.positions[at.i] == ref_.positions[at.j])
      return *o.move == *r.move;
    return written_means(o.written, other_.letters, ref_.positions[at.j], *r.move);
  }

  // Sheet `other` has the reference's plies j, j+1, j+2 as j+2, j+1, j (one side's two moves in
  // the opposite order).
  [[nodiscard]] bool swapped(Pos at) const {
    return *ref_.plies[at.j].move != *ref_.plies[at.j + 2].move && same({at.i, at.j + 2}) &&
           same({at.i + 1, at.j + 1}) && same({at.i + 2, at.j});
  }

  [[nodiscard]] std::size_t other_len() const { return other_.plies.size(); }
  [[nodiscard]] std::size_t ref_len() const { return ref_.read_plies; }

 private:
  bool window(Pos& at);

  const SheetReading& ref_;
  const SheetReading& other_;
  std::size_t p_;
  bool same_letters_ = false;
  Alignment a_;
};

// One window of the alignment: a banded edit-distance table from `start`, where the sheets do not
// match, to the first point from which they run on together, within `budget`.
class Window {
 public:
  Window(const Aligner& aligner, Pos start, int budget)
      : al_(aligner),
        start_(start),
        end_{std::min(aligner.other_len(), start.i + kWindow), 0},
        budget_(budget) {
    end_.j = std::min(aligner.ref_len(), start.j + (end_.i - start.i) + kMaxRunPlies);
    cells_.resize((end_.i - start.i + 1) * std::size_t(kBand));
    Cell* first = cell(start);
    first->cost = 0;
    first->ways = 1;
  }

  // Fills the table row by row; the landing found, if any, and whether another one ties it.
  void fill() {
    for (std::size_t i = start_.i; i <= end_.i; ++i)
      for (long k = kBand - 1; k >= 0; --k) {  // j ascending
        const long dj = long(i - start_.i) + long(kMaxRunPlies) - k;
        if (dj >= 0) visit({i, start_.j + std::size_t(dj)});
      }
  }

  [[nodiscard]] bool found() const { return best_.cost != kNone; }
  [[nodiscard]] bool tie() const { return tie_; }
  [[nodiscard]] Pos landing() const { return best_.at; }

  // The steps from the start to the landing, in order.
  [[nodiscard]] std::vector<AlignStep> steps() {
    std::vector<AlignStep> back;
    for (Pos at = best_.at; !(at == start_);) {
      const AlignOp op = cell(at)->op;
      at.i -= op == AlignOp::Gap ? 0 : op == AlignOp::Swap ? 3 : 1;
      at.j -= op == AlignOp::Extra ? 0 : op == AlignOp::Swap ? 3 : 1;
      back.push_back({op, at.i, at.j});
    }
    return {back.rbegin(), back.rend()};
  }

 private:
  static constexpr int kNone = std::numeric_limits<int>::max();
  static constexpr long kBand = long(2 * kMaxRunPlies + 1);
  struct Cell {
    int cost = kNone;
    std::uint8_t ways = 0;        // optimal ways in, capped at 2
    AlignOp op = AlignOp::Match;  // the step into the cell on an optimal way
    std::int8_t match = -1;
  };
  struct Landing {
    Pos at;
    int cost = kNone;
    long diagonal = 0;
  };

  // (i, j) to its cell, when inside the window and the band.
  Cell* cell(Pos at) {
    if (at.i < start_.i || at.j < start_.j || at.i > end_.i || at.j > end_.j) return nullptr;
    const long k = long(at.i - start_.i) - long(at.j - start_.j) + long(kMaxRunPlies);
    if (k < 0 || k >= kBand) return nullptr;
    return &cells_[(at.i - start_.i) * std::size_t(kBand) + std::size_t(k)];
  }

  bool matches(Pos at) {
    Cell* c = cell(at);
    if (c == nullptr) return al_.same(at);
    if (c->match < 0) c->match = al_.same(at) ? 1 : 0;
    return c->match == 1;
  }

  void reach(Pos at, const Cell& from, int cost, AlignOp op) {
    Cell* c = cell(at);
    if (c == nullptr || cost > budget_) return;
    if (cost < c->cost)
      *c = Cell{cost, from.ways, op, c->match};
    else if (cost == c->cost)
      c->ways = std::uint8_t(std::min(2, c->ways + from.ways));
  }

  // The sheets run on together from `at` (or reach an end, all matching): with the cost of the
  // plies left over at the end.
  std::optional<int> runs_on(Pos at) {
    for (std::size_t k = 0;; ++k) {
      if (at.i + k == al_.other_len()) return kTailCost * int(al_.ref_len() - (at.j + k));
      if (at.j + k == al_.ref_len()) return kTailCost * int(al_.other_len() - (at.i + k));
      if (k == kRunOn) return 0;
      if (!matches({at.i + k, at.j + k})) return std::nullopt;
    }
  }

  // A landing at `at` with the cell's cost: the best so far, or a tie with it.
  void land(Pos at, const Cell& c) {
    const auto tail = runs_on(at);
    if (!tail) return;
    const int total = c.cost + *tail;
    const long diagonal = long(at.i) - long(at.j);
    if (total < best_.cost) {
      best_ = {at, total, diagonal};
      tie_ = c.ways > 1;
    } else if (total == best_.cost && diagonal != best_.diagonal) {
      tie_ = true;
    }
  }

  void visit(Pos at) {
    Cell* c = cell(at);
    // A cell dearer than the best landing so far leads to no better or equal landing.
    if (c == nullptr || c->cost > budget_ || c->cost > best_.cost) return;
    const Cell here = *c;
    if (!(at == start_)) land(at, here);
    const bool more_other = at.i < al_.other_len(), more_ref = at.j < al_.ref_len();
    if (more_other && more_ref && matches(at)) {
      reach({at.i + 1, at.j + 1}, here, here.cost, AlignOp::Match);  // a match is never left out
      return;
    }
    const int cost = here.cost + kEditCost;
    if (more_ref) reach({at.i, at.j + 1}, here, cost, AlignOp::Gap);
    if (more_other) reach({at.i + 1, at.j}, here, cost, AlignOp::Extra);
    if (more_other && more_ref) reach({at.i + 1, at.j + 1}, here, cost, AlignOp::Different);
    if (at.i + 3 <= al_.other_len() && at.j + 3 <= al_.ref_len() && al_.swapped(at))
      reach({at.i + 3, at.j + 3}, here, cost, AlignOp::Swap);
  }

  const Aligner& al_;
  Pos start_, end_;
  int budget_;
  std::vector<Cell> cells_;
  Landing best_;
  bool tie_ = false;
};

// Aligns from `at`, where the sheets do not match, to the first point from which they run on
// together, within the differences left; appends the steps. False when there is none or several
// equally good ones (the alignment then stops there).
bool Aligner::window(Pos& at) {
  Window w(*this, at, kEditCost * (kMaxDifferences - a_.differences));
  w.fill();
  if (!w.found()) {
    a_.too_many = true;
    return false;
  }
  if (w.tie()) {
    a_.ambiguous = true;
    return false;
  }
  for (const AlignStep& st : w.steps()) {
    a_.steps.push_back(st);
    if (st.op != AlignOp::Match) ++a_.differences;
  }
  at = w.landing();
  return true;
}

}  // namespace

Alignment align_sheets(const std::array<SheetReading, 2>& sheets, int reference, std::size_t p) {
  return Aligner(sheets, {reference, p}).run();
}

bool better(const Alignment& x, const Alignment& y, const std::array<SheetReading, 2>& sheets) {
  if (x.explained() != y.explained()) return x.explained();
  if (sheets[x.reference].read_plies != sheets[y.reference].read_plies)
    return sheets[x.reference].read_plies > sheets[y.reference].read_plies;
  return x.differences < y.differences;
}

}  // namespace annabella::core
