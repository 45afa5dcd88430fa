// The reverse of phrase_for_move: text in any profile's words back to a move in a position.
//
// Understands the short and long forms ("Springer Felix drei", "Springer Gustav eins Felix
// drei"), castling by its words ("Kurze Rochade"), captures, en passant, promotions ("wird
// Dame"), the words of every shipped profile (the chosen one decides when two disagree), and
// what an assistant would type: "springer f3", "laufer", "Sf3", "e2e4", "O-O" (Appendix C
// notation through core::read_move). Case, umlauts and their ASCII spellings do not matter.
//
// Written moves are read in the piece letters of the profile's language and in English, or only
// in the letters given (the assistant's letters, configuration key console.letters). A text that
// reads as different legal moves in them ("Bc5": bishop in English, pawn in German "B" = Bauer)
// is never decided silently (D.2.1, Art. 8): parse() reports it as Ambiguous with every reading,
// and readings() lists them for a caller that asks which.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "core/result.h"
#include "speech/vocabulary.h"

namespace annabella::speech {

// Why a text is not a move here, as facts for the application to word (app/move_text.h,
// text::heard_move_error): the kind, what in the text was wrong, and for Ambiguous every
// fitting move, its phrase in the profile's words ("Springer Bella David sieben") and the
// reading it came from (when the readings name different letters, core::readings_differ_in_
// letters, the words name each: "Bc5: bishop f8-c5 (English letters) or pawn c7-c5 (German
// letters)").
struct HeardMoveError {
  enum class Kind { NotAMove, Illegal, Ambiguous };
  // What in the words was wrong (NotAMove), or that nothing legal fits them (Illegal).
  enum class Detail {
    None,                   // nothing more to say (an empty text, or Ambiguous)
    UnknownWord,            // `word` is in the words of no profile
    PieceOutOfPlace,        // a piece word where no piece can stand
    BothCastlings,          // both castlings named
    TooManySquares,         // more than two squares named
    NoSquare,               // no square named
    DestinationIncomplete,  // the destination square lacks its file or rank
    NoLegalFit,             // the words describe a move, but no legal move fits them
  };
  Kind kind = Kind::NotAMove;
  Detail detail = Detail::None;
  std::string word;  // UnknownWord: the word as written
  std::vector<core::Move> candidates;
  std::vector<std::string> candidate_phrases;
  std::vector<core::MoveReading> readings;
  // Illegal, when written notation named a move the position does not allow: why (Art. 3), for
  // the application to word (app/move_text.h).
  std::optional<core::IllegalMove> illegal;
};

class MoveParser {
 public:
  // Understands `primary`'s words first, then those of every shipped profile. Written moves are
  // read in `letters` when given (the assistant's letters), else in English and in the letters
  // of the profile's language.
  explicit MoveParser(Vocabulary primary, std::vector<core::PieceLetters> letters = {});

  // The move, when every reading of `text` is the same legal move; otherwise why not.
  [[nodiscard]] Result<core::Move, HeardMoveError> parse(const core::Position& pos,
                                                         std::string_view text) const;
  // Every distinct legal move `text` reads as, each with where it was read: a letter set's code
  // ("en", "de") or "profile NAME" for the profile's words. Empty when none is legal.
  [[nodiscard]] std::vector<core::MoveReading> readings(const core::Position& pos,
                                                        std::string_view text) const;
  // The letter sets of a setting (configuration key console.letters): "" -> none given (English
  // and the profile's language); a code core::piece_letters_for knows -> that set. The
  // configuration refuses any other value; here it counts as none given.
  [[nodiscard]] static std::vector<core::PieceLetters> letters_setting(std::string_view code);
  // The letter sets written moves are read in, in order.
  [[nodiscard]] const std::vector<core::PieceLetters>& letter_sets() const { return sets_; }

  // The form a word is compared in: lower case, umlauts and their ASCII spellings alike
  // ("Läufer", "Laeufer", "laufer" -> "laufer"), Cyrillic ё as е.
  static std::string fold(std::string_view word);

  // What a word means in a move.
  enum class Sense {
    File,
    Rank,
    Piece,
    CastleShort,
    CastleLong,
    Capture,
    Check,
    Mate,
    EnPassant,
    Promotes,
    Ignore
  };
  struct Meaning {
    Sense sense = Sense::Ignore;
    int value = 0;  // the file or rank 0..7, or the PieceType
  };
  // Lexicon entries (folded words of one phrase) with their meanings, longest first.
  struct Entry {
    std::vector<std::string> words;
    Meaning meaning;
  };
  const std::vector<Entry>& lexicon() const { return lexicon_; }

 private:
  struct SetOutcome;
  struct Collected;
  void add_words(const Vocabulary& v);
  // The lexicon entry that matches most words of `folded` from `at`, or null.
  [[nodiscard]] const Entry* longest_entry(const std::vector<std::string>& folded,
                                           std::size_t at) const;
  [[nodiscard]] SetOutcome read_in(const core::Position& pos, std::string_view text,
                                   const core::PieceLetters& letters) const;
  [[nodiscard]] Collected collect(const core::Position& pos, std::string_view text) const;

  Vocabulary primary_;
  std::vector<core::PieceLetters> sets_;
  std::vector<Entry> lexicon_;
};

}  // namespace annabella::speech
