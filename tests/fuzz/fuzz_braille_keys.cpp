// Fuzzes the braille display's keys (tactile/braille_keys.h, app/braille_keys.h): BrlAPI key
// codes as BRLTTY sends them (any 64-bit value) decoded into keys, fed to dot entry and to the
// key map. Any code never crashes; a key keeps the code it came from and always has a name for
// the log; dot entry never holds more than its limit nor a character it cannot show; a typed
// entry ends in exactly one command.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <variant>

#include "app/braille_keys.h"
#include "tactile/braille_display.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using namespace annabella;
using annabella::fuzz::check;

void check_entry(const std::string& text) {
  check(text.size() <= tactile::DotEntry::kMaxLength);
  for (const char c : text) check(c > 0x20 && c < 0x7f);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  app::BrailleKeyMap map;
  tactile::DotEntry entry;
  bool menu_open = false;
  for (std::size_t at = 0; at + sizeof(std::uint64_t) <= size; at += sizeof(std::uint64_t)) {
    std::uint64_t code = 0;
    std::memcpy(&code, data + at, sizeof code);
    const tactile::BrailleKey key = tactile::decode_brlapi_key(code);
    check(key.code == code);
    check(!tactile::describe(key).empty());
    if (key.kind == tactile::BrailleKeyKind::Routing) check(key.cell >= 0 && key.cell <= 0xFFFF);
    const auto step = entry.feed(key);
    check_entry(entry.text());
    if (step == tactile::DotEntry::Step::Done) check(!entry.text().empty());
    const app::BrailleKeyAction action = map.press(key, menu_open);
    check(!action.note.empty());
    check(!(action.command && action.menu));  // one thing per key
    if (action.menu) menu_open = *action.menu != app::MenuKey::Close;
    if (action.command) {
      if (const auto* move = std::get_if<app::cmd::EnterMove>(&*action.command))
        check_entry(move->text);
    }
  }
  return 0;
}
