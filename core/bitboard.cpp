#include "core/bitboard.h"

#include <array>
#include <initializer_list>
#include <utility>

namespace annabella::core {
namespace {

// Everything below runs in the compiler: the tables are constants, built before the program
// starts (no static initialisation order, issue 13).

struct Step {
  int file;
  int rank;
};
constexpr Step kRookSteps[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
// Opposite directions are neighbours (d and d ^ 1).
constexpr Step kBishopSteps[4] = {{1, 1}, {-1, -1}, {1, -1}, {-1, 1}};
constexpr Step kKnightSteps[8] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                  {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr Step kKingSteps[8] = {{1, 0},  {1, 1},   {0, 1},  {-1, 1},
                                {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};

// The square one step away, or SQ_NONE off the board.
constexpr Square step_from(Square s, Step d) {
  const int f = file_of(s) + d.file, r = rank_of(s) + d.rank;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? make_square(f, r) : SQ_NONE;
}

// The squares a slider on s attacks along one direction on an empty board.
constexpr Bitboard ray(Square s, Step d) {
  Bitboard b = 0;
  for (Square t = step_from(s, d); t != SQ_NONE; t = step_from(t, d)) b |= square_bb(t);
  return b;
}

// The rays of every square in the four directions of one slider.
struct Rays {
  Bitboard of[SQUARE_NB][4] = {};
};
constexpr Rays make_rays(const Step (&steps)[4]) {
  Rays r;
  for (int s = 0; s < 64; ++s)
    for (int d = 0; d < 4; ++d) r.of[s][d] = ray(Square(s), steps[d]);
  return r;
}
constexpr Rays kRookRays = make_rays(kRookSteps);
constexpr Rays kBishopRays = make_rays(kBishopSteps);

// Slider attacks given the occupancy: each ray up to and including its first occupied square.
// A ray towards higher squares meets its first blocker at the lowest set bit, the others at the
// highest.
constexpr Bitboard slide(const Rays& rays, Square s, Bitboard occupied) {
  Bitboard attacks = 0;
  for (int d = 0; d < 4; ++d) {
    Bitboard r = rays.of[s][d];
    if (const Bitboard blockers = r & occupied) {
      const bool upward = (r & ~(square_bb(s) - 1)) != 0;
      const Square first =
          upward ? Square(std::countr_zero(blockers)) : Square(63 - std::countl_zero(blockers));
      r &= ~rays.of[first][d];
    }
    attacks |= r;
  }
  return attacks;
}

// Magic multipliers, found once by the trial search of fancy magic bitboards (sparse random
// candidates from xorshift64*, seeded per rank). The build checks each one below: a multiplier
// that sends two occupancies with different attacks to one entry stops the compilation.
constexpr Bitboard kRookMagics[SQUARE_NB] = {
    0x0a80004000801220ULL, 0x8040004010002008ULL, 0x2080200010008008ULL, 0x1100100008210004ULL,
    0xc200209084020008ULL, 0x2100010004000208ULL, 0x0400081000822421ULL, 0x0200010422048844ULL,
    0x0800800080400024ULL, 0x0001402000401000ULL, 0x3000801000802001ULL, 0x4400800800100083ULL,
    0x0904802402480080ULL, 0x4040800400020080ULL, 0x0018808042000100ULL, 0x4040800080004100ULL,
    0x0040048001458024ULL, 0x00a0004000205000ULL, 0x3100808010002000ULL, 0x4825010010000820ULL,
    0x5004808008000401ULL, 0x2024818004000a00ULL, 0x0005808002000100ULL, 0x2100060004806104ULL,
    0x0080400880008421ULL, 0x4062220600410280ULL, 0x010a004a00108022ULL, 0x0000100080080080ULL,
    0x0021000500080010ULL, 0x0044000202001008ULL, 0x0000100400080102ULL, 0xc020128200040545ULL,
    0x0080002000400040ULL, 0x0000804000802004ULL, 0x0000120022004080ULL, 0x010a386103001001ULL,
    0x9010080080800400ULL, 0x8440020080800400ULL, 0x0004228824001001ULL, 0x000000490a000084ULL,
    0x0080002000504000ULL, 0x200020005000c000ULL, 0x0012088020420010ULL, 0x0010010080080800ULL,
    0x0085001008010004ULL, 0x0002000204008080ULL, 0x0040413002040008ULL, 0x0000304081020004ULL,
    0x0080204000800080ULL, 0x3008804000290100ULL, 0x1010100080200080ULL, 0x2008100208028080ULL,
    0x5000850800910100ULL, 0x8402019004680200ULL, 0x0120911028020400ULL, 0x0000008044010200ULL,
    0x0020850200244012ULL, 0x0020850200244012ULL, 0x0000102001040841ULL, 0x140900040a100021ULL,
    0x000200282410a102ULL, 0x000200282410a102ULL, 0x000200282410a102ULL, 0x4048240043802106ULL,
};
constexpr Bitboard kBishopMagics[SQUARE_NB] = {
    0x40106000a1160020ULL, 0x0020010250810120ULL, 0x2010010220280081ULL, 0x002806004050c040ULL,
    0x0002021018000000ULL, 0x2001112010000400ULL, 0x0881010120218080ULL, 0x1030820110010500ULL,
    0x0000120222042400ULL, 0x2000020404040044ULL, 0x8000480094208000ULL, 0x0003422a02000001ULL,
    0x000a220210100040ULL, 0x8004820202226000ULL, 0x0018234854100800ULL, 0x0100004042101040ULL,
    0x0004001004082820ULL, 0x0010000810010048ULL, 0x1014004208081300ULL, 0x2080818802044202ULL,
    0x0040880c00a00100ULL, 0x0080400200522010ULL, 0x0001000188180b04ULL, 0x0080249202020204ULL,
    0x1004400004100410ULL, 0x00013100a0022206ULL, 0x2148500001040080ULL, 0x4241080011004300ULL,
    0x4020848004002000ULL, 0x10101380d1004100ULL, 0x0008004422020284ULL, 0x01010a1041008080ULL,
    0x0808080400082121ULL, 0x0808080400082121ULL, 0x0091128200100c00ULL, 0x0202200802010104ULL,
    0x8c0a020200440085ULL, 0x01a0008080b10040ULL, 0x0889520080122800ULL, 0x100902022202010aULL,
    0x04081a0816002000ULL, 0x0000681208005000ULL, 0x8170840041008802ULL, 0x0a00004200810805ULL,
    0x0830404408210100ULL, 0x2602208106006102ULL, 0x1048300680802628ULL, 0x2602208106006102ULL,
    0x0602010120110040ULL, 0x0941010801043000ULL, 0x000040440a210428ULL, 0x0008240020880021ULL,
    0x0400002012048200ULL, 0x00ac102001210220ULL, 0x0220021002009900ULL, 0x84440c080a013080ULL,
    0x0001008044200440ULL, 0x0004c04410841000ULL, 0x2000500104011130ULL, 0x1a0c010011c20229ULL,
    0x0044800112202200ULL, 0x0434804908100424ULL, 0x0300404822c08200ULL, 0x48081010008a2a80ULL,
};

// Not constexpr: reaching it while building the tables makes the build fail.
void magic_collision() {}

constexpr const Rays& rays_of(bool rook) {
  return rook ? kRookRays : kBishopRays;
}

// The occupancy that matters for a slider on s: its empty-board attacks without the board's edge.
constexpr Bitboard relevant_mask(bool rook, Square s) {
  const Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                         ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
  return slide(rays_of(rook), s, 0) & ~edges;
}

// One square's attack sets, indexed by its magic. Each square is its own constant evaluation,
// which keeps every evaluation within the compilers' default step limits.
template <bool Rook, int S>
constexpr auto make_slider_table() {
  constexpr Square s = Square(S);
  constexpr Bitboard mask = relevant_mask(Rook, s);
  constexpr unsigned bits = unsigned(std::popcount(mask));
  const Bitboard magic = Rook ? kRookMagics[S] : kBishopMagics[S];
  std::array<Bitboard, std::size_t(1) << bits> table{};
  std::array<bool, std::size_t(1) << bits> used{};
  // Carry-Rippler enumeration of every subset of the mask.
  Bitboard b = 0;
  do {
    const std::size_t i = std::size_t((b * magic) >> (64 - bits));
    const Bitboard attacks = slide(rays_of(Rook), s, b);
    if (used[i] && table[i] != attacks) magic_collision();
    used[i] = true;
    table[i] = attacks;
    b = (b - mask) & mask;
  } while (b);
  return table;
}
template <bool Rook, int S>
constexpr auto kSliderTable = make_slider_table<Rook, S>();

template <bool Rook, std::size_t... S>
constexpr std::array<Magic, SQUARE_NB> make_magics(std::index_sequence<S...>) {
  return {Magic{relevant_mask(Rook, Square(S)), Rook ? kRookMagics[S] : kBishopMagics[S],
                kSliderTable<Rook, int(S)>.data(),
                unsigned(64 - std::popcount(relevant_mask(Rook, Square(S))))}...};
}

constexpr Bitboard leaper(Square s, const Step (&steps)[8]) {
  Bitboard b = 0;
  for (const Step d : steps)
    if (const Square t = step_from(s, d); t != SQ_NONE) b |= square_bb(t);
  return b;
}

constexpr AttackTables make_attack_tables() {
  AttackTables t;
  for (int si = 0; si < 64; ++si) {
    const Square s = Square(si);
    const Bitboard b = square_bb(s);
    t.pawn[WHITE][s] = shift<7>(b) | shift<9>(b);
    t.pawn[BLACK][s] = shift<-7>(b) | shift<-9>(b);
    t.knight[s] = leaper(s, kKnightSteps);
    t.king[s] = leaper(s, kKingSteps);
  }
  t.rook_magic = make_magics<true>(std::make_index_sequence<SQUARE_NB>());
  t.bishop_magic = make_magics<false>(std::make_index_sequence<SQUARE_NB>());
  // Lines and the squares between two squares, from the rays: b lies on a's ray d, and the
  // squares between are that ray without b's continuation of it.
  for (int a = 0; a < 64; ++a) {
    for (int b = 0; b < 64; ++b) t.between[a][b] = square_bb(Square(b));
    for (const bool rook : {true, false}) {
      const Rays& rays = rays_of(rook);
      for (int d = 0; d < 4; ++d) {
        const Bitboard full = rays.of[a][d] | rays.of[a][d ^ 1] | square_bb(Square(a));
        for (Bitboard targets = rays.of[a][d]; targets; targets &= targets - 1) {
          const int b = std::countr_zero(targets);
          t.line[a][b] = full;
          t.between[a][b] = rays.of[a][d] & ~rays.of[b][d];
        }
      }
    }
  }
  return t;
}

}  // namespace

constinit const AttackTables attack_tables = make_attack_tables();

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
