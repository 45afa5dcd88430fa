// The move announcement (D.2.1) and the words of squares and pieces.
#include "speech/phrases.h"

#include "core/movegen.h"
#include "core/notation.h"
#include "speech/wording.h"

namespace annabella::speech {
namespace {

using core::PieceType;
using wording::Words;

Word file_word(const Vocabulary& v, int file) {
  return v.word(std::string("file.") + static_cast<char>('a' + file));
}
Word rank_word(const Vocabulary& v, int rank) {
  return v.word(std::string("rank.") + static_cast<char>('1' + rank));
}

// "Bauer schlaegt David fuenf": the file of a capturing pawn is said only when another pawn
// could capture on the same square.
bool pawn_capture_needs_file(const core::Position& before, core::Move move) {
  for (core::Move other : core::legal_moves(before)) {
    if (other.to() == move.to() && other.from() != move.from() &&
        core::type_of(before.piece_on(other.from())) == core::PAWN && before.is_capture(other))
      return true;
  }
  return false;
}

// D.2.1 short form: the piece ("Bauer" for a pawn capture), then as much of the departure square
// as SAN needs to tell the move apart.
void add_short_departure(Words& w, const Vocabulary& v, const core::Position& before,
                         core::Move move, std::string_view san) {
  const PieceType pt = core::type_of(before.piece_on(move.from()));
  const bool capture = before.is_capture(move);
  if (pt != core::PAWN || capture) w.add(piece_words(v, pt));
  std::string_view body = san;
  if (const auto eq = body.find('='); eq != std::string_view::npos) body = body.substr(0, eq);
  const std::size_t skip = pt == core::PAWN ? 0 : 1;
  body = body.substr(skip, body.size() - skip - 2);
  if (!body.empty() && body.back() == 'x') body.remove_suffix(1);
  if (pt == core::PAWN && capture && !pawn_capture_needs_file(before, move)) body = {};
  for (char c : body) {
    if (c >= 'a' && c <= 'h') w.add(file_word(v, c - 'a'));
    if (c >= '1' && c <= '8') w.add(rank_word(v, c - '1'));
  }
}

// Everything of a move that is not castling, up to check or mate.
void add_piece_move(Words& w, const Vocabulary& v, const core::Position& before, core::Move move,
                    MoveWording wording, std::string_view san) {
  const PieceType pt = core::type_of(before.piece_on(move.from()));
  if (wording.form == MoveForm::Long) {
    if (pt != core::PAWN) w.add(piece_words(v, pt));
    w.add(square_words(v, move.from()));
  } else {
    add_short_departure(w, v, before, move, san);
  }
  if (before.is_capture(move)) {
    w.add(v.word("move.capture"));
    if (wording.name_captured_piece)
      w.add(wording::piece_object(v.own_language(), core::type_of(before.captured_piece(move))));
  }
  w.add(square_words(v, move.to()));
  if (move.kind() == core::MoveKind::EnPassant) w.add(v.word("move.en_passant"));
  if (move.kind() == core::MoveKind::Promotion)  // D.2.1: the chosen piece is announced
    w.add(v.word("move.promotes_to"))
        .add(wording::piece_object(v.own_language(), move.promotion()));
}

}  // namespace

Word piece_words(const Vocabulary& v, PieceType pt) {
  return v.word(wording::piece_key(pt));
}
Word piece_words(const Language& lang, PieceType pt) {
  return lang.word(wording::piece_key(pt));
}

Word color_words(const Language& lang, core::Color c) {
  return lang.word(c == core::WHITE ? "color.white" : "color.black");
}

Word square_words(const Vocabulary& v, core::Square s) {
  return Words().add(file_word(v, core::file_of(s))).add(rank_word(v, core::rank_of(s))).word();
}

Phrase phrase_for_move(const Vocabulary& v, const core::Position& before, core::Move move,
                       MoveWording wording) {
  // The structure comes from canonical SAN (minimal disambiguation, check and mate signs).
  std::string san = core::to_san(before, move);
  bool mate = false, check = false;
  while (!san.empty() && (san.back() == '+' || san.back() == '#')) {
    (san.back() == '#' ? mate : check) = true;
    san.pop_back();
  }
  Words w;
  if (move.kind() == core::MoveKind::Castling) {
    const bool king_side = core::file_of(move.to()) > core::file_of(move.from());
    w.add(v.word(king_side ? "castle.short" : "castle.long"));
  } else {
    add_piece_move(w, v, before, move, wording, san);
  }
  if (mate)
    w.add(v.word("move.mate"));
  else if (check)
    w.add(v.word("move.check"));
  return wording::make(PhraseKind::Move, w.word(), v.voice());
}

Word number_words(const Vocabulary& v, int n, std::string_view gender) {
  return number_words(v.own_language(), n, gender);
}
Word count_words(const Vocabulary& v, std::string_view unit, int n) {
  return count_words(v.own_language(), unit, n);
}
Word duration_words(const Vocabulary& v, std::chrono::seconds d) {
  return duration_words(v.own_language(), d);
}

}  // namespace annabella::speech
