// A chess position: pieces, side to move, castling rights, en passant square, move counters.
//
// Positions are values: play(move) changes one in place, and a game keeps the history as a list
// of positions (copy-make), so there is no undo stack to get wrong.
#pragma once

#include <string>
#include <string_view>

#include "core/bitboard.h"
#include "core/result.h"
#include "core/types.h"

namespace annabella::core {

constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

class Position {
 public:
  // The standard starting position.
  Position();

  // Reads a FEN record with strict validation; the error names the fault (and the column for
  // syntax errors). The two move counters may be left out (EPD style): they default to 0 and 1.
  // For Chess960 the castling field may be X-FEN (KQkq: the outermost rook on that side, or the
  // rook's file letter when another rook stands further out) or Shredder-FEN (the rooks' file
  // letters, HAha); in standard chess only KQkq, with the king on e1/e8 and rooks in the corners.
  // What is wrong with a FEN record, as the reader found it: whether the record is unreadable
  // (syntax: fields, letters, numbers) or readable but an illegal position (kings, pawns,
  // castling rights, checks, en passant), the fault and its facts, never words; the application
  // words it (app/fen_text.h, text::fen_error).
  struct FenError {
    enum class Kind : std::uint8_t { Syntax, Illegal };
    enum class Fault : std::uint8_t {
      FieldCount,                  // `count` fields, not 6 or 4
      TextAfterSixthField,         // `text` follows the sixth field
      NotPieceOrDigit,             // `character` in the placement is no piece letter or digit 1-8
      RankOverfull,                // rank `rank` has more than 8 squares
      RankShort,                   // rank `rank` has `count` squares, not 8
      TooManyRanks,                // more than 8 ranks
      TooFewRanks,                 // only `count` ranks
      SideToMove,                  // `text` is not w or b
      NotCastlingRight,            // `character` is no castling right (in the game's variant)
      Chess960CastlingRight,       // `character` (a rook's file) in standard chess
      CastlingRightTwice,          // `character` given twice
      HalfmoveClockNotNumber,      // `text` is no whole number
      MoveNumberNotNumber,         // `text` is no whole number
      MoveNumberZero,              // the move number is below 1
      EnPassantNotSquare,          // `text` is neither a square nor '-'
      KingCount,                   // `color` has `count` kings
      TooManyPawns,                // `color` has `count` pawns (at most 8)
      TooManyPieces,               // `color` has `count` pieces (at most 16)
      TooManyPromoted,             // `color` has `count` promoted pieces, `limit` missing pawns
      PawnOnEdgeRank,              // a pawn on `square` (first or last rank)
      CastlingKingNotHome,         // right `character`: the king is not on `square` (Art. 3.8.2.1)
      CastlingNoRook,              // right `character`: no `color` rook on `square`
      CastlingKingNotOnFirstRank,  // Chess960 right `character`: `color`'s king off its rank
      CastlingNoRookOnSide,        // Chess960 right `character`: no `color` rook on that side
      SideNotToMoveInCheck,        // `color` is in check with the other side to move
      TooManyCheckers,             // `color`'s king is attacked by `count` pieces
      EnPassantWrongRank,          // en passant `square` with `color` to move: must be on `rank`
      EnPassantNoPawn,             // en passant `square`: no `color` pawn from `from` to `to`
      HalfmoveClockAfterPawnMove,  // the halfmove clock is not 0 with an en passant square
    };
    Kind kind = Kind::Syntax;
    Fault fault = Fault::FieldCount;
    int column = -1;  // 0-based column of the fault in the record, -1 for the whole record
    std::string text = {};
    char character = 0;
    Color color = WHITE;
    int count = 0;
    int limit = 0;
    int rank = 0;  // 1-8
    bool king_side = false;
    bool chess960 = false;  // NotCastlingRight: the game is Chess960 (rooks' files are rights)
    Square square = SQ_NONE;
    Square from = SQ_NONE;
    Square to = SQ_NONE;
    bool operator==(const FenError&) const = default;
  };
  // Reads a FEN record with strict validation; the error names the fault (and the column for
  // syntax errors). The two move counters may be left out (EPD style): they default to 0 and 1.
  // For Chess960 the castling field may be X-FEN (KQkq: the outermost rook on that side, or the
  // rook's file letter when another rook stands further out) or Shredder-FEN (the rooks' file
  // letters, HAha); in standard chess only KQkq, with the king on e1/e8 and rooks in the corners.
  [[nodiscard]] static Result<Position, FenError> from_fen(std::string_view fen,
                                                           Variant variant = Variant::Standard);
  // The FEN record. Chess960 castling rights are written as X-FEN, or as Shredder-FEN on request.
  enum class CastlingField : std::uint8_t { XFen, Shredder };
  [[nodiscard]] std::string fen(CastlingField castling = CastlingField::XFen) const;

  [[nodiscard]] Piece piece_on(Square s) const { return board_[s]; }
  bool empty(Square s) const { return board_[s] == NO_PIECE; }
  [[nodiscard]] Bitboard pieces() const { return by_type_[0]; }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  [[nodiscard]] Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  [[nodiscard]] Bitboard pieces(PieceType a, PieceType b) const {
    return by_type_[a] | by_type_[b];
  }
  [[nodiscard]] Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  [[nodiscard]] int count(Color c, PieceType pt) const { return popcount(pieces(c, pt)); }

  [[nodiscard]] Color side_to_move() const { return side_; }
  Variant variant() const { return variant_; }
  [[nodiscard]] bool is_chess960() const { return variant_ == Variant::Chess960; }
  CastlingRights castling_rights() const { return castling_; }
  [[nodiscard]] bool can_castle(CastlingRights cr) const { return (castling_ & cr) != 0; }
  // The square of the rook that castles with the right `one` (a single right the position has):
  // a1/h1/a8/h8 in standard chess, wherever that rook started in Chess960.
  [[nodiscard]] Square castling_rook(CastlingRights one) const;
  // The rook squares of every castling right the position still has.
  [[nodiscard]] Bitboard castling_rooks() const { return castling_rooks_; }
  // Where the king and the rook of a castling move go from and to (Art. 3.8.2; II.3.2.6: king to
  // g/c, rook to f/d), whatever the encoding. `m` must be a legal castling move here.
  struct CastlingSquares {
    Square king_from;
    Square king_to;
    Square rook_from;
    Square rook_to;
  };
  [[nodiscard]] CastlingSquares castling_squares(Move m) const;
  // The en passant target square, set only when an en passant capture is legal (Art. 9.2.3:
  // a position with an en passant right differs from one without only if the capture is legal).
  [[nodiscard]] Square en_passant_square() const { return en_passant_; }
  int halfmove_clock() const { return halfmove_clock_; }
  [[nodiscard]] int fullmove_number() const { return fullmove_number_; }
  // The number of half-moves played since the position at move 1 with White to move.
  [[nodiscard]] int game_ply() const { return 2 * (fullmove_number_ - 1) + (side_ == BLACK); }

  // Zobrist key of what Art. 9.2.3 compares: pieces, side, castling rights, legal e.p. right.
  [[nodiscard]] std::uint64_t key() const { return key_; }

  [[nodiscard]] Bitboard checkers() const { return checkers_; }
  bool in_check() const { return checkers_ != 0; }

  // Pieces of either colour attacking square s, given the occupancy.
  [[nodiscard]] Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, pieces()); }
  // Only the pieces of colour `by`, inline: legal move generation asks it for every square a
  // king could step to (the PGN reader's hot path, docs/benchmarks.md).
  [[nodiscard]] Bitboard attackers_to(Square s, Bitboard occupied, Color by) const {
    return ((pawn_attacks(~by, s) & pieces(PAWN)) | (knight_attacks(s) & pieces(KNIGHT)) |
            (king_attacks(s) & pieces(KING)) | (rook_attacks(s, occupied) & pieces(ROOK, QUEEN)) |
            (bishop_attacks(s, occupied) & pieces(BISHOP, QUEEN))) &
           pieces(by);
  }
  // Pieces (of either colour) that alone stand between a slider and the king of colour c.
  [[nodiscard]] Bitboard blockers_for_king(Color c) const;

  // The piece a move captures, or NO_PIECE (handles en passant).
  [[nodiscard]] Piece captured_piece(Move m) const;
  bool is_capture(Move m) const { return captured_piece(m) != NO_PIECE; }
  // Whether the move, which must be legal, gives check.
  [[nodiscard]] bool gives_check(Move m) const;

  // Plays a legal move. Passing an illegal move is a programmer error.
  void play(Move m);
  // A copy of this position with the move played.
  [[nodiscard]] Position after(Move m) const {
    Position p = *this;
    p.play(m);
    return p;
  }

  // A plain-text diagram, rank 8 first, for logs and tests.
  [[nodiscard]] std::string diagram() const;

  friend bool operator==(const Position& a, const Position& b) {
    return a.key_ == b.key_ && a.halfmove_clock_ == b.halfmove_clock_ &&
           a.fullmove_number_ == b.fullmove_number_ && a.same_placement(b) && a.side_ == b.side_ &&
           a.castling_ == b.castling_ && a.castling_rooks_ == b.castling_rooks_ &&
           a.en_passant_ == b.en_passant_ && a.variant_ == b.variant_;
  }
  // The same pieces on the same squares (what a board sensor can see).
  [[nodiscard]] bool same_placement(const Position& other) const;

 private:
  friend class FenReader;  // core/fen.cpp
  struct Blank {};
  explicit Position(Blank) { clear(); }
  // The rights `from` and `to` take away: a king or a castling rook leaving its square, or a
  // castling rook captured there (Art. 3.8.2.1). Reads the board before the move.
  [[nodiscard]] CastlingRights castling_lost(Square from, Square to) const;
  void put_piece(Piece pc, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void clear();
  // Keeps the e.p. square only if an e.p. capture is legal; then recomputes the key.
  void settle_en_passant();
  [[nodiscard]] bool en_passant_capture_legal(Square from, Square ep) const;
  void compute_key();

  Piece board_[SQUARE_NB];
  Bitboard by_type_[PIECE_TYPE_NB];  // [0] = all pieces
  Bitboard by_color_[COLOR_NB];
  Bitboard checkers_ = 0;
  std::uint64_t key_ = 0;
  Bitboard castling_rooks_ = 0;  // the rook of each right in castling_
  Color side_ = WHITE;
  Variant variant_ = Variant::Standard;
  CastlingRights castling_ = NO_CASTLING;
  Square en_passant_ = SQ_NONE;
  int halfmove_clock_ = 0;
  int fullmove_number_ = 1;
};

}  // namespace annabella::core
