// annabella reconcile: reads the boards, sheets and logs, runs the D.2.9 procedure and writes the
// arbiter's text, the JSON and the HTML report.
#include <fstream>
#include <optional>
#include <ostream>
#include <sstream>

#include "app/commands.h"
#include "app/reconcile_report.h"
#include "core/reconcile.h"
#include "speech/phrases.h"
#include "speech/vocabulary.h"

namespace annabella::app {
namespace {

Result<std::string> slurp(const std::string& path, const char* what) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(std::string(what) + " \"" + path + "\" cannot be read");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

Result<core::WrittenSheet> read_sheet_file(const std::string& path, const std::string& lang,
                                           const char* what) {
  auto text = slurp(path, what);
  if (!text) return fail(text.error());
  core::WrittenSheet sheet;
  // A move list or PGN movetext (tags, comments and variations are left out).
  auto written = core::read_scoresheet(*text);
  if (!written) return fail(std::string(what) + " \"" + path + "\": " + written.error().message);
  sheet.sheet = std::move(*written);
  if (!lang.empty()) {
    auto letters = core::piece_letters_for(lang);
    if (!letters) return fail(std::string(what) + ": " + letters.error().message);
    sheet.letters = *letters;
  }
  return sheet;
}

// A board log: the moves actually played on a board, which must all read.
Result<std::vector<core::Move>> read_log_file(const std::string& path, const core::Position& start,
                                              const char* what) {
  auto sheet = read_sheet_file(path, "", what);
  if (!sheet) return fail(sheet.error());
  const core::SheetReading reading = core::read_sheet(start, *sheet);
  if (!reading.fully_read())
    return fail(std::string(what) + " \"" + path + "\", " +
                core::ply_name(start, reading.read_plies) + " \"" +
                reading.plies[reading.read_plies].written +
                "\": " + reading.plies[reading.read_plies].problem);
  std::vector<core::Move> moves;
  for (std::size_t i = 0; i < reading.read_plies; ++i) moves.push_back(reading.move(i));
  return moves;
}

}  // namespace

int run_reconcile(const ReconcileOptions& options, std::ostream& out, std::ostream& err) {
  auto failed = [&](const std::string& message) {
    err << "annabella reconcile: " << message << '\n';
    return 2;
  };
  core::ReconcileInput input;
  if (!options.start_fen.empty()) {
    auto start = core::Position::from_fen(options.start_fen);
    if (!start) return failed("--start: " + start.error().message);
    input.start = *start;
  }
  if (options.a_plays == "white" || options.a_plays == "black")
    input.color_a = options.a_plays == "white" ? core::WHITE : core::BLACK;
  else
    return failed("--a-plays must be white or black, not \"" + options.a_plays + "\"");

  const std::string* boards[2] = {&options.board_a, &options.board_b};
  const std::string* sheets[2] = {&options.sheet_a, &options.sheet_b};
  const std::string* langs[2] = {&options.lang_a, &options.lang_b};
  const std::string* logs[2] = {&options.log_a, &options.log_b};
  for (int i = 0; i < 2; ++i) {
    const std::string side(1, char('a' + i));
    // A piece list is read in the letters of the same player's sheet (--lang-a / --lang-b).
    core::PieceLetters board_letters = core::english_letters();
    if (!langs[i]->empty())
      if (auto l = core::piece_letters_for(*langs[i])) board_letters = *l;
    auto board = core::read_placement(*boards[i], board_letters);
    if (!board) return failed("--board-" + side + ": " + board.error().message);
    input.boards[i].placement = *board;
    auto sheet = read_sheet_file(*sheets[i], *langs[i], ("sheet " + side).c_str());
    if (!sheet) return failed(sheet.error().message);
    input.sheets[i] = std::move(*sheet);
    if (!logs[i]->empty()) {
      auto log = read_log_file(*logs[i], input.start, ("board log " + side).c_str());
      if (!log) return failed(log.error().message);
      input.boards[i].log = std::move(*log);
    }
  }
  if (!options.clock_log.empty()) {
    auto text = slurp(options.clock_log, "clock log");
    if (!text) return failed(text.error().message);
    auto log = core::parse_clock_log(*text);
    if (!log) return failed(options.clock_log + ": " + log.error().message);
    input.clock_log = std::move(*log);
  }

  std::optional<speech::Vocabulary> vocabulary;
  if (!options.profile.empty()) {
    auto loaded = speech::Vocabulary::load(options.profile);
    if (!loaded) return failed("--profile: " + loaded.error().message);
    vocabulary = std::move(*loaded);
  }

  const core::Reconciliation r = core::reconcile(input);
  // The steps in the profile's words, for the player who corrects his board (D.2.9).
  std::optional<SpokenSteps> spoken;
  if (vocabulary) {
    spoken.emplace();
    spoken->profile = options.profile;
    spoken->language = vocabulary->language();
    for (int b = 0; b < 2; ++b)
      for (const core::CorrectionStep& step : r.corrections[b].steps) {
        const speech::Phrase phrase = speech::phrase_correction_step(*vocabulary, step);
        spoken->display[b].push_back(phrase.text);
        spoken->spoken[b].push_back(phrase.spoken);
      }
  }
  const SpokenSteps* words = spoken ? &*spoken : nullptr;
  if (!options.html.empty()) {
    std::ofstream html(options.html, std::ios::binary | std::ios::trunc);
    html << reconciliation_html(r, words);
    html.close();
    if (!html) return failed("cannot write the HTML report \"" + options.html + "\"");
  }
  if (options.json) {
    out << reconciliation_json(r, words);
    return 0;
  }
  out << core::arbiter_text(r);
  if (words) {
    out << "\nSpoken steps (profile " << words->profile << ")\n";
    for (int b = 0; b < 2; ++b) {
      if (words->display[b].empty()) continue;
      out << "Board " << core::side_letter(b) << ":\n";
      for (std::size_t k = 0; k < words->display[b].size(); ++k)
        out << "  Step " << k + 1 << ": " << words->display[b][k] << "\n";
    }
  }
  return 0;
}

}  // namespace annabella::app
