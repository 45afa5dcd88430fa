#include "core/sheet_reading.h"

#include <algorithm>
#include <string_view>
#include <utility>

#include "core/notation_tokens.h"

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

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

// Every way to cut a cell at one of its dashes into two parts, leftmost first: a hyphen, an en
// dash or a minus sign, between blanks ("e4 - e5", joined by the reader) or not ("Nf3-Nc6").
// A dash inside one move (from-to "e2-e4", castling "0-0-0") is never cut: only a cell that
// reads as no move is cut (replay_separating); a result ("1-0") is no cell.
std::vector<std::pair<std::string, std::string>> dash_cuts(std::string_view text) {
  std::vector<std::pair<std::string, std::string>> cuts;
  for (std::size_t at = 0; at < text.size(); ++at) {
    std::size_t len = 0;
    for (const std::string_view dash : {"-", "\u2013", "\u2212"})
      if (text.substr(at).starts_with(dash)) len = dash.size();
    if (len == 0) continue;
    const std::string_view left = trimmed(text.substr(0, at));
    const std::string_view right = trimmed(text.substr(at + len));
    if (!left.empty() && !right.empty()) cuts.emplace_back(left, right);
    at += len - 1;
  }
  return cuts;
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

// Where a cell that reads as no move is cut at a dash into two moves: the leftmost cut whose left
// part is a legal move at `pos` and whose right part then reads (as a move, or cut again: "e2 -
// e4 - e7 - e5" is e2-e4 and e7-e5, the first dash being a from-to dash); failing that, the
// leftmost whose left part is a legal move.
std::optional<std::pair<std::string, std::string>> separation(const std::string& text,
                                                              const Position& pos,
                                                              const PieceLetters& letters,
                                                              int depth = 0) {
  std::optional<std::pair<std::string, std::string>> first;
  for (auto& cut : dash_cuts(text)) {
    const auto left = read_move(pos, cut.first, letters, Strictness::Lenient);
    if (!left) continue;
    const Position after = pos.after(*left);
    if (read_move(after, cut.second, letters, Strictness::Lenient) ||
        (depth < 1 && separation(cut.second, after, letters, depth + 1)))
      return cut;
    if (!first) first = std::move(cut);
  }
  return first;
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
    auto parts = separation(cell.text, r.replay.position, letters);
    if (!parts) break;
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

namespace {

// The lower-case Cyrillic letters a sheet writes where a file stands (right before a rank), other
// than а and с (a and c either way), and the first written move with each kind.
struct FileLetters {
  std::u32string letters;
  const ScoresheetEntry* first = nullptr;     // the first with any of them
  const ScoresheetEntry* sounded = nullptr;   // with ф ц х (files as sounded only)
  const ScoresheetEntry* alphabet = nullptr;  // with ж з (in alphabet order only)
  char32_t sounded_letter = 0, alphabet_letter = 0;
};

FileLetters file_letters(const Scoresheet& sheet) {
  FileLetters f;
  for (const ScoresheetEntry& e : sheet.entries) {
    notation_detail::CodePoints t;
    if (!notation_detail::decode_utf8(e.text, t, nullptr)) continue;
    for (int i = 0; i + 1 < t.n; ++i) {
      const char32_t c = t.cp[std::size_t(i)];
      if (notation_detail::rank_char(t.cp[std::size_t(i) + 1]) < 0 ||
          std::u32string_view(U"бвгдежзцфх").find(c) == std::u32string_view::npos)
        continue;
      if (f.letters.find(c) == std::u32string::npos) f.letters += c;
      if (f.first == nullptr) f.first = &e;
      if (std::u32string_view(U"цфх").find(c) != std::u32string_view::npos && !f.sounded) {
        f.sounded = &e;
        f.sounded_letter = c;
      }
      if ((c == U'ж' || c == U'з') && !f.alphabet) {
        f.alphabet = &e;
        f.alphabet_letter = c;
      }
    }
  }
  return f;
}

SheetReading read_with(const Position& start, const Scoresheet& sheet,
                       std::optional<PieceLetters> given, CyrillicFiles files) {
  LanguageDetection why;
  std::vector<PieceLetters> order = languages_to_try(sheet, why);
  for (PieceLetters& l : order) l.files = files;
  if (given) given->files = files;
  return given ? read_given(start, sheet, *given, order) : read_found(start, sheet, order, why);
}

// The sheet read with its Cyrillic file letters as the sheet shows them to be meant (see
// FilesReading).
SheetReading read_files(const Position& start, const Scoresheet& sheet,
                        const std::optional<PieceLetters>& given) {
  // A way given with the letters (a sheet read again in the way it was read) is kept.
  if (given && given->files != CyrillicFiles::LookAlike)
    return read_with(start, sheet, given, given->files);
  const FileLetters f = file_letters(sheet);
  // Only е (the look-alike of e): read as before.
  if (f.first == nullptr || f.letters == U"е")
    return read_with(start, sheet, given, CyrillicFiles::LookAlike);
  FilesReading r;
  r.written = f.first->text;
  r.line = f.first->line;
  if ((f.sounded != nullptr) != (f.alphabet != nullptr)) {
    const bool sounded = f.sounded != nullptr;
    r.files = sounded ? CyrillicFiles::Sounded : CyrillicFiles::Alphabet;
    r.why = FilesReading::Why::Letters;
    r.written = (sounded ? f.sounded : f.alphabet)->text;
    r.line = (sounded ? f.sounded : f.alphabet)->line;
    r.letter = sounded ? f.sounded_letter : f.alphabet_letter;
    SheetReading s = read_with(start, sheet, given, r.files);
    s.cyrillic_files = r;
    return s;
  }
  SheetReading sounded = read_with(start, sheet, given, CyrillicFiles::Sounded);
  if (f.letters.find_first_of(U"гдежзцфх") == std::u32string::npos) {  // б в: the same files
    sounded.cyrillic_files = r;
    return sounded;
  }
  SheetReading alphabet = read_with(start, sheet, given, CyrillicFiles::Alphabet);
  const bool in_alphabet = alphabet.read_plies > sounded.read_plies;
  r.files = in_alphabet ? CyrillicFiles::Alphabet : CyrillicFiles::Sounded;
  r.why = alphabet.read_plies == sounded.read_plies ? FilesReading::Why::Guess
                                                    : FilesReading::Why::ReadsFurther;
  r.read_plies = in_alphabet ? alphabet.read_plies : sounded.read_plies;
  r.other_read_plies = in_alphabet ? sounded.read_plies : alphabet.read_plies;
  SheetReading& s = in_alphabet ? alphabet : sounded;
  s.cyrillic_files = r;
  return std::move(s);
}

}  // namespace

SheetReading read_sheet(const Position& start, const WrittenSheet& written) {
  Scoresheet cut;
  const Scoresheet& sheet = bounded(written.sheet, cut);
  SheetReading s = read_files(start, sheet, written.letters);
  // Each cell separated is one more written move, unless a blank cell was dropped for it.
  s.written = written.sheet.entries.size() + (s.plies.size() - sheet.entries.size());
  // Past where reading stops (no reason given) a cell is tried at the start: only its form counts
  // here (a text that is no move is none anywhere; a move that is illegal there is still a move).
  for (const ReadPly& p : s.plies) {
    if (p.move || p.problem == PlyProblem::Illegal || p.problem == PlyProblem::Ambiguous) {
      ++s.moves_in_form;
      continue;
    }
    if (p.written.empty() || p.reason) continue;  // blank, or no move where it stands
    auto m = read_move(start, p.written, s.letters);
    if (m || m.error().kind != MoveReadError::Kind::NotAMove) ++s.moves_in_form;
  }
  return s;
}

}  // namespace annabella::core
