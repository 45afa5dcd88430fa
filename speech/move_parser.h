// The reverse of phrase_for_move: text in any profile's words back to a move in a position.
//
// Understands the short and long forms ("Springer Felix drei", "Springer Gustav eins Felix
// drei"), castling by its words ("Kurze Rochade"), captures, en passant, promotions ("wird
// Dame"), the words of every shipped profile (the chosen one decides when two disagree), and
// what an assistant would type: "springer f3", "laufer", "Sf3", "e2e4", "O-O" (Appendix C
// notation through core::read_move). Case, umlauts and their ASCII spellings do not matter.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/notation.h"
#include "core/position.h"
#include "core/result.h"
#include "speech/vocabulary.h"

namespace annabella::speech {

// Why a text is not a move here. For Ambiguous, every fitting move and its phrase in the
// profile's words ("Springer Bella David sieben").
struct HeardMoveError {
  enum class Kind { NotAMove, Illegal, Ambiguous };
  Kind kind = Kind::NotAMove;
  std::string message;
  std::vector<core::Move> candidates;
  std::vector<std::string> candidate_phrases;
};

class MoveParser {
 public:
  // Understands `primary`'s words first, then those of every shipped profile.
  explicit MoveParser(Vocabulary primary);

  Result<core::Move, HeardMoveError> parse(const core::Position& pos, std::string_view text) const;

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
  void add_words(const Vocabulary& v);

  Vocabulary primary_;
  core::PieceLetters letters_;
  std::vector<Entry> lexicon_;
};

}  // namespace annabella::speech
