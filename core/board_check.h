// A board compared with a game record (D.2.9): whether it shows the game, the first move at which
// it went wrong, the moves it shows beyond the record. Used live by the station when a board
// settles (check_board) and by the arbiter's reconciliation.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "core/bitboard.h"
#include "core/correction.h"
#include "core/position.h"

namespace annabella::core {

// The ply at which a board went wrong: `played` stands on the board where `expected` was due.
struct WrongMove {
  std::size_t ply = 0;
  Move expected;
  Move played;
  std::string expected_san;
  std::string played_san;
  bool from_log = false;  // true: the board log says so; false: inferred from the placement
};

// A settled board compared with the game record (D.2.9, caught at the first wrong move).
struct BoardCheck {
  bool matches = false;                      // the board shows the current position
  std::optional<std::size_t> matches_after;  // latest ply count whose position it shows
  std::optional<WrongMove> went_wrong;       // the first move at which it went wrong, if found
  std::vector<CorrectionStep> steps;         // fewest steps to the current position
};

// Compares a board placement with the game record (`moves` played from `start`). When the board
// shows an earlier point of the game (a move not executed yet), matches_after says which. When it
// shows the record with one move replaced by another legal move (and the later moves, if any,
// played on), went_wrong names that move (the latest ply that explains the board, when several
// do); moves further back than `search_plies` are not tried. Searching the whole game of 300
// plies takes well under a millisecond (bench/bench_reconcile.cpp).
[[nodiscard]] BoardCheck check_board(const Position& start, const std::vector<Move>& moves,
                                     const Position& board, std::size_t search_plies = 8);

// The board shows `positions` (positions[i] before moves[i], one more at the end) with the move
// at some ply k (at most `search_plies` back) replaced by another legal move and the later moves
// played on: that ply and move, if any.
[[nodiscard]] std::optional<WrongMove> infer_wrong_move(const std::vector<Position>& positions,
                                                        const std::vector<Move>& moves,
                                                        const Position& board,
                                                        std::size_t search_plies);

// The board shows `end` with one or two more legal moves played: those moves (the fewest that
// explain it); empty when none do.
[[nodiscard]] std::vector<Move> moves_ahead(const Position& end, const Position& board);

// The squares where two placements differ.
[[nodiscard]] Bitboard squares_that_differ(const Position& a, const Position& b);
// The squares a move changes: from, to, the castling rook's squares, the e.p. victim's square.
[[nodiscard]] Bitboard squares_changed_by(Move m);
[[nodiscard]] bool is_legal_move(const Position& pos, Move m);

}  // namespace annabella::core
