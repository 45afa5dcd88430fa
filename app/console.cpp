#include "app/console.h"

#include <algorithm>
#include <charconv>
#include <functional>

#include "app/i18n.h"
#include "config/config.h"
#include "core/notation.h"
#include "core/text.h"
#include "core/time_control.h"

namespace annabella::app {
namespace {

using i18n::format;
using i18n::tr;
using i18n::tr_noop;
using Words = std::vector<std::string>;

// A message of the command table, in the language of the messages.
std::string translated(std::string_view message) {
  return message.empty() ? std::string() : tr(std::string(message).c_str());
}

const CommandSpec* find_command(std::string_view name) {
  const std::string key = core::ascii_lower(name);
  for (const auto& spec : console_commands())
    if (key == spec.short_name || key == spec.long_name) return &spec;
  return nullptr;
}

// A word that can only start a move: a square, a piece letter followed by a square, castling.
// A square's file may be a letter of another alphabet (the Cyrillic "е4" of a Macedonian,
// Serbian or Russian keyboard, docs/notation.md): any non-ASCII character before a rank digit
// counts, and the station's reading of the move says precisely what is wrong if it is none.
bool looks_like_move(std::string_view word) {
  if (word.empty()) return false;
  if (word[0] == 'O' || word[0] == '0') return true;  // O-O, 0-0
  for (std::size_t i = 0; i + 1 < word.size(); ++i) {
    const auto c = static_cast<unsigned char>(word[i]);
    const bool file = (c >= 'a' && c <= 'h') || c >= 0x80;  // 0x80 and up: a UTF-8 letter's end
    if (file && word[i + 1] >= '1' && word[i + 1] <= '8') return true;
  }
  return false;
}

std::string joined(const Words& words, std::size_t from = 0) {
  std::string text;
  for (std::size_t i = from; i < words.size(); ++i) text += (text.empty() ? "" : " ") + words[i];
  return text;
}

// "usage" of a command for its messages: "penalty white|black MINUTES".
std::string usage(const CommandSpec& spec) {
  std::string text(spec.long_name);
  if (!spec.arguments.empty()) text += " " + std::string(spec.arguments);
  return text;
}

Failure<Error> refuse(const CommandSpec& spec, const std::string& why) {
  // TRANSLATORS: a refused console command: "penalty: the minutes: ... (penalty white|black
  // MINUTES; Art. 12.9)"; the command, its arguments and the rule stay as they are.
  if (spec.rule.empty())
    return fail(
        format(tr("{command}: {why} ({usage})"),
               {{"command", std::string(spec.long_name)}, {"why", why}, {"usage", usage(spec)}}));
  return fail(
      format(tr("{command}: {why} ({usage}; {rule})"), {{"command", std::string(spec.long_name)},
                                                        {"why", why},
                                                        {"usage", usage(spec)},
                                                        {"rule", std::string(spec.rule)}}));
}

// A whole number from `low` to `high`, all of the word (no "5x", no "1.9").
Result<int> whole_number(std::string_view word, int low, int high) {
  int value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (word.empty() || ec != std::errc() || end != word.data() + word.size())
    return fail(format(tr("\"{word}\" is not a whole number"), {{"word", std::string(word)}}));
  if (value < low || value > high)
    return fail(
        format(tr("{value} is not from {low} to {high}"), {{"value", std::to_string(value)},
                                                           {"low", std::to_string(low)},
                                                           {"high", std::to_string(high)}}));
  return value;
}

std::optional<core::Color> side_of(std::string_view word) {
  const std::string w = core::ascii_lower(word);
  if (w == "white" || w == "w") return core::WHITE;
  if (w == "black" || w == "b") return core::BLACK;
  return std::nullopt;
}

Status no_arguments(const CommandSpec& spec, const Words& args) {
  if (!args.empty())
    return refuse(
        spec, format(tr("takes no argument, \"{given}\" was given"), {{"given", joined(args)}}));
  return {};
}

// One parser per command: the arguments after the command's name, checked.
using ArgumentParser = std::function<Result<Command>(const CommandSpec&, const Words&)>;

template <typename C>
ArgumentParser without_arguments() {
  return [](const CommandSpec& spec, const Words& args) -> Result<Command> {
    if (auto none = no_arguments(spec, args); !none) return fail(none.error());
    return Command{C{}};
  };
}

Result<Command> parse_moves(const CommandSpec& spec, const Words& args) {
  if (args.empty()) return Command{cmd::Moves{}};
  if (args.size() > 1) return refuse(spec, tr("one number at most"));
  auto n = whole_number(args[0], 1, 999);
  if (!n)
    return refuse(spec, format(tr("the number of moves: {why}"), {{"why", n.error().message}}));
  return Command{cmd::Moves{*n}};
}

Result<Command> parse_move(const CommandSpec& spec, const Words& args) {
  if (args.empty()) return refuse(spec, tr("which move? (for example: move Nf3)"));
  return Command{cmd::EnterMove{joined(args)}};
}

Result<Command> parse_touch(const CommandSpec& spec, const Words& args) {
  const auto square = args.size() == 1 ? core::parse_square(core::ascii_lower(args[0]))
                                       : std::optional<core::Square>();
  if (!square) return refuse(spec, tr("which square? (for example: touch g1)"));
  return Command{cmd::Touch{*square}};
}

Result<Command> parse_draw_offer(const CommandSpec& spec, const Words& args) {
  if (args.empty()) return Command{cmd::DrawOffer{}};
  const auto side = args.size() == 1 ? side_of(args[0]) : std::nullopt;
  if (!side) return refuse(spec, tr("who offers? white or black"));
  return Command{cmd::DrawOffer{*side}};
}

Result<Command> parse_draw_claim(const CommandSpec& spec, const Words& args) {
  if (args.size() > 1) return refuse(spec, tr("one intended move at most"));
  return Command{cmd::DrawClaim{joined(args)}};
}

Result<Command> parse_resign(const CommandSpec& spec, const Words& args) {
  const auto side = args.size() == 1 ? side_of(args[0]) : std::nullopt;
  if (!side) return refuse(spec, tr("who resigns? resign white or resign black"));
  return Command{cmd::Resign{*side}};
}

// "win" (the opponent can checkmate) or "draw" (he cannot): the arbiter's ruling under Art. 6.9
// and 7.5.5 where the station's analysis gave up.
std::optional<bool> mate_ruling_of(const std::string& word) {
  const std::string lower = core::ascii_lower(word);
  if (lower == "win") return true;
  if (lower == "draw") return false;
  return std::nullopt;
}

Result<Command> parse_flag(const CommandSpec& spec, const Words& args) {
  if (args.empty()) return Command{cmd::Flag{}};
  const auto ruling = args.size() == 1 ? mate_ruling_of(args[0]) : std::nullopt;
  if (!ruling)
    // TRANSLATORS: flag, win and draw are the console's words: keep them.
    return refuse(spec, tr("flag alone, or the arbiter's ruling: flag win or flag draw"));
  return Command{cmd::Flag{ruling}};
}

Result<Command> parse_illegal_move(const CommandSpec& spec, const Words& args) {
  const auto side = !args.empty() ? side_of(args[0]) : std::nullopt;
  cmd::IllegalMove command;
  bool understood = side.has_value() && args.size() <= 3;
  for (std::size_t i = 1; understood && i < args.size(); ++i) {
    if (core::ascii_lower(args[i]) == "again" && !command.again)
      command.again = true;
    else if (auto ruling = mate_ruling_of(args[i]); ruling && !command.opponent_can_mate)
      command.opponent_can_mate = ruling;
    else
      understood = false;
  }
  if (!understood)
    // TRANSLATORS: illegal-move, white, black, again, win and draw are the console's words.
    return refuse(spec, tr("whose illegal move? illegal-move white or illegal-move black (then "
                           "again, win or draw where the station asks for them)"));
  command.side = *side;
  return Command{command};
}

// Why a clock time typed by the arbiter is not one (core::parse_hms).
std::string hms_error(const core::HmsError& error) {
  if (error.kind == core::HmsError::Kind::Over59)
    return format(tr("\"{text}\" is not a time: {part} is more than 59"),
                  {{"text", error.text}, {"part", std::to_string(error.part)}});
  return format(tr("\"{text}\" is not a time (H:MM:SS, MM:SS or SS)"), {{"text", error.text}});
}

Result<Command> parse_adjust(const CommandSpec& spec, const Words& args) {
  if (args.size() != 2) return refuse(spec, tr("give White's and Black's times"));
  // Hours, minutes and seconds, unless the first number cannot be hours: "1:30" is an hour and
  // a half to one arbiter and a minute and a half to parse_hms, so a short time whose first
  // number is under 10 sets nothing (tester, session 13: a player dropped to 90 seconds);
  // "59:30" (no game has 59 hours) stays minutes and seconds.
  const auto could_be_hours = [](const std::string& time) {
    const auto colons = std::count(time.begin(), time.end(), ':');
    if (colons >= 2) return false;
    if (colons == 0) return true;
    const std::string first = time.substr(0, time.find(':'));
    return first.size() < 2 || first[0] == '0';
  };
  for (std::size_t i = 0; i < 2; ++i)
    if (could_be_hours(args[i]))
      return refuse(spec, format(i == 0 ? tr("White's time \"{text}\": write hours, minutes and "
                                             "seconds, as 1:30:00 or 0:01:30")
                                        : tr("Black's time \"{text}\": write hours, minutes and "
                                             "seconds, as 1:30:00 or 0:01:30"),
                                 {{"text", args[i]}}));
  auto white = core::parse_hms(args[0]);
  auto black = core::parse_hms(args[1]);
  if (!white)
    return refuse(spec, format(tr("White's time: {why}"), {{"why", hms_error(white.error())}}));
  if (!black)
    return refuse(spec, format(tr("Black's time: {why}"), {{"why", hms_error(black.error())}}));
  return Command{cmd::Adjust{*white, *black}};
}

Result<Command> parse_penalty(const CommandSpec& spec, const Words& args) {
  const auto side = !args.empty() && args.size() <= 2 ? side_of(args[0]) : std::nullopt;
  if (!side) return refuse(spec, tr("whose clock gets the time, and how many minutes?"));
  // Without minutes: the game type's penalty (Art. 7.5.5, B.2), chosen by the arbiter's desk.
  if (args.size() == 1) return Command{cmd::Penalty{*side, std::chrono::seconds(0)}};
  auto minutes = whole_number(args[1], 1, 600);
  if (!minutes)
    return refuse(spec, format(tr("the minutes: {why}"), {{"why", minutes.error().message}}));
  return Command{cmd::Penalty{*side, std::chrono::minutes(*minutes)}};
}

Result<Command> parse_quickplay_claim(const CommandSpec& spec, const Words& args) {
  using D = cmd::QuickplayDecision;
  const std::string word = args.size() == 1 ? core::ascii_lower(args[0]) : std::string();
  for (const auto& [name, decision] :
       {std::pair{"accepted", D::Accepted}, {"postponed", D::Postponed}, {"refused", D::Refused}})
    if (word == name) return Command{cmd::QuickplayClaim{decision}};
  // TRANSLATORS: accepted, postponed and refused are the command's arguments: keep them.
  return refuse(spec, tr("the arbiter's decision: accepted, postponed or refused"));
}

Result<Command> parse_both_flags(const CommandSpec& spec, const Words& args) {
  if (args.empty()) return Command{cmd::BothFlags{}};
  const std::string word = args.size() == 1 ? core::ascii_lower(args[0]) : std::string();
  if (word == "last") return Command{cmd::BothFlags{true}};
  if (word == "earlier") return Command{cmd::BothFlags{false}};
  // TRANSLATORS: last and earlier are the command's arguments: keep them.
  return refuse(spec, tr("the period, when the station cannot tell it: last or earlier"));
}

Result<Command> parse_unsupervised_claim(const CommandSpec& spec, const Words& args) {
  const std::string word = args.size() == 1 ? core::ascii_lower(args[0]) : std::string();
  if (word == "cannot-win") return Command{cmd::UnsupervisedClaim{true, false}};
  if (word == "no-effort") return Command{cmd::UnsupervisedClaim{false, true}};
  if (word == "both") return Command{cmd::UnsupervisedClaim{true, true}};
  // TRANSLATORS: cannot-win, no-effort and both are the command's arguments: keep them.
  return refuse(spec, tr("the grounds: cannot-win (Guidelines III.6.1.1), no-effort "
                         "(III.6.1.2) or both"));
}

Result<Command> parse_verify_claim(const CommandSpec& spec, const Words& args) {
  const std::string word = args.size() == 1 ? core::ascii_lower(args[0]) : std::string();
  if (word == "verified") return Command{cmd::VerifyClaim{true}};
  if (word == "disputed") return Command{cmd::VerifyClaim{false}};
  // TRANSLATORS: verified and disputed are the command's arguments: keep them.
  return refuse(spec, tr("the opponent's word: verified or disputed"));
}

Result<Command> parse_claim_decision(const CommandSpec& spec, const Words& args) {
  const std::string word = args.size() == 1 ? core::ascii_lower(args[0]) : std::string();
  if (word == "draw") return Command{cmd::ClaimDecision{}};
  if (const auto side = args.size() == 1 ? side_of(args[0]) : std::nullopt)
    return Command{cmd::ClaimDecision{*side}};
  // TRANSLATORS: draw, white and black are the command's arguments: keep them.
  return refuse(spec, tr("the arbiter's result: draw, or the winner: white or black"));
}

Result<Command> parse_adjourn(const CommandSpec& spec, const Words& args) {
  if (args.size() != 1) return refuse(spec, tr("give the sealed move as written, one word"));
  return Command{cmd::Adjourn{args[0]}};
}

// takeback [N] [arbiter] [REASON...]
Result<Command> parse_take_back(const CommandSpec& spec, const Words& args) {
  cmd::TakeBack c;
  std::size_t at = 0;
  if (at < args.size() && !args[at].empty() && args[at][0] >= '0' && args[at][0] <= '9') {
    auto n = whole_number(args[at], 1, 999);
    if (!n)
      return refuse(spec, format(tr("the number of moves: {why}"), {{"why", n.error().message}}));
    c.count = *n;
    ++at;
  }
  if (at < args.size() && core::ascii_lower(args[at]) == "arbiter") {
    c.arbiter = true;
    ++at;
  }
  c.reason = joined(args, at);
  return Command{c};
}

Result<Command> parse_talk(const CommandSpec& spec, const Words& args) {
  if (args.empty()) return Command{cmd::Talk{true}};
  if (args.size() == 1 && core::ascii_lower(args[0]) == "end") return Command{cmd::Talk{false}};
  // TRANSLATORS: "talk" and "talk end" are the command as typed: keep them.
  return refuse(spec, tr("talk (the button held) or talk end (released)"));
}

const std::vector<std::pair<CommandKind, ArgumentParser>>& parsers() {
  using K = CommandKind;
  static const std::vector<std::pair<CommandKind, ArgumentParser>> kParsers = {
      {K::Help,
       [](const CommandSpec&, const Words& args) -> Result<Command> {
         return Command{cmd::Help{joined(args)}};
       }},
      {K::Time, without_arguments<cmd::Time>()},
      {K::Repeat, without_arguments<cmd::Repeat>()},
      {K::Moves, parse_moves},
      {K::Board,
       [](const CommandSpec&, const Words& args) -> Result<Command> {
         return Command{cmd::Board{args.empty() ? "all" : joined(args)}};
       }},
      {K::Captured, without_arguments<cmd::Captured>()},
      {K::Move, parse_move},
      {K::Flag, parse_flag},
      {K::Touch, parse_touch},
      {K::DrawOffer, parse_draw_offer},
      {K::DrawClaim, parse_draw_claim},
      {K::DrawAccept, without_arguments<cmd::DrawAccept>()},
      {K::DrawDecline, without_arguments<cmd::DrawDecline>()},
      {K::Resign, parse_resign},
      {K::CallArbiter, without_arguments<cmd::CallArbiter>()},
      {K::Pause, without_arguments<cmd::Pause>()},
      {K::Resume, without_arguments<cmd::Continue>()},
      {K::Adjust, parse_adjust},
      {K::Penalty, parse_penalty},
      {K::IllegalMove, parse_illegal_move},
      {K::Increment, without_arguments<cmd::Increment>()},
      {K::QuickplayClaim, parse_quickplay_claim},
      {K::BothFlags, parse_both_flags},
      {K::UnsupervisedClaim, parse_unsupervised_claim},
      {K::VerifyClaim, parse_verify_claim},
      {K::ClaimDecision, parse_claim_decision},
      {K::Reconcile, without_arguments<cmd::Reconcile>()},
      {K::TakeBack, parse_take_back},
      {K::Adjourn, parse_adjourn},
      {K::OpenEnvelope, without_arguments<cmd::OpenEnvelope>()},
      {K::Status, without_arguments<cmd::Status>()},
      {K::Quit, without_arguments<cmd::Quit>()},
      {K::Talk, parse_talk},
  };
  return kParsers;
}

}  // namespace

const std::vector<CommandSpec>& console_commands() {
  using K = CommandKind;
  // TRANSLATORS: the console's commands: what each does (the names, arguments and rules stay).
  static const std::vector<CommandSpec> kCommands = {
      {K::Help, "h", "help", "[COMMAND]", tr_noop("list the commands, or explain one"), "", false},
      {K::Time, "t", "time", "",
       tr_noop("say both players' times and the moves completed, privately to the player"),
       "D.2.10.4", false},
      {K::Repeat, "r", "repeat", "", tr_noop("say the last move again"), "D.2.1", false},
      {K::Moves, "g", "game", "[LAST_N]", tr_noop("read the game so far (or its last N moves)"), "",
       false},
      {K::Board, "b", "board", "rN | fX | PIECE | white | black | SQUARE... | all",
       tr_noop(
           "read the board: a rank (r4), a file (fe), a piece type (knights), one side, squares "
           "(e4 d5), or all"),
       "", false},
      {K::Captured, "ca", "captured", "",
       tr_noop(
           "read the pieces taken so far, by side, as a sighted player sees them beside the board"),
       "", false},
      {K::Move, "m", "move", "MOVE",
       tr_noop(
           "enter the sighted player's move (Nf3, g1f3, Ng1-f3, or the profile's words); a move "
           "typed alone works too; while the pegboard is disconnected, also the VI player's move "
           "as he announces it"),
       "D.2.1, D.2.10.2", false},
      {K::Flag, "f", "flag", "[win|draw]",
       tr_noop("claim that the opponent's flag has fallen; win or draw: the arbiter's ruling when "
               "the station cannot decide whether the opponent can still checkmate"),
       "D.2.10.5, Art. 6.9", false},
      {K::Touch, "tp", "touch", "SQUARE", tr_noop("report that the sighted player touched a piece"),
       "Art. 4.3", false},
      {K::DrawOffer, "do", "draw-offer", "[white|black]",
       tr_noop("a player offers a draw (by default the one who made the last move)"), "Art. 9.1.2",
       false},
      {K::DrawClaim, "dc", "draw-claim", "[MOVE]",
       tr_noop(
           "claim a draw by threefold repetition or 50 moves, optionally with the intended move"),
       "Art. 9.2, 9.3", false},
      {K::DrawAccept, "da", "draw-accept", "", tr_noop("accept the draw offered"), "Art. 9.1.2",
       false},
      {K::DrawDecline, "dn", "draw-decline", "", tr_noop("decline the draw offered"),
       "Art. 9.1.2.3", false},
      {K::Resign, "rs", "resign", "white|black", tr_noop("a player resigns"), "Art. 5.1.2", false},
      {K::CallArbiter, "arb", "arbiter", "", tr_noop("call the arbiter to the board"), "Art. 12.1",
       false},
      {K::Pause, "p", "pause", "", tr_noop("stop both clocks"), "Art. 6.11.1", true},
      {K::Resume, "c", "continue", "", tr_noop("restart the clocks"), "Art. 6.11.1", true},
      {K::Adjust, "a", "adjust", "H:MM:SS H:MM:SS", tr_noop("set White's and Black's clock"),
       "Art. 6.10.2", true},
      {K::Penalty, "pen", "penalty", "white|black [MINUTES]",
       tr_noop("add whole minutes to a player's clock as a penalty to the opponent; without "
               "MINUTES the game type's: two, in blitz one (Art. 7.5.5, B.2)"),
       "Art. 12.9", true},
      {K::IllegalMove, "il", "illegal-move", "white|black [again] [win|draw]",
       tr_noop("a player completed an illegal move (the station never took it): the first gives "
               "the opponent two minutes, in blitz one; the second loses the game, or draws it if "
               "the opponent cannot checkmate"),
       "Art. 7.5.5", true},
      {K::Increment, "inc", "increment", "",
       tr_noop("the player to move has under two minutes and asked for it: five seconds' increment "
               "for both from now on, two more minutes for the opponent (games without increment)"),
       "Guidelines III.4", true},
      {K::QuickplayClaim, "qc", "quickplay-claim", "accepted|postponed|refused",
       tr_noop("the arbiter's decision on the draw claim of the player to move with under two "
               "minutes: a draw; or two more minutes for the opponent and play goes on (postponed "
               "or refused)"),
       "Guidelines III.5", true},
      {K::BothFlags, "ff", "both-flags", "[last|earlier]",
       tr_noop("both flags are down: the station says which fell first by its clock; when it "
               "cannot tell, a draw in the last period, else play goes on (give last or earlier "
               "when the station keeps no time)"),
       "Guidelines III.3.1", true},
      {K::UnsupervisedClaim, "uc", "unsupervised-claim", "cannot-win|no-effort|both",
       tr_noop("no arbiter present (game.arbiter_present = false): the player to move, with "
               "under two minutes and his flag not fallen, claims a draw; this ends the game, the "
               "final position (and scoresheet) is written to claim.txt for an arbiter"),
       "Guidelines III.6.1", false},
      {K::VerifyClaim, "vc", "verify-claim", "verified|disputed",
       tr_noop("the claimant's opponent verifies the claim's final position and scoresheet, or "
               "disputes them"),
       "Guidelines III.6.1", false},
      {K::ClaimDecision, "cd", "claim-decision", "draw|white|black",
       tr_noop("the arbiter's result for a draw claim made without an arbiter: a draw, or the "
               "winner"),
       "Guidelines III.6.2", true},
      {K::Reconcile, "rc", "reconcile", "", tr_noop("compare the boards with the record now"),
       "D.2.9", true},
      {K::TakeBack, "tb", "takeback", "[N] [arbiter] [REASON]",
       tr_noop("take back the last N moves entered (1 if not given): a slip in announcing or "
               "typing corrected before the opponent moves, or the position the arbiter restores; "
               "a move made on the VI player's pegboard needs \"arbiter\"; the clocks are set "
               "back to before the first of them"),
       "D.2.8, D.2.9", false},
      {K::Adjourn, "adj", "adjourn", "SEALED_MOVE",
       tr_noop("seal the move (it must be legal) and adjourn the game"), "Guidelines I", true},
      {K::OpenEnvelope, "open", "open-envelope", "",
       tr_noop("at the resumption: open the envelope; the sealed move is made and announced"),
       "Guidelines I", true},
      {K::Status, "s", "status", "", tr_noop("one line: position, whose move, clocks, board"), "",
       false},
      {K::Quit, "q", "quit", "", tr_noop("stop the station; `play --resume` continues the game"),
       "", false},
      {K::Talk, "tk", "talk", "[end]",
       tr_noop("push-to-talk (voice.push_to_talk): hold the button; talk end releases it, and "
               "what was said while it was held is heard"),
       "D.2.1", false},
  };
  return kCommands;
}

Result<Command> parse_console_line(std::string_view line) {
  if (line.size() > kMaxConsoleLine)
    return fail(
        format(tr("a line of {n} bytes is refused (at most {max}); nothing was done"),
               {{"n", std::to_string(line.size())}, {"max", std::to_string(kMaxConsoleLine)}}));
  const auto words = core::split_words(line);
  // TRANSLATORS: help is a console command: keep it as it is.
  if (words.empty()) return fail(tr("empty line: type a command, or help"));
  if (const CommandSpec* spec = find_command(words[0])) {
    const Words args(words.begin() + 1, words.end());
    for (const auto& [kind, parse] : parsers())
      if (kind == spec->kind) return parse(*spec, args);
  }
  if (looks_like_move(words[0]) || words.size() >= 2) {
    // A move typed alone, or in the profile's words ("Springer Felix drei"); the station reads
    // it in the position and says precisely what is wrong if it is not a move.
    return Command{cmd::EnterMove{std::string(core::trim(line))}};
  }
  std::vector<std::string> names;
  for (const auto& spec : console_commands()) names.emplace_back(spec.long_name);
  const std::string near = config::closest_name(core::ascii_lower(words[0]), names);
  if (near.empty())
    return fail(format(tr("\"{word}\" is not a command or a move (help lists the commands)"),
                       {{"word", words[0]}}));
  return fail(format(tr("\"{word}\" is not a command or a move; did you mean {near}? (help lists "
                        "the commands)"),
                     {{"word", words[0]}, {"near", near}}));
}

Command parse_keypad_line(std::string_view line) {
  const auto words = core::split_words(line);
  auto command = parse_console_line(line);
  if (command && std::holds_alternative<cmd::Talk>(*command)) return *command;
  const bool draw_word = !words.empty() && (words[0] == "draw-offer" || words[0] == "draw-accept" ||
                                            words[0] == "draw-decline");
  if (command && draw_word &&
      (std::holds_alternative<cmd::DrawOffer>(*command) ||
       std::holds_alternative<cmd::DrawAccept>(*command) ||
       std::holds_alternative<cmd::DrawDecline>(*command)))
    return *command;
  return cmd::EnterMove{std::string(core::trim(line))};
}

std::string console_help() {
  std::string text = tr("Commands (short name, long name, arguments):") + std::string("\n");
  for (const auto& spec : console_commands()) {
    text += "  " + std::string(spec.short_name) + ", " + usage(spec) + ": " + translated(spec.help);
    if (!spec.rule.empty()) text += " (" + std::string(spec.rule) + ")";
    // TRANSLATORS: marks the commands for the arbiter in the console's help.
    if (spec.arbiter_only) text += tr(" [arbiter]");
    text += '\n';
  }
  return text;
}

Result<std::string> console_help(std::string_view name) {
  const CommandSpec* spec = find_command(name);
  if (!spec) return fail(format(tr("help: no command \"{name}\""), {{"name", std::string(name)}}));
  std::string text =
      format(tr("{command} (short: {short})"), {{"command", std::string(spec->long_name)},
                                                {"short", std::string(spec->short_name)}}) +
      (spec->arguments.empty() ? "" : " " + std::string(spec->arguments)) + ": " +
      translated(spec->help);
  if (!spec->rule.empty())
    text += format(tr(". Rule: {rule}"), {{"rule", std::string(spec->rule)}});
  if (spec->arbiter_only) text += tr(". For the arbiter.");
  return text;
}

std::string_view input_source_name(InputSource source) {
  // TRANSLATORS: where a console line came from: "ARBITER CALLED to the board (by keyboard)".
  switch (source) {
    case InputSource::Keyboard:
      return tr("keyboard");
    case InputSource::BoardButton:
      return tr("board button");
    case InputSource::TactileClock:
      return tr("tactile clock");
    case InputSource::BrailleKeys:
      return tr("braille keys");
    case InputSource::Voice:
      return tr("voice");
    case InputSource::Assistant:
      return tr("assistant");
    case InputSource::Keypad:
      return tr("keypad");
  }
  return tr("keyboard");
}

}  // namespace annabella::app
