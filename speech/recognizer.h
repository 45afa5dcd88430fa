// The narrow interface between voice input and a speech recogniser: give it the grammar of the
// position and the pronunciations, hand it one utterance of 16 kHz mono 16-bit samples, get back
// what it heard and the scores a confidence is computed from. speech/pocketsphinx_recognizer.h
// is the real one.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/result.h"
#include "speech/pronunciation.h"
#include "speech/voice_grammar.h"

namespace annabella::speech {

// The recogniser's sample rate: Debian's en-us acoustic model is trained on 16 kHz audio.
inline constexpr int kRecognizerSampleRateHz = 16000;

// One reading of the utterance: its words and its path score per frame (natural log, larger is
// better; comparable between the two decodes of one utterance).
struct Hypothesis {
  std::vector<std::string> tokens;
  double score_per_frame = 0;
};

struct Decoding {
  // The best path through the position's grammar (legal moves, other moves the words can
  // describe, commands, garbage).
  Hypothesis grammar;
  // The best path through the grammar without the first reading's meaning: the runner-up, and
  // its score per frame for the margin. Empty when the first reading was no phrase.
  Hypothesis runner_up;
  // Where the words were heard in the utterance, in frames of 10 ms, and its length.
  int first_frame = 0, end_frame = 0;
  int frames = 0;
  // Frames of the best path spent in the model's noise and speech fillers ([NOISE], [SPEECH]):
  // speech that no word of the grammar explains.
  int filler_frames = 0;
};

class Recognizer {
 public:
  virtual ~Recognizer() = default;
  // Makes `grammar` the one searched from now on; tokens missing from the recogniser's
  // dictionary are added from `dictionary`, which must have them all.
  virtual Status set_grammar(const VoiceGrammar& grammar,
                             const PronunciationDictionary& dictionary) = 0;
  // Decodes one utterance (16 kHz mono) against the grammar and, when it heard a phrase of the
  // position, against the grammar without that reading's meaning (the runner-up).
  // Fails before a grammar is set.
  virtual Result<Decoding> decode(std::span<const std::int16_t> samples) = 0;
  // The same, while the utterance comes in (streaming): begin_utterance, feed its samples as they
  // arrive, finish_utterance at its end (docs/voice.md). A recogniser that can (pocketsphinx)
  // decodes in feed (the runner-up on a thread of its own), so that little is left at the end;
  // these defaults keep the samples and decode them whole at the end. The grammar must not
  // change between begin and finish.
  virtual Status begin_utterance();
  virtual Status feed(std::span<const std::int16_t> samples);
  virtual Result<Decoding> finish_utterance();
  // Adapts the acoustic model to a speaker: a file is an MLLR transform (sphinxtrain's mllr_solve
  // output); a folder is a speaker's folder as adapt_to_speaker writes it, whose `means` (MAP)
  // replace the model's and whose `mllr_matrix`, if any, transforms them; an empty path goes back
  // to the model as shipped.
  virtual Status use_speaker_transform(const std::string& mllr_path) = 0;

 private:
  std::vector<std::int16_t> fed_;  // the defaults' samples of the utterance in progress
};

}  // namespace annabella::speech
