// Why a written text does not read as a move at all (Appendix C): the kind the reader found and
// its facts, for the application to word (app/move_text.h, text::move_read_error).
#pragma once

#include <string>

namespace annabella::core {

// Why a text does not read as a move at all, as the reader found it: a kind and the facts (the
// character and where it stands), never words; the application words it (text::move_read_error).
struct NotAMove {
  enum class Kind {
    Empty,                  // nothing written
    TooLong,                // more characters than a move can have
    InvalidUtf8,            // not UTF-8 at byte `index` (0-based)
    OnlyAnnotation,         // only annotation signs ("!?", "+")
    PromotionPieceMissing,  // nothing after the promotion marker `character`
    NotAPieceLetter,        // `character` at `index` is not a piece letter of the language
    ParenthesisMissing,     // ')' is missing after the promotion piece
    AfterPromotion,         // `character` at `index` follows the promotion piece
    NoDestination,          // no destination square at all
    NoDestinationAtEnd,     // no destination square at the end (a file a-h and a rank 1-8)
    TooManyCoordinates,     // a fifth file or rank: `character` at `index`
    NotMoveCharacter,       // `character` at `index` is not a file, rank, piece letter or capture
    PromotionTooEarly,      // `character` at `index` must follow the destination square
    NotCanonical,           // strict reading: not what SAN writes; `canonical` is
    NoLetters,              // no piece letters to read it in
  };
  Kind kind = Kind::Empty;
  char32_t character = 0;
  int index = -1;         // 0-based: the character's place in the cleaned text, or the byte
  std::string canonical;  // NotCanonical: the canonical SAN
  bool operator==(const NotAMove&) const = default;
};

}  // namespace annabella::core
