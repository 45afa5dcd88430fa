// The text forms of a position: FEN (read strictly, written canonically; X-FEN and Shredder-FEN
// castling rights for Chess960) and a plain diagram.
#include <charconv>
#include <initializer_list>

#include "core/position.h"

namespace annabella::core {
namespace {

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

const char* side_name(Color c) {
  return c == WHITE ? "White" : "Black";
}

// The FEN's fields, each with the column it starts at (for messages).
struct Fields {
  std::string_view text[6];
  std::size_t column[6] = {};
  int count = 0;
};

Result<Fields> split_fields(std::string_view fen) {
  Fields f;
  std::size_t i = 0;
  while (i < fen.size()) {
    while (i < fen.size() && fen[i] == ' ') ++i;
    if (i >= fen.size()) break;
    const std::size_t start = i;
    while (i < fen.size() && fen[i] != ' ') ++i;
    if (f.count == 6)
      return fail(column_error(start, "unexpected text after the sixth field: '" +
                                          std::string(fen.substr(start)) + "'"));
    f.column[f.count] = start;
    f.text[f.count++] = fen.substr(start, i - start);
  }
  if (f.count != 4 && f.count != 6)
    return fail("FEN has " + std::to_string(f.count) +
                " fields; it needs 6 (placement, side, castling, en passant, halfmove clock, "
                "move number) or 4 (without the two counters)");
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

  Result<Position, Position::FenError> read() {
    using Kind = Position::FenError::Kind;
    // In this order: each step relies on the ones before it; the syntax first.
    using Step = Status (FenReader::*)();
    for (Step step : {&FenReader::placement, &FenReader::side, &FenReader::castling,
                      &FenReader::en_passant_field, &FenReader::counters})
      if (Status done = (this->*step)(); !done)
        return fail_with(Position::FenError{Kind::Syntax, done.error().message});
    for (Step step : {&FenReader::material, &FenReader::castling_homes, &FenReader::checks,
                      &FenReader::en_passant})
      if (Status done = (this->*step)(); !done)
        return fail_with(Position::FenError{Kind::Illegal, done.error().message});
    pos_.settle_en_passant();
    return pos_;
  }

 private:
  // Field 1: piece placement, rank 8 first.
  Status placement() {
    const std::string_view text = f_.text[0];
    Cursor at;
    for (std::size_t k = 0; k < text.size(); ++k)
      if (Status step = text[k] == '/' ? next_rank(k, at) : square(k, at); !step) return step;
    if (at.rank != 0 || at.file != 8)
      return fail(column_error(f_.column[0] + text.size(),
                               at.rank != 0
                                   ? "only " + std::to_string(8 - at.rank) + " ranks, not 8"
                                   : "rank 1 has " + std::to_string(at.file) + " squares, not 8"));
    return {};
  }

  struct Cursor {
    int rank = 7;
    int file = 0;
  };

  // A '/' at index k of the placement: the rank just read must be full.
  Status next_rank(std::size_t k, Cursor& at) const {
    const std::size_t col = f_.column[0] + k;
    if (at.file != 8)
      return fail(column_error(col, "rank " + std::to_string(at.rank + 1) + " has " +
                                        std::to_string(at.file) + " squares, not 8"));
    if (at.rank == 0) return fail(column_error(col, "more than 8 ranks"));
    --at.rank;
    at.file = 0;
    return {};
  }

  // A piece letter or a digit counting empty squares, at index k of the placement.
  Status square(std::size_t k, Cursor& at) {
    const char c = f_.text[0][k];
    const std::size_t col = f_.column[0] + k;
    const bool digit = c >= '1' && c <= '8';
    const auto idx = kPieceChars.find(c);
    if (!digit && (idx == std::string_view::npos || c == ' '))
      return fail(column_error(
          col, std::string("'") + c + "' is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8"));
    const int width = digit ? c - '0' : 1;
    if (at.file + width > 8)
      return fail(
          column_error(col, "rank " + std::to_string(at.rank + 1) + " has more than 8 squares"));
    if (!digit) pos_.put_piece(Piece(idx), make_square(at.file, at.rank));
    at.file += width;
    return {};
  }

  // Field 2: side to move.
  Status side() {
    if (f_.text[1] != "w" && f_.text[1] != "b")
      return fail(column_error(
          f_.column[1], "side to move must be 'w' or 'b', not '" + std::string(f_.text[1]) + "'"));
    pos_.side_ = f_.text[1] == "w" ? WHITE : BLACK;
    return {};
  }

  // Field 3: castling rights (checked against the kings and rooks once the counts are known).
  Status castling() {
    if (f_.text[2] == "-") return {};
    for (std::size_t k = 0; k < f_.text[2].size(); ++k) {
      const char c = f_.text[2][k];
      const std::size_t col = f_.column[2] + k;
      auto right = castling_letter(c, col);
      if (!right) return fail(right.error());
      if (pos_.castling_ & right->right)
        return fail(column_error(col, std::string("castling right '") + c + "' given twice"));
      pos_.castling_ = pos_.castling_ | right->right;
      if (right->rook != SQ_NONE) pos_.castling_rooks_ |= square_bb(right->rook);
      letters_[castling_index(right->right)] = c;
    }
    return {};
  }

  // Fields 5 and 6: the counters.
  Status counters() {
    if (f_.count != 6) return {};
    auto half = parse_counter(f_.text[4], f_.column[4], "the halfmove clock");
    if (!half) return fail(half.error());
    auto full = parse_counter(f_.text[5], f_.column[5], "the move number");
    if (!full) return fail(full.error());
    if (*full < 1) return fail(column_error(f_.column[5], "the move number must be 1 or more"));
    pos_.halfmove_clock_ = *half;
    pos_.fullmove_number_ = *full;
    return {};
  }

  Status material() {
    for (Color c : {WHITE, BLACK}) {
      const std::string name = side_name(c);
      if (pos_.count(c, KING) != 1)
        return fail(name + " has " + std::to_string(pos_.count(c, KING)) +
                    " kings; there must be exactly one");
      if (pos_.count(c, PAWN) > 8)
        return fail(name + " has " + std::to_string(pos_.count(c, PAWN)) + " pawns; at most 8");
      if (popcount(pos_.pieces(c)) > 16)
        return fail(name + " has " + std::to_string(popcount(pos_.pieces(c))) +
                    " pieces; at most 16");
      auto extra = [&](PieceType pt, int base) { return std::max(0, pos_.count(c, pt) - base); };
      const int promoted = extra(QUEEN, 1) + extra(ROOK, 2) + extra(BISHOP, 2) + extra(KNIGHT, 2);
      if (promoted > 8 - pos_.count(c, PAWN))
        return fail(name + " has more promoted pieces (" + std::to_string(promoted) +
                    ") than missing pawns (" + std::to_string(8 - pos_.count(c, PAWN)) + ")");
    }
    if (pos_.pieces(PAWN) & (RANK_1_BB | RANK_8_BB)) {
      const Square s = lsb(pos_.pieces(PAWN) & (RANK_1_BB | RANK_8_BB));
      return fail("a pawn stands on " + square_name(s) +
                  "; pawns cannot stand on the first or last rank");
    }
    return {};
  }

  // Castling rights need the king and the castling rook unmoved (Art. 3.8.2.1): in standard
  // chess on e1/e8 and in the corners; in Chess960 the king on its first rank with the rook on
  // the side the right names (II.2.1: the king between the rooks).
  Status castling_homes() {
    for (CastlingRights one : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
      if (!(pos_.castling_ & one)) continue;
      const Color c = castling_color(one);
      const char letter = letters_[castling_index(one)];
      const Square rook = rook_square_of(one);
      if (pos_.variant_ == Variant::Standard) {
        const Square king = make_square(4, relative_rank(c, 0));
        if (pos_.piece_on(king) != make_piece(c, KING))
          return fail(std::string("castling right '") + letter + "' but the king is not on " +
                      square_name(king));
        if (pos_.piece_on(rook) != make_piece(c, ROOK))
          return fail(std::string("castling right '") + letter + "' but there is no rook on " +
                      square_name(rook));
        continue;
      }
      const Square king = pos_.king_square(c);
      if (rank_of(king) != relative_rank(c, 0))
        return fail(std::string("castling right '") + letter + "' but the " +
                    (c == WHITE ? "white" : "black") + " king is not on its first rank");
      const std::string colour = c == WHITE ? "white" : "black";
      if (rook == SQ_NONE)
        return fail(std::string("castling right '") + letter + "' but there is no " + colour +
                    " rook on the " + (is_king_side(one) ? "h" : "a") +
                    "-side of the king on its first rank");
      if (pos_.piece_on(rook) != make_piece(c, ROOK))
        return fail(std::string("castling right '") + letter + "' but there is no " + colour +
                    " rook on " + square_name(rook));
    }
    return {};
  }

  // The side not to move must not be in check; at most a double check.
  Status checks() {
    const Color us = pos_.side_, them = ~us;
    if (pos_.attackers_to(pos_.king_square(them)) & pos_.pieces(us))
      return fail(std::string(side_name(them)) + " is in check, but it is " + side_name(us) +
                  "'s move: the side not to move cannot be in check");
    pos_.checkers_ = pos_.attackers_to(pos_.king_square(us)) & pos_.pieces(them);
    if (popcount(pos_.checkers_) > 2)
      return fail(std::string(side_name(us)) + "'s king is attacked by " +
                  std::to_string(popcount(pos_.checkers_)) +
                  " pieces; no move gives more than a double check");
    return {};
  }

  // Field 4 read: '-' or a square.
  Status en_passant_field() {
    if (f_.text[3] != "-" && !parse_square(f_.text[3]))
      return fail(
          column_error(f_.column[3], "en passant square must be a square such as e3 or '-', not '" +
                                         std::string(f_.text[3]) + "'"));
    return {};
  }

  // Field 4 checked: a square a pawn of the other side has just passed over.
  Status en_passant() {
    if (f_.text[3] == "-") return {};
    const Color us = pos_.side_, them = ~us;
    const std::size_t col = f_.column[3];
    const auto ep = parse_square(f_.text[3]);
    const int want_rank = us == WHITE ? 5 : 2;
    const Square pushed = make_square(file_of(*ep), us == WHITE ? 4 : 3);
    const Square origin = make_square(file_of(*ep), us == WHITE ? 6 : 1);
    if (rank_of(*ep) != want_rank)
      return fail(column_error(
          col, "en passant square " + square_name(*ep) + " is impossible with " + side_name(us) +
                   " to move: it must be on rank " + std::to_string(want_rank + 1)));
    if (pos_.piece_on(pushed) != make_piece(them, PAWN) || !pos_.empty(*ep) || !pos_.empty(origin))
      return fail(column_error(col, "en passant square " + square_name(*ep) +
                                        " is impossible: no " + side_name(them) +
                                        " pawn can just have moved from " + square_name(origin) +
                                        " to " + square_name(pushed)));
    if (f_.count == 6 && pos_.halfmove_clock_ != 0)
      return fail(column_error(
          f_.column[4],
          "the halfmove clock must be 0 after the pawn move that gives an en passant square"));
    pos_.en_passant_ = *ep;
    return {};
  }

  struct Right {
    CastlingRights right;
    Square rook;  // SQ_NONE when the letter names no rook (reported by castling_homes)
  };

  // One letter of the castling field: KQkq (X-FEN in Chess960), or a file letter (Shredder-FEN
  // and X-FEN, Chess960 only).
  Result<Right> castling_letter(char c, std::size_t col) const {
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
    if (lower < 'a' || lower > 'h')
      return fail(column_error(
          col, std::string("'") + c + "' is not a castling right (" +
                   (pos_.variant_ == Variant::Standard ? "KQkq or -)"
                                                       : "KQkq, a rook's file A-H or a-h, or -)")));
    if (pos_.variant_ == Variant::Standard)
      return fail(column_error(col, std::string("'") + c +
                                        "' is a Chess960 castling right (a rook's file); in "
                                        "standard chess only KQkq or -"));
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

Result<Position, Position::FenError> Position::read_fen(std::string_view fen, Variant variant) {
  auto fields = split_fields(fen);
  if (!fields) return fail_with(FenError{FenError::Kind::Syntax, fields.error().message});
  return FenReader(*fields, variant).read();
}

Result<Position> Position::from_fen(std::string_view fen, Variant variant) {
  auto pos = read_fen(fen, variant);
  if (!pos) return fail(pos.error().message);
  return std::move(*pos);
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
