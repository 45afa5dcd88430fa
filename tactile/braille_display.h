// A refreshable braille display through BrlAPI (BRLTTY): a line written, its keys read. What it
// shows (the clock, D.2.6, and the player's lines) is tactile/braille_view.h.
//
// BRLTTY drives nearly every braille display model; annabella writes one line of text to it and
// reads its keys. tactile/braille_display.cpp is the only file that includes brlapi.h.
//
// Contract: connect() opens a connection of its own (BrlAPI's per-handle API, no process-wide
// state), waits until the display reports its size, takes the display in tty mode and accepts
// all its keys there (so that no key goes to BRLTTY's own functions during a game). One thread
// may write (write_text) while another reads keys (read_key): BrlAPI's handle is thread-safe;
// two threads must not write at once. Errors come back as values; BrlAPI's exception handler
// (whose default aborts the process) is replaced by one that records the error for the next
// write to report.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "tactile/braille_keys.h"

namespace annabella::tactile {

struct BrailleSettings {
  std::string host;  // "" = BrlAPI's default (BRLAPI_HOST, else the local BRLTTY); "host:N"
  std::string auth;  // "" = BrlAPI's default; "none"
  // How long to wait for BRLTTY to accept the connection and for the display to report its size
  // (BRLTTY accepts connections about 1 s after it starts).
  std::chrono::milliseconds wait{3000};
};

// The liblouis table for braille in a player's language (speech::Language codes; docs/
// languages.md), for the braille display and the braille scoresheet. Where liblouis (3.24) has no
// table for a language, `own` is false and another stands in, `note` says which and what it
// lacks: Macedonian (the Serbian table, the same Yugoslav braille tradition, without the cells
// for ѓ, ќ, ѕ) and Albanian (Unified English Braille, which spells ë and ç with its accent
// modifiers). Serbian in either script uses the Serbian table, which holds both alphabets with
// the same cells (lj and љ are one cell). The display shows the player's lines in this table
// (app/brf.h, braille_dots; BrailleView's translator) and its ASCII clock line through BRLTTY's
// own text table.
struct BrailleTable {
  std::string_view table;  // a liblouis table name: "bg.utb"
  bool own = true;         // false: the language has none; `table` stands in
  std::string_view note;   // what stands in and what it lacks ("" for an own table)
};
// The error names the languages it knows.
[[nodiscard]] Result<BrailleTable> braille_table_for(std::string_view language);

class BrailleDisplay {
 public:
  // The error names the host and BrlAPI's reason ("connection refused").
  static Result<std::unique_ptr<BrailleDisplay>> connect(const BrailleSettings& settings);
  ~BrailleDisplay();
  BrailleDisplay(const BrailleDisplay&) = delete;
  BrailleDisplay& operator=(const BrailleDisplay&) = delete;

  int cells() const { return cells_; }
  // Shows `text` (ASCII; cut to the display's width) with no cursor.
  Status write_text(std::string_view text);
  // Shows `text` as the cells `dots` (one byte a cell, bit 0 = dot 1 ... bit 7 = dot 8: the
  // braille of the player's language, issue 17) rather than through BRLTTY's own text table;
  // `text` stays what BrlAPI reports as the line's text.
  Status write_dots(std::string_view text, const std::vector<unsigned char>& dots);
  bool connected() const;
  // The next key pressed on the display, waiting at most `wait`; nullopt when none came. The
  // key carries the time it was read. An error when the connection is lost.
  [[nodiscard]] Result<std::optional<BrailleKey>> read_key(std::chrono::milliseconds wait);

  struct Handle;  // BrlAPI's handle with the error the exception handler recorded

 private:
  explicit BrailleDisplay(std::unique_ptr<Handle> handle, int cells);
  Status write_line(std::string_view text, const std::vector<unsigned char>* dots);
  std::unique_ptr<Handle> handle_;
  int cells_ = 0;
};

// A BrlAPI key code (as brlapi_readKey gives it; bytes from BRLTTY) as a tactile key, through
// brlapi_expandKeyCode: BRLTTY's commands (LNUP, LNDN, FWINLT, FWINRT, TOP, BOT, HOME, PREFMENU,
// ROUTE n, PASSDOTS) and key symbols (characters, RETURN, BACKSPACE, ESCAPE, space). Anything else
// is an Unknown key carrying BrlAPI's name for it. `time` is left unset.
[[nodiscard]] BrailleKey decode_brlapi_key(std::uint64_t code);

}  // namespace annabella::tactile
