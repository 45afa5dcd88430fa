// What the braille display shows: the clock line (D.2.6) and the lines the player reads besides
// it (the menu line, the last moves, a board reading), one at a time, with text longer than the
// display read in parts (pan left / pan right, split between words where it can).
//
// The clock's worker thread feeds the clock line (clock_feed) every event and every second while
// a clock runs; the game thread sets and shows the other lines from the player's keys. The clock
// line is written only while it is shown; a time query (D.2.6, D.2.10.4) brings it back. All
// calls are thread-safe (one mutex around the state and the writes).
#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "tactile/braille_display.h"
#include "tactile/clock_output.h"

namespace annabella::tactile {

enum class BrailleLine : unsigned char { Clock, Menu, Moves, Reading };
[[nodiscard]] std::string_view braille_line_name(BrailleLine line);

// A line of text as the cells of the player's braille (one byte a cell, bit 0 = dot 1; issue 17:
// liblouis with his language's table, app/brf.h); empty when it cannot be translated.
using BrailleTranslator = std::function<std::vector<unsigned char>(std::string_view text)>;

class BrailleView {
 public:
  // With a translator, the player's lines (menu, moves, readings) are shown as its cells and
  // split into parts by them; every line without one goes through BRLTTY's own text table, and
  // so does the clock line while its words are ASCII (digits, colons, "W", "B", "move"). The
  // clock line's words are the player's language's (`clock_words`, tester D2): in an alphabet
  // BRLTTY's text table lacks (Cyrillic) it is shown in the translator's cells too.
  BrailleView(std::shared_ptr<BrailleDisplay> display, core::Color own_side,
              BrailleTranslator translator = {}, ClockLineWords clock_words = {});

  // The ClockDisplay for the clock's worker (D.2.6): it feeds this view's clock line.
  [[nodiscard]] static std::unique_ptr<ClockDisplay> clock_feed(std::shared_ptr<BrailleView> view);

  // Sets a line's text (the Clock line is the clock's own); shown at once if it is shown now
  // (from its first part).
  void set_text(BrailleLine line, std::string text);
  // Shows a line from its first part (the Clock line: the clock as last read).
  void show(BrailleLine line);
  // Sets and shows.
  void show_text(BrailleLine line, std::string text);
  // The next or previous part of the shown line; false at its end (nothing changes).
  bool pan_right();
  bool pan_left();

  // D.2.11: a line told to the player privately (a reading, an answer, a notice): shown on the
  // reading line at once and kept in a short history (the last kPrivateHistory), so that a
  // later line does not take it from him before he has read it.
  static constexpr std::size_t kPrivateHistory = 20;
  void add_private(std::string text);
  // Steps back (older) or forward (newer) through that history; each line is shown on the
  // reading line with its place, "3/20 ...", and pans as any line. Forward past the newest
  // brings the clock line back (D.2.6), as showing any other line ends the stepping. False when
  // there is nothing further that way (nothing changes).
  bool history_back();
  bool history_forward();

  [[nodiscard]] BrailleLine shown() const;
  // What the display shows now (the shown line's current part).
  [[nodiscard]] std::string window() const;
  [[nodiscard]] int cells() const { return display_->cells(); }
  // The last write error ("" when none).
  [[nodiscard]] std::string last_error() const;

  // From the clock's worker (through clock_feed).
  void show_clock(const core::ClockReading& reading, ClockShowReason why);

 private:
  // The part of `text` from `start` that fits; `next` is where the following part starts.
  struct Part {
    std::size_t length = 0;
    std::size_t next = 0;
  };
  Part part_at(const std::string& text, std::size_t start) const;
  const std::string& text_of(BrailleLine line) const;
  void write_locked();

  // The cells of `text` when the shown line is one of the player's and a translator is set.
  [[nodiscard]] std::vector<unsigned char> cells_of(std::string_view text) const;
  [[nodiscard]] std::size_t width_of(std::string_view text) const;
  // Whether `text` on line `line` goes through the translator.
  [[nodiscard]] bool translated(BrailleLine line, std::string_view text) const;

  std::shared_ptr<BrailleDisplay> display_;
  core::Color own_side_;
  BrailleTranslator translator_;
  ClockLineWords clock_words_;
  mutable std::mutex mutex_;
  BrailleLine shown_ = BrailleLine::Clock;
  std::string texts_[4];
  std::vector<std::size_t> starts_{0};  // the shown line's parts so far; back() is shown
  std::string written_;
  std::string last_error_;
  std::deque<std::string> history_;  // the private lines, oldest first
  std::size_t history_at_ = 0;       // the one shown while stepping; history_.size(): none
  void show_history_locked();
};

}  // namespace annabella::tactile
