// The game's record as journal entries, and the game rebuilt from them (`play --resume`).
//
// Entry kinds (fields; times are milliseconds on the station's game timeline, which starts at
// 0 when the game starts and continues across resumptions):
//   begin   fen, control, white, black, vi (white|black), event, site, round, board, date
//   move    ply, uci, san, at_ms, white_ms, black_ms (the clocks after the press), emt_ms, by
//   touch   square, piece, at_ms, ply, own (1|0), put_back (1|0)
//   clock   white_ms, black_ms, at_ms, reason (adjust|penalty|pause|resume|flag)
//   end     result, termination, rule, reason, at_ms
//   adjourn sealed (the sealed move as written), at_ms, white_ms, black_ms
//   resume  at_ms, note
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "app/journal.h"
#include "config/config.h"
#include "core/clock.h"
#include "core/game.h"

namespace annabella::app {

struct RecordHeader {
  std::string fen;      // start position ("" = the standard one)
  std::string control;  // time control as configured
  std::string white, black;
  core::Color visually_impaired = core::WHITE;
  std::string event, site, round, date;
  int board = 1;
};

struct RecordedMove {
  core::Move move;
  std::string san;
  std::chrono::milliseconds at{0};  // game timeline
  std::chrono::milliseconds white_left{0}, black_left{0};
  std::chrono::milliseconds elapsed{0};  // the mover's thinking time for this move ([%emt])
  std::string by;                        // "pegboard", "console", "eboard"
};

struct RecordedTouch {
  core::Square square = core::SQ_NONE;
  core::Piece piece = core::NO_PIECE;
  std::chrono::milliseconds at{0};
  int ply = 0;
  bool own = false;
  bool put_back = false;
};

// One thing the clock did since the last move (or the start), replayed by restore_clock():
// the turn starts (with the times recorded after the move), times are set (adjustment, penalty),
// the clocks are paused (arbiter, adjournment), restarted, or stopped (the game ended).
struct RecordedClockStep {
  enum class Kind { Start, Set, Pause, Resume, Stop };
  Kind kind = Kind::Start;
  std::chrono::milliseconds at{0};  // game timeline
  bool times = false;               // white_left and black_left are recorded (all but Stop and
                                    // the Start of a game without a move yet)
  std::chrono::milliseconds white_left{0}, black_left{0};
};

// Everything the journal says, rebuilt: the game at its last completed move and the clocks.
struct RecordedGame {
  RecordHeader header;
  core::Game game;
  std::vector<RecordedMove> moves;
  std::vector<RecordedTouch> touches;
  // The clock times at the last recorded event: those of the last entry that set them (a move, an
  // adjustment, a penalty, a pause), with the running clock charged the time from that entry to
  // the last entry with a time stamp (a touch proves that play went on), as the clock would have
  // (delay and increment rules as core::ChessClock applies them). The station's downtime after
  // the last event is not in them (Art. 6.10.2: the arbiter decides).
  std::chrono::milliseconds white_left{0}, black_left{0};
  bool clocks_known = false;                   // false only before rebuild_game() succeeded
  std::chrono::milliseconds last_event_at{0};  // where the game timeline continues
  std::chrono::milliseconds clocks_set_at{0};  // the entry that last set the times
  std::chrono::milliseconds charged{0};        // charged to `charged_side` after that entry
  core::Color charged_side = core::WHITE;
  std::vector<RecordedClockStep> clock_steps;  // this turn's, for restore_clock()
  bool paused = false;
  std::optional<std::string> sealed_move;  // adjourned (Guidelines I)
  std::string torn_tail;                   // what was dropped from the journal's end, if anything
};

JournalEntry begin_entry(const RecordHeader& header);
JournalEntry move_entry(const RecordedMove& move, std::size_t ply);
JournalEntry touch_entry(const RecordedTouch& touch);
JournalEntry clock_entry(std::chrono::milliseconds white_left, std::chrono::milliseconds black_left,
                         std::chrono::milliseconds at, std::string_view reason);
JournalEntry end_entry(const core::GameEnd& end, std::chrono::milliseconds at);
JournalEntry adjourn_entry(std::string_view sealed, std::chrono::milliseconds at,
                           std::chrono::milliseconds white_left,
                           std::chrono::milliseconds black_left);
JournalEntry resume_entry(std::chrono::milliseconds at, std::string_view note);

// Rebuilds the game. Errors name the journal (contents.name), the entry and its line, and what is
// wrong with it: "games/r3/game.journal: entry 12 (line 12, move): ...".
Result<RecordedGame> rebuild_game(const JournalContents& contents);

// The chess clock as the journal left it, on a timeline whose 0 is `origin`: this turn's start,
// adjustments, pauses and stop replayed at their recorded instants under the header's time
// control, so that at origin + last_event_at it shows white_left and black_left, the running
// side's turn continuing (its delay already used, [%emt] counting from the move). Fails only
// when the header's time control cannot be read.
Result<core::ChessClock> restore_clock(const RecordedGame& game, core::ClockInstant origin);

// On `play --resume` the journal's header defines the game, not the configuration given now:
// copies its time control, start position, player names, the visually impaired player's colour
// and the event into `config`. Returns one warning for each value the configuration said
// differently ("config says game.time_control "X", the journal says "Y": the journal's is
// used").
std::vector<std::string> adopt_recorded_header(const RecordHeader& header,
                                               config::StationConfig& config);

// What a resumption restored, in one sentence for the console and the speech log.
std::string describe_restored(const RecordedGame& game);

}  // namespace annabella::app
