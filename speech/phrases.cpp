#include "speech/phrases.h"

#include <utility>
#include <vector>

#include "core/movegen.h"
#include "core/notation.h"

namespace annabella::speech {
namespace {

using core::Color;
using core::PieceType;

// Builds the two spellings of a phrase side by side, one word at a time.
class Words {
 public:
  Words& add(const Word& w) {
    if (w.display.empty()) return *this;
    if (!display_.empty()) display_ += ' ', spoken_ += ' ';
    display_ += w.display;
    spoken_ += w.spoken;
    return *this;
  }
  Word word() const { return {display_, spoken_}; }

 private:
  std::string display_, spoken_;
};

using Args = std::vector<std::pair<std::string_view, Word>>;

// Fills the {name} places of a template in both spellings.
Word fill(const Word& pattern, const Args& args) {
  auto fill_one = [&](const std::string& text, bool spoken) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
      if (text[i] == '{') {
        const auto close = text.find('}', i);
        if (close != std::string::npos) {
          const std::string_view name(text.data() + i + 1, close - i - 1);
          bool found = false;
          for (const auto& [key, value] : args) {
            if (key == name) {
              out += spoken ? value.spoken : value.display;
              found = true;
              break;
            }
          }
          if (found) {
            i = close + 1;
            continue;
          }
        }
      }
      out += text[i++];
    }
    return out;
  };
  return {fill_one(pattern.display, false), fill_one(pattern.spoken, true)};
}

Phrase make(PhraseKind kind, const Word& w, std::string topic = {}) {
  return {kind, w.display, w.spoken, std::move(topic)};
}

const char* piece_key(PieceType pt) {
  switch (pt) {
    case core::KING:
      return "piece.king";
    case core::QUEEN:
      return "piece.queen";
    case core::ROOK:
      return "piece.rook";
    case core::BISHOP:
      return "piece.bishop";
    case core::KNIGHT:
      return "piece.knight";
    default:
      return "piece.pawn";
  }
}

// The object (accusative) form where the language has one: "коня".
Word piece_object(const Vocabulary& v, PieceType pt) {
  if (const auto* w = v.find(std::string(piece_key(pt)) + ".object")) return *w;
  return piece_words(v, pt);
}

Word file_word(const Vocabulary& v, int file) {
  return v.word(std::string("file.") + char('a' + file));
}
Word rank_word(const Vocabulary& v, int rank) {
  return v.word(std::string("rank.") + char('1' + rank));
}
Word color_word(const Vocabulary& v, Color c) {
  return v.word(c == core::WHITE ? "color.white" : "color.black");
}
std::string color_topic(Color c) {
  return c == core::WHITE ? "white" : "black";
}

const char* plural_category(const Vocabulary& v, int n) {
  if (v.plural_rule() == "slavic") {
    const int last = n % 10, last_two = n % 100;
    if (last == 1 && last_two != 11) return "one";
    if (last >= 2 && last <= 4 && (last_two < 12 || last_two > 14)) return "few";
    return "many";
  }
  return n == 1 ? "one" : "other";
}

// The word for a number the profile lists itself, in the gender asked for if it has one.
const Word* listed_number(const Vocabulary& v, int n, std::string_view gender,
                          bool compound = false) {
  const std::string key = "number." + std::to_string(n);
  if (compound)
    if (const auto* w = v.find(key + ".compound")) return w;
  if (!gender.empty())
    if (const auto* w = v.find(key + "." + std::string(gender))) return w;
  return v.find(key);
}

}  // namespace

Word piece_words(const Vocabulary& v, PieceType pt) {
  return v.word(piece_key(pt));
}

Word square_words(const Vocabulary& v, core::Square s) {
  return Words().add(file_word(v, core::file_of(s))).add(rank_word(v, core::rank_of(s))).word();
}

Word number_words(const Vocabulary& v, int n, std::string_view gender) {
  if (n < 0 || n > 999) {  // digit by digit: never happens for times and move counts
    Words digits;
    for (char c : std::to_string(n < 0 ? -n : n)) digits.add(number_words(v, c - '0'));
    return digits.word();
  }
  if (const auto* w = listed_number(v, n, gender)) return *w;
  if (n >= 100) {
    const Word hundreds = *listed_number(v, n / 100 * 100, "");
    return fill(v.word("number.compose_hundreds"),
                {{"hundreds", hundreds}, {"rest", number_words(v, n % 100, gender)}});
  }
  const Word* unit = listed_number(v, n % 10, gender, /*compound=*/true);
  const Word* ten = listed_number(v, n / 10 * 10, "");
  return fill(v.word("number.compose"), {{"unit", *unit}, {"ten", *ten}});
}

Word count_words(const Vocabulary& v, std::string_view unit, int n) {
  const std::string base = "unit." + std::string(unit);
  const Word* gender = v.find(base + ".gender");
  const Word* name = v.find(base + "." + plural_category(v, n));
  if (!name) name = v.find(base + ".other");
  const Word unit_word = name ? *name : v.word(base + ".other");
  return Words().add(number_words(v, n, gender ? gender->spoken : "")).add(unit_word).word();
}

Word duration_words(const Vocabulary& v, std::chrono::seconds d) {
  const auto total = d.count() < 0 ? 0 : d.count();
  const int hours = int(total / 3600), minutes = int(total / 60 % 60), seconds = int(total % 60);
  Words w;
  if (hours) w.add(count_words(v, "hour", hours));
  if (minutes) w.add(count_words(v, "minute", minutes));
  if (seconds || (!hours && !minutes)) w.add(count_words(v, "second", seconds));
  return w.word();
}

Phrase phrase_for_move(const Vocabulary& v, const core::Position& before, core::Move move,
                       MoveWording wording) {
  // The structure comes from canonical SAN (minimal disambiguation, check and mate signs).
  std::string san = core::to_san(before, move);
  Words w;
  bool mate = false, check = false;
  while (!san.empty() && (san.back() == '+' || san.back() == '#')) {
    (san.back() == '#' ? mate : check) = true;
    san.pop_back();
  }
  if (move.kind() == core::MoveKind::Castling) {
    const bool king_side = core::file_of(move.to()) > core::file_of(move.from());
    w.add(v.word(king_side ? "castle.short" : "castle.long"));
  } else {
    const PieceType pt = core::type_of(before.piece_on(move.from()));
    const bool capture = before.is_capture(move);
    if (wording.form == MoveForm::Long) {
      if (pt != core::PAWN) w.add(piece_words(v, pt));
      w.add(square_words(v, move.from()));
    } else {
      // D.2.1 short form: the piece ("Bauer" for a pawn capture), then as much of the
      // departure square as SAN needs to tell the move apart.
      if (pt != core::PAWN || capture) w.add(piece_words(v, pt));
      std::string_view body = san;
      if (const auto eq = body.find('='); eq != std::string_view::npos) body = body.substr(0, eq);
      body = body.substr(pt == core::PAWN ? 0 : 1, body.size() - (pt == core::PAWN ? 0 : 1) - 2);
      if (!body.empty() && body.back() == 'x') body.remove_suffix(1);
      if (pt == core::PAWN && capture) {
        // "Bauer schlaegt David fuenf": the file only when another pawn could capture there too.
        bool rival = false;
        for (core::Move other : core::legal_moves(before))
          rival |= other.to() == move.to() && other.from() != move.from() &&
                   core::type_of(before.piece_on(other.from())) == core::PAWN &&
                   before.is_capture(other);
        if (!rival) body = {};
      }
      for (char c : body) {
        if (c >= 'a' && c <= 'h') w.add(file_word(v, c - 'a'));
        if (c >= '1' && c <= '8') w.add(rank_word(v, c - '1'));
      }
    }
    if (capture) {
      w.add(v.word("move.capture"));
      if (wording.name_captured_piece)
        w.add(piece_object(v, core::type_of(before.captured_piece(move))));
    }
    w.add(square_words(v, move.to()));
    if (move.kind() == core::MoveKind::EnPassant) w.add(v.word("move.en_passant"));
    if (move.kind() == core::MoveKind::Promotion)  // D.2.1: the chosen piece is announced
      w.add(v.word("move.promotes_to")).add(piece_object(v, move.promotion()));
  }
  if (mate)
    w.add(v.word("move.mate"));
  else if (check)
    w.add(v.word("move.check"));
  return make(PhraseKind::Move, w.word());
}

Phrase phrase_illegal_move(const Vocabulary& v) {
  return make(PhraseKind::Message, v.word("say.illegal_move"));
}

Phrase phrase_illegal_move(const Vocabulary& v, const core::Position& before, core::Move expected) {
  const Phrase move = phrase_for_move(v, before, expected);
  return make(PhraseKind::Message,
              fill(v.word("say.illegal_move_expected"), {{"move", {move.text, move.spoken}}}));
}

Phrase phrase_board_mismatch(const Vocabulary& v, const core::Position& before,
                             core::Move expected) {
  const Phrase move = phrase_for_move(v, before, expected);
  return make(PhraseKind::Message,
              fill(v.word("say.board_mismatch"), {{"move", {move.text, move.spoken}}}));
}

Phrase phrase_time_readout(const Vocabulary& v, std::chrono::milliseconds white,
                           std::chrono::milliseconds black, int moves_completed) {
  using std::chrono::duration_cast;
  using std::chrono::seconds;
  return make(PhraseKind::Readout,
              fill(v.word("say.time_readout"),
                   {{"white", color_word(v, core::WHITE)},
                    {"white_time", duration_words(v, duration_cast<seconds>(white))},
                    {"black", color_word(v, core::BLACK)},
                    {"black_time", duration_words(v, duration_cast<seconds>(black))},
                    {"moves", count_words(v, "move", moves_completed)}}));
}

Phrase phrase_time_control_reached(const Vocabulary& v, int moves,
                                   std::optional<std::chrono::seconds> added) {
  const Word count = count_words(v, "move", moves);
  if (added && added->count() > 0) {
    return make(PhraseKind::Message,
                fill(v.word("say.time_control_added"),
                     {{"moves", count}, {"added", duration_words(v, *added)}}));
  }
  return make(PhraseKind::Message, fill(v.word("say.time_control"), {{"moves", count}}));
}

Phrase phrase_low_time(const Vocabulary& v, Color side, std::chrono::milliseconds left) {
  const auto whole = std::chrono::duration_cast<std::chrono::seconds>(left);
  return make(PhraseKind::Warning,
              fill(v.word("say.low_time"),
                   {{"color", color_word(v, side)}, {"time", duration_words(v, whole)}}),
              "low_time." + color_topic(side));
}

Phrase phrase_flag_fall(const Vocabulary& v, Color side) {
  return make(PhraseKind::Warning, fill(v.word("say.flag_fall"), {{"color", color_word(v, side)}}),
              "flag_fall." + color_topic(side));
}

Phrase phrase_draw_offer(const Vocabulary& v, Color by) {
  return make(PhraseKind::Message, fill(v.word("say.draw_offer"), {{"color", color_word(v, by)}}));
}

namespace {
const char* reason_key(core::Termination t) {
  using T = core::Termination;
  switch (t) {
    case T::Checkmate:
      return "reason.checkmate";
    case T::Stalemate:
      return "reason.stalemate";
    case T::DeadPosition:
      return "reason.dead_position";
    case T::FivefoldRepetition:
      return "reason.fivefold";
    case T::SeventyFiveMoves:
      return "reason.seventy_five_moves";
    case T::ThreefoldRepetitionClaim:
      return "reason.threefold";
    case T::FiftyMoveClaim:
      return "reason.fifty_moves";
    case T::Agreement:
      return "reason.agreement";
    case T::Resignation:
      return "reason.resignation";
    case T::TimeForfeit:
      return "reason.time_forfeit";
    case T::TimeForfeitDraw:
      return "reason.time_forfeit_draw";
    case T::ArbiterDecision:
    case T::None:
      break;
  }
  return "reason.arbiter";
}
}  // namespace

Phrase phrase_draw_claim(const Vocabulary& v, core::Termination claim) {
  return make(PhraseKind::Message,
              fill(v.word("say.draw_claim"), {{"reason", v.word(reason_key(claim))}}));
}

Phrase phrase_game_end(const Vocabulary& v, const core::GameEnd& end) {
  const char* result = end.result == core::GameResult::WhiteWins   ? "result.white_wins"
                       : end.result == core::GameResult::BlackWins ? "result.black_wins"
                                                                   : "result.draw";
  return make(PhraseKind::Message,
              fill(v.word("say.game_end"),
                   {{"result", v.word(result)}, {"reason", v.word(reason_key(end.termination))}}));
}

Phrase phrase_correction_step(const Vocabulary& v, const core::CorrectionStep& step) {
  const PieceType pt = core::type_of(step.piece);
  const Args args = {{"piece", piece_words(v, pt)},
                     {"piece_object", piece_object(v, pt)},
                     {"color", color_word(v, core::color_of(step.piece))},
                     {"from", core::is_ok(step.from) ? square_words(v, step.from) : Word{}},
                     {"to", core::is_ok(step.to) ? square_words(v, step.to) : Word{}}};
  using K = core::CorrectionStep::Kind;
  const char* key = step.kind == K::Remove  ? "say.correction_remove"
                    : step.kind == K::Place ? "say.correction_place"
                                            : "say.correction_move";
  return make(PhraseKind::Message, fill(v.word(key), args));
}

Phrase phrase_board_link(const Vocabulary& v, BoardKind board, BoardLink link) {
  const char* key = link == BoardLink::Connected ? "say.board_connected"
                    : link == BoardLink::Lost    ? "say.board_lost"
                                                 : "say.board_reconnected";
  const Word name = v.word(board == BoardKind::Pegboard ? "board.pegboard" : "board.eboard");
  return make(link == BoardLink::Lost ? PhraseKind::Warning : PhraseKind::Message,
              fill(v.word(key), {{"board", name}}), "board_link");
}

Phrase phrase_board_reading(const Vocabulary& v, const core::Position& pos,
                            core::Bitboard squares) {
  Word out;
  for (Color c : {core::WHITE, core::BLACK}) {
    Word side;
    for (core::Bitboard b = squares & pos.pieces(c); b;) {
      const core::Square s = core::pop_lsb(b);
      const Word piece = piece_words(v, core::type_of(pos.piece_on(s)));
      const Word square = square_words(v, s);
      const char* sep = side.display.empty() ? "" : ", ";
      side.display += sep + piece.display + " " + square.display;
      side.spoken += sep + piece.spoken + " " + square.spoken;
    }
    if (side.display.empty()) continue;
    const Word color = color_word(v, c);
    const char* sep = out.display.empty() ? "" : "; ";
    out.display += sep + color.display + ": " + side.display;
    out.spoken += sep + color.spoken + ": " + side.spoken;
  }
  if (out.display.empty()) out = v.word("say.board_empty");
  return make(PhraseKind::Readout, out);
}

Phrase phrase_square_reading(const Vocabulary& v, const core::Position& pos,
                             core::Bitboard squares) {
  Word out;
  for (core::Bitboard b = squares; b;) {
    const core::Square s = core::pop_lsb(b);
    const core::Piece piece = pos.piece_on(s);
    const Word what = piece == core::NO_PIECE ? v.word("say.board_empty")
                                              : Words()
                                                    .add(color_word(v, core::color_of(piece)))
                                                    .add(piece_words(v, core::type_of(piece)))
                                                    .word();
    const Word square = square_words(v, s);
    const char* sep = out.display.empty() ? "" : "; ";
    out.display += sep + square.display + ": " + what.display;
    out.spoken += sep + square.spoken + ": " + what.spoken;
  }
  return make(PhraseKind::Readout, out);
}

Phrase phrase_captured(const Vocabulary& v,
                       const std::array<std::vector<core::PieceType>, 2>& captured) {
  Word out = v.word("say.captured");
  for (Color c : {core::WHITE, core::BLACK}) {
    Word pieces;
    for (core::PieceType pt : captured[c]) {
      const Word piece = piece_words(v, pt);
      const char* sep = pieces.display.empty() ? "" : ", ";
      pieces.display += sep + piece.display;
      pieces.spoken += sep + piece.spoken;
    }
    if (pieces.display.empty()) pieces = v.word("say.captured_none");
    const Word color = color_word(v, c);
    const char* sep = c == core::WHITE ? ": " : "; ";
    out.display += sep + color.display + ": " + pieces.display;
    out.spoken += sep + color.spoken + ": " + pieces.spoken;
  }
  return make(PhraseKind::Readout, out);
}

Phrase phrase_no_sound(const Vocabulary& v, std::string_view reason) {
  const std::string r(reason);
  return make(PhraseKind::Message, fill(v.word("say.no_sound"), {{"reason", {r, r}}}));
}

}  // namespace annabella::speech
