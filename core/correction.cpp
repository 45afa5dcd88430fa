#include "core/correction.h"

#include <cstdlib>

namespace annabella::core {
namespace {

int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// The steps to correct one piece type: pairs of a wrong and a missing square become moves, the
// rest removals and placements.
struct PieceSteps {
  std::vector<CorrectionStep> removals, moves, placements;
};

void add_steps_for(Piece pc, const Position& board, const Position& target, PieceSteps& steps) {
  // Squares where this piece stands but should not, and where it should stand but does not.
  std::vector<Square> surplus, missing;
  for (int s = 0; s < 64; ++s) {
    const Square sq = Square(s);
    const bool on_board = board.piece_on(sq) == pc, wanted = target.piece_on(sq) == pc;
    if (on_board && !wanted) surplus.push_back(sq);
    if (wanted && !on_board) missing.push_back(sq);
  }
  // Pair them greedily, nearest pair first: each pair is one move instead of two steps.
  while (!surplus.empty() && !missing.empty()) {
    std::size_t best_i = 0, best_j = 0;
    int best = 99;
    for (std::size_t i = 0; i < surplus.size(); ++i)
      for (std::size_t j = 0; j < missing.size(); ++j)
        if (distance(surplus[i], missing[j]) < best) {
          best = distance(surplus[i], missing[j]);
          best_i = i;
          best_j = j;
        }
    steps.moves.push_back({CorrectionStep::Kind::Move, pc, surplus[best_i], missing[best_j]});
    surplus.erase(surplus.begin() + long(best_i));
    missing.erase(missing.begin() + long(best_j));
  }
  for (Square s : surplus) steps.removals.push_back({CorrectionStep::Kind::Remove, pc, s, SQ_NONE});
  for (Square s : missing)
    steps.placements.push_back({CorrectionStep::Kind::Place, pc, SQ_NONE, s});
}

// Appends to `ordered` every move whose target square is free, updating `occupancy`; returns
// how many it appended.
std::size_t play_free_moves(const std::vector<CorrectionStep>& moves, std::vector<bool>& done,
                            Piece (&occupancy)[SQUARE_NB], std::vector<CorrectionStep>& ordered) {
  std::size_t played = 0;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (done[i] || occupancy[moves[i].to] != NO_PIECE) continue;
    occupancy[moves[i].to] = moves[i].piece;
    occupancy[moves[i].from] = NO_PIECE;
    ordered.push_back(moves[i]);
    done[i] = true;
    ++played;
  }
  return played;
}

}  // namespace

std::vector<CorrectionStep> correction_steps(const Position& board, const Position& target) {
  PieceSteps steps;
  for (const Piece pc : {W_PAWN, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING, B_PAWN, B_KNIGHT,
                         B_BISHOP, B_ROOK, B_QUEEN, B_KING})
    add_steps_for(pc, board, target, steps);
  const std::vector<CorrectionStep>& moves = steps.moves;
  std::vector<CorrectionStep>& placements = steps.placements;
  // Removals free squares first. A move may land where another piece still stands that itself
  // moves away later: order moves so that each lands on a square already vacated.
  std::vector<CorrectionStep> ordered = steps.removals;
  std::vector<bool> done(moves.size(), false);
  Piece occupancy[SQUARE_NB];
  for (int s = 0; s < 64; ++s) occupancy[s] = board.piece_on(Square(s));
  for (const auto& r : steps.removals) occupancy[r.from] = NO_PIECE;
  for (std::size_t placed = 0; placed < moves.size();) {
    const std::size_t played = play_free_moves(moves, done, occupancy, ordered);
    placed += played;
    if (played > 0) continue;
    // A cycle (pieces swapping squares): lift one piece off the board, then put it back.
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (done[i]) continue;
      ordered.push_back({CorrectionStep::Kind::Remove, moves[i].piece, moves[i].from, SQ_NONE});
      occupancy[moves[i].from] = NO_PIECE;
      placements.push_back({CorrectionStep::Kind::Place, moves[i].piece, SQ_NONE, moves[i].to});
      done[i] = true;
      ++placed;
      break;
    }
  }
  ordered.insert(ordered.end(), placements.begin(), placements.end());
  return ordered;
}

std::string describe(const CorrectionStep& step) {
  switch (step.kind) {
    case CorrectionStep::Kind::Remove:
      return std::string("remove ") + piece_name(step.piece) + " " + square_name(step.from);
    case CorrectionStep::Kind::Move:
      return std::string("move ") + piece_name(step.piece) + " " + square_name(step.from) + " " +
             square_name(step.to);
    case CorrectionStep::Kind::Place:
      return std::string("place ") + piece_name(step.piece) + " " + square_name(step.to);
  }
  return {};
}

}  // namespace annabella::core
