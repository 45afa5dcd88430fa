// The words of the VI player's menu and confirmations, in the player's language: item names,
// "1 von 9" positions, setting values, yes / no, confirm / cancel (docs/languages.md). The menu
// itself (what it holds, how it is moved through) belongs to the station; this is its wording.
//
// Menu lines are Warnings on the topic "menu": moving on through the menu replaces a line that
// is still waiting instead of queueing behind it.
#pragma once

#include <cstdint>
#include <optional>

#include "speech/language.h"
#include "speech/phrases.h"
#include "speech/vocabulary.h"

namespace annabella::speech {

// In this order; kMenuItems lists them all.
enum class MenuItem {
  Title,              // the menu itself ("Menue")
  Time,               // the time readout (D.2.10.4)
  Board,              // read the board aloud
  Captured,           // the captured pieces
  LastMove,           // the last move again
  OfferDraw,          // Art. 9.1.2
  CallArbiter,        //
  Resign,             // Art. 5.1.2
  Language,           // the player's language
  Volume,             //
  SpeechRate,         //
  Warnings,           // the low-time warnings (D.2.6)
  AnnouncementForm,   // short or long (D.2.1)
  Back,               // up one level
  Close,              // leave the menu
  Moves,              // the last moves (a count follows)
  Game,               // the whole game
  AcceptDraw,         // Art. 9.1.2
  DeclineDraw,        // Art. 9.1.2.3
  ClaimDraw,          // Art. 9.2, 9.3
  ClaimFlag,          // D.2.10.5, Art. 6.9
  Seal,               // the sealed move at an adjournment (Guidelines I)
  Settings,           // the private route's speaking rate and volume
  Rank,               // a board reading: one rank
  File,               // one file
  Pieces,             // the pieces of one type
  Side,               // one side's pieces
  ClaimDrawWithMove,  // Art. 9.2.1.1, 9.3.1: a claim with the move the player intends
  // Guidelines III.6.1: with no arbiter present, the player to move (less than two minutes left)
  // claims a draw; the grounds follow: his opponent cannot win by normal means (III.6.1.1), is
  // not trying to (III.6.1.2), or both. The claim ends the game.
  ClaimNoArbiter,
  GroundsCannotWin,  // III.6.1.1
  GroundsNoEffort,   // III.6.1.2
  GroundsBoth,       // III.6.1.1 and III.6.1.2
  // Guidelines III.6.1: the claimant's opponent verifies the final position (and the
  // scoresheet), or disputes it for the arbiter (III.6.2).
  VerifyClaim,
  DisputeClaim,
  // Art. 3.7.5.1, D.2.1: the piece his pawn on the last rank becomes, while the station waits
  // for it (a submenu of the four pieces).
  Promote,
};
inline constexpr MenuItem kMenuItems[] = {MenuItem::Title,
                                          MenuItem::Time,
                                          MenuItem::Board,
                                          MenuItem::Captured,
                                          MenuItem::LastMove,
                                          MenuItem::OfferDraw,
                                          MenuItem::CallArbiter,
                                          MenuItem::Resign,
                                          MenuItem::Language,
                                          MenuItem::Volume,
                                          MenuItem::SpeechRate,
                                          MenuItem::Warnings,
                                          MenuItem::AnnouncementForm,
                                          MenuItem::Back,
                                          MenuItem::Close,
                                          MenuItem::Moves,
                                          MenuItem::Game,
                                          MenuItem::AcceptDraw,
                                          MenuItem::DeclineDraw,
                                          MenuItem::ClaimDraw,
                                          MenuItem::ClaimFlag,
                                          MenuItem::Seal,
                                          MenuItem::Settings,
                                          MenuItem::Rank,
                                          MenuItem::File,
                                          MenuItem::Pieces,
                                          MenuItem::Side,
                                          MenuItem::ClaimDrawWithMove,
                                          MenuItem::ClaimNoArbiter,
                                          MenuItem::GroundsCannotWin,
                                          MenuItem::GroundsNoEffort,
                                          MenuItem::GroundsBoth,
                                          MenuItem::VerifyClaim,
                                          MenuItem::DisputeClaim,
                                          MenuItem::Promote};

enum class Answer { Yes, No, Confirm, Cancel, On, Off, Short, Long };
inline constexpr Answer kAnswers[] = {Answer::Yes, Answer::No,  Answer::Confirm, Answer::Cancel,
                                      Answer::On,  Answer::Off, Answer::Short,   Answer::Long};

// The words alone ("Zeit", "Ja"), to build other lines with.
[[nodiscard]] Word menu_words(const Language& lang, MenuItem item);
[[nodiscard]] Word answer_words(const Language& lang, Answer answer);
// The language's name in itself ("Македонски"), said in its own voice by phrase_setting.
[[nodiscard]] Word language_name_words(const Language& lang);

// "{index} von {count}" with both numbers as words, in the cases the language asks for
// ("один из девяти").
[[nodiscard]] Word position_words(const Language& lang, int index, int count);
// A menu line: "Zeit, eins von neun".
[[nodiscard]] Phrase phrase_menu_item(const Language& lang, MenuItem item, int index, int count);
// A setting and its value: "Ansageform: Kurz", "Sprache: Deutsch".
[[nodiscard]] Phrase phrase_setting(const Language& lang, MenuItem setting, Answer value);
// The language setting with a language's own name, said in that language's voice, so that a
// player who does not understand the current one still recognizes his own.
[[nodiscard]] Phrase phrase_setting(const Language& lang, MenuItem setting, const Language& value);
// An answer alone ("Ja"), e.g. the value under the cursor.
[[nodiscard]] Phrase phrase_answer(const Language& lang, Answer answer);
// "Aufgeben? Bestaetigen oder abbrechen" (a Message: it waits for the player).
[[nodiscard]] Phrase phrase_confirm_question(const Language& lang, MenuItem item);
// "Aufgeben: nur mit der Taste Bestaetigen" (a Message): a spoken "ja" does not answer his
// menu's question (the microphone cannot tell him from his opponent, Art. 5.1.2).
[[nodiscard]] Phrase phrase_confirm_by_key(const Language& lang, MenuItem item);
// "Bestaetigt" or "Abgebrochen" (a Message).
[[nodiscard]] Phrase phrase_confirmation(const Language& lang, bool confirmed);
// D.2.11: what the player asked for cannot be done now: "Nicht moeglich" (a Message).
[[nodiscard]] Phrase phrase_not_possible(const Language& lang);

// Why a request of the VI player was refused, said to him privately (D.2.11: he reads no
// console). In this order; kRefusals lists them all (keys refusal.<name>, docs/languages.md).
enum class Refusal {
  GameOver,        // the game has ended: nothing more to claim, offer or resign
  NotYourMove,     // Art. 9.2, 9.3: only the player to move claims (or seals, Guidelines I.1.1)
  NoMoveYet,       // nothing to repeat or read: no move has been made
  NoDrawOffer,     // Art. 9.1.2: no draw offer is open to accept or decline
  NoQuestion,      // an answer when the station asked nothing
  UnknownReading,  // a board reading the station does not know
  NotLegal,        // a move (typed, sealed, intended) that is no legal move here
  NoPushToTalk,    // voice.push_to_talk is off: speech is heard without the button
  MoveOnBoard,     // D.2.3: his own move is made on his board, not typed
  Other,           // anything else: the reason is on the console for the arbiter
  // D.2.3 (3): his ANNOUNCE button with no move completed on his board (a piece still in his
  // hand, nothing moved): nothing is announced, so nothing is made.
  NoCompletedMove,
  // Art. 3.7.5: a promotion button pressed when no pawn of his can reach the last rank.
  NoPromotion,
};
inline constexpr Refusal kRefusals[] = {
    Refusal::GameOver,    Refusal::NotYourMove,    Refusal::NoMoveYet,       Refusal::NoDrawOffer,
    Refusal::NoQuestion,  Refusal::UnknownReading, Refusal::NotLegal,        Refusal::NoPushToTalk,
    Refusal::MoveOnBoard, Refusal::Other,          Refusal::NoCompletedMove, Refusal::NoPromotion};
// The reason alone ("Partie beendet").
[[nodiscard]] Word refusal_words(const Language& lang, Refusal reason);
// "Nicht moeglich: Partie beendet" (a Message).
[[nodiscard]] Phrase phrase_not_possible(const Language& lang, Refusal reason);
// "Bitte den Schiedsrichter rufen": the arbiter must rule (the words of Refusal::Other, alone).
[[nodiscard]] Phrase phrase_call_arbiter(const Language& lang);
// D.2.3, Art. 9.2.1.1: after a correct draw claim whose intended move was held on his board (not
// made), the pieces go back to the final position (`restored` false: "Figuren auf die
// Schlussstellung zurueckstellen"), and the board shows it again (true). Messages.
[[nodiscard]] Phrase phrase_restore_board(const Language& lang, bool restored);
// Guidelines III.6: the arbiter called in a game no arbiter supervises (game.arbiter_present =
// false): "Kein Schiedsrichter anwesend: bitte den Veranstalter rufen" (a Message).
[[nodiscard]] Phrase phrase_no_arbiter(const Language& lang);
// Art. 9.5.3: the player's draw claim was incorrect; `opponent` gets time (a Message).
[[nodiscard]] Phrase phrase_claim_rejected(const Language& lang, core::Color opponent);

// A value on a menu's last level: a number of moves, a rank, a file, a piece type, a side, a
// speaking rate (words a minute) or a volume (per cent).
struct MenuValue {
  enum class Kind : std::uint8_t { Count, Rank, File, Piece, Side, Rate, Volume };
  Kind kind = Kind::Count;
  // Count, Rate, Volume: the number; Rank: 1..8; File: 0..7 (a..h); Piece: a core::PieceType;
  // Side: a core::Color.
  int number = 0;
  friend bool operator==(const MenuValue&, const MenuValue&) = default;
};

// One line of the VI player's menu as data (the station's menu, app/player_menu.h, makes it;
// phrase_menu_line words it for the earpiece and the braille display).
struct MenuLine {
  enum class Kind : std::uint8_t {
    Item,       // the item (or value) under the cursor: "Menue: Zeit, eins von neun"
    Question,   // `item` asks for confirmation: "Aufgeben? Bestaetigen oder abbrechen"
    Confirmed,  // the confirmed item is carried out
    Cancelled,  // the question was answered by anything but the confirming key
    // The question cancelled by something else than his menu keys (his ANNOUNCE button, a piece
    // lifted on his board, a move made): it names what was cancelled, "Aufgeben: abgebrochen".
    Withdrawn,
    // The question withdrawn by the station's stop (a crash, a power cut) while it waited: it
    // names what was withdrawn and why, "Remis beanspruchen: durch die Unterbrechung der Station
    // zurueckgezogen" (Art. 9.2, D.2.3).
    Interrupted,
    Closed,   // the menu was left
    Setting,  // a setting took `value`: "Sprechtempo: 180"
    // `item` waits for a move (Art. 9.2.1.1: the move the player intends): "Zug auf dem Brett
    // ausfuehren, tippen oder sagen"
    EnterMove,
  };
  Kind kind = Kind::Item;
  MenuItem level = MenuItem::Title;  // the menu the cursor is in (Title: the top level)
  MenuItem item = MenuItem::Time;    // under the cursor, asked about, or the setting
  std::optional<MenuValue> value;    // a value under the cursor (or the setting's new value)
  int index = 1;                     // 1-based place in its level
  int count = 1;                     // the items in that level
  friend bool operator==(const MenuLine&, const MenuLine&) = default;
};

// A value in words: numbers in the language, ranks and files in the move words (D.2.1).
[[nodiscard]] Word menu_value_words(const Language& lang, const Vocabulary& moves,
                                    const MenuValue& value);
// The line as said privately and shown on the braille display; short, saying where the player
// is ("Menue: Zeit, eins von neun", "Reihe: vier, vier von acht").
[[nodiscard]] Phrase phrase_menu_line(const Language& lang, const Vocabulary& moves,
                                      const MenuLine& line);

}  // namespace annabella::speech
