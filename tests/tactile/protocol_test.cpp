// The DGT and peg protocol decoders: framing, resynchronisation, garbage counted and reported
// once, and the board-side encoders read back by the host side.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/position.h"
#include "tactile/dgt_protocol.h"
#include "tactile/peg_protocol.h"

namespace annabella::tactile {
namespace protocol_test {
namespace {

using core::Square;
using Kind = BoardInput::Kind;

std::vector<BoardInput> decode(BoardProtocol& protocol, const std::vector<std::uint8_t>& bytes,
                               std::vector<std::uint8_t>* reply = nullptr) {
  std::vector<BoardInput> out;
  std::vector<std::uint8_t> sink;
  protocol.decode(bytes, TimePoint{}, out, reply ? *reply : sink);
  return out;
}

std::array<core::Piece, 64> start_pieces() {
  core::Position start;
  std::array<core::Piece, 64> pieces{};
  for (int s = 0; s < 64; ++s) pieces[s] = start.piece_on(Square(s));
  return pieces;
}

TEST(Dgt, SquareNumberingRunsFromA8) {
  EXPECT_EQ(dgt::to_square(0), core::SQ_A8);
  EXPECT_EQ(dgt::to_square(7), core::SQ_H8);
  EXPECT_EQ(dgt::to_square(63), core::SQ_H1);
  for (int i = 0; i < 64; ++i) EXPECT_EQ(dgt::to_index(dgt::to_square(i)), i);
}

TEST(Dgt, PieceCodesPutRookBeforeKnightAndKingBeforeQueen) {
  EXPECT_EQ(dgt::to_piece(2), core::W_ROOK);
  EXPECT_EQ(dgt::to_piece(3), core::W_KNIGHT);
  EXPECT_EQ(dgt::to_piece(5), core::W_KING);
  EXPECT_EQ(dgt::to_piece(12), core::B_QUEEN);
  EXPECT_FALSE(dgt::to_piece(13));
  for (std::uint8_t code = 0; code <= 12; ++code)
    EXPECT_EQ(dgt::to_code(*dgt::to_piece(code)), code);
}

TEST(Dgt, BoardDumpAndFieldUpdatesRoundTrip) {
  DgtProtocol dgt_protocol;
  auto bytes = dgt::encode_board_dump(start_pieces());
  const auto lift = dgt::encode_field_update(core::SQ_E2, core::NO_PIECE);
  const auto place = dgt::encode_field_update(core::SQ_E4, core::W_PAWN);
  bytes.insert(bytes.end(), lift.begin(), lift.end());
  bytes.insert(bytes.end(), place.begin(), place.end());
  const auto inputs = decode(dgt_protocol, bytes);
  ASSERT_EQ(inputs.size(), 3u);
  EXPECT_EQ(inputs[0].kind, Kind::Scan);
  EXPECT_TRUE(inputs[0].scan.identifies_pieces);
  EXPECT_EQ(inputs[0].scan.pieces, start_pieces());
  EXPECT_EQ(inputs[0].scan.occupied, core::Position().pieces());
  EXPECT_EQ(inputs[1].kind, Kind::Lift);
  EXPECT_EQ(inputs[1].square, core::SQ_E2);
  EXPECT_EQ(inputs[2].kind, Kind::Place);
  EXPECT_EQ(inputs[2].square, core::SQ_E4);
  EXPECT_EQ(inputs[2].piece, core::W_PAWN);
  EXPECT_EQ(dgt_protocol.stats().messages, 3u);
  EXPECT_EQ(dgt_protocol.stats().garbage_bytes, 0u);
}

TEST(Dgt, ResynchronisesOnAHeaderByteAndReportsGarbageOnce) {
  DgtProtocol dgt_protocol;
  std::vector<std::uint8_t> bytes = {0x01, 0x02, 0x03, dgt::kFieldUpdate, 0x00};  // cut short
  const auto update = dgt::encode_field_update(core::SQ_D7, core::NO_PIECE);
  bytes.insert(bytes.end(), update.begin(), update.end());
  const auto inputs = decode(dgt_protocol, bytes);
  ASSERT_EQ(inputs.size(), 2u);
  EXPECT_EQ(inputs[0].kind, Kind::Garbage);
  EXPECT_EQ(inputs[1].kind, Kind::Lift);
  EXPECT_EQ(inputs[1].square, core::SQ_D7);
  EXPECT_EQ(dgt_protocol.stats().garbage_bytes, 5u);
  EXPECT_EQ(dgt_protocol.stats().bad_messages, 1u);
  // A new run of garbage after a good message is reported again.
  EXPECT_EQ(decode(dgt_protocol, {0x05, 0x06}).size(), 1u);
}

TEST(Dgt, WrongLengthForAKnownIdIsDropped) {
  DgtProtocol dgt_protocol;
  const auto inputs = decode(dgt_protocol, {dgt::kFieldUpdate, 0x00, 0x07, 1, 2, 3, 4});
  ASSERT_EQ(inputs.size(), 1u);
  EXPECT_EQ(inputs[0].kind, Kind::Garbage);
  EXPECT_EQ(dgt_protocol.stats().messages, 0u);
}

TEST(Dgt, OtherMessagesAreCountedAndIgnored) {
  DgtProtocol dgt_protocol;
  const auto inputs = decode(dgt_protocol, dgt::encode_serial_number("12345"));
  EXPECT_TRUE(inputs.empty());
  EXPECT_EQ(dgt_protocol.stats().other_messages, 1u);
  const auto version = decode(dgt_protocol, dgt::encode_version({1, 7}));
  ASSERT_EQ(version.size(), 1u);
  EXPECT_EQ(version[0].detail, "DGT board version 1.7");
}

TEST(Dgt, ConnectResetsAndAsksForUpdatesThenADump) {
  DgtProtocol dgt_protocol;
  EXPECT_EQ(dgt_protocol.connect_bytes(),
            (std::vector<std::uint8_t>{dgt::kReset, dgt::kSendFieldUpdates, dgt::kSendBoard}));
}

TEST(Peg, ChecksumWorkedExampleOfTheSpecification) {
  // docs/peg-protocol.md works this example by hand.
  EXPECT_EQ(peg::crc8("L 00 e2"), 0x77);
  EXPECT_EQ(peg::frame("L 00 e2"), "L 00 e2*77\n");
  EXPECT_EQ(peg::crc8("123456789"), 0xF4);  // the CRC-8/SMBUS check value
}

TEST(Peg, EveryLineInTheSpecificationHasItsRealChecksum) {
  std::ifstream doc(std::string(ANNABELLA_SOURCE_DIR) + "/docs/peg-protocol.md");
  ASSERT_TRUE(doc);
  std::stringstream text;
  text << doc.rdbuf();
  const std::string spec = text.str();
  const std::regex line(R"(\b((?:PEG|HELLO|SCAN|[LPBSE])(?: [A-Za-z0-9,._-]+)*)\*([0-9A-F]{2})\b)");
  int checked = 0;
  for (auto it = std::sregex_iterator(spec.begin(), spec.end(), line); it != std::sregex_iterator();
       ++it) {
    EXPECT_EQ(peg::frame((*it)[1].str()), (*it)[0].str() + "\n") << (*it)[0].str();
    ++checked;
  }
  EXPECT_GE(checked, 15);
}

TEST(Peg, OccupancyHexIsRankOneFirst) {
  EXPECT_EQ(peg::occupancy_hex(core::Position().pieces()), "FFFF00000000FFFF");
  EXPECT_EQ(peg::occupancy_hex(core::square_bb(core::SQ_B1) | core::square_bb(core::SQ_H8)),
            "0200000000000080");
  EXPECT_EQ(peg::parse_occupancy("0200000000000080"),
            core::square_bb(core::SQ_B1) | core::square_bb(core::SQ_H8));
  EXPECT_FALSE(peg::parse_occupancy("02000000000000"));
  EXPECT_FALSE(peg::parse_occupancy("020000000000008g"));
}

std::vector<std::uint8_t> lines(const std::vector<std::string>& framed) {
  std::vector<std::uint8_t> bytes;
  for (const auto& line : framed) bytes.insert(bytes.end(), line.begin(), line.end());
  return bytes;
}

TEST(Peg, HandshakeScanAndEvents) {
  PegProtocol peg_protocol;
  const auto hello = peg_protocol.connect_bytes();
  EXPECT_EQ(std::string(hello.begin(), hello.end()), peg::frame("HELLO 3") + peg::frame("SCAN"));
  const auto inputs = decode(
      peg_protocol,
      lines({peg::encode_hello("sim", "ATR", 1), peg::encode_scan(4, core::Position().pieces()),
             peg::encode_lift(5, core::SQ_E2), peg::encode_place(6, core::SQ_E4),
             peg::encode_button(7, BoardButton::Announce)}));
  ASSERT_EQ(inputs.size(), 5u);
  EXPECT_EQ(inputs[0].kind, Kind::Info);
  EXPECT_EQ(inputs[0].detail, "peg board: 1 sim ATR");
  EXPECT_EQ(inputs[1].kind, Kind::Scan);
  EXPECT_FALSE(inputs[1].scan.identifies_pieces);
  EXPECT_EQ(inputs[1].scan.occupied, core::Position().pieces());
  EXPECT_EQ(inputs[2].kind, Kind::Lift);
  EXPECT_EQ(inputs[2].square, core::SQ_E2);
  EXPECT_EQ(inputs[3].kind, Kind::Place);
  EXPECT_EQ(inputs[3].square, core::SQ_E4);
  EXPECT_EQ(inputs[4].kind, Kind::Button);
  EXPECT_EQ(inputs[4].button, BoardButton::Announce);
}

TEST(Peg, AHelloWithoutVersionIsReadNotACrash) {
  // "PEG" with a valid checksum (firmware greeting without its fields): the reader used to take
  // substr(4) of the 3-character body, which threw on the reader's thread (std::terminate).
  PegProtocol peg_protocol;
  (void)peg_protocol.connect_bytes();
  ASSERT_EQ(peg::frame("PEG"), "PEG*EC\n");
  const auto inputs = decode(peg_protocol, lines({"PEG*EC\n"}));
  ASSERT_EQ(inputs.size(), 1u);
  EXPECT_EQ(inputs[0].kind, Kind::Info);
  EXPECT_EQ(inputs[0].detail, "peg board: (version not 1, 2 or 3: events are read as version 1)");
}

// Version 2 (docs/peg-protocol.md, "Versioning"): the host offers 2; a board answering PEG 2 may
// send the menu buttons; a version 1 board's lines mean what they always meant, and a menu
// token from it is a malformed line (the board is re-read), as it was for a version 1 host.
TEST(Peg, MenuButtonsOnlyFromABoardThatSpeaksVersion2) {
  const std::vector<BoardButton> menu = {BoardButton::Menu,     BoardButton::Next,
                                         BoardButton::Previous, BoardButton::Select,
                                         BoardButton::Back,     BoardButton::Confirm};
  const auto scan = peg::encode_scan(0, core::Position().pieces());
  // The longest PEG line (a 16-character name, every button) fits a line.
  EXPECT_LE(peg::encode_hello("sixteen-chars-ab", peg::all_buttons(2), 2).size() - 1,
            peg::kMaxLine);
  {
    PegProtocol v2;
    (void)v2.connect_bytes();
    std::vector<std::string> said = {peg::encode_hello("two", peg::all_buttons(2), 2), scan};
    for (std::size_t i = 0; i < menu.size(); ++i)
      said.push_back(peg::encode_button(static_cast<std::uint8_t>(i + 1), menu[i]));
    const auto inputs = decode(v2, lines(said));
    EXPECT_EQ(v2.version(), 2);
    ASSERT_EQ(inputs.size(), 2 + menu.size());
    EXPECT_EQ(inputs[0].detail,
              "peg board: 2 two ANNOUNCE,TIME,REPEAT,PROMOTE-Q,PROMOTE-R,PROMOTE-B,PROMOTE-N,"
              "MENU");
    for (std::size_t i = 0; i < menu.size(); ++i) {
      EXPECT_EQ(inputs[2 + i].kind, Kind::Button);
      EXPECT_EQ(inputs[2 + i].button, menu[i]);
    }
  }
  {
    PegProtocol v1;
    (void)v1.connect_bytes();
    std::vector<std::uint8_t> reply;
    const auto inputs = decode(
        v1,
        lines({peg::encode_hello("one", peg::all_buttons(1), 1), scan,
               peg::encode_button(1, BoardButton::Time), peg::encode_button(2, BoardButton::Menu)}),
        &reply);
    EXPECT_EQ(v1.version(), 1);
    EXPECT_EQ(inputs[0].detail,
              "peg board: 1 one ANNOUNCE,TIME,REPEAT,PROMOTE-Q,PROMOTE-R,PROMOTE-B,PROMOTE-N");
    ASSERT_EQ(inputs.size(), 4u);
    EXPECT_EQ(inputs[2].button, BoardButton::Time);
    EXPECT_EQ(inputs[3].kind, Kind::Garbage);  // MENU from a version 1 board: malformed
    EXPECT_EQ(v1.stats().bad_messages, 1u);
  }
  // A board that answers a version the host does not know is read as version 1.
  PegProtocol v9;
  (void)v9.connect_bytes();
  const auto inputs = decode(v9, lines({peg::frame("PEG 9 nine -"), scan}));
  EXPECT_EQ(v9.version(), 1);
  EXPECT_EQ(inputs[0].detail,
            "peg board: 9 nine - (version not 1, 2 or 3: events are read as version 1)");
}

// Version 3 (docs/peg-protocol.md, "Versioning"): the push-to-talk button, TALK when pressed
// and TALK-END when released, listed as TALK in the PEG line; from a version 2 board it is a
// malformed line (the board is re-read), as it is for a version 2 host.
TEST(Peg, ThePushToTalkButtonOnlyFromABoardThatSpeaksVersion3) {
  EXPECT_EQ(peg::encode_button(1, BoardButton::Talk), peg::frame("B 01 TALK"));
  EXPECT_EQ(peg::encode_button(2, BoardButton::TalkEnd), peg::frame("B 02 TALK-END"));
  EXPECT_LE(peg::encode_hello("sixteen-chars-ab", peg::all_buttons(3), 3).size() - 1,
            peg::kMaxLine);
  // A board of `version` says its hello and the scan, then presses TALK and releases it.
  const auto talk_on = [](int version) {
    PegProtocol host;
    (void)host.connect_bytes();
    auto inputs = decode(host, lines({peg::encode_hello("b", peg::all_buttons(version), version),
                                      peg::encode_scan(0, core::Position().pieces()),
                                      peg::encode_button(1, BoardButton::Talk),
                                      peg::encode_button(2, BoardButton::TalkEnd)}));
    EXPECT_EQ(host.version(), version);
    return inputs;
  };
  const auto v3 = talk_on(3);
  ASSERT_EQ(v3.size(), 4u);
  EXPECT_EQ(v3[0].detail,
            "peg board: 3 b ANNOUNCE,TIME,REPEAT,PROMOTE-Q,PROMOTE-R,PROMOTE-B,PROMOTE-N,MENU,"
            "TALK");
  EXPECT_EQ(v3[2].button, BoardButton::Talk);
  EXPECT_EQ(v3[3].button, BoardButton::TalkEnd);
  // From a version 2 board both are malformed lines (the first asks for the board again).
  const auto v2 = talk_on(2);
  ASSERT_GE(v2.size(), 3u);
  EXPECT_EQ(v2[2].kind, Kind::Garbage);
  EXPECT_TRUE(std::none_of(v2.begin(), v2.end(),
                           [](const BoardInput& in) { return in.kind == Kind::Button; }));
}

TEST(Peg, EveryShortBodyWithAValidChecksumIsDecodedWithoutThrowing) {
  // Each message type cut short at every length, and each with empty fields: read as an Info,
  // counted as malformed, or ignored, never an exception (no substr or index past the end).
  for (const std::string_view full : {"PEG 1 name ANNOUNCE", "L 01 e2", "P 01 e4", "B 01 ANNOUNCE",
                                      "S 00 FFFF00000000FFFF", "E bad checksum"}) {
    for (std::size_t length = 1; length <= full.size(); ++length) {
      const std::string cut(full.substr(0, length));
      for (const std::string& body : {cut, cut + " "}) {
        PegProtocol peg_protocol;
        (void)peg_protocol.connect_bytes();
        std::vector<std::uint8_t> reply;
        EXPECT_NO_THROW(decode(peg_protocol, lines({peg::frame(body)}), &reply)) << body;
      }
    }
  }
}

TEST(Peg, ACorruptLineIsCountedReportedOnceAndTheBoardReRead) {
  PegProtocol peg_protocol;
  (void)peg_protocol.connect_bytes();
  std::vector<std::uint8_t> reply;
  decode(peg_protocol, lines({peg::encode_scan(0, 0)}), &reply);
  EXPECT_TRUE(reply.empty());
  auto bad = peg::encode_lift(1, core::SQ_E2);
  bad[3] = '9';  // the sequence number changed in transit: the checksum no longer fits
  const auto inputs = decode(peg_protocol, lines({bad, "\x01\x02noise\n", bad}), &reply);
  ASSERT_EQ(inputs.size(), 1u);
  EXPECT_EQ(inputs[0].kind, Kind::Garbage);
  EXPECT_EQ(std::string(reply.begin(), reply.end()), peg::frame("SCAN"));  // asked once
  EXPECT_EQ(peg_protocol.stats().bad_messages, 3u);
  // Events before the scan reply are covered by it and not delivered.
  EXPECT_TRUE(decode(peg_protocol, lines({peg::encode_place(2, core::SQ_E4)})).empty());
  const auto after = decode(peg_protocol, lines({peg::encode_scan(2, core::square_bb(core::SQ_E4)),
                                                 peg::encode_lift(3, core::SQ_E4)}));
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(after[0].kind, Kind::Scan);
  EXPECT_EQ(after[1].kind, Kind::Lift);
}

std::vector<BoardInput> decode_at(BoardProtocol& protocol, const std::vector<std::uint8_t>& bytes,
                                  std::chrono::milliseconds at, std::vector<std::uint8_t>& reply) {
  std::vector<BoardInput> out;
  protocol.decode(bytes, TimePoint{} + at, out, reply);
  return out;
}

std::string text_of(std::vector<std::uint8_t>& bytes) {
  std::string text(bytes.begin(), bytes.end());
  bytes.clear();
  return text;
}

TEST(Peg, ABoardGreetingAfterTheHandshakeIsRead) {
  // An Arduino-type board resets as the port opens and misses HELLO and SCAN; its power-up PEG
  // line makes the host ask for the board (docs/peg-protocol.md, "Connecting").
  using namespace std::chrono_literals;
  PegProtocol peg_protocol;
  (void)peg_protocol.connect_bytes();
  std::vector<std::uint8_t> reply;
  const auto hello = decode_at(peg_protocol, lines({peg::encode_hello("uno", "-")}), 1800ms, reply);
  ASSERT_EQ(hello.size(), 1u);
  EXPECT_EQ(hello[0].kind, Kind::Info);
  EXPECT_EQ(text_of(reply), peg::frame("SCAN"));
  const auto read = decode_at(
      peg_protocol,
      lines({peg::encode_scan(0, core::Position().pieces()), peg::encode_lift(1, core::SQ_E2)}),
      1850ms, reply);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0].kind, Kind::Scan);
  EXPECT_EQ(read[1].kind, Kind::Lift);
  EXPECT_TRUE(reply.empty());
  // A board that resets mid-game greets again and counts from 01 again: read it afresh.
  decode_at(peg_protocol, lines({peg::encode_hello("uno", "-")}), 60s, reply);
  EXPECT_EQ(text_of(reply), peg::frame("SCAN"));
  EXPECT_TRUE(
      decode_at(peg_protocol, lines({peg::encode_lift(1, core::SQ_D2)}), 60s, reply).empty());
}

TEST(Peg, EventsWhileTheBoardIsUnreadAskForItAgainAtMostOnceASecond) {
  // The reply to the connect SCAN never came: the board must not stay deaf for the game.
  using namespace std::chrono_literals;
  PegProtocol peg_protocol;
  (void)peg_protocol.connect_bytes();
  std::vector<std::uint8_t> reply;
  // The first event asks at once (when the connect SCAN went out is unknown to the decoder).
  EXPECT_TRUE(
      decode_at(peg_protocol, lines({peg::encode_lift(1, core::SQ_G1)}), 5s, reply).empty());
  EXPECT_EQ(text_of(reply), peg::frame("SCAN"));
  // Within a second of that request: no second SCAN; a button still comes through.
  const auto button = decode_at(
      peg_protocol,
      lines({peg::encode_place(2, core::SQ_F3), peg::encode_button(3, BoardButton::Time)}), 5900ms,
      reply);
  ASSERT_EQ(button.size(), 1u);
  EXPECT_EQ(button[0].kind, Kind::Button);
  EXPECT_TRUE(reply.empty());
  // That SCAN was lost too: the next event a second later asks again.
  decode_at(peg_protocol, lines({peg::encode_lift(4, core::SQ_F3)}), 6s, reply);
  EXPECT_EQ(text_of(reply), peg::frame("SCAN"));
  const auto read = decode_at(
      peg_protocol,
      lines({peg::encode_scan(4, core::Position().pieces() & ~core::square_bb(core::SQ_G1)),
             peg::encode_place(5, core::SQ_F3)}),
      6050ms, reply);
  ASSERT_EQ(read.size(), 2u);
  EXPECT_EQ(read[0].kind, Kind::Scan);
  EXPECT_EQ(read[1].kind, Kind::Place);
  EXPECT_TRUE(reply.empty());
}

TEST(Peg, BadLinesAskForTheBoardAgainWhenTheScanReplyIsLost) {
  using namespace std::chrono_literals;
  PegProtocol peg_protocol;
  (void)peg_protocol.connect_bytes();
  std::vector<std::uint8_t> reply;
  decode_at(peg_protocol, lines({peg::encode_scan(0, 0)}), 0ms, reply);
  EXPECT_TRUE(reply.empty());
  decode_at(peg_protocol, lines({"noise\n"}), 10s, reply);
  EXPECT_EQ(text_of(reply), peg::frame("SCAN"));
  decode_at(peg_protocol, lines({"noise\n", "S 01 corrupted*00\n"}), 10500ms, reply);
  EXPECT_TRUE(reply.empty());  // asked half a second ago
  decode_at(peg_protocol, lines({"noise\n"}), 11s, reply);
  EXPECT_EQ(text_of(reply), peg::frame("SCAN"));  // the S reply was the corrupted line
}

TEST(Peg, ALostLineIsNoticedFromTheSequenceNumber) {
  PegProtocol peg_protocol;
  (void)peg_protocol.connect_bytes();
  std::vector<std::uint8_t> reply;
  decode(peg_protocol, lines({peg::encode_scan(0xFE, 0)}), &reply);
  // FF is lost; 00 arrives.
  const auto inputs = decode(peg_protocol, lines({peg::encode_place(0x00, core::SQ_A1)}), &reply);
  ASSERT_EQ(inputs.size(), 1u);
  EXPECT_EQ(inputs[0].kind, Kind::Info);
  EXPECT_EQ(std::string(reply.begin(), reply.end()), peg::frame("SCAN"));
}

TEST(Peg, SequenceNumbersWrapAround) {
  PegProtocol peg_protocol;
  (void)peg_protocol.connect_bytes();
  decode(peg_protocol, lines({peg::encode_scan(0xFF, 0)}));
  const auto inputs = decode(peg_protocol, lines({peg::encode_place(0x00, core::SQ_A1)}));
  ASSERT_EQ(inputs.size(), 1u);
  EXPECT_EQ(inputs[0].kind, Kind::Place);
}

TEST(Peg, OverlongLinesAndCrLfAndUnknownTypes) {
  PegProtocol peg_protocol;
  (void)peg_protocol.connect_bytes();
  decode(peg_protocol, lines({peg::encode_scan(0, 0)}));
  std::string crlf = peg::encode_place(1, core::SQ_C3);
  crlf.insert(crlf.size() - 1, "\r");
  auto inputs = decode(peg_protocol,
                       lines({std::string(200, 'x') + "\n", crlf, peg::frame("Z future message")}));
  // The over-long line may have hidden an event: the place waits for the scan it asked for.
  ASSERT_EQ(inputs.size(), 1u);
  EXPECT_EQ(inputs[0].kind, Kind::Garbage);
  EXPECT_EQ(peg_protocol.stats().other_messages, 1u);
  inputs = decode(peg_protocol, lines({peg::encode_scan(1, core::square_bb(core::SQ_C3)), crlf}));
  ASSERT_EQ(inputs.size(), 2u);
  EXPECT_EQ(inputs[0].kind, Kind::Scan);
  EXPECT_EQ(inputs[1].kind, Kind::Info);  // seq 01 again is out of order: not delivered
}

TEST(Peg, LinesUpToNinetySixCharactersAreRead) {
  peg::LineSplitter splitter;
  const auto feed = [&](const std::string& text) {
    peg::LineSplitter::Outcome last = peg::LineSplitter::Outcome::None;
    for (const char c : text) last = splitter.feed(static_cast<std::uint8_t>(c));
    return last;
  };
  EXPECT_EQ(feed(std::string(96, 'x') + "\r\n"), peg::LineSplitter::Outcome::Line);
  EXPECT_EQ(splitter.line().size(), 96u);
  splitter.reset();
  EXPECT_EQ(feed(std::string(97, 'x') + "\n"), peg::LineSplitter::Outcome::BadLine);
  EXPECT_EQ(feed("E ok\n"), peg::LineSplitter::Outcome::Line);  // the next line is read again
}

TEST(Peg, ButtonsRoundTrip) {
  for (const BoardButton b :
       {BoardButton::Announce, BoardButton::Time, BoardButton::Repeat, BoardButton::PromoteQueen,
        BoardButton::PromoteRook, BoardButton::PromoteBishop, BoardButton::PromoteKnight})
    EXPECT_EQ(peg::parse_button(peg::button_token(b)), b);
  EXPECT_FALSE(peg::parse_button("announce"));
}

}  // namespace
}  // namespace protocol_test
}  // namespace annabella::tactile
