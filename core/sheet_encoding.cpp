#include "core/sheet_encoding.h"

#include <array>
#include <cstdint>

#include "core/notation_tokens.h"
#include "core/scoresheet.h"
#include "core/sheet_reading.h"

namespace annabella::core {
namespace {

// The length of the UTF-8 sequence at text[at], or 0 when the bytes there are not one (a stray
// continuation byte, a cut or overlong sequence, a surrogate, above U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t at) {
  const auto b = static_cast<unsigned char>(text[at]);
  if (b < 0x80) return 1;
  std::size_t n = 0;
  char32_t code = 0;
  if (b >= 0xC2 && b <= 0xDF) {
    n = 2;
    code = b & 0x1FU;
  } else if (b >= 0xE0 && b <= 0xEF) {
    n = 3;
    code = b & 0x0FU;
  } else if (b >= 0xF0 && b <= 0xF4) {
    n = 4;
    code = b & 0x07U;
  } else {
    return 0;
  }
  if (at + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    const auto c = static_cast<unsigned char>(text[at + k]);
    if ((c & 0xC0U) != 0x80U) return 0;
    code = (code << 6) | (c & 0x3FU);
  }
  const bool overlong = (n == 3 && code < 0x800) || (n == 4 && code < 0x10000);
  if (overlong || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF) return 0;
  return n;
}

// Windows-1251 at 0x80 to 0xBF (0xC0 to 0xFF are U+0410 to U+044F, А to я).
constexpr std::array<char16_t, 64> kWindows1251 = {
    0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021,  // 0x80
    0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,  // 0x88
    0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,  // 0x90
    0xFFFD, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,  // 0x98
    0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7,  // 0xA0
    0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,  // 0xA8
    0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7,  // 0xB0
    0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457,  // 0xB8
};

// Windows-1252 at 0x80 to 0x9F, where Latin-1 has C1 controls (never written on a sheet, and
// unsafe in a log line); 0xA0 to 0xFF are Latin-1's U+00A0 to U+00FF.
constexpr std::array<char16_t, 32> kWindows1252 = {
    0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,  // 0x80
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,  // 0x88
    0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,  // 0x90
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,  // 0x98
};

// How the bytes stand: UTF-8 sequences of more than one byte, bytes that are not UTF-8, and the
// words (runs between blanks) with bytes outside ASCII: all of them such bytes (a Cyrillic word
// in Windows-1251: "Ск3" is two such bytes and a digit) or mixed with ASCII letters ("Läufer").
struct ByteCounts {
  std::size_t utf8_sequences = 0;
  std::size_t invalid = 0;
  std::size_t pure_words = 0;
  std::size_t mixed_words = 0;
};

bool ascii_letter(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

ByteCounts count_bytes(std::string_view bytes) {
  ByteCounts counts;
  for (std::size_t i = 0; i < bytes.size();) {
    const std::size_t n = utf8_length(bytes, i);
    if (n == 0) ++counts.invalid;
    if (n > 1) ++counts.utf8_sequences;
    i += n == 0 ? 1 : n;
  }
  bool high = false, letter = false;
  auto end_word = [&] {
    if (high) ++(letter ? counts.mixed_words : counts.pure_words);
    high = letter = false;
  };
  for (const char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '.') {
      end_word();
    } else {
      high = high || c >= 0x80;
      letter = letter || ascii_letter(c);
    }
  }
  end_word();
  return counts;
}

// How many written moves the sheet reads, in the language that reads it furthest.
std::size_t plies_read(const std::string& text, const Position& start) {
  auto sheet = read_scoresheet(text);
  if (!sheet) return 0;
  return read_sheet(start, WrittenSheet{std::move(*sheet), std::nullopt}).read_plies;
}

}  // namespace

bool cyrillic_letters(const PieceLetters& letters) {
  for (const std::string& l : letters.letters)
    for (const char c : l)
      if (const auto b = static_cast<unsigned char>(c); b == 0xD0 || b == 0xD1) return true;
  return false;
}

namespace {

// `bytes` as UTF-8, each byte from 0x80 on as `high` gives it.
template <typename High>
std::string decoded(std::string_view bytes, High high) {
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x80)
      out += ch;
    else
      notation_detail::append_utf8(out, high(c));
  }
  return out;
}

}  // namespace

std::string decode_windows1251(std::string_view bytes) {
  return decoded(bytes, [](unsigned char c) {
    return c < 0xC0 ? char32_t(kWindows1251[c - 0x80]) : char32_t(0x0410 + (c - 0xC0));
  });
}

std::string decode_latin1(std::string_view bytes) {
  return decoded(bytes,
                 [](unsigned char c) { return c < 0xA0 ? char32_t(kWindows1252[c - 0x80]) : c; });
}

DecodedSheet decode_sheet(std::string_view bytes, const Position& start,
                          const std::optional<PieceLetters>& letters) {
  const ByteCounts counts = count_bytes(bytes);
  DecodedSheet d;
  // UTF-8, or UTF-8 with a few damaged bytes (a cut or mistyped letter among many right ones):
  // decoding it as a legacy encoding would garble every right letter.
  if (counts.invalid == 0 || counts.utf8_sequences > counts.invalid) {
    d.text = std::string(bytes);
    d.encoding = counts.invalid == 0 ? SheetEncoding::Utf8 : SheetEncoding::DamagedUtf8;
    return d;
  }
  if (letters) {
    d.reason = EncodingReason::Language;
    d.encoding = cyrillic_letters(*letters) ? SheetEncoding::Windows1251 : SheetEncoding::Latin1;
    d.text =
        d.encoding == SheetEncoding::Windows1251 ? decode_windows1251(bytes) : decode_latin1(bytes);
    return d;
  }
  std::string cyrillic = decode_windows1251(bytes);
  std::string latin = decode_latin1(bytes);
  const std::size_t in_cyrillic = plies_read(cyrillic, start);
  const std::size_t in_latin = plies_read(latin, start);
  bool windows1251 = false;
  if (in_cyrillic != in_latin) {
    d.reason = EncodingReason::ReadsFurther;
    windows1251 = in_cyrillic > in_latin;
    d.read_plies = windows1251 ? in_cyrillic : in_latin;
    d.other_read_plies = windows1251 ? in_latin : in_cyrillic;
  } else {
    d.reason = EncodingReason::LettersAround;
    windows1251 = counts.pure_words > counts.mixed_words;
  }
  d.encoding = windows1251 ? SheetEncoding::Windows1251 : SheetEncoding::Latin1;
  d.text = windows1251 ? std::move(cyrillic) : std::move(latin);
  return d;
}

}  // namespace annabella::core
