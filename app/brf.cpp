// liblouis adapter: the only file that includes liblouis.h.
#include "app/brf.h"

#include <liblouis.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <mutex>
#include <optional>
#include <utility>

#include "core/notation_tokens.h"

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

// liblouis's dotsIO cells: bit 0 = dot 1 ... bit 7 = dot 8, with the 0x8000 marker it adds.
constexpr widechar kDotsMarker = 0x8000;
constexpr widechar kDots78 = 0xC0;

std::string utf8(char32_t c) {
  std::string out;
  core::notation_detail::append_utf8(out, c);
  return out;
}

std::string utf8(const std::vector<widechar>& text) {
  std::string out;
  for (widechar c : text) out += utf8(static_cast<char32_t>(c));
  return out;
}

// The cells liblouis writes for `text` with `table` (a path), or nullopt when it cannot.
std::optional<std::vector<widechar>> cells_of(const std::vector<widechar>& text,
                                              const std::string& table, int mode) {
  if (text.empty()) return std::vector<widechar>();
  std::vector<widechar> in = text;
  int in_length = static_cast<int>(in.size());
  std::vector<widechar> out(in.size() * 16 + 16);
  int out_length = static_cast<int>(out.size());
  if (!lou_translateString(table.c_str(), in.data(), &in_length, out.data(), &out_length, nullptr,
                           nullptr, mode))
    return std::nullopt;
  out.resize(std::size_t(out_length));
  return out;
}

bool has_dots_7_or_8(const std::vector<widechar>& cells) {
  return std::any_of(cells.begin(), cells.end(), [](widechar c) { return (c & kDots78) != 0; });
}

// The tables liblouis has for a script, tried in this order for a word the scoresheet's table has
// no braille for (the letter that decides is the word's first such letter). A script with none
// here is written as code points.
std::vector<std::string_view> script_tables(char32_t c) {
  if (c < 0x250 || (c >= 0x1E00 && c < 0x1F00))  // Latin: Polish, Czech, Slovak, Croatian ...
    return {"Pl-Pl-g1.utb", "cs-g1.ctb", "sk-g1.ctb",   "hr-g1.ctb",    "sl-si-g1.utb",
            "hu-hu-g1.ctb", "tr-g1.ctb", "ro.ctb",      "Lv-Lv-g1.utb", "lt-6dot.utb",
            "et-g0.utb",    "de-g0.utb", "es-g1.ctb",   "pt-pt-g1.utb", "no-no-g0.utb",
            "is.ctb",       "mt.ctb",    "vi-vn-g0.utb"};
  if (c >= 0x370 && c < 0x400) return {"el.ctb"};  // Greek
  if (c >= 0x400 && c < 0x530) return {"ru-litbrl.ctb", "sr-g1.ctb", "bg.utb", "uk.utb"};
  if (c >= 0x530 && c < 0x590) return {"hy.ctb"};        // Armenian
  if (c >= 0x590 && c < 0x600) return {"he-IL.utb"};     // Hebrew
  if (c >= 0x600 && c < 0x700) return {"ar-ar-g1.utb"};  // Arabic
  if ((c >= 0xAC00 && c < 0xD7B0) || (c >= 0x1100 && c < 0x1200) || (c >= 0x3130 && c < 0x3190))
    return {"ko-g1.ctb"};  // Hangul
  if ((c >= 0x4E00 && c < 0xA000) || (c >= 0x3400 && c < 0x4DC0))
    return {"zhcn-g1.ctb"};  // Chinese characters
  return {};
}

// Which letters each table has braille for, asked of liblouis once a table and letter.
class Coverage {
 public:
  // A letter the table writes as braille of its own: not dropped, not the table's mark for an
  // undefined character (what it writes for a private-use one), not liblouis's eight-dot
  // "\x0453" escape. Blanks always.
  bool defines(const std::string& table, widechar c) {
    if (c == ' ' || c == '\t') return true;
    const auto key = std::make_pair(table, c);
    if (auto it = known_.find(key); it != known_.end()) return it->second;
    const int mode = dotsIO | noUndefined;
    auto undefined = undefined_.find(table);
    if (undefined == undefined_.end())
      undefined =
          undefined_
              .emplace(table, cells_of({0xE000}, table, mode).value_or(std::vector<widechar>()))
              .first;
    const auto cells = cells_of({c}, table, mode);
    const bool defined =
        cells && !cells->empty() && *cells != undefined->second && !has_dots_7_or_8(*cells);
    known_.emplace(key, defined);
    return defined;
  }
  std::size_t count(const std::string& table, const std::vector<widechar>& word) {
    return std::size_t(
        std::count_if(word.begin(), word.end(), [&](widechar c) { return defines(table, c); }));
  }

 private:
  std::map<std::pair<std::string, widechar>, bool> known_;
  std::map<std::string, std::vector<widechar>> undefined_;
};

// How one word the table lacks letters for is written: with the script's table that has them
// all, else with the one that has most (the given table on a tie), its other letters as code
// points "(U+0453)".
struct WordPlan {
  std::string table;              // a path
  std::string table_name;         // as liblouis names it: "ru-litbrl.ctb"
  std::vector<widechar> lacking;  // the letters written as code points
};

WordPlan plan_word(const std::vector<widechar>& word, const std::string& table,
                   std::string_view table_name, Coverage& coverage) {
  WordPlan best{table, std::string(table_name), {}};
  std::size_t best_count = coverage.count(table, word);
  const auto first_lacking = std::find_if(word.begin(), word.end(),
                                          [&](widechar c) { return !coverage.defines(table, c); });
  // Some script tables warn about their own deprecated syntax (bg.utb) on stderr, the console.
  if (first_lacking != word.end()) lou_setLogLevel(LOU_LOG_ERROR);
  if (first_lacking != word.end())
    for (std::string_view name : script_tables(static_cast<char32_t>(*first_lacking))) {
      auto path = braille_table_path(name);
      if (!path || !lou_getTable(path->c_str())) continue;
      const std::size_t n = coverage.count(*path, word);
      if (n > best_count) best = {*path, std::string(name), {}}, best_count = n;
      if (n == word.size()) break;
    }
  for (widechar c : word)
    if (!coverage.defines(best.table, c)) best.lacking.push_back(c);
  return best;
}

std::string code_point(widechar c) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "(U+%04X)", static_cast<unsigned>(c));
  return hex;
}

std::vector<std::vector<widechar>> words_of(const std::vector<widechar>& text) {
  std::vector<std::vector<widechar>> words(1);
  for (widechar c : text) {
    if (c == ' ') {
      words.emplace_back();
    } else {
      words.back().push_back(c);
    }
  }
  return words;
}

// Translates one line to braille cells as dot patterns (dotsIO). A word the table has no braille
// for (a player's name in another script) is written as plan_word() says; with `six_dots` a cell
// with dot 7 or 8 is refused (a BRF scoresheet).
Result<std::vector<widechar>> translate_to_dots(std::string_view line, const std::string& table,
                                                std::string_view table_name, Coverage& coverage,
                                                bool six_dots) {
  const std::vector<widechar> in = utf8_to_widechars(line);
  const auto translated = [&](const std::vector<widechar>& text,
                              const std::string& with) -> Result<std::vector<widechar>> {
    auto cells = cells_of(text, with, dotsIO);
    if (!cells)
      return fail("braille table \"" + std::string(table_name) +
                  "\" cannot translate the scoresheet (liblouis could not load the table)");
    if (six_dots && has_dots_7_or_8(*cells))
      return fail("braille table \"" + std::string(table_name) +
                  "\" writes eight-dot cells (dots 7 and 8 in \"" + utf8(text) +
                  "\"); a BRF scoresheet holds six-dot cells only: choose a six-dot table such as "
                  "\"en-ueb-g1.ctb\" or \"de-g0.utb\" (record.braille_table)");
    return *cells;
  };
  if (coverage.count(table, in) == in.size()) return translated(in, table);
  std::vector<widechar> out;
  bool first = true;
  for (const auto& word : words_of(in)) {
    if (!first) out.push_back(kDotsMarker);  // the blank cell between words
    first = false;
    if (coverage.count(table, word) == word.size()) {
      auto cells = translated(word, table);
      if (!cells) return cells;
      out.insert(out.end(), cells->begin(), cells->end());
      continue;
    }
    const WordPlan plan = plan_word(word, table, table_name, coverage);
    std::vector<widechar> text;
    for (widechar c : word) {
      if (std::find(plan.lacking.begin(), plan.lacking.end(), c) == plan.lacking.end()) {
        text.push_back(c);
        continue;
      }
      for (char a : code_point(c)) text.push_back(static_cast<widechar>(a));
    }
    auto cells = translated(text, plan.table);
    if (!cells) return cells;
    out.insert(out.end(), cells->begin(), cells->end());
  }
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

// liblouis keeps its tables in process-wide state and is not thread-safe: the braille display's
// lines (on its key reader's thread too) and the scoresheet (the game thread) take turns; each
// function of brf.h that calls liblouis holds it.
std::mutex& louis_mutex() {
  static std::mutex louis;
  return louis;
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
  const std::lock_guard lock(louis_mutex());
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
  Coverage coverage;
  auto braille = [&](std::string_view text) -> Result<std::string> {
    auto dots = translate_to_dots(text, table_name, table, coverage, true);
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

Result<std::vector<BrailleFallback>> braille_fallbacks(const BrailleText& braille) {
  const std::string_view table = braille.table;
  auto table_path = braille_table_path(table);
  if (!table_path) return fail(table_path.error());
  const std::lock_guard lock(louis_mutex());
  if (!lou_getTable(table_path->c_str()))
    return fail("braille table \"" + std::string(table) + "\" cannot be loaded by liblouis");
  Coverage coverage;
  std::vector<BrailleFallback> out;
  for (const auto& word : words_of(utf8_to_widechars(braille.text))) {
    if (coverage.count(*table_path, word) == word.size()) continue;
    const WordPlan plan = plan_word(word, *table_path, table, coverage);
    BrailleFallback fallback;
    fallback.word = utf8(word);
    for (widechar c : word)
      if (!coverage.defines(*table_path, c)) fallback.lacking += utf8(static_cast<char32_t>(c));
    if (plan.table != *table_path) fallback.table = plan.table_name;
    fallback.code_points = utf8(plan.lacking);
    out.push_back(std::move(fallback));
  }
  return out;
}

Result<std::vector<unsigned char>> braille_dots(const BrailleText& braille) {
  auto table_path = braille_table_path(braille.table);
  if (!table_path) return fail(table_path.error());
  const std::lock_guard lock(louis_mutex());
  Coverage coverage;
  auto dots = translate_to_dots(braille.text, *table_path, braille.table, coverage, false);
  if (!dots) return fail(dots.error().message);
  std::vector<unsigned char> cells;
  cells.reserve(dots->size());
  for (widechar cell : *dots) cells.push_back(static_cast<unsigned char>(cell & 0xFF));
  return cells;
}

}  // namespace annabella::app
