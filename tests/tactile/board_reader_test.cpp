// The BoardReader device thread over real kernel pseudo-terminals: the handshake, inputs with
// their arrival times, a scan on request, unplugging (pty hang-up) and replugging mid-move,
// a device missing at start, prompt stop, and the game thread's pump into a Pegboard.
#include "tactile/board_reader.h"

#include <gtest/gtest.h>

#include <array>

#include "support/temp_dir.h"
#include "tactile/dgt_protocol.h"
#include "tactile/peg_protocol.h"

namespace annabella::tactile {
namespace board_reader_test {
namespace {

using namespace std::chrono_literals;
using Kind = BoardInput::Kind;

// A hang guard only: every wait normally ends within milliseconds.
constexpr auto kPatience = 10s;

std::array<core::Piece, 64> pieces_of(const core::Position& pos) {
  std::array<core::Piece, 64> pieces{};
  for (int s = 0; s < 64; ++s) pieces[s] = pos.piece_on(core::Square(s));
  return pieces;
}

// Collects a reader's inputs and waits for the one wanted.
class Inputs {
 public:
  BoardInputSink sink() { return queue_.sink(); }
  // Waits for the next input of `kind`, returning it; the ones before it stay in seen().
  std::optional<BoardInput> next(Kind kind) {
    const auto give_up = SteadyClock::now() + kPatience;
    for (;;) {
      while (cursor_ < seen_.size()) {
        const BoardInput& input = seen_[cursor_++];
        if (input.kind == kind) return input;
      }
      if (SteadyClock::now() > give_up) return std::nullopt;
      queue_.wait_take(seen_, give_up);
    }
  }
  const std::vector<BoardInput>& seen() const { return seen_; }

 private:
  BoardInputQueue queue_;
  std::vector<BoardInput> seen_;
  std::size_t cursor_ = 0;
};

// What the reader sent to the simulated board, read from the pty's master end.
std::vector<std::uint8_t> host_bytes(SerialLink& board, std::size_t count) {
  std::vector<std::uint8_t> got;
  std::array<std::uint8_t, 256> buffer{};
  const auto give_up = SteadyClock::now() + kPatience;
  while (got.size() < count && SteadyClock::now() < give_up) {
    auto n = board.read(buffer, 1000ms);
    if (!n) break;
    got.insert(got.end(), buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(*n));
  }
  return got;
}

BoardReaderSettings settings_for(const std::filesystem::path& port, ProtocolKind protocol) {
  BoardReaderSettings settings;
  settings.port = port;
  settings.protocol = protocol;
  settings.retry_first = 10ms;
  settings.retry_max = 50ms;
  return settings;
}

TEST(BoardReader, DgtHandshakeDumpAndFieldUpdatesArriveStamped) {
  testing::TempDir dir;
  auto board = PseudoTerminal::create(dir / "dgt");
  ASSERT_TRUE(board) << board.error().message;
  Inputs inputs;
  const TimePoint started = SteadyClock::now();
  BoardReader reader(settings_for(dir / "dgt", ProtocolKind::Dgt), inputs.sink());
  const auto connected = inputs.next(Kind::Connected);
  ASSERT_TRUE(connected);
  EXPECT_NE(connected->detail.find((dir / "dgt").string()), std::string::npos);
  EXPECT_NE(connected->detail.find("9600 8N1"), std::string::npos);
  EXPECT_EQ(host_bytes(**board, 3),
            (std::vector<std::uint8_t>{dgt::kReset, dgt::kSendFieldUpdates, dgt::kSendBoard}));

  ASSERT_TRUE((*board)->write(dgt::encode_board_dump(pieces_of(core::Position{}))));
  const auto scan = inputs.next(Kind::Scan);
  ASSERT_TRUE(scan);
  EXPECT_EQ(scan->scan.pieces, pieces_of(core::Position{}));

  ASSERT_TRUE((*board)->write(dgt::encode_field_update(core::SQ_E2, core::NO_PIECE)));
  const TimePoint before_place = SteadyClock::now();
  ASSERT_TRUE((*board)->write(dgt::encode_field_update(core::SQ_E4, core::W_PAWN)));
  const auto lift = inputs.next(Kind::Lift);
  const auto place = inputs.next(Kind::Place);
  ASSERT_TRUE(lift && place);
  EXPECT_EQ(lift->square, core::SQ_E2);
  EXPECT_EQ(place->square, core::SQ_E4);
  EXPECT_EQ(place->piece, core::W_PAWN);
  // Stamped when the bytes arrived: after they were written, in order.
  EXPECT_GE(lift->time, started);
  EXPECT_LE(lift->time, place->time);
  EXPECT_GE(place->time, before_place);
  EXPECT_EQ(reader.stats().messages, 3u);
  EXPECT_TRUE(reader.connected());
}

TEST(BoardReader, PegGarbageIsReportedOnceAndTheBoardReRead) {
  testing::TempDir dir;
  auto board = PseudoTerminal::create(dir / "peg");
  ASSERT_TRUE(board);
  Inputs inputs;
  BoardReader reader(settings_for(dir / "peg", ProtocolKind::Peg), inputs.sink());
  ASSERT_TRUE(inputs.next(Kind::Connected));
  const std::string hello = peg::frame("HELLO 3") + peg::frame("SCAN");
  const auto sent = host_bytes(**board, hello.size());
  EXPECT_EQ(std::string(sent.begin(), sent.end()), hello);
  const std::string lines = peg::encode_scan(0, core::Position{}.pieces()) + "\x01garbage\n" +
                            "more garbage\n" + peg::encode_lift(1, core::SQ_E2);
  ASSERT_TRUE((*board)->write(
      std::span(reinterpret_cast<const std::uint8_t*>(lines.data()), lines.size())));
  ASSERT_TRUE(inputs.next(Kind::Scan));
  ASSERT_TRUE(inputs.next(Kind::Garbage));
  // The reader sends the decoder's reply (one SCAN) by itself.
  const std::string scan = peg::frame("SCAN");
  const auto asked = host_bytes(**board, scan.size());
  EXPECT_EQ(std::string(asked.begin(), asked.end()), scan);
  const std::string reply =
      peg::encode_scan(1, core::Position{}.pieces() & ~core::square_bb(core::SQ_E2));
  ASSERT_TRUE((*board)->write(
      std::span(reinterpret_cast<const std::uint8_t*>(reply.data()), reply.size())));
  ASSERT_TRUE(inputs.next(Kind::Scan));
  int garbage = 0;
  for (const auto& input : inputs.seen()) garbage += input.kind == Kind::Garbage;
  EXPECT_EQ(garbage, 1);
  EXPECT_EQ(reader.stats().bad_messages, 2u);
}

// Text the simulated board writes / the next `size` characters the host wrote.
Status board_says(SerialLink& board, const std::string& text) {
  return board.write(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}
std::string host_said(SerialLink& board, std::size_t size) {
  const auto bytes = host_bytes(board, size);
  return {bytes.begin(), bytes.end()};
}

TEST(BoardReader, APegBoardThatMissedTheHandshakeIsAskedAgain) {
  // The board resets as the port opens (an Arduino-type board) and misses HELLO and SCAN: its
  // first event, and its power-up greeting, make the reader ask for the board again.
  testing::TempDir dir;
  auto pty = PseudoTerminal::create(dir / "peg");
  ASSERT_TRUE(pty);
  SerialLink& board = **pty;
  Inputs inputs;
  BoardReader reader(settings_for(dir / "peg", ProtocolKind::Peg), inputs.sink());
  ASSERT_TRUE(inputs.next(Kind::Connected));
  const std::string scan = peg::frame("SCAN");
  const std::string handshake = peg::frame("HELLO 3") + scan;
  EXPECT_EQ(host_said(board, handshake.size()), handshake);  // the board does not hear it
  ASSERT_TRUE(board_says(board, peg::encode_lift(1, core::SQ_E2)));
  EXPECT_EQ(host_said(board, scan.size()), scan);
  ASSERT_TRUE(board_says(board, peg::encode_hello("uno", "-")));  // that SCAN was lost too
  EXPECT_EQ(host_said(board, scan.size()), scan);
  ASSERT_TRUE(board_says(
      board, peg::encode_scan(0, core::Position{}.pieces()) + peg::encode_lift(1, core::SQ_G1)));
  ASSERT_TRUE(inputs.next(Kind::Scan));
  const auto lift = inputs.next(Kind::Lift);  // no longer deaf
  ASSERT_TRUE(lift);
  EXPECT_EQ(lift->square, core::SQ_G1);
}

TEST(BoardReader, RequestScanAsksTheBoard) {
  testing::TempDir dir;
  auto board = PseudoTerminal::create(dir / "dgt");
  ASSERT_TRUE(board);
  Inputs inputs;
  BoardReader reader(settings_for(dir / "dgt", ProtocolKind::Dgt), inputs.sink());
  ASSERT_TRUE(inputs.next(Kind::Connected));
  ASSERT_EQ(host_bytes(**board, 3).size(), 3u);
  reader.request_scan();
  EXPECT_EQ(host_bytes(**board, 1), std::vector<std::uint8_t>{dgt::kSendBoard});
}

TEST(BoardReader, UnplugIsDisconnectedAndReplugReconnectsAndRereadsTheBoard) {
  testing::TempDir dir;
  auto board = PseudoTerminal::create(dir / "dgt");
  ASSERT_TRUE(board);
  Inputs inputs;
  BoardReader reader(settings_for(dir / "dgt", ProtocolKind::Dgt), inputs.sink());
  ASSERT_TRUE(inputs.next(Kind::Connected));
  ASSERT_EQ(host_bytes(**board, 3).size(), 3u);
  ASSERT_TRUE((*board)->write(dgt::encode_field_update(core::SQ_E2, core::NO_PIECE)));
  ASSERT_TRUE(inputs.next(Kind::Lift));  // mid-move: the pawn is in the hand

  (*board)->hang_up();  // unplugged
  const auto gone = inputs.next(Kind::Disconnected);
  ASSERT_TRUE(gone);
  EXPECT_NE(gone->detail.find((dir / "dgt").string()), std::string::npos) << gone->detail;
  EXPECT_FALSE(reader.connected());

  board = PseudoTerminal::create(dir / "dgt");  // plugged in again
  ASSERT_TRUE(board);
  ASSERT_TRUE(inputs.next(Kind::Connected));
  // A fresh handshake and a full-board request after reconnecting.
  EXPECT_EQ(host_bytes(**board, 3),
            (std::vector<std::uint8_t>{dgt::kReset, dgt::kSendFieldUpdates, dgt::kSendBoard}));
  int disconnections = 0;
  for (const auto& input : inputs.seen()) disconnections += input.kind == Kind::Disconnected;
  EXPECT_EQ(disconnections, 1);  // said once, however many attempts the back-off made
}

TEST(BoardReader, AMissingDeviceIsReportedOnceThenConnectsWhenItAppears) {
  testing::TempDir dir;
  Inputs inputs;
  BoardReader reader(settings_for(dir / "later", ProtocolKind::Peg), inputs.sink());
  const auto missing = inputs.next(Kind::Disconnected);
  ASSERT_TRUE(missing);
  EXPECT_NE(missing->detail.find((dir / "later").string()), std::string::npos);
  auto board = PseudoTerminal::create(dir / "later");
  ASSERT_TRUE(board);
  ASSERT_TRUE(inputs.next(Kind::Connected));
  int disconnections = 0;
  for (const auto& input : inputs.seen()) disconnections += input.kind == Kind::Disconnected;
  EXPECT_EQ(disconnections, 1);
}

TEST(BoardReader, StopEndsABlockedReadAndABackOffWait) {
  testing::TempDir dir;
  auto board = PseudoTerminal::create(dir / "dgt");
  ASSERT_TRUE(board);
  Inputs connected_inputs;
  BoardReader connected(settings_for(dir / "dgt", ProtocolKind::Dgt), connected_inputs.sink());
  ASSERT_TRUE(connected_inputs.next(Kind::Connected));
  connected.stop();  // blocked in a one-minute read: returns at once
  EXPECT_FALSE(connected.connected());

  Inputs waiting_inputs;
  auto settings = settings_for(dir / "none", ProtocolKind::Dgt);
  settings.retry_first = 60s;
  settings.retry_max = 60s;
  BoardReader waiting(settings, waiting_inputs.sink());
  ASSERT_TRUE(waiting_inputs.next(Kind::Disconnected));
  waiting.stop();  // in a one-minute back-off: returns at once
}

TEST(BoardReader, PumpFeedsAPegboardThatCompletesAMoveMadeWhileUnplugged) {
  testing::TempDir dir;
  auto board = PseudoTerminal::create(dir / "peg");
  ASSERT_TRUE(board);
  BoardInputQueue queue;
  BoardReader reader(settings_for(dir / "peg", ProtocolKind::Peg), queue.sink());
  Pegboard pegboard(core::Position{}, {.settle = 10ms, .auto_announce = true});
  std::vector<PegboardEvent> events;
  const auto wait_for = [&](PegboardEvent::Kind kind) -> std::optional<PegboardEvent> {
    const auto give_up = SteadyClock::now() + kPatience;
    std::size_t from = 0;
    while (SteadyClock::now() < give_up) {
      for (; from < events.size(); ++from)
        if (events[from].kind == kind) {
          PegboardEvent found = events[from];
          events.erase(events.begin(), events.begin() + static_cast<std::ptrdiff_t>(from) + 1);
          return found;
        }
      pump(queue, pegboard, SteadyClock::now() + 100ms, events);
    }
    return std::nullopt;
  };
  const auto send = [&](const std::string& text) {
    return (*board)->write(
        std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
  };
  const std::size_t handshake = (peg::frame("HELLO 3") + peg::frame("SCAN")).size();
  ASSERT_EQ(host_bytes(**board, handshake).size(), handshake);
  ASSERT_TRUE(
      send(peg::encode_hello("test", "-") + peg::encode_scan(0, core::Position{}.pieces())));
  const auto first = wait_for(PegboardEvent::Kind::Connected);
  ASSERT_TRUE(first);
  EXPECT_TRUE(first->hints.empty());

  ASSERT_TRUE(send(peg::encode_lift(1, core::SQ_E2)));
  ASSERT_TRUE(wait_for(PegboardEvent::Kind::Touched));
  (*board)->hang_up();  // unplugged with the pawn in the hand
  ASSERT_TRUE(wait_for(PegboardEvent::Kind::Disconnected));

  board = PseudoTerminal::create(dir / "peg");  // the pawn was put on e4 meanwhile
  ASSERT_TRUE(board);
  ASSERT_EQ(host_bytes(**board, handshake).size(), handshake);
  ASSERT_TRUE(send(
      peg::encode_scan(0, core::Position{}.after(core::Move(core::SQ_E2, core::SQ_E4)).pieces())));
  const auto again = wait_for(PegboardEvent::Kind::Reconnected);
  ASSERT_TRUE(again);
  // A legal move made while unplugged is completed, not reported as a difference to undo.
  EXPECT_TRUE(again->hints.empty());
  EXPECT_EQ(again->agreement, PegboardEvent::Agreement::MovedOn);
  const auto made = wait_for(PegboardEvent::Kind::MoveMade);
  ASSERT_TRUE(made);
  EXPECT_EQ(core::to_uci(made->move), "e2e4");
}

TEST(BoardInputQueue, CloseWakesTheWaiterAndEndsThePump) {
  BoardInputQueue queue;
  BoardInput input;
  input.kind = Kind::Info;
  queue.push(input);
  queue.close();
  std::vector<BoardInput> out;
  EXPECT_TRUE(queue.wait_take(out, std::nullopt));  // what was queued is still delivered
  EXPECT_EQ(out.size(), 1u);
  EXPECT_FALSE(queue.wait_take(out, std::nullopt));
  Pegboard pegboard{core::Position{}};
  std::vector<PegboardEvent> events;
  EXPECT_FALSE(pump(queue, pegboard, SteadyClock::now() + kPatience, events));
}

}  // namespace
}  // namespace board_reader_test
}  // namespace annabella::tactile
