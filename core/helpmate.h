// Searches for a helpmate: a series of legal moves, both sides' moves chosen freely, that ends with
// `winner` checkmating the opponent (what Art. 6.9 and 5.2.2 ask about). A line found proves that
// `winner` can still checkmate; an exhausted search proves that he cannot.
#pragma once

#include <cstddef>
#include <vector>

#include "core/position.h"

namespace annabella::core {

struct HelpmateSearch {
  enum class Outcome : std::uint8_t {
    MateFound,  // `line` ends in `winner` checkmating the opponent
    NoMate,     // every position reachable was examined (or proved hopeless): no mate exists
    GaveUp,     // the node budget ran out first
  };
  Outcome outcome = Outcome::GaveUp;
  std::vector<Move> line;
  std::size_t nodes = 0;  // positions examined
};

// Guided depth-first search: each side's moves ordered by how they bring the mate nearer (the
// winner's men towards the defending king, the defending king towards an edge and the winner's
// king, the defender's men next to their own king; in the wall-breaking profiles, either side
// opening a locked pawn wall: pawns offered and taken, a king taking a pawn that blocks one of
// its own), with a few of them tried at each node and every move near the end. Finds the
// helpmates of most positions quickly; never NoMate.
[[nodiscard]] HelpmateSearch guided_helpmate_search(const Position& pos, Color winner,
                                                    std::size_t max_nodes);

// Breadth-first over every position reachable by legal moves, pruning positions proved hopeless
// (material, locked pawns). Finds a shortest helpmate, or NoMate when the reachable positions
// run out within the budget: a proof for positions where only forced lines remain.
[[nodiscard]] HelpmateSearch exhaustive_helpmate_search(const Position& pos, Color winner,
                                                        std::size_t max_nodes);

// How many positions `exhaustive_helpmate_search` must keep at least before it could end in
// NoMate, counted up to `limit + 1`; `limit + 1` also when it would find a mate at once. A
// cheap lower bound (the root's children and their reversible replies, three plies deep), for
// callers that only want a proof that no mate exists: with a budget below it, the search
// cannot give one.
[[nodiscard]] std::size_t exhaustive_search_must_keep(const Position& root, Color winner,
                                                      std::size_t limit);

}  // namespace annabella::core
