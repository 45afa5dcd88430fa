#include "app/player_requests.h"

#include "app/board_reading.h"
#include "app/i18n.h"
#include "app/station_text.h"
#include "core/time_control.h"

namespace annabella::app::requests {
namespace {

Millis to_ms(core::ClockDuration d) {
  return std::chrono::duration_cast<Millis>(d);
}

}  // namespace

void say_time(StationState& s, TimePoint time) {
  // D.2.6 / D.2.10.4: both times left (what the clocks show), the moves completed and the time
  // each player has used so far, at the player's request, privately. The time used is a second
  // reading (his braille line shows one at a time): with an increment or several periods the
  // two differ.
  const auto white = to_ms(s.clock.remaining(core::WHITE, time));
  const auto black = to_ms(s.clock.remaining(core::BLACK, time));
  const auto white_used = to_ms(s.clock.used(core::WHITE, time));
  const auto black_used = to_ms(s.clock.used(core::BLACK, time));
  const int completed = s.clock.moves_completed(core::WHITE);
  s.say(speech::phrase_time_readout(s.language, std::max(white, Millis(0)),
                                    std::max(black, Millis(0)), completed),
        Route::Private, time);
  s.say(speech::phrase_time_used(s.language, white_used, black_used), Route::Private, time);
  s.show_clock(time, true);
  s.print(time,
          i18n::format(i18n::tr_n("time: {clocks}, {n} move completed (D.2.10.4); used: {used}",
                                  "time: {clocks}, {n} moves completed (D.2.10.4); used: {used}",
                                  static_cast<unsigned long>(completed)),
                       {{"clocks", text::clocks(white, black)},
                        {"n", std::to_string(completed)},
                        {"used", text::clocks(white_used, black_used)}}));
}

void repeat_last_move(StationState& s, TimePoint time) {
  const auto& game = s.game();
  if (game.ply_count() == 0) {
    s.refuse(time, i18n::tr("no move yet"), speech::Refusal::NoMoveYet);
    return;
  }
  const std::size_t last = game.ply_count() - 1;
  s.say(
      speech::phrase_for_move(s.vocabulary, game.position_at(last), game.moves()[last], s.wording),
      Route::Private, time);
  s.print(time, i18n::format(i18n::tr("last move: {number}{san}"),
                             {{"number", text::move_number(game.start_position(), last)},
                              {"san", s.record.moves()[last].san}}));
}

void read_game(StationState& s, TimePoint time, int last_moves) {
  const auto& game = s.game();
  const std::size_t count = game.ply_count();
  const std::size_t wanted = static_cast<std::size_t>(last_moves) * 2;
  const std::size_t first = wanted == 0 || wanted >= count ? 0 : count - wanted;
  std::string line;
  // Spoken privately with each move's number and side in the player's language, the moves in
  // the profile's words (D.2.1; tester D12).
  std::vector<speech::GameReadingMove> read;
  for (std::size_t i = first; i < count; ++i) {
    const core::Position& before = game.position_at(i);
    const bool numbered = before.side_to_move() == core::WHITE || i == first;
    if (numbered)
      line += (line.empty() ? "" : " ") + text::move_number(game.start_position(), i);
    else
      line += " ";
    line += s.record.moves()[i].san;
    read.push_back({before.fullmove_number(), before.side_to_move(),
                    speech::phrase_for_move(s.vocabulary, before, game.moves()[i], s.wording)});
  }
  if (line.empty()) {
    s.refuse(time, i18n::tr("no move yet"), speech::Refusal::NoMoveYet);
    return;
  }
  s.print(time, line);
  s.say(speech::phrase_game_reading(s.language, s.vocabulary, read), Route::Private, time);
}

void read_board(StationState& s, TimePoint time, const std::string& query) {
  const auto& position = s.game().position();
  auto text = app::read_board(position, query);
  if (!text) {
    s.refuse(time, text.error().message, speech::Refusal::UnknownReading);
    return;
  }
  // Several ranks (the whole board) are printed one rank a line: short lines for a braille
  // display and a screen reader's line-by-line reading.
  std::string lines = *text;
  const std::string mark = next_rank_mark();
  for (auto at = lines.find(mark); at != std::string::npos; at = lines.find(mark, at))
    lines.replace(at, 2, "\n");
  s.print(time, lines);
  // Spoken to the VI player too, privately, in the profile's words.
  if (auto asked = board_query_squares(position, query))
    s.say(asked->each_square
              ? speech::phrase_square_reading(s.language, s.vocabulary, position, asked->squares)
              : speech::phrase_board_reading(s.language, s.vocabulary, position, asked->squares),
          Route::Private, time);
}

void read_captured(StationState& s, TimePoint time) {
  s.print(time, app::read_captured(s.game()));
  s.say(speech::phrase_captured(s.language, core::captured_pieces(s.game())), Route::Private, time);
}

void status(StationState& s, TimePoint time) {
  const auto& game = s.game();
  std::string board;
  if (s.to_execute)
    board =
        i18n::format(i18n::tr("the pegboard waits for {side}'s move {move} to be executed"),
                     {{"side", text::side(~s.vi_color)}, {"move", core::to_uci(*s.to_execute)}});
  else if (!s.pegboard.linked())  // what it shows is not known until it is back
    board = i18n::tr("pegboard disconnected");
  else
    board = s.pegboard.in_sync() ? i18n::tr("pegboard in step") : i18n::tr("pegboard differs");
  // TRANSLATORS: `status`: "status: 12 half-moves, White to move; White 1:20:00, Black 1:15:00;
  // pegboard in step".
  std::string line = i18n::format(
      i18n::tr_n("status: {n} half-move, {side} to move; {clocks}; {board}",
                 "status: {n} half-moves, {side} to move; {clocks}; {board}", game.ply_count()),
      {{"n", std::to_string(game.ply_count())},
       {"side", text::side(game.position().side_to_move())},
       {"clocks",
        text::clocks(s.clock.remaining(core::WHITE, time), s.clock.remaining(core::BLACK, time))},
       {"board", board}});
  if (game.is_over())
    line += i18n::format(i18n::tr("; game over {result}"),
                         {{"result", core::result_text(game.end().result)}});
  s.print(time, line);
}

}  // namespace annabella::app::requests
