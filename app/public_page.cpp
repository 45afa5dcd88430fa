#include "app/public_page.h"

#include <fcntl.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

#include "app/file_error.h"
#include "app/reconcile_report.h"

namespace annabella::app {
namespace {

// A BCP 47 tag made of letters, digits and hyphens, else "und" (undetermined).
std::string language_tag(std::string_view language) {
  if (language.empty() || language.size() > 35) return "und";
  for (const char c : language)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') return "und";
  return std::string(language);
}

Status write_file(const std::filesystem::path& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) return fail(path.string() + ": " + system_reason(errno));
  std::string_view rest = text;
  while (!rest.empty()) {
    const ssize_t n = ::write(fd, rest.data(), rest.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string why = system_reason(errno);
      ::close(fd);
      return fail(path.string() + ": " + why);
    }
    rest.remove_prefix(static_cast<std::size_t>(n));
  }
  if (::close(fd) != 0) return fail(path.string() + ": " + system_reason(errno));
  return {};
}

}  // namespace

std::string public_page_html(std::string_view language, std::string_view last,
                             std::string_view before, int count) {
  // Large, high-contrast text that wraps within a 320 px screen; the page reloads itself every
  // second (a browser shows the new announcement within a second of it being made).
  const std::string lang = language_tag(language);
  std::string html =
      "<!DOCTYPE html>\n<html lang=\"" + lang +
      "\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
      "<meta http-equiv=\"refresh\" content=\"1\">\n<title>" +
      (last.empty() ? std::string("annabella") : html_escape(last) + " - annabella") +
      "</title>\n<style>\n"
      "html { background: #000; color: #fff; font-family: sans-serif; }\n"
      "body { margin: 0; padding: 4vw; }\n"
      "#last { font-size: clamp(2.5rem, 13vw, 12rem); font-weight: bold; line-height: 1.15; "
      "margin: 0; overflow-wrap: anywhere; }\n"
      "#before { font-size: clamp(1.25rem, 6vw, 4rem); color: #ddd; margin: 0.5em 0 0; "
      "overflow-wrap: anywhere; }\n"
      "#count { font-size: 1.25rem; color: #ddd; margin: 1em 0 0; }\n"
      "</style>\n</head>\n<body>\n<main>\n";
  if (last.empty()) {
    html +=
        "<p id=\"last\" lang=\"en\">&hellip;</p>\n"
        "<p id=\"count\" lang=\"en\">annabella: no announcement yet</p>\n";
  } else {
    html += "<p id=\"last\" aria-live=\"polite\">" + html_escape(last) + "</p>\n";
    if (!before.empty()) html += "<p id=\"before\">" + html_escape(before) + "</p>\n";
    html += "<p id=\"count\" lang=\"en\">announcement " + std::to_string(count) + "</p>\n";
  }
  html += "</main>\n</body>\n</html>\n";
  return html;
}

Result<PublicPage> PublicPage::open(const std::filesystem::path& file, std::string language) {
  if (file.empty() || !file.has_filename())
    return fail("--public-page: \"" + file.string() + "\" names no file");
  const auto folder = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error))
    return fail("--public-page: the folder " + folder.string() + " does not exist");
  PublicPage page(file, std::move(language));
  if (auto written = page.write(); !written) return fail(written.error());
  return page;
}

Status PublicPage::show(std::string_view announcement) {
  before_ = std::exchange(last_, std::string(announcement));
  ++count_;
  return write();
}

Status PublicPage::write() const {
  // Written beside the page and renamed over it: a browser never reads half a page.
  std::filesystem::path part = file_;
  part += ".part";
  if (auto written = write_file(part, public_page_html(language_, last_, before_, count_));
      !written)
    return fail("public page: " + written.error().message);
  if (::rename(part.c_str(), file_.c_str()) != 0)
    return fail("public page: " + file_.string() + ": " + system_reason(errno));
  return {};
}

}  // namespace annabella::app
