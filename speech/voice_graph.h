// A finite-state grammar as plain data: states joined by arcs that each say one word (or nothing,
// a null arc). The recogniser adapter turns it into its own form (pocketsphinx's FSG). Phrases
// are added as a minimal automaton: phrases that begin or end alike share their states, so the
// decoder follows "Springer" once, not once per knight move, and searches few paths at once.
#pragma once

#include <string>
#include <vector>

namespace annabella::speech {

// Where something added to a graph begins and ends: two of its states.
struct Between {
  int from = 0, to = 0;
};

struct WordGraph {
  struct Arc {
    int from = 0, to = 0;
    std::string token;      // empty: a null arc (no word)
    double log_weight = 0;  // natural log of the arc's probability; 0 = no penalty
    friend bool operator==(const Arc&, const Arc&) = default;
  };
  int states = 2;
  int start = 0, final = 1;
  std::vector<Arc> arcs;

  int add_state() { return states++; }
  void add_arc(int from, int to, std::string token, double log_weight = 0);
  void add_null(int from, int to, double log_weight = 0);
  // The tokens one after another from `between.from` to `between.to`.
  void add_sequence(Between between, const std::vector<std::string>& tokens);
  // Every phrase from `between.from` to `between.to`, as a minimal automaton (shared beginnings and
  // endings).
  void add_phrases(Between between, const std::vector<std::vector<std::string>>& phrases);
  // Every path of `language` (a graph from its start to its final state) that is none of
  // `excluded`, from `between.from` to `between.to` (the language made deterministic, times a trie
  // of the excluded phrases, and pruned to what can still end).
  void add_except(Between between, const WordGraph& language,
                  const std::vector<std::vector<std::string>>& excluded);
  // A copy of `sub` (its start and final joined to `between` by null arcs).
  void add_graph(Between between, const WordGraph& sub);
  // Whether `tokens` lead from start to final (null arcs followed).
  [[nodiscard]] bool accepts(const std::vector<std::string>& tokens) const;
  [[nodiscard]] std::size_t word_arcs() const;

  friend bool operator==(const WordGraph&, const WordGraph&) = default;
};

}  // namespace annabella::speech
