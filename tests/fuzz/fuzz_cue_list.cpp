// Fuzzes the recording's cue-list check (speech/cue_list.h verify_cue_list, behind `annabella
// recording verify`), cue list v1 to v4: any text against a short sound never crashes; what is
// accepted is a chain whose verified lines each count once (phrases, cut and heard markers, at
// most one interrupted marker left open, and (v4) each gap's interrupted and resumed markers,
// next to each other), with a digest kept per line; and the same text with the first cue line
// changed is refused.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "speech/cue_list.h"
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
  if (!checked) {
    check(!checked.error().file.empty());
    return 0;
  }
  // Complete cue lines (ending in a line end); the last one may be a torn tail, not counted.
  int cue_lines = 0;
  std::size_t first_cue = std::string::npos;
  for (std::size_t from = 0; from < text.size();) {
    const std::size_t stop = text.find('\n', from);
    if (stop == std::string::npos) break;
    if (stop > from && text[from] != '#') {
      ++cue_lines;
      if (first_cue == std::string::npos) first_cue = from;
    }
    from = stop + 1;
  }
  const auto& c = *checked;
  check(c.phrases + c.cut_markers + c.heard_lines + (c.interrupted ? 1 : 0) +
            2 * static_cast<int>(c.gaps.size()) ==
        c.lines);
  for (std::size_t i = 0; i < c.gaps.size(); ++i) {
    check(c.version >= 4);
    check(c.gaps[i].line == c.gaps[i].cut.line + 1);
    check(i == 0 || c.gaps[i].cut.line > c.gaps[i - 1].line);
    check(!c.interrupted || c.interrupted->line > c.gaps[i].line);
  }
  check(c.lines == cue_lines || (c.lines == cue_lines - 1 && !c.torn_tail.empty()));
  check(static_cast<int>(c.digests.size()) == c.lines);
  check(c.last_digest == c.digest_at(c.lines));
  check(!c.interrupted || c.interrupted->line == c.lines);
  // A digest chain: changing the first character of the first cue line breaks it.
  if (c.lines > 0) {
    std::string changed = text;
    changed[first_cue] = changed[first_cue] == '1' ? '2' : '1';
    check(!speech::verify_cue_list(changed, samples, "fuzz.cues"));
  }
  return 0;
}
