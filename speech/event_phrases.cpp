// What the station says about the game privately: illegal moves, time, warnings, draw claims,
// the game's end, correction steps, device links; in the player's language.
#include "speech/numbers.h"
#include "speech/phrases.h"
#include "speech/wording.h"

namespace annabella::speech {
namespace {

using core::Color;
using wording::Args;
using wording::fill;
using wording::make;

std::string color_topic(Color c) {
  return c == core::WHITE ? "white" : "black";
}

Phrase message(const Language& lang, std::string_view key, const Args& args = {}) {
  return make(PhraseKind::Message, fill(lang.word(key), args, lang), lang.voice());
}

// A move in the profile's words, marked to be read in the profile's voice.
Word move_words(const Language& lang, const Vocabulary& moves, const core::Position& before,
                core::Move move) {
  const Phrase p = phrase_for_move(moves, before, move);
  return wording::in_voice({p.text, p.spoken}, moves.voice(), lang.voice());
}

Word seconds_words(const Language& lang, std::chrono::milliseconds t) {
  return duration_words(lang, std::chrono::duration_cast<std::chrono::seconds>(t));
}

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
    case T::ClaimReferred:
      return "reason.claim_referred";
    case T::IllegalMoves:
      return "reason.illegal_moves";
    case T::BothFlagsFallen:
      return "reason.both_flags";
    case T::ArbiterDecision:
    case T::None:
      break;
  }
  return "reason.arbiter";
}

// The device names in the order of DeviceKind.
constexpr const char* kDeviceKeys[] = {"board.pegboard", "board.eboard", "device.sound",
                                       "device.braille_display", "device.tactile_clock"};
const char* device_key(DeviceKind device) {
  return kDeviceKeys[static_cast<std::size_t>(device)];
}

}  // namespace

Phrase phrase_illegal_move(const Language& lang) {
  return message(lang, "say.illegal_move");
}

Phrase phrase_illegal_move(const Language& lang, const Vocabulary& moves,
                           const core::Position& before, core::Move expected) {
  return message(lang, "say.illegal_move_expected",
                 {{"move", move_words(lang, moves, before, expected)}});
}

Phrase phrase_board_mismatch(const Language& lang, const Vocabulary& moves,
                             const core::Position& before, core::Move expected) {
  return message(lang, "say.board_mismatch", {{"move", move_words(lang, moves, before, expected)}});
}

Phrase phrase_touch_not_moved(const Language& lang, const Vocabulary& moves,
                              const core::Position& before, core::Square touched,
                              core::Move played) {
  const core::Piece piece = before.piece_on(touched);
  const bool own = piece != core::NO_PIECE && core::color_of(piece) == before.side_to_move();
  // Art. 4.3.1: his own piece, to be moved; Art. 4.3.2: the VI player's, to be captured.
  return message(
      lang, own ? "say.touch_not_moved" : "say.touch_not_captured",
      {{"color", color_words(lang, before.side_to_move())},
       {"piece", piece_words(lang, core::type_of(piece))},
       {"square", wording::in_voice(square_words(moves, touched), moves.voice(), lang.voice())},
       {"move", move_words(lang, moves, before, played)}});
}

Phrase phrase_board_lost_announce(const Language& lang) {
  return message(lang, "say.board_lost_announce");
}

Phrase phrase_time_readout(const Language& lang, std::chrono::milliseconds white,
                           std::chrono::milliseconds black, int moves_completed) {
  return make(PhraseKind::Readout,
              fill(lang.word("say.time_readout"),
                   {{"white", color_words(lang, core::WHITE)},
                    {"white_time", seconds_words(lang, white)},
                    {"black", color_words(lang, core::BLACK)},
                    {"black_time", seconds_words(lang, black)},
                    {"moves", count_words(lang, "move", moves_completed)}},
                   lang),
              lang.voice());
}

Phrase phrase_time_used(const Language& lang, std::chrono::milliseconds white,
                        std::chrono::milliseconds black) {
  return make(PhraseKind::Readout,
              fill(lang.word("say.time_used"),
                   {{"white", color_words(lang, core::WHITE)},
                    {"white_time", seconds_words(lang, white)},
                    {"black", color_words(lang, core::BLACK)},
                    {"black_time", seconds_words(lang, black)}},
                   lang),
              lang.voice());
}

Phrase phrase_time_control_reached(const Language& lang, Color side, int moves,
                                   std::optional<std::chrono::seconds> added) {
  const Word count = count_words(lang, "move", moves);
  const Word color = color_words(lang, side);
  if (added && added->count() > 0)
    return message(lang, "say.time_control_added",
                   {{"color", color}, {"moves", count}, {"added", duration_words(lang, *added)}});
  return message(lang, "say.time_control", {{"color", color}, {"moves", count}});
}

Phrase phrase_low_time(const Language& lang, Color side, std::chrono::milliseconds left) {
  return make(PhraseKind::Warning,
              fill(lang.word("say.low_time"),
                   {{"color", color_words(lang, side)}, {"time", seconds_words(lang, left)}}, lang),
              lang.voice(), "low_time." + color_topic(side));
}

Phrase phrase_moves_to_control(const Language& lang, Color side, int moves) {
  return make(
      PhraseKind::Warning,
      fill(lang.word("say.moves_to_control"),
           {{"color", color_words(lang, side)}, {"moves", count_words(lang, "move", moves)}}, lang),
      lang.voice(), "moves_to_control." + color_topic(side));
}

Phrase phrase_flag_fall(const Language& lang, Color side) {
  return make(PhraseKind::Warning,
              fill(lang.word("say.flag_fall"), {{"color", color_words(lang, side)}}, lang),
              lang.voice(), "flag_fall." + color_topic(side));
}

Phrase phrase_draw_offer(const Language& lang, Color by) {
  return message(lang, "say.draw_offer", {{"color", color_words(lang, by)}});
}

Phrase phrase_draw_claim(const Language& lang, core::Termination claim) {
  return message(lang, "say.draw_claim", {{"reason", lang.word(reason_key(claim))}});
}

Phrase phrase_game_end(const Language& lang, const core::GameEnd& end) {
  const char* result = end.result == core::GameResult::WhiteWins   ? "result.white_wins"
                       : end.result == core::GameResult::BlackWins ? "result.black_wins"
                       : end.result == core::GameResult::Undecided ? "result.pending"
                                                                   : "result.draw";
  return message(
      lang, "say.game_end",
      {{"result", lang.word(result)}, {"reason", lang.word(reason_key(end.termination))}});
}

Phrase phrase_correction_step(const Language& lang, const Vocabulary& moves,
                              const core::CorrectionStep& step) {
  const core::PieceType pt = core::type_of(step.piece);
  auto square = [&](core::Square s) {
    return core::is_ok(s) ? wording::in_voice(square_words(moves, s), moves.voice(), lang.voice())
                          : Word{};
  };
  // A peg the pegboard did not see going in (it was away): no piece named (tester #9).
  if (step.kind == core::CorrectionStep::Kind::Remove && step.piece == core::NO_PIECE)
    return message(lang, "say.correction_remove_peg", {{"from", square(step.from)}});
  const Args args = {{"piece", piece_words(lang, pt)},
                     {"piece_object", wording::piece_object(lang, pt)},
                     {"color", color_words(lang, core::color_of(step.piece))},
                     {"from", square(step.from)},
                     {"to", square(step.to)}};
  using K = core::CorrectionStep::Kind;
  const char* key = step.kind == K::Remove  ? "say.correction_remove"
                    : step.kind == K::Place ? "say.correction_place"
                                            : "say.correction_move";
  return message(lang, key, args);
}

Phrase phrase_board_link(const Language& lang, DeviceKind device, BoardLink link) {
  const char* key = link == BoardLink::Connected      ? "say.board_connected"
                    : link == BoardLink::Lost         ? "say.board_lost"
                    : link == BoardLink::NotConnected ? "say.board_not_connected"
                                                      : "say.board_reconnected";
  const bool warning = link == BoardLink::Lost || link == BoardLink::NotConnected;
  return make(warning ? PhraseKind::Warning : PhraseKind::Message,
              fill(lang.word(key), {{"board", lang.word(device_key(device))}}, lang), lang.voice(),
              "board_link");
}

Phrase phrase_no_sound(const Language& lang, std::string_view reason) {
  const std::string r(reason);
  return message(lang, "say.no_sound", {{"reason", {r, r}}});
}

Phrase phrase_move_sources(const Language& lang, const std::vector<MoveInput>& sources) {
  wording::Words list;
  for (const MoveInput source : sources) {
    const char* key = source == MoveInput::EBoard   ? "board.eboard"
                      : source == MoveInput::Keypad ? "source.keypad"
                      : source == MoveInput::Voice  ? "source.voice"
                                                    : "source.assistant";
    list.add(lang.word(key), list.empty() ? "" : ", ");
  }
  return message(lang, "say.move_sources", {{"sources", list.word()}});
}

Phrase phrase_entry_refused(const Language& lang, Color side) {
  return message(lang, "say.entry_refused", {{"color", color_words(lang, side)}});
}

Phrase phrase_reading_question(const Language& lang, const Vocabulary& moves,
                               const core::Position& before, Color side,
                               const std::vector<core::Move>& readings) {
  wording::Words listed;
  for (std::size_t i = 0; i < readings.size(); ++i) {
    wording::Words one;
    one.add(number_words(lang, static_cast<int>(i) + 1));
    one.add(move_words(lang, moves, before, readings[i]), ": ");
    listed.add(one.word(), listed.empty() ? "" : "; ");
  }
  return message(lang, "say.reading_question",
                 {{"color", color_words(lang, side)}, {"readings", listed.word()}});
}

Phrase phrase_promotion_question(const Language& lang, const Vocabulary& moves,
                                 core::Square square) {
  // Art. 3.7.5.1: the pieces a pawn may become, each with the letter typed for it.
  wording::Words pieces;
  for (const auto& [type, letter] : {std::pair{core::QUEEN, "Q"}, std::pair{core::ROOK, "R"},
                                     std::pair{core::BISHOP, "B"}, std::pair{core::KNIGHT, "N"}}) {
    const Word piece = piece_words(lang, type);
    const std::string typed = std::string(" (") + letter + ")";
    pieces.add({piece.display + typed, piece.spoken}, pieces.empty() ? "" : ", ");
  }
  return message(
      lang, "say.promotion_question",
      {{"square", wording::in_voice(square_words(moves, square), moves.voice(), lang.voice())},
       {"pieces", pieces.word()}});
}

Phrase phrase_resumed(const Language& lang, int number, Color to_move,
                      std::chrono::milliseconds white, std::chrono::milliseconds black,
                      int moves_completed) {
  const Phrase resumed =
      message(lang, "say.resumed",
              {{"number", number_words(lang, number)}, {"color", color_words(lang, to_move)}});
  return phrase_joined(resumed, phrase_time_readout(lang, white, black, moves_completed));
}

Phrase phrase_joined(const Phrase& first, const Phrase& second) {
  Phrase joined = first;
  joined.kind = PhraseKind::Message;
  joined.text += ". " + second.text;
  joined.spoken += ". " + second.spoken;
  return joined;
}

Phrase phrase_chess960_start(const Language& lang, const Vocabulary& moves,
                             const core::Position& start, std::optional<int> number) {
  const Phrase named =
      number ? message(lang, "say.chess960_start", {{"number", number_words(lang, *number)}})
             : message(lang, "say.chess960_setup", {});
  return phrase_joined(
      named, phrase_square_reading(lang, moves, start, start.pieces() & core::rank_bb(0)));
}

Phrase phrase_which_move(const Language& lang, const Vocabulary& moves,
                         const core::Position& before, const std::vector<core::Move>& candidates) {
  wording::Words list;
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    const Word number = number_words(lang, static_cast<int>(i + 1));
    const Word move = move_words(lang, moves, before, candidates[i]);
    list.add({number.display + ": " + move.display, number.spoken + ": " + move.spoken},
             list.empty() ? "" : "; ");
  }
  return message(lang, "say.which_move", {{"moves", list.word()}});
}

Phrase phrase_held_move(const Language& lang, const Vocabulary& moves, const core::Position& before,
                        core::Move move) {
  return message(lang, "say.held_move", {{"move", move_words(lang, moves, before, move)}});
}

Phrase phrase_move_waits_menu(const Language& lang, const Vocabulary& moves,
                              const core::Position& before, core::Move move) {
  return message(lang, "say.move_waits_menu", {{"move", move_words(lang, moves, before, move)}});
}

Phrase phrase_move_waits_clocks(const Language& lang, const Vocabulary& moves,
                                const core::Position& before, core::Move move) {
  return message(lang, "say.move_waits_clocks", {{"move", move_words(lang, moves, before, move)}});
}

Phrase phrase_execute_move(const Language& lang, const Vocabulary& moves,
                           const core::Position& before, core::Move move) {
  return message(lang, "say.execute_move", {{"move", move_words(lang, moves, before, move)}});
}

Phrase phrase_taken_back(const Language& lang, const Vocabulary& moves,
                         const core::Position& before, const std::vector<core::Move>& taken) {
  wording::Words list;
  core::Position pos = before;
  for (const core::Move m : taken) {
    list.add(move_words(lang, moves, pos, m), ", ");
    pos = pos.after(m);
  }
  return message(lang, "say.taken_back", {{"moves", list.word()}});
}

Phrase phrase_taken_back_board(const Language& lang, bool right) {
  return message(lang, right ? "say.board_right" : "say.put_back");
}

// ---- In the profile's own language ----

Phrase phrase_illegal_move(const Vocabulary& v) {
  return phrase_illegal_move(v.own_language());
}
Phrase phrase_taken_back(const Vocabulary& v, const core::Position& before,
                         const std::vector<core::Move>& taken) {
  return phrase_taken_back(v.own_language(), v, before, taken);
}
Phrase phrase_illegal_move(const Vocabulary& v, const core::Position& before, core::Move expected) {
  return phrase_illegal_move(v.own_language(), v, before, expected);
}
Phrase phrase_board_mismatch(const Vocabulary& v, const core::Position& before,
                             core::Move expected) {
  return phrase_board_mismatch(v.own_language(), v, before, expected);
}
Phrase phrase_time_readout(const Vocabulary& v, std::chrono::milliseconds white,
                           std::chrono::milliseconds black, int moves_completed) {
  return phrase_time_readout(v.own_language(), white, black, moves_completed);
}
Phrase phrase_time_control_reached(const Vocabulary& v, Color side, int moves,
                                   std::optional<std::chrono::seconds> added) {
  return phrase_time_control_reached(v.own_language(), side, moves, added);
}
Phrase phrase_low_time(const Vocabulary& v, Color side, std::chrono::milliseconds left) {
  return phrase_low_time(v.own_language(), side, left);
}
Phrase phrase_flag_fall(const Vocabulary& v, Color side) {
  return phrase_flag_fall(v.own_language(), side);
}
Phrase phrase_draw_offer(const Vocabulary& v, Color by) {
  return phrase_draw_offer(v.own_language(), by);
}
Phrase phrase_draw_claim(const Vocabulary& v, core::Termination claim) {
  return phrase_draw_claim(v.own_language(), claim);
}
Phrase phrase_game_end(const Vocabulary& v, const core::GameEnd& end) {
  return phrase_game_end(v.own_language(), end);
}
Phrase phrase_correction_step(const Vocabulary& v, const core::CorrectionStep& step) {
  return phrase_correction_step(v.own_language(), v, step);
}
Phrase phrase_board_link(const Vocabulary& v, DeviceKind device, BoardLink link) {
  return phrase_board_link(v.own_language(), device, link);
}
Phrase phrase_no_sound(const Vocabulary& v, std::string_view reason) {
  return phrase_no_sound(v.own_language(), reason);
}

}  // namespace annabella::speech
