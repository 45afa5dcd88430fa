// A heard result as the station's typed request from InputSource::Voice: entered moves and the
// player's commands become requests; unsure, nothing, corrections and yes/no do not.
#include <gtest/gtest.h>

#include "app/voice_requests.h"
#include "core/notation.h"

namespace annabella::app {
namespace voice_requests_test {
namespace {

speech::Heard heard_command(speech::VoiceCommandKind kind, int value = -1) {
  speech::Heard h;
  h.kind = speech::HeardKind::Command;
  h.command = speech::VoiceCommand{kind, value};
  return h;
}

TEST(VoiceRequests, AnEnteredMoveIsEnteredAsUciFromVoice) {
  const auto pos = *core::Position::from_fen(core::kStartFen);
  speech::Heard h;
  h.kind = speech::HeardKind::Move;
  h.move = *core::read_move(pos, "Nf3");
  const TimePoint t = SteadyClock::now();
  const auto event = voice_request(h, core::BLACK, t);
  ASSERT_TRUE(event);
  EXPECT_EQ(event->time, t);
  const auto* request = std::get_if<ev::Request>(&event->body);
  ASSERT_TRUE(request);
  EXPECT_EQ(request->source, InputSource::Voice);
  const auto* enter = std::get_if<cmd::EnterMove>(&request->command);
  ASSERT_TRUE(enter);
  EXPECT_EQ(enter->text, "g1f3");
  h.correction = true;  // D.2.8: the station must replace its pending move instead
  EXPECT_FALSE(voice_request(h, core::BLACK, t));
  h.correction = false;
  h.kind = speech::HeardKind::Unsure;  // never entered: asked again
  EXPECT_FALSE(voice_request(h, core::BLACK, t));
}

TEST(VoiceRequests, CommandsOfThePlayersMenu) {
  using K = speech::VoiceCommandKind;
  const TimePoint t{};
  auto command = [&](speech::Heard h) {
    const auto event = voice_request(h, core::WHITE, t);
    EXPECT_TRUE(event);
    return std::get<ev::Request>(event->body).command;
  };
  EXPECT_TRUE(std::holds_alternative<cmd::Time>(command(heard_command(K::Time))));
  EXPECT_TRUE(std::holds_alternative<cmd::Repeat>(command(heard_command(K::Repeat))));
  EXPECT_EQ(std::get<cmd::Board>(command(heard_command(K::BoardRank, 3))).query, "r4");
  EXPECT_EQ(std::get<cmd::Board>(command(heard_command(K::BoardFile, 4))).query, "fe");
  EXPECT_EQ(std::get<cmd::DrawOffer>(command(heard_command(K::DrawOffer))).by, core::WHITE);
  EXPECT_EQ(std::get<cmd::Resign>(command(heard_command(K::Resign))).side, core::WHITE);
  EXPECT_FALSE(voice_request(heard_command(K::Yes), core::WHITE, t));
  speech::Heard nothing;
  EXPECT_FALSE(voice_request(nothing, core::WHITE, t));
}

}  // namespace
}  // namespace voice_requests_test
}  // namespace annabella::app
