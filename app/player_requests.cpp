#include "app/player_requests.h"

#include "app/board_reading.h"
#include "app/station_text.h"
#include "core/time_control.h"

namespace annabella::app::requests {
namespace {

Millis to_ms(core::ClockDuration d) {
  return std::chrono::duration_cast<Millis>(d);
}

}  // namespace

void say_time(StationState& s, TimePoint time) {
  // D.2.6 / D.2.10.4: both times and the moves completed, at the player's request, privately.
  const auto white = to_ms(s.clock.remaining(core::WHITE, time));
  const auto black = to_ms(s.clock.remaining(core::BLACK, time));
  const int completed = s.clock.moves_completed(core::WHITE);
  s.say(speech::phrase_time_readout(s.language, std::max(white, Millis(0)),
                                    std::max(black, Millis(0)), completed),
        Route::Private, time);
  s.show_clock(time, true);
  s.print(time, "time: " + text::clocks(white, black) + ", " +
                    text::count(completed, "move", "moves") + " completed (D.2.10.4)");
}

void repeat_last_move(StationState& s, TimePoint time) {
  const auto& game = s.game();
  if (game.ply_count() == 0) {
    s.print(time, "no move yet");
    return;
  }
  const std::size_t last = game.ply_count() - 1;
  s.say(
      speech::phrase_for_move(s.vocabulary, game.position_at(last), game.moves()[last], s.wording),
      Route::Private, time);
  s.print(time, "last move: " + text::move_number(game.start_position(), last) +
                    s.record.moves()[last].san);
}

void read_game(StationState& s, TimePoint time, int last_moves) {
  const auto& game = s.game();
  const std::size_t count = game.ply_count();
  const std::size_t wanted = static_cast<std::size_t>(last_moves) * 2;
  const std::size_t first = wanted == 0 || wanted >= count ? 0 : count - wanted;
  std::string line;
  speech::Phrase spoken{speech::PhraseKind::Readout, "", "", "", s.vocabulary.voice()};
  for (std::size_t i = first; i < count; ++i) {
    const bool numbered = game.position_at(i).side_to_move() == core::WHITE || i == first;
    if (numbered)
      line += (line.empty() ? "" : " ") + text::move_number(game.start_position(), i);
    else
      line += " ";
    line += s.record.moves()[i].san;
    // Spoken privately in the profile's words, one move after the other (D.2.1 words).
    const auto move =
        speech::phrase_for_move(s.vocabulary, game.position_at(i), game.moves()[i], s.wording);
    spoken.text += (spoken.text.empty() ? "" : "; ") + move.text;
    spoken.spoken += (spoken.spoken.empty() ? "" : "; ") + move.spoken;
  }
  if (line.empty()) {
    s.print(time, "no move yet");
    return;
  }
  s.print(time, line);
  s.say(spoken, Route::Private, time);
}

void read_board(StationState& s, TimePoint time, const std::string& query) {
  const auto& position = s.game().position();
  auto text = app::read_board(position, query);
  if (!text) {
    s.print(time, text.error().message);
    return;
  }
  // Several ranks (the whole board) are printed one rank a line: short lines for a braille
  // display and a screen reader's line-by-line reading.
  std::string lines = *text;
  for (auto at = lines.find("; rank "); at != std::string::npos; at = lines.find("; rank ", at))
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
    board = "the pegboard waits for " + text::side(~s.vi_color) + "'s move " +
            core::to_uci(*s.to_execute) + " to be executed";
  else
    board = std::string("pegboard ") + (s.pegboard.in_sync() ? "in step" : "differs");
  s.print(
      time,
      "status: " +
          text::count(static_cast<long long>(game.ply_count()), "half-move", "half-moves") + ", " +
          text::side(game.position().side_to_move()) + " to move; " +
          text::clocks(s.clock.remaining(core::WHITE, time), s.clock.remaining(core::BLACK, time)) +
          "; " + board +
          (game.is_over() ? "; game over " + core::result_text(game.end().result) : ""));
}

}  // namespace annabella::app::requests
