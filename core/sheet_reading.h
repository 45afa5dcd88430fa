// A scoresheet read for D.2.9: each written move read leniently at its point of the game, in the
// sheet's language or in the language that explains the sheet. Typed results only: app/ words
// them (app/reconcile_text.h).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "core/scoresheet.h"

namespace annabella::core {

// The most written moves a sheet is read for (1000 moves of each side; the longest tournament
// game on record has 269). Reading is linear in the written moves and bounded by this: a longer
// sheet is read up to here and SheetReading::written says how many it had.
inline constexpr std::size_t kMaxSheetPlies = 2000;
// The longest written move read, in bytes (the longest real one, "Кр:e1-g1+" or "Ng1xf3+!?", is
// under 20): a longer cell is kept as its first bytes and "…" (never cut inside a letter), reads
// as no move, and what the report shows of it stays short.
inline constexpr std::size_t kMaxWrittenBytes = 40;

// A scoresheet as written (core/scoresheet.h: read_scoresheet reads move lists and PGN
// movetext), and its language when known; otherwise reading finds the language that explains the
// sheet (see read_sheet).
struct WrittenSheet {
  Scoresheet sheet;
  std::optional<PieceLetters> letters;
};

// Why a written move does not read.
enum class PlyProblem : unsigned char {
  None,       // it reads
  Blank,      // the cell is blank
  NotAMove,   // the text is no move at all
  Illegal,    // a move, but not a legal one there
  Ambiguous,  // fits several legal moves
};

// One written move of a sheet, as read at its point of the game.
struct ReadPly {
  std::string written;       // the text as written
  int line = 0;              // the line of the sheet's text it stands on (1-based)
  std::optional<Move> move;  // the move it means, when it reads as a legal move there
  std::string san;           // that move in canonical English SAN ("" when not read)
  PlyProblem problem = PlyProblem::None;
  std::optional<MoveReadError> reason;  // why it does not read (read_move), when it does not
  std::optional<IllegalMove> illegal;   // an illegal move: why (Art. 3), for the app to word
  // Read, but written in another cell: the move number and side written, when they are not the
  // ones the move has in the game.
  std::optional<std::pair<int, Color>> written_cell;
};

// How the language of a sheet was decided.
enum class LanguageChoice : unsigned char {
  Given,          // given by the caller
  Detected,       // detect_language() named it and it reads every written move
  ReadsAll,       // the first language tried that reads every written move
  ReadsFurthest,  // no language reads every written move; this one reads furthest
};

// Another language and how far the sheet reads in it.
struct LanguageReach {
  PieceLetters letters;
  std::size_t read_plies = 0;
};

// How a sheet that writes files in lower-case Cyrillic letters ("д4", "Кг1", "ехд5") was read:
// as the Latin letters sound (а б ц д е ф г х) or in the order of the Cyrillic alphabet
// (а б в г д е ж з; Bulgarian sheets). г, д and е are other files in the two (г is g or d).
struct FilesReading {
  CyrillicFiles files = CyrillicFiles::Sounded;
  enum class Why : unsigned char {
    Letters,       // it writes a letter that is a file one way only (ф ц х, or ж з)
    Agree,         // its letters mean the same files either way (а б в с)
    ReadsFurther,  // it reads more written moves this way than the other
    Guess,         // both ways read as many: read as sounded, a guess
  };
  Why why = Why::Agree;
  std::string written;  // the first written move with such a letter (Letters: one that decided)
  int line = 0;         // its line
  char32_t letter = 0;  // Letters: the letter that decided
  std::size_t read_plies = 0, other_read_plies = 0;  // ReadsFurther, Guess
};

// A sheet replayed from the start position (replay_scoresheet), with the position before each
// ply. Reading stops at the first written move that does not read; the later ones are kept
// (unread) so the report can show them.
struct SheetReading {
  PieceLetters letters;  // the language the sheet was read in
  LanguageChoice language = LanguageChoice::Given;
  LanguageDetection detection;  // what detect_language() found, when Detected
  // When the sheet does not read to its end in `letters`: among the other languages in which the
  // written move where reading stops reads there, the one that reads the sheet furthest (a sheet
  // given in the wrong language: D.2.9 needs both sheets read right before anything is proposed).
  std::optional<LanguageReach> other_language;
  // Cells read as two moves (SheetNote::Kind::Separated: "e4 - e5"), in the order written; each
  // is two plies.
  std::vector<SheetNote> separated;
  // When it writes files in lower-case Cyrillic letters other than the look-alikes а с е.
  std::optional<FilesReading> cyrillic_files;
  std::vector<ReadPly> plies;  // every written move read (at most kMaxSheetPlies)
  std::size_t written = 0;     // the written moves on the sheet (more than plies: cut)
  std::size_t read_plies = 0;  // how many read, in order, from the start
  // The written moves that are moves in form (read, or illegal or ambiguous where they stand; not
  // blank, not text that is no move at all, NotAMove), wherever reading stopped.
  std::size_t moves_in_form = 0;
  std::vector<Position> positions;  // positions[i] = before ply i; read_plies + 1 of them
  [[nodiscard]] bool fully_read() const { return read_plies == plies.size(); }
  [[nodiscard]] bool cut() const { return written > plies.size(); }
  // (Almost) nothing on it reads as moves: no cell at all, or fewer than one cell in four a move
  // in form (random bytes, a wrong file): nothing is proposed on its cells (D.2.9 compares moves).
  [[nodiscard]] bool no_moves() const { return plies.empty() || moves_in_form * 4 < plies.size(); }
  [[nodiscard]] Move move(std::size_t ply) const { return *plies[ply].move; }  // ply < read_plies
  // The written move at `ply`, or its SAN when it was read ("" past the end).
  [[nodiscard]] const std::string& shown(std::size_t ply) const;
};

// Reads a sheet (its first kMaxSheetPlies written moves). A cell with a dash ("e4 - e5", joined by
// the reader, or "Nf3-Nc6") that reads as no move where it stands is read as two moves, cut at the
// leftmost dash whose left part is a legal move there and whose right part then reads (every dash
// is tried: "e2 - e4 - e7 - e5"; `separated` says which); the cells counted on after it move on
// by one. Files written in lower-case Cyrillic letters are read one way for the whole sheet
// (FilesReading, `cyrillic_files`), unless the letters given name the way. With no language given,
// the language detect_language() names is tried first, then English, then the other built-in
// tables; the first that reads every written move is kept, otherwise the one that reads furthest.
// With a language given that does not read every written move, the others are tried too
// (other_language).
[[nodiscard]] SheetReading read_sheet(const Position& start, const WrittenSheet& sheet);

// Whether `written` (in `letters`) means `move` at `pos`, read leniently.
[[nodiscard]] bool written_means(const std::string& written, const PieceLetters& letters,
                                 const Position& pos, Move move);

}  // namespace annabella::core
