// Real headless Chromium driven over the DevTools protocol on a pipe (--remote-debugging-pipe:
// JSON messages ending in a NUL byte on file descriptors 3 and 4), for tests of pages that change
// while they are shown: open a page in a window of a given size, evaluate JavaScript in it as
// often as needed.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>

namespace annabella::testing {

class HeadlessChromium {
 public:
  // Starts Chromium with its own profile folder under `profile`.
  explicit HeadlessChromium(const std::filesystem::path& profile);
  ~HeadlessChromium();  // ends Chromium
  HeadlessChromium(const HeadlessChromium&) = delete;
  HeadlessChromium& operator=(const HeadlessChromium&) = delete;

  // Opens `url` in a new page whose window is `width` x `height` CSS pixels; false (see error())
  // when Chromium does not answer.
  bool open(const std::string& url, int width, int height);
  // The value of a JavaScript expression that gives a string, in the open page; nullopt (see
  // error()) on an exception or no answer.
  std::optional<std::string> evaluate(const std::string& expression);
  // Evaluates `expression` until it gives `expected` or `timeout` passes; the last value.
  std::string evaluate_until(const std::string& expression, const std::string& expected,
                             std::chrono::milliseconds timeout);
  [[nodiscard]] const std::string& error() const { return error_; }

 private:
  // Sends a command (with the page's session when there is one); its answer's JSON text.
  std::optional<std::string> call(const std::string& method, const std::string& params,
                                  bool in_session = true);
  pid_t pid_ = -1;
  int to_chromium_ = -1;
  int from_chromium_ = -1;
  int next_id_ = 1;
  std::string pending_;
  std::string session_;
  std::string error_;
};

// A JSON string literal for `text` ("a\"b" for a"b).
[[nodiscard]] std::string json_quote(const std::string& text);
// The string value of the first "key":"..." in `json`, unescaped; nullopt when absent.
[[nodiscard]] std::optional<std::string> json_string_field(const std::string& json,
                                                           const std::string& key);

}  // namespace annabella::testing
