// annabella reconcile: reads the boards, sheets and logs (app/reconcile_inputs.h), runs the D.2.9
// procedure and writes the arbiter's text, the JSON and the HTML report.
#include <cctype>
#include <cerrno>
#include <fstream>
#include <optional>
#include <ostream>

#include "app/commands.h"
#include "app/fen_text.h"
#include "app/file_error.h"
#include "app/i18n.h"
#include "app/move_text.h"
#include "app/reconcile_inputs.h"
#include "app/reconcile_report.h"
#include "app/reconcile_text.h"
#include "core/reconcile.h"
#include "core/sheet_encoding.h"
#include "speech/phrases.h"
#include "speech/vocabulary.h"

namespace annabella::app {
namespace {

using i18n::format;
using i18n::tr;

// A scoresheet or board log file as given: its path, its language code ("" to find it) and its
// name in messages ("Sheet B").
struct SheetFile {
  std::string path;
  std::string lang;
  std::string what;
  std::string option;  // "--sheet-b", "--log-a": named when the file cannot be read
};

// A scoresheet file, decoded to UTF-8 when it is not (core/sheet_encoding.h); `notes` gets a
// line saying which encoding was assumed (what the reader skipped or read together is said once
// the sheet is read: add_sheet_notes).
Result<core::WrittenSheet> read_sheet_file(const SheetFile& file, const core::Position& start,
                                           std::vector<std::string>* notes) {
  const auto& [path, lang, what, option] = file;
  auto bytes = read_bounded({.path = path, .what = what, .option = option}, kMaxSheetBytes);
  if (!bytes) return fail(bytes.error());
  core::WrittenSheet sheet;
  if (!lang.empty()) {
    auto letters = core::piece_letters_for(lang);
    if (!letters) return fail(what + ": " + text::letters_error(letters.error()));
    sheet.letters = *letters;
  }
  const core::DecodedSheet decoded = core::decode_sheet(*bytes, start, sheet.letters);
  // A move list or PGN movetext (tags, comments and variations are left out).
  auto written = scoresheet_of(decoded.text);
  if (!written) return fail(what + " \"" + path + "\": " + written.error().message);
  sheet.sheet = std::move(*written);
  if (notes != nullptr) {
    const std::string language = sheet.letters ? sheet.letters->name : "";
    if (std::string note = encoding_note(*bytes, decoded, {.what = what, .path = path}, language);
        !note.empty())
      notes->push_back(std::move(note));
  }
  return sheet;
}

// A board log: the moves actually played on a board, which must all read.
Result<std::vector<core::Move>> read_log_file(const SheetFile& file, const core::Position& start,
                                              std::vector<std::string>* notes) {
  const std::string& path = file.path;
  const std::string& what = file.what;
  auto sheet = read_sheet_file(file, start, notes);
  if (!sheet) return fail(sheet.error());
  const core::SheetReading reading = core::read_sheet(start, *sheet);
  // What the reader skipped or read together (D.2.1: nothing is guessed silently).
  if (notes != nullptr) add_sheet_notes(sheet->sheet, reading, what, *notes);
  if (!reading.fully_read())
    return fail(printable_utf8(format(tr("{file} \"{path}\", {ply} \"{written}\": {why}"),
                                      {{"file", what},
                                       {"path", path},
                                       {"ply", ply_name(start, reading.read_plies)},
                                       {"written", reading.plies[reading.read_plies].written},
                                       {"why", problem_text(reading.plies[reading.read_plies])}})));
  std::vector<core::Move> moves;
  for (std::size_t i = 0; i < reading.read_plies; ++i) moves.push_back(reading.move(i));
  return moves;
}

struct Inputs {
  core::ReconcileInput input;
  std::vector<std::string> notes;  // e.g. a sheet that is not UTF-8
};

// Board, sheet and board log of player A (i = 0) or B (i = 1).
Status read_side(const ReconcileOptions& options, std::size_t i, Inputs& in) {
  const bool a = i == 0;
  const std::string& lang = a ? options.lang_a : options.lang_b;
  const std::string& log_path = a ? options.log_a : options.log_b;
  const std::string side(1, char('a' + i));
  // "Sheet B", as the reports name it (the note on a sheet that is not UTF-8 starts with it).
  const std::string name(1, char('A' + i));
  auto sheet = read_sheet_file({a ? options.sheet_a : options.sheet_b, lang,
                                format(tr("Sheet {sheet}"), {{"sheet", name}}), "--sheet-" + side},
                               in.input.start, &in.notes);
  if (!sheet) return fail(sheet.error());
  // A piece list is read in the letters of the same player's sheet: --lang-a / --lang-b, or the
  // language the sheet is read in; English when it does not read in those.
  const core::SheetReading reading = core::read_sheet(in.input.start, *sheet);
  add_sheet_notes(sheet->sheet, reading, format(tr("Sheet {sheet}"), {{"sheet", name}}), in.notes);
  const core::PieceLetters sheet_letters = sheet->letters ? *sheet->letters : reading.letters;
  const std::string& board_text = a ? options.board_a : options.board_b;
  auto board = core::read_placement(board_text, sheet_letters);
  if (sheet_letters.code != core::english_letters().code)
    if (auto english = core::read_placement(board_text, core::english_letters())) {
      if (!board)
        board = english;
      else if (!english->same_placement(*board))  // D.2.1: the two readings are named
        in.notes.push_back(
            format(tr("Board {board}: the piece list reads in {language} (the language of sheet "
                      "{board}) and in English with other pieces; it was read in {language}."),
                   {{"board", name}, {"language", sheet_letters.name}}));
    }
  if (!board) return fail("--board-" + side + ": " + text::placement_error(board.error()));
  in.input.boards[i].placement = *board;
  in.input.sheets[i] = std::move(*sheet);
  if (log_path.empty()) return {};
  auto log = read_log_file(
      {log_path, "", format(tr("Board log {board}"), {{"board", name}}), "--log-" + side},
      in.input.start, &in.notes);
  if (!log) return fail(log.error());
  in.input.boards[i].log = std::move(*log);
  return {};
}

Result<Inputs> read_inputs(const ReconcileOptions& options) {
  Inputs in;
  if (!options.start_fen.empty()) {
    auto start = core::Position::from_fen(options.start_fen);
    if (!start) return fail("--start: " + text::fen_error(start.error()));
    in.input.start = *start;
  }
  // "White", "black", "BLACK": the colour as people type it.
  std::string a_plays = options.a_plays;
  for (char& c : a_plays) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (a_plays != "white" && a_plays != "black")
    return fail("--a-plays must be white or black, not \"" + options.a_plays + "\"");
  in.input.color_a = a_plays == "white" ? core::WHITE : core::BLACK;
  for (std::size_t i = 0; i < 2; ++i)
    if (auto side = read_side(options, i, in); !side) return fail(side.error());
  if (!options.clock_log.empty()) {
    auto text =
        read_bounded({.path = options.clock_log, .what = tr("clock log"), .option = "--clock-log"},
                     kMaxClockLogBytes);
    if (!text) return fail(text.error());
    if (skip_byte_order_mark(*text))
      in.notes.push_back(byte_order_mark_note(tr("clock log"), options.clock_log));
    auto log = read_clock_log(*text, options.clock_log);
    if (!log) return fail(log.error());
    in.input.clock_log = std::move(log->plies);
    in.input.clock_changes = std::move(log->changes);
  }
  return in;
}

// The steps in the profile's words, for the player who corrects his board (D.2.9).
SpokenSteps spoken_steps(const std::string& profile, const speech::Vocabulary& vocabulary,
                         const core::Reconciliation& r) {
  SpokenSteps spoken;
  spoken.profile = profile;
  spoken.language = vocabulary.language();
  for (std::size_t b = 0; b < 2; ++b)
    for (const core::CorrectionStep& step : r.corrections[b].steps) {
      const speech::Phrase phrase = speech::phrase_correction_step(vocabulary, step);
      spoken.display[b].push_back(phrase.text);
      spoken.spoken[b].push_back(phrase.spoken);
    }
  return spoken;
}

}  // namespace

int run_reconcile(const ReconcileOptions& options, std::ostream& out, std::ostream& err) {
  auto failed = [&](const std::string& message) {
    err << "annabella reconcile: " << printable_utf8(message) << '\n';
    return 2;
  };
  auto inputs = read_inputs(options);
  if (!inputs) return failed(inputs.error().message);
  std::optional<speech::Vocabulary> vocabulary;
  if (!options.profile.empty()) {
    auto loaded = speech::Vocabulary::load(options.profile);
    if (!loaded) return failed("--profile: " + loaded.error().message);
    vocabulary = std::move(*loaded);
  }

  const core::Reconciliation r = core::reconcile(inputs->input);
  std::optional<SpokenSteps> spoken;
  if (vocabulary) spoken = spoken_steps(options.profile, *vocabulary, r);
  const SpokenSteps* words = spoken ? &*spoken : nullptr;
  const std::vector<std::string>& notes = inputs->notes;
  // The moves in the report's letters (D.2.7: "Sb8" for a German arbiter); the JSON's "san"
  // fields stay standard SAN.
  const core::Reconciliation worded = in_letters(r, report_letters());
  if (!options.html.empty()) {
    std::ofstream html(options.html, std::ios::binary | std::ios::trunc);
    if (!html.is_open()) return failed(cannot_write("--html", options.html, system_reason(errno)));
    html << reconciliation_html(worded, words, notes);
    html.close();
    if (!html) return failed(cannot_write("--html", options.html, system_reason(errno)));
  }
  if (options.json) {
    out << reconciliation_json(r, words, notes, &worded);
    return 0;
  }
  out << arbiter_text(worded, notes);
  if (words) {
    out << "\n"
        << format(tr("Spoken steps (profile {profile})"), {{"profile", words->profile}}) << "\n";
    for (std::size_t b = 0; b < 2; ++b) {
      if (words->display[b].empty()) continue;
      out << format(tr("Board {board}:"), {{"board", std::string(1, side_letter(int(b)))}}) << "\n";
      for (std::size_t k = 0; k < words->display[b].size(); ++k)
        out << format(tr("  Step {n}: {step}"),
                      {{"n", std::to_string(k + 1)}, {"step", words->display[b][k]}})
            << "\n";
    }
  }
  return 0;
}

}  // namespace annabella::app
