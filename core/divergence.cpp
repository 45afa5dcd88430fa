#include "core/divergence.h"

#include <algorithm>

#include "core/movegen.h"

namespace annabella::core {
namespace {

std::string plies_count(std::size_t n) {
  return n == 1 ? "one ply" : n == 2 ? "a move pair" : std::to_string(n) + " plies";
}

struct Classifier {
  const std::array<SheetReading, 2>& sheets;
  const Position& start;
  const std::array<BoardInput, 2>& boards;
  std::size_t p;

  std::size_t len(int s) const { return sheets[s].plies.size(); }
  std::size_t read(int s) const { return sheets[s].read_plies; }

  // Which sheet (0, 1; -1 for neither) something outside the sheets sides with, and why.
  struct Evidence {
    int sheet = -1;
    std::string why;
  };

  // The sheet whose move at `ply` a board log shows was played: `moves[s]` is the move sheet s
  // has there (read in the position the logs reached), when it has one.
  Evidence log_evidence(std::size_t ply, const std::array<std::optional<Move>, 2>& moves,
                        const std::array<std::string, 2>& sans) const {
    for (int b = 0; b < 2; ++b) {
      const auto& log = boards[b].log;
      if (!log || log->size() <= ply) continue;
      for (int s = 0; s < 2; ++s)
        if (moves[s] && *moves[s] == (*log)[ply])
          return {s, std::string("board ") + side_letter(b) + "'s log shows " + sans[s] +
                         " was played"};
    }
    return {};
  }

  // The fully read sheet whose final position a board shows (and the other's it does not).
  Evidence board_evidence() const {
    for (int b = 0; b < 2; ++b)
      for (int s = 0; s < 2; ++s) {
        const SheetReading& S = sheets[s];
        const SheetReading& O = sheets[1 - s];
        const Position& placement = boards[b].placement;
        if (S.fully_read() && S.positions.back().same_placement(placement) &&
            !(O.fully_read() && O.positions.back().same_placement(placement)))
          return {s, std::string("board ") + side_letter(b) + " shows the position sheet " +
                         side_letter(s) + "'s moves lead to"};
      }
    return {};
  }

  // Which of two sheets tells what was played where one has plies the other lacks: the board
  // logs at `ply`, then the boards' positions, then which sheet reads to its end.
  Evidence decide(std::size_t ply, const std::array<std::optional<Move>, 2>& moves,
                  const std::array<std::string, 2>& sans) const {
    Evidence ev = log_evidence(ply, moves, sans);
    if (ev.sheet < 0) ev = board_evidence();
    if (ev.sheet < 0 && sheets[0].fully_read() != sheets[1].fully_read()) {
      ev.sheet = sheets[0].fully_read() ? 0 : 1;
      ev.why = std::string("only sheet ") + side_letter(ev.sheet) + " reads through to its end";
    }
    return ev;
  }

  std::string written_list(int s, std::size_t from, std::size_t count) const {
    std::string out;
    for (std::size_t i = from; i < from + count && i < len(s); ++i) {
      if (!out.empty()) out += ", ";
      out += ply_name(start, i) + " " +
             (sheets[s].plies[i].san.empty() ? sheets[s].plies[i].written : sheets[s].plies[i].san);
    }
    return out;
  }

  // Where the sheets part, when neither reads on from there: what each has.
  Divergence both_unread() const {
    Divergence d;
    d.ply = p;
    const std::string at = ply_name(start, p);
    d.sheet = -1;
    const bool illegal = sheets[0].plies[p].problem_kind != MoveReadError::Kind::NotAMove ||
                         sheets[1].plies[p].problem_kind != MoveReadError::Kind::NotAMove;
    d.kind = illegal ? DifferenceKind::IllegalMove : DifferenceKind::UnreadableMove;
    for (int s = 0; s < 2; ++s) {
      if (!d.explanation.empty()) d.explanation += " ";
      d.explanation += std::string("Sheet ") + side_letter(s) + " has \"" +
                       sheets[s].plies[p].written + "\" for " + at + ": " +
                       sheets[s].plies[p].problem + ".";
    }
    return d;
  }

  Divergence classify() const {
    Divergence d;
    d.ply = p;
    const std::string at = ply_name(start, p);
    // One sheet simply ends here; everything it has agrees with the other.
    for (int x = 0; x < 2; ++x) {
      const int y = 1 - x;
      if (p == len(x) && len(y) > p) {
        d.reference = y;
        add_behind(d, x, y, p, len(y));
        d.kind = DifferenceKind::SheetBehind;
        d.sheet = x;
        d.count = len(y) - p;
        d.explanation = std::string("Sheet ") + side_letter(x) + " is " + std::to_string(d.count) +
                        (d.count == 1 ? " ply" : " plies") + " behind sheet " + side_letter(y) +
                        ": it ends before " + at + "; sheet " + side_letter(y) + " goes on with " +
                        written_list(y, p, d.count) + ".";
        return d;
      }
    }
    if (read(0) == p && read(1) == p) {
      Divergence u = both_unread();
      u.findings.push_back({u.kind, -1, p, 1, std::nullopt, u.explanation});
      for (std::size_t i = p; i < std::max(len(0), len(1)); ++i) {
        AlignedRow row;
        row.status = i == p ? AlignedRow::Status::Different : AlignedRow::Status::NotCompared;
        for (int s = 0; s < 2; ++s)
          if (i < len(s)) row.ply[s] = i;
        row.finding = i == p ? 0 : -1;
        u.alignment.push_back(row);
      }
      return u;
    }
    // Align the other sheet to the one read further; both ways when they read equally far.
    std::optional<Alignment> best;
    for (int ref = 0; ref < 2; ++ref) {
      if (read(ref) < read(1 - ref)) continue;
      Alignment a = align_sheets(sheets, ref, p);
      if (!best || better(a, *best, sheets)) best = std::move(a);
    }
    return describe(*best);
  }

  // ------------------------------------------------------------------------------------------
  // From an alignment to findings and words

  // Sheet `sheet`'s written move `i` read in the reference's position before its ply `j`.
  Result<Move, MoveReadError> read_at(int sheet, std::size_t i, const SheetReading& ref,
                                      std::size_t j) const {
    return read_move(ref.positions[j], sheets[sheet].plies[i].written, sheets[sheet].letters,
                     Strictness::Lenient);
  }

  // The finding for a run of Different steps k..last (one kind: blank, legal, illegal, not a
  // move), in the words the first divergence has always had.
  void describe_different(const Alignment& a, std::size_t k, std::size_t last,
                          SheetFinding& f) const {
    const int R = a.reference, O = 1 - a.reference;
    const SheetReading& ref = sheets[R];
    for (std::size_t g = k; g <= last; ++g) {
      const AlignStep& st = a.steps[g];
      const std::string at = ply_name(start, st.ref);
      const ReadPly& w = sheets[O].plies[st.other];
      if (!f.explanation.empty()) f.explanation += " ";
      if (w.written.empty()) {
        f.kind = DifferenceKind::MoveLeftOut;
        f.sheet = O;
        f.explanation += std::string("Sheet ") + side_letter(O) + " left the cell for " +
                         ply_name(start, st.other) + " blank; sheet " + side_letter(R) + " has " +
                         written_list(R, st.ref, 1) + ".";
        continue;
      }
      const auto m = read_at(O, st.other, ref, st.ref);
      if (m) {
        f.kind = DifferenceKind::DifferentMove;
        f.sheet = -1;
        std::array<std::optional<Move>, 2> moves;
        std::array<std::string, 2> sans;
        moves[R] = ref.move(st.ref);
        moves[O] = *m;
        for (int s = 0; s < 2; ++s) sans[s] = to_san(ref.positions[st.ref], *moves[s]);
        f.explanation +=
            "For " + at + " sheet A has " + sans[0] + " and sheet B has " + sans[1] + ".";
        const Evidence ev = log_evidence(st.ref, moves, sans);
        if (ev.sheet >= 0)
          f.explanation +=
              " B" + ev.why.substr(1) + " (as on sheet " + side_letter(ev.sheet) + ").";
        continue;
      }
      f.kind = m.error().kind == MoveReadError::Kind::NotAMove ? DifferenceKind::UnreadableMove
                                                               : DifferenceKind::IllegalMove;
      f.sheet = O;
      f.explanation += std::string("Sheet ") + side_letter(O) + " has \"" + w.written + "\" for " +
                       at + ": " + m.error().message + ". Sheet " + side_letter(R) + " has " +
                       written_list(R, st.ref, 1) + ".";
    }
  }

  // The finding for a run of n Gap (reference plies the other sheet lacks) or Extra (written
  // moves the reference lacks) steps from step k.
  void describe_one_sided(const Alignment& a, std::size_t k, std::size_t n, SheetFinding& f) const {
    const int R = a.reference, O = 1 - a.reference;
    const SheetReading& ref = sheets[R];
    const AlignStep& st = a.steps[k];
    const bool gap = st.op == AlignOp::Gap;
    const int has = gap ? R : O, lacks = gap ? O : R;
    // A duplicate: extra moves that repeat the moves just before them.
    bool duplicate = !gap && n <= 2 && st.ref >= n;
    for (std::size_t c = 0; c < n && duplicate; ++c)
      duplicate = written_means(sheets[O].plies[st.other + c].written, sheets[O].letters,
                                ref.positions[st.ref - n + c], ref.move(st.ref - n + c));
    if (duplicate) {
      f.kind = DifferenceKind::DuplicateMove;
      f.sheet = O;
      f.ply = st.ref - n;
      f.explanation = std::string("Sheet ") + side_letter(O) + " has " +
                      written_list(R, st.ref - n, n) + " written twice (again in the cell" +
                      (n == 1 ? " for " : "s from ") + ply_name(start, st.other) +
                      "); the copy was not played.";
      return;
    }
    // What each sheet has for the reference's ply st.ref: the reference its move, the other
    // sheet the written move that stands next (read in the same position).
    std::array<std::optional<Move>, 2> moves;
    std::array<std::string, 2> sans;
    if (st.ref < ref.read_plies) moves[R] = ref.move(st.ref);
    const std::size_t other_next =
        gap ? (k + n < a.steps.size() ? a.steps[k + n].other : len(O)) : st.other;
    if (other_next < len(O) && st.ref <= ref.read_plies)
      if (auto m = read_at(O, other_next, ref, st.ref)) moves[O] = *m;
    for (int s = 0; s < 2; ++s)
      if (moves[s]) sans[s] = to_san(ref.positions[st.ref], *moves[s]);
    const Evidence ev = decide(st.ref, moves, sans);
    const std::string what = written_list(has, gap ? st.ref : st.other, n);
    if (ev.sheet == lacks) {
      f.kind = DifferenceKind::ExtraMove;
      f.sheet = has;
      f.explanation = std::string("Sheet ") + side_letter(has) + " has " + plies_count(n) +
                      (n <= 2 ? " that was" : " that were") + " not played: " + what + " (" +
                      ev.why + ").";
      return;
    }
    f.kind = DifferenceKind::MoveLeftOut;
    f.sheet = lacks;
    f.explanation =
        std::string("Sheet ") + side_letter(lacks) + " has left out " + plies_count(n) +
        " that sheet " + side_letter(has) + " has: " + what +
        (ev.sheet == has
             ? " (" + ev.why + ")."
             : ". Nothing here decides whether " + std::string(n == 1 ? "it was" : "they were") +
                   " left out of sheet " + side_letter(lacks) + " or " + (n == 1 ? "is" : "are") +
                   " extra on sheet " + side_letter(has) + ".");
  }

  // The other sheet's order of a swap (AlignStep `st`) played from the reference's position before
  // it: where it ends, or why it cannot have been played.
  struct SwapReplay {
    std::optional<Position> end;
    std::string problem;
  };
  SwapReplay replay_swap(const Alignment& a, const AlignStep& st) const {
    const int O = 1 - a.reference;
    Position pos = sheets[a.reference].positions[st.ref];
    for (std::size_t c = 0; c < 3; ++c) {
      const std::string& written = sheets[O].plies[st.other + c].written;
      const auto m = read_move(pos, written, sheets[O].letters, Strictness::Lenient);
      if (!m) return {std::nullopt, m.error().message};
      pos.play(*m);
    }
    return {pos, ""};
  }

  void describe_swap(const Alignment& a, const AlignStep& st, SheetFinding& f) const {
    const int R = a.reference, O = 1 - a.reference;
    f.kind = DifferenceKind::MovesSwapped;
    f.count = 3;
    // The sheet whose order cannot have been played is the one written wrongly.
    const SwapReplay other = replay_swap(a, st);
    f.sheet = other.end ? -1 : O;
    f.explanation = "The sheets have " + ply_name(start, st.ref) + " and " +
                    ply_name(start, st.ref + 2) + " in opposite orders: sheet " + side_letter(R) +
                    " has " + written_list(R, st.ref, 3) + "; sheet " + side_letter(O) + " has " +
                    written_list(O, st.other, 3) + ".";
    if (other.end && other.end->same_placement(sheets[R].positions[st.ref + 3]))
      f.explanation +=
          " Both orders lead to the same position after " + ply_name(start, st.ref + 2) + ".";
    if (!other.end)
      f.explanation += std::string(" Sheet ") + side_letter(O) +
                       "'s order cannot have been played: " + other.problem + ".";
  }

  // Sheet `shorter` ends where sheet `longer` goes on with its written moves [from, to): the
  // finding, with one row for each of those moves.
  void add_behind(Divergence& d, int shorter, int longer, std::size_t from, std::size_t to) const {
    const std::size_t n = to - from;
    for (std::size_t i = from; i < to; ++i) {
      AlignedRow row;
      row.status = AlignedRow::Status::Behind;
      row.ply[longer] = i;
      row.finding = int(d.findings.size());
      d.alignment.push_back(row);
    }
    d.findings.push_back({DifferenceKind::SheetBehind, shorter, from, n, std::nullopt,
                          std::string("Sheet ") + side_letter(shorter) + " ends " +
                              std::to_string(n) + (n == 1 ? " ply" : " plies") + " before sheet " +
                              side_letter(longer) + ", which goes on with " +
                              written_list(longer, from, n) + "."});
  }

  Divergence describe(const Alignment& a) const {
    const int R = a.reference, O = 1 - a.reference;
    const SheetReading& ref = sheets[R];
    const std::vector<AlignStep>& steps = a.steps;
    Divergence d;
    d.ply = p;
    d.reference = R;
    auto row_of = [&](const AlignStep& st, AlignedRow::Status status, int finding) {
      AlignedRow row;
      row.status = status;
      if (st.op != AlignOp::Gap) row.ply[O] = st.other;
      if (st.op != AlignOp::Extra) row.ply[R] = st.ref;
      row.finding = finding;
      return row;
    };
    // The point after step `last` where the sheets agree again, as written moves of A and B.
    auto agree_after = [&](std::size_t last) -> std::optional<std::array<std::size_t, 2>> {
      if (last + 1 >= steps.size() || steps[last + 1].op != AlignOp::Match) return std::nullopt;
      std::array<std::size_t, 2> w{};
      w[R] = steps[last + 1].ref;
      w[O] = steps[last + 1].other;
      return w;
    };
    auto is_missing = [&](const AlignStep& st) {
      return st.op == AlignOp::Gap ||
             (st.op == AlignOp::Different && sheets[O].plies[st.other].written.empty());
    };
    // The kind of a step, for runs: Different steps split by what the written move is.
    auto run_kind = [&](const AlignStep& st) {
      if (st.op != AlignOp::Different) return int(st.op) * 8;
      const ReadPly& w = sheets[O].plies[st.other];
      if (w.written.empty()) return 1;
      const auto m = read_at(O, st.other, ref, st.ref);
      return m ? 2 : m.error().kind == MoveReadError::Kind::NotAMove ? 3 : 4;
    };

    for (std::size_t k = 0; k < steps.size();) {
      const AlignStep& st = steps[k];
      if (st.op == AlignOp::Match) {
        d.alignment.push_back(row_of(st, AlignedRow::Status::Agree, -1));
        ++k;
        continue;
      }
      const int index = int(d.findings.size());
      SheetFinding f;
      f.ply = st.ref;
      // A player who wrote only his own moves: every other reference ply missing, 3 or more.
      std::size_t own = 0;
      for (std::size_t g = k; g < steps.size(); g += 2) {
        if (!is_missing(steps[g]) || steps[g].ref % 2 != st.ref % 2) break;
        ++own;
        if (g + 1 >= steps.size() || steps[g + 1].op != AlignOp::Match) break;
      }
      std::size_t last = k;
      if (own >= 3) {
        last = k + 2 * (own - 1);
        f.kind = DifferenceKind::OwnMovesOnly;
        f.sheet = O;
        f.count = own;
        const bool white_missing = (std::size_t(start.game_ply()) + st.ref) % 2 == 0;
        const auto move_number = [&](std::size_t ply) {
          return std::to_string((std::size_t(start.game_ply()) + ply) / 2 + 1);
        };
        f.explanation = std::string("Sheet ") + side_letter(O) + " has only " +
                        (white_missing ? "Black" : "White") + "'s moves for moves " +
                        move_number(st.ref) + " to " + move_number(steps[last].ref) + ": " +
                        (white_missing ? "White" : "Black") + "'s " + std::to_string(own) +
                        " moves there are missing (sheet " + side_letter(R) + " has ";
        for (std::size_t g = k; g <= last; g += 2)
          f.explanation += (g == k ? "" : ", ") + written_list(R, steps[g].ref, 1);
        f.explanation += ").";
        for (std::size_t g = k; g <= last; ++g)
          d.alignment.push_back(row_of(steps[g],
                                       (g - k) % 2 ? AlignedRow::Status::Agree
                                       : steps[g].op == AlignOp::Gap
                                           ? AlignedRow::Status::OneSheetOnly
                                           : AlignedRow::Status::Different,
                                       index));
      } else {
        // A run of steps of one kind (a swap stands alone).
        const int kind = run_kind(st);
        if (st.op != AlignOp::Swap)
          while (last + 1 < steps.size() && steps[last + 1].op == st.op &&
                 run_kind(steps[last + 1]) == kind)
            ++last;
        const std::size_t n = last - k + 1;
        f.count = n;
        AlignedRow::Status status = AlignedRow::Status::OneSheetOnly;
        if (st.op == AlignOp::Gap || st.op == AlignOp::Extra) {
          describe_one_sided(a, k, n, f);
        } else if (st.op == AlignOp::Swap) {
          status = AlignedRow::Status::Swapped;
          describe_swap(a, st, f);
        } else {
          status = AlignedRow::Status::Different;
          describe_different(a, k, last, f);
        }
        for (std::size_t g = k; g <= last; ++g)
          if (steps[g].op == AlignOp::Swap)
            for (std::size_t c = 0; c < 3; ++c)
              d.alignment.push_back(row_of(
                  {AlignOp::Different, steps[g].other + c, steps[g].ref + c}, status, index));
          else
            d.alignment.push_back(row_of(steps[g], status, index));
      }
      f.agree_again = agree_after(last);
      if (f.agree_again) {
        const auto& w = *f.agree_again;
        f.explanation += " After that the sheets agree again from " + ply_name(start, w[R]) + " on";
        if (w[O] != w[R])
          f.explanation += std::string(" (sheet ") + side_letter(O) + " has it in the cell for " +
                           ply_name(start, w[O]) + ")";
        f.explanation += ".";
      }
      d.findings.push_back(std::move(f));
      k = last + 1;
    }

    // What the alignment did not reach.
    std::string note;
    std::size_t i = a.other_end, j = a.ref_end;
    if (!a.explained()) {
      SheetFinding f;
      f.kind = DifferenceKind::Unexplained;
      f.ply = j;
      f.explanation = "The sheets differ from " + ply_name(start, j) +
                      " on in a way that cannot be explained by left-out, extra or swapped "
                      "moves (" +
                      (a.ambiguous ? std::string("several explanations fit equally well")
                                   : "more than " + std::to_string(kMaxDifferences) +
                                         " differences, or a run of more than " +
                                         std::to_string(kMaxRunPlies) + " plies") +
                      "): sheet " + side_letter(R) + " has " + written_list(R, j, 3) +
                      (j + 3 < len(R) ? " and more" : "") + "; sheet " + side_letter(O) + " has " +
                      written_list(O, i, 3) + (i + 3 < len(O) ? " and more" : "") +
                      ". Nothing is guessed: the arbiter compares them (D.2.9).";
      d.findings.push_back(std::move(f));
    } else if (i == len(O) && j < ref.read_plies) {
      add_behind(d, O, R, j, ref.read_plies);
      j = ref.read_plies;
    } else if (j == len(R) && i < len(O)) {
      add_behind(d, R, O, i, len(O));
      i = len(O);
    }
    if (a.explained() && j < len(R))
      note = std::string(" Sheet ") + side_letter(R) + " cannot be read from " +
             ply_name(start, j) + " on (\"" + ref.plies[j].written + "\": " + ref.plies[j].problem +
             "); what follows is not compared.";
    // The rest, side by side as written.
    while (i < len(O) || j < len(R)) {
      AlignedRow row;
      row.status = AlignedRow::Status::NotCompared;
      if (i < len(O)) row.ply[O] = i++;
      if (j < len(R)) row.ply[R] = j++;
      row.finding = a.explained() ? -1 : int(d.findings.size()) - 1;
      d.alignment.push_back(row);
    }

    const SheetFinding& first = d.findings.front();
    d.kind = first.kind;
    d.sheet = first.sheet;
    d.count = first.count;
    for (const SheetFinding& f : d.findings)
      d.explanation += (d.explanation.empty() ? "" : " ") + f.explanation;
    d.explanation += note;
    if (!note.empty()) d.note = note.substr(1);
    if (d.kind == DifferenceKind::MovesSwapped && steps.front().op == AlignOp::Swap) {
      const SwapReplay other = replay_swap(a, steps.front());
      if (other.end && other.end->same_placement(ref.positions[p + 3])) d.rejoin_after = p + 3;
    }
    // From where the sheets agree to the end of the shorter one.
    if (a.explained()) {
      std::size_t k = steps.size();
      while (k > 0 && steps[k - 1].op == AlignOp::Match) --k;
      if (k > 0 && k < steps.size()) {
        d.agree_again = std::array<std::size_t, 2>{};
        (*d.agree_again)[R] = steps[k].ref;
        (*d.agree_again)[O] = steps[k].other;
      }
    }
    return d;
  }
};

}  // namespace

Divergence classify_divergence(const std::array<SheetReading, 2>& sheets, const Position& start,
                               const std::array<BoardInput, 2>& boards, std::size_t p) {
  return Classifier{sheets, start, boards, p}.classify();
}

std::string_view difference_name(DifferenceKind kind) {
  switch (kind) {
    case DifferenceKind::None:
      return "none";
    case DifferenceKind::SheetBehind:
      return "one sheet behind";
    case DifferenceKind::MoveLeftOut:
      return "move left out";
    case DifferenceKind::ExtraMove:
      return "extra move";
    case DifferenceKind::MovesSwapped:
      return "two moves swapped";
    case DifferenceKind::IllegalMove:
      return "illegal move written";
    case DifferenceKind::UnreadableMove:
      return "unreadable move written";
    case DifferenceKind::DifferentMove:
      return "different moves";
    case DifferenceKind::DuplicateMove:
      return "move written twice";
    case DifferenceKind::OwnMovesOnly:
      return "only one side's moves written";
    case DifferenceKind::Unexplained:
      return "cannot be explained";
  }
  return "";
}

std::string ply_name(const Position& start, std::size_t ply) {
  const std::size_t g = std::size_t(start.game_ply()) + ply;
  return std::string(g % 2 ? "Black's" : "White's") + " move " + std::to_string(g / 2 + 1);
}

}  // namespace annabella::core
