// Why a written move is not legal (Art. 3), in the language of the messages (app/i18n.h): the
// core gives the kind and the squares (core/illegal_move.h), this file words them for the
// console, the log and the command line.
#pragma once

#include <string>
#include <string_view>

#include "core/game.h"
#include "core/illegal_move.h"
#include "core/notation_detect.h"
#include "core/notation_letters.h"
#include "core/notation_reader.h"
#include "speech/move_parser.h"

namespace annabella::app::text {

// "the bishop on f1 cannot reach b5: the white pawn on e2 is in the way", "castling O-O is
// prevented: the king is in check (Art. 3.8.2.2)".
[[nodiscard]] std::string illegal_move(const core::IllegalMove& why);
// One piece's obstacle: "the knight on g1 cannot reach g3".
[[nodiscard]] std::string move_obstacle(const core::MoveObstacle& why);
// A move that could not be read: "'Ke3' is illegal: the king on e1 cannot reach e3", "'Kz9' is
// not a move: 'z' (character 2) is not a file, rank, piece letter or capture sign", "'Nd2' is
// ambiguous: it fits Nbd2, Nfd2".
[[nodiscard]] std::string move_read_error(const core::MoveReadError& error);
// Why a text is no move at all: "'z' (character 2) is not a file, rank, piece letter or capture
// sign".
[[nodiscard]] std::string not_a_move(const core::NotAMove& why);
// What decided the language of written moves (Appendix C.3), or why it could not be decided:
// "only German (de) explains every written move".
[[nodiscard]] std::string language_detection(const core::LanguageDetection& found);
// Why a draw claim is incorrect (Art. 9.5), from the game's facts: "the draw claim is incorrect
// (Art. 9.5): the position on the board has appeared 2 times, not 3 (Art. 9.2), and 2 moves by
// each player were played without a pawn move or a capture, not 50 (Art. 9.3)". `before`: the
// position the claim was made in (for the intended move's SAN).
[[nodiscard]] std::string incorrect_claim(const core::Game::IncorrectClaim& why,
                                          const core::Position& before);
// The same for a move typed or heard in the profile's words (speech::MoveParser), read in
// `pos`: "'Springer Fritz drei' is not a move: the word 'Fritz' is not in the words of any
// profile", "'Springer David zwei' is ambiguous: Springer Bella David zwei, Springer Felix David
// zwei; say which".
[[nodiscard]] std::string heard_move_error(const speech::HeardMoveError& error,
                                           std::string_view text, const core::Position& pos);
// The readings of a written move that reads as different legal moves in different letters
// (D.2.1: never decided silently): "Bc5: bishop f8-c5 (English letters) or pawn c7-c5 (German
// letters)".
[[nodiscard]] std::string move_readings(const core::Position& pos, std::string_view text,
                                        const std::vector<core::MoveReading>& readings);
// Why a code names no letter table (Appendix C.3): "unknown language \"xx\"; known: en, de, ...",
// "custom letter \"b\" for the knight contains 'b', which already means a file, ...".
[[nodiscard]] std::string letters_error(const core::LettersError& error);

}  // namespace annabella::app::text
