#include "app/console.h"

#include <charconv>
#include <functional>

#include "config/config.h"
#include "core/notation.h"
#include "core/text.h"
#include "core/time_control.h"

namespace annabella::app {
namespace {

using Words = std::vector<std::string>;

const CommandSpec* find_command(std::string_view name) {
  const std::string key = core::ascii_lower(name);
  for (const auto& spec : console_commands())
    if (key == spec.short_name || key == spec.long_name) return &spec;
  return nullptr;
}

// A word that can only start a move: a square, a piece letter followed by a square, castling.
bool looks_like_move(std::string_view word) {
  if (word.empty()) return false;
  if (word[0] == 'O' || word[0] == '0') return true;  // O-O, 0-0
  for (std::size_t i = 0; i + 1 < word.size(); ++i)
    if (word[i] >= 'a' && word[i] <= 'h' && word[i + 1] >= '1' && word[i + 1] <= '8') return true;
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
  std::string text = std::string(spec.long_name) + ": " + why + " (" + usage(spec);
  if (!spec.rule.empty()) text += "; " + std::string(spec.rule);
  return fail(text + ")");
}

// A whole number from `low` to `high`, all of the word (no "5x", no "1.9").
Result<int> whole_number(std::string_view word, int low, int high) {
  int value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (word.empty() || ec != std::errc() || end != word.data() + word.size())
    return fail("\"" + std::string(word) + "\" is not a whole number");
  if (value < low || value > high)
    return fail(std::to_string(value) + " is not from " + std::to_string(low) + " to " +
                std::to_string(high));
  return value;
}

std::optional<core::Color> side_of(std::string_view word) {
  const std::string w = core::ascii_lower(word);
  if (w == "white" || w == "w") return core::WHITE;
  if (w == "black" || w == "b") return core::BLACK;
  return std::nullopt;
}

Status no_arguments(const CommandSpec& spec, const Words& args) {
  if (!args.empty()) return refuse(spec, "takes no argument, \"" + joined(args) + "\" was given");
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
  if (args.size() > 1) return refuse(spec, "one number at most");
  auto n = whole_number(args[0], 1, 999);
  if (!n) return refuse(spec, "the number of moves: " + n.error().message);
  return Command{cmd::Moves{*n}};
}

Result<Command> parse_move(const CommandSpec& spec, const Words& args) {
  if (args.empty()) return refuse(spec, "which move? (for example: move Nf3)");
  return Command{cmd::EnterMove{joined(args)}};
}

Result<Command> parse_touch(const CommandSpec& spec, const Words& args) {
  const auto square = args.size() == 1 ? core::parse_square(core::ascii_lower(args[0]))
                                       : std::optional<core::Square>();
  if (!square) return refuse(spec, "which square? (for example: touch g1)");
  return Command{cmd::Touch{*square}};
}

Result<Command> parse_draw_offer(const CommandSpec& spec, const Words& args) {
  if (args.empty()) return Command{cmd::DrawOffer{}};
  const auto side = args.size() == 1 ? side_of(args[0]) : std::nullopt;
  if (!side) return refuse(spec, "who offers? white or black");
  return Command{cmd::DrawOffer{*side}};
}

Result<Command> parse_draw_claim(const CommandSpec& spec, const Words& args) {
  if (args.size() > 1) return refuse(spec, "one intended move at most");
  return Command{cmd::DrawClaim{joined(args)}};
}

Result<Command> parse_resign(const CommandSpec& spec, const Words& args) {
  const auto side = args.size() == 1 ? side_of(args[0]) : std::nullopt;
  if (!side) return refuse(spec, "who resigns? resign white or resign black");
  return Command{cmd::Resign{*side}};
}

Result<Command> parse_adjust(const CommandSpec& spec, const Words& args) {
  if (args.size() != 2) return refuse(spec, "give White's and Black's times");
  auto white = core::parse_hms(args[0]);
  auto black = core::parse_hms(args[1]);
  if (!white) return refuse(spec, "White's time: " + white.error().message);
  if (!black) return refuse(spec, "Black's time: " + black.error().message);
  return Command{cmd::Adjust{*white, *black}};
}

Result<Command> parse_penalty(const CommandSpec& spec, const Words& args) {
  const auto side = args.size() == 2 ? side_of(args[0]) : std::nullopt;
  if (!side) return refuse(spec, "whose clock gets the time, and how many minutes?");
  auto minutes = whole_number(args[1], 1, 600);
  if (!minutes) return refuse(spec, "the minutes: " + minutes.error().message);
  return Command{cmd::Penalty{*side, std::chrono::minutes(*minutes)}};
}

Result<Command> parse_adjourn(const CommandSpec& spec, const Words& args) {
  if (args.size() != 1) return refuse(spec, "give the sealed move as written, one word");
  return Command{cmd::Adjourn{args[0]}};
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
      {K::Flag, without_arguments<cmd::Flag>()},
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
      {K::Reconcile, without_arguments<cmd::Reconcile>()},
      {K::Adjourn, parse_adjourn},
      {K::OpenEnvelope, without_arguments<cmd::OpenEnvelope>()},
      {K::Status, without_arguments<cmd::Status>()},
      {K::Quit, without_arguments<cmd::Quit>()},
  };
  return kParsers;
}

}  // namespace

const std::vector<CommandSpec>& console_commands() {
  using K = CommandKind;
  static const std::vector<CommandSpec> kCommands = {
      {K::Help, "h", "help", "[COMMAND]", "list the commands, or explain one", "", false},
      {K::Time, "t", "time", "",
       "say both players' times and the moves completed, privately to the player", "D.2.10.4",
       false},
      {K::Repeat, "r", "repeat", "", "say the last move again", "D.2.1", false},
      {K::Moves, "g", "game", "[LAST_N]", "read the game so far (or its last N moves)", "", false},
      {K::Board, "b", "board", "rN | fX | PIECE | white | black | SQUARE... | all",
       "read the board: a rank (r4), a file (fe), a piece type (knights), one side, squares "
       "(e4 d5), or all",
       "", false},
      {K::Captured, "ca", "captured", "",
       "read the pieces taken so far, by side, as a sighted player sees them beside the board", "",
       false},
      {K::Move, "m", "move", "MOVE",
       "enter the sighted player's move (Nf3, g1f3, Ng1-f3, or the profile's words); a move "
       "typed alone works too",
       "D.2.1", false},
      {K::Flag, "f", "flag", "", "claim that the opponent's flag has fallen", "D.2.10.5", false},
      {K::Touch, "tp", "touch", "SQUARE", "report that the sighted player touched a piece",
       "Art. 4.3", false},
      {K::DrawOffer, "do", "draw-offer", "[white|black]",
       "a player offers a draw (by default the one who made the last move)", "Art. 9.1.2", false},
      {K::DrawClaim, "dc", "draw-claim", "[MOVE]",
       "claim a draw by threefold repetition or 50 moves, optionally with the intended move",
       "Art. 9.2, 9.3", false},
      {K::DrawAccept, "da", "draw-accept", "", "accept the draw offered", "Art. 9.1.2", false},
      {K::DrawDecline, "dn", "draw-decline", "", "decline the draw offered", "Art. 9.1.2.3", false},
      {K::Resign, "rs", "resign", "white|black", "a player resigns", "Art. 5.1.2", false},
      {K::CallArbiter, "arb", "arbiter", "", "call the arbiter to the board", "Art. 12.1", false},
      {K::Pause, "p", "pause", "", "stop both clocks", "Art. 6.11.1", true},
      {K::Resume, "c", "continue", "", "restart the clocks", "Art. 6.11.1", true},
      {K::Adjust, "a", "adjust", "H:MM:SS H:MM:SS", "set White's and Black's clock", "Art. 6.10.2",
       true},
      {K::Penalty, "pen", "penalty", "white|black MINUTES",
       "add whole minutes to a player's clock as a penalty to the opponent", "Art. 12.9", true},
      {K::Reconcile, "rc", "reconcile", "", "compare the boards with the record now", "D.2.9",
       true},
      {K::Adjourn, "adj", "adjourn", "SEALED_MOVE",
       "seal the move (it must be legal) and adjourn the game", "Guidelines I", true},
      {K::OpenEnvelope, "open", "open-envelope", "",
       "at the resumption: open the envelope; the sealed move is made and announced",
       "Guidelines I", true},
      {K::Status, "s", "status", "", "one line: position, whose move, clocks, board", "", false},
      {K::Quit, "q", "quit", "", "stop the station; `play --resume` continues the game", "", false},
  };
  return kCommands;
}

Result<Command> parse_console_line(std::string_view line) {
  if (line.size() > kMaxConsoleLine)
    return fail("a line of " + std::to_string(line.size()) + " bytes is refused (at most " +
                std::to_string(kMaxConsoleLine) + "); nothing was done");
  const auto words = core::split_words(line);
  if (words.empty()) return fail("empty line: type a command, or help");
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
  return fail("\"" + words[0] + "\" is not a command or a move" +
              (near.empty() ? "" : "; did you mean " + near + "?") + " (help lists the commands)");
}

std::string console_help() {
  std::string text = "Commands (short name, long name, arguments):\n";
  for (const auto& spec : console_commands()) {
    text +=
        "  " + std::string(spec.short_name) + ", " + usage(spec) + ": " + std::string(spec.help);
    if (!spec.rule.empty()) text += " (" + std::string(spec.rule) + ")";
    if (spec.arbiter_only) text += " [arbiter]";
    text += '\n';
  }
  return text;
}

Result<std::string> console_help(std::string_view name) {
  const CommandSpec* spec = find_command(name);
  if (!spec) return fail("help: no command \"" + std::string(name) + "\"");
  std::string text = std::string(spec->long_name) + " (short: " + std::string(spec->short_name) +
                     ")" + (spec->arguments.empty() ? "" : " " + std::string(spec->arguments)) +
                     ": " + std::string(spec->help);
  if (!spec->rule.empty()) text += ". Rule: " + std::string(spec->rule);
  if (spec->arbiter_only) text += ". For the arbiter.";
  return text;
}

std::string_view input_source_name(InputSource source) {
  switch (source) {
    case InputSource::Keyboard:
      return "keyboard";
    case InputSource::BoardButton:
      return "board button";
    case InputSource::TactileClock:
      return "tactile clock";
    case InputSource::BrailleKeys:
      return "braille keys";
    case InputSource::Voice:
      return "voice";
    case InputSource::Assistant:
      return "assistant";
  }
  return "keyboard";
}

}  // namespace annabella::app
