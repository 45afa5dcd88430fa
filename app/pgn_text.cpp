// Wording of the PGN reader's problems: see pgn_text.h.
#include "app/pgn_text.h"

#include "app/fen_text.h"
#include "app/game_text.h"
#include "app/i18n.h"
#include "app/move_text.h"
#include "app/station_text.h"
#include "core/pgn_text.h"

namespace annabella::app::text {
namespace {

using i18n::format;
using i18n::tr;
using K = core::PgnProblem::Kind;

std::string tag_problem(const core::PgnProblem& p) {
  const i18n::Places tag = {{"tag", p.text}};
  switch (p.kind) {
    case K::TagNoName:
      // TRANSLATORS: {tag} is the tag as written, "[ "; keep [Name "value"] as it is.
      return format(tr("the tag '{tag}' has no name (a tag is [Name \"value\"])"), tag);
    case K::TagNameCharacter:
      return format(tr("the tag '{tag}' has '{char}' in its name (letters, digits and '_' only)"),
                    {{"tag", p.text}, {"char", std::string(1, p.character)}});
    case K::TagValueNotClosed:
      return format(tr("the tag '{tag}' has no closing '\"' on its line"), tag);
    case K::TagCutByLineEnd:
      return format(tr("the tag '{tag}' is cut by the end of the line"), tag);
    case K::TagNoValue:
      return format(tr("the tag '{tag}' has no value in quotes (a tag is [Name \"value\"])"), tag);
    case K::TagNotClosed:
      return format(tr("the tag '{tag}' does not end with ']' after its value"), tag);
    case K::TagCutByInputEnd:
      return format(tr("the tag '{tag}' is cut by the end of the input"), tag);
    default:
      return {};
  }
}

std::string game_problem(const core::PgnProblem& p) {
  const std::string count = std::to_string(p.count);
  switch (p.kind) {
    case K::OutsideTag:
      return format(tr("'{text}' stands outside a tag or comment"), {{"text", p.text}});
    case K::CommentTooLong:
      return format(tr("the comment is longer than {n} characters; the rest is left out"),
                    {{"n", count}});
    case K::CommentNotClosed:
      return format(tr("the comment opened on line {line} is not closed"), {{"line", count}});
    case K::NoTerminationAtEnd:
      return tr("the game has no termination marker (1-0, 0-1, 1/2-1/2 or *) at the end");
    case K::NoTerminationBefore:
      // TRANSLATORS: {tag} is the tag that starts the next game, "[Event".
      return format(tr("the game has no termination marker (1-0, 0-1, 1/2-1/2 or *) before "
                       "'{tag}', which starts the next game"),
                    {{"tag", p.text}});
    case K::VariationsNotClosed:
      if (p.text.empty())
        return format(i18n::tr_n("{n} variation not closed with ')' before the end of the input",
                                 "{n} variations not closed with ')' before the end of the input",
                                 static_cast<unsigned long>(p.count)),
                      {{"n", count}});
      return format(i18n::tr_n("{n} variation not closed with ')' before '{text}'",
                               "{n} variations not closed with ')' before '{text}'",
                               static_cast<unsigned long>(p.count)),
                    {{"n", count}, {"text", p.text}});
    case K::ResultDiffers:
      return format(tr("the game ends with {result} but its Result tag says \"{tag}\""),
                    {{"result", p.text}, {"tag", p.value}});
    case K::MoveNumber:
      return format(tr("move number {number} where move {expected} is expected"),
                    {{"number", count}, {"expected", std::to_string(p.expected)}});
    default:
      return {};
  }
}

}  // namespace

std::string pgn_clock_problem(const core::PgnClockProblem& problem) {
  if (problem.kind == core::PgnClockProblem::Kind::NotClosed)
    return format(tr("[%{command} is not closed with ']'"), {{"command", problem.command}});
  // TRANSLATORS: keep H:MM:SS and the example as they are.
  return format(tr("[%{command} {value}] is not a time: write H:MM:SS, optionally with tenths "
                   "(1:05:30.5)"),
                {{"command", problem.command}, {"value", problem.value}});
}

std::string pgn_problem_what(const core::PgnProblem& p) {
  switch (p.kind) {
    case K::Move:
      return p.move ? move_read_error(*p.move) : std::string();
    case K::AfterTheEnd:
      // TRANSLATORS: {move} was played after the game ended by itself; {why}: how it ended,
      // {rule}: the article ("Art. 5.1.1").
      return format(tr("'{move}' is played after the game ended by itself: {why} ({rule}); the "
                       "moves after it are not part of the game"),
                    {{"move", p.text},
                     {"why", p.ended ? end_reason(*p.ended) : std::string()},
                     {"rule", p.ended ? p.ended->rule : std::string()}});
    case K::NagOutOfRange:
      return format(tr("'{nag}' is not a NAG ($0 to $255)"), {{"nag", p.text}});
    case K::NagBeforeMove:
      return format(tr("'{nag}' stands before any move of its line"), {{"nag", p.text}});
    case K::Clock:
      return p.clock ? pgn_clock_problem(*p.clock) : std::string();
    case K::VariationBeforeMove:
      return tr("a variation '(' stands before any move of its line");
    case K::UnmatchedClose:
      return tr("')' without a matching '('");
    case K::NotStandardVariant:
      return format(tr("the variant \"{variant}\" is not standard chess (FIDE Laws); its moves "
                       "are not checked"),
                    {{"variant", p.value}});
    case K::Fen:
      return format(tr("the FEN tag is not a valid position: {why}"),
                    {{"why", p.fen ? fen_error(*p.fen) : std::string()}});
    default:
      break;
  }
  if (std::string tag = tag_problem(p); !tag.empty()) return tag;
  return game_problem(p);
}

std::string pgn_problem(const core::PgnProblem& p) {
  const std::string what = pgn_problem_what(p);
  // TRANSLATORS: where a PGN problem is: {side} is "White" or "Black".
  std::string where =
      p.move_number == 0
          ? format(tr("game {game}, tags, line {line}"),
                   {{"game", std::to_string(p.game)}, {"line", std::to_string(p.line)}})
          : format(tr("game {game}, move {move} ({side}), line {line}"),
                   {{"game", std::to_string(p.game)},
                    {"move", std::to_string(p.move_number)},
                    {"side", side(p.side)},
                    {"line", std::to_string(p.line)}});
  std::string s = where + ": " + what;
  // The offending text, when the message does not quote it already (on one line, cut short).
  if (!p.text.empty() && what.find(p.text) == std::string::npos) {
    std::string t = core::pgn_detail::normalise_blanks(p.text);
    if (t.size() > 40) t = t.substr(0, 40) + "...";
    s += format(tr(" (at \"{text}\")"), {{"text", t}});
  }
  return s;
}

std::string pgn_input_error(const core::PgnInputError& error) {
  switch (error.kind) {
    case core::PgnInputError::Kind::ReadFailed:
      break;
  }
  return tr("the PGN input could not be read (I/O error)");
}

}  // namespace annabella::app::text
