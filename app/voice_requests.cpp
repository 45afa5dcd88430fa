#include "app/voice_requests.h"

#include "core/notation.h"

namespace annabella::app {
namespace {

std::optional<Command> command_for(const speech::VoiceCommand& c, core::Color speaker) {
  using K = speech::VoiceCommandKind;
  switch (c.kind) {
    case K::Time:
      return cmd::Time{};  // D.2.10.4
    case K::Repeat:
      return cmd::Repeat{};
    case K::Moves:
      return cmd::Moves{};
    case K::BoardRank:
      return cmd::Board{"r" + std::to_string(c.value + 1)};
    case K::BoardFile:
      return cmd::Board{std::string("f") + char('a' + c.value)};
    case K::Captured:
      return cmd::Captured{};
    case K::DrawOffer:
      return cmd::DrawOffer{speaker};  // Art. 9.1.2
    case K::Resign:
      return cmd::Resign{speaker};  // Art. 5.1.2
    case K::DrawClaim:              // the player's menu asks for the move and the confirmation
    case K::Yes:
    case K::No:
      break;
  }
  return std::nullopt;
}

}  // namespace

std::optional<StationEvent> voice_request(const speech::Heard& heard, core::Color speaker,
                                          TimePoint time) {
  std::optional<Command> command;
  if (heard.kind == speech::HeardKind::Move && heard.move && !heard.correction)
    command = cmd::EnterMove{core::to_uci(*heard.move)};  // D.2.1, in the position it was heard
  else if (heard.kind == speech::HeardKind::Command && heard.command)
    command = command_for(*heard.command, speaker);
  if (!command) return std::nullopt;
  return StationEvent{time, ev::Request{*command, InputSource::Voice}};
}

}  // namespace annabella::app
