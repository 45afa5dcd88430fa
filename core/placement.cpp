#include "core/placement.h"

#include <algorithm>
#include <cctype>
#include <string>

namespace annabella::core {
namespace {

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

std::string lower_ascii(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The side a piece list group is for: "white:", "Weiß:", "noirs:", "b:" ...
std::optional<Color> side_word(std::string_view word) {
  const std::string w = lower_ascii(trimmed(word));
  // The side words of every sheet language (docs/notation.md): Serbian and Croatian Latin
  // (beli, bijeli, crni), Bulgarian (бял, белите, черен, черните), Macedonian and Serbian
  // Cyrillic (бели, црни), Russian (белые, чёрные).
  for (const char* white : {"white",  "w",    "weiss", "weiß",   "blanc",  "blancs", "blancas",
                            "bianco", "wit",  "beli",  "bijeli", "bele",   "белые",  "Белые",
                            "бели",   "Бели", "бял",   "Бял",    "белите", "Белите"})
    if (w == white) return WHITE;
  for (const char* black :
       {"black", "b",     "schwarz", "noir",   "noirs",   "negras", "nero", "zwart",
        "crni",  "crne",  "черные",  "Черные", "чёрные",  "Чёрные", "црни", "Црни",
        "черни", "Черни", "черен",   "Черен",  "черните", "Черните"})
    if (w == black) return BLACK;
  return std::nullopt;
}

// The piece type a piece list's letter stands for ("" for a pawn), in `letters`.
std::optional<PieceType> piece_type_of(std::string_view letter, const PieceLetters& letters) {
  if (letter.empty()) return PAWN;
  for (int t = PAWN; t <= KING; ++t)
    if (!letters.letters[t].empty() &&
        (letter == letters.letters[t] || lower_ascii(letter) == lower_ascii(letters.letters[t])))
      return PieceType(t);
  return std::nullopt;
}

bool separator(char c) {
  return std::isspace(static_cast<unsigned char>(c)) != 0 || c == ',';
}

// One side's pieces ("Kg1 Qd1 Ra1 a2 b2") put on `board`.
// Places one side's pieces, or says why it could not.
using Placed = std::optional<PlacementError>;

Placed place_group(std::string_view group, Color side, const PieceLetters& letters,
                   std::array<Piece, 64>& board) {
  while (!group.empty()) {
    std::size_t k = 0;
    while (k < group.size() && separator(group[k])) ++k;
    group.remove_prefix(k);
    k = 0;
    while (k < group.size() && !separator(group[k])) ++k;
    const std::string_view item = group.substr(0, k);
    group.remove_prefix(k);
    if (item.empty()) continue;
    const auto square =
        item.size() >= 2 ? parse_square(item.substr(item.size() - 2)) : std::nullopt;
    if (!square)
      return PlacementError{.kind = PlacementError::Kind::NoSquare, .item = std::string(item)};
    const std::string_view letter = item.substr(0, item.size() - 2);
    const auto type = piece_type_of(letter, letters);
    if (!type)
      return PlacementError{.kind = PlacementError::Kind::NotALetter,
                            .item = std::string(item),
                            .letter = std::string(letter),
                            .letters = letters.name};
    // D.2.9: a board has one piece a square; a square listed twice is a mistake in the list,
    // never "the later piece wins" (that replaced a white king with a black one).
    if (board[*square] != NO_PIECE)
      return PlacementError{
          .kind = PlacementError::Kind::ListedTwice, .item = std::string(item), .square = *square};
    board[*square] = make_piece(side, *type);
  }
  return {};
}

// "White: Kg1 Qd1 Ra1 a2 b2; Black: Kg8 ..." in the letters of a scoresheet language.
Result<std::array<Piece, 64>, PlacementError> squares_from_piece_list(std::string_view text,
                                                                      const PieceLetters& letters) {
  std::array<Piece, 64> board{};
  while (!text.empty()) {
    std::size_t end = text.find_first_of(";\n");
    if (end == std::string_view::npos) end = text.size();
    std::string_view group = trimmed(text.substr(0, end));
    text.remove_prefix(std::min(text.size(), end + 1));
    if (group.empty()) continue;
    const std::size_t colon = group.find(':');
    const auto side =
        colon == std::string_view::npos ? std::nullopt : side_word(group.substr(0, colon));
    if (!side)
      return fail_with(
          PlacementError{.kind = PlacementError::Kind::NoSide, .item = std::string(group)});
    if (Placed fault = place_group(group.substr(colon + 1), *side, letters, board))
      return fail_with(std::move(*fault));
  }
  return board;
}

// A FEN placement field ("rnbqkbnr/pppppppp/8/...") of 64 squares, a1 = index 0.
std::string placement_field(const std::array<Piece, 64>& squares) {
  static constexpr char kLetters[PIECE_NB + 1] = " PNBRQK  pnbrqk ";
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece pc = squares[std::size_t(rank) * 8 + std::size_t(file)];
      if (pc == NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += kLetters[pc];
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  return out;
}

Result<Position, PlacementError> position_of_placement(const std::string& placement) {
  auto white = Position::from_fen(placement + " w - - 0 1");
  if (white) return std::move(*white);
  auto black = Position::from_fen(placement + " b - - 0 1");
  if (black) return std::move(*black);
  return fail_with(PlacementError{
      .kind = PlacementError::Kind::NoPosition, .item = placement, .fen = white.error()});
}

}  // namespace

Result<Position, PlacementError> read_placement(const std::array<Piece, 64>& squares) {
  return position_of_placement(placement_field(squares));
}

Result<Position, PlacementError> read_placement(std::string_view text,
                                                const PieceLetters& letters) {
  text = trimmed(text);
  if (text.find(':') != std::string_view::npos) {
    auto squares = squares_from_piece_list(text, letters);
    if (!squares) return fail_with(squares.error());
    return read_placement(*squares);
  }
  if (text.find(' ') != std::string_view::npos) {
    auto full = Position::from_fen(text);
    if (!full)
      return fail_with(PlacementError{.kind = PlacementError::Kind::NoPosition,
                                      .item = std::string(text),
                                      .fen = full.error()});
    return std::move(*full);
  }
  return position_of_placement(std::string(text));
}

}  // namespace annabella::core
