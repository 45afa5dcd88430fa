// A scoresheet typed on a computer that does not save UTF-8: Windows-1251 (the Cyrillic sheets of
// Macedonia, Serbia, Bulgaria and Russia: "Ск3", "Кf3") or Latin-1 (German sheets with ä, ö, ü,
// ß, as Windows saves them: Windows-1252). The bytes are decoded to UTF-8 with a table (standard
// library only, no I/O); which of the two was assumed is a typed fact for the application to say
// (D.2.9: the arbiter checks what was assumed before acting on it).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/notation_letters.h"
#include "core/position.h"

namespace annabella::core {

enum class SheetEncoding : unsigned char {
  Utf8,         // UTF-8 (or ASCII): read as it is
  DamagedUtf8,  // mostly UTF-8 with some bytes that are not: read as it is, those bytes escaped
  Windows1251,  // Cyrillic (ru, mk, sr-Cyrl, bg)
  Latin1,       // Latin-1, with Windows-1252's signs at 0x80 to 0x9F (German, French, ...)
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
};

// Whether `letters` are Cyrillic (ru, mk, sr-Cyrl, bg, or a custom table in Cyrillic).
[[nodiscard]] bool cyrillic_letters(const PieceLetters& letters);

// `bytes` decoded from Windows-1251 or Latin-1 (Windows-1252) to UTF-8; a byte the table leaves
// undefined becomes U+FFFD.
[[nodiscard]] std::string decode_windows1251(std::string_view bytes);
[[nodiscard]] std::string decode_latin1(std::string_view bytes);

// A scoresheet's bytes as UTF-8 text. UTF-8 stays as it is. Otherwise: with the sheet's language
// given, Windows-1251 for Cyrillic letters and Latin-1 for the others; without it, the encoding
// in which the sheet (read from `start` in the language that reads it, core/sheet_reading.h)
// reads more written moves, and when both read as many, the one whose words the bytes outside
// ASCII form.
[[nodiscard]] DecodedSheet decode_sheet(std::string_view bytes, const Position& start,
                                        const std::optional<PieceLetters>& letters);

}  // namespace annabella::core
