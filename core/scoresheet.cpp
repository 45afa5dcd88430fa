// Scoresheets: reading the cells as written, and replaying them leniently.
#include "core/scoresheet.h"

#include <algorithm>
#include <optional>

#include "core/text.h"

namespace annabella::core {
namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// The sheet being filled in: which cell comes next.
class SheetWriter {
 public:
  explicit SheetWriter(Scoresheet& sheet) : sheet_(sheet) {}

  // "12." (White's cell next), "12..." (Black's), or a bare "12" at the start of a line.
  void number(int n, bool black) {
    // A White number where Black's cell of the previous move was still open: that cell was
    // left blank. A Black number where White's cell of that move is still open: that one was.
    if (!black && started_ && side_ == BLACK && n == number_ + 1) add("", line_);
    white_open_ = started_ && side_ == WHITE && n == number_ && !sheet_.entries.empty();
    if (black && white_open_) add("", line_);
    number_ = n;
    side_ = black ? BLACK : WHITE;
    started_ = true;
    numbered_ = true;
    joinable_ = false;
  }

  // "..." (or "…") standing alone right after a move number: "12. ... Nf6" is Black's cell.
  void dots() {
    if (!numbered_ || side_ == BLACK) return;
    if (white_open_) {
      add("", line_);  // "5. ... dxe5" after 4... Bxf3: White's cell of move 5 is blank
      numbered_ = true;
    } else {
      side_ = BLACK;
    }
  }

  void add(std::string text, int line) {
    ScoresheetEntry e;
    e.move_number = number_;
    e.side = side_;
    e.text = std::move(text);
    e.line = line;
    e.counted = !numbered_;
    joinable_ = !e.text.empty();
    sheet_.entries.push_back(std::move(e));
    if (side_ == BLACK) {
      side_ = WHITE;
      if (number_ > 0) ++number_;
    } else {
      side_ = BLACK;
    }
    started_ = true;
    numbered_ = false;
  }

  // The cell written last, when a word on `line` may still belong to it (no move number since).
  ScoresheetEntry* joinable(int line) {
    if (!joinable_ || sheet_.entries.empty() || sheet_.entries.back().line != line) return nullptr;
    return &sheet_.entries.back();
  }

  int line_ = 1;

 private:
  Scoresheet& sheet_;
  int number_ = 0;
  Color side_ = WHITE;
  bool started_ = false;
  bool numbered_ = false;    // a move number and no move since
  bool joinable_ = false;    // the last thing read was a written move
  bool white_open_ = false;  // the last number's White cell was the open one (not written yet)
};

bool is_result(std::string_view w) {
  return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*" || w == "½-½";
}

// A result written on a sheet that is no PGN result: "1:0", "0:1" (German), a draw as half a
// result or a word ("1/2", "Remis"). The PGN result it means, or "".
std::string written_result(std::string_view w) {
  if (w == "1:0") return "1-0";
  if (w == "0:1") return "0-1";
  static constexpr std::string_view kDraws[] = {
      "1/2",   "½",     "½:½",   "1/2:1/2", "remis", "draw",     "nulle",    "tablas",
      "patta", "ничья", "Ничья", "реми",    "Реми",  "нерешено", "Нерешено", "remíza"};
  const std::string lower = ascii_lower(w);
  return std::find(std::begin(kDraws), std::end(kDraws), lower) != std::end(kDraws) ? "1/2-1/2"
                                                                                    : "";
}

// "0", "00", "000": castling written with zeros and no hyphens, never a move number 0.
bool is_zeros(std::string_view w) {
  return !w.empty() && w.size() <= 3 && w.find_first_not_of('0') == std::string_view::npos;
}

// "...", "..", "…" alone.
bool is_dots(std::string_view w) {
  while (!w.empty()) {
    if (w.front() == '.') {
      w.remove_prefix(1);
    } else if (w.starts_with("…")) {
      w.remove_prefix(std::string_view("…").size());
    } else {
      return false;
    }
  }
  return true;
}

// Annotation glyphs alone ("!", "?!", "+", "‼"), or "=" alone (a draw offer mark).
bool is_annotation(std::string_view w) {
  if (w == "=") return true;
  while (!w.empty()) {
    bool glyph = false;
    for (std::string_view g : {"!", "?", "+", "#", "‼", "⁇", "⁈", "⁉", "†", "‡"})
      if (w.starts_with(g)) {
        w.remove_prefix(g.size());
        glyph = true;
        break;
      }
    if (!glyph) return false;
  }
  return true;
}

// A word that only joins two parts of a move: a hyphen or a capture sign ("e x f6", "O - O").
// The em dash is a mark of its own ("—" for a cell), never a joint.
bool is_joint(std::string_view w) {
  for (std::string_view g : {"-", "x", "X", ":", "×", "х", "Х", "–", "−"})
    if (w == g) return true;
  return false;
}

// Castling written whole ("O-O", "0-0-0"): O's (or zeros) and hyphens, two O's at least.
bool whole_castling(std::string_view w) {
  return w.find_first_not_of("Oo0-") == std::string_view::npos &&
         std::count_if(w.begin(), w.end(), [](char c) { return c != '-'; }) >= 2;
}

// A trailing mark after the last move: a dash alone.
bool is_dash(std::string_view w) {
  return w == "-" || w == "—" || w == "–" || w == "−";
}

// "e.p." and its forms, alone after the move.
bool is_en_passant(std::string_view w) {
  const std::string l = ascii_lower(w);
  return l == "e.p." || l == "e.p" || l == "ep." || l == "ep" || l == "e.p.)" || l == "(e.p.)";
}

// The code points of a short word (none when it is not UTF-8 or longer than `most`).
std::vector<char32_t> code_points(std::string_view w, std::size_t most) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < w.size();) {
    const auto b = static_cast<unsigned char>(w[i]);
    const std::size_t n = b < 0x80 ? 1 : (b & 0xE0) == 0xC0 ? 2 : (b & 0xF0) == 0xE0 ? 3 : 0;
    if (n == 0 || i + n > w.size() || out.size() == most) return {};
    char32_t c = n == 1 ? b : n == 2 ? (b & 0x1F) : (b & 0x0F);
    for (std::size_t k = 1; k < n; ++k)
      c = (c << 6) | (static_cast<unsigned char>(w[i + k]) & 0x3F);
    out.push_back(c);
    i += n;
  }
  return out;
}

bool is_letter(char32_t c) {
  return (c >= U'A' && c <= U'Z') || (c >= U'a' && c <= U'z') || (c >= 0xC0 && c <= 0x24F) ||
         (c >= 0x400 && c <= 0x4FF);
}

// A piece letter standing alone ("N", "Q", "Кр", "♘"): one or two letters, the first a capital
// (Latin or Cyrillic) or a figurine.
bool is_piece_word(std::string_view w) {
  const std::vector<char32_t> cp = code_points(w, 2);
  if (cp.empty()) return false;
  const char32_t c = cp[0];
  const bool capital = (c >= U'A' && c <= U'Z') || (c >= 0x410 && c <= 0x42F);
  const bool figurine = c >= 0x2654 && c <= 0x265F;
  if (!capital && !figurine) return false;
  return cp.size() == 1 || (capital && is_letter(cp[1]));
}

// A file written in a lower-case Cyrillic letter at the start of `w` (core/notation_letters.h,
// CyrillicFiles: а с е look like a c e; the others are files as sounded or in alphabet order).
bool starts_with_cyrillic_file(std::string_view w) {
  for (const std::string_view f : {"а", "б", "в", "г", "д", "е", "ж", "з", "с", "ц", "ф", "х"})
    if (w.starts_with(f)) return true;
  return false;
}

// A pawn move to the last rank with no promotion written yet ("g:h8", "exd1").
bool awaits_promotion(std::string_view w) {
  if (w.empty() || (w.back() != '8' && w.back() != '1')) return false;
  const char c = w.front();
  return (c >= 'a' && c <= 'h') || starts_with_cyrillic_file(w);
}

// Whether `w` may be the rest of a move split by blanks: a square or a file ("f3", "e"), a
// capture sign, or castling's next "O".
bool continues_move(std::string_view w) {
  if (w.empty()) return false;
  const char c = w.front();
  return (c >= 'a' && c <= 'h') || c == 'x' || c == ':' || c == 'O' || c == 'o' || is_zeros(w) ||
         starts_with_cyrillic_file(w) || w.starts_with("О");
}

// A word that looks like a move: a letter and a rank digit, or castling.
bool move_shaped(std::string_view w) {
  if (is_zeros(w)) return true;
  bool letter = false, digit = false, castling = !w.empty();
  for (const char c : w) {
    if (c >= '1' && c <= '8') digit = true;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || static_cast<unsigned char>(c) >= 0x80)
      letter = true;
    if (c != 'O' && c != 'o' && c != '0' && c != '-') castling = false;
  }
  return (letter && digit) || castling;
}

// A word with three letters in a row: a word of a title, not a move ("Partie", "Cafe"). Any
// character outside ASCII counts as a letter (its continuation bytes are skipped).
bool is_wordy(std::string_view w) {
  int run = 0;
  for (const char ch : w) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c & 0xC0U) == 0x80U) continue;
    run = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c >= 0x80 ? run + 1 : 0;
    if (run >= 3) return true;
  }
  return false;
}

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

}  // namespace

std::vector<std::string> Scoresheet::texts() const {
  std::vector<std::string> out;
  for (const ScoresheetEntry& e : entries)
    if (!e.text.empty()) out.push_back(e.text);
  return out;
}

namespace {

// One word of the sheet and its line.
struct SheetWord {
  std::string_view text;
  int line = 0;
};

// Reads a scoresheet's text word by word, leaving out the PGN parts that are no cell, then gives
// each word its place: a move number, a cell, or a part of the cell before it (blanks inside a
// move), or nothing (a heading, a result, an annotation), noted.
class SheetReader {
 public:
  SheetReader(std::string_view text, Scoresheet& sheet) : text_(text), sheet_(sheet), w_(sheet) {}

  Result<void, ScoresheetError> read() {
    if (text_.starts_with(kByteOrderMark)) {  // Windows Notepad's UTF-8
      i_ = kByteOrderMark.size();
      note(SheetNote::Kind::ByteOrderMark, 1, "");
    }
    pgn_ = has_tag_line();
    while (i_ < text_.size()) {
      if (auto s = step(); !s) return s;
    }
    std::size_t j = heading();
    for (; j < words_.size(); ++j) j = take(j);
    trailing_marks();
    unnumbered();
    return {};
  }

  // Cells written before the first move number of a sheet that numbers its moves: read as moves,
  // and noted by line so that the arbiter checks them (a heading the reader took for moves, or
  // moves written before the numbers start).
  void unnumbered() {
    if (first_numbered_line() == 0) return;
    std::vector<SheetNote> found;
    for (const ScoresheetEntry& e : sheet_.entries) {
      if (e.move_number != 0) break;
      if (e.text.empty()) continue;  // a cell left blank: no word read
      if (!found.empty() && found.back().line == e.line) {
        found.back().text += " " + e.text;
      } else {
        found.push_back({SheetNote::Kind::Unnumbered, e.line, e.text});
      }
    }
    for (SheetNote& n : found) {
      auto at = std::find_if(sheet_.notes.begin(), sheet_.notes.end(),
                             [&](const SheetNote& other) { return other.line > n.line; });
      sheet_.notes.insert(at, std::move(n));
    }
  }

 private:
  // A PGN: a line starting with a tag "[". Only there is ";" a comment.
  [[nodiscard]] bool has_tag_line() const {
    for (std::size_t k = i_; k < text_.size(); ++k) {
      const char c = text_[k];
      if (c == '[') return true;
      if (c == ' ' || c == '\t' || c == '\r') continue;
      const std::size_t eol = text_.find('\n', k);
      if (eol == std::string_view::npos) return false;
      k = eol;
    }
    return false;
  }

  // A note; its text kept short (a heading or comment line of a megabyte is shown as its start).
  void note(SheetNote::Kind kind, int line, std::string text) {
    constexpr std::size_t kMostShown = 60;
    if (text.size() > kMostShown) {
      std::size_t k = kMostShown;
      while (k > 0 && (static_cast<unsigned char>(text[k]) & 0xC0U) == 0x80U) --k;
      text = text.substr(0, k) + "\u2026";
    }
    sheet_.notes.push_back({kind, line, std::move(text)});
  }

  // One character, blank, PGN part or word from text_[i_].
  Result<void, ScoresheetError> step() {
    const char c = text_[i_];
    if (c == '\n') {
      ++w_.line_;
      ++i_;
    } else if (is_blank(c) || (c == ';' && !pgn_)) {
      ++i_;  // "," and, on a sheet that is no PGN, ";" separate moves
    } else if (c == ';') {
      const std::size_t from = ++i_;
      skip_line();  // a ;comment: to the end of its line, noted
      note(SheetNote::Kind::Comment, w_.line_, std::string(trim(text_.substr(from, i_ - from))));
    } else if (c == '[' || (c == '%' && (i_ == 0 || text_[i_ - 1] == '\n'))) {
      skip_line();  // a tag or an escape line: to the end of its line
    } else if (c == '{') {
      return skip_block(false, '}', ScoresheetError::Kind::CommentNotClosed);
    } else if (c == '(') {
      return skip_block(true, ')', ScoresheetError::Kind::VariationNotClosed);
    } else if (c == '$') {  // a NAG
      ++i_;
      while (i_ < text_.size() && is_digit(text_[i_])) ++i_;
    } else {
      word();
    }
    return {};
  }

  void skip_line() {
    while (i_ < text_.size() && text_[i_] != '\n') ++i_;
  }

  // A comment ({...}, no nesting) or a variation ((...), `nests`) starting at text_[i_].
  Result<void, ScoresheetError> skip_block(bool nests, char close, ScoresheetError::Kind what) {
    const int opened = w_.line_;
    const std::size_t from = i_;
    const char open = text_[i_];
    int depth = 1;
    for (++i_; i_ < text_.size(); ++i_) {
      const char c = text_[i_];
      if (c == '\n') {
        ++w_.line_;
      } else if (nests && c == open) {
        ++depth;
      } else if (c == close && --depth == 0) {
        ++i_;
        // On a sheet that is no PGN, words in braces or brackets are handwriting left out:
        // named (a clock command "[%clk ...]" alone is not).
        const std::string_view block = text_.substr(from, i_ - from);
        const std::string_view inside = trim(block.substr(1, block.size() - 2));
        if (!pgn_ && !inside.empty() && !(inside.starts_with("[%") && inside.ends_with("]")))
          note(SheetNote::Kind::Skipped, opened, std::string(block));
        return {};
      }
    }
    return fail_with(ScoresheetError{what, opened});
  }

  void word() {
    std::size_t j = i_;
    while (j < text_.size() && !is_blank(text_[j]) && text_[j] != '{' && text_[j] != ';') ++j;
    words_.push_back({text_.substr(i_, j - i_), w_.line_});
    i_ = j;
  }

  // The line of the first written move number ("1.", "12...", "3)", "4:"), 0 when none is.
  [[nodiscard]] int first_numbered_line() const {
    for (const SheetWord& word : words_) {
      const std::string_view w = word.text;
      std::size_t k = 0;
      while (k < w.size() && k < 5 && is_digit(w[k])) ++k;
      if (k == 0 || k > 4 || k == w.size()) continue;
      if (w[k] == '.' || w[k] == ')' || w[k] == ':' || w.substr(k).starts_with("…"))
        return word.line;
    }
    return 0;
  }

  // The lines at the top that hold words and no move (a title: "Partie: Cafe", "Runde 3",
  // "Schmidt - Müller": a dash alone is no move), noted; returns the first word after them. Before
  // the first numbered move, a line with at least as many words of a title as words shaped like
  // moves is a heading ("Partie: Blind - Sighted, Brett 7a"): the moves start at their numbers.
  std::size_t heading() {
    const int numbered = first_numbered_line();
    std::size_t j = 0;
    while (j < words_.size()) {
      const int line = words_[j].line;
      std::size_t end = j;
      std::size_t moves = 0, titles = 0;
      for (; end < words_.size() && words_[end].line == line; ++end) {
        const std::string_view w = words_[end].text;
        const bool shaped = move_shaped(w) && w.find_first_not_of('-') != std::string_view::npos;
        moves += shaped || is_dots(w) ? 1 : 0;
        titles += is_wordy(w) && !shaped ? 1 : 0;
      }
      // A line of moves with a word after them ("e4 e5 Nf3 Nc6 Spanish") stays moves: a title
      // has at least as many words of a title as words shaped like moves.
      if (titles == 0 || (moves > 0 && (numbered == 0 || line >= numbered || moves > titles)))
        break;
      // As written, from its first word to its last (commas included).
      const char* from = words_[j].text.data();
      const char* to = words_[end - 1].text.data() + words_[end - 1].text.size();
      note(SheetNote::Kind::Heading, line, std::string(from, std::size_t(to - from)));
      j = end;
    }
    return j;
  }

  // The next word on the same line as words_[j], if any.
  [[nodiscard]] const SheetWord* next_on_line(std::size_t j) const {
    if (j + 1 >= words_.size() || words_[j + 1].line != words_[j].line) return nullptr;
    return &words_[j + 1];
  }

  // Adds `parts` to the cell written before (blanks inside a move), noted.
  void join(ScoresheetEntry& cell, std::string_view parts, int line) {
    cell.text += " ";
    cell.text += parts;
    if (!sheet_.notes.empty() && joined_ == &cell - sheet_.entries.data() &&
        sheet_.notes.back().kind == SheetNote::Kind::Joined) {
      sheet_.notes.back().text = cell.text;
      return;
    }
    joined_ = &cell - sheet_.entries.data();
    note(SheetNote::Kind::Joined, line, cell.text);
  }

  // When words_[j] (and maybe the next word) is the rest of `cell`, written after a blank: joins
  // them and returns the last word used.
  std::optional<std::size_t> rest_of(ScoresheetEntry& cell, std::size_t j) {
    const std::string_view w = words_[j].text;
    const int line = words_[j].line;
    const SheetWord* next = next_on_line(j);
    if (is_en_passant(w)) {  // "cxb3 e.p."
      join(cell, w, line);
      return j;
    }
    if (ascii_lower(w) == "e." && next != nullptr && ascii_lower(next->text) == "p.") {
      join(cell, std::string(w) + " " + std::string(next->text), line);  // "e. p."
      return j + 1;
    }
    // "e x f6", "O - O"; not "O-O - O-O-O" (a hyphen between two whole moves)
    if (is_joint(w) && next != nullptr && continues_move(next->text) &&
        !whole_castling(next->text)) {
      join(cell, std::string(w) + " " + std::string(next->text), line);
      return j + 1;
    }
    if (awaits_promotion(cell.text) &&
        ((w.size() > 1 && w.front() == '=' && is_piece_word(w.substr(1))) || is_piece_word(w))) {
      join(cell, w, line);  // "gxh8 =Q", "g:h8 Q"
      return j;
    }
    return std::nullopt;
  }

  // A result written with blanks round its dash ("1 - 0", "½ - ½") from words_[j]: no move
  // number, no cell; returns the last word used.
  std::optional<std::size_t> spaced_result(std::size_t j) {
    const SheetWord* dash = next_on_line(j);
    if (dash == nullptr || !is_dash(dash->text)) return std::nullopt;
    const SheetWord* right = next_on_line(j + 1);
    if (right == nullptr) return std::nullopt;
    const std::string joined = std::string(words_[j].text) + "-" + std::string(right->text);
    if (!is_result(joined)) return std::nullopt;
    sheet_.result = joined == "½-½" ? "1/2-1/2" : joined;
    note(SheetNote::Kind::Result, words_[j].line,
         std::string(words_[j].text) + " " + std::string(dash->text) + " " +
             std::string(right->text));
    return j + 2;
  }

  // A hyphen or capture sign words_[j] after `cell` that joins nothing: a dash between two moves
  // ("Ng1 - f3 - Nb8 - c6") separates them; anything else is an annotation.
  void stray_joint(const ScoresheetEntry& cell, std::size_t j) {
    const std::string_view w = words_[j].text;
    const SheetWord* next = next_on_line(j);
    if (is_dash(w) && next != nullptr && move_shaped(next->text)) {
      note(SheetNote::Kind::Between, words_[j].line,
           cell.text + " " + std::string(w) + " " + std::string(next->text));
      return;
    }
    note(SheetNote::Kind::Annotation, words_[j].line, std::string(w));
  }

  // Gives words_[j] its place; returns the last word it used.
  std::size_t take(std::size_t j) {
    const std::string_view w = words_[j].text;
    const int line = words_[j].line;
    const SheetWord* next = next_on_line(j);
    if (is_result(w)) {
      sheet_.result = w == "½-½" ? "1/2-1/2" : std::string(w);
      return j;
    }
    if (std::string result = written_result(w); !result.empty()) {  // "1/2", "Remis", "1:0"
      sheet_.result = std::move(result);
      note(SheetNote::Kind::Result, line, std::string(w));
      return j;
    }
    if (const std::optional<std::size_t> used = spaced_result(j)) return *used;
    if (is_zeros(w)) {  // "00", "000": castling
      w_.add(std::string(w), line);
      return j;
    }
    if (move_number(w, line)) return j;
    if (is_dots(w)) {  // "..." alone: after a number, Black's cell follows
      w_.dots();
      return j;
    }
    ScoresheetEntry* cell = w_.joinable(line);
    if (cell != nullptr && w == "=" && awaits_promotion(cell->text) && next != nullptr &&
        is_piece_word(next->text)) {
      join(*cell, "= " + std::string(next->text), line);  // "gxh8 = Q"
      return j + 1;
    }
    if (is_annotation(w)) {
      note(SheetNote::Kind::Annotation, line, std::string(w));
      return j;
    }
    if (cell != nullptr)
      if (const std::optional<std::size_t> used = rest_of(*cell, j)) return *used;
    if (is_piece_word(w) && next != nullptr && continues_move(next->text) &&
        !is_zeros(next->text)) {  // "N f3", "Кр b8"
      w_.add(std::string(w), line);
      join(sheet_.entries.back(), next->text, line);
      return j + 1;
    }
    // A hyphen or capture sign after a move that joins nothing ("O-O - O-O-O"); right after a
    // move number it stays a cell ("1. - e5": White's cell marked empty).
    if (is_joint(w) && cell != nullptr) {
      stray_joint(*cell, j);
      return j;
    }
    w_.add(std::string(w), line);
    return j;
  }

  // Dashes after the last move ("1. e4 e5 —"): a mark, no cell.
  void trailing_marks() {
    while (!sheet_.entries.empty() && is_dash(sheet_.entries.back().text)) {
      const ScoresheetEntry& e = sheet_.entries.back();
      sheet_.notes.push_back({SheetNote::Kind::Annotation, e.line, e.text});
      sheet_.entries.pop_back();
    }
  }

  // A move number: digits and periods ("12.", "12...", "12…"), "12)" or "12:", or bare digits,
  // maybe glued to the move ("12.e4"). False when the word is none.
  bool move_number(std::string_view word, int line) {
    std::size_t k = 0;
    while (k < word.size() && is_digit(word[k])) ++k;
    if (k == 0 || k > 4 ||
        !(k == word.size() || word[k] == '.' || word[k] == ')' || word[k] == ':' ||
          word.substr(k).starts_with("…")))
      return false;
    // At most four digits: always a number.
    const int n = static_cast<int>(read_decimal(word.substr(0, k), 9999).value_or(0));
    std::size_t dots = 0;
    std::size_t m = k;
    if (m < word.size() && (word[m] == ')' || word[m] == ':')) ++m;
    for (bool more = true; more && m < word.size();) {
      if (word[m] == '.') {
        ++dots;
        ++m;
      } else if (word.substr(m).starts_with("…")) {
        dots += 3;
        m += std::string_view("…").size();
      } else {
        more = false;
      }
    }
    w_.number(n, dots >= 2);
    if (m < word.size()) w_.add(std::string(word.substr(m)), line);
    return true;
  }

  std::string_view text_;
  Scoresheet& sheet_;
  SheetWriter w_;
  std::size_t i_ = 0;
  bool pgn_ = false;
  std::vector<SheetWord> words_;
  std::ptrdiff_t joined_ = -1;  // the cell the last Joined note is about
};

}  // namespace

Result<Scoresheet, ScoresheetError> read_scoresheet(std::string_view text) {
  Scoresheet sheet;
  if (auto s = SheetReader(text, sheet).read(); !s) return fail_with(s.error());
  return sheet;
}

ScoresheetReplay replay_scoresheet(const Scoresheet& sheet, const Position& start,
                                   const PieceLetters& letters) {
  using Status = ScoresheetPly::Status;
  ScoresheetReplay replay;
  replay.position = start;
  bool stopped = false;
  for (const ScoresheetEntry& e : sheet.entries) {
    ScoresheetPly ply;
    if (stopped) {
      replay.plies.push_back(std::move(ply));
      continue;
    }
    const Position& pos = replay.position;
    auto m = read_move(pos, e.text, letters, Strictness::Lenient);
    if (!m) {
      const MoveReadError& err = m.error();
      ply.status = err.kind == MoveReadError::Kind::Illegal     ? Status::Illegal
                   : err.kind == MoveReadError::Kind::Ambiguous ? Status::Ambiguous
                                                                : Status::NotAMove;
      ply.error = err;
      if (err.kind == MoveReadError::Kind::Illegal) ply.illegal = err.illegal;
      ply.candidates = err.candidates;
      stopped = true;
      replay.plies.push_back(std::move(ply));
      continue;
    }
    ply.status = Status::Read;
    ply.move = *m;
    ply.san = to_san(pos, *m);
    if (e.move_number > 0 &&
        (e.move_number != pos.fullmove_number() || e.side != pos.side_to_move()))
      ply.misplaced = ScoresheetPly::Misplaced{e.move_number, e.side, pos.fullmove_number(),
                                               pos.side_to_move()};
    replay.position.play(*m);
    ++replay.moves_read;
    replay.plies.push_back(std::move(ply));
  }
  return replay;
}

// ---------------------------------------------------------------------------------------------
// Layout

ScoresheetCell scoresheet_cell(const Position& start, std::size_t ply) {
  // Counted in half-moves from White's move of the start position's full move.
  const std::size_t from_white = ply + (start.side_to_move() == BLACK ? 1 : 0);
  return {start.fullmove_number() + int(from_white / 2), from_white % 2 == 0 ? WHITE : BLACK};
}

std::string move_number_label(const Position& start, std::size_t ply) {
  const ScoresheetCell cell = scoresheet_cell(start, ply);
  return std::to_string(cell.move_number) + (cell.side == WHITE ? "." : "...");
}

std::vector<ScoresheetRow> scoresheet_rows(const Position& start, std::size_t plies) {
  std::vector<ScoresheetRow> rows;
  for (std::size_t ply = 0; ply < plies; ++ply) {
    const ScoresheetCell cell = scoresheet_cell(start, ply);
    if (rows.empty() || rows.back().move_number != cell.move_number)
      rows.push_back({cell.move_number, std::nullopt, std::nullopt});
    (cell.side == WHITE ? rows.back().white : rows.back().black) = ply;
  }
  return rows;
}

std::vector<std::string> scoresheet_lines(const Position& start,
                                          const std::vector<std::string>& moves) {
  std::vector<std::string> lines;
  for (const ScoresheetRow& row : scoresheet_rows(start, moves.size())) {
    std::string line = std::to_string(row.move_number);
    if (row.white) {
      line += ". " + moves[*row.white];
      if (row.black) line += " " + moves[*row.black];
    } else if (row.black) {
      line += "... " + moves[*row.black];
    }
    lines.push_back(std::move(line));
  }
  return lines;
}

}  // namespace annabella::core
