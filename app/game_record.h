// The game as its journal records it, and the one interpreter of the journal's records
// (GameRecord::apply). The station applies every record as it journals it while the game is
// played, and `play --resume` applies the same records read back from the journal, so live play
// and resumption cannot drift apart.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "app/journal.h"
#include "app/journal_records.h"
#include "core/clock.h"
#include "core/game.h"

namespace annabella::app {

struct RecordedMove {
  core::Move move;
  std::string san;
  Millis at{0};  // game timeline
  Millis white_left{0}, black_left{0};
  Millis elapsed{0};  // the mover's thinking time for this move ([%emt])
  MoveSource by = MoveSource::Console;
};

// A touch (D.2.2) and, once known, what became of it (Art. 4).
struct RecordedTouch {
  rec::Touch touch;
  std::optional<TouchOutcome> outcome;  // none while the piece is in the hand (or unknown)
  core::Square went_to = core::SQ_NONE;
  Millis ended_at{0};
  // Still open when the station stopped (a crash, a power cut): the time the resumption took
  // the game up at (its resume entry). Its outcome, if any, came after the resumption.
  std::optional<Millis> interrupted_at;
};

// One thing the clock did since the last move (or the start), replayed by restore_clock(): the
// turn starts (with the times recorded after the move), times are set (adjustment, penalty), the
// clocks are paused (arbiter, adjournment), restarted, or stopped (the game ended).
struct RecordedClockStep {
  enum class Kind { Start, Set, Pause, Resume, Stop };
  Kind kind = Kind::Start;
  Millis at{0};        // game timeline
  bool times = false;  // white_left and black_left are recorded (all but Stop and the Start of a
                       // game without a move yet)
  Millis white_left{0}, black_left{0};
};

// What happened under Guidelines III (games without increment), at the ply it happened: for the
// PGN's comments, the arbiter's notes and the open claim a resumed game still has to decide.
struct QuickplayEvent {
  enum class Kind {
    Increment,              // III.4: five seconds for both from then on, two minutes to the other
    ClaimPostponed,         // III.5.2: the decision postponed, two minutes to the other
    ClaimRefused,           // III.5.3: two minutes to the other
    PostponedClaimRefused,  // III.5.2: the postponed claim decided later, refused
    ClaimUpheld,            // III.5.1, or III.5.2 later: a draw (the game's end)
    BothFlagsPlayOn,        // III.3.1.1: both flags, which first unknown, not the last period
    BothFlagsDraw,          // III.3.1.2: the same in the last period, a draw (the game's end)
  };
  Kind kind = Kind::Increment;
  core::Color by = core::WHITE;  // who asked or claimed (both flags: the player to move)
  Millis at{0};                  // game timeline
  int ply = 0;                   // moves made when it happened
};

// Art. 7.5.5: a completed illegal move the arbiter established, the first of its player (the
// second ends the game, and the end says it).
struct IllegalMoveEvent {
  core::Color by = core::WHITE;  // who made it; the opponent got the game type's penalty
  Millis at{0};                  // game timeline
  int ply = 0;                   // moves made when it was established
};

// Art. 9.5.3: an incorrect draw claim (Art. 9.2, 9.3); the opponent got the game type's time, and
// the intended move, if any, was then made.
struct RejectedClaim {
  core::Color by = core::WHITE;  // the claimant
  Millis at{0};                  // game timeline
  int ply = 0;                   // moves made when it was claimed
  std::string intended{};        // the move written and declared (SAN), or ""
};

// Guidelines III.6: a draw claim made with no arbiter present. It ended the game (III.6.1) with
// the result left to an arbiter (III.6.2); the opponent verifies the final position (and, under
// III.6.1.2, the scoresheet) or disputes it.
struct ReferredClaim {
  core::Color by = core::WHITE;  // the claimant (the player to move, his clock running)
  std::string rule;              // the grounds: "Guidelines III.6.1.1", "... III.6.1.2" or both
  Millis at{0};                  // game timeline
  int ply = 0;                   // moves made when it was claimed
  std::optional<bool> verified;  // the opponent verified (true) or disputed (false); none yet
  std::optional<core::GameEnd> decision;  // III.6.2: the arbiter's, once given
  // III.6.1 ("less than two minutes"): both clocks as they stood at the claim (the clock stops
  // with it), for the arbiter who decides it; none when the time control cannot be read.
  std::optional<Millis> white_left, black_left;
};

// D.2.8, D.2.9: moves taken back: the entry, and the moves as they had been recorded (evidence
// for the PGN and the touch log: the record keeps that they were made and taken back, and why).
struct TakenBack {
  rec::TakeBack entry;
  std::vector<RecordedMove> moves;  // in the order they were made
  int first_ply = 0;                // the first of them (1 for the game's first move)
  // The end the last of them made (a mate typed wrongly, Art. 7, D.2.9), withdrawn with it; the
  // journal keeps its end entry before the take-back.
  std::optional<core::GameEnd> withdrawn_end;
};

class GameRecord {
 public:
  // A new game's record, from its begin record (the time control and start position must read).
  [[nodiscard]] static Result<GameRecord> start(const rec::Begin& begin);

  // Applies one record: a move is played, a touch kept, the clocks' steps noted, the game ended.
  // Fails, changing nothing, when the record cannot apply here (an illegal move, a ply out of
  // order, a second begin, an untouch of no touch). The station applies what it journals; a
  // resumption applies what the journal holds.
  [[nodiscard]] Status apply(const JournalRecord& record);

  [[nodiscard]] const RecordHeader& header() const { return header_; }
  [[nodiscard]] int format() const { return format_; }
  [[nodiscard]] const core::Game& game() const { return game_; }
  [[nodiscard]] const std::vector<RecordedMove>& moves() const { return moves_; }
  [[nodiscard]] const std::vector<RecordedTouch>& touches() const { return touches_; }
  [[nodiscard]] const std::vector<rec::DrawOffer>& draw_offers() const { return offers_; }
  [[nodiscard]] const std::vector<rec::Note>& notes() const { return notes_; }
  [[nodiscard]] const std::vector<rec::Seal>& seals() const { return seals_; }
  [[nodiscard]] const std::vector<RecordedClockStep>& clock_steps() const { return steps_; }
  // The draw offer still open (Art. 9.1.2.3: a move by the other player declines it).
  [[nodiscard]] std::optional<core::Color> open_draw_offer() const { return open_offer_; }
  // The adjournment waiting for its sealed move (Guidelines I), if any.
  [[nodiscard]] const std::optional<rec::Adjourn>& adjourned() const { return adjourned_; }
  // D.2.7: the station key and recording of the latest part of the game that named them (the
  // begin entry's, or a resumption's); empty when none did.
  [[nodiscard]] const rec::PartSeal& last_part() const { return last_part_; }
  [[nodiscard]] bool paused() const { return paused_; }
  // The increment introduced during the game (Guidelines III.4), if any.
  [[nodiscard]] std::optional<Millis> added_increment() const { return increment_; }
  // Guidelines III.3.1, III.4, III.5 in the order they happened.
  [[nodiscard]] const std::vector<QuickplayEvent>& quickplay_events() const { return quickplay_; }
  // The draw claim whose decision the arbiter postponed (Guidelines III.5.2) and has not given
  // yet; none once decided or once the game is over.
  [[nodiscard]] const std::optional<QuickplayEvent>& postponed_claim() const {
    return postponed_claim_;
  }
  // Art. 9.2: the VI player's draw claim his menu asked him to confirm and neither he nor the
  // game has settled yet (the station stopped meanwhile); none otherwise.
  [[nodiscard]] const std::optional<rec::Note>& asked_claim() const { return asked_claim_; }
  // Guidelines III.6: the draw claim made without an arbiter that ended the game, if any.
  [[nodiscard]] const std::optional<ReferredClaim>& referred_claim() const { return referred_; }
  // Art. 7.5.5: the completed illegal moves established so far, in order.
  [[nodiscard]] const std::vector<IllegalMoveEvent>& illegal_moves() const {
    return illegal_moves_;
  }
  // Art. 9.5.3: the incorrect draw claims, in order (journals before session 9 do not say).
  [[nodiscard]] const std::vector<RejectedClaim>& rejected_claims() const {
    return rejected_claims_;
  }
  // D.2.8, D.2.9: the take-backs, in order.
  [[nodiscard]] const std::vector<TakenBack>& taken_back() const { return taken_back_; }
  // Whether `side` has a completed illegal move on record (Art. 7.5.5: a second one loses).
  [[nodiscard]] bool made_illegal_move(core::Color side) const;
  // The latest time stamp of any record, and of the record that last set the clocks.
  [[nodiscard]] Millis last_event_at() const { return last_event_at_; }
  [[nodiscard]] Millis clocks_set_at() const { return clocks_set_at_; }

 private:
  GameRecord() = default;
  Status apply_one(const rec::Begin& r);
  Status apply_one(const rec::Move& r);
  Status apply_one(const rec::Touch& r);
  Status apply_one(const rec::Untouch& r);
  Status apply_one(const rec::Clock& r);
  Status apply_one(const rec::DrawOffer& r);
  Status apply_one(const rec::DrawDecline& r);
  Status apply_one(const rec::Note& r);
  Status apply_one(const rec::End& r);
  Status apply_one(const rec::Adjourn& r);
  Status apply_one(const rec::Resume& r);
  Status apply_one(const rec::Seal& r);
  Status apply_one(const rec::Heard& r);
  Status apply_one(const rec::TakeBack& r);
  void add_step(RecordedClockStep::Kind kind, Millis at, std::optional<Millis> white = {},
                std::optional<Millis> black = {});

  RecordHeader header_;
  int format_ = kJournalFormat;
  core::Game game_;
  std::vector<RecordedMove> moves_;
  std::vector<RecordedTouch> touches_;
  std::vector<rec::DrawOffer> offers_;
  std::vector<rec::Note> notes_;
  std::vector<rec::Seal> seals_;
  std::vector<RecordedClockStep> steps_;
  std::optional<core::Color> open_offer_;
  std::optional<rec::Note> asked_claim_;
  std::optional<rec::Adjourn> adjourned_;
  rec::PartSeal last_part_;
  bool paused_ = false;
  std::optional<Millis> increment_;
  std::vector<IllegalMoveEvent> illegal_moves_;
  std::vector<RejectedClaim> rejected_claims_;
  std::vector<QuickplayEvent> quickplay_;
  std::optional<QuickplayEvent> postponed_claim_;
  std::optional<ReferredClaim> referred_;
  std::vector<TakenBack> taken_back_;
  Millis last_event_at_{0};
  Millis last_step_at_{0};
  Millis clocks_set_at_{0};
};

// Art. 4.3: a touch still open when the toucher's turn ended with a move (a touch reported at the
// console, D.2.10.5, whose piece that move neither moved nor captured): the move that ended the
// turn (its index in moves()) and whether the touched piece bound him: the first of his touches
// of that turn whose piece he could have moved (his own, Art. 4.3.1) or captured (the
// opponent's, Art. 4.3.2); Art. 4.5: none of them could be, and any legal move stands. None for
// a touch that was completed, or whose turn has not ended with the toucher's move.
struct TouchPassed {
  std::size_t move_index = 0;
  bool binding = false;
};
[[nodiscard]] std::optional<TouchPassed> touch_passed(const GameRecord& record,
                                                      const RecordedTouch& touch);

// The game a journal holds: every entry decoded and applied in order. Errors name the journal
// (contents.name), the entry and its line, and what is wrong: "games/r3/game.journal: entry 12
// (line 12, move): ...".
[[nodiscard]] Result<GameRecord> replay_journal(const JournalContents& contents);

// The chess clock as the record left it, on a timeline whose 0 is `origin`: this turn's start,
// adjustments, pauses and stop replayed at their recorded instants under the header's time
// control, so that at origin + last_event_at it shows the recorded times, the running side's turn
// continuing (its delay already used, [%emt] counting from the move). Fails only when the
// header's time control cannot be read.
[[nodiscard]] Result<core::ChessClock> restore_clock(const GameRecord& record,
                                                     core::ClockInstant origin);

// The clocks at the last recorded event: those of the last record that set them (a move, an
// adjustment, a penalty, a pause), with the running clock charged the time from that record to
// the last record with a time stamp (a touch proves that play went on), as the clock would have
// charged it. The station's downtime after that is charged to nobody (the arbiter decides,
// Art. 6.10.2).
struct RestoredClocks {
  Millis white_left{0}, black_left{0};
  core::Color charged_side = core::WHITE;
  Millis charged{0};
};
[[nodiscard]] Result<RestoredClocks> restored_clocks(const GameRecord& record);

}  // namespace annabella::app
