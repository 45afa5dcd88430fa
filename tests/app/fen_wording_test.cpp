// What the FEN reader and the board reader return typed (core/position.h, core/placement.h),
// worded by the app (app/fen_text.h) in English, German and Macedonian (po/de.po, po/mk.po):
// every fault of a FEN record, every way a piece list fails, and a Chess960 number out of range.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "app/fen_text.h"
#include "app/i18n.h"
#include "core/placement.h"
#include "core/position.h"
#include "support/messages_language.h"

namespace annabella::app {
namespace fen_wording_test {
namespace {

using testing::use_language;

// A record, its English wording, and facts every translation must keep (space-separated).
struct FenCase {
  const char* fen;
  bool chess960;
  const char* english;
  const char* kept;
};

const FenCase kFen[] = {
    {"8/8/8/8/8/8/8/8 w - - 0", false,
     "FEN has 5 fields; it needs 6 (placement, side, castling, en passant, halfmove clock, move "
     "number) or 4 (without the two counters)",
     "5 6 4"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", false,
     "FEN column 58: unexpected text after the sixth field: 'extra'", "58 extra"},
    {"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false,
     "FEN column 19: '9' is not a piece letter (PNBRQK, pnbrqk) or a digit 1-8", "19 '9'"},
    {"rnbqkbnr/pppppppp/45/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false,
     "FEN column 20: rank 6 has more than 8 squares", "20 6 8"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false,
     "FEN column 17: rank 7 has 7 squares, not 8", "17 7 8"},
    {"8/8/8/8/8/8/8/8/8 w - - 0 1", false, "FEN column 16: more than 8 ranks", "16 8"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", false, "FEN column 35: only 7 ranks, not 8",
     "35 7 8"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", false,
     "FEN column 45: side to move must be 'w' or 'b', not 'x'", "45 'w' 'b' 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1", false,
     "FEN column 50: 'z' is not a castling right (KQkq or -)", "50 'z' KQkq"},
    {"4k3/8/8/8/8/8/8/RK5R w I - 0 1", true,
     "FEN column 24: 'I' is not a castling right (KQkq, a rook's file A-H or a-h, or -)",
     "24 'I' KQkq A-H a-h"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", false,
     "FEN column 27: 'H' is a Chess960 castling right (a rook's file); in standard chess only "
     "KQkq or -",
     "27 'H' Chess960 KQkq"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", false,
     "FEN column 48: castling right 'K' given twice", "48 'K'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", false,
     "FEN column 54: the halfmove clock must be a whole number, not 'x'", "54 'x'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 y", false,
     "FEN column 56: the move number must be a whole number, not 'y'", "56 'y'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", false,
     "FEN column 56: the move number must be 1 or more", "56 1"},
    {"4k3/8/8/8/8/8/8/4K3 w - z9 0 1", false,
     "FEN column 25: en passant square must be a square such as e3 or '-', not 'z9'", "25 e3 'z9'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", false,
     "White has 2 kings; there must be exactly one", "2"},
    {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false,
     "White has 9 pawns; at most 8", "9 8"},
    {"rnbqkbnr/pppppppp/8/8/8/NNNNNNNN/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false,
     "White has 24 pieces; at most 16", "24 16"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/QQBQKBNR w Kkq - 0 1", false,
     "White has more promoted pieces (2) than missing pawns (0)", "(2) (0)"},
    {"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1", false,
     "a pawn stands on h8; pawns cannot stand on the first or last rank", "h8"},
    {"rnbq1bnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false,
     "castling right 'k' but the king is not on e8", "'k' e8"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", false,
     "castling right 'K' but there is no white rook on h1", "'K' h1"},
    {"4k3/8/8/8/8/8/1K6/R6R w A - 0 1", true,
     "castling right 'A' but the white king is not on its first rank", "'A'"},
    {"4k3/8/8/8/8/8/8/1K5N w K - 0 1", true,
     "castling right 'K' but there is no white rook on the h-side of the king on its first rank",
     "'K' h-"},
    {"4k3/8/8/8/8/8/8/r3K3 b - - 0 1", false,
     "White is in check, but it is Black's move: the side not to move cannot be in check", ""},
    {"4k3/8/8/8/8/3n1n2/4r3/4K3 w - - 0 1", false,
     "White's king is attacked by 3 pieces; no move gives more than a double check", "3"},
    {"4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1", false,
     "FEN column 27: en passant square e3 is impossible with White to move: it must be on rank 6",
     "27 e3 6"},
    {"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", false,
     "FEN column 25: en passant square e6 is impossible: no black pawn can just have moved from "
     "e7 to e5",
     "25 e6 e7 e5"},
    {"4k3/8/8/4pP2/8/8/8/4K3 w - e6 5 1", false,
     "FEN column 31: the halfmove clock must be 0 after the pawn move that gives an en passant "
     "square",
     "31 0"},
};

// The English words that must not be left in a translation.
const char* const kEnglishWords[] = {" has ",    " the ", " must ", " not ",
                                     "castling", "rank",  " but ",  "square"};

TEST(FenText, EveryFaultIsWordedInEnglishGermanAndMacedonian) {
  for (const FenCase& c : kFen) {
    auto pos = core::Position::from_fen(
        c.fen, c.chess960 ? core::Variant::Chess960 : core::Variant::Standard);
    ASSERT_FALSE(pos) << c.fen;
    use_language("en");
    const std::string english = text::fen_error(pos.error());
    EXPECT_EQ(english, c.english) << c.fen;
    for (const char* language : {"de", "mk"}) {
      use_language(language);
      const std::string words = text::fen_error(pos.error());
      SCOPED_TRACE(std::string(language) + " " + c.fen + ": " + words);
      EXPECT_NE(words, english);
      EXPECT_EQ(words.find('{'), std::string::npos);  // every place filled
      for (const char* word : kEnglishWords) EXPECT_EQ(words.find(word), std::string::npos) << word;
      const std::string kept = c.kept;
      for (std::size_t at = 0; at < kept.size();) {
        const std::size_t end = std::min(kept.find(' ', at), kept.size());
        EXPECT_NE(words.find(kept.substr(at, end - at)), std::string::npos)
            << kept.substr(at, end - at);
        at = end + 1;
      }
    }
  }
  use_language("en");
}

TEST(FenText, TheSideIsNamedInTheLanguageOfTheMessages) {
  auto pos = core::Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1");
  ASSERT_FALSE(pos);
  use_language("de");
  EXPECT_EQ(text::fen_error(pos.error()), "Weiß hat 2 Könige; es muss genau einer sein");
  use_language("mk");
  EXPECT_EQ(text::fen_error(pos.error()), "Бели имаат 2 крала; мора да има точно еден");
  use_language("en");
}

TEST(PlacementText, EveryKindIsWordedInEnglishGermanAndMacedonian) {
  struct Case {
    const char* text;
    const char* english;
  };
  const Case cases[] = {
      {"White: Kg1 Xd1; Black: Kg8", "piece list: \"Xd1\": \"X\" is no piece letter in English"},
      {"White: Kg1 K; Black: Kg8", "piece list: \"K\" has no square at its end"},
      {"Kg1 Kg8 : x",
       "piece list: \"Kg1 Kg8 : x\" does not start with a side (\"White:\" or "
       "\"Black:\")"},
      {"8/8/8/8/8/8/8/8",
       "board \"8/8/8/8/8/8/8/8\": White has 0 kings; there must be exactly one"},
  };
  for (const Case& c : cases) {
    auto board = core::read_placement(c.text);
    ASSERT_FALSE(board) << c.text;
    use_language("en");
    const std::string english = text::placement_error(board.error());
    EXPECT_EQ(english, c.english);
    for (const char* language : {"de", "mk"}) {
      use_language(language);
      const std::string words = text::placement_error(board.error());
      SCOPED_TRACE(std::string(language) + ": " + words);
      EXPECT_NE(words, english);
      EXPECT_EQ(words.find('{'), std::string::npos);
      EXPECT_EQ(words.find("piece list"), std::string::npos);
      EXPECT_EQ(words.find("board \""), std::string::npos);
    }
  }
  use_language("en");
}

TEST(Chess960NumberText, IsWordedInEveryLanguage) {
  use_language("en");
  EXPECT_EQ(text::chess960_number_error(960),
            "Chess960 start positions are numbered 0 to 959, not 960");
  for (const char* language : {"de", "mk"}) {
    use_language(language);
    const std::string words = text::chess960_number_error(960);
    EXPECT_NE(words.find("960"), std::string::npos) << words;
    EXPECT_NE(words.find("959"), std::string::npos) << words;
    EXPECT_EQ(words.find("numbered"), std::string::npos) << words;
  }
  use_language("en");
}

}  // namespace
}  // namespace fen_wording_test
}  // namespace annabella::app
