// PGN games as trees: a visitor that builds them, a stream that pulls them one at a time.
#pragma once

#include <chrono>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/pgn_reader.h"

namespace annabella::core {

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
  [[nodiscard]] std::string tag(std::string_view name) const;
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
  [[nodiscard]] std::optional<PgnGame> next();
  [[nodiscard]] const PgnInputStatus& status() const { return status_; }

 private:
  std::istream& in_;
  std::vector<PgnGame> ready_;
  std::size_t next_ = 0;
  PgnGameBuilder builder_;
  PgnReader reader_;
  bool done_ = false;
  PgnInputStatus status_;
};

// Every game in a text (tests, small inputs).
[[nodiscard]] std::vector<PgnGame> read_pgn_games(std::string_view text,
                                                  PgnReadOptions options = {});

// A main line from a start position and legal moves (SAN text filled in).
[[nodiscard]] PgnLine line_from_moves(const Position& start, const std::vector<Move>& moves);

}  // namespace annabella::core
