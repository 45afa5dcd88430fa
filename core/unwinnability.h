// Art. 6.9 and Art. 5.2.2 decided: can a side still checkmate by any series of legal moves (the
// opponent helping), and is the position dead (neither side can)?
//
// The procedure, after the example of the Chess Unwinnability Analyzer (M. Ambrona, "A
// Practical Algorithm for Chess Unwinnability", FUN 2022) but built on its own proofs:
// 1. the game already over (mate, stalemate);
// 2. material alone (core/mating_material.h);
// 3. locked pawns: what each man could ever reach and attack behind them (core/blockade.h);
// 4. a guided search for a helpmate, which proves the side can mate and gives the line;
// 5. an exhaustive search of every reachable position, pruned by 2 and 3, which proves that
//    no mate exists when the reachable positions run out (positions where only forced lines
//    remain);
// 6. otherwise it gives up: Unknown. It is sound: Unwinnable only with a proof; Winnable only
//    with a line of legal moves that ends in mate. The fivefold repetition (Art. 9.6.1) and the
//    75 moves (Art. 9.6.2, where a mate on the last move takes precedence), which would end a
//    long line early, are not applied to the lines searched: "any series of legal moves"
//    (Art. 5.2.2, 6.9) is read without them, so a position is never called dead because of them.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "core/position.h"

namespace annabella::core {

enum class Winnability : std::uint8_t { Winnable, Unwinnable, Unknown };

// Why a side can or cannot mate, or why the procedure gave up.
enum class WinnabilityReason : std::uint8_t {
  MateOnBoard,           // Winnable: the opponent is checkmated now
  MatingLine,            // Winnable: `line` ends in mate
  GameOver,              // Unwinnable: the side is mated, or it is stalemate (Art. 5.1.1, 5.2.1)
  InsufficientMaterial,  // Unwinnable: the material can never mate
  LockedPawns,           // Unwinnable: locked pawns keep the men from mating for good
  EveryLineTried,        // Unwinnable: every reachable position was examined, none is mate
  SearchLimit,           // Unknown: the search budget ran out
};

struct MateAnalysis {
  Color side = WHITE;  // the side whose mating chances are analysed
  Winnability verdict = Winnability::Unknown;
  WinnabilityReason reason = WinnabilityReason::SearchLimit;
  std::vector<Move> line;     // Winnable by MatingLine: the moves from the position, ending in mate
  Bitboard locked_pawns = 0;  // the pawns found locked for good (LockedPawns)
  std::size_t nodes = 0;      // positions the searches examined
};

// How hard to try. `quick` keeps to the static proofs and a small exhaustive search (what the
// game applies after every move); `thorough` is for an arbiter's question or a flag fall.
struct WinnabilityEffort {
  std::size_t guided_nodes = 0;      // budget of the guided search for a mate
  std::size_t exhaustive_nodes = 0;  // budget of the exhaustive search
  // The exhaustive search runs only when the side to move has at most this many legal moves
  // (forced lines start from few moves).
  std::size_t exhaustive_max_moves = 256;
  // Whether a mating line is wanted too. Without, an exhaustive search is skipped where it
  // could not prove that no mate exists (the verdict is then Unknown rather than Winnable).
  bool mating_lines = true;
  static constexpr WinnabilityEffort quick() { return {0, 200, 6, false}; }
  static constexpr WinnabilityEffort thorough() { return {30000, 60000, 256, true}; }
};

// Whether `side` can checkmate by some series of legal moves from `pos` (Art. 6.9).
[[nodiscard]] MateAnalysis analyse_mate(const Position& pos, Color side,
                                        WinnabilityEffort effort = WinnabilityEffort::thorough());

struct DeadPositionAnalysis {
  MateAnalysis white;
  MateAnalysis black;
  // Art. 5.2.2: true when neither side can mate, false when one can, nothing when it is not
  // known (one side Unknown, the other unable to mate).
  [[nodiscard]] std::optional<bool> dead() const;
};

[[nodiscard]] DeadPositionAnalysis analyse_dead_position(
    const Position& pos, WinnabilityEffort effort = WinnabilityEffort::thorough());

}  // namespace annabella::core
