// Drives an app::Station in synthetic time, as a pegboard, a console and a clock would, and
// keeps what it said and printed: the set-up every station test shares.
#pragma once

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/station.h"
#include "core/notation.h"

namespace annabella::testing {

using app::Route;
using app::Station;
using app::StationEvent;
using app::StationOptions;
using app::StationOutput;
using app::TimePoint;

struct Said {
  Route route;
  std::string text;
  bool display_only = false;  // shown, not spoken (speech::Phrase::display_only)
};

class RecordingOutput : public StationOutput {
 public:
  void say(const speech::Phrase& phrase, Route route, TimePoint) override {
    said.push_back({route, phrase.text, phrase.display_only});
  }
  void print(TimePoint, std::string_view text) override { printed.emplace_back(text); }
  void menu_line(const speech::MenuLine&, std::string_view text, bool open) override {
    menu.push_back({std::string(text), open});
  }

  // The sighted player's keypad terminal (D.2.11): its lines, when the test gives him one.
  bool to_opponent(std::string_view line) override {
    if (!opponent_terminal) return false;
    opponent.emplace_back(line);
    return true;
  }

  bool printed_containing(std::string_view part) const {
    return std::any_of(printed.begin(), printed.end(),
                       [&](const std::string& line) { return line.find(part) != line.npos; });
  }
  std::vector<Said> said;
  std::vector<std::string> printed;
  struct MenuShown {
    std::string text;
    bool open;  // the menu is open after this line
  };
  std::vector<MenuShown> menu;        // the menu's lines as the braille display gets them
  bool opponent_terminal = false;     // whether his keypad shows text
  std::vector<std::string> opponent;  // the lines it showed
};

// Drives a Station in synthetic time.
class StationDriver {
 public:
  explicit StationDriver(const std::filesystem::path& folder, bool resume = false,
                         config::StationConfig config = {})
      : StationDriver(options_for(folder, resume, std::move(config))) {}
  // With options the test sets itself (a part's station key, a wall clock).
  explicit StationDriver(const StationOptions& options) {
    auto opened = Station::open(options, output, now);
    EXPECT_TRUE(opened) << opened.error().message;
    if (opened) station = std::move(*opened);
  }
  static StationOptions options_for(const std::filesystem::path& folder, bool resume = false,
                                    config::StationConfig config = {}) {
    StationOptions options;
    options.config = std::move(config);
    options.record_folder = folder;
    options.resume = resume;
    return options;
  }

  StationDriver& board(tactile::BoardInput::Kind kind, std::string_view square,
                       std::chrono::milliseconds after = std::chrono::milliseconds(300)) {
    tactile::BoardInput in;
    in.kind = kind;
    in.square = *core::parse_square(square);
    now += after;
    in.time = now;
    station->handle(StationEvent::pegboard(in));
    return *this;
  }
  // The sighted player's DGT e-board, which reports the pieces.
  StationDriver& eboard(tactile::BoardInput::Kind kind, std::string_view square,
                        core::Piece piece = core::NO_PIECE) {
    tactile::BoardInput in;
    in.kind = kind;
    in.square = *core::parse_square(square);
    in.piece = piece;
    now += std::chrono::milliseconds(300);
    in.time = now;
    station->handle(StationEvent::sighted_board(in));
    return *this;
  }
  StationDriver& lift(std::string_view square,
                      std::chrono::milliseconds after = std::chrono::milliseconds(300)) {
    return board(tactile::BoardInput::Kind::Lift, square, after);
  }
  StationDriver& place(std::string_view square,
                       std::chrono::milliseconds after = std::chrono::milliseconds(300)) {
    return board(tactile::BoardInput::Kind::Place, square, after);
  }
  // A board button (the VI player's pegboard), `after` the last input.
  StationDriver& button(tactile::BoardButton button,
                        std::chrono::milliseconds after = std::chrono::milliseconds(10)) {
    tactile::BoardInput in;
    in.kind = tactile::BoardInput::Kind::Button;
    in.button = button;
    now += after;
    in.time = now;
    station->handle(StationEvent::pegboard(in));
    return *this;
  }
  // A move on the pegboard as a hand makes it (captured piece first), then the settle time. His
  // own move he announces with the board's ANNOUNCE button as the peg goes in (D.2.3 (3)); the
  // opponent's announced move he only executes (D.2.1).
  StationDriver& hand(std::string_view from, std::string_view to, bool capture = false) {
    const bool own = station->pegboard().position().side_to_move() ==
                         station->record().header().visually_impaired &&
                     !station->game().is_over();
    if (capture) lift(to);
    lift(from).place(to);
    if (own) button(tactile::BoardButton::Announce);
    return wait(std::chrono::milliseconds(390));
  }
  StationDriver& console(const std::string& line,
                         std::chrono::milliseconds after = std::chrono::milliseconds(500)) {
    now += after;
    station->handle(StationEvent::console(now, line));
    return *this;
  }
  // Fool's mate (1. f3 e5 2. g4 Qh4#): the VI player's moves on the pegboard, the sighted
  // player's typed at the console and executed on the pegboard, the mate typed.
  StationDriver& fools_mate() {
    hand("f2", "f3");
    console("e5");
    hand("e7", "e5");
    hand("g2", "g4");
    return console("Qh4");
  }
  StationDriver& wait(std::chrono::milliseconds span) {
    const TimePoint end = now + span;
    while (auto next = station->next_deadline()) {
      if (*next > end) break;
      now = std::max(now, *next);
      station->tick(now);
    }
    now = end;
    station->tick(now);
    return *this;
  }

  RecordingOutput output;
  TimePoint now = TimePoint(std::chrono::hours(1));
  std::unique_ptr<Station> station;
};

}  // namespace annabella::testing
