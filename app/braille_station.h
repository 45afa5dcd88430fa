// The braille display in the station (D.2.6, D.2.11): what it shows (tactile::BrailleView: the
// clock line, the menu line, the last moves announced, the last private reading) and its keys,
// read on their own thread and mapped by BrailleKeyMap (app/braille_keys.h) into typed commands
// for the game thread (InputSource::BrailleKeys), changes of what the display shows, and keys of
// the player's menu (ev::MenuKeyPress on the station's queue).
//
// Threads: the key reader's thread runs on_key (the key map is its own); said() comes from the
// game thread; the view is thread-safe; commands and notices go through the station's queue.
#pragma once

#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "app/braille_keys.h"
#include "app/event_queue.h"
#include "app/station_events.h"
#include "speech/announcer.h"
#include "speech/menu_phrases.h"
#include "tactile/braille_key_reader.h"
#include "tactile/braille_view.h"

namespace annabella::app {

// The braille clock line's words in the player's language (D.2.6, tester D2): the sides' letters,
// "move", the fallen flag, "paused" (speech/languages/*.txt, clock.*).
[[nodiscard]] tactile::ClockLineWords clock_line_words(const speech::Language& language);

class BrailleStation {
 public:
  // Starts reading the display's keys at once.
  // `translator`: the player's lines in his language's braille (issue 17); none = BRLTTY's own
  // text table. `clock_words`: the clock line's words in his language (clock_line_words).
  BrailleStation(std::shared_ptr<tactile::BrailleDisplay> display, core::Color vi,
                 EventQueue<StationEvent>& queue, tactile::BrailleTranslator translator = {},
                 tactile::ClockLineWords clock_words = {});
  ~BrailleStation();  // stop()
  BrailleStation(const BrailleStation&) = delete;
  BrailleStation& operator=(const BrailleStation&) = delete;

  // The clock line's feed, for the clock displays' worker (D.2.6).
  [[nodiscard]] std::unique_ptr<tactile::ClockDisplay> clock_feed();
  // Every phrase the station says: public move announcements (D.2.1) make the moves line and
  // bring the clock line back (outside the menu); private phrases (time, readings, answers,
  // notices) make the reading line, which is shown at once.
  void said(const speech::Phrase& phrase, speech::Route route);
  // Stops the key reader; nothing is pushed after it returns.
  void stop();

  // A line of the player's menu (app/player_menu.h), said privately on the game thread: shown
  // on the menu line; the menu's closing brings the clock line back (D.2.6). Whether the menu is
  // open after it (`open`) decides what the line keys do (app/braille_keys.h): a confirmed item
  // leaves the menu with its "confirmed" line, and the next PREFMENU must open it again.
  void menu_line(const speech::MenuLine& line, std::string_view text, bool open);

  [[nodiscard]] tactile::BrailleView& view() { return *view_; }

 private:
  void on_key(const tactile::BrailleKey& key);
  void change_view(BrailleViewChange change);

  std::shared_ptr<tactile::BrailleView> view_;
  EventQueue<StationEvent>& queue_;
  BrailleKeyMap map_;                   // the reader's thread only
  std::atomic<bool> menu_open_{false};  // set on the game thread, read on the reader's
  std::deque<std::string> moves_;       // the game thread only (said)
  std::unique_ptr<tactile::BrailleKeyReader> reader_;
};

}  // namespace annabella::app
