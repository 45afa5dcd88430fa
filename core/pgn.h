// PGN (Portable Game Notation, the 1994 standard): a streaming reader and an export-format writer.
//
// Reading is push-based and incremental: PgnReader takes the input in chunks of any size (a
// chunk may end in the middle of a tag, a comment or a move) and reports what it reads to a
// PgnVisitor, one game after the other, so a large file is never held whole. read_pgn() feeds it
// from a std::istream; PgnGameStream pulls whole games (PgnGame trees) one at a time.
//
// Every move is replayed from the game's start position (the FEN tag when there is one) with
// core::read_move: strictly (canonical SAN, the import format) by default, or leniently for
// scoresheets typed as PGN. Variations are either kept (replayed and reported to the visitor) or
// skipped (not replayed, but counted in the game's summary); never dropped silently. Every
// problem names the game number, the move number, the line in the input and the offending text.
// After a move that cannot be read, the rest of its line (main line or variation) is not
// replayed and the summary counts those moves as unchecked.
#pragma once

#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/notation.h"
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

// One problem found in the input.
struct PgnProblem {
  int game = 0;         // 1-based game number in the input
  int move_number = 0;  // full-move number where it happened; 0 in the tag section
  Color side = WHITE;   // who was to move there
  int line = 0;         // 1-based line in the input
  std::string text;     // the offending text (a move, a tag, a token)
  std::string message;  // what is wrong, in words a user can act on
};
// "game 2, move 14... (Black), line 37: 'Nxe5' is illegal: ..."
std::string to_string(const PgnProblem& problem);

// A comment with its [%clk] and [%emt] commands taken out and parsed; other commands
// ([%eval ...], [%csl ...]) stay in the text.
struct PgnComment {
  std::string text;                                  // trimmed, without the clk/emt commands
  std::optional<std::chrono::milliseconds> clock;    // [%clk 1:23:45.6]: time left on the clock
  std::optional<std::chrono::milliseconds> elapsed;  // [%emt 0:00:05]: time spent on the move
};
// Splits a comment's raw text (between the braces); fails on a malformed clk/emt value.
Result<PgnComment> parse_comment(std::string_view raw);
// "1:23:45" or "0:00:09.5": H:MM:SS with tenths, hundredths or milliseconds only when needed.
std::string format_clock(std::chrono::milliseconds time);
// Reads "H:MM:SS", "H:MM:SS.f..." or "MM:SS".
std::optional<std::chrono::milliseconds> parse_clock(std::string_view text);

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

  int games() const;
  int problems() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Reads a whole stream in 64 KiB chunks; fails only if the stream itself fails (problems in the
// PGN go to the visitor).
Status read_pgn(std::istream& in, PgnVisitor& visitor, PgnReadOptions options = {});

// ---------------------------------------------------------------------------------------------
// Games as trees

struct PgnLine;

// One move with what follows it in the movetext.
struct PgnNode {
  Move move;
  std::string text;  // as written
  std::vector<int> nags;
  std::vector<std::string> comments;  // in order, clk/emt taken out
  std::optional<std::chrono::milliseconds> clock;
  std::optional<std::chrono::milliseconds> elapsed;
  std::vector<PgnLine> variations;  // alternatives to this move
};

// A sequence of moves (the main line or a variation), with the comments written before its first
// move.
struct PgnLine {
  std::vector<std::string> comments;
  std::vector<PgnNode> moves;
};

struct PgnGame {
  int number = 0;
  std::vector<std::pair<std::string, std::string>> tags;  // in input order
  Position start;
  PgnLine moves;
  std::string result = "*";  // the termination marker
  PgnGameSummary summary;
  std::vector<PgnProblem> problems;

  // The tag's value, or "" when absent.
  std::string tag(std::string_view name) const;
  void set_tag(std::string_view name, std::string value);
};

// A visitor that builds PgnGame trees and hands each finished game to `on_game`.
class PgnGameBuilder : public PgnVisitor {
 public:
  explicit PgnGameBuilder(std::vector<PgnGame>& out) : out_(out) {}
  void begin_game(int game) override;
  void tag(std::string_view name, std::string_view value) override;
  void begin_moves(const Position& start) override;
  void move(const Position& before, Move move, std::string_view text) override;
  void nag(int nag) override;
  void comment(const PgnComment& comment) override;
  void begin_variation() override;
  void end_variation() override;
  void problem(const PgnProblem& problem) override;
  void end_game(const PgnGameSummary& summary) override;

 private:
  std::vector<PgnGame>& out_;
  PgnGame game_;
  std::vector<PgnLine*> lines_;  // the line being read, innermost last
};

// Pulls games one at a time from a stream (reading only as much as the next game needs).
class PgnGameStream {
 public:
  explicit PgnGameStream(std::istream& in, PgnReadOptions options = {});
  ~PgnGameStream();
  // The next game, or nullopt at the end of input (or when the stream fails: see status()).
  std::optional<PgnGame> next();
  const Status& status() const { return status_; }

 private:
  std::istream& in_;
  std::vector<PgnGame> ready_;
  std::size_t next_ = 0;
  PgnGameBuilder builder_;
  PgnReader reader_;
  bool done_ = false;
  Status status_;
};

// Every game in a text (tests, small inputs).
std::vector<PgnGame> read_pgn_games(std::string_view text, PgnReadOptions options = {});

// A main line from a start position and legal moves (SAN text filled in).
PgnLine line_from_moves(const Position& start, const std::vector<Move>& moves);

// ---------------------------------------------------------------------------------------------
// Writing (export format, PGN standard section 8)

struct PgnWriteOptions {
  bool comments = true;
  bool variations = true;
  bool nags = true;
  bool clocks = true;  // [%clk] / [%emt] in comments
};

// The game in export format: the seven tag roster first (Event, Site, Date, Round, White,
// Black, Result, "?" / "????.??.??" when unknown), then the other tags sorted by name, SetUp and
// FEN added when the start position is not the initial one; a blank line; the movetext in
// canonical SAN with move numbers, NAGs as $n, comments in braces, variations in parentheses,
// lines of at most 79 characters; the termination marker; a blank line.
std::string write_pgn(const PgnGame& game, const PgnWriteOptions& options = {});

}  // namespace annabella::core
