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
// `text` with every control character (bytes below 0x20 and 0x7F) shown as an escape: \n, \r,
// \t, or \xHH; a line made from outside text can then never forge another line.
[[nodiscard]] std::string escape_controls(std::string_view text);
// The whole of `text` as a decimal number of ASCII digits (no sign, no spaces); nothing when it
// is not one or is above `max`.
[[nodiscard]] std::optional<long long> read_decimal(std::string_view text, long long max);
// The words of `text`, split at ASCII white space.
[[nodiscard]] std::vector<std::string> split_words(std::string_view text);

}  // namespace annabella::core
