// What reaches the game thread, as types. Device threads (the pegboard's reader, the sighted
// player's e-board, the console, the tactile clock, the braille display, the announcer) push
// these onto the station's EventQueue; the one thread that owns the game pops them in order.
// Every event carries the time it happened (the device's time stamp), and the clock charges time
// from that stamp.
#pragma once

#include <chrono>
#include <string>
#include <variant>

#include "app/player_menu.h"
#include "app/station_commands.h"
#include "speech/announcer.h"
#include "speech/heard.h"
#include "speech/recorder.h"
#include "tactile/board_input.h"
#include "tactile/tactile_clock.h"

namespace annabella::app {

using SteadyClock = std::chrono::steady_clock;
using TimePoint = SteadyClock::time_point;

namespace ev {

// Input from the VI player's pegboard.
struct Pegboard {
  tactile::BoardInput input;
};
// Input from the sighted player's e-board (sighted_board.input = "dgt").
struct SightedBoard {
  tactile::BoardInput input;
};
// A line typed at the console; the game thread reads it (app/console.h) because the answer to
// a question the station asked ("which piece?") depends on the game's state.
struct ConsoleLine {
  std::string line;
  InputSource source = InputSource::Keyboard;
};
// A command from a device that knows what it asks: a board button, the tactile clock's keys,
// braille keys, voice.
struct Request {
  Command command;
  InputSource source = InputSource::BoardButton;
};
// A key of the VI player's menu from a device that knows it (braille keys: app/player_menu.h).
struct MenuKeyPress {
  MenuKey key = MenuKey::Open;
  InputSource source = InputSource::BrailleKeys;
};
// A tactile clock key; its meaning depends on whether the player's menu is open
// (app/player_menu_keys.h, clock_key_meaning).
struct TactileClockKey {
  tactile::tclk::Button button = tactile::tclk::Button::Query;
};
// A line from another part of the program to print as it is (the announcer's sound status,
// worded there).
struct Notice {
  std::string line;
};
// A sound device lost or back during the game (the announcer's typed report, speech::SoundLink):
// the VI player is told privately in his language (D.2.11), the arbiter on the console.
struct SoundLink {
  speech::SoundLink link;
};
// The program ends (the record stays).
struct Stop {};
// The announcer's answer to a seal request (D.2.7): the recording's chain as it stood once
// everything announced before the request was recorded, and why it was asked ("end",
// "adjourn", "stop").
struct Sealed {
  speech::RecordingAnchor anchor;
  std::string occasion;
};

// An utterance the voice listener heard (speech/voice_listener.h), judged against the position
// the listener had then; the station decides what it means now (app/voice_station.h). The
// event's time is the end of the speech as the capture path measured it; `decoded` is when the
// recogniser was done with it.
struct Heard {
  speech::Heard heard;
  TimePoint decoded{};
};

}  // namespace ev

struct StationEvent {
  using Body =
      std::variant<ev::Pegboard, ev::SightedBoard, ev::ConsoleLine, ev::Request, ev::MenuKeyPress,
                   ev::TactileClockKey, ev::Notice, ev::Stop, ev::Sealed, ev::Heard, ev::SoundLink>;
  TimePoint time{};
  Body body;

  static StationEvent console(TimePoint time, std::string line,
                              InputSource source = InputSource::Keyboard) {
    return {time, ev::ConsoleLine{std::move(line), source}};
  }
  static StationEvent request(TimePoint time, Command command, InputSource source) {
    return {time, ev::Request{std::move(command), source}};
  }
  static StationEvent pegboard(tactile::BoardInput input) {
    const TimePoint at = input.time;
    return {at, ev::Pegboard{std::move(input)}};
  }
  static StationEvent sighted_board(tactile::BoardInput input) {
    const TimePoint at = input.time;
    return {at, ev::SightedBoard{std::move(input)}};
  }
  static StationEvent menu_key(TimePoint time, MenuKey key, InputSource source) {
    return {time, ev::MenuKeyPress{key, source}};
  }
  static StationEvent tactile_clock_key(TimePoint time, tactile::tclk::Button button) {
    return {time, ev::TactileClockKey{button}};
  }
  static StationEvent stop(TimePoint time) { return {time, ev::Stop{}}; }
  static StationEvent sound_link(TimePoint time, const speech::SoundLink& link) {
    return {time, ev::SoundLink{link}};
  }
  static StationEvent notice(TimePoint time, std::string line) {
    return {time, ev::Notice{std::move(line)}};
  }
  static StationEvent heard(TimePoint time, speech::Heard heard, TimePoint decoded) {
    return {time, ev::Heard{std::move(heard), decoded}};
  }
  static StationEvent sealed(TimePoint time, speech::RecordingAnchor anchor, std::string occasion) {
    return {time, ev::Sealed{std::move(anchor), std::move(occasion)}};
  }
};

}  // namespace annabella::app
