// JSON text for the commands' --json outputs (clock, reconcile): one string escaper, so every
// tool that reads annabella's JSON meets the same escaping.
#pragma once

#include <string>
#include <string_view>

namespace annabella::app {

// `text` as a JSON string literal, quotes included: ", \ and control characters escaped.
std::string json_string(std::string_view text);

}  // namespace annabella::app
