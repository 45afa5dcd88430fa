#include "core/position.h"

#include <initializer_list>

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
  castling_rooks_ = 0;
  variant_ = Variant::Standard;
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

Square Position::castling_rook(CastlingRights one) const {
  const Color c = castling_color(one);
  const Bitboard king = pieces(c, KING);
  // The squares beyond the king towards the h-file, or towards the a-file.
  const Bitboard side = is_king_side(one) ? ~((king << 1) - 1) : king - 1;
  return lsb(castling_rooks_ & rank_bb(relative_rank(c, 0)) & side);
}

Position::CastlingSquares Position::castling_squares(Move m) const {
  const Square king_from = m.from();
  const bool king_side = file_of(m.to()) > file_of(king_from);
  const Color us = color_of(board_[king_from]);
  const int rank = rank_of(king_from);
  return {king_from, make_square(king_side ? 6 : 2, rank),
          castling_rook(castling_right(us, king_side)), make_square(king_side ? 5 : 3, rank)};
}

CastlingRights Position::castling_lost(Square from, Square to) const {
  if (castling_ == NO_CASTLING) return NO_CASTLING;
  const Bitboard touched = square_bb(from) | square_bb(to);
  if (!(touched & (castling_rooks_ | pieces(KING)))) return NO_CASTLING;
  CastlingRights lost = NO_CASTLING;
  for (CastlingRights one : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
    if (!(castling_ & one)) continue;
    const Color c = castling_color(one);
    if ((touched & square_bb(castling_rook(one))) || from == king_square(c)) lost = lost | one;
  }
  return lost;
}

void Position::play(Move m) {
  const Color us = side_, them = ~us;
  const Square from = m.from(), to = m.to();
  const Piece pc = board_[from];
  const CastlingRights lost = castling_lost(from, to);
  Bitboard lost_rooks = 0;  // found before the king moves: castling_rook() looks from the king
  if (lost != NO_CASTLING)
    for (CastlingRights one : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO})
      if (lost & one) lost_rooks |= square_bb(castling_rook(one));
  std::uint64_t k = key_ ^ kZobrist.black_to_move ^ kZobrist.castling[castling_];
  if (en_passant_ != SQ_NONE) k ^= kZobrist.en_passant_file[file_of(en_passant_)];
  en_passant_ = SQ_NONE;
  ++halfmove_clock_;
  if (us == BLACK) ++fullmove_number_;

  switch (m.kind()) {
    case MoveKind::Castling: {
      // Art. 3.8.2, II.3: both pieces lifted, then put on their squares (in Chess960 the king
      // may land where the rook stood, or either piece may stay where it is).
      const CastlingSquares c = castling_squares(m);
      const Piece rook = board_[c.rook_from];
      remove_piece(c.king_from);
      remove_piece(c.rook_from);
      put_piece(pc, c.king_to);
      put_piece(rook, c.rook_to);
      k ^= kZobrist.piece_square[pc][c.king_from] ^ kZobrist.piece_square[pc][c.king_to] ^
           kZobrist.piece_square[rook][c.rook_from] ^ kZobrist.piece_square[rook][c.rook_to];
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
  castling_ = castling_ & ~lost;
  castling_rooks_ &= ~lost_rooks;
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

}  // namespace annabella::core
