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

// Everything the journal says, rebuilt: the game at its last completed move and the clocks.
struct RecordedGame {
  RecordHeader header;
  core::Game game;
  std::vector<RecordedMove> moves;
  std::vector<RecordedTouch> touches;
  // The clock times at the last entry that set them (a move, an adjustment, a penalty).
  std::chrono::milliseconds white_left{0}, black_left{0};
  bool clocks_known = false;
  std::chrono::milliseconds last_event_at{0};  // where the game timeline continues
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

// Rebuilds the game. Errors name the journal line (entry number) and what is wrong with it.
Result<RecordedGame> rebuild_game(const JournalContents& contents);

// What a resumption restored, in one sentence for the console and the speech log.
std::string describe_restored(const RecordedGame& game);

}  // namespace annabella::app
