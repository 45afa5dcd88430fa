#include "core/helpmate.h"

#include <algorithm>
#include <cstdlib>
#include <unordered_map>

#include "core/blockade.h"
#include "core/mating_material.h"
#include "core/movegen.h"

namespace annabella::core {
namespace {

// Positions that count as the same state for the search: what Art. 9.2.2 compares (the move
// counters play no part in whether a mate can be reached).
bool same_state(const Position& a, const Position& b) {
  return a.key() == b.key() && a.side_to_move() == b.side_to_move() &&
         a.castling_rights() == b.castling_rights() && a.castling_rooks() == b.castling_rooks() &&
         a.en_passant_square() == b.en_passant_square() && a.same_placement(b);
}

bool is_mate_by(const Position& pos, Color winner) {
  return pos.side_to_move() != winner && pos.in_check() && !has_legal_move(pos);
}

// Moves after which the pawns or the material differ: only these can change what the static
// proofs find (every other move keeps each man inside the squares it could already reach).
bool irreversible(const Position& before, Move m) {
  return type_of(before.piece_on(m.from())) == PAWN || before.is_capture(m);
}

// Proved that `winner` cannot mate from here; the locked-pawn proof only where it can differ
// from the parent's.
bool hopeless(const Position& pos, Color winner, bool check_blockade) {
  if (!mating_material(pos, winner)) return true;
  return check_blockade && analyse_blockade(pos, winner).proved();
}

int distance(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}
int edge_distance(Square s) {
  return std::min(std::min(file_of(s), 7 - file_of(s)), std::min(rank_of(s), 7 - rank_of(s)));
}
int corner_distance(Square s) {
  return std::min(file_of(s), 7 - file_of(s)) + std::min(rank_of(s), 7 - rank_of(s));
}

// Knight moves between two squares (0-6), by a breadth-first walk at compile time.
struct KnightDistances {
  int d[SQUARE_NB][SQUARE_NB] = {};
};
constexpr KnightDistances make_knight_distances() {
  KnightDistances k;
  constexpr int steps[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                               {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
  for (int from = 0; from < 64; ++from) {
    for (int& x : k.d[from]) x = 99;
    k.d[from][from] = 0;
    for (int round = 0; round < 7; ++round)
      for (int s = 0; s < 64; ++s) {
        if (k.d[from][s] != round) continue;
        for (const auto& st : steps) {
          const int f = (s & 7) + st[0], r = (s >> 3) + st[1];
          if (f >= 0 && f < 8 && r >= 0 && r < 8 && k.d[from][r * 8 + f] > round + 1)
            k.d[from][r * 8 + f] = round + 1;
        }
      }
  }
  return k;
}
constexpr KnightDistances kKnightDistances = make_knight_distances();

// How far a man of type pt is from attacking square s, roughly, in moves.
int approach(PieceType pt, Square from, Square s) {
  if (pt == KNIGHT) return kKnightDistances.d[from][s];
  return distance(from, s);
}

// Whether a man moved to `to` by the side to move stands where a pawn of the other side can take
// it.
bool offered_to_a_pawn(const Position& pos, Square to) {
  const Color us = pos.side_to_move();
  return (pawn_attacks(us, to) & pos.pieces(~us, PAWN)) != 0;
}

// How many moves a man of one type needs to reach a set of squares: within[d] holds the squares
// from which it gets there in d moves at most, moving over `walkable` squares (its moves read
// backwards from the targets: they are symmetric, a pawn's aside).
struct Steps {
  static constexpr int kFar = 99;
  static constexpr int kMost = 8;
  Bitboard within[kMost] = {};
  int layers = 0;
  [[nodiscard]] int to_target(Square s) const {
    for (int d = 0; d < layers; ++d)
      if (within[d] & square_bb(s)) return d;
    return kFar;
  }
};

// Where a man may stand on its way (`walkable`), and what blocks a slider's line (`occupied`).
struct Terrain {
  Bitboard walkable;
  Bitboard occupied;
};

Steps steps_to(PieceType pt, Bitboard targets, Terrain terrain) {
  const Bitboard walkable = terrain.walkable, occupied = terrain.occupied;
  Steps st;
  Bitboard reach = targets;
  st.within[0] = reach;
  for (st.layers = 1; st.layers < Steps::kMost; ++st.layers) {
    Bitboard next = reach;
    for (Bitboard from = reach; from;) next |= attacks_of(pt, pop_lsb(from), occupied) & walkable;
    if (next == reach) break;
    reach = next;
    st.within[st.layers] = reach;
  }
  return st;
}

Bitboard attacks_of_all_kings(Bitboard b) {
  const Bitboard sideways = shift<1>(b) | shift<-1>(b), row = b | sideways;
  return sideways | shift<8>(row) | shift<-8>(row);
}

Bitboard pawn_attack_set(const Position& pos, Color c) {
  Bitboard a = 0;
  for (Bitboard pawns = pos.pieces(c, PAWN); pawns;) a |= pawn_attacks(c, pop_lsb(pawns));
  return a;
}

// For the wall-breaking profile (a locked pawn chain that only a capture opens): how much a move
// changes the pawns. Either side may have to open the wall, the loser too: a pawn taking (it
// leaves its file and frees the pawn it blocked), a king taking a pawn that blocks a pawn of his
// own side (the loser's king too: the pawn it frees can then be given to a pawn of the winner,
// whose capture opens a file for him), a man or a pawn offered to a pawn, or a man, a king or a
// pawn drawing nearer to the closest such square. A man of the winner already on the loser
// king's side of the pawns gets nothing: the wall is open for it, and it is to mate, not to be
// given. What the side to move can aim at is the same for every move of a node, so it is
// computed once a node (GuidedSearch::rank).
struct WallTargets {
  Bitboard offers = 0;  // squares the other side's pawns take on (not holding ours)
  Bitboard prey = 0;    // the other side's pawns no pawn guards that block a pawn of ours
  Steps king;           // our king to the prey, around our men and the squares pawns guard
  Steps men[PIECE_TYPE_NB] = {};  // our knights, bishops, rooks, queens to the offers
  Bitboard loser_room = 0;        // the squares the loser's king can reach around the pawns
  Bitboard winner_paths = 0;      // the squares ahead of the winner's pawns, on their files
};

WallTargets wall_targets(const Position& pos, Color winner) {
  const Color us = pos.side_to_move(), them = ~us, loser = ~winner;
  WallTargets t;
  const Bitboard guarded = pawn_attack_set(pos, them);
  const Bitboard ours = pos.pieces(us);
  t.offers = guarded & ~ours;
  const Bitboard ahead =
      us == WHITE ? shift<8>(pos.pieces(us, PAWN)) : shift<-8>(pos.pieces(us, PAWN));
  // Up to the first pawn: a pawn blocked by a pawn has no way yet.
  for (Bitboard pawns = pos.pieces(winner, PAWN); pawns;) {
    Bitboard ahead_of = square_bb(pop_lsb(pawns));
    while ((ahead_of = winner == WHITE ? shift<8>(ahead_of) : shift<-8>(ahead_of)) &&
           !(ahead_of & pos.pieces(PAWN)))
      t.winner_paths |= ahead_of;
  }
  // The loser's king goes for a pawn only while the winner's pawns have no way: once one has,
  // taking more would only end the winner's chances.
  if (us == winner || !t.winner_paths) t.prey = pos.pieces(them, PAWN) & ahead & ~guarded;
  if (t.prey)
    t.king = steps_to(KING, t.prey, {~(ours & ~pos.pieces(us, KING)) & ~guarded, pos.pieces()});
  for (PieceType pt : {KNIGHT, BISHOP, ROOK, QUEEN})
    if (pos.pieces(us, pt) && t.offers)
      t.men[pt] = steps_to(pt, t.offers, {~ours | pos.pieces(us, pt), pos.pieces()});
  // The loser's king's room: every square it reaches by king steps, never onto a pawn nor into
  // a square a winner's pawn attacks (the pawns as they stand).
  const Bitboard open = ~pos.pieces(PAWN) & ~pawn_attack_set(pos, winner);
  for (Bitboard room = pos.pieces(loser, KING);;) {
    const Bitboard next = room | (attacks_of_all_kings(room) & open);
    if (next == room) {
      t.loser_room = room;
      break;
    }
    room = next;
  }
  return t;
}

// The fewest steps a pawn on `from` needs to a square of `targets` straight ahead on its file.
int pawn_steps(Color c, Square from, Bitboard targets) {
  int best = Steps::kFar;
  for (Bitboard squares = targets & file_bb(file_of(from)); squares;) {
    const Square s = pop_lsb(squares);
    if (relative_rank(c, rank_of(s)) > relative_rank(c, rank_of(from)))
      best = std::min(best, std::abs(rank_of(s) - rank_of(from)));
  }
  return best;
}

int nearer(int before, int after, int weight) {
  return before < Steps::kFar && after < Steps::kFar ? weight * (before - after) : 0;
}

int wall_break_score(const Position& pos, Move m, bool winner_to_move, const WallTargets& t) {
  const PieceType pt = type_of(pos.piece_on(m.from()));
  const Color us = pos.side_to_move();
  if (winner_to_move && pt != PAWN && (t.loser_room & square_bb(m.from()))) return 0;
  if (pos.is_capture(m)) {
    if (pt == PAWN) return 600;
    // A king taking a pawn opens a file: the winner's king any, the loser's one that frees a
    // pawn of his (the loser's king taking the winner's other pawns would only end his chances).
    if (pt == KING)
      return type_of(pos.piece_on(m.to())) == PAWN &&
                     (winner_to_move || (t.prey & square_bb(m.to())))
                 ? 400
                 : 0;
  }
  // The loser's men keep off the winner's pawns' way to promotion.
  const int way = winner_to_move ? 0
                                 : 150 * (int((t.winner_paths & square_bb(m.from())) != 0) -
                                          int((t.winner_paths & square_bb(m.to())) != 0));
  if (pt == KING) return way + nearer(t.king.to_target(m.from()), t.king.to_target(m.to()), 100);
  if (offered_to_a_pawn(pos, m.to())) return 500;
  if (pt == PAWN) {
    const int before = pawn_steps(us, m.from(), t.offers);
    // A pawn with nothing to be given to on its way goes on to promote: the loser's new man is
    // more to give, the winner's one to mate with.
    return before == Steps::kFar ? 40 : nearer(before, pawn_steps(us, m.to(), t.offers), 30);
  }
  return way + nearer(t.men[pt].to_target(m.from()), t.men[pt].to_target(m.to()), 60);
}

// How much a move of the winner brings the mate nearer: promotions, pawns on their way, men
// closing in on the defending king.
int winner_score(const Position& pos, Move m, Square their_king) {
  const PieceType pt = type_of(pos.piece_on(m.from()));
  int score = pos.is_capture(m) ? 30 : 0;
  if (m.kind() == MoveKind::Promotion)
    return score + (m.promotion() == QUEEN ? 1000 : m.promotion() == KNIGHT ? 300 : -100);
  if (pt == PAWN) return score + 50 + 10 * relative_rank(pos.side_to_move(), rank_of(m.to()));
  if (m.kind() == MoveKind::Castling) return score;
  return score + 20 * (approach(pt, m.from(), their_king) - approach(pt, m.to(), their_king));
}

// Two ideas of where the defending king is best mated: in a corner (minor pieces), or on an
// edge near the winner's king (queen, rook, pawns to promote).
enum class Refuge : std::uint8_t { Corner, EdgeNearKing };

// How much a move of the defender helps: his king towards its refuge, his men next to his king
// (blocking its flight squares), the winner's men left alone.
int loser_score(const Position& pos, Move m, Square own_king, Square their_king, Refuge refuge) {
  const PieceType pt = type_of(pos.piece_on(m.from()));
  if (pt == KING && m.kind() != MoveKind::Castling) {
    const int toward_refuge = refuge == Refuge::Corner
                                  ? corner_distance(m.from()) - corner_distance(m.to())
                                  : edge_distance(m.from()) - edge_distance(m.to());
    return 30 * toward_refuge +
           10 * (distance(m.from(), their_king) - distance(m.to(), their_king)) -
           (pos.is_capture(m) ? 200 : 0);
  }
  int score = pos.is_capture(m) ? -200 : 0;
  if (distance(m.to(), own_king) == 1) score += 40;
  score += 10 * (distance(m.from(), own_king) - distance(m.to(), own_king));
  if (m.kind() == MoveKind::Promotion) score += m.promotion() == QUEEN ? 10 : 20;
  return score;
}

// How the guided search chooses: the defender's refuge and how many moves it tries per node.
struct Profile {
  Refuge refuge;
  std::size_t winner_width;
  std::size_t loser_width;
  bool break_walls = false;  // both sides first open the pawns (wall_break_score)
};

class GuidedSearch {
 public:
  GuidedSearch(Color winner, std::size_t max_nodes, Profile profile)
      : winner_(winner), max_nodes_(max_nodes), profile_(profile) {}

  HelpmateSearch run(const Position& root) {
    HelpmateSearch result;
    if (is_mate_by(root, winner_)) {
      result.outcome = HelpmateSearch::Outcome::MateFound;
      return result;
    }
    // The winner's moves end the line: an odd number of plies when he is to move.
    for (int depth = root.side_to_move() == winner_ ? 1 : 2; depth <= kMaxDepth && !out_;
         depth += 2) {
      if (search(root, depth)) {
        result.outcome = HelpmateSearch::Outcome::MateFound;
        result.line = line_;
        break;
      }
    }
    result.nodes = nodes_;
    return result;
  }

 private:
  static constexpr int kMaxDepth = 41;

  bool search(const Position& pos, int depth) {
    if (++nodes_ > max_nodes_) out_ = true;
    if (out_ || depth <= 0) return false;
    if (const auto it = failed_.find(pos.key()); it != failed_.end() && it->second >= depth)
      return false;
    const MoveList moves = legal_moves(pos);
    const bool winner_to_move = pos.side_to_move() == winner_;
    if (winner_to_move && mate_in_one(pos, moves)) return true;
    if (depth > 2 && !moves.empty() && !hopeless(pos, winner_, false)) {
      std::vector<std::pair<int, Move>> ranked = rank(pos, moves, winner_to_move);
      const std::size_t width =
          std::min(ranked.size(), winner_to_move ? profile_.winner_width : profile_.loser_width);
      for (std::size_t i = 0; i < width && !out_; ++i) {
        line_.push_back(ranked[i].second);
        if (search(pos.after(ranked[i].second), depth - 1)) return true;
        line_.pop_back();
      }
    } else if (depth == 2 && !winner_to_move) {
      for (Move m : moves) {
        line_.push_back(m);
        const Position next = pos.after(m);
        if (mate_in_one(next, legal_moves(next))) return true;
        line_.pop_back();
      }
    }
    if (!out_) failed_[pos.key()] = std::max(failed_[pos.key()], depth);
    return false;
  }

  bool mate_in_one(const Position& pos, const MoveList& moves) {
    for (Move m : moves) {
      const Position next = pos.after(m);
      if (next.in_check() && !has_legal_move(next)) {
        line_.push_back(m);
        return true;
      }
    }
    return false;
  }

  std::vector<std::pair<int, Move>> rank(const Position& pos, const MoveList& moves,
                                         bool winner_to_move) const {
    const Square their_king = pos.king_square(~winner_);
    const Square our_king = pos.king_square(winner_);
    const WallTargets targets = profile_.break_walls ? wall_targets(pos, winner_) : WallTargets{};
    std::vector<std::pair<int, Move>> ranked;
    ranked.reserve(moves.size());
    for (Move m : moves)
      ranked.emplace_back(
          (winner_to_move ? winner_score(pos, m, their_king)
                          : loser_score(pos, m, their_king, our_king, profile_.refuge)) +
              (profile_.break_walls ? wall_break_score(pos, m, winner_to_move, targets) : 0),
          m);
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    return ranked;
  }

  Color winner_;
  std::size_t max_nodes_;
  Profile profile_;
  std::size_t nodes_ = 0;
  bool out_ = false;
  std::unordered_map<std::uint64_t, int> failed_;  // key -> deepest search that found no mate
  std::vector<Move> line_;
};

// Breadth-first over the reachable positions, each kept once (by its full state, so no two
// positions are ever taken for one another).
class ExhaustiveSearch {
 public:
  ExhaustiveSearch(Color winner, std::size_t max_nodes) : winner_(winner), max_nodes_(max_nodes) {}

  HelpmateSearch run(const Position& root) {
    HelpmateSearch result;
    result.outcome = HelpmateSearch::Outcome::NoMate;
    if (is_mate_by(root, winner_)) {
      result.outcome = HelpmateSearch::Outcome::MateFound;
      return result;
    }
    if (hopeless(root, winner_, true)) {
      result.nodes = 1;
      return result;
    }
    // Room for the whole budget at once: the nodes are never copied as the search grows (a large
    // block's pages are taken only as they are filled); the index grows as it fills.
    nodes_.reserve(max_nodes_ + 64);
    seen_.assign(kFirstSlots, Slot{});
    nodes_.push_back({root, -1, Move::none(), false});
    remember(0);
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      if (nodes_[i].parent == kHopeless) continue;
      const Position pos = nodes_[i].pos;
      // The locked-pawn proof, the dear part of `hopeless`, is made when a position is expanded,
      // not when it is first reached: most positions kept are never expanded within the budget.
      if (nodes_[i].blockade_unchecked && analyse_blockade(pos, winner_).proved()) continue;
      for (Move m : legal_moves(pos)) {
        Position next = pos.after(m);
        if (is_mate_by(next, winner_)) {
          result.outcome = HelpmateSearch::Outcome::MateFound;
          result.line = line_to(int(i));
          result.line.push_back(m);
          result.nodes = nodes_.size();
          return result;
        }
        if (!visited(next) && !keep(std::move(next), int(i), m, irreversible(pos, m))) {
          result.outcome = HelpmateSearch::Outcome::GaveUp;
          result.nodes = nodes_.size();
          return result;
        }
      }
    }
    result.nodes = nodes_.size();
    return result;
  }

 private:
  static constexpr int kHopeless = -2;
  struct Node {
    Position pos;
    int parent;  // the node it was reached from; -1 for the root, kHopeless if not expanded
    Move move;
    bool blockade_unchecked;  // reached by a move that changed the pawns or the material
  };

  // Keeps a position first reached from node `parent` by `m`; false when the budget has run out
  // and the position is not proved hopeless. A hopeless position is remembered but not expanded.
  bool keep(Position&& next, int parent, Move m, bool check_blockade) {
    bool dead_end = !mating_material(next, winner_);
    // At the budget's end, whether the search can go on depends on the proof: made at once.
    if (!dead_end && nodes_.size() >= max_nodes_) {
      if (!hopeless(next, winner_, check_blockade)) return false;
      dead_end = true;
    }
    nodes_.push_back(
        {std::move(next), dead_end ? kHopeless : parent, m, !dead_end && check_blockade});
    remember(int(nodes_.size() - 1));
    return true;
  }

  // The index of the positions kept: open addressing on the position's key (Zobrist keys are
  // evenly spread already), at most half full; two positions of one key are both kept and told
  // apart by their full state.
  struct Slot {
    std::uint64_t key = 0;
    int node = -1;
  };
  static constexpr std::size_t kFirstSlots = 512;

  void remember(int node) {
    if (2 * (nodes_.size() + 1) > seen_.size()) {
      std::vector<Slot> old(seen_.size() * 2);
      old.swap(seen_);
      for (const Slot& slot : old)
        if (slot.node >= 0) place(slot);
    }
    place({nodes_[std::size_t(node)].pos.key(), node});
  }

  void place(Slot slot) {
    const std::size_t mask = seen_.size() - 1;
    std::size_t at = std::size_t(slot.key) & mask;
    while (seen_[at].node >= 0) at = (at + 1) & mask;
    seen_[at] = slot;
  }

  bool visited(const Position& pos) const {
    const std::size_t mask = seen_.size() - 1;
    const std::uint64_t key = pos.key();
    for (std::size_t at = std::size_t(key) & mask; seen_[at].node >= 0; at = (at + 1) & mask)
      if (seen_[at].key == key && same_state(nodes_[std::size_t(seen_[at].node)].pos, pos))
        return true;
    return false;
  }

  std::vector<Move> line_to(int index) const {
    std::vector<Move> line;
    for (int i = index; nodes_[std::size_t(i)].parent >= 0; i = nodes_[std::size_t(i)].parent)
      line.push_back(nodes_[std::size_t(i)].move);
    std::reverse(line.begin(), line.end());
    return line;
  }

  Color winner_;
  std::size_t max_nodes_;
  std::vector<Node> nodes_;
  std::vector<Slot> seen_;  // a power of two in size
};

}  // namespace

HelpmateSearch guided_helpmate_search(const Position& pos, Color winner, std::size_t max_nodes) {
  // Narrow and deep first, with either refuge, and once opening the pawns (a locked wall that a
  // sacrifice or a king's capture opens); then wider, the same three.
  constexpr Profile kProfiles[] = {
      {Refuge::EdgeNearKing, 2, 1}, {Refuge::Corner, 2, 1}, {Refuge::EdgeNearKing, 2, 1, true},
      {Refuge::EdgeNearKing, 3, 2}, {Refuge::Corner, 3, 2}, {Refuge::EdgeNearKing, 3, 2, true}};
  constexpr std::size_t kShares[] = {10, 10, 10, 25, 25, 20};  // percent of the budget
  // A profile that tries every line to its greatest depth before its share runs out leaves the
  // rest to the next.
  HelpmateSearch total;
  std::size_t granted = 0;
  for (std::size_t i = 0; i < std::size(kProfiles); ++i) {
    granted += max_nodes * kShares[i] / 100;
    const std::size_t share = granted > total.nodes ? granted - total.nodes : 0;
    HelpmateSearch one = GuidedSearch(winner, share, kProfiles[i]).run(pos);
    total.nodes += one.nodes;
    if (one.outcome == HelpmateSearch::Outcome::MateFound) {
      one.nodes = total.nodes;
      return one;
    }
  }
  return total;
}

HelpmateSearch exhaustive_helpmate_search(const Position& pos, Color winner,
                                          std::size_t max_nodes) {
  return ExhaustiveSearch(winner, max_nodes).run(pos);
}

namespace {

// The legal moves of `pos` that keep the pawns and the material (see `irreversible`).
MoveList reversible_moves(const Position& pos) {
  MoveList moves;
  for (Move m : legal_moves(pos))
    if (!irreversible(pos, m)) moves.push_back(m);
  return moves;
}

}  // namespace

std::size_t exhaustive_search_must_keep(const Position& root, Color winner, std::size_t limit) {
  if (is_mate_by(root, winner) || hopeless(root, winner, true)) return 1;
  // The positions the search must keep before it could end, counted without searching, three
  // plies deep. Let S be the side to move at the root. Counted: the root; its children that
  // are not hopeless; their children by reversible moves (never hopeless: a reversible move
  // keeps the material and the bishops' colours, all that the material test reads); and below
  // one child, the children of those by reversible moves. Within each ply these are distinct:
  // two at ply 2 differ in S's men (where his first move put them) or, below one child, in the
  // opponent's; two at ply 3 below one child differ in the opponent's men. Ply 3 may repeat
  // positions of ply 1 (same side to move), so only what it adds beyond ply 1 is counted, and
  // across children it may repeat itself, so only the largest child's count is taken.
  struct Child {
    Position pos;
    MoveList reversible;  // its replies by reversible moves
  };
  std::vector<Child> children;
  std::size_t kept = 1;
  for (Move m : legal_moves(root)) {
    Child child{root.after(m), {}};
    if (is_mate_by(child.pos, winner)) return limit + 1;  // the search ends with this mate
    if (hopeless(child.pos, winner, irreversible(root, m))) continue;
    child.reversible = reversible_moves(child.pos);
    kept += 1 + child.reversible.size();
    children.push_back(std::move(child));
  }
  if (kept > limit) return limit + 1;
  std::size_t most = 0;  // the largest count below one child
  for (const Child& child : children) {
    std::size_t below = 0;
    for (Move reply : child.reversible) {
      below += reversible_moves(child.pos.after(reply)).size();
      if (below > children.size() && kept + below - children.size() > limit) return limit + 1;
    }
    most = std::max(most, below);
  }
  return most > children.size() ? kept + most - children.size() : kept;
}

}  // namespace annabella::core
