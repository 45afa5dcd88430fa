#include "app/game_text.h"

#include "app/i18n.h"
#include "app/station_text.h"
#include "core/notation.h"

namespace annabella::app::text {
namespace {

using core::Termination;
using i18n::format;
using i18n::tr;
using i18n::tr_noop;

// The words of an end the game made itself, by its kind (core::GameEnd); none for the arbiter's.
const char* kind_words(const core::GameEnd& end) {
  switch (end.termination) {
    case Termination::Checkmate:
      // TRANSLATORS: why a game ended (Art. 5, 6.9, 9); {side} and {opponent} are White or
      // Black. Art. 5.1.1:
      return tr_noop("{side} is checkmated");
    case Termination::Stalemate:  // Art. 5.2.1
      return tr_noop("{side} has no legal move and is not in check");
    case Termination::DeadPosition:  // Art. 5.2.2
      return tr_noop("dead position: neither player can checkmate by any series of legal moves");
    case Termination::FivefoldRepetition:  // Art. 9.6.1
      return tr_noop("the same position has appeared five times");
    case Termination::SeventyFiveMoves:  // Art. 9.6.2
      return tr_noop("75 moves by each player without a pawn move or a capture");
    case Termination::ThreefoldRepetitionClaim:  // Art. 9.2, 9.2.1.1
      return end.with_intended_move
                 ? tr_noop("draw claimed: the same position appears for at least the third time")
                 : tr_noop(
                       "draw claimed: the same position has appeared for at least the third "
                       "time");
    case Termination::FiftyMoveClaim:  // Art. 9.3
      return tr_noop("draw claimed: 50 moves by each player without a pawn move or a capture");
    case Termination::Agreement:  // Art. 9.1
      return tr_noop("draw agreed");
    case Termination::Resignation:  // Art. 5.1.2
      return tr_noop("{side} resigns");
    case Termination::TimeForfeitDraw:  // Art. 6.9
      return tr_noop(
          "{side}'s flag fell, but {opponent} cannot checkmate by any series of legal "
          "moves: draw");
    case Termination::TimeForfeit:  // Art. 6.9
      return tr_noop("{side} lost on time");
    case Termination::ClaimReferred:  // Guidelines III.6.1
      return tr_noop(
          "{side}'s draw claim with less than two minutes left, no arbiter present: "
          "referred to an arbiter");
    case Termination::IllegalMoves:  // Art. 7.5.5
      return end.result == core::GameResult::Draw
                 ? tr_noop(
                       "{side}'s second completed illegal move, but {opponent} cannot checkmate "
                       "by any series of legal moves: draw")
                 : tr_noop("{side}'s second completed illegal move: {side} loses");
    case Termination::BothFlagsFallen:  // Guidelines III.3.1.2
      return tr_noop("both flags fallen in the last period, which first cannot be established");
    case Termination::None:
    case Termination::ArbiterDecision:
      break;
  }
  return nullptr;
}

// The arbiter desk's reasons (app/arbiter_desk.cpp, app/unsupervised_claim.cpp), recorded in
// English and translated where they are shown.
constexpr const char* kArbiterReasons[] = {
    // Guidelines III.5.1, III.5.2 and III.3.1.2.
    tr_noop("{side}'s draw claim with less than two minutes left upheld"),
    tr_noop("both flags fallen in the last period, which first cannot be established"),
    // Guidelines III.6.2.
    tr_noop("{side}'s draw claim made without an arbiter upheld by the arbiter"),
    tr_noop("{side}'s draw claim made without an arbiter rejected by the arbiter"),  // older
    tr_noop("{side}'s draw claim made without an arbiter rejected by the arbiter: {opponent} "
            "wins"),
    tr_noop("{side}'s draw claim made without an arbiter decided by the arbiter: {side} wins")};

std::string english(core::Color c) {
  return c == core::WHITE ? "White" : "Black";
}

std::string in_english(const char* words, core::Color c) {
  return format(words, {{"side", english(c)}, {"opponent", english(~c)}});
}

std::string translated(const char* words, core::Color c) {
  return format(tr(words), {{"side", side(c)}, {"opponent", side(~c)}});
}

}  // namespace

std::string end_reason(const core::GameEnd& end) {
  if (end.reason.empty()) {
    const char* words = kind_words(end);
    return words ? translated(words, end.side) : std::string();
  }
  // A recorded reason: the kind's words or the arbiter's, as English records keep them.
  core::GameEnd read = end;
  read_end_reason(read);
  if (const char* words = kind_words(read); words && in_english(words, read.side) == end.reason)
    return translated(words, read.side);
  for (const char* words : kArbiterReasons)
    for (const core::Color c : {core::WHITE, core::BLACK})
      if (in_english(words, c) == end.reason) return translated(words, c);
  return end.reason;
}

std::string end_reason_record(const core::GameEnd& end) {
  if (!end.reason.empty()) return end.reason;
  const char* words = kind_words(end);
  return words ? in_english(words, end.side) : std::string();
}

void read_end_reason(core::GameEnd& end) {
  for (const bool intended : {false, true})
    for (const core::Color c : {core::WHITE, core::BLACK}) {
      core::GameEnd facts = end;
      facts.side = c;
      facts.with_intended_move = intended;
      if (const char* words = kind_words(facts); words && in_english(words, c) == end.reason) {
        end.side = c;
        end.with_intended_move = intended;
        return;
      }
    }
}

std::string game_error(const core::GameError& error) {
  using Kind = core::GameError::Kind;
  switch (error.kind) {
    case Kind::MoveAfterEnd:
      // TRANSLATORS: {reason} is why the game ended ("White is checkmated"), {rule} its article.
      return format(tr("the game is over ({reason}, {rule}); no more moves"),
                    {{"reason", end_reason(error.end)}, {"rule", error.end.rule}});
    case Kind::AlreadyOver:
      // TRANSLATORS: {reason} is why the game ended ("White resigns"), {rule} its article.
      return format(tr("the game is already over ({reason}, {rule})"),
                    {{"reason", end_reason(error.end)}, {"rule", error.end.rule}});
    case Kind::IllegalMove:
      // An illegal move has no SAN (Appendix C describes legal moves), so it is named in UCI.
      return format(tr("the move {move} is not legal in this position (Art. 3)"),
                    {{"move", core::to_uci(error.move)}});
    case Kind::IncorrectClaim:
      return tr("the draw claim is incorrect (Art. 9.5)");
    case Kind::NoResult:
      return tr("a recorded end without a result");
    case Kind::MateUndecided:
      // TRANSLATORS: flag win and flag draw are console commands: keep them.
      return format(tr("{side}'s flag has fallen, but whether {opponent} can checkmate by any "
                       "series of legal moves was not decided (the analysis gave up); the "
                       "arbiter rules: flag win if {opponent} can, flag draw if not (Art. 6.9)"),
                    {{"side", side(error.end.side)}, {"opponent", side(~error.end.side)}});
  }
  return {};
}

}  // namespace annabella::app::text
