#include "tactile/braille_keys.h"

#include <array>
#include <cstdio>

namespace annabella::tactile {

namespace {

constexpr std::uint8_t dots_of(std::string_view numbers) {
  std::uint8_t cell = 0;
  for (const char n : numbers) cell = static_cast<std::uint8_t>(cell | (1U << (n - '1')));
  return cell;
}

constexpr std::uint8_t kDot7 = 1U << 6;
constexpr std::uint8_t kDot8 = 1U << 7;

struct CellChar {
  char character;
  std::uint8_t dots;
};
// North American Braille Computer Code (BRLTTY's en-nabcc text table), the part a move, a square
// or a number needs. Capitals are the letters with dot 7.
constexpr std::array<CellChar, 41> kComputerBraille{{
    {'a', dots_of("1")},     {'b', dots_of("12")},     {'c', dots_of("14")},
    {'d', dots_of("145")},   {'e', dots_of("15")},     {'f', dots_of("124")},
    {'g', dots_of("1245")},  {'h', dots_of("125")},    {'i', dots_of("24")},
    {'j', dots_of("245")},   {'k', dots_of("13")},     {'l', dots_of("123")},
    {'m', dots_of("134")},   {'n', dots_of("1345")},   {'o', dots_of("135")},
    {'p', dots_of("1234")},  {'q', dots_of("12345")},  {'r', dots_of("1235")},
    {'s', dots_of("234")},   {'t', dots_of("2345")},   {'u', dots_of("136")},
    {'v', dots_of("1236")},  {'w', dots_of("2456")},   {'x', dots_of("1346")},
    {'y', dots_of("13456")}, {'z', dots_of("1356")},   {'1', dots_of("2")},
    {'2', dots_of("23")},    {'3', dots_of("25")},     {'4', dots_of("256")},
    {'5', dots_of("26")},    {'6', dots_of("235")},    {'7', dots_of("2356")},
    {'8', dots_of("236")},   {'9', dots_of("35")},     {'0', dots_of("356")},
    {'-', dots_of("36")},    {'=', dots_of("123456")}, {'+', dots_of("346")},
    {'#', dots_of("3456")},  {'/', dots_of("34")},
}};

std::string dot_numbers(std::uint8_t dots) {
  std::string numbers;
  for (int dot = 0; dot < 8; ++dot)
    if ((dots & (1U << dot)) != 0) numbers += static_cast<char>('1' + dot);
  return numbers;
}

}  // namespace

std::optional<char> computer_braille_character(std::uint8_t dots) {
  if ((dots & kDot8) != 0) return std::nullopt;
  const bool capital = (dots & kDot7) != 0;
  const auto cell = static_cast<std::uint8_t>(dots & ~kDot7);
  for (const auto& entry : kComputerBraille) {
    if (entry.dots != cell) continue;
    if (!capital) return entry.character;
    if (entry.character >= 'a' && entry.character <= 'z')
      return static_cast<char>(entry.character - 'a' + 'A');
    return std::nullopt;
  }
  return std::nullopt;
}

std::uint8_t computer_braille_dots(char character) {
  const bool capital = character >= 'A' && character <= 'Z';
  const char lower = capital ? static_cast<char>(character - 'A' + 'a') : character;
  for (const auto& entry : kComputerBraille)
    if (entry.character == lower)
      return capital ? static_cast<std::uint8_t>(entry.dots | kDot7) : entry.dots;
  return 0;
}

std::string describe(const BrailleKey& key) {
  switch (key.kind) {
    case BrailleKeyKind::LineUp:
      return "LINE UP";
    case BrailleKeyKind::LineDown:
      return "LINE DOWN";
    case BrailleKeyKind::PanLeft:
      return "PAN LEFT";
    case BrailleKeyKind::PanRight:
      return "PAN RIGHT";
    case BrailleKeyKind::Top:
      return "TOP";
    case BrailleKeyKind::Bottom:
      return "BOTTOM";
    case BrailleKeyKind::Home:
      return "HOME";
    case BrailleKeyKind::Menu:
      return "MENU";
    case BrailleKeyKind::PreviousLine:
      return "PREVIOUS LINE";
    case BrailleKeyKind::NextLine:
      return "NEXT LINE";
    case BrailleKeyKind::Routing:
      return "ROUTE " + std::to_string(key.cell + 1);
    case BrailleKeyKind::Dots:
      return std::string(key.chord ? "CHORD " : "DOTS ") +
             (key.dots == 0 ? std::string("(none)") : dot_numbers(key.dots));
    case BrailleKeyKind::Character: {
      if (key.character >= 0x21 && key.character < 0x7f)
        return std::string("CHAR ") + static_cast<char>(key.character);
      char code[16];
      std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(key.character));
      return std::string("CHAR ") + code;
    }
    case BrailleKeyKind::Space:
      return "SPACE";
    case BrailleKeyKind::Enter:
      return "ENTER";
    case BrailleKeyKind::Backspace:
      return "BACKSPACE";
    case BrailleKeyKind::Escape:
      return "ESCAPE";
    case BrailleKeyKind::Unknown:
      break;
  }
  char code[32];
  std::snprintf(code, sizeof code, "0x%llx", static_cast<unsigned long long>(key.code));
  return "UNKNOWN " + (key.name.empty() ? std::string("key") : key.name) + " (" + code + ")";
}

bool DotEntry::add(char c) {
  if (text_.size() >= kMaxLength) return false;
  text_ += c;
  return true;
}

DotEntry::Step DotEntry::feed(const BrailleKey& key) {
  if (done_) {
    text_.clear();
    done_ = false;
  }
  switch (key.kind) {
    case BrailleKeyKind::Dots: {
      if (key.chord) return Step::NotEntry;  // chords are commands (app/braille_keys.h)
      const auto c = computer_braille_character(key.dots);
      return c && add(*c) ? Step::Typed : Step::Refused;
    }
    case BrailleKeyKind::Character:
      if (key.character < 0x21 || key.character >= 0x7f) return Step::Refused;
      return add(static_cast<char>(key.character)) ? Step::Typed : Step::Refused;
    case BrailleKeyKind::Backspace:
      if (text_.empty()) return Step::NotEntry;  // nothing typed: the app may use it as a key
      text_.pop_back();
      return Step::Erased;
    case BrailleKeyKind::Enter:
      if (text_.empty()) return Step::NotEntry;
      done_ = true;
      return Step::Done;
    default:
      return Step::NotEntry;
  }
}

}  // namespace annabella::tactile
