// A scoresheet read for D.2.9: each written move read leniently at its point of the game, in the
// sheet's language or in the language that explains the sheet.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "core/scoresheet.h"

namespace annabella::core {

// A scoresheet as written (core/scoresheet.h: read_scoresheet reads move lists and PGN
// movetext), and its language when known; otherwise reading finds the language that explains the
// sheet (see read_sheet).
struct WrittenSheet {
  Scoresheet sheet;
  std::optional<PieceLetters> letters;
};

// One written move of a sheet, as read at its point of the game.
struct ReadPly {
  std::string written;       // the text as written
  std::optional<Move> move;  // the move it means, when it reads as a legal move there
  std::string san;           // that move in canonical English SAN ("" when not read)
  std::string problem;       // why it does not read; "" when read
  std::string note;          // read, but written in another cell ("written as move 3 ...")
  MoveReadError::Kind problem_kind = MoveReadError::Kind::NotAMove;
};

// A sheet replayed from the start position (replay_scoresheet), with the position before each
// ply. Reading stops at the first written move that does not read; the later ones are kept
// (unread) so the report can show them.
struct SheetReading {
  PieceLetters letters;             // the language the sheet was read in
  std::string language_note;        // how the language was decided
  std::vector<ReadPly> plies;       // every written move
  std::size_t read_plies = 0;       // how many read, in order, from the start
  std::vector<Position> positions;  // positions[i] = before ply i; read_plies + 1 of them
  [[nodiscard]] bool fully_read() const { return read_plies == plies.size(); }
  [[nodiscard]] Move move(std::size_t ply) const { return *plies[ply].move; }  // ply < read_plies
};

// Reads a sheet. With no language given, the language detect_language() names is tried first,
// then English, then the other built-in tables; the first that reads every written move is kept,
// otherwise the one that reads furthest.
[[nodiscard]] SheetReading read_sheet(const Position& start, const WrittenSheet& sheet);

// Whether `written` (in `letters`) means `move` at `pos`, read leniently.
[[nodiscard]] bool written_means(const std::string& written, const PieceLetters& letters,
                                 const Position& pos, Move move);

}  // namespace annabella::core
