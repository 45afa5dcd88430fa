#include "core/position.h"

#include <array>
#include <charconv>

#include "core/movegen.h"

namespace annabella::core {
namespace {

// Zobrist keys, generated at compile time from a fixed seed (splitmix64).
struct ZobristKeys {
  std::uint64_t piece_square[PIECE_NB][SQUARE_NB] = {};
  std::uint64_t castling[16] = {};
  std::uint64_t en_passant_file[8] = {};
  std::uint64_t black_to_move = 0;
};

constexpr std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr ZobristKeys make_zobrist() {
  ZobristKeys z;
  std::uint64_t state = 0x616E6E6162656C6CULL;  // "annabell"
  for (auto& row : z.piece_square)
    for (auto& k : row) k = splitmix(state);
  for (auto& k : z.castling) k = splitmix(state);
  for (auto& k : z.en_passant_file) k = splitmix(state);
  z.black_to_move = splitmix(state);
  return z;
}

constexpr ZobristKeys kZobrist = make_zobrist();

// Castling rights lost when a piece leaves or arrives on a square.
constexpr std::array<CastlingRights, 64> make_castling_mask() {
  std::array<CastlingRights, 64> m{};
  for (auto& x : m) x = ANY_CASTLING;
  m[SQ_E1] = ~(WHITE_OO | WHITE_OOO);
  m[SQ_H1] = ~WHITE_OO;
  m[SQ_A1] = ~WHITE_OOO;
  m[SQ_E8] = ~(BLACK_OO | BLACK_OOO);
  m[SQ_H8] = ~BLACK_OO;
  m[SQ_A8] = ~BLACK_OOO;
  return m;
}
constexpr std::array<CastlingRights, 64> kCastlingMask = make_castling_mask();

constexpr std::string_view kPieceChars = " PNBRQK  pnbrqk";

std::string column_error(std::size_t column, const std::string& what) {
  return "FEN column " + std::to_string(column + 1) + ": " + what;
}

Result<int> parse_counter(std::string_view text, std::size_t column, const char* name) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0)
    return fail(column_error(
        column, std::string(name) + " must be a whole number, not '" + std::string(text) + "'"));
  return value;
}

}  // namespace

Position::Position() {
  *this = from_fen(kStartFen).value();
}

void Position::clear() {
  for (auto& p : board_) p = NO_PIECE;
  for (auto& b : by_type_) b = 0;
  for (auto& b : by_color_) b = 0;
  checkers_ = 0;
  key_ = 0;
  side_ = WHITE;
  castling_ = NO_CASTLING;
  en_passant_ = SQ_NONE;
  halfmove_clock_ = 0;
  fullmove_number_ = 1;
}

void Position::put_piece(Piece pc, Square s) {
  board_[s] = pc;
  by_type_[0] |= square_bb(s);
  by_type_[type_of(pc)] |= square_bb(s);
  by_color_[color_of(pc)] |= square_bb(s);
}

void Position::remove_piece(Square s) {
  const Piece pc = board_[s];
  by_type_[0] ^= square_bb(s);
  by_type_[type_of(pc)] ^= square_bb(s);
  by_color_[color_of(pc)] ^= square_bb(s);
  board_[s] = NO_PIECE;
}

void Position::move_piece(Square from, Square to) {
  const Piece pc = board_[from];
  const Bitboard ft = square_bb(from) | square_bb(to);
  by_type_[0] ^= ft;
  by_type_[type_of(pc)] ^= ft;
  by_color_[color_of(pc)] ^= ft;
  board_[from] = NO_PIECE;
  board_[to] = pc;
}

Result<Position> Position::from_fen(std::string_view fen) {
  Position pos{Blank{}};
  // Split into fields, remembering each field's column for messages.
  std::string_view fields[6];
  std::size_t columns[6] = {};
  int nfields = 0;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    if (i >= fen.size()) break;
    const std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ') ++i;
    if (nfields == 6)
      return fail(column_error(start, "unexpected text after the sixth field: '" +
                                          std::string(fen.substr(start)) + "'"));
    columns[nfields] = start;
    fields[nfields++] = fen.substr(start, i - start);
  }
  if (nfields != 4 && nfields != 6)
    return fail("FEN has " + std::to_string(nfields) +
                " fields; it needs 6 (placement, side, castling, en passant, halfmove clock, "
                "move number) or 4 (without the two counters)");

  // 1. Piece placement, rank 8 first.
  {
    const std::string_view placement = fields[0];
    int rank = 7, file = 0;
    for (std::size_t k = 0; k < placement.size(); ++k) {
      const char c = placement[k];
      const std::size_t col = columns[0] + k;
      if (c == '/') {
        if (file != 8)
          return fail(column_error(col, "rank " + std::to_string(rank + 1) + " has " +
                                            std::to_string(file) + " squares, not 8"));
        if (rank == 0) return fail(column_error(col, "more than 8 ranks"));
        --rank;
        file = 0;
      } else if (c >= '1' && c <= '8') {
        file += c - '0';
        if (file > 8)
          return fail(
              column_error(col, "rank " + std::to_string(rank + 1) + " has more than 8 squares"));
      } else {
        const auto idx = kPieceChars.find(c);
        if (idx == std::string_view::npos || c == ' ')
          return fail(column_error(
              col,
              std::string("'") + c + "' is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8"));
        if (file >= 8)
          return fail(
              column_error(col, "rank " + std::to_string(rank + 1) + " has more than 8 squares"));
        pos.put_piece(Piece(idx), make_square(file, rank));
        ++file;
      }
    }
    if (rank != 0 || file != 8)
      return fail(column_error(columns[0] + placement.size(),
                               rank != 0
                                   ? "only " + std::to_string(8 - rank) + " ranks, not 8"
                                   : "rank 1 has " + std::to_string(file) + " squares, not 8"));
  }

  // 2. Side to move.
  if (fields[1] == "w")
    pos.side_ = WHITE;
  else if (fields[1] == "b")
    pos.side_ = BLACK;
  else
    return fail(column_error(
        columns[1], "side to move must be 'w' or 'b', not '" + std::string(fields[1]) + "'"));

  // 3. Castling rights.
  if (fields[2] != "-") {
    for (std::size_t k = 0; k < fields[2].size(); ++k) {
      const char c = fields[2][k];
      CastlingRights cr;
      switch (c) {
        case 'K':
          cr = WHITE_OO;
          break;
        case 'Q':
          cr = WHITE_OOO;
          break;
        case 'k':
          cr = BLACK_OO;
          break;
        case 'q':
          cr = BLACK_OOO;
          break;
        default:
          return fail(column_error(columns[2] + k,
                                   std::string("'") + c + "' is not a castling right (KQkq or -)"));
      }
      if (pos.castling_ & cr)
        return fail(
            column_error(columns[2] + k, std::string("castling right '") + c + "' given twice"));
      pos.castling_ = pos.castling_ | cr;
    }
  }

  // 5, 6. Counters.
  if (nfields == 6) {
    auto half = parse_counter(fields[4], columns[4], "the halfmove clock");
    if (!half) return fail(half.error());
    auto full = parse_counter(fields[5], columns[5], "the move number");
    if (!full) return fail(full.error());
    if (*full < 1) return fail(column_error(columns[5], "the move number must be 1 or more"));
    pos.halfmove_clock_ = *half;
    pos.fullmove_number_ = *full;
  }

  // Piece counts.
  for (Color c : {WHITE, BLACK}) {
    const char* name = c == WHITE ? "White" : "Black";
    if (pos.count(c, KING) != 1)
      return fail(std::string(name) + " has " + std::to_string(pos.count(c, KING)) +
                  " kings; there must be exactly one");
    if (pos.count(c, PAWN) > 8)
      return fail(std::string(name) + " has " + std::to_string(pos.count(c, PAWN)) +
                  " pawns; at most 8");
    if (popcount(pos.pieces(c)) > 16)
      return fail(std::string(name) + " has " + std::to_string(popcount(pos.pieces(c))) +
                  " pieces; at most 16");
    auto extra = [&](PieceType pt, int base) { return std::max(0, pos.count(c, pt) - base); };
    const int promoted = extra(QUEEN, 1) + extra(ROOK, 2) + extra(BISHOP, 2) + extra(KNIGHT, 2);
    if (promoted > 8 - pos.count(c, PAWN))
      return fail(std::string(name) + " has more promoted pieces (" + std::to_string(promoted) +
                  ") than missing pawns (" + std::to_string(8 - pos.count(c, PAWN)) + ")");
  }
  if (pos.pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) {
    const Square s = lsb(pos.pieces(PAWN) & (RANK_1_BB | RANK_8_BB));
    return fail("a pawn stands on " + square_name(s) +
                "; pawns cannot stand on the first or last rank");
  }

  // Castling rights need king and rook at home.
  struct Home {
    CastlingRights cr;
    Square king;
    Square rook;
    char letter;
  };
  for (const Home& h : {Home{WHITE_OO, SQ_E1, SQ_H1, 'K'}, Home{WHITE_OOO, SQ_E1, SQ_A1, 'Q'},
                        Home{BLACK_OO, SQ_E8, SQ_H8, 'k'}, Home{BLACK_OOO, SQ_E8, SQ_A8, 'q'}}) {
    if (!(pos.castling_ & h.cr)) continue;
    const Color c = (h.cr & (WHITE_OO | WHITE_OOO)) ? WHITE : BLACK;
    if (pos.piece_on(h.king) != make_piece(c, KING))
      return fail(std::string("castling right '") + h.letter + "' but the king is not on " +
                  square_name(h.king));
    if (pos.piece_on(h.rook) != make_piece(c, ROOK))
      return fail(std::string("castling right '") + h.letter + "' but there is no rook on " +
                  square_name(h.rook));
  }

  // The side not to move must not be in check.
  const Color us = pos.side_, them = ~us;
  const char* us_name = us == WHITE ? "White" : "Black";
  const char* them_name = them == WHITE ? "White" : "Black";
  if (pos.attackers_to(pos.king_square(them)) & pos.pieces(us))
    return fail(std::string(them_name) + " is in check, but it is " + us_name +
                "'s move: the side not to move cannot be in check");
  pos.checkers_ = pos.attackers_to(pos.king_square(us)) & pos.pieces(them);
  if (popcount(pos.checkers_) > 2)
    return fail(std::string(us_name) + "'s king is attacked by " +
                std::to_string(popcount(pos.checkers_)) +
                " pieces; no move gives more than a double check");

  // 4. En passant square: must be one a pawn of the other side has just passed over.
  if (fields[3] != "-") {
    const auto ep = parse_square(fields[3]);
    if (!ep)
      return fail(
          column_error(columns[3], "en passant square must be a square such as e3 or '-', not '" +
                                       std::string(fields[3]) + "'"));
    const int want_rank = us == WHITE ? 5 : 2;
    const Square pushed = make_square(file_of(*ep), us == WHITE ? 4 : 3);
    const Square origin = make_square(file_of(*ep), us == WHITE ? 6 : 1);
    if (rank_of(*ep) != want_rank)
      return fail(column_error(
          columns[3], "en passant square " + square_name(*ep) + " is impossible with " + us_name +
                          " to move: it must be on rank " + std::to_string(want_rank + 1)));
    if (pos.piece_on(pushed) != make_piece(them, PAWN) || !pos.empty(*ep) || !pos.empty(origin))
      return fail(column_error(columns[3], "en passant square " + square_name(*ep) +
                                               " is impossible: no " + them_name +
                                               " pawn can just have moved from " +
                                               square_name(origin) + " to " + square_name(pushed)));
    if (nfields == 6 && pos.halfmove_clock_ != 0)
      return fail(column_error(
          columns[4],
          "the halfmove clock must be 0 after the pawn move that gives an en passant square"));
    pos.en_passant_ = *ep;
  }
  pos.settle_en_passant();
  return pos;
}

Bitboard Position::attackers_to(Square s, Bitboard occupied) const {
  return (pawn_attacks(BLACK, s) & pieces(WHITE, PAWN)) |
         (pawn_attacks(WHITE, s) & pieces(BLACK, PAWN)) | (knight_attacks(s) & pieces(KNIGHT)) |
         (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) |
         (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN)) | (king_attacks(s) & pieces(KING));
}

Bitboard Position::blockers_for_king(Color c) const {
  const Square ksq = king_square(c);
  Bitboard blockers = 0;
  Bitboard snipers = ((rook_attacks(ksq, 0) & pieces(ROOK, QUEEN)) |
                      (bishop_attacks(ksq, 0) & pieces(BISHOP, QUEEN))) &
                     pieces(~c);
  const Bitboard occupancy = pieces() ^ snipers;
  while (snipers) {
    const Square sniper = pop_lsb(snipers);
    const Bitboard b = between_bb(ksq, sniper) & ~square_bb(sniper) & occupancy;
    if (b && !more_than_one(b)) blockers |= b;
  }
  return blockers;
}

Piece Position::captured_piece(Move m) const {
  if (m.kind() == MoveKind::EnPassant) return make_piece(~side_, PAWN);
  if (m.kind() == MoveKind::Castling) return NO_PIECE;
  return board_[m.to()];
}

bool Position::gives_check(Move m) const {
  return after(m).in_check();
}

bool Position::en_passant_capture_legal(Square from, Square ep) const {
  const Color us = side_;
  const Square captured = make_square(file_of(ep), rank_of(from));
  const Bitboard occupied = (pieces() ^ square_bb(from) ^ square_bb(captured)) | square_bb(ep);
  const Square ksq = king_square(us);
  const Bitboard them = pieces(~us) & ~square_bb(captured);
  return !((rook_attacks(ksq, occupied) & pieces(ROOK, QUEEN) & them) ||
           (bishop_attacks(ksq, occupied) & pieces(BISHOP, QUEEN) & them) ||
           (knight_attacks(ksq) & pieces(KNIGHT) & them) ||
           (pawn_attacks(us, ksq) & pieces(PAWN) & them));
}

void Position::settle_en_passant() {
  if (en_passant_ != SQ_NONE) {
    bool legal = false;
    Bitboard capturers = pawn_attacks(~side_, en_passant_) & pieces(side_, PAWN);
    while (capturers && !legal) legal = en_passant_capture_legal(pop_lsb(capturers), en_passant_);
    if (!legal) en_passant_ = SQ_NONE;
  }
  compute_key();
}

void Position::compute_key() {
  std::uint64_t k = 0;
  for (Bitboard b = pieces(); b;) {
    const Square s = pop_lsb(b);
    k ^= kZobrist.piece_square[board_[s]][s];
  }
  k ^= kZobrist.castling[castling_];
  if (en_passant_ != SQ_NONE) k ^= kZobrist.en_passant_file[file_of(en_passant_)];
  if (side_ == BLACK) k ^= kZobrist.black_to_move;
  key_ = k;
}

void Position::play(Move m) {
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  std::uint64_t k = key_ ^ kZobrist.black_to_move ^ kZobrist.castling[castling_];
  if (en_passant_ != SQ_NONE) k ^= kZobrist.en_passant_file[file_of(en_passant_)];
  en_passant_ = SQ_NONE;
  ++halfmove_clock_;
  if (us == BLACK) ++fullmove_number_;

  switch (m.kind()) {
    case MoveKind::Castling: {
      const bool king_side = file_of(to) == 6;
      const Square rook_from = make_square(king_side ? 7 : 0, rank_of(from));
      const Square rook_to = make_square(king_side ? 5 : 3, rank_of(from));
      const Piece rook = board_[rook_from];
      move_piece(from, to);
      move_piece(rook_from, rook_to);
      k ^= kZobrist.piece_square[pc][from] ^ kZobrist.piece_square[pc][to] ^
           kZobrist.piece_square[rook][rook_from] ^ kZobrist.piece_square[rook][rook_to];
      break;
    }
    case MoveKind::EnPassant: {
      const Square captured = make_square(file_of(to), rank_of(from));
      k ^= kZobrist.piece_square[board_[captured]][captured];
      remove_piece(captured);
      move_piece(from, to);
      k ^= kZobrist.piece_square[pc][from] ^ kZobrist.piece_square[pc][to];
      halfmove_clock_ = 0;
      break;
    }
    case MoveKind::Promotion:
    case MoveKind::Normal: {
      if (board_[to] != NO_PIECE) {
        k ^= kZobrist.piece_square[board_[to]][to];
        remove_piece(to);
        halfmove_clock_ = 0;
      }
      k ^= kZobrist.piece_square[pc][from];
      if (m.kind() == MoveKind::Promotion) {
        remove_piece(from);
        const Piece promoted = make_piece(us, m.promotion());
        put_piece(promoted, to);
        k ^= kZobrist.piece_square[promoted][to];
      } else {
        move_piece(from, to);
        k ^= kZobrist.piece_square[pc][to];
      }
      if (type_of(pc) == PAWN) {
        halfmove_clock_ = 0;
        if ((int(to) ^ int(from)) == 16) en_passant_ = Square((int(from) + int(to)) / 2);
      }
      break;
    }
  }
  castling_ = castling_ & kCastlingMask[from] & kCastlingMask[to];
  k ^= kZobrist.castling[castling_];
  side_ = them;
  checkers_ = attackers_to(king_square(them)) & pieces(us);
  if (en_passant_ != SQ_NONE) {
    bool legal = false;
    Bitboard capturers = pawn_attacks(us, en_passant_) & pieces(them, PAWN);
    while (capturers && !legal) legal = en_passant_capture_legal(pop_lsb(capturers), en_passant_);
    if (legal)
      k ^= kZobrist.en_passant_file[file_of(en_passant_)];
    else
      en_passant_ = SQ_NONE;
  }
  key_ = k;
}

bool Position::same_placement(const Position& other) const {
  for (int s = 0; s < 64; ++s)
    if (board_[s] != other.board_[s]) return false;
  return true;
}

std::string Position::fen() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty_run = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece pc = board_[make_square(file, rank)];
      if (pc == NO_PIECE) {
        ++empty_run;
        continue;
      }
      if (empty_run) out += char('0' + empty_run);
      empty_run = 0;
      out += kPieceChars[pc];
    }
    if (empty_run) out += char('0' + empty_run);
    if (rank) out += '/';
  }
  out += side_ == WHITE ? " w " : " b ";
  if (castling_ == NO_CASTLING) out += '-';
  if (castling_ & WHITE_OO) out += 'K';
  if (castling_ & WHITE_OOO) out += 'Q';
  if (castling_ & BLACK_OO) out += 'k';
  if (castling_ & BLACK_OOO) out += 'q';
  out += ' ';
  out += en_passant_ == SQ_NONE ? std::string("-") : square_name(en_passant_);
  out += ' ' + std::to_string(halfmove_clock_) + ' ' + std::to_string(fullmove_number_);
  return out;
}

std::string Position::diagram() const {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    out += char('1' + rank);
    out += ' ';
    for (int file = 0; file < 8; ++file) {
      const Piece pc = board_[make_square(file, rank)];
      out += pc == NO_PIECE ? '.' : kPieceChars[pc];
      if (file < 7) out += ' ';
    }
    out += '\n';
  }
  out += "  a b c d e f g h\n";
  return out;
}

}  // namespace annabella::core
