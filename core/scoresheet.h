// A scoresheet: the moves as a player wrote them (Art. 8.1), kept as text, legal or not.
//
// A scoresheet is read from a handwritten sheet's transcription or a plain move list
// ("1. e4 e5 2. Sf3 Sc6 ...", in any language the notation reader knows, one move pair per line
// or all on one line) or from PGN movetext (tags, comments, NAGs and variations are left out).
// Reading never checks legality: every entry keeps its text exactly as written, a blank cell
// included. replay_scoresheet() then plays it from a start position, leniently, and says for each
// entry which move it reads as, or why it cannot be read (illegal, ambiguous, not a move). The
// arbiter's reconciliation (D.2.9) compares two replays.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "core/result.h"

namespace annabella::core {

// One cell of the sheet.
struct ScoresheetEntry {
  int move_number = 0;   // as written, or counted on from the last number written; 0 if none yet
  Color side = WHITE;    // the column: White's moves, Black's moves
  std::string text;      // exactly as written; "" for a cell left blank
  int line = 0;          // 1-based line of the source text
  bool counted = false;  // its move number and side counted on, not written before it
};

// What the reader left out of the cells, or read together as one cell, and why: typed facts for
// the application to word (a scoresheet is handwriting, not PGN: nothing is skipped silently).
struct SheetNote {
  enum class Kind : unsigned char {
    ByteOrderMark,  // a UTF-8 byte order mark (U+FEFF) at the top, skipped
    Heading,        // a line of words that are no moves before the first move: a title, skipped
    Result,         // a result written after the moves ("1/2", "Remis"), not a move
    Annotation,     // a lone annotation or mark ("!", "=", "—"), not a move
    Joined,         // a move written with blanks inside ("N f3", "cxb3 e.p."), read as one cell
    Comment,        // a PGN ";" comment (in a PGN with tags), skipped to the end of its line
    // A dash between two cells that joins nothing ("Ng1 - f3 - Nb8 - c6": the second dash stands
    // between White's move and Black's): a separator, no cell. Its text is the two moves and the
    // dash as written.
    Between,
    // Found on reading the moves (core/sheet_reading.h), not by read_scoresheet: a dash between
    // blanks read as two moves ("e4 - e5"): the left one is a move there and the two joined
    // ("e4-e5") are none. Its text is the cell as the reader joined it (its Joined note's).
    Separated,
    // Cells written before the first move number of a sheet that numbers its moves, read as
    // moves (a heading taken for moves, or moves before the numbers start): its text is the
    // line's cells, joined by one blank. The arbiter checks them.
    Unnumbered,
    // A comment in braces or a variation in brackets on a sheet that is no PGN (no tag line),
    // left out; its text as written, braces or brackets included.
    Skipped,
  };
  Kind kind = Kind::Annotation;
  int line = 0;      // 1-based line of the source text
  std::string text;  // as written (the words joined by one blank)
};

struct Scoresheet {
  std::vector<ScoresheetEntry> entries;  // in the order written (one per half-move)
  std::string result;                    // "1-0", "0-1", "1/2-1/2", "*" when written, else ""
  std::vector<SheetNote> notes;          // what was skipped or joined, in the order written

  // The entries' texts, for detect_language().
  [[nodiscard]] std::vector<std::string> texts() const;
};

// Reads a move list or PGN movetext. Fails only on text that has no place on a scoresheet: an
// unclosed comment or variation (the message gives the line).
//
// The handwriting forms read (docs/notation.md): a byte order mark at the top; a title line
// before the first move; move numbers "12.", "12...", "12. ...", "12…", "12)", "12:" (the dots
// put the next move in Black's cell); "," and ";" as separators (";" starts a comment only in a
// PGN with tag lines); castling "00" / "000" (never a move number 0); blanks inside a move
// ("N f3", "e x f6", "O - O - O", "gxh8 =Q", "g:h8 Q", "cxb3 e.p."); results ("1/2", "Remis")
// and lone annotations ("!", "=", a trailing "—") are no cells. Each is a SheetNote.
// Why a sheet could not be read, worded by the application (scoresheet_error,
// app/reconcile_text.h).
struct ScoresheetError {
  enum class Kind : unsigned char {
    CommentNotClosed,    // a comment '{' opened on `line` is not closed
    VariationNotClosed,  // a variation '(' opened on `line` is not closed
  };
  Kind kind = Kind::CommentNotClosed;
  int line = 0;
};
[[nodiscard]] Result<Scoresheet, ScoresheetError> read_scoresheet(std::string_view text);

// What became of one entry on replay.
struct ScoresheetPly {
  enum class Status {
    Read,         // `move` is what the entry says
    NotAMove,     // the text is no move at all (or blank)
    Illegal,      // a move, but not a legal one here
    Ambiguous,    // fits several legal moves (`candidates`)
    NotReplayed,  // an earlier entry could not be read, so the position is unknown
  };
  Status status = Status::NotReplayed;
  Move move;                           // when Read
  std::string san;                     // when Read: canonical SAN, English letters
  std::optional<MoveReadError> error;  // when NotAMove, Illegal or Ambiguous: why (read_move)
  std::optional<IllegalMove> illegal;  // when Illegal: why (Art. 3), for the application to word
  std::vector<Move> candidates;        // when Ambiguous
  // When Read but written in another cell than the move belongs to: written as move
  // `written_number` for `written_side`, but it is move `number` for `side`.
  struct Misplaced {
    int written_number = 0;
    Color written_side = WHITE;
    int number = 0;
    Color side = WHITE;
    friend bool operator==(const Misplaced&, const Misplaced&) = default;
  };
  std::optional<Misplaced> misplaced;
};

struct ScoresheetReplay {
  std::vector<ScoresheetPly> plies;  // one per entry
  int moves_read = 0;                // the leading entries read (the rest is not replayed)
  Position position;                 // after the last move read
};

// Plays the entries in order from `start`, reading each leniently in `letters`; after the first
// entry that cannot be read, the others are NotReplayed.
[[nodiscard]] ScoresheetReplay replay_scoresheet(const Scoresheet& sheet, const Position& start,
                                                 const PieceLetters& letters = english_letters());

// ---------------------------------------------------------------------------------------------
// Laying a game out as a scoresheet (Art. 8.1): move numbers and the two columns, from the start
// position's side to move and full-move number. When Black moves first (a start position with
// Black to move) Black's moves stay in Black's column: "1... d5", "2. exd6 Nf6", never "1. d5".
// The station's console, its braille scoresheet and its PGN use one layout.

// Where ply `ply` (0 = the first move played from `start`) stands on the sheet.
struct ScoresheetCell {
  int move_number = 0;  // the full-move number
  Color side = WHITE;   // the column
};
[[nodiscard]] ScoresheetCell scoresheet_cell(const Position& start, std::size_t ply);

// The move number as written before a move: "12." for White's, "12..." for Black's (PGN and the
// console: "made 1... d5").
[[nodiscard]] std::string move_number_label(const Position& start, std::size_t ply);

// One row of the sheet: a move number and the two columns, each the index of its ply in the game
// or none (the White cell of the first row when Black moved first; the Black cell of the last
// row when White made the last move).
struct ScoresheetRow {
  int move_number = 0;
  std::optional<std::size_t> white;
  std::optional<std::size_t> black;
};
[[nodiscard]] std::vector<ScoresheetRow> scoresheet_rows(const Position& start, std::size_t plies);

// The rows as text, one a line: "1. e4 e5", "2. Nf3"; the first row when Black moved first has
// Black's move number: "1... d5". `moves` holds each ply's text (SAN, or any notation).
[[nodiscard]] std::vector<std::string> scoresheet_lines(const Position& start,
                                                        const std::vector<std::string>& moves);

}  // namespace annabella::core
