// Wording of illegal moves: see move_text.h.
#include "app/move_text.h"

#include "app/i18n.h"
#include "app/station_text.h"
#include "core/notation.h"
#include "core/notation_tokens.h"  // describe_char: a character as the reader names it

namespace annabella::app::text {
namespace {

using i18n::format;
using i18n::tr;
using i18n::tr_n;
using Kind = core::IllegalMove::Kind;
using Obstacle = core::MoveObstacle::Kind;

std::string square(core::Square s) {
  return s == core::SQ_NONE ? std::string() : core::square_name(s);
}

std::string squares(const std::vector<core::Square>& list) {
  std::string out;
  for (const core::Square s : list) out += (out.empty() ? "" : ", ") + core::square_name(s);
  return out;
}

std::string file_letter(int file) {
  return std::string(1, static_cast<char>('a' + file));
}

// Art. 3.8.2: castling.
std::string castling(const core::IllegalMove& w) {
  const i18n::Places places = {{"castling", w.king_side ? "O-O" : "O-O-O"},
                               {"side", side(w.side)},
                               {"square", square(w.at)}};
  // TRANSLATORS: why castling is not legal; {castling} is O-O or O-O-O, {side} White or Black.
  switch (w.kind) {
    case Kind::CastlingRightLost:
      return format(tr("castling {castling} is not allowed: {side} has lost the right (the king "
                       "or the {square} rook has moved, Art. 3.8.2.1)"),
                    places);
    case Kind::CastlingSquareOccupied:
      return format(tr("castling {castling} is prevented: the square {square} between the king "
                       "and the rook is occupied (Art. 3.8.2.2)"),
                    places);
    case Kind::CastlingInCheck:
      return format(tr("castling {castling} is prevented: the king is in check (Art. 3.8.2.2)"),
                    places);
    case Kind::CastlingIntoAttack:
      return format(tr("castling {castling} would put the king on the attacked square {square} "
                       "(Art. 3.8.2.2)"),
                    places);
    case Kind::CastlingThroughAttack:
      return format(tr("castling {castling} is prevented: the king would pass the attacked "
                       "square {square} (Art. 3.8.2.2)"),
                    places);
    default:
      break;
  }
  return format(tr("castling {castling} is not legal here (Art. 3.8.2)"), places);
}

// The pieces that are not there.
std::string no_piece(const core::IllegalMove& w) {
  const i18n::Places places = {
      {"side", side(w.side)},
      {"square", square(w.from)},
      {"piece", w.kind == Kind::OtherPieceOn ? piece(core::make_piece(w.side, w.piece))
                                             : piece_type(w.piece)},
      {"pieces", piece_type(w.piece, 2)},
      {"other", piece(w.other)},
      {"file", w.file >= 0 ? file_letter(w.file) : std::string()},
      {"rank", std::to_string(w.rank + 1)}};
  // TRANSLATORS: a written move names a piece that is not there; {piece} "knight" or (with a
  // colour) "white knight", {pieces} "knights", {other} "white king", {side} White or Black.
  switch (w.kind) {
    case Kind::NoPieceOn:
      return format(tr("there is no piece on {square}"), places);
    case Kind::OpponentsPiece:
      return format(tr("the piece on {square} is a {other} and it is {side}'s move"), places);
    case Kind::NoSuchPieceOn:
      return format(tr("there is no {piece} on {square}"), places);
    case Kind::OtherPieceOn:
      return format(tr("there is no {piece} on {square} (a {other} stands there)"), places);
    default:
      break;
  }
  if (w.file >= 0) return format(tr("{side} has no {pieces} on the {file} file"), places);
  if (w.rank >= 0) return format(tr("{side} has no {pieces} on rank {rank}"), places);
  return format(tr("{side} has no {pieces}"), places);
}

// Art. 3.9: the pieces reach the square, but the king would be (or stay) in check.
std::string king(const core::IllegalMove& w) {
  const i18n::Places places = {{"side", side(w.side)},
                               {"piece", piece_type(w.piece)},
                               {"from", squares(w.pieces)},
                               {"to", square(w.to)},
                               {"king", piece(core::make_piece(w.side, core::KING))}};
  // TRANSLATORS: why a move is illegal because of the king (Art. 3.9); {piece} "knight",
  // {from} one or more squares, {king} "white king".
  switch (w.kind) {
    case Kind::KingStaysInCheck:
      return format(tr("{side} is in check and the king would still be in check on {to} "
                       "(Art. 3.9)"),
                    places);
    case Kind::CheckNotEnded:
      return format(tr("{side} is in check and moving the {piece} on {from} to {to} does not "
                       "end the check (Art. 3.9)"),
                    places);
    case Kind::KingToAttacked:
      return format(tr("the king cannot go to {to}: it is attacked there (Art. 3.9)"), places);
    default:
      break;
  }
  return format(tr("moving the {piece} on {from} to {to} would leave the {king} in check "
                   "(Art. 3.9)"),
                places);
}

// The pieces the move could mean, each with its obstacle.
std::string obstacles(const core::IllegalMove& w) {
  std::string out;
  for (const core::MoveObstacle& o : w.obstacles)
    out += (out.empty() ? "" : "; ") + move_obstacle(o);
  return out;
}

}  // namespace

std::string move_obstacle(const core::MoveObstacle& o) {
  const i18n::Places places = {{"piece", piece_type(o.piece)},
                               {"from", square(o.from)},
                               {"to", square(o.to)},
                               {"other", piece(o.other)},
                               {"at", square(o.at)}};
  // TRANSLATORS: why one piece cannot make a written move; {piece} "knight", {other} with its
  // colour, "white pawn".
  switch (o.kind) {
    case Obstacle::BlockedBy:
      return format(tr("the {piece} on {from} is blocked by the {other} on {at}"), places);
    case Obstacle::InTheWay:
      return format(tr("the {piece} on {from} cannot reach {to}: the {other} on {at} is in the "
                       "way"),
                    places);
    case Obstacle::NotEnPassant:
      return format(tr("the {piece} on {from} cannot capture en passant on {to}: the pawn on "
                       "{at} did not just advance two squares (Art. 3.7.3.2)"),
                    places);
    case Obstacle::NothingToCapture:
      return format(tr("the {piece} on {from} cannot capture on {to}: there is nothing to "
                       "capture"),
                    places);
    case Obstacle::OwnPiece:
      return format(tr("the {piece} on {from} cannot capture the {other} on {to} (Art. 3.1)"),
                    places);
    case Obstacle::CannotReach:
      break;
  }
  return format(tr("the {piece} on {from} cannot reach {to}"), places);
}

std::string illegal_move(const core::IllegalMove& w) {
  const i18n::Places places = {{"side", side(w.side)},
                               {"piece", piece(core::make_piece(w.side, w.piece))},
                               {"pieces", piece_type(w.piece, w.pieces.size())},
                               {"squares", squares(w.pieces)},
                               {"file", w.file >= 0 ? file_letter(w.file) : std::string()},
                               {"to_file", w.to_file >= 0 ? file_letter(w.to_file) : ""},
                               {"to", square(w.to)}};
  switch (w.kind) {
    case Kind::CastlingRightLost:
    case Kind::CastlingSquareOccupied:
    case Kind::CastlingInCheck:
    case Kind::CastlingThroughAttack:
    case Kind::CastlingIntoAttack:
    case Kind::CastlingNotLegal:
      return castling(w);
    case Kind::NoPieceOn:
    case Kind::OpponentsPiece:
    case Kind::NoSuchPieceOn:
    case Kind::OtherPieceOn:
    case Kind::NoSuchPiece:
      return no_piece(w);
    case Kind::PromotionNotPawn:
      return tr("only a pawn is promoted (Art. 3.7.5)");
    case Kind::PromotionPiece:
      return tr("a pawn is promoted to a queen, rook, bishop or knight (Art. 3.7.5.1)");
    case Kind::PromotionNotLastRank:
      return tr("only a pawn reaching the last rank is promoted (Art. 3.7.5)");
    case Kind::NoPawnCapture:
      // TRANSLATORS: "ed" written, and no pawn on the e file can capture on the d file.
      return format(tr("{side} has no pawn on the {file} file that can capture on the {to_file} "
                       "file"),
                    places);
    case Kind::NoneCanReach:
      // TRANSLATORS: {piece} "white knight", {pieces} "knights", {squares} "b1, g1".
      return format(tr("no {piece} can reach {to} ({pieces} on {squares})"), places);
    case Kind::Obstacles:
      return obstacles(w);
    case Kind::KingStaysInCheck:
    case Kind::CheckNotEnded:
    case Kind::KingToAttacked:
    case Kind::LeavesKingInCheck:
      break;
  }
  return king(w);
}

std::string not_a_move(const core::NotAMove& why) {
  using K = core::NotAMove::Kind;
  // {char}: the character as written, with its code point when not ASCII ("'é' (U+00E9)");
  // {n}: its place in the move, counted from 1.
  const std::string ch = why.character ? core::notation_detail::describe_char(why.character) : "";
  const std::string n = std::to_string(why.index + 1);
  switch (why.kind) {
    case K::Empty:
      return tr("it is empty");
    case K::TooLong:
      return tr("it is too long");
    case K::InvalidUtf8:
      // TRANSLATORS: {n} is a byte's place in the text, counted from 1.
      return format(tr("invalid UTF-8 at byte {n}"), {{"n", n}});
    case K::OnlyAnnotation:
      return tr("it holds only annotation signs");
    case K::PromotionPieceMissing:
      return format(tr("the promotion piece is missing after {char}"), {{"char", ch}});
    case K::NotAPieceLetter:
      return format(tr("{char} (character {n}) is not a piece letter of this language"),
                    {{"char", ch}, {"n", n}});
    case K::ParenthesisMissing:
      return tr("')' is missing after the promotion piece");
    case K::AfterPromotion:
      return format(tr("{char} (character {n}) follows the promotion piece"),
                    {{"char", ch}, {"n", n}});
    case K::NoDestination:
      return tr("no destination square");
    case K::NoDestinationAtEnd:
      return tr("no destination square at the end (a file a-h and a rank 1-8)");
    case K::TooManyCoordinates:
      return format(tr("too many coordinates at {char} (character {n})"), {{"char", ch}, {"n", n}});
    case K::NotMoveCharacter:
      return format(tr("{char} (character {n}) is not a file, rank, piece letter or capture sign"),
                    {{"char", ch}, {"n", n}});
    case K::PromotionTooEarly:
      return format(tr("{char} (character {n}) must follow the destination square"),
                    {{"char", ch}, {"n", n}});
    case K::NotCanonical:
      // TRANSLATORS: {san} is the move as Standard Algebraic Notation writes it (PGN).
      return format(tr("it is not canonical SAN ({san} is)"), {{"san", why.canonical}});
    case K::NoLetters:
      return tr("no piece letters to read it in");
  }
  return {};
}

std::string move_read_error(const core::MoveReadError& error) {
  using K = core::MoveReadError::Kind;
  switch (error.kind) {
    case K::NotAMove:
      // TRANSLATORS: a written text that is no move: "'Kz9' is not a move: 'z' (character 2) is
      // not a file, rank, piece letter or capture sign".
      return format(tr("'{move}' is not a move: {why}"),
                    {{"move", error.token}, {"why", not_a_move(error.not_a_move)}});
    case K::Illegal:
      // TRANSLATORS: a written move that is not legal: "'Ke3' is illegal: the king on e1 cannot
      // reach e3".
      return format(tr("'{move}' is illegal: {why}"),
                    {{"move", error.token}, {"why", illegal_move(error.illegal)}});
    case K::Ambiguous:
      break;
  }
  if (core::readings_differ_in_letters(error.readings)) {
    std::string readings;
    for (std::size_t i = 0; i < error.readings.size() && i < error.written.size(); ++i) {
      const std::string one =
          // TRANSLATORS: one reading of an ambiguous move: "f8-c5 (en)": the move and the code of
          // the letters it is read in.
          format(tr("{move} ({letters})"),
                 {{"move", error.written[i]}, {"letters", error.readings[i].letters}});
      readings = i == 0 ? one
                        : format(tr("{readings} or {reading}"),
                                 {{"readings", readings}, {"reading", one}});
    }
    // TRANSLATORS: D.2.1: a move is never guessed between two letter sets.
    return format(tr("'{move}' reads as different moves in different letters: {readings} (D.2.1: "
                     "say which)"),
                  {{"move", error.token}, {"readings", readings}});
  }
  std::string moves;
  for (const std::string& san : error.written) moves += (moves.empty() ? "" : ", ") + san;
  if (error.promotion_piece_missing)
    return format(tr("'{move}' is ambiguous: it fits {moves} (name the promotion piece, Art. "
                     "3.7.5)"),
                  {{"move", error.token}, {"moves", moves}});
  // TRANSLATORS: {moves}: every move the text fits, in SAN, separated by commas.
  return format(tr("'{move}' is ambiguous: it fits {moves}"),
                {{"move", error.token}, {"moves", moves}});
}

std::string language_detection(const core::LanguageDetection& found) {
  if (found.fitting.size() == 1)
    return format(
        // TRANSLATORS: {language}: the language's name and code, "German (de)".
        tr("only {language} ({code}) explains every written move"),
        {{"language", found.fitting.front()->name}, {"code", found.fitting.front()->code}});
  if (found.fitting.empty()) return tr("no built-in language explains every written move");
  std::string codes;
  for (const core::PieceLetters* l : found.fitting) codes += (codes.empty() ? "" : ", ") + l->code;
  return format(tr("several languages explain every written move ({codes}); the language must be "
                   "given"),
                {{"codes", codes}});
}

std::string incorrect_claim(const core::Game::IncorrectClaim& why, const core::Position& before) {
  if (why.intended_illegal && why.intended)
    return format(tr("the draw claim is incorrect (Art. 9.5): the intended move {move} is not "
                     "legal in this position (Art. 3)"),
                  {{"move", core::to_uci(*why.intended)}});
  const std::string move = why.intended ? core::to_san(before, *why.intended) : std::string();
  const auto reps = static_cast<unsigned long>(why.repetitions);
  const auto quiet = static_cast<unsigned long>(why.moves_without);
  // TRANSLATORS: the first part of an incorrect draw claim's reason (Art. 9.2).
  const std::string repetition =
      why.intended ? format(tr_n("the position after {move} has appeared {n} time, not 3 "
                                 "(Art. 9.2)",
                                 "the position after {move} has appeared {n} times, not 3 "
                                 "(Art. 9.2)",
                                 reps),
                            {{"move", move}, {"n", std::to_string(reps)}})
                   : format(tr_n("the position on the board has appeared {n} time, not 3 "
                                 "(Art. 9.2)",
                                 "the position on the board has appeared {n} times, not 3 "
                                 "(Art. 9.2)",
                                 reps),
                            {{"n", std::to_string(reps)}});
  // TRANSLATORS: the second part of an incorrect draw claim's reason (Art. 9.3).
  const std::string fifty =
      format(tr_n("{n} move by each player was played without a pawn move or a capture, not 50 "
                  "(Art. 9.3)",
                  "{n} moves by each player were played without a pawn move or a capture, not "
                  "50 (Art. 9.3)",
                  quiet),
             {{"n", std::to_string(quiet)}});
  // TRANSLATORS: {repetition} and {fifty} are the two parts above.
  return format(tr("the draw claim is incorrect (Art. 9.5): {repetition}, and {fifty}"),
                {{"repetition", repetition}, {"fifty", fifty}});
}

std::string move_readings(const core::Position& pos, std::string_view text,
                          const std::vector<core::MoveReading>& readings) {
  std::string list;
  for (const core::MoveReading& r : readings) {
    // TRANSLATORS: one reading of a written move: "bishop f8-c5 (English letters)".
    std::string one = format(tr("{move} ({letters})"), {{"move", move_in_words(pos, r.move)},
                                                        {"letters", letters_name(r.letters)}});
    // TRANSLATORS: the readings so far, then one more: "bishop f8-c5 (English letters) or pawn
    // c7-c5 (German letters)".
    list = list.empty() ? std::move(one)
                        : format(tr("{readings} or {reading}"),
                                 {{"readings", list}, {"reading", std::move(one)}});
  }
  return std::string(text) + ": " + list;
}

std::string heard_move_error(const speech::HeardMoveError& error, std::string_view text,
                             const core::Position& pos) {
  using Heard = speech::HeardMoveError;
  const std::string move(text);
  switch (error.kind) {
    case Heard::Kind::Illegal:
      if (error.illegal)
        return format(tr("'{move}' is illegal: {why}"),
                      {{"move", move}, {"why", illegal_move(*error.illegal)}});
      return format(tr("'{move}': no legal move fits in this position"), {{"move", move}});
    case Heard::Kind::Ambiguous: {
      // D.2.1: never decided silently. Readings in different letters are named with them.
      if (core::readings_differ_in_letters(error.readings))
        return move_readings(pos, text, error.readings);
      std::string phrases;
      for (const auto& p : error.candidate_phrases) phrases += (phrases.empty() ? "" : ", ") + p;
      // TRANSLATORS: {moves}: the fitting moves in the profile's words, separated by commas.
      return format(tr("'{move}' is ambiguous: {moves}; say which"),
                    {{"move", move}, {"moves", phrases}});
    }
    case Heard::Kind::NotAMove:
      break;
  }
  std::string why;
  switch (error.detail) {
    case Heard::Detail::UnknownWord:
      why = format(tr("the word '{word}' is not in the words of any profile"),
                   {{"word", error.word}});
      break;
    case Heard::Detail::PieceOutOfPlace:
      why = tr("a piece word out of place");
      break;
    case Heard::Detail::BothCastlings:
      why = tr("both castlings named");
      break;
    case Heard::Detail::TooManySquares:
      why = tr("more than two squares named");
      break;
    case Heard::Detail::NoSquare:
      why = tr("no square named");
      break;
    case Heard::Detail::DestinationIncomplete:
      why = tr("the destination square lacks its file or rank");
      break;
    case Heard::Detail::None:
    case Heard::Detail::NoLegalFit:
      return format(tr("'{move}' is not a move"), {{"move", move}});
  }
  return format(tr("'{move}' is not a move: {why}"), {{"move", move}, {"why", why}});
}

std::string letters_error(const core::LettersError& error) {
  using K = core::LettersError::Kind;
  const i18n::Places places = {{"letter", error.letter},
                               {"piece", piece_type(error.piece)},
                               {"other", piece_type(error.other)},
                               {"text", error.text}};
  switch (error.kind) {
    case K::UnknownLanguage: {
      std::string known;
      for (const std::string& code : error.known) known += (known.empty() ? "" : ", ") + code;
      // TRANSLATORS: custom:LETTERS and "custom:K D T L S" are what the user types: keep them.
      return format(tr("unknown language \"{text}\"; known: {known}, or custom:LETTERS (king queen "
                       "rook bishop knight [pawn], e.g. \"custom:K D T L S\")"),
                    {{"text", error.text}, {"known", known}});
    }
    case K::WrongCount:
      return format(tr("a custom letter table lists the letters for king, queen, rook, bishop, "
                       "knight and optionally pawn, separated by spaces (\"K D T L S B\"); got "
                       "{count} in \"{text}\""),
                    {{"count", std::to_string(error.count)}, {"text", error.text}});
    case K::NotOneToFour:
      return format(tr("custom letter \"{letter}\" for the {piece} is not 1 to 4 UTF-8 characters"),
                    places);
    case K::MeansSomethingElse:
      // TRANSLATORS: {character} is the character as written with its code point: 'b', 'ж'
      // (U+0436).
      return format(tr("custom letter \"{letter}\" for the {piece} contains {character}, which "
                       "already means a file, rank, capture, castling or annotation"),
                    {{"letter", error.letter},
                     {"piece", piece_type(error.piece)},
                     {"character", core::notation_detail::describe_char(error.character)}});
    case K::UsedTwice:
      return format(tr("custom letter \"{letter}\" is used for both the {other} and the {piece}"),
                    places);
  }
  return {};
}

}  // namespace annabella::app::text
