// An independent board emulator for the recognition tests and bench: random legal games, the
// orders real hands move pieces in, and a DGT or peg board on a kernel pty that reports them.
//
// Written apart from tactile::BoardSimulator (and its encoders) on purpose, so the recogniser is
// not tested against the code it was developed with: its own hand orders (captured piece first
// or last, a DGT board's replacement without a lift, slides through every square on the way,
// sensor bounce, castling king first, rook first or with two hands, promotions with the button
// before or after the piece, en passant both ways) and quick replies (the next move begun
// within the settle time, often by taking off the piece just moved to capture it); its own
// DGT field updates and dumps and its own peg lines and CRC-8, from the published protocols.
//
// Header only: the tests and bench/bench_recognition.cpp include it.
#pragma once

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "core/movegen.h"
#include "tactile/board_input.h"
#include "tactile/serial_link.h"

namespace annabella::emulator {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

enum class Wire { Dgt, Peg };

// One thing a hand does, after a pause.
struct Action {
  enum class Kind { Lift, Place, Button } kind = Kind::Lift;
  core::Square square = core::SQ_NONE;
  core::Piece piece = core::NO_PIECE;     // Place: the piece put down
  core::PieceType promote = core::QUEEN;  // Button: the promotion button pressed
  milliseconds pause{0};                  // before this action
  bool completes = false;                 // the last action of its move
};

// "lift e2", "place e4 white pawn", "button PROMOTE-Q" (for test logs).
inline std::string describe(const Action& action) {
  switch (action.kind) {
    case Action::Kind::Lift:
      return "lift " + core::square_name(action.square);
    case Action::Kind::Place:
      return "place " + core::square_name(action.square) +
             (action.piece == core::NO_PIECE ? " (bounce)" : "") +
             (action.completes ? " (completes)" : "");
    case Action::Kind::Button:
      return std::string("button ") + "--NBRQ"[action.promote > 5 ? 0 : action.promote];
  }
  return "";
}

// The hand's pace: pauses inside a move, and between moves (a quick reply comes within the
// settle time of the recogniser).
struct Pace {
  // Between the actions of one move (a hand needs that long), and always under the settle time
  // (PegboardSettings::settle, 250 ms): a piece left on a square for the settle time has
  // completed a move there, whatever the hand meant next (D.2.3), and a timer falls due before
  // an input stamped at the same instant. At 250 ms, 33 of 800 of the bench's boards rested a
  // slide exactly that long and were rightly recorded so (an occupancy change, then the
  // "illegal" move of the piece going on): the emulator's fault, not the recogniser's.
  milliseconds within_min{100};
  milliseconds within_max{240};
  milliseconds between_min{350};  // between moves, when not a quick reply
  milliseconds between_max{900};
  double quick_reply = 0.35;  // chance the next move begins within `quick_max` (never twice
                              // in a row)
  milliseconds quick_max{200};
  double slide = 0.2;   // chance a line move slides through the squares on its way
  double bounce = 0.1;  // chance the origin's sensor flickers first (for 2 ms)

  // Every pause divided by `factor` (a faster run; the recogniser's times scaled alike).
  Pace faster(double factor) const {
    Pace p = *this;
    for (milliseconds* m :
         {&p.within_min, &p.within_max, &p.between_min, &p.between_max, &p.quick_max})
      *m = milliseconds(static_cast<long>(static_cast<double>(m->count()) / factor));
    return p;
  }
};

// Counts of the hand orders a game used (for the bench's report).
struct OrderCounts {
  int captured_first = 0, capturing_first = 0, replaced = 0, slides = 0, bounces = 0;
  int castling_king_first = 0, castling_rook_first = 0, castling_two_hands = 0;
  int promotions = 0, en_passant = 0, quick_replies = 0, reply_takes_moved_piece = 0;
};

// Which random game: its seed and its length at most.
struct GameSeed {
  std::uint32_t seed = 0;
  int max_plies = 0;
};

// A random legal game, seeded: special moves taken whenever they come up (castling, promotions
// to every piece, en passant), captures and pawn moves often.
inline std::vector<core::Move> random_game(GameSeed which,
                                           const core::Position& start = core::Position{}) {
  const auto [seed, max_plies] = which;
  std::mt19937 random(seed);
  std::vector<core::Move> game;
  core::Position pos = start;
  const auto chance = [&](double p) { return std::uniform_real_distribution<>(0, 1)(random) < p; };
  for (int ply = 0; ply < max_plies; ++ply) {
    const core::MoveList moves = core::legal_moves(pos);
    if (moves.empty()) break;
    std::vector<core::Move> special, captures, pawns;
    for (const core::Move m : moves) {
      if (m.kind() != core::MoveKind::Normal) special.push_back(m);
      if (pos.captured_piece(m) != core::NO_PIECE) captures.push_back(m);
      if (core::type_of(pos.piece_on(m.from())) == core::PAWN) pawns.push_back(m);
    }
    const auto pick = [&](const std::vector<core::Move>& from) {
      return from[random() % from.size()];
    };
    core::Move m = moves[random() % moves.size()];
    if (!special.empty() && chance(0.8))
      m = pick(special);
    else if (!captures.empty() && chance(0.5))
      m = pick(captures);
    else if (!pawns.empty() && chance(0.4))
      m = pick(pawns);  // towards promotions
    game.push_back(m);
    pos.play(m);
  }
  return game;
}

// "1.e2e4 2.e7e5 " (for comparing the moves made with the moves played in test logs).
inline std::string numbered_uci(const std::vector<core::Move>& moves) {
  std::string text;
  for (std::size_t i = 0; i < moves.size(); ++i)
    text += std::to_string(i + 1) + "." + core::to_uci(moves[i]) + " ";
  return text;
}

// The hand orders for one move of `before`, drawn from `random`.
class HandOrders {
 public:
  HandOrders(Wire wire, Pace pace, std::uint32_t seed) : wire_(wire), pace_(pace), random_(seed) {}

  // The actions of `move`; `previous` is the move just played (a reply that captures the piece
  // it moved may begin by taking it off).
  std::vector<Action> actions(const core::Position& before, core::Move move, core::Move previous,
                              OrderCounts& counts) {
    std::vector<Action> out;
    const core::Square from = move.from();
    const core::Square to = move.to();
    const core::Piece mover = before.piece_on(from);
    if (move.kind() == core::MoveKind::Castling) {
      castle(before, move, out, counts);
    } else {
      const core::Piece placed = move.kind() == core::MoveKind::Promotion
                                     ? core::make_piece(core::color_of(mover), move.promotion())
                                     : mover;
      const core::Piece captured = before.captured_piece(move);
      const core::Square victim = move.kind() == core::MoveKind::EnPassant
                                      ? core::make_square(core::file_of(to), core::rank_of(from))
                                      : to;
      if (move.kind() == core::MoveKind::EnPassant) ++counts.en_passant;
      const bool button_first =
          wire_ == Wire::Peg && move.kind() == core::MoveKind::Promotion && chance(0.5);
      if (button_first) press(move.promotion(), out);
      if (captured == core::NO_PIECE) {
        take(from, out, counts);
        put(before, from, to, placed, out, counts);
      } else {
        capture(before, move, victim, placed, previous, out, counts);
      }
      if (move.kind() == core::MoveKind::Promotion) {
        ++counts.promotions;
        if (wire_ == Wire::Peg && !button_first) press(move.promotion(), out);
      }
    }
    out.front().pause = between(counts);
    out.back().completes = true;
    return out;
  }

 private:
  bool chance(double p) { return std::uniform_real_distribution<>(0, 1)(random_) < p; }
  milliseconds span(milliseconds low, milliseconds high) {
    return milliseconds(std::uniform_int_distribution<long>(low.count(), high.count())(random_));
  }
  milliseconds within() { return span(pace_.within_min, pace_.within_max); }
  // A quick reply never follows a quick reply: two moves within the settle time are what a
  // board shows at most (a third would take three hands' moves in a quarter of a second).
  milliseconds between(OrderCounts& counts) {
    const bool quick = !last_quick_ && chance(pace_.quick_reply);
    last_quick_ = quick;
    if (quick) {
      ++counts.quick_replies;
      return span(milliseconds(1), pace_.quick_max);
    }
    return span(pace_.between_min, pace_.between_max);
  }
  void lift(core::Square s, std::vector<Action>& out) {
    out.push_back({Action::Kind::Lift, s, core::NO_PIECE, core::QUEEN, within()});
  }
  void drop(core::Square s, core::Piece piece, std::vector<Action>& out) {
    out.push_back({Action::Kind::Place, s, piece, core::QUEEN, within()});
  }
  void press(core::PieceType type, std::vector<Action>& out) {
    out.push_back({Action::Kind::Button, core::SQ_NONE, core::NO_PIECE, type, within()});
  }
  // Lifts the piece on `s`, its sensor flickering first now and then.
  void take(core::Square s, std::vector<Action>& out, OrderCounts& counts) {
    if (chance(pace_.bounce)) {
      ++counts.bounces;
      lift(s, out);
      // No piece named: the emulator puts back what it lifted there.
      out.push_back({Action::Kind::Place, s, core::NO_PIECE, core::QUEEN, milliseconds(2)});
      out.push_back({Action::Kind::Lift, s, core::NO_PIECE, core::QUEEN, milliseconds(2)});
      return;
    }
    lift(s, out);
  }
  // Puts `piece` on `to`, sliding through the empty squares on the way now and then.
  void put(const core::Position& before, core::Square from, core::Square to, core::Piece piece,
           std::vector<Action>& out, OrderCounts& counts) {
    const core::Bitboard path = core::between_bb(from, to) & ~core::square_bb(to);
    if (path && !(path & before.pieces()) && chance(pace_.slide)) {
      ++counts.slides;
      const int df =
          (core::file_of(to) > core::file_of(from)) - (core::file_of(to) < core::file_of(from));
      const int dr =
          (core::rank_of(to) > core::rank_of(from)) - (core::rank_of(to) < core::rank_of(from));
      for (core::Square s = core::make_square(core::file_of(from) + df, core::rank_of(from) + dr);
           s != to; s = core::make_square(core::file_of(s) + df, core::rank_of(s) + dr)) {
        drop(s, piece, out);
        lift(s, out);
      }
    }
    drop(to, piece, out);
  }
  void capture(const core::Position& before, core::Move move, core::Square victim,
               core::Piece placed, core::Move previous, std::vector<Action>& out,
               OrderCounts& counts) {
    const bool takes_moved_piece = !previous.is_none() && previous.to() == victim;
    int order = static_cast<int>(random_() % (wire_ == Wire::Dgt ? 3 : 2));
    if (takes_moved_piece && chance(0.6)) order = 0;   // the piece just moved taken off first
    if (order == 2 && victim != move.to()) order = 1;  // en passant: no replacement
    if (order == 0) {
      ++counts.captured_first;
      if (takes_moved_piece) ++counts.reply_takes_moved_piece;
      lift(victim, out);
      take(move.from(), out, counts);
      put(before, move.from(), move.to(), placed, out, counts);
    } else if (order == 1) {
      ++counts.capturing_first;
      take(move.from(), out, counts);
      if (victim == move.to()) {
        lift(victim, out);
        drop(move.to(), placed, out);
      } else {  // en passant: the pawn placed, then the passed pawn taken off
        drop(move.to(), placed, out);
        lift(victim, out);
      }
    } else {
      // A DGT board's scan order: the new piece reported on the captured square, then the
      // origin empty, no lift of the captured piece between.
      ++counts.replaced;
      drop(move.to(), placed, out);
      lift(move.from(), out);
    }
  }
  void castle(const core::Position& before, core::Move move, std::vector<Action>& out,
              OrderCounts& counts) {
    // The king's and the rook's squares from the position itself.
    const core::Position after = before.after(move);
    const core::Color us = before.side_to_move();
    const core::Square king_from = move.from();
    const core::Square king_to = after.king_square(us);
    core::Square rook_from = core::SQ_NONE, rook_to = core::SQ_NONE;
    for (int i = 0; i < 64; ++i) {
      const auto s = core::Square(i);
      const core::Piece rook = core::make_piece(us, core::ROOK);
      if (before.piece_on(s) == rook && after.piece_on(s) != rook) rook_from = s;
      if (after.piece_on(s) == rook && before.piece_on(s) != rook) rook_to = s;
    }
    const core::Piece king = before.piece_on(king_from);
    const core::Piece rook = core::make_piece(us, core::ROOK);
    switch (random_() % 3) {
      case 0:  // Art. 4.4: the king first
        ++counts.castling_king_first;
        take(king_from, out, counts);
        drop(king_to, king, out);
        lift(rook_from, out);
        drop(rook_to, rook, out);
        break;
      case 1:  // the rook first (Art. 4.4.2 is the arbiter's business)
        ++counts.castling_rook_first;
        lift(rook_from, out);
        drop(rook_to, rook, out);
        take(king_from, out, counts);
        drop(king_to, king, out);
        break;
      default:  // both hands
        ++counts.castling_two_hands;
        lift(king_from, out);
        lift(rook_from, out);
        drop(king_to, king, out);
        drop(rook_to, rook, out);
        break;
    }
  }

  Wire wire_;
  Pace pace_;
  std::mt19937 random_;
  bool last_quick_ = false;
};

// A game's actions in the hand orders drawn from `orders`, and where each move's begin.
struct GameActions {
  std::vector<Action> actions;
  std::vector<std::size_t> move_starts;  // the index of each move's first action, ascending
};
inline GameActions actions_of(const std::vector<core::Move>& game, HandOrders& orders,
                              OrderCounts& counts, const core::Position& start = core::Position{}) {
  GameActions out;
  core::Position pos = start;
  core::Move previous = core::Move::none();
  for (const core::Move m : game) {
    const auto more = orders.actions(pos, m, previous, counts);
    out.move_starts.push_back(out.actions.size());
    out.actions.insert(out.actions.end(), more.begin(), more.end());
    pos.play(m);
    previous = m;
  }
  return out;
}

// A move's actions as the decoders report them, stamped when the board said them.
inline std::vector<tactile::BoardInput> inputs_of(Wire wire, const std::vector<Action>& actions,
                                                  tactile::TimePoint start) {
  std::vector<tactile::BoardInput> inputs;
  std::array<core::Piece, 64> board{};
  const core::Position initial;
  for (int s = 0; s < 64; ++s) board[s] = initial.piece_on(core::Square(s));
  std::array<core::Piece, 64> last_lifted{};
  tactile::TimePoint time = start;
  for (const Action& action : actions) {
    time += action.pause;
    tactile::BoardInput input;
    input.time = time;
    input.square = action.square;
    switch (action.kind) {
      case Action::Kind::Lift:
        input.kind = tactile::BoardInput::Kind::Lift;
        last_lifted[action.square] = board[action.square];
        board[action.square] = core::NO_PIECE;
        break;
      case Action::Kind::Place: {
        input.kind = tactile::BoardInput::Kind::Place;
        const core::Piece piece =
            action.piece == core::NO_PIECE ? last_lifted[action.square] : action.piece;
        board[action.square] = piece;
        if (wire == Wire::Dgt) input.piece = piece;  // an occupancy-only board names none
        break;
      }
      case Action::Kind::Button:
        input.kind = tactile::BoardInput::Kind::Button;
        input.button = action.promote == core::QUEEN    ? tactile::BoardButton::PromoteQueen
                       : action.promote == core::ROOK   ? tactile::BoardButton::PromoteRook
                       : action.promote == core::BISHOP ? tactile::BoardButton::PromoteBishop
                                                        : tactile::BoardButton::PromoteKnight;
        break;
    }
    inputs.push_back(input);
  }
  return inputs;
}

// ---- the wire, written from the protocols' documents ------------------------------------------

// DGT: squares a8 = 0 ... h1 = 63; codes 1..6 white pawn, rook, knight, bishop, king, queen,
// 7..12 black.
inline std::uint8_t dgt_index(core::Square s) {
  return static_cast<std::uint8_t>((7 - core::rank_of(s)) * 8 + core::file_of(s));
}
inline std::uint8_t dgt_code(core::Piece piece) {
  if (piece == core::NO_PIECE) return 0;
  static constexpr std::uint8_t kByType[] = {0, 1, 3, 4, 2, 6, 5};  // by PieceType
  return static_cast<std::uint8_t>(kByType[core::type_of(piece)] +
                                   (core::color_of(piece) == core::BLACK ? 6 : 0));
}

inline std::uint8_t crc8_smbus(const std::string& text) {
  std::uint8_t crc = 0;
  for (const unsigned char c : text) {
    crc ^= c;
    for (int i = 0; i < 8; ++i)
      crc = static_cast<std::uint8_t>(crc & 0x80 ? (crc << 1) ^ 0x07 : crc << 1);
  }
  return crc;
}
inline std::string peg_line(const std::string& body) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  const std::uint8_t crc = crc8_smbus(body);
  return body + "*" + kHex[crc >> 4] + kHex[crc & 15] + "\n";
}
inline std::string hex_byte(unsigned value) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  return {kHex[(value >> 4) & 15], kHex[value & 15]};
}
inline std::string square_text(core::Square s) {
  return {static_cast<char>('a' + core::file_of(s)), static_cast<char>('1' + core::rank_of(s))};
}

// A board on a pty that the hands act on: answers the host's handshake and scan requests from
// its own thread and reports every action as the board would.
class EmulatedBoard {
 public:
  EmulatedBoard(Wire wire, const std::filesystem::path& link, const core::Position& start)
      : wire_(wire) {
    for (int s = 0; s < 64; ++s) board_[s] = start.piece_on(core::Square(s));
    auto pty = tactile::PseudoTerminal::create(link);
    if (!pty) return;
    pty_ = std::move(*pty);
    if (wire_ == Wire::Peg)
      send(peg_line("PEG 1 emulator ANNOUNCE,PROMOTE-Q,PROMOTE-R,PROMOTE-B,PROMOTE-N"));
    responder_ = std::thread([this] { respond(); });
  }
  ~EmulatedBoard() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    if (pty_) pty_->interrupt();
    if (responder_.joinable()) responder_.join();
  }
  EmulatedBoard(const EmulatedBoard&) = delete;
  EmulatedBoard& operator=(const EmulatedBoard&) = delete;

  bool ok() const { return pty_ != nullptr; }
  // Waits until the host has read the whole board once.
  bool wait_for_host(milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return read_.wait_for(lock, timeout, [&] { return scans_ > 0; });
  }
  // Does one action now; returns the time just before its bytes were written.
  Clock::time_point act(const Action& action) {
    std::lock_guard lock(mutex_);
    std::string bytes;
    switch (action.kind) {
      case Action::Kind::Lift:
        last_lifted_[action.square] = board_[action.square];
        board_[action.square] = core::NO_PIECE;
        bytes = event_bytes("L", action.square, 0);
        break;
      case Action::Kind::Place: {
        // No piece named: a bounce, the piece lifted from here goes back.
        const core::Piece piece =
            action.piece == core::NO_PIECE ? last_lifted_[action.square] : action.piece;
        board_[action.square] = piece;
        bytes = event_bytes("P", action.square, dgt_code(piece));
        break;
      }
      case Action::Kind::Button: {
        static constexpr const char* kButtons[] = {
            "", "", "PROMOTE-N", "PROMOTE-B", "PROMOTE-R", "PROMOTE-Q", ""};
        bytes = peg_line("B " + hex_byte(++seq_) + " " + kButtons[action.promote]);
        break;
      }
    }
    const auto at = Clock::now();
    send(bytes);
    return at;
  }
  // Plays the actions with their pauses; returns each completing action's write time.
  std::vector<Clock::time_point> perform(const std::vector<Action>& actions) {
    std::vector<Clock::time_point> completed;
    for (const Action& action : actions) {
      if (action.pause.count() > 0) std::this_thread::sleep_for(action.pause);
      const auto at = act(action);
      {
        std::lock_guard lock(mutex_);
        writes_.push_back(at);
      }
      if (action.completes) completed.push_back(at);
    }
    return completed;
  }
  // When each action's bytes were written, in order.
  std::vector<Clock::time_point> writes() const {
    std::lock_guard lock(mutex_);
    return writes_;
  }
  std::array<core::Piece, 64> board() const {
    std::lock_guard lock(mutex_);
    return board_;
  }

 private:
  std::string event_bytes(const char* peg_type, core::Square s, std::uint8_t code) {
    if (wire_ == Wire::Dgt)
      return {'\x8E', '\x00', '\x05', static_cast<char>(dgt_index(s)), static_cast<char>(code)};
    return peg_line(std::string(peg_type) + " " + hex_byte(++seq_) + " " + square_text(s));
  }
  std::string dump() const {
    if (wire_ == Wire::Dgt) {
      std::string bytes = {'\x86', '\x00', '\x43'};  // 67 bytes in all
      for (int index = 0; index < 64; ++index)
        bytes += static_cast<char>(dgt_code(board_[core::make_square(index % 8, 7 - index / 8)]));
      return bytes;
    }
    std::string hex;
    for (int rank = 0; rank < 8; ++rank) {
      unsigned byte = 0;
      for (int file = 0; file < 8; ++file)
        if (board_[core::make_square(file, rank)] != core::NO_PIECE) byte |= 1u << file;
      hex += hex_byte(byte);
    }
    return peg_line("S " + hex_byte(seq_) + " " + hex);
  }
  void send(const std::string& bytes) {
    if (pty_)
      (void)pty_->write(
          std::span(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size()),
          milliseconds(200));
  }
  void answer(std::uint8_t byte) {
    if (wire_ == Wire::Dgt) {
      if (byte != 0x42) return;  // reset and "send updates" need no answer here
      send(dump());
      ++scans_;
      read_.notify_all();
      return;
    }
    if (byte != '\n') {
      line_ += static_cast<char>(byte);
      return;
    }
    if (line_.rfind("HELLO", 0) == 0) send(peg_line("PEG 1 emulator ANNOUNCE,PROMOTE-Q"));
    if (line_.rfind("SCAN", 0) == 0) {
      send(dump());
      ++scans_;
      read_.notify_all();
    }
    line_.clear();
  }
  void respond() {
    std::array<std::uint8_t, 256> buffer{};
    for (;;) {
      const auto got = pty_->read(buffer, milliseconds(500));
      std::lock_guard lock(mutex_);
      if (stopping_ || !got) return;
      for (std::size_t i = 0; i < *got; ++i) answer(buffer[i]);
    }
  }

  Wire wire_;
  mutable std::mutex mutex_;
  std::condition_variable read_;
  std::unique_ptr<tactile::PseudoTerminal> pty_;
  std::array<core::Piece, 64> board_{};
  std::array<core::Piece, 64> last_lifted_{};  // what was lifted from each square last
  std::uint8_t seq_ = 0;
  int scans_ = 0;
  bool stopping_ = false;
  std::string line_;
  std::vector<Clock::time_point> writes_;
  std::thread responder_;
};

}  // namespace annabella::emulator
