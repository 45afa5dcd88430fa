// The PGN reader's state (internal): a lexer (pgn_lexer.cpp) feeding a game parser that replays
// every move (pgn_reader.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/pgn_reader.h"

namespace annabella::core {

namespace pgn_detail {
constexpr std::size_t kMaxWord = 256;  // longer words are cut (read_move says why)
constexpr std::size_t kMaxComment = std::size_t{64} * 1024;  // a longer comment is cut and reported
constexpr std::size_t kMaxTag = 4096;
}  // namespace pgn_detail

struct PgnReader::Impl {
  Impl(PgnVisitor& v, PgnReadOptions o) : visitor(v), options(std::move(o)) {}

  PgnVisitor& visitor;
  PgnReadOptions options;

  // Lexer
  enum class Lex {
    Between,
    Word,
    Comment,
    LineComment,
    EscapeLine,
    Nag,
    TagName,
    TagBeforeValue,
    TagValue,
    TagValueEscape,
    TagAfterValue,
    TagSkip,
  };
  Lex lex = Lex::Between;
  int line = 1;
  bool line_start = true;
  int token_line = 1;
  std::string word;       // the word, comment or NAG being read
  std::string tag_name;   // the tag being read
  std::string tag_value;  //
  std::string tag_raw;    // the tag as written so far, for messages
  bool comment_cut = false;
  int bom = 0;  // bytes of a UTF-8 byte order mark matched at the start (3 = done or none)

  // Parser
  enum class Phase { BetweenGames, Tags, Moves };
  struct LineState {
    Position pos;     // after the last move of the line
    Position before;  // before the last move (where a variation starts)
    bool has_last = false;
    bool broken = false;    // a move failed: the rest is not replayed
    bool reported = false;  // begin_variation was sent
    // The keys of pos and of the positions before it in this line (Art. 9.2.2 repetitions).
    std::vector<std::uint64_t> keys;
  };
  Phase phase = Phase::BetweenGames;
  int game = 0;
  int total_problems = 0;
  std::vector<LineState> lines;
  int skip_depth = 0;
  PgnGameSummary summary;
  std::string result_tag, fen_tag, variant_tag;
  bool has_result_tag = false;
  bool number_reported = false;
  int fen_line = 0, variant_line = 0;

  // ---- problems
  // Reports a problem: its kind and facts in `what`, the offending text and the line here.
  void problem(std::string_view text, PgnProblem what, int at_line);

  // ---- games
  void begin_game();

  void start_moves();

  void end_game();
  std::string result_tag_seen;  // the termination marker read

  void close_variations(int at_line, std::string_view what);

  // ---- tokens
  // A tag (read or broken) belongs to the game being tagged, or starts the next one.
  void enter_tag_section(int at_line);

  void on_tag(int at_line);

  void on_result(std::string_view text, int at_line);

  void on_number(int number, std::string_view text, int at_line);

  void on_move(std::string_view text, int at_line);
  // Whether the line's game had already ended by itself (Art. 5.1.1, 5.2.1, 5.2.2, 9.6) before a
  // move `text`: then reports it and stops the line. `read_failed`: the move could not be read
  // (only then can the position be mate or stalemate, the costly checks).
  bool played_after_the_end(LineState& l, std::string_view text, bool read_failed, int at_line);

  void on_word(std::string_view w, int at_line);

  void on_nag(std::string_view digits, int at_line);

  void on_comment(std::string_view raw, int at_line);

  void on_open(int at_line);

  void on_close(int at_line);

  // ---- lexer
  void tag_error(PgnProblem::Kind kind, char character = 0);

  void finish_word();

  void put(char c);
  void put_between(char c);
  void put_comment(char c);
  void put_in_token(char c);
  void put_tag(char c);
  void put_tag_name(char c);
  void put_tag_value(char c);
  std::size_t take_run(std::string_view chunk, std::size_t i);
  bool past_byte_order_mark(char c);

  void feed(std::string_view chunk);

  void finish();
};

}  // namespace annabella::core
