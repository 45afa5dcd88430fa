// Scoresheets: reading the cells as written, and replaying them leniently.
#include "core/scoresheet.h"

#include "core/text.h"

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

namespace {

// Reads a scoresheet's text word by word, leaving out the PGN parts that are no cell.
class SheetReader {
 public:
  SheetReader(std::string_view text, Scoresheet& sheet) : text_(text), sheet_(sheet), w_(sheet) {}

  Status read() {
    while (i_ < text_.size()) {
      if (Status s = step(); !s) return s;
    }
    return {};
  }

 private:
  // One character, blank, PGN part or word from text_[i_].
  Status step() {
    const char c = text_[i_];
    if (c == '\n') {
      ++w_.line_;
      ++i_;
    } else if (is_blank(c)) {
      ++i_;
    } else if (c == '[' || c == ';' || (c == '%' && (i_ == 0 || text_[i_ - 1] == '\n'))) {
      skip_line();  // a tag, a ;comment or an escape line: to the end of its line
    } else if (c == '{') {
      return skip_block(false, '}', "a comment '{'");
    } else if (c == '(') {
      return skip_block(true, ')', "a variation '('");
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
  Status skip_block(bool nests, char close, std::string_view what) {
    const int opened = w_.line_;
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
        return {};
      }
    }
    return fail(std::string(what) + " opened on line " + std::to_string(opened) + " is not closed");
  }

  void word() {
    std::size_t j = i_;
    while (j < text_.size() && !is_blank(text_[j]) && text_[j] != '{' && text_[j] != ';') ++j;
    const std::string_view word = text_.substr(i_, j - i_);
    i_ = j;
    if (is_result(word)) {
      sheet_.result = word == "½-½" ? "1/2-1/2" : std::string(word);
      return;
    }
    if (move_number(word)) return;
    if (word.find_first_not_of('.') == std::string_view::npos) return;  // "..." alone
    w_.add(std::string(word), w_.line_);
  }

  // A move number: digits and periods ("12.", "12...", "12…"), or bare digits, maybe glued to
  // the move ("12.e4"). False when the word is none.
  bool move_number(std::string_view word) {
    std::size_t k = 0;
    while (k < word.size() && is_digit(word[k])) ++k;
    if (k == 0 || k > 4 || !(k == word.size() || word[k] == '.' || word.substr(k).starts_with("…")))
      return false;
    // At most four digits: always a number.
    const int n = static_cast<int>(read_decimal(word.substr(0, k), 9999).value_or(0));
    std::size_t dots = 0;
    std::size_t m = k;
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
    if (m < word.size()) w_.add(std::string(word.substr(m)), w_.line_);
    return true;
  }

  std::string_view text_;
  Scoresheet& sheet_;
  SheetWriter w_;
  std::size_t i_ = 0;
};

}  // namespace

Result<Scoresheet> read_scoresheet(std::string_view text) {
  Scoresheet sheet;
  if (Status s = SheetReader(text, sheet).read(); !s) return fail(s.error());
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
      ply.note = "written as move " + std::to_string(e.move_number) + " for " + side_word(e.side) +
                 ", but it is move " + std::to_string(pos.fullmove_number()) + " for " +
                 side_word(pos.side_to_move());
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
