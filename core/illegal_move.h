// Why a written move is not legal in a position (Art. 3), as the board shows it: a kind and the
// facts (squares, pieces, the side), never words. The application words it for people in their
// language (app/station_text.h, text::illegal_move).
#pragma once

#include <vector>

#include "core/types.h"

namespace annabella::core {

// Why one piece that the move could mean cannot make it by the way it moves (Art. 3.1 to 3.7).
struct MoveObstacle {
  enum class Kind {
    CannotReach,       // the piece does not move that way (Art. 3.2 to 3.7)
    BlockedBy,         // a pawn's way forward: `other` stands on `at` (Art. 3.7.1, 3.7.2)
    InTheWay,          // `other` on `at` stands between (Art. 3.2 to 3.4)
    NotEnPassant,      // the pawn on `at` did not just advance two squares (Art. 3.7.3.2)
    NothingToCapture,  // a pawn's diagonal step to an empty square (Art. 3.7.3)
    OwnPiece,          // `other` on `to` is the mover's own (Art. 3.1)
  };
  Kind kind = Kind::CannotReach;
  PieceType piece = NO_PIECE_TYPE;
  Square from = SQ_NONE;
  Square to = SQ_NONE;
  Piece other = NO_PIECE;
  Square at = SQ_NONE;
  bool operator==(const MoveObstacle&) const = default;
};

struct IllegalMove {
  enum class Kind {
    CastlingRightLost,       // Art. 3.8.2.1: the king or the rook on `at` has moved
    CastlingSquareOccupied,  // Art. 3.8.2.2: `at` between the king and the rook is occupied
    CastlingInCheck,         // Art. 3.8.2.2: the king is in check
    CastlingThroughAttack,   // Art. 3.8.2.2: the king passes the attacked square `at`
    CastlingIntoAttack,      // Art. 3.8.2.2: the king would land on the attacked square `at`
    CastlingNotLegal,        // Art. 3.8.2: for another reason
    NoPieceOn,               // nothing stands on `from`
    OpponentsPiece,          // `other` on `from` is the opponent's; `side` is to move
    PromotionNotPawn,        // Art. 3.7.5: only a pawn is promoted
    PromotionPiece,          // Art. 3.7.5.1: to a queen, rook, bishop or knight
    NoSuchPieceOn,           // no `piece` on `from`, which is empty
    OtherPieceOn,            // no `side` `piece` on `from`; `other` stands there
    NoSuchPiece,             // `side` has no `piece` (on `file` and / or `rank` when >= 0)
    NoPawnCapture,           // no `side` pawn on `file` can capture on `to_file` ("ed")
    NoneCanReach,            // no `side` `piece` can reach `to`; they stand on `pieces`
    Obstacles,               // each piece meant, and why it cannot (`obstacles`)
    PromotionNotLastRank,    // Art. 3.7.5: only a pawn reaching the last rank is promoted
    KingStaysInCheck,        // Art. 3.9: `side` in check; the king would still be on `to`
    CheckNotEnded,           // Art. 3.9: moving `piece` from `pieces` to `to` does not end it
    KingToAttacked,          // Art. 3.9: `to` is attacked
    LeavesKingInCheck,       // Art. 3.9: moving `piece` from `pieces` to `to` exposes the king
  };
  Kind kind = Kind::CastlingNotLegal;
  Color side = WHITE;  // the side to move
  PieceType piece = NO_PIECE_TYPE;
  Square from = SQ_NONE;
  Square to = SQ_NONE;
  Square at = SQ_NONE;
  Piece other = NO_PIECE;
  bool king_side = true;  // castling: O-O (else O-O-O)
  int file = -1;          // 0 = a
  int rank = -1;          // 0 = the 1st rank
  int to_file = -1;
  std::vector<Square> pieces = {};  // where the pieces meant stand, in square order
  std::vector<MoveObstacle> obstacles = {};
  bool operator==(const IllegalMove&) const = default;
};

}  // namespace annabella::core
