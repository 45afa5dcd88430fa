#include "app/board_reading.h"

#include <cctype>
#include <vector>

#include "app/i18n.h"
#include "app/station_text.h"
#include "core/text.h"

namespace annabella::app {

using core::PieceType;
using core::Square;
using i18n::format;
using i18n::tr;
using i18n::tr_noop;

namespace {

// TRANSLATORS: a rank of the board reading: "rank 4: b4 black pawn, e4 white pawn".
constexpr const char* kRankLine = tr_noop("rank {rank}: {squares}");

std::string squares_text(const core::Position& pos, core::Bitboard squares, bool with_piece) {
  std::string text;
  while (squares) {
    const Square s = core::pop_lsb(squares);
    if (!text.empty()) text += ", ";
    text += core::square_name(s);
    if (with_piece) {
      text += ' ';
      text += text::piece(pos.piece_on(s));
    }
  }
  return text.empty() ? tr("empty") : text;
}

}  // namespace

std::optional<PieceType> piece_type_of_word(std::string_view word) {
  const std::string w = core::ascii_lower(word);
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
  auto words = core::split_words(query);
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
  const std::string q = core::ascii_lower(query);
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
  // TRANSLATORS: r4, fe, knights, white, black, e4 d5 and all are what the assistant types.
  return fail(format(tr("board: \"{query}\" is not a rank (r4), a file (fe), a piece type "
                        "(knights), white, black, squares (e4 d5) or all"),
                     {{"query", std::string(query)}}));
}

std::string rank_line(int rank, const std::string& squares) {
  return format(tr(kRankLine), {{"rank", std::to_string(rank + 1)}, {"squares", squares}});
}

}  // namespace

std::string next_rank_mark() {
  const std::string line = tr(kRankLine);
  return "; " + line.substr(0, line.find("{rank}"));
}

Result<std::string> read_board(const core::Position& pos, std::string_view query) {
  auto parsed = parse_board_query(query);
  if (!parsed) return fail(parsed.error().message);
  const core::Bitboard occupied = pos.pieces();
  switch (parsed->kind) {
    case BoardQuery::Kind::All: {
      std::string text;
      for (int rank = 7; rank >= 0; --rank) {
        if (!text.empty()) text += "; ";
        text += rank_line(rank, squares_text(pos, occupied & core::rank_bb(rank), true));
      }
      return text;
    }
    case BoardQuery::Kind::Rank:
      return rank_line(parsed->index,
                       squares_text(pos, occupied & core::rank_bb(parsed->index), true));
    case BoardQuery::Kind::File:
      return format(
          tr("file {file}: {squares}"),
          {{"file", std::string(1, char('a' + parsed->index))},
           {"squares", squares_text(pos, occupied & core::file_bb(parsed->index), true)}});
    case BoardQuery::Kind::Side: {
      const auto side = core::Color(parsed->index);
      std::string pieces;
      for (PieceType pt :
           {core::KING, core::QUEEN, core::ROOK, core::BISHOP, core::KNIGHT, core::PAWN}) {
        const core::Bitboard b = pos.pieces(side, pt);
        if (!b) continue;
        pieces += (pieces.empty() ? "" : "; ") +
                  text::piece_type(pt, static_cast<unsigned long>(core::popcount(b))) + " " +
                  squares_text(pos, b, false);
      }
      // TRANSLATORS: one side's pieces: "white: king e1; queen f3; rooks a1, h1".
      return format(side == core::WHITE ? tr("white: {pieces}") : tr("black: {pieces}"),
                    {{"pieces", pieces}});
    }
    case BoardQuery::Kind::Piece: {
      const auto pt = PieceType(parsed->index);
      // TRANSLATORS: one piece type on both sides: "knights: white c3, e5; black b6, f6".
      return format(tr("{pieces}: white {white}; black {black}"),
                    {{"pieces", text::piece_type(pt, 2)},
                     {"white", squares_text(pos, pos.pieces(core::WHITE, pt), false)},
                     {"black", squares_text(pos, pos.pieces(core::BLACK, pt), false)}});
    }
    case BoardQuery::Kind::Squares: {
      std::string text;
      for (core::Bitboard b = parsed->squares; b;) {
        const Square s = core::pop_lsb(b);
        if (!text.empty()) text += "; ";
        text += core::square_name(s);
        text += ": ";
        text += pos.piece_on(s) == core::NO_PIECE ? tr("empty") : text::piece(pos.piece_on(s));
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
  // captured_pieces() lists the pieces each side lost; the taker is the other side.
  const auto captured = core::captured_pieces(game);
  std::string text;
  for (core::Color taker : {core::WHITE, core::BLACK}) {
    const auto& pieces = captured[~taker];
    std::string taken = pieces.empty() ? tr("nothing") : "";
    for (std::size_t i = 0; i < pieces.size(); ++i)
      taken += (i ? ", " : "") + text::piece_type(pieces[i]);
    // TRANSLATORS: "White has taken: knight, pawn; Black has taken: nothing".
    text += format(
        taker == core::WHITE ? tr("White has taken: {pieces}") : tr("; Black has taken: {pieces}"),
        {{"pieces", taken}});
  }
  return text;
}

}  // namespace annabella::app
