// The piece letters of each language (Appendix C.3: each player may use the piece letters
// common in his country), built in and configurable.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/types.h"

namespace annabella::core {

// How lower-case Cyrillic letters written for the files are read (lenient reading only; a capital
// is always a piece letter, never a file: "Д" is a queen, "д" a file). docs/notation.md lists them.
enum class CyrillicFiles : unsigned char {
  LookAlike,  // only а с е, which look like a c e (typed on a Cyrillic keyboard)
  Sounded,  // а б ц д е ф г х (в and с also c): the Latin letters as they sound (ru, sr, mk)
  Alphabet,  // а б в г д е ж з: a to h in the order of the Cyrillic alphabet (bg; с also c)
};

// The letters a language uses for the pieces, UTF-8 (Cyrillic included). Index by PieceType:
// letters[KING] etc.; letters[PAWN] is usually empty (pawn moves have no letter) but some
// languages' scoresheets use one (German "B"), which the reader accepts.
struct PieceLetters {
  std::string code;  // ISO 639-1 code: "en", "de", "sr-Cyrl", or "custom"
  std::string name;  // "English", "Deutsch", ...
  std::array<std::string, PIECE_TYPE_NB> letters{};  // [NO_PIECE_TYPE] unused
  // The files written in Cyrillic letters a sheet is read with (core/sheet_reading.h decides).
  CyrillicFiles files = CyrillicFiles::LookAlike;
};

// Why there is no letter table for a code or a custom table, worded by the application
// (text::letters_error, app/move_text.h).
struct LettersError {
  enum class Kind : unsigned char {
    UnknownLanguage,     // `text` is no built-in code (`known` lists them) nor custom:LETTERS
    WrongCount,          // a custom table `text` has `count` letters, not 5 or 6
    NotOneToFour,        // `letter`, for `piece`, is not 1 to 4 UTF-8 characters
    MeansSomethingElse,  // `letter`, for `piece`, holds `character`, a file, rank or sign
    UsedTwice,           // `letter` is given for both `other` and `piece`
  };
  Kind kind = Kind::UnknownLanguage;
  std::string text{};                // the code or the custom table as given
  std::string letter{};              // the custom letter at fault
  PieceType piece = NO_PIECE_TYPE;   // the piece it was given for
  PieceType other = NO_PIECE_TYPE;   // UsedTwice: the piece it was given for first
  char32_t character = 0;            // MeansSomethingElse
  std::size_t count = 0;             // WrongCount
  std::vector<std::string> known{};  // UnknownLanguage: the built-in codes
};

// The built-in tables: en, de, fr, es, it, nl, ru, mk, sr (Latin), sr-Cyrl, bg.
[[nodiscard]] const std::vector<PieceLetters>& builtin_piece_letters();
// The table for an ISO 639-1 code (case-insensitive; "sr-Latn" = "sr"); error lists the codes.
[[nodiscard]] Result<PieceLetters, LettersError> piece_letters_for(std::string_view code);
[[nodiscard]] const PieceLetters& english_letters();
// A configurable table: the letters for king, queen, rook, bishop, knight and optionally pawn,
// separated by blanks ("K D T L S B"); each 1-4 characters, none a file, rank or sign.
// piece_letters_for("custom:K D T L S") is the same.
[[nodiscard]] Result<PieceLetters, LettersError> custom_piece_letters(std::string_view spec);

}  // namespace annabella::core
