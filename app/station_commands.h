// What the people at the board ask the station to do, as types. The console parses a typed line
// into one of these (app/console.h); board buttons, the tactile clock's keys, braille keys and
// voice push them directly. Every argument is already checked: a command that exists here can
// be carried out or refused on the game's state alone.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <variant>

#include "core/types.h"

namespace annabella::app {

namespace cmd {

struct Help {
  std::string topic;  // "" for every command
};
// D.2.6, D.2.10.4: both times and the moves completed, privately.
struct Time {};
// D.2.1: the last move again.
struct Repeat {};
// The game so far, or its last `last_moves` moves (0: all).
struct Moves {
  int last_moves = 0;
};
// A reading of the board (app/console.h, read_board): "r4", "knights", "e4 d5", "all".
struct Board {
  std::string query;
};
struct Captured {};
// D.2.1: the sighted player's move as written or said (SAN, UCI, long algebraic, the profile's
// words), read against the position by the station.
struct EnterMove {
  std::string text;
};
// The answer to a question the station asked (which reading of a move, which promotion piece):
// "1", "2", "Q", "Dame".
struct Answer {
  std::string text;
};
// D.2.10.5 / Art. 6.9: a flag fall claimed. `opponent_can_mate`: the arbiter's ruling, where
// the station's analysis could not decide whether the opponent can checkmate by any series of
// legal moves ("flag win": he can; "flag draw": he cannot).
struct Flag {
  std::optional<bool> opponent_can_mate;
};
// Art. 4.3: the sighted player touched a piece (reported by the assistant).
struct Touch {
  core::Square square = core::SQ_NONE;
};
// Art. 9.1.2: a draw offer (by default by the player who moved last).
struct DrawOffer {
  std::optional<core::Color> by;
};
struct DrawAccept {};
struct DrawDecline {};
// Art. 9.2, 9.3: a draw claim by the player to move, with the intended move if any.
struct DrawClaim {
  std::string intended;  // "" for none
};
// Art. 5.1.2
struct Resign {
  core::Color side = core::WHITE;
};
// Art. 6.11.1: the arbiter stops or restarts the clocks.
struct Pause {};
struct Continue {};
// Art. 6.10.2: both clocks set.
struct Adjust {
  std::chrono::milliseconds white{0}, black{0};
};
// Art. 12.9 (Art. 7.5.5, 9.5.3): time added to a player's clock.
struct Penalty {
  core::Color side = core::WHITE;
  std::chrono::seconds time{0};  // 0: the game type's (Art. 7.5.5: two minutes; B.2: one)
};
// Art. 7.5.1-7.5.4: the arbiter establishes a completed illegal move by `side` (the station's
// record never took it, so the position before it stands); Art. 7.5.5 (and A.4.2 in rapid and blitz
// under A.4, B.4): the first gives the opponent the game type's penalty, the second loses.
// `again`: the arbiter confirms a second one at the point where the first was penalised (no move
// made since); `opponent_can_mate`: his ruling on Art. 7.5.5's exception where the analysis gave
// up ("win" or "draw").
struct IllegalMove {
  core::Color side = core::WHITE;
  bool again = false;
  std::optional<bool> opponent_can_mate;
};
// Guidelines III.4: the arbiter agrees to the request of the player to move (under two minutes
// left) for an increment of five seconds for both; the opponent gets two minutes.
struct Increment {};
// Guidelines III.5: the arbiter's decision on a draw claim by the player to move with under two
// minutes left, when III.4 is not applied.
enum class QuickplayDecision { Accepted, Postponed, Refused };
struct QuickplayClaim {
  QuickplayDecision decision = QuickplayDecision::Refused;
};
// Guidelines III.3.1: the arbiter sees both flags down on the clock in use and asks the station
// which fell first; when its own clock cannot tell, III.3.1 applies. `last_period`: the arbiter
// says whether the game is in its last period (none: the station's time control decides).
struct BothFlags {
  std::optional<bool> last_period;
};
// Guidelines III.6.1: with no arbiter present, the player to move (under two minutes left, his
// flag not fallen) claims a draw on the grounds that his opponent cannot win by normal means
// (III.6.1.1) and/or is not trying to win by normal means (III.6.1.2). It ends the game.
struct UnsupervisedClaim {
  bool cannot_win = true;  // III.6.1.1
  bool no_effort = false;  // III.6.1.2
};
// Guidelines III.6.1: the claimant's opponent verifies the final position (and the scoresheet)
// or disputes it.
struct VerifyClaim {
  bool verified = true;
};
// Guidelines III.6.2: the arbiter the claim was referred to gives the result.
struct ClaimDecision {
  std::optional<core::Color> winner;  // none: a draw
};
// D.2.9: the boards compared with the record now.
struct Reconcile {};
// D.2.8, D.2.9, Art. 7.4-7.5: the last `count` moves entered taken back (a slip in announcing or
// entering corrected, or the position the arbiter restores); a move made on the VI player's
// pegboard only with the arbiter's confirmation (`arbiter`). `reason`: as typed, kept.
struct TakeBack {
  int count = 1;
  bool arbiter = false;
  std::string reason;
};
// Guidelines I: the move sealed (must be legal) and the game adjourned.
struct Adjourn {
  std::string sealed;
};
// Guidelines I: at the resumption the envelope is opened and the sealed move made.
struct OpenEnvelope {};
// The player or the assistant calls the arbiter (shown on the console and in the log).
struct CallArbiter {};
struct Status {};
struct Quit {};
// Push-to-talk (voice.push_to_talk, docs/voice.md): the button held (`held`) or released; only
// speech while it is held is decoded.
struct Talk {
  bool held = true;
};

}  // namespace cmd

using Command =
    std::variant<cmd::Help, cmd::Time, cmd::Repeat, cmd::Moves, cmd::Board, cmd::Captured,
                 cmd::EnterMove, cmd::Answer, cmd::Flag, cmd::Touch, cmd::DrawOffer,
                 cmd::DrawAccept, cmd::DrawDecline, cmd::DrawClaim, cmd::Resign, cmd::Pause,
                 cmd::Continue, cmd::Adjust, cmd::Penalty, cmd::IllegalMove, cmd::Increment,
                 cmd::QuickplayClaim, cmd::BothFlags, cmd::UnsupervisedClaim, cmd::VerifyClaim,
                 cmd::ClaimDecision, cmd::Reconcile, cmd::Adjourn, cmd::OpenEnvelope,
                 cmd::CallArbiter, cmd::Status, cmd::Quit, cmd::Talk, cmd::TakeBack>;

// Where a command came from: the record and the log say it. Keypad is the sighted player's own
// keypad or keyboard (D.2.11, `play --opponent-input`): his moves only.
enum class InputSource {
  Keyboard,
  BoardButton,
  TactileClock,
  BrailleKeys,
  Voice,
  Assistant,
  Keypad
};
[[nodiscard]] std::string_view input_source_name(InputSource source);

}  // namespace annabella::app
