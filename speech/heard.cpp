#include "speech/heard.h"

#include <algorithm>
#include <cmath>

#include "core/notation.h"

namespace annabella::speech {
namespace {

using std::chrono::milliseconds;

bool same_meaning(const Reading& a, const Reading& b) {
  return a.move == b.move && a.command == b.command && a.correction == b.correction;
}

// The runner-up's score margin per frame at which a reading counts as fully clear. Calibrated on
// the benchmark's corpus (docs/benchmarks.md): agreeing readings with a margin of 0.0003 or more
// (a confidence of 0.6 at the top base) were all right there; below it some were wrong.
constexpr double kClearMargin = 0.0009;

// How sure the decodes together make a reading (docs/voice.md, "confidence"): a base from the
// agreeing second decode (the same words: 0.9; the same meaning in other words: 0.8; a phrase
// the position does not allow: 0.45; another legal move or command: 0.3), times a factor from
// 0.5 to 1 that grows with the margin over the runner-up (the grammar without this meaning).
double confidence_of(const Decoding& d, bool same_words, bool syntax_legal, bool agree) {
  const double base = agree ? (same_words ? 0.9 : 0.8) : (syntax_legal ? 0.3 : 0.45);
  if (d.runner_up.tokens.empty()) return base;  // nothing else in the grammar came close
  const double margin = d.grammar.score_per_frame - d.runner_up.score_per_frame;
  return base * (0.5 + 0.5 * std::clamp(margin / kClearMargin, 0.0, 1.0));
}

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
    case VoiceCommandKind::Yes:
      return "yes";
    case VoiceCommandKind::No:
      return "no";
  }
  return "?";
}

}  // namespace

Heard judge(const Decoding& d, const VoiceGrammar& grammar, const JudgeSettings& settings,
            milliseconds offset) {
  Heard heard;
  const auto words = without_edge_garbage(d.grammar.tokens);
  const auto syntax_words = without_edge_garbage(d.syntax.tokens);
  heard.words = words;
  heard.start = offset + milliseconds(d.first_frame * 10);
  heard.end = offset + milliseconds(d.end_frame * 10);
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
    heard.why = "no phrase of the grammar";
    return heard;
  }
  const auto syntax = grammar.read(syntax_words);
  const bool agree = syntax && same_meaning(*reading, *syntax);
  heard.confidence = confidence_of(d, words == syntax_words, syntax.has_value(), agree);
  heard.move = reading->move;
  heard.command = reading->command;
  heard.correction = reading->correction;
  if (heard.confidence >= settings.threshold) {
    heard.kind = reading->move ? HeardKind::Move : HeardKind::Command;
    return heard;
  }
  heard.kind = HeardKind::Unsure;
  // The readings to name: this one, and the closest other move (the runner-up when the decodes
  // agreed but the margin was small, else what the second decode heard).
  const auto runner_up = grammar.read(without_edge_garbage(d.runner_up.tokens));
  const auto& other = agree ? runner_up : syntax;
  if (reading->move) heard.alternatives.push_back(*reading->move);
  if (other && other->move && other->move != reading->move)
    heard.alternatives.push_back(*other->move);
  heard.why = agree    ? "two close readings"
              : syntax ? "the second decode heard something else"
                       : "the second decode heard no legal phrase";
  return heard;
}

std::string describe(const Heard& heard, const core::Position& pos) {
  const std::string words = "\"" + join_tokens(heard.words) + "\"";
  const std::string confidence = std::to_string(std::lround(heard.confidence * 100)) + "%";
  auto move_text = [&](core::Move m) { return core::to_san(pos, m) + " " + core::to_uci(m); };
  switch (heard.kind) {
    case HeardKind::Move:
      return std::string(heard.correction ? "correction " : "move ") + move_text(*heard.move) +
             " " + words + " " + confidence;
    case HeardKind::Command:
      return "command " + command_name(heard.command->kind) +
             (heard.command->value >= 0 ? " " + std::to_string(heard.command->value + 1) : "") +
             " " + words + " " + confidence;
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
