#include "app/reconcile_inputs.h"

#include <array>
#include <cctype>
#include <cerrno>
#include <fstream>
#include <limits>
#include <variant>

#include "app/file_error.h"
#include "app/game_record.h"
#include "app/i18n.h"
#include "app/journal.h"
#include "app/journal_records.h"
#include "app/reconcile_text.h"
#include "core/notation_tokens.h"
#include "core/time_control.h"

namespace annabella::app {
namespace {

// The first line that is not blank.
std::string_view first_line(std::string_view text) {
  for (;;) {
    const std::size_t eol = text.find('\n');
    const std::string_view line = text.substr(0, eol);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos || eol == std::string_view::npos)
      return line;
    text.remove_prefix(eol + 1);
  }
}

// A journal line starts "<sequence> TAB <8 hex digits> TAB" (app/journal.h).
bool looks_like_journal(std::string_view text) {
  const std::string_view line = first_line(text);
  std::size_t i = 0;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) ++i;
  if (i == 0 || i + 10 > line.size() || line[i] != '\t' || line[i + 9] != '\t') return false;
  for (std::size_t k = i + 1; k < i + 9; ++k)
    if (!std::isxdigit(static_cast<unsigned char>(line[k]))) return false;
  return true;
}

bool looks_like_pgn(std::string_view text) {
  const std::string_view line = first_line(text);
  const std::size_t at = line.find_first_not_of(" \t\r");
  return (at != std::string_view::npos && line[at] == '[') ||
         text.find("[%clk") != std::string_view::npos;
}

// The journal's clock changes between moves (not the pauses: they stop the clocks, they change
// no time), at the plies played when each was recorded. `contents` replays without error.
std::vector<core::ClockChange> journal_clock_changes(const JournalContents& contents, int format) {
  using K = core::ClockChange::Kind;
  std::vector<core::ClockChange> changes;
  int ply = 0;
  for (const JournalEntry& entry : contents.entries) {
    auto decoded = decode(entry, format);
    if (!decoded) continue;
    if (std::holds_alternative<rec::Move>(*decoded)) ply = std::get<rec::Move>(*decoded).ply;
    const auto* clock = std::get_if<rec::Clock>(&*decoded);
    if (clock == nullptr) continue;
    core::ClockChange c;
    switch (clock->reason) {
      case ClockReason::Pause:
      case ClockReason::Resume:
        continue;
      case ClockReason::Adjust:
        c.kind = K::Adjusted;
        break;
      case ClockReason::Penalty:
        c.kind = K::Penalty;
        break;
      case ClockReason::Claim:
        c.kind = K::IncorrectClaim;
        break;
      case ClockReason::Increment:
        c.kind = K::Increment;
        break;
      case ClockReason::ClaimPostponed:
        c.kind = K::ClaimPostponed;
        break;
      case ClockReason::ClaimRefused:
        c.kind = K::ClaimRefused;
        break;
      case ClockReason::IllegalMove:
        c.kind = K::IllegalMove;
        break;
    }
    c.ply = ply;
    c.remaining = std::array{clock->white_left, clock->black_left};
    c.by = clock->by;
    changes.push_back(std::move(c));
  }
  return changes;
}

// The clock times after each recorded move of the station's journal, and at the start from the
// recorded time control, with the clock changes between moves.
Result<ClockLogFile> clock_log_of_journal(std::string_view text, std::string_view name) {
  auto contents = parse_journal(JournalText{name, text});
  if (!contents) return fail(contents.error());
  auto game = replay_journal(*contents);
  if (!game) return fail(game.error());
  std::optional<std::array<std::chrono::milliseconds, 2>> initial;
  if (auto control = core::read_time_control(game->header().control, core::TwoReadings::Minutes);
      control && control->kind == core::TimeControl::Kind::Periods && !control->periods.empty())
    initial = std::array{control->periods.front().time, control->periods.front().time};
  std::vector<std::array<std::chrono::milliseconds, 2>> after;
  after.reserve(game->moves().size());
  for (const RecordedMove& m : game->moves()) after.push_back({m.white_left, m.black_left});
  if (!initial && after.empty())
    return fail(std::string(name) + ": the journal records no move and no time control");
  return ClockLogFile{core::clock_log_from_moves(initial, after),
                      journal_clock_changes(*contents, game->format())};
}

}  // namespace

Result<std::string> read_bounded(const BoundedFile& file, std::size_t limit) {
  const std::string path(file.path);
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(cannot_read(file.option, path, read_fault(path, errno)));
  std::string text(limit + 1, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  if (in.bad()) return fail(cannot_read(file.option, path, read_fault(path, errno)));
  text.resize(std::size_t(in.gcount()));
  if (text.size() > limit)
    return fail(i18n::format(i18n::tr("{file} \"{path}\" is larger than {bytes} bytes ({mib} MiB), "
                                      "the most annabella reconcile reads from it"),
                             {{"file", std::string(file.what)},
                              {"path", path},
                              {"bytes", std::to_string(limit)},
                              {"mib", std::to_string(limit >> 20)}}));
  return text;
}

Result<core::Scoresheet> scoresheet_of(std::string_view text) {
  auto sheet = core::read_scoresheet(text);
  if (!sheet) return fail(scoresheet_error(sheet.error()));
  if (sheet->entries.size() > core::kMaxSheetPlies)
    return fail(
        i18n::format(i18n::tr("{n} written moves; a reconciliation reads at most {max} "
                              "(1000 moves a side), and move {next} stands on line {line}"),
                     {{"n", std::to_string(sheet->entries.size())},
                      {"max", std::to_string(core::kMaxSheetPlies)},
                      {"next", std::to_string(core::kMaxSheetPlies + 1)},
                      {"line", std::to_string(sheet->entries[core::kMaxSheetPlies].line)}}));
  return std::move(*sheet);
}

namespace {

std::string encoding_name(core::SheetEncoding encoding) {
  switch (encoding) {
    case core::SheetEncoding::Windows1251:
      return i18n::tr("Windows-1251 (Cyrillic)");
    case core::SheetEncoding::Windows1250:
      return i18n::tr("Windows-1250 (Central European)");
    case core::SheetEncoding::Utf8:
    case core::SheetEncoding::DamagedUtf8:
    case core::SheetEncoding::Latin1:
      break;
  }
  return i18n::tr("Latin-1 (Windows-1252)");
}

// How Latin-1 and Windows-1250 were told apart (core::LatinChoice): "" when they read the sheet
// the same.
std::string latin_choice_note(const core::DecodedSheet& decoded) {
  using core::SheetEncoding;
  const core::LatinChoice& c = decoded.latin;
  const bool latin =
      decoded.encoding == SheetEncoding::Latin1 || decoded.encoding == SheetEncoding::Windows1250;
  if (!latin || c.kind == core::LatinChoice::Kind::Same) return "";
  const i18n::Places places = {
      {"encoding", encoding_name(decoded.encoding)},
      {"other", encoding_name(decoded.encoding == SheetEncoding::Latin1 ? SheetEncoding::Windows1250
                                                                        : SheetEncoding::Latin1)},
      {"word", c.example},
      {"other_word", c.other_example},
      {"n", std::to_string(c.words)},
      {"m", std::to_string(c.other)}};
  if (c.kind == core::LatinChoice::Kind::Words)
    return i18n::format(
        i18n::tr("Of its words that read differently in {encoding} and {other}, {n} are words of "
                 "a language written in {encoding} and {m} of one written in {other} (\"{word}\", "
                 "not \"{other_word}\"), so {encoding} was assumed."),
        places);
  return i18n::format(
      i18n::tr("{encoding} and {other} read some of its letters differently (\"{word}\" or "
               "\"{other_word}\") and its words do not tell which is right: {encoding} was "
               "assumed, a guess; check the names and words shown against the sheet."),
      places);
}

}  // namespace

std::string encoding_note(std::string_view bytes, const core::DecodedSheet& decoded,
                          const NamedFile& file, std::string_view language) {
  using core::SheetEncoding;
  const auto [what, path] = file;
  const auto fault = first_utf8_fault(bytes);
  if (!fault || decoded.encoding == SheetEncoding::Utf8) return "";
  char byte[8];
  std::snprintf(byte, sizeof byte, "%02X", unsigned(fault->byte));
  const i18n::Places places = {
      {"file", std::string(what)},
      {"path", std::string(path)},
      {"line", std::to_string(fault->line)},
      {"column", std::to_string(fault->column)},
      {"byte", byte},
      {"encoding", encoding_name(decoded.encoding)},
      // Windows-1251 was weighed against Latin-1 (the Latin encodings read the moves alike).
      {"other",
       encoding_name(decoded.encoding == SheetEncoding::Windows1251 ? SheetEncoding::Latin1
                                                                    : SheetEncoding::Windows1251)},
      {"language", std::string(language)},
      {"n", std::to_string(decoded.read_plies)},
      {"m", std::to_string(decoded.other_read_plies)}};
  const std::string where = i18n::format(
      i18n::tr(
          "{file} \"{path}\" is not UTF-8: line {line}, column {column} has the byte 0x{byte}."),
      places);
  std::string why;
  switch (decoded.reason) {
    case core::EncodingReason::Utf8:  // mostly UTF-8: the other bytes are shown escaped
      why = i18n::tr(
          "Bytes that are not UTF-8 are shown as \\x{byte} (save the sheet as UTF-8 "
          "to read them as letters).");
      break;
    case core::EncodingReason::Language:
      if (decoded.encoding != SheetEncoding::Windows1251 &&
          decoded.latin.kind != core::LatinChoice::Kind::Same) {
        why = i18n::tr(
            "Its language, {language}, is written in Latin letters; check the moves shown against "
            "the sheet (D.2.9), or save it as UTF-8.");
        break;
      }
      why = i18n::tr(
          "It was read as {encoding}, the encoding of its language, {language}; check "
          "the moves shown against the sheet (D.2.9), or save it as UTF-8.");
      break;
    case core::EncodingReason::ReadsFurther:
      why = i18n::tr(
          "It was read as {encoding}: {n} written moves read in it, {m} in {other}; "
          "check the moves shown against the sheet (D.2.9), or save it as UTF-8.");
      break;
    case core::EncodingReason::LettersAround:
      why = i18n::tr(
          "It was read as {encoding}: its moves read the same in {other}, and its "
          "letters outside ASCII stand as in {encoding} words; check the moves shown "
          "against the sheet (D.2.9), or save it as UTF-8.");
      break;
  }
  std::string note = where + " " + i18n::format(why, places);
  if (std::string latin = latin_choice_note(decoded); !latin.empty()) note += " " + latin;
  return note;
}

bool skip_byte_order_mark(std::string& text) {
  if (!text.starts_with("\xEF\xBB\xBF")) return false;
  text.erase(0, 3);
  return true;
}

std::string byte_order_mark_note(std::string_view what, std::string_view path) {
  return i18n::format(
      i18n::tr("{file} \"{path}\" starts with a byte order mark (U+FEFF, as Windows "
               "Notepad saves UTF-8); it was skipped."),
      {{"file", std::string(what)}, {"path", std::string(path)}});
}

std::string sheet_note_text(const core::SheetNote& note, std::string_view what) {
  using Kind = core::SheetNote::Kind;
  const i18n::Places args = {
      {"file", std::string(what)}, {"line", std::to_string(note.line)}, {"text", note.text}};
  switch (note.kind) {
    case Kind::ByteOrderMark:
      return i18n::format(i18n::tr("{file} starts with a byte order mark (U+FEFF, as Windows "
                                   "Notepad saves UTF-8); it was skipped."),
                          args);
    case Kind::Heading:
      return i18n::format(i18n::tr("{file}, line {line}: \"{text}\" holds no move before the first "
                                   "move; read as a heading, not as moves."),
                          args);
    case Kind::Result:
      return i18n::format(
          i18n::tr("{file}, line {line}: \"{text}\" read as the result, not as a move."), args);
    case Kind::Annotation:
      return i18n::format(
          i18n::tr("{file}, line {line}: \"{text}\" read as an annotation, not as a move."), args);
    case Kind::Joined:
      return i18n::format(i18n::tr("{file}, line {line}: \"{text}\" read as one move (blanks "
                                   "inside a move); check that it is one move."),
                          args);
    case Kind::Separated:
      return i18n::format(i18n::tr("{file}, line {line}: \"{text}\" read as two moves (a dash "
                                   "between two moves separates them: joined, they are no move "
                                   "there); check that they are two moves."),
                          args);
    case Kind::Between:
      return i18n::format(i18n::tr("{file}, line {line}: in \"{text}\" the dash stands between "
                                   "two moves and separates them; it is no move."),
                          args);
    case Kind::Comment:
      return i18n::format(i18n::tr("{file}, line {line}: the rest of the line after \";\" was "
                                   "skipped as a PGN comment: \"{text}\"."),
                          args);
    case Kind::Skipped:
      return i18n::format(i18n::tr("{file}, line {line}: \"{text}\" was left out as a comment "
                                   "or variation, not read as moves."),
                          args);
    case Kind::Unnumbered:
      return i18n::format(i18n::tr("{file}, line {line}: \"{text}\" stands before the first move "
                                   "number and was read as moves; check that they are moves and "
                                   "not a heading."),
                          args);
  }
  return "";
}

namespace {

// How a sheet's files written in Cyrillic letters were read (core::FilesReading).
std::string files_note(const core::FilesReading& f, std::string_view what) {
  using Why = core::FilesReading::Why;
  const bool sounded = f.files == core::CyrillicFiles::Sounded;
  const std::string sounded_way =
      i18n::tr("as the Latin letters sound (а б ц д е ф г х are a to h; в and с also c)");
  const std::string alphabet_way =
      i18n::tr("in the order of the Cyrillic alphabet (а б в г д е ж з are a to h; с also c)");
  std::string letter;
  core::notation_detail::append_utf8(letter, f.letter);
  const i18n::Places places = {{"file", std::string(what)},
                               {"line", std::to_string(f.line)},
                               {"text", f.written},
                               {"way", sounded ? sounded_way : alphabet_way},
                               {"other_way", sounded ? alphabet_way : sounded_way},
                               {"letter", letter},
                               {"n", std::to_string(f.read_plies)},
                               {"m", std::to_string(f.other_read_plies)}};
  const std::string where = i18n::format(
      i18n::tr("{file}, line {line}: \"{text}\" writes a file in a Cyrillic letter; the sheet's "
               "files were read {way}"),
      places);
  std::string why;
  switch (f.why) {
    case Why::Letters:
      why = i18n::tr("since it writes {letter}, a file only that way");
      break;
    case Why::Agree:
      why = i18n::tr("(its letters are the same files either way)");
      break;
    case Why::ReadsFurther:
      why = i18n::tr("since {n} written moves read that way and {m} read {other_way}");
      break;
    case Why::Guess:
      why = i18n::tr(
          "a guess: г, д and е are other files read {other_way}, and the sheet reads as far "
          "either way ({n} written moves)");
      break;
  }
  return where + ", " + i18n::format(why, places) +
         i18n::tr(". Check the moves shown against the sheet (D.2.9).");
}

}  // namespace

void add_sheet_notes(const core::Scoresheet& sheet, const core::SheetReading& reading,
                     std::string_view what, std::vector<std::string>& notes) {
  // Said only when the way was uncertain: more moves read one way than the other, or a guess, or
  // the sheet does not read to its end. A letter that is a file one way only (ф, з), or letters
  // that are the same files either way, leave nothing to check (tester 14o: a line on every
  // Cyrillic sheet hides the Check-first lines that matter).
  if (const auto& f = reading.cyrillic_files;
      f && (f->why == core::FilesReading::Why::ReadsFurther ||
            f->why == core::FilesReading::Why::Guess || !reading.fully_read()))
    notes.push_back(files_note(*f, what));
  // A cell separated at a dash between blanks replaces its Joined note; one separated at a dash
  // with no blanks ("Nf3-Nc6") had none and is said in its line's place.
  std::vector<bool> said(reading.separated.size(), false);
  auto say_separated_before = [&](int line) {
    for (std::size_t k = 0; k < reading.separated.size(); ++k)
      if (!said[k] && reading.separated[k].line < line) {
        said[k] = true;
        notes.push_back(sheet_note_text(reading.separated[k], what));
      }
  };
  for (const core::SheetNote& n : sheet.notes) {
    say_separated_before(n.line);
    if (n.kind == core::SheetNote::Kind::Joined) {
      bool replaced = false;
      for (std::size_t k = 0; k < reading.separated.size() && !replaced; ++k)
        if (!said[k] && reading.separated[k].line == n.line &&
            reading.separated[k].text == n.text) {
          said[k] = replaced = true;
          notes.push_back(sheet_note_text(reading.separated[k], what));
        }
      if (replaced) continue;
    }
    notes.push_back(sheet_note_text(n, what));
  }
  say_separated_before(std::numeric_limits<int>::max());
}

namespace {

// Why a clock log cannot be read (core::ClockLogError), with the file's name.
std::string clock_log_error(const core::ClockLogError& error, std::string_view name) {
  using K = core::ClockLogError::Kind;
  std::string why;
  switch (error.kind) {
    case K::NotThreeNumbers:
      why = i18n::format(
          i18n::tr(
              "clock log line {line}: expected \"ply white_ms black_ms\" (three whole numbers)"),
          {{"line", std::to_string(error.line)}});
      break;
    case K::PlyTooLarge:
      why =
          i18n::format(i18n::tr("clock log line {line}: ply {ply} is too large"),
                       {{"line", std::to_string(error.line)}, {"ply", std::to_string(error.ply)}});
      break;
    case K::NotIncreasing:
      why =
          i18n::format(i18n::tr("clock log line {line}: ply {ply} does not follow ply {previous}"),
                       {{"line", std::to_string(error.line)},
                        {"ply", std::to_string(error.ply)},
                        {"previous", std::to_string(error.previous)}});
      break;
    case K::NoGame:
      why = i18n::tr("no game in the PGN");
      break;
    case K::NoClockComment:
      why =
          error.line == 0
              ? std::string(i18n::tr("no [%clk] comment on the main line of the PGN's first game"))
              : i18n::format(i18n::tr("no [%clk] comment on the main line of the PGN's first game "
                                      "(the PGN cannot be read from line {line})"),
                             {{"line", std::to_string(error.line)}});
      break;
  }
  return std::string(name) + ": " + why;
}

}  // namespace

Result<ClockLogFile> read_clock_log(std::string_view text, std::string_view name) {
  if (looks_like_journal(text)) return clock_log_of_journal(text, name);
  if (looks_like_pgn(text)) {
    auto log = core::clock_log_from_pgn(text);
    if (!log) return fail(clock_log_error(log.error(), name));
    return ClockLogFile{std::move(*log), core::clock_changes_from_pgn(text)};
  }
  auto log = core::parse_clock_log(text);
  if (!log) return fail(clock_log_error(log.error(), name));
  return ClockLogFile{std::move(*log), {}};
}

Result<std::vector<core::ClockPly>> clock_log_of(std::string_view text, std::string_view name) {
  auto log = read_clock_log(text, name);
  if (!log) return fail(log.error());
  return std::move(log->plies);
}

}  // namespace annabella::app
