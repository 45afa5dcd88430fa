#include "speech/voice_graph.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>

namespace annabella::speech {

void WordGraph::add_arc(int from, int to, std::string token, double log_weight) {
  arcs.push_back({from, to, std::move(token), log_weight});
}

void WordGraph::add_null(int from, int to, double log_weight) {
  arcs.push_back({from, to, "", log_weight});
}

void WordGraph::add_sequence(Between between, const std::vector<std::string>& tokens) {
  if (tokens.empty()) {
    add_null(between.from, between.to);
    return;
  }
  int at = between.from;
  for (std::size_t i = 0; i < tokens.size(); ++i) {
    const int next = i + 1 == tokens.size() ? between.to : add_state();
    add_arc(at, next, tokens[i]);
    at = next;
  }
}

void WordGraph::add_phrases(Between between, const std::vector<std::vector<std::string>>& phrases) {
  const int from = between.from, to = between.to;
  // A trie of the phrases; a child is always created after its parent.
  struct Node {
    std::map<std::string, std::size_t> next;
    bool end = false;
  };
  std::vector<Node> trie(1);
  for (const auto& phrase : phrases) {
    std::size_t node = 0;
    for (const auto& token : phrase) {
      const auto found = trie[node].next.find(token);
      if (found != trie[node].next.end()) {
        node = found->second;
        continue;
      }
      const std::size_t child = trie.size();
      trie[node].next.emplace(token, child);
      trie.emplace_back();
      node = child;
    }
    trie[node].end = true;
  }
  // Nodes with the same ending and the same onward arcs (to the same classes) are one state:
  // classes bottom-up, children before parents.
  using Signature = std::pair<bool, std::vector<std::pair<std::string, std::size_t>>>;
  std::map<Signature, std::size_t> class_of;
  std::vector<std::size_t> node_class(trie.size());
  std::vector<std::size_t> representative;
  for (std::size_t i = trie.size(); i-- > 0;) {
    Signature s{trie[i].end, {}};
    for (const auto& [token, child] : trie[i].next) s.second.emplace_back(token, node_class[child]);
    const auto [it, added] = class_of.emplace(std::move(s), representative.size());
    if (added) representative.push_back(i);
    node_class[i] = it->second;
  }
  const bool root_shared = std::count(node_class.begin(), node_class.end(), node_class[0]) > 1;
  std::vector<int> state(representative.size(), -1);
  for (std::size_t c = 0; c < representative.size(); ++c) {
    const Node& n = trie[representative[c]];
    if (n.end && n.next.empty()) {
      state[c] = to;
    } else if (c == node_class[0] && !root_shared) {
      state[c] = from;
    } else {
      state[c] = add_state();
    }
  }
  if (state[node_class[0]] != from) add_null(from, state[node_class[0]]);
  for (std::size_t c = 0; c < representative.size(); ++c) {
    const Node& n = trie[representative[c]];
    for (const auto& [token, child] : n.next) add_arc(state[c], state[node_class[child]], token);
    if (n.end && !n.next.empty()) add_null(state[c], to);
  }
}

namespace {

// The states reachable from `at` by null arcs.
std::set<int> null_closure(const WordGraph& g, std::set<int> at) {
  for (bool grew = true; grew;) {
    grew = false;
    for (const auto& a : g.arcs)
      if (a.token.empty() && at.count(a.from) && at.insert(a.to).second) grew = true;
  }
  return at;
}

}  // namespace

namespace {

// Phrases as a trie: node 0 is the root; `end` marks the nodes where a phrase ends.
struct Trie {
  std::vector<std::map<std::string, int>> next{1};
  std::vector<bool> end = std::vector<bool>(1, false);

  explicit Trie(const std::vector<std::vector<std::string>>& phrases) {
    for (const auto& phrase : phrases) {
      int node = 0;
      for (const auto& token : phrase) node = child(node, token);
      end[std::size_t(node)] = true;
    }
  }
  int child(int node, const std::string& token) {
    const auto [it, added] = next[std::size_t(node)].emplace(token, int(next.size()));
    if (added) {
      next.emplace_back();
      end.push_back(false);
    }
    return it->second;
  }
  // The node after `token`, or -1 when off the trie (or already off it).
  int step(int node, const std::string& token) const {
    if (node < 0) return -1;
    const auto found = next[std::size_t(node)].find(token);
    return found == next[std::size_t(node)].end() ? -1 : found->second;
  }
};

// The language made deterministic (sets of its states) times the trie of excluded phrases.
class Product {
 public:
  struct Edge {
    int from = 0, to = 0;
    std::string token;
  };

  Product(const WordGraph& language, const Trie& excluded)
      : language_(language), excluded_(excluded), words_from_(std::size_t(language.states)) {
    for (const auto& a : language.arcs)
      if (!a.token.empty()) words_from_[std::size_t(a.from)].push_back(&a);
    id_of({null_closure(language, {language.start}), 0});
    for (std::size_t i = 0; i < keys_.size(); ++i) expand(i);
  }

  // The states from which an accepting one can be reached.
  std::vector<bool> alive() const {
    std::vector<bool> alive = accepting_;
    for (bool grew = true; grew;) {
      grew = false;
      for (const auto& e : edges_) {
        if (!alive[std::size_t(e.to)] || alive[std::size_t(e.from)]) continue;
        alive[std::size_t(e.from)] = true;
        grew = true;
      }
    }
    return alive;
  }
  std::size_t size() const { return keys_.size(); }
  bool accepting(std::size_t i) const { return accepting_[i]; }
  const std::vector<Edge>& edges() const { return edges_; }

 private:
  using Key = std::pair<std::set<int>, int>;  // language states, trie node (-1: off the trie)

  int id_of(Key key) {
    const auto [it, added] = index_.emplace(key, int(keys_.size()));
    if (added) {
      const bool ends = key.first.count(language_.final) > 0;
      const bool excluded = key.second >= 0 && excluded_.end[std::size_t(key.second)];
      accepting_.push_back(ends && !excluded);
      keys_.push_back(std::move(key));
    }
    return it->second;
  }
  void expand(std::size_t i) {
    std::map<std::string, std::set<int>> next;
    for (int at : keys_[i].first)
      for (const WordGraph::Arc* a : words_from_[std::size_t(at)]) next[a->token].insert(a->to);
    for (auto& [token, targets] : next) {
      const int node = excluded_.step(keys_[i].second, token);
      const int target = id_of({null_closure(language_, std::move(targets)), node});
      edges_.push_back({int(i), target, token});
    }
  }

  const WordGraph& language_;
  const Trie& excluded_;
  std::vector<std::vector<const WordGraph::Arc*>> words_from_;
  std::map<Key, int> index_;
  std::vector<Key> keys_;
  std::vector<bool> accepting_;
  std::vector<Edge> edges_;
};

}  // namespace

void WordGraph::add_except(Between between, const WordGraph& language,
                           const std::vector<std::vector<std::string>>& excluded) {
  const Trie trie(excluded);
  const Product product(language, trie);
  const std::vector<bool> alive = product.alive();
  if (!alive[0]) return;
  std::vector<int> state(product.size(), -1);
  for (std::size_t i = 0; i < product.size(); ++i)
    if (alive[i]) state[i] = add_state();
  add_null(between.from, state[0]);
  for (const auto& e : product.edges())
    if (alive[std::size_t(e.to)])
      add_arc(state[std::size_t(e.from)], state[std::size_t(e.to)], e.token);
  for (std::size_t i = 0; i < product.size(); ++i)
    if (alive[i] && product.accepting(i)) add_null(state[i], between.to);
}

void WordGraph::add_graph(Between between, const WordGraph& sub) {
  const int offset = states;
  states += sub.states;
  for (const auto& a : sub.arcs)
    arcs.push_back({a.from + offset, a.to + offset, a.token, a.log_weight});
  add_null(between.from, sub.start + offset);
  add_null(sub.final + offset, between.to);
}

bool WordGraph::accepts(const std::vector<std::string>& tokens) const {
  auto closure = [&](std::set<int> at) { return null_closure(*this, std::move(at)); };
  std::set<int> at = closure({start});
  for (const auto& token : tokens) {
    std::set<int> next;
    for (const auto& a : arcs)
      if (a.token == token && at.count(a.from)) next.insert(a.to);
    at = closure(std::move(next));
  }
  return at.count(final) > 0;
}

std::size_t WordGraph::word_arcs() const {
  return std::size_t(
      std::count_if(arcs.begin(), arcs.end(), [](const Arc& a) { return !a.token.empty(); }));
}

}  // namespace annabella::speech
