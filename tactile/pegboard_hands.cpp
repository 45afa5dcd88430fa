// The Pegboard's hands: what stands on which square and what is held, from the board's lifts,
// placements and scans; touches (D.2.2) and put-backs as they happen. What a board means under
// the Laws is judged in tactile/pegboard.cpp.
#include "tactile/pegboard.h"

#include <algorithm>

#include "core/bitboard.h"
#include "core/movegen.h"

namespace annabella::tactile {

using core::Bitboard;
using core::Move;
using core::Piece;
using core::Position;
using core::Square;

namespace {

Square rotate(Square s) {
  return Square(s ^ 63);
}

std::array<Piece, 64> pieces_of(const Position& pos) {
  std::array<Piece, 64> pieces{};
  for (int s = 0; s < 64; ++s) pieces[s] = pos.piece_on(Square(s));
  return pieces;
}

Bitboard occupancy_of(const std::array<Piece, 64>& pieces) {
  Bitboard occupied = 0;
  for (int s = 0; s < 64; ++s)
    if (pieces[s] != core::NO_PIECE) occupied |= core::square_bb(Square(s));
  return occupied;
}

PegboardEvent info(TimePoint time, BoardRemark remark, std::string detail) {
  PegboardEvent event;
  event.kind = PegboardEvent::Kind::Info;
  event.time = time;
  event.remark = remark;
  event.detail = std::move(detail);
  return event;
}

std::optional<core::PieceType> promotion_of(BoardButton button) {
  switch (button) {
    case BoardButton::PromoteQueen:
      return core::QUEEN;
    case BoardButton::PromoteRook:
      return core::ROOK;
    case BoardButton::PromoteBishop:
      return core::BISHOP;
    case BoardButton::PromoteKnight:
      return core::KNIGHT;
    default:
      return std::nullopt;
  }
}

}  // namespace

void Pegboard::sync_to(const Position& pos) {
  board_.pieces = pieces_of(pos);
  board_.occupied = pos.pieces();
  board_.placed = 0;
  board_.lifted = 0;
  board_.known = pos.pieces();
  board_.unwatched = false;
  origin_.fill(core::SQ_NONE);
  in_hand_.clear();
  promotion_asked_ = false;
  move_asked_ = false;
}

Pegboard::InHand Pegboard::taken_from(Square s, TimePoint time) {
  InHand held;
  held.piece = board_.pieces[s];
  held.from = s;
  held.origin = origin_[s] == core::SQ_NONE ? s : origin_[s];
  held.time = time;
  held.order = ++order_;
  held.toucher = presumed_toucher();
  held.lifted_in = position_epoch_;
  held.known = (board_.known & core::square_bb(s)) != 0;
  held.game_then = position_;
  held.from_placed = !board_.identifies_pieces && (board_.placed & core::square_bb(s)) != 0 &&
                     target().piece_on(s) == core::NO_PIECE;
  // The piece just moved, lifted again from a square on its way (a slide put down on the way,
  // D.2.2), with no piece of the reply in hand: the mover going on, unless the reply can take it
  // there (then it may be the replier's capture, D.2.3 (1): not known at the lift).
  const core::Color mover = position_.side_to_move();
  const bool replier_holds = std::any_of(in_hand_.begin(), in_hand_.end(),
                                         [&](const InHand& h) { return h.toucher != mover; });
  if (!settings_.owner && held.toucher != mover && !replier_holds && held.piece != core::NO_PIECE &&
      core::color_of(held.piece) == mover && on_a_slides_way(s)) {
    if (reply_can_take(s))
      held.toucher_unsure = true;
    else
      held.toucher = mover;
  }
  return held;
}

// Whether `s` lies strictly on the way of a legal move of the side to move whose piece came to
// `s` from that move's square: a slide put down on a square on the way may go on (D.2.2).
bool Pegboard::on_a_slides_way(Square s) const {
  Square origin = origin_[s];
  if (pending_ && pending_->to() == s) origin = pending_->from();
  if (origin == core::SQ_NONE || origin == s) return false;
  const core::MoveList moves = core::legal_moves(position_);
  return std::any_of(moves.begin(), moves.end(), [&](Move m) {
    Square from = m.from();
    Square to = m.to();
    if (m.kind() == core::MoveKind::Castling) {
      const auto c = position_.castling_squares(m);
      const bool rook = origin == c.rook_from;
      from = rook ? c.rook_from : c.king_from;
      to = rook ? c.rook_to : c.king_to;
    }
    return from == origin && to != s && (core::between_bb(from, to) & core::square_bb(s)) != 0;
  });
}

// Whether a reply to the move the board shows completed (pending, or shown whole now) can take
// the piece on `s`.
bool Pegboard::reply_can_take(Square s) const {
  Position after = position_;
  if (pending_position_) {
    after = *pending_position_;
  } else if (const auto shown = sequences_shown(position_, board_);
             !shown.empty() && shown.front().size() == 1) {
    after = position_.after(shown.front().front());
  }
  const core::MoveList replies = core::legal_moves(after);
  return std::any_of(replies.begin(), replies.end(),
                     [&](Move m) { return captured_square(after, m) == s; });
}

// Whose hand a lift was, found out after it (the slide went on, or the reply took the piece):
// the hand and its touch record say so from now on.
void Pegboard::settle_toucher(InHand& held, core::Color toucher) {
  held.toucher = toucher;
  held.toucher_unsure = false;
  if (!held.log_index || settings_.owner) return;
  TouchRecord& record = touch_log_[*held.log_index];
  record.own_piece = held.piece != core::NO_PIECE && core::color_of(held.piece) == toucher;
  record.toucher_unsure = false;
}

// With no owner (a board both players use), whose hand a lift is: the side to move's, or the
// replier's once the board shows a move completed (pending, or shown whole as this lift begins)
// and while the reply so begun is under way: a quick reply often begins by lifting the piece
// just moved, to capture it (D.2.2, D.2.3). The castling rook after the king is still the
// mover's: a king two squares on alone is no move.
core::Color Pegboard::presumed_toucher() const {
  const core::Color mover = position_.side_to_move();
  if (pending_) return ~mover;
  if (std::any_of(in_hand_.begin(), in_hand_.end(),
                  [&](const InHand& held) { return held.toucher != mover; }))
    return ~mover;
  const std::vector<MoveSequence> shown = sequences_shown(position_, board_);
  const bool completed = !shown.empty() && shown.front().size() == 1;
  return completed ? ~mover : mover;
}

// made_by_reply: the other side's piece lifted, or put on a square in place of the mover's (a
// piece-identifying board's capture reported with no lift), before the board settled ends the
// settling: the board is judged as it stood (the reply cannot have begun before the move was
// complete). So too with a move completed already and changed since (a slide that rested on h6
// for the settle time and went on to h5): the reply's touch makes the move the board shows, not
// the one it showed before (D.2.3 (3)). Only at the reply's first piece: once the replier holds
// one, or has touched one already, the board as it stands is the reply's work too (a bishop slid
// on its way to a capture), and so it is when the reply began on a settled board (a rook lifted
// from h1 when Black's move had settled, put down on h2 and lifted again to go on to h6: the
// lift from h2 was taken as the reply's first, and h1-h2 recorded).
void Pegboard::reply_begins(Piece piece, TimePoint time) {
  const core::Color mover = position_.side_to_move();
  if (!settings_.made_by_reply || piece == core::NO_PIECE || core::color_of(piece) == mover) return;
  // The reply's first piece only: its own placements since are the reply's work too (a rook
  // sliding e3-e4-e7 was judged e3-e4 when lifted again from e4).
  const std::pair<std::uint64_t, Move> state{position_epoch_, pending_.value_or(Move::none())};
  if (reply_begun_ == state) return;
  reply_begun_ = state;
  if (!judge_at_) return;  // settled: judged as it stands already
  const bool replier_holds = std::any_of(in_hand_.begin(), in_hand_.end(),
                                         [&](const InHand& h) { return h.toucher != mover; });
  if (!replier_holds) judge(time);
}

void Pegboard::lift(Square s, TimePoint time) {
  reply_begins(board_.pieces[s], time);
  changed(time);
  if (!(board_.occupied & core::square_bb(s))) return;  // nothing was there: a sensor flicker
  in_hand_.push_back(taken_from(s, time));
  board_.pieces[s] = core::NO_PIECE;
  origin_[s] = core::SQ_NONE;
  board_.occupied &= ~core::square_bb(s);
  board_.lifted |= core::square_bb(s);
  board_.known &= ~core::square_bb(s);
  if (settings_.bounce.count() == 0) report_touch(in_hand_.back());
}

// Which piece in hand went into `s`. A piece-identifying board says; on an occupancy-only
// board the hole it came from says which piece it is: prefer a piece of its toucher's own that
// can legally go there (a capture rather than the captured piece put back, a recapture rather
// than the piece it recaptures), then any piece that can, then the piece lifted from this hole,
// then the latest lifted of the side to move, then the latest lifted.
std::optional<std::size_t> Pegboard::held_for(Square s, Piece piece) const {
  std::optional<std::size_t> index;
  const auto latest = [&](auto&& fits) {
    for (std::size_t i = in_hand_.size(); i-- > 0 && !index;)
      if (fits(in_hand_[i])) index = i;
  };
  if (piece != core::NO_PIECE) {
    latest([&](const InHand& h) { return h.from == s && h.piece == piece; });
    latest([&](const InHand& h) { return h.piece == piece; });
    return index;
  }
  const core::Color mover = position_.side_to_move();
  const auto movers = [&](const InHand& h) {
    return h.piece != core::NO_PIECE && core::color_of(h.piece) == mover;
  };
  // A legal move of the side to move, or of the reply to a completed move (its touch may not
  // have made that move yet: the bounce window).
  const auto can_go = [&](const Position& pos, const InHand& h) {
    if (h.piece == core::NO_PIECE || core::color_of(h.piece) != pos.side_to_move()) return false;
    const core::MoveList moves = core::legal_moves(pos);
    return std::any_of(moves.begin(), moves.end(),
                       [&](Move m) { return carries(pos, m, h.origin, s); });
  };
  // A piece goes where its toucher moves it: one of the toucher's own pieces (a piece of the
  // other side in his hand is one he captures, D.2.3 (1)). A reply begun before the move it
  // answers was judged (a quick recapture) is legal after some move of the side to move: the
  // recaptured piece in the hand is not the piece placed (issue 12: "placed d5 white pawn" was
  // said for the queen that took it back).
  const auto toucher_can_go = [&](const InHand& h) {
    if (h.piece == core::NO_PIECE || core::color_of(h.piece) != h.toucher) return false;
    if (h.toucher == mover) return can_go(position_, h);
    if (pending_position_) return can_go(*pending_position_, h);
    const core::MoveList moves = core::legal_moves(position_);
    return std::any_of(moves.begin(), moves.end(),
                       [&](Move m) { return can_go(position_.after(m), h); });
  };
  latest(toucher_can_go);
  latest([&](const InHand& h) {
    return can_go(position_, h) || (pending_position_ && can_go(*pending_position_, h));
  });
  latest([&](const InHand& h) { return h.from == s; });
  latest(movers);
  latest([](const InHand&) { return true; });
  return index;
}

// The peg lifted last, back in its hole within the bounce window, is that peg whatever else is
// in the hand (its sensor flickered, D.2.2: no touch), unless the peg lifted before it was
// lifted within that window too: inputs that close together cannot tell a flicker from a
// capture (the captured piece lifted and the capturing one put in its place).
std::optional<std::size_t> Pegboard::flickered(Square s, Piece piece, TimePoint time) const {
  const std::size_t n = in_hand_.size();
  if (n == 0) return std::nullopt;
  const InHand& last = in_hand_[n - 1];
  const bool flicker = last.from == s && !last.touch_reported &&
                       time - last.time < settings_.bounce &&
                       (piece == core::NO_PIECE || last.piece == piece) &&
                       (n == 1 || last.time - in_hand_[n - 2].time >= settings_.bounce);
  return flicker ? std::optional<std::size_t>(n - 1) : std::nullopt;
}

// A piece-identifying board shows a promotion's new piece where a pawn was lifted: the pawn in
// the hand it came from, and the piece it became (D.2.1: the board names it).
std::optional<std::size_t> Pegboard::promoted_pawn(Square s, Piece piece) {
  const int rank = core::rank_of(s);
  if (piece == core::NO_PIECE || (rank != 0 && rank != 7)) return std::nullopt;
  const core::PieceType type = core::type_of(piece);
  if (type == core::PAWN || type == core::KING) return std::nullopt;
  const Piece pawn = core::make_piece(core::color_of(piece), core::PAWN);
  for (std::size_t i = in_hand_.size(); i-- > 0;)
    if (in_hand_[i].piece == pawn) {
      name_promotion(type, now_);
      return i;
    }
  return std::nullopt;
}

void Pegboard::place(Square s, Piece piece, TimePoint time) {
  changed(time);
  placed_at_[s] = time;
  if (board_.occupied & core::square_bb(s)) {
    // An occupancy-only board cannot take a second peg in a hole: a repeated report. A
    // piece-identifying board may report a capture as the new piece arriving with no lift of
    // the old one: the old one was taken (and touched) then, by the hand that put this one
    // there.
    if (piece == core::NO_PIECE || board_.pieces[s] == piece) return;
    reply_begins(piece, time);
    lift(s, time);
    settle_toucher(in_hand_.back(), core::color_of(piece));
    report_touch(in_hand_.back());
  }
  PegboardEvent event;
  event.kind = PegboardEvent::Kind::Placed;
  event.time = time;
  event.square = s;
  event.piece = piece;
  Square from = core::SQ_NONE;
  auto index = flickered(s, piece, time);
  if (!index) index = held_for(s, piece);
  if (!index) index = promoted_pawn(s, piece);
  if (index) {
    if (bounced(s, *index, time)) return;
    from = put_down(s, *index, event);
  }
  board_.pieces[s] = event.piece;
  board_.occupied |= core::square_bb(s);
  board_.placed |= core::square_bb(s);
  const Piece placed = event.piece;
  emit(std::move(event));
  check_expected_placement(s, placed, from, time);
}

// Sensor bounce: the peg in hand `index` back in its hole within the bounce window never left
// it (no touch, no placement). Restores it if so.
bool Pegboard::bounced(Square s, std::size_t index, TimePoint time) {
  const InHand& held = in_hand_[index];
  if (held.from != s || held.touch_reported || time - held.time >= settings_.bounce) return false;
  board_.pieces[s] = held.piece;
  board_.occupied |= core::square_bb(s);
  if (held.known) board_.known |= core::square_bb(s);
  if (!(board_.placed & core::square_bb(s))) board_.lifted &= ~core::square_bb(s);
  in_hand_.erase(in_hand_.begin() + static_cast<std::ptrdiff_t>(index));
  return true;
}

// The peg in hand `index` goes into `s`: its touch is reported, a put-back said as one, and
// `event` (the placement) names its piece. Returns where the peg stood in the judged position.
Square Pegboard::put_down(Square s, std::size_t index, PegboardEvent& event) {
  InHand& held = in_hand_[index];
  // A slide's piece lifted on the way and placed on another square: the mover went on.
  if (held.toucher_unsure && held.from != s) settle_toucher(held, core::color_of(held.piece));
  if (!held.touch_reported) report_touch(held);
  // Put back: the piece lifted from this hole, and no doubt about it (a piece-identifying
  // board names it; on an occupancy-only board nothing else is in the hand, and no peg of another
  // piece went in while it was held).
  if (held.from == s && held.log_index &&
      (board_.identifies_pieces || (in_hand_.size() == 1 && !held.guessed))) {
    // Touched, not moved (D.2.2): the record tells it from a move.
    TouchRecord& record = touch_log_[*held.log_index];
    record.put_back = true;
    record.put_back_time = event.time;
    event.kind = PegboardEvent::Kind::PutBack;
    event.lifted_at = held.time;
    event.own_piece = record.own_piece;
    event.mover_piece = record.mover_piece;
    event.toucher_unsure = record.toucher_unsure;
  }
  if (event.piece == core::NO_PIECE) event.piece = held.piece;
  // The only peg in the hand is the one that went in (D.2.3 (2)): its piece is known if it
  // was when lifted.
  if (held.known && in_hand_.size() == 1) board_.known |= core::square_bb(s);
  // With other pegs in the hand, which of them went in is a guess (an occupancy-only board senses
  // the hole, not the peg): those of another piece are no longer known either, nor is the hole
  // the last of them goes into (tester #5: rook g1 and king e1 lifted, pegs put into f1 and g1:
  // Kf1 or O-O, II.3.2.1; the guess "rook back on g1" made it Kf1).
  if (!board_.identifies_pieces)
    for (InHand& other : in_hand_)
      if (&other != &held && other.piece != held.piece) {
        other.known = false;
        other.guessed = true;
      }
  const Square origin = held.origin;
  origin_[s] = origin;
  in_hand_.erase(in_hand_.begin() + static_cast<std::ptrdiff_t>(index));
  return origin;
}

void Pegboard::check_expected_placement(Square s, Piece piece, Square from, TimePoint time) {
  if (!expected_ || expected_misplaced_reported_ || s == from) return;
  const Position after = position_.after(*expected_);
  const Piece wanted = after.piece_on(s);
  std::string what;
  const PegboardEvent::Wrong wrong = wanted == core::NO_PIECE ? PegboardEvent::Wrong::StaysEmpty
                                                              : PegboardEvent::Wrong::WrongPiece;
  if (wanted == core::NO_PIECE)
    what = "a piece was placed on " + core::square_name(s) + ", which stays empty";
  else if (board_.identifies_pieces && piece != wanted)
    what = piece_words(piece) + " placed on " + core::square_name(s) + " where the " +
           piece_words(wanted) + " belongs";
  if (what.empty()) return;  // the right piece, or a piece put back where it stood
  expected_misplaced_reported_ = true;
  PegboardEvent event;
  event.kind = PegboardEvent::Kind::Illegal;
  event.time = time;
  event.square = s;
  event.piece = piece;
  event.move = *expected_;
  event.wrong = wrong;
  event.wanted = wanted;
  event.detail = "the announced move is " + core::to_uci(*expected_) + " (D.2.1): " + what;
  emit(std::move(event));
}

// The scan's pieces as seen from White: the board never renumbers when turned round
// (docs/dgt-board.md), so a scan showing the wanted or the start position reversed turns it.
std::array<Piece, 64> Pegboard::unrotated(const BoardScan& scan, TimePoint time) {
  std::array<Piece, 64> turned{};
  for (int s = 0; s < 64; ++s) turned[s] = scan.pieces[rotate(Square(s))];
  const auto wanted = pieces_of(target());
  const auto start = pieces_of(Position());
  const bool straight = scan.pieces == wanted || scan.pieces == start;
  const bool round = turned == wanted || turned == start;
  if (round && !straight && !rotated_) {
    rotated_ = true;
    emit(info(time, BoardRemark::Turned,
              "the board is turned round (a1 at the far right): squares are read rotated"));
  } else if (straight && !round && rotated_) {
    rotated_ = false;
    emit(info(time, BoardRemark::Upright, "the board is the right way round again"));
  }
  return rotated_ ? turned : scan.pieces;
}

// Pegs gone while nobody watched are in hand (their touch was not seen: not reported).
void Pegboard::take_pieces_gone(Bitboard occupied, TimePoint time) {
  for (Bitboard gone = board_.occupied & ~occupied; gone;) {
    const Square s = core::pop_lsb(gone);
    board_.lifted |= core::square_bb(s);
    InHand held = taken_from(s, time);
    held.touch_reported = true;
    in_hand_.push_back(held);
  }
}

// A peg appeared in a scan of an occupancy-only board: guess it is the latest piece in hand of
// the side to move.
void Pegboard::guess_new_peg(Square s) {
  board_.placed |= core::square_bb(s);
  board_.pieces[s] = core::NO_PIECE;
  for (std::size_t k = in_hand_.size(); k-- > 0;) {
    const InHand& held = in_hand_[k];
    if (held.piece != core::NO_PIECE && core::color_of(held.piece) == position_.side_to_move()) {
      board_.pieces[s] = held.piece;
      origin_[s] = held.origin;
      in_hand_.erase(in_hand_.begin() + static_cast<std::ptrdiff_t>(k));
      return;
    }
  }
}

void Pegboard::apply_scan(const BoardScan& scan, TimePoint time) {
  const bool identifies = scan.identifies_pieces;
  const std::array<Piece, 64> pieces = identifies ? unrotated(scan, time) : scan.pieces;
  const Bitboard occupied = identifies ? occupancy_of(pieces) : scan.occupied;
  if (identifies) board_.identifies_pieces = true;
  take_pieces_gone(occupied, time);
  board_.known &= occupied;
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    const bool there = occupied & core::square_bb(s);
    if (identifies) {
      if (board_.pieces[s] != pieces[s]) origin_[s] = core::SQ_NONE;
      board_.pieces[s] = pieces[s];
    } else if (!there) {
      board_.pieces[s] = core::NO_PIECE;
      origin_[s] = core::SQ_NONE;
    } else if (!(board_.occupied & core::square_bb(s))) {
      guess_new_peg(s);
    }
  }
  if (identifies)  // pieces now standing somewhere are no longer in hand
    std::erase_if(in_hand_, [&](const InHand& held) {
      return held.touch_reported && std::find(board_.pieces.begin(), board_.pieces.end(),
                                              held.piece) != board_.pieces.end();
    });
  board_.occupied = occupied;
  if (!awaiting_scan_) {
    changed(time);
    return;
  }
  awaiting_scan_ = false;
  link_down_ = false;
  board_.known = 0;  // pegs may have changed holes unseen
  // What happened while the board was away was not seen: a capture leaves its target occupied
  // (a move completed while unplugged is completed like any other, D.2.3), until it matches.
  board_.unwatched = true;
  report_link(time);
}

// The first scan after (re)connecting: how the board stands to the game, said once. What legal
// moves explain is completed at once (a move made just before the board went away, or while it
// was away, the same way); only what nothing explains gets hints.
void Pegboard::report_link(TimePoint time) {
  PegboardEvent event;
  event.kind =
      connected_before_ ? PegboardEvent::Kind::Reconnected : PegboardEvent::Kind::Connected;
  event.time = time;
  connected_before_ = true;
  if (shows(board_, target())) {
    event.agreement = PegboardEvent::Agreement::Agrees;
  } else if (!shown_sequences().empty()) {
    event.agreement = PegboardEvent::Agreement::MovedOn;
  } else if (move_under_way()) {
    event.agreement = PegboardEvent::Agreement::UnderWay;
  } else {
    event.agreement = PegboardEvent::Agreement::Differs;
    event.hints = hints_towards(board_, target());
  }
  emit(std::move(event));
  judge(time);
}

void Pegboard::report_touch(InHand& held) {
  held.touch_reported = true;
  const bool mover =
      held.piece != core::NO_PIECE && core::color_of(held.piece) == position_.side_to_move();
  if (settings_.made_by_reply && pending_ && held.piece != core::NO_PIECE && !mover) {
    // Unless the moved piece could still go on to capture it (one legal move from its origin).
    const core::MoveList moves = core::legal_moves(position_);
    if (std::none_of(moves.begin(), moves.end(),
                     [&](Move m) { return m.from() == pending_->from() && m.to() == held.from; }))
      make(held.time, held.order);  // the reply began: the completed move was made (D.2.3 (3))
  }
  TouchRecord record;
  record.time = held.time;
  record.square = held.from;
  record.piece = held.piece;
  record.ply = position_.game_ply();
  record.mover_piece =
      held.piece != core::NO_PIECE && core::color_of(held.piece) == position_.side_to_move();
  const core::Color toucher = settings_.owner ? *settings_.owner : held.toucher;
  record.own_piece = held.piece != core::NO_PIECE && core::color_of(held.piece) == toucher;
  record.toucher_unsure = held.toucher_unsure && !settings_.owner;
  held.log_index = touch_log_.size();
  touch_log_.push_back(record);
  PegboardEvent event;
  event.kind = PegboardEvent::Kind::Touched;  // D.2.2
  event.time = held.time;
  event.square = held.from;
  event.piece = held.piece;
  event.own_piece = record.own_piece;
  event.mover_piece = record.mover_piece;
  event.toucher_unsure = record.toucher_unsure;
  emit_for(held, std::move(event));
}

void Pegboard::report_touches(TimePoint now) {
  for (auto& held : in_hand_)
    if (!held.touch_reported && held.time + settings_.bounce <= now) report_touch(held);
}

void Pegboard::press(BoardButton button, TimePoint time) {
  if (button == BoardButton::Announce && judge_at_ && !link_down_) {
    // Pressed as the last peg goes in, before the board is judged: the move the board settles
    // on is the one announced (D.2.3 (3)); judge() makes it, or reports the press after it.
    announce_asked_ = true;
    return;
  }
  if (button == BoardButton::Announce && pending_ && settings_.announce_button) {
    announced(time);  // D.2.3 (3) by the board's own announce/confirm button
    return;
  }
  if (const auto piece = promotion_of(button)) name_promotion(*piece, time);
  PegboardEvent event;
  event.kind = PegboardEvent::Kind::Button;
  event.time = time;
  event.button = button;
  emit(std::move(event));
  if (!named_.empty() && promotion_asked_) changed(time);
}

}  // namespace annabella::tactile
