// Phrases for everything the station says, in a vocabulary profile's words (D.2.1).
//
// Each phrase comes in the profile's two spellings: `text` (display: screens, braille, logs, the
// record) and `spoken` (what the synthesizer reads). Numbers are always written out as words,
// never as digits a synthesizer may misread ("05:00" read as "five o'clock").
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include "core/correction.h"
#include "core/game.h"
#include "core/position.h"
#include "speech/vocabulary.h"

namespace annabella::speech {

// What a phrase is, which decides how the announcer's queue treats it (docs/speech.md).
enum class PhraseKind {
  Move,     // a move announcement (D.2.1): never dropped, never cut off
  Readout,  // a requested time readout (D.2.10.4): a move announcement cuts it off
  Warning,  // low time, flag fall ...: a repeat of a pending warning on the same topic is merged
  Message,  // everything else: played in order
};

struct Phrase {
  PhraseKind kind = PhraseKind::Message;
  std::string text;    // display spelling ("Springer Felix drei", "fuenf")
  std::string spoken;  // spoken spelling ("fünf")
  std::string topic;   // for warnings: what repeats merge on ("low_time.white")
  friend bool operator==(const Phrase&, const Phrase&) = default;
};

// Short: SAN in words ("Springer Felix drei", "Bauer schlaegt David fuenf"); long: with the
// departure square ("Springer Gustav eins Felix drei").
enum class MoveForm { Short, Long };

struct MoveWording {
  MoveForm form = MoveForm::Short;
  bool name_captured_piece = false;  // "Laeufer schlaegt Springer Cesar sechs"
};

// The announcement of a legal move played in `before` (D.2.1): piece, squares, capture, en
// passant, the promotion piece (D.2.1 requires it), castling by its words, check or mate.
Phrase phrase_for_move(const Vocabulary& v, const core::Position& before, core::Move move,
                       MoveWording wording = {});

// "Regelwidriger Zug" (Art. 7.5); with the move the board should have shown.
Phrase phrase_illegal_move(const Vocabulary& v);
Phrase phrase_illegal_move(const Vocabulary& v, const core::Position& before, core::Move expected);
// The board does not show the position: the move that was expected (D.2.9).
Phrase phrase_board_mismatch(const Vocabulary& v, const core::Position& before,
                             core::Move expected);

// D.2.6 / D.2.10.4: each side's time and the number of moves completed, as words:
// "Weiss: eine Stunde zwoelf Minuten fuenf Sekunden; Schwarz: ...; dreiundzwanzig Zuege".
// Times are rounded down to whole seconds.
Phrase phrase_time_readout(const Vocabulary& v, std::chrono::milliseconds white,
                           std::chrono::milliseconds black, int moves_completed);
// Art. 6.7 time control reached after `moves`; with the time added, if any.
Phrase phrase_time_control_reached(const Vocabulary& v, int moves,
                                   std::optional<std::chrono::seconds> added = std::nullopt);
// A low-time warning for one side (a Warning, topic "low_time.<colour>").
Phrase phrase_low_time(const Vocabulary& v, core::Color side, std::chrono::milliseconds left);
// Art. 6.9 flag fall (a Warning, topic "flag_fall.<colour>").
Phrase phrase_flag_fall(const Vocabulary& v, core::Color side);
// Art. 9.1.2: a draw offer, with who offered it ("Remisangebot von Weiss").
Phrase phrase_draw_offer(const Vocabulary& v, core::Color by);
// A draw the side to move may claim: Termination::ThreefoldRepetitionClaim (Art. 9.2) or
// FiftyMoveClaim (Art. 9.3).
Phrase phrase_draw_claim(const Vocabulary& v, core::Termination claim);
// The game has ended: result and reason ("Partie beendet: Remis. Patt").
Phrase phrase_game_end(const Vocabulary& v, const core::GameEnd& end);
// One board correction step (core/correction.h): "Springer von Felix drei nach Gustav fuenf".
Phrase phrase_correction_step(const Vocabulary& v, const core::CorrectionStep& step);

enum class BoardKind { Pegboard, EBoard };
enum class BoardLink { Connected, Lost, Reconnected };
Phrase phrase_board_link(const Vocabulary& v, BoardKind board, BoardLink link);
// Reading the board aloud (the console's `board` command): the pieces on `squares`, grouped by
// colour, in the profile's words: "Weiss: Bauer Eva vier; Schwarz: Bauer Bella vier", or the
// profile's word for empty. A Readout: a move announcement cuts it off.
Phrase phrase_board_reading(const Vocabulary& v, const core::Position& pos, core::Bitboard squares);
// What stands on each of `squares`, in board order, empty ones too: "Eva vier: Weiss Bauer;
// David fuenf: leer". A Readout.
Phrase phrase_square_reading(const Vocabulary& v, const core::Position& pos,
                             core::Bitboard squares);
// The pieces taken so far, by the colour they belonged to (core::captured_pieces): "Geschlagen:
// Weiss: Springer, Bauer; Schwarz: keine". A Readout.
Phrase phrase_captured(const Vocabulary& v,
                       const std::array<std::vector<core::PieceType>, 2>& captured);
// "No sound device: <reason>. Announcements continue as text and recording."
Phrase phrase_no_sound(const Vocabulary& v, std::string_view reason);

// Building blocks, public for the tests and the clock.
// A whole number as words in the profile (0 .. 999; beyond, digit by digit), with the
// grammatical gender of what it counts ("f": "eine Stunde"; "" when it stands alone).
Word number_words(const Vocabulary& v, int n, std::string_view gender = "");
// A count with its unit in the right plural form: ("move", 23) -> "dreiundzwanzig Zuege".
// Units: "hour", "minute", "second", "move".
Word count_words(const Vocabulary& v, std::string_view unit, int n);
// A duration as hours, minutes and seconds in words, zero parts left out ("null Sekunden").
Word duration_words(const Vocabulary& v, std::chrono::seconds d);
// The words of a square ("Felix drei") and a piece type ("Springer").
Word square_words(const Vocabulary& v, core::Square s);
Word piece_words(const Vocabulary& v, core::PieceType pt);

}  // namespace annabella::speech
