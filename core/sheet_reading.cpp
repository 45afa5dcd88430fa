#include "core/sheet_reading.h"

#include <algorithm>

namespace annabella::core {
namespace {

PlyProblem problem_of(ScoresheetPly::Status status) {
  switch (status) {
    case ScoresheetPly::Status::Illegal:
      return PlyProblem::Illegal;
    case ScoresheetPly::Status::Ambiguous:
      return PlyProblem::Ambiguous;
    case ScoresheetPly::Status::Read:
      return PlyProblem::None;
    case ScoresheetPly::Status::NotAMove:
    case ScoresheetPly::Status::NotReplayed:
      break;
  }
  return PlyProblem::NotAMove;
}

// The first kMaxSheetPlies entries of a sheet (the sheet itself when it has no more).
const Scoresheet& bounded(const Scoresheet& sheet, Scoresheet& cut) {
  if (sheet.entries.size() <= kMaxSheetPlies) return sheet;
  cut.result = sheet.result;
  cut.entries.assign(sheet.entries.begin(), sheet.entries.begin() + long(kMaxSheetPlies));
  return cut;
}

SheetReading read_in(const Position& start, const Scoresheet& sheet, const PieceLetters& letters) {
  const ScoresheetReplay replay = replay_scoresheet(sheet, start, letters);
  SheetReading s;
  s.letters = letters;
  s.written = sheet.entries.size();
  s.plies.reserve(sheet.entries.size());
  s.positions.reserve(std::size_t(replay.moves_read) + 1);
  s.positions.push_back(start);
  for (std::size_t i = 0; i < sheet.entries.size(); ++i) {
    const ScoresheetPly& p = replay.plies[i];
    const ScoresheetEntry& e = sheet.entries[i];
    ReadPly ply;
    ply.written = e.text;
    ply.line = e.line;
    if (p.status == ScoresheetPly::Status::Read) {
      const Position& before = s.positions.back();
      ply.move = p.move;
      ply.san = p.san;
      if (e.move_number > 0 &&
          (e.move_number != before.fullmove_number() || e.side != before.side_to_move()))
        ply.written_cell = std::pair{e.move_number, e.side};
      s.positions.push_back(before.after(p.move));
      ++s.read_plies;
    } else {
      ply.problem = ply.written.empty() ? PlyProblem::Blank : problem_of(p.status);
      if (!ply.written.empty()) ply.reason = p.message;
    }
    s.plies.push_back(std::move(ply));
  }
  return s;
}

// The languages to try when none is given: the one detect_language() names, English, the others.
std::vector<PieceLetters> languages_to_try(const Scoresheet& sheet, std::string& why) {
  std::vector<PieceLetters> order;
  auto add = [&](const PieceLetters& l) {
    if (std::none_of(order.begin(), order.end(),
                     [&](const PieceLetters& o) { return o.code == l.code; }))
      order.push_back(l);
  };
  if (auto detected = detect_language(sheet.texts(), &why)) add(*detected);
  add(english_letters());
  for (const PieceLetters& l : builtin_piece_letters()) add(l);
  return order;
}

}  // namespace

const std::string& SheetReading::shown(std::size_t ply) const {
  static const std::string kNothing;
  if (ply >= plies.size()) return kNothing;
  return plies[ply].san.empty() ? plies[ply].written : plies[ply].san;
}

bool written_means(const std::string& written, const PieceLetters& letters, const Position& pos,
                   Move move) {
  const auto r = read_move(pos, written, letters, Strictness::Lenient);
  return r && *r == move;
}

SheetReading read_sheet(const Position& start, const WrittenSheet& written) {
  Scoresheet cut;
  const Scoresheet& sheet = bounded(written.sheet, cut);
  std::string why;
  const std::vector<PieceLetters> order = languages_to_try(sheet, why);
  if (written.letters) {
    SheetReading s = read_in(start, sheet, *written.letters);
    s.language = LanguageChoice::Given;
    // A given language that stops early while another reads further: said before anything else.
    // Only a language in which the written move where reading stops reads there can do better
    // (a cheap test first, the whole replay only for those).
    for (const PieceLetters& l : order) {
      if (s.fully_read() || l.code == s.letters.code) continue;
      const std::size_t k = s.read_plies;
      if (!read_move(s.positions[k], sheet.entries[k].text, l, Strictness::Lenient)) continue;
      const std::size_t reach = std::size_t(replay_scoresheet(sheet, start, l).moves_read);
      if (reach > k && (!s.other_language || reach > s.other_language->read_plies))
        s.other_language = LanguageReach{l, reach};
    }
    s.written = written.sheet.entries.size();
    return s;
  }
  std::optional<SheetReading> best;
  for (std::size_t k = 0; k < order.size(); ++k) {
    SheetReading s = read_in(start, sheet, order[k]);
    if (s.fully_read()) {
      s.language =
          k == 0 && why.rfind("only", 0) == 0 ? LanguageChoice::Detected : LanguageChoice::ReadsAll;
      if (s.language == LanguageChoice::Detected) s.detection = why;
      s.written = written.sheet.entries.size();
      return s;
    }
    if (!best || s.read_plies > best->read_plies) best = std::move(s);
  }
  best->language = LanguageChoice::ReadsFurthest;
  best->written = written.sheet.entries.size();
  return std::move(*best);
}

}  // namespace annabella::core
