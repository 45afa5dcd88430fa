// Wording of the FEN reader's faults and of boards that do not read: see fen_text.h.
#include "app/fen_text.h"

#include "app/i18n.h"
#include "app/station_text.h"

namespace annabella::app::text {
namespace {

using i18n::format;
using i18n::tr;
using i18n::tr_n;
using Fault = core::Position::FenError::Fault;

std::string quoted(char c) {
  return std::string(1, c);
}

// The fields and letters of the record itself (syntax).
std::string syntax_fault(const core::Position::FenError& e) {
  const i18n::Places facts = {{"text", e.text},
                              {"char", quoted(e.character)},
                              {"rank", std::to_string(e.rank)},
                              {"count", std::to_string(e.count)}};
  switch (e.fault) {
    case Fault::FieldCount:
      // TRANSLATORS: a FEN record has six fields separated by spaces.
      return format(tr_n("FEN has {count} field; it needs 6 (placement, side, castling, en "
                         "passant, halfmove clock, move number) or 4 (without the two counters)",
                         "FEN has {count} fields; it needs 6 (placement, side, castling, en "
                         "passant, halfmove clock, move number) or 4 (without the two counters)",
                         static_cast<unsigned long>(e.count)),
                    facts);
    case Fault::TextAfterSixthField:
      return format(tr("unexpected text after the sixth field: '{text}'"), facts);
    case Fault::NotPieceOrDigit:
      return format(tr("'{char}' is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8"), facts);
    case Fault::RankOverfull:
      return format(tr("rank {rank} has more than 8 squares"), facts);
    case Fault::RankShort:
      return format(tr_n("rank {rank} has {count} square, not 8",
                         "rank {rank} has {count} "
                         "squares, not 8",
                         static_cast<unsigned long>(e.count)),
                    facts);
    case Fault::TooManyRanks:
      return tr("more than 8 ranks");
    case Fault::TooFewRanks:
      return format(tr_n("only {count} rank, not 8", "only {count} ranks, not 8",
                         static_cast<unsigned long>(e.count)),
                    facts);
    case Fault::SideToMove:
      // TRANSLATORS: 'w' and 'b' are the FEN's letters, kept as they are.
      return format(tr("side to move must be 'w' or 'b', not '{text}'"), facts);
    case Fault::NotCastlingRight:
      // TRANSLATORS: KQkq and '-' are the FEN's letters, kept as they are.
      return format(e.chess960 ? tr("'{char}' is not a castling right (KQkq, a rook's file A-H "
                                    "or a-h, or -)")
                               : tr("'{char}' is not a castling right (KQkq or -)"),
                    facts);
    case Fault::Chess960CastlingRight:
      return format(tr("'{char}' is a Chess960 castling right (a rook's file); in standard "
                       "chess only KQkq or -"),
                    facts);
    case Fault::CastlingRightTwice:
      return format(tr("castling right '{char}' given twice"), facts);
    case Fault::HalfmoveClockNotNumber:
      return format(tr("the halfmove clock must be a whole number, not '{text}'"), facts);
    case Fault::MoveNumberNotNumber:
      return format(tr("the move number must be a whole number, not '{text}'"), facts);
    case Fault::MoveNumberZero:
      return tr("the move number must be 1 or more");
    case Fault::EnPassantNotSquare:
      return format(tr("en passant square must be a square such as e3 or '-', not '{text}'"),
                    facts);
    default:
      return {};
  }
}

// The position the record describes (Art. 3, Art. 3.8.2.1, Art. 3.7.3.1).
std::string position_fault(const core::Position::FenError& e) {
  const i18n::Places facts = {{"side", side(e.color)},
                              {"other", side(~e.color)},
                              {"char", quoted(e.character)},
                              {"count", std::to_string(e.count)},
                              {"limit", std::to_string(e.limit)},
                              {"rank", std::to_string(e.rank)},
                              {"square", core::square_name(e.square)},
                              {"from", core::square_name(e.from)},
                              {"to", core::square_name(e.to)},
                              {"rook", piece(core::make_piece(e.color, core::ROOK))},
                              {"pawn", piece(core::make_piece(e.color, core::PAWN))},
                              {"king", piece(core::make_piece(e.color, core::KING))}};
  const auto n = static_cast<unsigned long>(e.count);
  switch (e.fault) {
    case Fault::KingCount:
      return format(tr_n("{side} has {count} king; there must be exactly one",
                         "{side} has {count} kings; there must be exactly one", n),
                    facts);
    case Fault::TooManyPawns:
      return format(tr("{side} has {count} pawns; at most 8"), facts);
    case Fault::TooManyPieces:
      return format(tr("{side} has {count} pieces; at most 16"), facts);
    case Fault::TooManyPromoted:
      // TRANSLATORS: every promoted piece replaces a pawn (Art. 3.7.5).
      return format(tr("{side} has more promoted pieces ({count}) than missing pawns ({limit})"),
                    facts);
    case Fault::PawnOnEdgeRank:
      return format(tr("a pawn stands on {square}; pawns cannot stand on the first or last rank"),
                    facts);
    case Fault::CastlingKingNotHome:
      // TRANSLATORS: {char} is the FEN's castling letter (K, Q, k, q); Art. 3.8.2.1.
      return format(tr("castling right '{char}' but the king is not on {square}"), facts);
    case Fault::CastlingNoRook:
      // TRANSLATORS: {rook}: "white rook", "black rook".
      return format(tr("castling right '{char}' but there is no {rook} on {square}"), facts);
    case Fault::CastlingKingNotOnFirstRank:
      // TRANSLATORS: {king}: "white king", "black king".
      return format(tr("castling right '{char}' but the {king} is not on its first rank"), facts);
    case Fault::CastlingNoRookOnSide:
      return format(e.king_side ? tr("castling right '{char}' but there is no {rook} on the "
                                     "h-side of the king on its first rank")
                                : tr("castling right '{char}' but there is no {rook} on the "
                                     "a-side of the king on its first rank"),
                    facts);
    case Fault::SideNotToMoveInCheck:
      return format(tr("{side} is in check, but it is {other}'s move: the side not to move "
                       "cannot be in check"),
                    facts);
    case Fault::TooManyCheckers:
      return format(tr("{side}'s king is attacked by {count} pieces; no move gives more than a "
                       "double check"),
                    facts);
    case Fault::EnPassantWrongRank:
      return format(tr("en passant square {square} is impossible with {side} to move: it must be "
                       "on rank {rank}"),
                    facts);
    case Fault::EnPassantNoPawn:
      // TRANSLATORS: {pawn}: "white pawn", "black pawn" (Art. 3.7.3.1).
      return format(tr("en passant square {square} is impossible: no {pawn} can just have moved "
                       "from {from} to {to}"),
                    facts);
    case Fault::HalfmoveClockAfterPawnMove:
      return tr(
          "the halfmove clock must be 0 after the pawn move that gives an en passant "
          "square");
    default:
      return {};
  }
}

}  // namespace

std::string fen_error(const core::Position::FenError& error) {
  std::string why = syntax_fault(error);
  if (why.empty()) why = position_fault(error);
  if (error.column < 0) return why;
  // TRANSLATORS: where a fault stands in a FEN record: "FEN column 19: ...".
  return format(tr("FEN column {column}: {why}"),
                {{"column", std::to_string(error.column + 1)}, {"why", why}});
}

std::string placement_error(const core::PlacementError& error) {
  using K = core::PlacementError::Kind;
  switch (error.kind) {
    case K::NoSquare:
      return format(tr("piece list: \"{item}\" has no square at its end"), {{"item", error.item}});
    case K::NotALetter:
      // TRANSLATORS: {letters}: the name of the piece letters' language ("English", "Deutsch").
      return format(tr("piece list: \"{item}\": \"{letter}\" is no piece letter in {letters}"),
                    {{"item", error.item}, {"letter", error.letter}, {"letters", error.letters}});
    case K::NoSide:
      // TRANSLATORS: "White:" and "Black:" start a group of the piece list; the reader also
      // knows them in the sheet languages ("Weiß:", "Белые:").
      return format(tr("piece list: \"{item}\" does not start with a side (\"White:\" or "
                       "\"Black:\")"),
                    {{"item", error.item}});
    case K::ListedTwice:
      return format(tr("piece list: {square} is listed twice (\"{item}\")"),
                    {{"square", core::square_name(error.square)}, {"item", error.item}});
    case K::NoPosition:
      break;
  }
  return format(tr("board \"{board}\": {why}"),
                {{"board", error.item}, {"why", fen_error(error.fen)}});
}

std::string chess960_number_error(int number) {
  // TRANSLATORS: Guidelines II.2 number the 960 start positions.
  return format(tr("Chess960 start positions are numbered 0 to 959, not {number}"),
                {{"number", std::to_string(number)}});
}

}  // namespace annabella::app::text
