// pocketsphinx (Debian's libpocketsphinx 5prealpha) as the Recognizer; pocketsphinx_recognizer.cpp
// is the only file that includes pocketsphinx and sphinxbase.
//
// Two decoders are kept alive for the whole game (loading the model costs ~160 ms each): a new
// position only replaces its grammar, given as a word graph (pocketsphinx's FSG, built directly:
// no JSGF is parsed). Each utterance is decoded against the position's grammar, while it is said
// when it is fed in pieces, and, when that heard a phrase, against the grammar without that
// phrase's meaning (the runner-up, for the margin) by the second decoder on a thread of its own:
// started during the speech for the first decode's partial reading, so that at the end of the
// speech little of it is left (docs/voice.md, "Decoding while the speech comes in").
// (pocketsphinx 5prealpha's n-best lists over a grammar's lattice and its all-phone search took
// seconds to tens of seconds an utterance here, so neither is used.) Not thread-safe: one thread
// (the listener's) calls it; the runner-up's thread is its own business.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "speech/recognizer.h"

namespace annabella::speech {

struct PocketsphinxSettings {
  // The acoustic model (Debian's pocketsphinx-en-us).
  std::string model_dir = "/usr/share/pocketsphinx/model/en-us/en-us";
  // Between pocketsphinx's own beams (1e-48, 7e-29, 1e-48), with which the runner-up decode
  // often lost every path to the end of the grammar, and the first study's (1e-80, 1e-60, 1e-80,
  // top 8), which cost twice the CPU for a point (docs/benchmarks.md).
  std::string beam = "1e-60", word_beam = "1e-40", phone_beam = "1e-60";
  int top_gaussians = 4;
  // Streaming: the runner-up is built and decoded while the utterance still comes in, for the
  // first decode's partial reading, and used at the end when the reading heard is that one (it
  // otherwise starts then, over the whole utterance). False: always started at the end
  // (bench_voice --no-ahead).
  bool runner_up_ahead = true;
  // While a speaker's adapted voice is loaded (use_speaker_transform), a runner-up search that
  // lost every path to the end of its grammar (no margin known: the reading asked again) is
  // decoded again with this beam, the word and phone beams scaled alike; 0: not again. Chosen on
  // bench_voice --calibrate --only adapted (docs/benchmarks.md); without adaptation the search
  // lost no path there, so it is not used.
  double adapted_retry_beam = 1e-80;
  // Tests only: the runner-up's thread waits this long before each piece it decodes, as on a
  // second core that is busy (its result must not change).
  std::chrono::milliseconds runner_up_delay{0};
  // Further decoder options ("-dither", "yes"), for experiments and the benchmark.
  std::vector<std::pair<std::string, std::string>> options;
};

class PocketsphinxRecognizer final : public Recognizer {
 public:
  // Loads the model with `dictionary` (every word the grammars will use; words missing later are
  // added from set_grammar's dictionary) and the garbage loop's words.
  static Result<std::unique_ptr<PocketsphinxRecognizer>> create(
      const PronunciationDictionary& dictionary, const PocketsphinxSettings& s = {});
  ~PocketsphinxRecognizer() override;
  PocketsphinxRecognizer(const PocketsphinxRecognizer&) = delete;
  PocketsphinxRecognizer& operator=(const PocketsphinxRecognizer&) = delete;

  Status set_grammar(const VoiceGrammar& grammar,
                     const PronunciationDictionary& dictionary) override;
  Result<Decoding> decode(std::span<const std::int16_t> samples) override;
  // Streaming: the first decode runs as the samples come in, and the runner-up decode too, on the
  // second decoder's thread, once the partial reading is stable
  // (PocketsphinxSettings::runner_up_ahead); at the end only what is left of it.
  Status begin_utterance() override;
  Status feed(std::span<const std::int16_t> samples) override;
  Result<Decoding> finish_utterance() override;
  Status use_speaker_transform(const std::string& mllr_path) override;

 private:
  struct Impl;
  explicit PocketsphinxRecognizer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace annabella::speech
