// Small text helpers of the PGN files (internal): PGN 7's white space and word ends.
#pragma once

#include <string>
#include <string_view>

namespace annabella::core::pgn_detail {

[[nodiscard]] inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
[[nodiscard]] inline bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
[[nodiscard]] inline bool ends_word(char c) {
  return is_space(c) || c == '{' || c == '}' || c == '(' || c == ')' || c == '[' || c == ']' ||
         c == ';' || c == '$' || c == '"';
}
[[nodiscard]] inline std::string quoted(std::string_view text) {
  return "'" + std::string(text) + "'";
}
// Whitespace runs to one blank, trimmed.
[[nodiscard]] std::string normalise_blanks(std::string_view s);

}  // namespace annabella::core::pgn_detail
