// The pegboard recogniser: lifts and placements -> touched, completed, made (D.2.2, D.2.3).
#include "tactile/pegboard.h"

#include <algorithm>

#include "core/movegen.h"

namespace annabella::tactile {

using core::Bitboard;
using core::Move;
using core::Piece;
using core::Position;
using core::Square;

namespace {

std::string piece_words(Piece piece) {
  static constexpr const char* kNames[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
  if (piece == core::NO_PIECE) return "";
  return std::string(core::color_of(piece) == core::WHITE ? "white " : "black ") +
         kNames[core::type_of(piece)];
}

std::string step_words(const core::CorrectionStep& step) {
  if (step.piece != core::NO_PIECE) return core::describe(step);
  // An occupancy-only board cannot say which piece stands on a square it did not expect.
  return "remove the piece on " + core::square_name(step.from);
}

PegboardEvent make_event(PegboardEvent::Kind kind, TimePoint time) {
  PegboardEvent event;
  event.kind = kind;
  event.time = time;
  return event;
}

PegboardEvent info(TimePoint time, std::string detail) {
  PegboardEvent event = make_event(PegboardEvent::Kind::Info, time);
  event.detail = std::move(detail);
  return event;
}

Square rotate(Square s) {
  return Square(s ^ 63);
}

std::array<Piece, 64> pieces_of(const Position& pos) {
  std::array<Piece, 64> pieces{};
  for (int s = 0; s < 64; ++s) pieces[s] = pos.piece_on(Square(s));
  return pieces;
}

// A FEN placement field for an arbitrary board (pieces not standing where the Laws allow make
// Position::from_fen refuse it; the caller falls back then).
std::string placement_fen(const std::array<Piece, 64>& board) {
  static constexpr char kLetters[] = " PNBRQK  pnbrqk ";
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p = board[core::make_square(file, rank)];
      if (p == core::NO_PIECE) {
        ++empty;
        continue;
      }
      if (empty) fen += char('0' + empty);
      empty = 0;
      fen += kLetters[p];
    }
    if (empty) fen += char('0' + empty);
    if (rank) fen += '/';
  }
  return fen;
}

}  // namespace

std::string describe(const PegboardEvent& e) {
  using Kind = PegboardEvent::Kind;
  const auto with_piece = [&](const char* verb) {
    std::string text = std::string(verb) + " " + core::square_name(e.square);
    if (e.piece != core::NO_PIECE) text += " " + piece_words(e.piece);
    return text;
  };
  const auto hints = [&] {
    std::string text;
    for (const auto& step : e.hints) text += (text.empty() ? "" : "; ") + step_words(step);
    return text;
  };
  switch (e.kind) {
    case Kind::Touched:
      return with_piece("touched") + (e.own_piece ? "" : " (opponent's piece)");
    case Kind::Placed:
      return with_piece("placed");
    case Kind::Removed:
      return with_piece("removed");
    case Kind::MoveCompleted:
      return "completed " + core::to_uci(e.move) +
             (e.replaces.is_none() ? "" : " (replaces " + core::to_uci(e.replaces) + ")");
    case Kind::MoveRetracted:
      return "retracted " + core::to_uci(e.move);
    case Kind::MoveMade:
      return "made " + core::to_uci(e.move);
    case Kind::PromotionNeeded:
      return "promotion on " + core::square_name(e.square) +
             ": which piece? (D.2.1: the announcement names it)";
    case Kind::Illegal:
      return "illegal: " + e.detail;
    case Kind::OutOfSync:
      return "out of sync: " + hints();
    case Kind::InSync:
      return "in sync";
    case Kind::Disconnected:
      return "disconnected: " + e.detail;
    case Kind::Connected:
    case Kind::Reconnected:
      return std::string(e.kind == Kind::Connected ? "connected" : "reconnected") +
             (e.hints.empty() ? ": the board agrees with the game"
                              : ": the board differs from the game: " + hints());
    case Kind::Button:
      return "button " + std::string(button_name(e.button));
    case Kind::Info:
      return e.detail;
  }
  return e.detail;
}

Pegboard::Pegboard(const Position& position, PegboardSettings settings)
    : settings_(settings), position_(position) {
  sync_to(position_);
}

void Pegboard::sync_to(const Position& pos) {
  board_ = pieces_of(pos);
  origin_.fill(core::SQ_NONE);
  occupied_ = pos.pieces();
  in_hand_.clear();
  promotion_asked_ = false;
  placed_since_sync_ = 0;
}

std::uint64_t Pegboard::board_signature() const {
  std::uint64_t h = 1469598103934665603ull ^ occupied_;
  for (const Piece p : board_) h = (h ^ p) * 1099511628211ull;
  return h | 1;  // never 0 (0 means "none reported")
}

bool Pegboard::shows(const Position& pos) const {
  if (occupied_ != pos.pieces()) return false;
  if (!identifies_pieces_) return true;
  for (int s = 0; s < 64; ++s)
    if (board_[s] != pos.piece_on(Square(s))) return false;
  return true;
}

// Whether the board differs from `reference` only by a move still in the hand: pieces of the
// side to move lifted and not yet placed (touched, D.2.2: the player may deliberate where to put
// one, Art. 4.3) and, when `capture_allowed`, one opponent's piece that a legal move captures,
// taken off first (D.2.3 (1) lets the capture come first). Anything placed where `reference` has
// no such piece, or any other piece missing, is not explained so.
bool Pegboard::only_held(const Position& reference, bool capture_allowed) const {
  const core::Color mover = position_.side_to_move();
  bool captured = false;
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    const Piece wanted = reference.piece_on(s);
    if (occupied_ & core::square_bb(s)) {
      if (wanted == core::NO_PIECE || (identifies_pieces_ && board_[s] != wanted)) return false;
      continue;
    }
    if (wanted == core::NO_PIECE || core::color_of(wanted) == mover) continue;  // in the hand
    if (!capture_allowed || captured) return false;  // an opponent's piece gone unexplained
    const core::MoveList moves = core::legal_moves(position_);
    captured = std::any_of(moves.begin(), moves.end(), [&](Move m) {
      const Square victim = m.kind() == core::MoveKind::EnPassant
                                ? core::make_square(core::file_of(m.to()), core::rank_of(m.from()))
                                : m.to();
      return victim == s && position_.captured_piece(m) != core::NO_PIECE;
    });
    if (!captured) return false;
  }
  return true;
}

void Pegboard::changed(TimePoint time) {
  judge_at_ = time + settings_.settle;
}

std::optional<TimePoint> Pegboard::next_deadline() const {
  std::optional<TimePoint> next = judge_at_;
  const auto consider = [&](TimePoint t) {
    if (!next || t < *next) next = t;
  };
  for (const auto& held : in_hand_)
    if (!held.touch_reported) consider(held.time + settings_.bounce);
  if (unexplained_since_ && !judge_at_ &&
      std::find(hinted_.begin(), hinted_.end(), board_signature()) == hinted_.end())
    consider(*unexplained_since_ + settings_.out_of_sync_grace);
  return next;
}

void Pegboard::tick(TimePoint now, std::vector<PegboardEvent>& out) {
  report_touches(now, out);
  if (judge_at_ && *judge_at_ <= now) judge(*judge_at_, out);
  // Only a judged board gets the hint: one still changing (a piece just lifted to correct it, or
  // to deliberate, D.2.2) is judged first, which restarts the grace period or ends it.
  if (unexplained_since_ && !judge_at_ &&
      *unexplained_since_ + settings_.out_of_sync_grace <= now &&
      std::find(hinted_.begin(), hinted_.end(), board_signature()) == hinted_.end())
    report_unexplained(*unexplained_since_ + settings_.out_of_sync_grace, out);
}

void Pegboard::feed(const BoardInput& input, std::vector<PegboardEvent>& out) {
  tick(input.time, out);  // timers due before this input fire first (deterministic order)
  const auto mapped = [&](Square s) { return rotated_ ? rotate(s) : s; };
  PegboardEvent event;
  event.time = input.time;
  switch (input.kind) {
    case BoardInput::Kind::Lift:
      if (core::is_ok(input.square)) lift(mapped(input.square), input.time, out);
      break;
    case BoardInput::Kind::Place:
      if (!core::is_ok(input.square)) break;
      if (input.piece != core::NO_PIECE) identifies_pieces_ = true;
      place(mapped(input.square), input.piece, input.time, out);
      break;
    case BoardInput::Kind::Scan:
      apply_scan(input, out);
      break;
    case BoardInput::Kind::Button:
      switch (input.button) {
        case BoardButton::Announce:
          if (pending_) {
            make(input.time, out);  // D.2.3 (3) by the board's own announce/confirm button
            return;
          }
          break;
        case BoardButton::PromoteQueen:
          promotion_ = core::QUEEN;
          break;
        case BoardButton::PromoteRook:
          promotion_ = core::ROOK;
          break;
        case BoardButton::PromoteBishop:
          promotion_ = core::BISHOP;
          break;
        case BoardButton::PromoteKnight:
          promotion_ = core::KNIGHT;
          break;
        default:
          break;
      }
      event.kind = PegboardEvent::Kind::Button;
      event.button = input.button;
      out.push_back(std::move(event));
      if (promotion_ && promotion_asked_) changed(input.time);
      break;
    case BoardInput::Kind::Disconnected:
      awaiting_scan_ = true;
      event.kind = PegboardEvent::Kind::Disconnected;
      event.detail = input.detail;
      out.push_back(std::move(event));
      break;
    case BoardInput::Kind::Connected:
      awaiting_scan_ = true;
      event.kind = PegboardEvent::Kind::Info;
      event.detail = "link open: " + input.detail + " (waiting for the full scan)";
      out.push_back(std::move(event));
      break;
    case BoardInput::Kind::Garbage:
    case BoardInput::Kind::Info:
      event.kind = PegboardEvent::Kind::Info;
      event.detail = input.detail;
      out.push_back(std::move(event));
      break;
  }
  if (judge_at_ && *judge_at_ <= input.time) judge(*judge_at_, out);  // settle 0
}

void Pegboard::report_touch(InHand& held, std::vector<PegboardEvent>& out) {
  held.touch_reported = true;
  if (settings_.made_by_reply && pending_ && held.piece != core::NO_PIECE &&
      core::color_of(held.piece) != position_.side_to_move()) {
    // Unless the moved piece could still go on to capture it (one legal move from its origin).
    const core::MoveList moves = core::legal_moves(position_);
    if (std::none_of(moves.begin(), moves.end(),
                     [&](Move m) { return m.from() == pending_->from() && m.to() == held.from; }))
      make(held.time, out);  // the reply began: the completed move was made (D.2.3 (3))
  }
  TouchRecord record;
  record.time = held.time;
  record.square = held.from;
  record.piece = held.piece;
  record.ply = position_.game_ply();
  record.own_piece =
      held.piece != core::NO_PIECE && core::color_of(held.piece) == position_.side_to_move();
  held.log_index = touch_log_.size();
  touch_log_.push_back(record);
  PegboardEvent event;
  event.kind = PegboardEvent::Kind::Touched;  // D.2.2
  event.time = held.time;
  event.square = held.from;
  event.piece = held.piece;
  event.own_piece = record.own_piece;
  out.push_back(std::move(event));
}

void Pegboard::report_touches(TimePoint now, std::vector<PegboardEvent>& out) {
  for (auto& held : in_hand_)
    if (!held.touch_reported && held.time + settings_.bounce <= now) report_touch(held, out);
}

void Pegboard::lift(Square s, TimePoint time, std::vector<PegboardEvent>& out) {
  // made_by_reply: the other side lifting a piece before the board settled ends the settling:
  // judge the board as it stood (the reply cannot have begun before the move was complete).
  if (settings_.made_by_reply && !pending_ && judge_at_ && board_[s] != core::NO_PIECE &&
      core::color_of(board_[s]) != position_.side_to_move())
    judge(time, out);
  changed(time);
  if (!(occupied_ & core::square_bb(s))) return;  // nothing was there: a sensor flicker
  InHand held;
  held.piece = board_[s];
  held.from = s;
  held.origin = origin_[s] == core::SQ_NONE ? s : origin_[s];
  held.time = time;
  board_[s] = core::NO_PIECE;
  origin_[s] = core::SQ_NONE;
  occupied_ &= ~core::square_bb(s);
  in_hand_.push_back(held);
  if (settings_.bounce.count() == 0) report_touch(in_hand_.back(), out);
}

void Pegboard::place(Square s, Piece piece, TimePoint time, std::vector<PegboardEvent>& out) {
  changed(time);
  if (occupied_ & core::square_bb(s)) {
    // An occupancy-only board cannot take a second peg in a hole: a repeated report. A
    // piece-identifying board may report a capture as the new piece arriving with no lift of
    // the old one: the old one was taken (and touched) then.
    if (piece == core::NO_PIECE || board_[s] == piece) return;
    lift(s, time, out);
    report_touch(in_hand_.back(), out);
  }
  // Which piece in hand went in. A piece-identifying board says; on an occupancy-only board,
  // prefer a piece of the side to move that can legally go there (a capture rather than the
  // captured piece put back), then the piece lifted from this hole, then the latest lifted.
  std::optional<std::size_t> index;
  const auto latest = [&](auto&& fits) {
    for (std::size_t i = in_hand_.size(); i-- > 0 && !index;)
      if (fits(in_hand_[i])) index = i;
  };
  if (piece != core::NO_PIECE) {
    latest([&](const InHand& h) { return h.from == s && h.piece == piece; });
    latest([&](const InHand& h) { return h.piece == piece; });
  } else {
    const core::MoveList moves = core::legal_moves(position_);
    latest([&](const InHand& h) {
      return h.piece != core::NO_PIECE && core::color_of(h.piece) == position_.side_to_move() &&
             std::any_of(moves.begin(), moves.end(),
                         [&](Move m) { return m.from() == h.origin && m.to() == s; });
    });
    latest([&](const InHand& h) { return h.from == s; });
    latest([&](const InHand& h) {
      return h.piece != core::NO_PIECE && core::color_of(h.piece) == position_.side_to_move();
    });
    latest([](const InHand&) { return true; });
  }

  Piece placed = piece;
  Square from = core::SQ_NONE;
  if (index) {
    InHand& held = in_hand_[*index];
    if (held.from == s && !held.touch_reported && time - held.time < settings_.bounce) {
      // Sensor bounce: the peg never left its hole (no touch, no placement).
      board_[s] = held.piece;
      occupied_ |= core::square_bb(s);
      in_hand_.erase(in_hand_.begin() + static_cast<std::ptrdiff_t>(*index));
      return;
    }
    if (!held.touch_reported) report_touch(held, out);
    if (held.from == s && held.log_index)
      touch_log_[*held.log_index].put_back = true;  // touched, not moved
    if (placed == core::NO_PIECE) placed = held.piece;
    from = held.origin;
    origin_[s] = held.origin;
    in_hand_.erase(in_hand_.begin() + static_cast<std::ptrdiff_t>(*index));
  }
  board_[s] = placed;
  occupied_ |= core::square_bb(s);
  placed_since_sync_ |= core::square_bb(s);
  PegboardEvent event;
  event.kind = PegboardEvent::Kind::Placed;
  event.time = time;
  event.square = s;
  event.piece = placed;
  out.push_back(std::move(event));
  check_expected_placement(s, placed, from, time, out);
}

void Pegboard::check_expected_placement(Square s, Piece piece, Square from, TimePoint time,
                                        std::vector<PegboardEvent>& out) {
  if (!expected_ || expected_misplaced_reported_ || s == from) return;
  const Position after = position_.after(*expected_);
  const Piece wanted = after.piece_on(s);
  std::string what;
  if (wanted == core::NO_PIECE)
    what = "a piece was placed on " + core::square_name(s) + ", which stays empty";
  else if (identifies_pieces_ && piece != wanted)
    what = piece_words(piece) + " placed on " + core::square_name(s) + " where the " +
           piece_words(wanted) + " belongs";
  else if (position_.piece_on(s) == wanted)
    return;  // a piece put back where it stood
  if (what.empty()) return;
  expected_misplaced_reported_ = true;
  PegboardEvent event;
  event.kind = PegboardEvent::Kind::Illegal;
  event.time = time;
  event.square = s;
  event.piece = piece;
  event.move = *expected_;
  event.detail = "the announced move is " + core::to_uci(*expected_) + " (D.2.1): " + what;
  out.push_back(std::move(event));
}

void Pegboard::apply_scan(const BoardInput& input, std::vector<PegboardEvent>& out) {
  const BoardScan& scan = input.scan;
  std::array<Piece, 64> pieces = scan.pieces;
  Bitboard occupied = scan.occupied;
  if (scan.identifies_pieces) {
    identifies_pieces_ = true;
    // The board never renumbers when turned round (docs/dgt-board.md): detect it from the scan.
    std::array<Piece, 64> turned{};
    for (int s = 0; s < 64; ++s) turned[s] = scan.pieces[rotate(Square(s))];
    const auto wanted = pieces_of(target());
    const auto start = pieces_of(Position());
    const bool straight = scan.pieces == wanted || scan.pieces == start;
    const bool round = turned == wanted || turned == start;
    if (round && !straight && !rotated_) {
      rotated_ = true;
      out.push_back(info(input.time,
                         "the board is turned round (a1 at the far right): squares are read "
                         "rotated"));
    } else if (straight && !round && rotated_) {
      rotated_ = false;
      out.push_back(info(input.time, "the board is the right way round again"));
    }
    if (rotated_) pieces = turned;
    occupied = 0;
    for (int s = 0; s < 64; ++s)
      if (pieces[s] != core::NO_PIECE) occupied |= core::square_bb(Square(s));
  }
  // Pegs gone while nobody watched are in hand (their touch was not seen: not reported).
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    if ((occupied_ & core::square_bb(s)) && !(occupied & core::square_bb(s))) {
      InHand held;
      held.piece = board_[s];
      held.from = s;
      held.origin = origin_[s] == core::SQ_NONE ? s : origin_[s];
      held.time = input.time;
      held.touch_reported = true;
      in_hand_.push_back(held);
    }
  }
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    const bool now_there = occupied & core::square_bb(s);
    if (scan.identifies_pieces) {
      if (board_[s] != pieces[s]) origin_[s] = core::SQ_NONE;
      board_[s] = pieces[s];
    } else if (!now_there) {
      board_[s] = core::NO_PIECE;
      origin_[s] = core::SQ_NONE;
    } else if (!(occupied_ & core::square_bb(s))) {
      placed_since_sync_ |= core::square_bb(s);
      // A peg appeared: guess it is the latest piece in hand of the side to move.
      board_[s] = core::NO_PIECE;
      for (std::size_t k = in_hand_.size(); k-- > 0;)
        if (in_hand_[k].piece != core::NO_PIECE &&
            core::color_of(in_hand_[k].piece) == position_.side_to_move()) {
          board_[s] = in_hand_[k].piece;
          origin_[s] = in_hand_[k].origin;
          in_hand_.erase(in_hand_.begin() + static_cast<std::ptrdiff_t>(k));
          break;
        }
    }
  }
  if (scan.identifies_pieces)  // pieces now standing somewhere are no longer in hand
    std::erase_if(in_hand_, [&](const InHand& held) {
      return std::find(board_.begin(), board_.end(), held.piece) != board_.end() &&
             held.touch_reported;
    });
  occupied_ = occupied;
  changed(input.time);
  if (awaiting_scan_) {
    awaiting_scan_ = false;
    PegboardEvent event;
    event.kind =
        connected_before_ ? PegboardEvent::Kind::Reconnected : PegboardEvent::Kind::Connected;
    event.time = input.time;
    event.hints = hints_towards(target());
    out.push_back(std::move(event));
    connected_before_ = true;
  }
}

void Pegboard::judge(TimePoint now, std::vector<PegboardEvent>& out) {
  judge_at_.reset();
  const auto back_in_sync = [&] {
    const bool was_out = !hinted_.empty() || illegal_reported_ != 0;
    unexplained_since_.reset();
    hinted_.clear();
    illegal_reported_ = 0;
    expected_misplaced_reported_ = false;
    if (was_out) out.push_back(make_event(PegboardEvent::Kind::InSync, now));
  };
  if (shows(position_)) {
    if (pending_) {
      PegboardEvent event = make_event(PegboardEvent::Kind::MoveRetracted, now);
      event.move = *pending_;
      out.push_back(std::move(event));
      pending_.reset();
      pending_position_.reset();
    }
    sync_to(position_);
    back_in_sync();
    return;
  }
  if (pending_ && shows(*pending_position_)) {
    sync_to(*pending_position_);
    back_in_sync();
    return;
  }
  const core::MoveList moves = core::legal_moves(position_);
  std::vector<Move> matches;
  for (const Move m : moves)
    if (shows(position_.after(m)) &&
        (identifies_pieces_ || (placed_since_sync_ & core::square_bb(m.to()))))
      matches.push_back(m);  // occupancy only: the peg on the target square must be a new one
  if (!matches.empty()) {
    Move m = matches.front();
    if (matches.size() > 1) {
      // Only promotions look alike on an occupancy-only board (D.2.1: the announcement names
      // the piece).
      const auto chosen = std::find_if(matches.begin(), matches.end(), [&](Move x) {
        return promotion_ && x.kind() == core::MoveKind::Promotion && x.promotion() == *promotion_;
      });
      if (chosen == matches.end()) {
        if (!promotion_asked_) {
          promotion_asked_ = true;
          PegboardEvent event = make_event(PegboardEvent::Kind::PromotionNeeded, now);
          event.square = m.to();
          event.move = m;
          out.push_back(std::move(event));
        }
        return;
      }
      m = *chosen;
    }
    if (expected_ && m != *expected_) {
      // Reported once: the first wrong placement was said at once already, so the settled board
      // showing that wrong move is not said again (the correction hint follows after the grace).
      if (illegal_reported_ != board_signature() && !expected_misplaced_reported_) {
        illegal_reported_ = board_signature();
        PegboardEvent event = make_event(PegboardEvent::Kind::Illegal, now);
        event.move = *expected_;
        event.square = m.to();
        event.detail = "the board shows " + core::to_uci(m) + " but the announced move is " +
                       core::to_uci(*expected_) + " (D.2.1)";
        out.push_back(std::move(event));
      }
      if (!unexplained_since_) unexplained_since_ = now;
      return;
    }
    back_in_sync();
    complete(m, now, out);
    return;
  }
  // A move under way in the hand is no difference to report, however long the player
  // deliberates (Art. 4.3 holds him to the touched piece; telling him to put it back would
  // invite a violation): no grace period, no hint. D.2.2, D.2.3 (1).
  if (only_held(position_, true) || (pending_position_ && only_held(*pending_position_, false))) {
    unexplained_since_.reset();
    return;
  }
  // Nothing legal explains the board. One piece moved where no legal move goes is an illegal
  // move; a move still under way (castling king first, Art. 4.4; en passant with the captured
  // pawn still standing) is not.
  std::vector<Square> vacated, filled;
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    const bool was = position_.piece_on(s) != core::NO_PIECE;
    const bool is = occupied_ & core::square_bb(s);
    if (was && !is) vacated.push_back(s);
    if (is && (!was || (identifies_pieces_ && board_[s] != position_.piece_on(s))))
      filled.push_back(s);
  }
  const std::uint64_t signature = board_signature();
  if (filled.size() == 1 && !vacated.empty() && !expected_misplaced_reported_ &&
      illegal_reported_ != signature) {
    const bool under_way = std::any_of(moves.begin(), moves.end(), [&](Move m) {
      return m.to() == filled[0] &&
             std::find(vacated.begin(), vacated.end(), m.from()) != vacated.end();
    });
    if (!under_way) {
      illegal_reported_ = signature;
      const Piece piece = board_[filled[0]];
      PegboardEvent event = make_event(PegboardEvent::Kind::Illegal, now);
      event.square = filled[0];
      event.piece = piece;
      std::string who = piece == core::NO_PIECE ? "a piece" : piece_words(piece);
      std::string from;
      for (const Square v : vacated)
        if (board_[filled[0]] == core::NO_PIECE || position_.piece_on(v) == piece)
          from = core::square_name(v);
      event.detail = who + (from.empty() ? "" : " " + from) + " to " +
                     core::square_name(filled[0]) +
                     " is not a legal move (Art. 3); nothing enters the record";
      if (piece != core::NO_PIECE && core::color_of(piece) != position_.side_to_move())
        event.detail = who + " moved to " + core::square_name(filled[0]) + ", but " +
                       (position_.side_to_move() == core::WHITE ? "White" : "Black") +
                       " is to move; nothing enters the record";
      out.push_back(std::move(event));
    }
  }
  // The grace period starts again whenever the unexplained board changes.
  if (!unexplained_since_ || last_unexplained_ != signature) {
    unexplained_since_ = now;
    last_unexplained_ = signature;
  }
}

void Pegboard::complete(Move m, TimePoint now, std::vector<PegboardEvent>& out) {
  report_touches(now + settings_.bounce, out);  // a capture's removal is a real touch
  const Piece captured = position_.captured_piece(m);
  if (captured != core::NO_PIECE) {
    const Square where = m.kind() == core::MoveKind::EnPassant
                             ? core::make_square(core::file_of(m.to()), core::rank_of(m.from()))
                             : m.to();
    PegboardEvent event = make_event(PegboardEvent::Kind::Removed, now);  // D.2.3 (1)
    event.square = where;
    event.piece = captured;
    for (const auto& held : in_hand_)
      if (held.from == where) event.time = held.time;
    out.push_back(std::move(event));
  }
  PegboardEvent event = make_event(PegboardEvent::Kind::MoveCompleted, now);  // D.2.3 (1) and (2)
  event.move = m;
  event.replaces = pending_.value_or(Move::none());
  event.square = m.to();
  event.piece = position_.piece_on(m.from());
  out.push_back(std::move(event));
  pending_ = m;
  pending_position_ = position_.after(m);
  sync_to(*pending_position_);
  promotion_.reset();
  if (expected_ && *expected_ == m) {
    // The opponent's move, announced already (D.2.1), is now on this board too.
    position_ = *pending_position_;
    pending_.reset();
    pending_position_.reset();
    expected_.reset();
    return;
  }
  if (settings_.auto_announce) make(now, out);
}

void Pegboard::make(TimePoint now, std::vector<PegboardEvent>& out) {
  if (!pending_) return;
  PegboardEvent event = make_event(PegboardEvent::Kind::MoveMade, now);  // D.2.3 (3)
  event.move = *pending_;
  event.square = pending_->to();
  event.piece = pending_position_->piece_on(pending_->to());
  out.push_back(std::move(event));
  position_ = *pending_position_;
  pending_.reset();
  pending_position_.reset();
}

void Pegboard::announce(TimePoint now, std::vector<PegboardEvent>& out) {
  make(now, out);
}

void Pegboard::set_promotion(core::PieceType piece, TimePoint now,
                             std::vector<PegboardEvent>& out) {
  promotion_ = piece;
  if (promotion_asked_) judge(now, out);
}

void Pegboard::expect_move(Move move) {
  expected_ = move;
  expected_misplaced_reported_ = false;
}

void Pegboard::set_position(const Position& position, TimePoint now,
                            std::vector<PegboardEvent>& out) {
  position_ = position;
  pending_.reset();
  pending_position_.reset();
  expected_.reset();
  promotion_.reset();
  hinted_.clear();
  unexplained_since_.reset();
  judge(now, out);
}

void Pegboard::report_unexplained(TimePoint now, std::vector<PegboardEvent>& out) {
  hinted_.push_back(board_signature());
  PegboardEvent event = make_event(PegboardEvent::Kind::OutOfSync, now);
  event.hints = hints_towards(target());
  out.push_back(std::move(event));
}

std::vector<core::CorrectionStep> Pegboard::hints_towards(const Position& goal) const {
  bool known = true;
  for (int s = 0; s < 64; ++s)
    if ((occupied_ & core::square_bb(Square(s))) && board_[s] == core::NO_PIECE) known = false;
  if (known) {
    const std::string placement = placement_fen(board_);
    for (const char* side : {" w - - 0 1", " b - - 0 1"}) {
      const auto physical = Position::from_fen(placement + side);
      if (physical) return core::correction_steps(*physical, goal);
    }
  }
  // The board holds what no legal position can (two kings gone, a pawn on the last rank) or
  // pegs of unknown identity: square by square, removals first.
  std::vector<core::CorrectionStep> steps;
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    const bool there = occupied_ & core::square_bb(s);
    if (there && (goal.piece_on(s) == core::NO_PIECE ||
                  (board_[s] != core::NO_PIECE && board_[s] != goal.piece_on(s))))
      steps.push_back({core::CorrectionStep::Kind::Remove, board_[s], s, core::SQ_NONE});
  }
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    const bool there = occupied_ & core::square_bb(s);
    if (goal.piece_on(s) != core::NO_PIECE &&
        (!there || (board_[s] != core::NO_PIECE && board_[s] != goal.piece_on(s))))
      steps.push_back({core::CorrectionStep::Kind::Place, goal.piece_on(s), core::SQ_NONE, s});
  }
  return steps;
}

}  // namespace annabella::tactile
