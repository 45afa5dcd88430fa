// The reverse parser: words (any profile, the short and long forms, what an assistant types)
// back to the move, ambiguity with the candidates in the profile's words, and a round trip over
// every legal move of many positions.
#include "speech/move_parser.h"

#include <gtest/gtest.h>

#include <set>

#include "core/movegen.h"
#include "speech/fixtures.h"
#include "speech/phrases.h"

namespace annabella::speech {
namespace move_parser_test {
namespace {

using fixtures::move;
using fixtures::position;
using fixtures::profile;

std::string heard(const MoveParser& parser, const core::Position& pos, std::string_view text) {
  auto m = parser.parse(pos, text);
  return m ? core::to_san(pos, *m) : "error " + std::to_string(static_cast<int>(m.error().kind));
}

TEST(MoveParser, FoldsCaseAndUmlauts) {
  EXPECT_EQ(MoveParser::fold("Läufer"), MoveParser::fold("Laeufer"));
  EXPECT_EQ(MoveParser::fold("LAUFER"), MoveParser::fold("läufer"));
  EXPECT_EQ(MoveParser::fold("fünf"), MoveParser::fold("fuenf"));
  EXPECT_EQ(MoveParser::fold("Schlägt"), MoveParser::fold("schlaegt"));
  EXPECT_EQ(MoveParser::fold("ЧЁРНЫЕ"), "черные");
}

TEST(MoveParser, UnderstandsTheFideWords) {
  const MoveParser parser(profile("fide"));
  const core::Position start;
  EXPECT_EQ(heard(parser, start, "Springer Felix drei"), "Nf3");
  EXPECT_EQ(heard(parser, start, "Springer Gustav eins Felix drei"), "Nf3");
  EXPECT_EQ(heard(parser, start, "Springer von Gustav eins nach Felix drei"), "Nf3");
  EXPECT_EQ(heard(parser, start, "springer f3"), "Nf3");
  EXPECT_EQ(heard(parser, start, "Sf3"), "Nf3");
  EXPECT_EQ(heard(parser, start, "Nf3"), "Nf3");
  EXPECT_EQ(heard(parser, start, "g1f3"), "Nf3");
  EXPECT_EQ(heard(parser, start, "Eva vier"), "e4");
  EXPECT_EQ(heard(parser, start, "Bauer Eva vier"), "e4");
  EXPECT_EQ(heard(parser, start, "e2-e4"), "e4");
  EXPECT_EQ(heard(parser, start, "EVA ZWEI, EVA VIER."), "e4");
  const auto castles = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(heard(parser, castles, "Kurze Rochade"), "O-O");
  EXPECT_EQ(heard(parser, castles, "lange rochade"), "O-O-O");
  EXPECT_EQ(heard(parser, castles, "O-O-O"), "O-O-O");
  const auto queen = position("4k3/8/8/7p/8/8/8/3QK3 w - - 0 1");
  EXPECT_EQ(heard(parser, queen, "Dame schlägt Hector fünf"), "Qxh5+");
  EXPECT_EQ(heard(parser, queen, "Dame schlaegt Hector fuenf Schach"), "Qxh5+");
  EXPECT_EQ(heard(parser, queen, "dame hector fuenf"), "Qxh5+");  // the capture unsaid
  const auto ep = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(heard(parser, ep, "Bauer schlägt David sechs en passant"), "exd6");
  const auto promo = position("3r4/4P3/8/8/k7/8/8/7K w - - 0 1");
  EXPECT_EQ(heard(parser, promo, "Eva acht wird Springer"), "e8=N");
  EXPECT_EQ(heard(parser, promo, "Eva acht Dame"), "e8=Q+");
  EXPECT_EQ(heard(parser, promo, "e8=Q"), "e8=Q+");
  EXPECT_EQ(heard(parser, promo, "Bauer schlägt Turm David acht wird Turm"), "exd8=R");
}

TEST(MoveParser, UnderstandsEveryProfilesWords) {
  const MoveParser parser(profile("fide"));
  const core::Position start;
  EXPECT_EQ(heard(parser, start, "Knight Foxtrot three"), "Nf3");
  EXPECT_EQ(heard(parser, start, "knight felix three"), "Nf3");
  EXPECT_EQ(heard(parser, start, "конь Феликс три"), "Nf3");
  EXPECT_EQ(heard(parser, start, "Knight from Golf one to Foxtrot three"), "Nf3");
}

TEST(MoveParser, AmbiguityListsTheCandidatesInTheProfilesWords) {
  const MoveParser parser(profile("fide"));
  const auto pos = position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  auto m = parser.parse(pos, "Springer David zwei");
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().kind, HeardMoveError::Kind::Ambiguous);
  EXPECT_EQ(m.error().candidates.size(), 2u);
  EXPECT_EQ(m.error().candidate_phrases,
            (std::vector<std::string>{"Springer Bella David zwei", "Springer Felix David zwei"}));

  const auto promo = position("3r4/4P3/8/8/k7/8/8/7K w - - 0 1");
  auto p = parser.parse(promo, "Eva acht");
  ASSERT_FALSE(p);
  EXPECT_EQ(p.error().kind, HeardMoveError::Kind::Ambiguous);
  EXPECT_EQ(p.error().candidates.size(), 4u);  // D.2.1: the piece must be announced
}

TEST(MoveParser, ErrorsSayWhy) {
  const MoveParser parser(profile("fide"));
  const core::Position start;
  auto unknown = parser.parse(start, "Springer Fritz drei");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, HeardMoveError::Kind::NotAMove);
  EXPECT_EQ(unknown.error().detail, HeardMoveError::Detail::UnknownWord);
  EXPECT_EQ(unknown.error().word, "Fritz");
  auto two_castlings = parser.parse(start, "Kurze Rochade Lange Rochade");
  ASSERT_FALSE(two_castlings);
  EXPECT_EQ(two_castlings.error().detail, HeardMoveError::Detail::BothCastlings);
  auto no_destination = parser.parse(start, "Springer Felix");
  ASSERT_FALSE(no_destination);
  EXPECT_EQ(no_destination.error().detail, HeardMoveError::Detail::DestinationIncomplete);
  auto illegal = parser.parse(start, "Dame David vier");
  ASSERT_FALSE(illegal);
  EXPECT_EQ(illegal.error().kind, HeardMoveError::Kind::Illegal);
  EXPECT_FALSE(parser.parse(start, ""));
  EXPECT_FALSE(parser.parse(start, "Springer"));
}

// D.2.1, Art. 8: with the fide profile, "B" is the pawn in German letters (Bauer) and the bishop
// in English. Where both moves are legal, the text is not read as either: both readings come back.
TEST(MoveParser, ATextReadingAsTwoLegalMovesIsNeverDecidedSilently) {
  const MoveParser parser(profile("fide"));
  const auto pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  auto m = parser.parse(pos, "Bc5");
  ASSERT_FALSE(m) << "read silently as " << core::to_uci(*m);
  EXPECT_EQ(m.error().kind, HeardMoveError::Kind::Ambiguous);
  ASSERT_EQ(m.error().readings.size(), 2u);
  EXPECT_EQ(core::to_uci(m.error().readings[0].move), "f8c5");
  EXPECT_EQ(m.error().readings[0].letters, "en");
  EXPECT_EQ(core::to_uci(m.error().readings[1].move), "c7c5");
  EXPECT_EQ(m.error().readings[1].letters, "de");
  EXPECT_TRUE(core::readings_differ_in_letters(m.error().readings));
  EXPECT_EQ(parser.readings(pos, "Bc5"), m.error().readings);
  // White's "Bc4" after 1. e4 e5: bishop f1-c4 or pawn c2-c4.
  auto w =
      parser.parse(position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"), "Bc4");
  ASSERT_FALSE(w);
  ASSERT_EQ(w.error().readings.size(), 2u);
  EXPECT_EQ(core::to_uci(w.error().readings[0].move), "f1c4");
  EXPECT_EQ(core::to_uci(w.error().readings[1].move), "c2c4");
  // Only one reading legal: that move, no question ("Bc4" from the start is the pawn).
  EXPECT_EQ(heard(parser, core::Position(), "Bc4"), "c4");
  // The profile's words and unambiguous letters still read as before.
  EXPECT_EQ(heard(parser, pos, "Laeufer Cesar fuenf"), "Bc5");
  EXPECT_EQ(heard(parser, pos, "Lc5"), "Bc5");
  EXPECT_EQ(heard(parser, pos, "c5"), "c5");
  // German "D" is the queen, never the d file: "Dh5" is no pawn move in English letters.
  const auto queen = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(heard(parser, queen, "Dh5"), "Qh5");
}

TEST(MoveParser, TheAssistantsLettersDecideWithNoQuestion) {
  const auto pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  const MoveParser english(profile("fide"), MoveParser::letters_setting("en"));
  EXPECT_EQ(heard(english, pos, "Bc5"), "Bc5");
  EXPECT_EQ(heard(english, pos, "Laeufer Cesar fuenf"), "Bc5");  // the words stay
  const MoveParser german(profile("fide"), MoveParser::letters_setting("de"));
  EXPECT_EQ(heard(german, pos, "Bc5"), "c5");
  EXPECT_EQ(german.letter_sets().size(), 1u);
  EXPECT_EQ(MoveParser(profile("fide")).letter_sets().size(), 2u);
  EXPECT_EQ(MoveParser(profile("nato")).letter_sets().size(), 1u);  // English only
  EXPECT_TRUE(MoveParser::letters_setting("").empty());
}

// Each profile's own move words fold to distinct forms, so no two of them are confused.
TEST(MoveParser, EachProfilesWordsAreDistinct) {
  for (const auto& name : Vocabulary::profile_names()) {
    const Vocabulary v = profile(name.c_str());
    std::set<std::string> seen;
    std::vector<std::string> keys;
    for (char f = 'a'; f <= 'h'; ++f) keys.push_back(std::string("file.") + f);
    for (char r = '1'; r <= '8'; ++r) keys.push_back(std::string("rank.") + r);
    for (const char* k :
         {"piece.king", "piece.queen", "piece.rook", "piece.bishop", "piece.knight", "piece.pawn",
          "move.capture", "move.check", "move.mate", "move.en_passant", "move.promotes_to"})
      keys.push_back(k);
    for (const auto& key : keys) {
      EXPECT_TRUE(seen.insert(MoveParser::fold(v.word(key).display)).second) << name << key;
    }
  }
}

const char* kRoundTripFens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    "1Q6/8/8/8/3Q4/8/1Q3Q2/4K2k w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "7k/8/8/2N1N3/1N3N2/8/1N3N2/4K3 w - - 0 1",
};

TEST(MoveParser, RoundTripOverEveryLegalMove) {
  int checked = 0;
  for (const auto& name : Vocabulary::profile_names()) {
    const Vocabulary v = profile(name.c_str());
    const MoveParser parser(v);
    for (const char* fen : kRoundTripFens) {
      const auto pos = position(fen);
      for (core::Move m : core::legal_moves(pos)) {
        for (MoveForm form : {MoveForm::Short, MoveForm::Long}) {
          for (bool captured : {false, true}) {
            const Phrase p = phrase_for_move(v, pos, m, {form, captured});
            for (const std::string* text : {&p.text, &p.spoken}) {
              auto back = parser.parse(pos, *text);
              ASSERT_TRUE(back) << name << " " << fen << " " << *text << ": "
                                << static_cast<int>(back.error().kind);
              EXPECT_EQ(*back, m) << name << " " << fen << " " << *text;
              ++checked;
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 10000);
}

// Every legal move written in SAN, in English or in the profile's language, reads back as itself
// or is reported as ambiguous with itself among the readings: never as another move.
TEST(MoveParser, WrittenSanIsNeverMisreadAsAnotherMove) {
  const MoveParser parser(profile("fide"));
  const core::PieceLetters german = *core::piece_letters_for("de");
  int ambiguous = 0;
  std::vector<const char*> fens(std::begin(kRoundTripFens), std::end(kRoundTripFens));
  fens.push_back("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  for (const char* fen : fens) {
    const auto pos = position(fen);
    for (core::Move m : core::legal_moves(pos)) {
      for (const core::PieceLetters* letters : {&core::english_letters(), &german}) {
        const std::string san = core::to_san(pos, m, *letters);
        auto back = parser.parse(pos, san);
        if (back) {
          EXPECT_EQ(*back, m) << fen << " " << san << " read as " << core::to_uci(*back);
          continue;
        }
        ASSERT_EQ(back.error().kind, HeardMoveError::Kind::Ambiguous)
            << fen << " " << san << ": " << static_cast<int>(back.error().kind);
        const auto& c = back.error().candidates;
        EXPECT_NE(std::find(c.begin(), c.end(), m), c.end()) << fen << " " << san;
        ++ambiguous;
      }
    }
  }
  EXPECT_GT(ambiguous, 0);  // the last position holds "Bc5"
}

}  // namespace
}  // namespace move_parser_test
}  // namespace annabella::speech
