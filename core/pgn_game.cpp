// PGN game trees: see pgn_game.h.
#include "core/pgn_game.h"

#include <array>
#include <istream>

namespace annabella::core {

std::string PgnGame::tag(std::string_view name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return "";
}

void PgnGame::set_tag(std::string_view name, std::string value) {
  for (auto& [n, v] : tags)
    if (n == name) {
      v = std::move(value);
      return;
    }
  tags.emplace_back(std::string(name), std::move(value));
}

void PgnGameBuilder::begin_game(int game) {
  game_ = PgnGame{};
  game_.number = game;
  lines_.clear();
}
void PgnGameBuilder::tag(std::string_view name, std::string_view value) {
  game_.tags.emplace_back(std::string(name), std::string(value));
}
void PgnGameBuilder::begin_moves(const Position& start) {
  game_.start = start;
  lines_.assign(1, &game_.moves);
}
void PgnGameBuilder::move(const Position&, Move move, std::string_view text) {
  if (lines_.empty()) return;
  PgnNode node;
  node.move = move;
  node.text = std::string(text);
  lines_.back()->moves.push_back(std::move(node));
}
void PgnGameBuilder::nag(int nag) {
  if (lines_.empty() || lines_.back()->moves.empty()) return;
  lines_.back()->moves.back().nags.push_back(nag);
}
void PgnGameBuilder::comment(const PgnComment& comment) {
  if (lines_.empty()) return;
  PgnLine& line = *lines_.back();
  if (line.moves.empty()) {
    if (!comment.text.empty()) line.comments.push_back(comment.text);
    return;
  }
  PgnNode& node = line.moves.back();
  if (!comment.text.empty()) node.comments.push_back(comment.text);
  if (comment.clock) node.clock = comment.clock;
  if (comment.elapsed) node.elapsed = comment.elapsed;
}
void PgnGameBuilder::begin_variation() {
  PgnNode& node = lines_.back()->moves.back();
  node.variations.emplace_back();
  lines_.push_back(&node.variations.back());
}
void PgnGameBuilder::end_variation() {
  if (lines_.size() > 1) lines_.pop_back();
}
void PgnGameBuilder::problem(const PgnProblem& problem) {
  game_.problems.push_back(problem);
}
void PgnGameBuilder::end_game(const PgnGameSummary& summary) {
  game_.summary = summary;
  game_.result = summary.result.empty() ? "*" : summary.result;
  out_.push_back(std::move(game_));
  game_ = PgnGame{};
  lines_.clear();
}

PgnGameStream::PgnGameStream(std::istream& in, PgnReadOptions options)
    : in_(in), builder_(ready_), reader_(builder_, std::move(options)) {}
PgnGameStream::~PgnGameStream() = default;

std::optional<PgnGame> PgnGameStream::next() {
  std::array<char, std::size_t{16} * 1024> buffer;
  while (next_ == ready_.size()) {
    ready_.clear();
    next_ = 0;
    if (done_) return std::nullopt;
    if (!in_) {
      if (in_.bad()) status_ = fail_with(PgnInputError{PgnInputError::Kind::ReadFailed});
      reader_.finish();
      done_ = true;
      continue;
    }
    in_.read(buffer.data(), std::streamsize(buffer.size()));
    const auto n = in_.gcount();
    if (n > 0) reader_.feed(std::string_view(buffer.data(), std::size_t(n)));
  }
  return std::move(ready_[next_++]);
}

std::vector<PgnGame> read_pgn_games(std::string_view text, PgnReadOptions options) {
  std::vector<PgnGame> games;
  PgnGameBuilder builder(games);
  PgnReader reader(builder, std::move(options));
  reader.feed(text);
  reader.finish();
  return games;
}

PgnLine line_from_moves(const Position& start, const std::vector<Move>& moves) {
  PgnLine line;
  Position pos = start;
  for (Move m : moves) {
    PgnNode node;
    node.move = m;
    node.text = to_san(pos, m);
    line.moves.push_back(std::move(node));
    pos.play(m);
  }
  return line;
}
}  // namespace annabella::core
