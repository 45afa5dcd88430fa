#include "speech/recognizer.h"

namespace annabella::speech {

// The defaults decode the utterance whole at its end.
Status Recognizer::begin_utterance() {
  fed_.clear();
  return {};
}

Status Recognizer::feed(std::span<const std::int16_t> samples) {
  fed_.insert(fed_.end(), samples.begin(), samples.end());
  return {};
}

Result<Decoding> Recognizer::finish_utterance() {
  std::vector<std::int16_t> samples;
  samples.swap(fed_);
  return decode(samples);
}

}  // namespace annabella::speech
