#include "support/reconcile_fixtures.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "core/movegen.h"

namespace annabella::testing {

using namespace core;

// Morphy v Duke of Brunswick and Count Isouard, Paris 1858 (33 plies).
const char* const kOpera =
    "1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 "
    "9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ "
    "Nxd7 16. Qb8+ Nxb8 17. Rd8#";

// The first `plies` written moves of a list, one per line.
std::string first(const std::string& list, std::size_t plies) {
  const auto tokens = read_scoresheet(list)->texts();
  std::string out;
  for (std::size_t i = 0; i < plies && i < tokens.size(); ++i) out += tokens[i] + "\n";
  return out;
}

Position start_of(const std::string& fen) {
  if (fen.empty()) return Position();
  auto pos = Position::from_fen(fen);
  EXPECT_TRUE(pos) << fen;
  return pos ? *pos : Position();
}

// The position an English move list leads to (the list must read).
Position after(const Position& start, const std::string& list) {
  const SheetReading s = read_sheet(start, {*read_scoresheet(list), english_letters()});
  EXPECT_TRUE(s.fully_read()) << list << ": "
                              << (s.fully_read() ? "" : s.plies[s.read_plies].written);
  return s.positions.back();
}

std::vector<Move> moves_of(const Position& start, const std::string& list) {
  const SheetReading s = read_sheet(start, {*read_scoresheet(list), english_letters()});
  EXPECT_TRUE(s.fully_read()) << list;
  std::vector<Move> out;
  for (std::size_t i = 0; i < s.read_plies; ++i) out.push_back(s.move(i));
  return out;
}

// A FEN with some squares changed: {"h1", '.'} empties h1, {"a1", 'R'} puts a white rook there.
std::string edit(const std::string& fen, std::initializer_list<std::pair<const char*, char>> ops) {
  const std::string placement = fen.substr(0, fen.find(' '));
  char board[64];
  int sq = 56;
  for (char c : placement) {
    if (c == '/') {
      sq -= 16;
    } else if (c >= '1' && c <= '8') {
      for (int k = 0; k < c - '0'; ++k) board[sq++] = '.';
    } else {
      board[sq++] = c;
    }
  }
  for (const auto& [name, piece] : ops) board[*parse_square(name)] = piece;
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = board[rank * 8 + file];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += c;
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  return out + fen.substr(fen.find(' '));
}

// A deterministic legal game of `plies` plies (a simple LCG picks among the legal moves).
std::vector<Move> long_game(std::size_t plies, std::uint32_t seed) {
  for (;; ++seed) {
    std::uint32_t state = seed;
    Position pos;
    std::vector<Move> moves;
    while (moves.size() < plies) {
      const MoveList list = legal_moves(pos);
      if (list.empty()) break;
      state = state * 1664525u + 1013904223u;
      const Move m = list[(state >> 8) % list.size()];
      moves.push_back(m);
      pos.play(m);
    }
    if (moves.size() == plies && !legal_moves(pos).empty()) return moves;
  }
}

std::vector<std::string> san_list(const std::vector<Move>& moves, const PieceLetters& letters) {
  std::vector<std::string> out;
  Position pos;
  for (const Move m : moves) {
    out.push_back(to_san(pos, m, letters));
    pos.play(m);
  }
  return out;
}

// A move list with the written moves at the given indices left out (or, with `twice`, written
// twice).
std::string without(const std::string& list, std::initializer_list<std::size_t> plies) {
  const auto tokens = read_scoresheet(list)->texts();
  std::string out;
  for (std::size_t i = 0; i < tokens.size(); ++i)
    if (std::find(plies.begin(), plies.end(), i) == plies.end()) out += tokens[i] + "\n";
  return out;
}
std::string twice(const std::string& list, std::size_t ply) {
  const auto tokens = read_scoresheet(list)->texts();
  std::string out;
  for (std::size_t i = 0; i < tokens.size(); ++i)
    out += tokens[i] + "\n" + (i == ply ? tokens[i] + "\n" : "");
  return out;
}
// The written moves in another language (the list must read in English).
std::string translated(const std::string& list, const std::string& code) {
  const SheetReading s = read_sheet(Position(), {*read_scoresheet(list), english_letters()});
  std::string out;
  for (std::size_t i = 0; i < s.read_plies; ++i)
    out += to_san(s.positions[i], s.move(i), *piece_letters_for(code)) + "\n";
  return out;
}
// A scoresheet with one written move a line.
Scoresheet sheet_of(const std::vector<std::string>& written) {
  std::string text;
  for (const std::string& w : written) text += w + "\n";
  return *read_scoresheet(text);
}

ReconcileInput reconcile_input(const std::string& start_fen,
                               const std::array<std::string, 2>& sheets,
                               const std::array<std::string, 2>& langs,
                               const std::array<std::string, 2>& boards) {
  ReconcileInput in;
  in.start = start_of(start_fen);
  for (std::size_t i = 0; i < 2; ++i) {
    if (boards[i].rfind("fen:", 0) == 0) {
      auto b = read_placement(boards[i].substr(4));
      EXPECT_TRUE(b) << boards[i] << (b ? -1 : int(b.error().kind));
      if (b) in.boards[i].placement = *b;
    } else {
      in.boards[i].placement = after(in.start, boards[i]);
    }
    in.sheets[i].sheet = *read_scoresheet(sheets[i]);
    if (!langs[i].empty()) in.sheets[i].letters = *piece_letters_for(langs[i]);
  }
  return in;
}

}  // namespace annabella::testing
