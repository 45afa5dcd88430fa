#include "core/sheet_reading.h"

#include <algorithm>
#include <string_view>
#include <utility>

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

// The two parts of a cell the reader joined across a dash between blanks ("e4 - e5", also with
// an en dash or a minus sign), if it is one.
std::optional<std::pair<std::string, std::string>> dash_parts(const std::string& text) {
  for (const std::string_view dash : {" - ", " \u2013 ", " \u2212 "})
    if (const std::size_t at = text.find(dash); at != std::string::npos && at > 0)
      return std::pair{text.substr(0, at), text.substr(at + dash.size())};
  return std::nullopt;
}

// A cell counted on one ply further: White's becomes Black's of the same move, Black's White's of
// the next.
void move_on(ScoresheetEntry& e) {
  if (e.side == WHITE) {
    e.side = BLACK;
  } else {
    e.side = WHITE;
    if (e.move_number > 0) ++e.move_number;
  }
}

// Cell k of `sheet` made two: `parts` in cell k and the next one; the cells counted on after it
// (up to the next written move number) move on by one. A blank cell among those the reader left
// because its count was one short ("1. e4 - e5 2. Nf3": it took "2." to leave Black's cell of
// move 1 blank) is dropped instead, and the cells after it stay where they are.
void separate(Scoresheet& sheet, std::size_t k, std::pair<std::string, std::string> parts) {
  ScoresheetEntry right = sheet.entries[k];
  sheet.entries[k].text = std::move(parts.first);
  right.text = std::move(parts.second);
  right.counted = true;
  move_on(right);
  std::size_t i = k + 1;
  for (; i < sheet.entries.size() && sheet.entries[i].counted; ++i) {
    if (sheet.entries[i].text.empty()) {
      sheet.entries.erase(sheet.entries.begin() + long(i));
      break;
    }
    move_on(sheet.entries[i]);
  }
  sheet.entries.insert(sheet.entries.begin() + long(k) + 1, std::move(right));
}

// The sheet replayed, with each cell joined across a dash between blanks that stops the replay
// separated into two moves when its left part is a legal move there ("e4 - e5": the two joined,
// "e4-e5", are no move). The rest is replayed from the cell separated only.
struct Replayed {
  Scoresheet sheet;  // with the cells separated (empty entries when none was: the sheet itself)
  ScoresheetReplay replay;
  std::vector<SheetNote> separated;
};
Replayed replay_separating(const Scoresheet& written, const Position& start,
                           const PieceLetters& letters) {
  Replayed r;
  r.replay = replay_scoresheet(written, start, letters);
  const Scoresheet* sheet = &written;
  for (;;) {
    const auto k = std::size_t(r.replay.moves_read);
    if (k >= sheet->entries.size()) break;
    const ScoresheetEntry& cell = sheet->entries[k];
    auto parts = dash_parts(cell.text);
    if (!parts || !read_move(r.replay.position, parts->first, letters, Strictness::Lenient)) break;
    r.separated.push_back({SheetNote::Kind::Separated, cell.line, cell.text});
    if (sheet == &written) {
      r.sheet = written;
      sheet = &r.sheet;
    }
    separate(r.sheet, k, std::move(*parts));
    Scoresheet rest;
    rest.entries.assign(r.sheet.entries.begin() + long(k), r.sheet.entries.end());
    ScoresheetReplay more = replay_scoresheet(rest, r.replay.position, letters);
    r.replay.plies.resize(k);
    for (ScoresheetPly& p : more.plies) r.replay.plies.push_back(std::move(p));
    r.replay.moves_read += more.moves_read;
    r.replay.position = more.position;
  }
  return r;
}

SheetReading read_in(const Position& start, const Scoresheet& written,
                     const PieceLetters& letters) {
  Replayed r = replay_separating(written, start, letters);
  const Scoresheet& sheet = r.separated.empty() ? written : r.sheet;
  const ScoresheetReplay& replay = r.replay;
  SheetReading s;
  s.letters = letters;
  s.written = sheet.entries.size();
  s.separated = std::move(r.separated);
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
        !read_move(s.positions[k], s.plies[k].written, l, Strictness::Lenient))
      continue;
    const std::size_t reach = read_in(start, sheet, l).read_plies;
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
  // Each cell separated is one more written move, unless a blank cell was dropped for it.
  s.written = written.sheet.entries.size() + (s.plies.size() - sheet.entries.size());
  return s;
}

}  // namespace annabella::core
