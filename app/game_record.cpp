#include "app/game_record.h"
#include "app/clock_text.h"
#include "app/game_text.h"
#include "app/move_text.h"
#include "app/time_control_text.h"

#include <algorithm>

#include "app/fen_text.h"
#include "app/i18n.h"
#include "core/movegen.h"
#include "core/notation.h"
#include "core/time_control.h"

namespace annabella::app {
namespace {

using Step = RecordedClockStep;

Result<core::Position> start_position(const RecordHeader& header) {
  if (header.fen.empty()) return core::Position();
  auto position = core::Position::from_fen(
      header.fen, header.chess960 ? core::Variant::Chess960 : core::Variant::Standard);
  if (!position)
    return fail(i18n::format(i18n::tr("start position: {why}"),
                             {{"why", text::fen_error(position.error())}}));
  return *position;
}

// The legal move in `position` that a record's move (from, to, promotion as UCI gives them)
// names; castling and en passant get their kind from the position.
Result<core::Move> resolve(const core::Position& position, core::Move move) {
  auto legal = core::read_move(position, core::to_uci(move));
  if (!legal) return fail(text::move_read_error(legal.error()));
  return *legal;
}

}  // namespace

Result<GameRecord> GameRecord::start(const rec::Begin& begin) {
  GameRecord record;
  record.header_ = begin.header;
  record.format_ = begin.format;
  record.last_part_ = begin.part;
  if (auto control = core::read_time_control(begin.header.control, core::TwoReadings::Minutes);
      !control)
    return fail("control \"" + begin.header.control +
                "\": " + text::time_control_error(control.error()));
  auto position = start_position(begin.header);
  if (!position) return fail(position.error());
  record.game_ = core::Game(*position);
  record.add_step(Step::Kind::Start, Millis(0));  // the clock starts at 0 (Art. 6.5)
  return record;
}

Status GameRecord::apply(const JournalRecord& record) {
  Status applied = std::visit([this](const auto& r) { return apply_one(r); }, record);
  if (!applied) return applied;
  last_event_at_ = std::max(last_event_at_, record_time(record));
  // Art. 9.2: a claim asked for confirmation is decided (a move, the end, a claim's clock entry)
  // or not made (cancelled, interrupted); after any of these it is no longer asked.
  const auto* note = std::get_if<rec::Note>(&record);
  const auto* clock = std::get_if<rec::Clock>(&record);
  if (note && note->kind == NoteKind::ClaimAsked)
    asked_claim_ = *note;
  else if ((note &&
            (note->kind == NoteKind::ClaimCancelled || note->kind == NoteKind::ClaimInterrupted)) ||
           std::holds_alternative<rec::Move>(record) || std::holds_alternative<rec::End>(record) ||
           std::holds_alternative<rec::TakeBack>(record) ||
           (clock && clock->reason == ClockReason::Claim))
    asked_claim_.reset();
  return applied;
}

void GameRecord::add_step(Step::Kind kind, Millis at, std::optional<Millis> white,
                          std::optional<Millis> black) {
  // The clock steps keep the timeline's order even if a stamp went backwards.
  last_step_at_ = std::max(last_step_at_, at);
  Step step;
  step.kind = kind;
  step.at = last_step_at_;
  if (white && black) {
    step.times = true;
    step.white_left = *white;
    step.black_left = *black;
  }
  steps_.push_back(step);
}

Status GameRecord::apply_one(const rec::Begin&) {
  return fail("a second begin entry");
}

Status GameRecord::apply_one(const rec::Move& r) {
  if (r.ply != static_cast<int>(moves_.size()) + 1)
    return fail("ply " + std::to_string(r.ply) + " where " + std::to_string(moves_.size() + 1) +
                " was due");
  auto move = resolve(game_.position(), r.move);
  if (!move) return fail(move.error());
  // Guidelines I: after an adjournment the sealed move is the only move that can be made.
  if (adjourned_ && !adjourned_->move.is_none() && *move != adjourned_->move)
    return fail("the sealed move is " + adjourned_->sealed + " (" + core::to_uci(adjourned_->move) +
                "); no other move is made in its place " + "(Guidelines I)");
  const core::Color mover = game_.position().side_to_move();
  if (auto played = game_.play(*move); !played) return fail(text::game_error(played.error()));
  RecordedMove m{*move, r.san, r.at, r.white_left, r.black_left, r.elapsed, r.by};
  if (m.san.empty()) m.san = core::to_san(game_.position_at(game_.ply_count() - 1), *move);
  moves_.push_back(std::move(m));
  // A move starts the opponent's turn: the clock steps before it no longer matter.
  steps_.clear();
  add_step(Step::Kind::Start, r.at, r.white_left, r.black_left);
  clocks_set_at_ = r.at;
  paused_ = false;
  adjourned_.reset();
  if (open_offer_ && *open_offer_ != mover) open_offer_.reset();  // Art. 9.1.2.3: declined
  if (game_.is_over()) add_step(Step::Kind::Stop, r.at);
  return {};
}

Status GameRecord::apply_one(const rec::Touch& r) {
  rec::Touch touch = r;
  if (format_ < 2) touch.number = static_cast<int>(touches_.size()) + 1;
  if (touch.number != static_cast<int>(touches_.size()) + 1)
    return fail("touch " + std::to_string(touch.number) + " where " +
                std::to_string(touches_.size() + 1) + " was due");
  touches_.push_back({touch, std::nullopt, core::SQ_NONE, Millis(0), std::nullopt});
  return {};
}

Status GameRecord::apply_one(const rec::Untouch& r) {
  if (r.number < 1 || r.number > static_cast<int>(touches_.size()))
    return fail("it completes touch " + std::to_string(r.number) + ", which is not recorded");
  RecordedTouch& touch = touches_[static_cast<std::size_t>(r.number - 1)];
  if (touch.outcome) return fail("touch " + std::to_string(r.number) + " is already completed");
  touch.outcome = r.outcome;
  touch.went_to = r.square;
  touch.ended_at = r.at;
  return {};
}

Status GameRecord::apply_one(const rec::Clock& r) {
  // Guidelines III.4, III.5: the player to move asks or claims (older journals do not say).
  const core::Color by = r.by.value_or(game_.position().side_to_move());
  const int ply = static_cast<int>(moves_.size());
  switch (r.reason) {
    case ClockReason::Pause:
      add_step(Step::Kind::Pause, r.at, r.white_left, r.black_left);
      paused_ = true;
      break;
    case ClockReason::Resume:
      add_step(Step::Kind::Resume, r.at, r.white_left, r.black_left);
      paused_ = false;
      break;
    case ClockReason::Increment:
      if (increment_) return fail("a second increment (Guidelines III.4)");
      increment_ = r.increment;
      add_step(Step::Kind::Set, r.at, r.white_left, r.black_left);
      quickplay_.push_back({QuickplayEvent::Kind::Increment, by, r.at, ply});
      break;
    case ClockReason::ClaimPostponed:
      if (postponed_claim_)
        return fail("a second postponed draw claim while one is open (Guidelines III.5.2)");
      add_step(Step::Kind::Set, r.at, r.white_left, r.black_left);
      quickplay_.push_back({QuickplayEvent::Kind::ClaimPostponed, by, r.at, ply});
      postponed_claim_ = quickplay_.back();
      break;
    case ClockReason::ClaimRefused:
      add_step(Step::Kind::Set, r.at, r.white_left, r.black_left);
      // III.5.2: a refusal while a claim is postponed is the decision on that claim.
      if (postponed_claim_) {
        quickplay_.push_back(
            {QuickplayEvent::Kind::PostponedClaimRefused, postponed_claim_->by, r.at, ply});
        postponed_claim_.reset();
      } else {
        quickplay_.push_back({QuickplayEvent::Kind::ClaimRefused, by, r.at, ply});
      }
      break;
    case ClockReason::IllegalMove:
      // Art. 7.5.5: the first completed illegal move of a player; a second ends the game instead.
      if (made_illegal_move(by))
        return fail("a second illegal move of the same player with play going on (Art. 7.5.5)");
      add_step(Step::Kind::Set, r.at, r.white_left, r.black_left);
      illegal_moves_.push_back({by, r.at, ply});
      break;
    case ClockReason::Claim:
      // Art. 9.5.3: who claimed and with which move (journals before session 9 do not say).
      if (r.by) rejected_claims_.push_back({*r.by, r.at, ply, r.intended});
      add_step(Step::Kind::Set, r.at, r.white_left, r.black_left);
      break;
    case ClockReason::Adjust:
    case ClockReason::Penalty:
      add_step(Step::Kind::Set, r.at, r.white_left, r.black_left);
      break;
  }
  clocks_set_at_ = r.at;
  return {};
}

bool GameRecord::made_illegal_move(core::Color side) const {
  return std::any_of(illegal_moves_.begin(), illegal_moves_.end(),
                     [&](const IllegalMoveEvent& e) { return e.by == side; });
}

Status GameRecord::apply_one(const rec::DrawOffer& r) {
  if (game_.is_over()) return fail("a draw offer after the end of the game");
  offers_.push_back(r);
  open_offer_ = r.by;
  return {};
}

Status GameRecord::apply_one(const rec::DrawDecline& r) {
  if (!open_offer_) return fail("no draw offer is open to decline");
  if (*open_offer_ == r.by) return fail("a player cannot decline his own draw offer");
  open_offer_.reset();
  return {};
}

Status GameRecord::apply_one(const rec::Note& r) {
  // Guidelines III.6.1: the opponent verifies once, after the claim ended the game.
  if (r.kind == NoteKind::ClaimVerified || r.kind == NoteKind::ClaimDisputed) {
    if (!referred_) return fail("a verification without a draw claim made without an arbiter");
    if (referred_->verified) return fail("a second verification of the same claim");
    referred_->verified = r.kind == NoteKind::ClaimVerified;
  }
  notes_.push_back(r);
  if (r.kind == NoteKind::BothFlags)
    quickplay_.push_back(
        {QuickplayEvent::Kind::BothFlagsPlayOn, game_.position().side_to_move(), r.at, r.ply});
  return {};
}

Status GameRecord::apply_one(const rec::End& r) {
  // Ends the game as recorded, unless the moves ended it already (mate, stalemate ...).
  const bool ended_here = !game_.is_over();
  // Guidelines III.6.2: the arbiter's decision on a claim made without an arbiter.
  const bool deciding = game_.end().result == core::GameResult::Undecided;
  if (ended_here || deciding)
    if (auto ended = game_.end_as_recorded(r.end); !ended)
      return fail(text::game_error(ended.error()));
  if (deciding && referred_) referred_->decision = r.end;
  if (ended_here && r.end.termination == core::Termination::ClaimReferred)
    referred_ = ReferredClaim{game_.position().side_to_move(),
                              r.end.rule,
                              r.at,
                              static_cast<int>(moves_.size()),
                              std::nullopt,
                              std::nullopt,
                              std::nullopt,
                              std::nullopt};
  // Guidelines III.5.1, III.5.2 (a postponed claim upheld), III.3.1.2: the end's rule says it.
  const int ply = static_cast<int>(moves_.size());
  const core::Color to_move = game_.position().side_to_move();
  if (ended_here && r.end.rule.starts_with("Guidelines III.5"))
    quickplay_.push_back({QuickplayEvent::Kind::ClaimUpheld,
                          postponed_claim_ ? postponed_claim_->by : to_move, r.at, ply});
  else if (ended_here && r.end.rule == "Guidelines III.3.1.2")
    quickplay_.push_back({QuickplayEvent::Kind::BothFlagsDraw, to_move, r.at, ply});
  postponed_claim_.reset();
  open_offer_.reset();
  if (steps_.empty() || steps_.back().kind != Step::Kind::Stop) add_step(Step::Kind::Stop, r.at);
  // Guidelines III.6.1: the clocks at the claim, which stopped them.
  if (ended_here && referred_)
    if (auto clock = restore_clock(*this, core::ClockInstant{})) {
      const core::ClockInstant at = core::ClockInstant{} + r.at;
      referred_->white_left = std::chrono::duration_cast<Millis>(clock->remaining(core::WHITE, at));
      referred_->black_left = std::chrono::duration_cast<Millis>(clock->remaining(core::BLACK, at));
    }
  return {};
}

Status GameRecord::apply_one(const rec::Adjourn& r) {
  rec::Adjourn adjourn = r;
  if (!r.move.is_none()) {
    auto move = resolve(game_.position(), r.move);
    if (!move) return fail("the sealed move: " + move.error().message);
    adjourn.move = *move;
  } else if (auto move = core::read_move(game_.position(), r.sealed)) {
    adjourn.move = *move;  // format 1 kept only the move as written
  }
  adjourn.by = game_.position().side_to_move();
  add_step(Step::Kind::Pause, r.at, r.white_left, r.black_left);
  paused_ = true;
  clocks_set_at_ = r.at;
  adjourned_ = adjourn;
  return {};
}

Status GameRecord::apply_one(const rec::Resume& r) {
  if (!r.part.station_key.empty()) last_part_ = r.part;
  // D.2.2: a touch of this turn still open (the piece in the hand) was open at the interruption.
  for (auto& touch : touches_)
    if (!touch.outcome && !touch.interrupted_at &&
        touch.touch.ply == static_cast<int>(moves_.size()))
      touch.interrupted_at = r.at;
  return {};  // the clocks continue the turn recorded before it
}

Status GameRecord::apply_one(const rec::Seal& r) {
  seals_.push_back(r);
  return {};
}

Status GameRecord::apply_one(const rec::Heard&) {
  return {};  // evidence only: what was entered has its own entry
}

namespace {

core::Color toucher_color(const GameRecord& record, const rec::Touch& touch) {
  const core::Color vi = record.header().visually_impaired;
  return touch.by == Toucher::ViPlayer ? vi : ~vi;
}

// Art. 4.3.1, 4.3.2: the touched piece could be moved (his own) or captured (the opponent's).
bool touch_binds(const core::Position& before, const rec::Touch& touch) {
  return touch.own ? core::can_move_piece(before, touch.square)
                   : core::can_capture_piece(before, touch.square);
}

}  // namespace

std::optional<TouchPassed> touch_passed(const GameRecord& record, const RecordedTouch& touch) {
  const rec::Touch& t = touch.touch;
  if (touch.outcome || t.ply < 0 || t.piece == core::NO_PIECE) return std::nullopt;
  const auto index = static_cast<std::size_t>(t.ply);
  if (index >= record.moves().size()) return std::nullopt;
  const core::Position& before = record.game().position_at(index);
  const core::Color toucher = toucher_color(record, t);
  if (before.side_to_move() != toucher) return std::nullopt;  // touched out of his turn
  // Art. 4.3.1, 4.3.2: "the first piece touched" that can be moved or captured.
  for (const RecordedTouch& earlier : record.touches()) {
    const rec::Touch& e = earlier.touch;
    if (e.number >= t.number) break;
    if (e.ply == t.ply && e.own == t.own && e.piece != core::NO_PIECE &&
        toucher_color(record, e) == toucher && touch_binds(before, e))
      return TouchPassed{index, false};
  }
  return TouchPassed{index, touch_binds(before, t)};
}

Status GameRecord::apply_one(const rec::TakeBack& r) {
  // D.2.8, D.2.9: the last moves, as recorded, taken back while the game goes on.
  const std::size_t n = r.moves.size();
  if (n == 0 || n > moves_.size())
    return fail("it takes back " + std::to_string(n) + " moves of " +
                std::to_string(moves_.size()) + " made");
  if (r.ply != static_cast<int>(moves_.size() - n))
    return fail("ply " + std::to_string(r.ply) + " where " + std::to_string(moves_.size() - n) +
                " was due");
  for (std::size_t i = 0; i < n; ++i)
    if (core::to_uci(r.moves[i]) != core::to_uci(moves_[moves_.size() - n + i].move))
      return fail("move " + std::to_string(moves_.size() - n + i + 1) + " is " +
                  core::to_uci(moves_[moves_.size() - n + i].move) + ", not " +
                  core::to_uci(r.moves[i]));
  // Art. 7, D.2.9: an end the last move made (a wrong move giving mate) goes with that move; an
  // end a player or the arbiter made stands.
  if (game_.is_over() && !game_.ended_by_last_move())
    return fail("the game is over; no move is taken back");
  if (adjourned_) return fail("the game is adjourned (Guidelines I); no move is taken back");
  TakenBack taken{
      r, {moves_.end() - static_cast<std::ptrdiff_t>(n), moves_.end()}, r.ply + 1, std::nullopt};
  if (game_.is_over()) taken.withdrawn_end = game_.end();
  for (std::size_t i = 0; i < n; ++i) {
    game_.take_back();
    moves_.pop_back();
  }
  taken_back_.push_back(std::move(taken));
  // D.2.9: the clocks as restored; the turn of the side to move starts again (paused if the
  // clocks were).
  steps_.clear();
  add_step(Step::Kind::Start, r.at, r.white_left, r.black_left);
  if (paused_) add_step(Step::Kind::Pause, r.at, r.white_left, r.black_left);
  clocks_set_at_ = r.at;
  return {};
}

Result<GameRecord> replay_journal(const JournalContents& contents) {
  const std::string name = contents.name.empty() ? "journal" : contents.name;
  if (contents.entries.empty())  // written by an older station killed as it began a game
    return fail(name + ": holds no entry: the station was stopped before the game began, and " +
                "nothing was recorded; remove the empty file and start the game without " +
                "--resume");
  if (contents.entries[0].kind != "begin")
    return fail(name + ": the first entry is not \"begin\"; this is not a game journal");
  // Entry number and line are the same (sequence numbers count lines); both are said so that an
  // arbiter can find it in an editor as well as in a message about sequence numbers.
  const auto where = [&](std::size_t index) {
    const std::string line = std::to_string(index + 1);
    return name + ": entry " + line + " (line " + line + ", " + contents.entries[index].kind + ")";
  };
  auto first = decode(contents.entries[0]);
  if (!first) return fail(where(0) + ": " + first.error().message);
  auto record = GameRecord::start(std::get<rec::Begin>(*first));
  if (!record) return fail(where(0) + ": " + record.error().message);
  for (std::size_t i = 1; i < contents.entries.size(); ++i) {
    auto decoded = decode(contents.entries[i], record->format());
    if (!decoded) return fail(where(i) + ": " + decoded.error().message);
    if (auto applied = record->apply(*decoded); !applied)
      return fail(where(i) + ": " + applied.error().message);
  }
  return record;
}

Result<core::ChessClock> restore_clock(const GameRecord& record, core::ClockInstant origin) {
  const auto& header = record.header();
  auto control = core::read_time_control(header.control, core::TwoReadings::Minutes);
  if (!control)
    return fail("control \"" + header.control + "\": " + text::time_control_error(control.error()));
  core::ChessClock clock(*control);
  // Guidelines III.4: the increment introduced during the game holds for every later move.
  if (const auto increment = record.added_increment())
    if (auto added = clock.add_increment(*increment, origin, "Guidelines III.4, as recorded");
        !added)
      return fail(text::clock_error(added.error()));
  // The moves each side has completed decide the period (and its delay and increment).
  int moves[2] = {0, 0};
  const auto& game = record.game();
  for (std::size_t i = 0; i < record.moves().size(); ++i)
    ++moves[game.position_at(i).side_to_move()];
  // Steps that cannot apply (a pause while paused) change nothing; the recorded times are set
  // regardless, so the clock shows what the journal says.
  const auto set_times = [&](const RecordedClockStep& step, core::ClockInstant at) {
    if (!step.times) return;
    [[maybe_unused]] auto w = clock.set_remaining(core::WHITE, step.white_left, at, "as recorded");
    [[maybe_unused]] auto b = clock.set_remaining(core::BLACK, step.black_left, at, "as recorded");
  };
  for (const auto& step : record.clock_steps()) {
    const core::ClockInstant at = origin + step.at;
    switch (step.kind) {
      case RecordedClockStep::Kind::Start: {
        [[maybe_unused]] auto started = clock.start(at, game.position().side_to_move());
        [[maybe_unused]] auto w =
            clock.set_moves_completed(core::WHITE, moves[core::WHITE], at, "as recorded");
        [[maybe_unused]] auto b =
            clock.set_moves_completed(core::BLACK, moves[core::BLACK], at, "as recorded");
        set_times(step, at);
        break;
      }
      case RecordedClockStep::Kind::Set:
        set_times(step, at);
        break;
      case RecordedClockStep::Kind::Pause: {
        [[maybe_unused]] auto paused = clock.pause(at, "as recorded");
        set_times(step, at);
        break;
      }
      case RecordedClockStep::Kind::Resume: {
        set_times(step, at);
        [[maybe_unused]] auto resumed = clock.resume(at);
        break;
      }
      case RecordedClockStep::Kind::Stop: {
        [[maybe_unused]] auto stopped = clock.stop(at, "game over");
        break;
      }
    }
  }
  return clock;
}

Result<RestoredClocks> restored_clocks(const GameRecord& record) {
  const core::ClockInstant origin{};
  auto clock = restore_clock(record, origin);
  if (!clock) return fail(clock.error());
  Millis last_step{0};
  for (const auto& step : record.clock_steps()) last_step = std::max(last_step, step.at);
  const core::ClockInstant set_at = origin + record.clocks_set_at();
  const core::ClockInstant last = origin + std::max(record.last_event_at(), last_step);
  RestoredClocks out;
  out.charged_side = record.game().position().side_to_move();
  out.charged = std::chrono::duration_cast<Millis>(clock->remaining(out.charged_side, set_at) -
                                                   clock->remaining(out.charged_side, last));
  out.white_left = std::chrono::duration_cast<Millis>(clock->remaining(core::WHITE, last));
  out.black_left = std::chrono::duration_cast<Millis>(clock->remaining(core::BLACK, last));
  return out;
}

}  // namespace annabella::app
