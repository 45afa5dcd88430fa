// A scoresheet typed on a computer that does not save UTF-8: Windows-1251 (the Cyrillic sheets of
// Macedonia, Serbia, Bulgaria and Russia: "Ск3", "Кf3"), Latin-1 (German sheets with ä, ö, ü,
// ß, as Windows saves them: Windows-1252) or Windows-1250 (Central European: Polish, Czech,
// Slovak, Croatian, Slovenian, Hungarian and Serbian Latin names: "Đukić", "Łódź", "Dvořák").
// The bytes are decoded to UTF-8 with a table (standard library only, no I/O); which one was
// assumed, and on what evidence, is a typed fact for the application to say (D.2.9: the arbiter
// checks what was assumed before acting on it).
//
// Latin-1 and Windows-1250 share the ASCII letters the moves are written in and many accented
// letters (á é í ó ú ä ö ü ß š ž), and differ in others (0xE8 is è in one and č in the other,
// 0xE6 æ and ć, 0xF0 ð and đ, 0xB3 ³ and ł). Which one a sheet is in is decided from its words
// whose two readings differ: a word counts for an encoding when every letter outside ASCII it
// reads as there belongs to one alphabet of that encoding's languages (Western: de fr es it pt nl
// da no sv; Central European: pl cs sk hr sr sl bs hu ro). "Dvo\xF8\xE1k" is "Dvořák" (Czech) in
// Windows-1250 and "Dvoøák" (no language's word) in Latin-1. When as many words count for both,
// nothing decides: Latin-1 is assumed, and said to be a guess.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "core/notation_letters.h"
#include "core/position.h"

namespace annabella::core {

enum class SheetEncoding : unsigned char {
  Utf8,         // UTF-8 (or ASCII): read as it is
  DamagedUtf8,  // mostly UTF-8 with some bytes that are not: read as it is, those bytes escaped
  Windows1251,  // Cyrillic (ru, mk, sr-Cyrl, bg)
  Latin1,       // Latin-1, with Windows-1252's signs at 0x80 to 0x9F (German, French, ...)
  Windows1250,  // Central European (pl, cs, sk, hr, sr Latin, sl, hu, ro)
};

// How Latin-1 and Windows-1250 were told apart, when the sheet was read in one of them.
struct LatinChoice {
  enum class Kind : unsigned char {
    Same,       // the two read the sheet the same (its letters outside ASCII are common to both)
    Words,      // more of its words read as words in the encoding chosen (`words` against `other`)
    Undecided,  // they read it differently and no word decides: Latin-1 assumed, a guess
  };
  Kind kind = Kind::Same;
  std::size_t words = 0;      // Words: the words that read as words in the encoding chosen ...
  std::size_t other = 0;      // ... and in the other one
  std::string example;        // a word that decided (Words) or read differently (Undecided),
  std::string other_example;  // as read in the encoding chosen and in the other one
};

// Why a sheet that is not UTF-8 was decoded as it was.
enum class EncodingReason : unsigned char {
  Utf8,           // it is UTF-8 (or mostly: DamagedUtf8), nothing was decoded
  Language,       // the sheet's language was given: Cyrillic letters mean Windows-1251
  ReadsFurther,   // it reads more written moves in this encoding than in the other one
  LettersAround,  // both read as many moves; the bytes outside ASCII stand as the encoding's
                  // words do (Cyrillic words are all such bytes, German words mix them with a-z)
};

struct DecodedSheet {
  std::string text;  // UTF-8
  SheetEncoding encoding = SheetEncoding::Utf8;
  EncodingReason reason = EncodingReason::Utf8;
  std::size_t read_plies = 0;        // ReadsFurther: the written moves read in `encoding`
  std::size_t other_read_plies = 0;  // ... and in the other encoding
  LatinChoice latin;                 // Latin1 or Windows1250: how the two were told apart
};

// Whether `letters` are Cyrillic (ru, mk, sr-Cyrl, bg, or a custom table in Cyrillic).
[[nodiscard]] bool cyrillic_letters(const PieceLetters& letters);

// `bytes` decoded from Windows-1251, Latin-1 (Windows-1252) or Windows-1250 to UTF-8; a byte the
// table leaves undefined becomes U+FFFD.
[[nodiscard]] std::string decode_windows1251(std::string_view bytes);
[[nodiscard]] std::string decode_latin1(std::string_view bytes);
[[nodiscard]] std::string decode_windows1250(std::string_view bytes);

// Latin-1 or Windows-1250 for `bytes`, from their words (see the top of this file); `prefer` when
// no word decides (Latin-1 unless the sheet's language is Serbian Latin).
[[nodiscard]] std::pair<SheetEncoding, LatinChoice> latin_or_central(std::string_view bytes,
                                                                     SheetEncoding prefer);

// A scoresheet's bytes as UTF-8 text. UTF-8 stays as it is. Otherwise: with the sheet's language
// given, Windows-1251 for Cyrillic letters and a Latin encoding for the others; without it,
// Windows-1251 or a Latin encoding, the one in which the sheet (read from `start` in the language
// that reads it, core/sheet_reading.h) reads more written moves, and when both read as many, the
// one whose words the bytes outside ASCII form. The Latin encoding is Latin-1 or Windows-1250
// (latin_or_central).
[[nodiscard]] DecodedSheet decode_sheet(std::string_view bytes, const Position& start,
                                        const std::optional<PieceLetters>& letters);

}  // namespace annabella::core
