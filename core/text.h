// Small text helpers every layer uses, in one place: ASCII case, trimming, splitting into words.
// ASCII only: the move letters and command names this project reads are ASCII; words in other
// scripts are compared as they are.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace annabella::core {

// `text` with the ASCII letters A-Z made lower case (other bytes unchanged).
[[nodiscard]] std::string ascii_lower(std::string_view text);
// Whether a and b are equal ignoring ASCII case.
[[nodiscard]] bool ascii_iequals(std::string_view a, std::string_view b);
// `text` without spaces, tabs, carriage returns and line feeds at either end.
[[nodiscard]] std::string_view trim(std::string_view text);
// What in a text could forge or hide a line of the log, the console or the record: an ASCII
// control (below 0x20, 0x7F), a C1 control (U+0080 to U+009F, U+0085 NEL among them), the line
// or paragraph separator (U+2028, U+2029), a bidirectional override or isolate (U+202A to
// U+202E, U+2066 to U+2069), or bytes that are not UTF-8.
struct Unsafe {
  std::size_t at = 0;      // its first byte
  std::size_t length = 0;  // its bytes
  char32_t code = 0;       // the code point (0 when not UTF-8)
  bool invalid_utf8 = false;
};
// The first such thing in `text`, if any.
[[nodiscard]] std::optional<Unsafe> find_unsafe(std::string_view text);
// How escape_controls shows it: \n, \r, \t, \xHH (an ASCII control), \uHHHH; "" for bytes
// that are not UTF-8 (shown byte by byte).
[[nodiscard]] std::string unsafe_name(const Unsafe& unsafe);
// `text` with each of them shown as an escape: \n, \r, \t, \xHH (an ASCII control or a byte
// that is not UTF-8), \uHHHH; a line made from outside text can then never forge another line.
[[nodiscard]] std::string escape_controls(std::string_view text);
// The whole of `text` as a decimal number of ASCII digits (no sign, no spaces); nothing when it
// is not one or is above `max`.
[[nodiscard]] std::optional<long long> read_decimal(std::string_view text, long long max);
// The words of `text`, split at ASCII white space.
[[nodiscard]] std::vector<std::string> split_words(std::string_view text);

}  // namespace annabella::core
