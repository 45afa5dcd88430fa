// The open peg protocol (docs/peg-protocol.md): framing, checksum, host and board side.
#include "tactile/peg_protocol.h"

#include <cstdio>

namespace annabella::tactile {

namespace peg {
namespace {

constexpr char kHex[] = "0123456789ABCDEF";

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string hex2(std::uint8_t value) {
  return {kHex[value >> 4], kHex[value & 15]};
}

std::optional<std::uint8_t> parse_hex2(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const int hi = hex_digit(text[0]);
  const int lo = hex_digit(text[1]);
  if (hi < 0 || lo < 0) return std::nullopt;
  return static_cast<std::uint8_t>(hi * 16 + lo);
}

// Splits on single spaces (at most `max` tokens; an empty token makes the line malformed).
std::vector<std::string_view> tokens_of(std::string_view body) {
  std::vector<std::string_view> tokens;
  std::size_t start = 0;
  while (start <= body.size()) {
    const std::size_t space = body.find(' ', start);
    const std::size_t end = space == std::string_view::npos ? body.size() : space;
    tokens.push_back(body.substr(start, end - start));
    if (space == std::string_view::npos) break;
    start = space + 1;
  }
  return tokens;
}

std::uint8_t crc8(std::string_view body) {
  std::uint8_t crc = 0;
  for (const char c : body) {
    crc = static_cast<std::uint8_t>(crc ^ static_cast<std::uint8_t>(c));
    for (int bit = 0; bit < 8; ++bit)
      crc = static_cast<std::uint8_t>((crc & 0x80) ? (crc << 1) ^ 0x07 : crc << 1);
  }
  return crc;
}

std::string frame(std::string_view body) {
  std::string line(body);
  line += '*';
  line += hex2(crc8(body));
  line += '\n';
  return line;
}

std::optional<std::string_view> unframe(std::string_view line) {
  if (line.size() < 4 || line[line.size() - 3] != '*') return std::nullopt;
  const std::string_view body = line.substr(0, line.size() - 3);
  const auto sum = parse_hex2(line.substr(line.size() - 2));
  if (!sum || *sum != crc8(body) || body.find('*') != std::string_view::npos) return std::nullopt;
  return body;
}

std::string occupancy_hex(core::Bitboard occupied) {
  std::string text;
  for (int rank = 0; rank < 8; ++rank)
    text += hex2(static_cast<std::uint8_t>((occupied >> (8 * rank)) & 0xFF));
  return text;
}

std::optional<core::Bitboard> parse_occupancy(std::string_view hex) {
  if (hex.size() != 16) return std::nullopt;
  core::Bitboard occupied = 0;
  for (std::size_t rank = 0; rank < 8; ++rank) {
    const auto byte = parse_hex2(hex.substr(2 * rank, 2));
    if (!byte) return std::nullopt;
    occupied |= core::Bitboard{*byte} << (8 * rank);
  }
  return occupied;
}

std::string_view button_token(BoardButton button) {
  switch (button) {
    case BoardButton::Announce:
      return "ANNOUNCE";
    case BoardButton::Time:
      return "TIME";
    case BoardButton::Repeat:
      return "REPEAT";
    case BoardButton::PromoteQueen:
      return "PROMOTE-Q";
    case BoardButton::PromoteRook:
      return "PROMOTE-R";
    case BoardButton::PromoteBishop:
      return "PROMOTE-B";
    case BoardButton::PromoteKnight:
      return "PROMOTE-N";
    case BoardButton::Menu:
      return "MENU";
    case BoardButton::Next:
      return "NEXT";
    case BoardButton::Previous:
      return "PREV";
    case BoardButton::Select:
      return "SELECT";
    case BoardButton::Back:
      return "BACK";
    case BoardButton::Confirm:
      return "CONFIRM";
    case BoardButton::Talk:
      return "TALK";
    case BoardButton::TalkEnd:
      return "TALK-END";
  }
  return "ANNOUNCE";
}

std::optional<BoardButton> parse_button(std::string_view token, int version) {
  for (const BoardButton b : kBoardButtons)
    if (button_version(b) <= version && button_token(b) == token) return b;
  return std::nullopt;
}

std::string all_buttons(int version) {
  std::string list;
  for (const BoardButton b : kBoardButtons) {
    if (button_version(b) > 1) continue;
    if (!list.empty()) list += ',';
    list += button_token(b);
  }
  // The six menu keys come together and are listed as one entry, MENU (the PEG line must stay
  // within 96 characters with a 16-character name).
  if (version >= 2) list += ",MENU";
  // Version 3: TALK stands for the push-to-talk button, which sends TALK and TALK-END.
  if (version >= 3) list += ",TALK";
  return list;
}

void LineSplitter::reset() {
  line_.clear();
  bad_ = false;
}

LineSplitter::Outcome LineSplitter::feed(std::uint8_t byte) {
  if (byte == '\n') {
    const bool bad = bad_;
    bad_ = false;
    if (bad) {
      line_.clear();
      return Outcome::BadLine;
    }
    if (line_.empty()) return Outcome::None;  // blank lines are allowed (keep-alive)
    return Outcome::Line;
  }
  if (bad_) return Outcome::None;          // keep reading to the end of the bad line
  if (byte == '\r') return Outcome::None;  // CR LF line ends are accepted
  if (line_.size() >= kMaxLine || byte < 0x20 || byte > 0x7E) {
    bad_ = true;
    line_.clear();
    return Outcome::None;
  }
  line_.push_back(static_cast<char>(byte));
  return Outcome::None;
}

std::string encode_hello(std::string_view name, std::string_view buttons, int version) {
  return frame("PEG " + std::to_string(version) + " " + std::string(name) + " " +
               std::string(buttons.empty() ? "-" : buttons));
}
std::string encode_lift(std::uint8_t seq, core::Square square) {
  return frame("L " + hex2(seq) + " " + core::square_name(square));
}
std::string encode_place(std::uint8_t seq, core::Square square) {
  return frame("P " + hex2(seq) + " " + core::square_name(square));
}
std::string encode_button(std::uint8_t seq, BoardButton button) {
  return frame("B " + hex2(seq) + " " + std::string(button_token(button)));
}
std::string encode_scan(std::uint8_t seq, core::Bitboard occupied) {
  return frame("S " + hex2(seq) + " " + occupancy_hex(occupied));
}
std::string encode_host_hello(int max_version) {
  return frame("HELLO " + std::to_string(max_version));
}
std::string encode_scan_request() {
  return frame("SCAN");
}

}  // namespace peg

namespace {
void append(std::vector<std::uint8_t>& out, const std::string& text) {
  out.insert(out.end(), text.begin(), text.end());
}
}  // namespace

std::vector<std::uint8_t> PegProtocol::connect_bytes() {
  splitter_.reset();
  last_seq_.reset();
  garbage_reported_ = false;
  version_ = 1;  // until the board says which it speaks
  scan_outstanding_ = true;
  scan_sent_.reset();  // sent now, at a time the decoder does not know: retried on first need
  std::vector<std::uint8_t> bytes;
  append(bytes, peg::encode_host_hello());
  append(bytes, peg::encode_scan_request());
  return bytes;
}

std::vector<std::uint8_t> PegProtocol::scan_request() const {
  std::vector<std::uint8_t> bytes;
  append(bytes, peg::encode_scan_request());
  return bytes;
}

void PegProtocol::request_scan(TimePoint time, std::vector<std::uint8_t>& reply) {
  // An outstanding SCAN may have been lost (a board resetting as the port opens misses HELLO
  // and SCAN; noise corrupts the S line): ask again, at most once per kScanRetry of line time,
  // or the board would stay unread and every lift and placement dropped for the whole game.
  if (scan_outstanding_ && scan_sent_ && time - *scan_sent_ < peg::kScanRetry) return;
  scan_outstanding_ = true;
  scan_sent_ = time;
  append(reply, peg::encode_scan_request());
}

void PegProtocol::bad_line(TimePoint time, std::vector<BoardInput>& out,
                           std::vector<std::uint8_t>& reply, std::string_view why) {
  ++stats_.bad_messages;
  // The bad line may have been an event: the board is re-read, and events wait for the scan.
  last_seq_.reset();
  request_scan(time, reply);
  if (garbage_reported_) return;
  garbage_reported_ = true;
  BoardInput input;
  input.kind = BoardInput::Kind::Garbage;
  input.time = time;
  input.remark = BoardRemark::Unreadable;
  input.detail = "peg protocol: " + std::string(why) + "; the board is re-read";
  out.push_back(std::move(input));
}

void PegProtocol::decode(std::span<const std::uint8_t> bytes, TimePoint time,
                         std::vector<BoardInput>& out, std::vector<std::uint8_t>& reply) {
  splitter_.feed_framed(
      bytes, [&](std::string_view body) { interpret(body, time, out, reply); },
      [&](std::string_view why, std::size_t garbage) {
        stats_.garbage_bytes += garbage;
        bad_line(time, out, reply, why);
      });
}

// One line's body. Each message type has its handler; a well-formed line of an unknown type is
// counted and ignored (forward compatibility, docs/peg-protocol.md "Framing").
void PegProtocol::interpret(std::string_view body, TimePoint time, std::vector<BoardInput>& out,
                            std::vector<std::uint8_t>& reply) {
  const auto tokens = peg::tokens_of(body);
  const std::string_view type = tokens[0];
  Line line{body, tokens, time, out, reply};
  if (type == "L" || type == "P" || type == "B")
    on_event(line);
  else if (type == "S")
    on_scan(line);
  else if (type == "PEG")
    on_hello(line);
  else if (type == "E")
    on_error(line);
  else
    ++stats_.other_messages;
}

void PegProtocol::malformed(const Line& line) {
  stats_.garbage_bytes += line.body.size();
  bad_line(line.time, line.out, line.reply,
           "a malformed \"" + std::string(line.tokens[0]) + "\" line");
}

void PegProtocol::good_message() {
  ++stats_.messages;
  garbage_reported_ = false;
}

// S <seq> <occupancy>: the whole board; events count again from its sequence number.
void PegProtocol::on_scan(const Line& line) {
  const auto seq = line.tokens.size() == 3 ? peg::parse_hex2(line.tokens[1]) : std::nullopt;
  const auto occupied = seq ? peg::parse_occupancy(line.tokens[2]) : std::nullopt;
  if (!occupied) return malformed(line);
  good_message();
  scan_outstanding_ = false;
  last_seq_ = *seq;
  BoardInput input;
  input.time = line.time;
  input.kind = BoardInput::Kind::Scan;
  input.scan.identifies_pieces = false;
  input.scan.occupied = *occupied;
  line.out.push_back(std::move(input));
}

// L / P / B <seq> <square or button>: an event, in sequence.
void PegProtocol::on_event(const Line& line) {
  const auto seq = line.tokens.size() == 3 ? peg::parse_hex2(line.tokens[1]) : std::nullopt;
  if (!seq) return malformed(line);
  BoardInput input;
  input.time = line.time;
  if (line.tokens[0] == "B") {
    // A version 1 board has no menu buttons: their tokens are malformed from it, as they were
    // for every version 1 host.
    const auto button = peg::parse_button(line.tokens[2], version_);
    if (!button) return malformed(line);
    input.kind = BoardInput::Kind::Button;
    input.button = *button;
  } else {
    const auto square = core::parse_square(line.tokens[2]);
    if (!square) return malformed(line);
    input.kind = line.tokens[0] == "L" ? BoardInput::Kind::Lift : BoardInput::Kind::Place;
    input.square = *square;
  }
  good_message();
  if (in_sequence(*seq, line) || input.kind == BoardInput::Kind::Button)
    line.out.push_back(std::move(input));  // a scan cannot show a button press: kept
}

// Whether an event with `seq` may be used: the board has been read and no line was lost.
bool PegProtocol::in_sequence(std::uint8_t seq, const Line& line) {
  if (!last_seq_) {
    // Events before the first scan (or after a lost line) are covered by the scan asked for;
    // the event asks again if that request is old (its reply may be lost).
    request_scan(line.time, line.reply);
    return false;
  }
  if (static_cast<std::uint8_t>(*last_seq_ + 1) == seq) {
    last_seq_ = seq;
    return true;
  }
  // A line was lost: re-read the whole board (docs/peg-protocol.md, "Sequence numbers").
  ++stats_.bad_messages;
  last_seq_.reset();
  request_scan(line.time, line.reply);
  BoardInput lost;
  lost.kind = BoardInput::Kind::Info;
  lost.time = line.time;
  lost.remark = BoardRemark::LineLost;
  lost.detail = "peg protocol: an event line was lost; the board is re-read";
  line.out.push_back(std::move(lost));
  return false;
}

// PEG <version> <name> <buttons>: the board has just started (power-up, a reset as the port
// opened: it counts its events from 00 again and may have missed HELLO and SCAN) or answers
// HELLO: read the whole board. Not greeted again. The version it speaks decides which buttons
// it may send: 3 (push-to-talk), 2 (the menu buttons) or 1; any other is read as version 1
// ("Versioning").
void PegProtocol::on_hello(const Line& line) {
  good_message();
  last_seq_.reset();
  scan_outstanding_ = false;
  request_scan(line.time, line.reply);
  BoardInput input;
  input.time = line.time;
  input.kind = BoardInput::Kind::Info;
  // What follows "PEG ": nothing for a bare "PEG" (a board that sends no version; the body is
  // then 3 characters, and substr(4) would throw on the reader's thread).
  const std::string_view fields = line.body.size() > 4 ? line.body.substr(4) : std::string_view();
  input.said = std::string(fields);
  input.detail = "peg board:" + (fields.empty() ? std::string() : " " + std::string(fields));
  const std::string_view said = line.tokens.size() < 2 ? std::string_view() : line.tokens[1];
  version_ = said == "3" ? 3 : said == "2" ? 2 : 1;
  input.remark = BoardRemark::Hello;
  if (said != "1" && said != "2" && said != "3") {
    input.remark = BoardRemark::HelloOddVersion;
    input.detail += " (version not 1, 2 or 3: events are read as version 1)";
  }
  line.out.push_back(std::move(input));
}

// E <text>: the board could not read a host line.
void PegProtocol::on_error(const Line& line) {
  ++stats_.other_messages;
  BoardInput input;
  input.time = line.time;
  input.kind = BoardInput::Kind::Info;
  input.remark = BoardRemark::BoardError;
  input.said = std::string(line.body.size() > 2 ? line.body.substr(2) : "");
  input.detail = "peg board reports: " + input.said;
  line.out.push_back(std::move(input));
}

}  // namespace annabella::tactile
