#include "core/sheet_edits.h"

#include <algorithm>

#include "core/sheet_alignment.h"

namespace annabella::core {
namespace {

SheetEdit edit(SheetEdit::Kind kind, std::size_t cell, std::size_t ply, const Position& before,
               Move move, const PieceLetters& letters) {
  return {kind, cell, ply, move, to_san(before, move), to_san(before, move, letters)};
}

SheetEdit strike(std::size_t cell) {
  SheetEdit e;
  e.kind = SheetEdit::Kind::StrikeOut;
  e.cell = cell;
  return e;
}

// The moves of `ahead` written after the end of `wrong` (their positions from `end` on).
void append_ahead(std::vector<SheetEdit>& edits, const SheetReading& wrong, std::size_t plies,
                  Position end, const std::vector<Move>& ahead) {
  for (std::size_t k = 0; k < ahead.size(); ++k) {
    edits.push_back(
        edit(SheetEdit::Kind::Write, wrong.plies.size(), plies + k, end, ahead[k], wrong.letters));
    end.play(ahead[k]);
  }
}

// The edits one alignment step needs (reference R is the right sheet, O the wrong one).
void step_edits(const AlignStep& st, const SheetReading& R, const SheetReading& O,
                std::vector<SheetEdit>& edits) {
  switch (st.op) {
    case AlignOp::Match:
      return;
    case AlignOp::Gap:
      edits.push_back(edit(SheetEdit::Kind::Write, st.other, st.ref, R.positions[st.ref],
                           R.move(st.ref), O.letters));
      return;
    case AlignOp::Extra:
      edits.push_back(strike(st.other));
      return;
    case AlignOp::Different:
      edits.push_back(edit(SheetEdit::Kind::Replace, st.other, st.ref, R.positions[st.ref],
                           R.move(st.ref), O.letters));
      return;
    case AlignOp::Swap:
      for (std::size_t c = 0; c < 3; ++c)
        if (!written_means(O.plies[st.other + c].written, O.letters, R.positions[st.ref + c],
                           R.move(st.ref + c)))
          edits.push_back(edit(SheetEdit::Kind::Replace, st.other + c, st.ref + c,
                               R.positions[st.ref + c], R.move(st.ref + c), O.letters));
      return;
  }
}

// The edits from the rows of a divergence aligned to the right sheet R; false when the rows do not
// explain the sheets (something was not compared).
bool rows_edits(const Divergence& d, const SheetReading& R, const SheetReading& O, std::size_t p,
                std::vector<SheetEdit>& edits) {
  const auto r = std::size_t(d.reference), o = 1 - r;
  std::size_t next = p;  // the wrong sheet's next written move
  for (const AlignedRow& row : d.alignment) {
    if (row.status == AlignedRow::Status::NotCompared) return false;
    if (row.ply[o]) next = *row.ply[o] + 1;
    if (row.ply[r] && row.ply[o]) {
      const std::size_t i = *row.ply[o], j = *row.ply[r];
      if (row.status != AlignedRow::Status::Agree &&
          !written_means(O.plies[i].written, O.letters, R.positions[j], R.move(j)))
        edits.push_back(edit(SheetEdit::Kind::Replace, i, j, R.positions[j], R.move(j), O.letters));
    } else if (row.ply[r]) {
      const std::size_t j = *row.ply[r];
      edits.push_back(edit(SheetEdit::Kind::Write, next, j, R.positions[j], R.move(j), O.letters));
    } else if (row.ply[o]) {
      edits.push_back(strike(*row.ply[o]));
    }
  }
  return std::none_of(d.findings.begin(), d.findings.end(),
                      [](const SheetFinding& f) { return f.kind == DifferenceKind::Unexplained; });
}

}  // namespace

std::vector<SheetEdit> sheet_edits(const std::array<SheetReading, 2>& sheets, const Divergence& d,
                                   int wrong, int right, std::size_t p,
                                   const std::vector<Move>& ahead) {
  const SheetReading& R = sheets[std::size_t(right)];
  const SheetReading& O = sheets[std::size_t(wrong)];
  std::vector<SheetEdit> edits;
  if (d.reference != right || !rows_edits(d, R, O, p, edits)) {
    edits.clear();
    const Alignment a = align_sheets(sheets, right, p);
    if (a.explained()) {
      for (const AlignStep& st : a.steps) step_edits(st, R, O, edits);
      // What the alignment did not cover: struck out, or written from the right sheet.
      for (std::size_t i = a.other_end; i < O.plies.size(); ++i) edits.push_back(strike(i));
      for (std::size_t j = a.ref_end; j < R.read_plies; ++j)
        edits.push_back(
            edit(SheetEdit::Kind::Write, O.plies.size(), j, R.positions[j], R.move(j), O.letters));
    } else {
      SheetEdit e;
      e.kind = SheetEdit::Kind::RewriteFrom;
      e.cell = p;
      e.ply = p;
      edits.push_back(e);
    }
  }
  append_ahead(edits, O, R.read_plies, R.positions.back(), ahead);
  return edits;
}

std::vector<SheetEdit> edits_for_ahead(const SheetReading& sheet, const std::vector<Move>& ahead) {
  std::vector<SheetEdit> edits;
  append_ahead(edits, sheet, sheet.read_plies, sheet.positions.back(), ahead);
  return edits;
}

std::vector<std::string> edited(const std::array<SheetReading, 2>& sheets, int sheet,
                                const std::vector<SheetEdit>& edits) {
  const SheetReading& S = sheets[std::size_t(sheet)];
  const SheetReading& other = sheets[std::size_t(1 - sheet)];
  std::vector<std::string> out;
  for (std::size_t cell = 0; cell <= S.plies.size(); ++cell) {
    bool keep = cell < S.plies.size();
    for (const SheetEdit& e : edits) {
      if (e.kind == SheetEdit::Kind::RewriteFrom && cell >= e.cell) {
        keep = false;
        if (cell == e.cell)
          for (std::size_t j = e.ply; j < other.read_plies; ++j)
            out.push_back(to_san(other.positions[j], other.move(j), S.letters));
      }
      if (e.cell != cell) continue;
      if (e.kind == SheetEdit::Kind::Write || e.kind == SheetEdit::Kind::Replace)
        out.push_back(e.sheet_san);
      if (e.kind == SheetEdit::Kind::Replace || e.kind == SheetEdit::Kind::StrikeOut) keep = false;
    }
    if (keep) out.push_back(S.plies[cell].written);
  }
  return out;
}

}  // namespace annabella::core
