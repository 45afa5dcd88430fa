// The board simulator: a DGT or peg board behind a pseudo-terminal.
#include "tactile/board_simulator.h"

#include <algorithm>
#include <charconv>
#include <condition_variable>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "core/movegen.h"
#include "tactile/dgt_protocol.h"
#include "tactile/peg_protocol.h"
#include "tactile/serial_link.h"

namespace annabella::tactile {

using core::Move;
using core::Piece;
using core::Square;

namespace {

// A board writes whether or not anyone listens; a write nobody reads must not hold the hand up.
constexpr std::chrono::milliseconds kWriteTimeout{50};
// The responder's read blocks this long at most (unplug() and the destructor interrupt it).
constexpr std::chrono::milliseconds kReadBlock{60'000};

std::vector<std::uint8_t> bytes_of(const std::string& text) {
  return {text.begin(), text.end()};
}

// The squares strictly between two squares on a line (rank, file or diagonal); empty otherwise.
std::vector<Square> squares_between(Square from, Square to) {
  const int df = core::file_of(to) - core::file_of(from);
  const int dr = core::rank_of(to) - core::rank_of(from);
  if (!(df == 0 || dr == 0 || df == dr || df == -dr)) return {};
  const int steps = std::max(std::abs(df), std::abs(dr));
  std::vector<Square> between;
  for (int i = 1; i < steps; ++i)
    between.push_back(core::make_square(core::file_of(from) + i * (df > 0) - i * (df < 0),
                                        core::rank_of(from) + i * (dr > 0) - i * (dr < 0)));
  return between;
}

// The squares next to the move's target, empty now and after the move, other than its origin
// (where a hand may put the piece by mistake).
std::vector<Square> empty_neighbours(const std::array<Piece, 64>& board, Move move) {
  std::vector<Square> near;
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      const int f = core::file_of(move.to()) + df;
      const int r = core::rank_of(move.to()) + dr;
      if ((df == 0 && dr == 0) || f < 0 || f > 7 || r < 0 || r > 7) continue;
      const Square s = core::make_square(f, r);
      if (s != move.from() && board[s] == core::NO_PIECE) near.push_back(s);
    }
  return near;
}

BoardButton promotion_button(core::PieceType type) {
  switch (type) {
    case core::ROOK:
      return BoardButton::PromoteRook;
    case core::BISHOP:
      return BoardButton::PromoteBishop;
    case core::KNIGHT:
      return BoardButton::PromoteKnight;
    default:
      return BoardButton::PromoteQueen;
  }
}

}  // namespace

struct BoardSimulator::State {
  mutable std::mutex mutex;  // guards everything below
  mutable std::condition_variable changed;
  std::unique_ptr<PseudoTerminal> pty;
  bool reading = false;     // the responder is inside pty->read()
  bool unplugging = false;  // unplug() waits for the responder to leave the pty
  bool stopping = false;
  std::array<Piece, 64> board{};
  std::vector<Piece> hand;  // lifted pieces, latest last
  core::Position position;
  std::uint8_t peg_seq = 0;  // the last event's sequence number
  int peg_spoken = 1;        // the peg version agreed in the latest HELLO (1 before any)
  bool dgt_updates = false;  // a DGT board sends field updates only when asked to
  int scans_since_plug = 0;  // full-board requests answered since the last plug-in
  int clock_messages = 0;    // DGT clock messages received (skipped)
  int unread_writes = 0;     // writes that nobody read in time
  std::mt19937 random;
  int captures = 0;  // capture orders alternate
  std::thread responder;

  // Sends bytes to the host if plugged in (the caller holds the mutex).
  void send(const std::vector<std::uint8_t>& bytes) {
    if (!pty) return;
    // Nobody listening is no error for a board: the write is counted and dropped.
    if (!pty->write(bytes, kWriteTimeout)) ++unread_writes;
  }
  void send_event(const std::string& peg_line_without_seq, Square square, Piece piece);
};

BoardSimulator::BoardSimulator(BoardSimulatorSettings settings)
    : settings_(std::move(settings)), state_(std::make_unique<State>()) {}

Result<std::unique_ptr<BoardSimulator>> BoardSimulator::create(BoardSimulatorSettings settings) {
  std::unique_ptr<BoardSimulator> sim(new BoardSimulator(std::move(settings)));
  State& st = *sim->state_;
  st.position = sim->settings_.start;
  for (int s = 0; s < 64; ++s) st.board[s] = st.position.piece_on(Square(s));
  st.random.seed(sim->settings_.habits.seed);
  if (auto plugged = sim->replug(); !plugged) return fail(plugged.error());
  st.responder = std::thread([raw = sim.get()] { raw->respond(); });
  return sim;
}

BoardSimulator::~BoardSimulator() {
  {
    std::lock_guard lock(state_->mutex);
    state_->stopping = true;
    if (state_->pty) state_->pty->interrupt();
  }
  state_->changed.notify_all();
  if (state_->responder.joinable()) state_->responder.join();
}

std::string BoardSimulator::device() const {
  std::lock_guard lock(state_->mutex);
  return state_->pty ? state_->pty->slave_name() : std::string();
}

bool BoardSimulator::plugged() const {
  std::lock_guard lock(state_->mutex);
  return state_->pty != nullptr;
}

std::array<Piece, 64> BoardSimulator::board() const {
  std::lock_guard lock(state_->mutex);
  return state_->board;
}

int BoardSimulator::clock_messages() const {
  std::lock_guard lock(state_->mutex);
  return state_->clock_messages;
}

core::Position BoardSimulator::position() const {
  std::lock_guard lock(state_->mutex);
  return state_->position;
}

Status BoardSimulator::follow(core::Move move) {
  std::lock_guard lock(state_->mutex);
  bool legal = false;
  for (core::Move m : core::legal_moves(state_->position)) legal = legal || m == move;
  if (!legal)
    return fail("simulator: " + core::to_uci(move) + " is not a legal move in the simulated game");
  const core::Position after = state_->position.after(move);
  for (int s = 0; s < 64; ++s) {
    if (state_->board[s] != after.piece_on(Square(s)))
      return fail("simulator: the board does not show " + core::to_uci(move) + " (" +
                  core::square_name(Square(s)) + " differs)");
  }
  state_->position = after;
  state_->hand.clear();
  return {};
}

void BoardSimulator::unplug() {
  std::unique_lock lock(state_->mutex);
  if (!state_->pty) return;
  state_->unplugging = true;
  state_->pty->interrupt();
  state_->changed.wait(lock, [&] { return !state_->reading; });
  state_->pty.reset();  // closes the master: the host's reads fail (hang-up)
  state_->unplugging = false;
  state_->changed.notify_all();
}

Status BoardSimulator::replug() {
  std::lock_guard lock(state_->mutex);
  if (state_->pty) return {};
  auto pty = PseudoTerminal::create(settings_.link);
  if (!pty) return fail(pty.error());
  state_->pty = std::move(*pty);
  // A board powers up afresh: a DGT board in bus mode (no updates), a peg board announces
  // itself and counts its events from 0 again.
  state_->dgt_updates = false;
  state_->peg_seq = 0;
  state_->scans_since_plug = 0;
  state_->peg_spoken = 1;  // menu buttons only once a HELLO agreed on version 2
  // The simulated peg board has every button of its version.
  if (settings_.protocol == ProtocolKind::Peg)
    state_->send(bytes_of(peg::encode_hello(settings_.name, peg::all_buttons(settings_.peg_version),
                                            settings_.peg_version)));
  state_->changed.notify_all();
  return {};
}

bool BoardSimulator::wait_for_host(std::chrono::milliseconds timeout) const {
  std::unique_lock lock(state_->mutex);
  return state_->changed.wait_for(lock, timeout, [&] { return state_->scans_since_plug > 0; });
}

void BoardSimulator::State::send_event(const std::string& peg_type, Square square, Piece piece) {
  if (!pty) return;
  if (peg_type.empty()) {  // DGT
    if (dgt_updates) send(dgt::encode_field_update(square, piece));
    return;
  }
  ++peg_seq;
  send(bytes_of(peg_type == "L" ? peg::encode_lift(peg_seq, square)
                                : peg::encode_place(peg_seq, square)));
}

Status BoardSimulator::lift(Square square) {
  std::lock_guard lock(state_->mutex);
  State& st = *state_;
  if (st.board[square] == core::NO_PIECE)
    return fail("there is no piece on " + core::square_name(square) + " to lift");
  st.hand.push_back(st.board[square]);
  st.board[square] = core::NO_PIECE;
  st.send_event(settings_.protocol == ProtocolKind::Peg ? "L" : "", square, core::NO_PIECE);
  return {};
}

Status BoardSimulator::place(Square square, Piece piece) {
  std::lock_guard lock(state_->mutex);
  State& st = *state_;
  if (st.board[square] != core::NO_PIECE)
    return fail(core::square_name(square) + " is occupied; lift the piece there first");
  if (piece == core::NO_PIECE) {
    if (st.hand.empty())
      return fail("no piece in the hand: name the piece to place on " + core::square_name(square));
    piece = st.hand.back();
    st.hand.pop_back();
  } else if (const auto held = std::find(st.hand.rbegin(), st.hand.rend(), piece);
             held != st.hand.rend()) {
    st.hand.erase(std::next(held).base());
  }
  st.board[square] = piece;
  st.send_event(settings_.protocol == ProtocolKind::Peg ? "P" : "", square, piece);
  return {};
}

Status BoardSimulator::press(BoardButton button) {
  std::lock_guard lock(state_->mutex);
  State& st = *state_;
  if (settings_.protocol != ProtocolKind::Peg)
    return fail("a DGT board has no " + std::string(button_name(button)) + " button");
  if (button_version(button) > settings_.peg_version)
    return fail("a peg board of version " + std::to_string(settings_.peg_version) + " has no " +
                std::string(button_name(button)) + " button");
  if (button_version(button) > st.peg_spoken)
    return fail("the host speaks peg protocol version " + std::to_string(st.peg_spoken) + ": the " +
                std::string(button_name(button)) + " button is not sent");
  if (st.pty) st.send(bytes_of(peg::encode_button(++st.peg_seq, button)));
  return {};
}

void BoardSimulator::pause(std::chrono::milliseconds base) const {
  if (settings_.pace.speed <= 0) return;
  std::this_thread::sleep_for(std::chrono::duration<double, std::milli>(
      static_cast<double>(base.count()) / settings_.pace.speed));
}

void BoardSimulator::think() const {
  pause(settings_.pace.think);
}

MoveStyle BoardSimulator::pick_style(Move move) {
  std::lock_guard lock(state_->mutex);
  State& st = *state_;
  std::uniform_real_distribution<double> chance(0.0, 1.0);
  const SimulatorHabits& habits = settings_.habits;
  MoveStyle style;
  if (st.position.captured_piece(move) != core::NO_PIECE) {
    const int order = st.captures++ % (settings_.protocol == ProtocolKind::Dgt ? 3 : 2);
    style.capture = static_cast<MoveStyle::Capture>(order);
    if (move.kind() == core::MoveKind::EnPassant && style.capture == MoveStyle::Capture::ScanOrder)
      style.capture = MoveStyle::Capture::CapturedFirst;
  }
  style.bounce = chance(st.random) < habits.bounce;
  if (move.kind() == core::MoveKind::Castling) {
    style.castling_rook_first = chance(st.random) < habits.rook_first;
    return style;
  }
  const auto empty_between = squares_between(move.from(), move.to());
  if (!empty_between.empty() && chance(st.random) < habits.slide) {
    style.slide_via = empty_between[st.random() % empty_between.size()];
  } else if (chance(st.random) < habits.wrong_square) {
    const auto near = empty_neighbours(st.board, move);
    if (!near.empty()) style.wrong_square = near[st.random() % near.size()];
  }
  return style;
}

// One move executed by the simulated hand: the steps, the pauses between them, and the first
// failure (every step is legal for the hand by construction; a failure is a simulator bug).
struct BoardSimulator::Hand {
  BoardSimulator& sim;
  const MoveStyle& style;
  const core::Position& before;
  Status status{};

  void step(Status done) {
    if (status && !done) status = std::move(done);
  }
  void pause() const { sim.pause(sim.settings_.pace.hand); }
  void rest() const { sim.pause(sim.settings_.pace.rest); }
  // Lifts the piece on `s`, its reed switch flickering first in a bouncing style.
  void take(Square s) {
    if (style.bounce) {
      step(sim.lift(s));
      std::this_thread::sleep_for(sim.settings_.pace.bounce);
      step(sim.place(s, before.piece_on(s)));
      std::this_thread::sleep_for(sim.settings_.pace.bounce);
    }
    step(sim.lift(s));
  }
  // Puts `piece` on `s`, through the style's detour (a slide, a wrong square) first.
  void put(Square s, Piece piece) {
    for (const Square detour : {style.slide_via, style.wrong_square}) {
      if (detour == core::SQ_NONE) continue;
      step(sim.place(detour, piece));
      rest();
      step(sim.lift(detour));
      pause();
    }
    step(sim.place(s, piece));
  }
  // The captured piece leaves the hand for the table.
  void put_aside(Piece captured) {
    std::lock_guard lock(sim.state_->mutex);
    auto& held = sim.state_->hand;
    if (const auto it = std::find(held.rbegin(), held.rend(), captured); it != held.rend())
      held.erase(std::next(it).base());
  }

  void castle(Move move) {
    // The king's and the rook's squares as the move makes them (II.3.2.5.2: as in standard chess).
    const auto c = before.castling_squares(move);
    const Piece king_piece = before.piece_on(c.king_from);
    const Piece rook = before.piece_on(c.rook_from);
    const auto king = [&] {
      take(c.king_from);
      pause();
      step(sim.place(c.king_to, king_piece));
    };
    const auto rook_move = [&] {
      if (c.rook_from == c.rook_to) return;  // II.3.2.3: only the king moves
      step(sim.lift(c.rook_from));
      pause();
      step(sim.place(c.rook_to, rook));
    };
    // Chess960 castling that moves one piece only or exchanges the two (II.3.2.2-II.3.2.4): the
    // king lifted off, the rook moved, the king put down last, as II.3.2.5.1 recommends.
    if (c.king_from == c.king_to || c.rook_from == c.rook_to || c.king_to == c.rook_from ||
        c.rook_to == c.king_from) {
      take(c.king_from);
      pause();
      rook_move();
      pause();
      step(sim.place(c.king_to, king_piece));
    } else if (style.castling_rook_first) {  // Art. 4.4.2 is the arbiter's business
      rook_move();
      pause();
      king();
    } else {  // Art. 4.4: the king first
      king();
      pause();
      rook_move();
    }
  }

  // The capturing piece ends as `placed` (a promotion's new piece).
  void capture(Move move, Piece placed) {
    const Square from = move.from();
    const Square to = move.to();
    const Piece captured = before.captured_piece(move);
    const Square victim = move.kind() == core::MoveKind::EnPassant
                              ? core::make_square(core::file_of(to), core::rank_of(from))
                              : to;
    if (style.capture == MoveStyle::Capture::ScanOrder &&
        sim.settings_.protocol == ProtocolKind::Dgt && victim == to) {
      // One scan saw the capturing piece arrive on the captured piece's square, the next the
      // origin empty (docs/dgt-board.md: update order is not reliable).
      std::lock_guard lock(sim.state_->mutex);
      State& st = *sim.state_;
      st.board[to] = placed;
      st.board[from] = core::NO_PIECE;
      st.send_event("", to, placed);
      st.send_event("", from, core::NO_PIECE);
      return;
    }
    if (style.capture == MoveStyle::Capture::CapturingFirst) {
      take(from);
      pause();
      if (victim == to) {
        step(sim.lift(to));
        put_aside(captured);
        pause();
        put(to, placed);
      } else {  // en passant: the pawn goes to its square, then the captured pawn is removed
        put(to, placed);
        pause();
        step(sim.lift(victim));
        put_aside(captured);
      }
      return;
    }
    step(sim.lift(victim));
    put_aside(captured);
    pause();
    take(from);
    pause();
    put(to, placed);
  }

  void play(Move move) {
    if (move.kind() == core::MoveKind::Castling) return castle(move);
    const Piece mover = before.piece_on(move.from());
    const Piece placed = move.kind() == core::MoveKind::Promotion
                             ? core::make_piece(core::color_of(mover), move.promotion())
                             : mover;
    const Piece captured = before.captured_piece(move);
    if (captured == core::NO_PIECE) {
      take(move.from());
      pause();
      put(move.to(), placed);
    } else {
      capture(move, placed);
    }
    if (move.kind() == core::MoveKind::Promotion && sim.settings_.protocol == ProtocolKind::Peg) {
      // An occupancy-only board cannot see the new piece: the player presses its button.
      pause();
      step(sim.press(promotion_button(move.promotion())));
    }
  }
};

Status BoardSimulator::play(Move move, const MoveStyle& style) {
  const core::Position before = position();
  const core::MoveList legal = core::legal_moves(before);
  if (std::find(legal.begin(), legal.end(), move) == legal.end())
    return fail(core::to_uci(move) + " is not a legal move in " + before.fen());
  Hand hand{*this, style, before};
  hand.play(move);
  if (!hand.status) return hand.status;
  std::lock_guard lock(state_->mutex);
  state_->position.play(move);
  state_->hand.clear();  // captured pieces and a promoted pawn are off the board
  return {};
}

// What the simulated board makes of the host's bytes (called with the state's mutex held).
class BoardSimulator::HostCommands {
 public:
  HostCommands(const BoardSimulatorSettings& settings, State& state)
      : settings_(settings), st_(state) {}

  void feed(std::uint8_t byte) {
    if (settings_.protocol == ProtocolKind::Dgt)
      dgt_byte(byte);
    else
      peg_byte(byte);
  }

 private:
  void read_the_board() {
    ++st_.scans_since_plug;
    st_.changed.notify_all();
  }

  void dgt_byte(std::uint8_t byte) {
    if (clock_length_next_) {  // DGT: the rest of a clock message (0x2B N ...) is skipped
      clock_length_next_ = false;
      clock_bytes_to_skip_ = byte;
      return;
    }
    if (clock_bytes_to_skip_ > 0) {
      --clock_bytes_to_skip_;
      return;
    }
    switch (byte) {
      case dgt::kReset:
        st_.dgt_updates = false;
        break;
      case dgt::kSendUpdates:
      case dgt::kSendFieldUpdates:
      case dgt::kSendUpdatesNice:
        st_.dgt_updates = true;
        break;
      case dgt::kSendBoard:
        st_.send(dgt::encode_board_dump(st_.board));
        read_the_board();
        break;
      case dgt::kSendVersion:
        st_.send(dgt::encode_version({1, 0}));
        break;
      case dgt::kSendSerialNumber:
        st_.send(dgt::encode_serial_number("00001"));
        break;
      case dgt::kClockMessage:
        clock_length_next_ = true;  // no clock is connected to the simulated board
        ++st_.clock_messages;
        break;
      default:
        break;  // commands a real board would answer with what the host ignores anyway
    }
  }

  void peg_byte(std::uint8_t byte) {
    const auto outcome = lines_.feed(byte);
    if (outcome == peg::LineSplitter::Outcome::None) return;
    std::string reply;
    if (outcome == peg::LineSplitter::Outcome::BadLine) {
      reply = peg::frame("E unreadable line");
    } else if (const auto body = peg::unframe(lines_.line()); !body) {
      reply = peg::frame("E bad checksum");
    } else if (const auto asked = host_version(*body)) {
      // The version both speak: the host's highest, at most the board's own.
      st_.peg_spoken = std::min(*asked, settings_.peg_version);
      reply = peg::encode_hello(settings_.name, peg::all_buttons(st_.peg_spoken), st_.peg_spoken);
    } else if (*body == "SCAN") {
      core::Bitboard occupied = 0;
      for (int s = 0; s < 64; ++s)
        if (st_.board[s] != core::NO_PIECE) occupied |= core::square_bb(Square(s));
      reply = peg::encode_scan(st_.peg_seq, occupied);
      read_the_board();
    } else {
      reply = peg::frame("E unknown command " + std::string(body->substr(0, body->find(' '))));
    }
    lines_.reset();
    st_.send(bytes_of(reply));
  }

  // "HELLO <max-version>": the version, or nullopt for any other line.
  static std::optional<int> host_version(std::string_view body) {
    const auto tokens = peg::tokens_of(body);
    if (tokens.size() != 2 || tokens[0] != "HELLO") return std::nullopt;
    int version = 0;
    const auto [end, error] =
        std::from_chars(tokens[1].data(), tokens[1].data() + tokens[1].size(), version);
    if (error != std::errc() || end != tokens[1].data() + tokens[1].size() || version < 1)
      return std::nullopt;
    return version;
  }

  const BoardSimulatorSettings& settings_;
  State& st_;
  peg::LineSplitter lines_;
  std::size_t clock_bytes_to_skip_ = 0;
  bool clock_length_next_ = false;
};

void BoardSimulator::respond() {
  State& st = *state_;
  std::array<std::uint8_t, 256> buffer{};
  HostCommands commands(settings_, st);
  for (;;) {
    PseudoTerminal* pty = nullptr;
    {
      std::unique_lock lock(st.mutex);
      st.changed.wait(lock, [&] { return st.stopping || (st.pty && !st.unplugging); });
      if (st.stopping) return;
      pty = st.pty.get();
      st.reading = true;
    }
    auto got = pty->read(buffer, kReadBlock);
    std::unique_lock lock(st.mutex);
    st.reading = false;
    st.changed.notify_all();
    if (!got || *got == 0 || st.unplugging || st.stopping) continue;
    for (std::size_t i = 0; i < *got; ++i) commands.feed(buffer[i]);
  }
}

}  // namespace annabella::tactile
