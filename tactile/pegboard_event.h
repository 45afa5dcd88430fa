// What the Pegboard recogniser reports (tactile/pegboard.h): the touch log's records and the
// events, in the order and with the times they happened, and their English wording for logs.
#pragma once

#include <chrono>
#include <string>
#include <vector>

#include "core/correction.h"
#include "core/types.h"
#include "tactile/board_input.h"

namespace annabella::tactile {

// One touch (D.2.2): a peg taken out of its aperture, not sensor bounce. The evidence for
// touch-move questions (Art. 4.3, 4.4).
struct TouchRecord {
  TimePoint time{};
  core::Square square = core::SQ_NONE;
  core::Piece piece = core::NO_PIECE;  // NO_PIECE if the board could not tell
  int ply = 0;                         // the game ply (position().game_ply()) when touched
  bool own_piece = false;              // the toucher's own piece (PegboardSettings::owner)
  bool mover_piece = false;            // a piece of the side to move in position()
  // With no owner, whose hand it was is not known: the piece just moved, lifted again from a
  // square on its slide's way that the reply can take (own_piece is then a guess).
  bool toucher_unsure = false;
  bool put_back = false;      // placed back into the same aperture: no move (D.2.2)
  TimePoint put_back_time{};  // when, if put_back
};

struct PegboardEvent {
  enum class Kind {
    Touched,          // D.2.2 (square, piece, own_piece, mover_piece)
    Placed,           // a peg put into an aperture (square, piece if known)
    PutBack,          // a touched piece put back into the hole it was lifted from: touched, not
                      // moved (D.2.2; square, piece, lifted_at = the lift's time)
    Removed,          // a captured piece taken off the board, D.2.3 (1) (square, piece; said
                      // with the capture it belongs to; lifted_at = when it was taken off)
    MoveCompleted,    // move (and `replaces`, the slid move it replaces) completed on the board;
                      // first_square / first_piece / lifted_at: the first piece of this move
                      // touched (the rook for castling begun with the rook, Art. 4.4.2)
    MoveRetracted,    // the not yet made move `move` was undone on the board
    MoveMade,         // D.2.3 (3): move announced; position() now includes it
    PromotionNeeded,  // occupancy-only board: which piece? (D.2.1: the announcement names it)
    MoveNeeded,       // occupancy-only board: `candidates`, legal moves that leave the same
                      // occupied squares and that the hands do not tell apart: which one? Nothing
                      // is completed until the player says (D.2.3, Guidelines II.3.2)
    Illegal,          // detail says what is wrong; nothing enters the record
    OutOfSync,        // unexplained position after the grace period; hints say how to fix it
                      // (pieces of the side to move held in hand, and a captured piece taken
                      // off first, are a move under way: never out of sync, D.2.2, Art. 4.3)
    InSync,           // the board agrees with the game again
    Disconnected,     // the board went away (detail: why)
    Connected,        // first full scan after connecting; hints = differences from the game
                      // that no legal move and no move under way explains
    Reconnected,      // first full scan after a reconnection; hints as for Connected
    Button,           // a board button (button)
    Info,             // a protocol remark (detail): garbage skipped, board turned round...
  };
  // Illegal: what is wrong, typed, for the application to word (detail says it in English, for
  // logs and `board watch`).
  enum class Wrong {
    Other,         // detail only
    NotAnnounced,  // the board shows `shown`, but the announced move is `move` (D.2.1)
    NotToMove,     // `piece` moved to `square`, but the other side is to move
    NotLegal,      // `piece` (NO_PIECE: unknown) from `first_square` (SQ_NONE: unknown) to
                   // `square` is not a legal move (Art. 3)
    StaysEmpty,    // the announced move is `move` (D.2.1): a piece was placed on `square`,
                   // which stays empty
    WrongPiece,    // the announced move is `move` (D.2.1): `piece` placed on `square`, where
                   // `wanted` belongs
  };
  // Connected / Reconnected: how the scan stands to the game.
  enum class Agreement {
    Agrees,    // the board shows the game's position
    MovedOn,   // it shows the game's position after legal moves, completed next
    UnderWay,  // a move is under way in the hand
    Differs,   // hints say what to correct
  };
  Kind kind = Kind::Info;
  TimePoint time{};
  core::Square square = core::SQ_NONE;
  core::Piece piece = core::NO_PIECE;
  // Touched, PutBack: the piece belongs to the toucher (the board's owner, PegboardSettings::
  // owner; with no owner, the side to move). mover_piece: it belongs to the side to move in
  // position().
  bool own_piece = false;
  bool mover_piece = false;
  bool toucher_unsure = false;  // Touched, PutBack: as TouchRecord::toucher_unsure
  core::Move move = core::Move::none();
  core::Move replaces = core::Move::none();
  // MoveCompleted: the first square lifted for this move and the piece on it (SQ_NONE when no
  // lift of it was seen, as in a move found in a scan after a reconnection).
  core::Square first_square = core::SQ_NONE;
  core::Piece first_piece = core::NO_PIECE;
  // PutBack: when the piece was lifted. Removed: when the captured piece was taken off.
  // MoveCompleted: when first_square was lifted.
  TimePoint lifted_at{};
  Agreement agreement = Agreement::Agrees;
  Wrong wrong = Wrong::Other;
  core::Move shown = core::Move::none();  // Illegal, NotAnnounced: the move the board shows
  core::Piece wanted = core::NO_PIECE;    // Illegal, WrongPiece: the piece that belongs there
  BoardButton button = BoardButton::Announce;
  std::vector<core::CorrectionStep> hints;
  std::vector<core::Move> candidates;       // MoveNeeded: the moves the board may show, in order
  BoardRemark remark = BoardRemark::Other;  // Info: what it is (tactile/board_input.h)
  std::string said;                         // Info: the device's own words
  std::string detail;
};

// "touched e2 white pawn", "made e2e4", "out of sync: remove white pawn e4; ..." (English; for
// logs, board watch and tests).
std::string describe(const PegboardEvent& event);

// "white pawn" (empty for NO_PIECE).
std::string piece_words(core::Piece piece);
// " (begun with the rook h1, Art. 4.4.2)" for castling completed after its rook was touched
// first, else nothing.
std::string castling_note(const PegboardEvent& e);

}  // namespace annabella::tactile
