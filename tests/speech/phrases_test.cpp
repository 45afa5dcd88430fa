// Phrases, table by table and profile by profile: every kind of move (D.2.1) and every event the
// station announces, with numbers as words.
#include "speech/phrases.h"

#include <gtest/gtest.h>

#include "core/notation.h"
#include "speech/fixtures.h"

namespace annabella::speech {
namespace phrases_test {
namespace {

using namespace std::chrono_literals;

using fixtures::move;
using fixtures::position;
using fixtures::profile;

struct MoveCase {
  const char* fen;
  const char* san;
  const char* short_text;
  const char* long_text;
};

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* kCastles = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr const char* kPromotion = "3r4/4P3/8/8/k7/8/8/7K w - - 0 1";
constexpr const char* kEnPassant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";
constexpr const char* kTwoKnights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
constexpr const char* kTwoPawns = "4k3/8/8/3p4/2P1P3/8/8/4K3 w - - 0 1";
constexpr const char* kMate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
constexpr const char* kCheck = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";

TEST(MovePhrase, FideShortAndLong) {
  const Vocabulary v = profile("fide");
  const MoveCase cases[] = {
      {kStart, "Nf3", "Springer Felix drei", "Springer Gustav eins Felix drei"},
      {kStart, "e4", "Eva vier", "Eva zwei Eva vier"},
      {kTwoPawns, "exd5", "Bauer Eva schlaegt David fuenf", "Eva vier schlaegt David fuenf"},
      {"4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", "Bauer schlaegt David fuenf",
       "Eva vier schlaegt David fuenf"},
      {kTwoKnights, "Nbd2", "Springer Bella David zwei", "Springer Bella eins David zwei"},
      {kCastles, "O-O", "Kurze Rochade", "Kurze Rochade"},
      {kCastles, "O-O-O", "Lange Rochade", "Lange Rochade"},
      {kPromotion, "e8=Q+", "Eva acht wird Dame Schach", "Eva sieben Eva acht wird Dame Schach"},
      {kPromotion, "exd8=N", "Bauer schlaegt David acht wird Springer",
       "Eva sieben schlaegt David acht wird Springer"},
      {kEnPassant, "exd6", "Bauer schlaegt David sechs en passant",
       "Eva fuenf schlaegt David sechs en passant"},
      {kMate, "Ra8#", "Turm Anna acht Matt", "Turm Anna eins Anna acht Matt"},
      {kCheck, "Ra8+", "Turm Anna acht Schach", "Turm Anna eins Anna acht Schach"},
      {kCheck, "Kf2", "Koenig Felix zwei", "Koenig Eva eins Felix zwei"},
  };
  for (const auto& c : cases) {
    const auto pos = position(c.fen);
    const auto m = move(pos, c.san);
    EXPECT_EQ(phrase_for_move(v, pos, m).text, c.short_text) << c.san;
    EXPECT_EQ(phrase_for_move(v, pos, m, {MoveForm::Long, false}).text, c.long_text) << c.san;
    EXPECT_EQ(phrase_for_move(v, pos, m).kind, PhraseKind::Move);
  }
}

TEST(MovePhrase, SpokenSpellingIsWhatTheSynthesizerReads) {
  const Vocabulary v = profile("fide");
  const auto pos = position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
  const Phrase p = phrase_for_move(v, pos, move(pos, "exd5"));
  EXPECT_EQ(p.text, "Bauer schlaegt David fuenf");
  EXPECT_EQ(p.spoken, "Bauer schlägt David fünf");
}

TEST(MovePhrase, CapturedPieceNamedWhenConfigured) {
  const auto pos = position("4k3/8/2n5/1B6/8/8/8/4K3 w - - 0 1");
  const auto m = move(pos, "Bxc6+");
  EXPECT_EQ(phrase_for_move(profile("fide"), pos, m, {MoveForm::Short, true}).text,
            "Laeufer schlaegt Springer Cesar sechs Schach");
  EXPECT_EQ(phrase_for_move(profile("english-anna"), pos, m, {MoveForm::Long, true}).text,
            "Bishop Bella five takes Knight Cesar six check");
  EXPECT_EQ(phrase_for_move(profile("russian"), pos, m, {MoveForm::Short, true}).text,
            "слон бьёт коня Цезарь шесть шах");
}

TEST(MovePhrase, OtherProfiles) {
  const auto start = position(kStart);
  const auto promo = position(kPromotion);
  struct Case {
    const char* profile;
    const core::Position* pos;
    const char* san;
    const char* text;
  } cases[] = {
      {"english-anna", &start, "Nf3", "Knight Felix three"},
      {"english-anna", &promo, "e8=Q+", "Eva eight promotes to Queen check"},
      {"nato", &start, "Nf3", "Knight Foxtrot three"},
      {"nato", &start, "e4", "Echo four"},
      {"letters", &start, "Nf3", "Knight f three"},
      {"russian", &start, "Nf3", "конь Феликс три"},
      {"russian", &promo, "e8=Q+", "Ева восемь превращается в ферзя шах"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(phrase_for_move(profile(c.profile), *c.pos, move(*c.pos, c.san)).text, c.text)
        << c.profile << " " << c.san;
  }
  const auto letters = profile("letters");
  EXPECT_EQ(phrase_for_move(letters, start, move(start, "Nf3")).spoken, "Knight eff three");
}

TEST(Numbers, GermanNumberWords) {
  const Vocabulary v = profile("fide");
  const std::pair<int, const char*> cases[] = {{0, "null"},
                                               {1, "eins"},
                                               {5, "fuenf"},
                                               {12, "zwoelf"},
                                               {21, "einundzwanzig"},
                                               {23, "dreiundzwanzig"},
                                               {45, "fuenfundvierzig"},
                                               {59, "neunundfuenfzig"},
                                               {100, "einhundert"},
                                               {101, "einhunderteins"},
                                               {123, "einhundertdreiundzwanzig"}};
  for (const auto& [n, text] : cases) EXPECT_EQ(number_words(v, n).display, text) << n;
  EXPECT_EQ(number_words(v, 25).spoken, "fünfund zwanzig");  // read as eSpeak reads 25
  EXPECT_EQ(number_words(v, 1, "f").display, "eine");
}

TEST(Numbers, CountsInTheirPluralForms) {
  const Vocabulary de = profile("fide");
  EXPECT_EQ(count_words(de, "move", 1).display, "ein Zug");
  EXPECT_EQ(count_words(de, "move", 23).spoken, "dreiund zwanzig Züge");
  EXPECT_EQ(count_words(de, "hour", 1).display, "eine Stunde");
  EXPECT_EQ(count_words(de, "minute", 21).display, "einundzwanzig Minuten");
  const Vocabulary en = profile("english-anna");
  EXPECT_EQ(count_words(en, "second", 1).display, "one second");
  EXPECT_EQ(count_words(en, "move", 42).display, "forty-two moves");
  EXPECT_EQ(count_words(en, "move", 140).display, "one hundred and forty moves");
  const Vocabulary ru = profile("russian");
  EXPECT_EQ(count_words(ru, "minute", 1).display, "одна минута");
  EXPECT_EQ(count_words(ru, "minute", 2).display, "две минуты");
  EXPECT_EQ(count_words(ru, "minute", 5).display, "пять минут");
  EXPECT_EQ(count_words(ru, "minute", 11).display, "одиннадцать минут");
  EXPECT_EQ(count_words(ru, "minute", 21).display, "двадцать одна минута");
  EXPECT_EQ(count_words(ru, "move", 22).display, "двадцать два хода");
  EXPECT_EQ(count_words(ru, "hour", 1).display, "один час");
}

TEST(Numbers, DurationsAsWords) {
  const Vocabulary v = profile("fide");
  EXPECT_EQ(duration_words(v, 1h + 12min + 5s).display,
            "eine Stunde zwoelf Minuten fuenf Sekunden");
  EXPECT_EQ(duration_words(v, 5min).display, "fuenf Minuten");
  EXPECT_EQ(duration_words(v, 0s).display, "null Sekunden");
  EXPECT_EQ(duration_words(v, 2h + 1s).display, "zwei Stunden eine Sekunde");
}

TEST(EventPhrase, FideTable) {
  const Vocabulary v = profile("fide");
  const auto start = position(kStart);
  core::GameEnd mate{core::GameResult::WhiteWins, core::Termination::Checkmate, "Art. 5.1.1", ""};
  core::GameEnd stalemate{core::GameResult::Draw, core::Termination::Stalemate, "Art. 5.2.1", ""};
  // Guidelines III.6.1: a claim without an arbiter ends the game with the result to come.
  core::GameEnd referred{core::GameResult::Undecided, core::Termination::ClaimReferred,
                         "Guidelines III.6.1.1", ""};
  const std::pair<Phrase, const char*> cases[] = {
      {phrase_illegal_move(v), "Regelwidriger Zug"},
      {phrase_illegal_move(v, start, move(start, "e4")), "Regelwidriger Zug. Erwartet: Eva vier"},
      {phrase_board_mismatch(v, start, move(start, "Nf3")),
       "Brett stimmt nicht. Erwartet: Springer Felix drei"},
      {phrase_time_readout(v, 1h + 12min + 5s, 58min, 23),
       "Weiss: eine Stunde zwoelf Minuten fuenf Sekunden; Schwarz: achtundfuenfzig Minuten; "
       "dreiundzwanzig Zuege"},
      {phrase_time_control_reached(v, core::WHITE, 40),
       "Weiss: Zeitkontrolle erreicht: vierzig Zuege"},
      {phrase_time_control_reached(v, core::BLACK, 40, 30min),
       "Schwarz: Zeitkontrolle erreicht: vierzig Zuege. dreissig Minuten dazu"},
      {phrase_low_time(v, core::WHITE, 5min + 900ms), "Weiss: noch fuenf Minuten"},
      {phrase_flag_fall(v, core::BLACK), "Schwarz: Zeit abgelaufen"},
      {phrase_draw_offer(v, core::WHITE), "Remisangebot von Weiss"},
      {phrase_draw_claim(v, core::Termination::ThreefoldRepetitionClaim),
       "Remis kann beansprucht werden: Dreifache Stellungswiederholung"},
      {phrase_draw_claim(v, core::Termination::FiftyMoveClaim),
       "Remis kann beansprucht werden: Fuenfzig-Zuege-Regel"},
      {phrase_game_end(v, mate), "Partie beendet: Weiss gewinnt. Schachmatt"},
      {phrase_game_end(v, stalemate), "Partie beendet: Remis. Patt"},
      {phrase_game_end(v, referred),
       "Partie beendet: Ergebnis offen. Remisreklamation, an den Schiedsrichter verwiesen"},
      {phrase_correction_step(
           v, {core::CorrectionStep::Kind::Move, core::W_KNIGHT, core::SQ_F3, core::SQ_G5}),
       "Springer von Felix drei nach Gustav fuenf"},
      {phrase_correction_step(
           v, {core::CorrectionStep::Kind::Remove, core::W_PAWN, core::SQ_E4, core::SQ_NONE}),
       "Bauer auf Eva vier entfernen"},
      {phrase_correction_step(
           v, {core::CorrectionStep::Kind::Place, core::B_QUEEN, core::SQ_NONE, core::SQ_D8}),
       "Schwarz: Dame auf David acht stellen"},
      {phrase_board_link(v, BoardKind::Pegboard, BoardLink::Connected), "Steckbrett verbunden"},
      {phrase_board_link(v, BoardKind::EBoard, BoardLink::Lost),
       "Elektronisches Brett: Verbindung verloren"},
      {phrase_board_link(v, BoardKind::Pegboard, BoardLink::Reconnected),
       "Steckbrett wieder verbunden"},
      {phrase_board_link(v, BoardKind::Pegboard, BoardLink::NotConnected),
       "Steckbrett: seit dem Start der Station nicht verbunden. Bitten Sie den Schiedsrichter, "
       "das Kabel zu pruefen"},
  };
  for (const auto& [phrase, text] : cases) EXPECT_EQ(phrase.text, text);
  EXPECT_EQ(phrase_time_readout(v, 1h, 1h, 1).spoken,
            "Weiß: eine Stunde; Schwarz: eine Stunde; ein Zug");
  EXPECT_EQ(phrase_time_readout(v, 1h, 1h, 1).kind, PhraseKind::Readout);
  EXPECT_EQ(phrase_low_time(v, core::WHITE, 1min).kind, PhraseKind::Warning);
  EXPECT_EQ(phrase_low_time(v, core::WHITE, 1min).topic, "low_time.white");
}

TEST(EventPhrase, EnglishAndRussianTables) {
  const Vocabulary en = profile("english-anna");
  EXPECT_EQ(phrase_time_readout(en, 1h + 1min + 1s, 30s, 1).text,
            "White: one hour one minute one second; Black: thirty seconds; one move");
  EXPECT_EQ(phrase_correction_step(
                en, {core::CorrectionStep::Kind::Remove, core::B_PAWN, core::SQ_E4, core::SQ_NONE})
                .text,
            "Remove Pawn on Eva four");
  EXPECT_EQ(phrase_flag_fall(en, core::WHITE).text, "White: flag fell");
  const Vocabulary ru = profile("russian");
  EXPECT_EQ(phrase_time_readout(ru, 2h + 21min, 4min + 2s, 34).text,
            "Белые: два часа двадцать одна минута; Чёрные: четыре минуты две секунды; тридцать "
            "четыре хода");
  EXPECT_EQ(phrase_correction_step(
                ru, {core::CorrectionStep::Kind::Remove, core::B_QUEEN, core::SQ_E4, core::SQ_NONE})
                .text,
            "Убрать ферзя с Ева четыре");
}

TEST(EventPhrase, NoDigitsInAnyPhrase) {
  for (const auto& name : Vocabulary::profile_names()) {
    const Vocabulary v = profile(name.c_str());
    for (int moves : {0, 1, 2, 17, 40, 99, 160}) {
      const Phrase p = phrase_time_readout(v, std::chrono::seconds(moves * 97),
                                           std::chrono::seconds(moves * 61), moves);
      EXPECT_EQ(p.spoken.find_first_of("0123456789"), std::string::npos) << name << p.spoken;
      EXPECT_EQ(p.text.find_first_of("0123456789"), std::string::npos) << name << p.text;
      EXPECT_EQ(p.spoken.find('<'), std::string::npos) << name << p.spoken;
    }
  }
}

}  // namespace
}  // namespace phrases_test
}  // namespace annabella::speech

namespace annabella::speech {
namespace phrases_test {
namespace {

// Reading the board aloud: grouped by colour, in the profile's words; empty said as a word.
TEST(BoardReading, SaysThePiecesOnTheSquaresInTheProfilesWords) {
  auto v = Vocabulary::load("fide");
  ASSERT_TRUE(v) << v.error().message;
  const auto pos = *core::Position::from_fen("4k3/8/8/8/1p2P3/8/8/4K3 w - - 0 1");
  const auto rank4 = core::rank_bb(3);
  const Phrase p = phrase_board_reading(*v, pos, rank4 & pos.pieces());
  EXPECT_EQ(p.kind, PhraseKind::Readout);
  EXPECT_EQ(p.text, "Weiss: Bauer Eva vier; Schwarz: Bauer Bella vier");
  EXPECT_EQ(p.spoken, "Weiß: Bauer Eva vier; Schwarz: Bauer Bella vier");
  EXPECT_EQ(phrase_board_reading(*v, pos, 0).text, "leer");
  auto en = Vocabulary::load("english-anna");
  ASSERT_TRUE(en);
  EXPECT_EQ(phrase_board_reading(*en, pos, core::rank_bb(0) & pos.pieces()).text,
            "White: King Eva one");
}

TEST(BoardReading, SaysEachSquareAskedEmptyOnesToo) {
  auto v = Vocabulary::load("fide");
  ASSERT_TRUE(v) << v.error().message;
  const auto pos = *core::Position::from_fen("4k3/8/8/8/1p2P3/8/8/4K3 w - - 0 1");
  const auto e4 = core::square_bb(core::make_square(4, 3));
  const auto d5 = core::square_bb(core::make_square(3, 4));
  const Phrase p = phrase_square_reading(*v, pos, e4 | d5);
  EXPECT_EQ(p.kind, PhraseKind::Readout);
  EXPECT_EQ(p.text, "Eva vier: Weiss Bauer; David fuenf: leer");
  EXPECT_EQ(p.spoken, "Eva vier: Weiß Bauer; David fünf: leer");
}

TEST(BoardReading, SaysTheCapturedPiecesBySide) {
  auto v = Vocabulary::load("fide");
  ASSERT_TRUE(v) << v.error().message;
  const std::array<std::vector<core::PieceType>, 2> captured = {
      std::vector<core::PieceType>{core::KNIGHT, core::PAWN}, std::vector<core::PieceType>{}};
  const Phrase p = phrase_captured(*v, captured);
  EXPECT_EQ(p.kind, PhraseKind::Readout);
  EXPECT_EQ(p.text, "Geschlagen: Weiss: Springer, Bauer; Schwarz: keine");
  EXPECT_EQ(p.spoken, "Geschlagen: Weiß: Springer, Bauer; Schwarz: keine");
  auto ru = Vocabulary::load("russian");
  ASSERT_TRUE(ru);
  EXPECT_EQ(phrase_captured(*ru, captured).text, "Взяты: Белые: конь, пешка; Чёрные: нет");
}

}  // namespace
}  // namespace phrases_test
}  // namespace annabella::speech
