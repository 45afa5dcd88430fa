// Appendix C notation: canonical SAN writing, strict and lenient reading in every built-in
// language (C.3), the letter collisions, and the precise errors.
#include <gtest/gtest.h>

#include <algorithm>

#include "core/notation.h"

namespace annabella::core {
namespace notation_test {
namespace {

const char* const kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
// White: knights b1 and f3 both reach d2; rooks a1 and h1 (castling both ways possible after
// clearing); promotion on e8/f8 possible.
const char* const kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const char* const kPromotion = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1";
const char* const kEnPassant = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2";

// A reading error's kind and facts, for a failing check to show why.
std::string describe(const MoveReadError& e) {
  return "kind " + std::to_string(int(e.kind)) + " of '" + e.token +
         "' (not a move: " + std::to_string(int(e.not_a_move.kind)) +
         ", illegal: " + std::to_string(int(e.illegal.kind)) + ")";
}
Position pos_of(const char* fen) {
  auto p = Position::from_fen(fen);
  EXPECT_TRUE(p) << int(p.error().fault);
  return p ? *p : Position();
}

PieceLetters lang(const char* code) {
  auto l = piece_letters_for(code);
  EXPECT_TRUE(l) << static_cast<int>(l.error().kind);
  return l ? *l : english_letters();
}

// The move's UCI, or the reader's error: a failing check then shows why.
std::string uci_or_error(const Position& pos, const char* text, const PieceLetters& letters) {
  auto m = read_move(pos, text, letters);
  return m ? to_uci(*m) : "error: " + describe(m.error());
}

struct ReadCase {
  const char* fen;
  const char* lang;
  const char* text;
  const char* uci;  // expected move
};

void PrintTo(const ReadCase& c, std::ostream* os) {
  *os << c.lang << " '" << c.text << "' in " << c.fen;
}

class ReadLenient : public ::testing::TestWithParam<ReadCase> {};

TEST_P(ReadLenient, ReadsTheMove) {
  const ReadCase& c = GetParam();
  const Position pos = pos_of(c.fen);
  auto m = read_move(pos, c.text, lang(c.lang), Strictness::Lenient);
  ASSERT_TRUE(m) << c.text << ": " << describe(m.error());
  EXPECT_EQ(to_uci(*m), c.uci) << c.text;
}

const ReadCase kLenientCases[] = {
    // English, the forms handwritten scoresheets contain.
    {kStart, "en", "Nf3", "g1f3"},      {kStart, "en", "Ng1-f3", "g1f3"},
    {kStart, "en", "Ng1f3", "g1f3"},    {kStart, "en", "g1f3", "g1f3"},
    {kStart, "en", "e4", "e2e4"},       {kStart, "en", "e2e4", "e2e4"},
    {kStart, "en", "e2-e4", "e2e4"},    {kStart, "en", "e4!?", "e2e4"},
    {kStart, "en", " Nf3+ ", "g1f3"},   {kStart, "en", "Pe4", "e2e4"},
    {kStart, "en", "nf3", "g1f3"},      {kStart, "en", "\u2658f3", "g1f3"},  // ♘f3
    {kStart, "en", "\u265Ef3", "g1f3"},                                      // ♞f3
    {kKiwipete, "en", "O-O", "e1g1"},   {kKiwipete, "en", "0-0", "e1g1"},
    {kKiwipete, "en", "o-o", "e1g1"},   {kKiwipete, "en", "0-0-0", "e1c1"},
    {kKiwipete, "en", "O-O-O", "e1c1"}, {kKiwipete, "en", "Kg1", "e1g1"},
    {kKiwipete, "en", "e1g1", "e1g1"},
};

INSTANTIATE_TEST_SUITE_P(English, ReadLenient, ::testing::ValuesIn(kLenientCases));

const ReadCase kCaptures[] = {
    {kKiwipete, "en", "Bxa6", "e2a6"},
    {kKiwipete, "en", "Ba6", "e2a6"},
    {kKiwipete, "en", "Be2xa6", "e2a6"},
    {kKiwipete, "en", "dxe6", "d5e6"},
    {kKiwipete, "en", "de6", "d5e6"},
    {kKiwipete, "en", "d5xe6", "d5e6"},
    {kKiwipete, "en", "d:e6", "d5e6"},
    {kKiwipete, "en", "Nxf7", "e5f7"},
    {kKiwipete, "en", "Nef7", "e5f7"},
    {kKiwipete, "en", "N5xf7", "e5f7"},
    {kKiwipete, "en", "Qxf6", "f3f6"},
    {kKiwipete, "en", "Qf3xf6", "f3f6"},
    {kKiwipete, "en", "gxh3", "g2h3"},
    {kKiwipete, "en", "gh", "g2h3"},  // the only pawn capture from g to h
    {kEnPassant, "en", "exd6", "e5d6"},
    {kEnPassant, "en", "exd6 e.p.", "e5d6"},
    {kEnPassant, "en", "exd6ep", "e5d6"},
    {kEnPassant, "en", "ed6e.p.+", "e5d6"},
    {kEnPassant, "en", "ed", "e5d6"},
};
INSTANTIATE_TEST_SUITE_P(Captures, ReadLenient, ::testing::ValuesIn(kCaptures));

const ReadCase kPromotions[] = {
    {kPromotion, "en", "e8=Q", "e7e8q"},      {kPromotion, "en", "e8Q", "e7e8q"},
    {kPromotion, "en", "e8(Q)", "e7e8q"},     {kPromotion, "en", "e8/Q", "e7e8q"},
    {kPromotion, "en", "e7e8q", "e7e8q"},     {kPromotion, "en", "e7-e8=N", "e7e8n"},
    {kPromotion, "en", "exd8=Q", "e7d8q"},    {kPromotion, "en", "ed8R", "e7d8r"},
    {kPromotion, "en", "e8=\u2655", "e7e8q"}, {kPromotion, "de", "e8D", "e7e8q"},
    {kPromotion, "de", "e8=S", "e7e8n"},      {kPromotion, "fr", "e8=D", "e7e8q"},
    {kPromotion, "fr", "e8=C", "e7e8n"},      {kPromotion, "ru", "e8Ф", "e7e8q"},
    {kPromotion, "ru", "e8=К", "e7e8n"},      {kPromotion, "bg", "e8=О", "e7e8b"},
    {kPromotion, "de", "e7e8q", "e7e8q"},
};
INSTANTIATE_TEST_SUITE_P(Promotions, ReadLenient, ::testing::ValuesIn(kPromotions));

// Every language: the same five moves from the start position and Kiwipete.
const ReadCase kLanguages[] = {
    {kStart, "de", "Sf3", "g1f3"},         {kKiwipete, "de", "Dxf6", "f3f6"},
    {kKiwipete, "de", "Lxa6", "e2a6"},     {kKiwipete, "de", "Kf1", "e1f1"},
    {kKiwipete, "de", "Tb1", "a1b1"},      {kStart, "de", "Be4", "e2e4"},
    {kStart, "fr", "Cf3", "g1f3"},         {kKiwipete, "fr", "Dxf6", "f3f6"},
    {kKiwipete, "fr", "Fxa6", "e2a6"},     {kKiwipete, "fr", "Rf1", "e1f1"},
    {kKiwipete, "fr", "Tb1", "a1b1"},      {kStart, "es", "Cf3", "g1f3"},
    {kKiwipete, "es", "Axa6", "e2a6"},     {kKiwipete, "es", "Rf1", "e1f1"},
    {kKiwipete, "es", "Dxf6", "f3f6"},     {kKiwipete, "es", "Tb1", "a1b1"},
    {kStart, "it", "Cf3", "g1f3"},         {kKiwipete, "it", "Axa6", "e2a6"},
    {kKiwipete, "it", "Rf1", "e1f1"},      {kKiwipete, "it", "Df3xf6", "f3f6"},
    {kStart, "nl", "Pf3", "g1f3"},         {kKiwipete, "nl", "Lxa6", "e2a6"},
    {kKiwipete, "nl", "Kf1", "e1f1"},      {kKiwipete, "nl", "Dxf6", "f3f6"},
    {kStart, "ru", "Кf3", "g1f3"},         {kKiwipete, "ru", "Крf1", "e1f1"},
    {kKiwipete, "ru", "Фxf6", "f3f6"},     {kKiwipete, "ru", "С:a6", "e2a6"},
    {kKiwipete, "ru", "Лb1", "a1b1"},      {kKiwipete, "ru", "крf1", "e1f1"},
    {kStart, "mk", "Сf3", "g1f3"},         {kKiwipete, "mk", "Кf1", "e1f1"},
    {kKiwipete, "mk", "Дxf6", "f3f6"},     {kKiwipete, "mk", "Лxa6", "e2a6"},
    {kKiwipete, "mk", "Тb1", "a1b1"},      {kStart, "sr", "Sf3", "g1f3"},
    {kKiwipete, "sr", "Kf1", "e1f1"},      {kKiwipete, "sr", "Lxa6", "e2a6"},
    {kKiwipete, "sr", "Dxf6", "f3f6"},     {kStart, "sr-Cyrl", "Сf3", "g1f3"},
    {kKiwipete, "sr-Cyrl", "Кf1", "e1f1"}, {kKiwipete, "sr-Cyrl", "Тb1", "a1b1"},
    {kStart, "bg", "Кf3", "g1f3"},         {kKiwipete, "bg", "Цf1", "e1f1"},
    {kKiwipete, "bg", "Оxa6", "e2a6"},     {kKiwipete, "bg", "Дxf6", "f3f6"},
    {kKiwipete, "bg", "Тb1", "a1b1"},      {kKiwipete, "custom:W QQ Y Z V", "Zxa6", "e2a6"},
};
INSTANTIATE_TEST_SUITE_P(Languages, ReadLenient, ::testing::ValuesIn(kLanguages));

TEST(Notation, CustomTableRejectsFileLetters) {
  using K = LettersError::Kind;
  const auto file = custom_piece_letters("K D T L b");
  ASSERT_FALSE(file);
  EXPECT_EQ(file.error().kind, K::MeansSomethingElse);
  EXPECT_EQ(file.error().letter, "b");
  EXPECT_EQ(file.error().piece, KNIGHT);
  EXPECT_EQ(file.error().character, U'b');
  const auto four = custom_piece_letters("K D T L");
  ASSERT_FALSE(four);
  EXPECT_EQ(four.error().kind, K::WrongCount);
  EXPECT_EQ(four.error().count, 4U);
  EXPECT_EQ(four.error().text, "K D T L");
  const auto twice = piece_letters_for("custom:K D T L K");
  ASSERT_FALSE(twice);
  EXPECT_EQ(twice.error().kind, K::UsedTwice);
  EXPECT_EQ(twice.error().other, KING);
  EXPECT_EQ(twice.error().piece, KNIGHT);
  const auto long_letter = custom_piece_letters("K D T L Springer");
  ASSERT_FALSE(long_letter);
  EXPECT_EQ(long_letter.error().kind, K::NotOneToFour);
  const auto unknown = piece_letters_for("xx");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, K::UnknownLanguage);
  EXPECT_EQ(unknown.error().text, "xx");
  EXPECT_NE(std::find(unknown.error().known.begin(), unknown.error().known.end(), "sr-Cyrl"),
            unknown.error().known.end());
  auto t = custom_piece_letters("K D T L S B");
  ASSERT_TRUE(t) << static_cast<int>(t.error().kind);
  EXPECT_EQ(t->letters[PAWN], "B");
}

struct SanCase {
  const char* fen;
  const char* uci;
  const char* lang;
  const char* san;
  const char* lan;
};
void PrintTo(const SanCase& c, std::ostream* os) {
  *os << c.uci << " in " << c.fen;
}
class WriteSan : public ::testing::TestWithParam<SanCase> {};

TEST_P(WriteSan, WritesCanonicalSanAndLan) {
  const SanCase& c = GetParam();
  const Position pos = pos_of(c.fen);
  Move m = Move::none();
  for (Move x : legal_moves(pos))
    if (to_uci(x) == c.uci) m = x;
  ASSERT_FALSE(m.is_none()) << c.uci;
  const PieceLetters letters = lang(c.lang);
  EXPECT_EQ(to_san(pos, m, letters), c.san);
  EXPECT_EQ(to_lan(pos, m, letters), c.lan);
  // The canonical SAN reads back strictly to the same move.
  auto back = read_move(pos, c.san, letters, Strictness::Strict);
  ASSERT_TRUE(back) << describe(back.error());
  EXPECT_EQ(*back, m);
}

const SanCase kSanCases[] = {
    {kStart, "g1f3", "en", "Nf3", "Ng1-f3"},
    {kStart, "e2e4", "en", "e4", "e2-e4"},
    {kKiwipete, "e1g1", "en", "O-O", "O-O"},
    {kKiwipete, "e1c1", "en", "O-O-O", "O-O-O"},
    {kKiwipete, "e2a6", "en", "Bxa6", "Be2xa6"},
    {kKiwipete, "d5e6", "en", "dxe6", "d5xe6"},
    {kKiwipete, "e5f7", "en", "Nxf7", "Ne5xf7"},
    {kKiwipete, "f3f6", "en", "Qxf6", "Qf3xf6"},
    {kKiwipete, "c3b1", "en", "Nb1", "Nc3-b1"},
    {kKiwipete, "e5d3", "en", "Nd3", "Ne5-d3"},
    {kKiwipete, "d2c1", "en", "Bc1", "Bd2-c1"},
    {kKiwipete, "a1b1", "en", "Rb1", "Ra1-b1"},
    {kKiwipete, "e2d1", "en", "Bd1", "Be2-d1"},
    {kPromotion, "e7e8q", "en", "e8=Q+", "e7-e8=Q+"},
    {kPromotion, "e7d8q", "en", "exd8=Q+", "e7xd8=Q+"},
    {kPromotion, "e7d8n", "en", "exd8=N", "e7xd8=N"},
    {kPromotion, "e7e8q", "de", "e8=D+", "e7-e8=D+"},
    {kPromotion, "e7e8q", "ru", "e8=Ф+", "e7-e8=Ф+"},
    {kEnPassant, "e5d6", "en", "exd6", "e5xd6"},
    {kStart, "g1f3", "de", "Sf3", "Sg1-f3"},
    {kStart, "g1f3", "fr", "Cf3", "Cg1-f3"},
    {kStart, "g1f3", "ru", "Кf3", "Кg1-f3"},
    {kStart, "g1f3", "mk", "Сf3", "Сg1-f3"},
    {kStart, "g1f3", "bg", "Кf3", "Кg1-f3"},
    {kStart, "g1f3", "nl", "Pf3", "Pg1-f3"},
    {kKiwipete, "e1f1", "ru", "Крf1", "Крe1-f1"},
    {kKiwipete, "e1f1", "mk", "Кf1", "Кe1-f1"},
    {kKiwipete, "e1f1", "fr", "Rf1", "Re1-f1"},
    // Mate sign.
    {"6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "en", "Ra8#", "Ra1-a8#"},
    // Disambiguation by file, by rank, by both.
    {"4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1", "en", "Rad1", "Ra1-d1"},
    {"4k3/8/R7/8/8/8/8/R3K3 w - - 0 1", "a1a3", "en", "R1a3", "Ra1-a3"},
    {"4k3/8/8/8/8/1Q3Q2/8/1Q2K3 w - - 0 1", "b3d3", "en", "Qb3d3", "Qb3-d3"},
    {"4k3/8/8/8/8/1Q3Q2/8/1Q2K3 w - - 0 1", "f3d3", "en", "Qfd3", "Qf3-d3"},
    // A pinned rival needs no disambiguation.
    {"4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1", "b1c3", "en", "Nc3", "Nb1-c3"},
};
INSTANTIATE_TEST_SUITE_P(All, WriteSan, ::testing::ValuesIn(kSanCases));

struct ErrorCase {
  const char* fen;
  const char* lang;
  const char* text;
  MoveReadError::Kind kind;
  NotAMove not_a_move;  // for NotAMove
  const char* written;  // for Ambiguous: the candidates as written, comma-separated
};
void PrintTo(const ErrorCase& c, std::ostream* os) {
  *os << c.lang << " '" << c.text << "' in " << c.fen;
}
class ReadError : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(ReadError, SaysWhy) {
  const ErrorCase& c = GetParam();
  const Position pos = pos_of(c.fen);
  auto m = read_move(pos, c.text, lang(c.lang));
  ASSERT_FALSE(m) << c.text << " read as " << to_uci(*m);
  EXPECT_EQ(int(m.error().kind), int(c.kind)) << describe(m.error());
  EXPECT_EQ(m.error().token, c.text);
  if (c.kind == MoveReadError::Kind::NotAMove) {
    EXPECT_EQ(m.error().not_a_move, c.not_a_move);
  }
  std::string written;
  for (const std::string& w : m.error().written) written += (written.empty() ? "" : ", ") + w;
  EXPECT_EQ(written, c.written);
}

using K = MoveReadError::Kind;
const ErrorCase kErrors[] = {
    {kStart, "en", "Nf4", K::Illegal, {}, ""},
    {kStart, "en", "Nz3", K::NotAMove, {NotAMove::Kind::NotMoveCharacter, U'z', 1, {}}, ""},
    {kStart, "en", "", K::NotAMove, {NotAMove::Kind::Empty, 0, -1, {}}, ""},
    {kStart, "en", "Sf3", K::NotAMove, {NotAMove::Kind::NotMoveCharacter, U'S', 0, {}}, ""},
    {kStart, "en", "e2e4e5", K::NotAMove, {NotAMove::Kind::TooManyCoordinates, U'e', 4, {}}, ""},
    {kStart, "en", "!?", K::NotAMove, {NotAMove::Kind::OnlyAnnotation, 0, -1, {}}, ""},
    {"4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "en", "Nd2", K::Ambiguous, {}, "Nbd2, Nfd2"},
    {kPromotion, "en", "e8", K::Ambiguous, {}, "e8=Q+, e8=R+, e8=B, e8=N"},
    {kStart, "de", "Nf3", K::NotAMove, {NotAMove::Kind::NotMoveCharacter, U'N', 0, {}}, ""},
};
INSTANTIATE_TEST_SUITE_P(All, ReadError, ::testing::ValuesIn(kErrors));

// Why a written move is illegal, as the core gives it: the kind and the squares and pieces
// (Art. 3); the app words it (tests/app/move_text_test.cpp).
struct IllegalCase {
  const char* fen;
  const char* text;
  IllegalMove expected;
};
void PrintTo(const IllegalCase& c, std::ostream* os) {
  *os << "'" << c.text << "' in " << c.fen;
}
class IllegalReason : public ::testing::TestWithParam<IllegalCase> {};

TEST_P(IllegalReason, NamesTheKindAndTheSquares) {
  const IllegalCase& c = GetParam();
  auto m = read_move(pos_of(c.fen), c.text);
  ASSERT_FALSE(m) << c.text << " read as " << to_uci(*m);
  ASSERT_EQ(m.error().kind, K::Illegal) << describe(m.error());
  const IllegalMove& got = m.error().illegal;
  EXPECT_EQ(int(got.kind), int(c.expected.kind));
  EXPECT_EQ(got.side, c.expected.side);
  EXPECT_EQ(int(got.piece), int(c.expected.piece));
  EXPECT_EQ(int(got.from), int(c.expected.from));
  EXPECT_EQ(int(got.to), int(c.expected.to));
  EXPECT_EQ(int(got.at), int(c.expected.at));
  EXPECT_EQ(int(got.other), int(c.expected.other));
  EXPECT_EQ(got.king_side, c.expected.king_side);
  EXPECT_EQ(got.file, c.expected.file);
  EXPECT_EQ(got.rank, c.expected.rank);
  EXPECT_EQ(got.to_file, c.expected.to_file);
  EXPECT_EQ(got.pieces, c.expected.pieces);
  ASSERT_EQ(got.obstacles.size(), c.expected.obstacles.size());
  for (std::size_t i = 0; i < got.obstacles.size(); ++i) {
    EXPECT_EQ(int(got.obstacles[i].kind), int(c.expected.obstacles[i].kind)) << i;
    EXPECT_TRUE(got.obstacles[i] == c.expected.obstacles[i]) << i;
  }
}

using IK = IllegalMove::Kind;
using OK = MoveObstacle::Kind;
const IllegalCase kIllegal[] = {
    {kStart,
     "Nf4",
     {.kind = IK::NoneCanReach, .piece = KNIGHT, .to = SQ_F4, .pieces = {SQ_B1, SQ_G1}}},
    {kStart,
     "Bb5",
     {.kind = IK::Obstacles,
      .piece = BISHOP,
      .to = SQ_B5,
      .obstacles = {{OK::CannotReach, BISHOP, SQ_C1, SQ_B5, NO_PIECE, SQ_NONE},
                    {OK::InTheWay, BISHOP, SQ_F1, SQ_B5, W_PAWN, SQ_E2}}}},
    {kStart,
     "e5",
     {.kind = IK::NoneCanReach,
      .piece = PAWN,
      .to = SQ_E5,
      .pieces = {SQ_A2, SQ_B2, SQ_C2, SQ_D2, SQ_E2, SQ_F2, SQ_G2, SQ_H2}}},
    // Art. 3.8.2.1 and 3.8.2.2.
    {kStart, "O-O", {.kind = IK::CastlingSquareOccupied, .piece = KING, .at = SQ_F1}},
    {"4k3/8/8/8/8/8/8/4K2R w - - 0 1",
     "O-O",
     {.kind = IK::CastlingRightLost, .piece = KING, .at = SQ_H1}},
    {"4k3/8/8/8/8/5r2/8/4K2R w K - 0 1",
     "O-O",
     {.kind = IK::CastlingThroughAttack, .piece = KING, .at = SQ_F1}},
    {"4k3/8/8/8/8/6r1/8/4K2R w K - 0 1",
     "O-O",
     {.kind = IK::CastlingIntoAttack, .piece = KING, .at = SQ_G1}},
    {"4k3/8/8/8/8/4r3/8/4K2R w K - 0 1", "O-O", {.kind = IK::CastlingInCheck, .piece = KING}},
    {"r3k3/8/8/8/8/8/8/4RK2 b q - 0 1",
     "O-O-O",
     {.kind = IK::CastlingInCheck, .side = BLACK, .piece = KING, .king_side = false}},
    // Art. 3.9.
    {"4k3/8/8/8/8/8/8/r2NK3 w - - 0 1",
     "Nc3",
     {.kind = IK::LeavesKingInCheck, .piece = KNIGHT, .to = SQ_C3, .pieces = {SQ_D1}}},
    {"4k3/8/8/8/8/8/8/3NK2r w - - 0 1",
     "Nc3",
     {.kind = IK::CheckNotEnded, .piece = KNIGHT, .to = SQ_C3, .pieces = {SQ_D1}}},
    {"4k3/8/8/8/8/8/4K3/3r4 w - - 0 1",
     "Ke1",
     {.kind = IK::KingToAttacked, .piece = KING, .to = SQ_E1, .pieces = {SQ_E2}}},
    {"4k3/8/8/8/8/8/3rK3/3r4 w - - 0 1",
     "Kf2",
     {.kind = IK::KingStaysInCheck, .piece = KING, .to = SQ_F2, .pieces = {SQ_E2}}},
    {kKiwipete,
     "Nd2",
     {.kind = IK::NoneCanReach, .piece = KNIGHT, .to = SQ_D2, .pieces = {SQ_C3, SQ_E5}}},
    // Art. 3.7.5.
    {kPromotion, "e8=K", {.kind = IK::PromotionPiece}},
    {kStart,
     "e4=Q",
     {.kind = IK::PromotionNotLastRank, .piece = PAWN, .to = SQ_E4, .pieces = {SQ_E2}}},
    {kStart, "Nc3=Q", {.kind = IK::PromotionNotPawn}},
    // Art. 3.1: an own piece on the square.
    {kStart,
     "Ke2",
     {.kind = IK::Obstacles,
      .piece = KING,
      .to = SQ_E2,
      .obstacles = {{OK::OwnPiece, KING, SQ_E1, SQ_E2, W_PAWN, SQ_E2}}}},
    {kStart,
     "Qd1-d3",
     {.kind = IK::Obstacles,
      .piece = QUEEN,
      .to = SQ_D3,
      .obstacles = {{OK::InTheWay, QUEEN, SQ_D1, SQ_D3, W_PAWN, SQ_D2}}}},
    {kStart, "Ne1f3", {.kind = IK::OtherPieceOn, .piece = KNIGHT, .from = SQ_E1, .other = W_KING}},
    {kStart, "Ne4f6", {.kind = IK::NoSuchPieceOn, .piece = KNIGHT, .from = SQ_E4}},
    {kStart, "e3e4", {.kind = IK::NoPieceOn, .from = SQ_E3}},
    {kStart, "e7e5", {.kind = IK::OpponentsPiece, .from = SQ_E7, .other = B_PAWN}},
    {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Nf3", {.kind = IK::NoSuchPiece, .piece = KNIGHT}},
    {kStart, "Nef3", {.kind = IK::NoSuchPiece, .piece = KNIGHT, .file = 4}},
    {kStart, "N3f5", {.kind = IK::NoSuchPiece, .piece = KNIGHT, .rank = 2}},
    {kStart, "ed", {.kind = IK::NoPawnCapture, .piece = PAWN, .file = 4, .to_file = 3}},
    // Art. 3.7: the pawn's ways.
    {"4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2",
     "exd6",
     {.kind = IK::Obstacles,
      .piece = PAWN,
      .to = SQ_D6,
      .obstacles = {{OK::NotEnPassant, PAWN, SQ_E5, SQ_D6, NO_PIECE, SQ_D5}}}},
    {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
     "exd3",
     {.kind = IK::Obstacles,
      .piece = PAWN,
      .to = SQ_D3,
      .obstacles = {{OK::NothingToCapture, PAWN, SQ_E2, SQ_D3, NO_PIECE, SQ_NONE}}}},
    {"4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1",
     "e4",
     {.kind = IK::Obstacles,
      .piece = PAWN,
      .to = SQ_E4,
      .obstacles = {{OK::BlockedBy, PAWN, SQ_E2, SQ_E4, B_KNIGHT, SQ_E3}}}},
    {"4k3/8/8/8/8/8/4K3/8 w - - 0 1",
     "Ke4",
     {.kind = IK::Obstacles,
      .piece = KING,
      .to = SQ_E4,
      .obstacles = {{OK::CannotReach, KING, SQ_E2, SQ_E4, NO_PIECE, SQ_NONE}}}},
};
INSTANTIATE_TEST_SUITE_P(All, IllegalReason, ::testing::ValuesIn(kIllegal));

TEST(Notation, CastlingWithTheRightReads) {
  const Position pos = pos_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  auto m = read_move(pos, "O-O");
  ASSERT_TRUE(m) << describe(m.error());
  EXPECT_EQ(to_uci(*m), "e1g1");
}

TEST(Notation, AmbiguousListsCandidates) {
  const Position pos = pos_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  auto m = read_move(pos, "Nd2");
  ASSERT_FALSE(m);
  ASSERT_EQ(m.error().candidates.size(), 2u);
  EXPECT_EQ(m.error().token, "Nd2");
}

// Strict reading accepts exactly what to_san writes (the check sign may be left out).
TEST(Notation, StrictAcceptsOnlyCanonicalDisambiguationCapturesPromotionsAndSigns) {
  struct Case {
    const char* fen;
    const char* text;
    const char* uci;  // nullptr: refused
  };
  const char* const rooks = "3k4/8/8/R7/8/8/4K3/R6R w - - 0 1";  // a1, h1, a5
  const char* const pawns = "3k4/P7/8/3p4/4P3/7n/8/4K3 w - - 0 1";
  const Case cases[] = {
      {rooks, "Rad1", "a1d1"},   {rooks, "Rd1", nullptr},   {rooks, "R1d1", nullptr},
      {rooks, "Ra1d1", nullptr}, {rooks, "R1a3", "a1a3"},   {rooks, "Raa3", nullptr},
      {rooks, "Ra3", nullptr},   {rooks, "Rb5", "a5b5"},    {rooks, "R5b5", nullptr},
      {rooks, "Rh8+", "h1h8"},   {rooks, "Rh8", "h1h8"},    {rooks, "Rh8#", nullptr},
      {rooks, "Rhh8", nullptr},  {pawns, "exd5", "e4d5"},   {pawns, "xd5", nullptr},
      {pawns, "ed5", nullptr},   {pawns, "Pxd5", nullptr},  {pawns, "e5", "e4e5"},
      {pawns, "ee5", nullptr},   {pawns, "a8=Q+", "a7a8q"}, {pawns, "a8=N", "a7a8n"},
      {pawns, "a8=Q#", nullptr}, {pawns, "a8Q", nullptr},   {pawns, "a8", nullptr},
      {pawns, "a8=K", nullptr},  {pawns, "Kxh3", nullptr},  {pawns, "Kd2", "e1d2"},
      {pawns, "Kxd2", nullptr},  {pawns, "e4", nullptr},
  };
  for (const Case& c : cases) {
    const Position pos = pos_of(c.fen);
    auto m = read_move(pos, c.text, english_letters(), Strictness::Strict);
    if (c.uci) {
      ASSERT_TRUE(m) << c.text << ": " << describe(m.error());
      EXPECT_EQ(to_uci(*m), c.uci) << c.text;
    } else {
      EXPECT_FALSE(m) << c.text << " read as " << to_uci(*m);
    }
  }
}

// Strict reading: canonical SAN only.
TEST(Notation, StrictRejectsNonCanonicalForms) {
  const Position start = pos_of(kStart);
  for (const char* text : {"Ng1f3", "Ng1-f3", "g1f3", "nf3", "e2e4", "Ngf3"}) {
    auto m = read_move(start, text, english_letters(), Strictness::Strict);
    EXPECT_FALSE(m) << text;
  }
  for (const char* text : {"Nf3", "e4", "Nf3!", "e4?!"}) {
    auto m = read_move(start, text, english_letters(), Strictness::Strict);
    EXPECT_TRUE(m) << text << ": " << describe(m.error());
  }
  const Position kiwi = pos_of(kKiwipete);
  EXPECT_TRUE(read_move(kiwi, "O-O", english_letters(), Strictness::Strict));
  EXPECT_FALSE(read_move(kiwi, "0-0", english_letters(), Strictness::Strict));
  EXPECT_FALSE(read_move(kiwi, "Kg1", english_letters(), Strictness::Strict));
  EXPECT_FALSE(read_move(kiwi, "Ba6", english_letters(), Strictness::Strict));
}

// C.3 collisions: the same letter is a different piece in different languages.
TEST(Notation, CollidingLettersFollowTheLanguage) {
  const Position kiwi = pos_of("4k3/8/8/8/8/8/8/R3K1N1 w - - 0 1");
  // "К" is the knight in Russian and Bulgarian, the king in Macedonian and Serbian Cyrillic.
  EXPECT_EQ(uci_or_error(kiwi, "Кf3", lang("ru")), "g1f3");
  EXPECT_EQ(uci_or_error(kiwi, "Кf3", lang("bg")), "g1f3");
  EXPECT_EQ(uci_or_error(kiwi, "Кf1", lang("mk")), "e1f1");
  EXPECT_EQ(uci_or_error(kiwi, "Кf1", lang("sr-Cyrl")), "e1f1");
  // "R" is the rook in English and the king in French, Spanish and Italian.
  EXPECT_EQ(uci_or_error(kiwi, "Rd1", lang("en")), "a1d1");
  EXPECT_EQ(uci_or_error(kiwi, "Rd1", lang("fr")), "e1d1");
  EXPECT_EQ(uci_or_error(kiwi, "Rd1", lang("es")), "e1d1");
  // "P" is the knight in Dutch and a pawn elsewhere.
  const Position start = pos_of(kStart);
  EXPECT_EQ(uci_or_error(start, "Pf3", lang("nl")), "g1f3");
  EXPECT_EQ(uci_or_error(start, "Pf3", lang("fr")), "f2f3");
  // "B" is the bishop in English and the pawn in German.
  const Position b = pos_of("4k3/8/8/8/8/1P6/8/2B1K3 w - - 0 1");
  EXPECT_EQ(uci_or_error(b, "Bb2", lang("en")), "c1b2");
  EXPECT_FALSE(read_move(b, "Bb2", lang("de")));
  EXPECT_EQ(uci_or_error(b, "Bb4", lang("de")), "b3b4");
  // Cyrillic "С" (bishop in Russian) against Latin "C" (knight in French).
  const Position c = pos_of("4k3/8/8/8/8/8/8/2B1K1N1 w - - 0 1");
  EXPECT_EQ(uci_or_error(c, "Сd2", lang("ru")), "c1d2");
  EXPECT_EQ(uci_or_error(c, "Cf3", lang("fr")), "g1f3");
  EXPECT_FALSE(read_move(c, "Cd2", lang("ru")));
}

// A Cyrillic с written for the file c: read as the file when that is the only reading.
TEST(Notation, CyrillicLookAlikeFiles) {
  const Position pos = pos_of(kStart);
  auto m = read_move(pos, "с4", lang("ru"));  // Cyrillic с
  ASSERT_TRUE(m) << describe(m.error());
  EXPECT_EQ(to_uci(*m), "c2c4");
  auto n = read_move(pos, "Кс3", lang("ru"));  // knight to c3 with a Cyrillic с
  ASSERT_TRUE(n) << describe(n.error());
  EXPECT_EQ(to_uci(*n), "b1c3");
}

// Files in lower-case Cyrillic letters as a sheet shows them (CyrillicFiles): a capital is always
// a piece letter ("Ф" the queen), a lower-case file letter never ("ф" the file f).
TEST(Notation, CyrillicFilesAndPieceLettersAreNotConfused) {
  const Position pos = pos_of(kStart);
  PieceLetters ru = lang("ru");
  ru.files = CyrillicFiles::Sounded;
  EXPECT_EQ(uci_or_error(pos, "д4", ru), "d2d4");
  EXPECT_EQ(uci_or_error(pos, "х4", ru), "h2h4");
  EXPECT_EQ(uci_or_error(pos, "Кф3", ru), "g1f3");
  EXPECT_EQ(uci_or_error(pos, "Кг1-ф3", ru), "g1f3");
  const Position open = pos_of("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(uci_or_error(open, "Фх5", ru), "d1h5");  // х before a rank: the file h
  EXPECT_EQ(uci_or_error(open, "ф4", ru), "f2f4");   // the pawn, not the queen written small
  EXPECT_FALSE(read_move(pos, "Б3", ru));            // a capital is no file
  // By default only the look-alikes а с е are files.
  EXPECT_FALSE(read_move(pos, "д4", lang("ru")));
  PieceLetters bg = lang("bg");
  bg.files = CyrillicFiles::Alphabet;
  EXPECT_EQ(uci_or_error(pos, "г4", bg), "d2d4");
  EXPECT_EQ(uci_or_error(pos, "д4", bg), "e2e4");
  EXPECT_EQ(uci_or_error(pos, "Кз3", bg), "g1h3");
  const Position exd5 = pos_of("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  EXPECT_EQ(uci_or_error(exd5, "ехд5", ru), "e4d5");  // х between two files: a capture
}

TEST(Notation, PieceLettersFor) {
  EXPECT_EQ(lang("DE").code, "de");
  EXPECT_EQ(lang("sr-Latn").code, "sr");
  EXPECT_EQ(lang("sr-cyrl").letters[KNIGHT], "С");
  auto bad = piece_letters_for("xx");
  ASSERT_FALSE(bad);
  const auto& known = bad.error().known;
  EXPECT_NE(std::find(known.begin(), known.end(), "sr-Cyrl"), known.end());
  EXPECT_EQ(builtin_piece_letters().size(), 11u);
}

// English SAN written again in a language's letters (the reconcile report and the braille
// scoresheet, tester 14a): only the piece letters change; castling's O, files and signs stay.
TEST(Notation, SanInLetters) {
  EXPECT_EQ(san_in_letters("Nbd7", lang("de")), "Sbd7");
  EXPECT_EQ(san_in_letters("Bxf3+", lang("de")), "Lxf3+");
  EXPECT_EQ(san_in_letters("exd8=Q#", lang("de")), "exd8=D#");
  EXPECT_EQ(san_in_letters("O-O-O", lang("de")), "O-O-O");
  EXPECT_EQ(san_in_letters("Nf3", lang("mk")), "Сf3");
  EXPECT_EQ(san_in_letters("Kxe2", lang("mk")), "Кxe2");
  EXPECT_EQ(san_in_letters("Rh1", english_letters()), "Rh1");
}

TEST(Notation, DetectLanguage) {
  LanguageDetection why;
  auto codes = [&] {
    std::string out;
    for (const PieceLetters* l : why.fitting) out += (out.empty() ? "" : " ") + l->code;
    return out;
  };
  auto ru = detect_language({"e4", "Кf3", "Крe2"}, &why);
  ASSERT_TRUE(ru) << codes();
  EXPECT_EQ(ru->code, "ru");
  EXPECT_EQ(codes(), "ru");
  auto en = detect_language({"e4", "Nf3", "Bc4"}, &why);
  ASSERT_TRUE(en) << codes();
  EXPECT_EQ(en->code, "en");
  // German and Serbian (Latin) share K D T L S: not decidable from these moves.
  EXPECT_FALSE(detect_language({"e4", "Sf3", "Lc4"}, &why));
  EXPECT_NE(codes().find("de"), std::string::npos);
  EXPECT_NE(codes().find("sr"), std::string::npos);
  // Pawn moves only: every language fits.
  EXPECT_FALSE(detect_language({"e4", "d4"}, &why));
  EXPECT_EQ(why.fitting.size(), builtin_piece_letters().size());
}

// D.2.1, Art. 8: "Bc5" is a bishop in English letters and a pawn in German (B = Bauer). Where
// both moves are legal the text is never decided silently: every reading comes back, with its
// letters.
const char* const kBishopOrPawn = "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2";

TEST(NotationReadings, EveryLegalReadingWithItsLetters) {
  const Position pos = pos_of(kBishopOrPawn);
  const std::vector<PieceLetters> sets = {lang("en"), lang("de")};
  const auto readings = move_readings(pos, "Bc5", sets);
  ASSERT_EQ(readings.size(), 2u);
  EXPECT_EQ(to_uci(readings[0].move), "f8c5");
  EXPECT_EQ(readings[0].letters, "en");
  EXPECT_EQ(to_uci(readings[1].move), "c7c5");
  EXPECT_EQ(readings[1].letters, "de");
  EXPECT_TRUE(readings_differ_in_letters(readings));

  auto read = read_move_in(pos, "Bc5", sets);
  ASSERT_FALSE(read) << to_uci(*read);
  EXPECT_EQ(read.error().kind, MoveReadError::Kind::Ambiguous);
  EXPECT_EQ(read.error().readings, readings);
  EXPECT_EQ(read.error().candidates.size(), 2u);
  EXPECT_EQ(read.error().written, (std::vector<std::string>{"Bf8-c5", "c7-c5"}));
}

TEST(NotationReadings, OneLegalReadingIsTheMove) {
  // The bishop cannot reach c5 (e7 is blocked): only the German reading is legal.
  const Position blocked = pos_of(kStart);
  const std::vector<PieceLetters> sets = {lang("en"), lang("de")};
  auto pawn = read_move_in(blocked, "Bc4", sets);
  ASSERT_TRUE(pawn) << describe(pawn.error());
  EXPECT_EQ(to_uci(*pawn), "c2c4");
  // Both sets read the same move: no question.
  auto knight = read_move_in(pos_of(kStart), "g1f3", sets);
  ASSERT_TRUE(knight) << describe(knight.error());
  EXPECT_EQ(to_uci(*knight), "g1f3");
  EXPECT_EQ(move_readings(pos_of(kStart), "e4", sets).size(), 1u);
  // One set alone is read_move.
  const std::vector<PieceLetters> english = {lang("en")};
  auto bishop = read_move_in(pos_of(kBishopOrPawn), "Bc5", english);
  ASSERT_TRUE(bishop) << describe(bishop.error());
  EXPECT_EQ(to_uci(*bishop), "f8c5");
}

TEST(NotationReadings, ErrorsPreferTheReasonOfAnIllegalMove) {
  const std::vector<PieceLetters> sets = {lang("de"), lang("en")};
  // "Nf5": not a move in German letters, illegal in English: the English reason is given.
  auto m = read_move_in(pos_of(kStart), "Nf5", sets);
  ASSERT_FALSE(m);
  EXPECT_EQ(m.error().kind, MoveReadError::Kind::Illegal) << describe(m.error());
  // Two knights reach d2 in English letters only: that set's own ambiguity, with its letters.
  const Position knights = pos_of("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
  auto a = read_move_in(knights, "Nd2", sets);
  ASSERT_FALSE(a);
  EXPECT_EQ(a.error().kind, MoveReadError::Kind::Ambiguous);
  EXPECT_EQ(a.error().written, (std::vector<std::string>{"Nbd2", "Nfd2"}));
  ASSERT_EQ(a.error().readings.size(), 2u);
  EXPECT_FALSE(readings_differ_in_letters(a.error().readings));
  EXPECT_EQ(a.error().readings[0].letters, "en");
}

TEST(NotationReadings, LegalLanguageReadingsListOnlyLegalLanguages) {
  // After 1. e4 e5 2. Nf3, "Bc5" is legal in English (bishop) and German (pawn) only.
  const auto fits = legal_language_readings(pos_of(kBishopOrPawn), {"Bc5"});
  ASSERT_EQ(fits.size(), 2u);
  EXPECT_EQ(fits[0].letters.code, "en");
  EXPECT_EQ(to_uci(fits[0].moves[0]), "f8c5");
  EXPECT_EQ(fits[1].letters.code, "de");
  EXPECT_EQ(to_uci(fits[1].moves[0]), "c7c5");
  // From the start, "Bc5" is legal nowhere; "e4 e5 Sf3" only where S is the knight.
  EXPECT_TRUE(legal_language_readings(pos_of(kStart), {"Bc5"}).empty());
  std::vector<std::string> codes;
  for (const auto& f : legal_language_readings(pos_of(kStart), {"e4", "e5", "Sf3"}))
    codes.push_back(f.letters.code);
  EXPECT_EQ(codes, (std::vector<std::string>{"de", "sr"}));
}

}  // namespace
}  // namespace notation_test
}  // namespace annabella::core
