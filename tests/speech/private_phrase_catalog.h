// Every kind of private phrase (speech/phrases.h, speech/menu_phrases.h) produced once or more,
// in a language with a profile's move words: what the language tests check for gaps and
// synthesize. A new private phrase kind belongs here.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/chess960.h"
#include "core/movegen.h"
#include "core/position.h"
#include "speech/fixtures.h"
#include "speech/menu_phrases.h"
#include "speech/phrases.h"

namespace annabella::speech {

inline std::vector<std::pair<std::string, Phrase>> every_private_phrase(const Language& lang,
                                                                        const Vocabulary& moves) {
  using namespace std::chrono_literals;
  using core::CorrectionStep;
  const auto start = fixtures::position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  const auto pos =
      fixtures::position("r3k2r/1pq2ppp/2n1bn2/8/3P4/2NB1N2/PPQ2PPP/R3K2R w KQkq - 0 1");
  const core::Move e4 = fixtures::move(start, "e4");
  std::vector<std::pair<std::string, Phrase>> out = {
      {"illegal_move", phrase_illegal_move(lang)},
      {"illegal_move_expected", phrase_illegal_move(lang, moves, start, e4)},
      {"board_mismatch", phrase_board_mismatch(lang, moves, start, e4)},
      {"time_readout", phrase_time_readout(lang, 1h + 21min + 1s, 2min + 2s, 1)},
      {"time_readout", phrase_time_readout(lang, 0ms, 59min + 59s, 122)},
      {"time_used", phrase_time_used(lang, 1h + 21min + 1s, 2min + 2s)},
      {"time_used", phrase_time_used(lang, 0ms, 1s)},
      {"time_control", phrase_time_control_reached(lang, core::WHITE, 40)},
      {"time_control_added", phrase_time_control_reached(lang, core::BLACK, 40, 30min)},
      {"low_time", phrase_low_time(lang, core::WHITE, 1min)},
      {"low_time", phrase_low_time(lang, core::BLACK, 5min + 30s)},
      {"moves_to_control", phrase_moves_to_control(lang, core::WHITE, 5)},
      {"moves_to_control", phrase_moves_to_control(lang, core::BLACK, 1)},
      {"flag_fall", phrase_flag_fall(lang, core::BLACK)},
      {"draw_offer", phrase_draw_offer(lang, core::WHITE)},
      {"draw_claim", phrase_draw_claim(lang, core::Termination::ThreefoldRepetitionClaim)},
      {"draw_claim", phrase_draw_claim(lang, core::Termination::FiftyMoveClaim)},
      {"no_sound", phrase_no_sound(lang, "device 2 failed")},
      {"captured", phrase_captured(lang, {std::vector<core::PieceType>{core::KNIGHT, core::PAWN},
                                          std::vector<core::PieceType>{}})},
      {"board_reading", phrase_board_reading(lang, moves, pos, pos.pieces())},
      {"board_reading_empty", phrase_board_reading(lang, moves, pos, 0)},
      {"square_reading", phrase_square_reading(lang, moves, pos, ~core::Bitboard(0))},
      {"game_reading", phrase_game_reading(lang, moves,
                                           {{1, core::WHITE, phrase_for_move(moves, start, e4)},
                                            {1, core::BLACK, phrase_for_move(moves, start, e4)},
                                            {2, core::WHITE, phrase_for_move(moves, start, e4)}})},
      {"taken_back",
       phrase_taken_back(lang, moves, start, {e4, fixtures::move(start.after(e4), "e5")})},
      {"board_right", phrase_taken_back_board(lang, true)},
      {"put_back", phrase_taken_back_board(lang, false)},
      {"confirmed", phrase_confirmation(lang, true)},
      {"cancelled", phrase_confirmation(lang, false)},
      {"no_arbiter", phrase_no_arbiter(lang)},
      {"move_waits_menu", phrase_move_waits_menu(lang, moves, start, e4)},
      {"move_waits_clocks", phrase_move_waits_clocks(lang, moves, start, e4)},
  };
  using core::GameResult;
  using core::Termination;
  const std::pair<GameResult, Termination> ends[] = {
      {GameResult::WhiteWins, Termination::Checkmate},
      {GameResult::Draw, Termination::Stalemate},
      {GameResult::Draw, Termination::DeadPosition},
      {GameResult::Draw, Termination::FivefoldRepetition},
      {GameResult::Draw, Termination::SeventyFiveMoves},
      {GameResult::Draw, Termination::ThreefoldRepetitionClaim},
      {GameResult::Draw, Termination::FiftyMoveClaim},
      {GameResult::Draw, Termination::Agreement},
      {GameResult::BlackWins, Termination::Resignation},
      {GameResult::WhiteWins, Termination::TimeForfeit},
      {GameResult::Draw, Termination::TimeForfeitDraw},
      {GameResult::BlackWins, Termination::ArbiterDecision}};
  for (const auto& [result, termination] : ends)
    out.emplace_back("game_end", phrase_game_end(lang, {result, termination, "", ""}));
  for (auto kind :
       {CorrectionStep::Kind::Move, CorrectionStep::Kind::Remove, CorrectionStep::Kind::Place}) {
    for (core::Piece piece : {core::W_KING, core::B_QUEEN, core::W_ROOK, core::B_BISHOP,
                              core::W_KNIGHT, core::B_PAWN}) {
      const bool from = kind != CorrectionStep::Kind::Place;
      const bool to = kind != CorrectionStep::Kind::Remove;
      out.emplace_back("correction",
                       phrase_correction_step(lang, moves,
                                              {kind, piece, from ? core::SQ_F3 : core::SQ_NONE,
                                               to ? core::SQ_G5 : core::SQ_NONE}));
    }
  }
  for (auto device : {DeviceKind::Pegboard, DeviceKind::EBoard, DeviceKind::Sound,
                      DeviceKind::BrailleDisplay, DeviceKind::TactileClock})
    for (auto link : {BoardLink::Connected, BoardLink::Lost, BoardLink::Reconnected})
      out.emplace_back("device_link", phrase_board_link(lang, device, link));
  out.emplace_back("reading_question", phrase_reading_question(lang, moves, start, core::BLACK,
                                                               {fixtures::move(start, "Nf3"), e4}));
  // A peg the pegboard did not see going in: no piece named (tester #9).
  out.emplace_back(
      "correction_peg",
      phrase_correction_step(
          lang, moves, {CorrectionStep::Kind::Remove, core::NO_PIECE, core::SQ_F3, core::SQ_NONE}));
  // Tester #5: moves the pegboard's occupied squares cannot tell apart; #12: Chess960's start.
  const auto c960 =
      core::Position::from_fen("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
                               core::Variant::Chess960)
          .value_or(core::Position());
  std::vector<core::Move> alike;
  for (const core::Move m : core::legal_moves(c960))
    if (m.from() == core::SQ_E1 && (m.to() == core::SQ_F1 || m.kind() == core::MoveKind::Castling))
      alike.push_back(m);
  out.emplace_back("which_move", phrase_which_move(lang, moves, c960, alike));
  out.emplace_back("chess960_start",
                   phrase_chess960_start(lang, moves, *core::chess960_start_position(0), 0));
  out.emplace_back("chess960_setup", phrase_chess960_start(lang, moves, c960, std::nullopt));
  out.emplace_back("move_sources", phrase_move_sources(lang, {MoveInput::EBoard, MoveInput::Keypad,
                                                              MoveInput::Assistant}));
  int index = 0;
  const int count = static_cast<int>(std::size(kMenuItems));
  for (MenuItem item : kMenuItems) {
    out.emplace_back("menu_item", phrase_menu_item(lang, item, ++index, count));
    out.emplace_back("confirm_question", phrase_confirm_question(lang, item));
    MenuLine withdrawn;
    withdrawn.kind = MenuLine::Kind::Withdrawn;
    withdrawn.item = item;
    out.emplace_back("question_cancelled", phrase_menu_line(lang, moves, withdrawn));
    withdrawn.kind = MenuLine::Kind::Interrupted;
    out.emplace_back("question_interrupted", phrase_menu_line(lang, moves, withdrawn));
  }
  for (Answer answer : kAnswers) {
    out.emplace_back("answer", phrase_answer(lang, answer));
    out.emplace_back("setting", phrase_setting(lang, MenuItem::Warnings, answer));
  }
  out.emplace_back("setting_language", phrase_setting(lang, MenuItem::Language, lang));
  return out;
}

}  // namespace annabella::speech
