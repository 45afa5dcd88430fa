#include "core/sheet_encoding.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

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

// Windows-1250 at 0x80 to 0xFF (Central European).
constexpr std::array<char16_t, 128> kWindows1250 = {
    0x20AC, 0xFFFD, 0x201A, 0xFFFD, 0x201E, 0x2026, 0x2020, 0x2021,  // 0x80
    0xFFFD, 0x2030, 0x0160, 0x2039, 0x015A, 0x0164, 0x017D, 0x0179,  // 0x88
    0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,  // 0x90
    0xFFFD, 0x2122, 0x0161, 0x203A, 0x015B, 0x0165, 0x017E, 0x017A,  // 0x98
    0x00A0, 0x02C7, 0x02D8, 0x0141, 0x00A4, 0x0104, 0x00A6, 0x00A7,  // 0xA0
    0x00A8, 0x00A9, 0x015E, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x017B,  // 0xA8
    0x00B0, 0x00B1, 0x02DB, 0x0142, 0x00B4, 0x00B5, 0x00B6, 0x00B7,  // 0xB0
    0x00B8, 0x0105, 0x015F, 0x00BB, 0x013D, 0x02DD, 0x013E, 0x017C,  // 0xB8
    0x0154, 0x00C1, 0x00C2, 0x0102, 0x00C4, 0x0139, 0x0106, 0x00C7,  // 0xC0
    0x010C, 0x00C9, 0x0118, 0x00CB, 0x011A, 0x00CD, 0x00CE, 0x010E,  // 0xC8
    0x0110, 0x0143, 0x0147, 0x00D3, 0x00D4, 0x0150, 0x00D6, 0x00D7,  // 0xD0
    0x0158, 0x016E, 0x00DA, 0x0170, 0x00DC, 0x00DD, 0x0162, 0x00DF,  // 0xD8
    0x0155, 0x00E1, 0x00E2, 0x0103, 0x00E4, 0x013A, 0x0107, 0x00E7,  // 0xE0
    0x010D, 0x00E9, 0x0119, 0x00EB, 0x011B, 0x00ED, 0x00EE, 0x010F,  // 0xE8
    0x0111, 0x0144, 0x0148, 0x00F3, 0x00F4, 0x0151, 0x00F6, 0x00F7,  // 0xF0
    0x0159, 0x016F, 0x00FA, 0x0171, 0x00FC, 0x00FD, 0x0163, 0x02D9,  // 0xF8
};

// The letters outside ASCII of the languages written in Latin-1 (Western) and in Windows-1250
// (Central European), one alphabet a language (both cases). A word whose letters outside ASCII
// all belong to one alphabet is a word of that language.
constexpr std::u16string_view kWestern[] = {
    u"äöüßÄÖÜ",                           // de
    u"àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ",  // fr
    u"áéíóúñüÁÉÍÓÚÑÜ",                    // es
    u"àèéìíîòóùúÀÈÉÌÍÎÒÓÙÚ",              // it
    u"áâãàçéêíóôõúÁÂÃÀÇÉÊÍÓÔÕÚ",          // pt
    u"éëïóöüÉËÏÓÖÜ",                      // nl
    u"æøåéÆØÅÉ",                          // da, no
    u"åäöÅÄÖ",                            // sv, fi
};
constexpr std::u16string_view kCentral[] = {
    u"ąćęłńóśźżĄĆĘŁŃÓŚŹŻ",                  // pl
    u"áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ",      // cs
    u"áäčďéíĺľňóôŕšťúýžÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ",  // sk
    u"čćđšžČĆĐŠŽ",                          // hr, sr (Latin), bs, sl
    u"áéíóöőúüűÁÉÍÓÖŐÚÜŰ",                  // hu
    u"ăâîşţĂÂÎŞŢ",                          // ro
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

std::string decode_windows1250(std::string_view bytes) {
  return decoded(bytes, [](unsigned char c) { return char32_t(kWindows1250[c - 0x80]); });
}

namespace {

char16_t latin1_char(unsigned char c) {
  return c < 0xA0 ? kWindows1252[c - 0x80] : char16_t(c);
}

// Whether the letters outside ASCII of `word` (bytes 0x80 to 0xFF, as `high` reads them) all
// belong to one of `alphabets`.
template <typename High, std::size_t N>
bool word_of(std::string_view word, High high, const std::u16string_view (&alphabets)[N]) {
  for (const std::u16string_view alphabet : alphabets) {
    bool all = true;
    for (const char ch : word)
      if (const auto c = static_cast<unsigned char>(ch);
          c >= 0x80 && alphabet.find(high(c)) == std::u16string_view::npos)
        all = false;
    if (all) return true;
  }
  return false;
}

// The words of `bytes`: runs of letters (ASCII letters and bytes from 0x80 on).
std::vector<std::string_view> words_of(std::string_view bytes) {
  std::vector<std::string_view> words;
  std::size_t from = 0;
  for (std::size_t i = 0; i <= bytes.size(); ++i) {
    const bool letter = i < bytes.size() && (ascii_letter(static_cast<unsigned char>(bytes[i])) ||
                                             static_cast<unsigned char>(bytes[i]) >= 0x80);
    if (letter) continue;
    if (i > from) words.push_back(bytes.substr(from, i - from));
    from = i + 1;
  }
  return words;
}

}  // namespace

std::pair<SheetEncoding, LatinChoice> latin_or_central(std::string_view bytes,
                                                       SheetEncoding prefer) {
  // Only a word the two read differently tells them apart; the first of each kind is shown.
  std::size_t western = 0, central = 0;
  std::string_view differs, western_word, central_word;
  const auto in_1250 = [](unsigned char c) { return kWindows1250[c - 0x80]; };
  for (const std::string_view word : words_of(bytes)) {
    if (std::none_of(word.begin(), word.end(), [&](char ch) {
          const auto c = static_cast<unsigned char>(ch);
          return c >= 0x80 && latin1_char(c) != in_1250(c);
        }))
      continue;
    if (differs.empty()) differs = word;
    if (word_of(word, latin1_char, kWestern) && western++ == 0) western_word = word;
    if (word_of(word, in_1250, kCentral) && central++ == 0) central_word = word;
  }
  LatinChoice choice;
  if (differs.empty()) return {prefer, choice};  // Kind::Same
  const bool is_central =
      central != western ? central > western : prefer == SheetEncoding::Windows1250;
  choice.words = is_central ? central : western;
  choice.other = is_central ? western : central;
  std::string_view shown = differs;
  if (central != western) {
    choice.kind = LatinChoice::Kind::Words;
    shown = is_central ? central_word : western_word;
  } else {
    choice.kind = LatinChoice::Kind::Undecided;
  }
  choice.example = is_central ? decode_windows1250(shown) : decode_latin1(shown);
  choice.other_example = is_central ? decode_latin1(shown) : decode_windows1250(shown);
  return {is_central ? SheetEncoding::Windows1250 : SheetEncoding::Latin1, choice};
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
  // Latin-1 or Windows-1250, from the words (Serbian Latin sheets are typed in Windows-1250).
  auto latin = [&](SheetEncoding prefer) {
    auto [encoding, choice] = latin_or_central(bytes, prefer);
    d.encoding = encoding;
    d.latin = std::move(choice);
    d.text =
        encoding == SheetEncoding::Windows1250 ? decode_windows1250(bytes) : decode_latin1(bytes);
  };
  if (letters) {
    d.reason = EncodingReason::Language;
    if (cyrillic_letters(*letters)) {
      d.encoding = SheetEncoding::Windows1251;
      d.text = decode_windows1251(bytes);
    } else {
      latin(letters->code == "sr" ? SheetEncoding::Windows1250 : SheetEncoding::Latin1);
    }
    return d;
  }
  // Windows-1251 against Latin-1 (Windows-1250 reads the ASCII moves as Latin-1 does).
  std::string cyrillic = decode_windows1251(bytes);
  const std::size_t in_cyrillic = plies_read(cyrillic, start);
  const std::size_t in_latin = plies_read(decode_latin1(bytes), start);
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
  if (windows1251) {
    d.encoding = SheetEncoding::Windows1251;
    d.text = std::move(cyrillic);
  } else {
    latin(SheetEncoding::Latin1);
  }
  return d;
}

}  // namespace annabella::core
