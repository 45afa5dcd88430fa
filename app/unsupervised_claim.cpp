// Guidelines III.6: a game no arbiter supervises (game.arbiter_present = false). The player to
// move with less than two minutes claims a draw before his flag falls; the claim ends the game
// (III.6.1), the final position (and under III.6.1.2 the scoresheet) is written for the
// opponent to verify, and the claim is referred to an arbiter (III.6.2), who gives the result.
#include "app/arbiter_desk.h"
#include "app/game_text.h"
#include "app/i18n.h"
#include "app/station_text.h"

namespace annabella::app {

using i18n::format;
using i18n::tr;

namespace {

// The grounds as the seed numbers them: III.6.1.1 (cannot win by normal means), III.6.1.2 (not
// trying to win by normal means), or both.
std::string grounds_rule(const cmd::UnsupervisedClaim& c) {
  if (c.cannot_win && c.no_effort) return "Guidelines III.6.1.1, III.6.1.2";
  return c.no_effort ? "Guidelines III.6.1.2" : "Guidelines III.6.1.1";
}

}  // namespace

void ArbiterDesk::on(const cmd::UnsupervisedClaim& c, TimePoint time) {
  const std::string rule = grounds_rule(c);
  // III.6 within Guidelines III: announced, no increment, not blitz, the last period, less than
  // two minutes for the player to move, and no arbiter present.
  if (refused_quickplay("unsupervised-claim", rule, time, true)) return;
  // From the VI player's own menu (D.2.11): his claim, so only when he is to move (III.6.1).
  if (refused_out_of_turn("unsupervised-claim", "Guidelines III.6.1", time)) return;
  const core::Color claimant = s_.game().position().side_to_move();
  // III.4 brought an increment: the game is no longer one without increment (III.2.2).
  if (s_.record.added_increment()) {
    s_.print(time, tr("unsupervised-claim: an increment is in use since Guidelines III.4 was "
                      "applied; Guidelines III applies to games without increment only "
                      "(Guidelines III.2.2, III.6.1)"));
    return;
  }
  // III.6.1: "before his flag falls".
  for (const core::FlagFall& flag : s_.clock.flags(time))
    if (flag.side == claimant) {
      s_.print(time, format(tr("unsupervised-claim: {side}'s flag has fallen; the claim must be "
                               "made before it falls (Guidelines III.6.1, Art. 6.9)"),
                            {{"side", text::side(claimant)}}));
      return;
    }
  core::Game game = s_.game();
  if (auto ended = game.refer_claim(claimant, rule); !ended) {
    s_.print(time, "unsupervised-claim: " + text::game_error(ended.error()));
    return;
  }
  flow_.end_game(game.end(), time);  // recorded, clocks stopped, said; claim.txt written
  if (!s_.game().is_over()) return;  // not recorded (end_game said why)
  // TRANSLATORS: verify-claim, verified, disputed and claim-decision are console words: keep them.
  s_.print(
      time,
      format(
          c.no_effort ? tr("{side}'s draw claim ends the game ({rule}); the final position "
                           "and the scoresheet are written in claim.txt; {opponent} "
                           "verifies both with verify-claim verified or disputed; an "
                           "arbiter gives the result with claim-decision (Guidelines "
                           "III.6.2)")
                      : tr("{side}'s draw claim ends the game ({rule}); the final position "
                           "is written in claim.txt; {opponent} verifies it with "
                           "verify-claim verified or disputed; an arbiter gives the result "
                           "with claim-decision (Guidelines III.6.2)"),
          {{"side", text::side(claimant)}, {"opponent", text::side(~claimant)}, {"rule", rule}}));
}

void ArbiterDesk::on(const cmd::VerifyClaim& c, TimePoint time) {
  const auto& claim = s_.record.referred_claim();
  if (!claim) {
    s_.refuse(time,
              tr("verify-claim: no draw claim made without an arbiter to verify "
                 "(Guidelines III.6.1)"),
              speech::Refusal::Other);
    return;
  }
  if (claim->verified) {
    s_.refuse(
        time,
        format(*claim->verified ? tr("verify-claim: {opponent} has verified the claim already "
                                     "(Guidelines III.6.1)")
                                : tr("verify-claim: {opponent} has disputed the claim already "
                                     "(Guidelines III.6.1)"),
               {{"opponent", text::side(~claim->by)}}),
        speech::Refusal::Other);
    return;
  }
  const rec::Note note{c.verified ? NoteKind::ClaimVerified : NoteKind::ClaimDisputed,
                       s_.timeline(time),
                       core::SQ_NONE,
                       static_cast<int>(s_.game().ply_count()),
                       {}};
  if (auto recorded = s_.commit(note, time); !recorded) {
    s_.print(time, "verify-claim: " + recorded.error().message);
    return;
  }
  flow_.write_exports(time);
  flow_.write_touch_log(time);
  s_.print(time, format(c.verified ? tr("{opponent} verified the final position of {side}'s draw "
                                        "claim (Guidelines III.6.1); recorded in claim.txt")
                                   : tr("{opponent} disputed the final position of {side}'s draw "
                                        "claim (Guidelines III.6.1); recorded in claim.txt for "
                                        "the arbiter (Guidelines III.6.2)"),
                        {{"side", text::side(claim->by)}, {"opponent", text::side(~claim->by)}}));
}

void ArbiterDesk::on(const cmd::ClaimDecision& c, TimePoint time) {
  const auto& claim = s_.record.referred_claim();
  if (!claim || claim->decision) {
    s_.print(time, claim ? format(tr("claim-decision: the arbiter has decided the claim already "
                                     "({result}); nothing is changed (Guidelines III.6.2)"),
                                  {{"result", core::result_text(claim->decision->result)}})
                         : tr("claim-decision: no draw claim made without an arbiter waits for "
                              "a decision (Guidelines III.6.2)"));
    return;
  }
  const std::string claimant = claim->by == core::WHITE ? "White" : "Black";
  const core::GameResult result = !c.winner                  ? core::GameResult::Draw
                                  : *c.winner == core::WHITE ? core::GameResult::WhiteWins
                                                             : core::GameResult::BlackWins;
  // The decision as it reads (app/game_text.cpp words it): upheld (a draw), rejected (the
  // opponent wins), or the game given to the claimant himself (never "rejected" with the
  // claimant winning).
  const std::string winner = c.winner == core::WHITE ? "White" : "Black";
  const std::string reason =
      claimant + "'s draw claim made without an arbiter " +
      (!c.winner                ? std::string("upheld by the arbiter")
       : *c.winner != claim->by ? "rejected by the arbiter: " + winner + " wins"
                                : "decided by the arbiter: " + winner + " wins");
  core::Game game = s_.game();
  if (auto decided = game.arbiter_decision(result, reason, "Guidelines III.6.2"); !decided) {
    s_.print(time, "claim-decision: " + text::game_error(decided.error()));
    return;
  }
  flow_.end_game(game.end(), time);
}

}  // namespace annabella::app
