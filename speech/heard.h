// What the station heard: one typed result per utterance, the narrow interface between voice input
// and the station. Never a wrong move silently (D.2.1, D.2.8): a move is `Move` only when it is
// legal and its margin over every other reading (another legal move, a move the words describe
// that is illegal here, a command, garbage) gives a confidence at the threshold or above;
// otherwise `Unsure`, with the readings to name, and the station asks again.
#pragma once

#include <chrono>
#include <cstdint>
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
  // The runner-up margin (margin_of) the confidence comes from; minus infinity without one.
  double margin = 0;
  // A move or command whose margin reaches JudgeSettings::sure_margin: one that may be acted on
  // without the speaker's confirmation (voice.confirm = "at once"); below it the station reads
  // it back and waits for the speaker's "ja" whatever the rule (D.2.1, never a wrong move
  // silently).
  bool sure = false;
  // The key (core::Position::key) of the position whose grammar the utterance was judged in; 0
  // when unknown. The station enters a move only in that position: a move heard in an earlier
  // one (a move was made while it was decoded) is asked again even when it is legal now.
  std::uint64_t position_key = 0;
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
  // The margin a reading needs to be entered without a confirmation (Heard::sure). From the full
  // benchmark corpus (docs/benchmarks.md): from 0.15 on, none of its 1,578 utterances was a
  // wrong reading. A speaker transform makes readings surer, the wrong ones too: the one wrong
  // reading of the adapted voice measured had a margin of 0.065 (bench_voice --only adapted).
  double sure_margin = 0.15;
  // The margin a confirmation word ("ja") needs to be sure: a one-syllable word's margin over the
  // phone loop is small whatever was said, and other words read as "ja" reached 0.155 ("Jaguar",
  // eSpeak NG, VoiceCapture.OnlyASureJaConfirms) while eSpeak NG's own "ja" stayed under 0.07:
  // twice the highest seen, so that nothing but a clear "ja" confirms (D.2.1; docs/voice.md).
  double confirm_margin = 0.3;
};

// How far the reading is ahead of the runner-up: the difference of their path scores over the
// whole utterance (natural log, in the decoder's scaled units); minus infinity when the runner-up
// decode found no path at all (a search that lost its way: no margin is known).
double margin_of(const Decoding& decoding);

// Judges one decoding in `pos` with its grammar. `offset` is where the utterance began.
Heard judge(const Decoding& decoding, const VoiceGrammar& grammar, const JudgeSettings& settings,
            std::chrono::milliseconds offset = {});

// The margin as the record writes it: "0.034" (three decimals), "none" without a runner-up.
std::string margin_text(double margin);
// The confidence and the margin it comes from, as the record writes them: "68% margin 0.034"
// (the confidence stops at 100 % at the clear margin; whether a reading is sure depends on the
// margin itself, so both are kept).
std::string confidence_text(const Heard& heard);

// One line for people and logs: "move Nf3 g1f3 \"springer felix drei\" 100% margin 0.212",
// "unsure ... (below the threshold: two close readings; not entered, ask again)".
std::string describe(const Heard& heard, const core::Position& pos);

}  // namespace annabella::speech
