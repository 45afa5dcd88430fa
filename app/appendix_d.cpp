#include "app/appendix_d.h"

#include "app/clock_text.h"
#include "app/config_check.h"
#include "app/console.h"

#include "app/board_reading.h"
#include "app/exports.h"
#include "app/fen_text.h"
#include "app/game_text.h"
#include "app/i18n.h"
#include "app/move_text.h"
#include "app/player_menu_keys.h"
#include "app/reconcile_text.h"
#include "app/station_text.h"
#include "core/correction.h"
#include "core/notation.h"
#include "core/notation_reader.h"
#include "core/placement.h"
#include "core/reconcile.h"
#include "core/text.h"
#include "core/time_control.h"
#include "speech/menu_phrases.h"

#include <utility>

namespace annabella::app {
namespace {

using i18n::format;
using i18n::tr;
using i18n::tr_n;
using Kind = tactile::PegboardEvent::Kind;

Millis to_ms(core::ClockDuration d) {
  return std::chrono::duration_cast<Millis>(d);
}

std::string piece_suffix(core::Piece piece) {
  return piece != core::NO_PIECE ? " " + text::piece(piece) : std::string();
}

// The promotion piece named by a word: English letters or words ("Q", "queen") or the profile's
// word for it ("Dame"), or the console's letters ("D", "Д"), any case.
std::optional<core::PieceType> promotion_piece(const speech::Vocabulary& vocabulary,
                                               const std::vector<core::PieceLetters>& sets,
                                               const std::string& word) {
  if (word.empty()) return std::nullopt;
  if (auto piece = piece_type_of_word(word)) return piece;
  // A console command's name stays that command ("t" is time, not the German T for Turm).
  const std::string lower = core::ascii_lower(word);
  for (const auto& spec : console_commands())
    if (lower == spec.short_name || lower == spec.long_name) return std::nullopt;
  const std::string word_folded = speech::MoveParser::fold(word);
  for (const auto& set : sets)
    for (const core::PieceType type : {core::QUEEN, core::ROOK, core::BISHOP, core::KNIGHT})
      if (!set.letters[type].empty() && word_folded == speech::MoveParser::fold(set.letters[type]))
        return type;
  const std::string folded = core::ascii_lower(word);
  for (const auto& [key, type] :
       {std::pair{"piece.queen", core::QUEEN}, std::pair{"piece.rook", core::ROOK},
        std::pair{"piece.bishop", core::BISHOP}, std::pair{"piece.knight", core::KNIGHT}}) {
    const speech::Word w = vocabulary.word(key);
    if (folded == core::ascii_lower(w.display) || folded == core::ascii_lower(w.spoken))
      return type;
  }
  return std::nullopt;
}

// Art. 5: a move after the end of the game, not recorded.
std::string game_over_no_move(const core::Game& game) {
  return format(tr("the game is over ({reason}); no move is recorded"),
                {{"reason", text::end_reason(game.end())}});
}

// A refusal of a typed move names the text refused, so the assistant knows which move to type
// again (tester 14m): "e5: not entered: it is White's move, ...".
std::string not_entered(const std::string& typed, const std::string& why) {
  if (typed.empty()) return why;
  // TRANSLATORS: {move} is the move as it was typed; {why} the reason it was not entered.
  return format(tr("{move}: not entered: {why}"),
                {{"move", core::escape_controls(typed)}, {"why", why}});
}

// D.2.1: the sighted player's `move` shown on the pegboard before it was entered.
void print_waiting_for_sighted(StationState& s, core::Move move, TimePoint time) {
  s.print(time, format(tr("the pegboard shows {move} for {side}; waiting for the sighted "
                          "player's move to be entered (D.2.1)"),
                       {{"move", core::to_san(s.pegboard.position(), move)},
                        {"side", text::side(~s.vi_color)}}));
}

}  // namespace

void AppendixDFlow::restore_after_claim(const core::Position& final_position, TimePoint time) {
  auto shown = core::read_placement(s_.pegboard.board());
  if (!shown) return;
  const auto steps = core::correction_steps(*shown, final_position);
  if (steps.empty()) return;
  s_.restore_to = final_position;
  s_.print(time, tr("the intended move stands on the pegboard, not made (D.2.3, Art. 9.2.1.1): "
                    "the VI player puts the pieces back to the final position"));
  s_.say(speech::phrase_restore_board(s_.language, false), Route::Private, time);
  for (const auto& step : steps)
    s_.say(speech::phrase_correction_step(s_.language, s_.vocabulary, step), Route::Private, time);
}

void AppendixDFlow::check_restored(TimePoint time) {
  if (!s_.restore_to) return;
  for (int sq = 0; sq < 64; ++sq)
    if (s_.pegboard.board()[static_cast<std::size_t>(sq)] !=
        s_.restore_to->piece_on(static_cast<core::Square>(sq)))
      return;
  s_.restore_to.reset();
  s_.print(time, tr("the pegboard shows the final position again (D.2.3)"));
  s_.say(speech::phrase_restore_board(s_.language, true), Route::Private, time);
}

void AppendixDFlow::on_pegboard(const std::vector<tactile::PegboardEvent>& events) {
  for (const auto& e : events) {
    if (e.kind != Kind::Disconnected) s_.pegboard_heard = true;
    switch (e.kind) {
      case Kind::Touched:
        on_touched(e);
        break;
      case Kind::MoveCompleted:
        on_completed(e);
        break;
      case Kind::MoveMade:
        on_made(e);
        break;
      case Kind::PromotionNeeded:
        // Art. 3.7.5, D.2.1: asked only for his own pawn. The opponent's promotion is announced
        // with its piece: his pawn peg on the last rank executes it, or waits for the move to
        // be entered with its piece (expect_on_pegboard); no question holds the console.
        if (s_.pegboard.position().side_to_move() != s_.vi_color) break;
        s_.question = PendingQuestion{
            PendingQuestion::Kind::Promotion, {}, {}, MoveSource::Pegboard, e.square};
        // TRANSLATORS: Q, R, B and N are what the assistant types: keep them.
        s_.print(e.time, format(tr("promotion on {square}: which piece? (press a promotion "
                                   "button, or type Q, R, B or N) (D.2.1)"),
                                {{"square", core::square_name(e.square)}}));
        // D.2.11: his own pawn: he is asked himself, privately and on his braille display, in
        // his language, while his clock runs (the move is not made before the piece is named,
        // Art. 3.7.5.1); his promotion buttons or the letter typed on the display answer.
        s_.say(speech::phrase_promotion_question(s_.language, s_.vocabulary, e.square),
               Route::Private, e.time);
        break;
      case Kind::MoveNeeded:
        ask_board_move(e);
        break;
      case Kind::Illegal:
        s_.print(e.time, format(tr("illegal: {detail} (not made, D.2.3)"),
                                {{"detail", text::board_illegal(e)}}));
        if (s_.to_execute)  // the announced move executed wrongly: not an illegal move (D.2.1)
          s_.say(speech::phrase_board_mismatch(s_.language, s_.vocabulary, s_.pegboard.position(),
                                               *s_.to_execute),
                 Route::Private, e.time);
        else if (s_.game().is_over())  // no move to be legal or not: the game is over (Art. 5)
          s_.say(speech::phrase_not_possible(s_.language, speech::Refusal::GameOver),
                 Route::Private, e.time);
        else
          s_.say(speech::phrase_illegal_move(s_.language), Route::Private, e.time);
        break;
      case Kind::OutOfSync:
        // D.2.9 live: the settled board has stayed unexplained past the grace period; name the
        // move at which it went wrong and the fewest steps, privately and on the console.
        reconcile_now(e.time);
        break;
      case Kind::InSync:
        s_.print(e.time, tr("the pegboard agrees with the game again"));
        break;
      case Kind::Connected:
      case Kind::Reconnected:
      case Kind::Disconnected:
        on_link(e);
        break;
      case Kind::Button:
        on_button(e);
        break;
      case Kind::PutBack:
        // D.2.2: touched, not moved; the touch is completed as put back (Art. 4), at once.
        put_back(e.square, e.time);
        s_.print(e.time, text::board_event(e));
        break;
      case Kind::Placed:
      case Kind::Removed:
      case Kind::MoveRetracted:
      case Kind::Info:
        s_.print(e.time, text::board_event(e));
        break;
    }
  }
  if (!events.empty()) check_restored(events.back().time);
  if (!events.empty()) settle_touches(events.back().time);
}

void AppendixDFlow::ask_board_move(const tactile::PegboardEvent& e) {
  // Tester #5: legal moves that leave the same occupied squares, the hands not telling them apart
  // (Chess960: Kf1 and O-O with the king e1 and the rook g1, Guidelines II.3.2). D.2.3: the move
  // made is the one he announces, so the station does not choose: he is asked, privately in his
  // words (D.2.11), the assistant on the console, and nothing is completed until the answer.
  const core::Position& position = s_.pegboard.position();
  std::vector<core::MoveReading> readings;
  std::string moves;
  for (const core::Move m : e.candidates) {
    readings.push_back({m, {}});
    moves += (moves.empty() ? "" : "; ") + std::to_string(readings.size()) + " = " +
             text::move_in_words(position, m);
  }
  s_.question = PendingQuestion{
      PendingQuestion::Kind::BoardMove, std::move(readings), {}, MoveSource::Pegboard};
  s_.print(e.time, format(tr("the pegboard's occupied squares fit more than one move: {moves}; "
                             "which one? Type its number or the move (D.2.3, Guidelines II.3.2); "
                             "nothing is made until then"),
                          {{"moves", moves}}));
  if (position.side_to_move() == s_.vi_color)
    s_.say(speech::phrase_which_move(s_.language, s_.vocabulary, position, e.candidates),
           Route::Private, e.time);
}

void AppendixDFlow::board_changed(const std::vector<tactile::PegboardEvent>& events) {
  // D.2.3 (3), pegboard.announce = "pause": a hand still at the board (a touch, a peg put in or
  // back, the move retracted) puts the announcement off; it is said once the completed move has
  // stood untouched for the whole pause.
  if (!s_.announce_due) return;
  for (const auto& e : events) {
    if (e.kind == Kind::Touched || e.kind == Kind::Placed || e.kind == Kind::PutBack ||
        e.kind == Kind::Removed || e.kind == Kind::MoveRetracted)
      s_.announce_due =
          std::max(*s_.announce_due, e.time + Millis(s_.config().pegboard.announce_pause_ms));
  }
  if (!s_.pegboard.completed_move()) s_.announce_due.reset();
}

void AppendixDFlow::track_claim(TimePoint time) {
  const auto asked = s_.menu.draw_claim_asked();
  const auto& recorded = s_.record.asked_claim();  // reset by the claim's decision
  rec::Note note;
  if (asked && (!recorded || recorded->move != *asked)) {
    note.kind = NoteKind::ClaimAsked;
    note.move = *asked;
  } else if (!asked && recorded) {
    note.kind = NoteKind::ClaimCancelled;
  } else {
    return;
  }
  note.at = s_.timeline(time);
  note.ply = static_cast<int>(s_.game().ply_count());
  if (auto committed = s_.commit(note, time); !committed)
    s_.print(time, "record: " + committed.error().message);
}

void AppendixDFlow::claim_interrupted(TimePoint time) {
  const auto asked = s_.record.asked_claim();
  if (!asked) return;
  rec::Note note{NoteKind::ClaimInterrupted, s_.timeline(time), core::SQ_NONE,
                 static_cast<int>(s_.game().ply_count()), asked->move};
  if (auto committed = s_.commit(note, time); !committed)
    s_.print(time, "record: " + committed.error().message);
  std::optional<core::Move> intended;
  if (!asked->move.empty())
    if (auto move = core::read_move(s_.game().position(), asked->move)) intended = *move;
  s_.print(time, intended
                     ? format(tr("the VI player's draw claim with the intended move {move} awaited "
                                 "his confirmation when the station stopped: it was not made, and "
                                 "is withdrawn by the interruption; he may claim again from his "
                                 "menu (Art. 9.2, D.2.3)"),
                              {{"move", core::to_san(s_.game().position(), *intended)}})
                     : tr("the VI player's draw claim awaited his confirmation when the station "
                          "stopped: it was not made, and is withdrawn by the interruption; he may "
                          "claim again from his menu (Art. 9.2)"));
  // D.2.11 (tester N7): he hears what was withdrawn and why, in his language, not a bare
  // "cancelled" he cannot place after the break.
  speech::MenuLine line;
  line.kind = speech::MenuLine::Kind::Interrupted;
  line.item =
      asked->move.empty() ? speech::MenuItem::ClaimDraw : speech::MenuItem::ClaimDrawWithMove;
  const speech::Phrase said = speech::phrase_menu_line(s_.language, s_.vocabulary, line);
  s_.say(said, Route::Private, time);
  s_.out.menu_line(line, said.text, false);
  write_touch_log(time);
}

void AppendixDFlow::announce_due(TimePoint now) {
  if (!s_.announce_due || *s_.announce_due > now) return;
  const TimePoint due = *s_.announce_due;
  s_.announce_due.reset();
  // A peg in the hand: the move is still under way; the next peg put in starts the pause again.
  if (s_.pegboard.holding()) return;
  const auto held = s_.pegboard.completed_move();
  // His menu open (a claim with this move, Art. 9.2.1.1, may follow): not while he is in it.
  if (s_.menu.is_open()) {
    s_.announce_due = now + Millis(s_.config().pegboard.announce_pause_ms);
    tell_move_waits_menu(held, now);
    return;
  }
  if (held && !board_shows(*held)) {
    // Another piece moved since: the pause starts again once the board shows the move alone.
    s_.announce_due = now + Millis(s_.config().pegboard.announce_pause_ms);
    return;
  }
  if (held && !s_.held_on_resume && !s_.menu.claiming_with_move() && announceable(due))
    say_and_make(*held, due);
}

void AppendixDFlow::tell_move_waits_menu(std::optional<core::Move> held, TimePoint time) {
  // Tester N3: he is told, once for the move, why the pause makes nothing while his menu is
  // open (he reads no console, D.2.11): it waits for the menu to close, or for his ANNOUNCE.
  if (!held || s_.menu_wait_told == held || s_.menu.claiming_with_move() || s_.held_on_resume ||
      !board_shows(*held) || !announceable(time))
    return;
  s_.menu_wait_told = held;
  const std::string san = core::to_san(s_.pegboard.position(), *held);
  s_.print(time, format(tr("completed {move} stands on the pegboard while the player's menu is "
                           "open: made when the menu is closed, or by his ANNOUNCE (D.2.3); the "
                           "player hears it privately"),
                        {{"move", san}}));
  s_.say(speech::phrase_move_waits_menu(s_.language, s_.vocabulary, s_.pegboard.position(), *held),
         Route::Private, time);
}

bool AppendixDFlow::refused_announce(const tactile::BoardInput& input, TimePoint time) {
  if (input.kind != tactile::BoardInput::Kind::Button ||
      input.button != tactile::BoardButton::Announce || s_.to_execute || s_.game().is_over())
    return false;
  const auto held = s_.pegboard.completed_move();
  if (!held || s_.pegboard.position().side_to_move() == s_.vi_color) return false;
  // D.2.4: the sighted player makes his move, which is announced (D.2.1) and stops his clock;
  // the VI player's board only executes it. His ANNOUNCE (D.2.3 (3)) is for his own move.
  print_waiting_for_sighted(s_, *held, time);
  s_.say(speech::phrase_not_possible(s_.language, speech::Refusal::NotYourMove), Route::Private,
         time);
  return true;
}

bool AppendixDFlow::withdraws_question(const tactile::BoardInput& input, TimePoint time) {
  if (!s_.menu.asking() || s_.menu.claiming_with_move()) return false;
  if (input.kind == tactile::BoardInput::Kind::Lift) {
    withdraw_question(s_, Withdrawal::PieceLifted, time);  // the lift itself goes on (D.2.2)
    return false;
  }
  if (input.kind != tactile::BoardInput::Kind::Button ||
      input.button != tactile::BoardButton::Announce)
    return false;
  return withdraw_question(s_, Withdrawal::Announce, time);
}

void AppendixDFlow::withdraw_outdated_question(TimePoint time) {
  if (s_.menu.asked_elsewhere(menu_context(s_))) withdraw_question(s_, Withdrawal::MoveMade, time);
}

void AppendixDFlow::on_touched(const tactile::PegboardEvent& e) {
  // D.2.2: recorded as evidence (Art. 4); said on the console. On his own pegboard the toucher
  // is the VI player: "own" is his own piece, whoever is to move.
  const rec::Touch touch = record_touch(e.square, e.piece, Toucher::ViPlayer, e.time);
  s_.print(e.time,
           format(touch.own ? tr("touched {square}{piece} (D.2.2)")
                            : tr("touched {square}{piece} (the opponent's piece) (D.2.2)"),
                  {{"square", core::square_name(e.square)}, {"piece", piece_suffix(e.piece)}}));
  // speech.verbosity = verbose: the lifted piece is named in the player's ear, as the board
  // knows it ("Gustav eins: Weiss Springer").
  if (s_.verbosity() == config::Verbosity::Verbose &&
      s_.pegboard.position().piece_on(e.square) != core::NO_PIECE)
    s_.say(speech::phrase_square_reading(s_.language, s_.vocabulary, s_.pegboard.position(),
                                         core::square_bb(e.square)),
           Route::Private, e.time);
}

rec::Touch AppendixDFlow::record_touch(core::Square square, core::Piece piece, Toucher by,
                                       TimePoint time) {
  // D.2.2, Art. 4: whose piece it is, relative to the player who touched it.
  const core::Color toucher = by == Toucher::ViPlayer ? s_.vi_color : ~s_.vi_color;
  rec::Touch touch;
  touch.number = static_cast<int>(s_.record.touches().size()) + 1;
  touch.square = square;
  touch.piece = piece;
  touch.at = s_.timeline(time);
  touch.ply = static_cast<int>(s_.game().ply_count());
  touch.by = by;
  touch.own = piece == core::NO_PIECE || core::color_of(piece) == toucher;
  if (auto recorded = s_.commit(touch, time); !recorded)
    s_.print(time, "record: " + recorded.error().message);
  else if (by == Toucher::SightedPlayer)
    s_.sighted_open_touches[square] = touch.number;
  else
    s_.open_touches.push_back({touch.number, square, origin_of(square), board_ply()});
  write_touch_log(time);
  return touch;
}

std::size_t AppendixDFlow::board_ply() const {
  // The game's position the pegboard is to show (a move still to execute on it, or one written
  // and not made there, as a correct claim's intended move, is not on it).
  const core::Game& game = s_.game();
  const std::uint64_t key = s_.pegboard.position().key();
  for (std::size_t ply = game.ply_count() + 1; ply-- > 0;)
    if (game.position_at(ply).key() == key) return ply;
  return game.ply_count();
}

core::Square AppendixDFlow::origin_of(core::Square square) const {
  // A piece of the position lifted from its own hole; else a piece lifted from a hole it only
  // passed through (a wrong hole corrected, a move tried elsewhere): the one lifted last.
  if (s_.pegboard.position().piece_on(square) != core::NO_PIECE || s_.open_touches.empty())
    return square;
  return s_.open_touches.back().origin;
}

const StationState::OpenTouch* AppendixDFlow::open_touch_from(core::Square origin) const {
  for (const auto& open : s_.open_touches)
    if (open.origin == origin) return &open;
  return nullptr;
}

void AppendixDFlow::put_back(core::Square square, TimePoint time) {
  std::erase_if(s_.open_touches, [&](const StationState::OpenTouch& open) {
    if (open.square != square || open.origin != square) return false;
    complete_touch(open.number, TouchOutcome::PutBack, core::SQ_NONE, time);
    return true;
  });
  write_touch_log(time);
}

void AppendixDFlow::settle_touches(TimePoint time) {
  // D.2.2, Art. 4: what became of each piece he lifted, from what the game and his board show,
  // whatever events brought it there: moved (the move's own square, or on from a hole it only
  // passed through) or taken off by a move made on his board since; put back once his board
  // shows its position again with no move made from its square.
  if (s_.open_touches.empty()) return;
  const core::Game& game = s_.game();
  const std::size_t on_board = board_ply();
  // After `play --resume` his board shows nothing before its first link (D.2.3).
  const bool board_settled =
      !s_.resumed_unlinked && s_.pegboard.occupied() == s_.pegboard.position().pieces();
  const std::size_t before = s_.open_touches.size();
  std::erase_if(s_.open_touches, [&](const StationState::OpenTouch& open) {
    for (std::size_t ply = open.board_ply; ply < on_board && ply < game.ply_count(); ++ply) {
      const auto [outcome, to] = what_became(game.position_at(ply), game.moves()[ply], open.origin);
      if (!outcome) continue;
      complete_touch(open.number, *outcome, to, time);
      return true;
    }
    if (!board_settled) return false;
    complete_touch(open.number, TouchOutcome::PutBack, core::SQ_NONE, time);
    return true;
  });
  if (s_.open_touches.size() != before) write_touch_log(time);
}

std::pair<std::optional<TouchOutcome>, core::Square> AppendixDFlow::what_became(
    const core::Position& before, core::Move move, core::Square origin) {
  if (move.kind() == core::MoveKind::Castling) {  // the rook moves too (Art. 3.8.2)
    const auto squares = before.castling_squares(move);
    if (origin == squares.king_from) return {TouchOutcome::Moved, squares.king_to};
    if (origin == squares.rook_from) return {TouchOutcome::Moved, squares.rook_to};
    return {std::nullopt, core::SQ_NONE};
  }
  if (origin == move.from()) return {TouchOutcome::Moved, move.to()};
  const core::Square captured =
      move.kind() == core::MoveKind::EnPassant
          ? core::make_square(core::file_of(move.to()), core::rank_of(move.from()))
          : move.to();
  if (origin == captured && before.piece_on(captured) != core::NO_PIECE)
    return {TouchOutcome::Removed, core::SQ_NONE};
  return {std::nullopt, core::SQ_NONE};
}

void AppendixDFlow::complete_touch(int number, TouchOutcome outcome, core::Square to,
                                   TimePoint time) {
  rec::Untouch untouch{number, s_.timeline(time), outcome, to};
  if (auto recorded = s_.commit(untouch, time); !recorded)
    s_.print(time, "record: " + recorded.error().message);
}

void AppendixDFlow::complete_touch(std::map<core::Square, int>& touches, core::Square from,
                                   TouchOutcome outcome, core::Square to, TimePoint time) {
  const auto open = touches.find(from);
  if (open == touches.end()) return;
  const int number = open->second;
  touches.erase(open);
  complete_touch(number, outcome, to, time);
}

void AppendixDFlow::complete_move_touches(std::map<core::Square, int>& touches,
                                          const core::Position& before, core::Move move,
                                          TimePoint time) {
  // `before`: the position the move is played in (castling's rook is found from its king).
  std::erase_if(touches, [&](const auto& open) {
    const auto [outcome, to] = what_became(before, move, open.first);
    if (outcome) complete_touch(open.second, *outcome, to, time);
    return outcome.has_value();
  });
}

void AppendixDFlow::note_rook_first(core::Move move, TimePoint time) {
  // Art. 4.4.2: castling begun by touching the rook. The station keeps the fact for the arbiter
  // and does not rule on it. Begun so only when the rook was his first touch of the two in this
  // move: a king lifted and put back before it was touched first (tester #4: the note was written
  // because the put-back king's touch was no longer open). The rook's square is the castling's
  // own (Chess960, Guidelines II.3.2), not the corner's.
  if (move.kind() != core::MoveKind::Castling) return;
  const auto c = s_.game().position().castling_squares(move);
  const core::Square rook = c.rook_from;
  const auto ply = static_cast<int>(s_.game().ply_count());
  const rec::Touch* first = nullptr;
  for (const auto& recorded : s_.record.touches()) {
    const rec::Touch& t = recorded.touch;
    if (t.by != Toucher::ViPlayer || (t.square != c.king_from && t.square != rook)) continue;
    if (t.ply != ply && recorded.outcome) continue;  // an earlier move's, done with
    first = &t;
    break;
  }
  if (!first || first->square != rook) return;
  rec::Note note{
      NoteKind::RookFirst, s_.timeline(time), rook, static_cast<int>(s_.game().ply_count()), {}};
  if (auto recorded = s_.commit(note, time); !recorded)
    s_.print(time, "record: " + recorded.error().message);
  s_.print(time, format(tr("note for the arbiter: castling begun by touching the rook on {square} "
                           "(Art. 4.4.2); the station does not rule on it"),
                        {{"square", core::square_name(rook)}}));
}

void AppendixDFlow::on_completed(const tactile::PegboardEvent& e) {
  if (s_.to_execute) {
    // D.2.1: the VI player has executed the opponent's announced move on his board.
    if (e.move == *s_.to_execute) {
      s_.to_execute.reset();  // his touches for it are settled with the batch (settle_touches)
      // The first link after `play --resume` shows it executed: it was before the stop, the
      // journal (which keeps no execution) could not say so (tester N7).
      s_.print(e.time, format(s_.hold_completed
                                  ? tr("the pegboard shows {move} executed, as it was before the "
                                       "station stopped (D.2.1)")
                                  : tr("executed {move} on the pegboard"),
                              {{"move", core::to_uci(e.move)}}));
    }
    return;
  }
  if (s_.game().is_over()) {
    // D.2.1, Art. 5: after the end no move is made, so none is announced on the public route;
    // the VI player alone hears privately why (D.2.11), the arbiter reads it on the console.
    s_.print(e.time, game_over_no_move(s_.game()));
    s_.say(speech::phrase_not_possible(s_.language, speech::Refusal::GameOver), Route::Private,
           e.time);
    return;
  }
  if (s_.pegboard.position().side_to_move() != s_.vi_color) {
    // The VI player executed the sighted player's move before it was entered: it is not
    // announced or made from the pegboard; the entered move is checked against it (D.2.1).
    print_waiting_for_sighted(s_, e.move, e.time);
    return;
  }
  if (s_.hold_completed) {  // the first link after a resumption (on_link)
    s_.held_on_resume = e.move;
    s_.print(e.time, format(tr("the pegboard shows {move}, completed while the station was "
                               "stopped: not announced, so not made (D.2.3); it is announced when "
                               "the player presses the board's ANNOUNCE button"),
                            {{"move", core::to_san(s_.pegboard.position(), e.move)}}));
    // D.2.11: he is told too (with what was restored, when that is still to be said).
    if (!s_.resume_untold)
      s_.say(speech::phrase_held_move(s_.language, s_.vocabulary, s_.pegboard.position(), e.move),
             Route::Private, e.time);
    return;
  }
  if (s_.record.adjourned()) {
    // Guidelines I: after an adjournment the sealed move is made from the envelope, nothing else.
    s_.print(e.time, format(tr("the pegboard shows {move}, but the game is adjourned: the arbiter "
                               "opens the envelope first (open-envelope) and the sealed move is "
                               "made (Guidelines I.9.1)"),
                            {{"move", core::to_san(s_.pegboard.position(), e.move)}}));
    return;
  }
  if (s_.clock.paused() && !s_.game().is_over()) {
    // Art. 6.11.1, Guidelines I.1.1: the arbiter has stopped the clocks (an adjournment): the
    // move is not announced, so the opponent does not hear a move that may be sealed. The
    // player seals it from his menu, or it is announced when the clocks run again (or by the
    // board's ANNOUNCE button).
    const std::string san = core::to_san(s_.pegboard.position(), e.move);
    if (s_.config().pegboard.announce == config::AnnounceMode::Button)  // D.2.3 (3), tester 14r
      s_.print(e.time, format(tr("completed {move} while the clocks are stopped: not announced "
                                 "(Art. 6.11.1); the player may seal it from his menu "
                                 "(Guidelines I.1.1), or it is made by his ANNOUNCE (pressed "
                                 "now, it is made when the clocks run again)"),
                              {{"move", san}}));
    else
      s_.print(e.time, format(tr("completed {move} while the clocks are stopped: not announced "
                                 "(Art. 6.11.1); the player may seal it from his menu (Guidelines "
                                 "I.1.1), or it is announced when the clocks run again"),
                              {{"move", san}}));
    return;
  }
  if (s_.menu.awaiting_move()) {
    // Art. 9.2.1.1, 9.3.1: the move he intends for his draw claim, completed and not announced
    // (D.2.3: not made). A correct claim ends the game without it; an incorrect one has it
    // announced then (Art. 9.5.3), as a cancelled question does.
    s_.print(e.time, format(tr("completed {move} on the pegboard, not announced: the intended "
                               "move of a draw claim (D.2.3, Art. 9.2.1.1)"),
                            {{"move", core::to_san(s_.pegboard.position(), e.move)}}));
    enter_intended_move(s_, e.move, InputSource::BoardButton, e.time);
    return;
  }
  if (s_.config().pegboard.announce == config::AnnounceMode::Button) {
    // D.2.3 (3): made when he announces it with the board's ANNOUNCE button; until then he may
    // correct it (a wrong hole, castling begun with the rook, Art. 4.4.2).
    s_.print(e.time, format(tr("completed {move} on the pegboard: made when the player presses "
                               "ANNOUNCE (D.2.3)"),
                            {{"move", core::to_san(s_.pegboard.position(), e.move)}}));
    return;
  }
  if (touched_before_his_turn(e.move)) {
    // Tester N2: his piece moved in the opponent's turn (refused then as illegal, D.2.1) stands
    // completed once the opponent's move is executed: the pause does not make a move he was
    // told is illegal; it waits for his ANNOUNCE (D.2.3 (3)), and he is told so.
    s_.print(e.time, format(tr("completed {move} on the pegboard, set up before the player's "
                               "turn: made when the player presses ANNOUNCE (D.2.3)"),
                            {{"move", core::to_san(s_.pegboard.position(), e.move)}}));
    s_.say(speech::phrase_held_move(s_.language, s_.vocabulary, s_.pegboard.position(), e.move),
           Route::Private, e.time);
    return;
  }
  // pegboard.announce = "pause": announced once it has stood untouched for the pause (D.2.3).
  s_.print(e.time, format(e.replaces.is_none() ? tr("completed {move}")
                                               : tr("completed {move} (replaces the slid move)"),
                          {{"move", core::to_san(s_.pegboard.position(), e.move)}}));
  s_.announce_due = e.time + Millis(s_.config().pegboard.announce_pause_ms);
}

void AppendixDFlow::menu_key(MenuKey key, InputSource source, TimePoint time) {
  const bool claiming = s_.menu.claiming_with_move();
  const std::size_t requests = s_.requests.size();
  press_menu_key(s_, key, source, time);
  // The claim with the intended move left without a claim (cancelled, closed): a move completed
  // on the pegboard for it is his move after all, announced now (D.2.3 (3)).
  if (claiming && !s_.menu.claiming_with_move() && s_.requests.size() == requests)
    announce_held(time);
}

void AppendixDFlow::say_and_make(core::Move move, TimePoint time) {
  s_.say(speech::phrase_for_move(s_.vocabulary, s_.pegboard.position(), move, s_.wording),
         Route::Public, time);
  s_.said_move = move;
  std::vector<tactile::PegboardEvent> made;
  s_.pegboard.announce(time, made);
  on_pegboard(made);
  s_.said_move.reset();
}

bool AppendixDFlow::announce_held(TimePoint time) {
  const auto held = s_.pegboard.completed_move();
  if (!held || !announceable(time) || !board_shows(*held)) return false;
  // D.2.3 (1)+(2) done, and said when it was completed (on_completed); (3) the station announces
  // it, which makes it. Its completion is not printed twice (tester N7).
  say_and_make(*held, time);
  return true;
}

void AppendixDFlow::clocks_resumed(TimePoint time) {
  const auto pressed = std::exchange(s_.announced_while_paused, std::nullopt);
  const auto held = s_.pegboard.completed_move();
  if (s_.config().pegboard.announce == config::AnnounceMode::Button && held && pressed != held) {
    // D.2.3 (3): in button mode nothing is announced for him but by his ANNOUNCE (tester 14r).
    if (announceable(time) && board_shows(*held))
      s_.print(time, format(tr("completed {move} on the pegboard: made when the player presses "
                               "ANNOUNCE (D.2.3)"),
                            {{"move", core::to_san(s_.pegboard.position(), *held)}}));
    return;
  }
  announce_held(time);
}

bool AppendixDFlow::touched_before_his_turn(core::Move move) const {
  // The touch that lifted the moving piece (D.2.2), taken before the game's last move was made.
  const auto* open = open_touch_from(move.from());
  if (!open) return false;
  const auto& touches = s_.record.touches();
  const auto index = static_cast<std::size_t>(open->number - 1);
  return index < touches.size() &&
         static_cast<std::size_t>(touches[index].touch.ply) < s_.game().ply_count();
}

bool AppendixDFlow::board_shows(core::Move held) const {
  // D.2.3 (2): the move is made only while his board shows it: the holes occupied as after it.
  // Another of his pieces moved since (a second move begun, or one his hand is still making)
  // leaves the board showing no single move, and nothing is made (tester N1).
  return s_.pegboard.occupied() == s_.pegboard.position().after(held).pieces();
}

bool AppendixDFlow::announceable(TimePoint) const {
  // D.2.1, D.2.4: his own move, the game going on, the clocks running (Art. 6.11.1), not
  // adjourned (Guidelines I), no opponent's move to execute first.
  return !s_.to_execute && !s_.game().is_over() && !s_.clock.paused() && !s_.record.adjourned() &&
         s_.pegboard.position().side_to_move() == s_.vi_color;
}

void AppendixDFlow::on_made(const tactile::PegboardEvent& e) {
  if (s_.question.kind == PendingQuestion::Kind::Promotion ||
      s_.question.kind == PendingQuestion::Kind::BoardMove)
    s_.question = {};
  s_.announce_due.reset();
  s_.menu_wait_told.reset();
  s_.held_on_resume.reset();
  s_.announced_while_paused.reset();
  // D.2.1, D.2.3 (3): never made unheard: both players hear it as it is made (say_and_make says
  // it first; the pegboard makes no move by itself, PegboardSettings::announce_button).
  if (s_.said_move != e.move)
    s_.say(speech::phrase_for_move(s_.vocabulary, s_.game().position(), e.move, s_.wording),
           Route::Public, e.time);
  note_rook_first(e.move, e.time);
  make_move(e.move, e.time, MoveSource::Pegboard);  // his touches: settle_touches, with the batch
}

void AppendixDFlow::on_link(const tactile::PegboardEvent& e) {
  const auto link = e.kind == Kind::Connected     ? speech::BoardLink::Connected
                    : e.kind == Kind::Reconnected ? speech::BoardLink::Reconnected
                                                  : speech::BoardLink::Lost;
  // A board never connected since the station started (absent, or silent, from the start) lost
  // no connection: he is told it is not connected, and what to do (tester 14f).
  const bool never_linked =
      link == speech::BoardLink::Lost && !s_.linked_once && !s_.pegboard_heard;
  // speech.verbosity = quiet: only a lost board is said; connecting is printed.
  if (link == speech::BoardLink::Lost || s_.verbosity() != config::Verbosity::Quiet)
    s_.say(speech::phrase_board_link(s_.language, speech::BoardKind::Pegboard,
                                     never_linked ? speech::BoardLink::NotConnected : link),
           Route::Private, e.time);
  if (link != speech::BoardLink::Lost && s_.record.header().chess960 &&
      e.agreement == tactile::PegboardEvent::Agreement::Agrees && !s_.pegboard.identifies_pieces())
    // Guidelines II.2 (tester #12): every Chess960 start has the standard one's occupied squares,
    // so "agrees" says nothing of the arrangement: only the occupancy was checked.
    s_.print(e.time, link == speech::BoardLink::Connected
                         ? tr("connected: the board agrees with the game in its occupied squares "
                              "only: which piece stands where is not checked (a pegboard senses "
                              "no pieces); the arbiter checks the Chess960 arrangement "
                              "(Guidelines II.2)")
                         : tr("reconnected: the board agrees with the game in its occupied "
                              "squares only: which piece stands where is not checked (a pegboard "
                              "senses no pieces); the arbiter checks the Chess960 arrangement "
                              "(Guidelines II.2)"));
  else if (never_linked)
    s_.print(e.time, format(tr("pegboard not connected since the station started: {detail}; "
                               "check its cable and pegboard.port in the configuration; the "
                               "station connects it as soon as it answers"),
                            {{"detail", e.detail}}));
  else
    s_.print(e.time, text::board_event(e));
  if (link == speech::BoardLink::Lost && !s_.game().is_over()) {
    // Art. 6.10, 6.11.1, D.2.10.2, D.2.10.3: without his board the VI player cannot make a move,
    // and his clock runs on his turn: the console says what may be done, and he is told to
    // announce his move aloud for the assistant to enter.
    s_.print(e.time, tr("the VI player cannot make his move on a disconnected pegboard: the "
                        "arbiter may pause the clocks (pause, Art. 6.11.1) while the equipment "
                        "is seen to (Art. 6.10); the assistant enters the move the VI player "
                        "announces with move MOVE (D.2.10.2, D.2.10.3)"));
    s_.say(speech::phrase_board_lost_announce(s_.language), Route::Private, e.time);
  }
  if (link != speech::BoardLink::Lost) s_.linked_once = true;
  if (link != speech::BoardLink::Lost && s_.resumed_unlinked) {
    // D.2.3, Art. 9.2.1.1: the first link after `play --resume`. A move the board shows
    // completed was made while the station was stopped: it may be the intended move of a draw
    // claim that waited for his confirmation, or a move he never announced. Nothing waiting for
    // a confirmation is carried out by a restart: it is held, not announced (not made).
    s_.resumed_unlinked = false;
    s_.hold_completed = e.agreement == tactile::PegboardEvent::Agreement::MovedOn;
  }
}

void AppendixDFlow::tell_resumed(TimePoint time) {
  if (!s_.resume_untold) return;
  s_.resume_untold = false;
  const core::Game& game = s_.game();
  if (game.is_over()) {
    s_.say(speech::phrase_game_end(s_.language, game.end()), Route::Private, time);
    return;
  }
  // The time readout's figures (D.2.6), as his TIME button gives them.
  const auto left = [&](core::Color side) {
    return std::max(to_ms(s_.clock.remaining(side, time)), Millis(0));
  };
  const core::Position& position = game.position();
  speech::Phrase told = speech::phrase_resumed(
      s_.language, position.fullmove_number(), position.side_to_move(), left(core::WHITE),
      left(core::BLACK), s_.clock.moves_completed(core::WHITE));
  if (s_.to_execute)  // D.2.1: the sighted player's announced move, not yet on his board
    told = speech::phrase_joined(
        told, speech::phrase_execute_move(s_.language, s_.vocabulary,
                                          game.position_at(game.ply_count() - 1), *s_.to_execute));
  if (s_.held_on_resume)  // D.2.3: his own, completed while the station was stopped
    told = speech::phrase_joined(
        told, speech::phrase_held_move(s_.language, s_.vocabulary, s_.pegboard.position(),
                                       *s_.held_on_resume));
  s_.say(told, Route::Private, time);
}

void AppendixDFlow::on_button(const tactile::PegboardEvent& e) {
  // The board's own buttons ask what the player may ask (D.2.6, D.2.10.4, D.2.1): typed
  // requests, carried out by the station after this event; its menu buttons (peg protocol
  // version 2) move through the player's menu (app/player_menu_keys.h).
  if (const auto key = menu_key_of(e.button))
    menu_key(*key, InputSource::BoardButton, e.time);
  else if (e.button == tactile::BoardButton::Announce) {
    // D.2.3 (3): his move completed on the board is announced, made; D.2.11: with nothing to
    // act on he is answered, never silent. While he claims a draw with this move (Art.
    // 9.2.1.1) the claim's question is open: the move waits for it.
    if (!s_.menu.claiming_with_move() && !announce_held(e.time)) announce_pressed(e.time);
  } else if (e.button == tactile::BoardButton::Time)
    s_.requests.push_back({cmd::Time{}, e.time});
  else if (e.button == tactile::BoardButton::Repeat)
    s_.requests.push_back({cmd::Repeat{}, e.time});
  // Peg protocol version 3: the push-to-talk button (voice.push_to_talk), as the console's
  // "talk" and "talk end": the VI player's spoken requests (D.2.11) are heard only while held.
  else if (e.button == tactile::BoardButton::Talk)
    s_.requests.push_back({cmd::Talk{true}, e.time, InputSource::BoardButton});
  else if (e.button == tactile::BoardButton::TalkEnd)
    s_.requests.push_back({cmd::Talk{false}, e.time, InputSource::BoardButton});
  // D.2.11: a button with nothing to act on is answered, never silent (he reads no console).
  else
    promotion_pressed(e.time);
}

namespace {

// Why a button of the VI player's that acts on his own move has nothing to act on, or nullopt
// when it may: the game over (Art. 5), or the sighted player's move to make or to execute on
// the pegboard (D.2.1, D.2.4).
std::optional<speech::Refusal> not_his_turn(const StationState& s) {
  if (s.game().is_over()) return speech::Refusal::GameOver;
  if (s.to_execute || s.game().position().side_to_move() != s.vi_color)
    return speech::Refusal::NotYourMove;
  return std::nullopt;
}

}  // namespace

void AppendixDFlow::refuse_button(std::string_view button, speech::Refusal reason, TimePoint time) {
  const std::string why =
      reason == speech::Refusal::GameOver      ? tr("the game is over")
      : reason == speech::Refusal::NotYourMove ? tr("it is not the VI player's move (D.2.1, D.2.4)")
      : reason == speech::Refusal::NoPromotion ? tr("none of his moves is a promotion (Art. 3.7.5)")
                                               : tr("no move is completed on the pegboard (D.2.3)");
  s_.print(time, format(tr("board button {button}: nothing to act on, {why}; the player hears it "
                           "privately (D.2.11)"),
                        {{"button", std::string(button)}, {"why", why}}));
  s_.say(speech::phrase_not_possible(s_.language, reason), Route::Private, time);
}

void AppendixDFlow::announce_pressed(TimePoint time) {
  // Here no move of his is completed on his board (a completed one was announced by
  // announce_held, D.2.3 (3); the sighted player's set up on it is refused_announce's).
  if (s_.to_execute && !s_.game().is_over() && s_.game().ply_count() > 0) {
    // D.2.1: it is his turn once the opponent's announced move is on his board: he is told
    // which move to execute first, not "not your move" (tester N6).
    const core::Game& game = s_.game();
    s_.print(time, format(tr("board button ANNOUNCE: the opponent's {move} is to be executed on "
                             "the pegboard first (D.2.1); the player hears it privately"),
                          {{"move", core::to_uci(*s_.to_execute)}}));
    s_.say(speech::phrase_execute_move(s_.language, s_.vocabulary,
                                       game.position_at(game.ply_count() - 1), *s_.to_execute),
           Route::Private, time);
    return;
  }
  if (const auto why = not_his_turn(s_)) {
    refuse_button("ANNOUNCE", *why, time);
    return;
  }
  // His pawn on the last rank with the piece not named yet (Art. 3.7.5.1): the move is
  // announced with its piece (D.2.1), so he is asked it again.
  if (s_.question.kind == PendingQuestion::Kind::Promotion && s_.question.square != core::SQ_NONE) {
    s_.say(speech::phrase_promotion_question(s_.language, s_.vocabulary, s_.question.square),
           Route::Private, time);
    return;
  }
  // Art. 6.11.1 (tester 14r): his move stands completed while the arbiter has stopped the
  // clocks: not announced now (the opponent does not hear a move that may be sealed), but
  // announced, so made, when they run again; he is told so, not "no move completed".
  if (const auto held = s_.pegboard.completed_move();
      held && s_.clock.paused() && !s_.record.adjourned() && board_shows(*held) &&
      s_.pegboard.position().side_to_move() == s_.vi_color) {
    s_.announced_while_paused = held;
    s_.print(time, format(tr("board button ANNOUNCE: {move} stands completed while the clocks are "
                             "stopped (Art. 6.11.1): it is announced when they run again; the "
                             "player hears it privately"),
                          {{"move", core::to_san(s_.pegboard.position(), *held)}}));
    s_.say(
        speech::phrase_move_waits_clocks(s_.language, s_.vocabulary, s_.pegboard.position(), *held),
        Route::Private, time);
    return;
  }
  // Pressed as a peg went in, the press reached here only after the board was judged
  // (tactile::Pegboard::press): nothing came of it.
  refuse_button("ANNOUNCE", speech::Refusal::NoCompletedMove, time);
}

void AppendixDFlow::promotion_pressed(TimePoint time) {
  // Art. 3.7.5: the piece is kept for his pawn's promotion (pressed before or after the pawn
  // reaches the last rank, D.2.1); with no promotion among his moves it acts on nothing.
  if (s_.to_execute && s_.to_execute->kind() == core::MoveKind::Promotion) return;
  if (const auto why = not_his_turn(s_)) {
    refuse_button("PROMOTE", *why, time);
    return;
  }
  for (const core::Move move : core::legal_moves(s_.game().position()))
    if (move.kind() == core::MoveKind::Promotion) return;
  refuse_button("PROMOTE", speech::Refusal::NoPromotion, time);
}

void AppendixDFlow::on_sighted_board(const std::vector<tactile::PegboardEvent>& events) {
  for (const auto& e : events) {
    switch (e.kind) {
      case Kind::MoveCompleted:
        // The VI player's move executed on the e-board (by the sighted player or the assistant).
        if (s_.sighted_to_execute && e.move == *s_.sighted_to_execute) {
          s_.sighted_to_execute.reset();
          // D.2.2: the pieces he lifted to execute it went where the move put them.
          const core::Game& game = s_.game();
          if (game.ply_count() > 0 && game.moves().back() == e.move) {
            complete_move_touches(s_.sighted_open_touches, game.position_at(game.ply_count() - 1),
                                  e.move, e.time);
            write_touch_log(e.time);
          }
          s_.print(e.time,
                   format(tr("e-board: executed {move}"), {{"move", core::to_uci(e.move)}}));
        }
        break;
      case Kind::MoveMade:
        on_sighted_made(e);
        break;
      case Kind::Touched:
        if (e.own_piece && s_.game().position().side_to_move() != s_.vi_color) {
          record_touch(e.square, e.piece, Toucher::SightedPlayer, e.time);
        }
        s_.print(e.time, format(tr("e-board: {event}"), {{"event", text::board_event(e)}}));
        break;
      case Kind::PutBack:
        // D.2.2, D.2.5: his touched piece put back into its square (Art. 4.3).
        complete_touch(s_.sighted_open_touches, e.square, TouchOutcome::PutBack, core::SQ_NONE,
                       e.time);
        write_touch_log(e.time);
        s_.print(e.time, format(tr("e-board: {event}"), {{"event", text::board_event(e)}}));
        break;
      case Kind::OutOfSync:
        // D.2.9 live for the sighted player's board too.
        check_board(*s_.sighted_board, tr("the e-board"), e.time);
        break;
      case Kind::Illegal:
      case Kind::Connected:
      case Kind::Reconnected:
      case Kind::Disconnected:
        s_.print(e.time, format(tr("e-board: {event}"), {{"event", text::board_event(e)}}));
        break;
      default:
        break;
    }
  }
}

void AppendixDFlow::on_sighted_made(const tactile::PegboardEvent& e) {
  // Art. 4.7: the sighted player's move is made when the piece is released on its square; the
  // station announces it (D.2.1) and the VI player executes it on the pegboard.
  if (s_.game().is_over() || s_.game().position().side_to_move() == s_.vi_color) return;
  enter_move(e.move, e.time, MoveSource::EBoard);
}

bool AppendixDFlow::make_move(core::Move move, TimePoint time, MoveSource by) {
  if (!record_move(move, time, by)) return false;
  finish_move(time);
  return true;
}

bool AppendixDFlow::enter_move(core::Move move, TimePoint time, MoveSource by) {
  const core::Position before = s_.game().position();
  if (!record_move(move, time, by)) return false;
  announce_entered(before, move, time);
  finish_move(time);
  return true;
}

void AppendixDFlow::tell_touch_not_moved(TimePoint time) {
  // Art. 4.3, 4.8, D.2.10.5: the sighted player touched a piece he could have moved (Art. 4.3.1)
  // or captured (Art. 4.3.2), reported at the console, and played another move. The VI player
  // cannot see it, and his right to claim ends when he touches a piece (Art. 4.8): he is told at
  // once, privately, and the arbiter finds it in touches.txt.
  const core::Game& game = s_.game();
  const std::size_t ply = game.ply_count();
  if (ply == 0) return;
  const core::Position& before = game.position_at(ply - 1);
  if (before.side_to_move() == s_.vi_color) return;
  const core::Move played = game.moves().back();
  for (const RecordedTouch& t : s_.record.touches()) {
    if (t.touch.by != Toucher::SightedPlayer) continue;
    const auto passed = touch_passed(s_.record, t);
    if (!passed || passed->move_index != ply - 1 || !passed->binding) continue;
    const std::string piece = core::square_name(t.touch.square) + piece_suffix(t.touch.piece);
    // TRANSLATORS: "Black touched e7 black pawn and played 1... Nf6 (g8f6): ...".
    s_.print(time,
             format(t.touch.own
                        ? tr("{side} touched {piece}, which could be moved (Art. 4.3.1), and "
                             "played {number}{san} ({uci}): the VI player is told that a claim "
                             "must be made before he touches a piece (Art. 4.8); noted in "
                             "touches.txt for the arbiter (D.2.10.5)")
                        : tr("{side} touched {piece} (the opponent's piece), which could be "
                             "captured (Art. 4.3.2), and played {number}{san} ({uci}): the VI "
                             "player is told that a claim must be made before he touches a piece "
                             "(Art. 4.8); noted in touches.txt for the arbiter (D.2.10.5)"),
                    {{"side", text::side(before.side_to_move())},
                     {"piece", piece},
                     {"number", text::move_number(game.start_position(), ply - 1)},
                     {"san", s_.record.moves().back().san},
                     {"uci", core::to_uci(played)}}));
    s_.say(
        speech::phrase_touch_not_moved(s_.language, s_.vocabulary, before, t.touch.square, played),
        Route::Private, time);
  }
}

void AppendixDFlow::finish_move(TimePoint time) {
  tell_touch_not_moved(time);
  if (s_.game().is_over()) {
    end_game(s_.game().end(), time);
    return;
  }
  after_move_said(time);
}

bool AppendixDFlow::record_move(core::Move move, TimePoint time, MoveSource by) {
  const core::Position before = s_.game().position();
  const core::Color mover = before.side_to_move();
  if (s_.game().is_over()) {
    s_.print(time, format(tr("not recorded: the game is over ({reason})"),
                          {{"reason", text::end_reason(s_.game().end())}}));
    return false;
  }
  if (!core::legal_moves(before).contains(move)) {
    s_.print(time,
             format(tr("not recorded: {move} is not legal here"), {{"move", core::to_uci(move)}}));
    return false;
  }
  // D.2.2, D.2.5, Art. 4.3: what became of the sighted player's touches (his e-board's lifts, or
  // touches reported at the console): the piece moved, as the VI player's are recorded.
  if (mover != s_.vi_color) {
    complete_move_touches(s_.sighted_open_touches, before, move, time);
    // Art. 4.3: his turn ends with this move; a touch it did not complete is no longer open
    // (a later move of that piece is not its outcome). tell_touch_not_moved says it, and the
    // touch log, written once the move is recorded, says what became of it.
    s_.sighted_open_touches.clear();
  }
  // D.2.4: the opponent's clock starts only now that the move is made. Events from different
  // devices may arrive a little out of order: the clock is never pressed before its last event,
  // except a move made before the arbiter's pause that arrives after it (a spoken move decoded
  // after the pause, D.2.3 (3)): it is pressed when it was made, and the pause then stops the
  // opponent's clock (ChessClock::made_before_pause). The entry is dated when the clock was
  // pressed, so its [%emt] never runs past its own time.
  const TimePoint press_time = s_.clock.log().empty() || s_.clock.made_before_pause(time)
                                   ? time
                                   : std::max(time, s_.clock.log().back().time);
  auto press = s_.clock.press(mover, press_time);
  if (!press) s_.print(time, "clock: " + text::clock_error(press.error()));
  rec::Move entry;
  entry.ply = static_cast<int>(s_.game().ply_count()) + 1;
  entry.move = move;
  entry.san = core::to_san(before, move);
  entry.at = s_.timeline(press ? press_time : time);
  // The times right after the move (a pause made again after it may have run the opponent's).
  entry.white_left =
      to_ms(press ? press->remaining[core::WHITE] : s_.clock.remaining(core::WHITE, time));
  entry.black_left =
      to_ms(press ? press->remaining[core::BLACK] : s_.clock.remaining(core::BLACK, time));
  entry.elapsed = press ? to_ms(press->elapsed) : Millis(0);
  entry.by = by;
  if (auto recorded = s_.commit(entry, time); !recorded) {  // on disk before anyone acts on it
    s_.print(time, format(tr("not recorded: {why}"), {{"why", recorded.error().message}}));
    return false;
  }
  s_.show_clock(time);
  // D.2.2: his touches that the move ended, journaled before the move is said made (a reader
  // of the journal at "made" finds them, as it always did).
  settle_touches(time);
  if (mover != s_.vi_color) write_touch_log(time);
  // The VI player's every move, however it was made, is executed on the sighted player's e-board.
  if (s_.sighted_board && mover == s_.vi_color) {
    s_.sighted_to_execute = move;
    s_.sighted_board->expect_move(move);
  }
  // TRANSLATORS: "made 12. Nf3 (g1f3) by keyboard; White 1:20:00, Black 1:15:00".
  s_.print(
      time,
      format(tr("made {number}{san} ({uci}) by {source}; {clocks}"),
             {{"number", text::move_number(s_.game().start_position(), s_.game().ply_count() - 1)},
              {"san", entry.san},
              {"uci", core::to_uci(move)},
              {"source", text::move_source(by)},
              {"clocks", text::clocks(entry.white_left, entry.black_left)}}));
  if (press && press->period_change)
    s_.say(speech::phrase_time_control_reached(  // Art. 6.7: whose control it was
               s_.language, mover, press->moves_completed[mover],
               std::chrono::duration_cast<std::chrono::seconds>(press->added)),
           Route::Private, time);
  write_exports(time);
  return true;
}

void AppendixDFlow::after_move_said(TimePoint time) {
  if (!s_.config().speech.say_draw_claims) return;  // Art. 11.3
  if (s_.game().can_claim_threefold())
    s_.say(speech::phrase_draw_claim(s_.language, core::Termination::ThreefoldRepetitionClaim),
           Route::Private, time);
  else if (s_.game().can_claim_fifty_moves())
    s_.say(speech::phrase_draw_claim(s_.language, core::Termination::FiftyMoveClaim),
           Route::Private, time);
}

bool AppendixDFlow::refused_adjourned(TimePoint time, const std::string& typed) {
  if (!s_.record.adjourned()) return false;
  s_.refuse(
      time,
      [typed] {
        return not_entered(typed, tr("the game is adjourned: the arbiter opens the envelope first "
                                     "(open-envelope); the sealed move is made then (Guidelines "
                                     "I)"));
      },
      speech::Refusal::Other);
  return true;
}

void AppendixDFlow::enter_sighted_move(const std::string& text, MoveSource by, TimePoint time) {
  if (s_.game().is_over()) {
    s_.refuse(
        time, [this, text] { return not_entered(text, game_over_no_move(s_.game())); },
        speech::Refusal::GameOver);
    return;
  }
  if (refused_adjourned(time, text)) return;
  if (s_.game().position().side_to_move() == s_.vi_color) {
    s_.refuse(
        time,
        [side = s_.vi_color, linked = s_.pegboard.linked(), text] {
          return not_entered(
              text, linked ? format(tr("it is {side}'s move, made on the pegboard (D.2.3); the "
                                       "sighted player's move is entered after it"),
                                    {{"side", text::side(side)}})
                           : format(tr("it is {side}'s move and his pegboard is not connected: "
                                       "the assistant enters the move he announces at the "
                                       "console (move MOVE, D.2.10.2, D.2.10.3), or the arbiter "
                                       "pauses the clocks (pause, Art. 6.11.1, 6.10)"),
                                    {{"side", text::side(side)}}));
        },
        speech::Refusal::MoveOnBoard);
    return;
  }
  if (s_.to_execute)
    s_.print(time, format(tr("the previous move {move} is not yet executed on the pegboard"),
                          {{"move", core::to_uci(*s_.to_execute)}}));
  // Appendix C letters of the sighted player's scoresheet language, or the profile's words.
  auto move = s_.parser.parse(s_.game().position(), text);
  if (!move) {
    if (move.error().kind == speech::HeardMoveError::Kind::Ambiguous &&
        move.error().readings.size() >= 2) {
      ask_reading(text, move.error().readings, by, time);
      return;
    }
    s_.refuse(
        time,
        [this, error = move.error(), text] {
          return format(tr("{why} (nothing recorded)"),
                        {{"why", text::heard_move_error(error, text, s_.game().position())}});
        },
        speech::Refusal::NotLegal);
    return;
  }
  enter_move(*move, time, by);
}

void AppendixDFlow::enter_vi_move(const std::string& text, TimePoint time) {
  if (refused_adjourned(time, text)) return;
  const core::Position before = s_.game().position();
  auto move = s_.parser.parse(before, text);
  if (!move) {
    s_.refuse(time,
              format(tr("{why} (nothing recorded)"),
                     {{"why", text::heard_move_error(move.error(), text, before)}}),
              speech::Refusal::NotLegal);
    return;
  }
  // D.2.10.3: the assistant starts the opponent's clock: the move is made as it is entered.
  if (!record_move(*move, time, MoveSource::Console)) return;
  settle_touches(time);  // a peg he lifted before the board went
  s_.print(time, format(tr("{side}'s move entered by the assistant as the VI player announced it, "
                           "his pegboard being disconnected (D.2.10.2, D.2.10.3); when it is "
                           "connected again, it is checked against the game (D.2.9)"),
                        {{"side", text::side(s_.vi_color)}}));
  // D.2.1: announced to both players, as his own moves are.
  s_.say(speech::phrase_for_move(s_.vocabulary, before, *move, s_.wording), Route::Public, time);
  // His board shows what it shows: judged against the game once linked again; an opponent's
  // move it was still to execute is part of that position now.
  s_.to_execute.reset();
  s_.held_on_resume.reset();
  s_.announce_due.reset();
  std::vector<tactile::PegboardEvent> events;
  s_.pegboard.set_position(s_.game().position(), time, events);
  on_pegboard(events);
  finish_move(time);
}

void AppendixDFlow::ask_reading(const std::string& text, std::vector<core::MoveReading> readings,
                                MoveSource by, TimePoint time) {
  // D.2.1, Art. 8: a text that reads as two different legal moves is never decided silently:
  // "Bc5: 1 = bishop f8-c5 (English letters); 2 = pawn c7-c5 (German letters)?"
  const core::Position& position = s_.game().position();
  const auto question = [&] {
    std::string line = text + ":";
    for (std::size_t i = 0; i < readings.size(); ++i)
      line += " " + std::to_string(i + 1) + " = " +
              text::move_in_words(position, readings[i].move) + " (" +
              text::letters_name(readings[i].letters) + ")" + (i + 1 < readings.size() ? ";" : "");
    return line + tr("? Type the number of the move played, or the move in full (D.2.1); nothing "
                     "is recorded until then");
  };
  s_.print(time, question());
  // D.2.11: typed on the sighted player's own keypad, asked of him where he is, in his language:
  // on the keypad's terminal, else said publicly (the numbers to type and the moves in the
  // announcement's words); he answers on his keypad.
  if (by == MoveSource::Keypad) {
    std::vector<core::Move> moves;
    for (const auto& reading : readings) moves.push_back(reading.move);
    s_.to_opponent(question,
                   speech::phrase_reading_question(s_.opponent_language, s_.vocabulary, position,
                                                   ~s_.vi_color, moves),
                   time);
  }
  s_.question = PendingQuestion{PendingQuestion::Kind::Reading, std::move(readings), text, by};
}

void AppendixDFlow::announce_entered(const core::Position& before, core::Move move,
                                     TimePoint time) {
  // D.2.1: announced to both players; the VI player executes it on his board.
  s_.say(speech::phrase_for_move(s_.vocabulary, before, move, s_.wording), Route::Public, time);
  if (!s_.game().is_over()) expect_on_pegboard(move, time);
}

bool AppendixDFlow::answer(const std::string& text, TimePoint time) {
  const std::string word(core::trim(text));
  if (s_.question.kind == PendingQuestion::Kind::Reading) {
    const auto& readings = s_.question.readings;
    if (word.size() != 1 || word[0] < '1' || word[0] >= char('1' + readings.size())) return false;
    const core::Move move = readings[static_cast<std::size_t>(word[0] - '1')].move;
    const MoveSource by = s_.question.by;  // D.2.11: where the move was typed, not the answer
    s_.question = {};
    enter_move(move, time, by);
    return true;
  }
  if (s_.question.kind == PendingQuestion::Kind::BoardMove) return answer_board_move(text, time);
  if (s_.question.kind != PendingQuestion::Kind::Promotion ||
      s_.game().position().side_to_move() != s_.vi_color)
    return false;
  // D.2.1: the announcement names the piece; on an occupancy-only pegboard the assistant types
  // it: "Q", "=Q", "e8=Q", "queen", the profile's word ("Dame") or the whole move in words.
  std::optional<core::PieceType> piece;
  if (auto move = s_.parser.parse(s_.pegboard.position(), text);
      move && move->kind() == core::MoveKind::Promotion)
    piece = move->promotion();
  std::string folded;
  for (char c : word)
    if (c != '=' && c != '(' && c != ')') folded += c;
  if (!piece) piece = promotion_piece(s_.vocabulary, s_.parser.letter_sets(), folded);
  // Art. 3.7.5.1: only a piece answers; any other line is the command it is (Art. 6.11.1 pause,
  // D.2.10.5 flag, quit): the open question never holds the console (tester #17).
  if (!piece || *piece == core::PAWN || *piece == core::KING) return false;
  choose_promotion(*piece, time);
  return true;
}

bool AppendixDFlow::answer_board_move(const std::string& text, TimePoint time) {
  // D.2.3: the number of the move the pegboard shows, or the move itself (tester #5).
  const std::string word(core::trim(text));
  std::optional<core::Move> move;
  const auto& readings = s_.question.readings;
  if (word.size() == 1 && word[0] >= '1' && word[0] < char('1' + readings.size()))
    move = readings[static_cast<std::size_t>(word[0] - '1')].move;
  else if (auto parsed = s_.parser.parse(s_.pegboard.position(), text))
    for (const auto& reading : readings)
      if (reading.move == *parsed) move = *parsed;
  if (!move) return false;
  s_.question = {};
  std::vector<tactile::PegboardEvent> events;
  s_.pegboard.choose_move(*move, time, events);
  on_pegboard(events);
  return true;
}

bool AppendixDFlow::asks_promotion() const {
  return s_.question.kind == PendingQuestion::Kind::Promotion &&
         s_.game().position().side_to_move() == s_.vi_color;
}

void AppendixDFlow::refuse_answer(const std::string& text, TimePoint time) {
  s_.print(time, format(tr("promotion: \"{word}\" names no piece; type Q, R, B or N (or the "
                           "piece's word) (D.2.1)"),
                        {{"word", std::string(core::trim(text))}}));
}

void AppendixDFlow::choose_promotion(core::PieceType piece, TimePoint time) {
  s_.question = {};  // answered: the question is over (the move waits only for ANNOUNCE)
  s_.print(time, format(tr("promotion to {piece} (D.2.1)"), {{"piece", text::piece_type(piece)}}));
  std::vector<tactile::PegboardEvent> events;
  s_.pegboard.set_promotion(piece, time, events);
  on_pegboard(events);
}

void AppendixDFlow::sighted_touch(core::Square square, TimePoint time) {
  const auto piece = s_.game().position().piece_on(square);
  const rec::Touch touch = record_touch(square, piece, Toucher::SightedPlayer, time);
  const std::string what = piece != core::NO_PIECE ? piece_suffix(piece) : tr(" (empty)");
  s_.print(time, format(touch.own ? tr("touch by the sighted player recorded: {square}{piece} "
                                       "(Art. 4.3: a touched piece must be moved if it can)")
                                  : tr("touch by the sighted player recorded: {square}{piece} (the "
                                       "opponent's piece) (Art. 4.3: a touched piece must be moved "
                                       "if it can)"),
                        {{"square", core::square_name(square)}, {"piece", what}}));
}

void AppendixDFlow::expect_on_pegboard(core::Move move, TimePoint time) {
  // D.2.1: the VI player executes the announced move on his board; the station checks it.
  const auto already = s_.pegboard.completed_move();
  if (!already) {
    s_.to_execute = move;
    s_.pegboard.expect_move(move);
    // D.2.1: his pawn already on the last rank, the board waiting for its piece: the entered
    // move names it.
    if (move.kind() == core::MoveKind::Promotion && s_.pegboard.asks_promotion()) {
      std::vector<tactile::PegboardEvent> events;
      s_.pegboard.set_promotion(move.promotion(), time, events);
      on_pegboard(events);
    }
    return;
  }
  // He executed a move before it was entered (the spoken announcement came first).
  std::vector<tactile::PegboardEvent> events;
  if (*already == move) {
    s_.print(time, format(tr("executed {move} on the pegboard"), {{"move", core::to_uci(move)}}));
  } else {
    s_.print(time, format(tr("the pegboard shows {shown} but {played} was played; the VI player "
                             "corrects his board (D.2.1)"),
                          {{"shown", core::to_uci(*already)}, {"played", core::to_uci(move)}}));
    s_.say(speech::phrase_board_mismatch(s_.language, s_.vocabulary,
                                         s_.game().position_at(s_.game().ply_count() - 1), move),
           Route::Private, time);
  }
  s_.pegboard.set_position(s_.game().position(), time, events);
  on_pegboard(events);
  settle_touches(time);  // D.2.2: his touches for it, made before it was entered (tester N5 e)
}

void AppendixDFlow::end_game(const core::GameEnd& end, TimePoint time) {
  if (auto recorded = s_.commit(rec::End{end, s_.timeline(time)}, time); !recorded) {
    s_.print(time, format(tr("not recorded: {why}"), {{"why", recorded.error().message}}));
    return;
  }
  const core::GameEnd& ended = s_.game().end();
  if (auto stopped = s_.clock.stop(time, text::end_reason_record(ended));
      !stopped && !s_.clock.stopped())
    s_.print(time, "clock: " + text::clock_error(stopped.error()));
  s_.show_clock(time);
  s_.say(speech::phrase_game_end(s_.vocabulary, ended), Route::Public, time);
  // The VI player also hears how his game ended privately, in his own language
  // (docs/languages.md), and his braille display shows it (D.2).
  s_.say(speech::phrase_game_end(s_.language, ended), Route::Private, time);
  s_.print(time, format(tr("game over: {result} ({rule}: {reason})"),
                        {{"result", core::result_text(ended.result)},
                         {"rule", ended.rule},
                         {"reason", text::end_reason(ended)}}));
  write_exports(time);
  write_touch_log(time);         // the arbiter's notes end with the end's decision (Guidelines III)
  s_.request_seal("end", time);  // D.2.7: the recording sealed with the game's end
}

void AppendixDFlow::reconcile_now(TimePoint time) {
  // D.2.9: a board away shows nothing the station can check (its last reading is not what it
  // shows now); it is checked when it is back (the reconnection says how it stands).
  if (!s_.pegboard.linked())
    s_.print(time, tr("reconcile: the pegboard is disconnected; what it shows is checked when it "
                      "is connected again (D.2.9)"));
  else
    check_board(s_.pegboard, tr("the pegboard"), time);
  if (s_.sighted_board) check_board(*s_.sighted_board, tr("the e-board"), time);
}

void AppendixDFlow::check_board(const tactile::Pegboard& board, const std::string& name,
                                TimePoint time) {
  // D.2.9, live: a board against the game record, caught at the first wrong move. Steps for the
  // pegboard are also spoken to the VI player, privately.
  const bool pegboard = &board == &s_.pegboard;
  const auto& game = s_.game();
  const auto shown = core::read_placement(board.board());
  if (!shown) {
    s_.print(time, format(tr("reconcile: {board} shows no possible position ({why}); correct it "
                             "to the game's position: {fen} (D.2.9)"),
                          {{"board", name},
                           {"why", text::placement_error(shown.error())},
                           {"fen", game.position().fen()}}));
    return;
  }
  core::BoardCheck check =
      core::check_board(game.start_position(), game.moves(), *shown, game.ply_count());
  // Tester #9: pegs an occupancy-only board did not see going in (it was away) have no piece; the
  // placement read from the board leaves them out, and the steps dropped their removal. They are
  // removed first ("the piece on f3"), and the game's pieces named where they must go (D.2.9).
  std::vector<core::CorrectionStep> unseen;
  if (!board.identifies_pieces())
    for (core::Bitboard pegs = board.occupied(); pegs;) {
      const core::Square sq = core::pop_lsb(pegs);
      if (board.board()[static_cast<std::size_t>(sq)] == core::NO_PIECE)
        unseen.push_back({core::CorrectionStep::Kind::Remove, core::NO_PIECE, sq, core::SQ_NONE});
    }
  if (!unseen.empty()) {
    check.matches = false;
    check.steps.insert(check.steps.begin(), unseen.begin(), unseen.end());
  }
  // An occupancy-only board: its pieces are the record's, inferred, never read (D.2.9).
  const bool inferred = !board.identifies_pieces();
  if (check.matches && inferred) {
    s_.print(time,
             format(tr_n("reconcile: the occupied squares of {board} agree with the game after "
                         "{n} half-move ({board} senses no pieces: which piece stands where is "
                         "not checked; D.2.9)",
                         "reconcile: the occupied squares of {board} agree with the game after "
                         "{n} half-moves ({board} senses no pieces: which piece stands where is "
                         "not checked; D.2.9)",
                         game.ply_count()),
                    {{"board", name}, {"n", std::to_string(game.ply_count())}}));
    return;
  }
  if (check.matches) {
    s_.print(time,
             format(tr_n("reconcile: {board} agrees with the game after {n} half-move (D.2.9)",
                         "reconcile: {board} agrees with the game after {n} half-moves (D.2.9)",
                         game.ply_count()),
                    {{"board", name}, {"n", std::to_string(game.ply_count())}}));
    return;
  }
  s_.print(time, board_check_text(game.start_position(), check, name, inferred));
  if (pegboard)
    for (const auto& step : check.steps)
      s_.say(speech::phrase_correction_step(s_.language, s_.vocabulary, step), Route::Private,
             time);
}

void AppendixDFlow::take_back(int count, bool arbiter, const std::string& reason, TimePoint time) {
  const core::Game& game = s_.game();
  const std::size_t ply = game.ply_count();
  if (s_.record.adjourned()) {
    s_.refuse(time, tr("takeback: the game is adjourned; nothing is taken back (Guidelines I)"),
              speech::Refusal::Other);
    return;
  }
  if (count < 1 || static_cast<std::size_t>(count) > ply) {
    s_.refuse(
        time,
        format(tr_n("takeback: {n} half-move is made; nothing is taken back (D.2.8, D.2.9)",
                    "takeback: {n} half-moves are made; nothing is taken back (D.2.8, D.2.9)", ply),
               {{"n", std::to_string(ply)}}),
        speech::Refusal::NoMoveYet);
    return;
  }
  const std::size_t first = ply - static_cast<std::size_t>(count);
  const auto& recorded = s_.record.moves();
  const auto label = [&](std::size_t i) {
    return text::move_number(game.start_position(), i) + recorded[i].san;
  };
  // D.2.3: a move made on his pegboard is made and announced by the VI player himself; it is not
  // a slip of the assistant (D.2.8), and only the arbiter takes it back (D.2.9, Art. 7.4-7.5).
  if (!arbiter)
    for (std::size_t i = first; i < ply; ++i)
      if (recorded[i].by == MoveSource::Pegboard) {
        // TRANSLATORS: "takeback N arbiter" is the command as typed: keep it.
        s_.refuse(time,
                  format(tr("takeback: {move} was made on the VI player's pegboard (D.2.3); only "
                            "the arbiter takes it back: takeback {n} arbiter (D.2.9)"),
                         {{"move", label(i)}, {"n", std::to_string(count)}}),
                  speech::Refusal::Other);
        return;
      }
  rec::TakeBack entry;
  entry.at = s_.timeline(time);
  entry.ply = static_cast<int>(first);
  for (std::size_t i = first; i < ply; ++i) entry.moves.push_back(recorded[i].move);
  // D.2.9 ("the arbiter readjusts the clocks accordingly"): as they were after the move before the
  // first taken back, when its mover's turn began; at the start, the time control's.
  if (first > 0) {
    entry.white_left = recorded[first - 1].white_left;
    entry.black_left = recorded[first - 1].black_left;
  } else {
    const core::ChessClock fresh(s_.clock.control());
    entry.white_left = to_ms(fresh.remaining(core::WHITE, time));
    entry.black_left = to_ms(fresh.remaining(core::BLACK, time));
  }
  entry.arbiter = arbiter;
  entry.reason = reason;
  std::string taken;
  for (std::size_t i = first; i < ply; ++i)
    taken += (taken.empty() ? "" : ", ") + label(i) + " (" + core::to_uci(recorded[i].move) + ")";
  const core::Position before = game.position_at(first);
  const std::vector<core::Move> moves = entry.moves;
  // Art. 7, D.2.9: the end the last of them made is withdrawn with it (the journal keeps both).
  const std::optional<core::GameEnd> withdrawn =
      game.is_over() ? std::optional<core::GameEnd>(game.end()) : std::nullopt;
  if (auto committed = s_.commit(entry, time); !committed) {  // on disk before anyone acts on it
    s_.print(time, format(tr("not recorded: {why}"), {{"why", committed.error().message}}));
    return;
  }
  // The clocks as the record now says, rebuilt by the one interpreter a resumption uses.
  if (auto clock = restore_clock(s_.record, s_.origin))
    s_.clock = std::move(*clock);
  else
    s_.print(time, "clock: " + clock.error().message);
  s_.flags_reported = 0;
  s_.question = {};
  s_.to_execute.reset();
  s_.said_move.reset();
  s_.announce_due.reset();
  s_.held_on_resume.reset();
  s_.sighted_to_execute.reset();
  // TRANSLATORS: "taken back (D.2.8, D.2.9): 1... e6 (e7e6); Black to move; White 0:15:00,
  // Black 0:14:58".
  s_.print(time, format(tr("taken back (D.2.8, D.2.9): {moves}; {side} to move; {clocks}"),
                        {{"moves", taken},
                         {"side", text::side(game.position().side_to_move())},
                         {"clocks", text::clocks(entry.white_left, entry.black_left)}}) +
                     (reason.empty() ? std::string()
                                     : format(tr("; reason: {reason}"),
                                              {{"reason", core::escape_controls(reason)}})));
  if (withdrawn)
    s_.print(time, format(tr("the end of the game ({result}, {reason}, {rule}) is withdrawn with "
                             "the move that made it; play goes on (Art. 7, D.2.9)"),
                          {{"result", core::result_text(withdrawn->result)},
                           {"reason", text::end_reason(*withdrawn)},
                           {"rule", withdrawn->rule}}));
  s_.show_clock(time);
  // D.2.1: both players hear it, in the announcements' words; he hears it privately too.
  s_.say(speech::phrase_taken_back(s_.vocabulary, before, moves), Route::Public, time);
  // D.2.9: what his pegboard must show now. A move that stands on it completed from the position
  // restored and is not the move taken back is the right one, shown before it is entered again:
  // his board is right. Otherwise the steps that put it back.
  std::vector<tactile::PegboardEvent> events;
  s_.pegboard.set_position(game.position(), time, events);
  on_pegboard(events);
  if (s_.sighted_board) {
    std::vector<tactile::PegboardEvent> ignored;
    s_.sighted_board->set_position(game.position(), time, ignored);
  }
  core::Position target = game.position();
  if (const auto shown = s_.pegboard.completed_move(); shown && *shown != moves.front())
    target = target.after(*shown);
  const auto placement = core::read_placement(s_.pegboard.board());
  const auto steps =
      placement ? core::correction_steps(*placement, target) : std::vector<core::CorrectionStep>{};
  const speech::Phrase told = speech::phrase_taken_back(s_.language, s_.vocabulary, before, moves);
  s_.say(speech::phrase_joined(told, speech::phrase_taken_back_board(s_.language, steps.empty())),
         Route::Private, time);
  for (const auto& step : steps)
    s_.say(speech::phrase_correction_step(s_.language, s_.vocabulary, step), Route::Private, time);
  if (!steps.empty())
    s_.print(time, tr("the VI player puts his pegboard back to the position restored (D.2.9)"));
  write_exports(time);
  write_touch_log(time);
  // D.2.7: the recording sealed with the end is sealed again as the end withdrawn, so that the
  // game's later recording and its next end verify (docs/record.md, occasion takeback).
  if (withdrawn) s_.request_seal("takeback", time);
}

void AppendixDFlow::clock_due(TimePoint now) {
  if (s_.game().is_over()) return;
  // Art. 6.8: a flag is fallen once observed or claimed; Art. 6.9 rules on it (`flag`).
  const auto flags = s_.clock.flags(now);
  for (; s_.flags_reported < flags.size(); ++s_.flags_reported) {
    const core::Color flagged = flags[s_.flags_reported].side;
    s_.say(speech::phrase_flag_fall(s_.vocabulary, flagged), Route::Public, now);
    s_.say(speech::phrase_flag_fall(s_.language, flagged), Route::Private, now);  // Art. 6.8
    // TRANSLATORS: flag is a console command: keep it as it is.
    s_.print(now, format(tr("{side}'s flag has fallen (Art. 6.8); claim it with: flag (Art. 6.9)"),
                         {{"side", text::side(flagged)}}));
  }
  // D.2.6: warnings at the thresholds the player chose, once each, privately.
  for (const auto& warning : s_.warnings.due(s_.clock.reading(now))) {
    if (warning.kind == core::ClockWarning::Kind::TimeLeft)
      s_.say(speech::phrase_low_time(s_.language, warning.side, to_ms(warning.remaining)),
             Route::Private, now);
    else
      s_.print(now,
               format(tr_n("{n} move to the time control for {side}",
                           "{n} moves to the time control for {side}",
                           static_cast<unsigned long>(warning.moves)),
                      {{"n", std::to_string(warning.moves)}, {"side", text::side(warning.side)}}));
  }
}

namespace {

// A file of the record written again after each event: its failure is said when it starts or
// changes, and its recovery once (the journal keeps the game meanwhile, D.2.7).
void say_file_outcome(StationState& s, const Status& written, std::string& problem,
                      TimePoint time) {
  if (!written) {
    if (written.error().message != problem)
      s.print(time, text::record_file_failing(written.error().message));
    problem = written.error().message;
    return;
  }
  if (problem.empty()) return;
  s.print(time, text::record_file_written_again(problem));
  problem.clear();
}

}  // namespace

void AppendixDFlow::write_exports(TimePoint time) {
  if (!s_.scoresheet_names_said) {  // D.2.7: once, not at every move
    s_.scoresheet_names_said = true;
    for (const std::string& note : scoresheet_name_notes(s_.config())) s_.print(time, note);
  }
  say_file_outcome(s_, write_game_files(s_.folder(), s_.record, s_.config()), s_.exports_problem,
                   time);
}

void AppendixDFlow::write_touch_log(TimePoint time) {
  say_file_outcome(s_, app::write_touch_log(s_.folder(), s_.record), s_.touch_log_problem, time);
}

}  // namespace annabella::app
