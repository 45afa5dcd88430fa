// libFuzzer target for the FEN reader, in standard chess and in Chess960 (X-FEN and Shredder-FEN
// castling rights; the first byte chooses): any input is refused with a message or read into a
// position that writes back to a FEN (both castling forms in Chess960) that reads back to the
// same position, whose legal moves never leave the mover's king in check and keep the castling
// rooks where the rights say.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "core/movegen.h"
#include "core/position.h"

#include "tests/fuzz/fuzz_check.h"

using namespace annabella::core;

using annabella::fuzz::check;

namespace {

void check_round_trip(const Position& pos, Position::CastlingField field) {
  const std::string fen = pos.fen(field);
  auto again = Position::from_fen(fen, pos.variant());
  check(again.has_value());
  check(*again == pos);
  check(again->fen(field) == fen);
}

void check_castling_rooks(const Position& pos) {
  for (CastlingRights one : {WHITE_OO, WHITE_OOO, BLACK_OO, BLACK_OOO}) {
    if (!pos.can_castle(one)) continue;
    const Color c = castling_color(one);
    const Square rook = pos.castling_rook(one);
    check(pos.piece_on(rook) == make_piece(c, ROOK));
    check((file_of(rook) > file_of(pos.king_square(c))) == is_king_side(one));
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const Variant variant = (data[0] & 1) ? Variant::Chess960 : Variant::Standard;
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  auto pos = Position::from_fen(text, variant);
  if (!pos) {
    // The first five faults are the record's syntax, the rest an illegal position.
    using Fault = Position::FenError::Fault;
    check((pos.error().kind == Position::FenError::Kind::Syntax) ==
          (pos.error().fault <= Fault::EnPassantNotSquare));
    return 0;
  }
  check_round_trip(*pos, Position::CastlingField::XFen);
  check_round_trip(*pos, Position::CastlingField::Shredder);
  check_castling_rooks(*pos);
  const Color us = pos->side_to_move();
  for (Move m : legal_moves(*pos)) {
    const Position next = pos->after(m);
    check(!(next.attackers_to(next.king_square(us)) & next.pieces(~us)));
    check(next.side_to_move() == ~us);
    check_castling_rooks(next);
    if (m.kind() == MoveKind::Castling)
      check(next.pieces(us, KING) != 0 && !next.can_castle(castling_right(us, true)) &&
            !next.can_castle(castling_right(us, false)));
  }
  check(count_legal_moves(*pos) == legal_moves(*pos).size());
  return 0;
}
