// The files `annabella reconcile` reads, each bounded: scoresheets and board logs (move lists or
// PGN movetext, at most kMaxSheetBytes and core::kMaxSheetPlies written moves), and the clock log
// in any of three forms: "ply white_ms black_ms" lines, a PGN with [%clk] comments (the station's
// game.pgn), or the station's journal (game.journal).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/reconcile.h"
#include "core/result.h"
#include "core/sheet_encoding.h"
#include "core/sheet_reading.h"

namespace annabella::app {

// A scoresheet or board log file is refused above this size (the longest real scoresheet is
// under 20 KB); a clock log, PGN or journal above kMaxClockLogBytes.
inline constexpr std::size_t kMaxSheetBytes = std::size_t(1) << 20;     // 1 MiB
inline constexpr std::size_t kMaxClockLogBytes = std::size_t(8) << 20;  // 8 MiB

// A whole file of at most `limit` bytes; never reads more than limit + 1 bytes. The error names
// the option that gave it (app/file_error.h) and the fault, or `what`, the file and the limit.
struct BoundedFile {
  std::string_view path;
  std::string_view what;    // "Sheet B"
  std::string_view option;  // "--sheet-b"
};
[[nodiscard]] Result<std::string> read_bounded(const BoundedFile& file, std::size_t limit);

// A scoresheet's text read as written moves, refused with more than core::kMaxSheetPlies of
// them (the error names the limit and the line where the first move past it stands).
[[nodiscard]] Result<core::Scoresheet> scoresheet_of(std::string_view text);

// What was assumed of a sheet whose bytes are not UTF-8 (core::decode_sheet), as a note for the
// reports: where its bytes stop being UTF-8, and the encoding it was read in and why ("Sheet B "x"
// is not UTF-8: line 3, column 5 has the byte 0xCA. It was read as Windows-1251 (Cyrillic): ...");
// "" when it is UTF-8. `language` is the sheet's given language ("" when it was found).
// The file is named by its role and its path, in a struct so that the two (and the text) are
// never passed the wrong way round.
struct NamedFile {
  std::string_view what;  // "Sheet B"
  std::string_view path;
};
[[nodiscard]] std::string encoding_note(std::string_view bytes, const core::DecodedSheet& decoded,
                                        const NamedFile& file, std::string_view language);

// Removes a UTF-8 byte order mark (U+FEFF, Windows Notepad) from the top of `text`; whether there
// was one.
bool skip_byte_order_mark(std::string& text);
// The note on a file whose byte order mark was skipped.
[[nodiscard]] std::string byte_order_mark_note(std::string_view what, std::string_view path);
// What the scoresheet reader skipped or read as one move, and the cells reading separated
// (core::SheetNote), for the reports, in the order written; a cell separated is said once, as
// separated (its Joined note is left out).
void add_sheet_notes(const core::Scoresheet& sheet, const core::SheetReading& reading,
                     std::string_view what, std::vector<std::string>& notes);
// What the scoresheet reader skipped or read as one move (core::SheetNote), for the reports:
// "Sheet A, line 1: "Partie: Cafe" holds no move; read as a heading, not as moves."
[[nodiscard]] std::string sheet_note_text(const core::SheetNote& note, std::string_view what);

// The clock log in whichever of its three forms `text` is (`name` names it in errors).
[[nodiscard]] Result<std::vector<core::ClockPly>> clock_log_of(std::string_view text,
                                                               std::string_view name);

// The clock log with the clock changes it records between moves (D.2.9: the arbiter is told of
// each one near the point the clocks go back to): the journal's clock entries (adjustments,
// penalties: their times are recorded), the PGN's comments that speak of the clocks (their
// times are not), none in a clock log file.
struct ClockLogFile {
  std::vector<core::ClockPly> plies;
  std::vector<core::ClockChange> changes;
};
[[nodiscard]] Result<ClockLogFile> read_clock_log(std::string_view text, std::string_view name);

}  // namespace annabella::app
