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

bool too_long(const ScoresheetEntry& e) {
  return e.text.size() > kMaxWrittenBytes;
}

// A written move's first bytes and "…", kMaxWrittenBytes at most, cut before a UTF-8 letter.
std::string shortened(const std::string& text) {
  std::size_t k = kMaxWrittenBytes - 3;  // "…" is 3 bytes
  while (k > 0 && (static_cast<unsigned char>(text[k]) & 0xC0U) == 0x80U) --k;
  return text.substr(0, k) + "\u2026";
}

// The sheet as it is read: its first kMaxSheetPlies entries, a written move longer than
// kMaxWrittenBytes shortened (the sheet itself when nothing is cut).
const Scoresheet& bounded(const Scoresheet& sheet, Scoresheet& cut) {
  const std::size_t n = std::min(sheet.entries.size(), kMaxSheetPlies);
  const auto first = sheet.entries.begin(), last = first + long(n);
  if (n == sheet.entries.size() && std::none_of(first, last, too_long)) return sheet;
  cut.result = sheet.result;
  cut.entries.assign(first, last);
  for (ScoresheetEntry& e : cut.entries)
    if (too_long(e)) e.text = shortened(e.text);
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
      if (!ply.written.empty()) ply.reason = p.error;
      ply.illegal = p.illegal;
    }
    s.plies.push_back(std::move(ply));
  }
  return s;
}

// The languages to try when none is given: the one detect_language() names, English, the others.
std::vector<PieceLetters> languages_to_try(const Scoresheet& sheet, LanguageDetection& why) {
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

namespace {

// A sheet in its given language; when that stops early, the other language that reads it
// furthest (said before anything else). Only a language in which the written move where reading
// stops reads there can do better (a cheap test first, the whole replay only for those).
SheetReading read_given(const Position& start, const Scoresheet& sheet, const PieceLetters& given,
                        const std::vector<PieceLetters>& order) {
  SheetReading s = read_in(start, sheet, given);
  s.language = LanguageChoice::Given;
  if (s.fully_read()) return s;
  const std::size_t k = s.read_plies;
  for (const PieceLetters& l : order) {
    if (l.code == s.letters.code ||
        !read_move(s.positions[k], sheet.entries[k].text, l, Strictness::Lenient))
      continue;
    const std::size_t reach = std::size_t(replay_scoresheet(sheet, start, l).moves_read);
    if (reach > k && (!s.other_language || reach > s.other_language->read_plies))
      s.other_language = LanguageReach{l, reach};
  }
  return s;
}

// A sheet in the first language of `order` that reads every written move, or else the one that
// reads furthest.
SheetReading read_found(const Position& start, const Scoresheet& sheet,
                        const std::vector<PieceLetters>& order, const LanguageDetection& why) {
  std::optional<SheetReading> best;
  for (std::size_t k = 0; k < order.size(); ++k) {
    SheetReading s = read_in(start, sheet, order[k]);
    if (!s.fully_read()) {
      if (!best || s.read_plies > best->read_plies) best = std::move(s);
      continue;
    }
    const bool detected = k == 0 && why.fitting.size() == 1;
    s.language = detected ? LanguageChoice::Detected : LanguageChoice::ReadsAll;
    if (detected) s.detection = why;
    return s;
  }
  best->language = LanguageChoice::ReadsFurthest;
  return std::move(*best);
}

}  // namespace

SheetReading read_sheet(const Position& start, const WrittenSheet& written) {
  Scoresheet cut;
  const Scoresheet& sheet = bounded(written.sheet, cut);
  LanguageDetection why;
  const std::vector<PieceLetters> order = languages_to_try(sheet, why);
  SheetReading s = written.letters ? read_given(start, sheet, *written.letters, order)
                                   : read_found(start, sheet, order, why);
  s.written = written.sheet.entries.size();
  return s;
}

}  // namespace annabella::core
