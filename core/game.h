// A game: the moves played from a start position, and how the game ends under the Laws of Chess.
//
// FIDE keeps draws apart and so does this class:
// - automatic ends, applied after every move: checkmate (Art. 5.1.1), stalemate (Art. 5.2.1),
//   dead position (Art. 5.2.2), fivefold repetition (Art. 9.6.1), 75 moves (Art. 9.6.2; a mate
//   on the last move takes precedence);
// - claimable draws, which end the game only when a player claims them correctly: threefold
//   repetition (Art. 9.2) and 50 moves (Art. 9.3), each either on the board now or with a move
//   the claimant writes and declares he will make (Art. 9.2.1.1, 9.3.1);
// - ends decided by the players or the arbiter: resignation (Art. 5.1.2), agreement
//   (Art. 5.2.3), flag fall (Art. 6.9).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/movegen.h"
#include "core/position.h"
#include "core/result.h"

namespace annabella::core {

// Undecided: the game has ended but its result is an arbiter's to give (Guidelines III.6.1: a
// draw claim in a game no arbiter supervises ends the game; III.6.2: it is referred to one).
enum class GameResult { Ongoing, WhiteWins, BlackWins, Draw, Undecided };

enum class Termination {
  None,
  Checkmate,                 // Art. 5.1.1
  Stalemate,                 // Art. 5.2.1
  DeadPosition,              // Art. 5.2.2
  FivefoldRepetition,        // Art. 9.6.1
  SeventyFiveMoves,          // Art. 9.6.2
  ThreefoldRepetitionClaim,  // Art. 9.2
  FiftyMoveClaim,            // Art. 9.3
  Agreement,                 // Art. 5.2.3 / 9.1
  Resignation,               // Art. 5.1.2
  TimeForfeit,               // Art. 6.9: flag fell, the opponent can mate
  TimeForfeitDraw,           // Art. 6.9: flag fell, the opponent cannot mate by any series
  ArbiterDecision,
  ClaimReferred,  // Guidelines III.6.1: a draw claim without an arbiter; the result is Undecided
  // Art. 7.5.5: a player's second completed illegal move; a loss, or a draw when the opponent
  // cannot checkmate by any series of legal moves (the end names the offender).
  IllegalMoves,
  // Guidelines III.3.1.2: both flags fell in the last period and which first cannot be
  // established: a draw.
  BothFlagsFallen,
};

// How a game ended: the kind and its facts; the application words them (text::end_reason).
struct GameEnd {
  GameResult result = GameResult::Ongoing;
  Termination termination = Termination::None;
  std::string rule;  // "Art. 9.6.1"
  // Words from outside the core: the arbiter's reason for his decision (Art. 12, Guidelines
  // III), or a recorded end's as its record gives them. Empty for an end the game itself made:
  // its kind and facts say it all.
  std::string reason;
  // The side the end names: checkmated (Art. 5.1.1) or stalemated (5.2.1), resigning (5.1.2),
  // whose flag fell (6.9), claiming (Guidelines III.6.1).
  Color side = WHITE;
  // Art. 9.2.1.1: a threefold claim made with the move the claimant wrote and declared (the
  // position appears for the third time, rather than has appeared).
  bool with_intended_move = false;
};

// Why a Game refused a move or an end; the application words it (text::game_error).
struct GameError {
  enum class Kind {
    MoveAfterEnd,    // a move after the game ended (Art. 5, 6.9, 9: the end is in `end`)
    AlreadyOver,     // an end after the game ended (the end in force is in `end`)
    IllegalMove,     // `move` is not legal in the position (Art. 3)
    IncorrectClaim,  // Art. 9.5: Game::incorrect_claim() gives the facts
    NoResult,        // a recorded end without a result
    // Art. 6.9: a flag fell, and whether the opponent can checkmate by any series of legal
    // moves was not decided (the analysis gave up): the arbiter rules (Game::flag_fall's
    // `opponent_can_mate`); the game goes on until he does.
    MateUndecided,
  };
  Kind kind = Kind::IllegalMove;
  GameEnd end;
  Move move;
};
using GameStatus = Result<void, GameError>;

// "1-0", "0-1", "1/2-1/2", "*"
[[nodiscard]] std::string result_text(GameResult result);

// Art. 6.9 / 5.2.2: whether `side` can still checkmate the opponent by any series of legal moves,
// as core/unwinnability.h decides it with its full effort: false only with a proof (material,
// pawns locked for good, every line tried); true when a mating line exists and when the
// analysis gives up (analyse_mate tells which).
[[nodiscard]] bool can_checkmate(const Position& pos, Color side);

// Art. 5.2.2: neither side can checkmate by any series of legal moves, proved by the quick
// analysis the game applies after every move (material, locked pawns, forced lines from a
// position with few moves). A dead position it cannot prove is left to the arbiter
// (`annabella position`).
[[nodiscard]] bool is_dead_position(const Position& pos);

// The automatic end in force in `pos`, which has stood on the board `repetitions` times (this
// time included): checkmate, stalemate, dead position, fivefold repetition or 75 moves (a mate
// takes precedence, Art. 9.6.2); result Ongoing when none. Game applies it after every move; a
// reader of recorded games uses it to find moves played after the game had ended.
[[nodiscard]] GameEnd automatic_end(const Position& pos, int repetitions);

class Game {
 public:
  explicit Game(Position start = Position());

  [[nodiscard]] const Position& start_position() const { return positions_.front(); }
  const Position& position() const { return positions_.back(); }
  // The position before ply `ply` (0 = start position); ply_count() gives the current one.
  [[nodiscard]] const Position& position_at(std::size_t ply) const { return positions_[ply]; }
  const std::vector<Move>& moves() const { return moves_; }
  [[nodiscard]] std::size_t ply_count() const { return moves_.size(); }

  // Plays a move. Fails when the game has ended or the move is illegal (the error says which);
  // nothing is changed then. Applies the automatic ends.
  [[nodiscard]] GameStatus play(Move m);
  // Takes back the last move (an arbiter's correction); false when there is none. Reopens a game
  // that the last move had ended.
  bool take_back();

  [[nodiscard]] bool is_over() const { return end_.result != GameResult::Ongoing; }
  // The game ended by its last move alone: checkmate, stalemate, dead position, fivefold
  // repetition or the 75-move rule (no player's or arbiter's act). Taking that move back (an
  // arbiter's correction of a wrong move, Art. 7, D.2.9) withdraws the end; no other end is.
  [[nodiscard]] bool ended_by_last_move() const;
  const GameEnd& end() const { return end_; }

  // How often the current position has stood on the board (Art. 9.2.2 sameness), including now.
  [[nodiscard]] int repetition_count() const;
  int repetition_count_after(Move m) const;

  // Art. 9.2.1: the current position has appeared at least three times, or (with `intended`) the
  // move the claimant writes and declares will make it so.
  [[nodiscard]] bool can_claim_threefold(std::optional<Move> intended = std::nullopt) const;
  // Art. 9.3: the last 50 moves by each player had no pawn move and no capture, now or after the
  // intended move.
  [[nodiscard]] bool can_claim_fifty_moves(std::optional<Move> intended = std::nullopt) const;

  // Why a draw claim by the side to move is incorrect (Art. 9.5), as the game shows it; the
  // application words it (text::incorrect_claim).
  struct IncorrectClaim {
    std::optional<Move> intended;   // the move written and declared (Art. 9.2.1.1, 9.3.1)
    bool intended_illegal = false;  // that move is not legal here (Art. 3)
    int repetitions = 0;            // how often the position (after it) has appeared (Art. 9.2)
    int moves_without = 0;  // moves by each player without a pawn move or a capture (Art. 9.3)
  };
  // Nothing when a claim now (with `intended`) is correct; the game must not be over.
  [[nodiscard]] std::optional<IncorrectClaim> incorrect_claim(
      std::optional<Move> intended = std::nullopt) const;

  // A draw claim by the side to move (Art. 9.2, 9.3). A correct claim ends the game; an incorrect
  // one fails (Art. 9.5: incorrect_claim() says why; the intended move is then made if it is
  // legal; that is the caller's decision).
  [[nodiscard]] GameStatus claim_draw(std::optional<Move> intended = std::nullopt);
  [[nodiscard]] GameStatus agree_draw();
  [[nodiscard]] GameStatus resign(Color loser);
  // Art. 6.9: `flagged` has not completed the required moves in time. The game is drawn when
  // the opponent cannot checkmate by any series of legal moves: `opponent_can_mate` is the
  // arbiter's ruling on that; without it the analysis (analyse_mate) decides, and where it
  // gives up nothing is ended (GameError::Kind::MateUndecided, `side` the flagged player).
  [[nodiscard]] GameStatus flag_fall(Color flagged,
                                     std::optional<bool> opponent_can_mate = std::nullopt);
  // Art. 7.5.5: `offender` completed his second illegal move (the arbiter established both): he
  // loses, or the game is drawn when his opponent cannot checkmate by any series of legal moves
  // (`opponent_can_mate`, the analysis's verdict or the arbiter's ruling). `rule` names the
  // articles ("Art. 7.5.5, A.4.2").
  [[nodiscard]] GameStatus second_illegal_move(Color offender, bool opponent_can_mate,
                                               std::string rule = "Art. 7.5.5");
  // Guidelines III.3.1.2: both flags have fallen in the last period and which first cannot be
  // established: a draw.
  [[nodiscard]] GameStatus both_flags_fallen();
  // The arbiter decides the result (Art. 12; `rule` names the article, "Guidelines III.5.1").
  [[nodiscard]] GameStatus arbiter_decision(GameResult result, std::string reason,
                                            std::string rule = "Art. 12");
  // Guidelines III.6.1: a draw claim by `claimant` in a game no arbiter supervises ends the game
  // with its result Undecided; `rule` names the grounds ("Guidelines III.6.1.1"). III.6.2: the
  // arbiter's later decision (arbiter_decision, end_as_recorded) replaces that end; an Undecided
  // end is the only one that can be replaced.
  [[nodiscard]] GameStatus refer_claim(Color claimant, std::string rule);
  // An end decided outside the moves (agreement, resignation, a claim, a flag, the arbiter), as
  // a record of the game states it: replaying a game's record ends it exactly as it ended.
  [[nodiscard]] GameStatus end_as_recorded(GameEnd end);

 private:
  void apply_automatic_ends();
  [[nodiscard]] GameStatus end_game(GameEnd end);
  int count_occurrences(const Position& pos, std::size_t last_index) const;

  std::vector<Position> positions_;
  std::vector<Move> moves_;
  GameEnd end_;
  // The automatic end in force after each ply (so take_back can restore the previous state).
  std::vector<GameEnd> ends_;
};

// The pieces captured in `game` so far, indexed by the colour they belonged to, most valuable
// first (a promoted piece that was taken counts as what it had become). What a sighted player
// sees beside the board; the console reads it to the VI player.
[[nodiscard]] std::array<std::vector<PieceType>, 2> captured_pieces(const Game& game);

}  // namespace annabella::core
