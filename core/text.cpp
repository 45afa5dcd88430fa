#include "core/text.h"

#include <charconv>

namespace annabella::core {
namespace {

constexpr bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
}

constexpr char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = lower(c);
  return out;
}

bool ascii_iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

std::optional<long long> read_decimal(std::string_view text, long long max) {
  if (text.empty() || text.front() < '0' || text.front() > '9') return std::nullopt;
  long long value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value > max) return std::nullopt;
  return value;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

namespace {

// One UTF-8 sequence at `text[at]`: its code point and length, or length 0 when the bytes there
// are not UTF-8 (a stray continuation byte, a cut or overlong sequence, a surrogate).
struct Sequence {
  char32_t code = 0;
  std::size_t length = 0;
};

Sequence sequence_at(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned lead = byte(at);
  if (lead < 0x80) return {lead, 1};
  std::size_t length = 0;
  char32_t code = 0;
  char32_t least = 0;
  if ((lead & 0xE0) == 0xC0) {
    length = 2, code = lead & 0x1F, least = 0x80;
  } else if ((lead & 0xF0) == 0xE0) {
    length = 3, code = lead & 0x0F, least = 0x800;
  } else if ((lead & 0xF8) == 0xF0) {
    length = 4, code = lead & 0x07, least = 0x10000;
  } else {
    return {};
  }
  if (at + length > text.size()) return {};
  for (std::size_t k = 1; k < length; ++k) {
    if ((byte(at + k) & 0xC0) != 0x80) return {};
    code = (code << 6) | (byte(at + k) & 0x3F);
  }
  if (code < least || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {};
  return {code, length};
}

// Code points that end a line or turn the text round for a reader, a terminal or a log viewer
// though they are no ASCII control: C1 controls (U+0085 NEL among them), the line and paragraph
// separators, and the bidirectional overrides and isolates.
bool breaks_lines(char32_t c) {
  return (c >= 0x80 && c <= 0x9F) || c == 0x2028 || c == 0x2029 || (c >= 0x202A && c <= 0x202E) ||
         (c >= 0x2066 && c <= 0x2069);
}

}  // namespace

std::optional<Unsafe> find_unsafe(std::string_view text) {
  for (std::size_t i = 0; i < text.size();) {
    const Sequence s = sequence_at(text, i);
    if (s.length == 0) return Unsafe{i, 1, 0, true};
    if (s.code < 0x20 || s.code == 0x7F || breaks_lines(s.code))
      return Unsafe{i, s.length, s.code, false};
    i += s.length;
  }
  return std::nullopt;
}

std::string unsafe_name(const Unsafe& u) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  if (u.invalid_utf8) return "";
  switch (u.code) {
    case '\n':
      return "\\n";
    case '\r':
      return "\\r";
    case '\t':
      return "\\t";
    default:
      break;
  }
  if (u.code < 0x80) return std::string("\\x") + kHex[u.code >> 4] + kHex[u.code & 15];
  std::string out = "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += kHex[(u.code >> shift) & 15];
  return out;
}

std::string escape_controls(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  while (!text.empty()) {
    const auto unsafe = find_unsafe(text);
    if (!unsafe) {
      out += text;
      break;
    }
    out += text.substr(0, unsafe->at);
    if (unsafe->invalid_utf8) {
      const auto byte = static_cast<unsigned char>(text[unsafe->at]);
      out += std::string("\\x") + kHex[byte >> 4] + kHex[byte & 15];
    } else {
      out += unsafe_name(*unsafe);
    }
    text.remove_prefix(unsafe->at + unsafe->length);
  }
  return out;
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && is_space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

}  // namespace annabella::core
