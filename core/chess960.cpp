#include "core/chess960.h"

#include <array>
#include <cassert>

namespace annabella::core {
namespace {

// Where the two knights go among the five squares left after the bishops and the queen.
constexpr std::array<std::array<int, 2>, 10> kKnightPlaces = {
    {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}};

// The file of the n-th (from 0) still empty square of the rank.
std::size_t nth_empty(const std::string& rank, int n) {
  for (std::size_t file = 0; file < rank.size(); ++file)
    if (rank[file] == ' ' && n-- == 0) return file;
  assert(false);  // a programmer's error: fewer empty squares than asked for
  return 0;
}

}  // namespace

std::string chess960_first_rank(int number) {
  assert(number >= 0 && number < kChess960Positions);
  std::string rank(8, ' ');
  int n = number;
  rank[std::size_t(2 * (n % 4) + 1)] = 'B';  // light-squared bishop: b, d, f or h
  n /= 4;
  rank[std::size_t(2 * (n % 4))] = 'B';  // dark-squared bishop: a, c, e or g
  n /= 4;
  rank[nth_empty(rank, n % 6)] = 'Q';
  n /= 6;
  const auto& knights = kKnightPlaces[std::size_t(n)];
  rank[nth_empty(rank, knights[1])] = 'N';  // the later one first: the earlier index still holds
  rank[nth_empty(rank, knights[0])] = 'N';
  rank[nth_empty(rank, 0)] = 'R';  // II.2.1: the king between the rooks
  rank[nth_empty(rank, 0)] = 'K';
  rank[nth_empty(rank, 0)] = 'R';
  return rank;
}

std::optional<Position> chess960_start_position(int number) {
  if (number < 0 || number >= kChess960Positions) return std::nullopt;
  const std::string white = chess960_first_rank(number);
  std::string black = white;
  for (char& c : black) c = char(c - 'A' + 'a');
  return Position::from_fen(black + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w KQkq - 0 1",
                            Variant::Chess960)
      .value();  // a start position is always a legal one
}

std::optional<int> chess960_number(const Position& pos) {
  if (pos.castling_rights() != ANY_CASTLING || pos.side_to_move() != WHITE) return std::nullopt;
  std::string white;
  for (int file = 0; file < 8; ++file) {
    const Piece pc = pos.piece_on(make_square(file, 0));
    if (pc == NO_PIECE || color_of(pc) != WHITE) return std::nullopt;
    white += "?PNBRQK"[type_of(pc)];
  }
  for (int number = 0; number < kChess960Positions; ++number) {
    if (chess960_first_rank(number) != white) continue;
    auto start = chess960_start_position(number);
    if (start && start->same_placement(pos)) return number;
    return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace annabella::core
