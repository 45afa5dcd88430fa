// Readings the player asks for: the board (pieces and squares), what stands on squares, the
// captured pieces; pieces and sides in the player's language, squares in the profile's words.
#include "speech/phrases.h"
#include "speech/wording.h"

namespace annabella::speech {
namespace {

using core::Color;
using wording::Words;

Word square_in_voice(const Language& lang, const Vocabulary& moves, core::Square s) {
  return wording::in_voice(square_words(moves, s), moves.voice(), lang.voice());
}

// "Weiss Bauer", or a word agreeing in gender ("белая пешка") where the language's template asks
// for `{colored}`.
Word piece_of_color(const Language& lang, core::Piece piece) {
  const core::PieceType pt = core::type_of(piece);
  const Color c = core::color_of(piece);
  const std::string colored = wording::piece_key(pt) + (c == core::WHITE ? ".white" : ".black");
  return wording::fill(lang.word("say.square_piece"),
                       {{"color", color_words(lang, c)},
                        {"piece", piece_words(lang, pt)},
                        {"colored", lang.word(colored)}},
                       lang);
}

// One side's pieces on `squares`: "Bauer Eva vier, Springer Felix drei".
Word side_reading(const Language& lang, const Vocabulary& moves, const core::Position& pos,
                  core::Bitboard squares) {
  Words side;
  for (core::Bitboard b = squares; b;) {
    const core::Square s = core::pop_lsb(b);
    const Word piece = Words()
                           .add(piece_words(lang, core::type_of(pos.piece_on(s))))
                           .add(square_in_voice(lang, moves, s))
                           .word();
    side.add(piece, ", ");
  }
  return side.word();
}

}  // namespace

Phrase phrase_board_reading(const Language& lang, const Vocabulary& moves,
                            const core::Position& pos, core::Bitboard squares) {
  Words out;
  for (Color c : {core::WHITE, core::BLACK}) {
    const Word side = side_reading(lang, moves, pos, squares & pos.pieces(c));
    if (side.display.empty()) continue;
    out.add(Words().add(color_words(lang, c)).add(side, ": ").word(), "; ");
  }
  const Word said = out.empty() ? lang.word("say.board_empty") : out.word();
  return wording::make(PhraseKind::Readout, said, lang.voice());
}

Phrase phrase_square_reading(const Language& lang, const Vocabulary& moves,
                             const core::Position& pos, core::Bitboard squares) {
  Words out;
  for (core::Bitboard b = squares; b;) {
    const core::Square s = core::pop_lsb(b);
    const core::Piece piece = pos.piece_on(s);
    const Word what =
        piece == core::NO_PIECE ? lang.word("say.board_empty") : piece_of_color(lang, piece);
    out.add(Words().add(square_in_voice(lang, moves, s)).add(what, ": ").word(), "; ");
  }
  return wording::make(PhraseKind::Readout, out.word(), lang.voice());
}

Phrase phrase_captured(const Language& lang,
                       const std::array<std::vector<core::PieceType>, 2>& captured) {
  Words out;
  out.add(lang.word("say.captured"));
  for (Color c : {core::WHITE, core::BLACK}) {
    Words pieces;
    for (core::PieceType pt : captured[c]) pieces.add(piece_words(lang, pt), ", ");
    const Word list = pieces.empty() ? lang.word("say.captured_none") : pieces.word();
    out.add(Words().add(color_words(lang, c)).add(list, ": ").word(),
            c == core::WHITE ? ": " : "; ");
  }
  return wording::make(PhraseKind::Readout, out.word(), lang.voice());
}

Phrase phrase_game_reading(const Language& lang, const Vocabulary& moves,
                           const std::vector<GameReadingMove>& read) {
  Words out;
  Words numbered;  // a number and its moves: "Потег еден. Белите: Kurze Rochade; Црните: ..."
  int number = -1;
  bool first_of_number = true;
  for (const GameReadingMove& m : read) {
    if (m.number != number) {
      if (!numbered.empty()) out.add(numbered.word(), ". ");
      number = m.number;
      numbered = Words();
      numbered.add(wording::fill(lang.word("say.game_move_number"),
                                 {{"number", number_words(lang, number)}}, lang));
      first_of_number = true;
    }
    const Word move = wording::in_voice({m.move.text, m.move.spoken}, moves.voice(), lang.voice());
    numbered.add(Words().add(color_words(lang, m.side)).add(move, ": ").word(),
                 first_of_number ? ". " : "; ");
    first_of_number = false;
  }
  if (!numbered.empty()) out.add(numbered.word(), ". ");
  return wording::make(PhraseKind::Readout, out.word(), lang.voice());
}

Phrase phrase_board_reading(const Vocabulary& v, const core::Position& pos,
                            core::Bitboard squares) {
  return phrase_board_reading(v.own_language(), v, pos, squares);
}
Phrase phrase_square_reading(const Vocabulary& v, const core::Position& pos,
                             core::Bitboard squares) {
  return phrase_square_reading(v.own_language(), v, pos, squares);
}
Phrase phrase_captured(const Vocabulary& v,
                       const std::array<std::vector<core::PieceType>, 2>& captured) {
  return phrase_captured(v.own_language(), captured);
}

}  // namespace annabella::speech
