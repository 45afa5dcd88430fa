#include "speech/heard.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/notation.h"

namespace annabella::speech {
namespace {

using std::chrono::milliseconds;

std::string command_name(VoiceCommandKind k) {
  switch (k) {
    case VoiceCommandKind::Time:
      return "time";
    case VoiceCommandKind::Repeat:
      return "repeat";
    case VoiceCommandKind::Moves:
      return "moves";
    case VoiceCommandKind::BoardRank:
      return "board rank";
    case VoiceCommandKind::BoardFile:
      return "board file";
    case VoiceCommandKind::Captured:
      return "captured";
    case VoiceCommandKind::DrawOffer:
      return "draw";
    case VoiceCommandKind::Resign:
      return "resign";
    case VoiceCommandKind::DrawClaim:
      return "draw claim";
    case VoiceCommandKind::Yes:
      return "yes";
    case VoiceCommandKind::No:
      return "no";
  }
  return "?";
}

// Why a reading of the grammar is under the threshold, as what happened (the evidence an
// arbiter reads, D.2.1): what the runner-up was (another move, named beside the reading; a
// command; speech outside the grammar; a move not legal here), or that there was none.
std::string unsure_reason(const Decoding& d, const std::vector<std::string>& runner_up_words,
                          const std::optional<Reading>& runner_up, double margin,
                          double clear_margin) {
  if (d.runner_up.tokens.empty()) return "no runner-up reading was found, so no margin is known";
  if (margin >= clear_margin)
    return "below the threshold";  // a clear margin, under a threshold above 100 %
  std::string close;
  if (runner_up && runner_up->move && !runner_up->command)
    close = "two close readings";
  else if (runner_up && runner_up->command)
    close = "close to the command " + command_name(runner_up->command->kind);
  else if (runner_up_words.empty() ||
           std::any_of(runner_up_words.begin(), runner_up_words.end(), is_garbage_token))
    close = "close to speech outside the grammar";
  else
    close = "close to a move not legal here";
  return "below the threshold: " + close;
}

// Whether `words` end a longer legal phrase of the grammar that means another move ("Felix drei"
// ends "Springer Felix drei"): a voice that swallows the first word (the piece) reads as that
// shorter move, with margins as large as a right reading's (tester s15, English profiles:
// "Knight Foxtrot three" heard as the pawn's "foxtrot three" at margin 0.147).
bool ends_another_move(const VoiceGrammar& grammar, const std::vector<std::string>& words,
                       const Reading& reading) {
  for (const auto& phrase : grammar.phrases()) {
    if (!phrase.move || phrase.command || phrase.move == reading.move) continue;
    if (phrase.tokens.size() <= words.size()) continue;
    if (std::equal(words.rbegin(), words.rend(), phrase.tokens.rbegin())) return true;
  }
  return false;
}

}  // namespace

double margin_of(const Decoding& d) {
  if (d.runner_up.tokens.empty()) return -std::numeric_limits<double>::infinity();
  return (d.grammar.score_per_frame - d.runner_up.score_per_frame) * std::max(1, d.frames);
}

Heard judge(const Decoding& d, const VoiceGrammar& grammar, const JudgeSettings& settings,
            milliseconds offset) {
  Heard heard;
  // No margin until a reading of the grammar has its runner-up: "none" in the record, not 0.
  heard.margin = -std::numeric_limits<double>::infinity();
  const auto words = without_edge_garbage(d.grammar.tokens);
  heard.words = words;
  heard.start = offset + milliseconds(d.first_frame * 10);
  heard.end = offset + milliseconds(d.end_frame * 10);
  heard.position_key = grammar.position_key();
  if (d.grammar.tokens.empty()) {
    heard.why = "no words heard";
    return heard;
  }
  if (words.empty() || std::any_of(words.begin(), words.end(), is_garbage_token)) {
    heard.why = "speech outside the grammar";
    return heard;
  }
  const auto reading = grammar.read(words);
  if (!reading) {
    // A move the words describe, but not legal here (or not said as the grammar says it).
    heard.kind = HeardKind::Unsure;
    heard.why = "a move that is not legal here";
    return heard;
  }
  heard.margin = margin_of(d);
  heard.confidence = std::clamp(heard.margin / settings.clear_margin, 0.0, 1.0);
  heard.move = reading->move;
  heard.command = reading->command;
  heard.correction = reading->correction;
  if (heard.confidence >= settings.threshold) {
    // A draw claim with its intended move is a command (the move goes with it).
    heard.kind = reading->move && !reading->command ? HeardKind::Move : HeardKind::Command;
    const bool confirmation = reading->command && reading->command->kind == VoiceCommandKind::Yes;
    heard.sure = heard.margin >= (confirmation ? settings.confirm_margin : settings.sure_margin);
    // Never a wrong move silently (D.2.1): a move whose words may be another's with its first
    // word lost is read back and confirmed, never entered unasked, whatever its margin.
    if (heard.sure && heard.kind == HeardKind::Move && ends_another_move(grammar, words, *reading))
      heard.sure = false;
    return heard;
  }
  heard.kind = HeardKind::Unsure;
  // The readings to name: this one, and the runner-up when it is another legal move.
  const auto runner_up_words = without_edge_garbage(d.runner_up.tokens);
  const auto runner_up = grammar.read(runner_up_words);
  if (reading->move) heard.alternatives.push_back(*reading->move);
  if (runner_up && runner_up->move && runner_up->move != reading->move)
    heard.alternatives.push_back(*runner_up->move);
  heard.why = unsure_reason(d, runner_up_words, runner_up, heard.margin, settings.clear_margin);
  return heard;
}

std::string margin_text(double margin) {
  if (!std::isfinite(margin)) return "none";
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", margin);
  return text;
}

std::string confidence_text(const Heard& heard) {
  return std::to_string(std::lround(heard.confidence * 100)) + "% margin " +
         margin_text(heard.margin);
}

std::string describe(const Heard& heard, const core::Position& pos) {
  const std::string words = "\"" + join_tokens(heard.words) + "\"";
  const std::string confidence = confidence_text(heard);
  auto move_text = [&](core::Move m) { return core::to_san(pos, m) + " " + core::to_uci(m); };
  switch (heard.kind) {
    case HeardKind::Move:
      return std::string(heard.correction ? "correction " : "move ") + move_text(*heard.move) +
             " " + words + " " + confidence;
    case HeardKind::Command:
      return "command " + command_name(heard.command->kind) +
             (heard.command->value >= 0 ? " " + std::to_string(heard.command->value + 1) : "") +
             (heard.move ? " " + move_text(*heard.move) : "") + " " + words + " " + confidence;
    case HeardKind::Unsure: {
      std::string readings;
      for (core::Move m : heard.alternatives)
        readings += (readings.empty() ? "" : " or ") + move_text(m);
      return "unsure " + words + " " + confidence + (readings.empty() ? "" : ": " + readings) +
             " (" + heard.why + "; not entered, ask again)";
    }
    case HeardKind::Nothing:
      break;
  }
  return "nothing (" + heard.why + ")";
}

}  // namespace annabella::speech
