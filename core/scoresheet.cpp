// Scoresheets: reading the cells as written, and replaying them leniently.
#include "core/scoresheet.h"

namespace annabella::core {
namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',';
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

std::string side_word(Color c) {
  return c == WHITE ? "White" : "Black";
}

// The sheet being filled in: which cell comes next.
class SheetWriter {
 public:
  explicit SheetWriter(Scoresheet& sheet) : sheet_(sheet) {}

  // "12." (White's cell next), "12..." (Black's), or a bare "12" at the start of a line.
  void number(int n, bool black) {
    // A White number where Black's cell of the previous move was still open: that cell was
    // left blank.
    if (!black && started_ && side_ == BLACK && n == number_ + 1) add("", line_);
    number_ = n;
    side_ = black ? BLACK : WHITE;
    started_ = true;
  }

  void add(std::string text, int line) {
    ScoresheetEntry e;
    e.move_number = number_;
    e.side = side_;
    e.text = std::move(text);
    e.line = line;
    sheet_.entries.push_back(std::move(e));
    if (side_ == BLACK) {
      side_ = WHITE;
      if (number_ > 0) ++number_;
    } else {
      side_ = BLACK;
    }
    started_ = true;
  }

  int line_ = 1;

 private:
  Scoresheet& sheet_;
  int number_ = 0;
  Color side_ = WHITE;
  bool started_ = false;
};

bool is_result(std::string_view w) {
  return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*" || w == "½-½";
}

}  // namespace

std::vector<std::string> Scoresheet::texts() const {
  std::vector<std::string> out;
  for (const ScoresheetEntry& e : entries)
    if (!e.text.empty()) out.push_back(e.text);
  return out;
}

Result<Scoresheet> read_scoresheet(std::string_view text) {
  Scoresheet sheet;
  SheetWriter w(sheet);
  int& line = w.line_;
  std::size_t i = 0;
  // Skips a comment ({...}, no nesting) or a variation ((...), nested) starting at text[i].
  auto skip_to = [&](char nests, char close, std::string_view what) -> Status {
    const int opened = line;
    int depth = 1;
    for (++i; i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
      } else if (text[i] == nests) {
        ++depth;
      } else if (text[i] == close && --depth == 0) {
        ++i;
        return {};
      }
    }
    return fail(std::string(what) + " opened on line " + std::to_string(opened) + " is not closed");
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n') {
      ++line;
      ++i;
      continue;
    }
    if (is_blank(c)) {
      ++i;
      continue;
    }
    // PGN parts that are no cell of a scoresheet.
    if (c == '[') {  // a tag: to the end of its line
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (c == ';' || (c == '%' && (i == 0 || text[i - 1] == '\n'))) {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (c == '{') {
      if (auto s = skip_to('\0', '}', "a comment '{'"); !s) return fail(s.error());
      continue;
    }
    if (c == '(') {
      if (auto s = skip_to('(', ')', "a variation '('"); !s) return fail(s.error());
      continue;
    }
    if (c == '$') {
      ++i;
      while (i < text.size() && is_digit(text[i])) ++i;
      continue;
    }
    // A word.
    std::size_t j = i;
    while (j < text.size() && !is_blank(text[j]) && text[j] != '{' && text[j] != ';') ++j;
    std::string_view word = text.substr(i, j - i);
    i = j;
    if (is_result(word)) {
      sheet.result = word == "½-½" ? "1/2-1/2" : std::string(word);
      continue;
    }
    // Move number: digits and periods ("12.", "12...", "12…"), or bare digits.
    std::size_t k = 0;
    while (k < word.size() && is_digit(word[k])) ++k;
    if (k > 0 && k <= 4 &&
        (k == word.size() || word[k] == '.' || word.substr(k).starts_with("…"))) {
      const int n = std::stoi(std::string(word.substr(0, k)));
      std::size_t dots = 0;
      std::size_t m = k;
      while (m < word.size()) {
        if (word[m] == '.') {
          ++dots;
          ++m;
        } else if (word.substr(m).starts_with("…")) {
          dots += 3;
          m += std::string_view("…").size();
        } else {
          break;
        }
      }
      w.number(n, dots >= 2);
      if (m < word.size()) w.add(std::string(word.substr(m)), line);
      continue;
    }
    if (word.find_first_not_of('.') == std::string_view::npos) continue;  // "..." alone
    w.add(std::string(word), line);
  }
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
      ply.message = "not replayed: an earlier move could not be read";
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
      ply.message = err.message;
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
      ply.note = "written as move " + std::to_string(e.move_number) + " for " + side_word(e.side) +
                 ", but it is move " + std::to_string(pos.fullmove_number()) + " for " +
                 side_word(pos.side_to_move());
    replay.position.play(*m);
    ++replay.moves_read;
    replay.plies.push_back(std::move(ply));
  }
  return replay;
}

}  // namespace annabella::core
