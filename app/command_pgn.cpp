// annabella pgn check FILE: streams the file through the PGN reader and lists every problem.
#include <cerrno>
#include <fstream>
#include <ostream>

#include "app/commands.h"
#include "app/file_error.h"
#include "app/i18n.h"
#include "app/move_text.h"
#include "app/pgn_text.h"
#include "core/pgn.h"

namespace annabella::app {
namespace {

// Prints each problem as it is found; counts what the summaries say.
class ProblemPrinter : public core::PgnVisitor {
 public:
  explicit ProblemPrinter(std::ostream& out) : out_(out) {}
  void problem(const core::PgnProblem& p) override {
    out_ << text::pgn_problem(p) << '\n';
    ++problems_;
  }
  void end_game(const core::PgnGameSummary& s) override {
    ++games_;
    plies_ += s.plies;
    unchecked_ += s.unchecked_moves;
  }
  long games() const { return games_; }
  long problems() const { return problems_; }
  long plies() const { return plies_; }
  long unchecked() const { return unchecked_; }

 private:
  std::ostream& out_;
  long games_ = 0;
  long problems_ = 0;
  long plies_ = 0;
  long unchecked_ = 0;
};

}  // namespace

using i18n::format;
using i18n::tr;
using i18n::tr_n;

int run_pgn_check(const PgnCheckOptions& options, std::ostream& out, std::ostream& err) {
  core::PgnReadOptions read;
  if (options.lenient) read.strictness = core::Strictness::Lenient;
  auto letters = core::piece_letters_for(options.lang);
  if (!letters) {
    err << "annabella pgn check: --lang: " << text::letters_error(letters.error()) << '\n';
    return 2;
  }
  read.letters = *letters;
  std::ifstream in(options.file, std::ios::binary);
  if (!in) {
    err << "annabella pgn check: " << cannot_read("", options.file, read_fault(options.file, errno))
        << '\n';
    return 2;
  }
  ProblemPrinter printer(out);
  // Streamed in chunks: a large file is never held whole.
  if (auto status = core::read_pgn(in, printer, read); !status) {
    err << "annabella pgn check: " << options.file << ": " << text::pgn_input_error(status.error())
        << '\n';
    return 2;
  }
  const long games = printer.games();
  const long problems = printer.problems();
  const auto count = [](long n) { return static_cast<unsigned long>(n); };
  // TRANSLATORS: `annabella pgn check`: "games.pgn: 3 games, 240 main-line moves read, " and
  // then "no problems" or "2 problems".
  out << format(tr_n("{file}: {n} game, ", "{file}: {n} games, ", count(games)),
                {{"file", options.file}, {"n", std::to_string(games)}})
      << format(tr_n("{n} main-line move read, ", "{n} main-line moves read, ",
                     count(printer.plies())),
                {{"n", std::to_string(printer.plies())}});
  if (problems == 0) {
    out << tr("no problems") << '\n';
    return 0;
  }
  out << format(tr_n("{n} problem", "{n} problems", count(problems)),
                {{"n", std::to_string(problems)}});
  if (printer.unchecked() > 0)
    out << format(
        tr_n(", {n} move not checked (after a move that could not be read or the game's end)",
             ", {n} moves not checked (after a move that could not be read or the game's end)",
             count(printer.unchecked())),
        {{"n", std::to_string(printer.unchecked())}});
  out << '\n';
  return 1;
}

}  // namespace annabella::app
