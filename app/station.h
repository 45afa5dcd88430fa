// The play station: the one object that owns the game and wires the pegboard, the sighted
// player's input, the clock, the voice and the record together, following Appendix D:
//
//   - the VI player's move is made on the pegboard (D.2.3): captured piece removed, piece placed
//     into a different aperture, then announced; only then the clock switches (D.2.4);
//   - the sighted player's move is entered (assistant's keyboard in SAN or in the vocabulary's
//     words, or a DGT e-board) and announced (D.2.1); the VI player executes it on the pegboard
//     and the station checks it, reporting the first wrong placement at once;
//   - time and moves on request, privately (D.2.6, D.2.10.4); flag falls (Art. 6.9);
//   - every event goes into the journal (fsync) before it is acted on, so `play --resume`
//     rebuilds the game and the clocks after a crash.
//
// Single-threaded and deterministic: every input carries the time it happened; timers fire
// from tick(now); next_deadline() says when. The run loop (app/station_runner.h) feeds it from
// the device threads through an EventQueue.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/journal.h"
#include "app/record.h"
#include "config/config.h"
#include "core/clock.h"
#include "core/clock_warnings.h"
#include "core/game.h"
#include "speech/announcer.h"
#include "speech/move_parser.h"
#include "speech/phrases.h"
#include "speech/vocabulary.h"
#include "tactile/board_input.h"
#include "tactile/pegboard.h"

namespace annabella::app {

using SteadyClock = std::chrono::steady_clock;
using TimePoint = SteadyClock::time_point;

// Where a phrase is heard: public (both players hear moves) or private (the VI player's
// earpiece: time readouts, warnings, correction steps).
using Route = speech::Route;

struct StationEvent {
  enum class Kind {
    Pegboard,      // input from the VI player's pegboard (`board`)
    SightedBoard,  // input from the sighted player's DGT e-board (`board`), when there is one
    Console,       // a console line (`line`) from `source`: keyboard, board button, tactile clock
    Stop,          // the program ends (the record stays)
    Notice,        // a line to print as it is (`line`): the announcer's sound status
  };
  Kind kind = Kind::Console;
  TimePoint time{};
  tactile::BoardInput board{};
  std::string line;
  std::string source = "keyboard";

  static StationEvent console(TimePoint time, std::string line, std::string source = "keyboard");
  static StationEvent pegboard(tactile::BoardInput input);
  static StationEvent sighted_board(tactile::BoardInput input);
  static StationEvent stop(TimePoint time);
  static StationEvent notice(TimePoint time, std::string line);
};

// What the station says and prints. Implementations must not block the game thread for long:
// the speech adapter queues phrases for the speech thread.
class StationOutput {
 public:
  virtual ~StationOutput() = default;
  virtual void say(const speech::Phrase& phrase, Route route, TimePoint time) = 0;
  // One line of console text (also the log), already complete.
  virtual void print(TimePoint time, std::string_view text) = 0;
  // The clock changed (a press, a pause, an adjustment) or, with `query`, the player asked for
  // the time: for the clock displays (braille, tactile clock), which run off the game thread.
  virtual void clock_changed(const core::ClockReading& reading, bool query) {
    (void)reading;
    (void)query;
  }
};

struct StationOptions {
  config::StationConfig config;
  std::filesystem::path record_folder;  // journal and exports
  bool resume = false;                  // continue the journal in record_folder
};

class Station {
 public:
  // Starts a new game (creating the record folder and journal) or resumes the one recorded
  // there. Errors name the file, key or entry at fault.
  static Result<std::unique_ptr<Station>> open(const StationOptions& options, StationOutput& output,
                                               TimePoint now);

  void handle(const StationEvent& event);
  void tick(TimePoint now);
  std::optional<TimePoint> next_deadline() const;
  // Quit was asked for, or a Stop event came.
  bool finished() const { return finished_; }

  const core::Game& game() const { return game_; }
  const tactile::Pegboard& pegboard() const { return pegboard_; }
  const core::ChessClock& clock() const { return clock_; }
  const std::filesystem::path& record_folder() const { return folder_; }
  // The files written as the game goes (PGN, braille scoresheet, touch log).
  std::vector<std::filesystem::path> exports() const;

 private:
  Station(const StationOptions& options, StationOutput& output, speech::Vocabulary vocabulary,
          core::Game game, core::ChessClock clock, Journal journal, TimePoint now);

  // Appendix D flow
  void on_pegboard(const std::vector<tactile::PegboardEvent>& events);
  void on_sighted_board(const std::vector<tactile::PegboardEvent>& events);
  void on_console(const StationEvent& event);
  void enter_sighted_move(const std::string& text, TimePoint time);
  void make_move(core::Move move, TimePoint time, std::string_view by);
  // Journals a move already played in game_ (with the clock times now) and keeps it for the
  // console; `elapsed` is the time the move took when the clock was pressed for it.
  const RecordedMove& record_move(core::Move move, const std::string& san, TimePoint time,
                                  std::string_view by, std::optional<core::ClockDuration> elapsed);
  // D.2.1: the sighted player's move, made and announced, is to be executed on the pegboard.
  void expect_on_pegboard(core::Move move, TimePoint time);
  // An occupancy-only pegboard asked which piece a pawn promotes to; the console's answer.
  void choose_promotion(const std::string& text, TimePoint time);
  config::Verbosity verbosity() const { return options_.config.speech.verbosity; }
  void announce_end(TimePoint time);

  // Requests
  void say_time(TimePoint time);
  void say_last_move(TimePoint time);
  void read_game(TimePoint time, std::size_t last_n);
  void reconcile_now(TimePoint time);  // both boards
  void check_board_now(const tactile::Pegboard& board, const std::string& name, TimePoint time);

  // Record
  void restore_clocks(const RecordedGame& recorded, TimePoint now);
  std::chrono::milliseconds timeline(TimePoint time) const;
  void record(const JournalEntry& entry, TimePoint time);
  void write_exports(TimePoint time);  // PGN and braille scoresheet, after moves and ends
  void log_touch(const RecordedTouch& touch, TimePoint time);

  void say(const speech::Phrase& phrase, Route route, TimePoint time);
  void clock_event(TimePoint time, bool query = false);
  void print(TimePoint time, const std::string& text);

  StationOptions options_;
  StationOutput& out_;
  speech::Vocabulary vocabulary_;
  speech::MoveParser parser_;
  speech::MoveWording wording_;
  core::Game game_;
  core::ChessClock clock_;
  Journal journal_;
  tactile::Pegboard pegboard_;
  // The sighted player's e-board (sighted_board.input = "dgt"): his moves are made on it
  // (Art. 4.7: settled, no announcement needed) and the VI player's moves are executed on it.
  std::optional<tactile::Pegboard> sighted_board_;
  std::optional<core::Move> sighted_to_execute_;  // the VI player's move, on the e-board
  std::filesystem::path folder_;
  core::Color vi_color_ = core::WHITE;
  TimePoint origin_{};                     // game timeline 0 (shifted when resuming)
  TimePoint last_time_{};                  // the latest event or tick seen
  core::ClockWarnings warnings_;           // D.2.6: the VI player's chosen thresholds
  bool promotion_asked_ = false;           // the pegboard waits for the promotion piece (D.2.1)
  std::vector<RecordedMove> moves_;        // with clock times, for the exports
  std::optional<core::Move> to_execute_;   // the sighted move the VI player must execute
  std::optional<core::Color> draw_offer_;  // Art. 9.1.2
  bool flag_reported_ = false;
  bool finished_ = false;
};

}  // namespace annabella::app
