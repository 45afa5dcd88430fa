// The running station with every device it drives: the one object that builds and owns them, in
// dependency order, and takes them down in reverse (as snapcast's Server or MPD's Instance do).
// Built from the configuration by StationRig::build; `play` and `demo` run its loop.
//
// Threads and what each owns:
//   the game thread (run()): the Station (game, clock, record, journal, exports);
//   the announcer's speech thread and one player thread per sound device (speech/announcer.h);
//   the pegboard's reader and the sighted player's e-board reader (tactile::BoardReader);
//   the console reader (standard input), the tactile clock's reader, the braille display's key
//   reader, the clock displays' worker.
// Device threads only push timestamped events onto `queue`; only the game thread touches the
// game.
#pragma once

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "app/braille_station.h"
#include "app/event_queue.h"
#include "app/public_page.h"
#include "app/record_folder.h"
#include "app/station.h"
#include "app/station_key.h"
#include "app/station_runner.h"
#include "app/voice_input.h"
#include "speech/announcer.h"
#include "tactile/board_reader.h"
#include "tactile/board_simulator.h"
#include "tactile/clock_output.h"
#include "tactile/tactile_clock_reader.h"

namespace annabella::app {

struct RigOptions {
  StationOptions station;
  bool sound = true;
  double simulator_speed = 0;  // 0: the simulated hand makes each move at once
  bool console_from_stdin = true;
  bool simulated_assistant = false;      // the demo types the sighted player's moves itself
  std::filesystem::path simulator_link;  // where the demo hardware's pty is linked
  std::function<void(std::string_view)> on_line;  // sees every printed line (the demo)
  // The large-text page of every public announcement (app/public_page.h); empty: none.
  std::filesystem::path public_page;
  // The sighted player's own keypad or keyboard (D.2.11): a terminal device or file whose lines
  // are his moves, nothing else; empty: none.
  std::filesystem::path opponent_input;
};

class StationRig {
 public:
  // Opens every device the configuration names (a device that cannot be opened is said and the
  // game goes on without it, except the record folder, the voice and the game's own record).
  [[nodiscard]] static Result<std::unique_ptr<StationRig>> build(const RigOptions& options,
                                                                 std::ostream& out);
  ~StationRig();
  StationRig(const StationRig&) = delete;
  StationRig& operator=(const StationRig&) = delete;

  // The game thread's loop: until the station is finished or the queue closes.
  void run();
  // From any thread: the loop ends after the events queued so far.
  void stop();
  // From any thread: `line` is printed, then the station stops as `quit` stops it (a signal).
  void stop(std::string line);

  [[nodiscard]] Station& station() { return *station_; }
  [[nodiscard]] StationPrinter& printer() { return *printer_; }
  [[nodiscard]] EventQueue<StationEvent>& queue() { return queue_; }
  [[nodiscard]] speech::Announcer& announcer() { return *announcer_; }
  // The built-in pegboard simulator (pegboard.port = "simulator"), or null.
  [[nodiscard]] tactile::BoardSimulator* simulator() { return simulator_.get(); }

 private:
  StationRig() = default;
  Status start_speech(const RigOptions& options, std::ostream& out, TimePoint origin);
  void say_speech_problems(const std::string& recording_problem, TimePoint origin);
  void show_publicly(const speech::Phrase& phrase, TimePoint at);
  void start_sighted_board(const config::StationConfig& cfg);
  void start_clock_outputs(const config::StationConfig& cfg, core::Color vi, TimePoint now);
  Status start_pegboard(const RigOptions& options, TimePoint origin);
  void start_console(bool line_editing);
  Status start_opponent_input(const std::filesystem::path& path);
  void say_move_sources(const RigOptions& options, TimePoint origin);
  void load_station_key(const config::StationConfig& cfg);
  void start_sealing(TimePoint origin);
  void start_voice(TimePoint origin);

  // The record folder's lock (one station a folder, D.2.7): declared first, so it is released
  // last, after everything that writes to the folder is gone.
  FileDescriptor record_lock_;
  EventQueue<StationEvent> queue_;
  // The braille display's keys and lines besides the clock (D.2.11). Declared before the
  // printer and the station, whose last words may still reach it while they are destroyed.
  std::unique_ptr<BrailleStation> braille_;
  std::optional<StationKey> key_;                          // signs the recording's seals (D.2.7)
  std::string key_problem_;                                // why there is no key
  std::vector<std::filesystem::path> earlier_recordings_;  // of a resumed game
  std::filesystem::path recording_;                        // this run's (D.2.7)
  std::unique_ptr<speech::Announcer> announcer_;
  std::optional<PublicPage> public_page_;  // written on the game thread, as the printer prints
  bool public_page_failed_ = false;        // its first write error is said, not every one
  std::unique_ptr<StationPrinter> printer_;
  std::unique_ptr<Station> station_;
  std::unique_ptr<tactile::BoardSimulator> simulator_;  // the demo hardware
  std::unique_ptr<tactile::BoardReader> reader_;
  std::unique_ptr<tactile::BoardReader> sighted_reader_;  // the sighted player's DGT e-board
  std::unique_ptr<ConsoleReader> console_;
  int opponent_fd_ = -1;                            // the sighted player's keypad (D.2.11)
  std::unique_ptr<ConsoleReader> opponent_reader_;  // its lines, as his moves
  FileDescriptor opponent_out_;  // the same terminal, for what he reads there (D.2.11)
  // The clock's displays (D.2.6): braille display, tactile clock; their worker thread, and the
  // tactile clock's button reader.
  std::unique_ptr<tactile::SerialLink> tactile_clock_link_;
  std::unique_ptr<tactile::SerialLink> dgt3000_link_;  // writes through the e-board's reader
  std::unique_ptr<tactile::ClockOutputWorker> clock_outputs_;
  std::unique_ptr<tactile::TactileClockReader> tactile_clock_reader_;
  // The microphone (voice.input): the sighted player's announcements and the VI player's
  // requests (app/voice_input.h); null without voice input or when it could not start.
  std::unique_ptr<VoiceInput> voice_;
  std::string voice_problem_;  // why voice input could not be prepared ("" when it was)
};

// The demo hardware's hand, typed at the console after "sim ": lift e2, place e4 [PIECE],
// play MOVE, follow MOVE, button time|announce|repeat|q|r|b|n, unplug, replug.
// `sim play` of a move of `vi` (the VI player's own move) ends with his ANNOUNCE button (D.2.3),
// as a player who makes and announces his move; on a board without the button it is announced
// after the pause (pegboard.announce = "pause").
[[nodiscard]] Status simulator_command(tactile::BoardSimulator& board, const std::string& command,
                                       core::Color vi = core::WHITE);
// The simulator's commands, for `help` in simulator mode.
[[nodiscard]] std::string simulator_help();

}  // namespace annabella::app
