#include "core/divergence.h"

#include <algorithm>

#include "core/movegen.h"

namespace annabella::core {
namespace {

// Reads the alignment of the two sheets into findings and rows. R is the reference sheet, O the
// other one.
class Classifier {
 public:
  Classifier(const std::array<SheetReading, 2>& sheets, const std::array<PhysicalBoard, 2>& boards,
             std::size_t p)
      : sheets_(sheets), boards_(boards), p_(p) {}

  Divergence classify() const {
    // One sheet simply ends here; everything it has agrees with the other.
    for (int x = 0; x < 2; ++x) {
      const int y = 1 - x;
      if (p_ == len(x) && len(y) > p_) {
        Divergence d;
        d.ply = p_;
        d.reference = y;
        add_behind(d, {.shorter = x, .longer = y, .from = p_, .to = len(y)});
        set_first(d);
        return d;
      }
    }
    if (read(0) == p_ && read(1) == p_) return both_unread();
    // Align the other sheet to the one read further; both ways when they read equally far.
    std::optional<Alignment> best;
    for (int ref = 0; ref < 2; ++ref) {
      if (read(ref) < read(1 - ref)) continue;
      Alignment a = align_sheets(sheets_, ref, p_);
      if (!best || better(a, *best, sheets_)) best = std::move(a);
    }
    return from_alignment(*best);
  }

 private:
  [[nodiscard]] std::size_t len(int s) const { return sheets_[std::size_t(s)].plies.size(); }
  [[nodiscard]] std::size_t read(int s) const { return sheets_[std::size_t(s)].read_plies; }
  [[nodiscard]] const SheetReading& sheet(int s) const { return sheets_[std::size_t(s)]; }

  // The sheet whose move at `ply` a board log shows was played: `moves[s]` is the move sheet s
  // has there (read in the position the logs reached), when it has one.
  [[nodiscard]] Evidence log_evidence(std::size_t ply,
                                      const std::array<std::optional<Move>, 2>& moves,
                                      const std::array<std::string, 2>& sans) const {
    for (int b = 0; b < 2; ++b) {
      const auto& log = boards_[std::size_t(b)].log;
      if (!log || log->size() <= ply) continue;
      for (std::size_t s = 0; s < 2; ++s)
        if (moves[s] && *moves[s] == (*log)[ply])
          return {Evidence::Source::BoardLog, int(s), b, sans[s]};
    }
    return {};
  }

  // The fully read sheet whose final position a board shows (and the other's it does not).
  [[nodiscard]] Evidence board_evidence() const {
    for (int b = 0; b < 2; ++b)
      for (int s = 0; s < 2; ++s) {
        const SheetReading& S = sheet(s);
        const SheetReading& O = sheet(1 - s);
        const Position& placement = boards_[std::size_t(b)].placement;
        if (S.fully_read() && S.positions.back().same_placement(placement) &&
            !(O.fully_read() && O.positions.back().same_placement(placement)))
          return {Evidence::Source::BoardPosition, s, b, ""};
      }
    return {};
  }

  // Which of two sheets tells what was played where one has plies the other lacks: the board
  // logs at `ply`, then the boards' positions, then which sheet reads to its end.
  [[nodiscard]] Evidence decide(std::size_t ply, const std::array<std::optional<Move>, 2>& moves,
                                const std::array<std::string, 2>& sans) const {
    Evidence ev = log_evidence(ply, moves, sans);
    if (ev.sheet < 0) ev = board_evidence();
    if (ev.sheet < 0 && sheet(0).fully_read() != sheet(1).fully_read())
      ev = {Evidence::Source::ReadsThrough, sheet(0).fully_read() ? 0 : 1, -1, ""};
    return ev;
  }

  // Where the sheets part, when neither reads on from there: each sheet's written move at p.
  [[nodiscard]] Divergence both_unread() const {
    Divergence d;
    d.ply = p_;
    const bool illegal = sheet(0).plies[p_].problem != PlyProblem::NotAMove ||
                         sheet(1).plies[p_].problem != PlyProblem::NotAMove;
    SheetFinding f;
    f.kind = illegal ? DifferenceKind::IllegalMove : DifferenceKind::UnreadableMove;
    f.ply = p_;
    f.count = 1;
    f.cell = p_;
    d.findings.push_back(std::move(f));
    for (std::size_t i = p_; i < std::max(len(0), len(1)); ++i) {
      AlignedRow row;
      row.status = i == p_ ? AlignedRow::Status::Different : AlignedRow::Status::NotCompared;
      for (int s = 0; s < 2; ++s)
        if (i < len(s)) row.ply[std::size_t(s)] = i;
      row.finding = i == p_ ? 0 : -1;
      d.alignment.push_back(row);
    }
    set_first(d);
    return d;
  }

  // Sheet `sheet`'s written move `i` read in the reference's position before its ply `j`.
  [[nodiscard]] Result<Move, MoveReadError> read_at(int s, std::size_t i, const SheetReading& ref,
                                                    std::size_t j) const {
    return read_move(ref.positions[j], sheet(s).plies[i].written, sheet(s).letters,
                     Strictness::Lenient);
  }

  // The finding for a run of Different steps k..last (one kind: blank, legal, illegal, not a
  // move).
  void different(const Alignment& a, std::size_t k, std::size_t last, SheetFinding& f) const {
    const int R = a.reference, O = 1 - a.reference;
    const SheetReading& ref = sheet(R);
    for (std::size_t g = k; g <= last; ++g) {
      const AlignStep& st = a.steps[g];
      FindingPly fp;
      fp.ply = st.ref;
      fp.cell = st.other;
      f.has = R;
      if (sheet(O).plies[st.other].written.empty()) {
        f.kind = DifferenceKind::MoveLeftOut;
        f.sheet = O;
        fp.problem = PlyProblem::Blank;
        f.plies.push_back(std::move(fp));
        continue;
      }
      const auto m = read_at(O, st.other, ref, st.ref);
      if (m) {
        f.kind = DifferenceKind::DifferentMove;
        f.sheet = -1;
        std::array<std::optional<Move>, 2> moves;
        moves[std::size_t(R)] = ref.move(st.ref);
        moves[std::size_t(O)] = *m;
        for (std::size_t s = 0; s < 2; ++s) fp.san[s] = to_san(ref.positions[st.ref], *moves[s]);
        fp.evidence = log_evidence(st.ref, moves, fp.san);
        f.plies.push_back(std::move(fp));
        continue;
      }
      const bool not_a_move = m.error().kind == MoveReadError::Kind::NotAMove;
      f.kind = not_a_move ? DifferenceKind::UnreadableMove : DifferenceKind::IllegalMove;
      f.sheet = O;
      fp.problem = not_a_move                                         ? PlyProblem::NotAMove
                   : m.error().kind == MoveReadError::Kind::Ambiguous ? PlyProblem::Ambiguous
                                                                      : PlyProblem::Illegal;
      fp.reason = m.error();
      f.plies.push_back(std::move(fp));
    }
  }

  // Extra written moves that repeat the n moves just before them on the reference.
  [[nodiscard]] bool duplicates(const Alignment& a, const AlignStep& st, std::size_t n) const {
    if (n > 2 || st.ref < n) return false;
    const int O = 1 - a.reference;
    const SheetReading& ref = sheet(a.reference);
    for (std::size_t c = 0; c < n; ++c)
      if (!written_means(sheet(O).plies[st.other + c].written, sheet(O).letters,
                         ref.positions[st.ref - n + c], ref.move(st.ref - n + c)))
        return false;
    return true;
  }

  // The finding for a run of n Gap (reference plies the other sheet lacks) or Extra (written
  // moves the reference lacks) steps from step k.
  void one_sided(const Alignment& a, std::size_t k, std::size_t n, SheetFinding& f) const {
    const int R = a.reference, O = 1 - a.reference;
    const SheetReading& ref = sheet(R);
    const AlignStep& st = a.steps[k];
    const bool gap = st.op == AlignOp::Gap;
    if (!gap && duplicates(a, st, n)) {
      f.kind = DifferenceKind::DuplicateMove;
      f.sheet = O;
      f.has = O;
      f.ply = st.ref - n;
      f.cell = st.other;
      return;
    }
    // What each sheet has for the reference's ply st.ref: the reference its move, the other
    // sheet the written move that stands next (read in the same position).
    std::array<std::optional<Move>, 2> moves;
    std::array<std::string, 2> sans;
    if (st.ref < ref.read_plies) moves[std::size_t(R)] = ref.move(st.ref);
    const std::size_t other_next =
        gap ? (k + n < a.steps.size() ? a.steps[k + n].other : len(O)) : st.other;
    if (other_next < len(O) && st.ref <= ref.read_plies)
      if (auto m = read_at(O, other_next, ref, st.ref)) moves[std::size_t(O)] = *m;
    for (std::size_t s = 0; s < 2; ++s)
      if (moves[s]) sans[s] = to_san(ref.positions[st.ref], *moves[s]);
    f.evidence = decide(st.ref, moves, sans);
    f.has = gap ? R : O;
    f.cell = gap ? st.ref : st.other;
    const int lacks = gap ? O : R;
    const bool extra = f.evidence.sheet == lacks;
    f.kind = extra ? DifferenceKind::ExtraMove : DifferenceKind::MoveLeftOut;
    f.sheet = extra ? f.has : lacks;
  }

  // The other sheet's order of a swap played from the reference's position before it: where it
  // ends, or why it cannot have been played.
  struct SwapReplay {
    std::optional<Position> end;
    std::optional<MoveReadError> problem;
  };
  [[nodiscard]] SwapReplay replay_swap(const Alignment& a, const AlignStep& st) const {
    const int O = 1 - a.reference;
    Position pos = sheet(a.reference).positions[st.ref];
    for (std::size_t c = 0; c < 3; ++c) {
      const std::string& written = sheet(O).plies[st.other + c].written;
      const auto m = read_move(pos, written, sheet(O).letters, Strictness::Lenient);
      if (!m) return {std::nullopt, m.error()};
      pos.play(*m);
    }
    return {pos, std::nullopt};
  }

  void swap(const Alignment& a, const AlignStep& st, SheetFinding& f) const {
    const int O = 1 - a.reference;
    f.kind = DifferenceKind::MovesSwapped;
    f.count = 3;
    f.has = O;
    f.cell = st.other;
    // The sheet whose order cannot have been played is the one written wrongly.
    const SwapReplay other = replay_swap(a, st);
    f.sheet = other.end ? -1 : O;
    f.unplayable = other.problem;
    f.same_position_after =
        other.end && other.end->same_placement(sheet(a.reference).positions[st.ref + 3]);
  }

  // Sheet `shorter` ends where sheet `longer` goes on with its written moves [from, to). A
  // struct, so that the two sheets and the two plies are never passed the wrong way round.
  struct Behind {
    int shorter = 0;
    int longer = 1;
    std::size_t from = 0;
    std::size_t to = 0;
  };

  // The finding that one sheet is behind, with one row for each move the other goes on with.
  static void add_behind(Divergence& d, const Behind& behind) {
    const auto [shorter, longer, from, to] = behind;
    for (std::size_t i = from; i < to; ++i) {
      AlignedRow row;
      row.status = AlignedRow::Status::Behind;
      row.ply[std::size_t(longer)] = i;
      row.finding = int(d.findings.size());
      d.alignment.push_back(row);
    }
    SheetFinding f;
    f.kind = DifferenceKind::SheetBehind;
    f.sheet = shorter;
    f.ply = from;
    f.count = to - from;
    f.has = longer;
    f.cell = from;
    d.findings.push_back(std::move(f));
  }

  // The first finding gives the divergence its kind, sheet and count.
  static void set_first(Divergence& d) {
    const SheetFinding& first = d.findings.front();
    d.kind = first.kind;
    d.sheet = first.sheet;
    d.count = first.count;
  }

  // ------------------------------------------------------------------------------------------
  // From an alignment to findings

  // One aligned row for a step.
  static AlignedRow row_of(const Alignment& a, const AlignStep& st, AlignedRow::Status status,
                           int finding) {
    const int R = a.reference, O = 1 - a.reference;
    AlignedRow row;
    row.status = status;
    if (st.op != AlignOp::Gap) row.ply[std::size_t(O)] = st.other;
    if (st.op != AlignOp::Extra) row.ply[std::size_t(R)] = st.ref;
    row.finding = finding;
    return row;
  }

  // The point after step `last` where the sheets agree again, as written moves of A and B.
  static std::optional<std::array<std::size_t, 2>> agree_after(const Alignment& a,
                                                               std::size_t last) {
    if (last + 1 >= a.steps.size() || a.steps[last + 1].op != AlignOp::Match) return std::nullopt;
    std::array<std::size_t, 2> w{};
    w[std::size_t(a.reference)] = a.steps[last + 1].ref;
    w[std::size_t(1 - a.reference)] = a.steps[last + 1].other;
    return w;
  }

  [[nodiscard]] bool is_missing(const Alignment& a, const AlignStep& st) const {
    return st.op == AlignOp::Gap ||
           (st.op == AlignOp::Different && sheet(1 - a.reference).plies[st.other].written.empty());
  }

  // The kind of a step, for runs: Different steps split by what the written move is.
  [[nodiscard]] int run_kind(const Alignment& a, const AlignStep& st) const {
    if (st.op != AlignOp::Different) return int(st.op) * 8;
    const int O = 1 - a.reference;
    if (sheet(O).plies[st.other].written.empty()) return 1;
    const auto m = read_at(O, st.other, sheet(a.reference), st.ref);
    return m ? 2 : m.error().kind == MoveReadError::Kind::NotAMove ? 3 : 4;
  }

  // A player who wrote only his own moves from step k: every other reference ply missing, 3 or
  // more times. Returns how many.
  [[nodiscard]] std::size_t own_moves_run(const Alignment& a, std::size_t k) const {
    const std::vector<AlignStep>& steps = a.steps;
    std::size_t own = 0;
    for (std::size_t g = k; g < steps.size(); g += 2) {
      if (!is_missing(a, steps[g]) || steps[g].ref % 2 != steps[k].ref % 2) break;
      ++own;
      if (g + 1 >= steps.size() || steps[g + 1].op != AlignOp::Match) break;
    }
    return own;
  }

  // The finding that starts at step k (not a match); appends its rows; returns its last step.
  std::size_t finding_at(const Alignment& a, std::size_t k, Divergence& d) const {
    const std::vector<AlignStep>& steps = a.steps;
    const AlignStep& st = steps[k];
    const int index = int(d.findings.size());
    SheetFinding f;
    f.ply = st.ref;
    std::size_t last = k;
    if (const std::size_t own = own_moves_run(a, k); own >= 3) {
      last = k + 2 * (own - 1);
      f.kind = DifferenceKind::OwnMovesOnly;
      f.sheet = 1 - a.reference;
      f.has = a.reference;
      f.cell = st.ref;
      f.count = own;
      for (std::size_t g = k; g <= last; ++g)
        d.alignment.push_back(row_of(a, steps[g],
                                     (g - k) % 2 ? AlignedRow::Status::Agree
                                     : steps[g].op == AlignOp::Gap
                                         ? AlignedRow::Status::OneSheetOnly
                                         : AlignedRow::Status::Different,
                                     index));
    } else {
      // A run of steps of one kind (a swap stands alone).
      const int kind = run_kind(a, st);
      if (st.op != AlignOp::Swap)
        while (last + 1 < steps.size() && steps[last + 1].op == st.op &&
               run_kind(a, steps[last + 1]) == kind)
          ++last;
      f.count = last - k + 1;
      AlignedRow::Status status = AlignedRow::Status::OneSheetOnly;
      if (st.op == AlignOp::Gap || st.op == AlignOp::Extra) {
        one_sided(a, k, f.count, f);
      } else if (st.op == AlignOp::Swap) {
        status = AlignedRow::Status::Swapped;
        swap(a, st, f);
      } else {
        status = AlignedRow::Status::Different;
        different(a, k, last, f);
      }
      for (std::size_t g = k; g <= last; ++g)
        if (steps[g].op == AlignOp::Swap)
          for (std::size_t c = 0; c < 3; ++c)
            d.alignment.push_back(row_of(
                a, {AlignOp::Different, steps[g].other + c, steps[g].ref + c}, status, index));
        else
          d.alignment.push_back(row_of(a, steps[g], status, index));
    }
    f.agree_again = agree_after(a, last);
    d.findings.push_back(std::move(f));
    return last;
  }

  // What the alignment did not reach: an unexplained rest, a sheet behind, rows not compared.
  void rest(const Alignment& a, Divergence& d) const {
    const int R = a.reference, O = 1 - a.reference;
    std::size_t i = a.other_end, j = a.ref_end;
    if (!a.explained()) {
      SheetFinding f;
      f.kind = DifferenceKind::Unexplained;
      f.ply = j;
      f.has = O;
      f.cell = i;
      f.ambiguous = a.ambiguous;
      d.findings.push_back(std::move(f));
    } else if (i == len(O) && j < read(R)) {
      add_behind(d, {.shorter = O, .longer = R, .from = j, .to = read(R)});
      j = read(R);
    } else if (j == len(R) && i < len(O)) {
      add_behind(d, {.shorter = R, .longer = O, .from = i, .to = len(O)});
      i = len(O);
    }
    if (a.explained() && j < len(R)) d.unread_from = j;
    // The rest, side by side as written.
    while (i < len(O) || j < len(R)) {
      AlignedRow row;
      row.status = AlignedRow::Status::NotCompared;
      if (i < len(O)) row.ply[std::size_t(O)] = i++;
      if (j < len(R)) row.ply[std::size_t(R)] = j++;
      row.finding = a.explained() ? -1 : int(d.findings.size()) - 1;
      d.alignment.push_back(row);
    }
  }

  Divergence from_alignment(const Alignment& a) const {
    const std::vector<AlignStep>& steps = a.steps;
    Divergence d;
    d.ply = p_;
    d.reference = a.reference;
    for (std::size_t k = 0; k < steps.size(); ++k) {
      if (steps[k].op == AlignOp::Match)
        d.alignment.push_back(row_of(a, steps[k], AlignedRow::Status::Agree, -1));
      else
        k = finding_at(a, k, d);
    }
    rest(a, d);
    set_first(d);
    if (d.kind == DifferenceKind::MovesSwapped && steps.front().op == AlignOp::Swap) {
      const SwapReplay other = replay_swap(a, steps.front());
      if (other.end && other.end->same_placement(sheet(a.reference).positions[p_ + 3]))
        d.rejoin_after = p_ + 3;
    }
    // From where the sheets agree to the end of the shorter one.
    if (a.explained()) {
      std::size_t k = steps.size();
      while (k > 0 && steps[k - 1].op == AlignOp::Match) --k;
      if (k > 0 && k < steps.size()) {
        d.agree_again = std::array<std::size_t, 2>{};
        (*d.agree_again)[std::size_t(a.reference)] = steps[k].ref;
        (*d.agree_again)[std::size_t(1 - a.reference)] = steps[k].other;
      }
    }
    return d;
  }

  const std::array<SheetReading, 2>& sheets_;
  const std::array<PhysicalBoard, 2>& boards_;
  std::size_t p_;
};

}  // namespace

Divergence classify_divergence(const std::array<SheetReading, 2>& sheets,
                               const std::array<PhysicalBoard, 2>& boards, std::size_t p) {
  return Classifier(sheets, boards, p).classify();
}

}  // namespace annabella::core
