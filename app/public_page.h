// The large-text screen for a hearing-impaired sighted opponent (D.2.11 lets the VI player play
// without an assistant; with a hearing-impaired opponent an assistant is required, and this
// screen shows both of them what the station announced). Every public announcement (D.2.1) is
// shown in large text on a page a browser on a second screen displays: one HTML file, rewritten
// atomically on each announcement, that reloads itself every second. No server, no script.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "core/result.h"

namespace annabella::app {

class PublicPage {
 public:
  // `file`'s folder must exist; `language` is the announcements' language (BCP 47, "de"),
  // written as the page's lang attribute. Writes the page with no announcement yet.
  [[nodiscard]] static Result<PublicPage> open(const std::filesystem::path& file,
                                               std::string language);
  // Shows `announcement` (the phrase as printed, "Springer Felix drei") in large text, with the
  // one before it in smaller text below.
  [[nodiscard]] Status show(std::string_view announcement);

  [[nodiscard]] const std::filesystem::path& file() const { return file_; }

 private:
  PublicPage(std::filesystem::path file, std::string language)
      : file_(std::move(file)), language_(std::move(language)) {}
  [[nodiscard]] Status write() const;
  std::filesystem::path file_;
  std::string language_;
  std::string last_;
  std::string before_;
  int count_ = 0;
};

// The page's HTML for the last announcement and the one before it ("" when none).
[[nodiscard]] std::string public_page_html(std::string_view language, std::string_view last,
                                           std::string_view before, int count);

}  // namespace annabella::app
