// Waiting for a child's output to hold a text, reading as it comes (never sleeping blindly):
// shared by the pipe (child_process.h) and terminal (terminal_process.h) children.
#pragma once

#include <chrono>
#include <string>

namespace annabella::testing {

// Calls `read_some(time left)` until `output` holds `text` after `from`; false when the time
// is up or `ended()` says the output is over.
template <typename ReadSome, typename Ended>
bool wait_for_text(const std::string& output, const std::string& text,
                   std::chrono::milliseconds timeout, std::size_t from, ReadSome read_some,
                   Ended ended) {
  const auto end = std::chrono::steady_clock::now() + timeout;
  while (output.find(text, from) == std::string::npos) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        end - std::chrono::steady_clock::now());
    if (left.count() <= 0 || ended()) return false;
    read_some(left);
  }
  return true;
}

}  // namespace annabella::testing
