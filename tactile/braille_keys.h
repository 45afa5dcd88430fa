// The keys of a refreshable braille display, as tactile-level types (no BrlAPI here: the adapter
// tactile/braille_display.cpp decodes BrlAPI's key codes into these), and the braille dot entry
// that turns typed cells into text ("e4", "Sf3", "12").
//
// A display's keys reach annabella through BRLTTY, which has already mapped each model's own
// keys to its commands (LNUP, LNDN, FWINLT, FWINRT, TOP, BOT, ROUTE, PASSDOTS, ...): so these
// are the same for every model BRLTTY drives (docs/players-guide.md, "Braille display").
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace annabella::tactile {

enum class BrailleKeyKind : unsigned char {
  LineUp,    // BRLTTY LNUP
  LineDown,  // BRLTTY LNDN
  PanLeft,   // BRLTTY FWINLT: the previous part of a long line
  PanRight,  // BRLTTY FWINRT: the next part of a long line
  Top,       // BRLTTY TOP (also TOP_LEFT)
  Bottom,    // BRLTTY BOT (also BOT_LEFT)
  Home,      // BRLTTY HOME (back to the cursor): back to the clock line
  Menu,      // BRLTTY PREFMENU (the display's menu key)
  // BRLTTY PRDIFLN / NXDIFLN (the line before / after with different content): back and forward
  // through the private lines he was told (tactile/braille_view.h).
  PreviousLine,
  NextLine,
  Routing,    // BRLTTY ROUTE: the routing key above `cell`
  Dots,       // a braille cell typed on the display's braille keyboard (BRLTTY PASSDOTS)
  Character,  // a character: dots BRLTTY has already read with its text table, or a keyboard key
  Space,      // the space bar alone
  Enter,      // RETURN (a display's enter key, or dots chorded with space per BRLTTY's bindings)
  Backspace,  // BACKSPACE
  Escape,     // ESCAPE
  Unknown,    // any other key: reported with its code and BRLTTY's name for it, never dropped
};

struct BrailleKey {
  BrailleKeyKind kind = BrailleKeyKind::Unknown;
  int cell = 0;            // Routing: the cell under the key, 0 = leftmost
  std::uint8_t dots = 0;   // Dots: dot 1 = bit 0 ... dot 8 = bit 7
  bool chord = false;      // Dots: typed together with the space bar
  char32_t character = 0;  // Character: the Unicode character
  std::uint64_t code = 0;  // the BrlAPI key code, as read
  std::string name;        // BrlAPI's name for it ("PREFMENU"); for Unknown keys and the log
  std::chrono::steady_clock::time_point time{};  // when it was read
};

// "LINE DOWN", "ROUTE 5", "DOTS 1245", "CHAR g", "UNKNOWN PREFMENU (0x20000034)": for the log.
[[nodiscard]] std::string describe(const BrailleKey& key);

// Dots to a character in 8-dot computer braille as BRLTTY's default text table (en-nabcc, North
// American Braille Computer Code) reads them: letters a-z as in every braille (dot 7 makes a
// capital), digits 1-9 and 0 on the lower dots (1 = dots 2, 2 = dots 23, ... 0 = dots 356), and
// the signs a move needs (`-` = dots 36, `x` as the letter, `=` = dots 123456, `+` = dots 346,
// `#` = dots 3456, `/` = dots 34). nullopt for a cell it does not read.
[[nodiscard]] std::optional<char> computer_braille_character(std::uint8_t dots);
// The cell for a character (the inverse, for tests and the guide); 0 for none.
[[nodiscard]] std::uint8_t computer_braille_dots(char character);

// Braille dot entry: the player types a square ("e4"), a move ("Sf3", "e2e4", "O-O") or a number
// and ends it with Enter. Cells go through computer_braille_character; characters BRLTTY read
// for us are taken as they are (only printable ASCII).
class DotEntry {
 public:
  enum class Step : unsigned char {
    Typed,     // a character added
    Erased,    // the last character removed
    Done,      // Enter: text() is the entry; the next key starts a new one
    Refused,   // a cell or character it cannot read (nothing added)
    NotEntry,  // not dot entry (navigation, routing, ...; Enter or Backspace with nothing typed)
  };
  Step feed(const BrailleKey& key);
  [[nodiscard]] const std::string& text() const { return text_; }
  [[nodiscard]] bool empty() const { return text_.empty(); }
  void clear() { text_.clear(); }
  // At most this many characters (a move or a square is short).
  static constexpr std::size_t kMaxLength = 16;

 private:
  bool add(char c);
  std::string text_;
  bool done_ = false;
};

}  // namespace annabella::tactile
