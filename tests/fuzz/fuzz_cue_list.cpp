// Fuzzes the recording's cue-list check (speech/recorder.h verify_cue_list, behind `annabella
// recording verify`): any text against a short sound never crashes; what is accepted is a chain
// whose lines each count once, and the same text with one byte changed in a cue line is refused.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "speech/recorder.h"
#include "tests/fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace annabella;
  using fuzz::check;
  if (size == 0) return 0;
  // The first byte chooses how many samples the sound file holds (0..255).
  std::vector<std::int16_t> samples(data[0]);
  for (std::size_t i = 0; i < samples.size(); ++i) samples[i] = static_cast<std::int16_t>(i * 97);
  const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);

  auto checked = speech::verify_cue_list(text, samples, "fuzz.cues");
  if (!checked) return 0;
  int cue_lines = 0;
  for (std::size_t from = 0; from < text.size();) {
    std::size_t stop = text.find('\n', from);
    if (stop == std::string::npos) stop = text.size();
    if (stop > from && text[from] != '#') ++cue_lines;
    from = stop + 1;
  }
  check(checked->phrases + checked->cut_markers == cue_lines);
  // A digest chain: flipping the first character of the first cue line breaks it.
  if (cue_lines > 0) {
    std::string changed = text;
    std::size_t at = 0;
    while (changed[at] == '#') at = changed.find('\n', at) + 1;
    changed[at] = changed[at] == '1' ? '2' : '1';
    check(!speech::verify_cue_list(changed, samples, "fuzz.cues"));
  }
  return 0;
}
