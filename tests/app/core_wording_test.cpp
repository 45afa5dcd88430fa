// What the core returns typed, worded by the app in English, German and Macedonian (po/de.po,
// po/mk.po), in process (gettext switched by app/i18n.h): why a written move is illegal
// (core/illegal_move.h, app/move_text.h), every kind, with the squares and the Laws' citations
// kept and no English sentence left in a translation; why a draw claim is incorrect (Art. 9.5);
// a time control (app/time_control_text.h).
#include <gtest/gtest.h>

#include <cstdlib>

#include "app/i18n.h"
#include "app/move_text.h"
#include "app/station_text.h"
#include "app/time_control_text.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/time_control.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"
#include "tactile/pegboard_event.h"

// glibc's gettext keeps what it looked up; a process that changes its language (this test, never
// the program) says so by counting this up (the GNU gettext manual, "Being a gettext grok").
extern "C" int _nl_msg_cat_cntr;  // NOLINT(bugprone-reserved-identifier)

namespace annabella::app {
namespace {

using IK = core::IllegalMove::Kind;
using OK = core::MoveObstacle::Kind;

const char* const kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The messages' language for this process: "en" for the messages themselves.
void use_language(const char* code) {
  ++_nl_msg_cat_cntr;
  if (std::string_view(code) == "en") {
    ::setenv("LANGUAGE", "en", 1);  // no English catalog: the messages as written
    return;
  }
  const i18n::Choice choice = i18n::start(code);
  ASSERT_TRUE(choice.note.empty()) << choice.note;
}

// A written move that is illegal, and what its reason must show.
struct Case {
  const char* fen;
  const char* text;
  IK kind;
  const char* squares;   // every square the wording names, space-separated
  const char* citation;  // the Laws' article the wording cites, or ""
};
const Case kCases[] = {
    {"4k3/8/8/8/8/8/8/4K2R w - - 0 1", "O-O", IK::CastlingRightLost, "h1", "Art. 3.8.2.1"},
    {kStart, "O-O", IK::CastlingSquareOccupied, "f1", "Art. 3.8.2.2"},
    {"4k3/8/8/8/8/4r3/8/4K2R w K - 0 1", "O-O", IK::CastlingInCheck, "", "Art. 3.8.2.2"},
    {"4k3/8/8/8/8/5r2/8/4K2R w K - 0 1", "O-O", IK::CastlingThroughAttack, "f1", "Art. 3.8.2.2"},
    {"4k3/8/8/8/8/6r1/8/4K2R w K - 0 1", "O-O", IK::CastlingIntoAttack, "g1", "Art. 3.8.2.2"},
    {kStart, "e3e4", IK::NoPieceOn, "e3", ""},
    {kStart, "e7e5", IK::OpponentsPiece, "e7", ""},
    {"3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8=K", IK::PromotionPiece, "", "Art. 3.7.5.1"},
    {kStart, "Nc3=Q", IK::PromotionNotPawn, "", "Art. 3.7.5"},
    {kStart, "Ne4f6", IK::NoSuchPieceOn, "e4", ""},
    {kStart, "Ne1f3", IK::OtherPieceOn, "e1", ""},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", IK::NoSuchPiece, "", ""},
    {kStart, "Nef3", IK::NoSuchPiece, "", ""},
    {kStart, "N3f5", IK::NoSuchPiece, "", ""},
    {kStart, "ed", IK::NoPawnCapture, "", ""},
    {kStart, "Nf4", IK::NoneCanReach, "f4 b1 g1", ""},
    {kStart, "Bb5", IK::Obstacles, "f1 b5 e2", ""},
    {kStart, "Ke2", IK::Obstacles, "e1 e2", "Art. 3.1"},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "exd6", IK::Obstacles, "e5 d6 d5", "Art. 3.7.3.2"},
    {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "exd3", IK::Obstacles, "e2 d3", ""},
    {"4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1", "e4", IK::Obstacles, "e2 e3", ""},
    {"4k3/8/8/8/8/8/4K3/8 w - - 0 1", "Ke4", IK::Obstacles, "e2 e4", ""},
    {kStart, "e4=Q", IK::PromotionNotLastRank, "", "Art. 3.7.5"},
    {"4k3/8/8/8/8/8/3rK3/3r4 w - - 0 1", "Kf2", IK::KingStaysInCheck, "f2", "Art. 3.9"},
    {"4k3/8/8/8/8/8/8/3NK2r w - - 0 1", "Nc3", IK::CheckNotEnded, "d1 c3", "Art. 3.9"},
    {"4k3/8/8/8/8/8/4K3/3r4 w - - 0 1", "Ke1", IK::KingToAttacked, "e1", "Art. 3.9"},
    {"4k3/8/8/8/8/8/8/r2NK3 w - - 0 1", "Nc3", IK::LeavesKingInCheck, "d1 c3", "Art. 3.9"},
};

core::MoveReadError error_of(const Case& c) {
  auto pos = core::Position::from_fen(c.fen);
  EXPECT_TRUE(pos) << c.fen;
  auto m = core::read_move(*pos, c.text);
  EXPECT_FALSE(m) << c.text;
  return m ? core::MoveReadError{} : m.error();
}

// Words an English explanation is made of that no translation may keep.
const char* const kEnglishWords[] = {" the ",    " is ",   " cannot ", " has ", " no ",
                                     "castling", " piece", " king",    " pawn", " check",
                                     " would ",  "there ", " illegal", " move"};

std::string wording(const Case& c, const char* language) {
  use_language(language);
  return text::move_read_error(error_of(c));
}

TEST(IllegalMoveText, EveryKindIsWordedInEnglishGermanAndMacedonian) {
  for (const Case& c : kCases) {
    const core::MoveReadError error = error_of(c);
    ASSERT_EQ(error.kind, core::MoveReadError::Kind::Illegal) << c.text << ": " << error.message;
    EXPECT_EQ(error.illegal.kind, c.kind) << c.text;
    const std::string english = wording(c, "en");
    EXPECT_EQ(english.find("'" + std::string(c.text) + "' is illegal: "), 0u) << english;
    for (const char* language : {"de", "mk"}) {
      const std::string words = wording(c, language);
      SCOPED_TRACE(std::string(language) + " '" + c.text + "': " + words);
      EXPECT_NE(words, english);
      EXPECT_NE(words.find(c.text), std::string::npos);
      EXPECT_EQ(words.find('{'), std::string::npos);  // every place filled
      for (const char* word : kEnglishWords) EXPECT_EQ(words.find(word), std::string::npos) << word;
      std::string squares = c.squares;
      for (std::size_t at = 0; at < squares.size(); at += 3)
        EXPECT_NE(words.find(squares.substr(at, 2)), std::string::npos) << squares.substr(at, 2);
      // Rule citations stay as the Laws number them, in every language.
      if (*c.citation) {
        EXPECT_NE(words.find(c.citation), std::string::npos) << c.citation;
      }
      EXPECT_EQ(english.find(c.citation) != std::string::npos, true) << english;
    }
  }
}

TEST(IllegalMoveText, GermanAndMacedonianSayWhatTheBoardShows) {
  const Case bishop = {kStart, "Bb5", IK::Obstacles, "", ""};
  EXPECT_EQ(wording(bishop, "en"),
            "'Bb5' is illegal: the bishop on c1 cannot reach b5; the bishop on f1 cannot reach b5: "
            "the white pawn on e2 is in the way");
  EXPECT_EQ(wording(bishop, "de"),
            "„Bb5“ ist regelwidrig: Läufer c1 kann b5 nicht erreichen; Läufer f1 kann b5 nicht "
            "erreichen: weißer Bauer e2 steht im Weg");
  EXPECT_EQ(wording(bishop, "mk"),
            "„Bb5“ е неправилен потег: ловец на c1 не може да стигне до b5; ловец на f1 не може "
            "да стигне до b5: бел пешак на e2 е на патот");
  const Case castling = {"4k3/8/8/8/8/4r3/8/4K2R w K - 0 1", "O-O", IK::CastlingInCheck, "", ""};
  EXPECT_EQ(wording(castling, "de"),
            "„O-O“ ist regelwidrig: Rochade O-O ist verhindert: der König steht im Schach "
            "(Art. 3.8.2.2)");
  EXPECT_EQ(wording(castling, "mk"),
            "„O-O“ е неправилен потег: рокадата O-O е спречена: кралот е во шах (Art. 3.8.2.2)");
}

// The station's messages for a typed move (speech::MoveParser) carry the same reason.
TEST(IllegalMoveText, AMoveTypedAtTheStationIsExplainedInTheLanguageOfTheMessages) {
  const auto pos = core::Position::from_fen(kStart);
  ASSERT_TRUE(pos);
  speech::HeardMoveError heard;
  heard.kind = speech::HeardMoveError::Kind::Illegal;
  heard.message = "\"Nf4\" is illegal";
  heard.illegal = error_of(kCases[15]).illegal;
  use_language("de");
  EXPECT_EQ(text::heard_move_error(heard, "Nf4"),
            "„Nf4“ ist regelwidrig: die Springer von Weiß auf b1, g1 können f4 nicht erreichen");
  use_language("mk");
  EXPECT_EQ(text::heard_move_error(heard, "Nf4"),
            "„Nf4“ е неправилен потег: скокачи на b1, g1 не можат да стигнат до f4");
  heard.illegal.reset();  // not an illegal move: the parser's own message
  EXPECT_EQ(text::heard_move_error(heard, "Nf4"), "\"Nf4\" is illegal");
}

// What is wrong on the pegboard (tactile::PegboardEvent::Wrong), worded by the app.
TEST(BoardIllegalText, EveryKindIsWordedInGermanAndMacedonian) {
  using Wrong = tactile::PegboardEvent::Wrong;
  tactile::PegboardEvent e;
  e.kind = tactile::PegboardEvent::Kind::Illegal;
  e.square = core::SQ_E6;
  e.piece = core::B_PAWN;
  e.move = core::Move(core::SQ_E7, core::SQ_E5);
  e.shown = core::Move(core::SQ_D7, core::SQ_D5);
  e.wanted = core::W_KNIGHT;
  e.detail = "the English detail";
  struct BoardCase {
    Wrong wrong;
    core::Square from;
    const char* english;
    const char* de;
  };
  const BoardCase cases[] = {
      {Wrong::NotAnnounced, core::SQ_NONE,
       "the board shows d7d5 but the announced move is e7e5 (D.2.1)",
       "das Brett zeigt d7d5, angesagt ist aber e7e5 (D.2.1)"},
      {Wrong::NotToMove, core::SQ_NONE,
       "black pawn moved to e6, but White is to move; nothing enters the record",
       "schwarzer Bauer nach e6 gezogen, aber Weiß ist am Zug; nichts wird aufgezeichnet"},
      {Wrong::NotLegal, core::SQ_E7,
       "black pawn e7 to e6 is not a legal move (Art. 3); nothing enters the record",
       "schwarzer Bauer e7 nach e6 ist kein regelgemäßer Zug (Art. 3); nichts wird "
       "aufgezeichnet"},
      {Wrong::NotLegal, core::SQ_NONE,
       "black pawn to e6 is not a legal move (Art. 3); nothing enters the record",
       "schwarzer Bauer nach e6 ist kein regelgemäßer Zug (Art. 3); nichts wird aufgezeichnet"},
      {Wrong::StaysEmpty, core::SQ_NONE,
       "the announced move is e7e5 (D.2.1): a piece was placed on e6, which stays empty",
       "angesagt ist e7e5 (D.2.1): auf e6 wurde ein Stein gestellt, das Feld bleibt aber leer"},
      {Wrong::WrongPiece, core::SQ_NONE,
       "the announced move is e7e5 (D.2.1): black pawn placed on e6 where the white knight "
       "belongs",
       "angesagt ist e7e5 (D.2.1): schwarzer Bauer auf e6 gestellt, wo weißer Springer "
       "hingehört"},
      {Wrong::Other, core::SQ_NONE, "the English detail", "the English detail"},
  };
  for (const BoardCase& c : cases) {
    e.wrong = c.wrong;
    e.first_square = c.from;
    use_language("en");
    EXPECT_EQ(text::board_illegal(e), c.english);
    use_language("de");
    EXPECT_EQ(text::board_illegal(e), c.de);
    use_language("mk");
    const std::string mk = text::board_illegal(e);
    if (c.wrong == Wrong::Other) continue;
    EXPECT_NE(mk, c.english);
    for (const char* word : kEnglishWords) EXPECT_EQ(mk.find(word), std::string::npos) << mk;
    EXPECT_TRUE(mk.find("e6") != std::string::npos || mk.find("d7d5") != std::string::npos) << mk;
  }
  e.wrong = Wrong::NotToMove;
  EXPECT_EQ(text::board_illegal(e),
            "на e6 е поставена фигура (црн пешак), но на потег се Бели; ништо не се запишува");
}

// The time control for people; the core's FIDE text stays the notation (core::to_fide_text).
TEST(TimeControlText, IsWordedInTheLanguageOfTheMessages) {
  struct ControlCase {
    const char* control;
    const char* de;
    const char* mk;
  };
  const ControlCase cases[] = {
      {"90 min/40 moves + 30 min + 30 s/move", "90 min/40 Züge + 30 min + 30 s/Zug",
       "90 мин/40 потези + 30 мин + 30 с/потег"},
      {"40/120, SD/30 d5", "120 min/40 Züge + 30 min + 5 s Verzögerung",
       "120 мин/40 потези + 30 мин + 5 с одложување"},
      {"25 min + 10 s Bronstein delay", "25 min + 10 s Bronstein-Verzögerung",
       "25 мин + 10 с Бронштајново одложување"},
      {"90 min/1 move + 1.5 s/move", "90 min/1 Zug + 1.5 s/Zug", "90 мин/1 потег + 1.5 с/потег"},
  };
  for (const ControlCase& c : cases) {
    const auto control = core::parse_time_control(c.control);
    ASSERT_TRUE(control) << c.control << ": " << control.error().message;
    use_language("en");
    if (control->periods.front().moves != 1) {  // the core's notation writes "1 moves"
      EXPECT_EQ(text::time_control(*control), core::to_fide_text(*control));
    }
    use_language("de");
    EXPECT_EQ(text::time_control(*control), c.de);
    use_language("mk");
    EXPECT_EQ(text::time_control(*control), c.mk);
  }
  core::TimeControl untimed;
  untimed.kind = core::TimeControl::Kind::Untimed;
  EXPECT_EQ(text::time_control(untimed), "без контрола на времето");
}

// Art. 9.5: why a draw claim is incorrect, from the game's typed facts
// (core::Game::incorrect_claim).
TEST(IncorrectClaimText, IsWordedFromTheGamesFactsInEveryLanguage) {
  core::Game game;
  for (const char* uci : {"g1f3", "g8f6", "f3g1", "f6g8"}) {
    auto move = core::read_move(game.position(), uci);
    ASSERT_TRUE(move);
    ASSERT_TRUE(game.play(*move));
  }
  const auto now = game.incorrect_claim();
  ASSERT_TRUE(now);
  auto nc3 = core::read_move(game.position(), "Nc3");
  ASSERT_TRUE(nc3);
  const auto with_move = game.incorrect_claim(*nc3);
  ASSERT_TRUE(with_move);
  use_language("en");
  EXPECT_EQ(text::incorrect_claim(*now, game.position()),
            "the draw claim is incorrect (Art. 9.5): the position on the board has appeared 2 "
            "times, not 3 (Art. 9.2), and 2 moves by each player were played without a pawn "
            "move or a capture, not 50 (Art. 9.3)");
  EXPECT_EQ(text::incorrect_claim(*with_move, game.position()),
            "the draw claim is incorrect (Art. 9.5): the position after Nc3 has appeared 1 "
            "time, not 3 (Art. 9.2), and 2 moves by each player were played without a pawn move "
            "or a capture, not 50 (Art. 9.3)");
  use_language("de");
  EXPECT_EQ(text::incorrect_claim(*with_move, game.position()),
            "die Remisreklamation ist unrichtig (Art. 9.5): die Stellung nach Nc3 ist 1-mal "
            "aufgetreten, nicht 3-mal (Art. 9.2), und 2 Züge jedes Spielers ohne Bauernzug und "
            "ohne Schlagen, nicht 50 (Art. 9.3)");
  use_language("mk");
  EXPECT_EQ(text::incorrect_claim(*now, game.position()),
            "рекламацијата за реми е неоснована (Art. 9.5): позицијата на таблата се појавила 2 "
            "пати, не 3 (Art. 9.2), и 2 потези на секој играч без потег со пешак и без земање, "
            "не 50 (Art. 9.3)");
  core::Game::IncorrectClaim illegal;
  illegal.intended = core::Move(core::SQ_E2, core::SQ_E5);
  illegal.intended_illegal = true;
  EXPECT_EQ(text::incorrect_claim(illegal, game.position()),
            "рекламацијата за реми е неоснована (Art. 9.5): намерениот потег e2e5 не е правилен "
            "во оваа позиција (Art. 3)");
}

// The station's console (in process, synthetic time) in German and Macedonian: an incorrect draw
// claim (Art. 9.5.3) and an illegal move typed for the sighted player (Art. 3.1).
TEST(IllegalMoveText, TheStationsConsoleWordsTheCoresReasonsInGermanAndMacedonian) {
  struct Expected {
    const char* language;
    const char* claim;
    const char* illegal;
    const char* pegboard;
  };
  const Expected expected[] = {
      {"de",
       "Remisreklamation abgewiesen: die Remisreklamation ist unrichtig (Art. 9.5): die Stellung "
       "auf dem Brett ist 1-mal aufgetreten, nicht 3-mal (Art. 9.2), und 0 Züge jedes Spielers",
       "„Ke7“ ist regelwidrig: König e8 kann nicht nach e7: dort steht ein eigener Stein, "
       "schwarzer Bauer (Art. 3.1) (nichts aufgezeichnet)",
       "regelwidrig: weißer Springer nach f3 gezogen, aber Schwarz ist am Zug; nichts wird "
       "aufgezeichnet (nicht ausgeführt, D.2.3)"},
      {"mk",
       "рекламацијата за реми е одбиена: рекламацијата за реми е неоснована (Art. 9.5): "
       "позицијата на таблата се појавила 1 пат, не 3 (Art. 9.2), и 0 потези на секој играч",
       "„Ke7“ е неправилен потег: крал на e8 не може да оди на e7: таму стои сопствена фигура, "
       "црн пешак (Art. 3.1) (ништо не е запишано)",
       "неправилно: на f3 е поставена фигура (бел скокач), но на потег се Црни; ништо не се "
       "запишува (не е одиграно, D.2.3)"},
  };
  for (const Expected& e : expected) {
    use_language(e.language);
    annabella::testing::TempDir dir;
    annabella::testing::StationDriver d(dir.path() / "record");
    ASSERT_TRUE(d.station);
    d.console("draw-claim");  // White to move claims at the start: nothing repeats
    EXPECT_TRUE(d.output.printed_containing(e.claim)) << d.output.printed.back();
    d.hand("e2", "e4");
    d.console("Ke7");  // the sighted player's king cannot take his own pawn
    EXPECT_TRUE(d.output.printed_containing(e.illegal)) << d.output.printed.back();
    d.hand("g1", "f3");  // the VI player's knight while Black is to move (the typed board event)
    EXPECT_TRUE(d.output.printed_containing(e.pegboard)) << d.output.printed.back();
    for (const std::string& line : d.output.printed)
      for (const char* english : {" is illegal", "claim is incorrect", "cannot capture",
                                  "is to move; nothing", "nothing enters the record"})
        EXPECT_EQ(line.find(english), std::string::npos) << line;
  }
}

}  // namespace
}  // namespace annabella::app
