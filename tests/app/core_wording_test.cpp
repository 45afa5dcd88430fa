// What the core returns typed, worded by the app in English, German and Macedonian (po/de.po,
// po/mk.po), in process (gettext switched by app/i18n.h): why a written move is illegal
// (core/illegal_move.h, app/move_text.h), every kind, with the squares and the Laws' citations
// kept and no English sentence left in a translation; why a draw claim is incorrect (Art. 9.5);
// a time control (app/time_control_text.h); why a text is no move or is ambiguous
// (core/not_a_move.h), what decided a sheet's language (core/notation_detect.h) and every kind of
// PGN problem with its place (core/pgn_reader.h, app/pgn_text.h).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "app/i18n.h"
#include "app/move_text.h"
#include "app/pgn_text.h"
#include "app/station_text.h"
#include "app/time_control_text.h"
#include "core/game.h"
#include "core/notation.h"
#include "core/pgn_game.h"
#include "core/position.h"
#include "core/time_control.h"
#include "speech/move_parser.h"
#include "speech/vocabulary.h"
#include "support/messages_language.h"
#include "support/station_driver.h"
#include "support/temp_dir.h"
#include "tactile/pegboard_event.h"

namespace annabella::app {
namespace core_wording_test {
namespace {

using IK = core::IllegalMove::Kind;
using OK = core::MoveObstacle::Kind;

const char* const kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

using testing::use_language;

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
    ASSERT_EQ(error.kind, core::MoveReadError::Kind::Illegal) << c.text;
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
  heard.illegal = error_of(kCases[15]).illegal;
  use_language("de");
  EXPECT_EQ(text::heard_move_error(heard, "Nf4", *pos),
            "„Nf4“ ist regelwidrig: die Springer von Weiß auf b1, g1 können f4 nicht erreichen");
  use_language("mk");
  EXPECT_EQ(text::heard_move_error(heard, "Nf4", *pos),
            "„Nf4“ е неправилен потег: скокачи на b1, g1 не можат да стигнат до f4");
  use_language("en");
}

// Why words typed or heard are no move here (speech::MoveParser gives the kind and the facts,
// never words): each reason, read by the real parser, worded in English, German and Macedonian.
// The parser once gave its own English sentences, shown untranslated on a German console.
TEST(HeardMoveText, EveryReasonTheParserGivesIsWordedInEachLanguage) {
  auto fide = speech::Vocabulary::load("fide");
  ASSERT_TRUE(fide) << fide.error().message;
  const speech::MoveParser parser(*fide);
  const core::Position start;
  const auto two_knights = core::Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  const auto italian =
      core::Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  ASSERT_TRUE(two_knights && italian);
  struct Said {
    const core::Position* pos;
    const char* text;
    const char* en;
    const char* de_part;  // a part the German wording must have
    const char* mk_part;  // and the Macedonian
  };
  const Said cases[] = {
      {&start, "Springer Fritz drei",
       "'Springer Fritz drei' is not a move: the word 'Fritz' is not in the words of any profile",
       "Fritz", "Fritz"},
      {&start, "Kurze Rochade Lange Rochade",
       "'Kurze Rochade Lange Rochade' is not a move: both castlings named", "Rochade", "рокади"},
      {&start, "Springer Felix",
       "'Springer Felix' is not a move: the destination square lacks its file or rank", "Zielfeld",
       "целното поле"},
      {&start, "Dame David vier", "'Dame David vier': no legal move fits in this position",
       "kein regelgemäßer Zug", "ниту еден правилен потег"},
      {&*two_knights, "Springer David zwei",
       "'Springer David zwei' is ambiguous: Springer Bella David zwei, Springer Felix David zwei; "
       "say which",
       "Springer Bella David zwei", "Springer Bella David zwei"},
      {&*italian, "Bc5", "Bc5: bishop f8-c5 (English letters) or pawn c7-c5 (German letters)",
       "Läufer f8-c5", "ловец f8-c5"},
  };
  for (const Said& c : cases) {
    auto heard = parser.parse(*c.pos, c.text);
    ASSERT_FALSE(heard) << c.text;
    use_language("en");
    EXPECT_EQ(text::heard_move_error(heard.error(), c.text, *c.pos), c.en);
    for (const auto& [code, part] : {std::pair{"de", c.de_part}, std::pair{"mk", c.mk_part}}) {
      use_language(code);
      const std::string worded = text::heard_move_error(heard.error(), c.text, *c.pos);
      EXPECT_NE(worded, c.en) << code << ": untranslated";
      EXPECT_NE(worded.find(part), std::string::npos) << code << ": " << worded;
    }
  }
  use_language("en");
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

// A board's link and protocol remarks (tactile::BoardRemark) and the tactile clock's, worded by
// the app: each kind has its own words in every language, the device's text shown as it is
// (escaped), and none falls back to the English detail.
TEST(BoardRemarkText, EveryKindIsWordedInEveryLanguage) {
  using Remark = tactile::BoardRemark;
  tactile::PegboardEvent e;
  e.kind = tactile::PegboardEvent::Kind::Info;
  e.said = "2 PegOne ANNOUNCE\x1b[2J";
  e.detail = "the English detail";
  const Remark remarks[] = {Remark::LinkOpen,   Remark::Unreadable,      Remark::LineLost,
                            Remark::Hello,      Remark::HelloOddVersion, Remark::BoardError,
                            Remark::DgtVersion, Remark::Turned,          Remark::Upright};
  for (const char* language : {"en", "de", "mk"}) {
    use_language(language);
    std::set<std::string> seen;
    for (const Remark r : remarks) {
      e.remark = r;
      const std::string line = text::board_event(e);
      EXPECT_NE(line, e.detail) << language << " " << int(r);
      EXPECT_EQ(line.find('\x1b'), std::string::npos) << line;
      EXPECT_TRUE(seen.insert(line).second) << language << ": worded twice: " << line;
    }
    e.remark = Remark::Other;
    EXPECT_EQ(text::board_event(e), e.detail);
  }
  use_language("de");
  e.remark = Remark::BoardError;
  EXPECT_EQ(text::board_event(e), "das Brett meldet: 2 PegOne ANNOUNCE\\x1B[2J");
  tactile::TactileClockInput clock;
  clock.kind = tactile::TactileClockInput::Kind::DeviceError;
  clock.said = "line too long";
  EXPECT_EQ(text::tactile_clock_remark(clock), "die taktile Uhr meldet: line too long");
  use_language("mk");
  clock.kind = tactile::TactileClockInput::Kind::Lost;
  const std::string lost = text::tactile_clock_remark(clock);
  for (const char* word : kEnglishWords) EXPECT_EQ(lost.find(word), std::string::npos) << lost;
  clock.kind = tactile::TactileClockInput::Kind::Ack;
  EXPECT_EQ(text::tactile_clock_remark(clock), "");
  use_language("en");
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
    ASSERT_TRUE(control) << c.control << ": " << text::time_control_error(control.error());
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
// Why a time control could not be read (core::TimeControlError): the core returns where it broke,
// the app words it; English as the core said it before, German and Macedonian from the catalogs.
TEST(TimeControlErrorText, RealBadInputIsWordedWithWhereItBroke) {
  struct BadControl {
    const char* text;
    bool pgn;  // read as a PGN TimeControl tag
    const char* en;
  };
  use_language("en");
  for (const BadControl& c : std::vector<BadControl>{
           {"90 min # 30 s", false,
            "time control \"90 min # 30 s\": cannot read \"#\" at position 8"},
           {"90 min + 30 s/move from move 61", false,
            "time control \"90 min + 30 s/move from move 61\": an increment from move 61 is not "
            "supported (only from move 1), \"from\" at position 20"},
           {"30 min + 90 min/40 moves", false,
            "time control \"30 min + 90 min/40 moves\": a period after the period for the rest of "
            "the game"},
           {"7003072 min", false,
            "time control \"7003072 min\": a time over 1000 hours in period 1"},
           {"40/5400+30:x", true,
            "PGN TimeControl \"40/5400+30:x\": field 2 \"x\": expected seconds, "
            "\"moves/seconds\" or \"seconds+increment\""},
           {"1800:40/5400", true,
            "PGN TimeControl \"1800:40/5400\": a period for the rest of the game must be the last "
            "one (period 1)"},
       }) {
    const auto read =
        c.pgn ? core::parse_pgn_time_control(c.text) : core::parse_time_control(c.text);
    ASSERT_FALSE(read) << c.text;
    EXPECT_EQ(text::time_control_error(read.error()), c.en);
  }
  const auto two = core::read_time_control("180+2");
  ASSERT_FALSE(two);
  EXPECT_EQ(text::time_control_error(two.error()),
            "time control \"180+2\": it reads two ways: 180 min + 2 s/move, or as a PGN "
            "TimeControl tag (seconds) 3 min + 2 s/move; write it with its units, \"180 min + 2 "
            "s/move\" or \"3 min + 2 s/move\" (A.1, B.1)");
  const auto broken = core::read_time_control("90 min # 30 s");
  ASSERT_FALSE(broken);
  use_language("de");
  EXPECT_EQ(text::time_control_error(broken.error()),
            "Bedenkzeit „90 min # 30 s“: „#“ an Stelle 8 ist nicht lesbar");
  use_language("mk");
  EXPECT_EQ(text::time_control_error(broken.error()),
            "контрола на времето „90 min # 30 s“: „#“ на позиција 8 не може да се прочита");
  const auto delay = core::to_pgn_time_control(*core::read_time_control("G/60 d5"));
  ASSERT_FALSE(delay);
  use_language("en");
  EXPECT_EQ(text::time_control_error(delay.error()),
            "the PGN TimeControl tag cannot express a delay (60 min + 5 s delay)");
}

// Every kind has its words in every language: none empty, none left in English.
TEST(TimeControlErrorText, EveryKindIsWordedInEveryLanguage) {
  using K = core::TimeControlError::Kind;
  for (int k = 0; k <= static_cast<int>(K::HourglassWithoutPeriod); ++k) {
    core::TimeControlError e;
    e.kind = static_cast<K>(k);
    e.form = core::TimeControlError::Form::Fide;
    e.text = "90 min";
    e.token = "min";
    e.position = 4;
    e.number = 2;
    use_language("en");
    const std::string en = text::time_control_error(e);
    EXPECT_GT(en.size(), std::string("time control \"90 min\": ").size()) << k;
    for (const char* code : {"de", "mk"}) {
      use_language(code);
      const std::string said = text::time_control_error(e);
      EXPECT_NE(said, en) << code << " " << k;
      EXPECT_EQ(said.find("time control"), std::string::npos) << said;
    }
  }
  use_language("en");
}

// Why a code names no letter table (core::LettersError): English as the core said it before,
// German from the catalog, with the pieces in the language of the messages.
TEST(LettersErrorText, EveryKindIsWordedFromRealInput) {
  struct BadLetters {
    const char* code;
    const char* en;
    const char* de;
  };
  for (const BadLetters& c : std::vector<BadLetters>{
           {"xx",
            "unknown language \"xx\"; known: en, de, fr, es, it, nl, ru, mk, sr, sr-Cyrl, bg, or "
            "custom:LETTERS (king queen rook bishop knight [pawn], e.g. \"custom:K D T L S\")",
            "unbekannte Sprache „xx“; bekannt: en, de, fr, es, it, nl, ru, mk, sr, sr-Cyrl, bg, "
            "oder custom:BUCHSTABEN (König Dame Turm Läufer Springer [Bauer], z. B. „custom:K D T "
            "L S“)"},
           {"custom:K D T L",
            "a custom letter table lists the letters for king, queen, rook, bishop, knight and "
            "optionally pawn, separated by spaces (\"K D T L S B\"); got 4 in \"K D T L\"",
            "eine eigene Buchstabentabelle nennt die Buchstaben für König, Dame, Turm, Läufer, "
            "Springer und wahlweise Bauer, durch Leerzeichen getrennt („K D T L S B“); erhalten: 4 "
            "in „K D T L“"},
           {"custom:K D T L Springer",
            "custom letter \"Springer\" for the knight is not 1 to 4 UTF-8 characters",
            "der eigene Buchstabe „Springer“ für die Figur Springer ist nicht 1 bis 4 "
            "UTF-8-Zeichen lang"},
           {"custom:K D T L b",
            "custom letter \"b\" for the knight contains 'b', which already means a file, rank, "
            "capture, castling or annotation",
            "der eigene Buchstabe „b“ für die Figur Springer enthält 'b', das schon eine Linie, "
            "Reihe, ein Schlagen, eine Rochade oder eine Anmerkung bedeutet"},
           {"custom:K D T L K", "custom letter \"K\" is used for both the king and the knight",
            "der eigene Buchstabe „K“ steht für zwei Figuren: König und Springer"},
       }) {
    const auto letters = core::piece_letters_for(c.code);
    ASSERT_FALSE(letters) << c.code;
    use_language("en");
    EXPECT_EQ(text::letters_error(letters.error()), c.en);
    use_language("de");
    EXPECT_EQ(text::letters_error(letters.error()), c.de);
    use_language("mk");
    const std::string mk = text::letters_error(letters.error());
    for (const char* word : kEnglishWords) EXPECT_EQ(mk.find(word), std::string::npos) << mk;
  }
  use_language("en");
}

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

using core::BLACK;
using core::Color;
using core::PgnGame;
using core::PgnProblem;
using core::WHITE;
using PgnKind = core::PgnProblem::Kind;
using NK = core::NotAMove::Kind;

std::vector<PgnGame> read_pgn_games(const std::string& text) {
  std::vector<PgnGame> games;
  core::PgnGameBuilder builder(games);
  core::PgnReader reader(builder);
  reader.feed(text);
  reader.finish();
  return games;
}

core::MoveReadError read_error(const char* fen, const char* text, const char* letters = "en") {
  auto pos = core::Position::from_fen(fen);
  EXPECT_TRUE(pos) << fen;
  auto l = core::piece_letters_for(letters);
  EXPECT_TRUE(l) << letters;
  auto m = core::read_move(*pos, text, *l);
  EXPECT_FALSE(m) << text;
  return m ? core::MoveReadError{} : m.error();
}

// A text that is no move: the kind the core gives, and the English, German and Macedonian.
struct NotAMoveCase {
  const char* text;
  NK kind;
  const char* english;
  const char* de;
  const char* mk;
};
const NotAMoveCase kNotAMove[] = {
    {"", NK::Empty, "'' is not a move: it is empty", "„“ ist kein Zug: der Text ist leer",
     "„“ не е потег: празно е"},
    {"Nz3", NK::NotMoveCharacter,
     "'Nz3' is not a move: 'z' (character 2) is not a file, rank, piece letter or capture sign",
     "„Nz3“ ist kein Zug: 'z' (Zeichen 2) ist keine Linie, keine Reihe, kein Figurenbuchstabe und "
     "kein Schlagzeichen",
     "„Nz3“ не е потег: 'z' (знак 2) не е линија, ред, буква на фигура или знак за земање"},
    {"e8=", NK::PromotionPieceMissing,
     "'e8=' is not a move: the promotion piece is missing after '='",
     "„e8=“ ist kein Zug: nach '=' fehlt die Umwandlungsfigur",
     "„e8=“ не е потег: фигурата за промоција недостасува по '='"},
    {"e2e4e5", NK::TooManyCoordinates,
     "'e2e4e5' is not a move: too many coordinates at 'e' (character 5)",
     "„e2e4e5“ ist kein Zug: zu viele Koordinaten bei 'e' (Zeichen 5)",
     "„e2e4e5“ не е потег: премногу координати кај 'e' (знак 5)"},
    {"!?", NK::OnlyAnnotation, "'!?' is not a move: it holds only annotation signs",
     "„!?“ ist kein Zug: er enthält nur Kommentarzeichen",
     "„!?“ не е потег: содржи само знаци за коментар"},
};

TEST(NotAMoveText, EachKindIsTypedAndWordedInEnglishGermanAndMacedonian) {
  for (const NotAMoveCase& c : kNotAMove) {
    const core::MoveReadError error = read_error(kStart, c.text);
    ASSERT_EQ(error.kind, core::MoveReadError::Kind::NotAMove) << c.text;
    EXPECT_EQ(error.not_a_move.kind, c.kind) << c.text;
    use_language("en");
    EXPECT_EQ(text::move_read_error(error), c.english);
    use_language("de");
    EXPECT_EQ(text::move_read_error(error), c.de);
    use_language("mk");
    EXPECT_EQ(text::move_read_error(error), c.mk);
  }
  use_language("en");
}

TEST(AmbiguousMoveText, TheCandidatesAreNamedInEveryLanguage) {
  const core::MoveReadError knights = read_error("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2");
  ASSERT_EQ(knights.kind, core::MoveReadError::Kind::Ambiguous);
  EXPECT_EQ(knights.written, (std::vector<std::string>{"Nbd2", "Nfd2"}));
  use_language("en");
  EXPECT_EQ(text::move_read_error(knights), "'Nd2' is ambiguous: it fits Nbd2, Nfd2");
  const core::MoveReadError promotion = read_error("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1", "e8");
  ASSERT_TRUE(promotion.promotion_piece_missing);
  EXPECT_EQ(text::move_read_error(promotion),
            "'e8' is ambiguous: it fits e8=Q+, e8=R+, e8=B, e8=N (name the promotion piece, Art. "
            "3.7.5)");
  // D.2.1: "Bc5" is a bishop in English letters and a pawn in German ones.
  auto pos =
      core::Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  ASSERT_TRUE(pos);
  const std::vector<core::PieceLetters> sets = {*core::piece_letters_for("en"),
                                                *core::piece_letters_for("de")};
  auto both = core::read_move_in(*pos, "Bc5", sets);
  ASSERT_FALSE(both);
  EXPECT_EQ(text::move_read_error(both.error()),
            "'Bc5' reads as different moves in different letters: Bf8-c5 (en) or c7-c5 (de) "
            "(D.2.1: say which)");
  for (const char* language : {"de", "mk"}) {
    use_language(language);
    for (const core::MoveReadError* e : {&knights, &promotion, &both.error()}) {
      const std::string words = text::move_read_error(*e);
      SCOPED_TRACE(std::string(language) + ": " + words);
      EXPECT_EQ(words.find("ambiguous"), std::string::npos);
      EXPECT_EQ(words.find("letters"), std::string::npos);
      EXPECT_EQ(words.find('{'), std::string::npos);
      EXPECT_NE(words.find(e->written.front()), std::string::npos);
    }
  }
  use_language("en");
}

TEST(LanguageDetectionText, WhatDecidedItIsWordedInEveryLanguage) {
  core::LanguageDetection why;
  ASSERT_TRUE(core::detect_language({"e4", "Кf3", "Крe2"}, &why));
  use_language("en");
  EXPECT_EQ(text::language_detection(why), "only Русский (ru) explains every written move");
  ASSERT_FALSE(core::detect_language({"e4", "Sf3", "Lc4"}, &why));
  const std::string several = text::language_detection(why);
  EXPECT_EQ(several.rfind("several languages explain every written move (", 0), 0u) << several;
  for (const char* language : {"de", "mk"}) {
    use_language(language);
    const std::string words = text::language_detection(why);
    SCOPED_TRACE(words);
    EXPECT_EQ(words.find("several"), std::string::npos);
    EXPECT_NE(words.find("de"), std::string::npos);
    EXPECT_NE(words.find("sr"), std::string::npos);
  }
  use_language("en");
}

// One problem each: where it is reported and what it says.
struct ProblemCase {
  const char* name;
  PgnKind kind;
  const char* pgn;
  int game;
  int move_number;  // 0 = tags
  Color side;
  int line;
  const char* text;
  const char* english;  // a part of the English wording
};

void PrintTo(const ProblemCase& c, std::ostream* os) {
  *os << c.name;
}

class PgnProblems : public ::testing::TestWithParam<ProblemCase> {};

TEST_P(PgnProblems, AreReportedPrecisely) {
  const ProblemCase& c = GetParam();
  const auto games = read_pgn_games(c.pgn);
  const PgnProblem* found = nullptr;
  std::string all;
  for (const PgnGame& g : games) {
    all += std::to_string(g.problems.size()) + " ";
    if (!found && !g.problems.empty()) found = &g.problems.front();
  }
  ASSERT_NE(found, nullptr) << c.name;
  EXPECT_EQ(found->game, c.game) << all;
  EXPECT_EQ(found->move_number, c.move_number) << all;
  if (c.move_number) {
    EXPECT_EQ(found->side, c.side) << all;
  }
  EXPECT_EQ(found->line, c.line) << all;
  EXPECT_EQ(found->text, c.text) << all;
  EXPECT_EQ(found->kind, c.kind) << all;
  // Worded by the app: the place, then what is wrong; in German and Macedonian, every place
  // filled and the offending text kept.
  use_language("en");
  const std::string english = text::pgn_problem(*found);
  EXPECT_NE(english.find(c.english), std::string::npos) << english;
  EXPECT_EQ(english.rfind("game ", 0), 0u) << english;
  for (const char* language : {"de", "mk"}) {
    use_language(language);
    const std::string words = text::pgn_problem(*found);
    SCOPED_TRACE(std::string(language) + ": " + words);
    std::string rest = words;        // every place filled: no '{' but in the offending text
    std::string offending = c.text;  // as the wording shows it, on one line
    std::replace(offending.begin(), offending.end(), '\n', ' ');
    if (const auto at = rest.find(offending); !offending.empty() && at != std::string::npos)
      rest.erase(at, offending.size());
    EXPECT_EQ(rest.find('{'), std::string::npos);
    EXPECT_EQ(words.find("game "), std::string::npos);
    EXPECT_EQ(words.find(" is "), std::string::npos);
    EXPECT_NE(words.find(std::to_string(c.line)), std::string::npos);
  }
  use_language("en");
}

using K = PgnKind;
const ProblemCase kProblemCases[] = {
    {"illegal", K::Move, "1. e4 e5 2. Ke3 *", 1, 2, WHITE, 1, "Ke3", "is illegal"},
    {"illegal in game 2 on line 4", K::Move, "1. e4 *\n\n1. e4 e5\n2. Nf3 Nc6 3. Bb5 O-O *", 2, 3,
     BLACK, 4, "O-O", "is illegal"},
    {"ambiguous", K::Move, "1. Nc3 a6 2. Ne4 a5 3. Nf3 a4 4. Ng5 *", 1, 4, WHITE, 1, "Ng5",
     "is ambiguous: it fits Nfg5, Neg5"},
    {"not a move", K::Move, "1. e4 xyz *", 1, 1, BLACK, 1, "xyz", "is not a move"},
    {"long algebraic is not import-format SAN", K::Move, "1. Ng1f3 *", 1, 1, WHITE, 1, "Ng1f3",
     "not canonical SAN (Nf3 is)"},
    {"move number", K::MoveNumber, "1. e4 e5 3. Nf3 *", 1, 2, WHITE, 1, "3.",
     "move number 3 where move 2 is expected"},
    {"result differs from the tag", K::ResultDiffers, "[Result \"1-0\"]\n\n1. e4 0-1", 1, 1, BLACK,
     3, "0-1", "its Result tag says \"1-0\""},
    {"no result before the next game", K::NoTerminationBefore,
     "[Event \"a\"]\n\n1. e4\n\n[Event \"b\"]\n\n1. d4 *", 1, 1, BLACK, 5, "[Event \"b\"]",
     "no termination marker"},
    {"no result at the end", K::NoTerminationAtEnd, "1. e4 e5", 1, 2, WHITE, 1, "",
     "no termination marker"},
    {"comment not closed", K::CommentNotClosed, "1. e4 {good\nmove", 1, 1, BLACK, 2, "{good\nmove",
     "comment opened on line 1 is not closed"},
    {"tag without closing quote", K::TagValueNotClosed, "[Event \"a]\n[Site \"b\"]\n\n1. e4 *", 1,
     0, WHITE, 1, "[Event \"a]", "no closing '\"'"},
    {"tag without quotes", K::TagNoValue, "[Event a]\n\n1. e4 *", 1, 0, WHITE, 1, "[Event a",
     "no value in quotes"},
    {"bad clock", K::Clock, "1. e4 {[%clk 0:99:00]} *", 1, 1, BLACK, 1, "[%clk 0:99:00]",
     "[%clk 0:99:00] is not a time"},
    {"bad FEN", K::Fen, "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *", 1, 0, WHITE, 1,
     "8/8/8/8/8/8/8/8 w - - 0 1", "the FEN tag is not a valid position"},
    {"unmatched close", K::UnmatchedClose, "1. e4 ) e5 *", 1, 1, BLACK, 1, ")",
     "without a matching '('"},
    {"variation not closed", K::VariationsNotClosed, "1. e4 (1. d4 d5 *", 1, 2, WHITE, 1, "*",
     "1 variation not closed with ')' before '*'"},
    {"variation before any move", K::VariationBeforeMove, "( 1. d4 ) 1. e4 *", 1, 1, WHITE, 1, "(",
     "before any move of its line"},
    {"NAG before any move", K::NagBeforeMove, "$1 1. e4 *", 1, 1, WHITE, 1, "$1",
     "before any move"},
    // A NAG belongs to the move before it: reported at White's move 1, not at Black's.
    {"NAG out of range", K::NagOutOfRange, "1. e4 $300 *", 1, 1, WHITE, 1, "$300", "is not a NAG"},
    {"stray bracket", K::OutsideTag, "1. e4 ] *", 1, 1, BLACK, 1, "]", "outside a tag or comment"},
    {"variant", K::NotStandardVariant, "[Variant \"Crazyhouse\"]\n\n1. e4 *", 1, 0, WHITE, 1,
     "Crazyhouse", "not standard chess"},
    {"illegal in a variation", K::Move, "1. e4 (1. d4 Ke7) e5 *", 1, 1, BLACK, 1, "Ke7",
     "is illegal"},
    // Moves after the game ended by itself (Art. 5.1.1, 5.2.1, 5.2.2, 9.6): never passed.
    {"a move after fivefold repetition", K::AfterTheEnd,
     "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
     "9. e4 *",
     1, 9, WHITE, 1, "e4",
     "'e4' is played after the game ended by itself: the same position has appeared five "
     "times (Art. 9.6.1)"},
    {"a move after checkmate", K::AfterTheEnd, "1. f3 e5 2. g4 Qh4# 3. a3 *", 1, 3, WHITE, 1, "a3",
     "after the game ended by itself: White is checkmated (Art. 5.1.1)"},
    {"a move after stalemate", K::AfterTheEnd,
     "[FEN \"k7/8/8/8/8/8/1Q6/K7 w - - 0 1\"]\n\n1. Qb6 Ka7 *", 1, 1, BLACK, 3, "Ka7",
     "after the game ended by itself: Black has no legal move"},
    {"a move after 75 moves", K::AfterTheEnd,
     "[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 149 100\"]\n\n100. Ra2 Kd7 *", 1, 100, BLACK, 3, "Kd7",
     "(Art. 9.6.2)"},
    {"a move in a dead position", K::AfterTheEnd,
     "[FEN \"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1\"]\n\n1. Kxd2 Ke7 *", 1, 1, BLACK, 3, "Ke7",
     "dead position"},
    {"a move after the end in a variation", K::AfterTheEnd,
     "1. f3 e5 2. g4 Qh4# (2... Qh4 3. Nc3) 3. a3 *", 1, 3, WHITE, 1, "Nc3", "White is checkmated"},
};

INSTANTIATE_TEST_SUITE_P(Table, PgnProblems, ::testing::ValuesIn(kProblemCases));

}  // namespace
}  // namespace core_wording_test
}  // namespace annabella::app
