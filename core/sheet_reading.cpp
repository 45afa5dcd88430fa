#include "core/sheet_reading.h"

#include <algorithm>

namespace annabella::core {
namespace {

SheetReading read_in(const Position& start, const Scoresheet& sheet, const PieceLetters& letters) {
  using Status = ScoresheetPly::Status;
  const ScoresheetReplay replay = replay_scoresheet(sheet, start, letters);
  SheetReading s;
  s.letters = letters;
  s.plies.reserve(sheet.entries.size());
  s.positions.reserve(std::size_t(replay.moves_read) + 1);
  s.positions.push_back(start);
  for (std::size_t i = 0; i < sheet.entries.size(); ++i) {
    const ScoresheetPly& p = replay.plies[i];
    ReadPly ply;
    ply.written = sheet.entries[i].text;
    if (p.status == Status::Read) {
      ply.move = p.move;
      ply.san = p.san;
      ply.note = p.note;
      s.positions.push_back(s.positions.back().after(p.move));
      ++s.read_plies;
    } else {
      ply.problem = ply.written.empty() ? "the cell is blank" : p.message;
      ply.problem_kind = p.status == Status::Illegal     ? MoveReadError::Kind::Illegal
                         : p.status == Status::Ambiguous ? MoveReadError::Kind::Ambiguous
                                                         : MoveReadError::Kind::NotAMove;
    }
    s.plies.push_back(std::move(ply));
  }
  return s;
}

}  // namespace

bool written_means(const std::string& written, const PieceLetters& letters, const Position& pos,
                   Move move) {
  const auto r = read_move(pos, written, letters, Strictness::Lenient);
  return r && *r == move;
}

SheetReading read_sheet(const Position& start, const WrittenSheet& sheet) {
  if (sheet.letters) {
    SheetReading s = read_in(start, sheet.sheet, *sheet.letters);
    s.language_note = "given: " + sheet.letters->name + " (" + sheet.letters->code + ")";
    return s;
  }
  std::vector<PieceLetters> order;
  std::string why;
  if (auto detected = detect_language(sheet.sheet.texts(), &why)) order.push_back(*detected);
  order.push_back(english_letters());
  for (const PieceLetters& l : builtin_piece_letters()) order.push_back(l);
  std::optional<SheetReading> best;
  std::vector<std::string> tried;
  for (const PieceLetters& l : order) {
    if (std::find(tried.begin(), tried.end(), l.code) != tried.end()) continue;
    tried.push_back(l.code);
    SheetReading s = read_in(start, sheet.sheet, l);
    if (s.fully_read()) {
      s.language_note = tried.size() == 1 && why.rfind("only", 0) == 0
                            ? "found: " + why
                            : "found: " + l.name + " (" + l.code + ") reads every written move";
      return s;
    }
    if (!best || s.read_plies > best->read_plies) best = std::move(s);
  }
  best->language_note = "no language reads every written move; " + best->letters.name + " (" +
                        best->letters.code + ") reads furthest";
  return std::move(*best);
}

}  // namespace annabella::core
