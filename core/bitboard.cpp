#include "core/bitboard.h"

#include <memory>

namespace annabella::core {
namespace {

Bitboard slide(Square s, Bitboard occupied, const int (*dirs)[2]) {
  Bitboard attacks = 0;
  for (int d = 0; d < 4; ++d) {
    int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1];
    while (f >= 0 && f < 8 && r >= 0 && r < 8) {
      const Square t = make_square(f, r);
      attacks |= square_bb(t);
      if (occupied & square_bb(t)) break;
      f += dirs[d][0];
      r += dirs[d][1];
    }
  }
  return attacks;
}

constexpr int kRookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int kBishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

// xorshift64* as in Stockfish's PRNG: deterministic, so the magics are the same every run.
class Prng {
 public:
  explicit Prng(std::uint64_t seed) : s_(seed) {}
  std::uint64_t next() {
    s_ ^= s_ >> 12;
    s_ ^= s_ << 25;
    s_ ^= s_ >> 27;
    return s_ * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }

 private:
  std::uint64_t s_;
};

// Finds a magic for each square by trial (fancy magic bitboards) and fills the attack table.
void init_magics(Bitboard* table, Magic* magics, const int (*dirs)[2]) {
  static constexpr std::uint64_t kSeeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
  Bitboard occupancy[4096], reference[4096];
  int epoch[4096] = {}, attempt = 0;
  std::size_t offset = 0;
  for (int si = 0; si < 64; ++si) {
    const Square s = Square(si);
    const Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                           ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
    Magic& m = magics[s];
    m.mask = slide(s, 0, dirs) & ~edges;
    m.shift = unsigned(64 - popcount(m.mask));
    Bitboard* attacks = table + offset;
    m.attacks = attacks;
    // Carry-Rippler enumeration of every subset of the mask.
    int size = 0;
    Bitboard b = 0;
    do {
      occupancy[size] = b;
      reference[size] = slide(s, b, dirs);
      ++size;
      b = (b - m.mask) & m.mask;
    } while (b);
    Prng rng(kSeeds[rank_of(s)]);
    for (int i = 0; i < size;) {
      for (m.magic = 0; popcount((m.magic * m.mask) >> 56) < 6;) m.magic = rng.sparse();
      for (++attempt, i = 0; i < size; ++i) {
        const unsigned idx = m.index(occupancy[i]);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          attacks[idx] = reference[i];
        } else if (attacks[idx] != reference[i]) {
          break;
        }
      }
    }
    offset += std::size_t(size);
  }
}

std::unique_ptr<AttackTables> build_tables() {
  auto t = std::make_unique<AttackTables>();
  for (int si = 0; si < 64; ++si) {
    const Square s = Square(si);
    const Bitboard b = square_bb(s);
    t->pawn[WHITE][s] = shift<7>(b) | shift<9>(b);
    t->pawn[BLACK][s] = shift<-7>(b) | shift<-9>(b);
    t->knight[s] = 0;
    t->king[s] = 0;
    static constexpr int kKnight[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                          {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static constexpr int kKing[8][2] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                        {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    for (int i = 0; i < 8; ++i) {
      int f = file_of(s) + kKnight[i][0], r = rank_of(s) + kKnight[i][1];
      if (f >= 0 && f < 8 && r >= 0 && r < 8) t->knight[s] |= square_bb(make_square(f, r));
      f = file_of(s) + kKing[i][0];
      r = rank_of(s) + kKing[i][1];
      if (f >= 0 && f < 8 && r >= 0 && r < 8) t->king[s] |= square_bb(make_square(f, r));
    }
  }
  init_magics(t->rook_table, t->rook_magic, kRookDirs);
  init_magics(t->bishop_table, t->bishop_magic, kBishopDirs);
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) {
      const Square sa = Square(a), sb = Square(b);
      t->line[a][b] = 0;
      t->between[a][b] = square_bb(sb);
      if (a == b) continue;
      for (const auto* dirs : {kRookDirs, kBishopDirs}) {
        if (slide(sa, 0, dirs) & square_bb(sb)) {
          t->line[a][b] = (slide(sa, 0, dirs) & slide(sb, 0, dirs)) | square_bb(sa) | square_bb(sb);
          t->between[a][b] |= slide(sa, square_bb(sb), dirs) & slide(sb, square_bb(sa), dirs);
        }
      }
    }
  }
  return t;
}

// Built once during static initialisation of this file and never freed: it lives as long as
// the process, like a constant.
const AttackTables& built_tables() {
  static const AttackTables* tables = build_tables().release();
  return *tables;
}

}  // namespace

const AttackTables& attack_tables = built_tables();

std::string square_name(Square s) {
  if (!is_ok(s)) return "-";
  return std::string{char('a' + file_of(s)), char('1' + rank_of(s))};
}

std::string_view piece_type_name(PieceType pt) {
  static constexpr std::string_view kNames[PIECE_TYPE_NB] = {"",     "pawn",  "knight", "bishop",
                                                             "rook", "queen", "king"};
  return kNames[pt];
}

std::string_view color_name(Color c) {
  return c == WHITE ? "white" : "black";
}

std::string piece_name(Piece pc) {
  if (pc == NO_PIECE) return "";
  std::string s(color_name(color_of(pc)));
  s += ' ';
  s += piece_type_name(type_of(pc));
  return s;
}

std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2 || text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8')
    return std::nullopt;
  return make_square(text[0] - 'a', text[1] - '1');
}

std::string to_uci(Move m) {
  if (m.is_none()) return "0000";
  std::string s = square_name(m.from()) + square_name(m.to());
  if (m.kind() == MoveKind::Promotion) s += "nbrq"[m.promotion() - KNIGHT];
  return s;
}

}  // namespace annabella::core
