// The board simulator as a host sees it over a real kernel pty: DGT and peg handshakes, dumps
// and scans, events only once a DGT host asked for updates, peg sequence numbers and buttons,
// error replies, the hand's errors, unplug and replug, and the move styles it picks.
#include "tactile/board_simulator.h"

#include <gtest/gtest.h>

#include "core/movegen.h"
#include "support/temp_dir.h"
#include "tactile/dgt_protocol.h"
#include "tactile/peg_protocol.h"
#include "tactile/serial_link.h"

namespace annabella::tactile {
namespace board_simulator_test {
namespace {

using namespace std::chrono_literals;
using core::Square;

constexpr auto kPatience = 10s;  // a hang guard only

Square sq(std::string_view name) {
  return *core::parse_square(name);
}

std::vector<std::uint8_t> bytes_of(const std::string& text) {
  return {text.begin(), text.end()};
}

std::unique_ptr<BoardSimulator> simulator(const testing::TempDir& dir, ProtocolKind protocol,
                                          int peg_version = 2) {
  BoardSimulatorSettings settings;
  settings.protocol = protocol;
  settings.peg_version = peg_version;
  settings.link = dir / "board";
  settings.name = "testsim";
  settings.pace.speed = 0;
  auto sim = BoardSimulator::create(settings);
  EXPECT_TRUE(sim) << sim.error().message;
  return sim ? std::move(*sim) : nullptr;
}

std::unique_ptr<SerialLink> host_link(const testing::TempDir& dir) {
  auto link = open_serial_link(dir / "board", LineSettings{});
  EXPECT_TRUE(link) << link.error().message;
  return link ? std::move(*link) : nullptr;
}

// Reads until `count` bytes came (or the patience ran out).
std::vector<std::uint8_t> receive(SerialLink& link, std::size_t count) {
  std::vector<std::uint8_t> got;
  std::array<std::uint8_t, 256> buffer{};
  const auto give_up = SteadyClock::now() + kPatience;
  while (got.size() < count && SteadyClock::now() < give_up) {
    auto n = link.read(buffer, 1000ms);
    if (!n) break;
    got.insert(got.end(), buffer.begin(), buffer.begin() + static_cast<std::ptrdiff_t>(*n));
  }
  return got;
}

std::string receive_text(SerialLink& link, std::size_t count) {
  const auto bytes = receive(link, count);
  return {bytes.begin(), bytes.end()};
}

TEST(BoardSimulator, DgtAnswersADumpAndSendsUpdatesOnlyWhenAsked) {
  testing::TempDir dir;
  auto sim = simulator(dir, ProtocolKind::Dgt);
  ASSERT_TRUE(sim);
  auto host = host_link(dir);
  ASSERT_TRUE(host);
  EXPECT_FALSE(sim->wait_for_host(0ms));
  ASSERT_TRUE(host->write(std::vector<std::uint8_t>{dgt::kSendBoard}));
  std::array<core::Piece, 64> start{};
  for (int s = 0; s < 64; ++s) start[s] = core::Position{}.piece_on(Square(s));
  EXPECT_EQ(receive(*host, 67), dgt::encode_board_dump(start));
  EXPECT_TRUE(sim->wait_for_host(kPatience));

  ASSERT_TRUE(sim->lift(sq("e2")));  // bus mode: no field updates yet
  ASSERT_TRUE(host->write(std::vector<std::uint8_t>{dgt::kSendFieldUpdates, dgt::kSendVersion}));
  EXPECT_EQ(receive(*host, 5), dgt::encode_version({1, 0}));
  ASSERT_TRUE(sim->place(sq("e4")));
  EXPECT_EQ(receive(*host, 5), dgt::encode_field_update(sq("e4"), core::W_PAWN));
  // A clock message for a clock that is not there is skipped whole (its bytes are no commands).
  ASSERT_TRUE(host->write(std::vector<std::uint8_t>{dgt::kClockMessage, 3, 0x03, dgt::kSendBoard,
                                                    0x00, dgt::kSendVersion}));
  EXPECT_EQ(receive(*host, 5), dgt::encode_version({1, 0}));
}

TEST(BoardSimulator, PegHandshakeScanEventsWithSequenceNumbersAndErrors) {
  testing::TempDir dir;
  auto sim = simulator(dir, ProtocolKind::Peg);
  ASSERT_TRUE(sim);
  auto host = host_link(dir);
  ASSERT_TRUE(host);
  const std::string hello = peg::encode_hello(
      "testsim", "ANNOUNCE,TIME,REPEAT,PROMOTE-Q,PROMOTE-R,PROMOTE-B,PROMOTE-N,MENU", 2);
  ASSERT_TRUE(host->write(bytes_of(peg::encode_host_hello() + peg::encode_scan_request())));
  const std::string scan = peg::encode_scan(0, core::Position{}.pieces());
  EXPECT_EQ(receive_text(*host, hello.size() + scan.size()), hello + scan);
  EXPECT_TRUE(sim->wait_for_host(kPatience));

  ASSERT_TRUE(sim->lift(sq("g1")));
  ASSERT_TRUE(sim->place(sq("f3")));
  ASSERT_TRUE(sim->press(BoardButton::Announce));
  const std::string events = peg::encode_lift(1, sq("g1")) + peg::encode_place(2, sq("f3")) +
                             peg::encode_button(3, BoardButton::Announce);
  EXPECT_EQ(receive_text(*host, events.size()), events);

  // The scan carries the last event's number: the host expects 04 next.
  ASSERT_TRUE(host->write(bytes_of(peg::encode_scan_request())));
  const std::string rescan =
      peg::encode_scan(3, core::Position{}.after(core::Move(sq("g1"), sq("f3"))).pieces());
  EXPECT_EQ(receive_text(*host, rescan.size()), rescan);

  ASSERT_TRUE(host->write(bytes_of("SCAN*00\nBOGUS*" + std::string("FF") + "\n")));
  const std::string errors = peg::frame("E bad checksum") + peg::frame("E bad checksum");
  EXPECT_EQ(receive_text(*host, errors.size()), errors);
  ASSERT_TRUE(host->write(bytes_of(peg::frame("TWIST 3"))));
  const std::string unknown = peg::frame("E unknown command TWIST");
  EXPECT_EQ(receive_text(*host, unknown.size()), unknown);
}

TEST(BoardSimulator, TheHandCannotDoTheImpossible) {
  testing::TempDir dir;
  auto sim = simulator(dir, ProtocolKind::Dgt);
  ASSERT_TRUE(sim);
  auto empty = sim->lift(sq("e4"));
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().message, "there is no piece on e4 to lift");
  auto occupied = sim->place(sq("e2"), core::W_QUEEN);
  ASSERT_FALSE(occupied);
  EXPECT_EQ(occupied.error().message, "e2 is occupied; lift the piece there first");
  auto nothing = sim->place(sq("e4"));
  ASSERT_FALSE(nothing);
  EXPECT_EQ(nothing.error().message, "no piece in the hand: name the piece to place on e4");
  EXPECT_FALSE(sim->press(BoardButton::Time));
  auto illegal = sim->play(core::Move(sq("e2"), sq("e5")), {});
  ASSERT_FALSE(illegal);
  EXPECT_NE(illegal.error().message.find("e2e5 is not a legal move"), std::string::npos);
  EXPECT_EQ(sim->board()[sq("e2")], core::W_PAWN);  // nothing changed
}

TEST(BoardSimulator, PlayMovesThePiecesAndFollowsTheGame) {
  testing::TempDir dir;
  auto sim = simulator(dir, ProtocolKind::Peg);
  ASSERT_TRUE(sim);
  auto after = core::Position{};
  for (const char* uci : {"e2e4", "d7d5", "e4d5", "g8f6", "f1b5", "c7c6", "g1f3", "c6b5", "e1g1"}) {
    core::Move move = core::Move::none();
    for (const core::Move m : core::legal_moves(after))
      if (core::to_uci(m) == uci) move = m;
    ASSERT_FALSE(move.is_none()) << uci;
    MoveStyle style = sim->pick_style(move);
    ASSERT_TRUE(sim->play(move, style)) << uci;
    after.play(move);
  }
  EXPECT_EQ(sim->position(), after);
  for (int s = 0; s < 64; ++s) EXPECT_EQ(sim->board()[s], after.piece_on(Square(s))) << s;
}

TEST(BoardSimulator, StylesFollowTheHabitsAndCaptureOrdersAlternate) {
  testing::TempDir dir;
  BoardSimulatorSettings settings;
  settings.protocol = ProtocolKind::Dgt;
  settings.pace.speed = 0;
  settings.habits = {.slide = 1.0, .wrong_square = 0.0, .bounce = 1.0, .seed = 7};
  settings.start =
      *core::Position::from_fen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
  auto sim = BoardSimulator::create(settings);
  ASSERT_TRUE(sim);
  const core::Move capture(sq("e4"), sq("d5"));
  EXPECT_EQ((*sim)->pick_style(capture).capture, MoveStyle::Capture::CapturedFirst);
  EXPECT_EQ((*sim)->pick_style(capture).capture, MoveStyle::Capture::CapturingFirst);
  EXPECT_EQ((*sim)->pick_style(capture).capture, MoveStyle::Capture::ScanOrder);
  const MoveStyle queen_move = (*sim)->pick_style(core::Move(sq("d1"), sq("g4")));
  EXPECT_TRUE(queen_move.bounce);
  EXPECT_TRUE(queen_move.slide_via == sq("e2") || queen_move.slide_via == sq("f3"));
  EXPECT_EQ((*sim)->pick_style(core::Move(sq("g1"), sq("f3"))).slide_via, core::SQ_NONE);

  settings.habits = {.slide = 0.0, .wrong_square = 1.0, .bounce = 0.0, .seed = 7};
  settings.link.clear();
  auto fumbling = BoardSimulator::create(settings);
  ASSERT_TRUE(fumbling);
  const MoveStyle knight = (*fumbling)->pick_style(core::Move(sq("g1"), sq("f3")));
  ASSERT_NE(knight.wrong_square, core::SQ_NONE);
  EXPECT_LE(std::abs(core::file_of(knight.wrong_square) - core::file_of(sq("f3"))), 1);
  EXPECT_LE(std::abs(core::rank_of(knight.wrong_square) - core::rank_of(sq("f3"))), 1);
  EXPECT_EQ(core::Position{}.piece_on(knight.wrong_square), core::NO_PIECE);
}

TEST(BoardSimulator, UnplugHangsUpAndReplugAnnouncesTheBoardAgain) {
  testing::TempDir dir;
  auto sim = simulator(dir, ProtocolKind::Peg);
  ASSERT_TRUE(sim);
  auto host = host_link(dir);
  ASSERT_TRUE(host);
  sim->unplug();
  EXPECT_FALSE(sim->plugged());
  EXPECT_TRUE(sim->device().empty());
  EXPECT_FALSE(std::filesystem::exists(dir / "board"));
  std::array<std::uint8_t, 16> buffer{};
  Result<std::size_t> n = std::size_t{0};
  for (int i = 0; i < 8 && n; ++i) n = host->read(buffer, 1000ms);
  EXPECT_FALSE(n);                   // the host's read fails: the device is gone
  ASSERT_TRUE(sim->lift(sq("e2")));  // the board is still a board while unplugged

  ASSERT_TRUE(sim->replug());
  EXPECT_TRUE(sim->plugged());
  auto again = host_link(dir);
  ASSERT_TRUE(again);
  ASSERT_TRUE(again->write(bytes_of(peg::encode_scan_request())));
  const std::string scan =
      peg::encode_scan(0, core::Position{}.pieces() & ~core::square_bb(sq("e2")));
  EXPECT_EQ(receive_text(*again, scan.size()), scan);
}

// Peg version 2 (docs/peg-protocol.md, "Versioning"): the board answers with the lower of the
// two versions and sends the menu buttons only when both speak version 2.
TEST(BoardSimulator, PegVersionIsAgreedInTheHelloAndMenuButtonsOnlyInVersion2) {
  const auto handshake = [](SerialLink& host, int host_version, int spoken,
                            const std::string& buttons) {
    const std::string hello = peg::encode_hello("testsim", buttons, spoken);
    const std::string scan = peg::encode_scan(0, core::Position{}.pieces());
    EXPECT_TRUE(
        host.write(bytes_of(peg::encode_host_hello(host_version) + peg::encode_scan_request())));
    EXPECT_EQ(receive_text(host, hello.size() + scan.size()), hello + scan);
  };
  {
    // A version 1 board (built before the menu keys) answers HELLO 2 as version 1 and has none.
    testing::TempDir dir;
    auto sim = simulator(dir, ProtocolKind::Peg, 1);
    ASSERT_TRUE(sim);
    auto host = host_link(dir);
    ASSERT_TRUE(host);
    handshake(*host, 2, 1, peg::all_buttons(1));
    EXPECT_FALSE(sim->press(BoardButton::Menu));
    ASSERT_TRUE(sim->press(BoardButton::Time));
    const std::string time = peg::encode_button(1, BoardButton::Time);
    EXPECT_EQ(receive_text(*host, time.size()), time);
  }
  {
    // A version 2 board behind a version 1 host speaks version 1: no menu key goes out.
    testing::TempDir dir;
    auto sim = simulator(dir, ProtocolKind::Peg, 2);
    ASSERT_TRUE(sim);
    auto host = host_link(dir);
    ASSERT_TRUE(host);
    handshake(*host, 1, 1, peg::all_buttons(1));
    const auto refused = sim->press(BoardButton::Select);
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().message.find("version 1"), std::string::npos);
    // ... and version 2 once the host offers it.
    handshake(*host, 2, 2, peg::all_buttons(2));
    ASSERT_TRUE(sim->press(BoardButton::Select));
    ASSERT_TRUE(sim->press(BoardButton::Confirm));
    const std::string keys =
        peg::encode_button(1, BoardButton::Select) + peg::encode_button(2, BoardButton::Confirm);
    EXPECT_EQ(receive_text(*host, keys.size()), keys);
  }
}

}  // namespace
}  // namespace board_simulator_test
}  // namespace annabella::tactile
