// What the station heard: one typed result per utterance, the narrow interface between voice input
// and the station. Never a wrong move silently (D.2.1, D.2.8): a move is `Move` only when it is
// legal and its margin over every other reading (another legal move, a move the words describe
// that is illegal here, a command, garbage) gives a confidence at the threshold or above;
// otherwise `Unsure`, with the readings to name, and the station asks again.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "core/position.h"
#include "speech/recognizer.h"
#include "speech/voice_grammar.h"

namespace annabella::speech {

enum class HeardKind {
  Move,     // a move to enter (a correction of the last one when `correction`, D.2.8)
  Command,  // a request of the player's menu
  Unsure,   // something was said, but not surely enough to act on: ask again or name the readings
  Nothing,  // no phrase of the grammar (noise, talk outside the grammar)
};

struct Heard {
  HeardKind kind = HeardKind::Nothing;
  std::optional<core::Move> move;
  std::optional<VoiceCommand> command;
  bool correction = false;  // "nein, Springer Gustav drei": replaces the move before the clock
  // Unsure: the readings the two decodes gave, as moves (one or two), to name them.
  std::vector<core::Move> alternatives;
  std::vector<std::string> words;  // the position grammar's reading, as dictionary tokens
  double confidence = 0;           // 0 .. 1
  // Where the words were heard, counted from the start of listening.
  std::chrono::milliseconds start{0}, end{0};
  // When the speech began and ended, as the capture path measured them (the voice activity
  // detector's first and last loud frame, or the push-to-talk button), on the steady clock: the
  // time of the event, not of its decoding. Unset for an utterance that did not come through a
  // listener (a file decoded whole).
  std::chrono::steady_clock::time_point speech_began{}, speech_ended{};
  std::string why;  // Unsure / Nothing: why it is not entered
};

struct JudgeSettings {
  // A move or command is entered only at this confidence or above (docs/voice.md).
  double threshold = 0.6;
  // The runner-up margin (margin_of) at which the confidence is 1; it grows linearly from 0 at no
  // margin. Calibrated on utterances the benchmark does not measure (bench_voice --calibrate).
  double clear_margin = 0.05;
};

// How far the reading is ahead of the runner-up: the difference of their path scores over the
// whole utterance (natural log, in the decoder's scaled units); minus infinity when the runner-up
// decode found no path at all (a search that lost its way: no margin is known).
double margin_of(const Decoding& decoding);

// Judges one decoding in `pos` with its grammar. `offset` is where the utterance began.
Heard judge(const Decoding& decoding, const VoiceGrammar& grammar, const JudgeSettings& settings,
            std::chrono::milliseconds offset = {});

// One line for people and logs: "move Nf3 g1f3 \"springer felix drei\" 0.90", "unsure: ...".
std::string describe(const Heard& heard, const core::Position& pos);

}  // namespace annabella::speech
