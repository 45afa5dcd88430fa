// pocketsphinx (Debian's libpocketsphinx 5prealpha) as the Recognizer; pocketsphinx_recognizer.cpp
// is the only file that includes pocketsphinx and sphinxbase.
//
// One decoder is kept alive for the whole game (loading the model costs ~160 ms): a new position
// only replaces its two grammars. Each utterance is decoded twice: against the position's grammar
// and against its syntax grammar (the agreeing second decode); both hold a garbage loop of single
// phones. (pocketsphinx 5prealpha's n-best lists over a grammar's lattice and its all-phone
// search took seconds to tens of seconds an utterance here, so neither is used.) Not
// thread-safe: one thread (the listener's) uses it.
#pragma once

#include <memory>
#include <string>

#include "speech/recognizer.h"

namespace annabella::speech {

struct PocketsphinxSettings {
  // The acoustic model (Debian's pocketsphinx-en-us).
  std::string model_dir = "/usr/share/pocketsphinx/model/en-us/en-us";
  // Wider beams than pocketsphinx's defaults: a few points more right answers on grammar
  // decoding, at little cost (the study in docs/voice.md).
  std::string beam = "1e-80", word_beam = "1e-60", phone_beam = "1e-80";
  int top_gaussians = 8;
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
  Status use_speaker_transform(const std::string& mllr_path) override;

 private:
  struct Impl;
  explicit PocketsphinxRecognizer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace annabella::speech
