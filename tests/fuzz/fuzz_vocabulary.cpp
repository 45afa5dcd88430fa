// Fuzzes the vocabulary profile reader (speech/vocabulary.h: a profile file given in the
// configuration, `speech.profile = "/path/words.txt"`) and everything said with what it accepts:
// every move of two positions in both forms, time readouts, board readings and the move parser.
// Any profile text is fine; a crash or a sanitizer report is not, and neither is a phrase
// without text or a parsed "move" that is not legal.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/movegen.h"
#include "speech/move_parser.h"
#include "speech/phrases.h"
#include "speech/vocabulary.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace annabella;
  using fuzz::check;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto vocabulary = speech::Vocabulary::parse(text, "fuzz.txt");
  if (!vocabulary) {
    check(!vocabulary.error().message.empty());
    return 0;
  }
  static const core::Position positions[] = {
      core::Position(),
      *core::Position::from_fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"),
  };
  const speech::MoveParser parser(*vocabulary);
  for (const core::Position& pos : positions) {
    for (core::Move move : core::legal_moves(pos)) {
      for (auto form : {speech::MoveForm::Short, speech::MoveForm::Long}) {
        const speech::Phrase phrase = speech::phrase_for_move(*vocabulary, pos, move, {form, true});
        auto heard = parser.parse(pos, phrase.text);
        if (heard) check(core::legal_moves(pos).contains(*heard));
      }
    }
    (void)speech::phrase_board_reading(*vocabulary, pos, pos.pieces());
  }
  for (long long ms : {0LL, 999LL, 61'000LL, 3'599'999LL, 7'265'000LL})
    (void)speech::phrase_time_readout(*vocabulary, std::chrono::milliseconds(ms),
                                      std::chrono::milliseconds(ms / 2), int(ms % 300));
  return 0;
}
