// Phrases for everything the station says (docs/speech.md, docs/languages.md).
//
// Moves are announced in the arbiter's vocabulary profile (D.2.1: the `fide` words unless the
// arbiter decides otherwise). Everything the VI player hears privately (time, warnings,
// corrections, connection messages, board readings, captured pieces, confirmations) is said in
// the player's own Language; where such a phrase names squares or a move, those stay in the
// profile's words, said in the profile's voice. Each function taking a Vocabulary alone speaks in
// the profile's own language (what both players hear on the public route, and what the station
// said before it knew the player's language).
//
// Each phrase comes in two spellings: `text` (display: screens, braille, logs, the record) and
// `spoken` (what the synthesizer reads). Numbers are always written out as words, never as
// digits a synthesizer may misread ("05:00" read as "five o'clock").
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/correction.h"
#include "core/game.h"
#include "core/position.h"
#include "speech/language.h"
#include "speech/numbers.h"
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
  std::string spoken;  // spoken spelling ("fünf"); words of another voice marked as SSML
  std::string topic;   // for warnings: what repeats merge on ("low_time.white")
  std::string voice;   // the synthesizer voice of its language ("de", "mk"); "" = the announcer's
  // Shown on the VI player's braille display and printed, not spoken: the same words were just
  // said publicly on the one device that plays both routes (said once, not twice).
  bool display_only = false;
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
[[nodiscard]] Phrase phrase_for_move(const Vocabulary& v, const core::Position& before,
                                     core::Move move, MoveWording wording = {});

// ---- Private phrases, in the player's language `lang`; squares and moves in `moves` ----

// "Regelwidriger Zug" (Art. 7.5); with the move the board should have shown.
[[nodiscard]] Phrase phrase_illegal_move(const Language& lang);
[[nodiscard]] Phrase phrase_illegal_move(const Language& lang, const Vocabulary& moves,
                                         const core::Position& before, core::Move expected);
// The board does not show the position: the move that was expected (D.2.9).
[[nodiscard]] Phrase phrase_board_mismatch(const Language& lang, const Vocabulary& moves,
                                           const core::Position& before, core::Move expected);
// Art. 4.3, 4.8: the opponent touched a piece that he could have moved (his own, Art. 4.3.1) or
// captured (the VI player's, Art. 4.3.2) and played `played` instead: "Schwarz beruehrte Bauer
// Eva sieben und zog Springer Gustav acht Felix sechs. Reklamation nach Artikel 4.3 vor dem
// Beruehren einer Figur, Artikel 4.8". `before` is the position the move was played in.
[[nodiscard]] Phrase phrase_touch_not_moved(const Language& lang, const Vocabulary& moves,
                                            const core::Position& before, core::Square touched,
                                            core::Move played);
// D.2.10.2, Art. 6.10: his pegboard is not connected: he announces his move aloud and the
// assistant enters it ("Zug laut ansagen; der Assistent gibt ihn ein").
[[nodiscard]] Phrase phrase_board_lost_announce(const Language& lang);
// D.2.6 / D.2.10.4: each side's time and the number of moves completed, as words:
// "Weiss: eine Stunde zwoelf Minuten fuenf Sekunden; Schwarz: ...; dreiundzwanzig Zuege".
// Times are rounded down to whole seconds. A Readout.
[[nodiscard]] Phrase phrase_time_readout(const Language& lang, std::chrono::milliseconds white,
                                         std::chrono::milliseconds black, int moves_completed);
// D.2.10.4: the time each player has used so far in the game (the sum of his thinking times),
// said after the readout of the times left: "verbrauchte Zeit: Weiss: zwei Minuten; Schwarz:
// ...". Rounded down to whole seconds. A Readout.
[[nodiscard]] Phrase phrase_time_used(const Language& lang, std::chrono::milliseconds white,
                                      std::chrono::milliseconds black);
// Art. 6.7: `side` reached the time control after `moves`; with the time added, if any:
// "Weiss: Zeitkontrolle erreicht: vierzig Zuege. dreissig Minuten dazu".
[[nodiscard]] Phrase phrase_time_control_reached(
    const Language& lang, core::Color side, int moves,
    std::optional<std::chrono::seconds> added = std::nullopt);
// A low-time warning for one side (a Warning, topic "low_time.<colour>").
[[nodiscard]] Phrase phrase_low_time(const Language& lang, core::Color side,
                                     std::chrono::milliseconds left);
// "N moves to the time control" for one side (a Warning, topic "moves_to_control.<colour>").
[[nodiscard]] Phrase phrase_moves_to_control(const Language& lang, core::Color side, int moves);
// Art. 6.9 flag fall (a Warning, topic "flag_fall.<colour>").
[[nodiscard]] Phrase phrase_flag_fall(const Language& lang, core::Color side);
// Art. 9.1.2: a draw offer, with who offered it ("Remisangebot von Weiss").
[[nodiscard]] Phrase phrase_draw_offer(const Language& lang, core::Color by);
// A draw the side to move may claim: Termination::ThreefoldRepetitionClaim (Art. 9.2) or
// FiftyMoveClaim (Art. 9.3).
[[nodiscard]] Phrase phrase_draw_claim(const Language& lang, core::Termination claim);
// The game has ended: result and reason ("Partie beendet: Remis. Patt").
[[nodiscard]] Phrase phrase_game_end(const Language& lang, const core::GameEnd& end);
// One board correction step (core/correction.h): "Springer von Felix drei nach Gustav fuenf".
[[nodiscard]] Phrase phrase_correction_step(const Language& lang, const Vocabulary& moves,
                                            const core::CorrectionStep& step);

// A device whose link comes and goes: the boards, the sound (the private earpiece), the braille
// display, the tactile clock.
enum class DeviceKind { Pegboard, EBoard, Sound, BrailleDisplay, TactileClock };  // in this order
using BoardKind = DeviceKind;  // the boards' names as they were first written
// NotConnected: never connected since the station started (the device absent or silent from
// the start): no connection was lost.
enum class BoardLink { Connected, Lost, Reconnected, NotConnected };
// "Steckbrett verbunden", "Elektronisches Brett: Verbindung verloren" (a Warning, topic
// "board_link"), "Steckbrett wieder verbunden", "Steckbrett: seit dem Start der Station nicht
// verbunden. ..." (a Warning).
[[nodiscard]] Phrase phrase_board_link(const Language& lang, DeviceKind device, BoardLink link);

// Reading the board aloud (the console's `board` command): the pieces on `squares`, grouped by
// colour: "Weiss: Bauer Eva vier; Schwarz: Bauer Bella vier", or the word for empty. A Readout.
[[nodiscard]] Phrase phrase_board_reading(const Language& lang, const Vocabulary& moves,
                                          const core::Position& pos, core::Bitboard squares);
// What stands on each of `squares`, in board order, empty ones too: "Eva vier: Weiss Bauer;
// David fuenf: leer". A Readout.
[[nodiscard]] Phrase phrase_square_reading(const Language& lang, const Vocabulary& moves,
                                           const core::Position& pos, core::Bitboard squares);
// The pieces taken so far, by the colour they belonged to (core::captured_pieces): "Geschlagen:
// Weiss: Springer, Bauer; Schwarz: keine". A Readout.
[[nodiscard]] Phrase phrase_captured(const Language& lang,
                                     const std::array<std::vector<core::PieceType>, 2>& captured);
// One move of a game read back (the player's "whole game" and "last moves"): its number, the side
// that made it and its announcement in the profile's words (phrase_for_move).
struct GameReadingMove {
  int number = 1;
  core::Color side = core::WHITE;
  Phrase move;
};
// The moves read back with their numbers and sides in the player's language, the moves in the
// profile's words and voice: "Потег еден. Белите: Kurze Rochade; Црните: David fuenf. Потег два.
// ..." (tester D12). A Readout.
[[nodiscard]] Phrase phrase_game_reading(const Language& lang, const Vocabulary& moves,
                                         const std::vector<GameReadingMove>& read);
// "No sound device: <reason>. Announcements continue as text and recording." (text only)
[[nodiscard]] Phrase phrase_no_sound(const Language& lang, std::string_view reason);
// D.2.11: where the sighted player's moves come from, said at the start: "Eingabe der
// Gegnerzuege: Elektronisches Brett, Assistent".
enum class MoveInput { EBoard, Keypad, Assistant, Voice };
[[nodiscard]] Phrase phrase_move_sources(const Language& lang,
                                         const std::vector<MoveInput>& sources);
// D.2.11: the sighted player's entry on his keypad was refused, nothing recorded: "Schwarz:
// Eingabe abgelehnt, kein Zug gemacht" (`side`: the sighted player's).
[[nodiscard]] Phrase phrase_entry_refused(const Language& lang, core::Color side);
// D.2.11, D.2.1: the sighted player's entry on his keypad reads as several legal moves: which
// was meant, each with the number to type, the moves in the profile's words and voice
// ("Schwarz: welcher Zug ist gemeint? eins: Laeufer Cesar fuenf; zwei: Cesar fuenf. Seine
// Nummer eingeben"). Said publicly in his language when his keypad shows no text (a Message).
[[nodiscard]] Phrase phrase_reading_question(const Language& lang, const Vocabulary& moves,
                                             const core::Position& before, core::Color side,
                                             const std::vector<core::Move>& readings);
// D.2.1: his pawn on `square` waits for its piece: "Umwandlung auf Eva acht: welche Figur? Dame
// (Q), Turm (R), Laeufer (B), Springer (N)"; the letters are what he types on his display.
[[nodiscard]] Phrase phrase_promotion_question(const Language& lang, const Vocabulary& moves,
                                               core::Square square);
// After `play --resume`: the game goes on at move `number` with `to_move` to move, the time the
// station was stopped charged to nobody; then both clocks and the moves completed, as the time
// readout says them (D.2.6).
[[nodiscard]] Phrase phrase_resumed(const Language& lang, int number, core::Color to_move,
                                    std::chrono::milliseconds white,
                                    std::chrono::milliseconds black, int moves_completed);
// Two phrases of one voice said as one Message ("first. second"): one line on the braille
// display, which shows only the latest private line.
[[nodiscard]] Phrase phrase_joined(const Phrase& first, const Phrase& second);
// D.2.3 after a resumption: `move` stands completed on his board, not announced (so not made)
// until he presses the announce button.
// Guidelines II.2: the Chess960 start position, number (when it is one of the 960) and White's
// first rank square by square ("Chess960, Startstellung 0. Anna eins: Weiss Laeufer; ..."):
// an occupancy pegboard cannot tell him which piece he set where (tester #12).
[[nodiscard]] Phrase phrase_chess960_start(const Language& lang, const Vocabulary& moves,
                                           const core::Position& start, std::optional<int> number);
// "Welcher Zug? 1: Koenig Felix eins; 2: Kurze Rochade" (tester #5: moves the pegboard's occupied
// squares cannot tell apart, D.2.3); he answers with the number.
[[nodiscard]] Phrase phrase_which_move(const Language& lang, const Vocabulary& moves,
                                       const core::Position& before,
                                       const std::vector<core::Move>& candidates);
[[nodiscard]] Phrase phrase_held_move(const Language& lang, const Vocabulary& moves,
                                      const core::Position& before, core::Move move);
// D.2.3 (3), pegboard.announce = "pause" (tester N3): `move` stands completed on his board while
// his menu is open, so the pause does not make it; it is made when the menu is closed, or by
// his announce button.
[[nodiscard]] Phrase phrase_move_waits_menu(const Language& lang, const Vocabulary& moves,
                                            const core::Position& before, core::Move move);
// Art. 6.11.1, D.2.3 (3) (tester 14r): his ANNOUNCE for `move`, completed on his board while the
// arbiter has stopped the clocks: it is announced, so made, when they run again.
[[nodiscard]] Phrase phrase_move_waits_clocks(const Language& lang, const Vocabulary& moves,
                                              const core::Position& before, core::Move move);
// D.2.1 after a resumption: the opponent's announced `move` still to be executed on his board.
[[nodiscard]] Phrase phrase_execute_move(const Language& lang, const Vocabulary& moves,
                                         const core::Position& before, core::Move move);

// D.2.8, D.2.9: the moves taken back at the console, each in the profile's words, in the order
// they were made ("Zurueckgenommen: Eva sechs"); `before` is the position before the first.
[[nodiscard]] Phrase phrase_taken_back(const Language& lang, const Vocabulary& moves,
                                       const core::Position& before,
                                       const std::vector<core::Move>& taken);
// D.2.9, after a take-back: his pegboard already shows the position restored (`right`), or he
// puts it back with the correction steps that follow ("Brett zuruecksetzen:").
[[nodiscard]] Phrase phrase_taken_back_board(const Language& lang, bool right);

// ---- The same in the profile's own language (see the top of this file) ----

[[nodiscard]] Phrase phrase_illegal_move(const Vocabulary& v);
[[nodiscard]] Phrase phrase_taken_back(const Vocabulary& v, const core::Position& before,
                                       const std::vector<core::Move>& taken);
[[nodiscard]] Phrase phrase_illegal_move(const Vocabulary& v, const core::Position& before,
                                         core::Move expected);
[[nodiscard]] Phrase phrase_board_mismatch(const Vocabulary& v, const core::Position& before,
                                           core::Move expected);
[[nodiscard]] Phrase phrase_time_readout(const Vocabulary& v, std::chrono::milliseconds white,
                                         std::chrono::milliseconds black, int moves_completed);
[[nodiscard]] Phrase phrase_time_control_reached(
    const Vocabulary& v, core::Color side, int moves,
    std::optional<std::chrono::seconds> added = std::nullopt);
[[nodiscard]] Phrase phrase_low_time(const Vocabulary& v, core::Color side,
                                     std::chrono::milliseconds left);
[[nodiscard]] Phrase phrase_flag_fall(const Vocabulary& v, core::Color side);
[[nodiscard]] Phrase phrase_draw_offer(const Vocabulary& v, core::Color by);
[[nodiscard]] Phrase phrase_draw_claim(const Vocabulary& v, core::Termination claim);
[[nodiscard]] Phrase phrase_game_end(const Vocabulary& v, const core::GameEnd& end);
[[nodiscard]] Phrase phrase_correction_step(const Vocabulary& v, const core::CorrectionStep& step);
[[nodiscard]] Phrase phrase_board_link(const Vocabulary& v, DeviceKind device, BoardLink link);
[[nodiscard]] Phrase phrase_board_reading(const Vocabulary& v, const core::Position& pos,
                                          core::Bitboard squares);
[[nodiscard]] Phrase phrase_square_reading(const Vocabulary& v, const core::Position& pos,
                                           core::Bitboard squares);
[[nodiscard]] Phrase phrase_captured(const Vocabulary& v,
                                     const std::array<std::vector<core::PieceType>, 2>& captured);
[[nodiscard]] Phrase phrase_no_sound(const Vocabulary& v, std::string_view reason);

// ---- Building blocks, public for the tests, the clock and the menu ----

// Numbers in the profile's own language (speech/numbers.h has them for any Language).
[[nodiscard]] Word number_words(const Vocabulary& v, int n, std::string_view gender = "");
[[nodiscard]] Word count_words(const Vocabulary& v, std::string_view unit, int n);
[[nodiscard]] Word duration_words(const Vocabulary& v, std::chrono::seconds d);
// The words of a square ("Felix drei") and a piece type ("Springer") in a profile or language.
[[nodiscard]] Word square_words(const Vocabulary& v, core::Square s);
[[nodiscard]] Word piece_words(const Vocabulary& v, core::PieceType pt);
[[nodiscard]] Word piece_words(const Language& lang, core::PieceType pt);
// A side's word ("Weiss", "Белите").
[[nodiscard]] Word color_words(const Language& lang, core::Color c);

}  // namespace annabella::speech
