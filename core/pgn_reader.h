// PGN (Portable Game Notation, the 1994 standard): the streaming reader.
//
// Reading is push-based and incremental: PgnReader takes the input in chunks of any size (a
// chunk may end in the middle of a tag, a comment or a move) and reports what it reads to a
// PgnVisitor, one game after the other, so a large file is never held whole. read_pgn() feeds it
// from a std::istream; PgnGameStream (pgn_game.h) pulls whole games (PgnGame trees) one at a time.
//
// Every move is replayed from the game's start position (the FEN tag when there is one) with
// core::read_move: strictly (canonical SAN, the import format) by default, or leniently for
// scoresheets typed as PGN. Variations are either kept (replayed and reported to the visitor) or
// skipped (not replayed, but counted in the game's summary); never dropped silently. Every
// problem names the game number, the move number, the line in the input and the offending text.
// After a move that cannot be read, the rest of its line (main line or variation) is not
// replayed and the summary counts those moves as unchecked.
#pragma once

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "core/game.h"
#include "core/notation.h"
#include "core/pgn_comment.h"
#include "core/position.h"
#include "core/result.h"

namespace annabella::core {

struct PgnReadOptions {
  // Strict: canonical SAN (PGN import format). Lenient: what read_move accepts from scoresheets.
  Strictness strictness = Strictness::Strict;
  // The piece letters of the movetext (PGN itself is always English).
  PieceLetters letters = english_letters();
  // Keep variations (replay them, report them) or skip them (count only).
  bool keep_variations = true;
};

// One problem found in the input: where, the offending text, the kind and its facts, never
// words; the application words it (app/pgn_text.h: "game 2, move 14 (Black), line 37: 'Nxe5' is
// illegal: ...").
struct PgnProblem {
  enum class Kind {
    TagNoName,            // a tag without a name
    TagNameCharacter,     // `character` in a tag's name
    TagValueNotClosed,    // no closing '"' on its line
    TagCutByLineEnd,      // the end of the line inside the tag
    TagNoValue,           // no value in quotes
    TagNotClosed,         // no ']' after the value
    TagCutByInputEnd,     // the end of the input inside the tag
    OutsideTag,           // `text` (one character) stands outside a tag or comment
    CommentTooLong,       // longer than `count` characters; the rest is left out
    CommentNotClosed,     // opened on line `count`
    NoTerminationAtEnd,   // no termination marker at the end of the input
    NoTerminationBefore,  // no termination marker before the tag `text` of the next game
    VariationsNotClosed,  // `count` variations not closed before `text` ("" = the input's end)
    ResultDiffers,        // ends with `text` but the Result tag says `value`
    MoveNumber,           // move number `count` where `expected` is expected
    Move,                 // `move` says why the move `text` does not read
    AfterTheEnd,          // `text` is played after the game ended by itself (`ended`)
    NagOutOfRange,        // `text` is not a NAG ($0 to $255)
    NagBeforeMove,        // `text` stands before any move of its line
    Clock,                // a [%clk] or [%emt] command: `clock` says what is wrong
    VariationBeforeMove,  // '(' before any move of its line
    UnmatchedClose,       // ')' without a matching '('
    NotStandardVariant,   // the Variant tag `value` is not standard chess; moves not checked
    Fen,                  // the FEN tag is no valid position: `fen` says why
  };
  int game = 0;           // 1-based game number in the input
  int move_number = 0;    // full-move number where it happened; 0 in the tag section
  Color side = WHITE;     // who was to move there
  int line = 0;           // 1-based line in the input
  std::string text = {};  // the offending text (a move, a tag, a token)
  Kind kind = Kind::Move;
  char character = 0;      // TagNameCharacter
  int count = 0;           // CommentTooLong, CommentNotClosed, VariationsNotClosed, MoveNumber
  int expected = 0;        // MoveNumber
  std::string value = {};  // ResultDiffers: the Result tag; NotStandardVariant: the variant
  std::optional<MoveReadError> move = {};      // Move
  std::optional<GameEnd> ended = {};           // AfterTheEnd
  std::optional<PgnClockProblem> clock = {};   // Clock
  std::optional<Position::FenError> fen = {};  // Fen
};

// What the reader tells a visitor at the end of each game.
struct PgnGameSummary {
  int game = 0;
  std::string result;          // the termination marker ("1-0", "0-1", "1/2-1/2", "*"), or ""
  int plies = 0;               // main-line moves read
  int variations = 0;          // variations kept (at any depth)
  int skipped_variations = 0;  // variations skipped (outermost only) with keep_variations off
  int unchecked_moves = 0;     // moves not replayed because an earlier move of their line failed
  int problems = 0;            // problems reported in this game
};

// Receives what the reader finds, in input order. Every function has an empty default.
class PgnVisitor {
 public:
  virtual ~PgnVisitor() = default;
  virtual void begin_game(int /*game*/) {}
  virtual void tag(std::string_view /*name*/, std::string_view /*value*/) {}
  // After the tags: the position the moves start from.
  virtual void begin_moves(const Position& /*start*/) {}
  // A move read and played; `before` is the position it was played in, `text` as written.
  virtual void move(const Position& /*before*/, Move /*move*/, std::string_view /*text*/) {}
  virtual void nag(int /*nag*/) {}
  virtual void comment(const PgnComment& /*comment*/) {}
  // A variation (RAV) replacing the last move read; ends with end_variation().
  virtual void begin_variation() {}
  virtual void end_variation() {}
  virtual void problem(const PgnProblem& /*problem*/) {}
  virtual void end_game(const PgnGameSummary& /*summary*/) {}
};

// The incremental reader: feed() any number of chunks, then finish() once.
class PgnReader {
 public:
  explicit PgnReader(PgnVisitor& visitor, PgnReadOptions options = {});
  ~PgnReader();
  PgnReader(const PgnReader&) = delete;
  PgnReader& operator=(const PgnReader&) = delete;

  void feed(std::string_view chunk);
  // End of input: closes the last game (reporting what is left open).
  void finish();

  [[nodiscard]] int games() const;
  int problems() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The one way a PGN stream fails as a whole: the stream itself could not be read (an I/O error;
// problems in the PGN go to the visitor). Worded by the application (text::pgn_input_error).
struct PgnInputError {
  enum class Kind : unsigned char { ReadFailed };
  Kind kind = Kind::ReadFailed;
};
using PgnInputStatus = Result<void, PgnInputError>;

// Reads a whole stream in 64 KiB chunks; fails only if the stream itself fails.
[[nodiscard]] PgnInputStatus read_pgn(std::istream& in, PgnVisitor& visitor,
                                      PgnReadOptions options = {});

}  // namespace annabella::core
