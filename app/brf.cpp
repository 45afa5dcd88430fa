// liblouis adapter: the only file that includes liblouis.h.
#include "app/brf.h"

#include <liblouis.h>

#include <filesystem>

namespace annabella::app {
namespace {

// Translates one line to Unicode braille cells (six-dot patterns).
Result<std::u32string> translate_line(std::string_view line, const std::string& table) {
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
  if (in.empty()) return std::u32string();
  int in_length = static_cast<int>(in.size());
  std::vector<widechar> out(in.size() * 4 + 16);
  int out_length = static_cast<int>(out.size());
  if (!lou_translateString(table.c_str(), in.data(), &in_length, out.data(), &out_length, nullptr,
                           nullptr, dotsIO | ucBrl))
    return fail("braille table \"" + table + "\" cannot translate the scoresheet (liblouis could " +
                "not load the table or a character in \"" + std::string(line) + "\")");
  std::u32string cells;
  for (int i = 0; i < out_length; ++i) {
    char32_t c = out[std::size_t(i)];
    if (c < 0x2800 || c > 0x28FF) c = 0x2800 | (c & 0x3F);  // dotsIO without ucBrl: raw dots
    cells += c;
  }
  return cells;
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

char ascii_braille(char32_t cell) {
  // North American ASCII braille, indexed by the dot bits (dot 1 = 1, dot 2 = 2 ... dot 6 = 32).
  static constexpr char kAscii[] =
      " A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";
  return kAscii[(cell - 0x2800) & 0x3F];
}

Result<std::string> to_brf(const std::vector<std::string>& lines, std::string_view table,
                           BrfLayout layout) {
  auto table_path = braille_table_path(table);  // a name, never a path to another file
  if (!table_path) return fail(table_path.error());
  const std::string& table_name = *table_path;
  if (!lou_getTable(table_name.c_str()))
    return fail("braille table \"" + std::string(table) + "\" cannot be loaded by liblouis " +
                "(record.braille_table)");
  std::vector<std::string> brf_lines;
  for (const auto& line : lines) {
    auto cells = translate_line(line, table_name);
    if (!cells) return fail(cells.error().message);
    std::string ascii;
    for (char32_t c : *cells) ascii += ascii_braille(c);
    // Wrap at a blank cell where possible.
    const auto width = static_cast<std::size_t>(layout.cells_per_line);
    while (ascii.size() > width) {
      std::size_t cut = ascii.rfind(' ', width);
      if (cut == std::string::npos || cut == 0) cut = width;
      brf_lines.push_back(ascii.substr(0, cut));
      ascii.erase(0, cut < ascii.size() && ascii[cut] == ' ' ? cut + 1 : cut);
    }
    brf_lines.push_back(ascii);
  }
  std::string brf;
  int on_page = 0;
  for (const auto& l : brf_lines) {
    if (on_page == layout.lines_per_page) {
      brf += '\f';
      on_page = 0;
    }
    brf += l;
    brf += "\r\n";
    ++on_page;
  }
  return brf;
}

}  // namespace annabella::app
