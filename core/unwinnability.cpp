#include "core/unwinnability.h"

#include "core/blockade.h"
#include "core/helpmate.h"
#include "core/mating_material.h"
#include "core/movegen.h"

namespace annabella::core {
namespace {

MateAnalysis verdict(Color side, Winnability w, WinnabilityReason why) {
  MateAnalysis a;
  a.side = side;
  a.verdict = w;
  a.reason = why;
  return a;
}

// Takes a search's result into the analysis: a line (checked move by move), a proof, or
// nothing (the analysis goes on).
bool conclude(MateAnalysis& a, const Position& pos, const HelpmateSearch& search) {
  a.nodes += search.nodes;
  if (search.outcome == HelpmateSearch::Outcome::NoMate) {
    a.verdict = Winnability::Unwinnable;
    a.reason = WinnabilityReason::EveryLineTried;
    return true;
  }
  if (search.outcome != HelpmateSearch::Outcome::MateFound) return false;
  // The line is the proof: every move legal, and mate by the side at its end.
  Position p = pos;
  for (Move m : search.line) {
    if (!legal_moves(p).contains(m)) return false;
    p.play(m);
  }
  if (p.side_to_move() == a.side || !is_checkmate(p)) return false;
  a.verdict = Winnability::Winnable;
  a.reason = WinnabilityReason::MatingLine;
  a.line = search.line;
  return true;
}

}  // namespace

MateAnalysis analyse_mate(const Position& pos, Color side, WinnabilityEffort effort) {
  // 1. The game is over: a mate on the board, or stalemate.
  const std::size_t moves = count_legal_moves_up_to(pos, effort.exhaustive_max_moves);
  if (moves == 0) {
    if (pos.in_check() && pos.side_to_move() != side)
      return verdict(side, Winnability::Winnable, WinnabilityReason::MateOnBoard);
    return verdict(side, Winnability::Unwinnable, WinnabilityReason::GameOver);
  }
  // 2. Material.
  if (!mating_material(pos, side))
    return verdict(side, Winnability::Unwinnable, WinnabilityReason::InsufficientMaterial);
  // 3. Locked pawns.
  const Blockade blockade = analyse_blockade(pos, side);
  if (blockade.proved()) {
    MateAnalysis a = verdict(side, Winnability::Unwinnable, WinnabilityReason::LockedPawns);
    a.locked_pawns = blockade.locked_pawns;
    return a;
  }
  MateAnalysis a = verdict(side, Winnability::Unknown, WinnabilityReason::SearchLimit);
  // 4, 5. A small exhaustive search settles forced lines at once; then a guided search for a
  // mate; then the exhaustive search with the rest of its budget.
  const bool exhaustive = moves <= effort.exhaustive_max_moves;
  // Without a line wanted, an exhaustive search that cannot end in a proof is not begun.
  const std::size_t must_keep =
      exhaustive && !effort.mating_lines
          ? exhaustive_search_must_keep(pos, side, effort.exhaustive_nodes)
          : 0;
  const auto worth = [&](std::size_t budget) { return budget > 0 && must_keep <= budget; };
  const std::size_t first = exhaustive ? std::min<std::size_t>(effort.exhaustive_nodes, 150) : 0;
  if (worth(first) && conclude(a, pos, exhaustive_helpmate_search(pos, side, first))) return a;
  if (effort.guided_nodes > 0 &&
      conclude(a, pos, guided_helpmate_search(pos, side, effort.guided_nodes)))
    return a;
  if (exhaustive && effort.exhaustive_nodes > first && worth(effort.exhaustive_nodes) &&
      conclude(a, pos, exhaustive_helpmate_search(pos, side, effort.exhaustive_nodes)))
    return a;
  return a;
}

std::optional<bool> DeadPositionAnalysis::dead() const {
  if (white.verdict == Winnability::Winnable || black.verdict == Winnability::Winnable)
    return false;
  if (white.verdict == Winnability::Unwinnable && black.verdict == Winnability::Unwinnable)
    return true;
  return std::nullopt;
}

DeadPositionAnalysis analyse_dead_position(const Position& pos, WinnabilityEffort effort) {
  return {analyse_mate(pos, WHITE, effort), analyse_mate(pos, BLACK, effort)};
}

}  // namespace annabella::core
