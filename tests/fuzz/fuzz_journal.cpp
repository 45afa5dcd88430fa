// libFuzzer target for the journal reader, the typed records' codec and the game replayed from it
// (`play --resume` reads whatever a crash left on the disk): any bytes are refused with a message
// naming the line, or read into entries that write back to lines that read back the same; a rebuilt
// game never holds an illegal move.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/game_record.h"
#include "app/journal.h"
#include "app/journal_records.h"
#include "tests/fuzz/fuzz_check.h"

using namespace annabella;
using annabella::fuzz::check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto contents = app::parse_journal({.name = "fuzz", .text = text});
  if (!contents) {
    check(contents.error().message.find("fuzz: line ") != std::string::npos);
    return 0;
  }
  check(contents->valid_bytes <= size);
  std::string again;
  for (std::size_t i = 0; i < contents->entries.size(); ++i)
    again += app::journal_line(i + 1, contents->entries[i]);
  auto reread = app::parse_journal({.name = "again", .text = again});
  check(reread.has_value() && reread->entries.size() == contents->entries.size());
  for (std::size_t i = 0; i < contents->entries.size(); ++i) {
    check(reread->entries[i].kind == contents->entries[i].kind);
    check(reread->entries[i].fields == contents->entries[i].fields);
  }
  // Every entry that decodes into a typed record encodes back to the same fields, and those
  // decode to the same record again (one codec, both ways).
  for (const auto& entry : contents->entries) {
    auto record = app::decode(entry, 1);
    if (!record) {
      check(!record.error().message.empty());
      continue;
    }
    const auto encoded = app::encode(*record);
    auto again_record = app::decode(encoded, 2);
    check(again_record.has_value() && again_record->index() == record->index());
    check(app::encode(*again_record).fields == encoded.fields);
  }
  auto game = app::replay_journal(*contents);
  if (!game) {
    check(!game.error().message.empty());
    return 0;
  }
  check(game->moves().size() == game->game().ply_count());
  return 0;
}
