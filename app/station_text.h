// The station's words for the console and the log, in the assistant's and the arbiter's language
// (message catalogs, app/i18n.h, docs/languages.md). Pieces of text that several parts
// of the station share; each part words its own messages with these. What the VI player hears is
// worded by speech/phrases.h in the profile's words.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "core/game_type.h"
#include "core/time_control_model.h"

#include "app/game_record.h"
#include "core/game.h"
#include "core/position.h"
#include "tactile/pegboard_event.h"
#include "tactile/tactile_clock.h"

namespace annabella::app::text {

// "White", "Black".
[[nodiscard]] std::string side(core::Color c);
// "knight", "knights" for `n` pieces; "white knight" (the piece words of the console,
// app/i18n.h).
[[nodiscard]] std::string piece_type(core::PieceType type, unsigned long n = 1);
[[nodiscard]] std::string piece(core::Piece piece);
// The move number before the move of `ply` (0-based) in a game from `start`, as a scoresheet
// writes it: "1. " for White's move, "1... " for Black's; a game that starts with Black to move
// (or at move 23) counts from there.
[[nodiscard]] std::string move_number(const core::Position& start, std::size_t ply);
// A clock's time for people: H:MM:SS, never negative ("0:00:00" once a flag has fallen).
[[nodiscard]] std::string clock_time(std::chrono::nanoseconds remaining);
// "White 1:30:00, Black 1:29:12".
[[nodiscard]] std::string clocks(std::chrono::nanoseconds white, std::chrono::nanoseconds black);
// Where a move came from, for the console ("made 1. e4 (e2e4) by pegboard"); the journal keeps
// its own names (move_source_name).
[[nodiscard]] std::string move_source(MoveSource source);
// A board's event for the console ("placed d5 black pawn", "connected: the board agrees with the
// game") in the language of the messages; the kinds not worded here as tactile::describe has
// them.
[[nodiscard]] std::string board_event(const tactile::PegboardEvent& event);
// What is wrong on a board (an Illegal event, tactile::PegboardEvent::Wrong) in the language of
// the messages: "white knight g1 to g3 is not a legal move (Art. 3); nothing enters the record";
// an event without a typed reason as its detail says it.
[[nodiscard]] std::string board_illegal(const tactile::PegboardEvent& event);
// What the tactile clock said that is not a button for the game (its greeting, its own error
// report, a lost press, an unreadable line), for the console and the log; "" for what needs no
// word (a button, an acknowledgement).
[[nodiscard]] std::string tactile_clock_remark(const tactile::TactileClockInput& input);
// "1 move", "2 moves"; "1 minute", "5 minutes".
[[nodiscard]] std::string count(long long n, std::string_view one, std::string_view many);

// A move in words with its squares: "bishop f8-c5", "pawn c7-c5", "castling king side".
[[nodiscard]] std::string move_in_words(const core::Position& before, core::Move move);
// The name of a letter set or reading ("en" -> "English letters", "profile fide" -> "the
// profile's words").
[[nodiscard]] std::string letters_name(std::string_view code);

// The journal could not be written (a full disk): the game goes on, the entries wait.
[[nodiscard]] std::string record_error(const std::string& why);
[[nodiscard]] std::string record_caught_up(std::uint64_t entries);
// The station stops with `entries` entries a full disk kept out of `journal` (their lines
// follow it).
[[nodiscard]] std::string record_unwritten(std::size_t entries, const std::string& journal);
// A game file or the touch log cannot be written (said when it starts or changes), and
// written again.
[[nodiscard]] std::string record_file_failing(const std::string& why);
[[nodiscard]] std::string record_file_written_again(const std::string& why);
// station.log cannot be written (said when it starts or changes; the recovery is said with
// record_file_written_again); at the stop, `lines` lines are still not in it (they follow).
[[nodiscard]] std::string station_log_failing(const std::string& why);
[[nodiscard]] std::string station_log_unwritten(std::size_t lines, const std::string& why);
// D.2.7 (tester 14j): the mark after the time stamp of a line written late ("(written late, at
// 0:00:31.200) "), and the line that says `lines` waiting lines were written after `why`.
[[nodiscard]] std::string station_log_late_mark(const std::string& written_at);
[[nodiscard]] std::string station_log_written_late(std::size_t lines, const std::string& why);
// A seal a full disk keeps waiting: no code yet.
[[nodiscard]] std::string seal_waiting();
// A seal in the journal: its summary and what to do with its code.
[[nodiscard]] std::string seal_written(const std::string& summary);

// What a resumption restored, in one sentence for the console and the log.
[[nodiscard]] std::string restored(const GameRecord& record, const RestoredClocks* clocks,
                                   const std::string& torn_tail);

// The game type said at the start (Appendix A, B): the type, where it comes from (the time for
// 60 moves, A.1 and B.1, or game.type), what the event applies (A.5, B.5), the penalties (B.2)
// and recording (A.2).
[[nodiscard]] std::string game_type_line(const core::GameTypeRules& rules,
                                         const core::TimeControl& control, bool configured);

}  // namespace annabella::app::text
