// The pegboard recogniser: lifts and placements -> touched, completed, made (D.2.2, D.2.3).
// The judgement and the order of events; the hands are in tactile/pegboard_hands.cpp, the
// matching of boards against the game in tactile/board_match.cpp.
#include "tactile/pegboard.h"

#include <algorithm>
#include <cassert>
#include <utility>

#include "core/movegen.h"

namespace annabella::tactile {

using core::Bitboard;
using core::Move;
using core::Piece;
using core::Position;
using core::Square;

namespace {

PegboardEvent make_event(PegboardEvent::Kind kind, TimePoint time) {
  PegboardEvent event;
  event.kind = kind;
  event.time = time;
  return event;
}

std::string side_name(core::Color side) {
  return side == core::WHITE ? "White" : "Black";
}

}  // namespace

Pegboard::Pegboard(const Position& position, PegboardSettings settings)
    : settings_(settings), position_(position) {
  sync_to(position_);
}

// ---- events in time order -------------------------------------------------------------------

TimePoint Pegboard::advance(TimePoint time) {
  now_ = std::max(now_, time);
  return now_;
}

void Pegboard::emit(PegboardEvent event) {
  staged_.push_back({std::move(event), ++order_});
}

void Pegboard::emit_for(const InHand& held, PegboardEvent event) {
  staged_.push_back({std::move(event), held.order});
}

void Pegboard::release(std::vector<PegboardEvent>& out) {
  const auto key = [](TimePoint time, std::uint64_t order) { return std::pair(time, order); };
  std::stable_sort(staged_.begin(), staged_.end(), [&](const Staged& a, const Staged& b) {
    return key(a.event.time, a.order) < key(b.event.time, b.order);
  });
  // A lift whose touch is not decided yet (it may still be sensor bounce) holds back what
  // happened after it.
  std::optional<std::pair<TimePoint, std::uint64_t>> barrier;
  for (const auto& held : in_hand_)
    if (!held.touch_reported && (!barrier || key(held.time, held.order) < *barrier))
      barrier = key(held.time, held.order);
  auto end = staged_.begin();
  while (end != staged_.end() && (!barrier || key(end->event.time, end->order) < *barrier)) ++end;
  for (auto it = staged_.begin(); it != end; ++it) {
    assert(it->event.time >= released_until_ && "an event stamped before one already reported");
    released_until_ = it->event.time;
    out.push_back(std::move(it->event));
  }
  staged_.erase(staged_.begin(), end);
}

// ---- inputs and timers ----------------------------------------------------------------------

void Pegboard::changed(TimePoint time) {
  if (!link_down_) judge_at_ = time + settings_.settle;
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

void Pegboard::fire(TimePoint now) {
  report_touches(now);
  if (judge_at_ && *judge_at_ <= now) judge(*judge_at_);
  // Only a judged board gets the hint: one still changing (a piece just lifted to correct it, or
  // to deliberate, D.2.2) is judged first, which restarts the grace period or ends it. A hint so
  // put off carries the time of that judgement, after what happened meanwhile (issue 12).
  if (unexplained_since_ && !judge_at_ &&
      *unexplained_since_ + settings_.out_of_sync_grace <= now &&
      std::find(hinted_.begin(), hinted_.end(), board_signature()) == hinted_.end())
    report_unexplained(std::max(*unexplained_since_ + settings_.out_of_sync_grace, judged_at_));
}

void Pegboard::tick(TimePoint now, std::vector<PegboardEvent>& out) {
  fire(advance(now));
  release(out);
}

void Pegboard::feed(const BoardInput& input, std::vector<PegboardEvent>& out) {
  // Everything below uses `time`, never input.time: an input stamped before the time already
  // reached happens at that time.
  const TimePoint time = advance(input.time);
  fire(time);  // timers due before this input fire first (deterministic order)
  const auto mapped = [&](Square s) { return rotated_ ? Square(s ^ 63) : s; };
  switch (input.kind) {
    case BoardInput::Kind::Lift:
      if (core::is_ok(input.square)) lift(mapped(input.square), time);
      break;
    case BoardInput::Kind::Place:
      if (!core::is_ok(input.square)) break;
      if (input.piece != core::NO_PIECE) board_.identifies_pieces = true;
      place(mapped(input.square), input.piece, time);
      break;
    case BoardInput::Kind::Scan:
      apply_scan(input.scan, time);
      break;
    case BoardInput::Kind::Button:
      press(input.button, time);
      break;
    case BoardInput::Kind::Disconnected: {
      // What the board shows now is unknown: the scan after the reconnection is judged (a move
      // completed just before the board went away and one completed while it was away alike).
      awaiting_scan_ = true;
      link_down_ = true;
      judge_at_.reset();
      unexplained_since_.reset();
      PegboardEvent event = make_event(PegboardEvent::Kind::Disconnected, time);
      event.detail = input.detail;
      emit(std::move(event));
      break;
    }
    case BoardInput::Kind::Connected: {
      awaiting_scan_ = true;
      PegboardEvent event = make_event(PegboardEvent::Kind::Info, time);
      event.remark = BoardRemark::LinkOpen;
      event.said = input.detail;
      event.detail = "link open: " + input.detail + " (waiting for the full scan)";
      emit(std::move(event));
      break;
    }
    case BoardInput::Kind::Garbage:
    case BoardInput::Kind::Info: {
      PegboardEvent event = make_event(PegboardEvent::Kind::Info, time);
      event.remark = input.remark;
      event.said = input.said;
      event.detail = input.detail;
      emit(std::move(event));
      break;
    }
  }
  if (judge_at_ && *judge_at_ <= time) judge(*judge_at_);  // settle 0
  release(out);
}

// The station's calls fire the timers due before them first, as an input does.
void Pegboard::announce(TimePoint now, std::vector<PegboardEvent>& out) {
  now = advance(now);
  fire(now);
  announced(now);
  release(out);
}

void Pegboard::announced(TimePoint now) {
  if (!pending_) return;
  make(now);
  // The board may show the next move already (the reply begun before this was announced).
  if (!judge_at_ && !link_down_ && !shows(board_, position_)) judge(now);
}

void Pegboard::set_promotion(core::PieceType piece, TimePoint now,
                             std::vector<PegboardEvent>& out) {
  now = advance(now);
  fire(now);
  name_promotion(piece, now);
  if (promotion_asked_) judge(now);
  release(out);
}

void Pegboard::choose_move(Move move, TimePoint now, std::vector<PegboardEvent>& out) {
  now = advance(now);
  fire(now);
  chosen_ = move;
  if (move_asked_) judge(now);
  release(out);
}

void Pegboard::expect_move(Move move) {
  expected_ = move;
  expected_misplaced_reported_ = false;
}

void Pegboard::set_position(const Position& position, TimePoint now,
                            std::vector<PegboardEvent>& out) {
  now = advance(now);
  fire(now);
  position_ = position;
  pending_.reset();
  pending_position_.reset();
  expected_.reset();
  named_.clear();
  hinted_.clear();
  unexplained_since_.reset();
  if (link_down_) {
    // Set while the board is away (D.2.10.2: a move entered for the VI player at the console):
    // what it showed before says nothing now. It is taken to show the new position, so that the
    // scan after the reconnection is judged against it (D.2.9): what he executed meanwhile is
    // completed, what differs gets its steps; no peg of the old board is left "in the hand".
    for (int i = 0; i < 64; ++i) board_.pieces[i] = position.piece_on(Square(i));
    board_.occupied = position.pieces();
    board_.known = board_.identifies_pieces ? 0 : board_.occupied;
    board_.placed = board_.lifted = 0;
    board_.unwatched = true;
    in_hand_.clear();
  }
  position_moved_on();
  judge(now);
  release(out);
}

// ---- the judgement --------------------------------------------------------------------------

std::uint64_t Pegboard::board_signature() const {
  std::uint64_t h = 1469598103934665603ull ^ board_.occupied;
  for (const Piece p : board_.pieces) h = (h ^ p) * 1099511628211ull;
  return h | 1;  // never 0 (0 means "none reported")
}

void Pegboard::back_in_sync(TimePoint now) {
  const bool was_out = !hinted_.empty() || illegal_reported_ != 0;
  unexplained_since_.reset();
  hinted_.clear();
  illegal_reported_ = 0;
  expected_misplaced_reported_ = false;
  if (was_out) emit(make_event(PegboardEvent::Kind::InSync, now));
}

void Pegboard::judge(TimePoint now) {
  const bool asked = std::exchange(announce_asked_, false);
  judge_board(now);
  if (!asked) return;
  if (pending_ && in_hand_.empty() && settings_.announce_button) {
    announced(now);  // the ANNOUNCE pressed while the board settled (press())
    return;
  }
  // Reported once the board is judged: the station decides (or nothing is completed to make).
  PegboardEvent event = make_event(PegboardEvent::Kind::Button, now);
  event.button = BoardButton::Announce;
  emit(std::move(event));
}

void Pegboard::judge_board(TimePoint now) {
  judge_at_.reset();
  judged_at_ = now;
  if (link_down_) return;
  // II.3.2.2 on an occupancy-only board: king and rook exchanged leave the occupancy as it was.
  if (!pending_)
    if (const auto exchange = exchanging_castling(position_, board_)) {
      take_sequences({{*exchange}}, now);
      return;
    }
  // The same occupancy after such a castling is the castling still, not its retraction.
  if (shows(board_, position_) && !(pending_ && shows(board_, *pending_position_))) {
    if (pending_) {
      PegboardEvent event = make_event(PegboardEvent::Kind::MoveRetracted, now);
      event.move = *pending_;
      emit(std::move(event));
      pending_.reset();
      pending_position_.reset();
    }
    sync_to(position_);
    back_in_sync(now);
    return;
  }
  if (pending_ && shows(board_, *pending_position_)) {
    sync_to(*pending_position_);
    back_in_sync(now);
    return;
  }
  if (waiting_for_announcement()) {
    back_in_sync(now);
    return;
  }
  if (const auto sequences = shown_sequences(); !sequences.empty()) {
    take_sequences(sequences, now);
    return;
  }
  // A move under way in the hand is no difference to report, however long the player
  // deliberates (Art. 4.3 holds him to the touched piece; telling him to put it back would
  // invite a violation): no grace period, no hint. D.2.2, D.2.3 (1).
  if (move_under_way()) {
    unexplained_since_.reset();
    return;
  }
  report_misplaced(now);
  // The grace period starts again whenever the unexplained board changes.
  const std::uint64_t signature = board_signature();
  if (!unexplained_since_ || last_unexplained_ != signature) {
    unexplained_since_ = now;
    last_unexplained_ = signature;
  }
}

// The completed move waits for its announcement while the board shows the opponent's move
// after it already (a station announces: the opponent's move is completed once it is made).
bool Pegboard::waiting_for_announcement() const {
  return pending_ && !settings_.made_by_reply &&
         !sequences_shown(*pending_position_, board_).empty();
}

// The legal move sequences that explain the board: the completed move and one or two after it
// (the reply to it and the answer to that, begun before the board settled), else one or two
// moves from the game's position. The completed move comes first: the board settled on it,
// and its placements are no longer new (an occupancy-only board's other reading of them is
// not the likelier one). A sequence the pegs in hand contradict explains nothing.
std::vector<MoveSequence> Pegboard::shown_sequences() const {
  const auto allowed = [&](std::vector<MoveSequence> sequences) {
    std::erase_if(sequences, [&](const MoveSequence& moves) { return !hands_allow(moves); });
    return sequences;
  };
  if (pending_) {
    auto sequences = sequences_shown(*pending_position_, board_);
    for (auto& sequence : sequences) sequence.insert(sequence.begin(), *pending_);
    sequences = allowed(std::move(sequences));
    if (!sequences.empty()) return sequences;
  }
  return allowed(sequences_shown(position_, board_));
}

// Whether the pegs in hand fit `moves` (from the game's position): a peg came out of a hole that
// held a piece in the game's position when it was lifted, or that a move since put there, so
// the game since then and the sequence after it must have a piece standing there at some point,
// and on a piece-identifying board that piece (D.2.2). A peg lifted from c5 and still in hand
// rules out a6-b4 followed by a capture on b4, though the board's occupancy is that of both
// moves. So too for a peg lifted before the move before was made (a quick reply's first lift
// comes before the touch that makes that move is known): the black knight lifted from f2
// rules out Nxg3 fxg3 after g3, though the board's pieces are those of that sequence. The
// occupancy-only board's guesses of which piece a peg is are not evidence: only the hole is;
// and a hole a peg was put into since (a queen slid through d5 to take on e6 and lifted again
// there) is no evidence either, nor is a lift from before the game's position was set anew.
bool Pegboard::hands_allow(const MoveSequence& moves) const {
  return std::all_of(in_hand_.begin(), in_hand_.end(), [&](const InHand& held) {
    if (held.from_placed) return true;
    const auto stood = [&](const Position& pos) {
      const Piece there = pos.piece_on(held.from);
      return board_.identifies_pieces ? there == held.piece : there != core::NO_PIECE;
    };
    Position pos = held.game_then;
    if (stood(pos)) return true;
    for (std::uint64_t epoch = held.lifted_in; epoch < position_epoch_; ++epoch) {
      const Move made = epoch_moves_[epoch];
      if (made.is_none()) return true;  // set anew since: the lift says nothing of this game
      pos = pos.after(made);
      if (stood(pos)) return true;
    }
    return std::any_of(moves.begin(), moves.end(), [&](Move m) {
      pos = pos.after(m);
      return stood(pos);
    });
  });
}

// The board differs from the game only by pieces in the hand: the side to move's (a move being
// made, a capture begun by taking the captured piece off), or, after a move completed on the
// board (or one the board shows completed for a moment), the other side's (the reply begun).
bool Pegboard::move_under_way() const {
  const core::Color mover = position_.side_to_move();
  if (held_in_hand(position_, mover, board_, true)) return true;
  if (pending_ && (held_in_hand(*pending_position_, mover, board_, false) ||
                   held_in_hand(*pending_position_, ~mover, board_, true)))
    return true;
  const core::MoveList moves = core::legal_moves(position_);
  return std::any_of(moves.begin(), moves.end(), [&](Move m) {
    return (!expected_ || m == *expected_) &&
           held_in_hand(position_.after(m), ~mover, board_, true);
  });
}

void Pegboard::take_sequences(const std::vector<MoveSequence>& sequences, TimePoint now) {
  const auto chosen = choose(sequences, now);
  if (!chosen) {
    // Ambiguous: asked (a promotion's piece, which move), so no correction hint meanwhile.
    if (!promotion_asked_ && !move_asked_ && !unexplained_since_) unexplained_since_ = now;
    return;
  }
  if (expected_ && chosen->front() != *expected_) {
    // Reported once: the first wrong placement was said at once already, so the settled board
    // showing that wrong move is not said again (the correction hint follows after the grace).
    if (illegal_reported_ != board_signature() && !expected_misplaced_reported_) {
      illegal_reported_ = board_signature();
      PegboardEvent event = make_event(PegboardEvent::Kind::Illegal, now);
      event.move = *expected_;
      event.square = chosen->front().to();
      event.wrong = PegboardEvent::Wrong::NotAnnounced;
      event.shown = chosen->front();
      event.detail = "the board shows " + core::to_uci(chosen->front()) +
                     " but the announced move is " + core::to_uci(*expected_) + " (D.2.1)";
      emit(std::move(event));
    }
    if (!unexplained_since_) unexplained_since_ = now;
    return;
  }
  back_in_sync(now);
  follow(*chosen, now);
}

namespace {

// Keeps the sequences `keep` accepts, unless it accepts none (then all stay).
template <class Keep>
void narrow(std::vector<MoveSequence>& sequences, Keep keep) {
  std::vector<MoveSequence> kept;
  std::copy_if(sequences.begin(), sequences.end(), std::back_inserter(kept), keep);
  if (!kept.empty()) sequences = std::move(kept);
}

}  // namespace

// Which of the sequences the board shows is taken. Only promotions look alike on an
// occupancy-only board (D.2.1: the announcement names the piece): the piece is asked for once.
// When the sequences share their first moves, those are taken and the rest judged after them.
std::optional<MoveSequence> Pegboard::choose(std::vector<MoveSequence> sequences, TimePoint now) {
  // D.2.1: the opponent's announced move to execute. A board showing the position after it is
  // that move, whatever order the pegs went in (II.3.2.1: castling rook first or king first);
  // the hands' guess of which peg is which does not overrule it (tester #6).
  if (expected_) narrow(sequences, [&](const MoveSequence& s) { return s.front() == *expected_; });
  sequences = likeliest(position_, std::move(sequences), board_);
  if (chosen_)  // the player's answer to MoveNeeded (D.2.3)
    narrow(sequences, [&](const MoveSequence& s) { return s.front() == *chosen_; });
  narrow(sequences, [&](const MoveSequence& s) { return named_fit(s); });
  // D.2.1: the opponent's announced promotion names its piece: his pawn on the last rank is that
  // move executed (an occupancy board shows it as well as any other piece), never a question.
  if (expected_ && expected_->kind() == core::MoveKind::Promotion)
    narrow(sequences, [&](const MoveSequence& s) {
      const Move m = s.front();
      return m == *expected_ || m.kind() != core::MoveKind::Promotion ||
             m.from() != expected_->from() || m.to() != expected_->to();
    });
  // The moves every sequence begins with are taken; what follows them is judged after them.
  MoveSequence common = sequences.front();
  for (const auto& sequence : sequences) {
    std::size_t k = 0;
    while (k < common.size() && k < sequence.size() && sequence[k] == common[k]) ++k;
    common.resize(k);
  }
  if (!common.empty()) return common;
  const Move first = sequences.front().front();
  const bool promotion_only =
      std::all_of(sequences.begin(), sequences.end(), [&](const MoveSequence& s) {
        return s.front().from() == first.from() && s.front().to() == first.to() &&
               s.front().kind() == core::MoveKind::Promotion;
      });
  if (promotion_only && !promotion_asked_) {
    promotion_asked_ = true;
    PegboardEvent event = make_event(PegboardEvent::Kind::PromotionNeeded, now);
    event.square = first.to();
    event.move = first;
    emit(std::move(event));
    return std::nullopt;
  }
  // Tester #5: different legal moves leave the same occupied squares and the hands do not tell
  // them apart (Chess960: Kf1 and O-O with the king e1 and the rook g1, Guidelines II.3.2; a
  // board read whole after it was away). D.2.3: the move made is the one the player announces,
  // so the station does not choose: it asks, and completes nothing until he says.
  if (!promotion_only && !move_asked_) ask_which_move(sequences, now);
  return std::nullopt;  // different moves look alike: the board stays unexplained
}

void Pegboard::ask_which_move(const std::vector<MoveSequence>& sequences, TimePoint now) {
  move_asked_ = true;
  PegboardEvent event = make_event(PegboardEvent::Kind::MoveNeeded, now);
  for (const auto& s : sequences)
    if (std::find(event.candidates.begin(), event.candidates.end(), s.front()) ==
        event.candidates.end())
      event.candidates.push_back(s.front());
  event.move = sequences.front().front();
  event.square = event.move.to();
  emit(std::move(event));
}

// For each promotion of `moves` (from the game's position), in order, the piece named for it
// (an index into named_; none when none is): the latest named before its pawn went into the
// last rank and not taken by a promotion before it, else the first named after (a button
// pressed after the piece). A piece named after the pawn went in, when one was named before it,
// is the next move's (the reply's button pressed before the board settled, D.2.1). A player who
// names a piece, places the pawn and then names another gets the first: doubtful, but the
// reply's button cannot be told from it.
std::vector<std::optional<std::size_t>> Pegboard::named_for(const MoveSequence& moves) const {
  std::vector<std::optional<std::size_t>> pieces;
  std::size_t next = 0;
  for (const Move m : moves) {
    if (m.kind() != core::MoveKind::Promotion) continue;
    const TimePoint placed = placed_at_[m.to()];
    std::optional<std::size_t> index;
    for (std::size_t i = next; i < named_.size(); ++i) {
      if (named_[i].time > placed) {
        if (!index) index = i;
        break;
      }
      index = i;
    }
    if (index) next = *index + 1;
    pieces.push_back(index);
  }
  return pieces;
}

// Whether every promotion of `moves` is to the piece named for it (or none is named).
bool Pegboard::named_fit(const MoveSequence& moves) const {
  const auto pieces = named_for(moves);
  std::size_t k = 0;
  for (const Move m : moves) {
    if (m.kind() != core::MoveKind::Promotion) continue;
    const auto index = pieces[k++];
    if (index && named_[*index].piece != m.promotion()) return false;
  }
  return true;
}

void Pegboard::name_promotion(core::PieceType piece, TimePoint time) {
  named_.push_back({piece, time});
}

// `move` completed: a promotion takes its piece and those named before it; any other move
// leaves only the pieces named since it was placed (for the reply already under way).
void Pegboard::take_named(Move move) {
  if (move.kind() == core::MoveKind::Promotion) {
    const auto pieces = named_for({move});
    if (pieces.front())
      named_.erase(named_.begin(),
                   named_.begin() + static_cast<std::ptrdiff_t>(*pieces.front() + 1));
    return;
  }
  TimePoint placed{};
  for (Bitboard touched = squares_touched(position_, move); touched;)
    placed = std::max(placed, placed_at_[core::pop_lsb(touched)]);
  std::erase_if(named_, [&](const Named& n) { return n.time <= placed; });
}

// Makes the board's moves the game's, in order: each is completed (D.2.3 (1), (2)); a move
// followed by another on the board was made before it (the reply shows it was announced) when
// nobody else announces; else the next waits for the announcement (announce()).
void Pegboard::follow(const MoveSequence& moves, TimePoint now) {
  const std::uint64_t epoch = position_epoch_;
  report_touches(now + settings_.bounce);  // a capture's removal is a real touch
  // A touch of the reply's made the completed move (D.2.3 (3)): the sequence was found from the
  // position before it, so the board is judged again from the game's position now.
  if (position_epoch_ != epoch) {
    judge(now);
    return;
  }
  const std::size_t touches_from = touches_this_move_;
  Position shown = position_;
  for (const Move m : moves) shown = shown.after(m);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    if (i > 0 && pending_) {
      if (!settings_.made_by_reply) return;  // waits for announce()
      make(now);
    }
    if (pending_ != moves[i]) complete(moves[i], now, touches_from);
  }
  if (shows(board_, shown)) {
    sync_to(shown);
    return;
  }
  // More on the board than was taken (a promotion's piece to be named): judged after it.
  if (pending_ && settings_.made_by_reply) make(now);
  if (!pending_) judge(now);
}

const TouchRecord* Pegboard::first_touch(std::size_t from, const Position& before,
                                         Bitboard squares) const {
  for (std::size_t i = from; i < touch_log_.size(); ++i) {
    const TouchRecord& touch = touch_log_[i];
    if (!(squares & core::square_bb(touch.square))) continue;
    if (touch.piece == core::NO_PIECE || touch.piece == before.piece_on(touch.square))
      return &touch;
  }
  return nullptr;
}

void Pegboard::complete(Move m, TimePoint now, std::size_t touches_from) {
  const Position& before = position_;
  if (const Square victim = captured_square(before, m); victim != core::SQ_NONE) {
    PegboardEvent event = make_event(PegboardEvent::Kind::Removed, now);  // D.2.3 (1)
    event.square = victim;
    event.piece = before.piece_on(victim);
    const TouchRecord* taken = first_touch(touches_from, before, core::square_bb(victim));
    event.lifted_at = taken ? taken->time : now;
    emit(std::move(event));
    // A slide's piece lifted on the way, whoever's hand it was: taken, so the replier's.
    for (InHand& held : in_hand_)
      if (held.toucher_unsure && held.from == victim)
        settle_toucher(held, ~core::color_of(held.piece));
  }
  PegboardEvent event = make_event(PegboardEvent::Kind::MoveCompleted, now);  // D.2.3 (1), (2)
  event.move = m;
  event.replaces = pending_.value_or(Move::none());
  event.square = m.to();
  event.piece = before.piece_on(m.from());
  // Castling's first touch may be the king lifted off and put back (II.3.2.5.1).
  if (const TouchRecord* first = first_touch(touches_from, before, squares_touched(before, m))) {
    event.first_square = first->square;
    event.first_piece = before.piece_on(first->square);
    event.lifted_at = first->time;
  }
  emit(std::move(event));
  pending_ = m;
  pending_position_ = before.after(m);
  take_named(m);
  if (expected_ && *expected_ == m) {
    // The opponent's move, announced already (D.2.1), is now on this board too.
    position_ = *pending_position_;
    pending_.reset();
    pending_position_.reset();
    expected_.reset();
    position_moved_on(m);
    return;
  }
  if (settings_.auto_announce) make(now);
}

void Pegboard::make(TimePoint now, std::optional<std::uint64_t> order) {
  if (!pending_) return;
  PegboardEvent event = make_event(PegboardEvent::Kind::MoveMade, now);  // D.2.3 (3)
  event.move = *pending_;
  event.square = pending_->to();
  event.piece = pending_position_->piece_on(pending_->to());
  staged_.push_back({std::move(event), order.value_or(++order_)});
  const Move made = *pending_;
  position_ = *pending_position_;
  pending_.reset();
  pending_position_.reset();
  position_moved_on(made);
}

void Pegboard::position_moved_on(Move made) {
  chosen_.reset();
  touches_this_move_ = touch_log_.size();
  ++position_epoch_;
  epoch_moves_.push_back(made);
  promotion_asked_ = false;  // Art. 3.7.5: each promotion's piece is asked for anew
}

// Whether a piece that left one of `vacated` for `to` is a legal move under way: one of the side
// to move (a slide through `to`), or the reply to a move the board shows completed and not yet
// judged, its piece left on its target or taken off it (a quick reply sliding on, D.2.2).
bool Pegboard::move_or_reply_under_way(const std::vector<Square>& vacated, Square to) const {
  const auto left = [&](Square s) {
    return std::find(vacated.begin(), vacated.end(), s) != vacated.end();
  };
  const auto reaches = [&](const Position& pos) {
    const core::MoveList moves = core::legal_moves(pos);
    return std::any_of(moves.begin(), moves.end(), [&](Move m) {
      return std::any_of(vacated.begin(), vacated.end(),
                         [&](Square from) { return carries(pos, m, from, to); });
    });
  };
  if (reaches(position_)) return true;
  const core::MoveList moves = core::legal_moves(position_);
  return std::any_of(moves.begin(), moves.end(), [&](Move m) {
    const bool completed = left(m.from()) && m.to() != to &&
                           ((board_.occupied | board_.lifted) & core::square_bb(m.to())) != 0;
    return completed && reaches(position_.after(m));
  });
}

// One piece moved where no legal move goes is an illegal move; a move still under way
// (castling king first, Art. 4.4; en passant with the captured pawn still standing) is not.
void Pegboard::report_misplaced(TimePoint now) {
  std::vector<Square> vacated, filled;
  for (int i = 0; i < 64; ++i) {
    const Square s = Square(i);
    const bool was = position_.piece_on(s) != core::NO_PIECE;
    const bool is = board_.occupied & core::square_bb(s);
    if (was && !is) vacated.push_back(s);
    if (is && (!was || (board_.identifies_pieces && board_.pieces[s] != position_.piece_on(s))))
      filled.push_back(s);
  }
  const std::uint64_t signature = board_signature();
  if (filled.size() != 1 || vacated.empty() || expected_misplaced_reported_ ||
      illegal_reported_ == signature)
    return;
  if (move_or_reply_under_way(vacated, filled[0])) return;
  const Square to = filled[0];
  illegal_reported_ = signature;
  if (executed_wrongly(to, now)) return;
  const Piece piece = board_.pieces[to];
  PegboardEvent event = make_event(PegboardEvent::Kind::Illegal, now);
  event.square = to;
  event.piece = piece;
  const std::string who = piece == core::NO_PIECE ? "a piece" : piece_words(piece);
  if (piece != core::NO_PIECE && core::color_of(piece) != position_.side_to_move()) {
    event.wrong = PegboardEvent::Wrong::NotToMove;
    event.detail = who + " moved to " + core::square_name(to) + ", but " +
                   side_name(position_.side_to_move()) + " is to move; nothing enters the record";
  } else {
    std::string from;
    for (const Square v : vacated)
      if (piece == core::NO_PIECE || position_.piece_on(v) == piece) {
        from = core::square_name(v);
        event.first_square = v;
      }
    event.wrong = PegboardEvent::Wrong::NotLegal;
    event.detail = who + (from.empty() ? "" : " " + from) + " to " + core::square_name(to) +
                   " is not a legal move (Art. 3); nothing enters the record";
  }
  emit(std::move(event));
}

// D.2.1: with the opponent's announced move still to execute, a peg put where it leaves no piece
// is that move wrongly executed, whatever the peg is (tester #9: after the board was away the
// piece on f3 is not known, and "g1 to f3 is not a legal move" blamed a legal knight move).
// Whether it was reported so.
bool Pegboard::executed_wrongly(Square to, TimePoint now) {
  if (!expected_) return false;
  check_expected_placement(to, board_.pieces[to], core::SQ_NONE, now);
  return expected_misplaced_reported_;
}

void Pegboard::report_unexplained(TimePoint now) {
  hinted_.push_back(board_signature());
  PegboardEvent event = make_event(PegboardEvent::Kind::OutOfSync, now);
  event.hints = hints_towards(board_, target());
  emit(std::move(event));
}

}  // namespace annabella::tactile
