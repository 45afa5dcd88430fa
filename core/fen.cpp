// The text forms of a position: FEN (read strictly, written canonically; X-FEN and Shredder-FEN
// castling rights for Chess960) and a plain diagram.
#include <charconv>
#include <initializer_list>
#include <optional>

#include "core/position.h"

namespace annabella::core {
namespace {

constexpr std::string_view kPieceChars = " PNBRQK  pnbrqk";

using FenError = Position::FenError;
using Fault = FenError::Fault;

// A fault in the record's syntax, at a column (0-based) or in the whole record (-1).
FenError syntax(Fault fault, int column) {
  return FenError{.kind = FenError::Kind::Syntax, .fault = fault, .column = column};
}
// A readable record that describes an illegal position.
FenError illegal(Fault fault) {
  return FenError{.kind = FenError::Kind::Illegal, .fault = fault};
}

// A step of the reader: the fault it found, or nothing.
using Check = std::optional<FenError>;

std::optional<int> parse_counter(std::string_view text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

// The FEN's fields, each with the column it starts at (for messages).
struct Fields {
  std::string_view text[6];
  int column[6] = {};
  int count = 0;
};

Result<Fields, FenError> split_fields(std::string_view fen) {
  Fields f;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    if (i >= fen.size()) break;
    const std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ') ++i;
    if (f.count == 6) {
      FenError e = syntax(Fault::TextAfterSixthField, int(start));
      e.text = std::string(fen.substr(start));
      return fail_with(std::move(e));
    }
    f.column[f.count] = int(start);
    f.text[f.count++] = fen.substr(start, i - start);
  }
  if (f.count != 4 && f.count != 6) {
    FenError e = syntax(Fault::FieldCount, -1);
    e.count = f.count;
    return fail_with(std::move(e));
  }
  return f;
}

// The rook of colour c on its first rank furthest out on one side of square `king` (towards the
// h-file or the a-file), or SQ_NONE.
Square outermost_rook(const Position& pos, Color c, Square king, bool king_side) {
  const Bitboard rooks = pos.pieces(c, ROOK) & rank_bb(relative_rank(c, 0));
  const Bitboard king_bb = square_bb(king);
  const Bitboard side = king_side ? rooks & ~((king_bb << 1) - 1) : rooks & (king_bb - 1);
  if (!side) return SQ_NONE;
  return king_side ? Square(63 - std::countl_zero(side)) : lsb(side);
}

}  // namespace

// Reads one FEN into a Position, field by field; each step names the fault it finds.
class FenReader {
 public:
  FenReader(const Fields& fields, Variant variant) : f_(fields), pos_(Position::Blank{}) {
    pos_.variant_ = variant;
  }

  Result<Position, FenError> read() {
    // In this order: each step relies on the ones before it; the syntax first.
    using Step = Check (FenReader::*)();
    for (Step step : {&FenReader::placement, &FenReader::side, &FenReader::castling,
                      &FenReader::en_passant_field, &FenReader::counters, &FenReader::material,
                      &FenReader::castling_homes, &FenReader::checks, &FenReader::en_passant})
      if (Check fault = (this->*step)()) return fail_with(std::move(*fault));
    pos_.settle_en_passant();
    return pos_;
  }

 private:
  // Field 1: piece placement, rank 8 first.
  Check placement() {
    const std::string_view text = f_.text[0];
    Cursor at;
    for (std::size_t k = 0; k < text.size(); ++k)
      if (Check fault = text[k] == '/' ? next_rank(k, at) : square(k, at)) return fault;
    if (at.rank != 0 || at.file != 8) {
      FenError e = syntax(at.rank != 0 ? Fault::TooFewRanks : Fault::RankShort,
                          f_.column[0] + int(text.size()));
      e.count = at.rank != 0 ? 8 - at.rank : at.file;
      e.rank = 1;
      return e;
    }
    return {};
  }

  struct Cursor {
    int rank = 7;
    int file = 0;
  };

  // A '/' at index k of the placement: the rank just read must be full.
  Check next_rank(std::size_t k, Cursor& at) const {
    const int col = f_.column[0] + int(k);
    if (at.file != 8) {
      FenError e = syntax(Fault::RankShort, col);
      e.rank = at.rank + 1;
      e.count = at.file;
      return e;
    }
    if (at.rank == 0) return syntax(Fault::TooManyRanks, col);
    --at.rank;
    at.file = 0;
    return {};
  }

  // A piece letter or a digit counting empty squares, at index k of the placement.
  Check square(std::size_t k, Cursor& at) {
    const char c = f_.text[0][k];
    const int col = f_.column[0] + int(k);
    const bool digit = c >= '1' && c <= '8';
    const auto idx = kPieceChars.find(c);
    if (!digit && (idx == std::string_view::npos || c == ' ')) {
      FenError e = syntax(Fault::NotPieceOrDigit, col);
      e.character = c;
      return e;
    }
    const int width = digit ? c - '0' : 1;
    if (at.file + width > 8) {
      FenError e = syntax(Fault::RankOverfull, col);
      e.rank = at.rank + 1;
      return e;
    }
    if (!digit) pos_.put_piece(Piece(idx), make_square(at.file, at.rank));
    at.file += width;
    return {};
  }

  // Field 2: side to move.
  Check side() {
    if (f_.text[1] != "w" && f_.text[1] != "b") {
      FenError e = syntax(Fault::SideToMove, f_.column[1]);
      e.text = std::string(f_.text[1]);
      return e;
    }
    pos_.side_ = f_.text[1] == "w" ? WHITE : BLACK;
    return {};
  }

  // Field 3: castling rights (checked against the kings and rooks once the counts are known).
  Check castling() {
    if (f_.text[2] == "-") return {};
    for (std::size_t k = 0; k < f_.text[2].size(); ++k) {
      const char c = f_.text[2][k];
      const int col = f_.column[2] + int(k);
      auto right = castling_letter(k);
      if (!right) return right.error();
      if (pos_.castling_ & right->right) {
        FenError e = syntax(Fault::CastlingRightTwice, col);
        e.character = c;
        return e;
      }
      pos_.castling_ = pos_.castling_ | right->right;
      if (right->rook != SQ_NONE) pos_.castling_rooks_ |= square_bb(right->rook);
      letters_[castling_index(right->right)] = c;
    }
    return {};
  }

  // Fields 5 and 6: the counters.
  Check counters() {
    if (f_.count != 6) return {};
    const auto half = parse_counter(f_.text[4]);
    if (!half) {
      FenError e = syntax(Fault::HalfmoveClockNotNumber, f_.column[4]);
      e.text = std::string(f_.text[4]);
      return e;
    }
    const auto full = parse_counter(f_.text[5]);
    if (!full) {
      FenError e = syntax(Fault::MoveNumberNotNumber, f_.column[5]);
      e.text = std::string(f_.text[5]);
      return e;
    }
    if (*full < 1) return syntax(Fault::MoveNumberZero, f_.column[5]);
    pos_.halfmove_clock_ = *half;
    pos_.fullmove_number_ = *full;
    return {};
  }

  // One side's count of a kind of material against its limit, or nothing when within it.
  static Check too_many(Fault fault, Color c, int count) {
    FenError e = illegal(fault);
    e.color = c;
    e.count = count;
    return e;
  }

  Check material() {
    for (Color c : {WHITE, BLACK}) {
      if (pos_.count(c, KING) != 1) return too_many(Fault::KingCount, c, pos_.count(c, KING));
      if (pos_.count(c, PAWN) > 8) return too_many(Fault::TooManyPawns, c, pos_.count(c, PAWN));
      if (popcount(pos_.pieces(c)) > 16)
        return too_many(Fault::TooManyPieces, c, popcount(pos_.pieces(c)));
      auto extra = [&](PieceType pt, int base) { return std::max(0, pos_.count(c, pt) - base); };
      const int promoted = extra(QUEEN, 1) + extra(ROOK, 2) + extra(BISHOP, 2) + extra(KNIGHT, 2);
      if (promoted > 8 - pos_.count(c, PAWN)) {
        Check e = too_many(Fault::TooManyPromoted, c, promoted);
        e->limit = 8 - pos_.count(c, PAWN);
        return e;
      }
    }
    if (pos_.pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) {
      FenError e = illegal(Fault::PawnOnEdgeRank);
      e.square = lsb(pos_.pieces(PAWN) & (RANK_1_BB | RANK_8_BB));
      return e;
    }
    return {};
  }

  // A castling right `letter` of colour c that the board does not allow.
  static FenError castling_fault(Fault fault, char letter, Color c, Square square) {
    FenError e = illegal(fault);
    e.character = letter;
    e.color = c;
    e.square = square;
    return e;
  }

  // Castling rights need the king and the castling rook unmoved (Art. 3.8.2.1): in standard
  // chess on e1/e8 and in the corners; in Chess960 the king on its first rank with the rook on
  // the side the right names (II.2.1: the king between the rooks).
  Check castling_homes() {
    for (CastlingRights one : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
      if (!(pos_.castling_ & one)) continue;
      const Color c = castling_color(one);
      const char letter = letters_[castling_index(one)];
      const Square rook = rook_square_of(one);
      if (pos_.variant_ == Variant::Standard) {
        const Square king = make_square(4, relative_rank(c, 0));
        if (pos_.piece_on(king) != make_piece(c, KING))
          return castling_fault(Fault::CastlingKingNotHome, letter, c, king);
        if (pos_.piece_on(rook) != make_piece(c, ROOK))
          return castling_fault(Fault::CastlingNoRook, letter, c, rook);
        continue;
      }
      const Square king = pos_.king_square(c);
      if (rank_of(king) != relative_rank(c, 0))
        return castling_fault(Fault::CastlingKingNotOnFirstRank, letter, c, king);
      if (rook == SQ_NONE) {
        FenError e = castling_fault(Fault::CastlingNoRookOnSide, letter, c, SQ_NONE);
        e.king_side = is_king_side(one);
        return e;
      }
      if (pos_.piece_on(rook) != make_piece(c, ROOK))
        return castling_fault(Fault::CastlingNoRook, letter, c, rook);
    }
    return {};
  }

  // The side not to move must not be in check; at most a double check.
  Check checks() {
    const Color us = pos_.side_, them = ~us;
    if (pos_.attackers_to(pos_.king_square(them)) & pos_.pieces(us)) {
      FenError e = illegal(Fault::SideNotToMoveInCheck);
      e.color = them;
      return e;
    }
    pos_.checkers_ = pos_.attackers_to(pos_.king_square(us)) & pos_.pieces(them);
    if (popcount(pos_.checkers_) > 2)
      return too_many(Fault::TooManyCheckers, us, popcount(pos_.checkers_));
    return {};
  }

  // Field 4 read: '-' or a square.
  Check en_passant_field() {
    if (f_.text[3] != "-" && !parse_square(f_.text[3])) {
      FenError e = syntax(Fault::EnPassantNotSquare, f_.column[3]);
      e.text = std::string(f_.text[3]);
      return e;
    }
    return {};
  }

  // Field 4 checked: a square a pawn of the other side has just passed over.
  Check en_passant() {
    if (f_.text[3] == "-") return {};
    const Color us = pos_.side_, them = ~us;
    const auto ep = parse_square(f_.text[3]);
    const int want_rank = us == WHITE ? 5 : 2;
    const Square pushed = make_square(file_of(*ep), us == WHITE ? 4 : 3);
    const Square origin = make_square(file_of(*ep), us == WHITE ? 6 : 1);
    FenError e = illegal(Fault::EnPassantWrongRank);
    e.column = f_.column[3];
    e.square = *ep;
    if (rank_of(*ep) != want_rank) {
      e.color = us;
      e.rank = want_rank + 1;
      return e;
    }
    if (pos_.piece_on(pushed) != make_piece(them, PAWN) || !pos_.empty(*ep) ||
        !pos_.empty(origin)) {
      e.fault = Fault::EnPassantNoPawn;
      e.color = them;
      e.from = origin;
      e.to = pushed;
      return e;
    }
    if (f_.count == 6 && pos_.halfmove_clock_ != 0) {
      e.fault = Fault::HalfmoveClockAfterPawnMove;
      e.column = f_.column[4];
      return e;
    }
    pos_.en_passant_ = *ep;
    return {};
  }

  struct Right {
    CastlingRights right;
    Square rook;  // SQ_NONE when the letter names no rook (reported by castling_homes)
  };

  // The letter at index k of the castling field: KQkq (X-FEN in Chess960), or a file letter
  // (Shredder-FEN and X-FEN, Chess960 only).
  Result<Right, FenError> castling_letter(std::size_t k) const {
    const char c = f_.text[2][k];
    const int col = f_.column[2] + int(k);
    const bool upper = c >= 'A' && c <= 'Z';
    const Color color = upper ? WHITE : BLACK;
    const char lower = upper ? char(c - 'A' + 'a') : c;
    const int back = relative_rank(color, 0);
    if (lower == 'k' || lower == 'q') {
      const bool king_side = lower == 'k';
      const CastlingRights right = castling_right(color, king_side);
      if (pos_.variant_ == Variant::Standard)
        return Right{right, make_square(king_side ? 7 : 0, back)};
      return Right{right, pos_.count(color, KING) == 1
                              ? outermost_rook(pos_, color, pos_.king_square(color), king_side)
                              : SQ_NONE};
    }
    if (lower < 'a' || lower > 'h' || pos_.variant_ == Variant::Standard) {
      FenError e = syntax(
          lower < 'a' || lower > 'h' ? Fault::NotCastlingRight : Fault::Chess960CastlingRight,
          int(col));
      e.character = c;
      e.chess960 = pos_.variant_ == Variant::Chess960;
      return fail_with(std::move(e));
    }
    const Square rook = make_square(lower - 'a', back);
    const bool king_side =
        pos_.count(color, KING) == 1 && file_of(rook) > file_of(pos_.king_square(color));
    return Right{castling_right(color, king_side), rook};
  }

  static int castling_index(CastlingRights one) { return std::countr_zero(unsigned(one)) & 3; }

  Square rook_square_of(CastlingRights one) const {
    const Color c = castling_color(one);
    const Bitboard back_rooks = pos_.castling_rooks_ & rank_bb(relative_rank(c, 0));
    const Bitboard side = is_king_side(one) ? back_rooks & ~((pos_.pieces(c, KING) << 1) - 1)
                                            : back_rooks & (pos_.pieces(c, KING) - 1);
    if (pos_.variant_ == Variant::Standard)
      return make_square(is_king_side(one) ? 7 : 0, relative_rank(c, 0));
    return side ? lsb(side) : SQ_NONE;
  }

  const Fields& f_;
  Position pos_;
  char letters_[4] = {};
};

Result<Position, Position::FenError> Position::from_fen(std::string_view fen, Variant variant) {
  auto fields = split_fields(fen);
  if (!fields) return fail_with(fields.error());
  return FenReader(*fields, variant).read();
}

namespace {

// Field 1 of the FEN: rank 8 first, runs of empty squares as digits.
std::string placement_text(const Position& pos) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty_run = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece pc = pos.piece_on(make_square(file, rank));
      if (pc != NO_PIECE && empty_run) out += char('0' + empty_run);
      empty_run = pc == NO_PIECE ? empty_run + 1 : 0;
      if (pc != NO_PIECE) out += kPieceChars[pc];
    }
    if (empty_run) out += char('0' + empty_run);
    if (rank) out += '/';
  }
  return out;
}

// Field 3: KQkq; in Chess960 X-FEN (K/Q unless another rook stands further out on that side,
// then the rook's file) or Shredder-FEN (always the file).
std::string castling_text(const Position& pos, Position::CastlingField field) {
  std::string out;
  for (CastlingRights one : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
    if (!pos.can_castle(one)) continue;
    const Color c = castling_color(one);
    const Square rook = pos.castling_rook(one);
    const bool by_file = pos.is_chess960() &&
                         (field == Position::CastlingField::Shredder ||
                          outermost_rook(pos, c, pos.king_square(c), is_king_side(one)) != rook);
    const char letter = by_file ? char('a' + file_of(rook)) : is_king_side(one) ? 'k' : 'q';
    out += c == WHITE ? char(letter - 'a' + 'A') : letter;
  }
  return out.empty() ? "-" : out;
}

}  // namespace

std::string Position::fen(CastlingField castling) const {
  std::string out = placement_text(*this);
  out += side_ == WHITE ? " w " : " b ";
  out += castling_text(*this, castling);
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
