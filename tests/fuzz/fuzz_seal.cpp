// Fuzzes the readers of a recording's seal (app/recording_seal.h, behind `annabella recording
// verify`): the scoresheet code and key fingerprint as typed on the command line, a journal
// entry of kind "seal", and the Annabella* tags of a PGN. Nothing crashes; a code or key read is
// canonical (reading it again gives it back); a seal read back from fields writes the same
// fields and the same signed message, and its signature check answers without crashing.
#include <cstddef>
#include <cstdint>
#include <string>

#include "app/journal.h"
#include "app/recording_seal.h"
#include "core/pgn.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace annabella;
  using fuzz::check;
  const std::string text(reinterpret_cast<const char*>(data), size);

  if (auto code = app::parse_seal_code(text)) {
    check(code->size() == 15);
    check(*app::parse_seal_code(*code) == *code);
    check(app::seal_code_digits(*code).size() == 12);
  }
  if (auto key = app::parse_key_fingerprint(text)) {
    check(key->size() == 19);
    check(*app::parse_key_fingerprint(*key) == *key);
  }

  // As journal lines: each entry of kind "seal".
  if (auto journal = app::parse_journal({.name = "fuzz.journal", .text = text})) {
    for (const auto& entry : journal->entries) {
      if (entry.kind != "seal") continue;
      auto seal = app::seal_from_fields(entry);
      if (!seal) continue;
      auto again = app::seal_from_fields(app::seal_entry(*seal));
      check(static_cast<bool>(again));
      check(app::seal_message(*again) == app::seal_message(*seal));
      check(again->signature == seal->signature);
      const auto verdict = app::check_seal_signature(*seal);
      check(verdict || verdict.error().kind <= app::SealFault::Kind::SignatureDoesNotHold);
    }
  }
  // As a PGN with the seal's tags.
  for (const auto& game : core::read_pgn_games(text)) {
    auto seal = app::seal_from_pgn(game);
    if (!seal || !*seal) continue;
    check(app::seal_code(**seal).size() == 15);
    const auto verdict = app::check_seal_signature(**seal);
    check(verdict || verdict.error().kind <= app::SealFault::Kind::SignatureDoesNotHold);
  }
  return 0;
}
