// Time controls (Art. 6): periods by move count, increment, delay, sudden death, hourglass.
//
// Two written forms are read and written:
//   - FIDE-style descriptions as arbiters and tournament rules write them:
//     "90 min/40 moves + 30 min + 30 s/move", "90+30", "G/60 d5", "40/120, SD/30 d5",
//     "25 min + 10 s Bronstein delay", "3 min hourglass";
//   - the PGN TimeControl tag (PGN standard 9.6.1): "40/5400+30:1800+30", "300+2", "*180",
//     "?" (unknown) and "-" (no time control).
// An umbrella header; each concept has its own pair:
//   time_control_model        periods, which period a move belongs to, well-formedness;
//   time_control_fide_reader  reading FIDE-style descriptions;
//   time_control_pgn_reader   reading the PGN tag, and reading text in either form;
//   time_control_writer       writing both forms;
//   hms                       clock times as H:MM:SS.
#pragma once

#include "core/hms.h"
#include "core/time_control_fide_reader.h"
#include "core/time_control_model.h"
#include "core/time_control_pgn_reader.h"
#include "core/time_control_writer.h"
