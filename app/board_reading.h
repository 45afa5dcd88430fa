// Reading the board aloud, after Lichess's blind mode: what stands on a rank ("rank 4", "r4"),
// a file ("file e", "fe"), where the pieces of one type are ("knights", "pn"), one side's pieces
// ("white", "black"), what stands on given squares ("e4", "e4 d5", "square e4"), or everything
// ("all"). Only what a sighted player sees on the board: no legal moves, attacks or other help
// (Art. 11.3). The console's words are in the language of the messages (app/i18n.h), the queries
// English; the station speaks the same squares in the profile's words.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/bitboard.h"
#include "core/game.h"
#include "core/position.h"
#include "core/result.h"

namespace annabella::app {

// A piece type in English words or letters, any case: "n", "knight", "knights".
[[nodiscard]] std::optional<core::PieceType> piece_type_of_word(std::string_view word);

// One line, squares in order, "empty" for none, in the language of the messages.
[[nodiscard]] Result<std::string> read_board(const core::Position& position,
                                             std::string_view query);
// Where the next rank starts in the reading of the whole board ("; rank "), to print it one rank
// a line.
[[nodiscard]] std::string next_rank_mark();

// The squares a board query is about, for saying it in the profile's words: the occupied ones,
// or for a query of squares every square asked, empty ones too (`each_square`).
struct BoardQuerySquares {
  core::Bitboard squares = 0;
  bool each_square = false;  // name every square, "empty" where nothing stands
};
[[nodiscard]] Result<BoardQuerySquares> board_query_squares(const core::Position& position,
                                                            std::string_view query);

// The pieces captured so far (core::captured_pieces), as one line that says who took what:
// "White has taken: knight, pawn; Black has taken: nothing".
[[nodiscard]] std::string read_captured(const core::Game& game);

}  // namespace annabella::app
