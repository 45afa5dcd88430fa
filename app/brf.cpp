// liblouis adapter: the only file that includes liblouis.h.
#include "app/brf.h"

#include <liblouis.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

namespace annabella::app {
namespace {

std::vector<widechar> utf8_to_widechars(std::string_view line) {
  std::vector<widechar> in;
  in.reserve(line.size());
  // UTF-8 to UTF-16/32 code units as liblouis expects (widechar is 16 or 32 bits).
  for (std::size_t i = 0; i < line.size();) {
    const auto b = static_cast<unsigned char>(line[i]);
    char32_t cp = b;
    int extra = 0;
    if (b >= 0xF0)
      cp = b & 0x07, extra = 3;
    else if (b >= 0xE0)
      cp = b & 0x0F, extra = 2;
    else if (b >= 0xC0)
      cp = b & 0x1F, extra = 1;
    ++i;
    for (int k = 0; k < extra && i < line.size(); ++k, ++i)
      cp = (cp << 6) | (static_cast<unsigned char>(line[i]) & 0x3F);
    in.push_back(static_cast<widechar>(cp));
  }
  return in;
}

// Translates one line to braille cells as dot patterns (liblouis dotsIO: bit 0 = dot 1 ...
// bit 7 = dot 8, with the 0x8000 marker liblouis adds).
Result<std::vector<widechar>> translate_to_dots(std::string_view line, const std::string& table) {
  std::vector<widechar> in = utf8_to_widechars(line);
  if (in.empty()) return std::vector<widechar>();
  int in_length = static_cast<int>(in.size());
  std::vector<widechar> out(in.size() * 4 + 16);
  int out_length = static_cast<int>(out.size());
  if (!lou_translateString(table.c_str(), in.data(), &in_length, out.data(), &out_length, nullptr,
                           nullptr, dotsIO))
    return fail("braille table \"" + table + "\" cannot translate the scoresheet (liblouis could " +
                "not load the table or a character in \"" + std::string(line) + "\")");
  out.resize(std::size_t(out_length));
  for (widechar cell : out)
    if (cell & 0xC0)  // dot 7 or dot 8
      return fail(
          "braille table \"" + table + "\" writes eight-dot cells (dots 7 and 8 in \"" +
          std::string(line) + "\"); a BRF scoresheet holds six-dot cells only: choose a " +
          "six-dot table such as \"en-ueb-g1.ctb\" or \"de-g0.utb\" (record.braille_table)");
  return out;
}

// The cells in ASCII braille through liblouis's BRF display table.
Result<std::string> brf_characters(const std::vector<widechar>& dots) {
  if (dots.empty()) return std::string();
  std::vector<widechar> in = dots;
  std::vector<widechar> chars(dots.size());
  const std::string display(kBrfDisplayTable);
  if (!lou_dotsToChar(display.c_str(), in.data(), chars.data(), static_cast<int>(in.size()), 0))
    return fail("liblouis's display table \"" + display + "\" is missing (package liblouis-data)");
  std::string ascii;
  ascii.reserve(chars.size());
  for (widechar c : chars) ascii += c < 0x80 ? static_cast<char>(c) : ' ';
  return ascii;
}

// A translated line, wrapped at a blank cell where possible.
void wrap(std::string ascii, std::size_t width, std::vector<std::string>& out) {
  while (ascii.size() > width) {
    std::size_t cut = ascii.rfind(' ', width);
    if (cut == std::string::npos || cut == 0) cut = width;
    out.push_back(ascii.substr(0, cut));
    ascii.erase(0, cut < ascii.size() && ascii[cut] == ' ' ? cut + 1 : cut);
  }
  out.push_back(std::move(ascii));
}

// Text lines a page holds: all but the last when it carries the page number.
std::size_t lines_on_a_page(const BrfLayout& layout) {
  const int reserved = layout.page_numbers ? 1 : 0;
  return std::size_t(std::max(1, layout.lines_per_page - reserved));
}

std::size_t page_count(std::size_t lines, const BrfLayout& layout) {
  const std::size_t per_page = lines_on_a_page(layout);
  return std::max<std::size_t>(1, (lines + per_page - 1) / per_page);
}

// The text lines laid out in pages, each page's number (when given) right-aligned on its last
// line, pages separated by a form feed.
std::string paginate(const std::vector<std::string>& lines,
                     const std::vector<std::string>& page_numbers, const BrfLayout& layout) {
  const std::size_t per_page = lines_on_a_page(layout);
  const std::size_t width = std::size_t(layout.cells_per_line);
  std::string brf;
  for (std::size_t page = 0; page < page_count(lines.size(), layout); ++page) {
    if (page > 0) brf += '\f';
    const std::size_t first = page * per_page;
    const std::size_t last = std::min(lines.size(), first + per_page);
    for (std::size_t i = first; i < last; ++i) brf += lines[i] + "\r\n";
    if (page >= page_numbers.size()) continue;
    for (std::size_t i = last - first; i < per_page; ++i) brf += "\r\n";  // down to the last line
    const std::string& number = page_numbers[page];
    brf += std::string(width - std::min(width, number.size()), ' ') + number + "\r\n";
  }
  return brf;
}

}  // namespace

Result<std::string> braille_table_path(std::string_view name) {
  const std::filesystem::path folder = ANNABELLA_LOUIS_TABLES_DIR;
  const std::string how =
      "give the file name of a table liblouis ships, without a folder (e.g. "
      "\"en-ueb-g1.ctb\", \"de-g0.utb\"); `ls " +
      folder.string() + "` lists them";
  if (name.empty() || name.find_first_of("/\\,") != std::string_view::npos || name[0] == '.')
    return fail("\"" + std::string(name) + "\" is not a braille table name: " + how);
  const std::filesystem::path path = folder / std::string(name);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec))
    return fail("\"" + std::string(name) + "\" is no braille table liblouis ships: " + how);
  return path.string();
}

Result<std::string> to_brf(const std::vector<std::string>& lines, std::string_view table,
                           BrfLayout layout) {
  auto table_path = braille_table_path(table);  // a name, never a path to another file
  if (!table_path) return fail(table_path.error());
  const std::string& table_name = *table_path;
  if (!lou_getTable(table_name.c_str()))
    return fail("braille table \"" + std::string(table) + "\" cannot be loaded by liblouis " +
                "(record.braille_table)");
  // The table's own metadata says when it is an eight-dot (computer braille) table.
  if (char* dots = lou_getTableInfo(table_name.c_str(), "dots")) {
    const bool eight = std::string_view(dots).find('8') != std::string_view::npos;
    std::free(dots);  // NOLINT(cppcoreguidelines-no-malloc): the caller frees it (liblouis.h)
    if (eight)
      return fail("braille table \"" + std::string(table) + "\" is an eight-dot table; a BRF " +
                  "scoresheet holds six-dot cells only: choose a six-dot table such as " +
                  "\"en-ueb-g1.ctb\" or \"de-g0.utb\" (record.braille_table)");
  }
  auto braille = [&](std::string_view text) -> Result<std::string> {
    auto dots = translate_to_dots(text, table_name);
    if (!dots) return fail(dots.error().message);
    return brf_characters(*dots);
  };
  std::vector<std::string> brf_lines;
  for (const auto& line : lines) {
    auto ascii = braille(line);
    if (!ascii) return fail(ascii.error().message);
    wrap(std::move(*ascii), std::size_t(layout.cells_per_line), brf_lines);
  }
  std::vector<std::string> page_numbers;
  if (layout.page_numbers) {
    for (std::size_t page = 1; page <= page_count(brf_lines.size(), layout); ++page) {
      auto number = braille(std::to_string(page));  // the table's own numbers: "#A"
      if (!number) return fail(number.error().message);
      page_numbers.push_back(std::move(*number));
    }
  }
  return paginate(brf_lines, page_numbers, layout);
}

}  // namespace annabella::app
