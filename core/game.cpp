#include "core/game.h"

#include <algorithm>
#include <functional>

#include "core/unwinnability.h"

namespace annabella::core {
namespace {

bool same_for_repetition(const Position& a, const Position& b) {
  // Art. 9.2.2: same player to move, same pieces on the same squares, same possible moves
  // (castling rights, and an en passant right only if the capture is legal: the position keeps
  // the e.p. square only then).
  return a.key() == b.key() && a.side_to_move() == b.side_to_move() &&
         a.castling_rights() == b.castling_rights() &&
         a.en_passant_square() == b.en_passant_square() && a.same_placement(b);
}

// An end the game makes itself: its kind and facts, no words (the application words them).
GameEnd made_end(GameResult result, Termination termination, std::string rule, Color side = WHITE,
                 bool with_intended_move = false) {
  GameEnd end;
  end.result = result;
  end.termination = termination;
  end.rule = std::move(rule);
  end.side = side;
  end.with_intended_move = with_intended_move;
  return end;
}

}  // namespace

std::string result_text(GameResult result) {
  switch (result) {
    case GameResult::WhiteWins:
      return "1-0";
    case GameResult::BlackWins:
      return "0-1";
    case GameResult::Draw:
      return "1/2-1/2";
    case GameResult::Ongoing:
    case GameResult::Undecided:  // PGN: the result is not known (yet)
      break;
  }
  return "*";
}

bool can_checkmate(const Position& pos, Color side) {
  return analyse_mate(pos, side).verdict != Winnability::Unwinnable;
}

bool is_dead_position(const Position& pos) {
  constexpr WinnabilityEffort quick = WinnabilityEffort::quick();
  return analyse_mate(pos, WHITE, quick).verdict == Winnability::Unwinnable &&
         analyse_mate(pos, BLACK, quick).verdict == Winnability::Unwinnable;
}

std::array<std::vector<PieceType>, 2> captured_pieces(const Game& game) {
  std::array<std::vector<PieceType>, 2> captured;
  for (std::size_t ply = 0; ply < game.ply_count(); ++ply) {
    const Piece taken = game.position_at(ply).captured_piece(game.moves()[ply]);
    if (taken != NO_PIECE) captured[color_of(taken)].push_back(type_of(taken));
  }
  for (auto& pieces : captured) std::sort(pieces.begin(), pieces.end(), std::greater<>());
  return captured;
}

Game::Game(Position start) {
  positions_.push_back(std::move(start));
  ends_.push_back({});
  apply_automatic_ends();
  ends_.back() = end_;
}

GameStatus Game::play(Move m) {
  if (is_over()) return fail_with(GameError{GameError::Kind::MoveAfterEnd, end_, Move()});
  const Position& pos = position();
  // Art. 3: an illegal move changes nothing.
  if (!legal_moves(pos).contains(m))
    return fail_with(GameError{GameError::Kind::IllegalMove, GameEnd{}, m});
  positions_.push_back(pos.after(m));
  moves_.push_back(m);
  apply_automatic_ends();
  ends_.push_back(end_);
  return {};
}

bool Game::take_back() {
  if (moves_.empty()) return false;
  moves_.pop_back();
  positions_.pop_back();
  ends_.pop_back();
  end_ = ends_.back();
  return true;
}

bool Game::ended_by_last_move() const {
  if (moves_.empty() || !is_over()) return false;
  switch (end_.termination) {
    case Termination::Checkmate:
    case Termination::Stalemate:
    case Termination::DeadPosition:
    case Termination::FivefoldRepetition:
    case Termination::SeventyFiveMoves:
      return true;
    default:
      return false;
  }
}

int Game::count_occurrences(const Position& pos, std::size_t last_index) const {
  // Only positions since the last capture or pawn move can repeat (the halfmove clock).
  int count = 0;
  const std::size_t span = std::min<std::size_t>(std::size_t(pos.halfmove_clock()), last_index + 1);
  for (std::size_t back = 0; back <= span && back <= last_index; ++back)
    if (same_for_repetition(positions_[last_index - back], pos)) ++count;
  return count;
}

int Game::repetition_count() const {
  return count_occurrences(position(), positions_.size() - 1);
}

int Game::repetition_count_after(Move m) const {
  const Position next = position().after(m);
  return count_occurrences(next, positions_.size() - 1) + 1;
}

GameEnd automatic_end(const Position& pos, int repetitions) {
  const bool mobile = has_legal_move(pos);
  if (!mobile && pos.in_check()) {  // first: a mate on the last move takes precedence (9.6.2)
    const Color loser = pos.side_to_move();
    return made_end(loser == WHITE ? GameResult::BlackWins : GameResult::WhiteWins,
                    Termination::Checkmate, "Art. 5.1.1", loser);
  }
  if (!mobile)
    return made_end(GameResult::Draw, Termination::Stalemate, "Art. 5.2.1", pos.side_to_move());
  if (is_dead_position(pos))
    return made_end(GameResult::Draw, Termination::DeadPosition, "Art. 5.2.2");
  if (repetitions >= 5)
    return made_end(GameResult::Draw, Termination::FivefoldRepetition, "Art. 9.6.1");
  if (pos.halfmove_clock() >= 150)
    return made_end(GameResult::Draw, Termination::SeventyFiveMoves, "Art. 9.6.2");
  return {};
}

void Game::apply_automatic_ends() {
  end_ = automatic_end(position(), repetition_count());
}

bool Game::can_claim_threefold(std::optional<Move> intended) const {
  if (intended)
    return legal_moves(position()).contains(*intended) && repetition_count_after(*intended) >= 3;
  return repetition_count() >= 3;
}

bool Game::can_claim_fifty_moves(std::optional<Move> intended) const {
  if (intended) {
    if (!legal_moves(position()).contains(*intended)) return false;
    return position().after(*intended).halfmove_clock() >= 100;
  }
  return position().halfmove_clock() >= 100;
}

GameStatus Game::end_game(GameEnd end) {
  // Guidelines III.6.2: the arbiter's decision replaces the end that referred the claim to him.
  const bool deciding = end_.result == GameResult::Undecided &&
                        end.termination == Termination::ArbiterDecision &&
                        end.result != GameResult::Undecided;
  if (is_over() && !deciding)
    return fail_with(GameError{GameError::Kind::AlreadyOver, end_, Move()});
  end_ = std::move(end);
  ends_.back() = end_;
  return {};
}

GameStatus Game::claim_draw(std::optional<Move> intended) {
  if (is_over()) return fail_with(GameError{GameError::Kind::AlreadyOver, end_, Move()});
  const Color claimant = position().side_to_move();  // Art. 9.2, 9.3: the player to move
  if (can_claim_threefold(intended)) {
    if (intended) {
      positions_.push_back(position().after(*intended));
      moves_.push_back(*intended);
      ends_.push_back({});
    }
    return end_game(made_end(GameResult::Draw, Termination::ThreefoldRepetitionClaim, "Art. 9.2",
                             claimant, intended.has_value()));
  }
  if (can_claim_fifty_moves(intended)) {
    if (intended) {
      positions_.push_back(position().after(*intended));
      moves_.push_back(*intended);
      ends_.push_back({});
    }
    return end_game(made_end(GameResult::Draw, Termination::FiftyMoveClaim, "Art. 9.3", claimant));
  }
  // Art. 9.5: incorrect; incorrect_claim() gives the facts for the words.
  return fail_with(GameError{GameError::Kind::IncorrectClaim, GameEnd{}, Move()});
}

std::optional<Game::IncorrectClaim> Game::incorrect_claim(std::optional<Move> intended) const {
  if (can_claim_threefold(intended) || can_claim_fifty_moves(intended)) return std::nullopt;
  IncorrectClaim why;
  why.intended = intended;
  if (intended && !legal_moves(position()).contains(*intended)) {
    why.intended_illegal = true;
    return why;
  }
  why.repetitions = intended ? repetition_count_after(*intended) : repetition_count();
  why.moves_without =
      (intended ? position().after(*intended).halfmove_clock() : position().halfmove_clock()) / 2;
  return why;
}

GameStatus Game::agree_draw() {
  return end_game(made_end(GameResult::Draw, Termination::Agreement, "Art. 9.1"));
}

GameStatus Game::resign(Color loser) {
  return end_game(made_end(loser == WHITE ? GameResult::BlackWins : GameResult::WhiteWins,
                           Termination::Resignation, "Art. 5.1.2", loser));
}

GameStatus Game::flag_fall(Color flagged, std::optional<bool> opponent_can_mate) {
  const Color opponent = ~flagged;
  // Art. 6.9: a draw only when the opponent cannot checkmate by any series of legal moves: a
  // proof of the analysis, or the arbiter's ruling. Where the analysis gives up, the station
  // does not decide: a give-up is no proof either way.
  if (!opponent_can_mate) {
    if (is_over()) return fail_with(GameError{GameError::Kind::AlreadyOver, end_, Move()});
    const Winnability verdict = analyse_mate(position(), opponent).verdict;
    if (verdict == Winnability::Unknown) {
      GameError undecided{GameError::Kind::MateUndecided, {}, Move()};
      undecided.end.side = flagged;
      undecided.end.rule = "Art. 6.9";
      return fail_with(std::move(undecided));
    }
    opponent_can_mate = verdict == Winnability::Winnable;
  }
  if (!*opponent_can_mate)
    return end_game(made_end(GameResult::Draw, Termination::TimeForfeitDraw, "Art. 6.9", flagged));
  return end_game(made_end(opponent == WHITE ? GameResult::WhiteWins : GameResult::BlackWins,
                           Termination::TimeForfeit, "Art. 6.9", flagged));
}

GameStatus Game::end_as_recorded(GameEnd end) {
  if (end.result == GameResult::Ongoing)
    return fail_with(GameError{GameError::Kind::NoResult, end, Move()});
  return end_game(std::move(end));
}

GameStatus Game::refer_claim(Color claimant, std::string rule) {
  return end_game(
      made_end(GameResult::Undecided, Termination::ClaimReferred, std::move(rule), claimant));
}

GameStatus Game::second_illegal_move(Color offender, bool opponent_can_mate, std::string rule) {
  const GameResult result = !opponent_can_mate  ? GameResult::Draw
                            : offender == WHITE ? GameResult::BlackWins
                                                : GameResult::WhiteWins;
  return end_game(made_end(result, Termination::IllegalMoves, std::move(rule), offender));
}

GameStatus Game::both_flags_fallen() {
  return end_game(made_end(GameResult::Draw, Termination::BothFlagsFallen, "Guidelines III.3.1.2",
                           position().side_to_move()));
}

GameStatus Game::arbiter_decision(GameResult result, std::string reason, std::string rule) {
  GameEnd decided = made_end(result, Termination::ArbiterDecision, std::move(rule));
  decided.reason = std::move(reason);  // the arbiter's words, from the application
  return end_game(std::move(decided));
}

}  // namespace annabella::core
