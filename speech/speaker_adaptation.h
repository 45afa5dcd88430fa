// Speaker adaptation (docs/voice.md, "Speaker adaptation"): before the round a player reads about
// thirty moves aloud, and the acoustic model is adapted to his voice with the tools Debian
// packages in sphinxtrain: an MLLR transform of the model's means, then MAP of the moved means.
// The tools run as processes, each in turn, in a work folder of their own:
//
//   sphinx_fe                  the utterances' cepstra (the model's feat.params)
//   pocketsphinx_mdef_convert  the model definition as text (sphinxtrain reads no binary mdef)
//   bw                         Baum-Welch counts of the utterances against their transcripts
//   mllr_solve                 one global MLLR transform of the means from those counts
//   mllr_transform             the means moved by it
//   bw, map_adapt              counts against the moved means, and MAP of them
//
// Debian's en-us model ships its mixture weights only as pocketsphinx's 8-bit "sendump", which
// sphinxtrain cannot read; write_mixture_weights turns them back into sphinxtrain's float
// "mixture_weights" (the quantization stays: at most ~5 % off each weight). The result, the
// adapted means (or, with AdaptationMethod::Mllr, the transform), is kept in the player's folder
// (speaker_voice_folder), which PocketsphinxRecognizer::use_speaker_transform loads.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "speech/pronunciation.h"
#include "speech/vocabulary.h"

namespace annabella::speech {

// One move the player reads: its words as shown and as eSpeak NG says them, and its tokens.
struct AdaptationPrompt {
  std::string text;    // "Springer Felix drei" (the profile's words)
  std::string spoken;  // the same for eSpeak NG
  std::vector<std::string> tokens;
};

// The 29 moves of a fixed opening (a closed Spanish game: captures, castling, a rook move that
// names its departure file), then the long castling and a king's move, in the short form of `v`:
// every file and rank word of the profile, every piece word and both castlings appear at least
// once (31 prompts).
std::vector<AdaptationPrompt> adaptation_prompts(const Vocabulary& v);

// One utterance read for the adaptation (16 kHz mono) and the tokens that were read.
struct AdaptationSample {
  std::vector<std::int16_t> samples;
  std::vector<std::string> tokens;
};

// How the model is adapted: MLLR writes a transform of the means (loaded on top of the model as
// shipped), MAP writes the adapted means themselves (loaded instead of the model's).
enum class AdaptationMethod {
  Mllr,       // one global MLLR transform
  MllrTwice,  // the readings realigned with that transform, and a second one solved
  Map,        // MAP of the means from the model as shipped
  MllrMap,    // MAP of the means, the MLLR-moved means as the prior
};

struct AdaptationSettings {
  // MLLR, then MAP on top: chosen on bench_voice --calibrate --only adapted (docs/benchmarks.md).
  AdaptationMethod method = AdaptationMethod::MllrMap;
  // MAP's prior weight, the same for every density: 0 lets map_adapt estimate it (its "simple
  // Bayesian" update), which moved the means so far from 29 readings that the runner-up search
  // lost its way on half of them; 300 chosen among 100, 300, 1000, 3000 on --calibrate.
  double map_tau = 300;
  std::filesystem::path model_dir = "/usr/share/pocketsphinx/model/en-us/en-us";
  // bw and mllr_solve (Debian package sphinxtrain; not on PATH).
  std::filesystem::path sphinxtrain_dir = "/usr/lib/sphinxtrain";
  // Where the tools work; empty: a fresh folder under the system's temporary folder, removed
  // afterwards. A given folder is kept (its *.log files say what each tool did).
  std::filesystem::path work_dir;
};

// Adapts the model to the speaker of `samples` and writes the result into the folder `out`:
// `means` (MAP) or `mllr_matrix` (MLLR alone), the other one removed if there.
// Every token of the samples must be in `dictionary` (its first pronunciation is the one
// aligned). Fails naming the tool that failed, its exit status and the last line it wrote.
Status adapt_to_speaker(const std::vector<AdaptationSample>& samples,
                        const PronunciationDictionary& dictionary, const std::filesystem::path& out,
                        const AdaptationSettings& settings = {});

// Converts pocketsphinx's quantized mixture weights (`sendump`, 8-bit negative logs in base
// 1.0001 shifted by 10 bits) into sphinxtrain's float32 `mixture_weights`, each senone's weights
// of each feature stream normalized to 1.
Status write_mixture_weights(const std::filesystem::path& sendump,
                             const std::filesystem::path& out);

// A player's adapted voice, the folder adapt_to_speaker writes and use_speaker_transform loads:
// `<data>/voices/<name>`, where <data> is $XDG_DATA_HOME/annabella or ~/.local/share/annabella
// and <name> the player's name in lower-case letters, digits and '-' (other characters become
// '-'). Fails for a name with no letter or digit, or when neither XDG_DATA_HOME nor HOME is set.
Result<std::filesystem::path> speaker_voice_folder(std::string_view player);

}  // namespace annabella::speech
