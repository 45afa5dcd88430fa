#include "app/console.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "config/config.h"
#include "core/bitboard.h"

namespace annabella::app {
namespace {

using core::Piece;
using core::PieceType;
using core::Square;

std::string lower(std::string_view text) {
  std::string s(text);
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::vector<std::string> words_of(std::string_view line) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    const std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) words.emplace_back(line.substr(start, i - start));
  }
  return words;
}

const CommandSpec* find_command(std::string_view name) {
  const std::string key = lower(name);
  for (const auto& spec : console_commands())
    if (key == spec.short_name || key == spec.long_name) return &spec;
  return nullptr;
}

// A word that can only start a move: a square, a piece letter followed by a square, castling.
bool looks_like_move(std::string_view word) {
  if (word.empty()) return false;
  if (word[0] == 'O' || word[0] == '0') return true;  // O-O, 0-0
  for (std::size_t i = 0; i + 1 < word.size(); ++i)
    if (word[i] >= 'a' && word[i] <= 'h' && word[i + 1] >= '1' && word[i + 1] <= '8') return true;
  return false;
}

std::string squares_text(const core::Position& pos, core::Bitboard squares, bool with_piece) {
  std::string text;
  while (squares) {
    const Square s = core::pop_lsb(squares);
    if (!text.empty()) text += ", ";
    text += core::square_name(s);
    if (with_piece) {
      text += ' ';
      text += core::piece_name(pos.piece_on(s));
    }
  }
  return text.empty() ? "empty" : text;
}

}  // namespace

std::optional<PieceType> piece_type_of_word(std::string_view word) {
  const std::string w = lower(word);
  static constexpr std::pair<std::string_view, PieceType> kWords[] = {
      {"p", core::PAWN},   {"pawn", core::PAWN},     {"pawns", core::PAWN},
      {"n", core::KNIGHT}, {"knight", core::KNIGHT}, {"knights", core::KNIGHT},
      {"b", core::BISHOP}, {"bishop", core::BISHOP}, {"bishops", core::BISHOP},
      {"r", core::ROOK},   {"rook", core::ROOK},     {"rooks", core::ROOK},
      {"q", core::QUEEN},  {"queen", core::QUEEN},   {"queens", core::QUEEN},
      {"k", core::KING},   {"king", core::KING},     {"kings", core::KING}};
  for (const auto& [name, type] : kWords)
    if (w == name) return type;
  return std::nullopt;
}

const std::vector<CommandSpec>& console_commands() {
  using K = CommandKind;
  static const std::vector<CommandSpec> kCommands = {
      {K::Help, "h", "help", "[COMMAND]", "list the commands, or explain one", "", false},
      {K::Time, "t", "time", "",
       "say both players' times and the moves completed, privately to the player", "D.2.10.4",
       false},
      {K::Repeat, "r", "repeat", "", "say the last move again", "D.2.1", false},
      {K::Moves, "g", "game", "[LAST_N]", "read the game so far (or its last N moves)", "", false},
      {K::Board, "b", "board", "rN | fX | PIECE | white | black | SQUARE... | all",
       "read the board: a rank (r4), a file (fe), a piece type (knights), one side, squares "
       "(e4 d5), or all",
       "", false},
      {K::Captured, "ca", "captured", "",
       "read the pieces taken so far, by side, as a sighted player sees them beside the board", "",
       false},
      {K::Move, "m", "move", "MOVE",
       "enter the sighted player's move (Nf3, g1f3, Ng1-f3, or the profile's words); a move "
       "typed alone works too",
       "D.2.1", false},
      {K::Flag, "f", "flag", "", "claim that the opponent's flag has fallen", "D.2.10.5", false},
      {K::Touch, "tp", "touch", "SQUARE", "report that the sighted player touched a piece",
       "Art. 4.3", false},
      {K::DrawOffer, "do", "draw-offer", "[white|black]",
       "a player offers a draw (by default the one who made the last move)", "Art. 9.1.2", false},
      {K::DrawClaim, "dc", "draw-claim", "[MOVE]",
       "claim a draw by threefold repetition or 50 moves, optionally with the intended move",
       "Art. 9.2, 9.3", false},
      {K::DrawAccept, "da", "draw-accept", "", "accept the draw offered", "Art. 9.1.2", false},
      {K::Resign, "rs", "resign", "white|black", "a player resigns", "Art. 5.1.2", false},
      {K::Pause, "p", "pause", "", "stop both clocks", "Art. 6.11.1", true},
      {K::Resume, "c", "continue", "", "restart the clocks", "Art. 6.11.1", true},
      {K::Adjust, "a", "adjust", "H:MM:SS H:MM:SS", "set White's and Black's clock", "Art. 6.10.2",
       true},
      {K::Penalty, "pen", "penalty", "white|black MINUTES",
       "add minutes to a player's clock as a penalty to the opponent", "Art. 12.9", true},
      {K::Reconcile, "rc", "reconcile", "", "compare the boards with the record now", "D.2.9",
       true},
      {K::Adjourn, "adj", "adjourn", "SEALED_MOVE", "seal the move and adjourn the game",
       "Guidelines I", true},
      {K::Status, "s", "status", "", "one line: position, whose move, clocks, board", "", false},
      {K::Quit, "q", "quit", "", "stop the station; `play --resume` continues the game", "", false},
  };
  return kCommands;
}

Result<ConsoleCommand> parse_console_line(std::string_view line) {
  const auto words = words_of(line);
  if (words.empty()) return fail("empty line: type a command, or help");
  ConsoleCommand command;
  command.line = std::string(line);
  if (const CommandSpec* spec = find_command(words[0])) {
    command.kind = spec->kind;
    command.arguments.assign(words.begin() + 1, words.end());
    if (spec->kind == CommandKind::Move && command.arguments.empty())
      return fail("move: which move? (for example: move Nf3)");
    return command;
  }
  if (looks_like_move(words[0]) || words.size() >= 2) {
    // A move typed alone, or in the profile's words ("Springer Felix drei"); the station reads
    // it in the position and says precisely what is wrong if it is not a move.
    command.kind = CommandKind::Move;
    command.arguments = {std::string(line)};
    return command;
  }
  std::vector<std::string> names;
  for (const auto& spec : console_commands()) names.emplace_back(spec.long_name);
  const std::string near = config::closest_name(lower(words[0]), names);
  return fail("\"" + words[0] + "\" is not a command or a move" +
              (near.empty() ? "" : "; did you mean " + near + "?") + " (help lists the commands)");
}

std::string console_help() {
  std::string text = "Commands (short name, long name, arguments):\n";
  for (const auto& spec : console_commands()) {
    text += "  ";
    text += spec.short_name;
    text += ", ";
    text += spec.long_name;
    if (!spec.arguments.empty()) {
      text += ' ';
      text += spec.arguments;
    }
    text += ": ";
    text += spec.help;
    if (!spec.rule.empty()) {
      text += " (";
      text += spec.rule;
      text += ')';
    }
    if (spec.arbiter_only) text += " [arbiter]";
    text += '\n';
  }
  return text;
}

Result<std::string> console_help(std::string_view name) {
  const CommandSpec* spec = find_command(name);
  if (!spec) return fail("help: no command \"" + std::string(name) + "\"");
  std::string text(spec->long_name);
  text += " (short: ";
  text += spec->short_name;
  text += ")";
  if (!spec->arguments.empty()) {
    text += ' ';
    text += spec->arguments;
  }
  text += ": ";
  text += spec->help;
  if (!spec->rule.empty()) {
    text += ". Rule: ";
    text += spec->rule;
  }
  if (spec->arbiter_only) text += ". For the arbiter.";
  return text;
}

namespace {

// What a board query asks about.
struct BoardQuery {
  enum class Kind { All, Rank, File, Side, Piece, Squares } kind = Kind::All;
  int index = 0;             // the rank or file (0..7), the Color, or the PieceType
  core::Bitboard squares{};  // Squares: the squares asked
};

// "e4", "e4 d5 h1", "square e4", "squares e4 d5": the squares, or nothing when the query is
// something else.
std::optional<core::Bitboard> squares_of_query(std::string_view query) {
  auto words = words_of(query);
  if (!words.empty() && (words[0] == "square" || words[0] == "squares")) words.erase(words.begin());
  if (words.empty()) return std::nullopt;
  core::Bitboard squares = 0;
  for (const auto& w : words) {
    if (w.size() != 2 || w[0] < 'a' || w[0] > 'h' || w[1] < '1' || w[1] > '8') return std::nullopt;
    squares |= core::square_bb(core::make_square(w[0] - 'a', w[1] - '1'));
  }
  return squares;
}

Result<BoardQuery> parse_board_query(std::string_view query) {
  using K = BoardQuery::Kind;
  const std::string q = lower(query);
  if (q.empty() || q == "all") return BoardQuery{K::All, 0};
  // "r4", "rank 4"
  std::string_view rest = q;
  if (rest.starts_with("rank"))
    rest.remove_prefix(4);
  else if (rest.size() == 2 && rest[0] == 'r' && rest[1] >= '1' && rest[1] <= '8')
    rest.remove_prefix(1);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  if (rest.size() == 1 && rest[0] >= '1' && rest[0] <= '8')
    return BoardQuery{K::Rank, rest[0] - '1'};
  // "fe", "file e"
  rest = q;
  if (rest.starts_with("file"))
    rest.remove_prefix(4);
  else if (rest.size() == 2 && rest[0] == 'f' && rest[1] >= 'a' && rest[1] <= 'h')
    rest.remove_prefix(1);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  if (rest.size() == 1 && rest[0] >= 'a' && rest[0] <= 'h')
    return BoardQuery{K::File, rest[0] - 'a'};
  if (q == "white" || q == "black")
    return BoardQuery{K::Side, q == "white" ? core::WHITE : core::BLACK};
  // "knights", "pn", "n"
  std::string_view piece_word = q;
  if (piece_word.size() == 2 && piece_word[0] == 'p') piece_word.remove_prefix(1);
  if (auto pt = piece_type_of_word(piece_word)) return BoardQuery{K::Piece, *pt};
  if (auto squares = squares_of_query(q)) return BoardQuery{K::Squares, 0, *squares};
  return fail("board: \"" + std::string(query) +
              "\" is not a rank (r4), a file (fe), a piece type (knights), white, black, squares "
              "(e4 d5) or all");
}

}  // namespace

Result<std::string> read_board(const core::Position& pos, std::string_view query) {
  auto parsed = parse_board_query(query);
  if (!parsed) return fail(parsed.error().message);
  const core::Bitboard occupied = pos.pieces();
  switch (parsed->kind) {
    case BoardQuery::Kind::All: {
      std::string text;
      for (int rank = 7; rank >= 0; --rank) {
        if (!text.empty()) text += "; ";
        text += "rank " + std::to_string(rank + 1) + ": " +
                squares_text(pos, occupied & core::rank_bb(rank), true);
      }
      return text;
    }
    case BoardQuery::Kind::Rank:
      return "rank " + std::to_string(parsed->index + 1) + ": " +
             squares_text(pos, occupied & core::rank_bb(parsed->index), true);
    case BoardQuery::Kind::File:
      return "file " + std::string(1, char('a' + parsed->index)) + ": " +
             squares_text(pos, occupied & core::file_bb(parsed->index), true);
    case BoardQuery::Kind::Side: {
      const auto side = core::Color(parsed->index);
      std::string text(core::color_name(side));
      text += ':';
      for (PieceType pt :
           {core::KING, core::QUEEN, core::ROOK, core::BISHOP, core::KNIGHT, core::PAWN}) {
        const core::Bitboard b = pos.pieces(side, pt);
        if (!b) continue;
        text += ' ';
        text += core::piece_type_name(pt);
        text += core::more_than_one(b) ? "s " : " ";
        text += squares_text(pos, b, false);
        text += ';';
      }
      text.pop_back();
      return text;
    }
    case BoardQuery::Kind::Piece: {
      const auto pt = PieceType(parsed->index);
      std::string text(core::piece_type_name(pt));
      text += "s: white ";
      text += squares_text(pos, pos.pieces(core::WHITE, pt), false);
      text += "; black ";
      text += squares_text(pos, pos.pieces(core::BLACK, pt), false);
      return text;
    }
    case BoardQuery::Kind::Squares: {
      std::string text;
      for (core::Bitboard b = parsed->squares; b;) {
        const Square s = core::pop_lsb(b);
        if (!text.empty()) text += "; ";
        text += core::square_name(s);
        text += ": ";
        text += pos.piece_on(s) == core::NO_PIECE ? "empty" : core::piece_name(pos.piece_on(s));
      }
      return text;
    }
  }
  return fail("board: unknown query");
}

Result<BoardQuerySquares> board_query_squares(const core::Position& pos, std::string_view query) {
  auto parsed = parse_board_query(query);
  if (!parsed) return fail(parsed.error().message);
  switch (parsed->kind) {
    case BoardQuery::Kind::All:
      return BoardQuerySquares{pos.pieces()};
    case BoardQuery::Kind::Rank:
      return BoardQuerySquares{pos.pieces() & core::rank_bb(parsed->index)};
    case BoardQuery::Kind::File:
      return BoardQuerySquares{pos.pieces() & core::file_bb(parsed->index)};
    case BoardQuery::Kind::Side:
      return BoardQuerySquares{pos.pieces(core::Color(parsed->index))};
    case BoardQuery::Kind::Piece:
      return BoardQuerySquares{pos.pieces(PieceType(parsed->index))};
    case BoardQuery::Kind::Squares:
      return BoardQuerySquares{parsed->squares, true};
  }
  return fail("board: unknown query");
}

std::string read_captured(const core::Game& game) {
  const auto captured = core::captured_pieces(game);
  std::string text = "captured:";
  for (core::Color side : {core::WHITE, core::BLACK}) {
    text += side == core::WHITE ? " white " : "; black ";
    const auto& pieces = captured[side];
    if (pieces.empty()) text += "none";
    for (std::size_t i = 0; i < pieces.size(); ++i) {
      if (i) text += ", ";
      text += core::piece_type_name(pieces[i]);
    }
  }
  return text;
}

}  // namespace annabella::app
